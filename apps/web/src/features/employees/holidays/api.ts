import type { EmployeeHolidays, Holiday, HolidayStoreInput, HolidayUpdateInput } from '@switchboard/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const employeeHolidaysQueryKey = (employeeId: number) => ['employee-holidays', employeeId] as const;
const allHolidaysKey = ['employee-holidays'] as const;

/** GET /api/employee/holidays/{employeeId}: the company holidays and the employee's own (data.individual). */
export const employeeHolidaysQueryOptions = (employeeId: number) =>
  queryOptions({
    queryKey: employeeHolidaysQueryKey(employeeId),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: EmployeeHolidays }>(`/api/employee/holidays/${employeeId}`, { signal })).data,
  });

export function useEmployeeHolidays(employeeId: number) {
  return useQuery(employeeHolidaysQueryOptions(employeeId));
}

type Saved = { message: string; data: Holiday };

function useRefreshHolidays() {
  const queryClient = useQueryClient();
  // A company holiday changes every employee's list.
  return () => queryClient.invalidateQueries({ queryKey: allHolidaysKey });
}

/** POST /api/employee/holiday/store (user_id empty: a company-wide holiday). */
export function useStoreHoliday() {
  const refresh = useRefreshHolidays();
  return useMutation({
    mutationFn: (values: HolidayStoreInput) => api.post<Saved>('/api/employee/holiday/store', values),
    onSuccess: refresh,
  });
}

/** PUT /api/employee/holiday/update. */
export function useUpdateHoliday() {
  const refresh = useRefreshHolidays();
  return useMutation({
    mutationFn: (values: HolidayUpdateInput) => api.put<Saved>('/api/employee/holiday/update', values),
    onSuccess: refresh,
  });
}

/** DELETE /api/employee/holiday/delete/{id}. */
export function useDeleteHoliday() {
  const refresh = useRefreshHolidays();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/employee/holiday/delete/${id}`),
    onSuccess: refresh,
  });
}
