import { invoiceRowSchema, type InvoiceRow } from '@switchboard/shared/billing/invoices';
import { accountSubtypes, accountTypes, journalSourceTypes } from '@switchboard/shared/billing/ledger';
import { paymentStates } from '@switchboard/shared/billing/payment-state';
import type { PaymentRow } from '@switchboard/shared/billing/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { pageSchema } from '../../db/paginate.ts';
import { companies } from '../companies/companies.table.ts';
import { reportFixture, type ReportFixture } from './billing-report-fixture.ts';
import { invoiceListRows } from './invoice-reads.ts';
import { paymentListRows } from './payments.service.ts';

// The invoice list, payments received and the account register answer JSON text written by PostgreSQL (decision 0129).
// Each is held here to its contract (strict zod schemas: no key more or less) and to the values the Node shaping of
// the same rows gives (the CSVs' toRow and paymentRow, over the shared money and payment-state rules), on rows with
// nulls, credits, voids, partial payments, refunds, deposits and text that JSON must escape.

let ctx: TestContext;
let viewer: string;
let fixture: ReportFixture;
let companyId: number;
let arAccount: number;
const tricky = 'Quote "q" \\ back\\slash / Ünïcode – tab\there';

const get = async (url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(viewer) });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response.json<unknown>();
};

const collect = async <T>(batches: AsyncIterable<T[]>) => {
  const rows: T[] = [];
  for await (const batch of batches) rows.push(...batch);
  return rows;
};

const nullableText = z.string().nullable();
const paymentRowSchema = z.strictObject({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  payment_date: z.string(),
  method: z.enum(['check', 'ach', 'wire', 'card', 'cash', 'other']),
  reference: z.string(),
  amount: z.number(),
  applied: z.number(),
  refunded: z.number(),
  unapplied: z.number(),
  account_id: z.number().int(),
  account_number: z.string(),
  account_name: z.string(),
  deposit_id: z.number().int().nullable(),
  undeposited: z.boolean(),
  memo: z.string(),
  status: z.enum(['posted', 'void']),
  void_date: nullableText,
  journal_entry_id: z.number().int().nullable(),
  created_at: z.string(),
}) satisfies z.ZodType<PaymentRow>;

const registerSchema = z.strictObject({
  account: z.strictObject({
    id: z.number().int(),
    number: z.string(),
    name: z.string(),
    type: z.enum(accountTypes),
    subtype: z.enum(accountSubtypes),
    parent_id: z.number().int().nullable(),
    is_system: z.boolean(),
    active: z.boolean(),
    description: z.string(),
  }),
  opening_balance: z.number().nullable(),
  data: z.array(
    z.strictObject({
      id: z.number().int(),
      entry_id: z.number().int(),
      entry_number: z.string(),
      entry_date: z.string(),
      source_type: z.enum(journalSourceTypes),
      source_id: z.number().int().nullable(),
      reverses_id: z.number().int().nullable(),
      reversed: z.boolean(),
      company_id: z.number().int().nullable(),
      company_name: nullableText,
      vendor_id: z.number().int().nullable(),
      memo: z.string(),
      debit: z.number(),
      credit: z.number(),
      balance: z.number(),
    }),
  ),
  next_cursor: nullableText,
  per_page: z.number().int(),
});

beforeAll(async () => {
  ctx = await createTestContext();
  [{ id: companyId }] = await ctx.db.insert(companies).values({ name: tricky }).returning({ id: companies.id });
  const v = await createUser(ctx.db, { permissions: ['view billing'] });
  viewer = (await login(ctx.app, v.email, v.password)).access_token;
  fixture = await reportFixture(ctx.db);
  const ar = await ctx.db.execute<{ id: number }>(`select id from accounts where number = '1100'`);
  arAccount = ar.rows[0]!.id;

  const invoice = (total: number, date: string, due: string | null) =>
    fixture.invoice({ companyId, date, due, total, tax: total > 0 ? 100 : 0 });
  const open = await invoice(10_000, '2026-01-05', '2999-01-01');
  const partial = await invoice(20_050, '2026-01-06', '2999-01-01');
  const paid = await invoice(5_025, '2026-01-07', '2999-01-01');
  const overdue = await invoice(7_500, '2026-01-08', '2020-01-01');
  const credit = await invoice(-2_500, '2026-01-09', null);
  const creditPart = await invoice(-4_000, '2026-01-10', null);
  const voided = await invoice(1_234, '2026-01-11', '2999-01-01');
  await fixture.invoice({ companyId, date: '2026-01-12', due: '2999-01-01', total: 9_900, type: 'contract' });
  await fixture.voidInvoice(voided, '2026-01-12');
  await ctx.db.execute(`insert into invoices (number, company_id, type, status, invoice_date, due_date, subtotal, total,
      balance, paperless, memo) values
    (null, ${companyId}, 'one_off', 'draft', null, null, 1, 1, 1, 1, 'draft'),
    (null, ${companyId}, 'project', 'approved', null, null, 0, 0, 0, 0, 'approved')`);

  // Payments: one part applied, one applied whole and the rest refunded, one voided, one deposited, one untouched.
  const partPayment = await fixture.payment({ companyId, date: '2026-02-01', amount: 30_000, reference: 'P "1"' });
  await fixture.allocate({
    source: 'payment',
    sourceId: partPayment,
    targetId: partial,
    amount: 10_025,
    on: '2026-02-01',
  });
  const whole = await fixture.payment({ companyId, date: '2026-02-02', amount: 6_000, reference: 'P2' });
  await fixture.allocate({ source: 'payment', sourceId: whole, targetId: paid, amount: 5_025, on: '2026-02-02' });
  const refund = await fixture.refund({ companyId, date: '2026-02-03', amount: 975 });
  await fixture.allocate({
    source: 'payment',
    sourceId: whole,
    target: 'refund',
    targetId: refund,
    amount: 975,
    on: '2026-02-03',
  });
  await fixture.allocate({
    source: 'credit_note',
    sourceId: creditPart,
    targetId: open,
    amount: 1_000,
    on: '2026-02-03',
  });
  const voidedPayment = await fixture.payment({ companyId, date: '2026-02-04', amount: 1_500 });
  await ctx.db.execute(`update payments set status = 'void', void_date = '2026-02-05', unapplied = 0,
    memo = 'line one
line "two"' where id = ${voidedPayment}`);
  const deposited = await fixture.payment({ companyId, date: '2026-02-06', amount: 800, reference: 'D1' });
  const deposit = await ctx.db.execute<{ id: number }>(`insert into bank_deposits (account_id, deposit_date, total)
    values ((select id from accounts where number = '1000'), '2026-02-07', 8) returning id`);
  await ctx.db.execute(`update payments set deposit_id = ${deposit.rows[0]!.id} where id = ${deposited}`);
  await fixture.payment({ companyId, date: '2026-02-08', amount: 1 });
  expect(overdue).toBeGreaterThan(0);
  expect(credit).toBeGreaterThan(0);
});

afterAll(async () => {
  await ctx?.close();
});

describe('the invoice list written by PostgreSQL', () => {
  it('matches the contract and the Node shaping of every row, on a written page window and a deep one', async () => {
    const expected = await collect(invoiceListRows(ctx.db, { company_id: companyId }));
    expect(expected).toHaveLength(10);
    // Every payment state, credits and voids among them.
    expect(new Set(expected.map((row) => row.state))).toEqual(new Set(paymentStates));
    for (const query of [`company_id=${companyId}`, `company_id=${companyId}&per_page=7&page=2`]) {
      const page = pageSchema(invoiceRowSchema.strict()).parse(await get(`/api/billing/invoices?${query}`));
      const offset = query.includes('page=2') ? 7 : 0;
      expect(page.data).toEqual(expected.slice(offset, offset + (offset ? 7 : 50)));
    }
    const rows = (await get(`/api/billing/invoices?company_id=${companyId}`)) as { data: InvoiceRow[] };
    const byLabel = new Map(rows.data.map((row) => [row.label, row]));
    const draft = rows.data.find((row) => row.status === 'draft')!;
    expect(draft).toMatchObject({ number: null, label: `Draft ${draft.id}`, invoice_date: null, due_date: null });
    expect(draft.company_name).toBe(tricky);
    const creditNote = rows.data.find((row) => row.type === 'credit_note' && row.balance === -30)!;
    expect(creditNote).toMatchObject({ total: -40, balance: -30, state: 'Open', due_date: null });
    expect([...byLabel.values()].find((row) => row.state === 'Partially Paid')).toMatchObject({
      total: 200.5,
      balance: 100.25,
      subtotal: 199.5,
      tax_total: 1,
    });
  });

  it('answers the filtered states and an empty page as before', async () => {
    for (const status of ['draft', 'approved', 'posted', 'void', 'paid', 'overdue', 'partially_paid', 'open']) {
      const page = pageSchema(invoiceRowSchema.strict()).parse(
        await get(`/api/billing/invoices?company_id=${companyId}&status=${status}`),
      );
      const expected = await collect(invoiceListRows(ctx.db, { company_id: companyId, status: status as 'open' }));
      expect(page.data, status).toEqual(expected);
      expect(page.total, status).toBe(expected.length);
    }
    const empty = await get(`/api/billing/invoices?company_id=${companyId}&page=9`);
    expect(empty).toEqual({ data: [], total: 10, current_page: 9, per_page: 50, from: null, to: null, last_page: 1 });
  });
});

describe('payments received written by PostgreSQL', () => {
  it('matches the contract and the Node shaping: applied, refunded, void, deposited, undeposited', async () => {
    const expected = await collect(paymentListRows(ctx.db, { company_id: companyId }));
    expect(expected).toHaveLength(5);
    for (const query of [`company_id=${companyId}`, `company_id=${companyId}&per_page=2&page=2`]) {
      const page = pageSchema(paymentRowSchema).parse(await get(`/api/billing/payments/received?${query}`));
      const offset = query.includes('page=2') ? 2 : 0;
      expect(page.data).toEqual(expected.slice(offset, offset + (offset ? 2 : 50)));
    }
    const byReference = new Map(expected.map((row) => [row.reference, row]));
    expect(byReference.get('P "1"')).toMatchObject({ amount: 300, applied: 100.25, refunded: 0, unapplied: 199.75 });
    expect(byReference.get('P2')).toMatchObject({ applied: 50.25, refunded: 9.75, unapplied: 0 });
    expect(byReference.get('D1')).toMatchObject({ undeposited: false, deposit_id: expect.any(Number) });
    const voided = expected.find((row) => row.status === 'void')!;
    expect(voided).toMatchObject({ void_date: '2026-02-05', unapplied: 0, memo: 'line one\nline "two"' });
    expect(expected.filter((row) => row.undeposited)).toHaveLength(3);
    const unapplied = pageSchema(paymentRowSchema).parse(
      await get(`/api/billing/payments/received?company_id=${companyId}&unapplied=1`),
    );
    expect(unapplied.data.map((row) => row.reference).sort()).toEqual(['', 'D1', 'P "1"']);
  });
});

describe('the account register written by PostgreSQL', () => {
  it('matches the contract, with the running balance of every line of the account', async () => {
    const lines = await ctx.db.execute<{ id: string; net: string; entry_date: string }>(
      `select id, (debit - credit)::text as net, entry_date::text as entry_date from journal_lines
       where account_id = ${arAccount} order by entry_date, id`,
    );
    let running = 0;
    const balances = lines.rows.map((line) => (running += Math.round(Number(line.net) * 100)) / 100);
    const first = registerSchema.parse(await get(`/api/billing/accounts/${arAccount}/register?per_page=5`));
    expect(first.opening_balance).toBe(0);
    expect(first.account).toMatchObject({ id: arAccount, number: '1100', is_system: true, parent_id: null });
    expect(first.data.map((row) => row.balance)).toEqual(balances.slice(0, 5));
    expect(first.data[0]!.company_name).toBe(tricky);
    expect(first.next_cursor).toBe(`${first.data[4]!.entry_date}.${first.data[4]!.id}`);
    const rest = registerSchema.parse(
      await get(`/api/billing/accounts/${arAccount}/register?per_page=50&after=${first.next_cursor}`),
    );
    expect(rest.opening_balance).toBeNull();
    expect(rest.next_cursor).toBeNull();
    expect(rest.data.map((row) => row.balance)).toEqual(balances.slice(5));
    // From a date, a party and source filter (the balance still of all the account's lines), past the last line.
    const february = registerSchema.parse(await get(`/api/billing/accounts/${arAccount}/register?from=2026-02-01`));
    const january = lines.rows.filter((line) => line.entry_date < '2026-02-01').length;
    expect(january).toBeGreaterThan(0);
    expect(february.opening_balance).toBe(balances[january - 1]);
    expect(february.data.map((row) => row.balance)).toEqual(balances.slice(january));
    const party = registerSchema.parse(
      await get(`/api/billing/accounts/${arAccount}/register?company_id=${companyId}&source_type=payment`),
    );
    const paymentLines = lines.rows.flatMap((line, i) =>
      party.data.some((row) => row.id === Number(line.id)) ? [balances[i]] : [],
    );
    expect(party.data.map((row) => row.balance)).toEqual(paymentLines);
    expect(party.data.length).toBeGreaterThan(0);
    const empty = registerSchema.parse(await get(`/api/billing/accounts/${arAccount}/register?from=2030-01-01`));
    expect(empty.data).toEqual([]);
    expect(empty.opening_balance).toBe(balances[balances.length - 1]);
    expect(empty.next_cursor).toBeNull();
  });
});
