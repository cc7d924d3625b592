import { parseCsv } from '@switchboard/shared/csv';
import type { DorInvoicesResponse, DorTaxesResponse } from '@switchboard/shared/billing/reports-sales';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { companies } from '../companies/companies.table.ts';
import { reportFixture, type ReportFixture } from './billing-report-fixture.ts';
import { companyBillingSettings } from './company-billing-settings.table.ts';
import { postJournalEntry } from './ledger.service.ts';
import { accounts } from './ledger.table.ts';
import { taxRates } from './tax-rates.table.ts';

// DOR Taxes and DOR Invoices (designs/billing.md §2, §3.3, §5; issue 28 part 6): invoices posted through the API (so
// the tax lines carry their rate as the posting service writes them), each figure against hand-computed postings
// (taxable, non-taxable, exempt with a certificate, a credit note, voids in and out of the period, a document without
// a rate), accrual against cash basis, the state filter, the tie to account 2100, CSV and the gates.

let ctx: TestContext;
let approver: string;
let plain: string;
let client: string;
let fx: ReportFixture;
let dallas: number;
let miami: number;
let alpha: number; // TX
let beta: number; // FL
let gamma: number; // TX, exempt (certificate EX-77)
let delta: number; // no rate
const doc: Record<string, number> = {};

const figures = {
  invoices: z.number().int(),
  credit_notes: z.number().int(),
  gross: z.number(),
  non_taxable: z.number(),
  exempt: z.number(),
  taxable: z.number(),
  tax: z.number(),
  credit_gross: z.number(),
  credit_taxable: z.number(),
  credit_tax: z.number(),
  net_taxable: z.number(),
  net_tax: z.number(),
};
const dorTaxesSchema = z.object({
  period: z.string(),
  label: z.string(),
  from: z.string(),
  to: z.string(),
  basis: z.enum(['accrual', 'cash']),
  state: z.string().nullable(),
  data: z.array(
    z.object({
      tax_rate_id: z.number().int().nullable(),
      rate_name: z.string(),
      jurisdiction: z.string(),
      dor_code: z.string(),
      percent: z.number().nullable(),
      ...figures,
      ledger_tax: z.number().nullable(),
    }),
  ),
  states: z.array(z.object({ jurisdiction: z.string(), ...figures })),
  totals: z.object(figures),
  tie: z.object({ account_number: z.string(), ledger_balance: z.number(), difference: z.number() }).nullable(),
});
const dorInvoicesSchema = z.object({
  period: z.string(),
  range: z.object({ from: z.string(), to: z.string() }),
  basis: z.enum(['accrual', 'cash']),
  data: z.array(
    z.object({
      key: z.string(),
      invoice_id: z.number().int(),
      number: z.string(),
      type: z.string(),
      event: z.enum(['posted', 'voided', 'paid', 'unapplied']),
      date: z.string(),
      company_id: z.number().int(),
      company_name: z.string(),
      tax_rate_id: z.number().int().nullable(),
      jurisdiction: z.string(),
      dor_code: z.string(),
      share: z.number(),
      gross: z.number(),
      taxable: z.number(),
      non_taxable: z.number(),
      exempt: z.number(),
      certificate: z.string(),
      tax: z.number(),
    }),
  ),
  total: z.number().int(),
  current_page: z.number().int(),
  per_page: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  last_page: z.number().int(),
  totals: z.object({
    gross: z.number(),
    taxable: z.number(),
    non_taxable: z.number(),
    exempt: z.number(),
    tax: z.number(),
  }),
});

const call = (method: 'GET' | 'POST', url: string, payload?: object, token = approver) =>
  ctx.app.inject({ method, url, headers: bearer(token), payload });
const line = (amount: number, taxable: 0 | 1) => ({
  kind: 'item',
  description: taxable ? 'Taxable work' : 'Exempt service',
  quantity: 1,
  unit_price: amount,
  taxable,
});

/** Creates, approves and posts an invoice; answers its id and lines. */
async function post(companyId: number, date: string, lines: object[]) {
  const made = await call('POST', '/api/billing/invoices', { company_id: companyId, invoice_date: date, lines });
  expect(made.statusCode, made.body).toBe(200);
  const id = made.json().data.id as number;
  expect((await call('POST', `/api/billing/invoices/${id}/approve`)).statusCode).toBe(200);
  const posted = await call('POST', `/api/billing/invoices/${id}/post`);
  expect(posted.statusCode, posted.body).toBe(200);
  return posted.json().data as { id: number; total: number; lines: { id: number; taxable: number }[] };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const account: Record<string, number> = {};
  for (const row of await ctx.db.select().from(accounts)) account[row.number] = row.id;
  [{ id: dallas }, { id: miami }] = await ctx.db
    .insert(taxRates)
    .values([
      {
        name: 'Dallas',
        jurisdiction: 'TX',
        dorCode: '57905',
        percent: '8.2500',
        liabilityAccountId: account['2100']!,
        effectiveFrom: '2020-01-01',
      },
      {
        name: 'Miami-Dade',
        jurisdiction: 'FL',
        dorCode: 'DADE',
        percent: '7.0000',
        liabilityAccountId: account['2100']!,
        effectiveFrom: '2020-01-01',
      },
    ])
    .returning({ id: taxRates.id });
  [{ id: alpha }, { id: beta }, { id: gamma }, { id: delta }] = await ctx.db
    .insert(companies)
    .values([{ name: 'Alpha Dental' }, { name: '=Beta Legal' }, { name: 'Gamma Church' }, { name: 'Delta Farm' }])
    .returning({ id: companies.id });
  await ctx.db.insert(companyBillingSettings).values([
    { companyId: alpha, taxRateId: dallas },
    { companyId: beta, taxRateId: miami },
    { companyId: gamma, taxRateId: dallas, taxExempt: true, exemptCertificate: 'EX-77' },
  ]);
  const a = await createUser(ctx.db, { permissions: ['view billing', 'approve billing'] });
  approver = (await login(ctx.app, a.email, a.password)).access_token;
  const p = await createUser(ctx.db, { permissions: ['manage accounting'] });
  plain = (await login(ctx.app, p.email, p.password)).access_token;
  const c = await createUser(ctx.db, { type: 'Client', companyId: alpha, permissions: ['view billing'] });
  client = (await login(ctx.app, c.email, c.password)).access_token;
  fx = await reportFixture(ctx.db);

  // Q4 2025: A3 (taxable 100.00, tax 8.25), voided on 2026-01-05: Q1 2026 takes it back.
  const a3 = await post(alpha, '2025-12-20', [line(100, 1)]);
  doc.a3 = a3.id;
  expect(
    (await call('POST', `/api/billing/invoices/${a3.id}/void`, { reason: 'Wrong', date: '2026-01-05' })).statusCode,
  ).toBe(200);
  // A1: taxable 1,000.00 + non-taxable 200.00, tax 82.50, total 1,282.50.
  const a1 = await post(alpha, '2026-01-10', [line(1000, 1), line(200, 0)]);
  doc.a1 = a1.id;
  expect(a1.total).toBe(1282.5);
  // B1 (FL): taxable 500.00, tax 35.00.
  doc.b1 = (await post(beta, '2026-02-05', [line(500, 1)])).id;
  // G1: exempt company: taxable 300.00 carries no tax (exempt), non-taxable 50.00.
  doc.g1 = (await post(gamma, '2026-02-10', [line(300, 1), line(50, 0)])).id;
  // D1: no rate, non-taxable 75.00.
  doc.d1 = (await post(delta, '2026-02-15', [line(75, 0)])).id;
  // CN1: 100.00 of A1's taxable line credited on 2026-03-01: tax back 8.25, total -108.25.
  const credit = await call('POST', `/api/billing/invoices/${a1.id}/credit-note`, {
    reason: 'Returned',
    date: '2026-03-01',
    lines: [{ invoice_line_id: a1.lines.find((l) => l.taxable === 1)!.id, amount: 100 }],
  });
  expect(credit.statusCode, credit.body).toBe(200);
  doc.cn1 = credit.json().data.id;
  expect((await call('POST', `/api/billing/invoices/${doc.cn1}/approve`)).statusCode).toBe(200);
  const cn = await call('POST', `/api/billing/invoices/${doc.cn1}/post`);
  expect(cn.json().data).toMatchObject({ invoice_date: '2026-03-01', total: -108.25, tax_total: -8.25 });
  // A2: taxable 400.00, tax 33.00, posted in March, voided in April (Q2).
  doc.a2 = (await post(alpha, '2026-03-15', [line(400, 1)])).id;
  expect(
    (await call('POST', `/api/billing/invoices/${doc.a2}/void`, { reason: 'Dup', date: '2026-04-02' })).statusCode,
  ).toBe(200);

  // Cash: half of A1 paid on 02-01; CN1 applied to A1 at its posting (03-01, by the posting service); G1 paid in full; B1 paid then unapplied, written off.
  doc.p1 = await fx.payment({ companyId: alpha, date: '2026-02-01', amount: 64125 });
  await fx.allocate({ source: 'payment', sourceId: doc.p1, targetId: doc.a1, amount: 64125, on: '2026-02-01' });
  doc.p2 = await fx.payment({ companyId: gamma, date: '2026-02-20', amount: 35000 });
  await fx.allocate({ source: 'payment', sourceId: doc.p2, targetId: doc.g1, amount: 35000, on: '2026-02-20' });
  doc.p3 = await fx.payment({ companyId: beta, date: '2026-03-20', amount: 53500 });
  const applied = await fx.allocate({
    source: 'payment',
    sourceId: doc.p3,
    targetId: doc.b1,
    amount: 53500,
    on: '2026-03-20',
  });
  await fx.unapply(applied, '2026-03-25');
  await fx.writeOff({ companyId: beta, invoiceId: doc.b1, date: '2026-03-28', amount: 10000 });
});
afterAll(async () => {
  await ctx.close();
});

const taxes = async (query: string) => {
  const response = await call('GET', `/api/billing/reports/dortaxes?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return expectExactShape(dorTaxesSchema, response.json()) as DorTaxesResponse;
};
const invoices = async (query: string) => {
  const response = await call('GET', `/api/billing/reports/dorinvoices?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return expectExactShape(dorInvoicesSchema, response.json()) as DorInvoicesResponse;
};
const rateRow = (report: DorTaxesResponse, rateId: number | null) =>
  report.data.find((row) => row.tax_rate_id === rateId);

describe('DOR Taxes, accrual', () => {
  it('sums each rate: gross, non-taxable, exempt, taxable, tax, the credit note and both voids', async () => {
    const report = await taxes('period=2026-Q1');
    expect(report).toMatchObject({ period: '2026-Q1', from: '2026-01-01', to: '2026-03-31', basis: 'accrual' });
    expect(rateRow(report, dallas)).toEqual({
      tax_rate_id: dallas,
      rate_name: 'Dallas',
      jurisdiction: 'TX',
      dor_code: '57905',
      percent: 8.25,
      // A1, G1, A2, and A3's void.
      invoices: 4,
      credit_notes: 1,
      gross: 1850, // 1,200 + 350 + 400 − 100
      non_taxable: 250, // 200 + 50
      exempt: 300, // G1
      taxable: 1300, // 1,000 + 400 − 100
      tax: 107.25, // 82.50 + 33.00 − 8.25
      credit_gross: -100,
      credit_taxable: -100,
      credit_tax: -8.25,
      net_taxable: 1200,
      net_tax: 99,
      ledger_tax: 99,
    });
    expect(rateRow(report, miami)).toMatchObject({ jurisdiction: 'FL', gross: 500, taxable: 500, tax: 35 });
    expect(rateRow(report, null)).toMatchObject({ rate_name: 'No tax rate', gross: 75, non_taxable: 75, tax: 0 });
    // Laid out by state: FL before TX, the rateless row last; one subtotal per state.
    expect(report.data.map((row) => row.jurisdiction)).toEqual(['FL', 'TX', '']);
    expect(report.states.map((s) => [s.jurisdiction, s.net_tax])).toEqual([
      ['FL', 35],
      ['TX', 99],
      ['', 0],
    ]);
    expect(report.totals).toMatchObject({ gross: 2425, net_tax: 134, credit_tax: -8.25 });
  });

  it('ties the net tax to account 2100 for the period', async () => {
    const report = await taxes('period=2026-Q1');
    expect(report.tie).toEqual({ account_number: '2100', ledger_balance: 134, difference: 0 });
    // A hand entry on 2100 with no rate shows as a difference.
    const account: Record<string, number> = {};
    for (const row of await ctx.db.select().from(accounts)) account[row.number] = row.id;
    await ctx.db.transaction((tx) =>
      postJournalEntry(tx, {
        entryDate: '2026-03-31',
        sourceType: 'manual',
        lines: [
          { accountId: account['2100']!, debit: 0, credit: 150 },
          { accountId: account['6900']!, debit: 150, credit: 0 },
        ],
      }),
    );
    const after = await taxes('period=2026-Q1');
    expect(after.tie).toEqual({ account_number: '2100', ledger_balance: 135.5, difference: -1.5 });
  });

  it('takes A2 back in Q2 (its void) and A3 in its own quarter', async () => {
    const q2 = await taxes('period=2026-Q2');
    expect(rateRow(q2, dallas)).toMatchObject({ invoices: 1, gross: -400, taxable: -400, tax: -33, ledger_tax: -33 });
    const q4 = await taxes('period=2025-Q4');
    expect(rateRow(q4, dallas)).toMatchObject({ taxable: 100, tax: 8.25 });
    const march = await taxes('period=2026-03');
    expect(rateRow(march, dallas)).toMatchObject({ taxable: 400, tax: 33, credit_tax: -8.25, net_tax: 24.75 });
  });

  it('filters by state, the tie on that state’s rates only', async () => {
    const report = await taxes('period=2026-Q1&state=fl');
    expect(report.state).toBe('FL');
    expect(report.data.map((row) => row.tax_rate_id)).toEqual([miami]);
    expect(report.tie).toEqual({ account_number: '2100', ledger_balance: 35, difference: 0 });
  });
});

describe('DOR Taxes, cash basis', () => {
  it('counts each payment’s share of its invoice on the day it is applied; write-offs collect nothing', async () => {
    const report = await taxes('period=2026-Q1&basis=cash');
    expect(report.tie).toBeNull();
    // A1 half paid (share 0.5) and 108.25 of 1,282.50 paid by CN1; CN1 used in full; G1 paid in full.
    expect(rateRow(report, dallas)).toMatchObject({
      invoices: 2,
      credit_notes: 1,
      taxable: 584.41, // 500 + round(1,000 × 108.25 / 1,282.50)
      non_taxable: 166.88, // 100 + 16.88 + 50
      exempt: 300,
      gross: 1051.29,
      tax: 48.21, // 41.25 + 6.96
      credit_taxable: -100,
      credit_tax: -8.25,
      net_tax: 39.96,
      ledger_tax: null,
    });
    // B1 paid on 03-20 and unapplied on 03-25 nets to nothing; its write-off is not a collection.
    expect(rateRow(report, miami)).toMatchObject({ taxable: 0, tax: 0 });
  });

  it('lists the payments behind it in DOR Invoices', async () => {
    const report = await invoices('period=2026-Q1&basis=cash&state=FL');
    expect(report.data.map((row) => [row.event, row.date, row.share, row.tax])).toEqual([
      ['paid', '2026-03-20', 1, 35],
      ['unapplied', '2026-03-25', -1, -35],
    ]);
  });
});

describe('DOR Invoices', () => {
  it('lists every document behind the figures with its certificate; totals of every page', async () => {
    const report = await invoices('period=2026-Q1&per_page=50');
    expect(report.data.map((row) => [row.event, row.invoice_id])).toEqual([
      ['voided', doc.a3],
      ['posted', doc.a1],
      ['posted', doc.b1],
      ['posted', doc.g1],
      ['posted', doc.d1],
      ['posted', doc.cn1],
      ['posted', doc.a2],
    ]);
    expect(report.data.find((row) => row.invoice_id === doc.g1)).toMatchObject({
      company_name: 'Gamma Church',
      jurisdiction: 'TX',
      dor_code: '57905',
      exempt: 300,
      non_taxable: 50,
      taxable: 0,
      certificate: 'EX-77',
      tax: 0,
    });
    // Credit notes included here (DOR Taxes keeps them in their own columns): 2,425 − 100; 1,800 − 100.
    expect(report.totals).toEqual({ gross: 2325, taxable: 1700, non_taxable: 325, exempt: 300, tax: 134 });
    const taxesReport = await taxes('period=2026-Q1');
    expect(report.totals.tax).toBe(taxesReport.totals.net_tax);
  });

  it('pages, and filters by company', async () => {
    const page = await invoices('period=2026-Q1&per_page=2&page=2');
    expect(page).toMatchObject({ total: 7, current_page: 2, per_page: 2, from: 3, to: 4, last_page: 4 });
    expect(page.totals.tax).toBe(134);
    const alphaOnly = await invoices(`period=2026-Q1&company_id=${alpha}`);
    expect(alphaOnly.data.map((row) => row.invoice_id)).toEqual([doc.a3, doc.a1, doc.cn1, doc.a2]);
  });
});

describe('CSV', () => {
  it('lays out DOR Taxes for the return, with state subtotals and the tie', async () => {
    const response = await call('GET', '/api/billing/reports/dortaxes?period=2026-Q1&format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="dor-taxes-2026-Q1.csv"');
    const rows = parseCsv(response.body);
    expect(rows[0]!.slice(0, 4)).toEqual(['State', 'DOR code', 'Rate', 'Percent']);
    const tx = rows.find((row) => row[2] === 'Dallas')!;
    expect(tx.slice(0, 5)).toEqual(['TX', '57905', 'Dallas', '8.2500', '4']);
    expect(tx.slice(10, 16)).toEqual(['1', '(100.00)', '(100.00)', '(8.25)', '1200.00', '99.00']);
    expect(rows.find((row) => row[2] === 'Total TX')![15]).toBe('99.00');
    expect(rows.find((row) => row[2] === 'Difference')).toBeDefined();
  });

  it('streams DOR Invoices with formulas neutralised', async () => {
    const response = await call('GET', '/api/billing/reports/dorinvoices?period=2026-Q1&format=csv');
    const rows = parseCsv(response.body);
    expect(rows).toHaveLength(8);
    const beta = rows.find((row) => row[3]?.includes('Beta'))!;
    expect(beta[3]).toBe("'=Beta Legal");
    expect(rows.find((row) => row[11] === 'EX-77')![10]).toBe('300.00');
  });
});

describe('filters and gates', () => {
  it('answers 422 for a bad period, basis or state', async () => {
    for (const [query, field] of [
      ['period=2026-13', 'period'],
      ['period=2026-Q5', 'period'],
      ['basis=cashflow', 'basis'],
      ['state=Texas', 'state'],
    ] as const) {
      const response = await call('GET', `/api/billing/reports/dortaxes?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors)).toContain(field);
    }
    expect((await call('GET', '/api/billing/reports/dorinvoices?per_page=501')).statusCode).toBe(422);
  });

  it('shows a renamed rate at once, though the answer is cached until the billing version moves', async () => {
    expect(rateRow(await taxes('period=2026-Q1'), miami)!.rate_name).toBe('Miami-Dade');
    await ctx.db.execute(sql`update tax_rates set name = 'Miami-Dade County', updated_at = now() where id = ${miami}`);
    expect(rateRow(await taxes('period=2026-Q1'), miami)!.rate_name).toBe('Miami-Dade County');
  });

  it('defaults to the current quarter', async () => {
    const report = await taxes('');
    expect(report.period).toMatch(/^\d{4}-Q[1-4]$/);
  });

  it('refuses staff without view billing and client accounts', async () => {
    for (const name of ['dortaxes', 'dorinvoices']) {
      expect((await call('GET', `/api/billing/reports/${name}`, undefined, plain)).statusCode).toBe(403);
      expect((await call('GET', `/api/billing/reports/${name}`, undefined, client)).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/billing/reports/${name}` })).statusCode).toBe(401);
    }
  });
});
