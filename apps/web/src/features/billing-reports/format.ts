import { centsFromDollars, formatAmount, formatCents } from '@switchboard/shared/billing/money';

/** '1,234.50' from API dollars (through their text, never × 100). */
export const money = (dollars: number): string => formatAmount(centsFromDollars(dollars) ?? 0);

/** '$1,234.50' from API dollars. */
export const dollars = (amount: number): string => formatCents(centsFromDollars(amount) ?? 0);
