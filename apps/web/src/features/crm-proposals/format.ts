import { centsFromDollars, formatCents } from '@switchboard/shared/billing/money';
import type { ProposalStatus } from '@switchboard/shared/crm-proposals';

/** Dollars from the API shown as '$1,234.50'. */
export const usd = (amount: number): string => formatCents(centsFromDollars(amount) ?? 0);

export const proposalStatusColors: Record<ProposalStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  accepted: 'green',
  declined: 'red',
  expired: 'orange',
};

/** '2026-11-28' from an ISO timestamp (or the date as it is). */
export const dayOf = (value: string | null) => (value ? value.slice(0, 10) : '');
