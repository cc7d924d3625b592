import type {
  BackupDevice,
  BackupStrategyDetail,
  BackupStrategyInput,
  BackupStrategyRow,
  RefreshStrategiesResponse,
  RefreshStrategyInput,
} from '@switchboard/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaginationMeta } from '../../../components/pagination.tsx';
import { api } from '../../../lib/api-client.ts';

const refreshKey = (companyId: number) => ['strategies', 'refresh', companyId] as const;
const backupKey = (companyId: number) => ['strategies', 'backup', companyId] as const;

/** GET /api/strategies/refresh?company_id=: strategies, devices by group, and who may be mailed. */
export const refreshStrategiesQuery = (companyId: number) =>
  queryOptions({
    queryKey: refreshKey(companyId),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: RefreshStrategiesResponse }>(`/api/strategies/refresh?company_id=${companyId}`, {
          signal,
        })
      ).data,
  });
export const useRefreshStrategies = (companyId: number) => useQuery(refreshStrategiesQuery(companyId));

/** POST /api/strategies/refresh: creates, or updates the strategy `id` names; the server mails the PDF. */
export function useSaveRefreshStrategy(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RefreshStrategyInput) =>
      api.post<{ message: string; data: { id: number } }>('/api/strategies/refresh', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refreshKey(companyId) }),
  });
}

export type BackupPage = PaginationMeta & { data: BackupStrategyRow[] };

/** GET /api/strategies/backup?company_id=&page=: one page of the company's backup strategies. */
export const backupStrategiesQuery = (companyId: number, page: number, perPage: number) =>
  queryOptions({
    queryKey: [...backupKey(companyId), 'list', page, perPage] as const,
    queryFn: ({ signal }) =>
      api.get<BackupPage>(`/api/strategies/backup?company_id=${companyId}&page=${page}&per_page=${perPage}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
export const useBackupStrategies = (companyId: number, page: number, perPage: number) =>
  useQuery(backupStrategiesQuery(companyId, page, perPage));

/** GET /api/strategies/backup/{id}: the first element holds the strategy. */
export const useBackupStrategy = (companyId: number, id: number | null) =>
  useQuery({
    queryKey: [...backupKey(companyId), 'detail', id] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: BackupStrategyDetail[] }>(`/api/strategies/backup/${id}`, { signal })).data[0]!,
    enabled: id !== null,
  });

/** GET /api/backup/strategies/devices/{typeId}/{companyId}: what a source or destination type picks from. */
export const useBackupDevices = (typeId: number | null, companyId: number) =>
  useQuery({
    queryKey: ['strategies', 'backup-devices', typeId, companyId] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: BackupDevice[] }>(`/api/backup/strategies/devices/${typeId}/${companyId}`, { signal }))
        .data,
    enabled: typeId !== null,
  });

/** POST /api/strategies/backup creates; PUT /api/strategies/backup/{id} updates. */
export function useSaveBackupStrategy(companyId: number, id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BackupStrategyInput) =>
      id === null
        ? api.post<{ message: string }>('/api/strategies/backup', input)
        : api.put<{ message: string }>(`/api/strategies/backup/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupKey(companyId) }),
  });
}

export function useDeleteBackupStrategy(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/strategies/backup/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupKey(companyId) }),
  });
}
