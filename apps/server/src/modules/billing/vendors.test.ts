import { maskTaxId, type Vendor, type VendorDetail, type VendorPage } from '@switchboard/shared/billing/vendors';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { companies } from '../companies/companies.table.ts';
import { accounts } from './ledger.table.ts';
import { vendors } from './purchase-orders.table.ts';

// /billing/vendors (issue 28 part 1; designs/billing.md §3.3, §5, §6): every route behind 'view billing', the 422
// texts, the masked tax id, archive-vs-delete and restore.

let ctx: TestContext;
let token: string;
let plainToken: string;
let clientToken: string;
const account: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const [{ id: companyId }] = await ctx.db
    .insert(companies)
    .values({ name: 'Acme Dental' })
    .returning({ id: companies.id });
  const billing = await createUser(ctx.db, { permissions: ['view billing'] });
  token = (await login(ctx.app, billing.email, billing.password)).access_token;
  const plain = await createUser(ctx.db);
  plainToken = (await login(ctx.app, plain.email, plain.password)).access_token;
  const client = await createUser(ctx.db, { type: 'Client', companyId });
  clientToken = (await login(ctx.app, client.email, client.password)).access_token;
  for (const row of await ctx.db.select().from(accounts)) account[row.number] = row.id;
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = token) =>
  ctx.app.inject({ method, url, headers: bearer(as), payload });

const create = async (payload: object): Promise<Vendor> => {
  const response = await call('POST', '/api/billing/vendors', payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Vendor;
};

describe('maskTaxId', () => {
  it('shows five dots and the last 4 characters, none of a short one', () => {
    expect(maskTaxId('12-3456789')).toBe('•••••6789');
    expect(maskTaxId('123 45 6789')).toBe('•••••6789');
    expect(maskTaxId('1234')).toBe('•••••');
    expect(maskTaxId('12345678')).toBe('•••••');
    expect(maskTaxId('')).toBeNull();
  });
});

describe('vendors', () => {
  it('creates a vendor with every field, answers the tax id masked only, and keeps it on an edit without it', async () => {
    const vendor = await create({
      name: 'Ingram Micro',
      account_number: 'SB-1',
      contact: 'Dana Reyes',
      email: 'orders@ingram.example',
      phone: '555-0100',
      address: '1 Supply Way',
      website: 'https://ingram.example',
      payment_terms: 45,
      default_expense_account_id: account['6500'],
      is_1099: true,
      tax_id: '12-3456789',
      notes: 'Net 45 since 2025.',
    });
    expect(vendor).toMatchObject({
      name: 'Ingram Micro',
      website: 'https://ingram.example',
      payment_terms: 45,
      default_expense_account: { id: account['6500'], number: '6500', name: 'Parts Used' },
      is_1099: true,
      tax_id_masked: '•••••6789',
      active: true,
    });
    const detail = await call('GET', `/api/billing/vendors/${vendor.id}`);
    expect(detail.statusCode).toBe(200);
    // The whole tax id never leaves the server, on any answer.
    expect(detail.body).not.toContain('3456789');
    expect(detail.json().data).not.toHaveProperty('tax_id');

    const edited = await call('PUT', `/api/billing/vendors/${vendor.id}`, { name: 'Ingram Micro', phone: '555-0199' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      message: 'Vendor saved.',
      data: { phone: '555-0199', tax_id_masked: '•••••6789' },
    });
    const [stored] = await ctx.db.select({ taxId: vendors.taxId }).from(vendors).where(eq(vendors.id, vendor.id));
    expect(stored!.taxId).toBe('12-3456789');

    const retyped = await call('PUT', `/api/billing/vendors/${vendor.id}`, {
      name: 'Ingram Micro',
      tax_id: '98-7654321',
    });
    expect(retyped.json().data.tax_id_masked).toBe('•••••4321');
    const cleared = await call('PUT', `/api/billing/vendors/${vendor.id}`, { name: 'Ingram Micro', tax_id: '' });
    expect(cleared.json().data.tax_id_masked).toBeNull();
  });

  it('refuses a duplicate name whatever the case, a bad e-mail, terms out of 0-365, a bad website, a non-expense account', async () => {
    await create({ name: 'TD Synnex' });
    const taken = await call('POST', '/api/billing/vendors', { name: ' td synnex ' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ name: ['The name has already been taken.'] });

    const bad = await call('POST', '/api/billing/vendors', {
      name: 'Dell',
      email: 'nope',
      payment_terms: 366,
      website: 'dell dot com',
      tax_id: '12<script>',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      email: ['The email must be a valid email address.'],
      payment_terms: ['The payment terms must be a whole number of days from 0 to 365.'],
      website: ['The website must be a valid URL starting with http:// or https://.'],
      tax_id: ['The tax id may contain only letters, digits, spaces and dashes.'],
    });
    expect((await call('POST', '/api/billing/vendors', { name: 'Dell', payment_terms: -1 })).statusCode).toBe(422);
    expect(
      (await call('POST', '/api/billing/vendors', { name: 'Dell', website: 'ftp://dell.example' })).statusCode,
    ).toBe(422);

    const accountMessage = {
      default_expense_account_id: ['The default expense account must be an active expense account (5xxx or 6xxx).'],
    };
    for (const id of [account['4000'], account['1000'], 999_999]) {
      const wrong = await call('POST', '/api/billing/vendors', { name: 'Dell', default_expense_account_id: id });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual(accountMessage);
    }
    await ctx.db.execute(sql`update accounts set active = false where number = '6900'`);
    const inactive = await call('POST', '/api/billing/vendors', {
      name: 'Dell',
      default_expense_account_id: account['6900'],
    });
    await ctx.db.execute(sql`update accounts set active = true where number = '6900'`);
    expect(inactive.json().errors).toEqual(accountMessage);
    expect(
      (await call('POST', '/api/billing/vendors', { name: 'Dell', default_expense_account_id: account['5000'] }))
        .statusCode,
    ).toBe(200);

    // An edit to another vendor's name is the same 422; keeping one's own name is not.
    const other = await create({ name: 'CDW' });
    const rename = await call('PUT', `/api/billing/vendors/${other.id}`, { name: 'TD SYNNEX' });
    expect(rename.statusCode).toBe(422);
    expect(rename.json().errors).toEqual({ name: ['The name has already been taken.'] });
    expect((await call('PUT', `/api/billing/vendors/${other.id}`, { name: 'cdw' })).statusCode).toBe(200);
  });

  it('pages the list by name, searches name, contact and e-mail, and filters archived', async () => {
    await create({ name: 'Pax8', contact: 'Quinn Ash', email: 'quinn@pax8.example' });
    await create({ name: 'Zed Cables', email: 'sales@zed.example' });
    const page = (query: string) =>
      call('GET', `/api/billing/vendors?${query}`).then((response) => {
        expect(response.statusCode).toBe(200);
        return response.json() as VendorPage;
      });
    const first = await page('page=1&per_page=2');
    expect(first).toMatchObject({ current_page: 1, per_page: 2, from: 1, to: 2 });
    expect(first.total).toBeGreaterThanOrEqual(4);
    const names = (await page('page=1&per_page=500')).data.map((vendor) => vendor.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect((await page('page=1&search=quinn')).data.map((v) => v.name)).toEqual(['Pax8']);
    expect((await page('page=1&search=ZED.EXAMPLE')).data.map((v) => v.name)).toEqual(['Zed Cables']);
    expect((await page('page=1&search=pax')).data.map((v) => v.name)).toEqual(['Pax8']);
    expect((await page('page=1&search=100%25')).data).toEqual([]);

    const zed = (await page('page=1&search=zed')).data[0]!;
    await call('DELETE', `/api/billing/vendors/${zed.id}`);
    const [kept] = await ctx.db.select().from(vendors).where(eq(vendors.id, zed.id));
    expect(kept).toBeUndefined();
    const pax = (await page('page=1&search=pax8')).data[0]!;
    await ctx.db
      .insert(billingItems)
      .values({ name: 'Pax8 seat', type: 'license', price: 10, preferredVendorId: pax.id });
    await call('DELETE', `/api/billing/vendors/${pax.id}`);
    expect((await page('page=1&search=pax8')).data).toEqual([]);
    expect((await page('page=1&search=pax8&archived=1')).data.map((v) => v.name)).toEqual(['Pax8']);
    expect((await page('page=1&search=pax8&archived=all')).data.map((v) => v.active)).toEqual([false]);
    expect((await call('GET', '/api/billing/vendors?page=0')).statusCode).toBe(422);
    expect((await call('GET', '/api/billing/vendors?page=1&per_page=501')).statusCode).toBe(422);
    expect((await call('GET', '/api/billing/vendors?page=1&archived=yes')).statusCode).toBe(422);

    // Without `page`, the purchase-order editor's picker: active vendors only, { data } alone.
    const picker = await call('GET', '/api/billing/vendors');
    expect(Object.keys(picker.json())).toEqual(['data']);
    expect(picker.json().data.map((v: Vendor) => v.name)).not.toContain('Pax8');
    const named = await call('GET', '/api/billing/vendors.list');
    expect(named.json()).toEqual(picker.json());
  });

  it('lists Open bills (count and amount owed) and Last paid from posted bills and payments made', async () => {
    const approver = await createUser(ctx.db, { permissions: ['view billing', 'approve billing'] });
    const as = (await login(ctx.app, approver.email, approver.password)).access_token;
    const vendor = await create({ name: 'Open Bills Vendor', default_expense_account_id: account['5100'] });
    const bill = async (cost: number) => {
      const made = await call(
        'POST',
        '/api/billing/bills',
        {
          vendor_id: vendor.id,
          bill_date: '2026-03-01',
          lines: [{ description: 'Seats', quantity: 1, unit_cost: cost }],
        },
        as,
      );
      expect((await call('POST', `/api/billing/bills/${made.json().data.id}/post`, undefined, as)).statusCode).toBe(
        200,
      );
      return made.json().data.id as number;
    };
    const first = await bill(100);
    await bill(25.5);
    const row = async () =>
      ((await call('GET', '/api/billing/vendors?page=1&search=Open%20Bills')).json() as VendorPage).data[0]!;
    expect(await row()).toMatchObject({ open_bills_count: 2, open_bills: 125.5, last_paid: null });
    const paid = await call(
      'POST',
      '/api/billing/payments/made',
      {
        vendor_id: vendor.id,
        payment_date: '2026-03-05',
        amount: 100,
        allocations: [{ bill_id: first, amount: 100 }],
      },
      as,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await row()).toMatchObject({ open_bills_count: 1, open_bills: 25.5, last_paid: '2026-03-05' });
  });

  it('deletes a vendor never used, archives one a purchase order or an item names, and restores it', async () => {
    const unused = await create({ name: 'Unused Supply' });
    const gone = await call('DELETE', `/api/billing/vendors/${unused.id}`);
    expect(gone.json()).toEqual({ message: 'Vendor deleted.', outcome: 'deleted' });
    expect((await call('GET', `/api/billing/vendors/${unused.id}`)).statusCode).toBe(404);

    const used = await create({ name: 'Used Supply' });
    // Purchase orders are another helper's route: the order is written directly, as the PO editor would leave it.
    const made = await ctx.db.execute<{ id: number }>(sql`insert into purchase_orders (vendor_id, order_date,
        subtotal, total) values (${used.id}, '2026-11-05', 1024.80, 1024.80) returning id`);
    const orderId = Number(made.rows[0]!.id);
    const [item] = await ctx.db
      .insert(billingItems)
      .values({ name: 'FortiGate 60F', type: 'product', sku: 'FG-60F', price: 899, preferredVendorId: used.id })
      .returning({ id: billingItems.id });

    const detail = (await call('GET', `/api/billing/vendors/${used.id}`)).json().data as VendorDetail;
    expect(detail.purchase_orders).toEqual([
      { id: orderId, number: null, order_date: '2026-11-05', status: 'draft', total: '1024.80' },
    ]);
    expect(detail.purchase_orders_total).toBe(1);
    expect(detail.items).toEqual([{ id: item!.id, name: 'FortiGate 60F', sku: 'FG-60F', active: true }]);

    const archived = await call('DELETE', `/api/billing/vendors/${used.id}`);
    expect(archived.json()).toEqual({
      message: 'Vendor archived: purchase orders or items name it, so it is kept for them.',
      outcome: 'archived',
    });
    const [row] = await ctx.db.select().from(vendors).where(eq(vendors.id, used.id));
    expect(row!.archivedAt).not.toBeNull();

    const restored = await call('POST', `/api/billing/vendors/${used.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ message: 'Vendor restored.', data: { id: used.id, active: true } });
  });

  it("answers 404 for an unknown vendor, 401 without a token, 403 without 'view billing' and to client accounts", async () => {
    const vendor = await create({ name: 'Gated Supply' });
    for (const [method, url] of [
      ['GET', '/api/billing/vendors/999999'],
      ['PUT', '/api/billing/vendors/999999'],
      ['DELETE', '/api/billing/vendors/999999'],
      ['POST', '/api/billing/vendors/999999/restore'],
    ] as const) {
      expect((await call(method, url, method === 'PUT' ? { name: 'X' } : undefined)).statusCode, url).toBe(404);
    }
    const routes = [
      ['GET', '/api/billing/vendors'],
      ['GET', '/api/billing/vendors?page=1'],
      ['GET', '/api/billing/vendors.list'],
      ['GET', `/api/billing/vendors/${vendor.id}`],
      ['POST', '/api/billing/vendors'],
      ['PUT', `/api/billing/vendors/${vendor.id}`],
      ['DELETE', `/api/billing/vendors/${vendor.id}`],
      ['POST', `/api/billing/vendors/${vendor.id}/restore`],
    ] as const;
    for (const [method, url] of routes) {
      const payload = method === 'POST' || method === 'PUT' ? { name: 'Taken Over' } : undefined;
      expect((await call(method, url, payload, plainToken)).statusCode, url).toBe(403);
      expect((await call(method, url, payload, clientToken)).statusCode, url).toBe(403);
      expect((await ctx.app.inject({ method, url, payload })).statusCode, url).toBe(401);
    }
    const [row] = await ctx.db.select().from(vendors).where(eq(vendors.id, vendor.id));
    expect(row).toMatchObject({ name: 'Gated Supply', archivedAt: null });
  });
});
