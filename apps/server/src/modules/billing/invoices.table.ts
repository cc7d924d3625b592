import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table.ts';
import { projects } from '../projects/projects.table.ts';
import { users } from '../users/users.table.ts';
import { quotes } from '../quotes/quotes.table.ts';
import { taxRates } from './tax-rates.table.ts';

// Invoices as the billing design (designs/billing.md §3.4) names them, the part projects need now (issue 18 part 8:
// Client Payment Invoices, a deposit invoice): the billing issue adds runs, posting, payments and the ledger columns.

export const invoiceTypes = ['contract', 'overage', 'project_deposit', 'project', 'one_off', 'credit_note'] as const;
export const invoiceStatuses = ['draft', 'approved', 'posted', 'void'] as const;

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** 'INV-000123', taken at posting; drafts have an id only. */
    number: text('number').unique(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    quoteId: integer('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    type: text('type', { enum: invoiceTypes }).notNull(),
    status: text('status', { enum: invoiceStatuses }).notNull().default('draft'),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    paymentTerms: integer('payment_terms').notNull().default(20),
    /** The one rate the invoice is taxed at (decision 0066); a rate on a posted invoice keeps its percent. */
    taxRateId: integer('tax_rate_id').references(() => taxRates.id, { onDelete: 'restrict' }),
    subtotal: numeric('subtotal', { precision: 14, scale: 2 }).notNull().default('0'),
    taxTotal: numeric('tax_total', { precision: 14, scale: 2 }).notNull().default('0'),
    total: numeric('total', { precision: 14, scale: 2 }).notNull().default('0'),
    balance: numeric('balance', { precision: 14, scale: 2 }).notNull().default('0'),
    memo: text('memo').notNull().default(''),
    postedBy: integer('posted_by').references(() => users.id, { onDelete: 'set null' }),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_company_idx').on(t.companyId),
    index('invoices_project_idx').on(t.projectId),
    index('invoices_tax_rate_idx').on(t.taxRateId),
    check('invoices_total_check', sql`${t.total} = ${t.subtotal} + ${t.taxTotal}`),
    check(
      'invoices_balance_check',
      sql`${t.type} = 'credit_note' or (${t.balance} >= 0 and ${t.balance} <= ${t.total})`,
    ),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 14, scale: 4 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    taxable: smallint('taxable').notNull().default(0),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId, t.lineNo)],
);
