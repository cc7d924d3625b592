import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

// Hires, separations and re-hires (designs/hr.md §7 headcount): disabling an employee asks a separation date and
// type, enabling one again records a re-hire; the headcount report counts these rows rather than inferring them.
export const hrEmploymentEvents = pgTable(
  'hr_employment_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    date: date('date').notNull(),
    separationType: text('separation_type'),
    reason: text('reason').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('hr_employment_events_kind_check', sql`${t.kind} in ('hire', 'separation', 'rehire')`),
    check(
      'hr_employment_events_type_check',
      sql`(${t.kind} = 'separation') = (${t.separationType} is not null) and (${t.separationType} is null or ${t.separationType} in ('voluntary', 'involuntary'))`,
    ),
    index('hr_employment_events_user_idx').on(t.userId, t.date),
    index('hr_employment_events_date_idx').on(t.date, t.kind),
  ],
);
