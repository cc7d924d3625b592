import type { EmployeePto, PtoSetting, PtoSettingInput, PtoUsed, PtoUsedInput } from '@switchboard/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const employeePtoQueryKey = (employeeId: number) => ['employee-pto', employeeId] as const;

/** GET /api/users/employee/pto/{employeeId}: settings, time off taken and the computed periods. */
export const employeePtoQueryOptions = (employeeId: number) =>
  queryOptions({
    queryKey: employeePtoQueryKey(employeeId),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: EmployeePto }>(`/api/users/employee/pto/${employeeId}`, { signal })).data,
    // Checked-in time keeps accruing while the employee works; the timeclock does not push on this channel.
    refetchInterval: 60_000,
  });

export function useEmployeePto(employeeId: number) {
  return useQuery(employeePtoQueryOptions(employeeId));
}

function useRefreshPto(employeeId: number) {
  const queryClient = useQueryClient();
  // The PeriodsUpdated push usually arrives first; reading again covers a viewer whose socket is down.
  return () => queryClient.invalidateQueries({ queryKey: employeePtoQueryKey(employeeId) });
}

type Saved<T> = { message: string; data: T };

/** POST /api/users/employee/pto, or PUT /api/users/employee/pto/{id} when editing (spec 1 §7.6). */
export function useSavePtoSetting(employeeId: number) {
  const refresh = useRefreshPto(employeeId);
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: Omit<PtoSettingInput, 'user_id'> }) =>
      id === null
        ? api.post<Saved<PtoSetting>>('/api/users/employee/pto', { ...values, user_id: employeeId })
        : api.put<Saved<PtoSetting>>(`/api/users/employee/pto/${id}`, { ...values, user_id: employeeId }),
    onSuccess: refresh,
  });
}

/** DELETE /api/users/employee/pto/{id}. */
export function useDeletePtoSetting(employeeId: number) {
  const refresh = useRefreshPto(employeeId);
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/users/employee/pto/${id}`),
    onSuccess: refresh,
  });
}

/** POST /api/users/employee/pto/used: time off taken, until HR requests record it. */
export function useRecordPtoUsed(employeeId: number) {
  const refresh = useRefreshPto(employeeId);
  return useMutation({
    mutationFn: (values: Omit<PtoUsedInput, 'user_id'>) =>
      api.post<Saved<PtoUsed>>('/api/users/employee/pto/used', { ...values, user_id: employeeId }),
    onSuccess: refresh,
  });
}

/** DELETE /api/users/employee/pto/used/{id}. */
export function useDeletePtoUsed(employeeId: number) {
  const refresh = useRefreshPto(employeeId);
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/users/employee/pto/used/${id}`),
    onSuccess: refresh,
  });
}
