import { z } from 'zod';

/**
 * PTO engine of spec 1 §3.11, §4 (PTO period), §5 (hours inputs) and §9: the setting contract shared by the
 * PTO form and POST/PUT /api/users/employee/pto, and pure rules that turn an employee's settings, checked-in
 * time and time off taken into yearly periods with Accrual and Lump Sum balances.
 * Dates are calendar days 'YYYY-MM-DD'; hours are numbers rounded to 2 decimals.
 */

export const ptoSettingTypes = ['Hourly', 'Flat Rate', 'Adjustment'] as const;
export type PtoSettingType = (typeof ptoSettingTypes)[number];

export const ptoBanks = ['Accrual', 'Lump Sum'] as const;
export type PtoBank = (typeof ptoBanks)[number];

/** Spec 1 §3.11: the reasons for time off, in this order (the HR request form chooses one; designs/hr.md). */
export const timeOffReasons = ['Sick', 'Vacation', 'Personal Time', 'Appointment'] as const;
export type TimeOffReason = (typeof timeOffReasons)[number];
export const timeOffReasonSchema = z.enum(timeOffReasons, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? 'The reason field is required.'
      : 'The selected reason is invalid.',
});

/** Hours inputs step 0.01 (spec 1 §5); the bound keeps a numeric(6,2) column safe. */
export const PTO_HOURS_STEP = 0.01;
export const PTO_HOURS_MAX = 9999.99;
/** Rollover limits default to 0 hours (spec 1 §5): without a limit nothing positive rolls over. */
export const PTO_DEFAULT_ROLLOVER_LIMIT = 0;

export const ptoEndless = 'Endless';
export const ptoNotApplicable = 'N/A';
export const ptoHourlyHint = 'For every X payroll hours worked, Y accrual hours are allotted';

// ---------------------------------------------------------------------------------------------------------
// Calendar days

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const daysInMonth = (year: number, month: number): number =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/** True for a real calendar day written 'YYYY-MM-DD' (years 1000 to 9999). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = isoDatePattern.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 1000 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function parseIsoDate(value: string, what: string): { year: number; month: number; day: number } {
  if (!isIsoDate(value)) throw new RangeError(`${what} must be a date 'YYYY-MM-DD', got ${JSON.stringify(value)}`);
  const [year, month, day] = value.split('-').map(Number);
  return { year, month, day };
}

const formatIsoDate = (year: number, month: number, day: number): string =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

function addDays(value: string, days: number): string {
  const { year, month, day } = parseIsoDate(value, 'date');
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return formatIsoDate(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

/** The date `years` after `start`; a Feb 29 start falls on Feb 28 in years without one. */
export function addYearsClamped(start: string, years: number): string {
  const { year, month, day } = parseIsoDate(start, 'date');
  const target = year + years;
  return formatIsoDate(target, month, Math.min(day, daysInMonth(target, month)));
}

/** Rounds half away from zero to 2 decimals, free of binary noise (1.005 → 1.01) and of -0. */
export function roundHours(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const rounded = (Math.sign(value) * Math.round(Number((Math.abs(value) * 100).toPrecision(12)))) / 100;
  return rounded === 0 ? 0 : rounded;
}

// ---------------------------------------------------------------------------------------------------------
// Setting contract (form and API)

const emptyToNull = (value: unknown): unknown => (value === '' || value === undefined ? null : value);

const requiredText = (label: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null
    ? `The ${label} field is required.`
    : `The ${label} must be a string.`;

/** A number or a numeric string (form-encoded); '' and absent mean no value. */
const hoursField = (label: string) =>
  z.preprocess(
    (value) => {
      const normalized = emptyToNull(typeof value === 'string' ? value.trim() : value);
      return typeof normalized === 'string' ? Number(normalized) : normalized;
    },
    z.number({ error: `The ${label} must be a number.` }).nullable(),
  );

const startDateSchema = z
  .string({ error: requiredText('start date') })
  .trim()
  .min(1, 'The start date field is required.')
  .refine(isIsoDate, 'The start date is not a valid date.');

const endDateSchema = z.preprocess(
  (value) => emptyToNull(typeof value === 'string' ? value.trim() : value),
  z
    .string({ error: 'The end date is not a valid date.' })
    .refine(isIsoDate, 'The end date is not a valid date.')
    .nullable(),
);

const ptoSettingFieldsSchema = z.object({
  /** The employee the setting belongs to; the create route needs it, PUT takes the setting id from the path. */
  user_id: z.preprocess(
    (value) => {
      const normalized = emptyToNull(value);
      return typeof normalized === 'string' && /^\s*\d{1,10}\s*$/.test(normalized) ? Number(normalized) : normalized;
    },
    z
      .number({ error: 'The selected user id is invalid.' })
      .int('The selected user id is invalid.')
      .min(1, 'The selected user id is invalid.')
      .max(2147483647, 'The selected user id is invalid.')
      .nullable(),
  ),
  name: z
    .string({ error: requiredText('name') })
    .trim()
    .min(1, 'The name field is required.')
    .max(255, 'The name may not be greater than 255 characters.'),
  type: z.enum(ptoSettingTypes, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? 'The type field is required.'
        : 'The selected type is invalid.',
  }),
  start_date: startDateSchema,
  end_date: endDateSchema,
  adjustment_hours: hoursField('adjustment hours'),
  deposits_to: z.preprocess(
    emptyToNull,
    z.enum(ptoBanks, { error: 'The selected deposits to is invalid.' }).nullable(),
  ),
  payroll_hours: hoursField('payroll hours'),
  accrued_hours: hoursField('accrued hours'),
  initial_hours: hoursField('initial hours'),
});

type HoursRule = { min: number; exclusive: boolean; allowZero: boolean };

function checkHours(ctx: z.RefinementCtx, field: string, value: unknown, type: PtoSettingType, rule: HoursRule): void {
  const label = field.replace(/_/g, ' ');
  if (value === null || value === undefined) {
    ctx.addIssue({ code: 'custom', path: [field], message: `The ${label} field is required when type is ${type}.` });
    return;
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) return; // the field's own rule already reported it
  if (rule.exclusive ? value <= rule.min : value < rule.min) {
    const message = rule.exclusive
      ? `The ${label} must be greater than ${rule.min}.`
      : `The ${label} must be at least ${rule.min}.`;
    ctx.addIssue({ code: 'custom', path: [field], message });
  } else if (value > PTO_HOURS_MAX) {
    ctx.addIssue({ code: 'custom', path: [field], message: `The ${label} may not be greater than ${PTO_HOURS_MAX}.` });
  } else if (!rule.allowZero && value === 0) {
    ctx.addIssue({ code: 'custom', path: [field], message: `The ${label} must not be 0.` });
  } else if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) {
    ctx.addIssue({ code: 'custom', path: [field], message: `The ${label} must have 0-2 decimal places.` });
  }
}

/**
 * A PTO setting as the form and POST/PUT /api/users/employee/pto send it. Rules by type: Hourly needs
 * payroll_hours and accrued_hours (> 0); Flat Rate needs initial_hours (>= 0, hours per period); Adjustment
 * needs adjustment_hours (± , not 0: a bonus or a retraction) and deposits_to, and start_date is its single
 * date. end_date may be empty (Endless) and may not be before start_date. The parsed value is normalised:
 * fields that do not belong to the type are null, so an Adjustment never keeps an end date.
 */
export const ptoSettingInputSchema = ptoSettingFieldsSchema
  .superRefine(
    (input, ctx) => {
      // Runs even when a field failed, so the form shows every error at once; so values are checked defensively.
      const type = ptoSettingTypes.find((candidate) => candidate === input.type);
      if (type === 'Hourly') {
        checkHours(ctx, 'payroll_hours', input.payroll_hours, type, { min: 0, exclusive: true, allowZero: false });
        checkHours(ctx, 'accrued_hours', input.accrued_hours, type, { min: 0, exclusive: true, allowZero: false });
      } else if (type === 'Flat Rate') {
        checkHours(ctx, 'initial_hours', input.initial_hours, type, { min: 0, exclusive: false, allowZero: true });
      } else if (type === 'Adjustment') {
        checkHours(ctx, 'adjustment_hours', input.adjustment_hours, type, {
          min: -PTO_HOURS_MAX,
          exclusive: false,
          allowZero: false,
        });
        if (input.deposits_to === null || input.deposits_to === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['deposits_to'],
            message: 'The deposits to field is required when type is Adjustment.',
          });
        }
      }
      if (
        type !== 'Adjustment' &&
        isIsoDate(input.start_date) &&
        isIsoDate(input.end_date) &&
        input.end_date < input.start_date
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['end_date'],
          message: 'The end date must be a date after or equal to start date.',
        });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .transform((input) => ({
    ...(input.user_id === null || input.user_id === undefined ? {} : { user_id: input.user_id }),
    name: input.name,
    type: input.type,
    start_date: input.start_date,
    end_date: input.type === 'Adjustment' ? null : (input.end_date ?? null),
    adjustment_hours: input.type === 'Adjustment' ? input.adjustment_hours : null,
    deposits_to: input.type === 'Adjustment' ? input.deposits_to : null,
    payroll_hours: input.type === 'Hourly' ? input.payroll_hours : null,
    accrued_hours: input.type === 'Hourly' ? input.accrued_hours : null,
    initial_hours: input.type === 'Flat Rate' ? input.initial_hours : null,
  }));
export type PtoSettingInput = z.input<typeof ptoSettingInputSchema>;
export type PtoSettingValues = z.output<typeof ptoSettingInputSchema>;

export const ptoSettingSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  type: z.enum(ptoSettingTypes),
  start_date: z.string(),
  end_date: z.string().nullable(),
  adjustment_hours: z.number().nullable(),
  deposits_to: z.enum(ptoBanks).nullable(),
  payroll_hours: z.number().nullable(),
  initial_hours: z.number().nullable(),
  accrued_hours: z.number().nullable(),
});
export type PtoSetting = z.infer<typeof ptoSettingSchema>;

export const ptoPeriodSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  accrued_hours: z.number(),
  accrued_rollover: z.number(),
  accrued_used: z.number(),
  accrued_balance: z.number(),
  lump_sum_hours: z.number(),
  lump_sum_rollover: z.number(),
  lump_sum_used: z.number(),
  lump_sum_balance: z.number(),
  current: z.boolean(),
});
export type PtoPeriod = z.infer<typeof ptoPeriodSchema>;

// ---------------------------------------------------------------------------------------------------------
// Labels and markers

/** The End column: 'N/A' for an Adjustment (a single date), 'Endless' when there is no end date. */
export function ptoEndLabel(setting: { type: PtoSettingType; end_date?: string | null }): string {
  if (setting.type === 'Adjustment') return ptoNotApplicable;
  return setting.end_date ? setting.end_date : ptoEndless;
}

/** Current when today lies between the period's start and end dates, both included (spec 1 §4). */
export function isCurrentPeriod(period: { start_date: string; end_date: string }, today: string): boolean {
  return period.start_date <= today && today <= period.end_date;
}

// ---------------------------------------------------------------------------------------------------------
// Periods

/** Hours as stored: a number, or a numeric string as PostgreSQL numeric columns come back. */
export type PtoHoursValue = number | string | null | undefined;

/** What the engine reads of a setting; stored rows and parsed inputs both fit. */
export interface PtoSettingRule {
  type: PtoSettingType;
  start_date: string;
  end_date?: string | null;
  adjustment_hours?: PtoHoursValue;
  deposits_to?: PtoBank | null;
  payroll_hours?: PtoHoursValue;
  accrued_hours?: PtoHoursValue;
  initial_hours?: PtoHoursValue;
}

/** Time off taken, drawn from one bank on one day. */
export interface PtoUsedHours {
  date: string;
  hours: PtoHoursValue;
  bank: PtoBank;
}

export interface BuildPtoPeriodsInput {
  /** The employee's pto_start_date; without one there are no periods. */
  ptoStartDate: string | null | undefined;
  settings: readonly PtoSettingRule[];
  accrualRolloverLimit?: PtoHoursValue;
  lumpSumRolloverLimit?: PtoHoursValue;
  /** Payroll hours: the timeclock's checked-in hours from `from` to `to`, both days included. */
  checkedInHours: (from: string, to: string) => number;
  usedHours: readonly PtoUsedHours[];
  today: string;
}

const toHours = (value: PtoHoursValue): number => {
  const number = typeof value === 'string' ? Number(value) : (value ?? 0);
  return Number.isFinite(number) ? number : 0;
};

const toLimit = (value: PtoHoursValue): number => Math.max(0, toHours(value ?? PTO_DEFAULT_ROLLOVER_LIMIT));

/** Start and end of period `index` (0-based): from the index-th anniversary to the day before the next one. */
export function ptoPeriodBounds(ptoStartDate: string, index: number): { start_date: string; end_date: string } {
  return {
    start_date: addYearsClamped(ptoStartDate, index),
    end_date: addDays(addYearsClamped(ptoStartDate, index + 1), -1),
  };
}

/** Which period a day falls in: negative before pto_start_date. */
function periodIndexOf(ptoStartDate: string, date: string): number {
  if (date < ptoStartDate) return -1;
  let index = Number(date.slice(0, 4)) - Number(ptoStartDate.slice(0, 4));
  while (index > 0 && addYearsClamped(ptoStartDate, index) > date) index -= 1;
  return index;
}

/**
 * The employee's PTO periods, oldest first: yearly from pto_start_date up to the one containing today (only
 * the first one while pto_start_date is in the future). Rules, each one tested in pto.test.ts:
 * - Hourly: checked-in hours over the overlap of the setting's range (start_date to end_date, or Endless) and
 *   the period, times accrued_hours / payroll_hours, to Accrual; proportional, no flooring.
 * - Flat Rate: initial_hours to Lump Sum, in full, for every period the setting's range overlaps by at least
 *   one day; so a setting that starts mid-period grants that period's hours at once (no proration), and a
 *   replacement policy should start on the next period's first day to avoid granting twice.
 * - Adjustment: adjustment_hours (±) on its date (start_date) to its deposits_to bank, in the period holding
 *   that date; used hours likewise by date. Entries dated before pto_start_date count in the first period so
 *   nothing recorded is dropped; entries after the last period belong to a period that has not begun yet.
 * - Rollover per bank: min(previous balance, limit), limits default to 0 so by default nothing rolls over; a
 *   negative balance (more taken than earned) carries over in full, so a debt is never forgiven.
 * - Balance = hours + rollover − used; every figure is rounded to 2 decimals, the balance from the rounded
 *   parts, so the columns add up on screen.
 */
export function buildPtoPeriods(input: BuildPtoPeriodsInput): PtoPeriod[] {
  const { ptoStartDate, today } = input;
  if (!ptoStartDate) return [];
  parseIsoDate(ptoStartDate, 'ptoStartDate');
  parseIsoDate(today, 'today');
  const accrualLimit = toLimit(input.accrualRolloverLimit);
  const lumpSumLimit = toLimit(input.lumpSumRolloverLimit);
  const count = Math.max(0, periodIndexOf(ptoStartDate, today)) + 1;

  const totals = Array.from({ length: count }, () => ({ accrued: 0, lumpSum: 0, accruedUsed: 0, lumpSumUsed: 0 }));
  // Dated entries before the first period count in it; after the last one they wait for their period.
  const slotOf = (date: string): (typeof totals)[number] | undefined =>
    totals[Math.max(0, periodIndexOf(ptoStartDate, date))];

  const bounds = totals.map((_, index) => ptoPeriodBounds(ptoStartDate, index));
  for (const setting of input.settings) {
    parseIsoDate(setting.start_date, 'setting start_date');
    if (setting.type === 'Adjustment') {
      const slot = slotOf(setting.start_date);
      const hours = toHours(setting.adjustment_hours);
      if (slot && setting.deposits_to === 'Accrual') slot.accrued += hours;
      if (slot && setting.deposits_to === 'Lump Sum') slot.lumpSum += hours;
      continue;
    }
    const settingEnd = setting.end_date ? setting.end_date : null;
    if (settingEnd !== null) parseIsoDate(settingEnd, 'setting end_date');
    bounds.forEach((period, index) => {
      const from = setting.start_date > period.start_date ? setting.start_date : period.start_date;
      const to = settingEnd !== null && settingEnd < period.end_date ? settingEnd : period.end_date;
      if (from > to) return;
      if (setting.type === 'Flat Rate') {
        totals[index].lumpSum += toHours(setting.initial_hours);
        return;
      }
      const payroll = toHours(setting.payroll_hours);
      const accrued = toHours(setting.accrued_hours);
      if (payroll <= 0 || accrued <= 0) return;
      totals[index].accrued += (toHours(input.checkedInHours(from, to)) * accrued) / payroll;
    });
  }
  for (const used of input.usedHours) {
    parseIsoDate(used.date, 'used hours date');
    const slot = slotOf(used.date);
    if (!slot) continue;
    if (used.bank === 'Accrual') slot.accruedUsed += toHours(used.hours);
    if (used.bank === 'Lump Sum') slot.lumpSumUsed += toHours(used.hours);
  }

  const periods: PtoPeriod[] = [];
  let previous: PtoPeriod | undefined;
  totals.forEach((total, index) => {
    const rollover = (balance: number | undefined, limit: number): number =>
      balance === undefined ? 0 : balance < 0 ? balance : Math.min(balance, limit);
    const accruedHours = roundHours(total.accrued);
    const accruedRollover = roundHours(rollover(previous?.accrued_balance, accrualLimit));
    const accruedUsed = roundHours(total.accruedUsed);
    const lumpSumHours = roundHours(total.lumpSum);
    const lumpSumRollover = roundHours(rollover(previous?.lump_sum_balance, lumpSumLimit));
    const lumpSumUsed = roundHours(total.lumpSumUsed);
    const period: PtoPeriod = {
      ...bounds[index],
      accrued_hours: accruedHours,
      accrued_rollover: accruedRollover,
      accrued_used: accruedUsed,
      accrued_balance: roundHours(accruedHours + accruedRollover - accruedUsed),
      lump_sum_hours: lumpSumHours,
      lump_sum_rollover: lumpSumRollover,
      lump_sum_used: lumpSumUsed,
      lump_sum_balance: roundHours(lumpSumHours + lumpSumRollover - lumpSumUsed),
      current: isCurrentPeriod(bounds[index], today),
    };
    periods.push(period);
    previous = period;
  });
  return periods;
}

// ---------------------------------------------------------------------------------------------------------
// Checked-in hours by day (the server sums the timeclock once per day; the engine asks for ranges)

/** Checked-in hours on one calendar day of the employee's time zone. */
export interface PtoDailyHours {
  day: string;
  hours: number | string;
}

/**
 * A `checkedInHours(from, to)` for buildPtoPeriods from per-day sums: prefix sums over the sorted days and a
 * binary search per call, so the engine's per-period, per-setting questions cost no further queries.
 */
export function checkedInHoursFromDays(days: readonly PtoDailyHours[]): (from: string, to: string) => number {
  const sorted = [...days]
    .filter((entry) => isIsoDate(entry.day))
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const keys = sorted.map((entry) => entry.day);
  const prefix = [0];
  for (const entry of sorted) prefix.push(prefix[prefix.length - 1] + toHours(entry.hours));
  // First index whose day is >= value (or > value when `after`).
  const bound = (value: string, after: boolean): number => {
    let low = 0;
    let high = keys.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (after ? keys[middle] <= value : keys[middle] < value) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return (from, to) => (to < from ? 0 : prefix[bound(to, true)] - prefix[bound(from, false)]);
}

// ---------------------------------------------------------------------------------------------------------
// Time off taken (recorded on the PTO view until HR requests land) and the PTO view's data

const positiveHoursSchema = z.preprocess(
  (value) => {
    const normalized = emptyToNull(typeof value === 'string' ? value.trim() : value);
    return typeof normalized === 'string' ? Number(normalized) : normalized;
  },
  z
    .number({
      error: (issue) =>
        issue.input === null || issue.input === undefined
          ? 'The hours field is required.'
          : 'The hours must be a number.',
    })
    .refine((value) => Number.isFinite(value), 'The hours must be a number.')
    .refine((value) => value > 0, 'The hours must be greater than 0.')
    .refine((value) => value <= PTO_HOURS_MAX, `The hours may not be greater than ${PTO_HOURS_MAX}.`)
    .refine(
      (value) => Math.abs(value * 100 - Math.round(value * 100)) <= 1e-6,
      'The hours must have 0-2 decimal places.',
    ),
);

/** POST /api/users/employee/pto/used: hours taken off on a day, drawn from one bank. */
export const ptoUsedInputSchema = z.object({
  user_id: z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : emptyToNull(value)),
    z
      .number({
        error: (issue) =>
          issue.input === null || issue.input === undefined
            ? 'The user id field is required.'
            : 'The selected user id is invalid.',
      })
      .int('The selected user id is invalid.')
      .min(1, 'The selected user id is invalid.')
      .max(2147483647, 'The selected user id is invalid.'),
  ),
  date: z
    .string({ error: requiredText('date') })
    .trim()
    .min(1, 'The date field is required.')
    .refine(isIsoDate, 'The date is not a valid date.'),
  hours: positiveHoursSchema,
  bank: z.enum(ptoBanks, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? 'The bank field is required.'
        : 'The selected bank is invalid.',
  }),
  note: z.preprocess(
    (value) => emptyToNull(typeof value === 'string' ? value.trim() : value),
    z
      .string({ error: 'The note must be a string.' })
      .max(255, 'The note may not be greater than 255 characters.')
      .nullable(),
  ),
});
export type PtoUsedInput = z.input<typeof ptoUsedInputSchema>;
export type PtoUsedValues = z.output<typeof ptoUsedInputSchema>;

export const ptoUsedSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  date: z.string(),
  hours: z.number(),
  bank: z.enum(ptoBanks),
  note: z.string().nullable(),
  /** The HR request whose approval wrote the row (designs/hr.md §2.5); such rows change only through the request. */
  request_id: z.number().int().nullable(),
});
export type PtoUsed = z.infer<typeof ptoUsedSchema>;

/** 422 on deleting a used row an approved request wrote: cancelling or shortening the request gives hours back. */
export const ptoUsedOfRequestMessage = 'This time off belongs to an HR request: cancel or shorten the request instead.';

/**
 * GET /api/users/employee/pto/{employeeId} (data) and the PeriodsUpdated payload on Pto_Periods_{employeeId}:
 * one presenter for both, so the view replaces its cached answer with the pushed one.
 */
export const ptoPeriodStartSources = ['pto_start_date', 'start_date', 'created_at'] as const;
export type PtoPeriodStartSource = (typeof ptoPeriodStartSources)[number];

/**
 * The day PTO periods count from: the PTO start date; without one the employee's start (hire) date; without
 * that the day the account was created, so a policy never silently accrues nothing.
 */
export function ptoPeriodStart(employee: {
  pto_start_date: string | null;
  start_date: string | null;
  created_at: string;
}): {
  date: string;
  source: PtoPeriodStartSource;
} {
  if (employee.pto_start_date) return { date: employee.pto_start_date, source: 'pto_start_date' };
  if (employee.start_date) return { date: employee.start_date, source: 'start_date' };
  return { date: employee.created_at, source: 'created_at' };
}

export const employeePtoSchema = z.object({
  user_id: z.number().int(),
  pto_start_date: z.string().nullable(),
  /** Where the periods start (see ptoPeriodStart) and why. */
  period_start_date: z.string(),
  period_start_source: z.enum(ptoPeriodStartSources),
  accrual_rollover_limit: z.number(),
  lump_sum_rollover_limit: z.number(),
  today: z.string(),
  settings: z.array(ptoSettingSchema),
  used: z.array(ptoUsedSchema),
  periods: z.array(ptoPeriodSchema),
});
export type EmployeePto = z.infer<typeof employeePtoSchema>;

export const ptoSettingSavedMessage = 'PTO setting saved.';
export const ptoSettingDeletedMessage = 'PTO setting deleted.';
export const ptoUsedSavedMessage = 'Time off recorded.';
export const ptoUsedDeletedMessage = 'Time off deleted.';

/** Spec 1 §8: failed PTO actions show this toast. */
export const ptoErrorMessage = 'An error occured.';
