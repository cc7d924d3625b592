import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table.ts';
import { users } from '../users/users.table.ts';

// Quotes as the billing design (designs/billing.md §3.5) names them: the first, small part of it, so the projects
// and billing issues extend these tables instead of replacing them. Money is numeric in SQL, integer cents in code.

export const quoteStatuses = ['draft', 'sent', 'accepted', 'declined', 'expired', 'converted'] as const;

export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    /** 'Q-000012', taken when the quote is first sent; drafts have an id only. */
    number: text('number').unique(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    /** The project it prices, once projects exist (issue 18); no foreign key yet. */
    projectId: integer('project_id'),
    title: text('title').notNull(),
    status: text('status', { enum: quoteStatuses }).notNull().default('draft'),
    quoteDate: date('quote_date', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }),
    terms: text('terms').notNull().default(''),
    subtotal: numeric('subtotal', { precision: 14, scale: 2 }).notNull().default('0'),
    taxTotal: numeric('tax_total', { precision: 14, scale: 2 }).notNull().default('0'),
    total: numeric('total', { precision: 14, scale: 2 }).notNull().default('0'),
    /** The tax rate the quote was priced at (the company's at the time); billing's tax_rates. */
    taxRateId: integer('tax_rate_id'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedByUserId: integer('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    acceptedEmail: text('accepted_email'),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    convertedInvoiceIds: integer('converted_invoice_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quotes_company_idx').on(t.companyId),
    // Project Quotes and the Labor Quote Approval gate read a project's quotes (decision 0047).
    index('quotes_project_idx').on(t.projectId),
    check('quotes_total_check', sql`${t.total} = ${t.subtotal} + ${t.taxTotal}`),
  ],
);

export const quoteLines = pgTable(
  'quote_lines',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 14, scale: 4 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    optional: boolean('optional').notNull().default(false),
    /** An optional line the client chose (accepted quotes bill optional lines only when selected). */
    selected: boolean('selected').notNull().default(true),
    kind: text('kind').notNull().default('item'),
    itemId: integer('item_id'),
    taxable: smallint('taxable').notNull().default(0),
    taxAmount: numeric('tax_amount', { precision: 14, scale: 2 }).notNull().default('0'),
  },
  (t) => [index('quote_lines_quote_idx').on(t.quoteId, t.lineNo)],
);
