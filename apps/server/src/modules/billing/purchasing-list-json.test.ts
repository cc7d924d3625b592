import {
  decimalUnits,
  poLabel,
  purchaseOrderListQuerySchema,
  purchaseOrderStatusLabels,
  purchaseOrderStatuses,
  type PurchaseOrderDetail,
  type PurchaseOrderRow,
} from '@switchboard/shared';
import {
  billKinds,
  billListQuerySchema,
  billStatuses,
  paymentMadeListQuerySchema,
  type BillDetail,
  type BillKind,
  type BillListValues,
  type BillRow,
  type PaymentMadeListValues,
  type PaymentMadeRow,
} from '@switchboard/shared/billing/bills';
import { paymentMethods, type PaymentMethod } from '@switchboard/shared/billing/payments';
import { csvCell } from '@switchboard/shared/csv';
import { maskTaxId, type Vendor, type VendorDetail, type VendorListRow } from '@switchboard/shared/billing/vendors';
import { centsFromNumeric, dollarsFromCents } from '@switchboard/shared/billing/money';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { notFound } from '../../plugins/errors.ts';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { pageOffset, pageSchema, toPage, type Page } from '../../db/paginate.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { documentRevisions } from '../documents/documents.table.ts';
import { projects } from '../projects/projects.table.ts';
import { users } from '../users/users.table.ts';
import { bills } from './bills.table.ts';
import { inventoryLocations } from './inventory.table.ts';
import { accounts } from './ledger.table.ts';
import { poLines, purchaseOrders, vendors } from './purchase-orders.table.ts';
import { receipts } from './receipts.table.ts';

// The purchasing lists and drawers answer JSON text written by PostgreSQL (decision 0151, 0129's pattern). Each answer
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

const poRowFields = {
  id: z.number().int(),
  number: nullableText,
  label: z.string(),
  order_date: z.string(),
  expected_date: nullableText,
  vendor_id: z.number().int(),
  vendor_name: z.string(),
  company_id: nullableId,
  company_name: nullableText,
  project_id: nullableId,
  project_title: nullableText,
  total: z.number(),
  received_pct: z.number().int(),
  billed_pct: z.number().int(),
  status: z.enum(purchaseOrderStatuses),
  approved: z.boolean(),
};
const poRowSchema = z.strictObject(poRowFields) satisfies z.ZodType<PurchaseOrderRow>;
const poDetailSchema = z.strictObject({
  ...poRowFields,
  vendor_email: z.string(),
  location_id: nullableId,
  location_name: nullableText,
  ship_to_site_id: nullableId,
  ship_to_site_name: nullableText,
  memo: z.string(),
  subtotal: z.number(),
  tax_total: z.number(),
  sent_at: nullableText,
  approved_by: nullableId,
  approved_by_name: nullableText,
  approved_at: nullableText,
  updated_at: z.string(),
  lines: z.array(
    z.strictObject({
      id: z.number().int(),
      line_no: z.number().int(),
      item_id: nullableId,
      item_name: nullableText,
      description: z.string(),
      quantity: z.string(),
      unit_cost: z.string(),
      amount: z.number(),
      received_qty: z.string(),
      billed_qty: z.string(),
      company_id: nullableId,
      project_id: nullableId,
      billable_to_client: z.boolean(),
    }),
  ),
  receipts: z.array(
    z.strictObject({
      id: z.number().int(),
      number: z.string(),
      received_on: z.string(),
      total: z.number(),
      voided_on: nullableText,
    }),
  ),
  bills: z.array(
    z.strictObject({
      id: z.number().int(),
      kind: z.string(),
      vendor_ref: z.string(),
      bill_date: z.string(),
      status: z.string(),
      total: z.number(),
    }),
  ),
  revisions: z.array(z.strictObject({ revision: z.number().int(), label: z.string(), created_at: z.string() })),
}) satisfies z.ZodType<PurchaseOrderDetail>;

let vendorIds: number[] = [];
let poIds: number[] = [];
let companyId = 0;
let projectId = 0;

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
  await orders(a.id);
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

/**
 * Orders with a company, project, drop-ship site, stock location, approver, lines partly received and billed (an
 * order whose one line is of quantity 0), a voided receipt, a bill of the order and revisions 1 and 12.
 */
async function orders(approverId: number) {
  const [first] = vendorIds as [number];
  [{ id: companyId }] = await ctx.db.insert(companies).values({ name: tricky }).returning({ id: companies.id });
  [{ id: projectId }] = await ctx.db
    .insert(projects)
    .values({ title: tricky, companyId })
    .returning({ id: projects.id });
  const [{ id: siteId }] = await ctx.db
    .insert(sites)
    .values({ companyId, name: `Site ${tricky}` })
    .returning({ id: sites.id });
  const [{ id: locationId }] = await ctx.db
    .insert(inventoryLocations)
    .values({ name: `Shelf ${tricky}`, kind: 'warehouse' })
    .returning({ id: inventoryLocations.id });
  const [{ id: itemId }] = await ctx.db
    .insert(billingItems)
    .values({ name: `Switch ${tricky}`, sku: 'SW', type: 'product' })
    .returning({ id: billingItems.id });
  const made = await ctx.db.execute<{ id: number }>(sql`insert into purchase_orders (number, vendor_id, status,
      order_date, expected_date, company_id, project_id, location_id, ship_to_site_id, approved_by, approved_at, memo,
      subtotal, tax_total, total, sent_at)
    values ('PO-"7"', ${first}, 'partial', '2026-02-01', '2026-02-15', ${companyId}, ${projectId}, ${locationId}, null,
        ${approverId}, '2026-02-01T10:00:00.123456Z', ${tricky}, 300, 12.34, 312.34, '2026-02-01T11:00:00Z'),
      ('PO-000008', ${vendorIds[1]}, 'ordered', '2026-02-02', null, ${companyId}, null, null, ${siteId}, null, null, '',
        0, 0, 0, null),
      (null, ${vendorIds[2]}, 'draft', '2026-02-02', null, null, null, null, null, null, null, '', 0, 0, 0, null),
      ('PO-000010', ${first}, 'closed', '2026-01-15', null, null, null, null, null, ${approverId},
        '2026-01-15T00:00:00Z', '', 1, 0, 1, null)
    returning id`);
  poIds = made.rows.map((row) => Number(row.id));
  const [partial, ordered, , closed] = poIds as [number, number, number, number];
  const lines = await ctx.db.execute<{ id: number }>(sql`insert into po_lines (po_id, line_no, item_id, description,
      quantity, unit_cost, amount, received_qty, billed_qty, company_id, project_id, billable_to_client)
    values (${partial}, 1, ${itemId}, ${tricky}, 3, 33.3333, 100, 1, 1, ${companyId}, ${projectId}, true),
      (${partial}, 2, null, 'Labour', 7, 28.5714, 200, 2.67, 0, null, null, false),
      (${ordered}, 1, null, 'Nothing yet', 0, 0, 0, 0, 0, null, null, false),
      (${closed}, 1, null, 'All in', 1, 1, 1, 1, 1, null, null, false)
    returning id`);
  expect(lines.rows).toHaveLength(4);
  await ctx.db.execute(sql`insert into receipts (number, po_id, vendor_id, received_on, total, voided_on)
    values ('RCV-J1', ${partial}, ${first}, '2026-02-05', 33.33, null),
      ('RCV-J2', ${partial}, ${first}, '2026-02-04', 10, '2026-02-06')`);
  const bill = await ok(
    'POST',
    '/api/billing/bills',
    billBody(first, { vendor_ref: 'PO-BILL', bill_date: '2026-02-07' }),
  );
  await ctx.db.execute(sql`update bills set po_id = ${partial} where id = ${bill.id}`);
  await ctx.db.execute(sql`insert into document_revisions (type, record_id, revision, path, checksum, view_hash, size,
      created_at)
    values ('po', ${partial}, 12, 'x', 'c', 'v', 1, '2026-02-03T00:00:00.5Z'),
      ('po', ${partial}, 1, 'x', 'c', 'v', 1, '2026-02-02T00:00:00Z'),
      ('quote', ${partial}, 3, 'x', 'c', 'v', 1, now())`);
}

// --- the oracle: the Node shaping before decision 0151 (vendors.service.ts) ---

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
      const params = new URLSearchParams(Object.entries(shape).map(([k, v]): [string, string] => [k, String(v)]));
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
    expect(first.purchase_orders.map((order) => order.total)).toEqual(['312.34', '1.00', '1234.56', '0.00', '10.50']);
    expect(first.items).toHaveLength(2);
    expect((await call('GET', '/api/billing/vendors/999999', undefined, viewer)).statusCode).toBe(404);
  });
});

describe('purchase orders', () => {
  it('answers each list shape as the Node shaping did, to the strict contract', async () => {
    const shapes: Record<string, string>[] = [
      {},
      { per_page: '2' },
      { per_page: '2', page: '2' },
      { per_page: '2', page: '40' },
      { status: 'draft,ordered' },
      { status: 'closed', vendor_id: String(vendorIds[0]) },
      { company_id: String(companyId), from: '2026-02-02', to: '2026-02-02' },
      { project_id: String(projectId) },
      { number: '"7' },
      { number: String(poIds[2]) },
      { number: '0000' },
    ];
    for (const shape of shapes) {
      const params = new URLSearchParams(shape);
      const answer = pageSchema(poRowSchema).parse(await get(`/api/billing/purchaseorders?${params}`));
      const query = purchaseOrderListQuerySchema.parse(shape);
      expect(answer, params.toString()).toEqual(await oldPurchaseOrderList(ctx.db, query));
    }
    const all = pageSchema(poRowSchema).parse(await get('/api/billing/purchaseorders'));
    const partial = all.data.find((row) => row.id === poIds[0])!;
    // Received 3.67 of 10 ordered (floored), billed 1 of 10; the order of nothing is 0, not a division by zero.
    expect([partial.received_pct, partial.billed_pct, partial.total]).toEqual([36, 10, 312.34]);
    expect(all.data.find((row) => row.id === poIds[2])!.label).toBe(`Draft ${poIds[2]}`);
  });

  it('answers the drawer as the Node shaping did, and 404 for no order', async () => {
    for (const id of poIds) {
      const answer = z.strictObject({ data: poDetailSchema }).parse(await get(`/api/billing/purchaseorders/${id}`));
      expect(answer.data).toEqual(await oldPurchaseOrderDetail(ctx.db, id));
    }
    const url = `/api/billing/purchaseorders/${poIds[0]}`;
    const first = poDetailSchema.parse(((await get(url)) as { data: unknown }).data);
    expect(first.revisions.map((revision) => revision.label)).toEqual(['01', '12']);
    expect(first.lines.map((line) => [line.quantity, line.unit_cost, line.received_qty])).toEqual([
      ['3.00', '33.3333', '1.00'],
      ['7.00', '28.5714', '2.67'],
    ]);
    expect(first.receipts.map((receipt) => receipt.number)).toEqual(['RCV-J2', 'RCV-J1']);
    expect(first.bills.map((bill) => bill.vendor_ref)).toEqual(['PO-BILL']);
    expect((await call('GET', '/api/billing/purchaseorders/999999', undefined, viewer)).statusCode).toBe(404);
  });

  it('exports the CSV of a filter through its cursor, a row per order of the list', async () => {
    const url = `/api/billing/purchaseorders?format=csv&vendor_id=${vendorIds[0]}`;
    const response = await call('GET', url, undefined, viewer);
    expect(response.statusCode).toBe(200);
    const lines = response.body.trim().split('\r\n');
    const list = pageSchema(poRowSchema).parse(await get(`/api/billing/purchaseorders?vendor_id=${vendorIds[0]}`));
    expect(lines).toHaveLength(list.data.length + 1);
    const label = purchaseOrderStatusLabels.partial;
    const expected = ['PO-"7"', '2026-02-01', tricky, tricky, tricky, '312.34', 36, 10, label, '2026-02-15'];
    expect(lines[1]).toBe(expected.map(csvCell).join(','));
  });
});

const billFields = {
  id: z.number().int(),
  kind: z.enum(billKinds),
  vendor_id: z.number().int(),
  vendor_name: z.string(),
  vendor_ref: z.string(),
  bill_date: z.string(),
  due_date: z.string(),
  status: z.enum(billStatuses),
  po_id: nullableId,
  memo: z.string(),
  subtotal: z.number(),
  tax_total: z.number(),
  total: z.number(),
  balance: z.number(),
  closed_on: nullableText,
  journal_entry_id: nullableId,
  void_date: nullableText,
  updated_at: z.string(),
};
const billRowSchema = z.strictObject(billFields) satisfies z.ZodType<BillRow>;
const billDetailSchema = z.strictObject({
  ...billFields,
  lines: z.array(
    z.strictObject({
      id: z.number().int(),
      line_no: z.number().int(),
      item_id: nullableId,
      item_name: nullableText,
      account_id: nullableId,
      description: z.string(),
      quantity: z.number(),
      unit_cost: z.number(),
      amount: z.number(),
      po_line_id: nullableId,
      company_id: nullableId,
      project_id: nullableId,
      billable_to_client: z.boolean(),
    }),
  ),
  allocations: z.array(
    z.strictObject({
      id: z.number().int(),
      source_type: z.enum(['payment', 'vendor_credit']),
      source_id: z.number().int(),
      target_id: z.number().int(),
      amount: z.number(),
      applied_on: z.string(),
      unapplied_on: nullableText,
    }),
  ),
}) satisfies z.ZodType<BillDetail>;
const paymentMadeSchema = z.strictObject({
  id: z.number().int(),
  vendor_id: z.number().int(),
  vendor_name: z.string(),
  payment_date: z.string(),
  method: z.enum(paymentMethods),
  reference: z.string(),
  amount: z.number(),
  applied: z.number(),
  unapplied: z.number(),
  account_id: z.number().int(),
  account_number: z.string(),
  account_name: z.string(),
  memo: z.string(),
  status: z.enum(['posted', 'void']),
  void_date: nullableText,
  journal_entry_id: nullableId,
}) satisfies z.ZodType<PaymentMadeRow>;

describe('bills', () => {
  it('answers each list shape as the Node shaping did, to the strict contract', async () => {
    const shapes: Record<string, string>[] = [
      {},
      { per_page: '3' },
      { per_page: '3', page: '2' },
      { per_page: '3', page: '30' },
      { vendor_id: String(vendorIds[0]) },
      { vendor_id: String(vendorIds[0]), open: '1' },
      { status: 'void' },
      { status: 'draft' },
      { kind: 'credit' },
      { open: '1', from: '2026-02-02', to: '2026-02-05' },
      { search: '"1"' },
      { search: '%' },
    ];
    for (const shape of shapes) {
      const params = new URLSearchParams(shape);
      const answer = pageSchema(billRowSchema).parse(await get(`/api/billing/bills?${params}`));
      expect(answer, params.toString()).toEqual(await oldBillList(ctx.db, billListQuerySchema.parse(shape)));
    }
    const credit = pageSchema(billRowSchema).parse(await get('/api/billing/bills?kind=credit')).data[0]!;
    expect([credit.total, credit.balance]).toEqual([-30, -20]);
  });

  it('answers the drawer of every bill as the Node shaping did, and 404 for no bill', async () => {
    const ids = await ctx.db.execute<{ id: number }>(sql`select id from bills order by id`);
    expect(ids.rows.length).toBeGreaterThan(5);
    for (const { id } of ids.rows) {
      const answer = z.strictObject({ data: billDetailSchema }).parse(await get(`/api/billing/bills/${id}`));
      expect(answer.data).toEqual(await oldBillDetail(ctx.db, Number(id)));
    }
    const open = pageSchema(billRowSchema).parse(await get('/api/billing/bills?search=INV-2')).data[0]!;
    const detail = billDetailSchema.parse(((await get(`/api/billing/bills/${open.id}`)) as { data: unknown }).data);
    expect(detail.lines[0]).toMatchObject({ description: tricky, quantity: 2, unit_cost: 50.125, amount: 100.25 });
    expect(detail.allocations.map((a) => [a.source_type, a.amount, a.unapplied_on === null])).toEqual([
      ['vendor_credit', 10, true],
      ['payment', 70, true],
    ]);
    expect((await call('GET', '/api/billing/bills/999999', undefined, viewer)).statusCode).toBe(404);
  });
});

describe('payments made', () => {
  it('answers each list shape as the Node shaping did, to the strict contract', async () => {
    const shapes: Record<string, string>[] = [
      {},
      { per_page: '2' },
      { per_page: '2', page: '2' },
      { per_page: '2', page: '9' },
      { vendor_id: String(vendorIds[1]) },
      { method: 'ach' },
      { status: 'void' },
      { from: '2026-02-07', to: '2026-02-08', status: 'posted' },
      { search: '"2' },
    ];
    for (const shape of shapes) {
      const params = new URLSearchParams(shape);
      const answer = pageSchema(paymentMadeSchema).parse(await get(`/api/billing/payments/made?${params}`));
      const query = paymentMadeListQuerySchema.parse(shape);
      expect(answer, params.toString()).toEqual(await oldPaymentsMadeList(ctx.db, query));
    }
    const all = pageSchema(paymentMadeSchema).parse(await get('/api/billing/payments/made'));
    expect(all.data.map((p) => [p.reference, p.applied, p.unapplied, p.status])).toEqual([
      ['1002', 0, 0, 'void'],
      ['PRE-1', 0, 40, 'posted'],
      ['T-"2"', 100.25, 0, 'posted'],
      ['1001', 70, 0, 'posted'],
    ]);
  });

  it('answers the drawer as the Node shaping did, 404 for no payment or a payment received', async () => {
    const all = pageSchema(paymentMadeSchema).parse(await get('/api/billing/payments/made'));
    for (const { id } of all.data) {
      const answer = z.strictObject({ data: paymentMadeSchema }).parse(await get(`/api/billing/payments/made/${id}`));
      expect(answer.data).toEqual(await oldPaymentMade(ctx.db, id));
    }
    expect((await call('GET', '/api/billing/payments/made/999999', undefined, viewer)).statusCode).toBe(404);
  });

  it('keeps the CSV of a filter', async () => {
    const url = `/api/billing/payments/made?format=csv&vendor_id=${vendorIds[1]}`;
    const response = await call('GET', url, undefined, viewer);
    expect(response.statusCode).toBe(200);
    const lines = response.body.trim().split('\r\n');
    expect(lines.slice(1).map((line) => line.split(',')[3])).toEqual(['PRE-1', '"T-""2"""']);
  });
});

// --- the oracle: the Node shaping of purchase orders before decision 0151 (purchase-orders.service.ts) ---

type PoListFilters = Omit<z.output<typeof purchaseOrderListQuerySchema>, 'page' | 'per_page'>;

function listConditions(filters: PoListFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filters.status?.length ? inArray(purchaseOrders.status, filters.status) : undefined,
    filters.vendor_id ? eq(purchaseOrders.vendorId, filters.vendor_id) : undefined,
    filters.company_id ? eq(purchaseOrders.companyId, filters.company_id) : undefined,
    filters.project_id ? eq(purchaseOrders.projectId, filters.project_id) : undefined,
    filters.from ? gte(purchaseOrders.orderDate, filters.from) : undefined,
    filters.to ? lte(purchaseOrders.orderDate, filters.to) : undefined,
  ];
  const number = filters.number?.trim();
  if (number) {
    const digits = /^\d{1,9}$/.test(number) ? Number(number) : null;
    const escaped = number.replace(/[\\%_]/g, (c) => `\\${c}`);
    conditions.push(
      or(ilike(purchaseOrders.number, `%${escaped}%`), digits !== null ? eq(purchaseOrders.id, digits) : undefined),
    );
  }
  return and(...conditions);
}

// Ordered, received and billed quantities of each order in hundredths, summed once per order listed.
const progress = sql<{ ordered: string; received: string; billed: string }>`(
  select json_build_object('ordered', coalesce(sum(l.quantity), 0)::text, 'received',
    coalesce(sum(l.received_qty), 0)::text, 'billed', coalesce(sum(l.billed_qty), 0)::text)
  from po_lines l where l.po_id = "purchase_orders"."id")`;

const rowColumns = {
  id: purchaseOrders.id,
  number: purchaseOrders.number,
  orderDate: purchaseOrders.orderDate,
  expectedDate: purchaseOrders.expectedDate,
  vendorId: purchaseOrders.vendorId,
  vendorName: vendors.name,
  companyId: purchaseOrders.companyId,
  companyName: companies.name,
  projectId: purchaseOrders.projectId,
  projectTitle: projects.title,
  total: purchaseOrders.total,
  status: purchaseOrders.status,
  approvedAt: purchaseOrders.approvedAt,
  progress,
};

const percentOf = (part: string, whole: string): number => {
  const total = decimalUnits(whole, 2);
  return total === 0 ? 0 : Math.floor((decimalUnits(part, 2) * 100) / total);
};

type RowRecord = {
  id: number;
  number: string | null;
  orderDate: string;
  expectedDate: string | null;
  vendorId: number;
  vendorName: string;
  companyId: number | null;
  companyName: string | null;
  projectId: number | null;
  projectTitle: string | null;
  total: string;
  status: PurchaseOrderRow['status'];
  approvedAt: Date | null;
  progress: { ordered: string; received: string; billed: string };
};

function presentRow(row: RowRecord): PurchaseOrderRow {
  return {
    id: row.id,
    number: row.number,
    label: poLabel(row),
    order_date: row.orderDate,
    expected_date: row.expectedDate,
    vendor_id: row.vendorId,
    vendor_name: row.vendorName,
    company_id: row.companyId,
    company_name: row.companyName,
    project_id: row.projectId,
    project_title: row.projectTitle,
    total: dollarsFromCents(centsFromNumeric(row.total)),
    received_pct: percentOf(row.progress.received, row.progress.ordered),
    billed_pct: percentOf(row.progress.billed, row.progress.ordered),
    status: row.status,
    approved: row.approvedAt !== null,
  };
}

const baseSelect = (db: DbOrTransaction) =>
  db
    .select(rowColumns)
    .from(purchaseOrders)
    .innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
    .leftJoin(companies, eq(companies.id, purchaseOrders.companyId))
    .leftJoin(projects, eq(projects.id, purchaseOrders.projectId));

/** GET /billing/purchaseorders: newest order date first, the spec's paginator. */
async function oldPurchaseOrderList(
  db: DbOrTransaction,
  query: z.output<typeof purchaseOrderListQuerySchema>,
): Promise<Page<PurchaseOrderRow>> {
  const { page, per_page, ...filters } = query;
  const where = listConditions(filters);
  const rows = await baseSelect(db)
    .where(where)
    .orderBy(desc(purchaseOrders.orderDate), desc(purchaseOrders.id))
    .limit(per_page)
    .offset(pageOffset({ page, per_page }));
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(purchaseOrders)
    .where(where);
  return toPage(
    rows.map((row) => presentRow(row as RowRecord)),
    counted?.total ?? 0,
    { page, per_page },
  );
}

/** GET /billing/purchaseorders/{id}: the order, its lines (ordered, received, billed), receipts, bills, revisions. */
async function oldPurchaseOrderDetail(db: DbOrTransaction, id: number): Promise<PurchaseOrderDetail | null> {
  const [row] = await baseSelect(db).where(eq(purchaseOrders.id, id)).limit(1);
  if (!row) return null;
  const [more] = await db
    .select({
      po: purchaseOrders,
      vendorEmail: vendors.email,
      locationName: inventoryLocations.name,
      siteName: sites.name,
      approverName: users.name,
    })
    .from(purchaseOrders)
    .innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
    .leftJoin(inventoryLocations, eq(inventoryLocations.id, purchaseOrders.locationId))
    .leftJoin(sites, eq(sites.id, purchaseOrders.shipToSiteId))
    .leftJoin(users, eq(users.id, purchaseOrders.approvedBy))
    .where(eq(purchaseOrders.id, id));
  const po = more!.po;
  const lines = await db
    .select({ line: poLines, itemName: billingItems.name })
    .from(poLines)
    .leftJoin(billingItems, eq(billingItems.id, poLines.itemId))
    .where(eq(poLines.poId, id))
    .orderBy(asc(poLines.lineNo), asc(poLines.id));
  const receiptRows = await db
    .select({
      id: receipts.id,
      number: receipts.number,
      receivedOn: receipts.receivedOn,
      total: receipts.total,
      voidedOn: receipts.voidedOn,
    })
    .from(receipts)
    .where(eq(receipts.poId, id))
    .orderBy(asc(receipts.receivedOn), asc(receipts.id));
  const billRows = await db
    .select({
      id: bills.id,
      kind: bills.kind,
      vendorRef: bills.vendorRef,
      billDate: bills.billDate,
      status: bills.status,
      total: bills.total,
    })
    .from(bills)
    .where(eq(bills.poId, id))
    .orderBy(asc(bills.billDate), asc(bills.id));
  const revisionRows = await db
    .select({ revision: documentRevisions.revision, createdAt: documentRevisions.createdAt })
    .from(documentRevisions)
    .where(and(eq(documentRevisions.type, 'po'), eq(documentRevisions.recordId, id)))
    .orderBy(asc(documentRevisions.revision));
  const money = (text: string) => dollarsFromCents(centsFromNumeric(text));
  return {
    ...presentRow(row as RowRecord),
    vendor_email: more!.vendorEmail,
    location_id: po.locationId,
    location_name: more!.locationName,
    ship_to_site_id: po.shipToSiteId,
    ship_to_site_name: more!.siteName,
    memo: po.memo,
    subtotal: money(po.subtotal),
    tax_total: money(po.taxTotal),
    sent_at: po.sentAt?.toISOString() ?? null,
    approved_by: po.approvedBy,
    approved_by_name: po.approvedBy === null ? null : more!.approverName,
    approved_at: po.approvedAt?.toISOString() ?? null,
    updated_at: po.updatedAt.toISOString(),
    lines: lines.map(({ line, itemName }) => ({
      id: line.id,
      line_no: line.lineNo,
      item_id: line.itemId,
      item_name: itemName,
      description: line.description,
      quantity: line.quantity,
      unit_cost: line.unitCost,
      amount: money(line.amount),
      received_qty: line.receivedQty,
      billed_qty: line.billedQty,
      company_id: line.companyId,
      project_id: line.projectId,
      billable_to_client: line.billableToClient,
    })),
    receipts: receiptRows.map((receipt) => ({
      id: receipt.id,
      number: receipt.number,
      received_on: receipt.receivedOn,
      total: money(receipt.total),
      voided_on: receipt.voidedOn,
    })),
    bills: billRows.map((bill) => ({
      id: bill.id,
      kind: bill.kind,
      vendor_ref: bill.vendorRef,
      bill_date: bill.billDate,
      status: bill.status,
      total: money(bill.total),
    })),
    revisions: revisionRows.map((revision) => ({
      revision: revision.revision,
      label: String(revision.revision).padStart(2, '0'),
      created_at: revision.createdAt.toISOString(),
    })),
  };
}

// --- the oracle: the Node shaping of bills and payments made before decision 0151 ---

const money = (text: string): number => dollarsFromCents(centsFromNumeric(text));

type BillDbRow = {
  id: number;
  kind: BillKind;
  vendor_id: number;
  vendor_name: string;
  vendor_ref: string;
  bill_date: string;
  due_date: string;
  status: BillRow['status'];
  po_id: number | null;
  memo: string;
  subtotal: string;
  tax_total: string;
  total: string;
  balance: string;
  closed_on: string | null;
  journal_entry_id: string | null;
  void_date: string | null;
  updated_at: string | Date;
};

const billSelect = (where: SQL) => sql`
  select b.id, b.kind, b.vendor_id, v.name as vendor_name, b.vendor_ref, b.bill_date::text as bill_date,
    b.due_date::text as due_date, b.status, b.po_id, b.memo, b.subtotal::text as subtotal,
    b.tax_total::text as tax_total, b.total::text as total, b.balance::text as balance,
    b.closed_on::text as closed_on, b.journal_entry_id, b.void_date::text as void_date, b.updated_at
  from bills b join vendors v on v.id = b.vendor_id
  where ${where}`;

const billRow = (row: BillDbRow): BillRow => ({
  id: Number(row.id),
  kind: row.kind,
  vendor_id: Number(row.vendor_id),
  vendor_name: row.vendor_name,
  vendor_ref: row.vendor_ref,
  bill_date: row.bill_date,
  due_date: row.due_date,
  status: row.status,
  po_id: row.po_id === null ? null : Number(row.po_id),
  memo: row.memo,
  subtotal: money(row.subtotal),
  tax_total: money(row.tax_total),
  total: money(row.total),
  balance: money(row.balance),
  closed_on: row.closed_on,
  journal_entry_id: row.journal_entry_id === null ? null : Number(row.journal_entry_id),
  void_date: row.void_date,
  updated_at: new Date(row.updated_at).toISOString(),
});

async function oldBillDetail(db: DbOrTransaction, id: number): Promise<BillDetail> {
  const result = await db.execute<BillDbRow>(billSelect(sql`b.id = ${id}`));
  const row = result.rows[0];
  if (!row) throw notFound();
  const lines = await db.execute<{
    id: number;
    line_no: number;
    item_id: number | null;
    item_name: string | null;
    account_id: number | null;
    description: string;
    quantity: string;
    unit_cost: string;
    amount: string;
    po_line_id: number | null;
    company_id: number | null;
    project_id: number | null;
    billable_to_client: boolean;
  }>(sql`
    select l.id, l.line_no, l.item_id, i.name as item_name, l.account_id, l.description, l.quantity::text as quantity,
      l.unit_cost::text as unit_cost, l.amount::text as amount, l.po_line_id, l.company_id, l.project_id,
      l.billable_to_client
    from bill_lines l left join billing_items i on i.id = l.item_id
    where l.bill_id = ${id} order by l.line_no`);
  const applied = await db.execute<{
    id: number;
    source_type: 'payment' | 'vendor_credit';
    source_id: number;
    target_id: number;
    amount: string;
    applied_on: string;
    unapplied_on: string | null;
  }>(sql`
    select id, source_type, source_id, target_id, amount::text as amount, applied_on::text as applied_on,
      unapplied_on::text as unapplied_on
    from allocations
    where (target_type = 'bill' and target_id = ${id}) or (source_type = 'vendor_credit' and source_id = ${id})
    order by id`);
  return {
    ...billRow(row),
    lines: lines.rows.map((line) => ({
      id: Number(line.id),
      line_no: line.line_no,
      item_id: line.item_id,
      item_name: line.item_name,
      account_id: line.account_id,
      description: line.description,
      quantity: Number(line.quantity),
      unit_cost: Number(line.unit_cost),
      amount: money(line.amount),
      po_line_id: line.po_line_id,
      company_id: line.company_id,
      project_id: line.project_id,
      billable_to_client: line.billable_to_client,
    })),
    allocations: applied.rows.map((a) => ({
      id: Number(a.id),
      source_type: a.source_type,
      source_id: Number(a.source_id),
      target_id: Number(a.target_id),
      amount: money(a.amount),
      applied_on: a.applied_on,
      unapplied_on: a.unapplied_on,
    })),
  };
}

type OldBillFilters = Omit<BillListValues, 'page' | 'per_page'>;

function billWhere(query: OldBillFilters): SQL {
  return sql.join(
    [
      sql`true`,
      query.vendor_id ? sql`b.vendor_id = ${query.vendor_id}` : sql`true`,
      query.status ? sql`b.status = ${query.status}` : sql`true`,
      query.kind ? sql`b.kind = ${query.kind}` : sql`true`,
      query.open === '1' ? sql`b.status = 'posted' and b.balance <> 0` : sql`true`,
      query.from ? sql`b.bill_date >= ${query.from}::date` : sql`true`,
      query.to ? sql`b.bill_date <= ${query.to}::date` : sql`true`,
      query.search ? sql`b.vendor_ref ilike ${`%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql`true`,
    ],
    sql` and `,
  );
}

/** GET /billing/bills: newest bill date first, filtered by vendor, status, kind, open, dates and reference. */
async function oldBillList(db: Db, query: BillListValues): Promise<Page<BillRow>> {
  const { page, per_page: perPage, ...filters } = query;
  const where = billWhere(filters);
  const offset = (page - 1) * perPage;
  const rows = await db.execute<BillDbRow>(
    sql`${billSelect(where)} order by b.bill_date desc, b.id desc limit ${perPage} offset ${offset}`,
  );
  const count = await db.execute<{ n: number }>(sql`select count(*)::int as n from bills b where ${where}`);
  return toPage(rows.rows.map(billRow), Number(count.rows[0]!.n), { page, per_page: perPage });
}

type PaymentMadeDbRow = {
  id: number;
  vendor_id: number;
  vendor_name: string;
  payment_date: string;
  method: PaymentMethod;
  reference: string;
  amount: string;
  applied: string;
  account_id: number;
  account_number: string;
  account_name: string;
  memo: string;
  status: 'posted' | 'void';
  void_date: string | null;
  journal_entry_id: string | null;
};

const paymentMadeSelect = (where: SQL) => sql`
  select p.id, p.vendor_id, v.name as vendor_name, p.payment_date::text as payment_date, p.method, p.reference,
    p.amount::text as amount,
    (select coalesce(sum(a.amount), 0) from allocations a
      where a.source_type = 'payment' and a.source_id = p.id and a.unapplied_on is null)::text as applied,
    p.account_id, ac.number as account_number, ac.name as account_name, p.memo, p.status,
    p.void_date::text as void_date, p.journal_entry_id
  from payments p join vendors v on v.id = p.vendor_id join accounts ac on ac.id = p.account_id
  where p.direction = 'out' and p.vendor_id is not null and ${where}`;

function paymentMadeRow(row: PaymentMadeDbRow): PaymentMadeRow {
  const amount = centsFromNumeric(row.amount);
  const applied = centsFromNumeric(row.applied);
  return {
    id: Number(row.id),
    vendor_id: Number(row.vendor_id),
    vendor_name: row.vendor_name,
    payment_date: row.payment_date,
    method: row.method,
    reference: row.reference,
    amount: dollarsFromCents(amount),
    applied: dollarsFromCents(applied),
    unapplied: dollarsFromCents(row.status === 'void' ? 0 : amount - applied),
    account_id: Number(row.account_id),
    account_number: row.account_number,
    account_name: row.account_name,
    memo: row.memo,
    status: row.status,
    void_date: row.void_date,
    journal_entry_id: row.journal_entry_id === null ? null : Number(row.journal_entry_id),
  };
}

async function oldPaymentMade(db: DbOrTransaction, id: number): Promise<PaymentMadeRow> {
  const result = await db.execute<PaymentMadeDbRow>(paymentMadeSelect(sql`p.id = ${id}`));
  const row = result.rows[0];
  if (!row) throw notFound();
  return paymentMadeRow(row);
}

type PaymentMadeQuery = PaymentMadeListValues;

/** The list's filters as one condition on `payments p` (the page and the CSV). */
function paymentMadeWhere(query: Omit<PaymentMadeQuery, 'page' | 'per_page'>): SQL {
  return sql.join(
    [
      sql`true`,
      query.vendor_id ? sql`p.vendor_id = ${query.vendor_id}` : sql`true`,
      query.method ? sql`p.method = ${query.method}` : sql`true`,
      query.status ? sql`p.status = ${query.status}` : sql`true`,
      query.from ? sql`p.payment_date >= ${query.from}::date` : sql`true`,
      query.to ? sql`p.payment_date <= ${query.to}::date` : sql`true`,
      query.search ? sql`p.reference ilike ${`%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql`true`,
    ],
    sql` and `,
  );
}

/** GET /billing/payments/made: newest first, filtered by vendor, method, dates, status and check number. */
async function oldPaymentsMadeList(db: Db, query: PaymentMadeQuery): Promise<Page<PaymentMadeRow>> {
  const where = paymentMadeWhere(query);
  const offset = (query.page - 1) * query.per_page;
  const rows = await db.execute<PaymentMadeDbRow>(
    sql`${paymentMadeSelect(where)} order by p.payment_date desc, p.id desc limit ${query.per_page} offset ${offset}`,
  );
  const count = await db.execute<{ n: number }>(sql`select count(*)::int as n from payments p
    where p.direction = 'out' and p.vendor_id is not null and ${where}`);
  return toPage(rows.rows.map(paymentMadeRow), Number(count.rows[0]!.n), query);
}
