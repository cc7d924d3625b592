// PLACEHOLDER wired by the lead; helper "rep1" replaces this file with the page this session.
export function ClientOverviewPage() {
  return null;
}
