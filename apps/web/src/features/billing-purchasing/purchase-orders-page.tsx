// PLACEHOLDER wired by the lead; helper "po" replaces this file with the page this session.
export function PurchaseOrdersPage() {
  return null;
}
