import { daysBetween } from './billing-date.ts';

// Aged receivables (design §5 /billing/reports/agedreceivables, §7): what each company owes as of a date, by days
// past due (or since the invoice date), in buckets of configurable width and count, plus its unapplied credits.

export type AgingBasis = 'due_date' | 'invoice_date';

export interface AgingItem {
  companyId: number;
  /** Cents open as of the date: positive owed on an invoice, negative an unapplied credit (payment, credit note). */
  amount: number;
  invoiceDate: string;
  /** Null for a credit; an invoice without one ages from its invoice date. */
  dueDate: string | null;
}

export interface AgingOptions {
  asOf: string;
  basis?: AgingBasis;
  /** Days in a bucket (30 by default). */
  width?: number;
  /** Buckets after Current before the open-ended last one (3 by default: 1-30, 31-60, 61-90, then 91+). */
  count?: number;
}

export interface AgingBucket {
  label: string;
  /** Smallest day count in the bucket (Current: none), largest (open-ended: none). */
  from: number | null;
  to: number | null;
}

export interface AgingRow {
  companyId: number;
  /** Cents per bucket, in the buckets' order. */
  buckets: number[];
  /** Unapplied credits, cents (≤ 0). */
  credits: number;
  total: number;
}

export interface AgingReport {
  buckets: AgingBucket[];
  rows: AgingRow[];
  totals: AgingRow;
}

/** Current, '1-30', '31-60', '61-90', '91+' for width 30 and count 3. */
export function agingBuckets(width = 30, count = 3): AgingBucket[] {
  if (!Number.isInteger(width) || width < 1) throw new RangeError('The bucket width is 1 day or more.');
  if (!Number.isInteger(count) || count < 1) throw new RangeError('There is 1 bucket or more.');
  const buckets: AgingBucket[] = [{ label: 'Current', from: null, to: 0 }];
  for (let index = 0; index < count; index++) {
    const from = index * width + 1;
    buckets.push({ label: `${from}-${from + width - 1}`, from, to: from + width - 1 });
  }
  buckets.push({ label: `${count * width + 1}+`, from: count * width + 1, to: null });
  return buckets;
}

/** Index of the bucket `days` (past due, or since the invoice) falls in: due today and anything not yet due is 0. */
export function bucketIndex(days: number, width = 30, count = 3): number {
  if (days <= 0) return 0;
  return Math.min(Math.ceil(days / width), count + 1);
}

/** Days an item has aged on `asOf` under the basis. */
export function agedDays(item: Pick<AgingItem, 'invoiceDate' | 'dueDate'>, asOf: string, basis: AgingBasis): number {
  const from = basis === 'due_date' ? (item.dueDate ?? item.invoiceDate) : item.invoiceDate;
  return daysBetween(from, asOf);
}

export function ageReceivables(items: readonly AgingItem[], options: AgingOptions): AgingReport {
  const { asOf, basis = 'due_date', width = 30, count = 3 } = options;
  const buckets = agingBuckets(width, count);
  const empty = (companyId: number): AgingRow => ({ companyId, buckets: buckets.map(() => 0), credits: 0, total: 0 });
  const byCompany = new Map<number, AgingRow>();
  const totals = empty(0);
  for (const item of items) {
    if (!Number.isSafeInteger(item.amount)) throw new RangeError(`Not an amount in cents: ${item.amount}`);
    if (item.amount === 0) continue;
    let row = byCompany.get(item.companyId);
    if (!row) byCompany.set(item.companyId, (row = empty(item.companyId)));
    for (const target of [row, totals]) {
      if (item.amount < 0) target.credits += item.amount;
      else target.buckets[bucketIndex(agedDays(item, asOf, basis), width, count)] += item.amount;
      target.total += item.amount;
    }
  }
  const rows = [...byCompany.values()].sort((a, b) => a.companyId - b.companyId);
  return { buckets, rows, totals };
}

/** One allocation's history (allocations are never deleted: unapplying sets unapplied_on). */
export interface AllocationHistory {
  amount: number;
  appliedOn: string;
  unappliedOn: string | null;
}

/** Cents of allocations in force at the end of `asOf`: applied on or before it, not unapplied by then. */
export const allocatedAsOf = (allocations: readonly AllocationHistory[], asOf: string): number =>
  allocations
    .filter((a) => a.appliedOn <= asOf && (a.unappliedOn === null || a.unappliedOn > asOf))
    .reduce((sum, a) => sum + a.amount, 0);

/**
 * What an invoice owed at the end of `asOf`: 0 before its date or once voided, else its total less the allocations
 * in force then. A payment applied after the date leaves the invoice open as of the date.
 */
export function invoiceOpenAsOf(
  invoice: { total: number; invoiceDate: string; voidedOn?: string | null },
  allocations: readonly AllocationHistory[],
  asOf: string,
): number {
  if (invoice.invoiceDate > asOf || (invoice.voidedOn != null && invoice.voidedOn <= asOf)) return 0;
  return invoice.total - allocatedAsOf(allocations, asOf);
}

/**
 * A payment's (or credit note's) credit not yet applied at the end of `asOf`, as a negative amount for the
 * Unapplied credits column: −(amount − allocations in force then); 0 before its date or once voided.
 */
export function unappliedCreditAsOf(
  source: { amount: number; date: string; voidedOn?: string | null },
  allocations: readonly AllocationHistory[],
  asOf: string,
): number {
  if (source.date > asOf || (source.voidedOn != null && source.voidedOn <= asOf)) return 0;
  return allocatedAsOf(allocations, asOf) - source.amount;
}
