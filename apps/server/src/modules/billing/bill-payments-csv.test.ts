import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { vendors } from './purchase-orders.table.ts';

// Payments made's Export CSV (designs/billing.md §5 "CSV"): GET /api/billing/payments/made?format=csv answers every
// payment the list's filters select (not one page), newest first, cells through csvCell (formula neutralised), the
// gates of the list.

let ctx: TestContext;
let approver: string;
let plain: string;
let client: string;
let vendorA: number;
let vendorB: number;
const account: Record<string, number> = {};

const call = (method: 'GET' | 'POST', url: string, payload?: object, as = approver) =>
  ctx.app.inject({ method, url, headers: bearer(as), payload });

async function postedBill(vendorId: number, total: number, ref: string) {
  const made = await call('POST', '/api/billing/bills', {
    vendor_id: vendorId,
    vendor_ref: ref,
    bill_date: '2026-03-01',
    lines: [{ description: 'Licences', quantity: 1, unit_cost: total, account_id: account['5100'] }],
  });
  expect(made.statusCode, made.body).toBe(200);
  const id = Number(made.json().data.id);
  expect((await call('POST', `/api/billing/bills/${id}/post`)).statusCode).toBe(200);
  return id;
}

async function pay(body: object) {
  const response = await call('POST', '/api/billing/payments/made', body);
  expect(response.statusCode, response.body).toBe(200);
  return Number(response.json().data.id);
}

beforeAll(async () => {
  ctx = await createTestContext();
  const rows = await ctx.db.execute<{ id: number; number: string }>(sql`select id, number from accounts`);
  for (const row of rows.rows) account[row.number] = row.id;
  const a = await createUser(ctx.db, { permissions: ['view billing', 'approve billing'] });
  approver = (await login(ctx.app, a.email, a.password)).access_token;
  const p = await createUser(ctx.db, { permissions: ['approve billing'] });
  plain = (await login(ctx.app, p.email, p.password)).access_token;
  const c = await createUser(ctx.db, { type: 'Client', permissions: ['view billing'] });
  client = (await login(ctx.app, c.email, c.password)).access_token;
  vendorA = (await ctx.db.insert(vendors).values({ name: 'Csv Vendor A' }).returning())[0]!.id;
  vendorB = (await ctx.db.insert(vendors).values({ name: '=Csv Vendor B' }).returning())[0]!.id;

  const billA = await postedBill(vendorA, 100, 'A-1');
  await pay({
    vendor_id: vendorA,
    payment_date: '2026-03-05',
    method: 'check',
    reference: '1001',
    amount: 60,
    memo: 'First, partly',
    allocations: [{ bill_id: billA, amount: 40 }],
  });
  const second = await pay({
    vendor_id: vendorA,
    payment_date: '2026-03-07',
    method: 'ach',
    reference: 'T-9',
    amount: 5,
  });
  expect((await call('POST', `/api/billing/payments/made/${second}/void`, { date: '2026-03-08' })).statusCode).toBe(
    200,
  );
  const billB = await postedBill(vendorB, 30, 'B-1');
  await pay({
    vendor_id: vendorB,
    payment_date: '2026-03-06',
    method: 'wire',
    amount: 30,
    allocations: [{ bill_id: billB, amount: 30 }],
  });
});
afterAll(async () => {
  await ctx.close();
});

const csvOf = async (query: string) => {
  const response = await call('GET', `/api/billing/payments/made?format=csv${query}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('text/csv');
  expect(response.headers['content-disposition']).toBe('attachment; filename="Payments-Made.csv"');
  return response.body.trimEnd().split('\r\n');
};

describe('payments made CSV', () => {
  it('writes every matching payment newest first with the list columns, void ones marked', async () => {
    const lines = await csvOf('&per_page=1');
    expect(lines).toEqual([
      'Date,Vendor,Method,Check / reference,Amount,Applied,Unapplied,Paid from,Memo,Status,Void date',
      '2026-03-07,Csv Vendor A,ACH,T-9,5.00,0.00,0.00,1000 Operating Checking,,Void,2026-03-08',
      '2026-03-06,"\'=Csv Vendor B",Wire,,30.00,30.00,0.00,1000 Operating Checking,,Posted,',
      '2026-03-05,Csv Vendor A,Check,1001,60.00,40.00,20.00,1000 Operating Checking,"First, partly",Posted,',
    ]);
  });

  it('applies the filters of the list: vendor, status, method, dates, reference', async () => {
    expect((await csvOf(`&vendor_id=${vendorA}&status=posted`)).slice(1).map((l) => l.slice(0, 10))).toEqual([
      '2026-03-05',
    ]);
    expect((await csvOf('&method=wire')).length).toBe(2);
    expect((await csvOf('&from=2026-03-06&to=2026-03-06')).length).toBe(2);
    expect((await csvOf('&search=T-')).slice(1)[0]).toContain('T-9');
    expect(await csvOf('&vendor_id=999999')).toHaveLength(1);
  });

  it('keeps the gates of the list and refuses bad filters with a 422', async () => {
    for (const token of [plain, client])
      expect((await call('GET', '/api/billing/payments/made?format=csv', undefined, token)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/billing/payments/made?format=csv' })).statusCode).toBe(
      401,
    );
    const bad = await call('GET', '/api/billing/payments/made?format=pdf&from=soon');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['format', 'from']);
  });
});
