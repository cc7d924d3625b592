import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, smallint } from 'drizzle-orm/pg-core';

// One row whose version moves at the commit of every transaction that writes what the DOR reports read (invoices and
// their lines, tax rates, allocations paying or using an invoice or credit note, journal lines tagged with a rate or on
// a sales-tax account), and of no other billing write: DOR Taxes is cached under it (billing-cache.ts,
// cachedBySalesTaxVersion), so bills, receipts, stock and payments made no longer compute it again.

export const billingTaxVersions = pgTable(
  'billing_tax_versions',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('billing_tax_versions_single_row', sql`${t.id} = 1`)],
);
