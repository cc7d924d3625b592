import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { companies } from '../companies/companies.table.ts';
import { users } from '../users/users.table.ts';

const hours = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/** A company's service contract (spec 2 §3 Contract). */
export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    paymentTerms: integer('payment_terms').notNull().default(20),
    retainerItem: integer('retainer_item')
      .notNull()
      .references(() => billingItems.id),
    overageItem: integer('overage_item')
      .notNull()
      .references(() => billingItems.id),
    lateFeeItem: integer('late_fee_item')
      .notNull()
      .references(() => billingItems.id),
    retainerTaxable: integer('retainer_taxable').notNull().default(0),
    overageTaxable: integer('overage_taxable').notNull().default(0),
    lateFeeTaxable: integer('late_fee_taxable').notNull().default(0),
    retainerPrice: money('retainer_price').notNull().default(0),
    overagePrice: money('overage_price').notNull().default(0),
    lateFeePercent: numeric('late_fee_percent', { precision: 6, scale: 2, mode: 'number' }).notNull().default(0),
    retainerHours: hours('retainer_hours').notNull().default(0),
    deviceCount: integer('device_count').notNull().default(0),
    maxRollover: hours('max_rollover').notNull().default(0),
    // Spec 2 §3: 0 = Yes, 1 = No as labelled.
    paperless: integer('paperless').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contracts_company_dates_idx').on(t.companyId, t.startDate, t.endDate)],
);

/** Client accounts that receive the contract's invoices. */
export const contractBillingContacts = pgTable(
  'contract_billing_contacts',
  {
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.contractId, t.userId] }), index('contract_billing_contacts_user_idx').on(t.userId)],
);

/** Items billed every month on the contract (spec 2 §3 Recurring item). */
export const contractRecurringItems = pgTable(
  'contract_recurring_items',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => billingItems.id),
    quantity: integer('quantity').notNull(),
    price: money('price').notNull(),
    taxable: integer('taxable').notNull().default(0),
  },
  (t) => [
    index('contract_recurring_items_contract_idx').on(t.contractId),
    index('contract_recurring_items_item_idx').on(t.itemId),
  ],
);

/** Hours staff add to (or take from) a company's billing month, with the reason. */
export const usageAdjustments = pgTable(
  'usage_adjustments',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // The first day of the billing month.
    month: date('month').notNull(),
    hours: hours('hours').notNull(),
    reason: text('reason').notNull(),
    /** Late time (designs/billing.md §4): the frozen month whose late check-ins this moves; one per company and month. */
    sourceMonth: date('source_month'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('usage_adjustments_company_month_idx').on(t.companyId, t.month),
    uniqueIndex('usage_adjustments_late_time_uidx')
      .on(t.companyId, t.sourceMonth)
      .where(sql`${t.sourceMonth} is not null`),
  ],
);
