import { addDays, monthOf } from '@switchboard/shared/billing/billing-date';
import { lastTwelveMonths, runMonthOf } from '@switchboard/shared/billing/home';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { companies } from '../companies/companies.table.ts';
import { contractRecurringItems, contracts } from '../contracts/contracts.table.ts';
import type { BillingHomeSummary as BillingSummary } from './billing-home.service.ts';
import { inventoryLocations, stockLevels } from './inventory.table.ts';
import { invoiceDeliveries, invoices } from './invoices.table.ts';
import { billingToday } from './ledger.service.ts';
import { accounts } from './ledger.table.ts';
import { allocations, payments, writeOffs } from './payments.table.ts';

// GET /api/billing/summary (issue 27 part 11; designs/billing.md §5 first row; decision 0087): every card, queue and
// chart figure on a small data set whose answers are worked out by hand below, then who may read it.

let ctx: TestContext;
let viewer: string;
let approverOnly: string;
let client: string;
let today: string;
let monthStart: string;
let acme: number;
let birch: number;
let currentInvoice: number;
let oldInvoice: number;
let leftover: number;
let acmeContract: number;
let purchaser: string;
let vendor: number;
let shelf: number;
let lowItem: number;
let stockedItem: number;
let dueBill: number;

type InvoiceValues = typeof invoices.$inferInsert;
let numberSeq = 0;
async function invoice(values: Partial<InvoiceValues> & { companyId: number }): Promise<number> {
  const posted = values.status === undefined || values.status === 'posted' || values.status === 'void';
  const [row] = await ctx.db
    .insert(invoices)
    .values({
      type: 'one_off',
      status: 'posted',
      number: posted ? `INV-T${++numberSeq}` : null,
      invoiceDate: posted ? monthStart : null,
      ...values,
    })
    .returning({ id: invoices.id });
  return row!.id;
}

async function payment(companyId: number, amount: string, paymentDate: string, status: 'posted' | 'void' = 'posted') {
  const [account] = await ctx.db.select().from(accounts).where(sqlNumber('1050'));
  const [row] = await ctx.db
    .insert(payments)
    .values({ direction: 'in', companyId, paymentDate, method: 'check', amount, accountId: account!.id, status })
    .returning({ id: payments.id });
  return row!.id;
}
const sqlNumber = (number: string) => eq(accounts.number, number);

beforeAll(async () => {
  ctx = await createTestContext();
  today = await billingToday(ctx.db);
  monthStart = monthOf(today);
  [{ id: acme }, { id: birch }] = await ctx.db
    .insert(companies)
    .values([{ name: 'Acme Dental' }, { name: 'Birch Legal' }])
    .returning({ id: companies.id });

  const v = await createUser(ctx.db, { permissions: ['view billing'] });
  viewer = (await login(ctx.app, v.email, v.password)).access_token;
  const a = await createUser(ctx.db, { permissions: ['approve billing', 'manage accounting'] });
  approverOnly = (await login(ctx.app, a.email, a.password)).access_token;
  const c = await createUser(ctx.db, { type: 'Client', companyId: acme, permissions: ['view billing'] });
  client = (await login(ctx.app, c.email, c.password)).access_token;

  // Receivables. Overdue 10 days (1-30): 1000.00 billed, 400.00 paid.
  const overdue = await invoice({
    companyId: acme,
    total: '1000.00',
    subtotal: '1000.00',
    balance: '600.00',
    dueDate: addDays(today, -10),
  });
  // Not yet due (Current).
  const current = (currentInvoice = await invoice({
    companyId: birch,
    total: '500.00',
    subtotal: '500.00',
    balance: '500.00',
    dueDate: addDays(today, 5),
  }));
  // Paid in full: invoiced this month, no longer owed.
  const paid = await invoice({
    companyId: birch,
    total: '200.00',
    subtotal: '200.00',
    balance: '0',
    dueDate: today,
    closedOn: today,
  });
  // 100 days past due (91+), invoiced months ago.
  oldInvoice = await invoice({
    companyId: acme,
    total: '100.00',
    subtotal: '100.00',
    balance: '100.00',
    invoiceDate: addDays(today, -130),
    dueDate: addDays(today, -100),
  });
  // Voided this month: neither owed nor invoiced.
  const voided = await invoice({ companyId: acme, status: 'void', total: '999.00', subtotal: '999.00', balance: '0' });
  // A credit note of 50.00 with 30.00 not yet applied: a credit, not a receivable and not invoiced.
  await invoice({ companyId: acme, type: 'credit_note', total: '-50.00', subtotal: '-50.00', balance: '-30.00' });
  // Drafts: one of this month's run, one by hand.
  await invoice({
    companyId: acme,
    type: 'contract',
    status: 'draft',
    billingMonth: monthStart,
    total: '80.00',
    subtotal: '80.00',
  });
  await invoice({ companyId: birch, status: 'draft', total: '20.00', subtotal: '20.00' });
  // A draft of last month's run (counted in drafts, not in this month's run drafts).
  await invoice({
    companyId: birch,
    type: 'contract',
    status: 'draft',
    billingMonth: `${lastTwelveMonths(runMonthOf(today))[10]}-01`,
  });

  // Payments. 400.00 all applied to the overdue invoice.
  const p1 = await payment(acme, '400.00', today);
  // 300.00: 200.00 pays the paid invoice, 50.00 applied then unapplied: 100.00 left as credit.
  const p2 = await payment(birch, '300.00', today);
  // 70.00 two months ago, never applied: credit, collected in that month.
  const p4 = (leftover = await payment(birch, '70.00', addDays(monthStart, -40)));
  // A voided payment counts nowhere.
  await payment(acme, '1000.00', today, 'void');
  // Refunds to Birch: 25.00 out of the 70.00 credit (45.00 left), and 10.00 not matched to any credit (owed back,
  // aged from its date, 5 days ago: 1-30).
  const [account1000] = await ctx.db.select().from(accounts).where(sqlNumber('1000'));
  const refund = (amount: string, paymentDate: string) =>
    ctx.db
      .insert(payments)
      .values({ direction: 'out', companyId: birch, paymentDate, method: 'check', amount, accountId: account1000!.id })
      .returning({ id: payments.id });
  const [r1] = await refund('25.00', today);
  await refund('10.00', addDays(today, -5));
  await ctx.db.insert(allocations).values([
    {
      sourceType: 'payment',
      sourceId: p1,
      targetType: 'invoice',
      targetId: overdue,
      amount: '400.00',
      appliedOn: today,
    },
    { sourceType: 'payment', sourceId: p2, targetType: 'invoice', targetId: paid, amount: '200.00', appliedOn: today },
    {
      sourceType: 'payment',
      sourceId: p2,
      targetType: 'invoice',
      targetId: current,
      amount: '50.00',
      appliedOn: today,
      unappliedOn: today,
    },
    { sourceType: 'payment', sourceId: p4, targetType: 'refund', targetId: r1!.id, amount: '25.00', appliedOn: today },
  ]);

  // Deliveries: the overdue invoice failed at revision 0 then reached its recipient at revision 1 (not failed now);
  // the current one failed for two recipients of its latest revision (one invoice); the void one is nobody's work.
  await ctx.db.insert(invoiceDeliveries).values([
    { invoiceId: overdue, revision: 0, recipient: 'a@acme.test', status: 'failed' },
    { invoiceId: overdue, revision: 1, recipient: 'a@acme.test', status: 'sent' },
    { invoiceId: current, revision: 0, recipient: 'b@birch.test', status: 'failed' },
    { invoiceId: current, revision: 0, recipient: 'c@birch.test', status: 'failed' },
    { invoiceId: voided, revision: 0, recipient: 'a@acme.test', status: 'failed' },
  ]);

  // Contracts: Acme's newer contract governs today (10 × 125.00 + 2 × 15.50 + 1 × 9.99 = 1290.99); its older one
  // overlaps and is superseded; Birch's ended yesterday.
  const [item] = await ctx.db.insert(billingItems).values({ name: 'Managed', type: 'retainer' }).returning();
  const [m365] = await ctx.db.insert(billingItems).values({ name: 'M365', type: 'cloud' }).returning();
  const items = { retainerItem: item!.id, overageItem: item!.id, lateFeeItem: item!.id };
  const [newer, older, ended] = await ctx.db
    .insert(contracts)
    .values([
      { ...items, companyId: acme, startDate: addDays(today, -100), endDate: addDays(today, 100), deviceCount: 10 },
      { ...items, companyId: acme, startDate: addDays(today, -400), endDate: addDays(today, 100), deviceCount: 99 },
      { ...items, companyId: birch, startDate: addDays(today, -400), endDate: addDays(today, -1), deviceCount: 7 },
    ])
    .returning({ id: contracts.id });
  acmeContract = newer!.id;
  await ctx.db.update(contracts).set({ retainerPrice: 125 }).where(eq(contracts.companyId, acme));
  await ctx.db.update(contracts).set({ retainerPrice: 80 }).where(eq(contracts.companyId, birch));
  await ctx.db.insert(contractRecurringItems).values([
    { contractId: newer!.id, itemId: m365!.id, quantity: 2, price: 15.5 },
    { contractId: newer!.id, itemId: m365!.id, quantity: 1, price: 9.99 },
    { contractId: older!.id, itemId: m365!.id, quantity: 50, price: 10 },
    { contractId: ended!.id, itemId: m365!.id, quantity: 5, price: 10 },
  ]);

  // Payables (issue 28), posted through the bills routes. Due in 3 days (100.25) and 5 days overdue (40.00) are due;
  // due in 20 days, a draft, a voided bill and a vendor credit are not.
  const p = await createUser(ctx.db, { permissions: ['view billing', 'approve billing', 'manage accounting'] });
  purchaser = (await login(ctx.app, p.email, p.password)).access_token;
  const [expense] = await ctx.db.select().from(accounts).where(sqlNumber('5100'));
  const vendorRow = await ctx.db.execute<{ id: number }>(
    sql`insert into vendors (name, default_expense_account_id) values ('Ingram', ${expense!.id}) returning id`,
  );
  vendor = Number(vendorRow.rows[0]!.id);
  const billOf = async (dueDate: string, unitCost: number, post: boolean, kind = 'bill') => {
    const body = {
      vendor_id: vendor,
      kind,
      vendor_ref: `R-${++numberSeq}`,
      bill_date: today,
      due_date: dueDate,
      lines: [{ description: 'Licences', quantity: 2, unit_cost: unitCost, account_id: expense!.id }],
    };
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/bills',
      headers: bearer(purchaser),
      payload: body,
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().data.id as number;
    if (post) {
      const done = await ctx.app.inject({
        method: 'POST',
        url: `/api/billing/bills/${id}/post`,
        headers: bearer(purchaser),
      });
      expect(done.statusCode, done.body).toBe(200);
    }
    return id;
  };
  dueBill = await billOf(addDays(today, 3), 50.125, true);
  await billOf(addDays(today, -5), 20, true);
  await billOf(addDays(today, 20), 500, true);
  await billOf(today, 7, false);
  await billOf(today, 3, true, 'credit');
  const voidedBill = await billOf(today, 11, true);
  const voidResponse = await ctx.app.inject({
    method: 'POST',
    url: `/api/billing/bills/${voidedBill}/void`,
    headers: bearer(purchaser),
    payload: {},
  });
  expect(voidResponse.statusCode, voidResponse.body).toBe(200);

  // Purchase orders: ordered and partial await receipt; draft, received, closed and cancelled do not.
  for (const status of ['ordered', 'partial', 'draft', 'received', 'closed', 'cancelled'])
    await ctx.db.execute(sql`insert into purchase_orders (number, vendor_id, status, order_date)
      values (${status === 'draft' || status === 'cancelled' ? null : `PO-H-${status}`}, ${vendor}, ${status}, ${today})`);

  // Stock: 3 on hand of a reorder point 5 (below), 10 of 5 (not), none of 2 (below), an untracked item with a reorder
  // point (not), an archived one at 0 (not).
  const [location] = await ctx.db
    .insert(inventoryLocations)
    .values({ name: 'Shelf', kind: 'warehouse' })
    .returning({ id: inventoryLocations.id });
  shelf = location!.id;
  const tracked = { type: 'product' as const, inventoryTracked: true };
  const stock = await ctx.db
    .insert(billingItems)
    .values([
      { ...tracked, name: 'Switch', reorderPoint: 5 },
      { ...tracked, name: 'Cable', reorderPoint: 5 },
      { ...tracked, name: 'Router', reorderPoint: 2 },
      { type: 'product', name: 'Service kit', reorderPoint: 5 },
      { ...tracked, name: 'Old modem', reorderPoint: 5, archivedAt: new Date() },
    ])
    .returning({ id: billingItems.id });
  [{ id: lowItem }, { id: stockedItem }] = stock;
  await ctx.db.insert(stockLevels).values([
    { itemId: lowItem, locationId: shelf, onHand: '3', value: '30.00' },
    { itemId: stockedItem, locationId: shelf, onHand: '10', value: '100.00' },
  ]);
});
afterAll(async () => {
  await ctx.close();
});

const summary = async (query = '', token = viewer) =>
  ctx.app.inject({ method: 'GET', url: `/api/billing/summary${query}`, headers: bearer(token) });

describe('GET /api/billing/summary', () => {
  let body: BillingSummary;
  beforeAll(async () => {
    const response = await summary();
    expect(response.statusCode).toBe(200);
    body = response.json().data;
  });

  it('answers today and the run month in the billing time zone', () => {
    expect(body.today).toBe(today);
    expect(body.month).toBe(runMonthOf(today));
  });

  it('adds up the cards', () => {
    expect(body.cards).toEqual({
      ar_open: 1210, // 600 + 500 + 100 + the unmatched refund 10
      ar_overdue: 710, // 600 + 100 + 10
      unapplied_credits: 175, // credit note 30 + payments 100 and 70 - 25 refunded
      ap_due_14_days: 140.25, // 100.25 due in 3 days + 40.00 overdue
      mrr: 1290.99,
      invoiced_this_month: 1700, // 1000 + 500 + 200 (void and credit note left out)
      collected_this_month: 700, // 400 + 300 (void left out)
    });
  });

  it('counts the work queues', () => {
    expect(body.queues).toEqual({
      drafts: 3,
      run_drafts: 1,
      failed_deliveries: 1,
      bills_due: 2,
      pos_awaiting_receipt: 2,
      pos_partly_received: 1,
      below_reorder: 2,
    });
  });

  it('draws twelve months of invoiced and collected, every month present', () => {
    const months = lastTwelveMonths(runMonthOf(today));
    expect(body.monthly.map((entry) => entry.month)).toEqual(months);
    const byMonth = Object.fromEntries(body.monthly.map((entry) => [entry.month, entry]));
    expect(byMonth[runMonthOf(today)]).toEqual({ month: runMonthOf(today), invoiced: 1700, collected: 700 });
    expect(byMonth[runMonthOf(addDays(today, -130))]!.invoiced).toBe(100);
    expect(byMonth[runMonthOf(addDays(monthStart, -40))]!.collected).toBe(70);
    const invoiced = body.monthly.reduce((sum, entry) => sum + entry.invoiced, 0);
    expect(invoiced).toBe(1800);
  });

  it('ages the open items by due date, credits beside them', () => {
    expect(body.aging).toEqual({
      buckets: [
        { label: 'Current', amount: 500 },
        { label: '1-30', amount: 610 },
        { label: '31-60', amount: 0 },
        { label: '61-90', amount: 0 },
        { label: '91+', amount: 100 },
      ],
      credits: -175,
      total: 1035,
    });
  });

  it('counts the drafts of the month asked for', async () => {
    const last = lastTwelveMonths(runMonthOf(today))[10]!;
    const response = await summary(`?month=${last}`);
    expect(response.json().data.month).toBe(last);
    expect(response.json().data.queues.run_drafts).toBe(1);
    const empty = await summary('?month=2001-01');
    expect(empty.json().data.queues).toMatchObject({ drafts: 3, run_drafts: 0 });
  });

  it('refuses a month that is not one with 422', async () => {
    const response = await summary('?month=2026-13');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.month).toEqual(['The month must look like 2026-04.']);
  });

  it("needs 'view billing' and an employee", async () => {
    expect((await summary('', approverOnly)).statusCode).toBe(403);
    expect((await summary('', client)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/billing/summary' });
    expect(anonymous.statusCode).toBe(401);
  });
});

// The figures kept by the billing version (decision 0087 addendum): each write that moves them is seen by the next
// read, a read without one is served from the cache, and MRR and deliveries (which do not move the version) are live.
describe('GET /api/billing/summary after changes', () => {
  const cardsNow = async () => ((await summary()).json().data as BillingSummary).cards;

  it('answers a second read from the cache without running the figures statement', async () => {
    await summary();
    const texts: string[] = [];
    const wrapped: [pg.PoolClient, pg.PoolClient['query']][] = [];
    // Every statement the pool's clients send while the second read runs.
    const record = (client: pg.PoolClient) => {
      const original = client.query;
      wrapped.push([client, original]);
      client.query = ((...args: Parameters<typeof original>) => {
        const first = args[0] as string | { text?: string };
        texts.push(typeof first === 'string' ? first : (first.text ?? ''));
        return (original as (...rest: unknown[]) => unknown).apply(client, args);
      }) as pg.PoolClient['query'];
    };
    ctx.pool.on('acquire', record);
    try {
      expect((await summary()).statusCode).toBe(200);
    } finally {
      ctx.pool.off('acquire', record);
      for (const [client, original] of wrapped) client.query = original;
    }
    expect(texts.some((text) => text.includes('billing_versions'))).toBe(true);
    expect(texts.some((text) => text.includes('open_invoices'))).toBe(false);
  });

  it("takes a payment's remainder from payments.unapplied as allocations change it", async () => {
    // The 70.00 payment's 45.00 left pays 45.00 of the current invoice: 45 less credit, 45 less owed.
    await ctx.db.transaction(async (tx) => {
      await tx.insert(allocations).values({
        sourceType: 'payment',
        sourceId: leftover,
        targetType: 'invoice',
        targetId: currentInvoice,
        amount: '45.00',
        appliedOn: today,
      });
      await tx.update(invoices).set({ balance: '455.00' }).where(eq(invoices.id, currentInvoice));
    });
    expect(await cardsNow()).toMatchObject({ ar_open: 1165, unapplied_credits: 130 });
  });

  it("counts a write-off's unallocated part as a credit", async () => {
    const [writeOff] = await ctx.db
      .insert(writeOffs)
      .values({ companyId: acme, invoiceId: oldInvoice, writeOffDate: today, amount: '20.00' })
      .returning({ id: writeOffs.id });
    await ctx.db.insert(allocations).values({
      sourceType: 'write_off',
      sourceId: writeOff!.id,
      targetType: 'invoice',
      targetId: oldInvoice,
      amount: '15.00',
      appliedOn: today,
    });
    expect((await cardsNow()).unapplied_credits).toBe(135);
  });

  it('leaves a voided payment out of collected, and a new invoice this month in invoiced', async () => {
    await ctx.db.update(payments).set({ status: 'void' }).where(eq(payments.id, leftover));
    await invoice({ companyId: birch, total: '40.00', subtotal: '40.00', balance: '0', closedOn: today });
    const body = (await summary()).json().data as BillingSummary;
    expect(body.monthly.find((entry) => entry.month === runMonthOf(addDays(monthStart, -40)))!.collected).toBe(0);
    expect(body.cards.invoiced_this_month).toBe(1740);
  });

  it('reads MRR and failed deliveries on every call', async () => {
    await summary();
    // Neither table moves the billing version, so a cached answer would keep the old figures.
    await ctx.db.update(contracts).set({ deviceCount: 11 }).where(eq(contracts.id, acmeContract));
    await ctx.db.insert(invoiceDeliveries).values({
      invoiceId: oldInvoice,
      revision: 0,
      recipient: 'a@acme.test',
      status: 'failed',
    });
    const version = await ctx.db.execute<{ version: string }>(
      sql`select version::text as version from billing_versions`,
    );
    const body = (await summary()).json().data as BillingSummary;
    expect(body.cards.mrr).toBe(1415.99);
    expect(body.queues.failed_deliveries).toBe(2);
    const after = await ctx.db.execute<{ version: string }>(sql`select version::text as version from billing_versions`);
    expect(after.rows[0]!.version).toBe(version.rows[0]!.version);
  });

  it('reads POs awaiting receipt and items below reorder point on every call', async () => {
    await summary();
    const version = await ctx.db.execute<{ version: string }>(
      sql`select version::text as version from billing_versions`,
    );
    await ctx.db.execute(sql`update purchase_orders set status = 'received' where number = 'PO-H-partial'`);
    await ctx.db.execute(sql`insert into purchase_orders (vendor_id, status, order_date, number)
      values (${vendor}, 'ordered', ${today}, 'PO-H-more'), (${vendor}, 'ordered', ${today}, 'PO-H-more2')`);
    await ctx.db
      .update(stockLevels)
      .set({ onHand: '5' })
      .where(sql`${stockLevels.itemId} = ${stockedItem} and ${stockLevels.locationId} = ${shelf}`);
    const queues = ((await summary()).json().data as BillingSummary).queues;
    expect(queues).toMatchObject({ pos_awaiting_receipt: 3, pos_partly_received: 0, below_reorder: 3 });
    const after = await ctx.db.execute<{ version: string }>(sql`select version::text as version from billing_versions`);
    expect(after.rows[0]!.version).toBe(version.rows[0]!.version);
  });

  it('moves AP due and bills due when a bill is paid', async () => {
    await summary();
    const [bank] = await ctx.db.select().from(accounts).where(sqlNumber('1000'));
    const paid = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/payments/made',
      headers: bearer(purchaser),
      payload: {
        vendor_id: vendor,
        payment_date: today,
        method: 'check',
        reference: '',
        amount: 100.25,
        account_id: bank!.id,
        allocations: [{ bill_id: dueBill, amount: 100.25 }],
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const body = (await summary()).json().data as BillingSummary;
    expect(body.cards.ap_due_14_days).toBe(40);
    expect(body.queues.bills_due).toBe(1);
  });
});
