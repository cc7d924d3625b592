import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table.ts';
import { users } from '../users/users.table.ts';

/**
 * Immutable PDF revisions of a document (spec 1 §7.2, spec 3 §3 Revision): one row per (type, record, revision),
 * revision 0 the original. The file never changes once written; view_hash tells whether a save changed what the
 * document shows (decision 0038).
 */
export const documentRevisions = pgTable(
  'document_revisions',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    recordId: integer('record_id').notNull(),
    revision: integer('revision').notNull(),
    /** The record's company when it was rendered: a client account reads its own company's only. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    path: text('path').notNull(),
    checksum: text('checksum').notNull(),
    viewHash: text('view_hash').notNull(),
    size: integer('size').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('document_revisions_record_revision_key').on(t.type, t.recordId, t.revision),
    check('document_revisions_revision_check', sql`${t.revision} >= 0`),
  ],
);

/** A plain titled document other areas reuse (maintenance reports, HR forms, proposals): type 'document'. */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('documents_company_idx').on(t.companyId)],
);

/** Our own letterhead (the MSP's, not a client's): one row, id 1, drawn on every document. */
export const branding = pgTable(
  'branding',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull().default('Switchboard IT'),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    website: text('website').notNull().default(''),
    primaryColor: text('primary_color').notNull().default('#1c7ed6'),
    /** A PNG or JPEG under DATA_DIR/uploads/branding; null for none. */
    logoPath: text('logo_path'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('branding_single_row_check', sql`${t.id} = 1`)],
);
