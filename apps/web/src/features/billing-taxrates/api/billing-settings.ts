import type { BillingItem } from '@switchboard/shared/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// The labor item picker of /billing/settings: every billing item (GET /api/billing/items.list, 'view billing').

export function useBillingItemChoices(enabled = true) {
  return useQuery({
    queryKey: ['billing', 'items', 'list'] as const,
    queryFn: ({ signal }) => api.get<{ data: BillingItem[] }>('/api/billing/items.list', { signal }),
    select: (response) => response.data.map((item) => ({ value: String(item.id), label: item.name })),
    enabled,
  });
}
