import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { checkIns } from '../checkins/checkins.table.ts';
import { companies } from '../companies/companies.table.ts';
import { contracts } from '../contracts/contracts.table.ts';
import { projects } from '../projects/projects.table.ts';
import { users } from '../users/users.table.ts';
import { quotes } from '../quotes/quotes.table.ts';
import { taxRates } from './tax-rates.table.ts';
import { accounts, journalEntries } from './ledger.table.ts';

// Invoices and credit notes (designs/billing.md §3.4): draft -> approved -> posted (numbered, journal entry) -> void
// (exact reversal). Payment state is derived from balance and due date (payment-state.ts), never stored.

export const invoiceTypes = ['contract', 'overage', 'project_deposit', 'project', 'one_off', 'credit_note'] as const;
export const invoiceStatuses = ['draft', 'approved', 'posted', 'void'] as const;
export const invoiceLineKinds = [
  'retainer',
  'recurring',
  'overage',
  'late_fee',
  'labor',
  'item',
  'deposit',
  'deposit_applied',
  'text',
] as const;

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
    contractId: integer('contract_id').references(() => contracts.id, { onDelete: 'set null' }),
    /** The monthly run that drafted it (billing-runs.table.ts), null for invoices made by hand. */
    runId: integer('run_id'),
    /** The month (its 1st) a contract or overage invoice bills; null for other types. */
    billingMonth: date('billing_month', { mode: 'string' }),
    /** Credit notes: the invoice credited, when there is one. */
    creditedInvoiceId: integer('credited_invoice_id').references((): AnyPgColumn => invoices.id, {
      onDelete: 'restrict',
    }),
    type: text('type', { enum: invoiceTypes }).notNull(),
    status: text('status', { enum: invoiceStatuses }).notNull().default('draft'),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    paymentTerms: integer('payment_terms').notNull().default(20),
    /** The bill-to name and address, frozen at posting. */
    billTo: jsonb('bill_to'),
    /** The contract's paperless flag at posting: 1 (No) also puts the invoice in the "To print" batch. */
    paperless: smallint('paperless').notNull().default(0),
    printedAt: timestamp('printed_at', { withTimezone: true }),
    /** The one rate the invoice is taxed at (decision 0066); a rate on a posted invoice keeps its percent. */
    taxRateId: integer('tax_rate_id').references(() => taxRates.id, { onDelete: 'restrict' }),
    taxExemptCertificate: text('tax_exempt_certificate').notNull().default(''),
    subtotal: numeric('subtotal', { precision: 14, scale: 2 }).notNull().default('0'),
    taxTotal: numeric('tax_total', { precision: 14, scale: 2 }).notNull().default('0'),
    total: numeric('total', { precision: 14, scale: 2 }).notNull().default('0'),
    /** The late-fee lines' sum: left out of the next late fee's base, so fees never earn fees. */
    lateFeeTotal: numeric('late_fee_total', { precision: 14, scale: 2 }).notNull().default('0'),
    balance: numeric('balance', { precision: 14, scale: 2 }).notNull().default('0'),
    /** The day the balance reached 0 (aging as of a past date reads it); null while open. */
    closedOn: date('closed_on', { mode: 'string' }),
    memo: text('memo').notNull().default(''),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }).references(() => journalEntries.id, {
      onDelete: 'restrict',
    }),
    voidedBy: integer('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidDate: date('void_date', { mode: 'string' }),
    voidReason: text('void_reason').notNull().default(''),
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
    index('invoices_contract_idx').on(t.contractId),
    index('invoices_run_idx').on(t.runId),
    index('invoices_credited_idx').on(t.creditedInvoiceId),
    index('invoices_status_date_idx').on(t.status, t.invoiceDate, t.id),
    index('invoices_date_idx').on(t.invoiceDate, t.id),
    // The list's number search (decision 0098): a typed start of a number in any case, digits alone as its end.
    index('invoices_number_prefix_idx').using('btree', sql`lower(${t.number}) text_pattern_ops`),
    index('invoices_number_suffix_idx').using('btree', sql`reverse(${t.number}) text_pattern_ops`),
    // The "To print" batch, newest first.
    index('invoices_to_print_idx')
      .on(t.invoiceDate, t.id)
      .where(sql`${t.status} = 'posted' and ${t.paperless} = 1 and ${t.printedAt} is null`),
    // Aging as of a past date: what was posted by then and not yet closed.
    index('invoices_date_closed_idx').on(t.invoiceDate, t.closedOn),
    // Open items: the receivables, client balances and late fees read only these.
    index('invoices_open_idx')
      .on(t.companyId, t.dueDate)
      .where(sql`${t.status} = 'posted' and ${t.balance} <> 0`),
    // /billing home (decision 0087): open items by aging day, the invoiced chart by month, the run's drafts; each read
    // index-only.
    index('invoices_open_due_idx')
      .on(t.dueDate, t.invoiceDate, t.type, t.balance)
      .where(sql`${t.status} = 'posted' and ${t.balance} <> 0`),
    index('invoices_invoiced_idx')
      .on(t.invoiceDate, t.total)
      .where(sql`${t.status} = 'posted' and ${t.type} <> 'credit_note'`),
    index('invoices_draft_month_idx')
      .on(t.billingMonth)
      .where(sql`${t.status} = 'draft'`),
    // The run's idempotency in the schema (decision 0070): one live contract and one overage invoice per month.
    uniqueIndex('invoices_company_month_type_uidx')
      .on(t.companyId, t.billingMonth, t.type)
      .where(sql`${t.status} <> 'void' and ${t.type} in ('contract', 'overage')`),
    check('invoices_total_check', sql`${t.total} = ${t.subtotal} + ${t.taxTotal}`),
    check(
      'invoices_balance_check',
      sql`(${t.type} = 'credit_note' and ${t.total} <= 0 and ${t.balance} <= 0 and ${t.balance} >= ${t.total})
        or (${t.type} <> 'credit_note' and ${t.balance} >= 0 and ${t.balance} <= ${t.total})`,
    ),
    check(
      'invoices_posted_check',
      sql`${t.status} in ('draft', 'approved') or (${t.number} is not null and ${t.invoiceDate} is not null)`,
    ),
    check('invoices_month_check', sql`${t.type} not in ('contract', 'overage') or ${t.billingMonth} is not null`),
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
    kind: text('kind', { enum: invoiceLineKinds }).notNull(),
    itemId: integer('item_id').references(() => billingItems.id, { onDelete: 'restrict' }),
    /** The income account credited (2200 for deposit lines); the item type's default when null at posting. */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'restrict' }),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 14, scale: 4 }).notNull(),
    /** Days billed of the month's days ({days, of}) when a contract starts or ends inside it; null = whole. */
    proration: jsonb('proration'),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    taxable: smallint('taxable').notNull().default(0),
    /** This line's share of the document tax (largest remainder, decision 0066). */
    taxAmount: numeric('tax_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    /** Stock location a tracked product leaves from (billing part 2). */
    locationId: integer('location_id'),
    costAmount: numeric('cost_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    /** A computed line's inputs (contract, usage month, hours, rollover, rate, days) for "how was this computed". */
    explain: jsonb('explain'),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoiceId, t.lineNo),
    index('invoice_lines_item_idx').on(t.itemId),
    index('invoice_lines_account_idx').on(t.accountId),
    // DOR Taxes and DOR Invoices (decision 0107): a document's taxable amount summed index-only.
    index('invoice_lines_taxable_idx')
      .on(t.invoiceId, t.amount)
      .where(sql`${t.taxable} = 1`),
  ],
);

/** Time-and-materials check-ins billed on a line: unique, so an hour is billed once. */
export const invoiceLineSources = pgTable(
  'invoice_line_sources',
  {
    invoiceLineId: integer('invoice_line_id')
      .notNull()
      .references(() => invoiceLines.id, { onDelete: 'cascade' }),
    checkInId: integer('check_in_id')
      .notNull()
      .unique()
      .references(() => checkIns.id, { onDelete: 'restrict' }),
  },
  (t) => [index('invoice_line_sources_line_idx').on(t.invoiceLineId)],
);

export const deliveryStatuses = ['pending', 'sent', 'failed', 'outbox'] as const;

/** One row per invoice revision and recipient: a retry never mails twice (design §4 "After posting"). */
export const invoiceDeliveries = pgTable(
  'invoice_deliveries',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    recipient: text('recipient').notNull(),
    status: text('status', { enum: deliveryStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error').notNull().default(''),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoice_deliveries_once_uidx').on(t.invoiceId, t.revision, t.recipient),
    index('invoice_deliveries_status_idx').on(t.status),
  ],
);
