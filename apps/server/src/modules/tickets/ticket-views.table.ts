import { integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { TicketViewFilters } from '@switchboard/shared';
import { users } from '../users/users.table.ts';

/** A user's saved ticket queue view (issue 15 part 5; decision 0033): a name and the queue's filters. */
export const ticketViews = pgTable(
  'ticket_views',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    filters: jsonb('filters').$type<TicketViewFilters>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ticket_views_user_name_idx').on(t.userId, t.name)],
);
