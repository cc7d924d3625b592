import {
  allocateCents,
  centsFromNumeric,
  lineAmount,
  numericFromCents,
  numericFromUnits,
  unitsFromNumeric,
} from '@switchboard/shared/billing/money';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { unprocessable } from '../../plugins/errors.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { inventoryLocations, stockLevels, stockMoves, type stockMoveReasons } from './inventory.table.ts';

// The stock-move core (designs/billing.md §2, §3.8; decision record "inventory valuation"): every change of stock goes
// through here, inside the caller's transaction, with the item's row locked so that moves of one item run one at a
// time. Valuation is the item's moving average across locations (billing_items.average_cost, 4 decimals):
// - an in-move with a cost is worth round(qty x unit cost) and recomputes the average from the item's total value;
// - an in-move without a cost and every out-move are worth round(qty x average cost), half away from zero, except
//   that the move taking the item's total on hand to 0 takes exactly the value left, so stock value = account 1200;
// - the item's total value is split over its locations' stock_levels.value in proportion to on hand (largest
//   remainder), so a location with nothing on hand holds no value and the levels always sum to the item's value.
// Several items in one transaction: call in item id order (rows are locked in id order).

export interface StockMoveInput {
  itemId: number;
  locationId: number;
  /** Signed numeric text, 2 decimals at most: '3', '-1.5'. */
  quantity: string;
  /** numeric(14,4) text; required for receipts; out-moves leave at the item's average cost. */
  unitCost?: string;
  reason: (typeof stockMoveReasons)[number];
  /** 'receipt' + receipt id, 'invoice', 'ticket', 'project', 'adjustment', 'transfer'. */
  sourceType: string;
  sourceId: number | null;
  occurredOn: string;
  memo?: string;
  createdBy: number | null;
  journalEntryId?: number | null;
  /**
   * An exact signed value in cents, for a move that undoes an earlier one at what it took (a voided invoice's sale).
   * An out-move that leaves the item with nothing on hand still takes the value left.
   */
  valueCents?: number;
}

export const wholeQuantityMessage = 'Quantity must be a whole number for items counted each.';
export const notTrackedMessage = 'Only inventory-tracked items can be moved in stock.';
export const quantityDecimalsMessage = 'Quantity must be a number with at most two decimals.';
export const quantityZeroMessage = 'Quantity must not be zero.';
export const quantityPositiveMessage = 'Quantity must be more than 0.';
export const unitCostMessage = 'Unit cost must be a number of at least 0 with at most four decimals.';
export const unitCostRequiredMessage = 'Enter the unit cost of the stock received.';
export const locationInvalidMessage = 'The selected location is invalid.';
export const locationInactiveMessage = 'The location is inactive.';
export const notEnoughStockMessage = (location: string, onHand: string): string =>
  `Not enough stock at ${location}: ${onHand} on hand.`;

/** '2.00' -> '2', '1.50' -> '1.5': a quantity as people read it. */
export const displayQuantity = (text: string): string => {
  const units = unitsFromNumeric(text, 2);
  const whole = numericFromUnits(units, 2);
  return whole.replace(/\.?0+$/, '') || '0';
};

interface Prepared {
  qtyUnits: number; // hundredths, signed
  unitCost: string; // numeric(14,4) text
  valueCents: number; // signed
  newAverage: string | null; // numeric(14,4) text when the move changes the average
  locationName: string;
}

/** Rounds a / b half away from zero (BigInt, exact). */
function divideRounded(a: bigint, b: bigint): bigint {
  const negative = a < 0n !== b < 0n;
  const absA = a < 0n ? -a : a;
  const absB = b < 0n ? -b : b;
  const q = (absA * 2n + absB) / (absB * 2n);
  return negative ? -q : q;
}

function parseQuantity(text: string): number {
  let units: number;
  try {
    units = unitsFromNumeric(text, 2);
  } catch {
    throw unprocessable({ quantity: [quantityDecimalsMessage] });
  }
  if (units === 0) throw unprocessable({ quantity: [quantityZeroMessage] });
  return units;
}

async function prepare(tx: Transaction, move: StockMoveInput): Promise<Prepared> {
  if (move.reason === 'transfer_in' || move.reason === 'transfer_out') {
    throw new Error('Transfers go through applyStockTransfer, which keeps their value whole.');
  }
  const qtyUnits = parseQuantity(move.quantity);
  // The item's row lock serialises every move of the item (levels, average) until the caller commits.
  const [item] = await tx
    .select({
      id: billingItems.id,
      unit: billingItems.unit,
      tracked: billingItems.inventoryTracked,
      averageCost: billingItems.averageCost,
    })
    .from(billingItems)
    .where(eq(billingItems.id, move.itemId))
    .for('update');
  if (!item || !item.tracked) throw unprocessable({ item_id: [notTrackedMessage] });
  if (item.unit === 'each' && qtyUnits % 100 !== 0) throw unprocessable({ quantity: [wholeQuantityMessage] });

  const [location] = await tx
    .select({ name: inventoryLocations.name, active: inventoryLocations.active })
    .from(inventoryLocations)
    .where(eq(inventoryLocations.id, move.locationId));
  if (!location) throw unprocessable({ location_id: [locationInvalidMessage] });
  if (qtyUnits > 0 && !location.active) throw unprocessable({ location_id: [locationInactiveMessage] });

  const [totals] = await tx
    .select({
      onHand: sql<string>`coalesce(sum(${stockLevels.onHand}), 0)::text`,
      value: sql<string>`coalesce(sum(${stockLevels.value}), 0)::text`,
    })
    .from(stockLevels)
    .where(eq(stockLevels.itemId, move.itemId));
  const totalQty = unitsFromNumeric(totals.onHand, 2);
  const totalValue = centsFromNumeric(totals.value);
  const quantityText = numericFromUnits(qtyUnits, 2);
  const absText = numericFromUnits(Math.abs(qtyUnits), 2);

  if (qtyUnits < 0) {
    const [level] = await tx
      .select({ onHand: stockLevels.onHand })
      .from(stockLevels)
      .where(and(eq(stockLevels.itemId, move.itemId), eq(stockLevels.locationId, move.locationId)));
    const here = level ? unitsFromNumeric(level.onHand, 2) : 0;
    if (here + qtyUnits < 0) {
      throw unprocessable({
        quantity: [notEnoughStockMessage(location.name, displayQuantity(numericFromUnits(here, 2)))],
      });
    }
    const valueCents =
      totalQty + qtyUnits === 0 ? -totalValue : (move.valueCents ?? -lineAmount(absText, item.averageCost));
    return { qtyUnits, unitCost: item.averageCost, valueCents, newAverage: null, locationName: location.name };
  }

  if (move.valueCents !== undefined) {
    const average = divideRounded(BigInt(totalValue + move.valueCents) * 10000n, BigInt(totalQty + qtyUnits));
    const unitCost = numericFromUnits(Number(divideRounded(BigInt(move.valueCents) * 10000n, BigInt(qtyUnits))), 4);
    const newAverage = numericFromUnits(Number(average), 4);
    return { qtyUnits, unitCost, valueCents: move.valueCents, newAverage, locationName: location.name };
  }
  if (move.unitCost === undefined) {
    if (move.reason === 'receipt') throw unprocessable({ unit_cost: [unitCostRequiredMessage] });
    const valueCents = lineAmount(quantityText, item.averageCost);
    return { qtyUnits, unitCost: item.averageCost, valueCents, newAverage: null, locationName: location.name };
  }
  let costUnits: number;
  try {
    costUnits = unitsFromNumeric(move.unitCost, 4);
  } catch {
    throw unprocessable({ unit_cost: [unitCostMessage] });
  }
  if (costUnits < 0) throw unprocessable({ unit_cost: [unitCostMessage] });
  const unitCost = numericFromUnits(costUnits, 4);
  const valueCents = lineAmount(quantityText, unitCost);
  // Average (1/10000 dollar) = total value (cents) x 100 / total quantity (hundredths) x 100.
  const average = divideRounded(BigInt(totalValue + valueCents) * 10000n, BigInt(totalQty + qtyUnits));
  return {
    qtyUnits,
    unitCost,
    valueCents,
    newAverage: numericFromUnits(Number(average), 4),
    locationName: location.name,
  };
}

/**
 * The signed value in cents the move would take now, without writing it: lets a caller post the journal entry first
 * and then write the move linked to it (moves are append-only). Locks the item row like applyStockMove; in the same
 * transaction, applyStockMove then takes exactly this value.
 */
export async function stockMoveValue(tx: Transaction, move: StockMoveInput): Promise<number> {
  return (await prepare(tx, move)).valueCents;
}

/** Adds the move to its level and re-splits the item's total value over its levels in proportion to on hand. */
async function updateLevels(
  tx: Transaction,
  itemId: number,
  changes: { locationId: number; qtyUnits: number }[],
  valueCents: number,
) {
  for (const change of [...changes].sort((a, b) => a.locationId - b.locationId)) {
    const quantity = numericFromUnits(change.qtyUnits, 2);
    // Out-moves update the level prepare() found (an insert's row is checked against on_hand >= 0 before ON CONFLICT).
    if (change.qtyUnits < 0) {
      await tx
        .update(stockLevels)
        .set({ onHand: sql`${stockLevels.onHand} + ${quantity}::numeric`, updatedAt: sql`now()` })
        .where(and(eq(stockLevels.itemId, itemId), eq(stockLevels.locationId, change.locationId)));
      continue;
    }
    await tx
      .insert(stockLevels)
      .values({ itemId, locationId: change.locationId, onHand: quantity, value: '0' })
      .onConflictDoUpdate({
        target: [stockLevels.itemId, stockLevels.locationId],
        set: { onHand: sql`${stockLevels.onHand} + ${quantity}::numeric`, updatedAt: sql`now()` },
      });
  }
  const levels = await tx
    .select({ locationId: stockLevels.locationId, onHand: stockLevels.onHand, value: stockLevels.value })
    .from(stockLevels)
    .where(eq(stockLevels.itemId, itemId))
    .orderBy(asc(stockLevels.locationId))
    .for('update');
  const total = levels.reduce((sum, level) => sum + centsFromNumeric(level.value), valueCents);
  const shares = allocateCents(
    total,
    levels.map((level) => unitsFromNumeric(level.onHand, 2)),
  );
  for (const [index, level] of levels.entries()) {
    const value = numericFromCents(shares[index]);
    if (centsFromNumeric(level.value) === shares[index]) continue;
    await tx
      .update(stockLevels)
      .set({ value, updatedAt: sql`now()` })
      .where(and(eq(stockLevels.itemId, itemId), eq(stockLevels.locationId, level.locationId)));
  }
}

/**
 * Inside the caller's transaction: locks the item row, writes the move, updates stock_levels (refusing negative stock
 * with a 422 keyed 'quantity': 'Not enough stock at {location}: {n} on hand.') and the item's moving average cost
 * (billing_items.average_cost, 4 decimals, recomputed on in-moves with a cost). Returns the signed value in cents.
 */
export async function applyStockMove(
  tx: Transaction,
  move: StockMoveInput,
): Promise<{ id: number; valueCents: number }> {
  const prepared = await prepare(tx, move);
  const [row] = await tx
    .insert(stockMoves)
    .values({
      itemId: move.itemId,
      locationId: move.locationId,
      quantity: numericFromUnits(prepared.qtyUnits, 2),
      unitCost: prepared.unitCost,
      value: numericFromCents(prepared.valueCents),
      reason: move.reason,
      sourceType: move.sourceType,
      sourceId: move.sourceId,
      journalEntryId: move.journalEntryId ?? null,
      occurredOn: move.occurredOn,
      memo: move.memo ?? '',
      createdBy: move.createdBy,
    })
    .returning({ id: stockMoves.id });
  await updateLevels(
    tx,
    move.itemId,
    [{ locationId: move.locationId, qtyUnits: prepared.qtyUnits }],
    prepared.valueCents,
  );
  if (prepared.newAverage !== null) {
    await tx.update(billingItems).set({ averageCost: prepared.newAverage }).where(eq(billingItems.id, move.itemId));
  }
  return { id: row.id, valueCents: prepared.valueCents };
}

export interface StockTransferInput {
  itemId: number;
  fromLocationId: number;
  toLocationId: number;
  /** Positive numeric text. */
  quantity: string;
  occurredOn: string;
  memo?: string;
  createdBy: number | null;
  sourceId?: number | null;
}

/**
 * Moves stock between two locations with no GL effect: a transfer_out and a transfer_in of the same value at the
 * average cost (all of the item's value when the item's whole stock moves), so the item's value and average stay.
 */
export async function applyStockTransfer(
  tx: Transaction,
  input: StockTransferInput,
): Promise<{ outId: number; inId: number; valueCents: number }> {
  const qtyUnits = parseQuantity(input.quantity);
  if (qtyUnits < 0) throw unprocessable({ quantity: [quantityPositiveMessage] });
  if (input.fromLocationId === input.toLocationId) {
    throw unprocessable({ to_location_id: ['The destination must differ from the source location.'] });
  }
  // The out side's checks (tracked, whole, enough stock) through prepare(), as an issue of the quantity would be.
  const asOut = await prepare(tx, {
    itemId: input.itemId,
    locationId: input.fromLocationId,
    quantity: numericFromUnits(-qtyUnits, 2),
    reason: 'issue',
    sourceType: 'transfer',
    sourceId: null,
    occurredOn: input.occurredOn,
    createdBy: input.createdBy,
  });
  const [destination] = await tx
    .select({ active: inventoryLocations.active })
    .from(inventoryLocations)
    .where(eq(inventoryLocations.id, input.toLocationId));
  if (!destination) throw unprocessable({ to_location_id: [locationInvalidMessage] });
  if (!destination.active) throw unprocessable({ to_location_id: [locationInactiveMessage] });
  const value = -asOut.valueCents;
  const common = {
    itemId: input.itemId,
    unitCost: asOut.unitCost,
    sourceType: 'transfer',
    sourceId: input.sourceId ?? null,
    occurredOn: input.occurredOn,
    memo: input.memo ?? '',
    createdBy: input.createdBy,
  };
  const rows = await tx
    .insert(stockMoves)
    .values([
      {
        ...common,
        locationId: input.fromLocationId,
        quantity: numericFromUnits(-qtyUnits, 2),
        value: numericFromCents(-value),
        reason: 'transfer_out' as const,
      },
      {
        ...common,
        locationId: input.toLocationId,
        quantity: numericFromUnits(qtyUnits, 2),
        value: numericFromCents(value),
        reason: 'transfer_in' as const,
      },
    ])
    .returning({ id: stockMoves.id, reason: stockMoves.reason });
  await updateLevels(
    tx,
    input.itemId,
    [
      { locationId: input.fromLocationId, qtyUnits: -qtyUnits },
      { locationId: input.toLocationId, qtyUnits },
    ],
    0,
  );
  const outRow = rows.find((r) => r.reason === 'transfer_out')!;
  const inRow = rows.find((r) => r.reason === 'transfer_in')!;
  return { outId: outRow.id, inId: inRow.id, valueCents: value };
}
