import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { accountSubtypes, accountTypes, journalSourceTypes } from '@switchboard/shared/billing/ledger';
import { moneyCents } from '../../db/money-columns.ts';
import { users } from '../users/users.table.ts';

// The general ledger (designs/billing.md §3.1, decision 0067). The guards the database enforces (balance at commit,
// no UPDATE or DELETE, the lock date, parties on receivable and payable lines) are triggers written by hand in the
// migration that creates these tables (drizzle/0031_billing_ledger.sql); company_id's foreign key too, so this module
// does not import the companies module (vendor_id's foreign key too: migration 0047).

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    name: text('name').notNull(),
    type: text('type', { enum: accountTypes }).notNull(),
    subtype: text('subtype', { enum: accountSubtypes }).notNull().default('other'),
    parentId: integer('parent_id').references((): AnyPgColumn => accounts.id, { onDelete: 'restrict' }),
    isSystem: boolean('is_system').notNull().default(false),
    active: boolean('active').notNull().default(true),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('accounts_parent_idx').on(t.parentId)],
);

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'JE-000123', taken inside the posting transaction (decision 0068). */
    number: text('number').notNull().unique(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    sourceType: text('source_type', { enum: journalSourceTypes }).notNull(),
    sourceId: integer('source_id'),
    reversesId: bigint('reverses_id', { mode: 'number' })
      .unique()
      .references((): AnyPgColumn => journalEntries.id, { onDelete: 'restrict' }),
    memo: text('memo').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The posting transaction's start, forced by a trigger: lines may join the entry only in that transaction, so a
     * posted entry cannot grow a balanced pair of lines later (decision 0067).
     */
    postedInTransaction: timestamp('posted_in_transaction', { withTimezone: true })
      .notNull()
      .default(sql`transaction_timestamp()`),
  },
  (t) => [
    index('journal_entries_date_idx').on(t.entryDate, t.id),
    index('journal_entries_source_idx').on(t.sourceType, t.sourceId),
  ],
);

export const journalLines = pgTable(
  'journal_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'restrict' }),
    lineNo: integer('line_no').notNull(),
    /** The entry's date, copied by a trigger so registers page on (account_id, entry_date, id). */
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    debit: moneyCents('debit').notNull().default(0),
    credit: moneyCents('credit').notNull().default(0),
    companyId: integer('company_id'),
    vendorId: integer('vendor_id'),
    taxRateId: integer('tax_rate_id'),
    itemId: integer('item_id'),
    memo: text('memo').notNull().default(''),
  },
  (t) => [
    check(
      'journal_lines_one_sided_check',
      sql`${t.debit} >= 0 and ${t.credit} >= 0 and (${t.debit} > 0) <> (${t.credit} > 0)`,
    ),
    index('journal_lines_entry_idx').on(t.entryId, t.lineNo),
    index('journal_lines_account_date_idx').on(t.accountId, t.entryDate, t.id),
    index('journal_lines_company_account_idx').on(t.companyId, t.accountId),
    index('journal_lines_tax_rate_date_idx').on(t.taxRateId, t.entryDate),
    // Balances as of a date read the partial month's lines of every account.
    index('journal_lines_date_idx').on(t.entryDate),
    // Whether a vendor is used (archive or delete) and part 2's payables read lines by vendor.
    index('journal_lines_vendor_idx')
      .on(t.vendorId)
      .where(sql`${t.vendorId} is not null`),
  ],
);

/** Per account and month (the 1st), the sums of its lines: written by postJournalEntry in the same transaction. */
export const accountMonthBalances = pgTable(
  'account_month_balances',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    month: date('month', { mode: 'string' }).notNull(),
    debit: moneyCents('debit').notNull().default(0),
    credit: moneyCents('credit').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.month] })],
);

/** The one row of billing settings (id 1), made by the migration. */
export const billingSettings = pgTable(
  'billing_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Nothing posts on or before this date. */
    lockDate: date('lock_date', { mode: 'string' }),
    /** IANA name deciding "today" and month boundaries (decision 0069). */
    timeZone: text('time_zone').notNull().default('UTC'),
    invoicePrefix: text('invoice_prefix').notNull().default('INV-'),
    creditNotePrefix: text('credit_note_prefix').notNull().default('CN-'),
    quotePrefix: text('quote_prefix').notNull().default('Q-'),
    purchaseOrderPrefix: text('purchase_order_prefix').notNull().default('PO-'),
    receiptPrefix: text('receipt_prefix').notNull().default('RCV-'),
    journalEntryPrefix: text('journal_entry_prefix').notNull().default('JE-'),
    /** Days past due before an invoice counts toward a late fee. */
    lateFeeGraceDays: integer('late_fee_grace_days').notNull().default(0),
    proratePartialMonths: boolean('prorate_partial_months').notNull().default(true),
    /** The run's day of month and hour, in the billing time zone. */
    runDay: integer('run_day').notNull().default(1),
    runHour: integer('run_hour').notNull().default(6),
    /** Time and materials for companies without a contract: the labor item (its price is the rate). */
    laborItemId: integer('labor_item_id'),
    remitTo: text('remit_to').notNull().default(''),
    invoiceFooter: text('invoice_footer').notNull().default(''),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('billing_settings_single_row_check', sql`${t.id} = 1`),
    check('billing_settings_run_check', sql`${t.runDay} between 1 and 28 and ${t.runHour} between 0 and 23`),
    check('billing_settings_grace_check', sql`${t.lateFeeGraceDays} >= 0`),
  ],
);

/** Gapless numbers per kind (decision 0068): the row lock serialises one kind's postings. */
export const documentNumbers = pgTable('document_numbers', {
  kind: text('kind').primaryKey(),
  nextValue: bigint('next_value', { mode: 'number' }).notNull().default(1),
});
