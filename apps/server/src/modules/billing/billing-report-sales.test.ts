import { parseCsv } from '@switchboard/shared/csv';
import type {
  ClientReceivedResponse,
  InvoiceTotalsResponse,
  OutgoingSearchResponse,
  ServicesResponse,
} from '@switchboard/shared/billing/reports-sales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { companies } from '../companies/companies.table.ts';
import { reportFixture, type ReportFixture } from './billing-report-fixture.ts';
import { billLines, bills } from './bills.table.ts';
import { invoiceLines } from './invoices.table.ts';
import { postJournalEntry } from './ledger.service.ts';
import { accounts } from './ledger.table.ts';
import { payments } from './payments.table.ts';
import { vendors } from './purchase-orders.table.ts';

// Invoice Totals, Client Received Totals, Outgoing Search and Services (designs/billing.md §5; issue 28 part 6): each
// figure on known documents, the filters, CSV with formula neutralisation, and the gates.

let ctx: TestContext;
let viewer: string;
let plain: string;
let client: string;
let fx: ReportFixture;
let acme: number;
let birch: number;
let ingram: number;
let m365: number;
let backup: number;
const account: Record<string, number> = {};
const doc: Record<string, number> = {};

const paged = {
  total: z.number().int(),
  current_page: z.number().int(),
  per_page: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  last_page: z.number().int(),
};
const periodFields = {
  count: z.number().int(),
  subtotal: z.number(),
  tax: z.number(),
  total: z.number(),
  credit_count: z.number().int(),
  credits: z.number(),
  net: z.number(),
};
const invoiceTotalsSchema = z.object({
  from: z.string(),
  to: z.string(),
  group: z.enum(['week', 'month', 'quarter']),
  type: z.string().nullable(),
  data: z.array(z.object({ period: z.string(), label: z.string(), ...periodFields })),
  by_type: z.array(
    z.object({
      period: z.string(),
      type: z.string(),
      count: z.number().int(),
      subtotal: z.number(),
      tax: z.number(),
      total: z.number(),
    }),
  ),
  totals: z.object(periodFields),
});
const methods = z.object({
  check: z.number(),
  ach: z.number(),
  wire: z.number(),
  card: z.number(),
  cash: z.number(),
  other: z.number(),
});
const receivedFields = {
  count: z.number().int(),
  methods,
  months: z.array(z.number()).optional(),
  total: z.number(),
};
const clientReceivedSchema = z.object({
  from: z.string(),
  to: z.string(),
  months: z.array(z.string()),
  data: z.array(z.object({ company_id: z.number().int(), company_name: z.string(), ...receivedFields })),
  totals: z.object(receivedFields),
});
const outgoingSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      date: z.string(),
      kind: z.enum(['vendor_payment', 'refund']),
      payee_id: z.number().int(),
      payee_name: z.string(),
      method: z.string(),
      reference: z.string(),
      amount: z.number(),
      account_id: z.number().int(),
      account_number: z.string(),
      account_name: z.string(),
      status: z.enum(['posted', 'void']),
      memo: z.string(),
    }),
  ),
  ...paged,
  totals: z.object({ count: z.number().int(), amount: z.number() }),
});
const servicesSchema = z.object({
  range: z.object({ from: z.string(), to: z.string() }),
  data: z.array(
    z.object({
      item_id: z.number().int(),
      item_name: z.string(),
      item_type: z.string(),
      company_id: z.number().int(),
      company_name: z.string(),
      month: z.string(),
      quantity: z.number(),
      revenue: z.number(),
    }),
  ),
  ...paged,
  totals: z.object({ quantity: z.number(), revenue: z.number() }),
  licenses: z.array(
    z.object({
      item_id: z.number().int(),
      item_name: z.string(),
      seats_billed: z.number(),
      seats_bought: z.number(),
      unbilled_seats: z.number(),
      lost_revenue: z.number(),
      revenue: z.number(),
      cost: z.number(),
    }),
  ),
});

/** A line of a fixture invoice (the fixture posts totals; the services report reads lines). */
async function itemLine(invoiceId: number, itemId: number, quantity: string, price: string, amount: string) {
  await ctx.db.insert(invoiceLines).values({
    invoiceId,
    lineNo: 1,
    kind: 'item',
    itemId,
    description: 'Seats',
    quantity,
    unitPrice: price,
    amount,
  });
}

/** A posted vendor bill (or credit) of one item line, with its journal entry. */
async function postedBill(kind: 'bill' | 'credit', date: string, itemId: number, quantity: string, cost: number) {
  await ctx.db.transaction(async (tx) => {
    const entry = await postJournalEntry(tx, {
      entryDate: date,
      sourceType: 'bill',
      lines: [
        { accountId: account['5100']!, debit: kind === 'bill' ? cost : 0, credit: kind === 'bill' ? 0 : cost },
        {
          accountId: account['2000']!,
          debit: kind === 'bill' ? 0 : cost,
          credit: kind === 'bill' ? cost : 0,
          vendorId: ingram,
        },
      ],
    });
    const money = (cents: number) => (kind === 'bill' ? cents / 100 : -cents / 100).toFixed(2);
    const [bill] = await tx
      .insert(bills)
      .values({
        kind,
        vendorId: ingram,
        vendorRef: `R-${date}-${kind}-${quantity}`,
        billDate: date,
        dueDate: date,
        status: 'posted',
        subtotal: money(cost),
        taxTotal: '0',
        total: money(cost),
        balance: money(cost),
        journalEntryId: entry.id,
      })
      .returning({ id: bills.id });
    await tx.insert(billLines).values({
      billId: bill!.id,
      lineNo: 1,
      itemId,
      quantity,
      unitCost: (cost / 100 / Number(quantity)).toFixed(4),
      amount: (cost / 100).toFixed(2),
    });
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  for (const row of await ctx.db.select().from(accounts)) account[row.number] = row.id;
  [{ id: acme }, { id: birch }] = await ctx.db
    .insert(companies)
    .values([{ name: 'Acme Dental' }, { name: '=Birch Legal' }])
    .returning({ id: companies.id });
  [{ id: ingram }] = await ctx.db.insert(vendors).values({ name: 'Ingram Micro' }).returning({ id: vendors.id });
  [{ id: m365 }, { id: backup }] = await ctx.db
    .insert(billingItems)
    .values([
      { name: 'M365 Business (report test)', type: 'cloud', price: 22 },
      { name: 'Backup (report test)', type: 'service', price: 50 },
    ])
    .returning({ id: billingItems.id });
  const v = await createUser(ctx.db, { permissions: ['view billing'] });
  viewer = (await login(ctx.app, v.email, v.password)).access_token;
  const p = await createUser(ctx.db, { permissions: ['manage accounting'] });
  plain = (await login(ctx.app, p.email, p.password)).access_token;
  const c = await createUser(ctx.db, { type: 'Client', companyId: acme, permissions: ['view billing'] });
  client = (await login(ctx.app, c.email, c.password)).access_token;
  fx = await reportFixture(ctx.db);

  // Invoice totals: January one_off 100 + tax 8; contract 250; February 400 + 20; March credit note −50; a void.
  doc.j1 = await fx.invoice({ companyId: acme, date: '2026-01-05', total: 10800, tax: 800 });
  doc.j2 = await fx.invoice({ companyId: birch, date: '2026-01-20', total: 25000, type: 'contract' });
  doc.f1 = await fx.invoice({ companyId: acme, date: '2026-02-10', total: 42000, tax: 2000 });
  doc.m1 = await fx.invoice({ companyId: acme, date: '2026-03-03', total: -5000 });
  doc.v1 = await fx.invoice({ companyId: birch, date: '2026-02-11', total: 99900 });
  await fx.voidInvoice(doc.v1, '2026-02-12');

  // Services: M365 billed 10 seats at 20.00 in January and February (Acme), 5 seats credited in March; Backup once.
  await itemLine(doc.j1, m365, '10.00', '20.0000', '200.00');
  await itemLine(doc.f1, m365, '10.00', '20.0000', '200.00');
  await itemLine(doc.m1, m365, '2.00', '-20.0000', '-40.00');
  await itemLine(doc.j2, backup, '1.00', '50.0000', '50.00');
  // Bought: 12 seats in January and February at 15.00, 1 credited by the vendor.
  await postedBill('bill', '2026-01-02', m365, '12.00', 18000);
  await postedBill('bill', '2026-02-02', m365, '12.00', 18000);
  await postedBill('credit', '2026-02-15', m365, '1.00', 1500);

  // Received: Acme check 100 (Jan) and ACH 300 (Feb); Birch check 250 (Feb); a voided one; a refund (out).
  await fx.payment({ companyId: acme, date: '2026-01-15', amount: 10000, reference: '1001' });
  await fx.payment({ companyId: birch, date: '2026-02-01', amount: 25000, reference: '2002' });
  await ctx.db.insert(payments).values([
    {
      direction: 'in',
      companyId: acme,
      paymentDate: '2026-02-20',
      method: 'ach',
      amount: '300.00',
      accountId: account['1050']!,
    },
    {
      direction: 'in',
      companyId: acme,
      paymentDate: '2026-02-21',
      method: 'card',
      amount: '999.00',
      accountId: account['1050']!,
      status: 'void',
    },
  ]);

  // Money out: two vendor payments (check 10045, ACH), one voided, and a refund to Birch.
  await ctx.db.insert(payments).values([
    {
      direction: 'out',
      vendorId: ingram,
      paymentDate: '2026-02-05',
      method: 'check',
      reference: '10045',
      amount: '180.00',
      accountId: account['1000']!,
      memo: '=cmd',
    },
    {
      direction: 'out',
      vendorId: ingram,
      paymentDate: '2026-03-05',
      method: 'ach',
      reference: 'TX-77_1',
      amount: '1200.50',
      accountId: account['1000']!,
    },
    {
      direction: 'out',
      vendorId: ingram,
      paymentDate: '2026-03-06',
      method: 'check',
      reference: '10046',
      amount: '75.00',
      accountId: account['1000']!,
      status: 'void',
    },
  ]);
  await fx.refund({ companyId: birch, date: '2026-03-10', amount: 4000 });
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, as = viewer) => ctx.app.inject({ method: 'GET', url, headers: bearer(as) });
async function report<T>(name: string, query: string, schema: z.ZodType): Promise<T> {
  const response = await get(`/api/billing/reports/${name}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return expectExactShape(schema, response.json()) as T;
}

describe('Invoice Totals', () => {
  it('sums posted invoices by month, credit notes apart, every month of the range shown', async () => {
    const r = await report<InvoiceTotalsResponse>(
      'invoicetotals',
      'from=2026-01-01&to=2026-04-30',
      invoiceTotalsSchema,
    );
    expect(r.data.map((p) => [p.label, p.count, p.subtotal, p.tax, p.total, p.credit_count, p.credits, p.net])).toEqual(
      [
        ['2026-01', 2, 350, 8, 358, 0, 0, 358],
        // The voided February invoice is not a sale.
        ['2026-02', 1, 400, 20, 420, 0, 0, 420],
        ['2026-03', 0, 0, 0, 0, 1, -50, -50],
        ['2026-04', 0, 0, 0, 0, 0, 0, 0],
      ],
    );
    expect(r.totals).toEqual({ count: 3, subtotal: 750, tax: 28, total: 778, credit_count: 1, credits: -50, net: 728 });
    expect(r.by_type.filter((row) => row.period === '2026-01-01').map((row) => [row.type, row.total])).toEqual([
      ['contract', 250],
      ['one_off', 108],
    ]);
  });

  it('groups by quarter and week, and filters by type', async () => {
    const quarter = await report<InvoiceTotalsResponse>(
      'invoicetotals',
      'from=2026-01-01&to=2026-03-31&group=quarter',
      invoiceTotalsSchema,
    );
    expect(quarter.data.map((p) => [p.label, p.net])).toEqual([['2026-Q1', 728]]);
    const weeks = await report<InvoiceTotalsResponse>(
      'invoicetotals',
      'from=2026-01-05&to=2026-01-25&group=week',
      invoiceTotalsSchema,
    );
    // 2026-01-05 is a Monday: three weeks, the 20th in the third.
    expect(weeks.data.map((p) => [p.period, p.total])).toEqual([
      ['2026-01-05', 108],
      ['2026-01-12', 0],
      ['2026-01-19', 250],
    ]);
    const contracts = await report<InvoiceTotalsResponse>(
      'invoicetotals',
      'from=2026-01-01&to=2026-03-31&type=contract',
      invoiceTotalsSchema,
    );
    expect(contracts.totals).toMatchObject({ count: 1, total: 250, credits: 0 });
  });

  it('writes the CSV, and refuses a reversed range', async () => {
    const csv = parseCsv(
      (await get('/api/billing/reports/invoicetotals?from=2026-01-01&to=2026-03-31&format=csv')).body,
    );
    expect(csv[0]).toEqual(['Period', 'Invoices', 'Subtotal', 'Tax', 'Total', 'Credit notes', 'Credits', 'Net']);
    expect(csv[3]).toEqual(['2026-03', '0', '0.00', '0.00', '0.00', '1', '(50.00)', '(50.00)']);
    expect(csv.at(-1)).toEqual(['Total', '3', '750.00', '28.00', '778.00', '1', '(50.00)', '728.00']);
    const bad = await get('/api/billing/reports/invoicetotals?from=2026-03-01&to=2026-01-01');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.to).toEqual(['The to date must be a date after or equal to the from date.']);
  });
});

describe('Client Received Totals', () => {
  it('sums payments received per company and method, voided and outgoing ones left out', async () => {
    const r = await report<ClientReceivedResponse>(
      'clientreceived',
      'from=2026-01-01&to=2026-03-31',
      clientReceivedSchema,
    );
    expect(r.months).toEqual([]);
    const rows = r.data.map((row) => [row.company_name, row.count, row.methods.check, row.methods.ach, row.total]);
    expect(rows.sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
      ['=Birch Legal', 1, 250, 0, 250],
      ['Acme Dental', 2, 100, 300, 400],
    ]);
    expect(r.totals).toMatchObject({ count: 3, total: 650 });
    expect(r.totals.methods).toEqual({ check: 350, ach: 300, wire: 0, card: 0, cash: 0, other: 0 });
  });

  it('adds monthly columns, filters by method and company', async () => {
    const r = await report<ClientReceivedResponse>(
      'clientreceived',
      `from=2026-01-01&to=2026-03-31&monthly=1&company_id=${acme}`,
      clientReceivedSchema,
    );
    expect(r.months).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(r.data).toHaveLength(1);
    expect(r.data[0]!.months).toEqual([100, 300, 0]);
    const ach = await report<ClientReceivedResponse>(
      'clientreceived',
      'from=2026-01-01&to=2026-03-31&method=ach',
      clientReceivedSchema,
    );
    expect(ach.totals.total).toBe(300);
    const wide = await get('/api/billing/reports/clientreceived?from=2020-01-01&to=2026-03-31&monthly=1');
    expect(wide.statusCode).toBe(422);
  });

  it('neutralises formulas in the CSV', async () => {
    const csv = parseCsv(
      (await get('/api/billing/reports/clientreceived?from=2026-01-01&to=2026-03-31&monthly=1&format=csv')).body,
    );
    expect(csv[0]).toEqual([
      'Company',
      'Payments',
      'CHECK',
      'ACH',
      'WIRE',
      'CARD',
      'CASH',
      'OTHER',
      '2026-01',
      '2026-02',
      '2026-03',
      'Total',
    ]);
    expect(csv.find((row) => row[0]!.includes('Birch'))).toEqual([
      "'=Birch Legal",
      '1',
      '250.00',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '250.00',
      '0.00',
      '250.00',
    ]);
    expect(csv.at(-1)).toEqual([
      'Total',
      '3',
      '350.00',
      '300.00',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '100.00',
      '550.00',
      '0.00',
      '650.00',
    ]);
  });
});

describe('Outgoing Search', () => {
  const search = (query: string) =>
    report<OutgoingSearchResponse>('outgoingsearch', query, outgoingSchema).then((r) => r);

  it('lists money out newest first: vendor payments and refunds, voided ones shown but not summed', async () => {
    const r = await search('');
    expect(r.data.map((row) => [row.date, row.kind, row.payee_name, row.amount, row.status])).toEqual([
      ['2026-03-10', 'refund', '=Birch Legal', 40, 'posted'],
      ['2026-03-06', 'vendor_payment', 'Ingram Micro', 75, 'void'],
      ['2026-03-05', 'vendor_payment', 'Ingram Micro', 1200.5, 'posted'],
      ['2026-02-05', 'vendor_payment', 'Ingram Micro', 180, 'posted'],
    ]);
    expect(r.totals).toEqual({ count: 4, amount: 1420.5 });
    expect(r.data[3]).toMatchObject({ account_number: '1000', method: 'check', reference: '10045' });
  });

  it('filters by payee, amount range, check or reference (literally), account, method, kind and dates', async () => {
    const ids = async (query: string) => (await search(query)).data.map((row) => row.reference || row.kind);
    expect(await ids('payee=ingr')).toEqual(['10046', 'TX-77_1', '10045']);
    expect(await ids('min_amount=75&max_amount=180')).toEqual(['10046', '10045']);
    expect(await ids('reference=1004')).toEqual(['10046', '10045']);
    // '_' is a letter here, not LIKE's wildcard.
    expect(await ids('reference=77_')).toEqual(['TX-77_1']);
    expect(await ids('reference=7%')).toEqual([]);
    expect(await ids('method=ach')).toEqual(['TX-77_1']);
    expect(await ids('kind=refund')).toEqual(['refund']);
    expect(await ids(`account_id=${account['1050']}`)).toEqual([]);
    expect(await ids('from=2026-03-01&to=2026-03-05')).toEqual(['TX-77_1']);
    const bad = await get('/api/billing/reports/outgoingsearch?min_amount=100&max_amount=50');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.max_amount).toEqual(['The maximum must be greater than or equal to the minimum.']);
    expect((await get('/api/billing/reports/outgoingsearch?min_amount=abc')).statusCode).toBe(422);
  });

  it('streams the CSV with formulas neutralised', async () => {
    const csv = parseCsv((await get('/api/billing/reports/outgoingsearch?format=csv')).body);
    expect(csv[0]).toEqual([
      'Date',
      'Kind',
      'Payee',
      'Method',
      'Check or reference',
      'Amount',
      'Account',
      'Status',
      'Memo',
    ]);
    expect(csv[1]![2]).toBe("'=Birch Legal");
    expect(csv[4]).toEqual([
      '2026-02-05',
      'Vendor payment',
      'Ingram Micro',
      'check',
      '10045',
      '180.00',
      '1000 Operating Checking',
      'Posted',
      "'=cmd",
    ]);
  });
});

describe('Services', () => {
  it('sums quantity and revenue per item, company and month; credit notes count negatively', async () => {
    const r = await report<ServicesResponse>('services', 'from=2026-01-01&to=2026-03-31', servicesSchema);
    expect(r.data.map((row) => [row.item_name, row.company_name, row.month, row.quantity, row.revenue])).toEqual([
      ['Backup (report test)', '=Birch Legal', '2026-01', 1, 50],
      ['M365 Business (report test)', 'Acme Dental', '2026-01', 10, 200],
      ['M365 Business (report test)', 'Acme Dental', '2026-02', 10, 200],
      ['M365 Business (report test)', 'Acme Dental', '2026-03', -2, -40],
    ]);
    expect(r.totals).toEqual({ quantity: 19, revenue: 410 });
  });

  it('sets seats billed against seats bought on posted bills: unbilled seats are lost revenue', async () => {
    const r = await report<ServicesResponse>('services', 'from=2026-01-01&to=2026-03-31', servicesSchema);
    // Billed 10 + 10 − 2 = 18 for 360.00 (20.00 a seat); bought 12 + 12 − 1 = 23 for 345.00.
    expect(r.licenses).toEqual([
      {
        item_id: m365,
        item_name: 'M365 Business (report test)',
        seats_billed: 18,
        seats_bought: 23,
        unbilled_seats: 5,
        lost_revenue: 100,
        revenue: 360,
        cost: 345,
      },
    ]);
  });

  it('filters by item type, item, company and period; pages; CSV', async () => {
    const services = await report<ServicesResponse>(
      'services',
      'from=2026-01-01&to=2026-03-31&item_type=service',
      servicesSchema,
    );
    expect(services.data.map((row) => row.item_id)).toEqual([backup]);
    expect(services.licenses).toEqual([]);
    const item = await report<ServicesResponse>(
      `services`,
      `from=2026-02-01&to=2026-02-28&item_id=${m365}`,
      servicesSchema,
    );
    expect(item.data.map((row) => row.month)).toEqual(['2026-02']);
    expect(item.licenses[0]).toMatchObject({ seats_billed: 10, seats_bought: 11, unbilled_seats: 1, lost_revenue: 20 });
    const birchOnly = await report<ServicesResponse>(
      'services',
      `from=2026-01-01&to=2026-03-31&company_id=${birch}`,
      servicesSchema,
    );
    expect(birchOnly.totals.revenue).toBe(50);
    const page = await report<ServicesResponse>(
      'services',
      'from=2026-01-01&to=2026-03-31&per_page=3&page=2',
      servicesSchema,
    );
    expect(page).toMatchObject({ total: 4, from: 4, to: 4, last_page: 2 });
    const csv = parseCsv((await get('/api/billing/reports/services?from=2026-01-01&to=2026-03-31&format=csv')).body);
    expect(csv[1]).toEqual(['Backup (report test)', 'service', "'=Birch Legal", '2026-01', '1.00', '50.00']);
    expect(csv).toHaveLength(5);
    expect((await get('/api/billing/reports/services?item_type=hardware')).statusCode).toBe(422);
  });
});

describe('gates', () => {
  it('refuses staff without view billing (403), client accounts (403) and no token (401)', async () => {
    for (const name of ['invoicetotals', 'clientreceived', 'outgoingsearch', 'services']) {
      expect((await get(`/api/billing/reports/${name}`, plain)).statusCode).toBe(403);
      expect((await get(`/api/billing/reports/${name}`, client)).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/billing/reports/${name}` })).statusCode).toBe(401);
    }
  });
});
