import type {
  CheckIn,
  EmployeeListItem,
  TicketBulkAction,
  TicketDetail,
  TicketRow,
  TicketView,
  TicketViewFilters,
} from '@switchboard/shared';
import { technicianChoices } from '@switchboard/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaginationMeta } from '../../../components/pagination.tsx';
import { api } from '../../../lib/api-client.ts';

export interface TicketsPage extends PaginationMeta {
  data: TicketRow[];
}
export interface CheckInsPage extends PaginationMeta {
  data: CheckIn[];
}

/** The queue's filters as the URL and the form hold them ('' for none). */
export interface TicketQueueFilters {
  status: string;
  company_id: string;
  site_id: string;
  employee_id: string;
  triage_id: string;
  location: string;
  escalated: string;
  /** '1': the caller's own tickets (decision 0064). */
  mine: string;
  search: string;
  sort: string;
  direction: 'asc' | 'desc';
}

export const ticketsKey = ['tickets'] as const;
export const ticketKey = (id: number) => ['tickets', 'detail', id] as const;
export const checkInsKey = (id: number) => ['tickets', 'checkins', id] as const;

/** GET /api/ticket: one page of the queue. */
export function useTicketQueue(filters: TicketQueueFilters, page: number, perPage: number) {
  return useQuery({
    queryKey: [...ticketsKey, 'queue', filters, page, perPage] as const,
    queryFn: ({ signal }) =>
      api.get<TicketsPage>('/api/ticket', { query: { ...filters, page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const ticketViewsKey = [...ticketsKey, 'views'] as const;

/** GET /api/ticket/views: the signed-in user's saved queue views. */
export function useTicketViews() {
  return useQuery({
    queryKey: ticketViewsKey,
    queryFn: async ({ signal }) => (await api.get<{ data: TicketView[] }>('/api/ticket/views', { signal })).data,
    staleTime: 60_000,
  });
}

/** POST /api/ticket/views: saving under a name the user already has replaces that view. */
export function useSaveTicketView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (view: { name: string; filters: TicketViewFilters }) =>
      api.post<{ message: string; data: TicketView }>('/api/ticket/views', view),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ticketViewsKey }),
  });
}

export function useDeleteTicketView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (viewId: number) => api.delete<{ message: string }>(`/api/ticket/views/${viewId}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ticketViewsKey }),
  });
}

/** POST /api/ticket/bulk: one change on the chosen tickets, all or none. */
export function useBulkChangeTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { ids: number[]; action: TicketBulkAction; value?: number | null }) =>
      api.post<{ message: string }>('/api/ticket/bulk', change),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ticketsKey }),
  });
}

/** The technicians (decision 0078) for the queue's Technician filter and its bulk change. */
export function useTechnicianOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['employees', 'options'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: EmployeeListItem[] }>('/api/users/employee.list', { signal })).data,
    enabled,
    staleTime: 60_000,
    select: (list) => technicianChoices(list).map((tech) => ({ value: String(tech.user_id), label: tech.user.name })),
  });
}

export const ticketQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ticketKey(id),
    queryFn: async ({ signal }) => (await api.get<{ data: TicketDetail }>(`/api/ticket/${id}`, { signal })).data,
  });

export function useTicket(id: number) {
  return useQuery(ticketQueryOptions(id));
}

export function useTicketCheckIns(id: number, page: number, perPage: number, enabled: boolean) {
  return useQuery({
    queryKey: [...checkInsKey(id), page, perPage] as const,
    queryFn: ({ signal }) =>
      api.get<CheckInsPage>(`/api/ticket/${id}/checkins`, { query: { page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Re-reads the ticket (and its check-ins) after a change of ours or a push from another viewer. */
export function useRefreshTicket(id: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ticketKey(id) });
    void queryClient.invalidateQueries({ queryKey: checkInsKey(id) });
    void queryClient.invalidateQueries({ queryKey: [...ticketsKey, 'queue'] });
  };
}

/** POST /api/ticket: answers message and data.id. */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      api.post<{ message: string; data: { id: number } }>('/api/ticket', values),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ticketsKey }),
  });
}

/** The ticket's own calls; each refreshes the ticket when done. */
export function useTicketAction<T>(id: number, call: (value: T) => Promise<{ message: string }>) {
  const refresh = useRefreshTicket(id);
  return useMutation({ mutationFn: call, onSuccess: refresh });
}

export const ticketCalls = {
  update: (id: number) => (values: Record<string, unknown>) =>
    api.put<{ message: string }>(`/api/ticket/${id}`, values),
  escalate: (id: number) => (values: { reason: string; esc_tech: number }) =>
    api.post<{ message: string }>(`/api/ticket/escalate/${id}`, values),
  // Decision 0058: an administrator (or the escalation technician) ends an escalation.
  deescalate: (id: number) => () => api.post<{ message: string }>(`/api/ticket/deescalate/${id}`),
  checkInOut: (id: number, companyId: number) => (direction: 'in' | 'out') =>
    api.post<{ message: string }>('/api/ticket/checkinout', { direction, ticket_id: id, company_id: companyId }),
  updateCheckIns:
    (companyId: number) =>
    (checkIns: { id: number; start_time: string; end_time: string | null; billable: number }[]) =>
      api.post<{ message: string }>('/api/ticket/checkinout/update', { check_ins: checkIns, company_id: companyId }),
  saveText: (id: number, kind: 'notes' | 'resolution') => (values: { text: string; attachment: File | null }) => {
    if (!values.attachment)
      return api.post<{ message: string }>(`/api/ticket/${kind}`, { ticket_id: id, [kind]: values.text });
    const form = new FormData();
    form.append('ticket_id', String(id));
    form.append(kind, values.text);
    form.append('attachment', values.attachment, values.attachment.name);
    return api.post<{ message: string }>(`/api/ticket/${kind}`, form);
  },
  /** A client account's reply on the thread, with its files (POST /api/ticket/reply, issue 15 part 2). */
  reply: (id: number) => (values: { response: string; files: File[] }) => {
    const form = new FormData();
    form.append('ticket_id', String(id));
    form.append('response', values.response);
    values.files.forEach((file, index) => form.append(`attachments[${index}]`, file, file.name));
    return api.post<{ message: string }>('/api/ticket/reply', form);
  },
  toggleAttachment: (kind: 'notes' | 'resolution') => (attachmentId: number) =>
    api.delete<{ message: string }>(`/api/ticket/${kind}_attachments/${attachmentId}`),
  addTodo: (id: number) => (description: string) =>
    api.post<{ message: string }>('/api/ticket/todo', { ticket_id: id, description }),
  changeTodo:
    () =>
    ({ todoId, todo }: { todoId: number; todo: { description?: string; completed?: number } }) =>
      api.put<{ message: string }>(`/api/ticket/todo/${todoId}`, { todo }),
  deleteTodo: () => (todoId: number) => api.delete<{ message: string }>(`/api/ticket/todo/${todoId}`),
};
