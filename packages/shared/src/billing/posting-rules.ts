import type { JournalSourceType } from './ledger.ts';

// What posts where (design §3.2, decision 0067), as pure functions: a posted document in, the journal lines of its
// entry out, by account number of the seeded chart. The billing module maps numbers to account ids and posts them
// through postJournalEntry; every line here is one-sided and positive, and every entry balances to the cent.

/** The seeded chart's accounts that posting rules name (design §3.1). */
export const postingAccounts = {
  checking: '1000',
  undeposited: '1050',
  receivable: '1100',
  inventory: '1200',
  salesTax: '2100',
  customerDeposits: '2200',
  lateFees: '4800',
  costOfHardware: '5000',
  badDebt: '6100',
} as const;

/** An item type's income account when the item names none (design §3.2). */
export const incomeAccountByItemType: Record<string, string> = {
  retainer: '4000',
  overage: '4100',
  fee: '4800',
  cloud: '4200',
  service: '4050',
  product: '4300',
};

export interface JournalLineDraft {
  /** Account number of the chart ('1100'). */
  account: string;
  /** Cents; exactly one of debit and credit above zero. */
  debit: number;
  credit: number;
  companyId?: number | null;
  taxRateId?: number | null;
  itemId?: number | null;
  memo?: string;
}

export interface JournalEntryDraft {
  sourceType: JournalSourceType;
  lines: JournalLineDraft[];
}

export interface PostedInvoiceLine {
  /** Cents, as born (negative on credit notes and on a "Less deposit" line). */
  amount: number;
  /** This line's share of the document tax, in cents. */
  taxAmount: number;
  /** Income account, 2200 for deposit and deposit_applied lines. */
  account: string;
  itemId?: number | null;
  description?: string;
  /** Tracked products sold: quantity × average cost in cents, posted 5000 / 1200. */
  costAmount?: number;
}

export interface PostedInvoice {
  type: 'contract' | 'overage' | 'project_deposit' | 'project' | 'one_off' | 'credit_note';
  companyId: number;
  lines: readonly PostedInvoiceLine[];
  /** The document's rate and its liability account; null when no rate (then every line's tax is 0). */
  taxRate: { id: number; account: string } | null;
  /** The stored totals, checked against the lines. */
  subtotal: number;
  taxTotal: number;
  total: number;
}

/** One signed amount as a one-sided line (positive = debit); none for 0. */
function signed(account: string, cents: number, extra: Omit<JournalLineDraft, 'account' | 'debit' | 'credit'>) {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an amount in cents: ${cents}`);
  if (cents === 0) return [];
  return [{ account, debit: cents > 0 ? cents : 0, credit: cents < 0 ? -cents : 0, ...extra }];
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/**
 * An invoice or credit note: AR (the company) the total; each line its account (credit when positive, debit when
 * negative: a "Less deposit" line debits 2200, a credit note's lines debit income); the tax to the rate's account
 * tagged with the rate; tracked products' cost 5000 against 1200. Every line but the tax carries the company, so the
 * Income Statement of one client shows its revenue and margin. Throws when the stored totals disagree.
 */
export function invoiceEntry(invoice: PostedInvoice): JournalEntryDraft {
  const { lines, companyId, taxRate } = invoice;
  const subtotal = sum(lines.map((line) => line.amount));
  const taxTotal = sum(lines.map((line) => line.taxAmount));
  if (subtotal !== invoice.subtotal) throw new RangeError('The lines do not add up to the subtotal.');
  if (taxTotal !== invoice.taxTotal) throw new RangeError("The lines' tax does not add up to the tax total.");
  if (invoice.total !== subtotal + taxTotal) throw new RangeError('The total is not subtotal plus tax.');
  if (taxTotal !== 0 && taxRate === null) throw new RangeError('Tax without a tax rate.');
  const isCredit = invoice.type === 'credit_note';
  if (isCredit && invoice.total > 0) throw new RangeError('A credit note cannot have a positive total.');

  const out: JournalLineDraft[] = [...signed(postingAccounts.receivable, invoice.total, { companyId })];
  for (const line of lines) {
    out.push(...signed(line.account, -line.amount, { companyId, itemId: line.itemId ?? null, memo: line.description }));
  }
  if (taxRate) out.push(...signed(taxRate.account, -taxTotal, { taxRateId: taxRate.id }));
  for (const line of lines) {
    const cost = line.costAmount ?? 0;
    if (cost < 0) throw new RangeError('A cost is never negative.');
    // A credit note returns the product: the cost comes back to inventory.
    const direction = isCredit ? -1 : 1;
    out.push(...signed(postingAccounts.costOfHardware, direction * cost, { companyId, itemId: line.itemId ?? null }));
    out.push(...signed(postingAccounts.inventory, -direction * cost, { companyId, itemId: line.itemId ?? null }));
  }
  return { sourceType: isCredit ? 'credit_note' : 'invoice', lines: out };
}

function positiveAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError('The amount must be more than 0.');
}

/** A payment received: the deposit-to account (1050 Undeposited Funds by default, or a bank) against AR. */
export function paymentEntry(payment: { companyId: number; amount: number; account?: string }): JournalEntryDraft {
  positiveAmount(payment.amount);
  return {
    sourceType: 'payment',
    lines: [
      { account: payment.account ?? postingAccounts.undeposited, debit: payment.amount, credit: 0 },
      { account: postingAccounts.receivable, debit: 0, credit: payment.amount, companyId: payment.companyId },
    ],
  };
}

/** A bank deposit batching undeposited payments: the bank against 1050. */
export function bankDepositEntry(deposit: { amount: number; account: string }): JournalEntryDraft {
  positiveAmount(deposit.amount);
  return {
    sourceType: 'deposit',
    lines: [
      { account: deposit.account, debit: deposit.amount, credit: 0 },
      { account: postingAccounts.undeposited, debit: 0, credit: deposit.amount },
    ],
  };
}

/** A refund to a client of its credit: AR against the bank it is paid from. */
export function refundEntry(refund: { companyId: number; amount: number; account: string }): JournalEntryDraft {
  positiveAmount(refund.amount);
  return {
    sourceType: 'refund',
    lines: [
      { account: postingAccounts.receivable, debit: refund.amount, credit: 0, companyId: refund.companyId },
      { account: refund.account, debit: 0, credit: refund.amount },
    ],
  };
}

/** A write-off of what a client will not pay: 6100 Bad Debt against AR. */
export function writeOffEntry(writeOff: { companyId: number; amount: number; account?: string }): JournalEntryDraft {
  positiveAmount(writeOff.amount);
  return {
    sourceType: 'write_off',
    lines: [
      { account: writeOff.account ?? postingAccounts.badDebt, debit: writeOff.amount, credit: 0 },
      { account: postingAccounts.receivable, debit: 0, credit: writeOff.amount, companyId: writeOff.companyId },
    ],
  };
}

/** The void of a posted document: its exact reversal, every line's sides swapped. */
export function reversalEntry(entry: JournalEntryDraft): JournalEntryDraft {
  return {
    sourceType: 'reversal',
    lines: entry.lines.map((line) => ({ ...line, debit: line.credit, credit: line.debit })),
  };
}

/** Debits minus credits, in cents: 0 for a balanced entry. */
export const entryDifference = (lines: readonly JournalLineDraft[]): number =>
  sum(lines.map((line) => line.debit - line.credit));
