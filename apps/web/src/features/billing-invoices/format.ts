import { centsFromDollars, formatCents } from '@switchboard/shared/billing/money';
import { getFormErrors } from '../../lib/form-errors.ts';

/** Dollars from the API shown as '$1,234.50'. */
export const dollars = (amount: number): string => formatCents(centsFromDollars(amount) ?? 0);

/** A failed call's text: the first field message (422), else the server's message, else the generic one. */
export function errorText(error: unknown): string {
  const { fields, message } = getFormErrors(error);
  return Object.values(fields)[0] ?? message;
}

/**
 * A failed state change's text: its line messages each named ('Line 2: Only 1 on hand at Van 1: choose another stock
 * location.'), as posting refuses every short line at once; else what errorText says.
 */
export function lineErrorsText(error: unknown): string {
  const { fields } = getFormErrors(error);
  const lines = Object.entries(fields).flatMap(([key, message]) => {
    const match = /^lines\.(\d+)\./.exec(key);
    return match ? [`Line ${Number(match[1]) + 1}: ${message}`] : [];
  });
  return lines.length > 0 ? lines.join(' ') : errorText(error);
}

/** An allocation as the drawer lists it (InvoiceDetail['allocations'], ordered by applied_on then id). */
interface AppliedRow {
  id: number;
  amount: number;
  applied_on: string;
  unapplied_on: string | null;
}

/**
 * The remainder after each payment, credit or write-off on an invoice of `total` dollars: what was left to pay once
 * that row applied, counting the rows applied up to it that were not unapplied by then (an unapplied row keeps the
 * remainder it left at the time). Whole cents, so the last row of a paid invoice shows exactly 0.
 */
export function allocationRemainders(total: number, rows: readonly AppliedRow[]): Map<number, number> {
  const cents = (amount: number) => centsFromDollars(amount) ?? 0;
  const ordered = [...rows].sort((a, b) => a.applied_on.localeCompare(b.applied_on) || a.id - b.id);
  const remainders = new Map<number, number>();
  ordered.forEach((row, at) => {
    let left = cents(total);
    for (const earlier of ordered.slice(0, at + 1)) {
      const stillApplied = earlier === row || earlier.unapplied_on === null || earlier.unapplied_on > row.applied_on;
      if (stillApplied) left -= cents(earlier.amount);
    }
    remainders.set(row.id, left / 100);
  });
  return remainders;
}
