import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { users } from '../users/users.table.ts';
import { inventoryLocations } from './inventory.table.ts';
import { accounts, journalEntries } from './ledger.table.ts';
import { poLines, purchaseOrders, vendors } from './purchase-orders.table.ts';

// Receiving against purchase orders (designs/billing.md §3.7): a receipt posts 1200 Inventory (tracked items) or the
// item's expense account, against 2050 Received Not Billed. Partial receipts are normal; a line never passes its PO line.

export const receipts = pgTable(
  'receipts',
  {
    id: serial('id').primaryKey(),
    /** 'RCV-000012', taken inside the posting transaction. */
    number: text('number').notNull().unique(),
    poId: integer('po_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'restrict' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    /** Where tracked items went; null for a drop ship or an order of services and non-stock items. */
    locationId: integer('location_id').references(() => inventoryLocations.id, { onDelete: 'restrict' }),
    memo: text('memo').notNull().default(''),
    total: numeric('total', { precision: 14, scale: 2 }).notNull().default('0'),
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }).references(() => journalEntries.id, {
      onDelete: 'restrict',
    }),
    receivedBy: integer('received_by').references(() => users.id, { onDelete: 'set null' }),
    /** Set when the receipt is voided (returned): its stock moved back out and its entry reversed on this date. */
    voidedOn: date('voided_on', { mode: 'string' }),
    voidedBy: integer('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidJournalEntryId: bigint('void_journal_entry_id', { mode: 'number' }).references(() => journalEntries.id, {
      onDelete: 'restrict',
    }),
    voidReason: text('void_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('receipts_po_idx').on(t.poId),
    index('receipts_vendor_idx').on(t.vendorId, t.receivedOn),
    index('receipts_date_idx').on(t.receivedOn, t.id),
  ],
);

export const receiptLines = pgTable(
  'receipt_lines',
  {
    id: serial('id').primaryKey(),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => receipts.id, { onDelete: 'cascade' }),
    poLineId: integer('po_line_id')
      .notNull()
      .references(() => poLines.id, { onDelete: 'restrict' }),
    itemId: integer('item_id').references(() => billingItems.id, { onDelete: 'restrict' }),
    /** The account debited: 1200 for a tracked item, else the item's (or vendor's) expense account. */
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull(),
    unitCost: numeric('unit_cost', { precision: 14, scale: 4 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    serials: text('serials')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    index('receipt_lines_receipt_idx').on(t.receiptId),
    index('receipt_lines_po_line_idx').on(t.poLineId),
    index('receipt_lines_item_idx').on(t.itemId),
    check('receipt_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);
