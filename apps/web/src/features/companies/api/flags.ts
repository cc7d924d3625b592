import type { Flag } from '@switchboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const flagsKey = (companyId: number) => ['companies', 'flags', companyId] as const;

/** GET /api/companies/flags.list.{companyId}. */
export function useFlags(companyId: number) {
  return useQuery({
    queryKey: flagsKey(companyId),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Flag[] }>(`/api/companies/flags.list.${companyId}`, { signal })).data,
  });
}

function useFlagMutation<T>(companyId: number, call: (value: T) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: flagsKey(companyId) }),
  });
}

/** POST /api/companies/flags/: id, flag, company_id. */
export const useAddFlag = (companyId: number) =>
  useFlagMutation(companyId, (flag: string) =>
    api.post<{ message: string }>('/api/companies/flags/', { id: '', flag, company_id: companyId }),
  );
/** DELETE /api/companies/flags/{id}. */
export const useDeleteFlag = (companyId: number) =>
  useFlagMutation(companyId, (id: number) => api.delete<{ message: string }>(`/api/companies/flags/${id}`));
/** PUT /api/companies/flags/{id}: restores a deleted flag. */
export const useRestoreFlag = (companyId: number) =>
  useFlagMutation(companyId, (id: number) => api.put<{ message: string }>(`/api/companies/flags/${id}`));
