import {
  countUnchangedMessage,
  inventoryLocationSchema,
  issueTargetMessage,
  locationSiteMessage,
  reorderRowSchema,
  stockMoveSchema,
  stockRowSchema,
  stockTotalsSchema,
} from '@switchboard/shared/billing/inventory';
import { stockLocationShortMessage } from '@switchboard/shared/billing/invoices';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { HttpError } from '../../plugins/errors.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { projects } from '../projects/projects.table.ts';
import { tickets } from '../tickets/tickets.table.ts';
import { postInvoiceStockSales } from './inventory-sales.ts';
import { postInvoice } from './invoice-posting.ts';
import { stockMoves } from './inventory.table.ts';
import { invoiceLines, invoices } from './invoices.table.ts';

// /billing/inventory (issue 28 part 5; designs/billing.md §3.8, §5, §6): every route and gate, the 422 texts, the
// GL of adjustments and issues, and the tie of the stock value to 1200 after a sequence; the invoice sale function.

let ctx: TestContext;
let viewer: string;
let accountant: string;
let plain: string;
let client: string;
let companyId: number;
let siteId: number;
let ticketId: number;
let projectId: number;
let switchId: number;
let untrackedId: number;
const location: Record<string, number> = {};

const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.array(row),
    total: z.number().int(),
    current_page: z.number().int(),
    per_page: z.number().int(),
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
    last_page: z.number().int(),
  });
const stockPageSchema = pageOf(stockRowSchema).extend({ totals: stockTotalsSchema });
const commandSchema = z.object({
  message: z.string(),
  data: z.object({
    move_ids: z.array(z.number().int()),
    value: z.number(),
    journal_entry_id: z.number().int().nullable(),
  }),
});

beforeAll(async () => {
  ctx = await createTestContext();
  [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Birch Dental' }).returning({ id: companies.id });
  [{ id: siteId }] = await ctx.db
    .insert(sites)
    .values({ companyId, name: 'Birch HQ' } as typeof sites.$inferInsert)
    .returning({ id: sites.id });
  [{ id: ticketId }] = await ctx.db
    .insert(tickets)
    .values({ subject: 'Switch dead', body: 'Help', companyId, location: 1, triageId: 3, status: 2 })
    .returning({ id: tickets.id });
  [{ id: projectId }] = await ctx.db
    .insert(projects)
    .values({ title: 'Server room', companyId })
    .returning({ id: projects.id });
  [{ id: switchId }] = await ctx.db
    .insert(billingItems)
    .values({
      name: 'Switch 24p',
      sku: 'SW-24',
      type: 'product',
      unit: 'each',
      inventoryTracked: true,
      reorderPoint: 5,
    })
    .returning({ id: billingItems.id });
  [{ id: untrackedId }] = await ctx.db
    .insert(billingItems)
    .values({ name: 'Cable', type: 'product', unit: 'each', inventoryTracked: false })
    .returning({ id: billingItems.id });
  const v = await createUser(ctx.db, { permissions: ['view billing'] });
  viewer = (await login(ctx.app, v.email, v.password)).access_token;
  const a = await createUser(ctx.db, { permissions: ['view billing', 'manage accounting'] });
  accountant = (await login(ctx.app, a.email, a.password)).access_token;
  const p = await createUser(ctx.db);
  plain = (await login(ctx.app, p.email, p.password)).access_token;
  const c = await createUser(ctx.db, { type: 'Client', companyId });
  client = (await login(ctx.app, c.email, c.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = viewer) =>
  ctx.app.inject({ method, url, headers: bearer(as), payload });

async function ok(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = viewer) {
  const response = await call(method, url, payload, as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function errors(method: 'GET' | 'POST' | 'PUT', url: string, payload: object, as = viewer) {
  const response = await call(method, url, payload, as);
  expect(response.statusCode, response.body).toBe(422);
  return response.json().errors as Record<string, string[]>;
}

async function tie() {
  const { rows } = await ctx.db.execute<{ stock: string; ledger: string }>(sql`
    select (select coalesce(sum(value), 0) from stock_levels)::text as stock,
      (select coalesce(sum(l.debit - l.credit), 0) from journal_lines l join accounts a on a.id = l.account_id
        where a.number = '1200')::text as ledger`);
  return rows[0]!;
}

async function entryLines(entryId: number) {
  const { rows } = await ctx.db.execute<{ number: string; debit: string; credit: string; company_id: number | null }>(
    sql`select a.number, l.debit::text, l.credit::text, l.company_id from journal_lines l
      join accounts a on a.id = l.account_id where l.entry_id = ${entryId} order by l.line_no`,
  );
  return rows.map((r) => ({ ...r, company_id: r.company_id === null ? null : Number(r.company_id) }));
}

describe('inventory gates', () => {
  const reads = ['/api/billing/inventory', '/api/billing/inventory/moves', '/api/billing/inventory/below-reorder'];
  it('refuses reads and writes to staff without view billing and to clients', async () => {
    for (const as of [plain, client]) {
      for (const url of [...reads, '/api/billing/inventory/locations']) {
        expect((await call('GET', url, undefined, as)).statusCode).toBe(403);
      }
      for (const url of ['locations', 'adjustments', 'transfers', 'issues']) {
        expect((await call('POST', `/api/billing/inventory/${url}`, {}, as)).statusCode).toBe(403);
      }
      expect((await call('PUT', '/api/billing/inventory/locations/1', {}, as)).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/billing/inventory')).statusCode).toBe(200);
  });

  it('needs manage accounting for adjustments', async () => {
    const payload = { item_id: switchId, location_id: 1, mode: 'delta', quantity: 1, unit_cost: 1, reason: 'x' };
    expect((await call('POST', '/api/billing/inventory/adjustments', payload)).statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/billing/inventory' })).statusCode).toBe(401);
  });
});

describe('locations', () => {
  it('creates, lists and edits locations, with the 422s', async () => {
    for (const [name, kind] of [
      ['Main warehouse', 'warehouse'],
      ['Van 1', 'vehicle'],
    ]) {
      const body = await ok('POST', '/api/billing/inventory/locations', { name, kind });
      expect(inventoryLocationSchema.parse(body.data)).toMatchObject({ name, kind, active: true, site_id: null });
      location[name] = body.data.id;
    }
    expect(
      await errors('POST', '/api/billing/inventory/locations', { name: 'main WAREHOUSE', kind: 'office' }),
    ).toEqual({ name: ['The name has already been taken.'] });
    expect(await errors('POST', '/api/billing/inventory/locations', { name: 'Birch', kind: 'client_site' })).toEqual({
      site_id: [locationSiteMessage],
    });
    expect(
      await errors('POST', '/api/billing/inventory/locations', { name: 'Birch', kind: 'client_site', site_id: 999999 }),
    ).toEqual({ site_id: ['The selected site is invalid.'] });
    const site = await ok('POST', '/api/billing/inventory/locations', {
      name: 'Birch closet',
      kind: 'client_site',
      site_id: siteId,
    });
    expect(site.data).toMatchObject({ site_id: siteId, site_name: 'Birch HQ' });
    location['Birch closet'] = site.data.id;
    const edited = await ok('PUT', `/api/billing/inventory/locations/${site.data.id}`, {
      name: 'Birch closet B',
      kind: 'client_site',
      site_id: siteId,
      active: false,
    });
    expect(edited.data).toMatchObject({ name: 'Birch closet B', active: false });
    expect(
      (await call('PUT', '/api/billing/inventory/locations/999999', { name: 'X', kind: 'office' })).statusCode,
    ).toBe(404);
    const list = await ok('GET', '/api/billing/inventory/locations');
    expect(
      z
        .array(inventoryLocationSchema)
        .parse(list.data)
        .map((l) => l.name),
    ).toEqual(['Main warehouse', 'Van 1', 'Birch closet B']);
  });
});

describe('stock commands', () => {
  it('adjusts up at a cost and down by a count, posting 6900 against 1200', async () => {
    const up = commandSchema.parse(
      await ok(
        'POST',
        '/api/billing/inventory/adjustments',
        {
          item_id: switchId,
          location_id: location['Main warehouse'],
          mode: 'delta',
          quantity: 10,
          unit_cost: 12.5,
          reason: 'Opening stock',
        },
        accountant,
      ),
    );
    expect(up.data.value).toBe(125);
    expect(await entryLines(up.data.journal_entry_id!)).toEqual([
      { number: '1200', debit: '125.00', credit: '0.00', company_id: null },
      { number: '6900', debit: '0.00', credit: '125.00', company_id: null },
    ]);
    const down = commandSchema.parse(
      await ok(
        'POST',
        '/api/billing/inventory/adjustments',
        { item_id: switchId, location_id: location['Main warehouse'], mode: 'count', quantity: 8, reason: 'Count' },
        accountant,
      ),
    );
    expect(down.data.value).toBe(-25);
    expect((await entryLines(down.data.journal_entry_id!)).map((l) => [l.number, l.debit, l.credit])).toEqual([
      ['1200', '0.00', '25.00'],
      ['6900', '25.00', '0.00'],
    ]);
    const [move] = await ctx.db.select().from(stockMoves).where(eq(stockMoves.id, down.data.move_ids[0]!));
    expect(move).toMatchObject({ journalEntryId: down.data.journal_entry_id, reason: 'adjustment', quantity: '-2.00' });
    expect(
      await errors(
        'POST',
        '/api/billing/inventory/adjustments',
        { item_id: switchId, location_id: location['Main warehouse'], mode: 'count', quantity: 8, reason: 'Count' },
        accountant,
      ),
    ).toEqual({ quantity: [countUnchangedMessage] });
    expect(
      await errors(
        'POST',
        '/api/billing/inventory/adjustments',
        { item_id: untrackedId, location_id: location['Main warehouse'], mode: 'delta', quantity: 1, reason: 'x' },
        accountant,
      ),
    ).toEqual({ item_id: ['Only inventory-tracked items can be moved in stock.'] });
    expect(
      await errors(
        'POST',
        '/api/billing/inventory/adjustments',
        { item_id: switchId, location_id: location['Main warehouse'], mode: 'delta', quantity: 0.5, reason: 'x' },
        accountant,
      ),
    ).toEqual({ quantity: ['Quantity must be a whole number for items counted each.'] });
    expect(
      await errors(
        'POST',
        '/api/billing/inventory/adjustments',
        { item_id: switchId, location_id: location['Main warehouse'], mode: 'delta', quantity: 1.234, reason: '' },
        accountant,
      ),
    ).toMatchObject({ quantity: expect.any(Array), reason: ['The reason field is required.'] });
  });

  it('transfers with no GL effect and refuses more than is on hand', async () => {
    const before = await tie();
    const emitted = vi.spyOn(ctx.app.realtime, 'emitToStaff');
    const moved = commandSchema.parse(
      await ok('POST', '/api/billing/inventory/transfers', {
        item_id: switchId,
        from_location_id: location['Main warehouse'],
        to_location_id: location['Van 1'],
        quantity: 3,
      }),
    );
    expect(moved.data).toMatchObject({ value: 37.5, journal_entry_id: null });
    expect(moved.data.move_ids).toHaveLength(2);
    expect(await tie()).toEqual(before);
    expect(emitted.mock.calls.map((c) => [c[0], c[1], c[2]])).toEqual([
      ['billing', 'StockUpdated', { item_ids: [switchId], location_id: location['Main warehouse'] }],
      ['billing', 'StockUpdated', { item_ids: [switchId], location_id: location['Van 1'] }],
    ]);
    emitted.mockRestore();
    expect(
      await errors('POST', '/api/billing/inventory/transfers', {
        item_id: switchId,
        from_location_id: location['Main warehouse'],
        to_location_id: location['Van 1'],
        quantity: 100,
      }),
    ).toEqual({ quantity: ['Not enough stock at Main warehouse: 5 on hand.'] });
    expect(
      await errors('POST', '/api/billing/inventory/transfers', {
        item_id: switchId,
        from_location_id: location['Van 1'],
        to_location_id: location['Birch closet'],
        quantity: 1,
      }),
    ).toEqual({ to_location_id: ['The location is inactive.'] });
    expect(
      await errors('POST', '/api/billing/inventory/transfers', {
        item_id: switchId,
        from_location_id: location['Van 1'],
        to_location_id: location['Van 1'],
        quantity: 1,
      }),
    ).toEqual({ to_location_id: ['The destination must differ from the source location.'] });
  });

  it('issues to a ticket or a project: 6500 Parts Used tagged with their company, against 1200', async () => {
    const emitted = vi.spyOn(ctx.app.realtime, 'emitToStaff');
    const toTicket = commandSchema.parse(
      await ok('POST', '/api/billing/inventory/issues', {
        item_id: switchId,
        location_id: location['Van 1'],
        quantity: 1,
        ticket_id: ticketId,
      }),
    );
    expect(toTicket.data.value).toBe(-12.5);
    expect(emitted.mock.calls.map((c) => c[1])).toEqual(['StockUpdated', 'LedgerPosted']);
    expect(emitted.mock.calls[1]![2]).toMatchObject({ entry_id: toTicket.data.journal_entry_id });
    emitted.mockRestore();
    expect(await entryLines(toTicket.data.journal_entry_id!)).toEqual([
      { number: '1200', debit: '0.00', credit: '12.50', company_id: null },
      { number: '6500', debit: '12.50', credit: '0.00', company_id: companyId },
    ]);
    const toProject = commandSchema.parse(
      await ok('POST', '/api/billing/inventory/issues', {
        item_id: switchId,
        location_id: location['Main warehouse'],
        quantity: 2,
        project_id: projectId,
        memo: 'Rack',
      }),
    );
    const [move] = await ctx.db.select().from(stockMoves).where(eq(stockMoves.id, toProject.data.move_ids[0]!));
    expect(move).toMatchObject({
      sourceType: 'project',
      sourceId: projectId,
      reason: 'issue',
      memo: 'Project Server room: Rack',
    });
    const base = { item_id: switchId, location_id: location['Van 1'], quantity: 1 };
    expect(await errors('POST', '/api/billing/inventory/issues', base)).toEqual({ ticket_id: [issueTargetMessage] });
    expect(
      await errors('POST', '/api/billing/inventory/issues', { ...base, ticket_id: ticketId, project_id: projectId }),
    ).toEqual({ ticket_id: [issueTargetMessage] });
    expect(await errors('POST', '/api/billing/inventory/issues', { ...base, ticket_id: 999999 })).toEqual({
      ticket_id: ['The selected ticket is invalid.'],
    });
    expect(await errors('POST', '/api/billing/inventory/issues', { ...base, project_id: 999999 })).toEqual({
      project_id: ['The selected project is invalid.'],
    });
    expect(
      await errors('POST', '/api/billing/inventory/issues', { ...base, quantity: 0, ticket_id: ticketId }),
    ).toEqual({ quantity: ['Quantity must be more than 0.'] });
  });

  it('lists stock by item x location with filters, the total tied to 1200, history and the reorder queue', async () => {
    const page = stockPageSchema.parse(await ok('GET', '/api/billing/inventory'));
    expect(page.data.map((r) => [r.location_name, r.on_hand, r.value, r.below_reorder])).toEqual([
      ['Main warehouse', 3, 37.5, true],
      ['Van 1', 2, 25, true],
    ]);
    expect(page.data[0]).toMatchObject({ item_name: 'Switch 24p', sku: 'SW-24', average_cost: 12.5, reorder_point: 5 });
    expect(page.totals).toMatchObject({ stock_value: 62.5, ledger_value: 62.5, difference: 0, tied: true });
    const van = stockPageSchema.parse(await ok('GET', `/api/billing/inventory?location_id=${location['Van 1']}`));
    expect(van.data.map((r) => r.location_name)).toEqual(['Van 1']);
    expect(stockPageSchema.parse(await ok('GET', '/api/billing/inventory?type=vehicle')).total).toBe(1);
    expect(stockPageSchema.parse(await ok('GET', '/api/billing/inventory?search=sw-2')).total).toBe(2);
    expect(stockPageSchema.parse(await ok('GET', '/api/billing/inventory?search=nothing')).total).toBe(0);
    expect(stockPageSchema.parse(await ok('GET', '/api/billing/inventory?below_reorder=true')).total).toBe(2);
    expect((await call('GET', '/api/billing/inventory?type=moon')).statusCode).toBe(422);

    const history = pageOf(stockMoveSchema).parse(await ok('GET', `/api/billing/inventory/moves?item_id=${switchId}`));
    expect(history.total).toBe(6);
    expect(history.data.map((m) => m.reason).sort()).toEqual(
      ['adjustment', 'adjustment', 'issue', 'issue', 'transfer_in', 'transfer_out'].sort(),
    );
    const queue = z.array(reorderRowSchema).parse((await ok('GET', '/api/billing/inventory/below-reorder')).data);
    expect(queue).toEqual([
      expect.objectContaining({ item_id: switchId, on_hand: 5, reorder_point: 5, preferred_vendor_id: null }),
    ]);
    const t = await tie();
    expect(t.stock).toBe(t.ledger);
  });
});

describe('postInvoiceStockSales', () => {
  async function draft(locationId: number | null, quantity = '2') {
    const [inv] = await ctx.db
      .insert(invoices)
      .values({ type: 'one_off', status: 'approved', companyId })
      .returning({ id: invoices.id });
    await ctx.db.insert(invoiceLines).values([
      {
        invoiceId: inv!.id,
        lineNo: 1,
        kind: 'item',
        description: 'Setup',
        quantity: '1',
        unitPrice: '50',
        amount: '50',
      },
      {
        invoiceId: inv!.id,
        lineNo: 2,
        kind: 'item',
        itemId: switchId,
        locationId,
        description: 'Switch 24p',
        quantity,
        unitPrice: '30',
        amount: '60',
      },
    ]);
    return inv!.id;
  }

  it('sells tracked products at average cost and returns the 5000 / 1200 lines', async () => {
    const id = await draft(location['Main warehouse']);
    const sold = await ctx.db.transaction((tx) =>
      postInvoiceStockSales(tx, { id, type: 'one_off', date: '2026-11-20', number: 'INV-9', actorId: null }),
    );
    expect([...sold.costByLineId.values()]).toEqual([2500]);
    expect(sold.journalLines.map((l) => [l.debit, l.credit])).toEqual([
      [2500, 0],
      [0, 2500],
    ]);
    const [line] = await ctx.db
      .select({ cost: invoiceLines.costAmount })
      .from(invoiceLines)
      .where(eq(invoiceLines.id, [...sold.costByLineId.keys()][0]!));
    expect(line!.cost).toBe('25.00');
    const [move] = await ctx.db.select().from(stockMoves).where(eq(stockMoves.id, sold.moveIds[0]!));
    expect(move).toMatchObject({
      reason: 'sale',
      sourceType: 'invoice',
      sourceId: id,
      quantity: '-2.00',
      value: '-25.00',
    });
  });

  it('takes a line without a location from where most of the item is, and refuses more than is on hand', async () => {
    // A line saved without a location (the run's, a converted quote's) leaves from the fullest location.
    const { rows } = await ctx.db.execute<{ location_id: number }>(
      sql`select location_id from stock_levels where item_id = ${switchId} order by on_hand desc, location_id limit 1`,
    );
    const fullest = Number(rows[0]!.location_id);
    const noPlace = await draft(null);
    const sold = await ctx.db.transaction((tx) =>
      postInvoiceStockSales(tx, { id: noPlace, type: 'one_off', date: '2026-11-20', actorId: null }),
    );
    expect(sold.locationIds).toEqual([fullest]);
    const [line] = await ctx.db
      .select({ locationId: invoiceLines.locationId })
      .from(invoiceLines)
      .where(sql`${invoiceLines.invoiceId} = ${noPlace} and ${invoiceLines.itemId} = ${switchId}`);
    expect(line!.locationId).toBe(fullest);
    const tooMany = await draft(location['Van 1'], '9');
    const short = await ctx.db
      .transaction((tx) =>
        postInvoiceStockSales(tx, { id: tooMany, type: 'one_off', date: '2026-11-20', actorId: null }),
      )
      .catch((e: unknown) => e);
    const { rows: van } = await ctx.db.execute<{ on_hand: string }>(
      sql`select on_hand::int::text as on_hand from stock_levels
          where item_id = ${switchId} and location_id = ${location['Van 1']!}`,
    );
    expect((short as HttpError).errors).toEqual({
      'lines.1.stock_location_id': [stockLocationShortMessage('Van 1', van[0]!.on_hand)],
    });
  });

  it('runs inside postInvoice: the entry carries the sale at average cost (5000 / 1200) and StockUpdated knows where', async () => {
    const id = await draft(location['Main warehouse'], '1');
    const posted = await ctx.db.transaction((tx) => postInvoice(tx, id, null, '2026-11-21'));
    expect(posted.stock).toEqual({ itemIds: [switchId], locationIds: [location['Main warehouse']] });
    const [move] = await ctx.db
      .select({ value: stockMoves.value })
      .from(stockMoves)
      .where(sql`${stockMoves.sourceType} = 'invoice' and ${stockMoves.sourceId} = ${id}`);
    const cost = (-Number(move!.value)).toFixed(2);
    expect(Number(cost)).toBeGreaterThan(0);
    const lines = await entryLines(posted.journalEntryId);
    expect(lines.filter((line) => line.number === '5000').map((line) => line.debit)).toEqual([cost]);
    expect(lines.filter((line) => line.number === '1200').map((line) => line.credit)).toEqual([cost]);
  });
});
