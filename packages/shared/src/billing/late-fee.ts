import { daysBetween } from './billing-date.ts';
import { applyPercent } from './tax.ts';

// The run's late fee (design §4 line 4, decision 0070): on the run date, over the company's posted invoices past due
// by more than the grace days, of what they still owe less their own late-fee lines, so fees never earn fees.

export interface LateFeeInvoice {
  id: number;
  status: 'draft' | 'approved' | 'posted' | 'void';
  /** Cents still owed. */
  balance: number;
  /** The invoice's own late-fee lines (invoices.late_fee_total), cents. */
  lateFeeTotal: number;
  dueDate: string | null;
}

export interface LateFeeInput {
  invoices: readonly LateFeeInvoice[];
  /** The run date in the billing time zone. */
  asOf: string;
  /** billing_settings.late_fee_grace_days (0 by default). */
  graceDays: number;
  /** The contract's late fee percent as decimal text ('1.5'), or a number with at most four decimals. */
  percent: string | number;
  /** company_billing_settings.waive_late_fees. */
  waived: boolean;
}

export interface LateFee {
  /** Cents the fee is charged on. */
  base: number;
  /** round(base × percent / 100), cents; 0 when waived. */
  fee: number;
  /** The invoices the base counts (for the line's explanation). */
  invoiceIds: number[];
}

const percentText = (percent: string | number): string =>
  typeof percent === 'number' ? (Number.isFinite(percent) ? String(percent) : 'NaN') : percent;

/** True when an invoice is past due by more than the grace days on `asOf`. */
export const isPastGrace = (dueDate: string | null, asOf: string, graceDays: number): boolean =>
  dueDate !== null && daysBetween(dueDate, asOf) > graceDays;

export function lateFee({ invoices, asOf, graceDays, percent, waived }: LateFeeInput): LateFee {
  if (!Number.isInteger(graceDays) || graceDays < 0) throw new RangeError('Grace days are 0 or more.');
  const counted = invoices.filter(
    (invoice) => invoice.status === 'posted' && invoice.balance > 0 && isPastGrace(invoice.dueDate, asOf, graceDays),
  );
  const parts = counted.map((invoice) => ({
    id: invoice.id,
    part: Math.max(0, invoice.balance - Math.max(0, invoice.lateFeeTotal)),
  }));
  const base = parts.reduce((sum, { part }) => sum + part, 0);
  const invoiceIds = parts.filter(({ part }) => part > 0).map(({ id }) => id);
  if (waived) return { base, fee: 0, invoiceIds };
  return { base, fee: applyPercent(base, percentText(percent)), invoiceIds };
}
