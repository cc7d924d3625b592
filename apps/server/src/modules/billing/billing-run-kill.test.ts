import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { companies } from '../companies/companies.table.ts';
import { contracts } from '../contracts/contracts.table.ts';
import { runMonth, startRun } from './billing-runs.service.ts';
import { billingRunCompanies } from './billing-runs.table.ts';
import { invoiceLines, invoices } from './invoices.table.ts';

// Issue 27 "Bad input and failure": a run whose worker dies in the middle of a company resumes without duplicates
// (designs/billing.md §4). The worker's database connection is terminated while it is inside the company's
// transaction, after it wrote the draft and before it recorded the company: the database rolls the half-done company
// back, the run records it failed, and running the month again drafts it exactly once.

let ctx: TestContext;
const april = '2026-04-01';
const company = { done: 0, killed: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  const items = await ctx.db
    .insert(billingItems)
    .values([
      { name: 'Kill Retainer', type: 'retainer', price: 125 },
      { name: 'Kill Overage', type: 'overage', price: 150 },
      { name: 'Kill Late Fee', type: 'fee', price: 0 },
    ])
    .returning({ id: billingItems.id });
  const [retainer, overage, fee] = items.map((row) => row.id) as [number, number, number];
  for (const key of Object.keys(company) as (keyof typeof company)[]) {
    const [row] = await ctx.db
      .insert(companies)
      .values({ name: `Kill ${key}` })
      .returning({ id: companies.id });
    company[key] = row!.id;
    await ctx.db.insert(contracts).values({
      companyId: row!.id,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      retainerItem: retainer,
      overageItem: overage,
      lateFeeItem: fee,
      retainerPrice: 125,
      overagePrice: 150,
      lateFeePercent: 0,
      retainerHours: 10,
      deviceCount: 4,
      maxRollover: 0,
    });
  }
});
afterAll(async () => {
  await ctx?.close();
});

const runInvoiceIds = async () =>
  (
    await ctx.db
      .select({ id: invoices.id, companyId: invoices.companyId })
      .from(invoices)
      .where(and(eq(invoices.billingMonth, april), inArray(invoices.companyId, Object.values(company))))
      .orderBy(invoices.id)
  ).map((row) => [row.companyId, row.id] as const);

describe('a run killed in the middle of a company', () => {
  it('leaves nothing of the half-drafted company and drafts it once when the month is run again', async () => {
    const run = await startRun(ctx.db, april, null);
    // Another session holds the killed company's run row (uncommitted), so the worker stops at its last write.
    const blocker = await ctx.pool.connect();
    try {
      await blocker.query('begin');
      await blocker.query('insert into billing_run_companies (run_id, company_id) values ($1, $2)', [
        run.id,
        company.killed,
      ]);
      const running = runMonth(ctx.app, april, null);
      let waiting: number | undefined;
      await expect
        .poll(
          async () => {
            // Inside a transaction the activity view is a snapshot taken once: take a fresh one each time.
            await blocker.query('select pg_stat_clear_snapshot()');
            const { rows } = await blocker.query<{ pid: number }>(
              `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
                 and wait_event_type = 'Lock' and query ilike '%billing_run_companies%'`,
            );
            waiting = rows[0]?.pid;
            return waiting;
          },
          { timeout: 30_000, interval: 100 },
        )
        .toBeTypeOf('number');
      // The worker has written the draft inside its transaction by now: its invoice row holds the unique index.
      const { rows: held } = await blocker.query<{ n: number }>(
        `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
           where a.pid = $1 and l.mode = 'RowExclusiveLock' and l.relation = 'invoices'::regclass`,
        [waiting],
      );
      expect(held[0]!.n).toBe(1);
      await blocker.query('select pg_terminate_backend($1)', [waiting]);
      await blocker.query('rollback');
      await running;
    } finally {
      blocker.release();
    }

    const rowsAfterKill = await ctx.db
      .select({ companyId: billingRunCompanies.companyId, status: billingRunCompanies.status })
      .from(billingRunCompanies)
      .where(eq(billingRunCompanies.runId, run.id))
      .orderBy(billingRunCompanies.companyId);
    expect(rowsAfterKill).toEqual([
      { companyId: company.done, status: 'drafted' },
      { companyId: company.killed, status: 'failed' },
    ]);
    const afterKill = await runInvoiceIds();
    // Nothing of the killed company's draft survived the rollback.
    expect(afterKill.map(([companyId]) => companyId)).toEqual([company.done]);

    await runMonth(ctx.app, april, null);
    const resumed = await runInvoiceIds();
    expect(resumed.filter(([companyId]) => companyId === company.done)).toEqual(afterKill);
    expect(resumed.filter(([companyId]) => companyId === company.killed)).toHaveLength(1);
    const lines = await ctx.db
      .select({ invoiceId: invoiceLines.invoiceId, kind: invoiceLines.kind, amount: invoiceLines.amount })
      .from(invoiceLines)
      .where(
        inArray(
          invoiceLines.invoiceId,
          resumed.map(([, id]) => id),
        ),
      );
    // One retainer line each, 4 devices × $125: nothing billed twice.
    expect(lines.map((line) => [line.kind, line.amount])).toEqual([
      ['retainer', '500.00'],
      ['retainer', '500.00'],
    ]);
    await runMonth(ctx.app, april, null);
    expect(await runInvoiceIds()).toEqual(resumed);
  }, 120_000);
});
