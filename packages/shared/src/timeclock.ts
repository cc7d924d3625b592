import { z } from 'zod';
import { timeclockStatuses } from './timeclock-statuses.ts';

export * from './timeclock-statuses.ts';

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
      .number({
        error: (issue) => (issue.input === undefined ? 'The stat field is required.' : invalidTimeclockStatusMessage),
      })
      .int(invalidTimeclockStatusMessage)
      .min(1, invalidTimeclockStatusMessage)
      .max(5, invalidTimeclockStatusMessage),
  ),
});
export type TimeclockUpdateInput = z.infer<typeof timeclockUpdateInputSchema>;

export const timeclockStatusUpdatedMessage = 'Status Updated';

export const timeclockResponseSchema = z.object({ data: timeclockStateSchema });
export const timeclockUpdateResponseSchema = z.object({ message: z.string(), data: timeclockStateSchema });
