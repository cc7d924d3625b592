import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, smallint } from 'drizzle-orm/pg-core';

// One row whose version moves at the commit of every transaction that writes what aged payables reads (bills and
// vendor credits, payments made, allocations to bills or of vendor credits and payments made, journal lines on 2000
// Accounts Payable, vendors added, removed or renamed), and of no other billing write: aged payables is cached under
// it (billing-cache.ts, cachedByPayablesVersion), so invoices, payments received, stock and receipts leave it cached.

export const billingPayablesVersions = pgTable(
  'billing_payables_versions',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('billing_payables_versions_single_row', sql`${t.id} = 1`)],
);
