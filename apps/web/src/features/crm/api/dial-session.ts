import type { DialSession } from '@switchboard/shared/crm-dialer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// The leads list's bulk action "Add to dial session" (designs/crm-softphone.md §4.1, §4.4): the chosen leads join the
// agent's open session, or make a new one (a queue to preview on /crm/phoneburner). The dialer page lives above crm,
// so this reads the dialer's API directly rather than its feature.

/** The dialer page's cache key (features/crm-dialer): refreshed here so the page shows the added leads. */
const dialerSessionKey = ['crm', 'dialer', 'current'] as const;

export async function addLeadsToDialSession(leadIds: number[]): Promise<DialSession> {
  const current = (await api.get<{ data: DialSession | null }>('/api/crm/dialer/sessions/current')).data;
  if (current) {
    return (
      await api.post<{ data: DialSession }>(`/api/crm/dialer/sessions/${current.id}/items`, { lead_ids: leadIds })
    ).data;
  }
  return (await api.post<{ data: DialSession }>('/api/crm/dialer/sessions', { lead_ids: leadIds, due_only: false }))
    .data;
}

export function useAddToDialSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addLeadsToDialSession,
    onSuccess: (session) => queryClient.setQueryData(dialerSessionKey, { data: session }),
  });
}
