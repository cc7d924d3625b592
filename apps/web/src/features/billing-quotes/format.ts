import type { QuoteStatus } from '@switchboard/shared/billing/quotes';
import { centsFromDollars, formatCents } from '@switchboard/shared/billing/money';
import { getFormErrors } from '../../lib/form-errors.ts';

/** Dollars from the API shown as '$1,234.50'. */
export const dollars = (amount: number): string => formatCents(centsFromDollars(amount) ?? 0);

export const statusColors: Record<QuoteStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  accepted: 'green',
  declined: 'red',
  expired: 'orange',
  converted: 'grape',
};

/** A failed call's text: the first field message (422), else the server's message, else the generic one. */
export function errorText(error: unknown): string {
  const { fields, message } = getFormErrors(error);
  return Object.values(fields)[0] ?? message;
}
