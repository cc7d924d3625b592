import type { StaticData } from '@switchboard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { useCurrentUser } from './auth-store.ts';

/**
 * GET /api/misc/staticdata (spec 1 §3.3): loaded once after sign-in and kept for the session. A client account gets
 * the client-safe subset (timezones, states, triage, ticket types and statuses); the staff-only lists are absent.
 * Kept per audience, so a tab that changes hands (another tab signing in, shadowing) never shows the other's lists.
 */
export const staticDataQueryOptions = (audience: 'staff' | 'client') =>
  queryOptions({
    queryKey: ['misc', 'staticdata', audience] as const,
    queryFn: async () => (await api.get<{ data: StaticData }>('/api/misc/staticdata')).data,
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useStaticData() {
  const user = useCurrentUser();
  return useQuery({
    ...staticDataQueryOptions(user?.type === 'Employee' ? 'staff' : 'client'),
    enabled: user !== null,
  });
}
