import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { companies } from '../companies/companies.table.ts';
import { projects } from '../projects/projects.table.ts';
import { users } from '../users/users.table.ts';
import { accounts, journalEntries } from './ledger.table.ts';
import { poLines, purchaseOrders, vendors } from './purchase-orders.table.ts';
import { receipts } from './receipts.table.ts';

// Vendor bills and vendor credits (designs/billing.md §3.7, §3.2): a posted bill credits 2000 Accounts Payable for
// its vendor; lines of received PO lines debit 2050 Received Not Billed at the receipt's cost, the difference going to
// 5900 Purchase Price Variance. A vendor credit is kind 'credit' with a negative total, applied like a payment.

export const billKinds = ['bill', 'credit'] as const;
export const billStatuses = ['draft', 'posted', 'void'] as const;

export const bills = pgTable(
  'bills',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: billKinds }).notNull().default('bill'),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    /** The vendor's own invoice number, unique per vendor among bills not void. */
    vendorRef: text('vendor_ref').notNull().default(''),
    billDate: date('bill_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: billStatuses }).notNull().default('draft'),
    poId: integer('po_id').references(() => purchaseOrders.id, { onDelete: 'restrict' }),
    /** Entered with a receipt ("Bill received with items"). */
    receiptId: integer('receipt_id').references(() => receipts.id, { onDelete: 'restrict' }),
    memo: text('memo').notNull().default(''),
    subtotal: numeric('subtotal', { precision: 14, scale: 2 }).notNull().default('0'),
    taxTotal: numeric('tax_total', { precision: 14, scale: 2 }).notNull().default('0'),
    total: numeric('total', { precision: 14, scale: 2 }).notNull().default('0'),
    /** What is left to pay (bill) or to apply (credit, <= 0). */
    balance: numeric('balance', { precision: 14, scale: 2 }).notNull().default('0'),
    closedOn: date('closed_on', { mode: 'string' }),
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }).references(() => journalEntries.id, {
      onDelete: 'restrict',
    }),
    postedBy: integer('posted_by').references(() => users.id, { onDelete: 'set null' }),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    voidedBy: integer('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidDate: date('void_date', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bills_vendor_ref_unique')
      .on(t.vendorId, sql`lower(${t.vendorRef})`)
      .where(sql`${t.vendorRef} <> '' and ${t.status} <> 'void'`),
    index('bills_vendor_date_idx').on(t.vendorId, t.billDate, t.id),
    index('bills_date_idx').on(t.billDate, t.id),
    index('bills_po_idx').on(t.poId),
    index('bills_receipt_idx').on(t.receiptId),
    // Open bills for aged payables and the home's "bills due": one partial index read.
    index('bills_open_idx')
      .on(t.vendorId, t.dueDate)
      .where(sql`${t.status} = 'posted' and ${t.balance} <> 0`),
    check('bills_total_check', sql`${t.total} = ${t.subtotal} + ${t.taxTotal}`),
    check(
      'bills_balance_check',
      sql`(${t.kind} = 'bill' and ${t.total} >= 0 and ${t.balance} between 0 and ${t.total})
        or (${t.kind} = 'credit' and ${t.total} <= 0 and ${t.balance} between ${t.total} and 0)`,
    ),
    check('bills_posted_check', sql`${t.status} = 'draft' or ${t.journalEntryId} is not null`),
  ],
);

export const billLines = pgTable(
  'bill_lines',
  {
    id: serial('id').primaryKey(),
    billId: integer('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    itemId: integer('item_id').references(() => billingItems.id, { onDelete: 'restrict' }),
    /** The account debited when the line is not of a received PO line (else 2050 at receipt cost, rest to 5900). */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'restrict' }),
    description: text('description').notNull().default(''),
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull(),
    unitCost: numeric('unit_cost', { precision: 14, scale: 4 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    poLineId: integer('po_line_id').references(() => poLines.id, { onDelete: 'restrict' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    billableToClient: boolean('billable_to_client').notNull().default(false),
  },
  (t) => [
    index('bill_lines_bill_idx').on(t.billId, t.lineNo),
    index('bill_lines_po_line_idx').on(t.poLineId),
    index('bill_lines_item_idx').on(t.itemId),
    index('bill_lines_company_idx').on(t.companyId),
    check('bill_lines_target_check', sql`${t.itemId} is not null or ${t.accountId} is not null`),
  ],
);
