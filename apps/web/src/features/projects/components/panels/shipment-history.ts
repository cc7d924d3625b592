import type { ShipmentHistory } from '@switchboard/shared';
import dayjs from 'dayjs';

// Spec 3 §2 Procurement: a shipment's history grouped by date (MM/DD/YYYY), in the viewer's time zone.

export interface HistoryDay {
  /** MM/DD/YYYY */
  date: string;
  events: ShipmentHistory[];
}

/** The events newest first, grouped by their local calendar day (newest day first). */
export function groupHistoryByDate(history: readonly ShipmentHistory[]): HistoryDay[] {
  const sorted = [...history].sort((a, b) => Date.parse(b.time) - Date.parse(a.time) || b.id - a.id);
  const days: HistoryDay[] = [];
  for (const event of sorted) {
    const date = dayjs(event.time).format('MM/DD/YYYY');
    const last = days.at(-1);
    if (last?.date === date) last.events.push(event);
    else days.push({ date, events: [event] });
  }
  return days;
}

/** The time of an event within its day, as the history lists it. */
export const historyTime = (time: string) => dayjs(time).format('hh:mm A');
