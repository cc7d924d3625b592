import type { UserSession } from '@switchboard/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client.ts';

export interface Paginated<T> {
  data: T[];
  total: number;
  current_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  last_page: number;
}

export const sessionsQueryKey = ['profile', 'sessions'] as const;

/** GET /api/profile/sessions?page=&user_id= (spec 1 §7.3): a page of sessions, the caller's when user_id is absent. */
export function sessionsQueryOptions(page: number, perPage: number, userId?: number) {
  return queryOptions({
    queryKey: [...sessionsQueryKey, { page, perPage, userId: userId ?? null }] as const,
    queryFn: () =>
      api.get<Paginated<UserSession>>('/api/profile/sessions', { query: { page, per_page: perPage, user_id: userId } }),
    placeholderData: keepPreviousData,
  });
}

export function useSessions(page: number, perPage: number, userId?: number) {
  return useQuery(sessionsQueryOptions(page, perPage, userId));
}

/** POST /api/profile/sessions/{id} revokes one; id 'all' revokes all but the current one. The list then reloads. */
export function useRevokeSession(userId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<{ message: string }>(
        `/api/profile/sessions/${encodeURIComponent(id)}`,
        id === 'all' ? (userId ? { user_id: userId } : {}) : undefined,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
