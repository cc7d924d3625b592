import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/**
 * Every timeclock status a user has been in (spec 1 §3.5): 1 Checked In, 2 Break, 3 Lunch, 4 Traveling,
 * 5 Offline. The open entry (ended_at null) is the current status; at most one per user.
 */
export const timeclockEntries = pgTable(
  'timeclock_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('timeclock_entries_user_started_idx').on(t.userId, t.startedAt),
    uniqueIndex('timeclock_entries_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.endedAt} is null`),
    check('timeclock_entries_status_check', sql`${t.status} between 1 and 5`),
    check('timeclock_entries_period_check', sql`${t.endedAt} is null or ${t.endedAt} >= ${t.startedAt}`),
  ],
);
