// PLACEHOLDER wired by the lead; helper "bills" replaces this file with the page this session.
export function AgedPayablesPage() {
  return null;
}
