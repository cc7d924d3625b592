import type { CalendarItem } from '@switchboard/shared/calendar';
import ical from 'ical-generator';

// The iCal writer of the HR feed (designs/hr.md §6): all-day items as DTSTART;VALUE=DATE with the exclusive DTEND
// the item already carries, timed ones (interviews) in UTC, UIDs from the item's stable id. ical-generator escapes
// text and folds lines at 75 octets.

export function writeIcs(name: string, items: readonly CalendarItem[], stamp = new Date()): string {
  const calendar = ical({
    name,
    prodId: { company: 'Switchboard', product: 'HR Calendar', language: 'EN' },
    ttl: 300,
  });
  for (const item of items) {
    calendar.createEvent({
      id: `${item.id}@switchboard`,
      summary: item.title,
      stamp,
      allDay: item.all_day,
      // All-day days are strings (no time zone can shift them); timed ones are instants.
      start: item.all_day ? item.start : new Date(item.start),
      end: item.all_day ? item.end : new Date(item.end),
      ...(item.all_day ? {} : { timezone: null }),
    });
  }
  return calendar.toString();
}
