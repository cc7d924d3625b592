// Billing money (decision 0065): integer cents in code, numeric text in PostgreSQL, dollars in the API, never a float
// in between. Arithmetic and formatting go through dinero.js 2 (USD).
import { dinero, halfAwayFromZero, multiply, toDecimal, toSnapshot, transformScale, USD, type Dinero } from 'dinero.js';

/** Largest amount numeric(14,2) holds, in cents (999,999,999,999.99 dollars). */
export const maxCents = 99_999_999_999_999;

const decimalPattern = /^(-?)(\d+)(?:\.(\d*))?$/;

/**
 * Integer units of 10^-scale from a decimal text ('12.5', '-3.1250', '7'), splitting the digits: never through
 * parseFloat. Throws on text that is not a decimal or that carries more digits than the scale (no silent rounding).
 */
export function unitsFromNumeric(text: string, scale: number): number {
  const match = decimalPattern.exec(text.trim());
  if (!match) throw new RangeError(`Not a decimal: ${JSON.stringify(text)}`);
  const [, sign, whole, fraction = ''] = match;
  const kept = fraction.replace(/0+$/, '');
  if (kept.length > scale) throw new RangeError(`More than ${scale} decimals: ${text}`);
  const units = BigInt(whole) * 10n ** BigInt(scale) + BigInt((kept + '0'.repeat(scale)).slice(0, scale) || '0');
  if (units > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`Out of range: ${text}`);
  const value = Number(units);
  return sign === '-' && value !== 0 ? -value : value;
}

/** Cents from numeric(14,2) text. */
export const centsFromNumeric = (text: string): number => unitsFromNumeric(text, 2);

/** Numeric text ('-12.0500' at scale 4) from integer units of 10^-scale. */
export function numericFromUnits(units: number, scale: number): string {
  if (!Number.isSafeInteger(units)) throw new RangeError(`Not an integer amount: ${units}`);
  const sign = units < 0 ? '-' : '';
  const digits = String(Math.abs(units)).padStart(scale + 1, '0');
  if (scale === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** '12.34' from 1234 cents, as numeric(14,2) takes it. */
export const numericFromCents = (cents: number): string => numericFromUnits(cents, 2);

/**
 * Cents from an API dollar amount (a JSON number with at most two decimals): through its two-decimal text, never by
 * multiplying by 100. Returns null when the number has a third decimal or is not finite.
 */
export function centsFromDollars(dollars: number): number | null {
  if (!Number.isFinite(dollars) || Math.abs(dollars) > maxCents / 100) return null;
  const text = dollars.toFixed(2);
  if (Number(text) !== dollars) return null;
  return unitsFromNumeric(text, 2);
}

/** The API's dollars for an amount in cents: the double nearest to the two-decimal text. */
export const dollarsFromCents = (cents: number): number => Number(numericFromCents(cents));

/** True when a JSON number has at most two decimals (the zod contracts refuse the rest). */
export const hasAtMostTwoDecimals = (dollars: number): boolean => centsFromDollars(dollars) !== null;

const usd = (cents: number): Dinero<number> => dinero({ amount: cents, currency: USD });

/** '$1,234.50', '-$3.05' (USD, the only currency). */
export function formatCents(cents: number): string {
  const text = toDecimal(usd(Math.abs(cents)));
  const [whole, fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${grouped}.${fraction}`;
}

/** '1,234.50' without the sign of the currency, for ledgers where debit and credit columns carry the meaning. */
export const formatAmount = (cents: number): string => formatCents(cents).replace('$', '');

/**
 * cents × factor (a decimal text such as a quantity '1.25', a percent fraction '0.0825' or a proration '18/30' given
 * as decimal), rounded once, half away from zero, to the cent.
 */
export function multiplyCents(cents: number, factor: string): number {
  const match = decimalPattern.exec(factor.trim());
  if (!match) throw new RangeError(`Not a decimal: ${JSON.stringify(factor)}`);
  const scale = (match[3] ?? '').length;
  const amount = unitsFromNumeric(factor, scale);
  const product = multiply(usd(cents), { amount, scale });
  return toSnapshot(transformScale(product, 2, halfAwayFromZero)).amount;
}

/** A line amount: quantity (numeric text) × unit price (numeric(14,4) text), rounded once to the cent. */
export function lineAmount(quantity: string, unitPrice: string): number {
  const price = unitsFromNumeric(unitPrice, 4);
  const qtyScale = (decimalPattern.exec(quantity.trim())?.[3] ?? '').length;
  const qty = unitsFromNumeric(quantity, qtyScale);
  const product = multiply(dinero({ amount: price, currency: USD, scale: 4 }), { amount: qty, scale: qtyScale });
  return toSnapshot(transformScale(product, 2, halfAwayFromZero)).amount;
}

/**
 * Split `total` cents in proportion to non-negative integer `weights`, largest remainder (Hamilton): each part gets
 * the floor of its exact share, then the cents left go one each to the largest fractional remainders, ties to the
 * earlier part. The parts always sum to the whole. dinero's allocate hands the leftover to the largest ratios instead,
 * which is not largest remainder (decision 0077), so its exact shares are computed here in BigInt.
 */
export function allocateCents(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total)) throw new RangeError(`Not an integer amount: ${total}`);
  if (weights.length === 0) throw new RangeError('Nothing to allocate over.');
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0))
    throw new RangeError('Weights are non-negative integers.');
  const sum = weights.reduce((a, b) => a + BigInt(b), 0n);
  if (sum === 0n) {
    // No weight at all: an even split, still summing to the whole.
    return allocateCents(
      total,
      weights.map(() => 1),
    );
  }
  const sign = total < 0 ? -1n : 1n;
  const whole = BigInt(Math.abs(total));
  const shares = weights.map((w) => (whole * BigInt(w)) / sum);
  const remainders = weights.map((w, index) => ({ index, rest: (whole * BigInt(w)) % sum }));
  let left = whole - shares.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0n) break;
    shares[index] += 1n;
    left -= 1n;
  }
  return shares.map((share) => Number(share * sign));
}
