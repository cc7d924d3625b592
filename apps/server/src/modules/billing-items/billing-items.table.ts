import { index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** The billing catalogue (spec 2 §3 Billing item). Contracts pick retainer, overage and late-fee items from it. */
export const billingItems = pgTable(
  'billing_items',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    // retainer, overage, fee, cloud, service or product (shared billingItemTypes).
    type: text('type').notNull(),
    description: text('description'),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    taxable: integer('taxable').notNull().default(0),
    // Late-fee items: the percent charged.
    feePercent: numeric('fee_percent', { precision: 6, scale: 2, mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_items_type_idx').on(t.type), index('billing_items_name_lower_idx').on(t.name)],
);
