import { z } from 'zod';

/**
 * Notifications of spec 1 §2.4, §3.5, §7.2. The same shape is answered by GET /api/notifications, carried
 * by the login answer and GET /api/session, and pushed as 'NotificationCreated' on the user's channel.
 */
export const notificationSchema = z.object({
  id: z.number().int(),
  // e.g. 'Assigned Ticket' (the browser opens /ticket/{number_details} for it).
  type: z.string(),
  number_details: z.string().nullable(),
  // ISO 8601; null while unread.
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export {
  MAX_READ_NOTIFICATIONS,
  MAX_UNREAD_NOTIFICATIONS,
  NOTIFICATION_ANONYMOUS_REPORT,
  NOTIFICATION_ASSIGNED_TICKET,
  NOTIFICATION_HR_FORM,
  NOTIFICATION_HR_REQUEST,
  NOTIFICATION_INTERVIEW,
  NOTIFICATION_MISSED_CALL,
} from './notification-types.ts';

export const notificationListResponseSchema = z.object({ data: z.array(notificationSchema) });
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

/** POST /api/notifications/read: ids of the caller's notifications; others' ids are ignored. */
const notAnIdMessage = 'Each notification must be an id.';
const notificationIdSchema = z
  .number({ error: notAnIdMessage })
  .int(notAnIdMessage)
  .positive(notAnIdMessage)
  .max(2_147_483_647, notAnIdMessage);

export const markNotificationsReadInputSchema = z.object({
  notifications: z
    .array(notificationIdSchema, {
      error: (issue) =>
        issue.input === undefined ? 'The notifications field is required.' : 'The notifications must be a list of ids.',
    })
    .max(500, 'The notifications may not have more than 500 items.'),
});
export type MarkNotificationsReadInput = z.infer<typeof markNotificationsReadInputSchema>;

export const notificationsMarkedReadMessage = 'Notifications marked read.';
