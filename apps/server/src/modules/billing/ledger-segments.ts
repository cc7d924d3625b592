import { sql, type SQL } from 'drizzle-orm';

// How a ledger sum over a period of days is read (decision 0137): whole months from the month rollup
// (account_month_balances, written with the lines by postJournalEntry), and a partial month at either end either from
// its own lines or as its month's rollup row less the lines of the month outside the period, whichever covers fewer
// days. A balance as of late in a month (today, usually) then reads the few lines after the date instead of the
// month's lines up to it (about 150,000 on the bench's ledger).

/** A half-open range of days [from, until), 'YYYY-MM-DD'. */
export interface DayRange {
  from: string;
  until: string;
}

export interface LedgerSegments {
  /** Rollup months m with rollupFrom <= m < rollupUntil (first days of months); empty when equal. */
  rollupFrom: string;
  rollupUntil: string;
  /** Lines to add. */
  plus: DayRange[];
  /** Lines to take away (days of a rollup month outside the period). */
  minus: DayRange[];
}

const firstOfMonth = (date: string): string => `${date.slice(0, 7)}-01`;
const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
const addDays = (date: string, days: number): string =>
  new Date((dayNumber(date) + days) * 86_400_000).toISOString().slice(0, 10);
const nextMonth = (month: string): string => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
};
const days = (range: DayRange): number => dayNumber(range.until) - dayNumber(range.from);

/**
 * The segments whose sum is the ledger over the days from `from` (null: the beginning) to `to`, both included. Each
 * partial month is read from the side with fewer days: its own days, or the rest of its month taken from the rollup.
 */
export function ledgerSegments(from: string | null, to: string): LedgerSegments {
  const lower = from ?? '0001-01-01';
  const until = addDays(to, 1);
  const startMonth = firstOfMonth(lower);
  const endMonth = firstOfMonth(to);
  const plus: DayRange[] = [];
  const minus: DayRange[] = [];
  if (until <= lower) return { rollupFrom: lower, rollupUntil: lower, plus, minus };
  const startPartial = lower !== startMonth;
  const endPartial = until !== nextMonth(endMonth);
  if (startMonth === endMonth && startPartial && endPartial) {
    // Within one month: its days, or the month's row less the days before and after.
    const own = { from: lower, until };
    const before = { from: startMonth, until: lower };
    const after = { from: until, until: nextMonth(endMonth) };
    if (days(own) <= days(before) + days(after))
      return { rollupFrom: startMonth, rollupUntil: startMonth, plus: [own], minus };
    return { rollupFrom: startMonth, rollupUntil: nextMonth(startMonth), plus, minus: [before, after] };
  }
  let rollupFrom = lower;
  if (startPartial) {
    const own = { from: lower, until: nextMonth(startMonth) };
    const before = { from: startMonth, until: lower };
    if (days(own) <= days(before)) {
      plus.push(own);
      rollupFrom = own.until;
    } else {
      minus.push(before);
      rollupFrom = startMonth;
    }
  }
  let rollupUntil = until;
  if (endPartial) {
    const own = { from: endMonth, until };
    const after = { from: until, until: nextMonth(endMonth) };
    if (days(own) <= days(after)) {
      plus.push(own);
      rollupUntil = endMonth;
    } else {
      minus.push(after);
      rollupUntil = after.until;
    }
  }
  return { rollupFrom, rollupUntil, plus, minus };
}

/** `column` within any of the ranges (false when there is none). */
export function inDayRanges(column: SQL, ranges: DayRange[]): SQL {
  if (ranges.length === 0) return sql`false`;
  return sql.join(
    ranges.map((range) => sql`(${column} >= ${range.from}::date and ${column} < ${range.until}::date)`),
    sql` or `,
  );
}
