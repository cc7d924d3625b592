import { parseCsv } from '@switchboard/shared/csv';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type {
  AgedReceivablesResponse,
  ClientBalancesResponse,
  InvoiceLogResponse,
  InvoiceRegisterResponse,
} from '@switchboard/shared/billing/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { companies } from '../companies/companies.table.ts';
import { cursorBatches, cursorBatchSize } from './billing-report-csv.ts';
import { reportFixture, type ReportFixture } from './billing-report-fixture.ts';
import { csvAmount } from './billing-reports.routes.ts';

// The reports of issue 27 part 9 (designs/billing.md §5, §7 "Aged buckets"): figures on known data, the as-of
// history (a payment applied after the date leaves the invoice open, an allocation unapplied after it still counts,
// a void counts from its date), the tie to account 1100, CSV with formula neutralisation, and who may read them.

let ctx: TestContext;
let viewer: string;
let plain: string;
let client: string;
let fx: ReportFixture;
let acme: number; // A
let birch: number; // B
let quiet: number; // no documents
let viewerId: number;
const doc: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  [{ id: acme }, { id: birch }, { id: quiet }] = await ctx.db
    .insert(companies)
    .values([{ name: 'Acme Dental' }, { name: '=Birch Legal' }, { name: 'Quiet Co' }])
    .returning({ id: companies.id });
  const v = await createUser(ctx.db, { permissions: ['view billing'] });
  viewerId = v.id;
  viewer = (await login(ctx.app, v.email, v.password)).access_token;
  const p = await createUser(ctx.db, { permissions: ['manage accounting'] });
  plain = (await login(ctx.app, p.email, p.password)).access_token;
  const c = await createUser(ctx.db, { type: 'Client', companyId: acme, permissions: ['view billing'] });
  client = (await login(ctx.app, c.email, c.password)).access_token;
  fx = await reportFixture(ctx.db);

  // Acme: two invoices, a payment over both leaving 20.00 credit, a second payment applied then unapplied.
  doc.inv1 = await fx.invoice({ companyId: acme, date: '2026-01-01', due: '2026-01-21', total: 10000 });
  doc.inv2 = await fx.invoice({ companyId: acme, date: '2026-02-01', due: '2026-02-21', total: 25000, tax: 2000 });
  doc.p1 = await fx.payment({ companyId: acme, date: '2026-02-10', amount: 15000, reference: '1001' });
  await fx.allocate({ source: 'payment', sourceId: doc.p1, targetId: doc.inv1, amount: 10000, on: '2026-02-10' });
  await fx.allocate({ source: 'payment', sourceId: doc.p1, targetId: doc.inv2, amount: 3000, on: '2026-02-10' });
  doc.p2 = await fx.payment({ companyId: acme, date: '2026-03-05', amount: 6000, reference: '=HYPERLINK("x")' });
  doc.a2 = await fx.allocate({
    source: 'payment',
    sourceId: doc.p2,
    targetId: doc.inv2,
    amount: 6000,
    on: '2026-03-05',
  });
  await fx.unapply(doc.a2, '2026-03-20');
  // Birch: an old invoice voided in January, a March invoice with a credit note applied on the 12th.
  doc.inv3 = await fx.invoice({ companyId: birch, date: '2025-10-01', due: '2025-10-21', total: 50000 });
  await fx.voidInvoice(doc.inv3, '2026-01-15');
  doc.inv4 = await fx.invoice({ companyId: birch, date: '2026-03-01', due: '2026-03-31', total: 8000 });
  doc.cn1 = await fx.invoice({ companyId: birch, date: '2026-03-10', total: -3000 });
  await fx.allocate({ source: 'credit_note', sourceId: doc.cn1, targetId: doc.inv4, amount: 3000, on: '2026-03-12' });
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, as = viewer) => ctx.app.inject({ method: 'GET', url, headers: bearer(as) });
const aged = async (query: string) => {
  const response = await get(`/api/billing/reports/agedreceivables?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AgedReceivablesResponse>();
};
const rowOf = (report: AgedReceivablesResponse, companyId: number) =>
  report.data.find((row) => row.company_id === companyId);

describe('aged receivables', () => {
  it('ages each company as of a date by due date, with unapplied credits and the tie to 1100', async () => {
    const report = await aged('as_of=2026-03-31');
    expect(report.buckets.map((b) => b.label)).toEqual(['Current', '1-30', '31-60', '61-90', '91+']);
    // Acme: INV2 220.00 (P2 unapplied on the 20th) 38 days past due; P1 20.00 and P2 60.00 unapplied.
    expect(rowOf(report, acme)).toMatchObject({ buckets: [0, 0, 220, 0, 0], credits: -80, total: 140 });
    // Birch: INV3 voided before; INV4 80.00 less the 30.00 credit note, due that day: Current.
    expect(rowOf(report, birch)).toMatchObject({ buckets: [50, 0, 0, 0, 0], credits: 0, total: 50 });
    expect(report.totals).toEqual({ buckets: [50, 0, 220, 0, 0], credits: -80, total: 190 });
    expect(report.tie).toEqual({ account_number: '1100', ledger_balance: 190, difference: 0 });
    expect(rowOf(report, quiet)).toMatchObject({ total: 0 });
  });

  it('counts allocations in force on the date: applied later leaves open, unapplied later still applied', async () => {
    // 10 March: P2 still applied (unapplied on the 20th); the credit note dated that day not yet applied (12th).
    const march10 = await aged('as_of=2026-03-10');
    expect(rowOf(march10, acme)).toMatchObject({ buckets: [0, 160, 0, 0, 0], credits: -20, total: 140 });
    expect(rowOf(march10, birch)).toMatchObject({ buckets: [80, 0, 0, 0, 0], credits: -30, total: 50 });
    // 9 February: P1 (applied on the 10th) not yet: INV1 open 19 days past due; INV3 voided on 15 January.
    const february9 = await aged('as_of=2026-02-09');
    expect(rowOf(february9, acme)).toMatchObject({ buckets: [250, 100, 0, 0, 0], credits: 0, total: 350 });
    expect(rowOf(february9, birch)).toMatchObject({ total: 0 });
    expect(february9.tie.difference).toBe(0);
    // 10 January: INV3 not yet voided, 81 days past due.
    const january10 = await aged('as_of=2026-01-10');
    expect(rowOf(january10, birch)).toMatchObject({ buckets: [0, 0, 0, 500, 0], total: 500 });
    expect(rowOf(january10, acme)).toMatchObject({ buckets: [100, 0, 0, 0, 0], total: 100 });
    expect(january10.tie).toEqual({ account_number: '1100', ledger_balance: 600, difference: 0 });
    // Before anything was dated, nothing.
    expect((await aged('as_of=2025-09-30')).totals.total).toBe(0);
  });

  it('as of today reads the open items and agrees with a past date after the last change', async () => {
    const today = await aged('');
    const past = await aged('as_of=2026-03-31');
    expect(today.totals).toEqual({
      buckets: [0, 0, 0, 0, 270],
      credits: past.totals.credits,
      total: past.totals.total,
    });
    expect(today.tie).toEqual(past.tie);
  });

  it('takes the invoice-date basis, bucket width and count, one company with its drill-down, hide zero', async () => {
    const byDate = await aged('as_of=2026-03-31&basis=invoice_date&width=15&count=2&company_id=' + acme);
    expect(byDate.buckets.map((b) => b.label)).toEqual(['Current', '1-15', '16-30', '31+']);
    expect(byDate.data).toHaveLength(1);
    expect(byDate.data[0]).toMatchObject({ company_name: 'Acme Dental', buckets: [0, 0, 0, 220], credits: -80 });
    expect(byDate.tie).toEqual({ account_number: '1100', ledger_balance: 140, difference: 0 });
    expect(byDate.items).toEqual([
      {
        type: 'one_off',
        id: doc.inv2,
        label: expect.stringMatching(/^INV-/),
        date: '2026-02-01',
        due_date: '2026-02-21',
        days: 58,
        bucket: 3,
        amount: 220,
      },
      {
        type: 'payment',
        id: doc.p1,
        label: '1001',
        date: '2026-02-10',
        due_date: null,
        days: null,
        bucket: null,
        amount: -20,
      },
      {
        type: 'payment',
        id: doc.p2,
        label: '=HYPERLINK("x")',
        date: '2026-03-05',
        due_date: null,
        days: null,
        bucket: null,
        amount: -60,
      },
    ]);
    const hidden = await aged('as_of=2026-03-31&hide_zero=1');
    expect(hidden.data.map((row) => row.company_id).sort()).toEqual([acme, birch].sort());
  });

  it('counts refunds and write-offs, so the total still ties to 1100', async () => {
    const [{ id: cedar }] = await ctx.db
      .insert(companies)
      .values({ name: 'Cedar Vet' })
      .returning({ id: companies.id });
    const inv = await fx.invoice({ companyId: cedar, date: '2026-04-01', due: '2026-04-21', total: 10000 });
    const pay = await fx.payment({ companyId: cedar, date: '2026-04-05', amount: 15000 });
    await fx.allocate({ source: 'payment', sourceId: pay, targetId: inv, amount: 9000, on: '2026-04-05' });
    const refund = await fx.refund({ companyId: cedar, date: '2026-04-08', amount: 6000 });
    await fx.allocate({
      source: 'payment',
      sourceId: pay,
      target: 'refund',
      targetId: refund,
      amount: 6000,
      on: '2026-04-08',
    });
    await fx.writeOff({ companyId: cedar, invoiceId: inv, date: '2026-04-09', amount: 1000 });
    const april7 = await aged(`as_of=2026-04-07&company_id=${cedar}`);
    expect(april7.data[0]).toMatchObject({ buckets: [10, 0, 0, 0, 0], credits: -60, total: -50 });
    expect(april7.tie.difference).toBe(0);
    const april9 = await aged(`as_of=2026-04-09&company_id=${cedar}`);
    expect(april9.data[0]).toMatchObject({ total: 0 });
    expect(april9.tie).toEqual({ account_number: '1100', ledger_balance: 0, difference: 0 });
  });

  it('answers 422 with field messages for bad filters and 404 for an unknown company', async () => {
    const bad = await get('/api/billing/reports/agedreceivables?as_of=2026-02-30&width=0&count=13&basis=x');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      as_of: ['The as of date is not a valid date.'],
      width: ['The bucket width must be at least 1 day.'],
      count: ['There may be at most 12 buckets.'],
      basis: ['Choose due date or invoice date.'],
    });
    expect((await get('/api/billing/reports/agedreceivables?company_id=999999')).statusCode).toBe(404);
    expect((await get('/api/billing/reports/agedreceivables?company_id=abc')).statusCode).toBe(422);
  });

  it('exports CSV with the buckets, totals and the tie, cells neutralised', async () => {
    const response = await get('/api/billing/reports/agedreceivables?as_of=2026-03-31&hide_zero=1&format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('aged-receivables-2026-03-31.csv');
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual(['Company', 'Current', '1-30', '31-60', '61-90', '91+', 'Unapplied credits', 'Total']);
    expect(rows).toContainEqual(['Acme Dental', '0.00', '0.00', '220.00', '0.00', '0.00', '(80.00)', '140.00']);
    // A company named like a formula is written as text.
    expect(response.body).toContain(`"'=Birch Legal",50.00`);
    expect(rows).toContainEqual(['Total', '50.00', '0.00', '220.00', '0.00', '0.00', '(80.00)', '190.00']);
    expect(rows.at(-1)).toEqual(['Difference', '', '', '', '', '', '', '0.00']);
  });
});

describe('client balances', () => {
  it('shows invoiced, credited, received, open, overdue, unapplied credit and last payment as of a date', async () => {
    const response = await get('/api/billing/reports/clientbalances?as_of=2026-03-31&hide_zero=1');
    expect(response.statusCode).toBe(200);
    const report = response.json<ClientBalancesResponse>();
    const a = report.data.find((row) => row.company_id === acme);
    expect(a).toEqual({
      company_id: acme,
      company_name: 'Acme Dental',
      invoiced: 350,
      credited: 0,
      received: 210,
      open: 220,
      overdue: 220,
      unapplied_credit: 80,
      balance: 140,
      last_payment_date: '2026-03-05',
      last_payment_amount: 60,
    });
    const b = report.data.find((row) => row.company_id === birch);
    expect(b).toMatchObject({ invoiced: 80, credited: 30, received: 0, open: 50, overdue: 0, balance: 50 });
    expect(b?.last_payment_date).toBeNull();
    expect(report.data.some((row) => row.company_id === quiet)).toBe(false);
    expect(report.totals).toMatchObject({ open: 270, overdue: 220, unapplied_credit: 80, balance: 190 });
  });

  it('lists only overdue companies with overdue_only, every company without hide_zero', async () => {
    const overdue = (
      await get('/api/billing/reports/clientbalances?as_of=2026-03-31&overdue_only=1')
    ).json<ClientBalancesResponse>();
    expect(overdue.data.map((row) => row.company_id)).toEqual([acme]);
    const all = (await get('/api/billing/reports/clientbalances?as_of=2026-03-31')).json<ClientBalancesResponse>();
    expect(all.data.some((row) => row.company_id === quiet)).toBe(true);
    // As of 10 January INV3 was not yet voided.
    const jan = (
      await get(`/api/billing/reports/clientbalances?as_of=2026-01-10&company_id=${birch}`)
    ).json<ClientBalancesResponse>();
    expect(jan.data[0]).toMatchObject({ invoiced: 500, open: 500, overdue: 500 });
  });

  it('exports CSV', async () => {
    const response = await get(`/api/billing/reports/clientbalances?as_of=2026-03-31&company_id=${acme}&format=csv`);
    const rows = parseCsv(response.body);
    expect(rows[0]![0]).toBe('Company');
    expect(rows[1]).toEqual([
      'Acme Dental',
      '350.00',
      '0.00',
      '210.00',
      '220.00',
      '220.00',
      '80.00',
      '140.00',
      '2026-03-05',
      '60.00',
    ]);
  });
});

describe('invoice register', () => {
  it('lists every posted invoice and credit note with paid, balance, status and totals of all pages', async () => {
    const response = await get(`/api/billing/reports/invoiceregister?per_page=2&from=2025-01-01&to=2026-03-31`);
    expect(response.statusCode).toBe(200);
    const page = response.json<InvoiceRegisterResponse>();
    expect(page).toMatchObject({ total: 5, current_page: 1, per_page: 2, from: 1, to: 2, last_page: 3 });
    expect(page.data[0]).toMatchObject({ id: doc.inv3, status: 'Void', total: 500 });
    expect(page.data[1]).toMatchObject({
      id: doc.inv1,
      company_name: 'Acme Dental',
      type: 'one_off',
      subtotal: 100,
      tax_total: 0,
      total: 100,
      paid: 100,
      balance: 0,
      status: 'Paid',
    });
    // Voided documents are left out of the totals: 100 + 250 + 80 − 30; balances 220 + 50 today.
    expect(page.totals).toEqual({ count: 5, subtotal: 380, tax_total: 20, total: 400, paid: 130, balance: 270 });
  });

  it('filters by type, company and derived status', async () => {
    const credit = (await get('/api/billing/reports/invoiceregister?type=credit_note')).json<InvoiceRegisterResponse>();
    expect(credit.data.map((row) => row.id)).toEqual([doc.cn1]);
    expect(credit.data[0]).toMatchObject({ total: -30, paid: -30, balance: 0, status: 'Paid' });
    const overdue = (
      await get(`/api/billing/reports/invoiceregister?status=overdue&company_id=${acme}`)
    ).json<InvoiceRegisterResponse>();
    expect(overdue.data.map((row) => row.id)).toEqual([doc.inv2]);
    const voided = (await get('/api/billing/reports/invoiceregister?status=void')).json<InvoiceRegisterResponse>();
    expect(voided.data.map((row) => row.id)).toEqual([doc.inv3]);
    const bad = await get('/api/billing/reports/invoiceregister?status=late');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ status: ['Choose a status.'] });
    const backwards = await get('/api/billing/reports/invoiceregister?from=2026-03-01&to=2026-02-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ to: ['The to date must be a date after or equal to the from date.'] });
  });

  it('writes the same figures and states as the JSON register, amounts negative in parentheses', async () => {
    const page = (await get('/api/billing/reports/invoiceregister?per_page=500')).json<InvoiceRegisterResponse>();
    const rows = parseCsv((await get('/api/billing/reports/invoiceregister?format=csv')).body).slice(1);
    // The CSV formats PostgreSQL's numeric text, the JSON goes through dollars: both must say the same.
    expect(rows).toEqual(
      page.data.map((row) => [
        expect.any(String),
        row.invoice_date,
        expect.any(String),
        expect.any(String),
        csvAmount(row.subtotal),
        csvAmount(row.tax_total),
        csvAmount(row.total),
        csvAmount(row.paid),
        csvAmount(row.balance),
        row.due_date ?? '',
        row.status,
      ]),
    );
    expect(new Set(rows.map((row) => row[10])).size).toBeGreaterThan(2);
    const credit = parseCsv((await get('/api/billing/reports/invoiceregister?type=credit_note&format=csv')).body);
    expect(credit[1]).toEqual([
      expect.stringMatching(/^CN-/),
      '2026-03-10',
      "'=Birch Legal",
      'Credit note',
      '(30.00)',
      '0.00',
      '(30.00)',
      '(30.00)',
      '0.00',
      '',
      'Paid',
    ]);
  });

  it('streams every row as CSV across cursor batches, in date order', async () => {
    const [{ id: many }] = await ctx.db
      .insert(companies)
      .values({ name: '@Many Rows' })
      .returning({ id: companies.id });
    // More than one batch of the cursor, over 300 days with ties on the date.
    const count = cursorBatchSize + 5;
    await ctx.db.execute(
      `insert into invoices (number, company_id, type, status, invoice_date, due_date, subtotal, total, balance)
       select 'INV-M' || n, ${many}, 'one_off', 'posted', date '2024-01-01' + (n % 300), date '2024-01-01' + (n % 300),
         1234567.8, 1234567.8, 0.5
       from generate_series(0, ${count - 1}) n`,
    );
    const response = await get(`/api/billing/reports/invoiceregister?company_id=${many}&format=csv`);
    expect(response.statusCode).toBe(200);
    const rows = parseCsv(response.body);
    expect(rows).toHaveLength(count + 1);
    expect(new Set(rows.slice(1).map((row) => row[0])).size).toBe(count);
    const dates = rows.slice(1).map((row) => row[1]!);
    expect(dates).toEqual([...dates].sort());
    expect(rows[1]!.slice(2, 9)).toEqual([
      "'@Many Rows",
      'One-off',
      '1234567.80',
      '0.00',
      '1234567.80',
      '1234567.30',
      '0.50',
    ]);
  });

  it('ends the read transaction and returns the connection when the reader stops half-way', async () => {
    // Counted from a connection of its own: one from the pool could be the very connection left in a transaction.
    const watcher = new pg.Client({ connectionString: ctx.pool.options.connectionString });
    await watcher.connect();
    const openTransactions = async () =>
      (
        await watcher.query<{ count: number }>(
          `select count(*)::int as count from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null`,
        )
      ).rows[0]!.count;
    for await (const batch of cursorBatches<{ n: number }>(ctx.db, sql`select generate_series(1, 10) as n`, {
      batchSize: 3,
    })) {
      expect(batch.map((row) => row.n)).toEqual([1, 2, 3]);
      expect(await openTransactions()).toBe(1);
      break;
    }
    expect(await openTransactions()).toBe(0);
    expect(ctx.pool.idleCount).toBe(ctx.pool.totalCount);
    await watcher.end();
  });
});

describe('invoice log', () => {
  beforeAll(async () => {
    await fx.event({
      invoiceId: doc.inv1,
      event: 'posted',
      companyId: acme,
      actorId: viewerId,
      at: '2026-01-01T10:00:00Z',
    });
    await fx.event({
      invoiceId: doc.inv1,
      event: 'sent',
      companyId: acme,
      actorId: viewerId,
      at: '2026-01-01T10:05:00Z',
      data: { revision: 0, recipients: ['ap@acme.test', 'owner@acme.test'] },
    });
    await fx.event({
      invoiceId: doc.inv4,
      event: 'voided',
      companyId: birch,
      at: '2026-03-02T23:30:00Z',
      data: { reason: '+1 mistake' },
    });
  });

  it('lists the events of invoices newest first with who, the invoice and the detail; filters', async () => {
    const response = await get('/api/billing/reports/invoicelog');
    expect(response.statusCode).toBe(200);
    const log = response.json<InvoiceLogResponse>();
    expect(log.total).toBe(3);
    expect(log.data[0]).toMatchObject({
      event: 'voided',
      invoice_id: doc.inv4,
      company_name: '=Birch Legal',
      user_name: null,
      detail: '+1 mistake',
    });
    expect(log.data[1]).toMatchObject({
      event: 'sent',
      invoice_label: expect.stringMatching(/^INV-/),
      company_id: acme,
      user_id: viewerId,
      detail: 'to ap@acme.test, owner@acme.test',
      at: '2026-01-01T10:05:00.000Z',
    });
    const sent = (await get('/api/billing/reports/invoicelog?event=sent')).json<InvoiceLogResponse>();
    expect(sent.data.map((row) => row.event)).toEqual(['sent']);
    const byUser = (
      await get(`/api/billing/reports/invoicelog?user_id=${viewerId}&company_id=${acme}`)
    ).json<InvoiceLogResponse>();
    expect(byUser.total).toBe(2);
    const march = (
      await get('/api/billing/reports/invoicelog?from=2026-03-02&to=2026-03-02')
    ).json<InvoiceLogResponse>();
    expect(march.data.map((row) => row.event)).toEqual(['voided']);
    expect((await get('/api/billing/reports/invoicelog?event=exploded')).statusCode).toBe(422);
  });

  it('exports CSV with formula-like text neutralised', async () => {
    const rows = parseCsv((await get('/api/billing/reports/invoicelog?format=csv')).body);
    expect(rows[0]).toEqual(['When', 'Event', 'Invoice', 'Company', 'User', 'Detail']);
    expect(rows[1]!.slice(1)).toEqual(['voided', expect.stringMatching(/^INV-/), "'=Birch Legal", '', "'+1 mistake"]);
    expect(rows).toHaveLength(4);
  });
});

describe('permissions', () => {
  it.each(['agedreceivables', 'clientbalances', 'invoiceregister', 'invoicelog'])(
    '%s: 403 for a client account even with view billing, 403 without view billing, 401 signed out',
    async (name) => {
      expect((await get(`/api/billing/reports/${name}`, client)).statusCode).toBe(403);
      expect((await get(`/api/billing/reports/${name}`, plain)).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/billing/reports/${name}` })).statusCode).toBe(401);
    },
  );
});
