import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table.ts';
import { users } from '../users/users.table.ts';

/**
 * Tech Resources (spec 2 §3 Tech resource, decision 0051): a technician's own events, one per half-hour slot of a day,
 * with the task (Projects or Frontline) and the company. Project reservations stay in project_slots.
 */
export const techEvents = pgTable(
  'tech_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    // 'HH:MM', on the half hour.
    slot: text('slot').notNull(),
    task: text('task').notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tech_events_user_day_slot_idx').on(t.userId, t.day, t.slot),
    index('tech_events_day_idx').on(t.day),
    index('tech_events_company_idx').on(t.companyId),
    check('tech_events_slot_check', sql`${t.slot} ~ '^([01][0-9]|2[0-3]):(00|30)$'`),
    check('tech_events_task_check', sql`${t.task} in ('Projects', 'Frontline')`),
  ],
);
