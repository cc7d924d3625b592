import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { HttpError } from '../../plugins/errors.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { applyStockMove, applyStockTransfer, stockMoveValue, type StockMoveInput } from './inventory-moves.ts';
import { inventoryLocations, stockLevels, stockMoves } from './inventory.table.ts';

// The stock-move core (designs/billing.md §3.8): moving average over receipts, out-moves at average with the last one
// taking the value left, the levels' split, the 422s, and two concurrent sales of the last unit.

let ctx: TestContext;
let warehouse: number;
let van: number;
let closed: number;
let itemSeq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  const rows = await ctx.db
    .insert(inventoryLocations)
    .values([
      { name: 'Main warehouse', kind: 'warehouse' },
      { name: 'Van 1', kind: 'vehicle' },
      { name: 'Old shelf', kind: 'office', active: false },
    ])
    .returning({ id: inventoryLocations.id });
  [warehouse, van, closed] = rows.map((row) => row.id);
});
afterAll(async () => {
  await ctx.close();
});

async function makeItem(values: Partial<typeof billingItems.$inferInsert> = {}): Promise<number> {
  itemSeq += 1;
  const [row] = await ctx.db
    .insert(billingItems)
    .values({ name: `Switch ${itemSeq}`, type: 'product', unit: 'each', inventoryTracked: true, ...values })
    .returning({ id: billingItems.id });
  return row.id;
}

const move = (itemId: number, quantity: string, extra: Partial<StockMoveInput> = {}): StockMoveInput => ({
  itemId,
  locationId: warehouse,
  quantity,
  reason: quantity.startsWith('-') ? 'sale' : 'receipt',
  sourceType: 'test',
  sourceId: null,
  occurredOn: '2026-11-01',
  createdBy: null,
  ...extra,
});

const apply = (input: StockMoveInput) => ctx.db.transaction((tx) => applyStockMove(tx, input));

async function refused(promise: Promise<unknown>): Promise<Record<string, string[]>> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).statusCode).toBe(422);
  return (error as HttpError).errors ?? {};
}

async function state(itemId: number) {
  const [item] = await ctx.db
    .select({ averageCost: billingItems.averageCost })
    .from(billingItems)
    .where(eq(billingItems.id, itemId));
  const levels = await ctx.db
    .select({ locationId: stockLevels.locationId, onHand: stockLevels.onHand, value: stockLevels.value })
    .from(stockLevels)
    .where(eq(stockLevels.itemId, itemId))
    .orderBy(stockLevels.locationId);
  const [moves] = await ctx.db
    .select({ value: sql<string>`coalesce(sum(${stockMoves.value}), 0)::text` })
    .from(stockMoves)
    .where(eq(stockMoves.itemId, itemId));
  const levelSum = levels.reduce((sum, level) => sum + Math.round(Number(level.value) * 100), 0);
  return { average: item.averageCost, levels, levelSum, moveSum: Math.round(Number(moves.value) * 100) };
}

describe('applyStockMove', () => {
  it('keeps the moving average over receipts, to 4 decimals, half away from zero', async () => {
    const item = await makeItem();
    expect(await apply(move(item, '10', { unitCost: '2.5' }))).toMatchObject({ valueCents: 2500 });
    expect((await state(item)).average).toBe('2.5000');
    expect(await apply(move(item, '5', { unitCost: '4.0000' }))).toMatchObject({ valueCents: 2000 });
    expect((await state(item)).average).toBe('3.0000');
    // 3 x 1.1111 = 3.3333 -> 3.33; (45.00 + 3.33) / 18 = 2.685
    expect(await apply(move(item, '3', { unitCost: '1.1111' }))).toMatchObject({ valueCents: 333 });
    expect((await state(item)).average).toBe('2.6850');
    // 7 at 2.685 = 18.795 -> 18.80 (half away from zero); the average stays.
    expect(await apply(move(item, '-7'))).toMatchObject({ valueCents: -1880 });
    const after = await state(item);
    expect(after.average).toBe('2.6850');
    expect(after.levels).toEqual([{ locationId: warehouse, onHand: '11.00', value: '29.53' }]);
    expect(after.levelSum).toBe(after.moveSum);
  });

  it('lets the move that empties the item take exactly the value left, so stock value matches the ledger', async () => {
    const item = await makeItem();
    await apply(move(item, '1', { unitCost: '0.3333' }));
    await apply(move(item, '2', { unitCost: '0.3334' }));
    expect((await state(item)).average).toBe('0.3333'); // 1.00 / 3
    expect((await apply(move(item, '-1'))).valueCents).toBe(-33);
    expect((await apply(move(item, '-1'))).valueCents).toBe(-33);
    expect(await ctx.db.transaction((tx) => stockMoveValue(tx, move(item, '-1')))).toBe(-34);
    expect((await apply(move(item, '-1'))).valueCents).toBe(-34);
    const after = await state(item);
    expect(after.levels).toEqual([{ locationId: warehouse, onHand: '0.00', value: '0.00' }]);
    expect(after.moveSum).toBe(0);
  });

  it('splits the item value over locations by on hand and transfers with no change of value or average', async () => {
    const item = await makeItem();
    await apply(move(item, '3', { unitCost: '10' }));
    await apply(move(item, '1', { unitCost: '11', locationId: van }));
    expect((await state(item)).average).toBe('10.2500');
    const transfer = await ctx.db.transaction((tx) =>
      applyStockTransfer(tx, {
        itemId: item,
        fromLocationId: warehouse,
        toLocationId: van,
        quantity: '2',
        occurredOn: '2026-11-02',
        createdBy: null,
      }),
    );
    expect(transfer.valueCents).toBe(2050);
    let now = await state(item);
    expect(now.average).toBe('10.2500');
    expect(now.levels).toEqual([
      { locationId: warehouse, onHand: '1.00', value: '10.25' },
      { locationId: van, onHand: '3.00', value: '30.75' },
    ]);
    expect(now.moveSum).toBe(4100);
    // Everything to one place: the transfer carries the whole value.
    await ctx.db.transaction((tx) =>
      applyStockTransfer(tx, {
        itemId: item,
        fromLocationId: van,
        toLocationId: warehouse,
        quantity: '3',
        occurredOn: '2026-11-02',
        createdBy: null,
      }),
    );
    now = await state(item);
    expect(now.levels).toEqual([
      { locationId: warehouse, onHand: '4.00', value: '41.00' },
      { locationId: van, onHand: '0.00', value: '0.00' },
    ]);
    expect(now.levelSum).toBe(now.moveSum);
  });

  it('refuses negative stock, untracked items, part units of each items, inactive locations and receipts without cost', async () => {
    const item = await makeItem();
    await apply(move(item, '2', { unitCost: '5' }));
    expect(await refused(apply(move(item, '-3')))).toEqual({
      quantity: ['Not enough stock at Main warehouse: 2 on hand.'],
    });
    expect(await refused(apply(move(item, '-1', { locationId: van })))).toEqual({
      quantity: ['Not enough stock at Van 1: 0 on hand.'],
    });
    expect(await refused(apply(move(item, '1.5', { unitCost: '5' })))).toEqual({
      quantity: ['Quantity must be a whole number for items counted each.'],
    });
    expect(await refused(apply(move(item, '1.555', { unitCost: '5' })))).toHaveProperty('quantity');
    expect(await refused(apply(move(item, '1')))).toHaveProperty('unit_cost');
    expect(await refused(apply(move(item, '1', { unitCost: '5', locationId: closed })))).toHaveProperty('location_id');
    const untracked = await makeItem({ inventoryTracked: false });
    expect(await refused(apply(move(untracked, '1', { unitCost: '5' })))).toHaveProperty('item_id');
    // Hours may be part units, and their message shows the decimals people read.
    const cable = await makeItem({ unit: 'hour' });
    await apply(move(cable, '1.5', { unitCost: '2' }));
    expect(await refused(apply(move(cable, '-2')))).toEqual({
      quantity: ['Not enough stock at Main warehouse: 1.5 on hand.'],
    });
    const now = await state(item);
    expect(now.levels).toEqual([{ locationId: warehouse, onHand: '2.00', value: '10.00' }]);
  });

  it('sells the last unit once under two concurrent out-moves: one succeeds, one 422, the level right', async () => {
    const item = await makeItem();
    await apply(move(item, '1', { unitCost: '7.25' }));
    const results = await Promise.allSettled([apply(move(item, '-1')), apply(move(item, '-1'))]);
    const fulfilled = results.filter((r) => r.status === 'fulfilled');
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(rejected[0].reason).toBeInstanceOf(HttpError);
    expect((rejected[0].reason as HttpError).errors).toEqual({
      quantity: ['Not enough stock at Main warehouse: 0 on hand.'],
    });
    const now = await state(item);
    expect(now.levels).toEqual([{ locationId: warehouse, onHand: '0.00', value: '0.00' }]);
    expect(now.moveSum).toBe(0);
    const moves = await ctx.db.select().from(stockMoves).where(eq(stockMoves.itemId, item));
    expect(moves.map((m) => m.value).sort()).toEqual(['-7.25', '7.25']);
  });

  it('keeps stock moves append-only', async () => {
    const item = await makeItem();
    const { id } = await apply(move(item, '1', { unitCost: '1' }));
    await expect(ctx.db.update(stockMoves).set({ memo: 'x' }).where(eq(stockMoves.id, id))).rejects.toThrow();
  });
});
