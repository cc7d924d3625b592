// PLACEHOLDER wired by the lead; helper "bills" replaces this file with the page this session.
export function MakePaymentsPage() {
  return null;
}
