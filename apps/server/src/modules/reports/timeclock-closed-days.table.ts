import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/**
 * The timeclock report's closed days (decision 0052): a person's minutes per status on a day that has ended in
 * their time zone, summed once by the shared rule and read from here afterwards. A trigger on timeclock_entries
 * (migration) deletes the days a written entry reaches; a row of another time zone than the person's is ignored.
 * Each row also keeps the day as the JSON answer writes it (day_json), so a month's answer is mostly copied text.
 */
export const timeclockClosedDays = pgTable(
  'timeclock_closed_days',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    timezone: text('timezone').notNull(),
    checkedIn: integer('checked_in').notNull(),
    onBreak: integer('break').notNull(),
    lunch: integer('lunch').notNull(),
    traveling: integer('traveling').notNull(),
    /** The day's object of the report's JSON answer (pto 0: PTO is read live), what the JSON answer copies. */
    dayJson: text('day_json').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.date] })],
);
