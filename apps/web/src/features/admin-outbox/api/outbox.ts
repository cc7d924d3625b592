import type { OutboxListItem, OutboxMessage } from '@switchboard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaginationMeta } from '../../../components/pagination.tsx';
import { api } from '../../../lib/api-client.ts';

export interface OutboxPage extends PaginationMeta {
  data: OutboxListItem[];
}

export const outboxQueryKey = ['admin-outbox'] as const;

/** GET /api/admin/outbox?page=&per_page= (issue 3 part 3): one page of kept mail, newest first, without bodies. */
export const outboxListQueryOptions = (page: number, perPage: number) =>
  queryOptions({
    queryKey: [...outboxQueryKey, 'list', { page, perPage }] as const,
    queryFn: ({ signal }) => api.get<OutboxPage>('/api/admin/outbox', { query: { page, per_page: perPage }, signal }),
  });

export function useOutboxList(page: number, perPage: number) {
  return useQuery({ ...outboxListQueryOptions(page, perPage), placeholderData: keepPreviousData });
}

/** GET /api/admin/outbox/{id}: one whole message (text, html and the delivery error if any). */
export const outboxMessageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...outboxQueryKey, 'message', id] as const,
    queryFn: async ({ signal }) => (await api.get<{ data: OutboxMessage }>(`/api/admin/outbox/${id}`, { signal })).data,
    // A kept message never changes.
    staleTime: Infinity,
  });

export function useOutboxMessage(id: number) {
  return useQuery(outboxMessageQueryOptions(id));
}
