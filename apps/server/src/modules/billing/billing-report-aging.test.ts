import { addDays } from '@switchboard/shared/billing/billing-date';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { companies } from '../companies/companies.table.ts';
import { openItemsAsOf } from './billing-report-aging.ts';
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
