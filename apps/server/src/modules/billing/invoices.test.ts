import { projectDetailSchema, type ProjectDetail } from '@switchboard/shared';
import {
  creditOverInvoiceMessage,
  duplicateCreditNoteMessage,
  emptyInvoiceMessage,
  invoiceDetailSchema,
  invoiceRowSchema,
  onlyApprovedPostMessage,
  onlyApprovedUnapproveMessage,
  onlyDraftMessage,
  onlyPostedCreditMessage,
  onlyPostedVoidMessage,
  postedReadOnlyMessage,
  unknownCompanyMessage,
  unknownProjectMessage,
  voidReasonMessage,
  voidWithAllocationsMessage,
  type InvoiceDetail,
  type InvoiceRow,
} from '@switchboard/shared/billing/invoices';
import { onlyPostedSendMessage } from '@switchboard/shared/billing/invoice-delivery';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { settleBackgroundMail } from '../../plugins/mail.ts';
import { checkIns } from '../checkins/checkins.table.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { companyBillingSettings } from './company-billing-settings.table.ts';
import { writeDraftInvoice } from './invoice-drafts.ts';
import { billingToday } from './ledger.service.ts';
import { accounts, billingSettings } from './ledger.table.ts';
import { taxRates } from './tax-rates.table.ts';

// Invoices and credit notes (issue 27 part 4; designs/billing.md §3.4, §6; decisions 0071, 0086): every route with
// its permission (view vs approve, client accounts 403), every message, immutability once posted, the lock date,
// voids that restore the trial balance, credit notes applied at posting, list filters, unbilled time; then the
// project deposit invoice of decision 0045, now posted through the ledger.

let ctx: TestContext;
let viewer: string; // 'view billing'
let approver: string; // 'view billing' + 'approve billing'
let plain: string; // staff without billing
let client: string; // a client account holding the permissions: still 403
let outsider: string;
let companyId: number;
let exemptId: number;
let bareId: number;
let otherId: number;
let rateId: number;
let projectId: number;
let approverId: number;
let today: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [{ id: companyId }, { id: exemptId }, { id: bareId }, { id: otherId }] = await ctx.db
    .insert(companies)
    .values([{ name: 'Acme Dental' }, { name: 'Birch School' }, { name: 'Cedar Bare' }, { name: 'Elsewhere' }])
    .returning({ id: companies.id });
  const [site] = await ctx.db
    .insert(sites)
    .values({ companyId, name: 'Main', address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' })
    .returning({ id: sites.id });
  const [liability] = await ctx.db.select().from(accounts).where(eq(accounts.number, '2100'));
  [{ id: rateId }] = await ctx.db
    .insert(taxRates)
    .values({
      name: 'Austin',
      jurisdiction: 'TX',
      percent: '8.2500',
      liabilityAccountId: liability!.id,
      effectiveFrom: '2020-01-01',
    })
    .returning({ id: taxRates.id });
  await ctx.db.insert(companyBillingSettings).values([
    { companyId, taxRateId: rateId, billingSiteId: site!.id },
    { companyId: exemptId, taxRateId: rateId, taxExempt: true, exemptCertificate: 'EX-42' },
  ]);
  const v = await createUser(ctx.db, { permissions: ['view billing'] });
  viewer = (await login(ctx.app, v.email, v.password)).access_token;
  const a = await createUser(ctx.db, { permissions: ['view billing', 'approve billing'], name: 'Ann Approver' });
  approverId = a.id;
  approver = (await login(ctx.app, a.email, a.password)).access_token;
  const p = await createUser(ctx.db);
  plain = (await login(ctx.app, p.email, p.password)).access_token;
  const c = await createUser(ctx.db, { type: 'Client', companyId, permissions: ['view billing', 'approve billing'] });
  client = (await login(ctx.app, c.email, c.password)).access_token;
  const o = await createUser(ctx.db, { type: 'Client', companyId: otherId });
  outsider = (await login(ctx.app, o.email, o.password)).access_token;
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/project',
    headers: bearer(plain),
    payload: {
      title: 'Server room',
      company_id: companyId,
      labor_required: 0,
      procurement_required: 0,
      verbally_approved: 0,
    },
  });
  projectId = created.json<{ data: { id: number } }>().data.id;
  today = await billingToday(ctx.db);
});
afterAll(async () => {
  await ctx.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, token = approver) =>
  ctx.app.inject({ method, url, headers: bearer(token), payload });
const detailOf = async (id: number, token = approver): Promise<InvoiceDetail> =>
  expectExactShape(
    invoiceDetailSchema,
    (await call('GET', `/api/billing/invoices/${id}`, undefined, token)).json().data,
  );

const line = (overrides: object = {}) => ({
  kind: 'item',
  description: 'Firewall setup',
  quantity: 1,
  unit_price: 100,
  taxable: 0,
  ...overrides,
});

async function draft(payload: object = {}, token = approver): Promise<InvoiceDetail> {
  const response = await call(
    'POST',
    '/api/billing/invoices',
    { company_id: companyId, lines: [line()], ...payload },
    token,
  );
  expect(response.statusCode, response.body).toBe(200);
  return expectExactShape(invoiceDetailSchema, response.json().data);
}

async function posted(payload: object = {}, date?: string): Promise<InvoiceDetail> {
  const { id } = await draft(payload);
  expect((await call('POST', `/api/billing/invoices/${id}/approve`)).statusCode).toBe(200);
  const response = await call('POST', `/api/billing/invoices/${id}/post`, date ? { date } : {});
  expect(response.statusCode, response.body).toBe(200);
  return expectExactShape(invoiceDetailSchema, response.json().data);
}

async function trialBalance(): Promise<{ difference: number; balance: (number: string) => number }> {
  const answer = (await call('GET', '/api/billing/accounts')).json();
  const rows = answer.data as { number: string; balance: number }[];
  return {
    difference: answer.trial_balance_difference,
    balance: (number) => rows.find((row) => row.number === number)!.balance,
  };
}

const expect422 = (
  response: { statusCode: number; json: () => { errors: Record<string, string[]> } },
  key: string,
  message: string,
) => {
  expect(response.statusCode).toBe(422);
  expect(response.json().errors[key]).toEqual([message]);
};

describe('permissions', () => {
  it('client accounts get 403 on every invoice route, whatever they hold; staff need view billing', async () => {
    const { id } = await draft();
    const routes: [Method, string, object?][] = [
      ['GET', '/api/billing/invoices'],
      ['POST', '/api/billing/invoices', { company_id: companyId, lines: [line()] }],
      ['GET', `/api/billing/invoices/${id}`],
      ['PUT', `/api/billing/invoices/${id}`, { company_id: companyId, lines: [line()] }],
      ['DELETE', `/api/billing/invoices/${id}`],
      ['POST', `/api/billing/invoices/${id}/approve`],
      ['POST', `/api/billing/invoices/${id}/duplicate`],
      ['POST', '/api/billing/invoices/bulk', { action: 'approve', ids: [id] }],
      ['GET', `/api/billing/unbilled-time?company_id=${companyId}`],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, payload, client)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, payload, plain)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', `/api/billing/invoices/${id}`)).statusCode).toBe(200);
  });

  it('view billing drafts and reads; approve, post, void, credit, bulk (not send) need approve', async () => {
    const { id } = await draft({}, viewer);
    expect((await call('GET', `/api/billing/invoices/${id}`, undefined, viewer)).statusCode).toBe(200);
    expect(
      (await call('PUT', `/api/billing/invoices/${id}`, { company_id: companyId, lines: [line()] }, viewer)).statusCode,
    ).toBe(200);
    expect((await call('POST', `/api/billing/invoices/${id}/duplicate`, undefined, viewer)).statusCode).toBe(200);
    for (const action of ['approve', 'unapprove', 'post']) {
      expect((await call('POST', `/api/billing/invoices/${id}/${action}`, {}, viewer)).statusCode).toBe(403);
      expect((await call('POST', '/api/billing/invoices/bulk', { action, ids: [id] }, viewer)).statusCode).toBe(403);
    }
    expect((await call('POST', `/api/billing/invoices/${id}/void`, { reason: 'x' }, viewer)).statusCode).toBe(403);
    expect((await call('POST', `/api/billing/invoices/${id}/credit-note`, { reason: 'x' }, viewer)).statusCode).toBe(
      403,
    );
    const send = await call('POST', '/api/billing/invoices/bulk', { action: 'send', ids: [id] }, viewer);
    expect(send.statusCode).toBe(200);
    // Send is the delivery module's (sendInvoices): a draft is not sent.
    expect(send.json().data).toEqual({ done: [], failed: [{ id, message: onlyPostedSendMessage }] });
  });
});

describe('drafts', () => {
  it('refuses a draft without lines, of an unknown company, or with another company’s project', async () => {
    expect422(
      await call('POST', '/api/billing/invoices', { company_id: companyId, lines: [] }),
      'lines',
      emptyInvoiceMessage,
    );
    expect422(
      await call('POST', '/api/billing/invoices', { company_id: 999999, lines: [line()] }),
      'company_id',
      unknownCompanyMessage,
    );
    expect422(
      await call('POST', '/api/billing/invoices', { company_id: otherId, project_id: projectId, lines: [line()] }),
      'project_id',
      unknownProjectMessage,
    );
    expect((await call('GET', '/api/billing/invoices/999999')).statusCode).toBe(404);
    expect((await call('GET', '/api/billing/invoices/abc')).statusCode).toBe(404);
  });

  it('computes the tax once on the document and spreads it (8.25% of 3 × $0.10 is $0.02, not $0.03)', async () => {
    const made = await draft({
      lines: [0, 1, 2].map(() => line({ unit_price: 0.1, taxable: 1 })).concat(line({ unit_price: 5 })),
    });
    expect(made).toMatchObject({ status: 'draft', state: 'Draft', number: null, label: `Draft ${made.id}` });
    expect(made).toMatchObject({ subtotal: 5.3, tax_total: 0.02, total: 5.32, balance: 0 });
    expect(made.lines.map((row) => row.tax_amount)).toEqual([0.01, 0.01, 0, 0]);
    expect(made.tax_rate).toEqual({ id: rateId, name: 'Austin', percent: '8.2500' });
    expect(made.events.map((event) => event.event)).toEqual(['created']);
  });

  it('exempt: no tax, the rate still named; quantities and 4-decimal prices born once', async () => {
    const made = await draft({
      company_id: exemptId,
      lines: [line({ quantity: 2.25, unit_price: 19.9999, taxable: 1 })],
    });
    expect(made).toMatchObject({ subtotal: 45, tax_total: 0, total: 45, tax_exempt_certificate: 'EX-42' });
    expect(made.tax_rate?.id).toBe(rateId);
  });

  it('edits, approves, goes back to draft and deletes drafts only, with the messages of each state', async () => {
    const { id } = await draft();
    const edit = (payload: object = {}) =>
      call('PUT', `/api/billing/invoices/${id}`, {
        company_id: companyId,
        memo: 'Edited',
        lines: [line({ quantity: 3 })],
        ...payload,
      });
    const edited = await edit();
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ memo: 'Edited', subtotal: 300 });
    expect422(await call('POST', `/api/billing/invoices/${id}/unapprove`), 'status', onlyApprovedUnapproveMessage);
    expect422(await call('POST', `/api/billing/invoices/${id}/post`), 'status', onlyApprovedPostMessage);
    expect((await call('POST', `/api/billing/invoices/${id}/approve`)).json().data).toMatchObject({
      status: 'approved',
      state: 'Approved',
      approved_by: approverId,
    });
    expect422(await edit(), 'status', onlyDraftMessage);
    expect422(await call('DELETE', `/api/billing/invoices/${id}`), 'status', onlyDraftMessage);
    expect((await call('POST', `/api/billing/invoices/${id}/unapprove`)).json().data.status).toBe('draft');
    expect((await call('DELETE', `/api/billing/invoices/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/billing/invoices/${id}`)).statusCode).toBe(404);
  });

  it('duplicates an invoice as a new draft with the same lines; a credit note is not duplicated', async () => {
    const original = await posted({ lines: [line(), line({ description: 'Second', unit_price: 12.5, taxable: 1 })] });
    const copy = (await call('POST', `/api/billing/invoices/${original.id}/duplicate`)).json().data as InvoiceDetail;
    expect(copy.id).not.toBe(original.id);
    expect(copy).toMatchObject({ status: 'draft', number: null, total: original.total, type: 'one_off' });
    expect(copy.lines.map((row) => [row.description, row.amount, row.tax_amount])).toEqual(
      original.lines.map((row) => [row.description, row.amount, row.tax_amount]),
    );
    const credit = (await call('POST', `/api/billing/invoices/${original.id}/credit-note`, { reason: 'Oops' })).json()
      .data;
    expect422(await call('POST', `/api/billing/invoices/${credit.id}/duplicate`), 'type', duplicateCreditNoteMessage);
  });
});

describe('posting', () => {
  it('numbers INV- at posting, dates it, due after Net 20, freezes bill-to, posts a balanced entry', async () => {
    const made = await posted({ lines: [line({ unit_price: 200, taxable: 1 })] });
    expect(made.number).toMatch(/^INV-\d{6}$/);
    expect(made).toMatchObject({ status: 'posted', state: 'Open', invoice_date: today, total: 216.5, balance: 216.5 });
    const due = new Date(`${today}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 20);
    expect(made.due_date).toBe(due.toISOString().slice(0, 10));
    expect(made.bill_to).toEqual({ name: 'Acme Dental', address: '1 Main St\nAustin, TX 78701' });
    expect(made.posted_by).toBe(approverId);
    const entry = made.journal_entry!;
    expect(entry).toMatchObject({ source_type: 'invoice', source_id: made.id, entry_date: today, total: 216.5 });
    expect(entry.lines.map((row) => [row.account_number, row.debit, row.credit])).toEqual([
      ['1100', 216.5, 0],
      ['4050', 0, 200],
      ['2100', 0, 16.5],
    ]);
    expect(made.events.map((event) => event.event)).toEqual(['created', 'approved', 'posted']);
    expect((await trialBalance()).difference).toBe(0);
  });

  it('a posted invoice refuses PUT, DELETE, approve and a second post', async () => {
    const { id } = await posted();
    expect422(
      await call('PUT', `/api/billing/invoices/${id}`, { company_id: companyId, lines: [line()] }),
      'status',
      postedReadOnlyMessage,
    );
    expect422(await call('DELETE', `/api/billing/invoices/${id}`), 'status', postedReadOnlyMessage);
    expect422(await call('POST', `/api/billing/invoices/${id}/approve`), 'status', postedReadOnlyMessage);
    expect422(await call('POST', `/api/billing/invoices/${id}/post`), 'status', postedReadOnlyMessage);
  });

  it('refuses a date on or before the lock date (422 date) and keeps the number sequence gapless', async () => {
    const before = await posted();
    const { id } = await draft();
    await call('POST', `/api/billing/invoices/${id}/approve`);
    await ctx.db.update(billingSettings).set({ lockDate: '2026-01-31' }).where(eq(billingSettings.id, 1));
    try {
      expect422(
        await call('POST', `/api/billing/invoices/${id}/post`, { date: '2026-01-31' }),
        'date',
        'The period is closed.',
      );
      expect((await detailOf(id)).status).toBe('approved');
      const after = await call('POST', `/api/billing/invoices/${id}/post`, { date: '2026-02-01' });
      expect(after.statusCode).toBe(200);
      const next = Number(before.number!.slice(4)) + 1;
      expect(after.json().data.number).toBe(`INV-${String(next).padStart(6, '0')}`);
    } finally {
      await ctx.db.update(billingSettings).set({ lockDate: null }).where(eq(billingSettings.id, 1));
    }
  });
});

describe('void', () => {
  it('posts the exact reversal dated the void day, restores the trial balance and AR, and voids once', async () => {
    const arBefore = (await trialBalance()).balance('1100');
    const made = await posted({ lines: [line({ unit_price: 80, taxable: 1 })] });
    expect((await trialBalance()).balance('1100')).toBeCloseTo(arBefore + 86.6, 2);
    expect422(
      await call('POST', `/api/billing/invoices/${made.id}/void`, { reason: ' ' }),
      'reason',
      voidReasonMessage,
    );
    const voided = await call('POST', `/api/billing/invoices/${made.id}/void`, { reason: 'Billed twice' });
    expect(voided.statusCode, voided.body).toBe(200);
    const data = expectExactShape(invoiceDetailSchema, voided.json().data);
    expect(data).toMatchObject({
      status: 'void',
      state: 'Void',
      balance: 0,
      void_reason: 'Billed twice',
      number: made.number,
    });
    expect(data.journal_entry!.reversed_by_id).not.toBeNull();
    const reversal = (await call('GET', `/api/billing/journal-entries/${data.journal_entry!.reversed_by_id}`)).json()
      .data;
    expect(reversal).toMatchObject({ source_type: 'reversal', reverses_id: made.journal_entry_id, entry_date: today });
    expect(reversal.lines.map((row: { debit: number; credit: number }) => [row.credit, row.debit])).toEqual(
      made.journal_entry!.lines.map((row) => [row.debit, row.credit]),
    );
    const after = await trialBalance();
    expect(after.difference).toBe(0);
    expect(after.balance('1100')).toBeCloseTo(arBefore, 2);
    expect422(
      await call('POST', `/api/billing/invoices/${made.id}/void`, { reason: 'Again' }),
      'status',
      onlyPostedVoidMessage,
    );
    const { id: draftId } = await draft();
    expect422(
      await call('POST', `/api/billing/invoices/${draftId}/void`, { reason: 'x' }),
      'status',
      onlyPostedVoidMessage,
    );
  });
});

describe('credit notes', () => {
  it('a partial credit note is applied at posting: balance lower, never Paid; the rest closes it', async () => {
    const invoice = await posted({
      lines: [line({ unit_price: 100, taxable: 1 }), line({ description: 'Hours', unit_price: 50 })],
    });
    expect(invoice.total).toBe(158.25);
    const [first, second] = invoice.lines;
    expect422(
      await call('POST', `/api/billing/invoices/${invoice.id}/credit-note`, {
        reason: 'Too much',
        lines: [{ invoice_line_id: first!.id, amount: 100.01 }],
      }),
      'lines.0.amount',
      creditOverInvoiceMessage,
    );
    const partial = await call('POST', `/api/billing/invoices/${invoice.id}/credit-note`, {
      reason: 'Discount',
      lines: [{ invoice_line_id: first!.id, amount: 40 }],
    });
    expect(partial.statusCode, partial.body).toBe(200);
    const note = expectExactShape(invoiceDetailSchema, partial.json().data);
    expect(note).toMatchObject({
      type: 'credit_note',
      status: 'draft',
      credited_invoice_id: invoice.id,
      total: -43.3,
      tax_total: -3.3,
    });
    await call('POST', `/api/billing/invoices/${note.id}/approve`);
    const postedNote = (await call('POST', `/api/billing/invoices/${note.id}/post`)).json().data as InvoiceDetail;
    expect(postedNote.number).toMatch(/^CN-\d{6}$/);
    expect(postedNote).toMatchObject({ balance: 0, state: 'Paid' });
    expect(postedNote.journal_entry!.source_type).toBe('credit_note');

    let credited = await detailOf(invoice.id);
    expect(credited).toMatchObject({ balance: 114.95, closed_on: null, credit_note_ids: [note.id] });
    expect(credited.state).not.toBe('Paid');
    expect(credited.allocations).toEqual([
      expect.objectContaining({
        source_type: 'credit_note',
        source_id: note.id,
        source_label: postedNote.number,
        amount: 43.3,
      }),
    ]);
    expect((await trialBalance()).difference).toBe(0);

    // What is left is 158.25 - 43.30 = 114.95: the full invoice again is over it.
    expect422(
      await call('POST', `/api/billing/invoices/${invoice.id}/credit-note`, { reason: 'All' }),
      'lines',
      creditOverInvoiceMessage,
    );
    const rest = (
      await call('POST', `/api/billing/invoices/${invoice.id}/credit-note`, {
        reason: 'Rest',
        lines: [
          { invoice_line_id: first!.id, amount: 60 },
          { invoice_line_id: second!.id, amount: 50 },
        ],
      })
    ).json().data as InvoiceDetail;
    expect(rest.total).toBe(-114.95);
    await call('POST', `/api/billing/invoices/${rest.id}/approve`);
    await call('POST', `/api/billing/invoices/${rest.id}/post`);
    credited = await detailOf(invoice.id);
    expect(credited).toMatchObject({ balance: 0, state: 'Paid', closed_on: today });

    // Applied credits stand in the way of a void.
    expect422(
      await call('POST', `/api/billing/invoices/${invoice.id}/void`, { reason: 'x' }),
      'status',
      voidWithAllocationsMessage,
    );
    expect422(
      await call('POST', `/api/billing/invoices/${rest.id}/void`, { reason: 'x' }),
      'status',
      voidWithAllocationsMessage,
    );
    const { id: draftId } = await draft();
    expect422(
      await call('POST', `/api/billing/invoices/${draftId}/credit-note`, { reason: 'x' }),
      'status',
      onlyPostedCreditMessage,
    );
  });
});

describe('bulk', () => {
  it('does each invoice in its own transaction and says what happened to each', async () => {
    const a = await draft();
    const b = await draft();
    const done = await posted();
    const approve = await call('POST', '/api/billing/invoices/bulk', {
      action: 'approve',
      ids: [a.id, b.id, done.id, 999999],
    });
    expect(approve.json().data).toEqual({
      done: [a.id, b.id],
      failed: [
        { id: done.id, message: postedReadOnlyMessage },
        { id: 999999, message: 'Not Found' },
      ],
    });
    const post = await call('POST', '/api/billing/invoices/bulk', { action: 'post', ids: [a.id, b.id] });
    expect(post.json().data).toEqual({ done: [a.id, b.id], failed: [] });
    const numbers = [(await detailOf(a.id)).number!, (await detailOf(b.id)).number!].map((n) => Number(n.slice(4)));
    expect(numbers[1]).toBe(numbers[0]! + 1);
    expect422(
      await call('POST', '/api/billing/invoices/bulk', { action: 'approve', ids: [] }),
      'ids',
      'Choose at least one invoice.',
    );
  });
});

describe('list', () => {
  it('answers the paginator with rows of the contract, filtered by every filter', async () => {
    const open = await posted({ company_id: bareId, lines: [line({ unit_price: 10 })] });
    const paidNote = await posted({ company_id: bareId, lines: [line({ unit_price: 20 })] });
    const note = (await call('POST', `/api/billing/invoices/${paidNote.id}/credit-note`, { reason: 'All' })).json()
      .data;
    await call('POST', `/api/billing/invoices/${note.id}/approve`);
    await call('POST', `/api/billing/invoices/${note.id}/post`);
    const waiting = await draft({ company_id: bareId });
    const list = async (query: string): Promise<InvoiceRow[]> => {
      const response = await call('GET', `/api/billing/invoices?company_id=${bareId}&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      for (const row of body.data) expectExactShape(invoiceRowSchema, row);
      return body.data;
    };
    const ids = async (query: string) => (await list(query)).map((row) => row.id);
    const all = await call('GET', `/api/billing/invoices?company_id=${bareId}&per_page=2`);
    expect(all.json()).toMatchObject({ total: 4, current_page: 1, per_page: 2, last_page: 2, from: 1, to: 2 });
    // Newest first, drafts (no invoice date yet) on top.
    expect((await ids('per_page=50'))[0]).toBe(waiting.id);
    expect(await ids('status=draft')).toEqual([waiting.id]);
    expect((await ids('status=posted')).sort()).toEqual([open.id, paidNote.id, note.id].sort());
    expect(await ids('status=open')).toEqual([open.id]);
    expect((await ids('status=paid')).sort()).toEqual([paidNote.id, note.id].sort());
    expect(await ids('status=overdue')).toEqual([]);
    expect(await ids('type=credit_note')).toEqual([note.id]);
    expect(await ids(`number=${open.number}`)).toEqual([open.id]);
    expect(await ids(`number=${waiting.id}`)).toEqual([waiting.id]);
    expect((await ids(`from=${today}&to=${today}`)).length).toBe(3);
    expect(await ids('to=2000-01-01')).toEqual([]);
    expect((await ids(`due_from=${open.due_date}&due_to=${open.due_date}`)).sort()).toEqual(
      [open.id, paidNote.id].sort(),
    );
    expect((await ids('delivery=none')).length).toBe(4);
    expect(await ids('delivery=sent')).toEqual([]);
    expect(await ids('run_month=2026-04')).toEqual([]);
    expect(await ids('to_print=1')).toEqual([]);
    const rows = await list('status=open');
    expect(rows[0]).toMatchObject({ company_name: 'Cedar Bare', state: 'Open', delivery: 'none', label: open.number });
    expect((await call('GET', '/api/billing/invoices?status=nope')).statusCode).toBe(422);
    expect((await call('GET', '/api/billing/invoices?run_month=April')).statusCode).toBe(422);
  });
});

describe('unbilled time', () => {
  it('lists closed billable check-ins of the company not yet on an invoice line; a void frees them again', async () => {
    const user = await createUser(ctx.db, { name: 'Tess Tech' });
    const start = new Date('2026-03-02T09:00:00Z');
    const hour = (h: number) => new Date(start.getTime() + h * 3_600_000);
    const [billed, free] = await ctx.db
      .insert(checkIns)
      .values([
        { userId: user.id, companyId: bareId, startTime: start, endTime: hour(1.5), billable: 0 },
        { userId: user.id, companyId: bareId, startTime: hour(2), endTime: hour(2.1), billable: 0 },
        { userId: user.id, companyId: bareId, startTime: hour(3), endTime: hour(4), billable: 1 },
        { userId: user.id, companyId: bareId, startTime: hour(5), billable: 0 },
        { userId: user.id, companyId: otherId, startTime: hour(3), endTime: hour(4), billable: 0 },
      ])
      .returning({ id: checkIns.id });
    const unbilled = async () =>
      (await call('GET', `/api/billing/unbilled-time?company_id=${bareId}`)).json().data as {
        id: number;
        hours: number;
      }[];
    expect((await unbilled()).map((row) => [row.id, row.hours])).toEqual([
      [billed!.id, 1.5],
      [free!.id, 0.1],
    ]);
    const id = await ctx.db.transaction((tx) =>
      writeDraftInvoice(
        tx,
        {
          companyId: bareId,
          type: 'one_off',
          lines: [
            {
              kind: 'labor',
              description: 'Labor',
              quantity: '1.50',
              unitPrice: '100.0000',
              taxable: 0,
              checkInIds: [billed!.id],
            },
          ],
        },
        approverId,
      ),
    );
    expect((await unbilled()).map((row) => row.id)).toEqual([free!.id]);
    await call('POST', `/api/billing/invoices/${id}/approve`);
    await call('POST', `/api/billing/invoices/${id}/post`);
    await call('POST', `/api/billing/invoices/${id}/void`, { reason: 'Wrong rate' });
    expect((await unbilled()).map((row) => row.id)).toEqual([billed!.id, free!.id]);
    expect((await call('GET', '/api/billing/unbilled-time')).statusCode).toBe(422);
  });
});

describe('deposit invoices', () => {
  const deposit = (payload: object, token = viewer) =>
    ctx.app.inject({ method: 'POST', url: '/api/billing/invoices/deposit', headers: bearer(token), payload });
  const get = (url: string, token = viewer) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('refuses bad amounts per field and staff without view billing', async () => {
    for (const amount of ['0', '-5', '12.345', 'abc']) {
      const response = await deposit({ project_id: projectId, amount });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ amount: ['The amount must be more than 0 with at most 2 decimals.'] });
    }
    expect((await deposit({ project_id: projectId, amount: '10' }, plain)).statusCode).toBe(403);
    expect((await deposit({ project_id: 999999, amount: '10' })).statusCode).toBe(404);
  });

  it('posts an INV- deposit through the ledger (AR / 2200) with PDF revision 00, on the project', async () => {
    const before = await trialBalance();
    const response = await deposit({ project_id: projectId, amount: '1250.50', memo: 'Half up front.' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Deposit invoice created.');
    const invoiceId = response.json<{ data: { id: number } }>().data.id;
    const detail = async (token: string) =>
      expectExactShape(
        projectDetailSchema,
        (await get(`/api/project/${projectId}`, token)).json<{ data: ProjectDetail }>().data,
      );
    const [invoice] = (await detail(plain)).invoices;
    expect(invoice).toMatchObject({
      id: invoiceId,
      type: 'project_deposit',
      status: 'posted',
      total: 1250.5,
      balance: 1250.5,
    });
    expect(invoice!.number).toMatch(/^INV-\d{6}$/);
    expect((await detail(client)).invoices.map((row) => row.id)).toEqual([invoiceId]);
    const ledger = await detailOf(invoiceId);
    expect(ledger.journal_entry!.lines.map((row) => [row.account_number, row.debit, row.credit])).toEqual([
      ['1100', 1250.5, 0],
      ['2200', 0, 1250.5],
    ]);
    const after = await trialBalance();
    expect(after.difference).toBe(0);
    expect(after.balance('2200') - before.balance('2200')).toBeCloseTo(1250.5, 2);

    // Revision 00 is made by the invoicePosted listener (invoice-delivery.service.ts), in the background.
    await settleBackgroundMail(ctx.db);
    const revisions = await get(`/api/revisions/invoice/${invoiceId}`);
    expect(revisions.json().data.map((row: { label: string }) => row.label)).toEqual(['00']);
    const pdf = await get(`/api/pdf/invoice/${invoiceId}`, client);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await get(`/api/pdf/invoice/${invoiceId}`, outsider)).statusCode).toBe(404);
  });
});
