import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, time, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

// The general calendar's events (spec 1 §3.5: date, startTime, endTime as HH:mm, color, plus free fields): each
// person's own entries on /calendar, made through the spec's event dialog (§2.6).

export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    location: text('location').notNull().default(''),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    color: text('color').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The calendar reads one person's events of a date range.
    index('calendar_events_user_date_idx').on(t.userId, t.date),
    check('calendar_events_times_check', sql`${t.endTime} >= ${t.startTime}`),
  ],
);
