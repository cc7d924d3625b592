import { phoneKey } from '@switchboard/shared/crm';
import type { DialNext, DialSession, DialSessionCreateInput } from '@switchboard/shared/crm-dialer';
import { phoneChannel } from '@switchboard/shared/realtime';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { useChannel } from '../../../lib/socket.ts';
import { placeCall } from '../../softphone/place-call.ts';

// The power dialer's calls (designs/crm-softphone.md §4.4, §5; decision 0127): the agent's open session (a reload
// finds it again), its actions, and DialerUpdated on the line's phone channel replacing what is shown.

export const dialerSessionKey = ['crm', 'dialer', 'current'] as const;

export const currentDialSessionQuery = () =>
  queryOptions({
    queryKey: dialerSessionKey,
    queryFn: ({ signal }) => api.get<{ data: DialSession | null }>('/api/crm/dialer/sessions/current', { signal }),
    select: (answer) => answer.data,
  });

export function useCurrentDialSession() {
  return useQuery(currentDialSessionQuery());
}

/** Every answer is the whole session: it replaces the cached one (a finished session leaves the cache empty). */
function useStoreSession() {
  const queryClient = useQueryClient();
  return (session: DialSession) =>
    queryClient.setQueryData(dialerSessionKey, { data: session.status === 'finished' ? null : session });
}

export function useCreateDialSession() {
  const store = useStoreSession();
  return useMutation({
    mutationFn: (input: DialSessionCreateInput) =>
      api.post<{ data: DialSession; message?: string }>('/api/crm/dialer/sessions', input),
    onSuccess: (answer) => store(answer.data),
  });
}

export type DialAction = 'start' | 'pause' | 'resume' | 'skip' | 'stop';

export function useDialAction() {
  const store = useStoreSession();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: DialAction }) =>
      api.post<{ data: DialSession }>(`/api/crm/dialer/sessions/${id}/${action}`),
    onSuccess: (answer) => store(answer.data),
  });
}

/**
 * POST /{id}/next (after /start when `start`): the claimed lead is dialled at once, with the session's voicemail to
 * drop. Handled in the hook's own callbacks, which run even when the answer lands after the page moved on (Start
 * replaces the preview with the running view).
 */
export function useDialNext(onAnswer: (answer: DialNext) => void) {
  const store = useStoreSession();
  const queryClient = useQueryClient();
  return useMutation({
    // A refusal (or a start whose next failed) reads the session again: the page shows what the server holds.
    onError: () => void queryClient.invalidateQueries({ queryKey: dialerSessionKey }),
    mutationFn: async ({ id, start = false }: { id: number; start?: boolean }) => {
      if (start) await api.post<{ data: DialSession }>(`/api/crm/dialer/sessions/${id}/start`);
      return (await api.post<{ data: DialNext }>(`/api/crm/dialer/sessions/${id}/next`)).data;
    },
    onSuccess: (answer) => {
      store(answer.session);
      const item = answer.item;
      if (item?.phone) {
        placeCall({
          number: item.phone,
          leadId: item.lead_id,
          companyName: item.company_name,
          voicemailId: answer.session.voicemail_id,
        });
      }
      onAnswer(answer);
    },
  });
}

/** DialerUpdated on the agent's phone channel: the stats and the queue move as calls end, in every tab. */
export function useLiveDialSession(onFinished?: (session: DialSession) => void) {
  const line = useAuth((s) => s.agentSettings?.phone_number ?? null);
  const digits = line ? phoneKey(line) : null;
  const store = useStoreSession();
  useChannel(digits ? phoneChannel(digits) : null, {
    DialerUpdated: (payload: DialSession) => {
      store(payload);
      if (payload.status === 'finished') onFinished?.(payload);
    },
  });
}
