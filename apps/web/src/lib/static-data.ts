import type { StaticData } from '@switchboard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { useCurrentUser } from './auth-store.ts';

/** GET /api/misc/staticdata (spec 1 §3.3): loaded once after sign-in for employees and kept for the session. */
export const staticDataQueryOptions = queryOptions({
  queryKey: ['misc', 'staticdata'] as const,
  queryFn: async () => (await api.get<{ data: StaticData }>('/api/misc/staticdata')).data,
  staleTime: Infinity,
  gcTime: Infinity,
});

export function useStaticData() {
  const user = useCurrentUser();
  return useQuery({ ...staticDataQueryOptions, enabled: user?.type === 'Employee' });
}
