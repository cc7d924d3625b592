// The billing calendar (decision 0069): documents carry dates, not times. One time zone, the billing settings' own
// (UTC until set), decides what "today" is, the run's month and the usage month of a check-in. Dates are ISO text
// ('2026-04-18'), months the first day of the month ('2026-04-01'), as the date columns hold them.

export interface BillingDate {
  /** The calendar date in the billing time zone, 'YYYY-MM-DD'. */
  date: string;
  /** The first day of that date's month, 'YYYY-MM-01' (billing_month, usage month). */
  month: string;
}

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Throws a RangeError for a name Intl does not know, which the settings' zod contract refuses first.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar date and month of an instant in the billing time zone (an IANA name; 'UTC' by default). */
export function billingDate(instant: Date | string | number, timeZone = 'UTC'): BillingDate {
  const at = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(at.getTime())) throw new RangeError(`Not an instant: ${String(instant)}`);
  const parts = formatterFor(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const year = part('year').padStart(4, '0');
  const date = `${year}-${part('month')}-${part('day')}`;
  return { date, month: monthOf(date) };
}

/** Days since 1970-01-01 of an ISO date: calendar arithmetic in UTC, where every day has 24 hours. */
function dayNumber(date: string): number {
  const match = isoDatePattern.exec(date);
  if (!match) throw new RangeError(`Not a date: ${JSON.stringify(date)}`);
  const [, y, m, d] = match.map(Number);
  const time = Date.UTC(y, m - 1, d);
  const check = new Date(time);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d)
    throw new RangeError(`Not a date: ${JSON.stringify(date)}`);
  return time / 86_400_000;
}

const dateFromDayNumber = (days: number): string => new Date(days * 86_400_000).toISOString().slice(0, 10);

/** True for a real calendar date in 'YYYY-MM-DD' form. */
export function isIsoDate(date: string): boolean {
  try {
    dayNumber(date);
    return true;
  } catch {
    return false;
  }
}

/** The date `days` days after `date` (before it when negative): due date = invoice date + terms. */
export const addDays = (date: string, days: number): string => dateFromDayNumber(dayNumber(date) + days);

/** Whole days from `from` to `to` (positive when `to` is later): 'days past due' is daysBetween(due, asOf). */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

/** 'YYYY-MM-01' of a date's month. */
export function monthOf(date: string): string {
  dayNumber(date);
  return `${date.slice(0, 7)}-01`;
}

/** The last day of a date's month. */
export function monthEnd(date: string): string {
  const [y, m] = date.split('-').map(Number);
  return dateFromDayNumber(Date.UTC(y, m, 0) / 86_400_000);
}

/** Number of days in a date's month (28 to 31). */
export const daysInMonth = (date: string): number => Number(monthEnd(date).slice(8, 10));

/** First day of the month `count` months after the month of `date` (before it when negative). */
export function addMonths(date: string, count: number): string {
  const [y, m] = monthOf(date).split('-').map(Number);
  return dateFromDayNumber(Date.UTC(y, m - 1 + count, 1) / 86_400_000);
}
