import { z } from 'zod';
import { csvCell } from './csv.ts';
import { isIsoDate } from './pto.ts';
import { TIMECLOCK_BREAK, TIMECLOCK_CHECKED_IN, TIMECLOCK_LUNCH, TIMECLOCK_TRAVELING } from './timeclock-statuses.ts';

/*
 * The timeclock report (spec 3 §2, §7, §9; decision 0052): per user and day, minutes Checked In, on Break, at
 * Lunch, Traveling, on paid time off (pto) and unpaid time off (uto), and the payable sum. Days are the user's
 * calendar days in their own time zone (UTC when none), as the PTO engine counts payroll hours.
 */

export const reportNames = ['timeclock'] as const;
export type ReportName = (typeof reportNames)[number];

/** The value columns, in the spec's order. */
export const timeclockReportColumns = ['checked_in', 'break', 'lunch', 'traveling', 'pto', 'uto', 'payable'] as const;
export type TimeclockReportColumn = (typeof timeclockReportColumns)[number];

/** Column headers of the page and the CSV. */
export const timeclockReportColumnLabels: Record<TimeclockReportColumn, string> = {
  checked_in: 'Checked In',
  break: 'Break',
  lunch: 'Lunch',
  traveling: 'Traveling',
  pto: 'PTO',
  uto: 'UTO',
  payable: 'Payable',
};

/** Whole minutes per column. */
export type TimeclockValues = Record<TimeclockReportColumn, number>;

/** Statuses that count, by slot (checked_in, break, lunch, traveling); 5 Offline counts nowhere. */
const statusSlots: Record<number, number> = {
  [TIMECLOCK_CHECKED_IN]: 0,
  [TIMECLOCK_BREAK]: 1,
  [TIMECLOCK_LUNCH]: 2,
  [TIMECLOCK_TRAVELING]: 3,
};

/**
 * Payable time (decision 0052): worked time (Checked In, Traveling), short rest breaks (paid work time under the
 * FLSA) and paid time off. Lunch (a meal period) and unpaid time off are not paid.
 */
export const payableColumns = ['checked_in', 'break', 'traveling', 'pto'] as const;

/** One status change: the status holds from `start` until `end`; with no end, until the next change (or now). */
export interface TimeclockChange {
  status: number;
  /** Milliseconds since the epoch. */
  start: number;
  end: number | null;
}

/** Time off taken on a day: pto (paid, from PTO used) or uto (unpaid). */
export interface TimeOffDay {
  date: string;
  hours: number;
  kind: 'pto' | 'uto';
}

export const emptyTimeclockValues = (): TimeclockValues => ({
  checked_in: 0,
  break: 0,
  lunch: 0,
  traveling: 0,
  pto: 0,
  uto: 0,
  payable: 0,
});

// ---- dates ----

/** The date `days` after (or before) an ISO date. */
export function addDays(date: string, days: number): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  parsed.setUTCDate(parsed.getUTCDate() + days);
  return parsed.toISOString().slice(0, 10);
}

/** Every date from start to end, both included. */
export function datesBetween(start: string, end: string): string[] {
  const dates: string[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** Monday of the week holding `today`, and today: the report's default range (spec 3 §9, the current week). */
export function defaultTimeclockRange(today: string): { start: string; end: string } {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  return { start: addDays(today, -((weekday + 6) % 7)), end: today };
}

// One date format per zone: making an Intl.DateTimeFormat costs some 0.07 ms (more under load), formatting with one
// about 1 µs, and every report and every time-zone check asks for today.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date in an IANA time zone. */
export function todayInZone(timezone: string, now = Date.now()): string {
  let format = dateFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    // An unknown zone throws above and is not kept; cleared past a thousand (a few hundred zones exist, spelt in any case).
    if (dateFormats.size >= 1000) dateFormats.clear();
    dateFormats.set(timezone, format);
  }
  return format.format(now).slice(0, 10);
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in milliseconds (positive east of Greenwich). */
function zoneOffset(timezone: string, at: number): number {
  let format = zoneFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormats.set(timezone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(at)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const local = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return local - Math.floor(at / 1000) * 1000;
}

// Day starts already worked out, by zone and date: Intl is slow (some 20 µs a call), and a report asks the same few
// zones for the same dates once per person. Bounded: cleared when it grows past a few years of a few dozen zones.
const dayStarts = new Map<string, number>();
const DAY_STARTS_KEPT = 50_000;

/** The instant a calendar date begins in a time zone (midnight local time), in milliseconds. */
export function zonedDayStart(date: string, timezone: string): number {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  if (timezone === 'UTC') return utcMidnight;
  const key = `${timezone} ${date}`;
  const known = dayStarts.get(key);
  if (known !== undefined) return known;
  const firstGuess = utcMidnight - zoneOffset(timezone, utcMidnight);
  // Once more at the guess, in case a daylight-saving change lies between the two instants.
  const start = utcMidnight - zoneOffset(timezone, firstGuess);
  if (dayStarts.size >= DAY_STARTS_KEPT) dayStarts.clear();
  dayStarts.set(key, start);
  return start;
}

// ---- sums ----

export interface SumTimeclockInput {
  /** The report's dates in order, consecutive (datesBetween). */
  dates: readonly string[];
  /** The user's status changes, in any order. */
  changes: readonly TimeclockChange[];
  timeOff: readonly TimeOffDay[];
  /** IANA zone the user's days are counted in. */
  timezone: string;
  /** Milliseconds since the epoch: an open status runs until this instant. */
  now: number;
  /**
   * Days already summed (closed days kept by the server), by date: minutes Checked In, Break, Lunch and Traveling.
   * Such a date takes these values instead of summing changes; its time off still comes from `timeOff`.
   */
  closedDays?: ReadonlyMap<string, ClosedDayMinutes>;
}

/** One closed day's minutes: Checked In, Break, Lunch, Traveling. */
export type ClosedDayMinutes = readonly [checkedIn: number, onBreak: number, lunch: number, traveling: number];

export interface TimeclockUserSums {
  /** One entry per date of the input, in order. */
  days: (TimeclockValues & { date: string })[];
  totals: TimeclockValues;
}

/**
 * Sums one user's statuses and time off per day. Each status runs from its start until its end, or until the next
 * change when it has none, and the last open one until `now`; time is split at the user's local midnights and
 * clipped to the dates. Each day's values are whole minutes (rounded), payable is the sum of the day's payable
 * columns, and the totals are the sums of the days, so a row always adds up.
 */
export function sumTimeclockDays(input: SumTimeclockInput): TimeclockUserSums {
  const { dates, timezone, now } = input;
  const { bounds, dayIndex } = dayBoundsOf(dates, timezone);
  const count = dates.length;
  // Seconds per day, four statuses side by side: [checked_in, break, lunch, traveling] of day 0, then day 1...
  const seconds = new Float64Array(count * 4);

  const changes = isSortedByStart(input.changes) ? input.changes : [...input.changes].sort((a, b) => a.start - b.start);
  let day = 0;
  for (let index = 0; index < changes.length; index += 1) {
    const change = changes[index]!;
    const column = statusSlots[change.status];
    if (column === undefined || count === 0) continue;
    const next = changes[index + 1];
    const end = Math.min(change.end ?? next?.start ?? now, now);
    let from = Math.max(change.start, bounds[0]!);
    const to = Math.min(end, bounds[count]!);
    if (to <= from) continue;
    // Changes are in order, so the day pointer only moves forward (one pass over changes and days).
    while (day > 0 && bounds[day]! > from) day -= 1;
    while (bounds[day + 1]! <= from) day += 1;
    for (let d = day; d < count && from < to; d += 1) {
      const until = Math.min(to, bounds[d + 1]!);
      seconds[d * 4 + column] += (until - from) / 1000;
      from = until;
    }
  }

  const timeOffMinutes = new Float64Array(count * 2);
  for (const entry of input.timeOff) {
    const index = dayIndex.get(entry.date);
    if (index !== undefined) timeOffMinutes[index * 2 + (entry.kind === 'pto' ? 0 : 1)] += Math.round(entry.hours * 60);
  }

  const totals = emptyTimeclockValues();
  const days: TimeclockUserSums['days'] = new Array(count);
  for (let index = 0; index < count; index += 1) {
    const closed = input.closedDays?.get(dates[index]!);
    const checkedIn = closed ? closed[0] : Math.round(seconds[index * 4]! / 60);
    const onBreak = closed ? closed[1] : Math.round(seconds[index * 4 + 1]! / 60);
    const lunch = closed ? closed[2] : Math.round(seconds[index * 4 + 2]! / 60);
    const traveling = closed ? closed[3] : Math.round(seconds[index * 4 + 3]! / 60);
    const pto = timeOffMinutes[index * 2]!;
    const uto = timeOffMinutes[index * 2 + 1]!;
    // payableColumns: checked_in, break, traveling and pto.
    const payable = checkedIn + onBreak + traveling + pto;
    totals.checked_in += checkedIn;
    totals.break += onBreak;
    totals.lunch += lunch;
    totals.traveling += traveling;
    totals.pto += pto;
    totals.uto += uto;
    totals.payable += payable;
    days[index] = {
      date: dates[index]!,
      checked_in: checkedIn,
      break: onBreak,
      lunch,
      traveling,
      pto,
      uto,
      payable,
    };
  }
  return { days, totals };
}

const isSortedByStart = (changes: readonly TimeclockChange[]) =>
  changes.every((change, index) => index === 0 || changes[index - 1]!.start <= change.start);

// The day bounds of one list of dates per zone: a report sums every person over the same dates.
const boundsByDates = new WeakMap<
  readonly string[],
  Map<string, { bounds: number[]; dayIndex: Map<string, number> }>
>();

function dayBoundsOf(dates: readonly string[], timezone: string) {
  let byZone = boundsByDates.get(dates);
  if (!byZone) boundsByDates.set(dates, (byZone = new Map()));
  let found = byZone.get(timezone);
  if (!found) {
    const bounds = dates.map((date) => zonedDayStart(date, timezone));
    if (dates.length > 0) bounds.push(zonedDayStart(addDays(dates[dates.length - 1]!, 1), timezone));
    found = { bounds, dayIndex: new Map(dates.map((date, index) => [date, index])) };
    byZone.set(timezone, found);
  }
  return found;
}

/** Minutes as hours and minutes (spec 3 §9): 0:00, 7:05, 41:30. */
export function formatReportMinutes(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const whole = Math.abs(Math.round(minutes));
  return `${sign}${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

// ---- contract ----

/** The longest range one report covers, in days (a year, leap day included). */
export const maxReportDays = 366;

/**
 * Path of GET /api/reports/{report}/{start}/{end}/: dates YYYY-MM-DD, end not before start. The length limit
 * (reportRangeTooLong) applies after the end is capped at today, so an open-ended "until 2999" still works.
 */
export const reportRangeSchema = z
  .object({
    start: z.string().refine(isIsoDate, { message: 'The start is not a valid date (YYYY-MM-DD).' }),
    end: z.string().refine(isIsoDate, { message: 'The end is not a valid date (YYYY-MM-DD).' }),
  })
  .superRefine((range, context) => {
    if (isIsoDate(range.start) && isIsoDate(range.end) && range.end < range.start)
      context.addIssue({ code: 'custom', path: ['end'], message: 'The end must be a date after or equal to start.' });
  });

export const reportRangeTooLongMessage = `The report may cover at most ${maxReportDays} days.`;

/** True when a (valid, ordered) range covers more than maxReportDays days. */
export const reportRangeTooLong = (range: { start: string; end: string }): boolean =>
  addDays(range.start, maxReportDays - 1) < range.end;
export type ReportRange = z.infer<typeof reportRangeSchema>;

export const startAfterTodayMessage = 'The start must be a date before or equal to today.';

const valuesShape = {
  checked_in: z.number().int(),
  break: z.number().int(),
  lunch: z.number().int(),
  traveling: z.number().int(),
  pto: z.number().int(),
  uto: z.number().int(),
  payable: z.number().int(),
};

export const timeclockReportRowSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  shortname: z.string(),
  timezone: z.string(),
  days: z.array(z.object({ date: z.string(), ...valuesShape })),
  totals: z.object(valuesShape),
});
export type TimeclockReportRow = z.infer<typeof timeclockReportRowSchema>;

/** data of GET /api/reports/timeclock/{start}/{end}/: the range as answered (end capped at today), one row per user. */
export const timeclockReportSchema = z.object({
  report: z.literal('timeclock'),
  start: z.string(),
  end: z.string(),
  dates: z.array(z.string()),
  rows: z.array(timeclockReportRowSchema),
});
export type TimeclockReport = z.infer<typeof timeclockReportSchema>;

export const timeclockReportResponseSchema = z.object({ data: timeclockReportSchema });

/** The report as CSV: one line per user and date, then a Total line per user, values as hours and minutes. */
export function timeclockReportCsv(report: TimeclockReport): string {
  const header = ['User', 'Date', ...timeclockReportColumns.map((column) => timeclockReportColumnLabels[column])];
  const lines = [header.map(csvCell).join(',')];
  for (const row of report.rows) {
    for (const day of row.days)
      lines.push(
        [row.name, day.date, ...timeclockReportColumns.map((column) => formatReportMinutes(day[column]))]
          .map(csvCell)
          .join(','),
      );
    lines.push(
      [row.name, 'Total', ...timeclockReportColumns.map((column) => formatReportMinutes(row.totals[column]))]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
