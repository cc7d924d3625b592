import { z } from 'zod';
import { isIsoDate } from './pto.ts';

/**
 * Holidays of spec 1 §3.11 and §7.6. One entity (id, date, new_date, user_id, add_by): a row without user_id
 * is a company-wide holiday; a row with user_id is the employee's own: with new_date it moves the company
 * holiday on `date` to `new_date` for that person, without new_date it is an extra day off on `date`.
 */

export const holidayErrorMessage = 'An Error Occured';
export const holidaySavedMessage = 'Holiday saved.';
export const holidayDeletedMessage = 'Holiday deleted.';
export const holidayNotCompanyMessage = 'The date is not a company holiday.';
export const holidayTakenMessage = 'The date has already been taken.';
export const holidaySameDateMessage = 'The new date must be a date different from date.';
export const holidayMoveCompanyMessage = 'A company holiday cannot have a new date.';

const emptyToNull = (value: unknown): unknown =>
  value === '' || value === undefined ? null : typeof value === 'string' ? value.trim() || null : value;

const idField = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : emptyToNull(value)),
    z
      .number({ error: `The selected ${label} is invalid.` })
      .int(`The selected ${label} is invalid.`)
      .min(1, `The selected ${label} is invalid.`)
      .max(2147483647, `The selected ${label} is invalid.`)
      .nullable(),
  );

const holidayFields = {
  date: z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? 'The date field is required.'
          : 'The date is not a valid date.',
    })
    .trim()
    .min(1, 'The date field is required.')
    .refine(isIsoDate, 'The date is not a valid date.'),
  new_date: z.preprocess(
    emptyToNull,
    z
      .string({ error: 'The new date is not a valid date.' })
      .refine(isIsoDate, 'The new date is not a valid date.')
      .nullable(),
  ),
  name: z.preprocess(
    emptyToNull,
    z
      .string({ error: 'The name must be a string.' })
      .max(255, 'The name may not be greater than 255 characters.')
      .nullable(),
  ),
};

const checkNewDate = (input: { date?: unknown; new_date?: unknown }, ctx: z.RefinementCtx) => {
  if (typeof input.new_date === 'string' && input.new_date === input.date)
    ctx.addIssue({ code: 'custom', path: ['new_date'], message: holidaySameDateMessage });
};

/** POST /api/employee/holiday/store: user_id empty = company-wide; add_by is the signed-in user, whatever is sent. */
export const holidayStoreInputSchema = z
  .object({ ...holidayFields, user_id: idField('user id') })
  .superRefine((input, ctx) => {
    checkNewDate(input, ctx);
    if (input.user_id === null && input.new_date !== null && input.new_date !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['new_date'], message: holidayMoveCompanyMessage });
    }
  });
export type HolidayStoreInput = z.input<typeof holidayStoreInputSchema>;
export type HolidayStoreValues = z.output<typeof holidayStoreInputSchema>;

/** PUT /api/employee/holiday/update: id names the holiday; its user_id never changes. */
export const holidayUpdateInputSchema = z
  .object({ ...holidayFields, id: idField('id').refine((value) => value !== null, 'The id field is required.') })
  .superRefine(checkNewDate);
export type HolidayUpdateInput = z.input<typeof holidayUpdateInputSchema>;
export type HolidayUpdateValues = z.output<typeof holidayUpdateInputSchema>;

export const holidaySchema = z.object({
  id: z.number().int(),
  date: z.string(),
  new_date: z.string().nullable(),
  name: z.string().nullable(),
  user_id: z.number().int().nullable(),
  add_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type Holiday = z.infer<typeof holidaySchema>;

/** GET /api/employee/holidays/{employeeId} (data): the company holidays and the employee's own (data.individual). */
export const employeeHolidaysSchema = z.object({ company: z.array(holidaySchema), individual: z.array(holidaySchema) });
export type EmployeeHolidays = z.infer<typeof employeeHolidaysSchema>;

export interface EffectiveHoliday {
  date: string;
  name: string | null;
  /** company: a company holiday as is; moved: a company holiday moved for this person (from = its company date); individual: an extra day. */
  kind: 'company' | 'moved' | 'individual';
  from: string | null;
  /** The holiday row to edit or delete: the company one, or the employee's own. */
  holiday_id: number;
}

/** The days this employee is off, sorted by date: company holidays with this person's moves applied, plus their own days. */
export function effectiveHolidays(holidays: EmployeeHolidays): EffectiveHoliday[] {
  const moves = new Map(holidays.individual.filter((h) => h.new_date).map((h) => [h.date, h]));
  const days: EffectiveHoliday[] = holidays.company.map((company) => {
    const move = moves.get(company.date);
    return move
      ? { date: move.new_date as string, name: company.name, kind: 'moved', from: company.date, holiday_id: move.id }
      : { date: company.date, name: company.name, kind: 'company', from: null, holiday_id: company.id };
  });
  for (const own of holidays.individual)
    if (!own.new_date)
      days.push({ date: own.date, name: own.name, kind: 'individual', from: null, holiday_id: own.id });
  return days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.holiday_id - b.holiday_id));
}
