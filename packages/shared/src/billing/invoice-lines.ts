import { daysBetween, daysInMonth, monthEnd, monthOf } from './billing-date.ts';
import { unitsFromNumeric } from './money.ts';
import { documentTax } from './tax.ts';

// Invoice lines and totals (design §3.4, §4; decision 0065): a line is born as round(quantity × unit price ×
// proration), once, half away from zero; the document's tax follows decision 0066; total = subtotal + tax.

/** Days of the month billed out of the days in it ("18 of 30 days"). */
export interface Proration {
  days: number;
  of: number;
}

/** "18 of 30 days", as the run's retainer and recurring lines explain a partial month. */
export const prorationLabel = ({ days, of }: Proration): string => `${days} of ${of} days`;

/**
 * The part of `month` (any date in it) a contract running from `start` to `end` (inclusive; null = open-ended)
 * covers, by days. Null when it covers the whole month; { days: 0 } when it covers none of it.
 */
export function monthProration(month: string, start: string | null, end: string | null): Proration | null {
  const first = monthOf(month);
  const last = monthEnd(first);
  const of = daysInMonth(first);
  const from = start !== null && start > first ? start : first;
  const to = end !== null && end < last ? end : last;
  const days = from > to ? 0 : daysBetween(from, to) + 1;
  return days === of ? null : { days, of };
}

const decimalScale = (text: string): number => /\.(\d*)$/.exec(text.trim())?.[1].length ?? 0;

/** BigInt a / b rounded half away from zero (b > 0). */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (magnitude * 2n + denominator) / (denominator * 2n);
  return negative ? -rounded : rounded;
}

/**
 * A line's amount in cents: quantity (numeric text, 0.25 steps for hours) × unit price (numeric(14,4) text) ×
 * days / days-in-month, computed exactly and rounded once. The proration stays a fraction (18/31 has no exact
 * decimal), so nothing is rounded before the cent.
 */
export function invoiceLineAmount(quantity: string, unitPrice: string, proration: Proration | null = null): number {
  const qtyScale = decimalScale(quantity);
  const qty = BigInt(unitsFromNumeric(quantity, qtyScale));
  const price = BigInt(unitsFromNumeric(unitPrice, 4));
  let numerator = qty * price;
  // quantity units × price units are 10^-(qtyScale + 4) dollars; cents are 10^-2.
  let denominator = 10n ** BigInt(qtyScale + 2);
  if (proration) {
    const { days, of } = proration;
    if (!Number.isInteger(days) || !Number.isInteger(of) || of <= 0 || days < 0 || days > of)
      throw new RangeError(`Not a proration: ${days} of ${of}`);
    numerator *= BigInt(days);
    denominator *= BigInt(of);
  }
  const cents = divideRounded(numerator, denominator);
  if (cents > BigInt(Number.MAX_SAFE_INTEGER) || cents < -BigInt(Number.MAX_SAFE_INTEGER))
    throw new RangeError('Out of range.');
  return Number(cents);
}

export interface DraftLine {
  quantity: string;
  unitPrice: string;
  proration?: Proration | null;
  taxable: boolean;
}

export interface InvoiceTotals {
  /** Each line's amount in cents, in order. */
  amounts: number[];
  /** Each line's tax in cents, in order (decision 0066). */
  lineTaxes: number[];
  subtotal: number;
  taxableSubtotal: number;
  taxTotal: number;
  total: number;
}

/** Amounts, tax and totals of a document from its lines and its rate (null = no rate) and exemption. */
export function invoiceTotals(
  lines: readonly DraftLine[],
  tax: { percent: string | null; exempt: boolean },
): InvoiceTotals {
  const amounts = lines.map((line) => invoiceLineAmount(line.quantity, line.unitPrice, line.proration ?? null));
  return totalsFromAmounts(
    lines.map((line, index) => ({ amount: amounts[index], taxable: line.taxable })),
    tax,
  );
}

/** The same from amounts already born (edited lines, deposit lines, credit notes). */
export function totalsFromAmounts(
  lines: readonly { amount: number; taxable: boolean }[],
  tax: { percent: string | null; exempt: boolean },
): InvoiceTotals {
  const amounts = lines.map((line) => line.amount);
  const subtotal = amounts.reduce((a, b) => a + b, 0);
  const { taxableSubtotal, tax: taxTotal, lineTaxes } = documentTax({ lines, ...tax });
  return { amounts, lineTaxes, subtotal, taxableSubtotal, taxTotal, total: subtotal + taxTotal };
}
