import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';
import { crmLeadContacts, crmLeads } from './crm.table.ts';

// The CRM sales library, e-mail templates and the e-mails sent from a lead (designs/crm-softphone.md §2.2, §4.6,
// §4.9). Documents and templates are soft-deleted (deleted_at), so a sent e-mail keeps the names it carried.

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const crmDocuments = pgTable(
  'crm_documents',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    category: text('category'),
    // "uploads/crm-documents/<random>.<ext>" under DATA_DIR; the extension is the kind the bytes showed.
    storagePath: text('storage_path').notNull(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
    updatedAt: updated(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('crm_documents_live_idx')
      .on(t.category, t.name)
      .where(sql`deleted_at is null`),
  ],
);

export const crmEmailTemplates = pgTable(
  'crm_email_templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    // Sanitised HTML with {{merge fields}} (stored-html.ts).
    bodyHtml: text('body_html').notNull(),
    documentIds: integer('document_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    createdAt: created(),
    updatedAt: updated(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('crm_email_templates_name_key')
      .on(sql`lower(${t.name})`)
      .where(sql`deleted_at is null`),
  ],
);

/** An e-mail sent from a lead's drawer: the lead's timeline shows it (LeadEmailSent on crm_lead_{id}). */
export const crmLeadEmails = pgTable(
  'crm_lead_emails',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => crmLeads.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    contactId: integer('contact_id').references(() => crmLeadContacts.id, { onDelete: 'set null' }),
    toEmail: text('to_email').notNull(),
    toName: text('to_name'),
    subject: text('subject').notNull(),
    // Sanitised HTML as sent (stored-html.ts).
    bodyHtml: text('body_html').notNull(),
    templateId: integer('template_id').references(() => crmEmailTemplates.id, { onDelete: 'set null' }),
    // The attached documents' ids and names at the time of sending.
    documents: jsonb('documents').$type<{ id: number; name: string }[]>().notNull().default([]),
    delivered: text('delivered').notNull(),
    createdAt: created(),
  },
  (t) => [
    index('crm_lead_emails_lead_idx').on(t.leadId, t.createdAt.desc()),
    check('crm_lead_emails_delivered_check', sql`${t.delivered} in ('smtp', 'outbox')`),
  ],
);
