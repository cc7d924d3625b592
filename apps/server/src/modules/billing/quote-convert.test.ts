import { depositCents, quoteTotals } from '@switchboard/shared/billing/quotes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { settleBackgroundMail } from '../../plugins/mail.ts';
import { companies } from '../companies/companies.table.ts';
import { projectApprovals } from '../projects/project-approvals.table.ts';
import { quotes } from '../quotes/quotes.table.ts';
import { companyBillingSettings } from './company-billing-settings.table.ts';
import { invoices } from './invoices.table.ts';
import { accounts } from './ledger.table.ts';
import { taxRates } from './tax-rates.table.ts';

// /billing/quotes (issue 27 part 5; designs/billing.md §3.5, §6): list, editor, tax with optional lines, accept and
// decline by staff, conversion to a draft invoice (full or deposit N %), events and permissions.

let ctx: TestContext;
let viewer: string;
let viewerId: number;
let plain: string;
let client: string;
let companyId: number;
let otherId: number;
let projectId: number;
let otherProjectId: number;
let account2200: number;

beforeAll(async () => {
  ctx = await createTestContext();
  [{ id: companyId }, { id: otherId }] = await ctx.db
    .insert(companies)
    .values([{ name: 'Acme Dental' }, { name: 'Birch School' }])
    .returning({ id: companies.id });
  const [liability] = await ctx.db.select().from(accounts).where(eq(accounts.number, '2100'));
  const [deposits] = await ctx.db.select().from(accounts).where(eq(accounts.number, '2200'));
  account2200 = deposits!.id;
  const [rate] = await ctx.db
    .insert(taxRates)
    .values({
      name: 'Austin',
      jurisdiction: 'TX',
      percent: '8.2500',
      liabilityAccountId: liability!.id,
      effectiveFrom: '2020-01-01',
    })
    .returning({ id: taxRates.id });
  await ctx.db.insert(companyBillingSettings).values({ companyId, taxRateId: rate!.id });
  const v = await createUser(ctx.db, { permissions: ['view billing'] });
  viewerId = v.id;
  viewer = (await login(ctx.app, v.email, v.password)).access_token;
  const p = await createUser(ctx.db);
  plain = (await login(ctx.app, p.email, p.password)).access_token;
  const c = await createUser(ctx.db, { type: 'Client', companyId, permissions: ['view billing', 'approve billing'] });
  client = (await login(ctx.app, c.email, c.password)).access_token;
  const project = async (company: number, title: string) => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/project',
      headers: bearer(plain),
      payload: { title, company_id: company, labor_required: 0, procurement_required: 0, verbally_approved: 0 },
    });
    return created.json<{ data: { id: number } }>().data.id;
  };
  projectId = await project(companyId, 'Server room');
  otherProjectId = await project(otherId, 'Library wifi');
});
afterAll(async () => {
  await ctx.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, token = viewer) =>
  ctx.app.inject({ method, url, headers: bearer(token), payload });

/** Taxable 100.00, plain 50.00, optional not chosen 200.00 (taxable), optional chosen 10.00 (taxable). */
const lines = [
  { description: 'Firewall', quantity: '1', unit_price: '100.00', taxable: 1 },
  { description: 'Setup labor', quantity: '2', unit_price: '25.00' },
  { description: 'Spare switch', quantity: '1', unit_price: '200.00', taxable: 1, optional: true },
  { description: 'Patch cables', quantity: '4', unit_price: '2.50', taxable: 1, optional: true, selected: true },
];
const body = (extra: Record<string, unknown> = {}) => ({
  company_id: companyId,
  title: 'Network refresh',
  quote_date: '2026-11-02',
  valid_until: '2026-12-02',
  lines,
  ...extra,
});

async function createQuote(extra: Record<string, unknown> = {}): Promise<number> {
  const response = await call('POST', '/api/billing/quotes', body(extra));
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { id: number } }>().data.id;
}
async function acceptedQuote(extra: Record<string, unknown> = {}): Promise<number> {
  const id = await createQuote(extra);
  expect((await call('POST', `/api/billing/quotes/${id}/send`)).statusCode).toBe(200);
  expect((await call('POST', `/api/billing/quotes/${id}/accept`)).statusCode).toBe(200);
  return id;
}
const invoiceDetail = async (id: number) => {
  const response = await call('GET', `/api/billing/invoices/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json<{
    data: {
      type: string;
      status: string;
      project_id: number | null;
      subtotal: number;
      tax_total: number;
      total: number;
      lines: { kind: string; description: string; amount: number; account_id: number | null; taxable: number }[];
    };
  }>().data;
};

describe('quote totals (pure)', () => {
  it('taxes the counted taxable lines once; an optional line counts only when selected', () => {
    const totals = quoteTotals({
      lines: lines.map((line) => ({
        quantity: line.quantity,
        unitPrice: line.unit_price,
        optional: line.optional ?? false,
        selected: line.selected ?? false,
        taxable: (line.taxable ?? 0) as 0 | 1,
      })),
      percent: '8.2500',
      exempt: false,
    });
    // taxable 110.00 × 8.25 % = 9.075 → 9.08 (half away from zero), spread 8.25 + 0.83 by largest remainder.
    expect(totals).toEqual({
      amounts: [10000, 5000, 20000, 1000],
      lineTaxes: [825, 0, 0, 83],
      subtotal: 16000,
      taxTotal: 908,
      total: 16908,
    });
  });

  it('rounds a deposit once, half away from zero', () => {
    expect(depositCents(1005, 10)).toBe(101);
    expect(depositCents(16908, 30)).toBe(5072);
    expect(depositCents(16908, 100)).toBe(16908);
    expect(depositCents(1, 50)).toBe(1);
  });
});

describe('/billing/quotes', () => {
  it("creates a draft with the company's tax, optional lines out of the totals unless selected", async () => {
    const id = await createQuote();
    const { data } = (await call('GET', `/api/billing/quotes/${id}`)).json();
    expect(data).toMatchObject({
      id,
      number: null,
      status: 'draft',
      company_id: companyId,
      company: 'Acme Dental',
      subtotal: 160,
      tax_total: 9.08,
      total: 169.08,
      converted_invoice_ids: [],
    });
    expect(
      data.lines.map((line: Record<string, unknown>) => [line.amount, line.optional, line.selected, line.tax_amount]),
    ).toEqual([
      [100, false, true, 8.25],
      [50, false, true, 0],
      [200, true, false, 0],
      [10, true, true, 0.83],
    ]);
  });

  it('lists a paginator filtered by status, company, project and dates, with the project title', async () => {
    const onProject = await createQuote({ project_id: projectId, quote_date: '2026-10-15', valid_until: null });
    const other = await call('POST', '/api/billing/quotes', body({ company_id: otherId, quote_date: '2026-09-01' }));
    expect(other.statusCode).toBe(200);
    const page = (await call('GET', `/api/billing/quotes?project_id=${projectId}`)).json();
    expect(page).toMatchObject({ total: 1, current_page: 1, per_page: 50, from: 1, to: 1, last_page: 1 });
    expect(page.data[0]).toMatchObject({ id: onProject, project: 'Server room', total: 169.08, status: 'draft' });
    const byCompany = (await call('GET', `/api/billing/quotes?company_id=${otherId}`)).json();
    expect(byCompany.data.map((row: { company: string }) => row.company)).toEqual(['Birch School']);
    const byDates = (await call('GET', '/api/billing/quotes?from=2026-10-01&to=2026-10-31')).json();
    expect(byDates.data.map((row: { id: number }) => row.id)).toEqual([onProject]);
    const paged = (await call('GET', '/api/billing/quotes?per_page=1&page=2')).json();
    expect(paged).toMatchObject({ per_page: 1, current_page: 2, from: 2, to: 2 });
    expect(paged.total).toBeGreaterThanOrEqual(3);
    expect((await call('GET', '/api/billing/quotes?status=accepted')).json().data.length).toBe(0);
    expect((await call('GET', '/api/billing/quotes?status=nope')).statusCode).toBe(422);
  });

  it('refuses a project of another company (422) and an unknown quote (404)', async () => {
    const response = await call('POST', '/api/billing/quotes', body({ project_id: otherProjectId }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ project_id: ["The selected project is invalid or not this company's."] });
    expect((await call('GET', '/api/billing/quotes/999999')).statusCode).toBe(404);
    expect((await call('DELETE', '/api/billing/quotes/999999')).statusCode).toBe(404);
    expect((await call('POST', '/api/billing/quotes/999999/accept')).statusCode).toBe(404);
    expect((await call('POST', '/api/billing/quotes/999999/convert', { mode: 'full' })).statusCode).toBe(404);
  });

  it('edits and deletes drafts only', async () => {
    const id = await createQuote();
    const edited = await call('PUT', `/api/billing/quotes/${id}`, body({ lines: [lines[0]] }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ subtotal: 100, tax_total: 8.25, total: 108.25 });
    expect((await call('POST', `/api/billing/quotes/${id}/send`)).statusCode).toBe(200);
    // A sent quote changes into its next PDF revision; an accepted one is settled.
    const changed = await call('PUT', `/api/billing/quotes/${id}`, body());
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.revision).toBe(1);
    expect((await call('POST', `/api/billing/quotes/${id}/accept`)).statusCode).toBe(200);
    const put = await call('PUT', `/api/billing/quotes/${id}`, body());
    expect(put.statusCode).toBe(422);
    expect(put.json().errors).toEqual({ status: ['Only a draft or sent quote can be changed.'] });
    const del = await call('DELETE', `/api/billing/quotes/${id}`);
    expect(del.statusCode).toBe(422);
    expect(del.json().errors).toEqual({ status: ['Only a draft quote can be deleted.'] });
    const draft = await createQuote();
    const deleted = await call('DELETE', `/api/billing/quotes/${draft}`);
    expect(deleted.json()).toEqual({ message: 'Quote deleted.' });
    expect(await ctx.db.select().from(quotes).where(eq(quotes.id, draft))).toEqual([]);
  });

  it('records acceptance by the staff member and a decline; only a sent quote is answered', async () => {
    const id = await createQuote();
    const early = await call('POST', `/api/billing/quotes/${id}/accept`);
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual({ status: ['Only a sent quote can be accepted or declined.'] });
    await call('POST', `/api/billing/quotes/${id}/send`);
    const accepted = await call('POST', `/api/billing/quotes/${id}/accept`);
    expect(accepted.json()).toMatchObject({
      message: 'Quote accepted.',
      data: { status: 'accepted', accepted_by_user_id: viewerId, accepted_email: null },
    });
    expect(accepted.json().data.accepted_at).not.toBeNull();
    expect((await call('POST', `/api/billing/quotes/${id}/decline`)).statusCode).toBe(422);
    const other = await createQuote();
    await call('POST', `/api/billing/quotes/${other}/send`);
    const declined = await call('POST', `/api/billing/quotes/${other}/decline`);
    expect(declined.json()).toMatchObject({ message: 'Quote declined.', data: { status: 'declined' } });
    expect(declined.json().data.declined_at).not.toBeNull();
  });

  it('converts a deposit of N % (account 2200, one line), then the full quote; a second full convert is refused', async () => {
    const id = await acceptedQuote();
    const [{ number }] = await ctx.db.select({ number: quotes.number }).from(quotes).where(eq(quotes.id, id));
    const deposit = await call('POST', `/api/billing/quotes/${id}/convert`, { mode: 'deposit', percent: 30 });
    expect(deposit.statusCode).toBe(200);
    const depositId: number = deposit.json().data.invoice_id;
    expect(deposit.json()).toMatchObject({
      message: 'Draft invoice created.',
      data: { status: 'accepted', converted_invoice_ids: [depositId] },
    });
    const depositInvoice = await invoiceDetail(depositId);
    expect(depositInvoice).toMatchObject({ type: 'project_deposit', status: 'draft', total: 50.72, tax_total: 0 });
    expect(depositInvoice.lines).toMatchObject([
      { kind: 'deposit', description: `Deposit 30% of ${number}`, amount: 50.72, account_id: account2200, taxable: 0 },
    ]);

    const full = await call('POST', `/api/billing/quotes/${id}/convert`, { mode: 'full' });
    const fullId: number = full.json().data.invoice_id;
    expect(full.json().data).toMatchObject({ status: 'converted', converted_invoice_ids: [depositId, fullId] });
    const fullInvoice = await invoiceDetail(fullId);
    expect(fullInvoice).toMatchObject({
      type: 'one_off',
      status: 'draft',
      subtotal: 160,
      tax_total: 9.08,
      total: 169.08,
    });
    expect(fullInvoice.lines.map((line) => line.description)).toEqual(['Firewall', 'Setup labor', 'Patch cables']);
    const [row] = await ctx.db.select({ quoteId: invoices.quoteId }).from(invoices).where(eq(invoices.id, fullId));
    expect(row!.quoteId).toBe(id);

    const again = await call('POST', `/api/billing/quotes/${id}/convert`, { mode: 'full' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ status: ['Only an accepted quote can be converted.'] });
    expect((await call('POST', `/api/billing/quotes/${id}/convert`, { mode: 'deposit', percent: 10 })).statusCode).toBe(
      422,
    );
  });

  it("makes a project's quote a project invoice, and refuses what is not accepted or a bad percent", async () => {
    const id = await acceptedQuote({ project_id: projectId });
    for (const bad of [{ mode: 'deposit' }, { mode: 'deposit', percent: 0 }, { mode: 'deposit', percent: 101 }]) {
      const response = await call('POST', `/api/billing/quotes/${id}/convert`, bad);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ percent: ['The percent must be more than 0 and at most 100.'] });
    }
    const full = await call('POST', `/api/billing/quotes/${id}/convert`, { mode: 'full' });
    const invoice = await invoiceDetail(full.json().data.invoice_id);
    expect(invoice).toMatchObject({ type: 'project', project_id: projectId, total: 169.08 });
    const sent = await createQuote();
    await call('POST', `/api/billing/quotes/${sent}/send`);
    const refused = await call('POST', `/api/billing/quotes/${sent}/convert`, { mode: 'full' });
    expect(refused.statusCode).toBe(422);
  });

  it('announces QuoteUpdated and the draft InvoiceUpdated on the billing channel after the commit, nothing on a 422', async () => {
    const id = await acceptedQuote();
    const emit = vi.spyOn(ctx.app.realtime, 'emitToStaff');
    try {
      const converted = await call('POST', `/api/billing/quotes/${id}/convert`, { mode: 'full' });
      const invoiceId = converted.json().data.invoice_id;
      expect(emit.mock.calls.map(([, event, payload]) => [event, payload])).toEqual([
        ['QuoteUpdated', { id, company_id: companyId }],
        ['InvoiceUpdated', { id: invoiceId, company_id: companyId }],
      ]);
      emit.mockClear();
      expect((await call('POST', `/api/billing/quotes/${id}/convert`, { mode: 'full' })).statusCode).toBe(422);
      expect(emit).not.toHaveBeenCalled();
      const created = await createQuote();
      expect(emit.mock.calls.map(([, event, payload]) => [event, payload])).toEqual([
        ['QuoteUpdated', { id: created, company_id: companyId }],
      ]);
    } finally {
      emit.mockRestore();
    }
  });

  it("sends a project's quote with decision 0046's approval link to each recipient", async () => {
    const id = await createQuote({ project_id: projectId });
    const bad = await call('POST', `/api/billing/quotes/${id}/send`, { to: ['not an address'] });
    expect(bad.statusCode).toBe(422);
    expect((await ctx.db.select().from(quotes).where(eq(quotes.id, id)))[0]!.status).toBe('draft');
    const sent = await call('POST', `/api/billing/quotes/${id}/send`, { to: ['Buyer@Example.test'] });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ status: 'sent', revision: 0 });
    const approvals = await ctx.db.select().from(projectApprovals).where(eq(projectApprovals.quoteId, id));
    expect(approvals).toMatchObject([{ projectId, kind: 'labor', emailAddress: 'buyer@example.test', status: null }]);
    await settleBackgroundMail(ctx.db);
  });

  it("needs 'view billing'; client accounts get 403 even holding it", async () => {
    const id = await createQuote();
    for (const token of [plain, client]) {
      expect((await call('GET', '/api/billing/quotes', undefined, token)).statusCode).toBe(403);
      expect((await call('GET', `/api/billing/quotes/${id}`, undefined, token)).statusCode).toBe(403);
      expect((await call('POST', '/api/billing/quotes', body(), token)).statusCode).toBe(403);
      expect((await call('PUT', `/api/billing/quotes/${id}`, body(), token)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/billing/quotes/${id}`, undefined, token)).statusCode).toBe(403);
      for (const action of ['send', 'accept', 'decline'])
        expect((await call('POST', `/api/billing/quotes/${id}/${action}`, undefined, token)).statusCode).toBe(403);
      expect((await call('POST', `/api/billing/quotes/${id}/convert`, { mode: 'full' }, token)).statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/billing/quotes' })).statusCode).toBe(401);
  });
});
