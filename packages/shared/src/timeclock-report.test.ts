import { describe, expect, it } from 'vitest';
import {
  datesBetween,
  defaultTimeclockRange,
  formatReportMinutes,
  reportRangeSchema,
  reportRangeTooLong,
  reportRangeTooLongMessage,
  sumTimeclockDays,
  timeclockReportCsv,
  zonedDayStart,
  type TimeclockChange,
} from './timeclock-report.ts';

const at = (iso: string) => Date.parse(iso);
const change = (status: number, start: string, end: string | null = null): TimeclockChange => ({
  status,
  start: at(start),
  end: end === null ? null : at(end),
});

describe('sumTimeclockDays over a known week (UTC)', () => {
  const dates = datesBetween('2026-11-16', '2026-11-22');
  // Monday: 8:00 in, 10:00 break, 10:15 in, 12:00 lunch, 12:30 traveling, 13:30 in, 17:00 offline.
  // Tuesday: 22:00 in (late shift) until Wednesday 02:00, then offline.
  // Friday: in from 9:00, never changed again: open until `now` (Friday 11:30).
  const changes = [
    change(1, '2026-11-16T08:00:00Z'),
    change(2, '2026-11-16T10:00:00Z'),
    change(1, '2026-11-16T10:15:00Z'),
    change(3, '2026-11-16T12:00:00Z'),
    change(4, '2026-11-16T12:30:00Z'),
    change(1, '2026-11-16T13:30:00Z'),
    change(5, '2026-11-16T17:00:00Z', '2026-11-17T22:00:00Z'),
    change(1, '2026-11-17T22:00:00Z', '2026-11-18T02:00:00Z'),
    change(5, '2026-11-18T02:00:00Z', '2026-11-20T09:00:00Z'),
    change(1, '2026-11-20T09:00:00Z'),
  ];
  const sums = sumTimeclockDays({
    dates,
    changes: [...changes].reverse(),
    timeOff: [
      { date: '2026-11-19', hours: 8, kind: 'pto' },
      { date: '2026-11-18', hours: 4, kind: 'uto' },
      { date: '2026-11-30', hours: 8, kind: 'pto' },
    ],
    timezone: 'UTC',
    now: at('2026-11-20T11:30:00Z'),
  });
  const day = (date: string) => sums.days.find((entry) => entry.date === date);

  it('answers one entry per date, in order', () => {
    expect(sums.days.map((entry) => entry.date)).toEqual(dates);
  });

  it('runs each status until the next change', () => {
    expect(day('2026-11-16')).toEqual({
      date: '2026-11-16',
      checked_in: 120 + 105 + 210,
      break: 15,
      lunch: 30,
      traveling: 60,
      pto: 0,
      uto: 0,
      payable: 435 + 15 + 60,
    });
  });

  it('splits a status at midnight', () => {
    expect(day('2026-11-17')!.checked_in).toBe(120);
    expect(day('2026-11-18')!.checked_in).toBe(120);
  });

  it('counts time off by kind: pto is payable, uto is not; a day outside the range is left out', () => {
    expect(day('2026-11-18')).toMatchObject({ uto: 240, payable: 120 });
    expect(day('2026-11-19')).toMatchObject({ pto: 480, payable: 480, checked_in: 0 });
  });

  it('runs a status left open until now, and nothing after', () => {
    expect(day('2026-11-20')).toMatchObject({ checked_in: 150, payable: 150 });
    expect(day('2026-11-21')!.checked_in).toBe(0);
  });

  it('totals are the sums of the days', () => {
    expect(sums.totals).toEqual({
      checked_in: 435 + 120 + 120 + 150,
      break: 15,
      lunch: 30,
      traveling: 60,
      pto: 480,
      uto: 240,
      payable: 435 + 120 + 120 + 150 + 15 + 60 + 480,
    });
  });
});

describe('sumTimeclockDays edges', () => {
  it('clips statuses that began before the range or end after it, and honours a stored end', () => {
    const sums = sumTimeclockDays({
      dates: ['2026-11-16'],
      changes: [change(1, '2026-11-15T20:00:00Z', '2026-11-16T01:00:00Z'), change(4, '2026-11-16T23:00:00Z')],
      timeOff: [],
      timezone: 'UTC',
      now: at('2026-11-18T00:00:00Z'),
    });
    expect(sums.days[0]).toMatchObject({ checked_in: 60, traveling: 60, payable: 120 });
  });

  it("splits at the user's local midnight", () => {
    // Chicago is UTC-6 in November: 05:00Z to 07:00Z is Monday 23:00 to Tuesday 01:00 there.
    const sums = sumTimeclockDays({
      dates: ['2026-11-16', '2026-11-17'],
      changes: [change(1, '2026-11-17T05:00:00Z', '2026-11-17T07:00:00Z')],
      timeOff: [],
      timezone: 'America/Chicago',
      now: at('2026-11-20T00:00:00Z'),
    });
    expect(sums.days.map((entry) => entry.checked_in)).toEqual([60, 60]);
  });

  it('gives a day of a daylight-saving change its real length', () => {
    const sums = sumTimeclockDays({
      dates: ['2026-03-08'],
      changes: [change(1, '2026-03-01T00:00:00Z', '2026-03-15T00:00:00Z')],
      timeOff: [],
      timezone: 'America/Chicago',
      now: at('2026-04-01T00:00:00Z'),
    });
    expect(sums.days[0]!.checked_in).toBe(23 * 60);
    expect(zonedDayStart('2026-03-08', 'America/Chicago')).toBe(at('2026-03-08T06:00:00Z'));
    expect(zonedDayStart('2026-03-09', 'America/Chicago')).toBe(at('2026-03-09T05:00:00Z'));
  });

  it('counts nothing for Offline or a change after now', () => {
    const sums = sumTimeclockDays({
      dates: ['2026-11-16'],
      changes: [change(5, '2026-11-16T00:00:00Z'), change(1, '2026-11-16T20:00:00Z')],
      timeOff: [],
      timezone: 'UTC',
      now: at('2026-11-16T12:00:00Z'),
    });
    expect(sums.totals.payable).toBe(0);
  });

  it('takes a closed day as summed, with its time off, and sums the other days from changes', () => {
    const sums = sumTimeclockDays({
      dates: ['2026-11-16', '2026-11-17'],
      changes: [change(1, '2026-11-17T08:00:00Z', '2026-11-17T09:00:00Z')],
      timeOff: [{ date: '2026-11-16', hours: 1, kind: 'pto' }],
      timezone: 'UTC',
      now: at('2026-11-17T12:00:00Z'),
      closedDays: new Map([['2026-11-16', [100, 10, 30, 20] as const]]),
    });
    expect(sums.days[0]).toEqual({
      date: '2026-11-16',
      checked_in: 100,
      break: 10,
      lunch: 30,
      traveling: 20,
      pto: 60,
      uto: 0,
      payable: 100 + 10 + 20 + 60,
    });
    expect(sums.days[1]!.checked_in).toBe(60);
    expect(sums.totals.payable).toBe(190 + 60);
  });
});

describe('report helpers', () => {
  it('writes minutes as hours and minutes', () => {
    expect(formatReportMinutes(0)).toBe('0:00');
    expect(formatReportMinutes(425)).toBe('7:05');
    expect(formatReportMinutes(2490)).toBe('41:30');
  });

  it('defaults to the current week, Monday to today', () => {
    expect(defaultTimeclockRange('2026-11-26')).toEqual({ start: '2026-11-23', end: '2026-11-26' });
    expect(defaultTimeclockRange('2026-11-23')).toEqual({ start: '2026-11-23', end: '2026-11-23' });
    expect(defaultTimeclockRange('2026-11-29')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
  });

  it('refuses malformed, impossible and reversed dates; knows a range over a year', () => {
    const errors = (start: string, end: string) => {
      const result = reportRangeSchema.safeParse({ start, end });
      return result.success ? null : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
    };
    expect(errors('2026-11-16', '2026-11-22')).toBeNull();
    expect(errors('2026-02-30', '2026-11-22')).toEqual([['start', 'The start is not a valid date (YYYY-MM-DD).']]);
    expect(errors('2026-11-16', 'today')).toEqual([['end', 'The end is not a valid date (YYYY-MM-DD).']]);
    expect(errors('2026-11-16', '2026-11-15')).toEqual([['end', 'The end must be a date after or equal to start.']]);
    expect(reportRangeTooLong({ start: '2025-01-01', end: '2026-01-01' })).toBe(false);
    expect(reportRangeTooLong({ start: '2025-01-01', end: '2026-01-02' })).toBe(true);
    expect(reportRangeTooLongMessage).toBe('The report may cover at most 366 days.');
  });

  it('exports a line per user and date and a total line, as hours and minutes', () => {
    const csv = timeclockReportCsv({
      report: 'timeclock',
      start: '2026-11-16',
      end: '2026-11-16',
      dates: ['2026-11-16'],
      rows: [
        {
          user_id: 1,
          name: '=Ann, Lee',
          shortname: 'Ann',
          timezone: 'UTC',
          days: [
            { date: '2026-11-16', checked_in: 425, break: 15, lunch: 30, traveling: 0, pto: 0, uto: 0, payable: 440 },
          ],
          totals: { checked_in: 425, break: 15, lunch: 30, traveling: 0, pto: 0, uto: 0, payable: 440 },
        },
      ],
    });
    expect(csv.split('\r\n')).toEqual([
      'User,Date,Checked In,Break,Lunch,Traveling,PTO,UTO,Payable',
      `"'=Ann, Lee",2026-11-16,7:05,0:15,0:30,0:00,0:00,0:00,7:20`,
      `"'=Ann, Lee",Total,7:05,0:15,0:30,0:00,0:00,0:00,7:20`,
      '',
    ]);
  });
});
