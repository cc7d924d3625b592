import { date, index, integer, numeric, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { invoices } from '../billing/invoices.table.ts';
import { companies } from '../companies/companies.table.ts';
import { contracts } from './contracts.table.ts';

// Monthly usage frozen (designs/billing.md §3.9): computeMonthlyUsage shows a snapshotted month as is ("Invoiced") and
// starts the next month from its carry_out. Written by billing when the invoice billing the month posts.

const hoursColumn = (name: string) => numeric(name, { precision: 12, scale: 2 }).notNull().default('0');

/** A company's usage row of one month, frozen when the invoice billing it posts (the Usage tab shows "Invoiced"). */
export const usageSnapshots = pgTable(
  'usage_snapshots',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    month: date('month', { mode: 'string' }).notNull(),
    contractId: integer('contract_id').references(() => contracts.id, { onDelete: 'set null' }),
    retainer: hoursColumn('retainer'),
    adjustments: hoursColumn('adjustments'),
    rollover: hoursColumn('rollover'),
    helpdesk: hoursColumn('helpdesk'),
    project: hoursColumn('project'),
    nonBillable: hoursColumn('non_billable'),
    totalUsed: hoursColumn('total_used'),
    balance: hoursColumn('balance'),
    carryOut: hoursColumn('carry_out'),
    overageHours: hoursColumn('overage_hours'),
    overageRate: numeric('overage_rate', { precision: 14, scale: 4 }).notNull().default('0'),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    frozenAt: timestamp('frozen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month] }), index('usage_snapshots_invoice_idx').on(t.invoiceId)],
);
