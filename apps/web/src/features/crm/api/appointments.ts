import { crmCalendarChangedEvent, crmCalendarChannel, crmLeadChannel } from '@switchboard/shared';
import type { Appointment, AppointmentCreateInput, AppointmentUpdateInput } from '@switchboard/shared/crm-appointments';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useChannel } from '../../../lib/socket.ts';
import { crmLeadsKey, leadDetailKey } from './leads.ts';

// CRM appointments (designs/crm-softphone.md §4.2, §4.11, §5): a lead's (live on crm_lead_{id}'s AppointmentUpdated)
// and a calendar range's (refetched on crm_calendar's CrmCalendarChanged), and the writes. A write refreshes the
// appointments, the lead (its status and next touch follow) and the leads lists.

export const appointmentsKey = ['crm', 'appointments'] as const;

export interface AppointmentRange {
  from: string;
  to: string;
}

/** Minutes east of UTC of this browser's wall clock on a day (the server reads the range's days with it). */
export function browserOffsetOn(day: string): number {
  return -new Date(`${day}T12:00:00`).getTimezoneOffset();
}

/** A day and 'HH:mm' on this browser's wall clock as an ISO instant. */
export function wallClockInstant(date: string, time: string): string {
  return new Date(`${date}T${time}:00`).toISOString();
}

/** GET /api/crm/appointments for a calendar range (and agent), live on crm_calendar. */
export function useAppointments(range: AppointmentRange | null, agent: string | null) {
  const queryClient = useQueryClient();
  useChannel(crmCalendarChannel, {
    [crmCalendarChangedEvent]: () => void queryClient.invalidateQueries({ queryKey: appointmentsKey }),
  });
  return useQuery({
    queryKey: [...appointmentsKey, 'range', range, agent] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: Appointment[] }>('/api/crm/appointments', {
        query: {
          from: range!.from,
          to: range!.to,
          tz_offset: browserOffsetOn(range!.from),
          ...(agent ? { agent } : {}),
        },
        signal,
      }),
    select: (answer) => answer.data,
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/** A lead's appointments, live on its channel. */
export function useLeadAppointments(leadId: number) {
  const queryClient = useQueryClient();
  useChannel(crmLeadChannel(leadId), {
    AppointmentUpdated: () => void queryClient.invalidateQueries({ queryKey: appointmentsKey }),
  });
  return useQuery({
    queryKey: [...appointmentsKey, 'lead', leadId] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: Appointment[] }>('/api/crm/appointments', { query: { lead_id: leadId }, signal }),
    select: (answer) => answer.data,
  });
}

type Saved = { message: string; data: Appointment };

export type AppointmentWrite =
  { id: null; input: AppointmentCreateInput } | { id: number; input: AppointmentUpdateInput };

export function useSaveAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: AppointmentWrite) =>
      write.id === null
        ? api.post<Saved>('/api/crm/appointments', write.input)
        : api.put<Saved>(`/api/crm/appointments/${write.id}`, write.input),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: appointmentsKey });
      void queryClient.invalidateQueries({ queryKey: leadDetailKey(answer.data.lead_id) });
      void queryClient.invalidateQueries({ queryKey: [...crmLeadsKey, 'list'] });
    },
  });
}

export function useDeleteAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/crm/appointments/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: appointmentsKey }),
  });
}
