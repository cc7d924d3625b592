import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table.ts';
import { projects } from '../projects/projects.table.ts';
import { tickets } from '../tickets/tickets.table.ts';
import { users } from '../users/users.table.ts';

/**
 * Time a user spent on a ticket or a project step (spec 3 §3 Check-in), shared by tickets, projects and the
 * company's monthly usage. company_id is kept on the row (the check-in call sends it) so usage sums by company
 * and month without joining tickets and projects. billable: 0 billable, 1 non-billable. Open while end_time is null.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    // Time on a project (a step ticket or a labor step) counts once, as project hours (decision 0044).
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    projectStepId: integer('project_step_id'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull().defaultNow(),
    endTime: timestamp('end_time', { withTimezone: true }),
    billable: smallint('billable').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('check_ins_company_start_idx').on(t.companyId, t.startTime),
    index('check_ins_ticket_start_idx').on(t.ticketId, t.startTime),
    index('check_ins_project_step_idx').on(t.projectStepId),
    index('check_ins_project_start_idx').on(t.projectId, t.startTime),
    index('check_ins_user_start_idx').on(t.userId, t.startTime),
    // One open check-in per user and ticket (spec 3: the header toggles Check In / Check Out); on Project Day, one
    // per user and labor step instead (decision 0044).
    uniqueIndex('check_ins_one_open_per_user_ticket')
      .on(t.userId, t.ticketId)
      .where(sql`${t.endTime} is null and ${t.ticketId} is not null and ${t.projectStepId} is null`),
    uniqueIndex('check_ins_one_open_per_user_labor_step')
      .on(t.userId, t.projectStepId)
      .where(sql`${t.endTime} is null and ${t.projectStepId} is not null`),
    check('check_ins_billable_check', sql`${t.billable} in (0, 1)`),
    check('check_ins_period_check', sql`${t.endTime} is null or ${t.endTime} >= ${t.startTime}`),
  ],
);
