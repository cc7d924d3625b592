import { describe, expect, it } from 'vitest';
import {
  addYearsClamped,
  timeOffReasons,
  timeOffReasonSchema,
  buildPtoPeriods,
  isCurrentPeriod,
  isIsoDate,
  ptoEndLabel,
  ptoPeriodBounds,
  ptoSettingInputSchema,
  roundHours,
  type BuildPtoPeriodsInput,
  type PtoPeriod,
  type PtoSettingRule,
} from './pto.ts';

/** Field → first message, as the 422 answer and the form show them. */
function errorsOf(input: unknown): Record<string, string> {
  const result = ptoSettingInputSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/** A timeclock stub: checked-in hours per day, summed over [from, to]; it records every range asked for. */
function timeclock(days: Record<string, number>) {
  const calls: Array<[string, string]> = [];
  const checkedInHours = (from: string, to: string): number => {
    calls.push([from, to]);
    return Object.entries(days)
      .filter(([date]) => date >= from && date <= to)
      .reduce((sum, [, hours]) => sum + hours, 0);
  };
  return { calls, checkedInHours };
}

function build(overrides: Partial<BuildPtoPeriodsInput>): PtoPeriod[] {
  return buildPtoPeriods({
    ptoStartDate: '2024-01-01',
    settings: [],
    checkedInHours: () => 0,
    usedHours: [],
    today: '2024-06-01',
    ...overrides,
  });
}

const span = (period: PtoPeriod) => [period.start_date, period.end_date];
const accrual = (period: PtoPeriod) => [
  period.accrued_hours,
  period.accrued_rollover,
  period.accrued_used,
  period.accrued_balance,
];
const lumpSum = (period: PtoPeriod) => [
  period.lump_sum_hours,
  period.lump_sum_rollover,
  period.lump_sum_used,
  period.lump_sum_balance,
];

describe('ptoSettingInputSchema', () => {
  const hourly = {
    name: 'Full time',
    type: 'Hourly',
    start_date: '2024-01-01',
    end_date: null,
    payroll_hours: 40,
    accrued_hours: 1.54,
  };
  const flatRate = {
    name: 'Yearly',
    type: 'Flat Rate',
    start_date: '2024-01-01',
    end_date: '2024-12-31',
    initial_hours: 80,
  };
  const adjustment = {
    name: 'Bonus',
    type: 'Adjustment',
    start_date: '2024-05-02',
    adjustment_hours: -4.25,
    deposits_to: 'Lump Sum',
  };

  it('accepts each type and keeps only the fields of that type', () => {
    expect(ptoSettingInputSchema.parse(hourly)).toEqual({
      name: 'Full time',
      type: 'Hourly',
      start_date: '2024-01-01',
      end_date: null,
      adjustment_hours: null,
      deposits_to: null,
      payroll_hours: 40,
      accrued_hours: 1.54,
      initial_hours: null,
    });
    expect(ptoSettingInputSchema.parse({ ...flatRate, payroll_hours: 5, deposits_to: 'Accrual' })).toEqual({
      name: 'Yearly',
      type: 'Flat Rate',
      start_date: '2024-01-01',
      end_date: '2024-12-31',
      adjustment_hours: null,
      deposits_to: null,
      payroll_hours: null,
      accrued_hours: null,
      initial_hours: 80,
    });
    // An Adjustment is a single date: a leftover end date from another type is dropped, not an error.
    expect(ptoSettingInputSchema.parse({ ...adjustment, end_date: '2020-01-01', user_id: '7' })).toEqual({
      user_id: 7,
      name: 'Bonus',
      type: 'Adjustment',
      start_date: '2024-05-02',
      end_date: null,
      adjustment_hours: -4.25,
      deposits_to: 'Lump Sum',
      payroll_hours: null,
      accrued_hours: null,
      initial_hours: null,
    });
  });

  it('reads form-encoded values: numeric strings, and empty strings as no value (Endless)', () => {
    const parsed = ptoSettingInputSchema.parse({
      ...hourly,
      end_date: '',
      payroll_hours: ' 80 ',
      accrued_hours: '3.08',
    });
    expect([parsed.end_date, parsed.payroll_hours, parsed.accrued_hours]).toEqual([null, 80, 3.08]);
    expect(ptoSettingInputSchema.parse({ ...flatRate, initial_hours: '0' }).initial_hours).toBe(0);
  });

  it('requires name, type and start date with Laravel-style messages, all at once', () => {
    expect(errorsOf({})).toEqual({
      name: 'The name field is required.',
      type: 'The type field is required.',
      start_date: 'The start date field is required.',
    });
    expect(errorsOf({ ...hourly, name: '   ', type: '', start_date: '' })).toEqual({
      name: 'The name field is required.',
      type: 'The type field is required.',
      start_date: 'The start date field is required.',
    });
    expect(errorsOf({ ...hourly, name: 'x'.repeat(256) })).toEqual({
      name: 'The name may not be greater than 255 characters.',
    });
    expect(errorsOf({ ...hourly, type: 'Weekly' })).toEqual({ type: 'The selected type is invalid.' });
  });

  it('rejects dates that are not calendar days and an end before the start', () => {
    expect(errorsOf({ ...hourly, start_date: '2023-02-29' })).toEqual({
      start_date: 'The start date is not a valid date.',
    });
    expect(errorsOf({ ...hourly, start_date: '01/02/2024' })).toEqual({
      start_date: 'The start date is not a valid date.',
    });
    expect(errorsOf({ ...hourly, end_date: '2024-13-01' })).toEqual({ end_date: 'The end date is not a valid date.' });
    expect(errorsOf({ ...hourly, end_date: '2023-12-31' })).toEqual({
      end_date: 'The end date must be a date after or equal to start date.',
    });
    expect(errorsOf({ ...hourly, end_date: '2024-01-01' })).toEqual({});
    expect(errorsOf({ ...hourly, start_date: '2024-02-29', end_date: '2024-03-01' })).toEqual({});
  });

  it('Hourly needs payroll and accrued hours above 0, in steps of 0.01', () => {
    expect(errorsOf({ ...hourly, payroll_hours: null, accrued_hours: '' })).toEqual({
      payroll_hours: 'The payroll hours field is required when type is Hourly.',
      accrued_hours: 'The accrued hours field is required when type is Hourly.',
    });
    expect(errorsOf({ ...hourly, payroll_hours: 0, accrued_hours: -1 })).toEqual({
      payroll_hours: 'The payroll hours must be greater than 0.',
      accrued_hours: 'The accrued hours must be greater than 0.',
    });
    expect(errorsOf({ ...hourly, payroll_hours: 'forty', accrued_hours: 1.005 })).toEqual({
      payroll_hours: 'The payroll hours must be a number.',
      accrued_hours: 'The accrued hours must have 0-2 decimal places.',
    });
    expect(errorsOf({ ...hourly, payroll_hours: 10000 })).toEqual({
      payroll_hours: 'The payroll hours may not be greater than 9999.99.',
    });
    expect(errorsOf({ ...hourly, payroll_hours: 0.01, accrued_hours: 9999.99 })).toEqual({});
  });

  it('Flat Rate needs hours of at least 0', () => {
    expect(errorsOf({ ...flatRate, initial_hours: undefined })).toEqual({
      initial_hours: 'The initial hours field is required when type is Flat Rate.',
    });
    expect(errorsOf({ ...flatRate, initial_hours: -0.01 })).toEqual({
      initial_hours: 'The initial hours must be at least 0.',
    });
    expect(errorsOf({ ...flatRate, initial_hours: 12.345 })).toEqual({
      initial_hours: 'The initial hours must have 0-2 decimal places.',
    });
  });

  it('Adjustment needs non-zero hours (negative is a retraction) and a bank', () => {
    expect(errorsOf({ ...adjustment, adjustment_hours: null, deposits_to: '' })).toEqual({
      adjustment_hours: 'The adjustment hours field is required when type is Adjustment.',
      deposits_to: 'The deposits to field is required when type is Adjustment.',
    });
    expect(errorsOf({ ...adjustment, deposits_to: 'Savings' })).toEqual({
      deposits_to: 'The selected deposits to is invalid.',
    });
    expect(errorsOf({ ...adjustment, adjustment_hours: 0 })).toEqual({
      adjustment_hours: 'The adjustment hours must not be 0.',
    });
    expect(errorsOf({ ...adjustment, adjustment_hours: -10000 })).toEqual({
      adjustment_hours: 'The adjustment hours must be at least -9999.99.',
    });
    expect(errorsOf({ ...adjustment, adjustment_hours: '-0.015' })).toEqual({
      adjustment_hours: 'The adjustment hours must have 0-2 decimal places.',
    });
    expect(errorsOf({ ...adjustment, adjustment_hours: '8', deposits_to: 'Accrual' })).toEqual({});
  });

  it('still reports type rules when another field has failed', () => {
    expect(errorsOf({ ...hourly, name: undefined, payroll_hours: undefined })).toEqual({
      name: 'The name field is required.',
      payroll_hours: 'The payroll hours field is required when type is Hourly.',
    });
  });

  it('rejects a bad user id', () => {
    expect(errorsOf({ ...hourly, user_id: 'abc' })).toEqual({ user_id: 'The selected user id is invalid.' });
    expect(errorsOf({ ...hourly, user_id: 0 })).toEqual({ user_id: 'The selected user id is invalid.' });
  });
});

describe('labels, markers and calendar helpers', () => {
  it('shows Endless without an end date and N/A for an Adjustment', () => {
    expect(ptoEndLabel({ type: 'Hourly', end_date: null })).toBe('Endless');
    expect(ptoEndLabel({ type: 'Flat Rate', end_date: '' })).toBe('Endless');
    expect(ptoEndLabel({ type: 'Flat Rate' })).toBe('Endless');
    expect(ptoEndLabel({ type: 'Hourly', end_date: '2025-12-31' })).toBe('2025-12-31');
    expect(ptoEndLabel({ type: 'Adjustment', end_date: '2025-12-31' })).toBe('N/A');
    expect(ptoEndLabel({ type: 'Adjustment', end_date: null })).toBe('N/A');
  });

  it('marks a period Current from its first to its last day, both included', () => {
    const period = { start_date: '2025-03-15', end_date: '2026-03-14' };
    expect(isCurrentPeriod(period, '2025-03-14')).toBe(false);
    expect(isCurrentPeriod(period, '2025-03-15')).toBe(true);
    expect(isCurrentPeriod(period, '2025-11-22')).toBe(true);
    expect(isCurrentPeriod(period, '2026-03-14')).toBe(true);
    expect(isCurrentPeriod(period, '2026-03-15')).toBe(false);
  });

  it('moves a Feb 29 anniversary to Feb 28 in other years and back in leap years', () => {
    expect(addYearsClamped('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYearsClamped('2024-02-29', 4)).toBe('2028-02-29');
    expect(addYearsClamped('2024-02-29', 76)).toBe('2100-02-28'); // 2100 is not a leap year
    expect(addYearsClamped('2023-12-31', 1)).toBe('2024-12-31');
    expect(ptoPeriodBounds('2024-02-29', 0)).toEqual({ start_date: '2024-02-29', end_date: '2025-02-27' });
    expect(ptoPeriodBounds('2024-02-29', 3)).toEqual({ start_date: '2027-02-28', end_date: '2028-02-28' });
    expect(ptoPeriodBounds('2023-03-01', 0)).toEqual({ start_date: '2023-03-01', end_date: '2024-02-29' });
  });

  it('checks calendar days and rounds hours half away from zero', () => {
    expect([
      isIsoDate('2024-02-29'),
      isIsoDate('2023-02-29'),
      isIsoDate('2024-04-31'),
      isIsoDate('2024-1-01'),
      isIsoDate(20240101),
    ]).toEqual([true, false, false, false, false]);
    expect(roundHours(1.005)).toBe(1.01);
    expect(roundHours(-1.005)).toBe(-1.01);
    expect(roundHours(2.675)).toBe(2.68);
    expect(roundHours(10 / 3)).toBe(3.33);
    expect(Object.is(roundHours(-0.001), 0)).toBe(true);
    expect(roundHours(Number.NaN)).toBe(0);
  });
});

describe('buildPtoPeriods: periods', () => {
  it('has no periods without a pto_start_date', () => {
    expect(build({ ptoStartDate: null })).toEqual([]);
    expect(build({ ptoStartDate: '' })).toEqual([]);
  });

  it('repeats yearly from pto_start_date up to the period holding today, which alone is Current', () => {
    const periods = build({ ptoStartDate: '2023-03-15', today: '2025-06-01' });
    expect(periods.map(span)).toEqual([
      ['2023-03-15', '2024-03-14'],
      ['2024-03-15', '2025-03-14'],
      ['2025-03-15', '2026-03-14'],
    ]);
    expect(periods.map((period) => period.current)).toEqual([false, false, true]);
    expect(periods[0]).toEqual({
      start_date: '2023-03-15',
      end_date: '2024-03-14',
      current: false,
      accrued_hours: 0,
      accrued_rollover: 0,
      accrued_used: 0,
      accrued_balance: 0,
      lump_sum_hours: 0,
      lump_sum_rollover: 0,
      lump_sum_used: 0,
      lump_sum_balance: 0,
    });
  });

  it('starts a new period on the anniversary itself', () => {
    expect(build({ ptoStartDate: '2023-03-15', today: '2025-03-14' }).map(span).at(-1)).toEqual([
      '2024-03-15',
      '2025-03-14',
    ]);
    expect(build({ ptoStartDate: '2023-03-15', today: '2025-03-15' }).map(span).at(-1)).toEqual([
      '2025-03-15',
      '2026-03-14',
    ]);
    expect(build({ ptoStartDate: '2025-11-22', today: '2025-11-22' }).map((period) => period.current)).toEqual([true]);
  });

  it('shows only the first period, not Current, while pto_start_date is in the future', () => {
    const periods = build({ ptoStartDate: '2027-01-10', today: '2026-11-22' });
    expect(periods.map(span)).toEqual([['2027-01-10', '2028-01-09']]);
    expect(periods[0].current).toBe(false);
  });

  it('handles a Feb 29 pto_start_date through leap and common years', () => {
    const periods = build({ ptoStartDate: '2024-02-29', today: '2028-03-01' });
    expect(periods.map(span)).toEqual([
      ['2024-02-29', '2025-02-27'],
      ['2025-02-28', '2026-02-27'],
      ['2026-02-28', '2027-02-27'],
      ['2027-02-28', '2028-02-28'],
      ['2028-02-29', '2029-02-27'],
    ]);
    expect(periods.at(-1)?.current).toBe(true);
    expect(build({ ptoStartDate: '2024-02-29', today: '2025-02-27' }).length).toBe(1);
    expect(build({ ptoStartDate: '2024-02-29', today: '2025-02-28' }).length).toBe(2);
    expect(build({ ptoStartDate: '2024-02-29', today: '2028-02-28' }).length).toBe(4);
  });

  it('refuses dates that are not calendar days', () => {
    expect(() => build({ ptoStartDate: '2023-02-29' })).toThrow(RangeError);
    expect(() => build({ today: '11/22/2026' })).toThrow(RangeError);
  });
});

describe('buildPtoPeriods: Hourly', () => {
  it('accrues checked-in hours × accrued / payroll to Accrual, per period, without flooring', () => {
    const clock = timeclock({ '2024-02-01': 60, '2024-11-30': 40, '2025-01-02': 13 });
    const setting: PtoSettingRule = {
      type: 'Hourly',
      start_date: '2024-01-01',
      end_date: null,
      payroll_hours: 40,
      accrued_hours: 1.5,
    };
    const periods = build({ settings: [setting], checkedInHours: clock.checkedInHours, today: '2025-03-01' });
    // 2024: (60 + 40) × 1.5 / 40 = 3.75; 2025: 13 × 1.5 / 40 = 0.4875 → 0.49. Nothing rolls over (limit 0).
    expect(periods.map(accrual)).toEqual([
      [3.75, 0, 0, 3.75],
      [0.49, 0, 0, 0.49],
    ]);
    expect(periods.map(lumpSum)).toEqual([
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
    // Endless: the whole of each period is asked for.
    expect(clock.calls).toEqual([
      ['2024-01-01', '2024-12-31'],
      ['2025-01-01', '2025-12-31'],
    ]);
  });

  it('counts only the overlap of a setting that starts mid-period and ends in the next one', () => {
    const clock = timeclock({ '2024-03-01': 50, '2024-08-01': 30, '2025-02-01': 20, '2025-05-01': 40 });
    const setting: PtoSettingRule = {
      type: 'Hourly',
      start_date: '2024-07-01',
      end_date: '2025-03-31',
      payroll_hours: '10',
      accrued_hours: '1.00',
    };
    const periods = build({ settings: [setting], checkedInHours: clock.checkedInHours, today: '2025-06-30' });
    // 2024: only 08-01 lies in [07-01, 12-31]: 30 × 1 / 10 = 3; 2025: only 02-01 lies in [01-01, 03-31]: 20 / 10 = 2.
    expect(periods.map((period) => period.accrued_hours)).toEqual([3, 2]);
    expect(clock.calls).toEqual([
      ['2024-07-01', '2024-12-31'],
      ['2025-01-01', '2025-03-31'],
    ]);
  });

  it('adds several Hourly settings and skips one that ended before the period', () => {
    const clock = timeclock({ '2024-05-01': 30, '2025-05-01': 30 });
    const settings: PtoSettingRule[] = [
      { type: 'Hourly', start_date: '2024-01-01', end_date: '2024-12-31', payroll_hours: 3, accrued_hours: 1 },
      { type: 'Hourly', start_date: '2025-01-01', end_date: null, payroll_hours: 30, accrued_hours: 2.5 },
    ];
    const periods = build({ settings, checkedInHours: clock.checkedInHours, today: '2025-06-01' });
    // 2024: 30 × 1 / 3 = 10 (second setting not yet active); 2025: 30 × 2.5 / 30 = 2.5 (first one ended).
    expect(periods.map((period) => period.accrued_hours)).toEqual([10, 2.5]);
    expect(clock.calls).toEqual([
      ['2024-01-01', '2024-12-31'],
      ['2025-01-01', '2025-12-31'],
    ]);
  });

  it('rounds only the per-period total: 3 × (1 / 3) is 1, not 0.99', () => {
    const clock = timeclock({ '2024-02-01': 1 });
    const settings: PtoSettingRule[] = [1, 2, 3].map(() => ({
      type: 'Hourly',
      start_date: '2024-01-01',
      payroll_hours: 3,
      accrued_hours: 1,
    }));
    // Each setting: 1 × 1 / 3 = 0.333…; the sum 1.000 rounds to 1 (rounding each part would give 0.99).
    expect(build({ settings, checkedInHours: clock.checkedInHours })[0].accrued_hours).toBe(1);
  });

  it('does not ask the timeclock for a setting that starts after the last period', () => {
    const clock = timeclock({});
    build({
      settings: [{ type: 'Hourly', start_date: '2030-01-01', payroll_hours: 40, accrued_hours: 1 }],
      checkedInHours: clock.checkedInHours,
    });
    expect(clock.calls).toEqual([]);
  });
});

describe('buildPtoPeriods: Flat Rate', () => {
  it('grants its hours to Lump Sum in every period it is active in, Endless', () => {
    const settings: PtoSettingRule[] = [
      { type: 'Flat Rate', start_date: '2024-01-01', end_date: null, initial_hours: 80 },
    ];
    const periods = build({ settings, today: '2026-02-01' });
    expect(periods.map(lumpSum)).toEqual([
      [80, 0, 0, 80],
      [80, 0, 0, 80],
      [80, 0, 0, 80],
    ]);
    expect(periods.map((period) => period.accrued_hours)).toEqual([0, 0, 0]);
  });

  it('counts a period the setting overlaps by any day: a mid-period start grants at once, no proration', () => {
    const settings: PtoSettingRule[] = [
      { type: 'Flat Rate', start_date: '2025-07-01', end_date: null, initial_hours: '40' }, // 2025 and 2026
      { type: 'Flat Rate', start_date: '2023-06-01', end_date: '2025-01-01', initial_hours: 16 }, // 2024 (from before pto start) and 2025 (one day)
      { type: 'Flat Rate', start_date: '2024-03-01', end_date: '2024-03-31', initial_hours: 8 }, // 2024 only
    ];
    const periods = build({ settings, today: '2026-01-01' });
    // 2024: 16 + 8 = 24; 2025: 40 + 16 = 56; 2026: 40.
    expect(periods.map((period) => period.lump_sum_hours)).toEqual([24, 56, 40]);
  });

  it('grants nothing for a setting that ended before pto_start_date', () => {
    const settings: PtoSettingRule[] = [
      { type: 'Flat Rate', start_date: '2022-01-01', end_date: '2023-12-31', initial_hours: 80 },
    ];
    expect(build({ settings })[0].lump_sum_hours).toBe(0);
  });
});

describe('buildPtoPeriods: Adjustment', () => {
  it('deposits a bonus or a retraction to its bank in the period holding its date', () => {
    const settings: PtoSettingRule[] = [
      { type: 'Adjustment', start_date: '2024-03-10', adjustment_hours: 8, deposits_to: 'Accrual' },
      { type: 'Adjustment', start_date: '2024-04-01', adjustment_hours: '-4.5', deposits_to: 'Lump Sum' },
      { type: 'Adjustment', start_date: '2025-01-01', adjustment_hours: 2.25, deposits_to: 'Lump Sum' },
      {
        type: 'Adjustment',
        start_date: '2025-02-01',
        adjustment_hours: -3,
        deposits_to: 'Accrual',
        end_date: '2099-01-01',
      },
    ];
    const periods = build({ settings, today: '2025-01-15' });
    // 2024: accrual +8, lump sum −4.5; 2025: accrual −3 (and the −4.5 balance carries, see rollover), lump sum +2.25.
    expect(periods.map(accrual)).toEqual([
      [8, 0, 0, 8],
      [-3, 0, 0, -3],
    ]);
    expect(periods.map(lumpSum)).toEqual([
      [-4.5, 0, 0, -4.5],
      [2.25, -4.5, 0, -2.25],
    ]);
  });

  it('counts an adjustment dated before pto_start_date in the first period and one after the last period nowhere yet', () => {
    const settings: PtoSettingRule[] = [
      { type: 'Adjustment', start_date: '2023-12-31', adjustment_hours: 5, deposits_to: 'Accrual' },
      { type: 'Adjustment', start_date: '2024-12-31', adjustment_hours: 1, deposits_to: 'Accrual' }, // later this period: counts now
      { type: 'Adjustment', start_date: '2025-01-01', adjustment_hours: 100, deposits_to: 'Accrual' }, // next period, not begun
    ];
    expect(build({ settings, today: '2024-06-01' }).map(accrual)).toEqual([[6, 0, 0, 6]]);
  });
});

describe('buildPtoPeriods: used hours and rollover', () => {
  const grant = (date: string, hours: number, bank: 'Accrual' | 'Lump Sum' = 'Accrual'): PtoSettingRule => ({
    type: 'Adjustment',
    start_date: date,
    adjustment_hours: hours,
    deposits_to: bank,
  });

  it('subtracts used hours from their bank in the period of their date', () => {
    const periods = build({
      settings: [grant('2024-01-05', 40), grant('2024-01-05', 24, 'Lump Sum')],
      usedHours: [
        { date: '2024-02-01', hours: 8, bank: 'Accrual' },
        { date: '2024-03-01', hours: '4.25', bank: 'Accrual' },
        { date: '2024-04-01', hours: 6, bank: 'Lump Sum' },
        { date: '2025-01-02', hours: 99, bank: 'Lump Sum' }, // next period, not begun
      ],
    });
    // Accrual 40 − 12.25 = 27.75; Lump Sum 24 − 6 = 18.
    expect(periods.map(accrual)).toEqual([[40, 0, 12.25, 27.75]]);
    expect(periods.map(lumpSum)).toEqual([[24, 0, 6, 18]]);
  });

  it('rolls nothing over with the default limits of 0', () => {
    const periods = build({
      settings: [grant('2024-02-01', 40), grant('2024-02-01', 16, 'Lump Sum')],
      today: '2025-02-01',
    });
    expect(periods.map(accrual)).toEqual([
      [40, 0, 0, 40],
      [0, 0, 0, 0],
    ]);
    expect(periods.map(lumpSum)).toEqual([
      [16, 0, 0, 16],
      [0, 0, 0, 0],
    ]);
    const explicit = build({
      settings: [grant('2024-02-01', 40)],
      accrualRolloverLimit: null,
      lumpSumRolloverLimit: '0',
      today: '2025-02-01',
    });
    expect(explicit[1].accrued_rollover).toBe(0);
  });

  it('caps each bank at its own limit and rolls a smaller balance whole', () => {
    const periods = build({
      settings: [grant('2024-02-01', 40), grant('2024-02-01', 16, 'Lump Sum')],
      accrualRolloverLimit: 24,
      lumpSumRolloverLimit: '20.5',
      today: '2025-02-01',
    });
    // Accrual: min(40, 24) = 24; Lump Sum: min(16, 20.5) = 16.
    expect(periods[1]).toMatchObject({
      accrued_rollover: 24,
      accrued_balance: 24,
      lump_sum_rollover: 16,
      lump_sum_balance: 16,
    });
  });

  it('chains rollover over the years and carries a negative balance in full, even past a limit of 0', () => {
    const periods = build({
      ptoStartDate: '2023-01-01',
      settings: [grant('2023-06-01', 50), grant('2025-03-01', 8)],
      usedHours: [
        { date: '2023-07-01', hours: 10, bank: 'Accrual' },
        { date: '2024-07-01', hours: 30, bank: 'Accrual' },
        { date: '2025-04-01', hours: 1, bank: 'Lump Sum' },
      ],
      accrualRolloverLimit: 24,
      today: '2026-01-15',
    });
    // 2023: 50 − 10 = 40; 2024: rollover min(40, 24) = 24, 24 − 30 = −6; 2025: −6 carries, −6 + 8 = 2;
    // 2026: min(2, 24) = 2.  Lump Sum: 2025: −1 (limit 0); 2026: the −1 debt still carries.
    expect(periods.map(accrual)).toEqual([
      [50, 0, 10, 40],
      [0, 24, 30, -6],
      [8, -6, 0, 2],
      [0, 2, 0, 2],
    ]);
    expect(periods.map(lumpSum)).toEqual([
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 1, -1],
      [0, -1, 0, -1],
    ]);
    expect(periods.map((period) => period.current)).toEqual([false, false, false, true]);
  });

  it('treats a negative limit as 0', () => {
    const periods = build({ settings: [grant('2024-02-01', 40)], accrualRolloverLimit: -5, today: '2025-02-01' });
    expect(periods[1].accrued_rollover).toBe(0);
  });

  it('puts it all together: Hourly, Flat Rate, adjustments, used hours and limits', () => {
    const clock = timeclock({ '2024-06-03': 160, '2025-06-02': 80 });
    const periods = build({
      ptoStartDate: '2024-03-15',
      settings: [
        { type: 'Hourly', start_date: '2024-03-15', end_date: null, payroll_hours: 40, accrued_hours: 1.54 },
        { type: 'Flat Rate', start_date: '2024-03-15', end_date: null, initial_hours: 24 },
        { type: 'Adjustment', start_date: '2024-12-24', adjustment_hours: 4, deposits_to: 'Lump Sum' },
      ],
      checkedInHours: clock.checkedInHours,
      usedHours: [
        { date: '2024-09-09', hours: 2, bank: 'Accrual' },
        { date: '2024-10-10', hours: 8, bank: 'Lump Sum' },
        { date: '2025-07-04', hours: 8, bank: 'Lump Sum' },
      ],
      accrualRolloverLimit: 40,
      lumpSumRolloverLimit: 8,
      today: '2025-11-22',
    });
    // 2024-03-15..2025-03-14: accrual 160 × 1.54 / 40 = 6.16, − 2 = 4.16; lump sum 24 + 4 − 8 = 20.
    // 2025-03-15..2026-03-14: accrual 80 × 1.54 / 40 = 3.08 + min(4.16, 40) = 7.24; lump sum 24 + min(20, 8) − 8 = 24.
    expect(periods).toEqual([
      {
        start_date: '2024-03-15',
        end_date: '2025-03-14',
        current: false,
        accrued_hours: 6.16,
        accrued_rollover: 0,
        accrued_used: 2,
        accrued_balance: 4.16,
        lump_sum_hours: 28,
        lump_sum_rollover: 0,
        lump_sum_used: 8,
        lump_sum_balance: 20,
      },
      {
        start_date: '2025-03-15',
        end_date: '2026-03-14',
        current: true,
        accrued_hours: 3.08,
        accrued_rollover: 4.16,
        accrued_used: 0,
        accrued_balance: 7.24,
        lump_sum_hours: 24,
        lump_sum_rollover: 8,
        lump_sum_used: 8,
        lump_sum_balance: 24,
      },
    ]);
  });
});

describe('time-off reasons (spec 1 §3.11)', () => {
  it('are Sick, Vacation, Personal Time and Appointment, and nothing else is accepted', () => {
    expect(timeOffReasons).toEqual(['Sick', 'Vacation', 'Personal Time', 'Appointment']);
    for (const reason of timeOffReasons) expect(timeOffReasonSchema.parse(reason)).toBe(reason);
    expect(timeOffReasonSchema.safeParse('Holiday').error?.issues[0]?.message).toBe('The selected reason is invalid.');
    expect(timeOffReasonSchema.safeParse('').error?.issues[0]?.message).toBe('The reason field is required.');
  });
});
