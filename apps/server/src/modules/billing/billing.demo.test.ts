import { addMonths, monthOf } from '@switchboard/shared/billing/billing-date';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, login, type TestContext } from '../../../test/helpers.ts';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed/demo.ts';
import { billingToday } from './ledger.service.ts';

// Issue 27 §12: a fresh demo has a year of posted runs, paid, partly paid and overdue, a credit note and a void, the
// books balanced and tied, and the current month's run left for the bookkeeper (olivia.park@, 'view billing').

let ctx: TestContext;
let token: string;
let today: string;
let seedMs: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const started = Date.now();
  await seedDemo(ctx.db);
  seedMs = Date.now() - started;
  token = (await login(ctx.app, 'olivia.park@switchboard.example', DEMO_PASSWORD)).access_token;
  today = await billingToday(ctx.db);
}, 300_000);
afterAll(async () => {
  await ctx.close();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

const counts = async () =>
  (
    await ctx.db.execute<Record<string, number>>(sql`
      select (select count(*)::int from invoices) as invoices, (select count(*)::int from payments) as payments,
        (select count(*)::int from journal_entries) as entries, (select count(*)::int from tax_rates) as rates,
        (select count(*)::int from billing_runs) as runs, (select count(*)::int from allocations) as allocations`)
  ).rows[0]!;

describe('billing demo', { timeout: 180_000 }, () => {
  it('posts the runs of the twelve months before this one, and not this month’s', async () => {
    const current = monthOf(today);
    const months = Array.from({ length: 12 }, (_, index) => addMonths(current, index - 12));
    const rows = (
      await ctx.db.execute<{ month: string; posted: number }>(sql`
        select to_char(billing_month, 'YYYY-MM-DD') as month, count(*)::int as posted from invoices
        where status = 'posted' and type in ('contract', 'overage') group by 1 order by 1`)
    ).rows;
    expect(rows.map((row) => row.month)).toEqual(months);
    const runs = await get('/api/billing/runs');
    expect(runs.statusCode, runs.body).toBe(200);
    expect(runs.json().data.map((run: { month: string }) => run.month)).toEqual(
      [...months].reverse().map((month) => month.slice(0, 7)),
    );
    for (const run of runs.json().data) expect(run.status).toBe('done');
    const now = await get(`/api/billing/runs/${current.slice(0, 7)}`);
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json().run).toBeNull();
    console.info(`seedDemo with billing: ${seedMs} ms`);
  });

  it('balances the trial balance and ties Aged Receivables to 1100', async () => {
    const accounts = await get('/api/billing/accounts');
    expect(accounts.statusCode, accounts.body).toBe(200);
    expect(accounts.json().trial_balance_difference).toBe(0);
    const ar = accounts.json().data.find((row: { number: string }) => row.number === '1100');
    expect(ar.balance).toBeGreaterThan(0);
    const aging = await get('/api/billing/reports/agedreceivables');
    expect(aging.statusCode, aging.body).toBe(200);
    expect(aging.json().tie.difference).toBe(0);
    expect(aging.json().tie.ledger_balance).toBe(ar.balance);
  });

  it('has paid, partly paid and overdue invoices, a credit note and a void, and two states’ rates', async () => {
    const [states] = (
      await ctx.db.execute<Record<string, number>>(sql`
        select
          count(*) filter (where status = 'posted' and type <> 'credit_note' and balance = 0)::int as paid,
          count(*) filter (where status = 'posted' and type <> 'credit_note' and balance > 0 and balance < total
                           and due_date >= ${today}::date)::int as partly,
          count(*) filter (where status = 'posted' and type <> 'credit_note' and balance > 0
                           and due_date < ${today}::date)::int as overdue,
          count(*) filter (where status = 'posted' and type = 'credit_note')::int as credit_notes,
          count(*) filter (where status = 'void')::int as voided,
          count(*) filter (where status in ('draft', 'approved'))::int as unposted,
          count(*) filter (where status = 'posted' and tax_total > 0)::int as taxed
        from invoices`)
    ).rows;
    expect(states!.paid).toBeGreaterThan(states!.overdue);
    expect(states!.partly).toBeGreaterThanOrEqual(1);
    expect(states!.overdue).toBeGreaterThanOrEqual(1);
    expect(states!.credit_notes).toBe(1);
    expect(states!.voided).toBe(1);
    expect(states!.unposted).toBe(0);
    expect(states!.taxed).toBeGreaterThan(0);
    const partly = await get('/api/billing/invoices?per_page=500');
    expect(partly.statusCode, partly.body).toBe(200);
    const shown = new Set(partly.json().data.map((row: { state: string }) => row.state));
    for (const state of ['Paid', 'Partially Paid', 'Overdue', 'Void']) expect(shown).toContain(state);
    const rates = (
      await ctx.db.execute<{ jurisdiction: string; companies: number }>(sql`
        select r.jurisdiction, count(s.company_id)::int as companies from tax_rates r
        left join company_billing_settings s on s.tax_rate_id = r.id group by 1 order by 1`)
    ).rows;
    expect(rates.map((row) => row.jurisdiction)).toEqual(['NJ', 'NY']);
    for (const row of rates) expect(row.companies).toBeGreaterThan(0);
    const [contacts] = (
      await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from contract_billing_contacts`)
    ).rows;
    expect(contacts!.n).toBeGreaterThan(0);
  });

  it('lets the bookkeeper run this month, approve the drafts and post them, the books still balanced', async () => {
    const month = monthOf(today).slice(0, 7);
    const post = (url: string, payload?: object) =>
      ctx.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
    const started = await post(`/api/billing/runs/${month}`);
    expect(started.statusCode, started.body).toBe(202);
    let detail = (await get(`/api/billing/runs/${month}?per_page=500`)).json();
    for (let tries = 0; ['pending', 'running'].includes(detail.run.status) && tries < 600; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      detail = (await get(`/api/billing/runs/${month}?per_page=500`)).json();
    }
    const rows = detail.data as { company_id: number; status: string; error: string }[];
    expect(rows.filter((row) => row.status === 'failed')).toEqual([]);
    const drafted = rows.filter((row) => row.status === 'drafted').map((row) => row.company_id);
    expect(drafted.length).toBeGreaterThan(0);
    const approved = await post(`/api/billing/runs/${month}/approve`, { company_ids: drafted });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.failed).toEqual([]);
    const posted = await post(`/api/billing/runs/${month}/post`);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().data.failed).toEqual([]);
    expect(posted.json().data.done.length).toBeGreaterThanOrEqual(drafted.length);
    expect((await get('/api/billing/accounts')).json().trial_balance_difference).toBe(0);
    expect((await get('/api/billing/reports/agedreceivables')).json().tie.difference).toBe(0);
  });

  it('adds nothing when seeded again', async () => {
    const before = await counts();
    await seedDemo(ctx.db);
    expect(await counts()).toEqual(before);
  });
});
