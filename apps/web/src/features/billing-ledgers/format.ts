import { centsFromDollars, formatAmount } from '@switchboard/shared/billing/money';

/** API dollars (at most two decimals) to cents, through their text. */
export const cents = (dollars: number): number => centsFromDollars(dollars) ?? 0;

/** '1,234.50' for the ledger's debit, credit and balance columns. */
export const money = (dollars: number): string => formatAmount(cents(dollars));
