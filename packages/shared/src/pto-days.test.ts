import { describe, expect, it } from 'vitest';
import { buildPtoPeriods, checkedInHoursFromDays, ptoPeriodStart, ptoUsedInputSchema } from './pto.ts';

describe('checkedInHoursFromDays', () => {
  const hours = checkedInHoursFromDays([
    { day: '2026-01-03', hours: '2.5' },
    { day: '2026-01-01', hours: 8 },
    { day: '2026-02-01', hours: 4 },
    { day: 'not a day', hours: 100 },
  ]);

  it('sums the days inside the range, both ends included, whatever the input order', () => {
    expect(hours('2026-01-01', '2026-01-03')).toBe(10.5);
    expect(hours('2026-01-02', '2026-01-31')).toBe(2.5);
    expect(hours('2026-01-01', '2026-01-01')).toBe(8);
    expect(hours('2025-01-01', '2027-01-01')).toBe(14.5);
  });

  it('answers 0 for an empty or reversed range and ignores malformed days', () => {
    expect(hours('2026-01-04', '2026-01-31')).toBe(0);
    expect(hours('2026-01-03', '2026-01-01')).toBe(0);
    expect(checkedInHoursFromDays([])('2026-01-01', '2026-12-31')).toBe(0);
  });

  it('feeds buildPtoPeriods: an Hourly policy accrues from the days of the current period only', () => {
    const periods = buildPtoPeriods({
      ptoStartDate: '2025-01-15',
      settings: [{ type: 'Hourly', start_date: '2025-01-15', payroll_hours: 40, accrued_hours: 1 }],
      checkedInHours: checkedInHoursFromDays([
        { day: '2025-06-01', hours: 80 },
        { day: '2026-01-20', hours: 20 },
      ]),
      usedHours: [],
      today: '2026-02-01',
    });
    expect(periods.map((period) => [period.start_date, period.accrued_hours, period.current])).toEqual([
      ['2025-01-15', 2, false],
      ['2026-01-15', 0.5, true],
    ]);
  });
});

describe('ptoUsedInputSchema', () => {
  const errorsOf = (input: unknown) => {
    const result = ptoUsedInputSchema.safeParse(input);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('accepts form-encoded values and normalises them', () => {
    expect(
      ptoUsedInputSchema.parse({ user_id: '7', date: '2026-03-02', hours: '7.50', bank: 'Lump Sum', note: ' ' }),
    ).toEqual({
      user_id: 7,
      date: '2026-03-02',
      hours: 7.5,
      bank: 'Lump Sum',
      note: null,
    });
  });

  it('names every bad field', () => {
    expect(errorsOf({})).toEqual({
      user_id: 'The user id field is required.',
      date: 'The date field is required.',
      hours: 'The hours field is required.',
      bank: 'The bank field is required.',
    });
    expect(errorsOf({ user_id: 'x', date: '2026-02-30', hours: '0', bank: 'Vacation', note: 'n'.repeat(256) })).toEqual(
      {
        user_id: 'The selected user id is invalid.',
        date: 'The date is not a valid date.',
        hours: 'The hours must be greater than 0.',
        bank: 'The selected bank is invalid.',
        note: 'The note may not be greater than 255 characters.',
      },
    );
    expect(errorsOf({ user_id: 1, date: '2026-01-01', hours: '1.234', bank: 'Accrual' })).toEqual({
      hours: 'The hours must have 0-2 decimal places.',
    });
    expect(errorsOf({ user_id: 1, date: '2026-01-01', hours: 10000, bank: 'Accrual' })).toEqual({
      hours: 'The hours may not be greater than 9999.99.',
    });
  });
});

describe('ptoPeriodStart', () => {
  it('prefers pto_start_date, then the start (hire) date, then the account creation day', () => {
    expect(
      ptoPeriodStart({ pto_start_date: '2025-03-01', start_date: '2024-01-01', created_at: '2023-01-01' }),
    ).toEqual({ date: '2025-03-01', source: 'pto_start_date' });
    expect(ptoPeriodStart({ pto_start_date: null, start_date: '2024-01-01', created_at: '2023-01-01' })).toEqual({
      date: '2024-01-01',
      source: 'start_date',
    });
    expect(ptoPeriodStart({ pto_start_date: null, start_date: null, created_at: '2023-01-01' })).toEqual({
      date: '2023-01-01',
      source: 'created_at',
    });
  });
});
