import type { CalendarItem } from '@switchboard/shared/calendar';

// The iCal writer of the HR feed (designs/hr.md §6, RFC 5545): all-day items as DTSTART;VALUE=DATE with the exclusive
// DTEND the item already carries, timed ones (interviews) in UTC, UIDs from the item's stable id. Written directly as
// text (decision 0149): ical-generator built an object per event and took most of a feed's time; the test holds this
// writer to ical-generator's text for the same items.

/** TEXT values: backslash, semicolon and comma escaped, line breaks as \n (RFC 5545 §3.3.11). */
export function escapeIcsText(text: string): string {
  return text.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\r\n|\r|\n/g, '\\n');
}

const octetsOf = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/** One content line folded after 74 octets of UTF-8, never inside a character; continuations start with a space. */
export function foldIcsLine(line: string): string {
  if (line.length <= 74 && !/[^\x20-\x7e]/.test(line)) return line;
  let folded = '';
  let octets = 0;
  for (const char of line) {
    const size = octetsOf(char.codePointAt(0)!);
    octets += size;
    if (octets > 74) {
      folded += '\r\n ';
      octets = size;
    }
    folded += char;
  }
  return folded;
}

/** '2026-01-16' -> '20260116'. */
const icsDate = (day: string) => day.slice(0, 10).replaceAll('-', '');

/** An instant as UTC date-time: '2026-01-16T15:00:00.000Z' -> '20260116T150000Z'. */
const icsUtc = (time: string | Date) => {
  const iso = (typeof time === 'string' ? new Date(time) : time).toISOString();
  return `${icsDate(iso)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
};

export function writeIcs(name: string, items: readonly CalendarItem[], stamp = new Date()): string {
  const dtstamp = `DTSTAMP:${icsUtc(stamp)}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Switchboard//HR Calendar//EN',
    foldIcsLine(`NAME:${escapeIcsText(name)}`),
    foldIcsLine(`X-WR-CALNAME:${escapeIcsText(name)}`),
    'REFRESH-INTERVAL;VALUE=DURATION:PT5M',
    'X-PUBLISHED-TTL:PT5M',
  ];
  for (const item of items) {
    lines.push('BEGIN:VEVENT', foldIcsLine(`UID:${item.id}@switchboard`), 'SEQUENCE:0', dtstamp);
    if (item.all_day)
      lines.push(
        `DTSTART;VALUE=DATE:${icsDate(item.start)}`,
        `DTEND;VALUE=DATE:${icsDate(item.end)}`,
        'X-MICROSOFT-CDO-ALLDAYEVENT:TRUE',
        'X-MICROSOFT-MSNCALENDAR-ALLDAYEVENT:TRUE',
      );
    else lines.push(`DTSTART:${icsUtc(item.start)}`, `DTEND:${icsUtc(item.end)}`);
    lines.push(foldIcsLine(`SUMMARY:${escapeIcsText(item.title)}`), 'END:VEVENT');
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}
