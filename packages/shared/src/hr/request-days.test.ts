import { describe, expect, it } from 'vitest';
import { effectiveHolidays, type Holiday } from '../holidays.ts';
import { buildPtoPeriods, type PtoSettingRule, type PtoUsedHours } from '../pto.ts';
import { expandTimeOffDays, overlappingDates, projectPtoBalances, totalDayHours } from './request-days.ts';
import { hrRequestInputSchema } from './requests.ts';

// designs/hr.md §9, unit cases of the requests part: days on a schedule with holidays, parts, and the balances.

const week8 = { '1': 8, '2': 8, '3': 8, '4': 8, '5': 8, '6': 0, '7': 0 };
const week4x10 = { '1': 10, '2': 10, '3': 10, '4': 10, '5': 0, '6': 0, '7': 0 };
const hoursOf = (days: { date: string; hours: number }[]) => Object.fromEntries(days.map((d) => [d.date, d.hours]));

const holiday = (id: number, date: string, name: string | null, userId: number | null, newDate: string | null = null) =>
  ({ id, date, new_date: newDate, name, user_id: userId, add_by: null }) satisfies Holiday;

describe('expandTimeOffDays', () => {
  it('gives weekends 0 hours and marks them non-working', () => {
    const days = expandTimeOffDays({ start: '2026-01-16', end: '2026-01-19', schedule: week8 });
    expect(hoursOf(days)).toEqual({ '2026-01-16': 8, '2026-01-17': 0, '2026-01-18': 0, '2026-01-19': 8 });
    expect(days.map((d) => d.weekday)).toEqual([5, 6, 7, 1]);
    expect(days.map((d) => d.non_working)).toEqual([false, true, true, false]);
  });

  it('gives a company holiday, a moved one and an individual day 0 hours with their names', () => {
    const holidays = effectiveHolidays({
      company: [holiday(1, '2026-07-03', 'Independence Day', null), holiday(2, '2026-07-06', 'Summer Day', null)],
      individual: [holiday(3, '2026-07-06', null, 9, '2026-07-08'), holiday(4, '2026-07-09', 'Own day', 9)],
    });
    const days = expandTimeOffDays({ start: '2026-07-02', end: '2026-07-09', schedule: week8, holidays });
    expect(hoursOf(days)).toEqual({
      '2026-07-02': 8,
      '2026-07-03': 0,
      '2026-07-04': 0,
      '2026-07-05': 0,
      // Summer Day moved away from the 6th for this person: the 6th is a working day, the 8th is off.
      '2026-07-06': 8,
      '2026-07-07': 8,
      '2026-07-08': 0,
      '2026-07-09': 0,
    });
    expect(days.find((d) => d.date === '2026-07-03')?.holiday).toBe('Independence Day');
    expect(days.find((d) => d.date === '2026-07-08')?.holiday).toBe('Summer Day');
    expect(days.find((d) => d.date === '2026-07-09')?.holiday).toBe('Own day');
  });

  it('takes half the day for Morning and Afternoon, on 8- and 10-hour days', () => {
    const eight = expandTimeOffDays({
      start: '2026-03-02',
      end: '2026-03-03',
      schedule: week8,
      parts: [
        { date: '2026-03-02', part: 'afternoon' },
        { date: '2026-03-03', part: 'morning' },
      ],
    });
    expect(hoursOf(eight)).toEqual({ '2026-03-02': 4, '2026-03-03': 4 });
    const ten = expandTimeOffDays({
      start: '2026-03-02',
      end: '2026-03-02',
      schedule: week4x10,
      parts: [{ date: '2026-03-02', part: 'morning' }],
    });
    expect(ten[0]).toMatchObject({ hours: 5, scheduled_hours: 10, part: 'morning' });
  });

  it('counts custom half-hour slots or hours, never beyond the day', () => {
    const days = expandTimeOffDays({
      start: '2026-03-02',
      end: '2026-03-04',
      schedule: week8,
      parts: [
        { date: '2026-03-02', part: 'custom', start: '09:00', end: '11:30' },
        { date: '2026-03-03', part: 'custom', hours: 1.25 },
        { date: '2026-03-04', part: 'custom', start: '06:00', end: '20:00' },
      ],
    });
    expect(hoursOf(days)).toEqual({ '2026-03-02': 2.5, '2026-03-03': 1.25, '2026-03-04': 8 });
    expect(days[0]).toMatchObject({ start: '09:00', end: '11:30' });
  });

  it('follows a 4 x 10 week', () => {
    const days = expandTimeOffDays({ start: '2026-03-02', end: '2026-03-08', schedule: week4x10 });
    expect(days.map((d) => d.hours)).toEqual([10, 10, 10, 10, 0, 0, 0]);
    expect(totalDayHours(days)).toBe(40);
  });

  it('gives a request wholly on a holiday no hours', () => {
    const days = expandTimeOffDays({
      start: '2026-01-19',
      end: '2026-01-19',
      schedule: week8,
      holidays: [{ date: '2026-01-19', name: 'Martin Luther King Jr. Day' }],
    });
    expect(totalDayHours(days)).toBe(0);
    expect(days[0]).toMatchObject({ non_working: true, holiday: 'Martin Luther King Jr. Day' });
  });

  it('counts Fri 2026-01-16 to Tue 2026-01-20 over a holiday on the 19th as 16 h', () => {
    const days = expandTimeOffDays({
      start: '2026-01-16',
      end: '2026-01-20',
      schedule: week8,
      holidays: [{ date: '2026-01-19', name: 'MLK Day' }],
    });
    expect(totalDayHours(days)).toBe(16);
  });

  it('answers nothing for a reversed range', () => {
    expect(expandTimeOffDays({ start: '2026-01-20', end: '2026-01-16', schedule: week8 })).toEqual([]);
  });
});

describe('overlappingDates', () => {
  const days = expandTimeOffDays({
    start: '2026-03-02',
    end: '2026-03-03',
    schedule: week8,
    parts: [{ date: '2026-03-02', part: 'afternoon' }],
  });
  it('lets a morning and an afternoon request share a day', () => {
    expect(overlappingDates(days, new Map([['2026-03-02', 4]]))).toEqual([]);
  });
  it('names the days a full day already covers', () => {
    expect(overlappingDates(days, new Map([['2026-03-02', 8]]))).toEqual(['2026-03-02']);
    expect(overlappingDates(days, new Map([['2026-03-03', 0.25]]))).toEqual(['2026-03-03']);
  });
});

const flat40: PtoSettingRule = { type: 'Flat Rate', start_date: '2025-01-15', initial_hours: 40 };
const lump = (date: string, hours: number): PtoUsedHours => ({ date, hours, bank: 'Lump Sum' });

describe('projectPtoBalances', () => {
  it('splits a request over a period boundary; the next period rolls over after the used hours', () => {
    const days = expandTimeOffDays({
      start: '2026-01-13',
      end: '2026-01-16',
      schedule: week8,
      parts: [{ date: '2026-01-13', part: 'afternoon' }],
    });
    const balances = projectPtoBalances({
      ptoStartDate: '2025-01-15',
      settings: [flat40],
      lumpSumRolloverLimit: 40,
      checkedInHours: () => 0,
      usedHours: [],
      pendingHours: [],
      requestHours: days.map((d) => lump(d.date, d.hours)),
      today: '2026-01-05',
    });
    expect(balances).toEqual([
      {
        bank: 'Lump Sum',
        period_start: '2025-01-15',
        period_end: '2026-01-14',
        available: 40,
        pending_elsewhere: 0,
        this_request: 12,
        after: 28,
      },
      {
        bank: 'Lump Sum',
        period_start: '2026-01-15',
        period_end: '2027-01-14',
        // 40 granted + 40 rolled over without the request; with it, 40 + 28 - 16.
        available: 80,
        pending_elsewhere: 0,
        this_request: 16,
        after: 52,
      },
    ]);
  });

  it('counts other pending requests in the period they fall in', () => {
    const [row] = projectPtoBalances({
      ptoStartDate: '2025-01-15',
      settings: [flat40],
      checkedInHours: () => 0,
      usedHours: [lump('2025-03-02', 8)],
      pendingHours: [lump('2025-04-01', 16), lump('2026-04-01', 8)],
      requestHours: [lump('2025-05-04', 24)],
      today: '2025-03-10',
    });
    expect(row).toMatchObject({ available: 32, pending_elsewhere: 16, this_request: 24, after: -8 });
  });

  it("projects next year's period: its Flat Rate grant, no Hourly accrual not yet earned", () => {
    const hourly: PtoSettingRule = {
      type: 'Hourly',
      start_date: '2025-01-15',
      payroll_hours: 40,
      accrued_hours: 1,
    };
    // 40 checked-in hours a week until today only: the future has no timeclock.
    const checkedInHours = (from: string, to: string) => {
      const end = to < '2026-06-01' ? to : '2026-06-01';
      return end < from ? 0 : 8 * Math.round((Date.parse(end) - Date.parse(from)) / 86_400_000 + 1);
    };
    const balances = projectPtoBalances({
      ptoStartDate: '2025-01-15',
      settings: [flat40, hourly],
      checkedInHours,
      usedHours: [],
      pendingHours: [],
      requestHours: [lump('2027-02-01', 8), { date: '2027-02-02', hours: 4, bank: 'Accrual' }],
      today: '2026-06-01',
    });
    expect(balances.map((b) => [b.bank, b.period_start, b.available, b.after])).toEqual([
      ['Accrual', '2027-01-15', 0, -4],
      ['Lump Sum', '2027-01-15', 40, 32],
    ]);
  });

  it('places the days of a Feb 29 anniversary by the clamped date', () => {
    const balances = projectPtoBalances({
      ptoStartDate: '2024-02-29',
      settings: [{ type: 'Flat Rate', start_date: '2024-02-29', initial_hours: 40 }],
      checkedInHours: () => 0,
      usedHours: [],
      pendingHours: [],
      requestHours: [lump('2025-02-27', 8), lump('2025-02-28', 8)],
      today: '2025-02-01',
    });
    expect(balances.map((b) => [b.period_start, b.period_end, b.this_request])).toEqual([
      ['2024-02-29', '2025-02-27', 8],
      ['2025-02-28', '2026-02-27', 8],
    ]);
  });

  it('leaves both banks alone for Unpaid (no request hours in a bank)', () => {
    expect(
      projectPtoBalances({
        ptoStartDate: '2025-01-15',
        settings: [flat40],
        checkedInHours: () => 0,
        usedHours: [],
        pendingHours: [],
        requestHours: [],
        today: '2025-03-10',
      }),
    ).toEqual([]);
  });

  it('gives the hours back when a cancel or a return early deletes used rows', () => {
    const input = { ptoStartDate: '2025-01-15', settings: [flat40], checkedInHours: () => 0, today: '2025-06-01' };
    const approved = [lump('2025-05-05', 8), lump('2025-05-06', 8), lump('2025-05-07', 8)];
    const balance = (used: PtoUsedHours[]) => buildPtoPeriods({ ...input, usedHours: used })[0].lump_sum_balance;
    expect(balance(approved)).toBe(16);
    // Return early after the 5th: the 6th and 7th are deleted.
    expect(balance(approved.slice(0, 1))).toBe(32);
    expect(balance([])).toBe(40);
  });
});

describe('hrRequestInputSchema', () => {
  const base = { kind: 'time_off', category_id: 1, reason: 'Vacation', bank: 'lump_sum' };
  const first = (input: unknown) => hrRequestInputSchema.safeParse(input).error?.issues[0]?.message;
  it('refuses an end before the start and ranges over 366 days', () => {
    expect(first({ ...base, start_date: '2026-01-10', end_date: '2026-01-09' })).toBe(
      'The end date must be a date after or equal to the start date.',
    );
    expect(first({ ...base, start_date: '2026-01-01', end_date: '2027-01-02' })).toBe(
      'A request may span at most 366 days.',
    );
    expect(first({ ...base, start_date: '2026-01-01', end_date: '2027-01-01' })).toBeUndefined();
  });
  it('refuses a day outside the range, a date twice and a custom day without time', () => {
    const range = { ...base, start_date: '2026-01-05', end_date: '2026-01-06' };
    expect(first({ ...range, days: [{ date: '2026-01-07', part: 'full' }] })).toBe(
      'Each day must lie between the start and end dates.',
    );
    expect(
      first({
        ...range,
        days: [
          { date: '2026-01-05', part: 'morning' },
          { date: '2026-01-05', part: 'afternoon' },
        ],
      }),
    ).toBe('Each date may be listed once.');
    expect(first({ ...range, days: [{ date: '2026-01-05', part: 'custom' }] })).toBe(
      'A custom day needs a start and end, or hours.',
    );
    expect(first({ ...range, days: [{ date: '2026-01-05', part: 'custom', start: '11:00', end: '10:00' }] })).toBe(
      'The start time must be before the end time.',
    );
  });
});
