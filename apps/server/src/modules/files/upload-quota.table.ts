import { bigint, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/**
 * What each user has uploaded in the current clock hour (decision 0058): one row per user, its counters starting
 * again when the hour changes, so nothing piles up. Written only by chargeUploadQuota's single statement.
 */
export const uploadQuota = pgTable('upload_quota', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  hour: timestamp('hour', { withTimezone: true }).notNull(),
  files: integer('files').notNull(),
  bytes: bigint('bytes', { mode: 'number' }).notNull(),
});
