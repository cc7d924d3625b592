import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { hrApprovalRoutes, hrCategoryKinds, hrStepKinds } from '@switchboard/shared/hr/base';

// HR base data (designs/hr.md §2.1, §2.8; decision 0102): the kinds of request, the hiring pipeline's stages and the
// HR settings. The seeds (Time Off ... Other; Applied ... Rejected) are rows of the migration that creates them.

export const hrCategories = pgTable(
  'hr_categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind', { enum: hrCategoryKinds }).notNull(),
    approval: text('approval', { enum: hrApprovalRoutes }).notNull(),
    color: text('color').notNull(),
    instructions: text('instructions').notNull().default(''),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('hr_categories_name_lower_unique').on(sql`lower(${t.name})`),
    index('hr_categories_order_idx').on(t.sortOrder, t.id),
  ],
);

export const hrSteps = pgTable(
  'hr_steps',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind', { enum: hrStepKinds }).notNull(),
    color: text('color').notNull(),
    emailSubject: text('email_subject').notNull().default(''),
    emailBody: text('email_body').notNull().default(''),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('hr_steps_name_lower_unique').on(sql`lower(${t.name})`),
    index('hr_steps_order_idx').on(t.sortOrder, t.id),
  ],
);

/** One row per setting (hrSettingsSchema's keys); a missing key reads as its default. */
export const hrSettings = pgTable('hr_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
