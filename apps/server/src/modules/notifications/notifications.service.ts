import { MAX_READ_NOTIFICATIONS, MAX_UNREAD_NOTIFICATIONS, type Notification } from '@switchboard/shared';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import type { Realtime } from '../../plugins/realtime-api.ts';
import { notifications } from './notifications.table.ts';

type NotificationRow = typeof notifications.$inferSelect;
/** What this module needs of app.realtime; tests pass a recorder. */
export type UserEmitter = Pick<Realtime, 'emitToUser'>;

export interface CreateNotificationInput {
  /** e.g. 'Assigned Ticket' (NOTIFICATION_ASSIGNED_TICKET). */
  type: string;
  /** What it points at: the ticket id of an 'Assigned Ticket'. */
  number_details: string | number | null;
  data?: Record<string, unknown>;
}

/** The one presenter for HTTP answers and the 'NotificationCreated' event. */
export function presentNotification(
  row: Pick<NotificationRow, 'id' | 'type' | 'numberDetails' | 'readAt' | 'createdAt'>,
): Notification {
  return {
    id: row.id,
    type: row.type,
    number_details: row.numberDetails,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Stores a notification for a user and, given the realtime emitter, pushes 'NotificationCreated' with it on
 * the user's private channel. Inside a caller's transaction pass no emitter and call emitNotificationCreated
 * after the commit, so nobody is told about a row that is rolled back.
 */
export async function createNotification(
  db: DbOrTransaction,
  userId: number,
  input: CreateNotificationInput,
  realtime?: UserEmitter,
): Promise<Notification> {
  const [row] = await db
    .insert(notifications)
    .values({
      userId,
      type: input.type,
      numberDetails: input.number_details === null ? null : String(input.number_details),
      data: input.data ?? {},
    })
    .returning();
  const notification = presentNotification(row);
  if (realtime) emitNotificationCreated(realtime, userId, notification);
  return notification;
}

export function emitNotificationCreated(realtime: UserEmitter, userId: number, notification: Notification): void {
  realtime.emitToUser(userId, 'NotificationCreated', notification);
}

const listColumns = {
  id: notifications.id,
  type: notifications.type,
  numberDetails: notifications.numberDetails,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};

/**
 * The bell's list (GET /api/notifications, login answer, GET /api/session): the newest unread ones (at most
 * 6, spec 1 §3.5 "at most about 6 new entries") first, then the 6 most recent read ones, each group newest
 * first. Both halves walk the (user_id, read_at, created_at) index.
 */
export async function listRecentNotifications(db: DbOrTransaction, userId: number): Promise<Notification[]> {
  const newestFirst = [desc(notifications.createdAt), desc(notifications.id)];
  const unread = db
    .select(listColumns)
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .orderBy(...newestFirst)
    .limit(MAX_UNREAD_NOTIFICATIONS);
  const read = db
    .select(listColumns)
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNotNull(notifications.readAt)))
    .orderBy(...newestFirst)
    .limit(MAX_READ_NOTIFICATIONS);
  // One after the other: the sign-in answer reads them inside its transaction, one query at a time.
  const unreadRows = await unread;
  const readRows = await read;
  return [...unreadRows, ...readRows].map(presentNotification);
}

/**
 * POST /api/notifications/read: marks the given notifications of this user read. Ids of other users'
 * notifications, unknown ids and ones already read are left untouched. Answers how many changed.
 */
export async function markNotificationsRead(
  db: DbOrTransaction,
  userId: number,
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const changed = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(eq(notifications.userId, userId), inArray(notifications.id, [...new Set(ids)]), isNull(notifications.readAt)),
    )
    .returning({ id: notifications.id });
  return changed.length;
}
