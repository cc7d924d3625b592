import { bigint, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
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

/**
 * A person's version of their kept closed days (decision 0110): set from a sequence, in the writer's transaction, by
 * triggers on timeclock_closed_days (migration) whenever a statement inserts, changes or deletes any of their rows
 * (so also when an entry written on timeclock_entries deletes them, or their user is deleted). Each process keeps a
 * person's closed-day texts under the version it read them with, in one statement (timeclock-closed-days-cache.ts);
 * no row is version 0. No foreign key: a user's delete cascades into their kept days, whose trigger writes here.
 */
export const timeclockClosedDayVersions = pgTable('timeclock_closed_day_versions', {
  userId: integer('user_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
