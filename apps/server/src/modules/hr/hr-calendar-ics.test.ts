import type { CalendarItem } from '@switchboard/shared/calendar';
import ical from 'ical-generator';
import { describe, expect, it } from 'vitest';
import { escapeIcsText, foldIcsLine, writeIcs } from './hr-calendar-ics.ts';
import { addDays, yearlyOn } from './hr-calendar.service.ts';

// The iCal writer (designs/hr.md §9): exclusive all-day DTEND, escaping, folding at 75 octets, stable UIDs, UTC times.

const item = (over: Partial<CalendarItem>): CalendarItem => ({
  id: 'time-off-7-2026-01-16',
  kind: 'time_off',
  title: 'Alice Able: Out',
  start: '2026-01-16',
  end: '2026-01-17',
  all_day: true,
  color: '#228be6',
  display: 'block',
  url: null,
  user_id: 3,
  source_id: 7,
  editable: false,
  ...over,
});
const stamp = new Date('2026-01-01T12:00:00Z');
const lines = (ics: string) => ics.split('\r\n');

describe('writeIcs', () => {
  it('writes all-day items as DATE values with the exclusive end, whatever the server time zone', () => {
    const ics = writeIcs('HR', [item({})], stamp);
    expect(lines(ics)).toContain('DTSTART;VALUE=DATE:20260116');
    expect(lines(ics)).toContain('DTEND;VALUE=DATE:20260117');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  });

  it('writes timed items (interviews) in UTC', () => {
    const ics = writeIcs(
      'HR',
      [item({ id: 'interview-4', all_day: false, start: '2026-01-16T15:00:00.000Z', end: '2026-01-16T16:30:00.000Z' })],
      stamp,
    );
    expect(lines(ics)).toContain('DTSTART:20260116T150000Z');
    expect(lines(ics)).toContain('DTEND:20260116T163000Z');
  });

  it('escapes commas, semicolons, backslashes and new lines', () => {
    const ics = writeIcs('HR', [item({ title: 'a, b; c\\d\ne' })], stamp);
    expect(lines(ics)).toContain('SUMMARY:a\\, b\\; c\\\\d\\ne');
  });

  it('folds lines longer than 75 octets with CRLF and a space', () => {
    const ics = writeIcs('HR', [item({ title: 'x'.repeat(120) })], stamp);
    const summary = ics.slice(ics.indexOf('SUMMARY:'));
    const [first, second] = lines(summary);
    expect(Buffer.byteLength(first!)).toBeLessThanOrEqual(75);
    expect(second!.startsWith(' x')).toBe(true);
    expect((first! + second!.slice(1)).length).toBe('SUMMARY:'.length + 120);
  });

  it('gives each item the same UID on every write', () => {
    const once = writeIcs('HR', [item({}), item({ id: 'holiday-9' })], stamp);
    const again = writeIcs('HR', [item({}), item({ id: 'holiday-9' })], new Date());
    const uids = (ics: string) => lines(ics).filter((line) => line.startsWith('UID:'));
    expect(uids(once)).toEqual(['UID:time-off-7-2026-01-16@switchboard', 'UID:holiday-9@switchboard']);
    expect(uids(again)).toEqual(uids(once));
  });
});

// The writer the feed used before (decision 0149), kept here as the reference the direct writer must match.
function writeWithIcalGenerator(name: string, items: readonly CalendarItem[], at: Date): string {
  const calendar = ical({ name, prodId: { company: 'Switchboard', product: 'HR Calendar', language: 'EN' }, ttl: 300 });
  for (const entry of items)
    calendar.createEvent({
      id: `${entry.id}@switchboard`,
      summary: entry.title,
      stamp: at,
      allDay: entry.all_day,
      start: entry.all_day ? entry.start : new Date(entry.start),
      end: entry.all_day ? entry.end : new Date(entry.end),
      ...(entry.all_day ? {} : { timezone: null }),
    });
  return calendar.toString();
}

describe('writeIcs against ical-generator', () => {
  const titles = [
    'Alice Able: Out (Morning)',
    'a, b; c\\d\ne\r\nf\rg',
    'x'.repeat(65),
    'x'.repeat(66),
    'x'.repeat(67),
    'x'.repeat(200),
    'Zoë Ünal: Out (4 h)'.repeat(5),
    `${'x'.repeat(64)}éé${'y'.repeat(80)}`,
    `${'x'.repeat(65)}日本語${'é'.repeat(40)}`,
    `${'x'.repeat(63)}😀😀😀${'😀'.repeat(30)}`,
    `Interview: ${'Ω'.repeat(120)} (Senior Technician; "Night", shift)`,
    '',
  ];
  const items = titles.flatMap((title, n) => [
    item({ id: `time-off-${n}-2026-02-2${n % 9}`, title, start: `2026-02-2${n % 9}`, end: `2026-03-0${1 + (n % 9)}` }),
    item({
      id: `interview-${n}`,
      kind: 'interview',
      title,
      all_day: false,
      start: `2026-02-1${n % 10}T0${n % 10}:30:00.000Z`,
      end: `2026-02-1${n % 10}T1${n % 10}:05:09.999Z`,
    }),
  ]);

  it('writes the same text for the same items (escaping, folding by octets, dates, UIDs), ending with CRLF', () => {
    const at = new Date('2026-01-05T08:09:10.987Z');
    const mine = writeIcs('HR Calendar (Alice Able)', items, at);
    expect(mine).toBe(`${writeWithIcalGenerator('HR Calendar (Alice Able)', items, at)}\r\n`);
    expect(writeIcs('HR', [], at)).toBe(`${writeWithIcalGenerator('HR', [], at)}\r\n`);
  });

  it('escapes the calendar name too (ical-generator writes it raw)', () => {
    const ics = writeIcs('HR Calendar (Able, Alice; x\nY)', [], stamp);
    expect(lines(ics)).toContain('NAME:HR Calendar (Able\\, Alice\\; x\\nY)');
    expect(lines(ics)).toContain('X-WR-CALNAME:HR Calendar (Able\\, Alice\\; x\\nY)');
  });

  it('never folds inside a character and keeps every physical line within 75 octets', () => {
    for (const title of titles) {
      const folded = foldIcsLine(`SUMMARY:${escapeIcsText(title)}`);
      for (const line of folded.split('\r\n')) {
        expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
        // A surrogate pair cut in two would not survive UTF-8.
        expect(Buffer.from(line).toString()).toBe(line);
      }
      expect(folded.replaceAll('\r\n ', '')).toBe(`SUMMARY:${escapeIcsText(title)}`);
    }
  });
});

describe('calendar days', () => {
  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
  it('puts 29 February on the 28th outside leap years', () => {
    expect(yearlyOn('1988-02-29', 2026)).toBe('2026-02-28');
    expect(yearlyOn('1988-02-29', 2028)).toBe('2028-02-29');
    expect(yearlyOn('1990-03-14', 2026)).toBe('2026-03-14');
  });
});
