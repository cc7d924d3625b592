import { parseCsv } from '@switchboard/shared/csv';
import type { InvoiceRow } from '@switchboard/shared/billing/invoices';
import type { Page } from '../../db/paginate.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { companies } from '../companies/companies.table.ts';
import { INVOICE_COUNT_CAP } from './invoice-reads.ts';

// The invoice list's counts, number search, To print and delivery filters, and its CSV (decision 0098).

let ctx: TestContext;
let viewer: string;
let acme: number; // 1005 posted invoices: more than a CSV batch and than the count's cap
let formula: number; // a company whose name looks like a formula
let few: number; // a handful of invoices for the search and filter cases

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(viewer) });
const list = async (query: string) => {
  const response = await get(`/api/billing/invoices?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<Page<InvoiceRow>>();
};
const insertInvoices = (values: string) =>
  ctx.db.execute(
    `insert into invoices (number, company_id, type, status, invoice_date, due_date, subtotal, total, balance, paperless,
       printed_at) ${values}`,
  );

beforeAll(async () => {
  ctx = await createTestContext();
  [{ id: acme }, { id: formula }, { id: few }] = await ctx.db
    .insert(companies)
    .values([{ name: 'Acme Many' }, { name: '=SUM(A1:A9)' }, { name: 'Few Co' }])
    .returning({ id: companies.id });
  const v = await createUser(ctx.db, { permissions: ['view billing'] });
  viewer = (await login(ctx.app, v.email, v.password)).access_token;
  // 1005 rows over 300 days: ties on the date that the keyset must keep apart.
  await insertInvoices(`select 'INV-8' || lpad(n::text, 5, '0'), ${acme}, 'one_off', 'posted',
      date '2025-01-01' + (n % 300), date '2025-01-01' + (n % 300), 10, 10, 10, 0, null
    from generate_series(0, 1004) n`);
  await insertInvoices(`values
    ('INV-000123', ${few}, 'one_off', 'posted', '2026-03-01', '2026-03-21', 5, 5, 5, 1, null),
    ('INV-001123', ${few}, 'one_off', 'posted', '2026-03-02', '2026-03-21', 5, 5, 0, 1, now()),
    ('INV-000124', ${few}, 'one_off', 'posted', '2026-03-03', '2026-03-21', 5, 5, 5, 0, null),
    ('CN-000123', ${few}, 'credit_note', 'posted', '2026-03-04', null, -5, -5, -5, 0, null),
    ('INV-000200', ${formula}, 'project', 'posted', '2026-03-05', '2099-03-25', 7.5, 7.5, 2.5, 0, null),
    (null, ${few}, 'one_off', 'draft', null, null, 1, 1, 1, 0, null)`);
});

afterAll(async () => {
  await ctx?.close();
});

describe('invoice list', () => {
  it('counts up to the cap when more rows follow, exactly when the page is the last', async () => {
    const first = await list(`company_id=${acme}`);
    expect(first.data).toHaveLength(50);
    expect(first.total).toBe(INVOICE_COUNT_CAP);
    // Newest first: the two rows of the latest day (n = 299 and 599, 899 too), highest id first.
    expect(first.data[0]!.invoice_date).toBe('2025-10-27');
    const deep = await list(`company_id=${acme}&page=20`);
    expect(deep.data).toHaveLength(50);
    expect(deep.total).toBe(1001); // the rows read (950 + 51) pass the cap
    const last = await list(`company_id=${acme}&page=21`);
    expect(last.data).toHaveLength(5);
    expect(last.total).toBe(1005);
    const beyond = await list(`company_id=${acme}&page=30`);
    expect(beyond.data).toHaveLength(0);
    expect(beyond.total).toBe(INVOICE_COUNT_CAP);
    const small = await list(`company_id=${few}&per_page=2`);
    expect(small.total).toBe(5);
    expect(small.last_page).toBe(3);
    // Drafts (no date) on top, then newest first.
    expect(small.data.map((row) => row.label)).toEqual([expect.stringMatching(/^Draft /), 'CN-000123']);
    const whole = await list(`company_id=${few}`);
    expect(whole.total).toBe(5);
    expect(whole.data).toHaveLength(5);
  });

  it('finds a number by its start in any case, or digits by its end, or a draft by its id', async () => {
    const labels = async (number: string) =>
      (await list(`company_id=${few}&number=${encodeURIComponent(number)}`)).data.map((row) => row.label).sort();
    expect(await labels('123')).toEqual(['CN-000123', 'INV-000123', 'INV-001123']);
    expect(await labels('0123')).toEqual(['CN-000123', 'INV-000123']);
    expect(await labels('inv-00012')).toEqual(['INV-000123', 'INV-000124']);
    expect(await labels('INV-000124')).toEqual(['INV-000124']);
    expect(await labels('cn-')).toEqual(['CN-000123']);
    // Not a substring search: the middle of a number finds nothing, '%' and '_' are plain characters.
    expect(await labels('0001')).toEqual([]);
    expect(await labels('INV-0%')).toEqual([]);
    expect(await labels('INV_000123')).toEqual([]);
    const draft = (await list(`company_id=${few}&status=draft`)).data[0]!;
    expect(await labels(`Draft ${draft.id}`)).toContain(draft.label);
  });

  it('lists the To print batch and the delivery states', async () => {
    expect((await list('to_print=1')).data.map((row) => row.label)).toEqual(['INV-000123']);
    const [sent, failed, mixed] = (await list(`company_id=${few}&type=one_off&status=posted`)).data;
    await ctx.db.execute(`insert into invoice_deliveries (invoice_id, revision, recipient, status) values
      (${sent!.id}, 0, 'a@x.test', 'sent'), (${failed!.id}, 0, 'a@x.test', 'failed'),
      (${mixed!.id}, 0, 'a@x.test', 'failed'), (${mixed!.id}, 1, 'a@x.test', 'pending')`);
    const ids = async (delivery: string) =>
      (await list(`company_id=${few}&delivery=${delivery}`)).data.map((row) => row.id);
    expect(await ids('failed')).toEqual([failed!.id]);
    expect(await ids('pending')).toEqual([mixed!.id]);
    expect(await ids('sent')).toEqual([sent!.id]);
    expect(await ids('none')).toHaveLength(2);
  });
});

describe('invoice list CSV', () => {
  it('holds every row the filter selects, across keyset batches, in the list order', async () => {
    const response = await get(`/api/billing/invoices?company_id=${acme}&format=csv&page=3&per_page=10`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Invoices.csv"');
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual(['Number', 'Date', 'Company', 'Type', 'Total', 'Balance', 'Due', 'Status', 'Sent']);
    expect(rows).toHaveLength(1006);
    expect(new Set(rows.slice(1).map((row) => row[0])).size).toBe(1005);
    const dates = rows.slice(1).map((row) => row[1]!);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('applies the filters and neutralises a formula-looking company name', async () => {
    const rows = parseCsv((await get('/api/billing/invoices?type=project&format=csv')).body);
    expect(rows.slice(1)).toEqual([
      ['INV-000200', '2026-03-05', "'=SUM(A1:A9)", 'Project', '7.50', '2.50', '2099-03-25', 'Partially Paid', ''],
    ]);
    const drafts = parseCsv((await get(`/api/billing/invoices?company_id=${few}&number=123&format=csv`)).body);
    expect(
      drafts
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(['CN-000123', 'INV-000123', 'INV-001123']);
  });

  it('refuses a bad format and needs the permission', async () => {
    const bad = await get('/api/billing/invoices?format=xlsx');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['format']);
    const plain = await createUser(ctx.db, { permissions: [] });
    const token = (await login(ctx.app, plain.email, plain.password)).access_token;
    const denied = await ctx.app.inject({
      method: 'GET',
      url: '/api/billing/invoices?format=csv',
      headers: bearer(token),
    });
    expect(denied.statusCode).toBe(403);
  });
});
