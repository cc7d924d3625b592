import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '../billing/ledger.table.ts';

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
    // The catalogue's accounting side (designs/billing.md §3.3): an item used on a document is archived, never deleted.
    sku: text('sku').notNull().default(''),
    /** each, device, user, hour or month */
    unit: text('unit').notNull().default('each'),
    cost: numeric('cost', { precision: 14, scale: 4 }).notNull().default('0'),
    /** null: the item type's default income account (posting-rules.ts incomeAccountByItemType). */
    incomeAccountId: integer('income_account_id').references(() => accounts.id, { onDelete: 'restrict' }),
    expenseAccountId: integer('expense_account_id').references(() => accounts.id, { onDelete: 'restrict' }),
    inventoryTracked: boolean('inventory_tracked').notNull().default(false),
    averageCost: numeric('average_cost', { precision: 14, scale: 4 }).notNull().default('0'),
    /** Vendors arrive with billing part 2; no foreign key yet. */
    preferredVendorId: integer('preferred_vendor_id'),
    reorderPoint: integer('reorder_point'),
    reorderQty: integer('reorder_qty'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('billing_items_type_idx').on(t.type),
    index('billing_items_name_lower_idx').on(t.name),
    index('billing_items_active_idx')
      .on(t.type, t.name)
      .where(sql`${t.archivedAt} is null`),
    // /billing/inventory's stock list, by item name: its first page read in order instead of sorting every level.
    index('billing_items_tracked_name_idx')
      .on(sql`lower(${t.name})`, t.id)
      .where(sql`${t.inventoryTracked}`),
    // A vendor's "Items supplied" and whether a vendor is used.
    index('billing_items_preferred_vendor_idx')
      .on(t.preferredVendorId)
      .where(sql`${t.preferredVendorId} is not null`),
  ],
);
