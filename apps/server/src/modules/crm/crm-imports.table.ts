import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';
import { campaigns } from '../reference/reference.table.ts';

// Lead imports and exports (designs/crm-softphone.md §2.2, §2.4): an import is a stored CSV worked by a pg-boss job
// 1,000 rows a transaction; its row errors are capped at 10,000. An export is a file written by a job through a
// cursor, kept 24 hours, and its row is the log of who exported what.

export const crmImports = pgTable(
  'crm_imports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    storagePath: text('storage_path').notNull(),
    hasHeader: boolean('has_header').notNull().default(true),
    mapping: jsonb('mapping').$type<Record<string, number | null>>().notNull().default({}),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    managerId: integer('manager_id').references(() => users.id, { onDelete: 'set null' }),
    defaultStatus: smallint('default_status').notNull().default(1),
    duplicatePolicy: text('duplicate_policy').notNull().default('skip'),
    status: text('status').notNull().default('queued'),
    rowsTotal: integer('rows_total').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsCreated: integer('rows_created').notNull().default(0),
    rowsUpdated: integer('rows_updated').notNull().default(0),
    rowsSkipped: integer('rows_skipped').notNull().default(0),
    rowsFailed: integer('rows_failed').notNull().default(0),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('crm_imports_policy_check', sql`${t.duplicatePolicy} in ('skip', 'fill_empty', 'create')`),
    check('crm_imports_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    check('crm_imports_default_status_check', sql`${t.defaultStatus} in (0, 1, 3, 5, 9)`),
    index('crm_imports_created_idx').on(t.createdAt.desc(), t.id),
    index('crm_imports_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

export const crmImportErrors = pgTable(
  'crm_import_errors',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => crmImports.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    message: text('message').notNull(),
    raw: jsonb('raw').$type<string[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.importId, t.rowNumber] })],
);

export const crmExports = pgTable(
  'crm_exports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    columns: text('columns').array().notNull(),
    status: text('status').notNull().default('queued'),
    rows: integer('rows').notNull().default(0),
    fileName: text('file_name').notNull(),
    storagePath: text('storage_path'),
    error: text('error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('crm_exports_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed', 'expired')`),
    index('crm_exports_user_idx').on(t.userId, t.createdAt.desc()),
    index('crm_exports_expires_idx')
      .on(t.expiresAt)
      .where(sql`storage_path is not null`),
  ],
);
