import { z } from 'zod';

// Employment events (designs/hr.md §7 headcount; decision record "HR employment events"): disabling an employee asks
// a separation date and type and an optional reason, enabling one again a rehire date, and creating one records a
// hire at the start date. The headcount report counts these; employees without any (older data) are read from their
// start date and the day the account was disabled.

export const employmentEventKinds = ['hire', 'separation', 'rehire'] as const;
export type EmploymentEventKind = (typeof employmentEventKinds)[number];

export const separationTypes = ['voluntary', 'involuntary'] as const;
export type SeparationType = (typeof separationTypes)[number];
export const separationTypeLabels: Record<SeparationType, string> = {
  voluntary: 'Voluntary',
  involuntary: 'Involuntary',
};
/** DELETE /api/user/{id} and older clients send no type: the API records this one (the web form requires it). */
export const defaultSeparationType: SeparationType = 'voluntary';

export const employmentMessages = {
  separationDate: 'Enter the separation date as YYYY-MM-DD.',
  separationType: 'Choose whether the separation was voluntary or involuntary.',
  separationReason: 'The reason may not be greater than 500 characters.',
  rehireDate: 'Enter the rehire date as YYYY-MM-DD.',
  separationFuture: 'The separation date cannot be in the future.',
  separationBeforeStart: 'The separation date cannot be before the employee was hired.',
  rehireFuture: 'The rehire date cannot be in the future.',
  rehireBeforeSeparation: 'The rehire date cannot be before the separation date.',
} as const;

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const isoDate = (message: string) =>
  z.preprocess(emptyToUndefined, z.string({ message }).refine(isRealDate, message).optional());

function isRealDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * What disabling asks (the web dialog and the API): every field optional for API clients (the date defaults to
 * today, the type to `defaultSeparationType`); the web form requires the type through `separationFormSchema`.
 */
export const separationInputSchema = z.object({
  separation_date: isoDate(employmentMessages.separationDate),
  separation_type: z.preprocess(
    emptyToUndefined,
    z.enum(separationTypes, { message: employmentMessages.separationType }).optional(),
  ),
  separation_reason: z.preprocess(
    emptyToUndefined,
    z
      .string({ message: employmentMessages.separationReason })
      .trim()
      .max(500, employmentMessages.separationReason)
      .optional(),
  ),
});
export type SeparationInput = z.infer<typeof separationInputSchema>;

/** The web dialog: the type is required there. */
export const separationFormSchema = separationInputSchema.extend({
  separation_date: z.string().refine(isRealDate, employmentMessages.separationDate),
  separation_type: z.enum(separationTypes, { message: employmentMessages.separationType }),
});
export type SeparationForm = z.infer<typeof separationFormSchema>;

/** What enabling again asks: the rehire date (today by default). */
export const rehireInputSchema = z.object({ rehire_date: isoDate(employmentMessages.rehireDate) });
export type RehireInput = z.infer<typeof rehireInputSchema>;

/** A separation as recorded: the defaults applied. */
export interface Separation {
  date: string;
  type: SeparationType;
  reason: string;
}

export const separationOf = (input: SeparationInput, today: string): Separation => ({
  date: input.separation_date ?? today,
  type: input.separation_type ?? defaultSeparationType,
  reason: input.separation_reason ?? '',
});

// ---- Headcount rules (pure, unit-tested) ----

export interface EmploymentEvent {
  kind: EmploymentEventKind;
  date: string;
  separationType: SeparationType | null;
}

/** One stretch of employment: from a hire or rehire to a separation (or still employed). */
export interface EmploymentSpan {
  start: string;
  startKind: 'hire' | 'rehire';
  end: string | null;
  endType: SeparationType | null;
}

/**
 * An employee's stretches of employment. With events: hires and rehires open a span, separations close it; a first
 * separation with no hire before it starts from `hiredOn`. Without any event (data from before the events), or
 * without a separation while the account is disabled, the start date and the disabled day stand in (type unknown).
 */
export function employmentSpans(
  events: readonly EmploymentEvent[],
  fallback: { hiredOn: string; disabledOn: string | null },
): EmploymentSpan[] {
  const sorted = [...events].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const spans: EmploymentSpan[] = [];
  let open: EmploymentSpan | null = null;
  for (const event of sorted) {
    if (event.kind === 'separation') {
      const span: EmploymentSpan = open ?? {
        start: spans.length === 0 ? fallback.hiredOn : event.date,
        startKind: 'hire',
        end: null,
        endType: null,
      };
      span.end = event.date;
      span.endType = event.separationType;
      spans.push(span);
      open = null;
    } else if (!open) {
      open = { start: event.date, startKind: spans.length === 0 ? event.kind : 'rehire', end: null, endType: null };
    }
  }
  if (!open && spans.length === 0) open = { start: fallback.hiredOn, startKind: 'hire', end: null, endType: null };
  if (open) {
    if (fallback.disabledOn !== null && fallback.disabledOn >= open.start) open.end = fallback.disabledOn;
    spans.push(open);
  }
  return spans;
}

/** Employed on this day: inside a span; the separation date counts as gone (as the disabled day always has). */
export const employedOn = (spans: readonly EmploymentSpan[], day: string): boolean =>
  spans.some((span) => span.start <= day && (span.end === null || span.end > day));

/** The tenure bands of the headcount report, in whole years since the latest hire or rehire. */
export const tenureBands = [
  { key: 'under_1', label: 'Under 1 year', minYears: 0 },
  { key: '1_2', label: '1-2 years', minYears: 1 },
  { key: '3_5', label: '3-5 years', minYears: 3 },
  { key: '6_10', label: '6-10 years', minYears: 6 },
  { key: 'over_10', label: 'Over 10 years', minYears: 11 },
] as const;
export type TenureBandKey = (typeof tenureBands)[number]['key'];

/** Whole years from `start` to `day` (an anniversary on Feb 29 falls on Mar 1 in other years). */
export function completedYears(start: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(start.slice(0, 4));
  return day.slice(5) < start.slice(5) ? years - 1 : years;
}

export function tenureBandOf(start: string, day: string): TenureBandKey {
  const years = completedYears(start, day);
  let band: TenureBandKey = tenureBands[0].key;
  for (const entry of tenureBands) if (years >= entry.minYears) band = entry.key;
  return band;
}
