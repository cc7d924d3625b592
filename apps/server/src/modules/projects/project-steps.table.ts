import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';
import { projects } from './projects.table.ts';

// The records behind the step panels (spec 3 §2 Step panels, §3; decision 0044): dates, the labor estimate and its
// templates, and the schedule's slots. Hours are numeric (step 0.25), dates calendar days.

/** Scheduled Placeholder ('placeholder', +90 days) and Schedule Pending Projects ('pending', +60 days): one each. */
export const projectDates = pgTable(
  'project_dates',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['placeholder', 'pending'] }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('project_dates_project_kind_idx').on(t.projectId, t.kind)],
);

/** A step of the labor estimate (spec 3 §3 Labor step): worked on Project Day, open (0) or closed (1). */
export const laborSteps = pgTable(
  'labor_steps',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    minHours: numeric('min_hours', { precision: 8, scale: 2 }).notNull().default('0'),
    maxHours: numeric('max_hours', { precision: 8, scale: 2 }).notNull().default('0'),
    status: smallint('status').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('labor_steps_project_idx').on(t.projectId, t.position),
    check('labor_steps_hours_check', sql`${t.minHours} >= 0 and ${t.maxHours} >= ${t.minHours}`),
    check('labor_steps_status_check', sql`${t.status} in (0, 1)`),
  ],
);

export const laborSubSteps = pgTable(
  'labor_sub_steps',
  {
    id: serial('id').primaryKey(),
    laborStepId: integer('labor_step_id')
      .notNull()
      .references(() => laborSteps.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
  },
  (t) => [index('labor_sub_steps_step_idx').on(t.laborStepId, t.position)],
);

/** Labor templates (spec 3 §3 Template): steps with tasks, imported into a project's estimate. */
export const projectTemplates = pgTable('project_templates', {
  id: serial('id').primaryKey(),
  templateName: text('template_name').notNull().unique(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const templateSteps = pgTable(
  'template_steps',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => projectTemplates.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    minHours: numeric('min_hours', { precision: 8, scale: 2 }).notNull().default('0'),
    maxHours: numeric('max_hours', { precision: 8, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    index('template_steps_template_idx').on(t.templateId, t.position),
    check('template_steps_hours_check', sql`${t.minHours} >= 0 and ${t.maxHours} >= ${t.minHours}`),
  ],
);

export const templateTasks = pgTable(
  'template_tasks',
  {
    id: serial('id').primaryKey(),
    templateStepId: integer('template_step_id')
      .notNull()
      .references(() => templateSteps.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
  },
  (t) => [index('template_tasks_step_idx').on(t.templateStepId, t.position)],
);

/**
 * Schedule Project Date's slots (spec 3 §3 Schedule slot): a technician booked on a day from a start to an end time.
 * The tech resources grid (maintenance issue) reads them by technician and day.
 */
export const projectSlots = pgTable(
  'project_slots',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => users.id),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('project_slots_project_idx').on(t.projectId, t.startDate),
    index('project_slots_employee_day_idx').on(t.employeeId, t.startDate),
    // The tech resources grid reads every project slot of one day (decision 0051).
    index('project_slots_day_idx').on(t.startDate),
    check('project_slots_times_check', sql`${t.endTime} >= ${t.startTime}`),
  ],
);
