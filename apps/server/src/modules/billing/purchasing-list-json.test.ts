import { maskTaxId, type Vendor, type VendorDetail, type VendorListRow } from '@switchboard/shared/billing/vendors';
import { centsFromNumeric, dollarsFromCents } from '@switchboard/shared/billing/money';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import type { DbOrTransaction } from '../../db/client.ts';
import { pageSchema, toPage } from '../../db/paginate.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { accounts } from './ledger.table.ts';
import { purchaseOrders, vendors } from './purchase-orders.table.ts';

// The purchasing lists and drawers answer JSON text written by PostgreSQL (decision 0146, 0129's pattern). Each answer
// is held here to its contract (strict zod schemas: no key more or less) and to what the Node shaping it replaced
// (copied below from the code before the change, the "oracle") gives for the same rows: archived vendors, masked tax
// ids, drafts, partial receipts, voids, vendor credits, prepayments and text that JSON must escape.

let ctx: TestContext;
let viewer: string;
let approver: string;
const account: Record<string, number> = {};
const tricky = 'Quote "q" \\ back\\slash / Ünïcode – tab\there\nline';

const call = (method: 'GET' | 'POST', url: string, payload?: object, as = approver) =>
  ctx.app.inject({ method, url, headers: bearer(as), payload });

const get = async (url: string) => {
  const response = await call('GET', url, undefined, viewer);
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response.json<unknown>();
};

const nullableText = z.string().nullable();
const nullableId = z.number().int().nullable();

const vendorFields = {
  id: z.number().int(),
  name: z.string(),
  account_number: z.string(),
  contact: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  website: z.string(),
  payment_terms: z.number().int(),
  default_expense_account_id: nullableId,
  default_expense_account: z.strictObject({ id: z.number().int(), number: z.string(), name: z.string() }).nullable(),
  is_1099: z.boolean(),
  tax_id_masked: nullableText,
  notes: z.string(),
  active: z.boolean(),
  archived_at: nullableText,
  updated_at: z.string(),
};
const vendorRowSchema = z.strictObject({
  ...vendorFields,
  open_bills_count: z.number().int(),
  open_bills: z.number(),
  last_paid: nullableText,
}) satisfies z.ZodType<VendorListRow>;
const vendorDetailSchema = z.strictObject({
  ...vendorFields,
  purchase_orders: z.array(
    z.strictObject({
      id: z.number().int(),
      number: nullableText,
      order_date: z.string(),
      status: z.string(),
      total: z.string(),
    }),
  ),
  purchase_orders_total: z.number().int(),
  items: z.array(z.strictObject({ id: z.number().int(), name: z.string(), sku: z.string(), active: z.boolean() })),
}) satisfies z.ZodType<VendorDetail>;

let vendorIds: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const rows = await ctx.db.execute<{ id: number; number: string }>(sql`select id, number from accounts`);
  for (const row of rows.rows) account[row.number] = Number(row.id);
  const v = await createUser(ctx.db, { permissions: ['view billing'] });
  viewer = (await login(ctx.app, v.email, v.password)).access_token;
  const a = await createUser(ctx.db, { permissions: ['view billing', 'approve billing'] });
  approver = (await login(ctx.app, a.email, a.password)).access_token;

  // Vendors: escaped text, tax ids short, long and of punctuation only, archived, with and without an expense account.
  const made = await ctx.db.execute<{ id: number }>(sql`insert into vendors (name, account_number, contact, email,
      phone, address, website, payment_terms, default_expense_account_id, is_1099, tax_id, notes, archived_at)
    values (${tricky}, 'A-1', ${tricky}, 'ap@vendor.test', '555', ${tricky}, 'https://v.test', 15, ${account['5100']},
        true, '12-3456789', ${tricky}, null),
      ('bravo supplies', '', '', '', '', '', '', 30, null, false, '', '', null),
      ('Charlie Archived', '', 'Chuck', 'c@x.test', '', '', '', 45, ${account['6000'] ?? account['5100']}, false,
        '1234', 'gone', '2026-03-04T05:06:07.891Z'),
      ('delta 100%_off', '', '', '', '', '', '', 0, null, true, '--  --', '', null)
    returning id`);
  vendorIds = made.rows.map((row) => Number(row.id));
  // Items the first vendor is preferred for (one archived) and orders in several states.
  await ctx.db.execute(sql`insert into billing_items (name, sku, type, preferred_vendor_id, archived_at)
    values (${tricky}, 'SKU-"1"', 'product', ${vendorIds[0]}, null),
      ('alpha kit', '', 'product', ${vendorIds[0]}, '2026-01-01T00:00:00Z')`);
  await ctx.db.execute(sql`insert into purchase_orders (number, vendor_id, status, order_date, subtotal, total)
    values (null, ${vendorIds[0]}, 'draft', '2026-01-02', 10.5, 10.5),
      ('PO-J1', ${vendorIds[0]}, 'ordered', '2026-01-03', 0, 0),
      ('PO-J2', ${vendorIds[0]}, 'cancelled', '2026-01-03', 1234.56, 1234.56)`);
  await payables();
});
afterAll(async () => {
  await ctx.close();
});

const ok = async (method: 'POST', url: string, payload?: object) => {
  const response = await call(method, url, payload);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<{ data: { id: number } }>().data;
};
const billBody = (vendorId: number, extra: object = {}) => ({
  vendor_id: vendorId,
  vendor_ref: '',
  bill_date: '2026-02-01',
  lines: [{ description: tricky, quantity: 2, unit_cost: 50.125, account_id: account['5100'] }],
  ...extra,
});
const postedBill = async (vendorId: number, extra: object = {}) => {
  const bill = await ok('POST', '/api/billing/bills', billBody(vendorId, extra));
  await ok('POST', `/api/billing/bills/${bill.id}/post`);
  return bill.id;
};

/**
 * Bills of every state for the first two vendors: open, partly paid, paid, void, a draft, a vendor credit partly
 * applied, payments made (one void, one a prepayment left unapplied).
 */
async function payables() {
  const [first, second] = vendorIds as [number, number];
  const open = await postedBill(first, { vendor_ref: `INV "1" ${tricky}`, memo: tricky });
  const partly = await postedBill(first, { vendor_ref: 'INV-2', bill_date: '2026-02-03' });
  const paid = await postedBill(second, { vendor_ref: 'INV-3', bill_date: '2026-02-04' });
  const voided = await postedBill(second, { vendor_ref: 'INV-4' });
  await ok('POST', `/api/billing/bills/${voided}/void`, { reason: 'wrong' });
  await ok('POST', '/api/billing/bills', billBody(second, { vendor_ref: 'DRAFT-1', bill_date: '2026-02-09' }));
  const credit = await postedBill(first, {
    kind: 'credit',
    vendor_ref: 'CM-1',
    lines: [{ description: 'Return', quantity: 1, unit_cost: 30, account_id: account['5100'] }],
  });
  await ok('POST', `/api/billing/bills/${credit}/apply`, { bill_id: partly, amount: 10, date: '2026-02-05' });
  await ok('POST', '/api/billing/payments/made', {
    vendor_id: first,
    payment_date: '2026-02-06',
    reference: '1001',
    amount: 70,
    memo: tricky,
    allocations: [{ bill_id: partly, amount: 70 }],
  });
  const full = await ok('POST', '/api/billing/payments/made', {
    vendor_id: second,
    payment_date: '2026-02-07',
    method: 'ach',
    reference: `T-"2"`,
    amount: 100.25,
    allocations: [{ bill_id: paid, amount: 100.25 }],
  });
  await ok('POST', '/api/billing/payments/made', {
    vendor_id: second,
    payment_date: '2026-02-08',
    reference: 'PRE-1',
    amount: 40,
  });
  const wrong = await ok('POST', '/api/billing/payments/made', {
    vendor_id: first,
    payment_date: '2026-02-10',
    reference: '1002',
    amount: 5,
    allocations: [{ bill_id: open, amount: 5 }],
  });
  await ok('POST', `/api/billing/payments/made/${wrong.id}/void`, {});
  expect(full.id).toBeGreaterThan(0);
}

// --- the oracle: the Node shaping before decision 0146 (vendors.service.ts) ---

type VendorRecord = typeof vendors.$inferSelect;

async function oldPresentRows(db: DbOrTransaction, rows: VendorRecord[]): Promise<Vendor[]> {
  const ids = [
    ...new Set(rows.flatMap((row) => (row.defaultExpenseAccountId === null ? [] : [row.defaultExpenseAccountId]))),
  ];
  const found = ids.length
    ? await db
        .select({ id: accounts.id, number: accounts.number, name: accounts.name })
        .from(accounts)
        .where(sql`${accounts.id} = any(${`{${ids.join(',')}}`}::int[])`)
    : [];
  const byId = new Map(found.map((row) => [row.id, row]));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    account_number: row.accountNumber,
    contact: row.contact,
    email: row.email,
    phone: row.phone,
    address: row.address,
    website: row.website,
    payment_terms: row.paymentTerms,
    default_expense_account_id: row.defaultExpenseAccountId,
    default_expense_account:
      (row.defaultExpenseAccountId === null ? undefined : byId.get(row.defaultExpenseAccountId)) ?? null,
    is_1099: row.is1099,
    tax_id_masked: maskTaxId(row.taxId),
    notes: row.notes,
    active: row.archivedAt === null,
    archived_at: row.archivedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  }));
}

async function oldVendorPage(query: { page: number; per_page: number; archived: '0' | '1' | 'all'; search?: string }) {
  const db = ctx.db;
  const where: SQL[] = [];
  if (query.archived === '0') where.push(isNull(vendors.archivedAt));
  if (query.archived === '1') where.push(isNotNull(vendors.archivedAt));
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(vendors.name, pattern), ilike(vendors.contact, pattern), ilike(vendors.email, pattern))!);
  }
  const condition = where.length ? and(...where) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(vendors).where(condition);
  const rows = await db
    .select()
    .from(vendors)
    .where(condition)
    .orderBy(asc(sql`lower(${vendors.name})`), asc(vendors.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const presented = await oldPresentRows(db, rows);
  const data: VendorListRow[] = [];
  for (const row of presented) {
    const result = await db.execute<{ open_count: number; open_total: string; last_paid: string | null }>(sql`
      select (select count(*)::int from bills b where b.vendor_id = ${row.id} and b.status = 'posted'
          and b.balance <> 0 and b.kind = 'bill') as open_count,
        (select coalesce(sum(b.balance), 0)::text from bills b where b.vendor_id = ${row.id} and b.status = 'posted'
          and b.balance <> 0 and b.kind = 'bill') as open_total,
        (select max(p.payment_date)::text from payments p where p.vendor_id = ${row.id} and p.status = 'posted')
          as last_paid`);
    const found = result.rows[0]!;
    data.push({
      ...row,
      open_bills_count: found.open_count,
      open_bills: dollarsFromCents(centsFromNumeric(found.open_total)),
      last_paid: found.last_paid,
    });
  }
  return toPage(data, total, query);
}

async function oldVendorDetail(id: number): Promise<VendorDetail> {
  const db = ctx.db;
  const [row] = await db.select().from(vendors).where(eq(vendors.id, id)).limit(1);
  const [vendor] = await oldPresentRows(db, [row!]);
  const orders = await db
    .select({
      id: purchaseOrders.id,
      number: purchaseOrders.number,
      order_date: purchaseOrders.orderDate,
      status: purchaseOrders.status,
      total: purchaseOrders.total,
    })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.vendorId, id))
    .orderBy(desc(purchaseOrders.orderDate), desc(purchaseOrders.id))
    .limit(50);
  const [{ total }] = await db.select({ total: count() }).from(purchaseOrders).where(eq(purchaseOrders.vendorId, id));
  const items = await db
    .select({
      id: billingItems.id,
      name: billingItems.name,
      sku: billingItems.sku,
      archivedAt: billingItems.archivedAt,
    })
    .from(billingItems)
    .where(eq(billingItems.preferredVendorId, id))
    .orderBy(asc(sql`lower(${billingItems.name})`), asc(billingItems.id))
    .limit(200);
  return {
    ...vendor!,
    purchase_orders: orders,
    purchase_orders_total: total,
    items: items.map(({ archivedAt, ...item }) => ({ ...item, active: archivedAt === null })),
  };
}

describe('vendors', () => {
  it('answers each list shape as the Node shaping did, to the strict contract', async () => {
    const shapes = [
      { archived: '0', page: 1, per_page: 50 },
      { archived: 'all', page: 1, per_page: 2 },
      { archived: 'all', page: 2, per_page: 2 },
      { archived: 'all', page: 9, per_page: 2 },
      { archived: '1', page: 1, per_page: 50 },
      { archived: 'all', page: 1, per_page: 50, search: 'CHUCK' },
      { archived: 'all', page: 1, per_page: 50, search: '100%_' },
      { archived: '0', page: 1, per_page: 50, search: 'zzz' },
    ] as const;
    for (const shape of shapes) {
      const params = new URLSearchParams(Object.entries(shape).map(([k, v]) => [k, String(v)]));
      const answer = pageSchema(vendorRowSchema).parse(await get(`/api/billing/vendors?${params}`));
      expect(answer, params.toString()).toEqual(await oldVendorPage(shape));
    }
    const all = pageSchema(vendorRowSchema).parse(await get('/api/billing/vendors?page=1&archived=all'));
    expect(all.data.map((row) => row.tax_id_masked)).toEqual([null, '•••••', null, '•••••6789']);
    expect(all.data.find((row) => row.id === vendorIds[0])).toMatchObject({ open_bills_count: 2, open_bills: 120.5 });
    expect(all.data.find((row) => row.id === vendorIds[0])!.name).toBe(tricky);
  });

  it('answers the drawer as the Node shaping did, and 404 for no vendor', async () => {
    for (const id of vendorIds) {
      const answer = z.strictObject({ data: vendorDetailSchema }).parse(await get(`/api/billing/vendors/${id}`));
      expect(answer.data).toEqual(await oldVendorDetail(id));
    }
    const first = vendorDetailSchema.parse(
      ((await get(`/api/billing/vendors/${vendorIds[0]}`)) as { data: unknown }).data,
    );
    expect(first.purchase_orders.map((order) => order.total)).toEqual(['1234.56', '0.00', '10.50']);
    expect(first.items).toHaveLength(2);
    expect((await call('GET', '/api/billing/vendors/999999', undefined, viewer)).statusCode).toBe(404);
  });
});
