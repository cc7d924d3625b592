import { z } from 'zod';

/** Timeclock status codes of spec 1 §3.5 and §9. */
export const TIMECLOCK_CHECKED_IN = 1;
export const TIMECLOCK_BREAK = 2;
export const TIMECLOCK_LUNCH = 3;
export const TIMECLOCK_TRAVELING = 4;
export const TIMECLOCK_OFFLINE = 5;

export const timeclockStatuses = [TIMECLOCK_CHECKED_IN, TIMECLOCK_BREAK, TIMECLOCK_LUNCH, TIMECLOCK_TRAVELING, TIMECLOCK_OFFLINE] as const;
export type TimeclockStatus = (typeof timeclockStatuses)[number];

/** Labels of the status dropdown, by code. */
export const timeclockStatusLabels: Record<TimeclockStatus, string> = {
  1: 'Checked In',
  2: 'Break',
  3: 'Lunch',
  4: 'Traveling',
  5: 'Offline',
};

export const timeclockStatusSchema = z.literal(timeclockStatuses);

/**
 * The current status: status 5 Offline with start_time null when the user has never clocked. start_time is
 * ISO 8601, the moment the current status began.
 */
export const timeclockStateSchema = z.object({
  status: timeclockStatusSchema,
  start_time: z.string().nullable(),
});
export type TimeclockState = z.infer<typeof timeclockStateSchema>;

export const invalidTimeclockStatusMessage = 'The selected stat is invalid.';

/** POST /api/misc/timeclock/update {stat}: a code 1 to 5; '3' (form-encoded) is accepted as 3. */
export const timeclockUpdateInputSchema = z.object({
  stat: z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d{1,2}\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: (issue) => (issue.input === undefined ? 'The stat field is required.' : invalidTimeclockStatusMessage) })
      .int(invalidTimeclockStatusMessage)
      .min(1, invalidTimeclockStatusMessage)
      .max(5, invalidTimeclockStatusMessage),
  ),
});
export type TimeclockUpdateInput = z.infer<typeof timeclockUpdateInputSchema>;

export const timeclockStatusUpdatedMessage = 'Status Updated';

export const timeclockResponseSchema = z.object({ data: timeclockStateSchema });
export const timeclockUpdateResponseSchema = z.object({ message: z.string(), data: timeclockStateSchema });
