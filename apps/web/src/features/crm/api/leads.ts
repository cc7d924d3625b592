import { crmLeadChannel } from '@switchboard/shared';
import type {
  CrmSettingsAnswer,
  Lead,
  LeadBulkInput,
  LeadContact,
  LeadContactInput,
  LeadConvertInput,
  LeadCreateInput,
  LeadDetail,
  LeadDispositionInput,
  LeadNote,
  LeadsPage,
  LeadUpdateInput,
} from '@switchboard/shared/crm-leads';
import type { CrmSettingsInput } from '@switchboard/shared/crm';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useChannel } from '../../../lib/socket.ts';

// The leads calls (designs/crm-softphone.md §4.1-§4.2, §5): the list, a lead's detail with its contacts, calls and
// notes, the writes, and crm_lead_{id}'s LeadUpdated / LeadCallLogged / LeadNoteAdded refreshing what is shown.

export const crmLeadsKey = ['crm', 'leads'] as const;
const listKey = [...crmLeadsKey, 'list'] as const;
export const leadDetailKey = (id: number) => [...crmLeadsKey, 'detail', id] as const;
export const crmSettingsKey = ['crm', 'settings'] as const;

export function useLeadList(query: Record<string, string | number>) {
  return useQuery({
    queryKey: [...listKey, query] as const,
    queryFn: ({ signal }) => api.get<LeadsPage>('/api/crm/leads', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useLead(id: number | null) {
  return useQuery({
    queryKey: leadDetailKey(id ?? 0),
    queryFn: ({ signal }) => api.get<{ data: LeadDetail }>(`/api/crm/leads/${id}`, { signal }),
    select: (answer) => answer.data,
    enabled: id !== null,
    // A 403 or 404 is the answer, not a hiccup: shown at once.
    retry: false,
  });
}

/** GET /api/crm/settings: who sees every lead, who may create, the next-touch rule ('view crm' reads it). */
export function useCrmSettings() {
  return useQuery({
    queryKey: crmSettingsKey,
    queryFn: ({ signal }) => api.get<{ data: CrmSettingsAnswer }>('/api/crm/settings', { signal }),
    select: (answer) => answer.data,
    staleTime: 60_000,
  });
}

export function useSaveCrmSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CrmSettingsInput) =>
      api.put<{ data: CrmSettingsAnswer; message?: string }>('/api/crm/settings', input),
    onSuccess: (answer) => queryClient.setQueryData(crmSettingsKey, { data: answer.data }),
  });
}

/** Every list and the lead's detail read again after a write (the server's answer is the truth). */
function refreshLeads(queryClient: QueryClient, id?: number) {
  void queryClient.invalidateQueries({ queryKey: listKey });
  if (id !== undefined) void queryClient.invalidateQueries({ queryKey: leadDetailKey(id) });
}

function useLeadWrite<TVariables, TAnswer>(call: (variables: TVariables) => Promise<TAnswer>, leadId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => refreshLeads(queryClient, leadId),
  });
}

type Answer<T> = { data: T; message?: string };

export const useSaveLead = (id: number | null) =>
  useLeadWrite(
    (input: LeadCreateInput | LeadUpdateInput) =>
      id === null
        ? api.post<Answer<Lead>>('/api/crm/leads', input)
        : api.put<Answer<Lead>>(`/api/crm/leads/${id}`, input),
    id ?? undefined,
  );

export const useDeleteLead = (id: number) =>
  useLeadWrite(() => api.delete<{ message?: string }>(`/api/crm/leads/${id}`), id);

export const useBulkLeads = () =>
  useLeadWrite((input: LeadBulkInput) =>
    api.post<{ data?: { updated: number }; updated?: number; message?: string }>('/api/crm/leads/bulk', input),
  );

export const useAddNote = (id: number) =>
  useLeadWrite((body: string) => api.post<Answer<LeadNote>>(`/api/crm/leads/${id}/notes`, { body }), id);

export const useSaveContact = (leadId: number) =>
  useLeadWrite(
    ({ contactId, input }: { contactId: number | null; input: LeadContactInput }) =>
      contactId === null
        ? api.post<Answer<LeadContact>>(`/api/crm/leads/${leadId}/contacts`, input)
        : api.put<Answer<LeadContact>>(`/api/crm/contacts/${contactId}`, input),
    leadId,
  );

export const useDeleteContact = (leadId: number) =>
  useLeadWrite((contactId: number) => api.delete<{ message?: string }>(`/api/crm/contacts/${contactId}`), leadId);

export const useDisposition = (id: number) =>
  useLeadWrite(
    (input: LeadDispositionInput) =>
      api.post<Answer<{ lead: Lead; note: LeadNote | null }>>(`/api/crm/leads/${id}/disposition`, input),
    id,
  );

export const useConvertLead = (id: number) =>
  useLeadWrite(
    (input: LeadConvertInput) =>
      api.post<Answer<{ lead: Lead; company_id: number }>>(`/api/crm/leads/${id}/convert`, input),
    id,
  );

/**
 * crm_lead_{id}: another viewer's or the phone's change reads the lead (and the lists) again; a logged call also
 * tells the caller (the drawer opens the outcome form).
 */
export function useLiveLead(id: number | null, onCallLogged?: () => void) {
  const queryClient = useQueryClient();
  const refresh = () => {
    if (id !== null) refreshLeads(queryClient, id);
  };
  useChannel(id === null ? null : crmLeadChannel(id), {
    LeadUpdated: refresh,
    LeadCallLogged: () => {
      refresh();
      onCallLogged?.();
    },
    LeadNoteAdded: refresh,
  });
}

/** The company holidays (GET /api/employee/holidays, user_id null), which the next-touch rule skips. */
export function useCompanyHolidayDates() {
  return useQuery({
    queryKey: ['crm', 'company-holidays'] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: { date: string; user_id: number | null }[] }>('/api/employee/holidays', { signal }),
    select: (answer) => answer.data.filter((holiday) => holiday.user_id === null).map((holiday) => holiday.date),
    staleTime: 5 * 60_000,
  });
}
