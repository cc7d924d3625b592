import {
  markNotificationsReadInputSchema,
  notificationListResponseSchema,
  notificationsMarkedReadMessage,
} from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { listRecentNotifications, markNotificationsRead } from './notifications.service.ts';

/** The notifications bell of spec 1 §2.4 and §7.2. Any signed-in user, always their own notifications only. */
export async function notificationRoutes(app: AppInstance): Promise<void> {
  app.get('/notifications', { schema: { response: { 200: notificationListResponseSchema } } }, async (request) => ({
    data: await listRecentNotifications(app.db, request.auth.user.id),
  }));

  app.post(
    '/notifications/read',
    { schema: { body: markNotificationsReadInputSchema, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      await markNotificationsRead(app.db, request.auth.user.id, request.body.notifications);
      return { message: notificationsMarkedReadMessage };
    },
  );
}
