import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './ledger.table.ts';

// Tax rates (designs/billing.md §3.3; decision 0066): one rate per invoice; a rate used on a posted invoice keeps its
// percent and is end-dated instead (the service refuses the change).

export const taxRates = pgTable(
  'tax_rates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Two-letter state code. */
    jurisdiction: text('jurisdiction').notNull(),
    /** The location code the state's return asks for. */
    dorCode: text('dor_code').notNull().default(''),
    percent: numeric('percent', { precision: 7, scale: 4 }).notNull(),
    liabilityAccountId: integer('liability_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    effectiveTo: date('effective_to', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tax_rates_percent_check', sql`${t.percent} >= 0 and ${t.percent} <= 100`),
    check('tax_rates_dates_check', sql`${t.effectiveTo} is null or ${t.effectiveTo} >= ${t.effectiveFrom}`),
    index('tax_rates_jurisdiction_idx').on(t.jurisdiction),
  ],
);
