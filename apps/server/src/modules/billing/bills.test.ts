import { periodClosedMessage } from '@switchboard/shared/billing/ledger';
import {
  billAllocationOverBalanceMessage,
  billAllocationOverSourceMessage,
  billLineAccountMessage,
  billOnlyDraftMessage,
  billStaleMessage,
  billVoidWithAllocationsMessage,
  creditWithPoMessage,
  leftToBillMessage,
  otherVendorBillMessage,
  poLineOtherVendorMessage,
  vendorRefTakenMessage,
} from '@switchboard/shared/billing/bills';
import { centsFromNumeric } from '@switchboard/shared/billing/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { billingSettings } from './ledger.table.ts';

// Bills, vendor credits, payments made and aged payables (issue 28 part 4; designs/billing.md §3.2, §3.6, §3.7, §7):
// through the API on a real database: gates, 422 texts, the ledger lines of post and void (the PPV case to the cent),
// PO billed quantities, two payments at once never over-applying a bill, and AP (2000) equal to open bills less
// unapplied vendor credits and prepayments, tied by aged payables.

let ctx: TestContext;
let viewer: string;
let approver: string;
let client: string;
let plain: string;
const account: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const rows = await ctx.db.execute<{ id: number; number: string }>(sql`select id, number from accounts`);
  for (const row of rows.rows) account[row.number] = Number(row.id);
  const v = await createUser(ctx.db, { permissions: ['view billing'] });
  viewer = (await login(ctx.app, v.email, v.password)).access_token;
  const a = await createUser(ctx.db, { permissions: ['view billing', 'approve billing'] });
  approver = (await login(ctx.app, a.email, a.password)).access_token;
  const c = await createUser(ctx.db, { type: 'Client', permissions: ['view billing', 'approve billing'] });
  client = (await login(ctx.app, c.email, c.password)).access_token;
  const p = await createUser(ctx.db, { permissions: [] });
  plain = (await login(ctx.app, p.email, p.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = approver) =>
  ctx.app.inject({ method, url, headers: bearer(as), payload });

const billSchema = z.object({
  id: z.number(),
  kind: z.enum(['bill', 'credit']),
  vendor_id: z.number(),
  vendor_name: z.string(),
  vendor_ref: z.string(),
  bill_date: z.string(),
  due_date: z.string(),
  status: z.enum(['draft', 'posted', 'void']),
  po_id: z.number().nullable(),
  memo: z.string(),
  subtotal: z.number(),
  tax_total: z.number(),
  total: z.number(),
  balance: z.number(),
  closed_on: z.string().nullable(),
  journal_entry_id: z.number().nullable(),
  void_date: z.string().nullable(),
  updated_at: z.string(),
  lines: z.array(
    z.object({
      id: z.number(),
      line_no: z.number(),
      item_id: z.number().nullable(),
      account_id: z.number().nullable(),
      description: z.string(),
      quantity: z.number(),
      unit_cost: z.number(),
      amount: z.number(),
      po_line_id: z.number().nullable(),
      company_id: z.number().nullable(),
      project_id: z.number().nullable(),
      billable_to_client: z.boolean(),
    }),
  ),
  allocations: z.array(z.object({ id: z.number(), source_type: z.string(), amount: z.number() })),
});
const paymentMadeSchema = z.object({
  id: z.number(),
  vendor_id: z.number(),
  vendor_name: z.string(),
  payment_date: z.string(),
  method: z.string(),
  reference: z.string(),
  amount: z.number(),
  applied: z.number(),
  unapplied: z.number(),
  account_id: z.number(),
  account_number: z.string(),
  status: z.enum(['posted', 'void']),
  journal_entry_id: z.number().nullable(),
});

let vendorCount = 0;
async function newVendor(options: { terms?: number; expense?: string | null } = {}): Promise<number> {
  vendorCount += 1;
  const result = await ctx.db.execute<{ id: number }>(sql`insert into vendors (name, payment_terms,
      default_expense_account_id)
    values (${`Vendor ${vendorCount}`}, ${options.terms ?? 30},
      ${options.expense === undefined ? account['5100'] : options.expense === null ? null : account[options.expense]})
    returning id`);
  return Number(result.rows[0]!.id);
}

/** A PO of one line (ordered qty at cost), `received` of it received at `receivedCost` (rows written directly). */
async function poLine(vendorId: number, ordered: string, cost: string, received = '0', receivedCost = cost) {
  const po = await ctx.db.execute<{ id: number }>(sql`insert into purchase_orders (number, vendor_id, status,
      order_date) values (${`PO-T${vendorId}-${Math.random().toString(36).slice(2, 8)}`}, ${vendorId}, 'ordered',
      '2026-01-05') returning id`);
  const poId = Number(po.rows[0]!.id);
  const line = await ctx.db.execute<{ id: number }>(sql`insert into po_lines (po_id, line_no, description, quantity,
      unit_cost, amount, received_qty) values (${poId}, 1, 'Switch 24-port', ${ordered}, ${cost}, 0, ${received})
    returning id`);
  const poLineId = Number(line.rows[0]!.id);
  if (received !== '0') {
    const receipt = await ctx.db.execute<{ id: number }>(sql`insert into receipts (number, po_id, vendor_id,
        received_on) values (${`RCV-T${poLineId}`}, ${poId}, ${vendorId}, '2026-01-06') returning id`);
    await ctx.db.execute(sql`insert into receipt_lines (receipt_id, po_line_id, account_id, quantity, unit_cost,
        amount) values (${receipt.rows[0]!.id}, ${poLineId}, ${account['5000']}, ${received}, ${receivedCost}, 0)`);
  }
  return { poId, poLineId };
}

const billBody = (vendorId: number, extra: object = {}) => ({
  vendor_id: vendorId,
  vendor_ref: '',
  bill_date: '2026-02-01',
  lines: [{ description: 'Licences', quantity: 2, unit_cost: 50.125, account_id: account['5100'] }],
  ...extra,
});

async function draft(vendorId: number, extra: object = {}): Promise<z.infer<typeof billSchema>> {
  const response = await call('POST', '/api/billing/bills', billBody(vendorId, extra));
  expect(response.statusCode, response.body).toBe(200);
  return billSchema.parse(response.json().data);
}

async function posted(vendorId: number, extra: object = {}) {
  const bill = await draft(vendorId, extra);
  const response = await call('POST', `/api/billing/bills/${bill.id}/post`);
  expect(response.statusCode, response.body).toBe(200);
  return billSchema.parse(response.json().data);
}

async function entryLines(entryId: number) {
  const result = await ctx.db.execute<{ number: string; debit: string; credit: string; vendor_id: number | null }>(
    sql`select a.number, l.debit::text as debit, l.credit::text as credit, l.vendor_id from journal_lines l
      join accounts a on a.id = l.account_id where l.entry_id = ${entryId} order by l.line_no`,
  );
  return result.rows.map((row) => ({
    account: row.number,
    debit: centsFromNumeric(row.debit),
    credit: centsFromNumeric(row.credit),
    vendor: row.vendor_id,
  }));
}

/** Account 2000's credit balance (cents) and the sub-ledger: open bills less credits and prepayments. */
async function apTie() {
  const ledger = await ctx.db.execute<{ b: string }>(sql`select coalesce(sum(credit - debit), 0)::text as b
    from journal_lines where account_id = ${account['2000']}`);
  const bills = await ctx.db.execute<{ b: string }>(
    sql`select coalesce(sum(balance), 0)::text as b from bills where status = 'posted'`,
  );
  const prepaid = await ctx.db.execute<{ b: string }>(sql`select coalesce(sum(p.amount - coalesce((select sum(a.amount)
      from allocations a where a.source_type = 'payment' and a.source_id = p.id and a.unapplied_on is null), 0)), 0)::text
      as b from payments p where p.direction = 'out' and p.vendor_id is not null and p.status = 'posted'`);
  return {
    ledger: centsFromNumeric(ledger.rows[0]!.b),
    subledger: centsFromNumeric(bills.rows[0]!.b) - centsFromNumeric(prepaid.rows[0]!.b),
  };
}

describe('gates', () => {
  it('needs view billing to read and approve billing to post, void and pay; clients get 403', async () => {
    const vendorId = await newVendor();
    expect((await call('GET', '/api/billing/bills', undefined, plain)).statusCode).toBe(403);
    expect((await call('GET', '/api/billing/bills', undefined, client)).statusCode).toBe(403);
    expect((await call('GET', '/api/billing/reports/agedpayables', undefined, plain)).statusCode).toBe(403);
    expect((await call('GET', '/api/billing/payments/made', undefined, client)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/billing/bills' })).statusCode).toBe(401);
    const made = await call('POST', '/api/billing/bills', billBody(vendorId), viewer);
    expect(made.statusCode).toBe(200);
    const id = made.json().data.id;
    expect((await call('POST', `/api/billing/bills/${id}/post`, undefined, viewer)).statusCode).toBe(403);
    expect((await call('POST', `/api/billing/bills/${id}/void`, {}, viewer)).statusCode).toBe(403);
    expect(
      (
        await call(
          'POST',
          '/api/billing/payments/made',
          { vendor_id: vendorId, payment_date: '2026-02-02', amount: 1 },
          viewer,
        )
      ).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/billing/bills/999999')).statusCode).toBe(404);
    expect((await call('GET', '/api/billing/bills/abc')).statusCode).toBe(404);
    expect((await call('POST', '/api/billing/payments/made/999999/void', {})).statusCode).toBe(404);
  });
});

describe('drafts', () => {
  it('saves lines with amount = round(qty x cost), due date = bill date + the vendor terms', async () => {
    const vendorId = await newVendor({ terms: 45 });
    const bill = await draft(vendorId);
    expect(bill.lines[0]!.amount).toBe(100.25);
    expect(bill.total).toBe(100.25);
    expect(bill.due_date).toBe('2026-03-18');
    expect(bill.status).toBe('draft');
    const list = await call('GET', `/api/billing/bills?vendor_id=${vendorId}`);
    expect(list.json().data.map((row: { id: number }) => row.id)).toEqual([bill.id]);
  });

  it('refuses a vendor reference taken by another bill of the vendor that is not void (any case)', async () => {
    const vendorId = await newVendor();
    await draft(vendorId, { vendor_ref: 'INV-77' });
    const again = await call('POST', '/api/billing/bills', billBody(vendorId, { vendor_ref: 'inv-77' }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.vendor_ref).toEqual([vendorRefTakenMessage]);
    const other = await newVendor();
    expect((await call('POST', '/api/billing/bills', billBody(other, { vendor_ref: 'INV-77' }))).statusCode).toBe(200);
  });

  it('needs an item or an account, unless the vendor has a default expense account', async () => {
    const bare = await newVendor({ expense: null });
    const response = await call(
      'POST',
      '/api/billing/bills',
      billBody(bare, { lines: [{ description: 'x', quantity: 1, unit_cost: 5 }] }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors['lines.0.account_id']).toEqual([billLineAccountMessage]);
    const withDefault = await newVendor({ expense: '5100' });
    const ok = await draft(withDefault, { lines: [{ description: 'x', quantity: 1, unit_cost: 5 }] });
    expect(ok.lines[0]!.account_id).toBe(account['5100']);
  });

  it('edits drafts only, 409 on a stale updated_at, deletes drafts', async () => {
    const vendorId = await newVendor();
    const bill = await draft(vendorId);
    const edited = await call('PUT', `/api/billing/bills/${bill.id}`, {
      ...billBody(vendorId, { memo: 'changed' }),
      updated_at: bill.updated_at,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const stale = await call('PUT', `/api/billing/bills/${bill.id}`, {
      ...billBody(vendorId),
      updated_at: bill.updated_at,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(billStaleMessage);
    const deleted = await call('DELETE', `/api/billing/bills/${bill.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', `/api/billing/bills/${bill.id}`)).statusCode).toBe(404);
    const post = await posted(vendorId);
    const locked = await call('PUT', `/api/billing/bills/${post.id}`, billBody(vendorId));
    expect(locked.statusCode).toBe(422);
    expect(locked.json().message).toBe(billOnlyDraftMessage);
    expect((await call('DELETE', `/api/billing/bills/${post.id}`)).statusCode).toBe(422);
  });

  it('refuses bad input with 422, never 500', async () => {
    const vendorId = await newVendor();
    for (const body of [
      {},
      { vendor_id: 'x' },
      billBody(vendorId, { lines: [] }),
      billBody(vendorId, { lines: [{ description: 'x', quantity: -1, unit_cost: 1, account_id: account['5100'] }] }),
      billBody(vendorId, { lines: [{ description: 'x', quantity: 1, unit_cost: 1.00001 }] }),
      billBody(999999),
      billBody(vendorId, { bill_date: '2026-02-30' }),
    ])
      expect((await call('POST', '/api/billing/bills', body)).statusCode).toBe(422);
  });
});

describe('posting and voiding', () => {
  it('posts Dr each line account, Cr 2000 with the vendor, dated the bill date', async () => {
    const vendorId = await newVendor();
    const bill = await posted(vendorId);
    expect(bill.status).toBe('posted');
    expect(bill.balance).toBe(100.25);
    expect(await entryLines(bill.journal_entry_id!)).toEqual([
      { account: '5100', debit: 10025, credit: 0, vendor: null },
      { account: '2000', debit: 0, credit: 10025, vendor: vendorId },
    ]);
  });

  it('bills a PO line: 2050 at the receipt cost for the received part, the difference to 5900, exact to the cent', async () => {
    const vendorId = await newVendor();
    // Ordered 10 at 32, 4 received at 33.3333 (133.33); the bill charges 4 at 35.1049 = 140.42 (140.4196).
    const { poLineId } = await poLine(vendorId, '10', '32', '4', '33.3333');
    const bill = await posted(vendorId, {
      lines: [{ description: 'Switch', quantity: 4, unit_cost: 35.1049, po_line_id: poLineId }],
    });
    expect(bill.total).toBe(140.42);
    expect(await entryLines(bill.journal_entry_id!)).toEqual([
      { account: '2050', debit: 13333, credit: 0, vendor: null },
      { account: '5900', debit: 709, credit: 0, vendor: null },
      { account: '2000', debit: 0, credit: 14042, vendor: vendorId },
    ]);
    const billed = await ctx.db.execute<{ q: string }>(sql`select billed_qty::text as q from po_lines
      where id = ${poLineId}`);
    expect(billed.rows[0]!.q).toBe('4.00');
    // A cheaper price credits the variance.
    const { poLineId: second } = await poLine(vendorId, '3', '20', '3', '20');
    const cheaper = await posted(vendorId, {
      lines: [{ description: 'Cable', quantity: 3, unit_cost: 19.5, po_line_id: second }],
    });
    expect(await entryLines(cheaper.journal_entry_id!)).toEqual([
      { account: '2050', debit: 6000, credit: 0, vendor: null },
      { account: '5900', debit: 0, credit: 150, vendor: null },
      { account: '2000', debit: 0, credit: 5850, vendor: vendorId },
    ]);
  });

  it('refuses billing more than ordered, and a PO line of another vendor', async () => {
    const vendorId = await newVendor();
    const { poLineId } = await poLine(vendorId, '5', '10', '5');
    await posted(vendorId, { lines: [{ description: 'a', quantity: 3, unit_cost: 10, po_line_id: poLineId }] });
    const over = await draft(vendorId, {
      lines: [{ description: 'b', quantity: 2.5, unit_cost: 10, po_line_id: poLineId }],
    });
    const response = await call('POST', `/api/billing/bills/${over.id}/post`);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors['lines.0.quantity']).toEqual([leftToBillMessage('2.00')]);
    const other = await newVendor();
    const foreign = await call(
      'POST',
      '/api/billing/bills',
      billBody(other, { lines: [{ description: 'b', quantity: 1, unit_cost: 10, po_line_id: poLineId }] }),
    );
    expect(foreign.json().errors['lines.0.po_line_id']).toEqual([poLineOtherVendorMessage]);
    const credit = await call(
      'POST',
      '/api/billing/bills',
      billBody(vendorId, {
        kind: 'credit',
        lines: [{ description: 'b', quantity: 1, unit_cost: 10, po_line_id: poLineId }],
      }),
    );
    expect(credit.json().errors['lines.0.po_line_id']).toEqual([creditWithPoMessage]);
  });

  it('from-po proposes received-not-billed first, then ordered-not-received', async () => {
    const vendorId = await newVendor();
    const { poId, poLineId } = await poLine(vendorId, '10', '12', '4', '11.5');
    const response = await call('GET', `/api/billing/bills/from-po/${poId}`);
    expect(response.statusCode).toBe(200);
    const lines = response.json().data.lines;
    expect(lines.map((l: { quantity: number; unit_cost: number }) => [l.quantity, l.unit_cost])).toEqual([
      [4, 11.5],
      [6, 12],
    ]);
    expect(lines[0].po_line_id).toBe(poLineId);
  });

  it('voids with the exact reversal, lowers billed_qty back, frees the reference', async () => {
    const vendorId = await newVendor();
    const { poLineId } = await poLine(vendorId, '2', '10', '2');
    const bill = await posted(vendorId, {
      vendor_ref: 'V-1',
      lines: [{ description: 'a', quantity: 2, unit_cost: 10, po_line_id: poLineId }],
    });
    const response = await call('POST', `/api/billing/bills/${bill.id}/void`, { date: '2026-02-10', reason: 'dup' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.status).toBe('void');
    const reversal = await ctx.db.execute<{ id: number }>(
      sql`select id from journal_entries where reverses_id = ${bill.journal_entry_id}`,
    );
    expect(await entryLines(Number(reversal.rows[0]!.id))).toEqual([
      { account: '2050', debit: 0, credit: 2000, vendor: null },
      { account: '2000', debit: 2000, credit: 0, vendor: vendorId },
    ]);
    const billed = await ctx.db.execute<{ q: string }>(sql`select billed_qty::text as q from po_lines
      where id = ${poLineId}`);
    expect(billed.rows[0]!.q).toBe('0.00');
    await draft(vendorId, { vendor_ref: 'V-1' });
  });

  it('refuses a void with active allocations and a bill dated in the closed period', async () => {
    const vendorId = await newVendor();
    const bill = await posted(vendorId);
    const pay = await call('POST', '/api/billing/payments/made', {
      vendor_id: vendorId,
      payment_date: '2026-02-05',
      amount: 10,
      allocations: [{ bill_id: bill.id, amount: 10 }],
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const response = await call('POST', `/api/billing/bills/${bill.id}/void`, { date: '2026-02-10' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(billVoidWithAllocationsMessage);
    await ctx.db.update(billingSettings).set({ lockDate: '2025-12-31' });
    try {
      const old = await draft(vendorId, { bill_date: '2025-12-15' });
      const closed = await call('POST', `/api/billing/bills/${old.id}/post`);
      expect(closed.statusCode).toBe(422);
      expect(closed.json().errors.date).toEqual([periodClosedMessage]);
    } finally {
      await ctx.db.update(billingSettings).set({ lockDate: null });
    }
  });
});

describe('payments made and vendor credits', () => {
  it('pays partly by check: Dr 2000 Cr 1000, the bill stays open with its balance; the rest is a prepayment', async () => {
    const vendorId = await newVendor();
    const bill = await posted(vendorId);
    const response = await call('POST', '/api/billing/payments/made', {
      vendor_id: vendorId,
      payment_date: '2026-02-05',
      method: 'check',
      reference: '1001',
      amount: 60,
      allocations: [{ bill_id: bill.id, amount: 40 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const payment = paymentMadeSchema.parse(response.json().data);
    expect(payment).toMatchObject({ amount: 60, applied: 40, unapplied: 20, account_number: '1000' });
    // The stored prepayment (payments.unapplied, kept by the allocation triggers: migration 0052) agrees.
    const stored = await ctx.db.execute<{ unapplied: string }>(
      sql`select unapplied::text as unapplied from payments where id = ${payment.id}`,
    );
    expect(stored.rows[0]!.unapplied).toBe('20.00');
    expect(await entryLines(payment.journal_entry_id!)).toEqual([
      { account: '2000', debit: 6000, credit: 0, vendor: vendorId },
      { account: '1000', debit: 0, credit: 6000, vendor: null },
    ]);
    const after = billSchema.parse((await call('GET', `/api/billing/bills/${bill.id}`)).json().data);
    expect(after.balance).toBe(60.25);
    expect(after.closed_on).toBeNull();
    const payable = (await call('GET', `/api/billing/vendors/${vendorId}/payable`)).json().data;
    expect(payable.bills.map((b: { id: number }) => b.id)).toEqual([bill.id]);
    expect(payable.balance).toBe(40.25);
    // Over-applying is refused and changes nothing.
    const before = await apTie();
    const over = await call('POST', '/api/billing/payments/made', {
      vendor_id: vendorId,
      payment_date: '2026-02-06',
      amount: 100,
      allocations: [{ bill_id: bill.id, amount: 61 }],
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors['allocations.0.amount']).toEqual([billAllocationOverBalanceMessage]);
    expect(await apTie()).toEqual(before);
    // The 20.00 prepayment is applied to the bill later; never more than is left of it.
    const tooMuch = await call('POST', `/api/billing/payments/made/${payment.id}/apply`, {
      bill_id: bill.id,
      amount: 20.01,
      date: '2026-02-06',
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount).toEqual([billAllocationOverSourceMessage]);
    const applied = await call('POST', `/api/billing/payments/made/${payment.id}/apply`, {
      bill_id: bill.id,
      amount: 20,
      date: '2026-02-06',
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({ applied: 60, unapplied: 0 });
    expect(billSchema.parse((await call('GET', `/api/billing/bills/${bill.id}`)).json().data).balance).toBe(40.25);
    const other = await newVendor();
    const foreign = await call('POST', '/api/billing/payments/made', {
      vendor_id: other,
      payment_date: '2026-02-06',
      amount: 1,
      allocations: [{ bill_id: bill.id, amount: 1 }],
    });
    expect(foreign.json().errors['allocations.0.bill_id']).toEqual([otherVendorBillMessage]);
  });

  it('payments at once never over-apply a bill', async () => {
    const vendorId = await newVendor();
    const bill = await posted(vendorId); // 100.25
    const pay = () =>
      call('POST', '/api/billing/payments/made', {
        vendor_id: vendorId,
        payment_date: '2026-02-07',
        amount: 30,
        allocations: [{ bill_id: bill.id, amount: 30 }],
      });
    const results = await Promise.all([pay(), pay(), pay(), pay(), pay(), pay()]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 422, 422, 422]);
    const after = billSchema.parse((await call('GET', `/api/billing/bills/${bill.id}`)).json().data);
    expect(after.balance).toBe(10.25);
    expect(after.allocations.reduce((sum, a) => sum + a.amount, 0)).toBe(90);
    const tie = await apTie();
    expect(tie.ledger).toBe(tie.subledger);
  });

  it('a void of a payment unapplies it and restores the balances', async () => {
    const vendorId = await newVendor();
    const bill = await posted(vendorId);
    const pay = await call('POST', '/api/billing/payments/made', {
      vendor_id: vendorId,
      payment_date: '2026-02-05',
      amount: 100.25,
      allocations: [{ bill_id: bill.id, amount: 100.25 }],
    });
    const paid = billSchema.parse((await call('GET', `/api/billing/bills/${bill.id}`)).json().data);
    expect(paid.balance).toBe(0);
    expect(paid.closed_on).toBe('2026-02-05');
    const voided = await call('POST', `/api/billing/payments/made/${pay.json().data.id}/void`, { date: '2026-02-08' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data).toMatchObject({ status: 'void', applied: 0 });
    const after = billSchema.parse((await call('GET', `/api/billing/bills/${bill.id}`)).json().data);
    expect(after.balance).toBe(100.25);
    expect(after.closed_on).toBeNull();
    expect((await call('POST', `/api/billing/payments/made/${pay.json().data.id}/void`, {})).statusCode).toBe(422);
  });

  it('a vendor credit posts Dr 2000 Cr the line account and is applied to a bill like a payment', async () => {
    const vendorId = await newVendor();
    const bill = await posted(vendorId);
    const credit = await posted(vendorId, {
      kind: 'credit',
      vendor_ref: 'CM-1',
      lines: [{ description: 'Return', quantity: 1, unit_cost: 30, account_id: account['5100'] }],
    });
    expect(credit.total).toBe(-30);
    expect(credit.balance).toBe(-30);
    expect(await entryLines(credit.journal_entry_id!)).toEqual([
      { account: '5100', debit: 0, credit: 3000, vendor: null },
      { account: '2000', debit: 3000, credit: 0, vendor: vendorId },
    ]);
    const applied = await call('POST', `/api/billing/bills/${credit.id}/apply`, {
      bill_id: bill.id,
      amount: 30,
      date: '2026-02-03',
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data.credit.balance).toBe(0);
    const after = billSchema.parse((await call('GET', `/api/billing/bills/${bill.id}`)).json().data);
    expect(after.balance).toBe(70.25);
    const tie = await apTie();
    expect(tie.ledger).toBe(tie.subledger);
  });
});

describe('aged payables', () => {
  it('buckets by days past due, shows credits, and ties to 2000 as of the date', async () => {
    const vendorId = await newVendor({ terms: 30 });
    // Due 2026-03-03 (bill 2026-02-01 + 30): as of 2026-03-03 Current, 2026-04-02 in 1-30, 2026-04-03 in 31-60.
    const bill = await posted(vendorId);
    await call('POST', '/api/billing/payments/made', {
      vendor_id: vendorId,
      payment_date: '2026-03-10',
      amount: 120,
      allocations: [{ bill_id: bill.id, amount: 100.25 }],
    });
    const report = async (asOf: string, basis = 'due_date') => {
      const response = await call('GET', `/api/billing/reports/agedpayables?as_of=${asOf}&basis=${basis}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      const row = body.data.find((r: { vendor_id: number }) => r.vendor_id === vendorId);
      return { body, row };
    };
    const due = await report('2026-03-03');
    expect(due.row.buckets).toEqual([100.25, 0, 0, 0, 0]);
    expect(due.body.tie.difference).toBe(0);
    const late = await report('2026-03-04');
    expect(late.row.buckets).toEqual([0, 100.25, 0, 0, 0]);
    // After the payment: the bill is closed, the 19.75 prepayment is an unapplied credit.
    const paid = await report('2026-03-10');
    expect(paid.row).toMatchObject({ buckets: [0, 0, 0, 0, 0], credits: -19.75, total: -19.75 });
    expect(paid.body.tie.difference).toBe(0);
    // One vendor's report (its own rows' allocations) answers what every vendor's report has for it.
    for (const asOf of ['2026-03-04', '2026-03-10']) {
      const one = await call('GET', `/api/billing/reports/agedpayables?as_of=${asOf}&vendor_id=${vendorId}`);
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json().data).toEqual([(await report(asOf)).row]);
    }
    const byBillDate = await report('2026-03-04', 'bill_date');
    expect(byBillDate.row.buckets).toEqual([0, 0, 100.25, 0, 0]);
    const csv = await call('GET', '/api/billing/reports/agedpayables?as_of=2026-03-10&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Accounts Payable (2000) as of 2026-03-10');
    const tie = await apTie();
    expect(tie.ledger).toBe(tie.subledger);
  });
});
