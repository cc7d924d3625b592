import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/**
 * Holidays of spec 1 §3.11: user_id null = company-wide; otherwise the employee's own, where new_date moves the
 * company holiday on `date` for that person and no new_date is an extra day off on `date`.
 */
export const holidays = pgTable(
  'holidays',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    date: date('date').notNull(),
    newDate: date('new_date'),
    addBy: integer('add_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('holidays_company_date_unique')
      .on(t.date)
      .where(sql`${t.userId} is null`),
    uniqueIndex('holidays_user_date_unique')
      .on(t.userId, t.date)
      .where(sql`${t.userId} is not null`),
    // Moves of a company holiday are found by its date.
    index('holidays_date_idx').on(t.date),
    index('holidays_add_by_idx').on(t.addBy),
  ],
);
