import type { BillingSettings } from '@switchboard/shared/billing/ledger';
import { billingDate } from '@switchboard/shared/billing/billing-date';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** Today in the billing time zone (UTC until the settings load). */
export function useBillingToday(): string {
  const zone = useQuery({
    queryKey: ['billing', 'settings'] as const,
    queryFn: ({ signal }) => api.get<{ data: BillingSettings }>('/api/billing/settings', { signal }),
    select: (response) => response.data.time_zone,
  });
  return billingDate(new Date(), zone.data ?? 'UTC').date;
}
