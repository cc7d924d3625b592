import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { sites } from '../companies/companies.table.ts';
import { users } from '../users/users.table.ts';
import { journalEntries } from './ledger.table.ts';

// Inventory (designs/billing.md §3.8): where stock is, an append-only history of every move, and the level per item and
// location kept in the move's transaction. The database refuses negative stock; valuation is the item's moving average.

export const inventoryLocationKinds = ['office', 'warehouse', 'vehicle', 'client_site'] as const;
export const stockMoveReasons = [
  'receipt',
  'sale',
  'issue',
  'adjustment',
  'transfer_in',
  'transfer_out',
  'return',
] as const;

export const inventoryLocations = pgTable(
  'inventory_locations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind', { enum: inventoryLocationKinds }).notNull(),
    /** The client site a client_site location is. */
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'restrict' }),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inventory_locations_name_lower_unique').on(sql`lower(${t.name})`),
    index('inventory_locations_site_idx').on(t.siteId),
    check('inventory_locations_site_check', sql`(${t.kind} = 'client_site') = (${t.siteId} is not null)`),
  ],
);

/** Append-only (a trigger refuses UPDATE and DELETE): a correction is another move. */
export const stockMoves = pgTable(
  'stock_moves',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => billingItems.id, { onDelete: 'restrict' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => inventoryLocations.id, { onDelete: 'restrict' }),
    /** Signed: in > 0, out < 0. */
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull(),
    unitCost: numeric('unit_cost', { precision: 14, scale: 4 }).notNull(),
    /** Signed cents of value moved, round(quantity x unit cost) where it is born. */
    value: numeric('value', { precision: 14, scale: 2 }).notNull(),
    reason: text('reason', { enum: stockMoveReasons }).notNull(),
    /** receipt, invoice, ticket, project, adjustment, transfer: what caused it. */
    sourceType: text('source_type').notNull(),
    sourceId: integer('source_id'),
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }).references(() => journalEntries.id, {
      onDelete: 'restrict',
    }),
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    memo: text('memo').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_moves_item_idx').on(t.itemId, t.occurredOn, t.id),
    // The move history's first pages, newest first, without a filter (bench/billing-purchasing.ts).
    index('stock_moves_date_idx').on(t.occurredOn, t.id),
    index('stock_moves_location_idx').on(t.locationId, t.itemId),
    index('stock_moves_source_idx').on(t.sourceType, t.sourceId),
    index('stock_moves_entry_idx').on(t.journalEntryId),
    check('stock_moves_quantity_check', sql`${t.quantity} <> 0`),
    check('stock_moves_cost_check', sql`${t.unitCost} >= 0`),
  ],
);

export const stockLevels = pgTable(
  'stock_levels',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => billingItems.id, { onDelete: 'restrict' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => inventoryLocations.id, { onDelete: 'restrict' }),
    onHand: numeric('on_hand', { precision: 12, scale: 2 }).notNull().default('0'),
    value: numeric('value', { precision: 14, scale: 2 }).notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.locationId] }),
    index('stock_levels_location_idx').on(t.locationId, t.itemId),
    check('stock_levels_on_hand_check', sql`${t.onHand} >= 0`),
  ],
);
