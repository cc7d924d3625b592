import type {
  AnalysisRecord,
  BaselineRecord,
  ExchangeRecord,
  MaintenanceCompany,
  MaintenanceNotesPage,
  MaintenanceTicketCheckIns,
} from '@switchboard/shared';
import { TICKET_STATUS_CLOSED } from '@switchboard/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaginationMeta } from '../../../components/pagination.tsx';
import { api } from '../../../lib/api-client.ts';

// Scheduled Maintenance calls (spec 2 §7).

export interface MaintenanceMonthPage extends PaginationMeta {
  data: MaintenanceCompany[];
}
export interface ServerDrives {
  id: number;
  name: string;
  drives: { id: number; letter: string; size: number }[];
}

export const maintenanceKey = ['maintenance'] as const;
const monthKey = (month: number, year: number, page: number) =>
  [...maintenanceKey, 'month', month, year, page] as const;
export const checkInsKey = (ticketId: number) => [...maintenanceKey, 'checkins', ticketId] as const;
export const baselineKey = (id: number) => [...maintenanceKey, 'baseline', id] as const;
export const analysisKey = (id: number) => [...maintenanceKey, 'analysis', id] as const;
export const exchangeKey = (ticketId: number) => [...maintenanceKey, 'exchange', ticketId] as const;

/** GET /api/companies/servers/{month}/{year}: a page of companies with their scheduled servers. */
export const maintenanceMonthQuery = (month: number, year: number, page: number) =>
  queryOptions({
    queryKey: monthKey(month, year, page),
    queryFn: ({ signal }) =>
      api.get<MaintenanceMonthPage>(`/api/companies/servers/${month}/${year}`, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
export const useMaintenanceMonth = (month: number, year: number, page: number) =>
  useQuery(maintenanceMonthQuery(month, year, page));

export interface MaintenanceTicketBody {
  subject: string;
  company: number;
  site: number | null;
  server: number;
  triage_id: number;
  location: number;
  month: number;
  year: number;
}

/** POST /api/ticket with the month page's payload; answers the new ticket's id. */
export function useCreateMaintenanceTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: MaintenanceTicketBody) =>
      (await api.post<{ message: string; data: { id: number } }>('/api/ticket', body)).data.id,
    onSuccess: () => client.invalidateQueries({ queryKey: [...maintenanceKey, 'month'] }),
  });
}

/** GET /api/schedule/main/ticket/{ticket_id}: the first element carries check_ins. */
export const useTicketCheckIns = (ticketId: number) =>
  useQuery({
    queryKey: checkInsKey(ticketId),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: MaintenanceTicketCheckIns[] }>(`/api/schedule/main/ticket/${ticketId}`, { signal }))
        .data[0]!,
  });

/** POST /api/ticket/checkinout from a checklist page. */
export function useCheckInOut(ticketId: number, companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (direction: 'in' | 'out') =>
      api.post<{ message: string }>('/api/ticket/checkinout', {
        direction,
        ticket_id: ticketId,
        company_id: companyId,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: checkInsKey(ticketId) }),
  });
}

export const useBaseline = (id: number | null) =>
  useQuery({
    queryKey: baselineKey(id ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: BaselineRecord[] }>(`/api/maintenance/baseline/${id}`, { signal })).data[0]!,
    enabled: id !== null,
  });

export const useAnalysis = (id: number | null) =>
  useQuery({
    queryKey: analysisKey(id ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: AnalysisRecord[] }>(`/api/maintenance/analysis/${id}`, { signal })).data[0]!,
    enabled: id !== null,
  });

export const useServerDrives = (serverId: number) =>
  useQuery({
    queryKey: [...maintenanceKey, 'drives', serverId],
    queryFn: async ({ signal }) =>
      (await api.get<{ data: ServerDrives[] }>(`/api/drives/${serverId}`, { signal })).data[0]!,
  });

export const useExchange = (ticketId: number) =>
  useQuery({
    queryKey: exchangeKey(ticketId),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: ExchangeRecord | null }>(`/api/maintenance/exchange/${ticketId}`, { signal })).data,
  });

type Saved = { message: string; data: { id: number } };

export const notesKey = (serverId: number, month: number, year: number) =>
  [...maintenanceKey, 'notes', serverId, month, year] as const;

/** GET /api/maintenance/notes/{serverId}/{month}/{year}: the month's notes, the earlier ones, the month's states. */
export const useMaintenanceNotes = (serverId: number, month: number, year: number) =>
  useQuery({
    queryKey: notesKey(serverId, month, year),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: MaintenanceNotesPage }>(`/api/maintenance/notes/${serverId}/${month}/${year}`, {
          signal,
        })
      ).data,
  });

/** POST /api/maintenance/notes: the whole text, with the version it was loaded at. */
export function useSaveMaintenanceNotes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: object) =>
      api.post<{ message: string; data: { id: number; updated_at: string } }>('/api/maintenance/notes', body),
    onSuccess: () => client.invalidateQueries({ queryKey: maintenanceKey }),
  });
}

/**
 * PUT /api/ticket/{id} with status Closed: the month's maintenance ticket is done (decision 0062: it closes without a
 * client account), which turns its checklists green on the month page.
 */
export function useCloseMaintenanceTicket(ticketId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.put<{ message: string }>(`/api/ticket/${ticketId}`, { status: TICKET_STATUS_CLOSED }),
    onSettled: () => client.invalidateQueries({ queryKey: maintenanceKey }),
  });
}

/** POST /api/maintenance/baseline (create, or update with id). */
export function useSaveBaseline() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: object) => api.post<Saved>('/api/maintenance/baseline', body),
    onSuccess: () => client.invalidateQueries({ queryKey: maintenanceKey }),
  });
}

/** POST /api/maintenance/analysis, or PUT /api/maintenance/analysis/{analysis}. */
export function useSaveAnalysis(analysisId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: object) =>
      analysisId === null
        ? api.post<Saved>('/api/maintenance/analysis', body)
        : api.put<Saved>(`/api/maintenance/analysis/${analysisId}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: maintenanceKey }),
  });
}

/** POST /api/maintenance/exchange (multipart), or the update sent as POST with _method PUT. */
export function useSaveExchange(exchangeId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => {
      if (exchangeId === null) return api.post<Saved>('/api/maintenance/exchange', form);
      form.append('_method', 'PUT');
      return api.post<Saved>(`/api/maintenance/exchange/${exchangeId}`, form);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: maintenanceKey }),
  });
}

/** DELETE /api/ticket/{kind}_attachments/{id}: an exchange file is deleted for good. */
export function useDeleteExchangeAttachment(ticketId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: 'resolution' | 'notes'; id: number }) =>
      api.delete<{ message: string }>(`/api/ticket/${kind}_attachments/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: exchangeKey(ticketId) }),
  });
}
