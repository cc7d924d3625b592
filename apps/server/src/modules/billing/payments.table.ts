import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table.ts';
import { users } from '../users/users.table.ts';
import { invoices } from './invoices.table.ts';
import { accounts, journalEntries } from './ledger.table.ts';

// Payments, allocations, bank deposits and write-offs (designs/billing.md §3.6). A payment posts to AR (or AP) at
// once; allocations only say what it pays and are never deleted (unapplied_on keeps history for as-of reports).

export const paymentDirections = ['in', 'out'] as const;
export const paymentMethods = ['check', 'ach', 'wire', 'card', 'cash', 'other'] as const;
export const paymentStatuses = ['posted', 'void'] as const;

/** A batch of undeposited payments taken to the bank: debit the bank, credit 1050. */
export const bankDeposits = pgTable(
  'bank_deposits',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    depositDate: date('deposit_date', { mode: 'string' }).notNull(),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }).references(() => journalEntries.id, {
      onDelete: 'restrict',
    }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bank_deposits_date_idx').on(t.depositDate), check('bank_deposits_total_check', sql`${t.total} > 0`)],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    /** in: received from a company; out: paid to a vendor (billing part 2) or refunded to a company. */
    direction: text('direction', { enum: paymentDirections }).notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    /** Paid to this vendor (direction out); its foreign key is in migration 0047 (vendors live beside this file). */
    vendorId: integer('vendor_id'),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    method: text('method', { enum: paymentMethods }).notNull(),
    /** Check number or transaction id. */
    reference: text('reference').notNull().default(''),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    /** Deposited to (in) or paid from (out): 1050 Undeposited Funds or a bank account. */
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    depositId: integer('deposit_id').references(() => bankDeposits.id, { onDelete: 'restrict' }),
    memo: text('memo').notNull().default(''),
    status: text('status', { enum: paymentStatuses }).notNull().default('posted'),
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }).references(() => journalEntries.id, {
      onDelete: 'restrict',
    }),
    voidedBy: integer('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidDate: date('void_date', { mode: 'string' }),
    /**
     * What its active allocations leave of the amount (in: as their source; out: a refund, as their target). Kept by
     * triggers in the writing transaction (migration 0039: on insert it is the amount, whatever is given; every
     * allocation written recomputes its payment), so fixtures and seeds writing rows directly keep it true too.
     * Aged receivables read only payments with something left (decision 0092).
     */
    unapplied: numeric('unapplied', { precision: 14, scale: 2 }).notNull().default('0'),
    /**
     * While unapplied is 0: the last day its allocations changed (latest applied_on or unapplied_on), so it has been
     * used up at the end of every date from then on; null while something is left.
     */
    fullyAppliedOn: date('fully_applied_on', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Payments open at the end of a date D (payment_date <= D and not used up by then) are those whose range contains
    // D: one stabbing read of this index for aged receivables as of any date (decision 0092).
    index('payments_open_range_idx')
      .using('gist', sql`daterange(${t.paymentDate}, ${t.fullyAppliedOn}, '[)')`)
      .where(sql`${t.companyId} is not null`),
    index('payments_company_date_idx').on(t.companyId, t.paymentDate),
    index('payments_vendor_date_idx').on(t.vendorId, t.paymentDate),
    index('payments_date_idx').on(t.paymentDate, t.id),
    // Payments received's "Unapplied only", newest first (most payments are used up).
    index('payments_unapplied_date_idx')
      .on(t.paymentDate, t.id)
      .where(sql`${t.status} = 'posted' and ${t.unapplied} > 0`),
    index('payments_deposit_idx').on(t.depositId),
    // /billing home's collected chart by month, read index-only (decision 0087).
    index('payments_collected_idx')
      .on(t.paymentDate, t.amount)
      .where(sql`${t.direction} = 'in' and ${t.status} = 'posted' and ${t.companyId} is not null`),
    // Undeposited payments waiting for Make deposit.
    index('payments_undeposited_idx')
      .on(t.accountId)
      .where(sql`${t.depositId} is null and ${t.status} = 'posted'`),
    check('payments_amount_check', sql`${t.amount} > 0`),
    check('payments_one_party_check', sql`(${t.companyId} is null) <> (${t.vendorId} is null)`),
    check('payments_unapplied_check', sql`${t.unapplied} >= 0 and ${t.unapplied} <= ${t.amount}`),
  ],
);

export const writeOffs = pgTable(
  'write_offs',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    writeOffDate: date('write_off_date', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    reason: text('reason').notNull().default(''),
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }).references(() => journalEntries.id, {
      onDelete: 'restrict',
    }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('write_offs_company_idx').on(t.companyId, t.writeOffDate),
    index('write_offs_invoice_idx').on(t.invoiceId),
    check('write_offs_amount_check', sql`${t.amount} > 0`),
  ],
);

export const allocationSourceTypes = ['payment', 'credit_note', 'write_off', 'vendor_credit'] as const;
export const allocationTargetTypes = ['invoice', 'bill', 'refund'] as const;

/** What a payment, credit note or write-off pays. Never deleted: unapplying sets unapplied_on. */
export const allocations = pgTable(
  'allocations',
  {
    id: serial('id').primaryKey(),
    sourceType: text('source_type', { enum: allocationSourceTypes }).notNull(),
    sourceId: integer('source_id').notNull(),
    /** invoice: an invoice (or credit note being refunded: no); refund: a payment of direction out to a company. */
    targetType: text('target_type', { enum: allocationTargetTypes }).notNull(),
    targetId: integer('target_id').notNull(),
    /** The party, so a company's credits and history read one index. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    appliedOn: date('applied_on', { mode: 'string' }).notNull(),
    unappliedOn: date('unapplied_on', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    unappliedBy: integer('unapplied_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('allocations_source_idx').on(t.sourceType, t.sourceId),
    index('allocations_target_idx').on(t.targetType, t.targetId),
    index('allocations_company_idx').on(t.companyId, t.appliedOn),
    // What changed after a date (applied or unapplied then): aged receivables as of today correct balances by these.
    index('allocations_last_change_idx').on(sql`greatest(${t.appliedOn}, ${t.unappliedOn})`),
    check('allocations_amount_check', sql`${t.amount} > 0`),
    check('allocations_dates_check', sql`${t.unappliedOn} is null or ${t.unappliedOn} >= ${t.appliedOn}`),
  ],
);
