// PLACEHOLDER wired by the lead; helper "inv" replaces this file with the page this session.
export function InventoryPage() {
  return null;
}
