import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, sites } from '../companies/companies.table.ts';
import { users } from '../users/users.table.ts';

/**
 * A client project (spec 3 §3 Project; decision 0044). Its twelve steps are tickets with project_id and
 * project_order (tickets.table.ts). labor_required and procurement_required: 0 Yes, 1 No; verbally_approved: 1 Yes.
 */
export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    clientUserId: integer('client_user_id').references(() => users.id, { onDelete: 'set null' }),
    coordinatorId: integer('coordinator_id').references(() => users.id, { onDelete: 'set null' }),
    plannerId: integer('planner_id').references(() => users.id, { onDelete: 'set null' }),
    researcherId: integer('researcher_id').references(() => users.id, { onDelete: 'set null' }),
    quoterId: integer('quoter_id').references(() => users.id, { onDelete: 'set null' }),
    laborRequired: smallint('labor_required').notNull().default(0),
    procurementRequired: smallint('procurement_required').notNull().default(0),
    verballyApproved: smallint('verbally_approved').notNull().default(0),
    notes: text('notes').notNull().default(''),
    goals: text('goals').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: integer('completed_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The step the project is on (decision 0044): the lowest project_order of its open step tickets, null when all
     * are closed. Kept by a trigger on tickets (migration 0019), so the list filters by step through an index.
     */
    currentStep: smallint('current_step'),
    /**
     * Billable time checked in on the project and its last check-out (the list's and the detail's billed hours), kept
     * by a trigger on check_ins (migration 0021) so a page of the list sums nothing.
     */
    billedSeconds: numeric('billed_seconds').notNull().default('0'),
    billedLastEnd: timestamp('billed_last_end', { withTimezone: true }),
  },
  (t) => [
    index('projects_company_idx').on(t.companyId, t.id),
    index('projects_site_idx').on(t.siteId),
    index('projects_current_step_idx').on(t.currentStep, t.id),
    check('projects_labor_required_check', sql`${t.laborRequired} in (0, 1)`),
    check('projects_procurement_required_check', sql`${t.procurementRequired} in (0, 1)`),
    check('projects_verbally_approved_check', sql`${t.verballyApproved} in (0, 1)`),
  ],
);
