import type { BillingItem } from '@switchboard/shared';
import {
  itemArchivedMessage,
  itemCostDecimalsMessage,
  itemDeletedMessage,
  itemExpenseAccountMessage,
  itemFeePercentMessage,
  itemFeePercentRequiredMessage,
  itemIncomeAccountMessage,
  itemNameRequiredMessage,
  itemNameTakenMessage,
  itemPriceDecimalsMessage,
  itemPriceMessage,
  itemReorderMessage,
  itemTaxableMessage,
  itemTrackedProductsOnlyMessage,
  itemTypeInUseMessage,
  itemTypeInvalidMessage,
  type CatalogueItem,
  type CatalogueItemPage,
} from '@switchboard/shared/billing/items';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { inventoryLocations, stockLevels } from './inventory.table.ts';
import { accounts } from './ledger.table.ts';
import { vendors } from './purchase-orders.table.ts';
import { companies } from '../companies/companies.table.ts';

// The catalogue /billing/items (issue 27 part 3; designs/billing.md §3.3, §5, §6): routes, permissions, messages,
// archive against delete, and the spec's pickers leaving archived items out.

let ctx: TestContext;
let viewer: string; // 'view billing'
let staff: string; // an employee without it
let client: string;
let companyId: number;
const account: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Acme Dental' }).returning({ id: companies.id });
  for (const row of await ctx.db.select().from(accounts)) account[row.number] = row.id;
  const v = await createUser(ctx.db, { permissions: ['view billing'] });
  viewer = (await login(ctx.app, v.email, v.password)).access_token;
  const s = await createUser(ctx.db);
  staff = (await login(ctx.app, s.email, s.password)).access_token;
  const c = await createUser(ctx.db, { type: 'Client', companyId, permissions: ['view billing'] });
  client = (await login(ctx.app, c.email, c.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as: string | null = viewer) =>
  ctx.app.inject({ method, url, headers: as === null ? {} : bearer(as), payload });

let seq = 0;
const item = (over: object = {}) => ({
  name: `Widget ${++seq}`,
  type: 'product',
  sku: `W-${seq}`,
  unit: 'each',
  price: 100,
  cost: 60.1234,
  taxable: 1,
  ...over,
});

async function create(over: object = {}): Promise<CatalogueItem> {
  const response = await call('POST', '/api/billing/items', item(over));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: CatalogueItem }>().data;
}

const errorsOf = (response: { json: () => unknown }) =>
  (response.json() as { errors: Record<string, string[]> }).errors;

describe('permissions', () => {
  it('needs a token, an employee and view billing on every catalogue call', async () => {
    const made = await create();
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', '/api/billing/items'],
      ['GET', `/api/billing/items/${made.id}`],
      ['POST', '/api/billing/items', item()],
      ['PUT', `/api/billing/items/${made.id}`, item()],
      ['DELETE', `/api/billing/items/${made.id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(method, url, body, null)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, body, staff)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, body, client)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', `/api/billing/items/${made.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for an item that does not exist', async () => {
    expect((await call('GET', '/api/billing/items/999999')).statusCode).toBe(404);
    expect((await call('GET', '/api/billing/items/abc')).statusCode).toBe(404);
    expect((await call('PUT', '/api/billing/items/999999', item())).statusCode).toBe(404);
    expect((await call('DELETE', '/api/billing/items/999999')).statusCode).toBe(404);
  });
});

describe('create and read', () => {
  it('creates an item with its money in dollars, margin computed and the income account shown', async () => {
    const response = await call('POST', '/api/billing/items', item({ name: 'Firewall Appliance', price: 250.5 }));
    expect(response.json()).toMatchObject({ message: 'Item created.' });
    const made = response.json<{ data: CatalogueItem }>().data;
    expect(made).toMatchObject({
      name: 'Firewall Appliance',
      type: 'product',
      price: 250.5,
      cost: 60.1234,
      // (250.50 - 60.1234) / 250.50 = 75.998...%
      margin_percent: 76,
      taxable: 1,
      income_account_id: null,
      income_account: { id: account['4300'], number: '4300', name: 'Hardware Sales' },
      on_hand: null,
      active: true,
      archived_at: null,
    });
    const [stored] = (
      await ctx.db.execute<{ cost: string; price: string }>(
        sql`select cost::text, price::text from billing_items where id = ${made.id}`,
      )
    ).rows;
    expect(stored).toEqual({ cost: '60.1234', price: '250.50' });
    const read = await call('GET', `/api/billing/items/${made.id}`);
    expect(read.json<{ data: CatalogueItem }>().data).toEqual(made);
  });

  it('shows no margin when the price is 0, and the item’s own income account when it has one', async () => {
    const made = await create({ type: 'service', price: 0, cost: 0, income_account_id: account['4400'] });
    expect(made.margin_percent).toBeNull();
    expect(made.income_account).toEqual({ id: account['4400'], number: '4400', name: 'Project Services' });
  });

  it('keeps a fee percent on fee items only and tracks products only', async () => {
    const fee = await create({ type: 'fee', fee_percent: 1.5, price: 0 });
    expect(fee.fee_percent).toBe(1.5);
    const service = await create({ type: 'service', fee_percent: 3 });
    expect(service.fee_percent).toBeNull();
    const tracked = await create({ type: 'product', inventory_tracked: true, reorder_point: 2, reorder_qty: 10 });
    expect(tracked).toMatchObject({ inventory_tracked: true, reorder_point: 2, reorder_qty: 10 });
  });
});

describe('validation (422 per field)', () => {
  const cases: [string, object, string, string][] = [
    ['name missing', { name: '  ' }, 'name', itemNameRequiredMessage],
    ['type unknown', { type: 'gadget' }, 'type', itemTypeInvalidMessage],
    ['negative price', { price: -1 }, 'price', itemPriceMessage],
    ['price with 3 decimals', { price: 1.005 }, 'price', itemPriceDecimalsMessage],
    ['cost with 5 decimals', { cost: 1.00001 }, 'cost', itemCostDecimalsMessage],
    ['taxable 2', { taxable: 2 }, 'taxable', itemTaxableMessage],
    [
      'tracked service',
      { type: 'service', inventory_tracked: true },
      'inventory_tracked',
      itemTrackedProductsOnlyMessage,
    ],
    ['reorder point 1.5', { reorder_point: 1.5 }, 'reorder_point', itemReorderMessage('reorder point')],
    ['reorder quantity -1', { reorder_qty: -1 }, 'reorder_qty', itemReorderMessage('reorder quantity')],
    ['fee percent 101', { type: 'fee', fee_percent: 101 }, 'fee_percent', itemFeePercentMessage],
    ['fee item without percent', { type: 'fee' }, 'fee_percent', itemFeePercentRequiredMessage],
  ];
  it.each(cases)('%s', async (_label, over, field, message) => {
    const before = (await call('GET', '/api/billing/items?active=all')).json<CatalogueItemPage>().total;
    const response = await call('POST', '/api/billing/items', item(over));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: 'The given data was invalid.' });
    expect(errorsOf(response)[field]).toEqual([message]);
    expect((await call('GET', '/api/billing/items?active=all')).json<CatalogueItemPage>().total).toBe(before);
  });

  it('refuses a name already taken in any case, on create and on edit', async () => {
    const first = await create({ name: 'Backup Seat' });
    const again = await call('POST', '/api/billing/items', item({ name: 'BACKUP seat' }));
    expect(again.statusCode).toBe(422);
    expect(errorsOf(again).name).toEqual([itemNameTakenMessage]);
    const other = await create();
    const rename = await call('PUT', `/api/billing/items/${other.id}`, item({ name: 'backup SEAT' }));
    expect(errorsOf(rename).name).toEqual([itemNameTakenMessage]);
    // Its own name is not taken by itself.
    const same = await call('PUT', `/api/billing/items/${first.id}`, item({ name: 'Backup Seat', price: 12 }));
    expect(same.statusCode).toBe(200);
  });

  it('takes an active income account only for income, and an expense or asset account for expense', async () => {
    await ctx.db.execute(sql`update accounts set active = false where number = '4200'`);
    const bad: [object, string, string][] = [
      [{ income_account_id: account['6100'] }, 'income_account_id', itemIncomeAccountMessage],
      [{ income_account_id: account['4200'] }, 'income_account_id', itemIncomeAccountMessage],
      [{ income_account_id: 999999 }, 'income_account_id', itemIncomeAccountMessage],
      [{ expense_account_id: account['4000'] }, 'expense_account_id', itemExpenseAccountMessage],
      [{ expense_account_id: account['2000'] }, 'expense_account_id', itemExpenseAccountMessage],
    ];
    for (const [over, field, message] of bad) {
      const response = await call('POST', '/api/billing/items', item(over));
      expect(response.statusCode, JSON.stringify(over)).toBe(422);
      expect(errorsOf(response)[field]).toEqual([message]);
    }
    await ctx.db.execute(sql`update accounts set active = true where number = '4200'`);
    const good = await create({ income_account_id: account['4300'], expense_account_id: account['1200'] });
    expect(good.expense_account).toEqual({ id: account['1200'], number: '1200', name: 'Inventory' });
    const cogs = await create({ expense_account_id: account['5000'] });
    expect(cogs.expense_account?.number).toBe('5000');
  });
});

describe('list', () => {
  it('pages by name with filters type, tracked, active and search on name or SKU', async () => {
    const zebra = await create({ name: 'Zeta Router', sku: 'ZR-900', type: 'product', inventory_tracked: true });
    const cloud = await create({ name: 'Zeta Cloud Seat', sku: 'ZC-1', type: 'cloud', price: 0 });
    const page = (query: string) => call('GET', `/api/billing/items?${query}`).then((r) => r.json<CatalogueItemPage>());
    const bySearch = await page('search=zeta');
    expect(bySearch.data.map((row) => row.name)).toEqual(['Zeta Cloud Seat', 'Zeta Router']);
    expect(bySearch).toMatchObject({ total: 2, current_page: 1, per_page: 50, from: 1, to: 2, last_page: 1 });
    expect((await page('search=zr-9')).data.map((row) => row.id)).toEqual([zebra.id]);
    expect((await page('search=zeta&type=cloud')).data.map((row) => row.id)).toEqual([cloud.id]);
    expect((await page('search=zeta&tracked=1')).data.map((row) => row.id)).toEqual([zebra.id]);
    expect((await page('search=zeta&tracked=0')).data.map((row) => row.id)).toEqual([cloud.id]);
    const second = await page('search=zeta&per_page=1&page=2');
    expect(second).toMatchObject({ total: 2, from: 2, to: 2, last_page: 2 });
    expect(second.data.map((row) => row.id)).toEqual([zebra.id]);
    await call('DELETE', `/api/billing/items/${cloud.id}`);
    expect((await page('search=zeta')).data.map((row) => row.id)).toEqual([zebra.id]);
    // Never used, so deleted: in no list at all.
    expect((await page('search=zeta&active=all')).data.map((row) => row.id)).toEqual([zebra.id]);
    expect((await call('GET', '/api/billing/items?per_page=501')).statusCode).toBe(422);
  });

  it('answers 4xx, never 500, for bad query values', async () => {
    for (const query of ['type=gadget', 'tracked=yes', 'active=maybe', 'page=0']) {
      const response = await call('GET', `/api/billing/items?${query}`);
      expect(response.statusCode, query).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, query).toBeLessThan(500);
    }
  });
});

describe('archive and delete', () => {
  async function usedOn(kind: 'invoice' | 'quote' | 'contract' | 'recurring', itemId: number) {
    if (kind === 'invoice') {
      const [{ id }] = (
        await ctx.db.execute<{ id: number }>(
          sql`insert into invoices (company_id, type) values (${companyId}, 'one_off') returning id`,
        )
      ).rows;
      await ctx.db.execute(sql`insert into invoice_lines (invoice_id, line_no, kind, item_id, description, quantity,
        unit_price, amount) values (${id}, 1, 'item', ${itemId}, 'Used', 1, 10, 10)`);
    } else if (kind === 'quote') {
      const [{ id }] = (
        await ctx.db.execute<{ id: number }>(
          sql`insert into quotes (company_id, title, quote_date) values (${companyId}, 'Q', '2026-01-01') returning id`,
        )
      ).rows;
      await ctx.db.execute(sql`insert into quote_lines (quote_id, line_no, description, quantity, unit_price, amount,
        item_id) values (${id}, 1, 'Used', 1, 10, 10, ${itemId})`);
    } else {
      const grouped = (await call('GET', '/api/companies/contracts/billing_items')).json<{
        data: Record<string, BillingItem[]>;
      }>().data;
      const retainer = kind === 'contract' ? itemId : grouped.retainer_items[0]!.id;
      const [{ id }] = (
        await ctx.db.execute<{ id: number }>(sql`insert into contracts (company_id, start_date, end_date, retainer_item,
          overage_item, late_fee_item) values (${companyId}, '2026-01-01', '2026-12-31', ${retainer},
          ${grouped.overage_items[0]!.id}, ${grouped.fee_items[0]!.id}) returning id`)
      ).rows;
      if (kind === 'recurring')
        await ctx.db.execute(sql`insert into contract_recurring_items (contract_id, item_id, quantity, price)
          values (${id}, ${itemId}, 1, 10)`);
    }
  }

  it('deletes an item never used, and says so', async () => {
    const made = await create();
    const response = await call('DELETE', `/api/billing/items/${made.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: itemDeletedMessage, outcome: 'deleted' });
    expect((await call('GET', `/api/billing/items/${made.id}`)).statusCode).toBe(404);
  });

  it.each(['invoice', 'quote', 'contract', 'recurring'] as const)(
    'archives an item used on a %s, keeps it readable, and a PUT brings it back',
    async (kind) => {
      const made = await create({ type: kind === 'contract' ? 'retainer' : 'cloud', price: 5 });
      await usedOn(kind, made.id);
      const response = await call('DELETE', `/api/billing/items/${made.id}`);
      expect(response.json()).toEqual({ message: itemArchivedMessage, outcome: 'archived' });
      const read = (await call('GET', `/api/billing/items/${made.id}`)).json<{ data: CatalogueItem }>().data;
      expect(read).toMatchObject({ active: false, name: made.name });
      expect(read.archived_at).not.toBeNull();
      const back = await call('PUT', `/api/billing/items/${made.id}`, item({ ...made, type: made.type, active: true }));
      expect(back.json()).toMatchObject({ message: 'Item saved.', data: { active: true, archived_at: null } });
    },
  );

  it('keeps the type of an item in use', async () => {
    const made = await create({ type: 'cloud' });
    await usedOn('recurring', made.id);
    const response = await call('PUT', `/api/billing/items/${made.id}`, item({ name: made.name, type: 'service' }));
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response).type).toEqual([itemTypeInUseMessage]);
    const unused = await create({ type: 'cloud' });
    const changed = await call('PUT', `/api/billing/items/${unused.id}`, item({ name: unused.name, type: 'service' }));
    expect(changed.json()).toMatchObject({ data: { type: 'service' } });
  });

  it('drops archived items from the spec’s pickers and search, not from the catalogue with active=all', async () => {
    const made = await create({ name: 'Pickerless Backup', type: 'cloud', price: 4 });
    const inPickers = async () => {
      const list = (await call('GET', '/api/billing/items.list')).json<{ data: BillingItem[] }>().data;
      const search = (await call('GET', '/api/billing/search/items/Pickerless')).json<{ data: BillingItem[] }>().data;
      const grouped = (await call('GET', '/api/companies/contracts/billing_items')).json<{
        data: { cloud_items: BillingItem[] };
      }>().data;
      return [list, search, grouped.cloud_items].map((rows) => rows.some((row) => row.id === made.id));
    };
    expect(await inPickers()).toEqual([true, true, true]);
    await usedOn('recurring', made.id);
    await call('DELETE', `/api/billing/items/${made.id}`);
    expect(await inPickers()).toEqual([false, false, false]);
    const all = (await call('GET', '/api/billing/items?active=all&search=Pickerless')).json<CatalogueItemPage>();
    expect(all.data.map((row) => row.id)).toEqual([made.id]);
    const archived = (await call('GET', '/api/billing/items?active=0&search=Pickerless')).json<CatalogueItemPage>();
    expect(archived.data.map((row) => row.id)).toEqual([made.id]);
    const active = (await call('GET', '/api/billing/items?search=Pickerless')).json<CatalogueItemPage>();
    expect(active.data).toEqual([]);
  });

  it('archives with a PUT of active false, and a PUT without active leaves it as it is', async () => {
    const made = await create();
    const archived = await call('PUT', `/api/billing/items/${made.id}`, item({ name: made.name, active: false }));
    expect(archived.json()).toMatchObject({ data: { active: false } });
    const kept = await call('PUT', `/api/billing/items/${made.id}`, item({ name: made.name, price: 3 }));
    expect(kept.json()).toMatchObject({ data: { active: false, price: 3 } });
  });
});

describe('purchasing and stock on the catalogue (issue 28)', () => {
  it('keeps a preferred vendor (an active one) and answers on hand over every location for a tracked item', async () => {
    const [vendor] = await ctx.db
      .insert(vendors)
      .values({ name: `Ingram ${++seq}` })
      .returning({ id: vendors.id });
    const [archived] = await ctx.db
      .insert(vendors)
      .values({ name: `Gone ${++seq}`, archivedAt: new Date() })
      .returning({ id: vendors.id });
    const made = await create({ inventory_tracked: true, preferred_vendor_id: vendor!.id });
    expect(made).toMatchObject({ preferred_vendor_id: vendor!.id, on_hand: 0 });
    const refused = await call('POST', '/api/billing/items', item({ preferred_vendor_id: archived!.id }));
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused).preferred_vendor_id).toEqual(['The preferred vendor must be an active vendor.']);

    const locations = await ctx.db
      .insert(inventoryLocations)
      .values([
        { name: `Shelf ${++seq}`, kind: 'warehouse' },
        { name: `Van ${++seq}`, kind: 'vehicle' },
      ])
      .returning({ id: inventoryLocations.id });
    await ctx.db.insert(stockLevels).values([
      { itemId: made.id, locationId: locations[0]!.id, onHand: '3', value: '180.37' },
      { itemId: made.id, locationId: locations[1]!.id, onHand: '2.5', value: '150.31' },
    ]);
    const read = await call('GET', `/api/billing/items/${made.id}`);
    expect(read.json().data.on_hand).toBe(5.5);
    expect((await create()).on_hand).toBeNull();
  });
});
