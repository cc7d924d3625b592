import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, smallint } from 'drizzle-orm/pg-core';

// One row whose version every billing writer bumps at its commit (a deferred constraint trigger on invoices, payments,
// allocations, write-offs, journal entries and companies, in the writer's transaction): a reader that reads the
// version and its data in one snapshot may cache what it computed under that version (billing-cache.ts).

export const billingVersions = pgTable(
  'billing_versions',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('billing_versions_single_row', sql`${t.id} = 1`)],
);
