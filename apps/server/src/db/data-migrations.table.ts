import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Data migrations that run as code at start (they need more than SQL can say, decision 0060): each runs once per
 * database, and its row says when it finished.
 */
export const dataMigrations = pgTable('data_migrations', {
  name: text('name').primaryKey(),
  doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
});
