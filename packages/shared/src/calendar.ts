import { z } from 'zod';
import { isIsoDate } from './pto.ts';
import { isoDateText } from './validation.ts';

// The calendar (spec 1 §2.6, §3.5, §5; designs/hr.md §6): one shape of item for every calendar the web draws, and
// the event dialog's contract (date, startTime and endTime from the 48 half-hour slots, start not after end, color).

/** The 48 half-hour slots of a day, '00:00' to '23:30' (spec 1 §5: hours 0-23). */
export const halfHourSlots: readonly string[] = Array.from(
  { length: 48 },
  (_, index) => `${String(Math.floor(index / 2)).padStart(2, '0')}:${index % 2 === 0 ? '00' : '30'}`,
);

export const calendarMessages = {
  dateRequired: 'The date field is required.',
  startRequired: 'The start time field is required.',
  endRequired: 'The end time field is required.',
  startAfterEnd: 'The start time may not be after the end time.',
  titleRequired: 'The title field is required.',
  saved: 'Event saved.',
  deleted: 'Event deleted.',
  rangeTooLong: 'The range may not be longer than 400 days.',
  rangeOrder: 'The end of the range must not be before its start.',
} as const;

const slot = (required: string) =>
  z
    .string({ error: required })
    .refine((value) => value !== '', required)
    .refine((value) => value === '' || halfHourSlots.includes(value), 'Choose a time on the half hour.');

const hexColor = z
  .string({ error: 'The color field is required.' })
  .regex(/^#[0-9a-fA-F]{6}$/, 'The color must be a hex colour such as #228be6.');

/** True when start is after end (both 'HH:mm'); the dialog and the server refuse it. */
export function startsAfterEnd(startTime: string, endTime: string): boolean {
  return startTime !== '' && endTime !== '' && startTime > endTime;
}

/** POST /api/calendar/events and PUT /api/calendar/events/{id}: the spec's fields and the free ones. */
export const calendarEventInputSchema = z
  .object({
    title: z
      .string({ error: calendarMessages.titleRequired })
      .trim()
      .min(1, calendarMessages.titleRequired)
      .max(120, 'The title may not be greater than 120 characters.'),
    // Blank is 'required' (the dialog's empty input), not 'not a valid date'.
    date: z
      .string({ error: calendarMessages.dateRequired })
      .refine((value) => value !== '', calendarMessages.dateRequired)
      .refine((value) => value === '' || isIsoDate(value), 'The date is not a valid date.'),
    startTime: slot(calendarMessages.startRequired),
    endTime: slot(calendarMessages.endRequired),
    color: hexColor,
    description: z.string().trim().max(2000, 'The description may not be greater than 2000 characters.').default(''),
    location: z.string().trim().max(200, 'The location may not be greater than 200 characters.').default(''),
  })
  .refine((input) => !startsAfterEnd(input.startTime, input.endTime), {
    message: calendarMessages.startAfterEnd,
    path: ['startTime'],
  });
export type CalendarEventInput = z.input<typeof calendarEventInputSchema>;
export type CalendarEventValues = z.output<typeof calendarEventInputSchema>;

export const calendarEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  color: z.string(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

/**
 * One thing drawn on a calendar. start/end: 'YYYY-MM-DD' for all-day items (end exclusive), else 'YYYY-MM-DDTHH:mm'
 * (the wall clock) or an ISO instant with Z (interviews). display: background for holidays, outline for pending.
 */
export const calendarItemSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  all_day: z.boolean(),
  color: z.string(),
  display: z.enum(['block', 'background', 'outline']),
  /** Where clicking it goes (a request, an interview), or null. */
  url: z.string().nullable(),
  user_id: z.number().int().nullable(),
  /** The row behind it (an event, request, interview, holiday, project slot). */
  source_id: z.number().int().nullable(),
  editable: z.boolean(),
});
export type CalendarItem = z.infer<typeof calendarItemSchema>;

/** ?from&to of every calendar read: inclusive days, at most 400 apart. */
export const calendarRangeShape = { from: isoDateText('from'), to: isoDateText('to') };
export function refineCalendarRange<T extends z.ZodType<{ from: string; to: string }>>(schema: T) {
  return schema
    .refine((range) => range.from <= range.to, { message: calendarMessages.rangeOrder, path: ['to'] })
    .refine((range) => (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 <= 400, {
      message: calendarMessages.rangeTooLong,
      path: ['to'],
    });
}
export const calendarRangeQuerySchema = refineCalendarRange(z.object(calendarRangeShape));

/** GET /api/calendar: the viewer's own events, colleagues out, their project slots and interviews. */
export const calendarKinds = ['event', 'time_off', 'project_slot', 'interview', 'holiday'] as const;
export const calendarResponseSchema = z.object({ data: z.array(calendarItemSchema) });
