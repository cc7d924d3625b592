import type { TimeclockState, TimeclockStatus } from '@switchboard/shared';
import { queryOptions, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const timeclockQueryKey = ['misc', 'timeclock'] as const;

/** GET /api/misc/timeclock (spec 1 §7.2): the current status and when it began. */
export const timeclockQueryOptions = queryOptions({
  queryKey: timeclockQueryKey,
  queryFn: async () => (await api.get<{ data: TimeclockState }>('/api/misc/timeclock')).data,
  staleTime: 60_000,
});

export function useTimeclock(enabled = true) {
  return useQuery({ ...timeclockQueryOptions, enabled });
}

/** 'StatusUpdated' on the user's channel (another tab changed it) carries the new state. */
export async function setTimeclockInCache(queryClient: QueryClient, payload: unknown): Promise<void> {
  const candidate =
    payload && typeof payload === 'object' && 'data' in payload ? (payload as { data: unknown }).data : payload;
  // zod is loaded with the first event, not with the shell (decision 0029).
  const { timeclockStateSchema } = await import('@switchboard/shared/timeclock');
  const parsed = timeclockStateSchema.safeParse(candidate);
  if (parsed.success) queryClient.setQueryData(timeclockQueryKey, parsed.data);
}

/** POST /api/misc/timeclock/update {stat}; answers the message and the new state. */
export function useUpdateTimeclock(queryClient: QueryClient) {
  return useMutation({
    mutationFn: (stat: TimeclockStatus) =>
      api.post<{ message: string; data: TimeclockState }>('/api/misc/timeclock/update', { stat }),
    onSuccess: (answer) => queryClient.setQueryData(timeclockQueryKey, answer.data),
  });
}
