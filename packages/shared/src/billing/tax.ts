import { allocateCents, multiplyCents, numericFromUnits, unitsFromNumeric } from './money.ts';

// Sales tax on a document (decision 0066): one rate per invoice, computed on the taxable subtotal, rounded once half
// away from zero, then spread over the taxable lines by largest remainder so the lines' tax sums to the document's.

export const taxRateRangeMessage = 'The rate must be between 0 and 100.';

export interface TaxableLine {
  /** The line's amount in cents (negative on credit notes and "Less deposit" lines). */
  amount: number;
  taxable: boolean;
}

export interface DocumentTaxInput {
  lines: readonly TaxableLine[];
  /** The rate's percent as numeric(7,4) text ('8.2500'), or null when no rate is set (tax 0). */
  percent: string | null;
  /** An exempt company pays none (its rate still names the jurisdiction). */
  exempt: boolean;
}

export interface DocumentTax {
  /** Sum of the taxable lines' amounts, in cents. */
  taxableSubtotal: number;
  /** round(taxable subtotal × percent / 100), once, in cents. */
  tax: number;
  /** Each line's share of the tax, in the lines' order (0 on lines that are not taxable). */
  lineTaxes: number[];
}

/** The fraction a percent stands for, as decimal text: '8.2500' → '0.082500'. Throws outside 0 to 100. */
export function percentFraction(percent: string): string {
  const units = unitsFromNumeric(percent, 4);
  if (units < 0 || units > 100_0000) throw new RangeError(taxRateRangeMessage);
  return numericFromUnits(units, 6);
}

/** Cents × percent / 100, rounded once half away from zero (tax, late fee). */
export function applyPercent(cents: number, percent: string): number {
  // multiplyCents answers -0 for a negative amount that rounds to nothing; -0 is not a cent count anyone expects.
  return multiplyCents(cents, percentFraction(percent)) || 0;
}

/**
 * Largest-remainder split of `total` over weights that may carry either sign (a taxable "Less deposit" line takes
 * tax back). Weights of one sign go to money.ts's allocateCents; mixed signs use the same rule on signed shares:
 * each part the floor of its exact share, the cents left one each to the largest remainders, ties to the earlier.
 */
export function allocateSigned(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) throw new RangeError('Nothing to allocate over.');
  if (weights.every((w) => w >= 0)) return allocateCents(total, weights);
  if (weights.every((w) => w <= 0))
    return allocateCents(
      total,
      weights.map((w) => -w),
    );
  const sum = weights.reduce((a, b) => a + BigInt(b), 0n);
  if (sum === 0n) {
    if (total !== 0) throw new RangeError('Weights that sum to 0 cannot carry an amount.');
    return weights.map(() => 0);
  }
  // Shares of |total| over weights oriented so their sum is positive; the total's sign is put back at the end.
  const whole = BigInt(Math.abs(total));
  const positiveSum = sum < 0n ? -sum : sum;
  const oriented = weights.map((w) => (sum < 0n ? -BigInt(w) : BigInt(w)));
  const floorDiv = (a: bigint, b: bigint) => (a >= 0n ? a / b : -((-a + b - 1n) / b));
  const shares = oriented.map((w) => floorDiv(whole * w, positiveSum));
  const remainders = oriented.map((w, index) => ({ index, rest: whole * w - shares[index] * positiveSum }));
  let left = whole - shares.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0n) break;
    shares[index] += 1n;
    left -= 1n;
  }
  const signOfTotal = total < 0 ? -1n : 1n;
  return shares.map((share) => Number(share * signOfTotal));
}

/** The document's tax and each line's part of it. */
export function documentTax({ lines, percent, exempt }: DocumentTaxInput): DocumentTax {
  const taxableSubtotal = lines.reduce((sum, line) => sum + (line.taxable ? line.amount : 0), 0);
  const zero = { taxableSubtotal, tax: 0, lineTaxes: lines.map(() => 0) };
  if (exempt || percent === null) {
    if (percent !== null) percentFraction(percent);
    return zero;
  }
  const tax = applyPercent(taxableSubtotal, percent);
  const taxableIndexes = lines.flatMap((line, index) => (line.taxable && line.amount !== 0 ? [index] : []));
  if (tax === 0 || taxableIndexes.length === 0) return { ...zero, tax };
  const parts = allocateSigned(
    tax,
    taxableIndexes.map((index) => lines[index].amount),
  );
  const lineTaxes = lines.map(() => 0);
  taxableIndexes.forEach((lineIndex, part) => (lineTaxes[lineIndex] = parts[part]));
  return { taxableSubtotal, tax, lineTaxes };
}
