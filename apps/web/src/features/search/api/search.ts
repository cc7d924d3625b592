import { isSearchableQuery, type SearchResponse } from '@switchboard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/search?q= (issue 4 part 5): companies, client accounts and employees, grouped by kind. */
export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['search', q] as const,
    queryFn: async ({ signal }) => (await api.get<SearchResponse>('/api/search', { query: { q }, signal })).data,
    staleTime: 30_000,
  });

export function useGlobalSearch(q: string) {
  const term = q.trim();
  return useQuery({ ...searchQueryOptions(term), enabled: isSearchableQuery(term), placeholderData: keepPreviousData });
}
