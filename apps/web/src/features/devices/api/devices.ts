import type { Device, DeviceImportRow, DeviceType } from '@switchboard/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaginationMeta } from '../../../components/pagination.tsx';
import { api } from '../../../lib/api-client.ts';

export interface DevicesPage extends PaginationMeta {
  data: Device[];
}

export interface DeviceFilter {
  companyId: number | null;
  type: DeviceType;
  search: string;
}

const devicesKey = ['devices'] as const;
const filterQuery = (filter: DeviceFilter) => ({
  company_id: filter.companyId ?? undefined,
  type: filter.type,
  search: filter.search.trim() || undefined,
});

/** GET /api/devices: one page of a company's (or every company's) devices of one type. */
export function useDevices(filter: DeviceFilter, page: number, perPage: number) {
  return useQuery({
    queryKey: [...devicesKey, 'list', filter, page, perPage] as const,
    queryFn: ({ signal }) =>
      api.get<DevicesPage>('/api/devices', { query: { ...filterQuery(filter), page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDevice(id: number | null) {
  return useQuery({
    queryKey: [...devicesKey, 'one', id] as const,
    queryFn: async ({ signal }) => (await api.get<{ data: Device }>(`/api/devices/${id}`, { signal })).data,
    enabled: id !== null,
  });
}

function useInvalidateDevices() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: devicesKey });
}

/** POST /api/devices, or PUT /api/devices/{id}. */
export function useSaveDevice() {
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: Record<string, unknown> }) =>
      id === null
        ? api.post<{ message: string; data: { id: number } }>('/api/devices', values)
        : api.put<{ message: string; data: { id: number } }>(`/api/devices/${id}`, values),
    onSuccess: useInvalidateDevices(),
  });
}

export function useDeleteDevice() {
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/devices/${id}`),
    onSuccess: useInvalidateDevices(),
  });
}

/** POST /api/devices/import: all rows or none. */
export function useImportDevices() {
  return useMutation({
    mutationFn: (body: { company_id: number; type: DeviceType; rows: Partial<DeviceImportRow>[] }) =>
      api.post<{ message: string; data: { created: number } }>('/api/devices/import', body),
    onSuccess: useInvalidateDevices(),
  });
}

/** GET /api/devices/export: the CSV of what the filters show. */
export function exportDevices(filter: DeviceFilter): Promise<Blob> {
  return api.get<Blob>('/api/devices/export', { query: filterQuery(filter), responseType: 'blob' });
}
