import { hrCalendarChangedEvent, hrCalendarChannel } from '@switchboard/shared';
import type { CalendarEvent, CalendarEventValues, CalendarItem } from '@switchboard/shared/calendar';
import type { HrCalendarFeed, HrCalendarKind } from '@switchboard/shared/hr/calendar';
import type { HrBoard, HrInterview, HrJobRow } from '@switchboard/shared/hr/jobs';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarRange } from '../../../components/calendar/calendar-items.ts';
import { api } from '../../../lib/api-client.ts';
import { useChannel } from '../../../lib/socket.ts';

// The calendars' calls: /calendar (GET /api/calendar, one's own events) and the HR calendar (GET /api/hr/calendar,
// refetched on HrCalendarChanged of the hr_calendar channel) with its iCal feed URL.

const calendarKey = ['calendar'] as const;
const hrCalendarKey = ['hr', 'calendar'] as const;
const feedKey = ['hr', 'calendar', 'feed'] as const;

export function useCalendar(range: CalendarRange | null) {
  return useQuery({
    queryKey: [...calendarKey, range] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: CalendarItem[] }>(`/api/calendar?from=${range!.from}&to=${range!.to}`, { signal }),
    select: (response) => response.data,
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

type Saved = { message: string; data: CalendarEvent };

export function useSaveCalendarEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: CalendarEventValues }) =>
      id === null
        ? api.post<Saved>('/api/calendar/events', input)
        : api.put<Saved>(`/api/calendar/events/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKey }),
  });
}

export function useDeleteCalendarEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/calendar/events/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKey }),
  });
}

export interface HrCalendarFilters {
  kinds: HrCalendarKind[];
  department_id: string | null;
  region_id: string | null;
  user_id: string | null;
}

export function hrCalendarUrl(range: CalendarRange, filters: HrCalendarFilters): string {
  const params = new URLSearchParams({ from: range.from, to: range.to, kinds: filters.kinds.join(',') });
  for (const key of ['department_id', 'region_id', 'user_id'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return `/api/hr/calendar?${params.toString()}`;
}

export function useHrCalendar(range: CalendarRange | null, filters: HrCalendarFilters) {
  const queryClient = useQueryClient();
  useChannel(hrCalendarChannel, {
    [hrCalendarChangedEvent]: () => void queryClient.invalidateQueries({ queryKey: hrCalendarKey, exact: false }),
  });
  return useQuery({
    queryKey: [...hrCalendarKey, range, filters] as const,
    queryFn: ({ signal }) => api.get<{ data: CalendarItem[] }>(hrCalendarUrl(range!, filters), { signal }),
    select: (response) => response.data,
    // No kind chosen shows nothing (the server reads a missing kinds as the defaults).
    enabled: range !== null && filters.kinds.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useHrCalendarFeed(enabled: boolean) {
  return useQuery({
    queryKey: feedKey,
    queryFn: ({ signal }) => api.get<{ data: HrCalendarFeed }>('/api/hr/calendar/feed', { signal }),
    select: (response) => response.data,
    enabled,
  });
}

export function useRegenerateHrCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ data: HrCalendarFeed }>('/api/hr/calendar/feed'),
    onSuccess: (answer) => queryClient.setQueryData(feedKey, { data: { ...answer.data, url: null } }),
  });
}

// ---- The HR calendar's day dialog and interview drags (designs/hr.md §6) ----------------------------------------

/** Open openings with their active applicants, for "Add an interview" on a day ('manage jobs'). */
export function useInterviewCandidates(enabled: boolean) {
  return useQuery({
    queryKey: [...hrCalendarKey, 'candidates'] as const,
    queryFn: async ({ signal }) => {
      const jobs = await api.get<{ data: HrJobRow[] }>('/api/hr/jobs', {
        query: { status: 'open', per_page: 100 },
        signal,
      });
      const candidates: { value: string; label: string }[] = [];
      for (const job of jobs.data) {
        if (job.applicants === 0) continue;
        const board = await api.get<{ data: HrBoard }>(`/api/hr/jobs/${job.id}/board`, { signal });
        for (const column of board.data.columns)
          if (column.step.kind === 'active')
            for (const card of column.cards)
              candidates.push({ value: String(card.id), label: `${card.name} (${job.title})` });
      }
      return candidates;
    },
    enabled,
    staleTime: 60_000,
  });
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * An interview dragged on the HR calendar: PUT /api/hr/interviews/{id} with its own fields and the new day and times
 * (the browser's zone), so the server sends the updated .ics as for any reschedule.
 */
/**
 * Where a dragged interview ends: its start plus the duration it had. The calendar's own end is not used: FullCalendar
 * clears it when a drag crosses between the all-day row and the time grid (allDayMaintainDuration is off), and the
 * new start was then sent as the end too.
 */
export function movedEnd(item: Pick<CalendarItem, 'start' | 'end'>, start: Date): Date {
  const duration = Date.parse(item.end) - Date.parse(item.start);
  return new Date(start.getTime() + (Number.isFinite(duration) && duration > 0 ? duration : 0));
}

export function useRescheduleInterview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ item, start }: { item: CalendarItem; start: Date }) => {
      const end = movedEnd(item, start);
      const applicantId = Number(new URL(item.url ?? '', 'http://x').searchParams.get('applicant'));
      const list = await api.get<{ data: HrInterview[] }>('/api/hr/interviews', {
        query: { applicant_id: applicantId },
      });
      const interview = list.data.find((entry) => entry.id === item.source_id);
      if (!interview) throw new Error('The interview is no longer there.');
      const time = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;
      return api.put<{ message: string; warnings: string[] }>(`/api/hr/interviews/${interview.id}`, {
        applicant_id: applicantId,
        date: `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`,
        start_time: time(start),
        end_time: time(end),
        time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
        kind: interview.kind,
        location: interview.location,
        interviewer_ids: interview.interviewers.map((person) => person.user_id),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: hrCalendarKey }),
  });
}
