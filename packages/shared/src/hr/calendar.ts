import { z } from 'zod';
import { calendarItemSchema, calendarRangeShape, refineCalendarRange } from '../calendar.ts';

// The HR calendar (designs/hr.md §6, §8): GET /api/hr/calendar?from&to&kinds with its filters, and the iCal feed.

export const hrCalendarKinds = ['time_off', 'pending', 'holidays', 'birthdays', 'anniversaries', 'interviews'] as const;
export type HrCalendarKind = (typeof hrCalendarKinds)[number];
export const hrCalendarKindLabels: Record<HrCalendarKind, string> = {
  time_off: 'Time off',
  pending: 'Pending time off',
  holidays: 'Holidays',
  birthdays: 'Birthdays',
  anniversaries: 'Work anniversaries',
  interviews: 'Interviews',
};
/** Birthdays and anniversaries are a toggle, off until asked for. */
export const defaultHrCalendarKinds: HrCalendarKind[] = ['time_off', 'pending', 'holidays', 'interviews'];

/** What a viewer without 'view human resources' reads in place of a reason. */
export const hrCalendarOutLabel = 'Out';

const optionalId = z.coerce.number().int().positive().max(2_147_483_647).optional();

export const hrCalendarQuerySchema = refineCalendarRange(
  z.object({
    ...calendarRangeShape,
    /** Comma separated; unknown kinds are a 422. */
    kinds: z
      .string()
      .optional()
      .transform((value) => (value === undefined || value === '' ? defaultHrCalendarKinds : value.split(',')))
      .pipe(z.array(z.enum(hrCalendarKinds, { message: 'Unknown calendar kind.' }))),
    department_id: optionalId,
    region_id: optionalId,
    user_id: optionalId,
  }),
);
export type HrCalendarQuery = z.output<typeof hrCalendarQuerySchema>;

export const hrCalendarResponseSchema = z.object({ data: z.array(calendarItemSchema) });

/** GET/POST /api/hr/calendar/feed: the personal feed URL (the token is shown only right after it is made). */
export const hrCalendarFeedSchema = z.object({
  exists: z.boolean(),
  /** Full URL with the token: only in POST's answer, since only the hash is kept. */
  url: z.string().nullable(),
  created_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type HrCalendarFeed = z.infer<typeof hrCalendarFeedSchema>;
export const hrCalendarFeedMessages = { regenerated: 'A new feed URL was made; the old one no longer works.' } as const;

/** The feed's window: 3 months back, 12 ahead. */
export const hrCalendarFeedMonthsBack = 3;
export const hrCalendarFeedMonthsAhead = 12;
