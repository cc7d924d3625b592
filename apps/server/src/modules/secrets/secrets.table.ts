import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Server secrets the app makes for itself at first use (decision 0028): 32 random bytes per name, never sent to a
 * browser or written to a log. Kept in the database so every process and every restart signs with the same key.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
