import { periodClosedMessage, twoDecimalsMessage } from '@switchboard/shared/billing/ledger';
import { centsFromNumeric } from '@switchboard/shared/billing/money';
import {
  allocationOverBalanceMessage,
  allocationOverSourceMessage,
  allocationPositiveMessage,
} from '@switchboard/shared/billing/payment-state';
import {
  alreadyUnappliedMessage,
  dateBeforeDocumentsMessage,
  bankAccountMessage,
  depositedPaymentVoidMessage,
  depositToAccountMessage,
  allocationsOverPaymentMessage,
  duplicateInvoiceMessage,
  onlyUndepositedMessage,
  otherCompanyInvoiceMessage,
  unknownCompanyMessage,
  voidWithAllocationsPaymentMessage,
  type PaymentRow,
  type ReceivableResponse,
} from '@switchboard/shared/billing/payments';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { companies } from '../companies/companies.table.ts';
import { approveInvoice, writeDraftInvoice } from './invoice-drafts.ts';
import { postInvoice } from './invoice-posting.ts';
import { billingSettings } from './ledger.table.ts';

// Payments received, allocations, write-offs, refunds and deposits (issue 27 part 6; designs/billing.md §3.6, §7
// Payments): the design's cases through the API on a real database, the permissions and 422 texts, two allocations
// of one payment at once, and after every test the tie AR (1100) = open invoice balances − unapplied credits.

let ctx: TestContext;
let viewer: string; // 'view billing'
let approver: string; // 'view billing' + 'approve billing'
let client: string;
let plain: string;
let actorId: number;
const account: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const rows = await ctx.db.execute<{ id: number; number: string }>(sql`select id, number from accounts`);
  for (const row of rows.rows) account[row.number] = row.id;
  const v = await createUser(ctx.db, { permissions: ['view billing'] });
  viewer = (await login(ctx.app, v.email, v.password)).access_token;
  const a = await createUser(ctx.db, { permissions: ['view billing', 'approve billing'] });
  approver = (await login(ctx.app, a.email, a.password)).access_token;
  actorId = a.id;
  const c = await createUser(ctx.db, { type: 'Client', permissions: ['view billing', 'approve billing'] });
  client = (await login(ctx.app, c.email, c.password)).access_token;
  const p = await createUser(ctx.db, { permissions: [] });
  plain = (await login(ctx.app, p.email, p.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object, as = approver) =>
  ctx.app.inject({ method, url, headers: bearer(as), payload });

let companyCount = 0;
async function newCompany(): Promise<number> {
  companyCount += 1;
  const [row] = await ctx.db
    .insert(companies)
    .values({ name: `Payer ${companyCount}` })
    .returning({ id: companies.id });
  return row!.id;
}

/** A posted credit note of `dollars` (negative lines) not tied to an invoice: the company's credit to apply. */
async function postedCreditNote(companyId: number, dollars: number, date: string): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const id = await writeDraftInvoice(
      tx,
      {
        companyId,
        type: 'credit_note',
        invoiceDate: date,
        lines: [
          {
            kind: 'item',
            accountId: account['4100'],
            description: 'Goodwill credit',
            quantity: '1',
            unitPrice: (-dollars).toFixed(4),
            amount: -Math.round(dollars * 100),
            taxable: 0,
          },
        ],
      },
      actorId,
    );
    await approveInvoice(tx, id, actorId);
    await postInvoice(tx, id, actorId, date);
    return id;
  });
}

/** A posted one-off invoice of `dollars` (no tax) through the invoices module's own functions. */
async function postedInvoice(companyId: number, dollars: number, date: string): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const id = await writeDraftInvoice(
      tx,
      {
        companyId,
        type: 'one_off',
        invoiceDate: date,
        // Due far ahead, so the states asserted here do not turn Overdue as the calendar moves.
        paymentTerms: 365,
        lines: [
          {
            kind: 'item',
            accountId: account['4100'],
            description: 'Labor',
            quantity: '1',
            unitPrice: dollars.toFixed(4),
            taxable: 0,
          },
        ],
      },
      actorId,
    );
    await approveInvoice(tx, id, actorId);
    await postInvoice(tx, id, actorId, date);
    return id;
  });
}

async function invoiceRow(id: number) {
  const result = await ctx.db.execute<{ balance: string; closed_on: string | null }>(
    sql`select balance::text as balance, closed_on::text as closed_on from invoices where id = ${id}`,
  );
  return { balance: centsFromNumeric(result.rows[0]!.balance) / 100, closed_on: result.rows[0]!.closed_on };
}

async function receivable(companyId: number): Promise<ReceivableResponse> {
  const response = await call('GET', `/api/billing/companies/${companyId}/receivable`, undefined, viewer);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ReceivableResponse }>().data;
}

const receive = (payload: object, as = viewer) => call('POST', '/api/billing/payments/received', payload, as);

async function received(payload: object): Promise<PaymentRow> {
  const response = await receive(payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: PaymentRow }>().data;
}

const payment = (companyId: number, amount: number, extra: object = {}) => ({
  company_id: companyId,
  payment_date: '2026-11-20',
  method: 'check',
  reference: '1042',
  amount,
  ...extra,
});

/**
 * The model's tie (design §7): AR's balance in the ledger equals the posted invoices' open balances, minus credit
 * notes' unapplied balances, minus payments' unapplied remainders, per company and in all.
 */
async function expectArTies(): Promise<void> {
  const result = await ctx.db.execute<{ company_id: number; ledger: string; documents: string }>(sql`
    with ledger as (
      select company_id, sum(debit - credit) as amount from journal_lines
      where account_id = ${account['1100']} group by company_id
    ), documents as (
      select company_id, sum(balance) as amount from invoices where status = 'posted' group by company_id
      union all
      select p.company_id, -(p.amount - coalesce((select sum(a.amount) from allocations a
        where a.source_type = 'payment' and a.source_id = p.id and a.unapplied_on is null), 0))
      from payments p where p.direction = 'in' and p.status = 'posted'
    )
    select c.id as company_id, coalesce((select amount from ledger l where l.company_id = c.id), 0)::text as ledger,
      coalesce((select sum(amount) from documents d where d.company_id = c.id), 0)::text as documents
    from companies c`);
  for (const row of result.rows)
    expect({ company: row.company_id, ar: centsFromNumeric(row.ledger) }).toEqual({
      company: row.company_id,
      ar: centsFromNumeric(row.documents),
    });
}

describe('payments received (design §7 Payments)', () => {
  it('30 of 50 leaves 20 open, Partially Paid, and posts 1050 / 1100 at once', async () => {
    const companyId = await newCompany();
    const invoiceId = await postedInvoice(companyId, 50, '2026-11-01');
    const paid = await received(payment(companyId, 30, { allocations: [{ invoice_id: invoiceId, amount: 30 }] }));
    expect(paid).toMatchObject({ amount: 30, applied: 30, unapplied: 0, undeposited: true, account_number: '1050' });
    expect(await invoiceRow(invoiceId)).toEqual({ balance: 20, closed_on: null });
    const open = await receivable(companyId);
    expect(open.invoices).toEqual([expect.objectContaining({ id: invoiceId, balance: 20, state: 'Partially Paid' })]);
    expect(open.credits).toEqual([]);
    const lines = await ctx.db.execute<{ account_id: number; debit: string; credit: string }>(
      sql`select account_id, debit::text as debit, credit::text as credit from journal_lines
        where entry_id = ${paid.journal_entry_id} order by line_no`,
    );
    expect(lines.rows).toEqual([
      { account_id: account['1050'], debit: '30.00', credit: '0.00' },
      { account_id: account['1100'], debit: '0.00', credit: '30.00' },
    ]);
    const events = await ctx.db.execute<{ entity_type: string; event: string }>(
      sql`select entity_type, event from billing_events where company_id = ${companyId} order by id`,
    );
    expect(events.rows.map((row) => `${row.entity_type} ${row.event}`)).toEqual(
      expect.arrayContaining(['payment received', 'invoice paid']),
    );
    await expectArTies();
  });

  it('60 of 50 pays the invoice (closed on the payment date) and leaves 10 credit, offered on the next', async () => {
    const companyId = await newCompany();
    const invoiceId = await postedInvoice(companyId, 50, '2026-11-01');
    const paid = await received(payment(companyId, 60, { allocations: [{ invoice_id: invoiceId, amount: 50 }] }));
    expect(paid).toMatchObject({ applied: 50, unapplied: 10 });
    expect(await invoiceRow(invoiceId)).toEqual({ balance: 0, closed_on: '2026-11-20' });
    const next = await postedInvoice(companyId, 50, '2026-11-02');
    const open = await receivable(companyId);
    expect(open.invoices.map((row) => row.id)).toEqual([next]);
    expect(open.credits).toEqual([
      expect.objectContaining({ source_type: 'payment', source_id: paid.id, available: 10, label: expect.any(String) }),
    ]);
    expect(open.balance).toBe(40);

    // A partial credit lowers the balance and never marks the invoice Paid (Invoice Ninja #11024).
    const applied = await call(
      'POST',
      '/api/billing/allocations',
      { source_type: 'payment', source_id: paid.id, invoice_id: next, amount: 10, date: '2026-11-21' },
      viewer,
    );
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await invoiceRow(next)).toEqual({ balance: 40, closed_on: null });
    expect((await receivable(companyId)).invoices[0]).toMatchObject({ balance: 40, state: 'Partially Paid' });
    const over = await call(
      'POST',
      '/api/billing/allocations',
      { source_type: 'payment', source_id: paid.id, invoice_id: next, amount: 0.01 },
      viewer,
    );
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({ amount: [allocationOverSourceMessage] });

    const list = await call('GET', `/api/billing/payments/received?company_id=${companyId}&unapplied=1`);
    expect(list.json().data).toEqual([]);
    await expectArTies();
  });

  it('auto-apply pays the oldest invoice first and leaves the rest as credit', async () => {
    const companyId = await newCompany();
    const newer = await postedInvoice(companyId, 50, '2026-11-05');
    const older = await postedInvoice(companyId, 40, '2026-10-05');
    const paid = await received(payment(companyId, 100, { auto_apply: true }));
    expect(await invoiceRow(older)).toEqual({ balance: 0, closed_on: '2026-11-20' });
    expect(await invoiceRow(newer)).toEqual({ balance: 0, closed_on: '2026-11-20' });
    expect(paid.unapplied).toBe(10);

    const c2 = await newCompany();
    const b = await postedInvoice(c2, 50, '2026-11-05');
    const a = await postedInvoice(c2, 40, '2026-10-05');
    await received(payment(c2, 60, { auto_apply: true }));
    expect((await invoiceRow(a)).balance).toBe(0);
    expect((await invoiceRow(b)).balance).toBe(30);
    const list = await call('GET', `/api/billing/payments/received?company_id=${c2}&method=check`);
    expect(list.json()).toMatchObject({ total: 1, data: [{ applied: 60, unapplied: 0 }] });
    await expectArTies();
  });

  it('refuses bad input with field messages and changes nothing', async () => {
    const companyId = await newCompany();
    const other = await newCompany();
    const invoiceId = await postedInvoice(companyId, 50, '2026-11-01');
    const otherInvoice = await postedInvoice(other, 50, '2026-11-01');
    const cases: [object, Record<string, string[]>][] = [
      [payment(companyId, 0), { amount: [allocationPositiveMessage] }],
      [payment(companyId, -5), { amount: [allocationPositiveMessage] }],
      [payment(companyId, 10.123), { amount: [twoDecimalsMessage] }],
      [payment(999_999, 10), { company_id: [unknownCompanyMessage] }],
      [payment(companyId, 10, { account_id: account['4100'] }), { account_id: [depositToAccountMessage] }],
      [
        payment(companyId, 10, { allocations: [{ invoice_id: otherInvoice, amount: 10 }] }),
        { 'allocations.0.invoice_id': [otherCompanyInvoiceMessage] },
      ],
      [
        payment(companyId, 60, { allocations: [{ invoice_id: invoiceId, amount: 60 }] }),
        { 'allocations.0.amount': [allocationOverBalanceMessage] },
      ],
      [
        payment(companyId, 10, { allocations: [{ invoice_id: invoiceId, amount: 20 }] }),
        { allocations: [allocationsOverPaymentMessage] },
      ],
      [
        payment(companyId, 10, {
          allocations: [
            { invoice_id: invoiceId, amount: 5 },
            { invoice_id: invoiceId, amount: 5 },
          ],
        }),
        { 'allocations.1.invoice_id': [duplicateInvoiceMessage] },
      ],
    ];
    for (const [body, errors] of cases) {
      const response = await receive(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors).toEqual(errors);
    }
    const count = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from payments where company_id in (${companyId}, ${other})`,
    );
    expect(count.rows[0]!.n).toBe(0);
    expect((await invoiceRow(invoiceId)).balance).toBe(50);

    await ctx.db
      .insert(billingSettings)
      .values({ id: 1, lockDate: '2026-06-30' })
      .onConflictDoUpdate({ target: billingSettings.id, set: { lockDate: '2026-06-30' } });
    try {
      const closed = await receive(payment(companyId, 10, { payment_date: '2026-06-15' }));
      expect(closed.statusCode).toBe(422);
      expect(closed.json().errors).toEqual({ date: [periodClosedMessage] });
    } finally {
      await ctx.db.execute(sql`update billing_settings set lock_date = null where id = 1`);
    }
  });

  it('answers 403 to client accounts and staff without view billing, and 404 for an unknown company', async () => {
    const companyId = await newCompany();
    for (const token of [client, plain]) {
      expect((await call('GET', '/api/billing/payments/received', undefined, token)).statusCode).toBe(403);
      expect((await receive(payment(companyId, 10), token)).statusCode).toBe(403);
      expect((await call('GET', `/api/billing/companies/${companyId}/receivable`, undefined, token)).statusCode).toBe(
        403,
      );
    }
    expect((await call('GET', '/api/billing/companies/999999/receivable')).statusCode).toBe(404);
  });
});

describe('allocations, unapply and void', () => {
  it('two simultaneous allocations of one payment can never overdraw it', async () => {
    const companyId = await newCompany();
    const first = await postedInvoice(companyId, 40, '2026-11-01');
    const second = await postedInvoice(companyId, 40, '2026-11-02');
    const paid = await received(payment(companyId, 50));
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(
        [first, second].map((invoiceId) =>
          call(
            'POST',
            '/api/billing/allocations',
            { source_type: 'payment', source_id: paid.id, invoice_id: invoiceId, amount: 40 },
            viewer,
          ),
        ),
      );
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes).toEqual([200, 422]);
      const refused = answers.find((answer) => answer.statusCode === 422)!;
      expect(refused.json().errors).toEqual({ amount: [allocationOverSourceMessage] });
      const applied = answers.find((answer) => answer.statusCode === 200)!.json().data.id as number;
      const unapply = await call('POST', `/api/billing/allocations/${applied}/unapply`, {});
      expect(unapply.statusCode, unapply.body).toBe(200);
    }
    const used = await ctx.db.execute<{ n: string }>(
      sql`select coalesce(sum(amount), 0)::text as n from allocations
        where source_type = 'payment' and source_id = ${paid.id} and unapplied_on is null`,
    );
    expect(used.rows[0]!.n).toBe('0');
    await expectArTies();
  });

  it('unapply (approve billing) keeps the row with unapplied_on, restores the balance; void reverses', async () => {
    const companyId = await newCompany();
    const invoiceId = await postedInvoice(companyId, 50, '2026-11-01');
    const paid = await received(payment(companyId, 50, { allocations: [{ invoice_id: invoiceId, amount: 50 }] }));
    expect(await invoiceRow(invoiceId)).toEqual({ balance: 0, closed_on: '2026-11-20' });
    expect((await receivable(companyId)).invoices).toEqual([]);

    const blocked = await call('POST', `/api/billing/payments/${paid.id}/void`, { reason: 'Bounced' });
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().errors).toEqual({ id: [voidWithAllocationsPaymentMessage] });
    const [allocation] = (
      await ctx.db.execute<{ id: number }>(
        sql`select id from allocations where source_type = 'payment' and source_id = ${paid.id}`,
      )
    ).rows;
    const url = `/api/billing/allocations/${allocation!.id}/unapply`;
    expect((await call('POST', url, {}, viewer)).statusCode).toBe(403);
    const undone = await call('POST', url, { date: '2026-11-22' });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().data).toMatchObject({ applied_on: '2026-11-20', unapplied_on: '2026-11-22' });
    expect(await invoiceRow(invoiceId)).toEqual({ balance: 50, closed_on: null });
    const again = await call('POST', url, {});
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ id: [alreadyUnappliedMessage] });

    expect(
      (await call('POST', `/api/billing/payments/${paid.id}/void`, { reason: 'Bounced' }, viewer)).statusCode,
    ).toBe(403);
    const noReason = await call('POST', `/api/billing/payments/${paid.id}/void`, { reason: ' ' });
    expect(noReason.statusCode).toBe(422);
    const voided = await call('POST', `/api/billing/payments/${paid.id}/void`, {
      reason: 'Bounced',
      date: '2026-11-23',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data).toMatchObject({ status: 'void', unapplied: 0, void_date: '2026-11-23' });
    const reversal = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from journal_entries where reverses_id = ${paid.journal_entry_id}`,
    );
    expect(reversal.rows[0]!.n).toBe(1);
    expect((await receivable(companyId)).invoices).toEqual([expect.objectContaining({ balance: 50, state: 'Open' })]);
    expect((await call('POST', `/api/billing/payments/${paid.id}/void`, { reason: 'Twice' })).statusCode).toBe(422);
    await expectArTies();
  });
});

describe('write-offs, refunds and deposits', () => {
  it('writes off a remainder to 6100 (approve billing), refusing more than the balance', async () => {
    const companyId = await newCompany();
    const invoiceId = await postedInvoice(companyId, 50, '2026-11-01');
    const body = { invoice_id: invoiceId, amount: 20, reason: 'Small balance', date: '2026-11-25' };
    expect((await call('POST', '/api/billing/write-offs', body, viewer)).statusCode).toBe(403);
    const over = await call('POST', '/api/billing/write-offs', { ...body, amount: 60 });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({ amount: [allocationOverBalanceMessage] });
    const done = await call('POST', '/api/billing/write-offs', body);
    expect(done.statusCode, done.body).toBe(200);
    expect(await invoiceRow(invoiceId)).toEqual({ balance: 30, closed_on: null });
    const lines = await ctx.db.execute<{ account_id: number; debit: string }>(
      sql`select account_id, debit::text as debit from journal_lines
        where entry_id = ${done.json().data.journal_entry_id} order by line_no`,
    );
    expect(lines.rows.map((row) => row.account_id)).toEqual([account['6100'], account['1100']]);
    await expectArTies();
  });

  it('refunds a credit from a bank account and takes it off what is left', async () => {
    const companyId = await newCompany();
    const paid = await received(payment(companyId, 25));
    const body = {
      company_id: companyId,
      source_type: 'payment',
      source_id: paid.id,
      amount: 20,
      account_id: account['1000'],
      method: 'check',
      reference: '5001',
      date: '2026-11-24',
    };
    expect((await call('POST', '/api/billing/refunds', body, viewer)).statusCode).toBe(403);
    const notBank = await call('POST', '/api/billing/refunds', { ...body, account_id: account['1050'] });
    expect(notBank.json().errors).toEqual({ account_id: [bankAccountMessage] });
    const over = await call('POST', '/api/billing/refunds', { ...body, amount: 30 });
    expect(over.json().errors).toEqual({ amount: [allocationOverSourceMessage] });
    const done = await call('POST', '/api/billing/refunds', body);
    expect(done.statusCode, done.body).toBe(200);
    const row = (await call('GET', `/api/billing/payments/${paid.id}`)).json().data as PaymentRow;
    expect(row).toMatchObject({ refunded: 20, unapplied: 5 });
    await expectArTies();
  });

  it('deposits undeposited payments to a bank once, and a deposited payment is not voided', async () => {
    const companyId = await newCompany();
    const a = await received(payment(companyId, 10));
    const b = await received(payment(companyId, 15.5, { method: 'ach', reference: '' }));
    const banked = await received(payment(companyId, 5, { account_id: account['1000'] }));
    const undeposited = await call('GET', `/api/billing/payments/received?company_id=${companyId}&undeposited=1`);
    expect(
      undeposited
        .json()
        .data.map((row: PaymentRow) => row.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());

    const bad = await call('POST', '/api/billing/deposits', {
      account_id: account['1000'],
      date: '2026-11-25',
      payment_ids: [a.id, banked.id],
    });
    expect(bad.json().errors).toEqual({ payment_ids: [onlyUndepositedMessage] });
    const done = await call(
      'POST',
      '/api/billing/deposits',
      { account_id: account['1000'], date: '2026-11-25', payment_ids: [a.id, b.id] },
      viewer,
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ total: 25.5, payment_ids: [a.id, b.id].sort((x, y) => x - y) });
    const twice = await call('POST', '/api/billing/deposits', {
      account_id: account['1000'],
      date: '2026-11-25',
      payment_ids: [a.id],
    });
    expect(twice.json().errors).toEqual({ payment_ids: [onlyUndepositedMessage] });
    const voided = await call('POST', `/api/billing/payments/${a.id}/void`, { reason: 'Bounced' });
    expect(voided.json().errors).toEqual({ id: [depositedPaymentVoidMessage] });
    const balance = await ctx.db.execute<{ n: string }>(
      sql`select coalesce(sum(debit - credit), 0)::text as n from journal_lines
        where entry_id = ${done.json().data.journal_entry_id} and account_id = ${account['1050']}`,
    );
    expect(balance.rows[0]!.n).toBe('-25.50');
    await expectArTies();
  });
});

describe('credit notes, dates and announcements', () => {
  it('applies a credit note partly (never Paid), unapplies it and refunds the rest', async () => {
    const companyId = await newCompany();
    const invoiceId = await postedInvoice(companyId, 50, '2026-11-01');
    const creditId = await postedCreditNote(companyId, 30, '2026-11-02');
    expect((await receivable(companyId)).credits).toEqual([
      expect.objectContaining({ source_type: 'credit_note', source_id: creditId, available: 30 }),
    ]);
    const body = {
      source_type: 'credit_note',
      source_id: creditId,
      invoice_id: invoiceId,
      amount: 20,
      date: '2026-11-03',
    };
    const applied = await call('POST', '/api/billing/allocations', body, viewer);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await invoiceRow(invoiceId)).toEqual({ balance: 30, closed_on: null });
    expect(await invoiceRow(creditId)).toEqual({ balance: -10, closed_on: null });
    expect((await receivable(companyId)).invoices[0]).toMatchObject({ state: 'Partially Paid' });
    const over = await call('POST', '/api/billing/allocations', { ...body, amount: 10.01 }, viewer);
    expect(over.json().errors).toEqual({ amount: [allocationOverSourceMessage] });
    await expectArTies();

    const undone = await call('POST', `/api/billing/allocations/${applied.json().data.id}/unapply`, {
      date: '2026-11-04',
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await invoiceRow(invoiceId)).toEqual({ balance: 50, closed_on: null });
    expect(await invoiceRow(creditId)).toEqual({ balance: -30, closed_on: null });

    const refund = await call('POST', '/api/billing/refunds', {
      company_id: companyId,
      source_type: 'credit_note',
      source_id: creditId,
      amount: 30,
      account_id: account['1000'],
      method: 'check',
      reference: '7001',
      date: '2026-11-05',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await invoiceRow(creditId)).toEqual({ balance: 0, closed_on: '2026-11-05' });
    expect((await receivable(companyId)).credits).toEqual([]);
    await expectArTies();
  });

  it('refuses a closed date, a date before the payment or invoice, and another company’s invoice', async () => {
    const companyId = await newCompany();
    const other = await newCompany();
    const invoiceId = await postedInvoice(companyId, 50, '2026-11-10');
    const otherInvoice = await postedInvoice(other, 50, '2026-11-10');
    const paid = await received(payment(companyId, 40));
    const body = { source_type: 'payment', source_id: paid.id, invoice_id: invoiceId, amount: 10 };
    const early = await call('POST', '/api/billing/allocations', { ...body, date: '2026-11-15' }, viewer);
    expect(early.json().errors).toEqual({ date: [dateBeforeDocumentsMessage] });
    const elsewhere = await call('POST', '/api/billing/allocations', { ...body, invoice_id: otherInvoice }, viewer);
    expect(elsewhere.json().errors).toEqual({ invoice_id: [otherCompanyInvoiceMessage] });
    const beforeInvoice = await receive(
      payment(companyId, 10, { payment_date: '2026-11-05', allocations: [{ invoice_id: invoiceId, amount: 10 }] }),
    );
    expect(beforeInvoice.json().errors).toEqual({ payment_date: [dateBeforeDocumentsMessage] });
    await ctx.db.execute(sql`update billing_settings set lock_date = '2026-11-21' where id = 1`);
    try {
      const closed = await call('POST', '/api/billing/allocations', { ...body, date: '2026-11-21' }, viewer);
      expect(closed.json().errors).toEqual({ date: [periodClosedMessage] });
    } finally {
      await ctx.db.execute(sql`update billing_settings set lock_date = null where id = 1`);
    }
    expect((await invoiceRow(invoiceId)).balance).toBe(50);
  });

  it('announces PaymentUpdated, InvoiceUpdated and LedgerPosted after commit, and nothing when refused', async () => {
    const companyId = await newCompany();
    const invoiceId = await postedInvoice(companyId, 50, '2026-11-01');
    const emit = vi.spyOn(ctx.app.realtime, 'emitToStaff');
    try {
      const refused = await receive(payment(companyId, 10, { allocations: [{ invoice_id: invoiceId, amount: 60 }] }));
      expect(refused.statusCode).toBe(422);
      expect(emit).not.toHaveBeenCalled();
      const paid = await received(payment(companyId, 30, { allocations: [{ invoice_id: invoiceId, amount: 30 }] }));
      const events = emit.mock.calls.map(([channel, event, data]) => ({ channel, event, data }));
      expect(events).toEqual([
        { channel: 'billing', event: 'PaymentUpdated', data: { id: paid.id, company_id: companyId } },
        { channel: 'billing', event: 'InvoiceUpdated', data: { id: invoiceId, company_id: companyId } },
        {
          channel: 'billing',
          event: 'LedgerPosted',
          data: expect.objectContaining({
            entry_id: paid.journal_entry_id,
            accounts: [account['1050'], account['1100']],
          }),
        },
      ]);
    } finally {
      emit.mockRestore();
    }
  });
});
