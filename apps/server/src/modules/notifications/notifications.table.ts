import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/** Notifications of spec 1 §3.5: one row per user and event ('Assigned Ticket' with the ticket id, ...). */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    // What the notification points at, e.g. the ticket id of an 'Assigned Ticket'.
    numberDetails: text('number_details'),
    // Extra context for later use (e.g. a ticket subject); not sent to the browser yet.
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_read_created_idx').on(t.userId, t.readAt, t.createdAt)],
);
