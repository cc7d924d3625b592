import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table.ts';
import { users } from '../users/users.table.ts';

// The monthly contract billing run (designs/billing.md §3.9, §4; decision 0070) and the billing events the Invoice
// Log reads. The usage rows frozen at posting live with monthly usage (contracts/usage-snapshots.table.ts).

export const billingRunStatuses = ['pending', 'running', 'drafted', 'done'] as const;
export const billingRunCompanyStatuses = [
  'pending',
  'drafted',
  'skipped',
  'failed',
  'approved',
  'posted',
  'sent',
] as const;

export const billingRuns = pgTable('billing_runs', {
  id: serial('id').primaryKey(),
  /** The billed month's 1st. */
  month: date('month', { mode: 'string' }).notNull().unique(),
  status: text('status', { enum: billingRunStatuses }).notNull().default('pending'),
  /** null = the scheduler. */
  startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  counts: jsonb('counts')
    .notNull()
    .default(sql`'{}'::jsonb`),
});

export const billingRunCompanies = pgTable(
  'billing_run_companies',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => billingRuns.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    status: text('status', { enum: billingRunCompanyStatuses }).notNull().default('pending'),
    invoiceIds: integer('invoice_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    warnings: jsonb('warnings')
      .notNull()
      .default(sql`'[]'::jsonb`),
    error: text('error').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.companyId] }),
    index('billing_run_companies_status_idx').on(t.runId, t.status),
    index('billing_run_companies_company_idx').on(t.companyId),
  ],
);

/** Every create, edit, approve, post, send, delivery result, allocation, credit and void (the Invoice Log). */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** invoice, quote, payment, allocation, run, ... */
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    /** created, edited, approved, unapproved, posted, sent, delivered, delivery_failed, paid, credited, voided, ... */
    event: text('event').notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    data: jsonb('data')
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    index('billing_events_entity_idx').on(t.entityType, t.entityId, t.at),
    index('billing_events_at_idx').on(t.at, t.id),
    index('billing_events_company_idx').on(t.companyId, t.at),
  ],
);
