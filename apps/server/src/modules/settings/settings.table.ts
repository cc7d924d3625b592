import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/** Spec 1 §3.2: only the keys a user changed are stored; answers merge in the defaults from packages/shared. */
export const userSettings = pgTable('user_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
