// PLACEHOLDER wired by the lead; helper "rcv" replaces this file with the page this session.
export function ReceiveItemsPage() {
  return null;
}
