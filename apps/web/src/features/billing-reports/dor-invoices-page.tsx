// PLACEHOLDER wired by the lead; helper "rep2" replaces this file with the page this session.
export function DorInvoicesPage() {
  return null;
}
