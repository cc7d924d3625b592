import { parseCsv } from '@switchboard/shared/csv';
import type { PaymentRow } from '@switchboard/shared/billing/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import type { Page } from '../../db/paginate.ts';
import { companies } from '../companies/companies.table.ts';
import { PAYMENT_COUNT_CAP } from './payments.service.ts';

// Payments received: the capped count, the unapplied filter on its index, and the list's CSV (decision 0098).

let ctx: TestContext;
let viewer: string;
let many: number; // 1005 payments: more than a CSV batch and than the count's cap
let formula: number; // a company whose name looks like a formula

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(viewer) });
const list = async (query: string) => {
  const response = await get(`/api/billing/payments/received?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<Page<PaymentRow>>();
};

beforeAll(async () => {
  ctx = await createTestContext();
  [{ id: many }, { id: formula }] = await ctx.db
    .insert(companies)
    .values([{ name: 'Many Payments' }, { name: '+Formula Co' }])
    .returning({ id: companies.id });
  const v = await createUser(ctx.db, { permissions: ['view billing'] });
  viewer = (await login(ctx.app, v.email, v.password)).access_token;
  // The triggers of migration 0039 set unapplied to the amount on insert: nothing is allocated here.
  await ctx.db
    .execute(`insert into payments (direction, company_id, payment_date, method, reference, amount, account_id)
    select 'in', ${many}, date '2025-01-01' + (n % 300), 'check', 'M' || n, 10,
      (select id from accounts where number = '1050')
    from generate_series(0, 1004) n`);
  await ctx.db
    .execute(`insert into payments (direction, company_id, payment_date, method, reference, amount, account_id)
    values ('in', ${formula}, '2026-03-05', 'ach', '=1+1', 12.5, (select id from accounts where number = '1050')),
      ('in', ${formula}, '2026-03-06', 'wire', 'W1', 3, (select id from accounts where number = '1050'))`);
  // A used-up payment: unapplied 0 keeps it out of "Unapplied only".
  await ctx.db.execute(`update payments set unapplied = 0, fully_applied_on = payment_date where reference = 'W1'`);
});

afterAll(async () => {
  await ctx?.close();
});

describe('payments received list', () => {
  it('counts up to the cap when more rows follow, exactly on the last page', async () => {
    const first = await list(`company_id=${many}`);
    expect(first.data).toHaveLength(50);
    expect(first.total).toBe(PAYMENT_COUNT_CAP);
    expect(first.data[0]!.payment_date).toBe('2025-10-27');
    const last = await list(`company_id=${many}&page=21`);
    expect(last.data).toHaveLength(5);
    expect(last.total).toBe(1005);
    const beyond = await list(`company_id=${many}&page=40`);
    expect(beyond.total).toBe(PAYMENT_COUNT_CAP);
    const small = await list(`company_id=${formula}&per_page=1`);
    expect(small.total).toBe(2);
    expect(small.last_page).toBe(2);
    expect((await list(`company_id=${formula}&unapplied=1`)).data.map((row) => row.reference)).toEqual(['=1+1']);
  });
});

describe('payments received CSV', () => {
  it('holds every row the filter selects, across keyset batches, newest first', async () => {
    const response = await get(`/api/billing/payments/received?company_id=${many}&format=csv&page=2`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="Payments.csv"');
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual([
      'Date',
      'Company',
      'Method',
      'Reference',
      'Amount',
      'Applied',
      'Unapplied',
      'Deposit to',
      'Status',
    ]);
    expect(rows).toHaveLength(1006);
    expect(new Set(rows.slice(1).map((row) => row[3])).size).toBe(1005);
    const dates = rows.slice(1).map((row) => row[0]!);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('applies the filters and neutralises formula-looking cells', async () => {
    const rows = parseCsv((await get(`/api/billing/payments/received?method=ach&format=csv`)).body);
    expect(rows.slice(1)).toEqual([
      [
        '2026-03-05',
        "'+Formula Co",
        'ACH',
        "'=1+1",
        '12.50',
        '0.00',
        '12.50',
        expect.stringMatching(/^1050 /),
        'Posted',
      ],
    ]);
    expect((await get('/api/billing/payments/received?format=pdf')).statusCode).toBe(422);
  });
});
