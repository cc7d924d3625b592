// An invoice's payment state (design §3.4, §3.6): derived from status, total, balance and due date as of "today" in
// the billing time zone, never stored. Allocation of a payment or credit over open invoices, oldest first.

export const invoiceStatuses = ['draft', 'approved', 'posted', 'void'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

export const paymentStates = ['Draft', 'Approved', 'Open', 'Partially Paid', 'Paid', 'Overdue', 'Void'] as const;
export type PaymentState = (typeof paymentStates)[number];

export interface InvoiceForState {
  status: InvoiceStatus;
  /** Cents (≤ 0 on a credit note). */
  total: number;
  /** Cents still owed (on a credit note: the credit not yet applied, ≤ 0). */
  balance: number;
  /** 'YYYY-MM-DD', null before posting. */
  dueDate: string | null;
}

/**
 * Draft, Approved and Void follow the status. A posted document is Paid at balance 0 (a credit note: fully applied),
 * Overdue when something is owed after its due date (due today is not overdue, as aging keeps it Current), Partially
 * Paid when part of it is paid, else Open. Overdue wins over Partially Paid: what is late is what staff must see.
 */
export function invoicePaymentState(invoice: InvoiceForState, today: string): PaymentState {
  switch (invoice.status) {
    case 'draft':
      return 'Draft';
    case 'approved':
      return 'Approved';
    case 'void':
      return 'Void';
  }
  const { total, balance, dueDate } = invoice;
  if (balance === 0) return 'Paid';
  if (total < 0 || balance < 0) return 'Open';
  if (dueDate !== null && dueDate < today) return 'Overdue';
  return balance < total ? 'Partially Paid' : 'Open';
}

export interface OpenInvoice {
  id: number;
  /** Cents still owed. */
  balance: number;
  invoiceDate: string;
}

export interface Allocation {
  invoiceId: number;
  amount: number;
}

export interface AutoApplyResult {
  allocations: Allocation[];
  /** What no invoice takes: the party's credit (cents, ≥ 0). */
  credit: number;
}

/**
 * Auto-apply (Receive Payments): `amount` cents over the open invoices, oldest invoice date first (then lowest id),
 * each taking up to its balance; what is left is credit. Invoices with nothing owed take nothing.
 */
export function autoApply(amount: number, invoices: readonly OpenInvoice[]): AutoApplyResult {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError('The amount must be 0 or more.');
  const ordered = invoices
    .filter((invoice) => invoice.balance > 0)
    .sort((a, b) => (a.invoiceDate === b.invoiceDate ? a.id - b.id : a.invoiceDate < b.invoiceDate ? -1 : 1));
  const allocations: Allocation[] = [];
  let left = amount;
  for (const invoice of ordered) {
    if (left === 0) break;
    const applied = Math.min(left, invoice.balance);
    allocations.push({ invoiceId: invoice.id, amount: applied });
    left -= applied;
  }
  return { allocations, credit: left };
}

export const allocationOverBalanceMessage = 'The amount is more than the invoice balance.';
export const allocationOverSourceMessage = 'The amount is more than what is left to apply.';
export const allocationPositiveMessage = 'The amount must be more than 0.';

/**
 * Applying `amount` of a payment or credit (with `available` left on it) to an invoice owing `balance`: the new
 * balance, or the message that refuses it. A partial credit lowers the balance and never marks the invoice Paid
 * (Invoice Ninja #11024): only a balance of exactly 0 is Paid.
 */
export function applyAllocation(
  balance: number,
  available: number,
  amount: number,
): { balance: number } | { error: string } {
  if (!Number.isSafeInteger(amount) || amount <= 0) return { error: allocationPositiveMessage };
  if (amount > available) return { error: allocationOverSourceMessage };
  if (amount > balance) return { error: allocationOverBalanceMessage };
  return { balance: balance - amount };
}
