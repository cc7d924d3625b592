import { parseCsv } from '@switchboard/shared/csv';
import { verifyFailedNotificationType } from '@switchboard/shared/billing/reports-ledger';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { checkIns } from '../checkins/checkins.table.ts';
import { companies } from '../companies/companies.table.ts';
import { usageSnapshots } from '../contracts/usage-snapshots.table.ts';
import { tickets } from '../tickets/tickets.table.ts';
import { reportFixture, type ReportFixture } from './billing-report-fixture.ts';
import { billingVerifyTick } from './billing-verify.job.ts';
import { accounts } from './ledger.table.ts';
import { poLines, purchaseOrders, vendors } from './purchase-orders.table.ts';
import { postJournalEntry } from './ledger.service.ts';

// Balance Sheet, Income Statement and Verify Transactions (designs/billing.md §3.1, §5; issue 28 part 6): figures
// against postings computed by hand (cents below, dollars in the answers), whole months from the rollup and the
// partial month from lines, the ties, failures Verify detects (a broken rollup row, an overdrawn allocation), the
// nightly job notifying 'manage accounting', CSV, and who may read them.

const row = z.object({
  account_id: z.number().nullable(),
  number: z.string(),
  name: z.string(),
  subtype: z.string().nullable(),
  amount: z.number(),
  compare: z.number().nullable(),
  computed: z.boolean(),
});
const section = z.object({
  key: z.string(),
  label: z.string(),
  rows: z.array(row),
  total: z.number(),
  compare_total: z.number().nullable(),
});
const balanceSheetSchema = z.strictObject({
  as_of: z.string(),
  compare: z.enum(['none', 'prior_month', 'prior_year']),
  compare_as_of: z.string().nullable(),
  fiscal_year_start: z.string(),
  sections: z.array(section).length(3),
  totals: z.strictObject({
    assets: z.number(),
    liabilities_and_equity: z.number(),
    compare_assets: z.number().nullable(),
    compare_liabilities_and_equity: z.number().nullable(),
  }),
  check: z.strictObject({ difference: z.number(), compare_difference: z.number().nullable(), balanced: z.boolean() }),
  tie: z.strictObject({ trial_balance_difference: z.number() }),
});
const figure = z.strictObject({ amount: z.number(), compare: z.number().nullable(), monthly: z.array(z.number()) });
const incomeStatementSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  compare: z.enum(['none', 'prior_period', 'prior_year']),
  compare_from: z.string().nullable(),
  compare_to: z.string().nullable(),
  company: z.object({ id: z.number(), name: z.string() }).nullable(),
  months: z.array(z.string()),
  sections: z
    .array(
      section.extend({
        rows: z.array(row.extend({ monthly: z.array(z.number()) })),
        monthly_totals: z.array(z.number()),
      }),
    )
    .length(3),
  gross_margin: figure,
  net_income: figure,
  tie: z.strictObject({ ledger_net_income: z.number(), difference: z.number() }),
});
const verifySchema = z.strictObject({
  as_of: z.string(),
  checked_at: z.string(),
  passed: z.boolean(),
  checks: z.array(
    z.strictObject({
      key: z.string(),
      label: z.string(),
      passed: z.boolean(),
      detail: z.string(),
      problems: z.array(
        z.strictObject({
          kind: z.string(),
          id: z.number().nullable(),
          label: z.string(),
          expected: z.number().nullable(),
          actual: z.number().nullable(),
          difference: z.number().nullable(),
        }),
      ),
      problem_count: z.number(),
    }),
  ),
});

let ctx: TestContext;
let viewer: string;
let accountantId: number;
let viewerId: number;
let plain: string;
let client: string;
let fx: ReportFixture;
let acme: number;
const account: Record<string, number> = {};

async function post(date: string, lines: [string, number, number, number?][]) {
  await ctx.db.transaction((tx) =>
    postJournalEntry(tx, {
      entryDate: date,
      sourceType: 'manual',
      lines: lines.map(([number, debit, credit, companyId]) => ({
        accountId: account[number]!,
        debit,
        credit,
        companyId: companyId ?? null,
      })),
    }),
  );
}

async function get<T>(path: string, schema: z.ZodType<T>, token = viewer): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/billing/reports/${path}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return schema.parse(response.json());
}

beforeAll(async () => {
  ctx = await createTestContext();
  [{ id: acme }] = await ctx.db
    .insert(companies)
    .values([{ name: 'Acme Dental' }])
    .returning({ id: companies.id });
  const v = await createUser(ctx.db, { permissions: ['view billing'] });
  viewerId = v.id;
  viewer = (await login(ctx.app, v.email, v.password)).access_token;
  const a = await createUser(ctx.db, { permissions: ['view billing', 'manage accounting'] });
  accountantId = a.id;
  const p = await createUser(ctx.db, { permissions: [] });
  plain = (await login(ctx.app, p.email, p.password)).access_token;
  const c = await createUser(ctx.db, { type: 'Client', companyId: acme, permissions: ['view billing'] });
  client = (await login(ctx.app, c.email, c.password)).access_token;
  for (const r of await ctx.db.select({ id: accounts.id, number: accounts.number }).from(accounts))
    account[r.number] = r.id;
  fx = await reportFixture(ctx.db);

  // Cents. 2025: owner's capital 5,000.00 and 200.00 of income (a prior year).
  await post('2025-06-10', [
    ['1000', 500000, 0],
    ['3000', 0, 500000],
  ]);
  await post('2025-11-15', [
    ['1000', 20000, 0],
    ['4000', 0, 20000],
  ]);
  // 2026: an invoice of 300.00 with 20.00 tax (January), cost of hardware 80.00 and bad debt 15.00 (February),
  // 40.00 of labor for Acme in March (the partial month as of 10 March), 9.99 after the as-of date.
  await fx.invoice({ companyId: acme, date: '2026-01-20', due: '2026-02-09', total: 30000, tax: 2000 });
  await post('2026-02-05', [
    ['5000', 8000, 0],
    ['6100', 1500, 0],
    ['1000', 0, 9500],
  ]);
  await post('2026-03-03', [
    ['1000', 4000, 0],
    ['4100', 0, 4000, acme],
  ]);
  await post('2026-03-20', [
    ['1000', 999, 0],
    ['4000', 0, 999],
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

const amountOf = (report: z.infer<typeof balanceSheetSchema>, sectionKey: string, name: string) =>
  report.sections.find((s) => s.key === sectionKey)!.rows.find((r) => r.name === name || r.number === name);

describe('Balance Sheet', () => {
  it('adds up assets, liabilities and equity with current-year and prior years earnings, A = L + E', async () => {
    const report = await get('balancesheet?as_of=2026-03-10&compare=prior_month', balanceSheetSchema);
    expect(report).toMatchObject({ as_of: '2026-03-10', compare_as_of: '2026-02-28', fiscal_year_start: '2026-01-01' });
    // 1000: 5000 + 200 − 95 + 40 = 5145.00; compare (end of February): 5105.00.
    expect(amountOf(report, 'assets', '1000')).toMatchObject({ amount: 5145, compare: 5105 });
    expect(amountOf(report, 'assets', '1100')).toMatchObject({ amount: 300, compare: 300 });
    expect(amountOf(report, 'liabilities', '2100')).toMatchObject({ amount: 20, compare: 20 });
    expect(amountOf(report, 'equity', '3000')).toMatchObject({ amount: 5000, compare: 5000 });
    expect(amountOf(report, 'equity', "Prior years' earnings")).toMatchObject({ amount: 200, compare: 200 });
    // Income 280 + 40 − expense 95 = 225; end of February: 280 − 95 = 185.
    expect(amountOf(report, 'equity', 'Current-year earnings')).toMatchObject({
      amount: 225,
      compare: 185,
      computed: true,
    });
    expect(report.totals).toEqual({
      assets: 5445,
      liabilities_and_equity: 5445,
      compare_assets: 5405,
      compare_liabilities_and_equity: 5405,
    });
    expect(report.check).toEqual({ difference: 0, compare_difference: 0, balanced: true });
    expect(report.tie.trial_balance_difference).toBe(0);
  });

  it('compares to the prior year end, where all of 2025 is current-year earnings', async () => {
    const report = await get('balancesheet?as_of=2026-03-31&compare=prior_year', balanceSheetSchema);
    expect(report.compare_as_of).toBe('2025-12-31');
    expect(amountOf(report, 'assets', '1000')).toMatchObject({ amount: 5154.99, compare: 5200 });
    expect(amountOf(report, 'equity', 'Current-year earnings')).toMatchObject({ amount: 234.99, compare: 200 });
    expect(amountOf(report, 'equity', "Prior years' earnings")).toMatchObject({ amount: 200, compare: 0 });
    expect(report.check.balanced).toBe(true);
  });

  it('streams CSV with csvCell, the check row last', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/billing/reports/balancesheet?as_of=2026-03-10&format=csv',
      headers: bearer(viewer),
    });
    expect(response.headers['content-type']).toContain('text/csv');
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual(['Account', '2026-03-10']);
    expect(rows).toContainEqual(['Total Assets', '5445.00']);
    expect(rows.at(-1)).toEqual(['Assets − (Liabilities + Equity)', '0.00']);
  });
});

describe('Income Statement', () => {
  const statement = (query: string) => get(`incomestatement?${query}`, incomeStatementSchema);
  const rowOf = (report: z.infer<typeof incomeStatementSchema>, number: string) =>
    report.sections.flatMap((s) => s.rows).find((r) => r.number === number);

  it('gives income, cost of sales, gross margin, expenses and net income with monthly columns', async () => {
    const report = await statement('from=2026-01-01&to=2026-03-10&monthly=1');
    expect(report.months).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(report.sections.map((s) => [s.key, s.total])).toEqual([
      ['income', 320],
      ['cost_of_sales', 80],
      ['expenses', 15],
    ]);
    expect(rowOf(report, '4000')).toMatchObject({ amount: 280, monthly: [280, 0, 0] });
    expect(rowOf(report, '4100')).toMatchObject({ amount: 40, monthly: [0, 0, 40] });
    expect(rowOf(report, '5000')).toMatchObject({ amount: 80, monthly: [0, 80, 0] });
    expect(report.gross_margin).toEqual({ amount: 240, compare: null, monthly: [280, -80, 40] });
    expect(report.net_income).toEqual({ amount: 225, compare: null, monthly: [280, -95, 40] });
    expect(report.tie).toEqual({ ledger_net_income: 225, difference: 0 });
  });

  it('compares to the prior period of the same length and to the prior year', async () => {
    // 1 January to 10 March is 69 days: the prior period is 24 October to 31 December 2025 (the 200.00).
    const prior = await statement('from=2026-01-01&to=2026-03-10&compare=prior_period');
    expect(prior).toMatchObject({ compare_from: '2025-10-24', compare_to: '2025-12-31' });
    expect(prior.net_income).toMatchObject({ amount: 225, compare: 200 });
    const lastYear = await statement('from=2025-11-01&to=2025-11-30&compare=prior_year');
    expect(lastYear).toMatchObject({ compare_from: '2024-11-01', compare_to: '2024-11-30' });
    expect(lastYear.net_income).toMatchObject({ amount: 200, compare: 0 });
  });

  it("gives one client's P&L from lines tagged with the company", async () => {
    const report = await statement(`from=2026-01-01&to=2026-03-31&company_id=${acme}`);
    expect(report.company).toEqual({ id: acme, name: 'Acme Dental' });
    expect(report.sections[0]!.rows.map((r) => [r.number, r.amount])).toEqual([['4100', 40]]);
    expect(report.net_income.amount).toBe(40);
  });

  it('refuses bad periods with 422 and an unknown company with 404', async () => {
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/billing/reports/incomestatement?from=2026-03-01&to=2026-01-01',
      headers: bearer(viewer),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.to).toEqual(['The to date must be a date after or equal to the from date.']);
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/billing/reports/incomestatement?company_id=999999',
      headers: bearer(viewer),
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('Income Statement of one client from a posted invoice', () => {
  it("tags the invoice's income line with its company, so the client's P&L shows the revenue", async () => {
    const [{ id: bravo }] = await ctx.db
      .insert(companies)
      .values({ name: 'Bravo Clinic' })
      .returning({ id: companies.id });
    const a = await createUser(ctx.db, { permissions: ['view billing', 'approve billing'] });
    const approver = (await login(ctx.app, a.email, a.password)).access_token;
    const call = (url: string, payload?: object) =>
      ctx.app.inject({ method: 'POST', url, headers: bearer(approver), payload });
    const created = await call('/api/billing/invoices', {
      company_id: bravo,
      invoice_date: '2026-07-15',
      lines: [{ kind: 'item', description: 'Onsite work', quantity: 2, unit_price: 62.5, taxable: 0 }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    expect((await call(`/api/billing/invoices/${id}/approve`)).statusCode).toBe(200);
    const posted = await call(`/api/billing/invoices/${id}/post`);
    expect(posted.statusCode, posted.body).toBe(200);
    const lines = await ctx.db.execute<{ number: string; debit: string; credit: string; company_id: number | null }>(
      sql`select a.number, l.debit::text as debit, l.credit::text as credit, l.company_id
        from journal_lines l join journal_entries e on e.id = l.entry_id join accounts a on a.id = l.account_id
        where e.source_type = 'invoice' and e.source_id = ${id} order by l.line_no`,
    );
    const income = lines.rows.filter((line) => line.number.startsWith('4'));
    expect(income.length).toBe(1);
    expect(income.map((line) => [Number(line.credit), Number(line.company_id)])).toEqual([[125, bravo]]);
    const report = await get(
      `incomestatement?from=2026-07-01&to=2026-07-31&company_id=${bravo}`,
      incomeStatementSchema,
    );
    expect(report.company).toEqual({ id: bravo, name: 'Bravo Clinic' });
    expect(report.sections[0]!.total).toBe(125);
    expect(report.gross_margin.amount).toBe(125);
    expect(report.net_income.amount).toBe(125);
  });
});

describe('Verify Transactions: received not billed (2050)', () => {
  it('three receipts of one line at 33.3333 (each rounded) then one bill of all: 2050 is 0 and Verify passes', async () => {
    const [vendor] = await ctx.db
      .insert(vendors)
      .values({ name: 'Ingram Verify', defaultExpenseAccountId: account['6900']! })
      .returning();
    const [order] = await ctx.db
      .insert(purchaseOrders)
      .values({ number: 'PO-V0001', vendorId: vendor!.id, status: 'ordered', orderDate: '2026-11-01' })
      .returning();
    const [line] = await ctx.db
      .insert(poLines)
      .values({
        poId: order!.id,
        lineNo: 1,
        description: 'Patch cable',
        quantity: '3',
        unitCost: '33.3333',
        amount: '0',
      })
      .returning();
    const a = await createUser(ctx.db, { permissions: ['view billing', 'approve billing'] });
    const buyer = (await login(ctx.app, a.email, a.password)).access_token;
    const call = (url: string, payload?: object) =>
      ctx.app.inject({ method: 'POST', url: `/api/billing/${url}`, headers: bearer(buyer), payload });
    // Each receipt credits 2050 round(1 × 33.3333) = 33.33: 99.99 in all, where 3 × 33.3333 rounds to 100.00.
    for (const day of ['2026-11-02', '2026-11-03', '2026-11-04']) {
      const receipt = await call('receipts', {
        po_id: order!.id,
        received_on: day,
        lines: [{ po_line_id: line!.id, quantity: 1 }],
      });
      expect(receipt.statusCode, receipt.body).toBe(200);
    }
    const balance2050 = async () => {
      const result = await ctx.db.execute<{ balance: string }>(sql`select coalesce(sum(credit - debit), 0)::text
        as balance from journal_lines where account_id = ${account['2050']!}`);
      return Number(result.rows[0]!.balance);
    };
    expect(await balance2050()).toBe(99.99);
    const receivedCheck = async () =>
      (await get('verifytransactions', verifySchema)).checks.find((c) => c.key === 'received_not_billed')!;
    // Received and not yet billed: 99.99 in 2050, not the PO line's 3 × 33.3333 = 100.00.
    expect(await receivedCheck()).toMatchObject({ passed: true, problem_count: 0 });
    const created = await call('bills', {
      vendor_id: vendor!.id,
      vendor_ref: 'V-2050',
      bill_date: '2026-11-05',
      lines: [{ description: 'Patch cable', quantity: 3, unit_cost: 33.3333, po_line_id: line!.id }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const posted = await call(`bills/${created.json().data.id}/post`);
    expect(posted.statusCode, posted.body).toBe(200);
    // The bill clears exactly what the receipts put in 2050; the cent of rounding goes to 5900.
    expect(await balance2050()).toBe(0);
    const report = await get('verifytransactions', verifySchema);
    const check = report.checks.find((c) => c.key === 'received_not_billed')!;
    expect(check).toMatchObject({ passed: true, problem_count: 0 });
    expect(check.detail).toContain('Receipts $99.99');
    expect(report.checks.filter((c) => !c.passed)).toEqual([]);
  });

  it('finds a stray entry on 2050 that no receipt or bill explains', async () => {
    await post('2026-11-06', [
      ['2050', 0, 500],
      ['6900', 500, 0],
    ]);
    const report = await get('verifytransactions', verifySchema);
    const check = report.checks.find((c) => c.key === 'received_not_billed')!;
    expect(check.passed).toBe(false);
    expect(check.problems).toEqual([
      {
        kind: 'account',
        id: null,
        label: 'Account 2050 vs receipts less what bills cleared',
        expected: 0,
        actual: 5,
        difference: 5,
      },
    ]);
    await post('2026-11-06', [
      ['2050', 500, 0],
      ['6900', 0, 500],
    ]);
  });
});

describe('Verify Transactions', () => {
  const verify = () => get('verifytransactions', verifySchema);
  const checkOf = (report: z.infer<typeof verifySchema>, key: string) => report.checks.find((c) => c.key === key)!;

  it('passes every check on consistent books', async () => {
    const report = await verify();
    expect(report.checks.map((c) => c.key)).toEqual([
      'trial_balance',
      'entries_balanced',
      'receivables',
      'payables',
      'inventory',
      'received_not_billed',
      'invoice_totals',
      'allocations',
      'rollups',
      'usage_snapshots',
      'billed_checkins',
    ]);
    expect(report.checks.filter((c) => !c.passed)).toEqual([]);
    expect(report.passed).toBe(true);
  });

  it('finds a rollup row that differs from its lines, and the nightly job notifies manage accounting', async () => {
    const march = sql`account_id = ${account['1000']!} and month = '2026-03-01'`;
    await ctx.db.execute(sql`update account_month_balances set debit = debit + 1.00 where ${march}`);
    try {
      const report = await verify();
      expect(report.passed).toBe(false);
      expect(checkOf(report, 'rollups')).toMatchObject({
        passed: false,
        problem_count: 1,
        problems: [{ kind: 'account', id: account['1000'], label: '1000 2026-03', expected: 49.99, actual: 50.99 }],
      });
      expect(checkOf(report, 'trial_balance').passed).toBe(true);
      // The balance sheet reads whole months from the rollup: its check shows the broken row too.
      const sheet = await get('balancesheet?as_of=2026-04-30', balanceSheetSchema);
      expect(sheet.check).toMatchObject({ difference: 1, balanced: false });

      const { failed, notified } = await billingVerifyTick(ctx.app);
      expect(failed).toEqual(['rollups']);
      expect(notified).toEqual([accountantId]);
      const rows = await ctx.db.execute<{ user_id: number; type: string }>(
        sql`select user_id, type from notifications where type = ${verifyFailedNotificationType}`,
      );
      expect(rows.rows.map((r) => Number(r.user_id))).toEqual([accountantId]);
      expect(rows.rows.map((r) => Number(r.user_id))).not.toContain(viewerId);
    } finally {
      await ctx.db.execute(sql`update account_month_balances set debit = debit - 1.00 where ${march}`);
    }
    expect((await verify()).passed).toBe(true);
    expect((await billingVerifyTick(ctx.app)).notified).toEqual([]);
  });

  it('finds an allocation beyond its payment', async () => {
    const paymentId = await fx.payment({ companyId: acme, date: '2026-04-01', amount: 5000 });
    const invoiceId = (
      await ctx.db.execute<{ id: number }>(sql`select id from invoices where company_id = ${acme} limit 1`)
    ).rows[0]!.id;
    await fx.allocate({ source: 'payment', sourceId: paymentId, targetId: invoiceId, amount: 5000, on: '2026-04-01' });
    expect((await verify()).passed).toBe(true);
    // Written past the services and the database's own guard (its triggers off for this one statement, as a
    // restore or a bad import could): a second allocation overdraws the payment.
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
        insert into allocations (source_type, source_id, target_type, target_id, amount, applied_on)
        values ('payment', ${paymentId}, 'invoice', ${invoiceId}, 10.00, '2026-04-02')`);
    });
    const report = await verify();
    expect(checkOf(report, 'allocations')).toMatchObject({
      passed: false,
      problems: [{ kind: 'source:payment', id: paymentId, expected: 50, actual: 60, difference: 10 }],
    });
    await ctx.db.execute(sql`update allocations set unapplied_on = '2026-04-02' where amount = 10.00`);
    expect((await verify()).passed).toBe(true);
  });

  it('finds an invoice whose total no longer matches account 1100', async () => {
    const invoiceId = (
      await ctx.db.execute<{ id: number }>(sql`select id from invoices where company_id = ${acme} limit 1`)
    ).rows[0]!.id;
    const bump = (delta: string) =>
      ctx.db.execute(sql`update invoices set subtotal = subtotal + ${delta}::numeric,
        total = total + ${delta}::numeric, balance = balance + ${delta}::numeric where id = ${invoiceId}`);
    await bump('10.00');
    try {
      const report = await verify();
      expect(checkOf(report, 'receivables')).toMatchObject({
        passed: false,
        problems: [{ kind: 'company', id: acme, label: 'Acme Dental', expected: 260, actual: 250, difference: -10 }],
      });
    } finally {
      await bump('-10.00');
    }
    expect((await verify()).passed).toBe(true);
  });
});

describe('Verify Transactions: billed usage', () => {
  const checkOf = async (key: string) =>
    (await get('verifytransactions', verifySchema)).checks.find((c) => c.key === key)!;

  it('finds a billed month whose check-ins changed after it was frozen', async () => {
    // January 2026 billed with 3.00 hours: one check-in of 3 hours then.
    const tech = await createUser(ctx.db);
    const [ticket] = await ctx.db
      .insert(tickets)
      .values({ subject: 'VPN down', body: 'Help', companyId: acme, location: 1, triageId: 3, status: 2 })
      .returning({ id: tickets.id });
    const hoursOn = (start: string, hours: number) => ({
      userId: tech.id,
      companyId: acme,
      ticketId: ticket!.id,
      startTime: new Date(start),
      endTime: new Date(new Date(start).getTime() + hours * 3_600_000),
    });
    await ctx.db.insert(checkIns).values(hoursOn('2026-01-12T15:00:00Z', 3));
    await ctx.db.insert(usageSnapshots).values({
      companyId: acme,
      month: '2026-01-01',
      retainer: '10',
      helpdesk: '3',
      totalUsed: '3',
      balance: '7',
      frozenAt: new Date(Date.now() + 1000),
    });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await checkOf('usage_snapshots')).passed).toBe(true);
    expect((await checkOf('billed_checkins')).passed).toBe(true);

    // A check-in of 1.5 hours added to the billed month afterwards.
    const [late] = await ctx.db
      .insert(checkIns)
      .values(hoursOn('2026-01-20T15:00:00Z', 1.5))
      .returning({ id: checkIns.id });
    expect(await checkOf('usage_snapshots')).toMatchObject({
      passed: false,
      problems: [{ kind: 'company', id: acme, expected: 3, actual: 4.5, difference: 1.5 }],
    });
    expect(await checkOf('billed_checkins')).toMatchObject({
      passed: false,
      problems: [{ kind: 'check_in', id: late!.id }],
    });
    await ctx.db.execute(sql`delete from check_ins where id = ${late!.id}`);
    expect((await checkOf('usage_snapshots')).passed).toBe(true);
    expect((await checkOf('billed_checkins')).passed).toBe(true);
  });
});

describe('who may read them', () => {
  it('needs view billing; clients get 403; bad input 422', async () => {
    for (const name of ['balancesheet', 'incomestatement', 'verifytransactions']) {
      const url = `/api/billing/reports/${name}`;
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'GET', url, headers: bearer(plain) })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url, headers: bearer(client) })).statusCode).toBe(403);
      const bad = await ctx.app.inject({ method: 'GET', url: `${url}?format=xml`, headers: bearer(viewer) });
      expect(bad.statusCode).toBe(422);
    }
    const date = await ctx.app.inject({
      method: 'GET',
      url: '/api/billing/reports/balancesheet?as_of=2026-02-30',
      headers: bearer(viewer),
    });
    expect(date.statusCode).toBe(422);
  });
});
