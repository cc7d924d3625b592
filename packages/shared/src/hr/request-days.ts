import {
  buildPtoPeriods,
  isIsoDate,
  roundHours,
  type BuildPtoPeriodsInput,
  type PtoBank,
  type PtoPeriod,
  type PtoUsedHours,
} from '../pto.ts';
import type { HrDayPart, HrRequestBalance, HrRequestDay } from './requests.ts';

// Pure rules of HR time-off requests (designs/hr.md §2.3, §2.5): a range expanded into days with hours on the
// employee's schedule and holidays, and the balance each PTO period is left with, projected to the last day.

/** Hours per ISO weekday, '1' = Monday to '7' = Sunday (the company week or the employee's own). */
export type WeekSchedule = Readonly<Record<string, number>>;

export interface TimeOffPartInput {
  date: string;
  part: HrDayPart;
  start?: string | null;
  end?: string | null;
  hours?: number | null;
}

export interface ExpandTimeOffDaysInput {
  start: string;
  end: string;
  /** Days that are not Full; any date not listed is a full day. */
  parts?: readonly TimeOffPartInput[];
  schedule: WeekSchedule;
  /** The employee's effective holidays (company days with their moves, plus their own days). */
  holidays?: readonly { date: string; name: string | null }[];
}

const dayMs = 86_400_000;
const toUtc = (date: string): number => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10));
const fromUtc = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** ISO weekday of a date: 1 = Monday to 7 = Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(toUtc(date)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Every date from start to end, both included. */
export function datesBetween(start: string, end: string): string[] {
  const dates: string[] = [];
  for (let time = toUtc(start); time <= toUtc(end); time += dayMs) dates.push(fromUtc(time));
  return dates;
}

const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Each date of the range with its hours: the scheduled hours that weekday, 0 on non-working days and holidays;
 * Morning and Afternoon take half the day's schedule, Custom its start-end span or its hours (never more than the
 * day's schedule: time off beyond it is not time off).
 */
export function expandTimeOffDays(input: ExpandTimeOffDaysInput): HrRequestDay[] {
  if (!isIsoDate(input.start) || !isIsoDate(input.end) || input.end < input.start) return [];
  const parts = new Map((input.parts ?? []).map((part) => [part.date, part]));
  const holidays = new Map<string, string | null>();
  for (const holiday of input.holidays ?? []) if (!holidays.has(holiday.date)) holidays.set(holiday.date, holiday.name);
  return datesBetween(input.start, input.end).map((date) => {
    const weekday = isoWeekday(date);
    const holiday = holidays.has(date) ? (holidays.get(date) ?? 'Holiday') : null;
    const weekHours = Math.max(0, Number(input.schedule[String(weekday)] ?? 0));
    const scheduled = holiday === null ? weekHours : 0;
    const part = parts.get(date);
    const kind: HrDayPart = part?.part ?? 'full';
    const custom = kind === 'custom' && part?.start && part?.end;
    let hours = scheduled;
    if (kind === 'morning' || kind === 'afternoon') hours = scheduled / 2;
    if (kind === 'custom') {
      const asked = custom
        ? (minutesOf(part.end as string) - minutesOf(part.start as string)) / 60
        : (part?.hours ?? 0);
      hours = Math.min(Math.max(0, asked), scheduled);
    }
    return {
      date,
      weekday,
      part: kind,
      start: custom ? (part.start as string) : null,
      end: custom ? (part.end as string) : null,
      hours: roundHours(hours),
      scheduled_hours: roundHours(scheduled),
      holiday,
      non_working: scheduled === 0,
    };
  });
}

/** The hours of the days, summed and rounded. */
export function totalDayHours(days: readonly { hours: number }[]): number {
  return roundHours(days.reduce((sum, day) => sum + day.hours, 0));
}

/**
 * Dates on which the request and the employee's other pending and approved time off together exceed the day's
 * schedule (a morning and an afternoon request share a day; two full days do not).
 */
export function overlappingDates(
  days: readonly HrRequestDay[],
  otherHoursByDate: ReadonlyMap<string, number>,
): string[] {
  return days
    .filter(
      (day) => day.hours > 0 && roundHours(day.hours + (otherHoursByDate.get(day.date) ?? 0)) > day.scheduled_hours,
    )
    .map((day) => day.date);
}

export interface ProjectPtoBalancesInput extends Omit<BuildPtoPeriodsInput, 'usedHours' | 'today'> {
  today: string;
  /** Time off already taken (approved requests and manual rows), this request's own rows excluded. */
  usedHours: readonly PtoUsedHours[];
  /** The days of other pending requests, drawing from their banks. */
  pendingHours: readonly PtoUsedHours[];
  /** This request's days in its bank. */
  requestHours: readonly PtoUsedHours[];
}

const periodOf = (periods: readonly PtoPeriod[], date: string): number => {
  if (periods.length === 0) return -1;
  if (date < periods[0].start_date) return 0;
  return periods.findIndex((period) => period.start_date <= date && date <= period.end_date);
};

const balanceOf = (period: PtoPeriod, bank: PtoBank): number =>
  bank === 'Accrual' ? period.accrued_balance : period.lump_sum_balance;

/**
 * Per bank and PTO period the request touches: available (approved time off only), pending elsewhere, this
 * request, and the balance after both. The engine runs with `today` moved to the last requested day, so a request
 * in next year's period sees that period's Flat Rate grant and its rollover from the balance left before it, but no
 * Hourly accrual not yet earned (the timeclock has no future hours). Each day counts in the period holding its date.
 */
export function projectPtoBalances(input: ProjectPtoBalancesInput): HrRequestBalance[] {
  const { usedHours, pendingHours, requestHours, ...engine } = input;
  const touched = requestHours.filter((day) => Number(day.hours) > 0);
  if (touched.length === 0 || !engine.ptoStartDate) return [];
  const lastDay = touched.reduce((last, day) => (day.date > last ? day.date : last), engine.today);
  const build = (used: readonly PtoUsedHours[]) => buildPtoPeriods({ ...engine, usedHours: used, today: lastDay });
  const available = build(usedHours);
  const after = build([...usedHours, ...pendingHours, ...requestHours]);

  const rows = new Map<string, HrRequestBalance>();
  const add = (day: PtoUsedHours, field: 'pending_elsewhere' | 'this_request') => {
    const index = periodOf(available, day.date);
    if (index < 0) return;
    const key = `${day.bank}|${index}`;
    let row = rows.get(key);
    if (!row) {
      if (field === 'pending_elsewhere') return;
      row = {
        bank: day.bank,
        period_start: available[index].start_date,
        period_end: available[index].end_date,
        available: balanceOf(available[index], day.bank),
        pending_elsewhere: 0,
        this_request: 0,
        after: balanceOf(after[index], day.bank),
      };
      rows.set(key, row);
    }
    row[field] = roundHours(row[field] + Number(day.hours));
  };
  for (const day of touched) add(day, 'this_request');
  for (const day of pendingHours) add(day, 'pending_elsewhere');
  return [...rows.values()].sort((a, b) =>
    a.period_start === b.period_start ? a.bank.localeCompare(b.bank) : a.period_start < b.period_start ? -1 : 1,
  );
}
