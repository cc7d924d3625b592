import type { EventInput } from '@fullcalendar/react';
import type { CalendarItem } from '@switchboard/shared/calendar';

// From the server's CalendarItems to FullCalendar's events, and from a view's dates to the range to fetch.

export interface CalendarRange {
  /** Inclusive days, 'YYYY-MM-DD'. */
  from: string;
  to: string;
}

/** A Date's day on the wall clock, 'YYYY-MM-DD'. */
export function localDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${String(date.getDate()).padStart(2, '0')}`;
}

/** A view's start and exclusive end as inclusive days. */
export function rangeOfView(start: Date, end: Date): CalendarRange {
  const last = new Date(end.getTime());
  last.setDate(last.getDate() - 1);
  return { from: localDay(start), to: localDay(last) };
}

export function calendarEventInputs(items: readonly CalendarItem[]): EventInput[] {
  return items.map((item) => ({
    id: item.id,
    title: item.title,
    start: item.start,
    end: item.end,
    allDay: item.all_day,
    color: item.color,
    display: item.display === 'background' ? 'background' : 'auto',
    className: item.display === 'outline' ? 'sb-calendar-outline' : undefined,
    // FullCalendar makes events with a url focusable links; clicks are routed by the page (eventClick).
    url: item.url ?? (item.editable ? '#' : undefined),
    extendedProps: { item },
  }));
}
