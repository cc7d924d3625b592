import { centsFromDollars, formatCents } from '@switchboard/shared/billing/money';

/** '$1,234.50' for an API dollar amount (at most two decimals), through its cents, never a float sum. */
export const usd = (dollars: number): string => formatCents(centsFromDollars(dollars) ?? 0);

/** '+12.5 %', '-3 %' for a change against last month. */
export const percentChange = (change: number): string => `${change > 0 ? '+' : ''}${Number(change.toFixed(1))} %`;
