import { storeChannel, type EmployeeIndexRow, type EmployeeListRoute } from '@switchboard/shared';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaginationMeta } from '../../../components/pagination.tsx';
import { api } from '../../../lib/api-client.ts';
import { useChannel } from '../../../lib/socket.ts';
import { employeeFiltersToApiQuery, type EmployeeFilterValues } from '../employee-filters.ts';

export interface EmployeesPage extends PaginationMeta {
  data: EmployeeIndexRow[];
}

export const employeesQueryKey = ['employees', 'index'] as const;

/** GET /api/users/employee (spec 1 §7.6): one page of the employees index for the filters. */
export const employeesQueryOptions = (
  filters: EmployeeFilterValues,
  route: EmployeeListRoute,
  page: number,
  perPage: number,
) =>
  queryOptions({
    queryKey: [...employeesQueryKey, { filters, route, page, perPage }] as const,
    queryFn: ({ signal }) =>
      api.get<EmployeesPage>('/api/users/employee', {
        query: employeeFiltersToApiQuery(filters, route, page, perPage),
        signal,
      }),
    // Employees are enabled, disabled and edited elsewhere: going back to a filter reloads it rather than trusting the cache.
    staleTime: 0,
  });

export function useEmployees(filters: EmployeeFilterValues, route: EmployeeListRoute, page: number, perPage: number) {
  return useQuery({ ...employeesQueryOptions(filters, route, page, perPage), placeholderData: keepPreviousData });
}

/** The largest page the server gives (spec 1 §9); the export reads page after page of this size. */
export const exportPageSize = 500;

/** Every row the filters match, for the CSV export: pages of 500 until the last one. */
export async function fetchAllEmployees(
  filters: EmployeeFilterValues,
  route: EmployeeListRoute,
): Promise<EmployeeIndexRow[]> {
  const rows: EmployeeIndexRow[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api.get<EmployeesPage>('/api/users/employee', {
      query: employeeFiltersToApiQuery(filters, route, page, exportPageSize),
    });
    rows.push(...answer.data);
    if (page >= answer.last_page || answer.data.length === 0) return rows;
  }
}

/**
 * Employee changes arrive live on the store channel ('EmployeeUpdated' { id }): the index, the switcher and that
 * employee's page read again (an open edit form keeps what the user typed).
 */
export function useLiveEmployees(): void {
  const queryClient = useQueryClient();
  useChannel(storeChannel, {
    EmployeeUpdated: (payload: { id?: unknown }) => {
      void queryClient.invalidateQueries({ queryKey: employeesQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['employees', 'options'] });
      if (typeof payload?.id === 'number')
        void queryClient.invalidateQueries({ queryKey: ['employees', 'detail', payload.id] });
    },
  });
}
