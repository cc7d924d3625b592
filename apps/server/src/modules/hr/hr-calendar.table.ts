import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

// HR calendar (designs/hr.md §6): each person's iCal feed. The URL's token is 32 random bytes; only its SHA-256 is
// kept, so a database read leaks no working URL. One live feed per person: Regenerate replaces the row's hash.

export const hrCalendarFeeds = pgTable(
  'hr_calendar_feeds',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('hr_calendar_feeds_user_unique').on(t.userId),
    uniqueIndex('hr_calendar_feeds_token_unique').on(t.tokenHash),
    index('hr_calendar_feeds_created_idx').on(t.createdAt),
  ],
);
