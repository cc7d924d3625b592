// Money as integer cents (designs/billing.md §2): parsed from PostgreSQL's numeric text without floats, rounded
// half away from zero once, where an amount is born.

/** Integer units of 10^-scale from a decimal text such as '12.5' or '-3.1250'; NaN when it is not one. */
export function decimalUnits(text: string, scale: number): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return NaN;
  const [, sign, whole, fraction = ''] = match;
  const digits = (fraction + '0'.repeat(scale)).slice(0, scale);
  const rest = fraction.slice(scale);
  let units = Number(whole) * 10 ** scale + Number(digits || '0');
  if (rest !== '' && Number(rest[0]) >= 5) units += 1;
  return sign === '-' ? -units : units;
}

export const centsOf = (text: string): number => decimalUnits(text, 2);

/** '12.34' from 1234 cents, as PostgreSQL's numeric takes it. */
export function decimalFromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A line's amount: quantity (hundredths) x unit price (ten-thousandths of a dollar), in cents, half away from zero. */
export function lineAmountCents(quantity: string, unitPrice: string): number {
  const product = BigInt(decimalUnits(quantity, 2)) * BigInt(decimalUnits(unitPrice, 4)); // 10^-6 dollars
  const negative = product < 0n;
  const abs = negative ? -product : product;
  const cents = Number((abs + 5_000n) / 10_000n);
  return negative ? -cents : cents;
}

/** '$1,234.50' (USD, the product's only currency). */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const [whole, fraction] = decimalFromCents(Math.abs(cents)).split('.');
  return `${sign}$${Number(whole).toLocaleString('en-US')}.${fraction}`;
}
