import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { projects } from '../projects/projects.table.ts';
import { users } from '../users/users.table.ts';
import { inventoryLocations } from './inventory.table.ts';
import { accounts } from './ledger.table.ts';

// Vendors and purchase orders as the billing design (designs/billing.md §3.3, §3.7) names them: the part the po
// document needs now (issue 17 part 1). The billing issue adds receipts, bills, items and locations to these tables
// instead of replacing them. Money is numeric in SQL, integer cents in code.

export const vendors = pgTable(
  'vendors',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Our account number with the vendor. */
    accountNumber: text('account_number').notNull().default(''),
    contact: text('contact').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    website: text('website').notNull().default(''),
    /** Days ('Net 30'). */
    paymentTerms: integer('payment_terms').notNull().default(30),
    /** An expense account (5xxx/6xxx) a bill's lines default to. */
    defaultExpenseAccountId: integer('default_expense_account_id').references(() => accounts.id, {
      onDelete: 'restrict',
    }),
    is1099: boolean('is_1099').notNull().default(false),
    /** Stored whole; every answer masks all but its last 4 characters (decision on vendors). */
    taxId: text('tax_id').notNull().default(''),
    notes: text('notes').notNull().default(''),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Unique whatever the case: 'Ingram Micro' and 'ingram micro' are one vendor.
    uniqueIndex('vendors_name_lower_unique').on(sql`lower(${t.name})`),
    index('vendors_default_expense_account_idx').on(t.defaultExpenseAccountId),
  ],
);

export const purchaseOrderStatuses = ['draft', 'ordered', 'partial', 'received', 'closed', 'cancelled'] as const;

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: serial('id').primaryKey(),
    /** 'PO-000012', taken when the order is first sent; drafts have an id only. */
    number: text('number').unique(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    status: text('status', { enum: purchaseOrderStatuses }).notNull().default('draft'),
    orderDate: date('order_date', { mode: 'string' }).notNull(),
    expectedDate: date('expected_date', { mode: 'string' }),
    /** The client and project it is bought for (job costing); the order stays the MSP's own document. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** Ship to our stock location, or (drop ship) straight to a client's site: at most one. */
    locationId: integer('location_id').references(() => inventoryLocations.id, { onDelete: 'restrict' }),
    shipToSiteId: integer('ship_to_site_id').references(() => sites.id, { onDelete: 'restrict' }),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    memo: text('memo').notNull().default(''),
    subtotal: numeric('subtotal', { precision: 14, scale: 2 }).notNull().default('0'),
    taxTotal: numeric('tax_total', { precision: 14, scale: 2 }).notNull().default('0'),
    total: numeric('total', { precision: 14, scale: 2 }).notNull().default('0'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('purchase_orders_vendor_idx').on(t.vendorId),
    index('purchase_orders_company_idx').on(t.companyId),
    index('purchase_orders_project_idx').on(t.projectId),
    index('purchase_orders_status_date_idx').on(t.status, t.orderDate, t.id),
    index('purchase_orders_date_idx').on(t.orderDate, t.id),
    check('purchase_orders_ship_to_check', sql`${t.locationId} is null or ${t.shipToSiteId} is null`),
    check('purchase_orders_total_check', sql`${t.total} = ${t.subtotal} + ${t.taxTotal}`),
    // Past draft, an order has its number (a draft may be cancelled unnumbered).
    check('purchase_orders_number_check', sql`${t.status} in ('draft', 'cancelled') or ${t.number} is not null`),
  ],
);

export const poLines = pgTable(
  'po_lines',
  {
    id: serial('id').primaryKey(),
    poId: integer('po_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    itemId: integer('item_id').references(() => billingItems.id, { onDelete: 'restrict' }),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull(),
    unitCost: numeric('unit_cost', { precision: 14, scale: 4 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    receivedQty: numeric('received_qty', { precision: 12, scale: 2 }).notNull().default('0'),
    billedQty: numeric('billed_qty', { precision: 12, scale: 2 }).notNull().default('0'),
    /** Job costing: the client and project the line is bought for (defaults from the order). */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    billableToClient: boolean('billable_to_client').notNull().default(false),
  },
  (t) => [
    index('po_lines_po_idx').on(t.poId, t.lineNo),
    check('po_lines_received_check', sql`${t.receivedQty} >= 0 and ${t.receivedQty} <= ${t.quantity}`),
    check('po_lines_billed_check', sql`${t.billedQty} >= 0 and ${t.billedQty} <= ${t.quantity}`),
    index('po_lines_item_idx').on(t.itemId),
    index('po_lines_company_idx').on(t.companyId),
    index('po_lines_project_idx').on(t.projectId),
  ],
);
