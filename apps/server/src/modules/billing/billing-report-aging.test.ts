import { addDays } from '@switchboard/shared/billing/billing-date';
import { agedReceivablesQuerySchema, type AgedReceivablesResponse } from '@switchboard/shared/billing/reports';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { companies } from '../companies/companies.table.ts';
import { getAgedReceivables, openItemsAsOf } from './billing-report-aging.ts';
import { approveInvoice, writeDraftInvoice } from './invoice-drafts.ts';
import { invoices } from './invoices.table.ts';
import { billingToday } from './ledger.service.ts';
import { accounts } from './ledger.table.ts';
import { allocations, payments } from './payments.table.ts';

// Aged receivables as of today read stored balances and payments.unapplied corrected by the allocations dated after
// the date (decision 0092): allocations applied or unapplied after today must give what the allocations in force at
// the end of today say, the same as the recomputation used for past dates.

let ctx: TestContext;
let today: string;
let invoiceId: number;
let p1: number;
let p2: number;
let refundId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  today = await billingToday(ctx.db);
  const [company] = await ctx.db.insert(companies).values({ name: 'Acme Dental' }).returning({ id: companies.id });
  const companyId = company!.id;
  const [bank] = await ctx.db.select().from(accounts).where(eq(accounts.number, '1000'));
  const [undeposited] = await ctx.db.select().from(accounts).where(eq(accounts.number, '1050'));
  // 100.00 invoiced; 60.00 applied in three days, 40.00 applied five days ago and unapplied in two: 40.00 left now.
  const [invoice] = await ctx.db
    .insert(invoices)
    .values({
      companyId,
      type: 'one_off',
      status: 'posted',
      number: 'INV-A1',
      invoiceDate: addDays(today, -10),
      dueDate: addDays(today, 10),
      subtotal: '100.00',
      total: '100.00',
      balance: '40.00',
    })
    .returning({ id: invoices.id });
  invoiceId = invoice!.id;
  const pay = async (direction: 'in' | 'out', amount: string, paymentDate: string) => {
    const [row] = await ctx.db
      .insert(payments)
      .values({
        direction,
        companyId,
        paymentDate,
        method: 'check',
        amount,
        accountId: direction === 'in' ? undeposited!.id : bank!.id,
      })
      .returning({ id: payments.id });
    return row!.id;
  };
  p1 = await pay('in', '100.00', addDays(today, -5));
  p2 = await pay('in', '50.00', addDays(today, -4));
  refundId = await pay('out', '30.00', addDays(today, -1));
  await ctx.db.insert(allocations).values([
    {
      sourceType: 'payment',
      sourceId: p1,
      targetType: 'invoice',
      targetId: invoiceId,
      companyId,
      amount: '60.00',
      appliedOn: addDays(today, 3),
    },
    {
      sourceType: 'payment',
      sourceId: p1,
      targetType: 'invoice',
      targetId: invoiceId,
      companyId,
      amount: '40.00',
      appliedOn: addDays(today, -5),
      unappliedOn: addDays(today, 2),
    },
    // The refund is covered by 30.00 of p2 only from tomorrow.
    {
      sourceType: 'payment',
      sourceId: p2,
      targetType: 'refund',
      targetId: refundId,
      companyId,
      amount: '30.00',
      appliedOn: addDays(today, 1),
    },
  ]);
});

afterAll(async () => {
  await ctx.close();
});

it('keeps payments.unapplied and fully_applied_on from the allocations', async () => {
  const rows = await ctx.db.execute<{ id: number; unapplied: string; fully_applied_on: string | null }>(
    sql`select id, unapplied::text as unapplied, fully_applied_on::text as fully_applied_on from payments order by id`,
  );
  expect(rows.rows).toEqual([
    { id: p1, unapplied: '40.00', fully_applied_on: null },
    { id: p2, unapplied: '20.00', fully_applied_on: null },
    { id: refundId, unapplied: '0.00', fully_applied_on: addDays(today, 1) },
  ]);
});

it('as of today counts the allocations in force at its end, not those applied or unapplied after it', async () => {
  const current = await openItemsAsOf(ctx.db, today, today);
  expect(current.map((item) => [item.type, item.id, item.amount])).toEqual([
    ['one_off', invoiceId, 6000],
    ['payment', p1, -6000],
    ['payment', p2, -5000],
    ['refund', refundId, 3000],
  ]);
  // The same date read as a past date (recomputed from every candidate's allocations) says the same.
  expect(await openItemsAsOf(ctx.db, today, addDays(today, 1))).toEqual(current);
});

it('as of a later date counts what is in force then', async () => {
  const later = await openItemsAsOf(ctx.db, addDays(today, 5), today);
  expect(later.map((item) => [item.type, item.id, item.amount])).toEqual([
    ['one_off', invoiceId, 4000],
    ['payment', p1, -4000],
    ['payment', p2, -2000],
  ]);
});

it('as of a past date, an invoice closed or voided on that day is no longer open, and one closed before its date never', async () => {
  const [company] = await ctx.db.insert(companies).values({ name: 'Edge Co' }).returning({ id: companies.id });
  const companyId = company!.id;
  const base = {
    companyId,
    type: 'one_off' as const,
    invoiceDate: addDays(today, -20),
    subtotal: '70.00',
    total: '70.00',
    balance: '0.00',
  };
  const rows = await ctx.db
    .insert(invoices)
    .values([
      { ...base, status: 'posted', number: 'INV-E1', closedOn: addDays(today, -8) },
      { ...base, status: 'void', number: 'INV-E2', balance: '70.00', voidDate: addDays(today, -6) },
      // Closed before its own date (paid by a credit dated earlier): an empty range, and the insert must not fail.
      { ...base, status: 'posted', number: 'INV-E3', invoiceDate: addDays(today, -3), closedOn: addDays(today, -4) },
    ])
    .returning({ id: invoices.id, number: invoices.number });
  const open = async (days: number) =>
    (await openItemsAsOf(ctx.db, addDays(today, days), today, companyId)).map((item) => item.label);
  expect(await open(-9)).toEqual(['INV-E1', 'INV-E2']);
  expect(await open(-8)).toEqual(['INV-E2']);
  expect(await open(-7)).toEqual(['INV-E2']);
  expect(await open(-6)).toEqual([]);
  expect(await open(-4)).toEqual([]);
  expect(await open(-1)).toEqual([]);
  expect(rows).toHaveLength(3);
  // The past-date statement finds them through invoices_open_range_idx (its expression matches the index's).
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const plan = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain select id from invoices i
      where i.status in ('posted', 'void') and daterange(i.invoice_date, case when least(i.closed_on, i.void_date)
        < i.invoice_date then i.invoice_date else least(i.closed_on, i.void_date) end, '[)') @> ${addDays(today, -9)}::date`);
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('invoices_open_range_idx');
  });
});

it('as of a past date, a credit note partly applied counts what is left of it', async () => {
  const [company] = await ctx.db.insert(companies).values({ name: 'Credit Co' }).returning({ id: companies.id });
  const companyId = company!.id;
  const at = addDays(today, -10);
  const [invoice, credit] = await ctx.db
    .insert(invoices)
    .values([
      {
        companyId,
        type: 'one_off',
        status: 'posted',
        number: 'INV-C1',
        invoiceDate: at,
        subtotal: '50.00',
        total: '50.00',
        balance: '30.00',
      },
      {
        companyId,
        type: 'credit_note',
        status: 'posted',
        number: 'CN-C1',
        invoiceDate: at,
        subtotal: '-30.00',
        total: '-30.00',
        balance: '-10.00',
      },
    ])
    .returning({ id: invoices.id });
  await ctx.db.insert(allocations).values({
    sourceType: 'credit_note',
    sourceId: credit!.id,
    targetType: 'invoice',
    targetId: invoice!.id,
    companyId,
    amount: '20.00',
    appliedOn: addDays(today, -9),
  });
  const open = async (days: number) =>
    (await openItemsAsOf(ctx.db, addDays(today, days), today, companyId)).map((item) => [item.label, item.amount]);
  expect(await open(-10)).toEqual([
    ['INV-C1', 5000],
    ['CN-C1', -3000],
  ]);
  expect(await open(-5)).toEqual([
    ['INV-C1', 3000],
    ['CN-C1', -1000],
  ]);
  expect(await open(0)).toEqual(await open(-5));
});

describe('the cached report through the API', () => {
  let viewer: string;
  let approver: string;
  let actorId: number;
  let companyId: number;
  let revenue: number;

  beforeAll(async () => {
    const v = await createUser(ctx.db, { permissions: ['view billing'] });
    viewer = (await login(ctx.app, v.email, v.password)).access_token;
    const a = await createUser(ctx.db, { permissions: ['view billing', 'approve billing'] });
    approver = (await login(ctx.app, a.email, a.password)).access_token;
    actorId = a.id;
    const [company] = await ctx.db.insert(companies).values({ name: 'Cached Co' }).returning({ id: companies.id });
    companyId = company!.id;
    const [account] = await ctx.db.select().from(accounts).where(eq(accounts.number, '4100'));
    revenue = account!.id;
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object, as = approver) =>
    ctx.app.inject({ method, url, headers: bearer(as), payload });

  /** The drill-down items and the company's row of the all-companies report, both through the (cached) route. */
  async function report(): Promise<{ items: [string, number][]; total: number | undefined }> {
    const one = await call('GET', `/api/billing/reports/agedreceivables?company_id=${companyId}`, undefined, viewer);
    expect(one.statusCode, one.body).toBe(200);
    const all = await call('GET', '/api/billing/reports/agedreceivables', undefined, viewer);
    expect(all.statusCode, all.body).toBe(200);
    const body = one.json<AgedReceivablesResponse>();
    const row = all.json<AgedReceivablesResponse>().data.find((r) => r.company_id === companyId);
    // Items of one date come by id, which is not comparable between invoices and payments: sorted here by type.
    const items = (body.items ?? []).map((item): [string, number] => [item.type, item.amount]).sort();
    return { items, total: row?.total };
  }

  it('is never stale after a post, a payment, an unapply or a void', async () => {
    const draftId = await ctx.db.transaction(async (tx) => {
      const id = await writeDraftInvoice(
        tx,
        {
          companyId,
          type: 'one_off',
          invoiceDate: today,
          paymentTerms: 30,
          lines: [
            { kind: 'item', accountId: revenue, description: 'Labor', quantity: '1', unitPrice: '50.0000', taxable: 0 },
          ],
        },
        actorId,
      );
      await approveInvoice(tx, id, actorId);
      return id;
    });
    expect(await report()).toEqual({ items: [], total: 0 });
    expect(await report()).toEqual({ items: [], total: 0 });

    const posted = await call('POST', `/api/billing/invoices/${draftId}/post`, {});
    expect(posted.statusCode, posted.body).toBe(200);
    expect(await report()).toEqual({ items: [['one_off', 50]], total: 50 });

    const paid = await call('POST', '/api/billing/payments/received', {
      company_id: companyId,
      payment_date: today,
      method: 'check',
      reference: '77',
      amount: 50,
      allocations: [{ invoice_id: draftId, amount: 50 }],
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await report()).toEqual({ items: [], total: 0 });

    const [allocation] = await ctx.db
      .select({ id: allocations.id })
      .from(allocations)
      .where(eq(allocations.targetId, draftId));
    const undone = await call('POST', `/api/billing/allocations/${allocation!.id}/unapply`, {});
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await report()).toEqual({
      items: [
        ['one_off', 50],
        ['payment', -50],
      ],
      total: 0,
    });

    const paymentId = paid.json<{ data: { id: number } }>().data.id;
    const voidedPayment = await call('POST', `/api/billing/payments/${paymentId}/void`, { reason: 'Bounced' });
    expect(voidedPayment.statusCode, voidedPayment.body).toBe(200);
    expect(await report()).toEqual({ items: [['one_off', 50]], total: 50 });

    const voided = await call('POST', `/api/billing/invoices/${draftId}/void`, { reason: 'Billed twice' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await report()).toEqual({ items: [], total: 0 });
  });

  it('answers a repeated call from the cache without running the report statement', async () => {
    const statements: string[] = [];
    const seen = new WeakSet<object>();
    const record = (client: pg.PoolClient) => {
      if (seen.has(client)) return;
      seen.add(client);
      const original = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((...args: unknown[]) => {
        const first = args[0] as string | { text?: string };
        statements.push(typeof first === 'string' ? first : (first.text ?? ''));
        return original(...args);
      }) as pg.PoolClient['query'];
    };
    ctx.pool.on('acquire', record);
    const url = '/api/billing/reports/agedreceivables?as_of=2026-01-31&hide_zero=1';
    const reportRuns = () => statements.filter((text) => text.includes('items as materialized')).length;
    try {
      const first = await call('GET', url, undefined, viewer);
      expect(first.statusCode, first.body).toBe(200);
      expect(reportRuns()).toBe(1);
      const second = await call('GET', url, undefined, viewer);
      expect(second.json()).toEqual(first.json());
      expect(reportRuns()).toBe(1);
      // The CSV form shares the entry.
      const csv = await call('GET', `${url}&format=csv`, undefined, viewer);
      expect(csv.statusCode).toBe(200);
      expect(reportRuns()).toBe(1);
      // Another day of the billing time zone ages every item: a new computation.
      const query = agedReceivablesQuerySchema.parse({ as_of: '2026-01-31', hide_zero: '1' });
      await getAgedReceivables(ctx.db, query, addDays(today, 1));
      expect(reportRuns()).toBe(2);
    } finally {
      ctx.pool.off('acquire', record);
    }
  });
});
