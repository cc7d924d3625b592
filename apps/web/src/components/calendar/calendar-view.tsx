import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import type { CalendarItem } from '@switchboard/shared/calendar';
import { useMemo } from 'react';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
// Mantine's colours in place of the classic theme's palette (light and dark follow Mantine's colour scheme).
import './calendar-palette.css';
import './calendar.css';
import { calendarEventInputs, localDay, rangeOfView, type CalendarRange } from './calendar-items.ts';

// The one calendar of the app (decision 0106: FullCalendar's React package; spec 1 §2.6: month, week and day views).
// It draws CalendarItems and reports the range shown; the page fetches. Buttons, events and day links take the
// keyboard (Tab, then Enter), as FullCalendar renders them as buttons and links.

const hhmm = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

export interface CalendarViewProps {
  items: readonly CalendarItem[];
  onRangeChange: (range: CalendarRange) => void;
  onItemClick?: (item: CalendarItem) => void;
  /** A day (or, in week and day views, a half-hour slot) was clicked: its day and its time, 'HH:mm' or null. */
  onDayClick?: (day: string, time: string | null) => void;
  initialDate?: string;
  /** Which items may be dragged to another time (interviews, for those who schedule them). */
  canDrag?: (item: CalendarItem) => boolean;
  /** A dragged item was dropped: save its new start and end; a rejection puts it back where it was. */
  onItemDrop?: (item: CalendarItem, start: Date, end: Date) => Promise<void>;
}

export function CalendarView(props: CalendarViewProps) {
  const { items, onRangeChange, onItemClick, onDayClick, initialDate, canDrag, onItemDrop } = props;
  const events = useMemo(
    () =>
      calendarEventInputs(items).map((event, index) =>
        canDrag?.(items[index]!) ? { ...event, startEditable: true, durationEditable: false } : event,
      ),
    [items, canDrag],
  );
  return (
    <div className="sb-calendar" data-testid="calendar">
      <FullCalendar
        plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin, classicTheme]}
        initialView="dayGridMonth"
        initialDate={initialDate}
        headerToolbar={{ start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay' }}
        buttons={{ today: { text: 'Today' }, month: { text: 'Month' }, week: { text: 'Week' }, day: { text: 'Day' } }}
        height="auto"
        navLinks
        nowIndicator
        dayMaxEvents={4}
        slotDuration="00:30:00"
        // The spec's times are HH:mm (§3.5): so are the events' times.
        eventTimeFormat={hhmm}
        events={events}
        datesSet={(info) => onRangeChange(rangeOfView(info.start, info.end))}
        eventClick={(info) => {
          const item = info.event.extendedProps.item as CalendarItem | undefined;
          if (!item || !onItemClick) return;
          info.jsEvent.preventDefault();
          onItemClick(item);
        }}
        eventDrop={(info) => {
          const item = info.event.extendedProps.item as CalendarItem | undefined;
          const { start, end } = info.event;
          if (!item || !onItemDrop || !start) return info.revert();
          onItemDrop(item, start, end ?? start).catch(() => info.revert());
        }}
        dateClick={(info) => onDayClick?.(localDay(info.date), info.allDay ? null : info.dateStr.slice(11, 16) || null)}
      />
    </div>
  );
}
