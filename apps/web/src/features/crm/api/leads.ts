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
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api-client.ts';
import { subscribeChannel, useChannel, useUserEvent } from '../../../lib/socket.ts';

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
    // A proposal sent or answered (also from the client's public page): the lead's proposals and timeline.
    LeadProposalUpdated: () => void queryClient.invalidateQueries({ queryKey: ['crm', 'proposals', 'list'] }),
  });
}

/** At most this many rows of a page follow their lead's channel (the server allows 200 channels a socket). */
export const LIVE_LEAD_ROWS = 100;
/** Events arriving within this pause refetch the list once. */
export const LIST_REFRESH_PAUSE_MS = 300;

/**
 * The leads list live (decision 0146): each row on the page follows crm_lead_{id}; a LeadUpdated patches its row at
 * once, and any change to a row (a call logged, a delete) or CrmLeadsChanged on the user's own channel (a lead
 * assigned to them, or taken out of their sight) refetches the list once per pause, however many arrive together.
 */
export function useLiveLeadList(ids: readonly number[]) {
  const queryClient = useQueryClient();
  const timer = useRef<number | null>(null);
  const following = useRef(new Map<number, () => void>());

  const refreshSoon = () => {
    if (timer.current !== null) return;
    timer.current = window.setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: listKey });
    }, LIST_REFRESH_PAUSE_MS);
  };
  const patchRow = (lead: Lead) => {
    queryClient.setQueriesData<LeadsPage>({ queryKey: listKey }, (page) =>
      page?.data.some((row) => row.id === lead.id)
        ? { ...page, data: page.data.map((row) => (row.id === lead.id ? lead : row)) }
        : page,
    );
    refreshSoon();
  };
  const handlers = useRef({ LeadUpdated: patchRow, LeadCallLogged: refreshSoon, LeadDeleted: refreshSoon });
  useEffect(() => {
    handlers.current = { LeadUpdated: patchRow, LeadCallLogged: refreshSoon, LeadDeleted: refreshSoon };
  });
  useUserEvent('CrmLeadsChanged', refreshSoon);

  // Only the rows that came or went change their subscriptions when the page is read again.
  const key = ids.slice(0, LIVE_LEAD_ROWS).join(',');
  useEffect(() => {
    const wanted = new Set(key === '' ? [] : key.split(',').map(Number));
    for (const [id, leave] of following.current)
      if (!wanted.has(id)) {
        leave();
        following.current.delete(id);
      }
    for (const id of wanted)
      if (!following.current.has(id)) following.current.set(id, subscribeChannel(crmLeadChannel(id), handlers));
  }, [key]);
  useEffect(
    () => () => {
      for (const leave of following.current.values()) leave();
      following.current.clear();
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );
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
