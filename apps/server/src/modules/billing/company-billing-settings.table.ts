import { boolean, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, sites } from '../companies/companies.table.ts';
import { taxRates } from './tax-rates.table.ts';

// One row per company (designs/billing.md §3.3; decision 0066): its tax rate or exemption, bill-to site and the run's
// switches. A company without a row has the defaults (no rate, not exempt, nothing separate or waived).

export const companyBillingSettings = pgTable(
  'company_billing_settings',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    taxRateId: integer('tax_rate_id').references(() => taxRates.id, { onDelete: 'restrict' }),
    taxExempt: boolean('tax_exempt').notNull().default(false),
    exemptCertificate: text('exempt_certificate').notNull().default(''),
    exemptExpiresOn: date('exempt_expires_on', { mode: 'string' }),
    billingSiteId: integer('billing_site_id').references(() => sites.id, { onDelete: 'set null' }),
    separateOverageInvoice: boolean('separate_overage_invoice').notNull().default(false),
    waiveLateFees: boolean('waive_late_fees').notNull().default(false),
    invoiceNotes: text('invoice_notes').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('company_billing_settings_tax_rate_idx').on(t.taxRateId)],
);
