import {
  inventoryLocationKinds,
  reorderRowSchema,
  stockMoveSchema,
  stockRowSchema,
  stockTotalsSchema,
  type ReorderRow,
  type StockMove,
  type StockRow,
} from '@switchboard/shared/billing/inventory';
import { centsFromNumeric, dollarsFromCents } from '@switchboard/shared/billing/money';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { pageSchema } from '../../db/paginate.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { applyStockMove } from './inventory-moves.ts';
import { listBelowReorder } from './inventory.service.ts';
import { vendors } from './purchase-orders.table.ts';

// The stock list, the move history (an item's Movement history drawer) and the below-reorder queue answer JSON text
// written by PostgreSQL (decision 0129's pattern). Each is held here to strict zod schemas (no key more or less) and
// to what the Node shaping they replaced gives for the same rows (copied below as it was), on locations of every
// kind, levels at zero, items below their reorder point, an archived item, a move without a user and text JSON must
// escape; the stock list's item_id filter against the editor's old search by SKU.

let ctx: TestContext;
let viewer: string;
let accountant: string;
const tricky = 'Quote "q" \\ back\\slash / Ünïcode – tab\there';
const loc: Record<string, number> = {};
const item: Record<string, number> = {};

const strictStockRow = z.strictObject(stockRowSchema.shape);
const stockPageSchema = pageSchema(strictStockRow)
  .extend({ totals: z.strictObject(stockTotalsSchema.shape) })
  .strict();
const movePageSchema = pageSchema(z.strictObject(stockMoveSchema.shape)).strict();
const reorderSchema = z.strictObject({ data: z.array(z.strictObject(reorderRowSchema.shape)) });

const call = (method: 'GET' | 'POST', url: string, payload?: object, as = viewer) =>
  ctx.app.inject({ method, url, headers: bearer(as), payload });

async function post(url: string, payload: object) {
  const response = await call('POST', url, payload, accountant);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { id: number } }>();
}

async function get(url: string): Promise<unknown> {
  const response = await call('GET', url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response.json<unknown>();
}

// --- the Node shaping the JSON statements replaced (inventory.service.ts before), over every matching row ---

const num = (text: string | null): number => (text === null ? 0 : Number(text));
const dollars = (text: string | null): number => dollarsFromCents(text === null ? 0 : centsFromNumeric(text));

async function oldStock(query: {
  location_id?: number;
  type?: string;
  below_reorder?: boolean;
  search?: string;
}): Promise<StockRow[]> {
  const where: SQL[] = [sql`i.inventory_tracked`];
  if (query.location_id !== undefined) where.push(sql`l.id = ${query.location_id}`);
  if (query.type !== undefined) where.push(sql`l.kind = ${query.type}`);
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(i.name ilike ${like} or i.sku ilike ${like} or l.name ilike ${like})`);
  }
  const itemTotal = sql`(select sum(t.on_hand) from stock_levels t where t.item_id = s.item_id)`;
  if (query.below_reorder) where.push(sql`i.reorder_point is not null and ${itemTotal} <= i.reorder_point`);
  const { rows } = await ctx.db.execute<Record<string, string | number | null>>(sql`
    select s.item_id, i.name as item_name, i.sku, i.unit, s.location_id, l.name as location_name,
      l.kind as location_kind, s.on_hand::text, i.average_cost::text, s.value::text, i.reorder_point,
      (select sum(t.on_hand) from stock_levels t where t.item_id = s.item_id)::text as total_on_hand
    from billing_items i
    join stock_levels s on s.item_id = i.id
    join inventory_locations l on l.id = s.location_id
    where ${sql.join(where, sql` and `)}
      and (s.on_hand <> 0 or s.value <> 0 or ${query.location_id ?? null}::int is not null)
    order by lower(i.name), i.id, lower(l.name), l.id`);
  return rows.map((row) => ({
    item_id: Number(row.item_id),
    item_name: String(row.item_name),
    sku: String(row.sku),
    unit: String(row.unit),
    location_id: Number(row.location_id),
    location_name: String(row.location_name),
    location_kind: row.location_kind as StockRow['location_kind'],
    on_hand: num(row.on_hand as string),
    average_cost: num(row.average_cost as string),
    value: dollars(row.value as string),
    reorder_point: row.reorder_point === null ? null : Number(row.reorder_point),
    below_reorder: row.reorder_point !== null && num(row.total_on_hand as string) <= Number(row.reorder_point),
  }));
}

async function oldMoves(query: { item_id?: number; location_id?: number }): Promise<StockMove[]> {
  const where: SQL[] = [sql`true`];
  if (query.item_id !== undefined) where.push(sql`m.item_id = ${query.item_id}`);
  if (query.location_id !== undefined) where.push(sql`m.location_id = ${query.location_id}`);
  const { rows } = await ctx.db.execute<Record<string, string | number | null>>(sql`
    select m.id, m.item_id, i.name as item_name, m.location_id, l.name as location_name, m.quantity::text,
      m.unit_cost::text, m.value::text, m.reason, m.source_type, m.source_id, m.journal_entry_id,
      m.occurred_on::text, m.memo, u.name as created_by_name, m.created_at
    from stock_moves m
    join billing_items i on i.id = m.item_id
    join inventory_locations l on l.id = m.location_id
    left join users u on u.id = m.created_by
    where ${sql.join(where, sql` and `)}
    order by m.occurred_on desc, m.id desc`);
  return rows.map((row) => ({
    id: Number(row.id),
    item_id: Number(row.item_id),
    item_name: String(row.item_name),
    location_id: Number(row.location_id),
    location_name: String(row.location_name),
    quantity: num(row.quantity as string),
    unit_cost: num(row.unit_cost as string),
    value: dollars(row.value as string),
    reason: String(row.reason),
    source_type: String(row.source_type),
    source_id: row.source_id === null ? null : Number(row.source_id),
    journal_entry_id: row.journal_entry_id === null ? null : Number(row.journal_entry_id),
    occurred_on: String(row.occurred_on),
    memo: String(row.memo),
    created_by_name: row.created_by_name === null ? null : String(row.created_by_name),
    created_at: new Date(row.created_at as string).toISOString(),
  }));
}

async function oldReorder(): Promise<ReorderRow[]> {
  const { rows } = await ctx.db.execute<Record<string, string | number | null>>(sql`
    select i.id as item_id, i.name as item_name, i.sku, coalesce(t.on_hand, 0)::text as on_hand, i.reorder_point,
      i.reorder_qty, i.preferred_vendor_id, v.name as preferred_vendor_name
    from billing_items i
    left join (select item_id, sum(on_hand) as on_hand from stock_levels group by item_id) t on t.item_id = i.id
    left join vendors v on v.id = i.preferred_vendor_id
    where i.inventory_tracked and i.archived_at is null and i.reorder_point is not null
      and coalesce(t.on_hand, 0) <= i.reorder_point
    order by lower(i.name), i.id`);
  return rows.map((row) => ({
    item_id: Number(row.item_id),
    item_name: String(row.item_name),
    sku: String(row.sku),
    on_hand: num(row.on_hand as string),
    reorder_point: Number(row.reorder_point),
    reorder_qty: row.reorder_qty === null ? null : Number(row.reorder_qty),
    preferred_vendor_id: row.preferred_vendor_id === null ? null : Number(row.preferred_vendor_id),
    preferred_vendor_name: row.preferred_vendor_name === null ? null : String(row.preferred_vendor_name),
  }));
}

// --- the data ---

beforeAll(async () => {
  ctx = await createTestContext();
  const [company] = await ctx.db.insert(companies).values({ name: 'Birch Dental' }).returning({ id: companies.id });
  const [site] = await ctx.db
    .insert(sites)
    .values({ companyId: company!.id, name: `Birch ${tricky}` } as typeof sites.$inferInsert)
    .returning({ id: sites.id });
  const [vendor] = await ctx.db
    .insert(vendors)
    .values({ name: `Vendor ${tricky}` })
    .returning({ id: vendors.id });
  const a = await createUser(ctx.db, { permissions: ['view billing', 'manage accounting'] });
  accountant = (await login(ctx.app, a.email, a.password)).access_token;
  const v = await createUser(ctx.db, { permissions: ['view billing'] });
  viewer = (await login(ctx.app, v.email, v.password)).access_token;

  const places: [string, string, number | null][] = [
    ['office', `Office ${tricky}`, null],
    ['warehouse', 'Warehouse', null],
    ['vehicle', 'Van 1', null],
    ['client_site', 'Birch closet', site!.id],
  ];
  for (const [kind, name, siteId] of places)
    loc[kind] = (await post('/api/billing/inventory/locations', { name, kind, site_id: siteId })).data.id;

  const items: [string, Partial<typeof billingItems.$inferInsert>][] = [
    [
      'tricky',
      { name: `Switch ${tricky}`, sku: 'SW-"24"', reorderPoint: 8, reorderQty: 10, preferredVendorId: vendor!.id },
    ],
    ['plain', { name: 'Access point', sku: 'AP-1', unit: 'box' }],
    ['archived', { name: 'Old router', sku: 'RT-0', reorderPoint: 10 }],
    ['empty', { name: 'Firewall', sku: '', reorderPoint: 2 }],
    ['half', { name: 'Cable drum', sku: 'CB_%', unit: 'm', reorderPoint: 50 }],
  ];
  for (const [key, values] of items) {
    const [row] = await ctx.db
      .insert(billingItems)
      .values({ type: 'product', unit: 'each', inventoryTracked: true, ...values } as typeof billingItems.$inferInsert)
      .returning({ id: billingItems.id });
    item[key] = row!.id;
  }
  const adjust = (itemId: number, locationId: number, quantity: number, unitCost?: number) =>
    post('/api/billing/inventory/adjustments', {
      item_id: itemId,
      location_id: locationId,
      mode: 'delta',
      quantity,
      unit_cost: unitCost,
      reason: `Count ${tricky}`,
    });
  const transfer = (itemId: number, from: number, to: number, quantity: number) =>
    post('/api/billing/inventory/transfers', {
      item_id: itemId,
      from_location_id: from,
      to_location_id: to,
      quantity,
      memo: 'Restock "van"',
    });
  await adjust(item.tricky!, loc.office!, 10, 12.3456);
  await transfer(item.tricky!, loc.office!, loc.vehicle!, 4);
  await adjust(item.tricky!, loc.office!, -3);
  await adjust(item.plain!, loc.warehouse!, 3, 7.5);
  // The warehouse's level of the access point is now at zero and worth nothing: listed only for its location.
  await transfer(item.plain!, loc.warehouse!, loc.client_site!, 3);
  await adjust(item.archived!, loc.vehicle!, 2, 99.99);
  await adjust(item.half!, loc.warehouse!, 12.5, 0.333);
  await ctx.db.execute(sql`update billing_items set archived_at = now() where id = ${item.archived!}`);
  // A move without a user (as the scheduler's would be), straight through the move function.
  await ctx.db.transaction((tx) =>
    applyStockMove(tx, {
      itemId: item.half!,
      locationId: loc.warehouse!,
      quantity: '-0.25',
      reason: 'adjustment',
      sourceType: 'adjustment',
      sourceId: null,
      occurredOn: '2026-01-02',
      memo: '',
      createdBy: null,
    }),
  );
});
afterAll(async () => {
  await ctx.close();
});

describe('the stock list as JSON from PostgreSQL', () => {
  const filters: [string, Parameters<typeof oldStock>[0]][] = [
    ['', {}],
    ...inventoryLocationKinds.map((kind): [string, Parameters<typeof oldStock>[0]] => [`type=${kind}`, { type: kind }]),
    ['below_reorder=1', { below_reorder: true }],
    ['search=Q%22', { search: 'Q"' }],
    ['search=_%25', { search: '_%' }],
    ['search=van', { search: 'van' }],
  ];

  it('answers every filter as the old shaping did, to the strict schema, with the tie', async () => {
    for (const [qs, query] of filters) {
      const page = stockPageSchema.parse(await get(`/api/billing/inventory?${qs}`));
      const expected = await oldStock(query);
      expect(page.data, qs).toEqual(expected);
      expect(page.total, qs).toBe(expected.length);
      expect(page.from, qs).toBe(expected.length ? 1 : null);
    }
    for (const kind of inventoryLocationKinds) {
      const page = stockPageSchema.parse(await get(`/api/billing/inventory?location_id=${loc[kind]}`));
      expect(page.data, kind).toEqual(await oldStock({ location_id: loc[kind] }));
    }
    // The zero level of the access point, the half item's fractions and the text that had to be escaped.
    const warehouse = stockPageSchema.parse(await get(`/api/billing/inventory?location_id=${loc.warehouse}`));
    expect(warehouse.data.map((row) => [row.item_name, row.on_hand])).toEqual([
      ['Access point', 0],
      ['Cable drum', 12.25],
    ]);
    expect(warehouse.data[0]!.value).toBe(0);
    const all = stockPageSchema.parse(await get('/api/billing/inventory'));
    expect(all.data.find((row) => row.item_id === item.tricky)).toMatchObject({
      item_name: `Switch ${tricky}`,
      sku: 'SW-"24"',
      location_name: `Office ${tricky}`,
      on_hand: 3,
      below_reorder: true,
    });
    expect(all.data.some((row) => row.item_id === item.archived)).toBe(true);
    const { rows } = await ctx.db.execute<{ value: string }>(sql`select sum(value)::text as value from stock_levels`);
    expect(all.totals.stock_value).toBe(Number(rows[0]!.value));
    expect(all.totals.tied).toBe(false); // the move without a user posted no entry
  });

  it('pages with the old totals: a middle page, the last one, one past the end', async () => {
    const expected = await oldStock({});
    expect(expected.length).toBe(5);
    for (const page of [1, 2, 3, Math.ceil(expected.length / 2) + 1]) {
      const answer = stockPageSchema.parse(await get(`/api/billing/inventory?per_page=2&page=${page}`));
      const rows = expected.slice((page - 1) * 2, page * 2);
      expect(answer.data, `page ${page}`).toEqual(rows);
      expect(answer).toMatchObject({
        total: expected.length,
        current_page: page,
        per_page: 2,
        from: rows.length ? (page - 1) * 2 + 1 : null,
        to: rows.length ? (page - 1) * 2 + rows.length : null,
        last_page: Math.ceil(expected.length / 2),
      });
    }
  });

  it('filters by item_id: the rows the editor kept from its search by SKU, and 422 on junk', async () => {
    for (const key of ['tricky', 'plain', 'half']) {
      const page = stockPageSchema.parse(await get(`/api/billing/inventory?item_id=${item[key]}&per_page=500`));
      const sku = (await ctx.db.execute<{ sku: string }>(sql`select sku from billing_items where id = ${item[key]!}`))
        .rows[0]!.sku;
      const searched = (await oldStock({ search: sku })).filter((row) => row.item_id === item[key]);
      expect(page.data, key).toEqual(searched);
      expect(page.data.length).toBeGreaterThan(0);
    }
    const none = stockPageSchema.parse(await get(`/api/billing/inventory?item_id=${item.empty}`));
    expect(none).toMatchObject({ data: [], total: 0, from: null, to: null, last_page: 1 });
    const both = stockPageSchema.parse(
      await get(`/api/billing/inventory?item_id=${item.plain}&location_id=${loc.warehouse}`),
    );
    expect(both.data.map((row) => [row.location_id, row.on_hand])).toEqual([[loc.warehouse, 0]]);
    for (const junk of ['abc', '0', '-3', '1.5', '99999999999']) {
      const response = await call('GET', `/api/billing/inventory?item_id=${junk}`);
      expect(response.statusCode, junk).toBe(422);
      expect(response.json().errors.item_id, junk).toEqual(['The selected item is invalid.']);
    }
  });
});

describe('the move history and the below-reorder queue as JSON from PostgreSQL', () => {
  it('answers the history, an item drawer and a location as the old shaping did', async () => {
    const cases: [string, Parameters<typeof oldMoves>[0]][] = [
      ['', {}],
      ...Object.keys(item).map((key): [string, Parameters<typeof oldMoves>[0]] => [
        `item_id=${item[key]}`,
        { item_id: item[key] },
      ]),
      [`location_id=${loc.warehouse}`, { location_id: loc.warehouse }],
      [`item_id=${item.plain}&location_id=${loc.client_site}`, { item_id: item.plain, location_id: loc.client_site }],
    ];
    for (const [qs, query] of cases) {
      const page = movePageSchema.parse(await get(`/api/billing/inventory/moves?per_page=100&${qs}`));
      const expected = await oldMoves(query);
      expect(page.data, qs).toEqual(expected);
      expect(page.total, qs).toBe(expected.length);
    }
    const all = await oldMoves({});
    expect(all.some((move) => move.created_by_name === null && move.journal_entry_id === null)).toBe(true);
    expect(all.some((move) => move.memo === `Count ${tricky}`)).toBe(true);
    for (const page of [1, 2, 4, 20]) {
      const answer = movePageSchema.parse(await get(`/api/billing/inventory/moves?per_page=3&page=${page}`));
      expect(answer.data, `page ${page}`).toEqual(all.slice((page - 1) * 3, page * 3));
      expect(answer.total).toBe(all.length);
    }
  });

  it('lists below reorder as the old shaping did: archived items left out, an item without stock in', async () => {
    const answer = reorderSchema.parse(await get('/api/billing/inventory/below-reorder'));
    const expected = await oldReorder();
    expect(answer.data).toEqual(expected);
    expect(await listBelowReorder(ctx.db)).toEqual(expected);
    expect(answer.data.map((row) => row.item_id)).toEqual([item.half, item.empty, item.tricky]);
    expect(answer.data[2]).toMatchObject({ on_hand: 7, preferred_vendor_name: `Vendor ${tricky}`, reorder_qty: 10 });
  });
});
