import {
  ratePercentDecimalsMessage,
  ratePercentRangeMessage,
  rateDatesMessage,
  rateUsedMessage,
} from '@switchboard/shared/billing/tax-rates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { invoices } from './invoices.table.ts';
import { accounts } from './ledger.table.ts';

// Tax rates and company billing settings (issue 27 part 3; designs/billing.md §3.3, §6; decisions 0066, 0071, 0082).

let ctx: TestContext;
let manager: string; // 'view billing' + 'manage accounting'
let viewer: string; // 'view billing' only
let plain: string; // 'manage accounting' without 'view billing'
let client: string;
let companyId: number;
let otherCompanyId: number;
let siteId: number;
let otherSiteId: number;
const account: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  [{ id: companyId }, { id: otherCompanyId }] = await ctx.db
    .insert(companies)
    .values([{ name: 'Acme Dental' }, { name: 'Birch Legal' }])
    .returning({ id: companies.id });
  [{ id: siteId }, { id: otherSiteId }] = await ctx.db
    .insert(sites)
    .values([
      { companyId, name: 'Acme HQ' },
      { companyId: otherCompanyId, name: 'Birch HQ' },
    ])
    .returning({ id: sites.id });
  for (const row of await ctx.db.select().from(accounts)) account[row.number] = row.id;
  const m = await createUser(ctx.db, { permissions: ['view billing', 'manage accounting'] });
  manager = (await login(ctx.app, m.email, m.password)).access_token;
  const v = await createUser(ctx.db, { permissions: ['view billing'] });
  viewer = (await login(ctx.app, v.email, v.password)).access_token;
  const p = await createUser(ctx.db, { permissions: ['manage accounting'] });
  plain = (await login(ctx.app, p.email, p.password)).access_token;
  const c = await createUser(ctx.db, { type: 'Client', companyId, permissions: ['view billing', 'manage accounting'] });
  client = (await login(ctx.app, c.email, c.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as: string | null = manager) =>
  ctx.app.inject({ method, url, headers: as === null ? {} : bearer(as), payload });

const rate = (over: object = {}) => ({
  name: 'Minnesota State',
  jurisdiction: 'mn',
  dor_code: '001',
  percent: 6.875,
  effective_from: '2026-01-01',
  ...over,
});

describe('tax rates', () => {
  it('creates a rate on the 2100 account by default and lists it with its usage', async () => {
    const res = await call('POST', '/api/billing/taxrates', rate());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Tax rate saved.');
    expect(body.data).toMatchObject({
      name: 'Minnesota State',
      jurisdiction: 'MN',
      dor_code: '001',
      percent: '6.8750',
      liability_account_id: account['2100'],
      liability_account: { number: '2100' },
      effective_to: null,
      active: true,
      companies_using: 0,
      used_on_posted_invoices: false,
    });
    const list = await call('GET', '/api/billing/taxrates', undefined, viewer);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((r: { id: number }) => r.id)).toContain(body.data.id);
    const one = await call('GET', `/api/billing/taxrates/${body.data.id}`, undefined, viewer);
    expect(one.json().data.percent).toBe('6.8750');
    expect((await call('GET', '/api/billing/taxrates/999999')).statusCode).toBe(404);
  });

  it.each([
    [101, ratePercentRangeMessage],
    [-1, ratePercentRangeMessage],
    ['abc', ratePercentRangeMessage],
    [7.12345, ratePercentDecimalsMessage],
  ])('refuses percent %s with a 422', async (percent, message) => {
    const res = await call('POST', '/api/billing/taxrates', rate({ percent }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.percent).toEqual([message]);
  });

  it('takes 0, 100 and four decimals', async () => {
    for (const percent of [0, 100, '7.1234']) {
      const res = await call('POST', '/api/billing/taxrates', rate({ percent }));
      expect(res.statusCode).toBe(200);
    }
  });

  it('refuses an end date before the start date, an unknown account and a non-liability account', async () => {
    const dates = await call('POST', '/api/billing/taxrates', rate({ effective_to: '2025-12-31' }));
    expect(dates.statusCode).toBe(422);
    expect(dates.json().errors.effective_to).toEqual([rateDatesMessage]);
    const same = await call('POST', '/api/billing/taxrates', rate({ effective_to: '2026-01-01' }));
    expect(same.statusCode).toBe(200);
    const unknown = await call('POST', '/api/billing/taxrates', rate({ liability_account_id: 999999 }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.liability_account_id).toEqual(['The selected liability account is invalid.']);
    const asset = await call('POST', '/api/billing/taxrates', rate({ liability_account_id: account['1100'] }));
    expect(asset.statusCode).toBe(422);
    expect(asset.json().errors.liability_account_id).toEqual(['The liability account must be a liability account.']);
  });

  it('refuses a new percent once the rate is on a posted invoice, but takes an end date', async () => {
    const { data } = (await call('POST', '/api/billing/taxrates', rate({ name: 'Hennepin', percent: 7.525 }))).json();
    // Unused: the percent may change.
    const edit = await call('PUT', `/api/billing/taxrates/${data.id}`, rate({ name: 'Hennepin', percent: 7.53 }));
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data.percent).toBe('7.5300');
    // A draft invoice does not hold it.
    const [draft] = await ctx.db
      .insert(invoices)
      .values({ companyId, type: 'one_off', taxRateId: data.id })
      .returning({ id: invoices.id });
    const onDraft = await call('PUT', `/api/billing/taxrates/${data.id}`, rate({ name: 'Hennepin', percent: 7.55 }));
    expect(onDraft.statusCode).toBe(200);
    await ctx.db
      .update(invoices)
      .set({ status: 'posted', number: 'INV-000001', invoiceDate: '2026-11-01' })
      .where(eq(invoices.id, draft!.id));
    const refused = await call('PUT', `/api/billing/taxrates/${data.id}`, rate({ name: 'Hennepin', percent: 7.6 }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.percent).toEqual([rateUsedMessage]);
    // The same percent written another way, and an end date, are fine.
    const ended = await call(
      'PUT',
      `/api/billing/taxrates/${data.id}`,
      rate({ name: 'Hennepin', percent: '7.5500', effective_to: '2026-06-30' }),
    );
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data).toMatchObject({ effective_to: '2026-06-30', used_on_posted_invoices: true });
  });

  it('ends a rate and starts its successor the day after in one call, or neither', async () => {
    const old = (await call('POST', '/api/billing/taxrates', rate({ name: 'Ramsey', dor_code: '062' }))).json().data;
    const early = await call('POST', `/api/billing/taxrates/${old.id}/replace`, {
      end_on: '2025-12-31',
      name: 'Ramsey 2026',
      percent: 7.125,
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual({ end_on: ['The end date may not be before the start date.'] });
    const bad = await call('POST', `/api/billing/taxrates/${old.id}/replace`, {
      end_on: '2026-06-30',
      name: 'Ramsey 2026',
      percent: 101,
    });
    expect(bad.json().errors).toEqual({ percent: ['The rate must be between 0 and 100.'] });
    // Neither refusal ended the old rate.
    expect((await call('GET', `/api/billing/taxrates/${old.id}`)).json().data.effective_to).toBeNull();

    const replaced = await call('POST', `/api/billing/taxrates/${old.id}/replace`, {
      end_on: '2026-06-30',
      name: 'Ramsey 2026',
      percent: 7.125,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data).toMatchObject({
      name: 'Ramsey 2026',
      jurisdiction: 'MN',
      dor_code: '062',
      percent: '7.1250',
      effective_from: '2026-07-01',
      effective_to: null,
      liability_account_id: old.liability_account_id,
    });
    expect((await call('GET', `/api/billing/taxrates/${old.id}`)).json().data.effective_to).toBe('2026-06-30');
    const replace = { end_on: '2026-06-30', name: 'x', percent: 1 };
    expect((await call('POST', `/api/billing/taxrates/${old.id}/replace`, replace, viewer)).statusCode).toBe(403);
    expect((await call('POST', '/api/billing/taxrates/999999/replace', replace)).statusCode).toBe(404);
  });

  it('lists only active rates not yet ended in the picker', async () => {
    const live = (await call('POST', '/api/billing/taxrates', rate({ name: 'Live' }))).json().data;
    const ended = (
      await call('POST', '/api/billing/taxrates', rate({ name: 'Ended', effective_to: '2026-01-31' }))
    ).json().data;
    const inactive = (await call('POST', '/api/billing/taxrates', rate({ name: 'Off', active: false }))).json().data;
    const res = await call('GET', '/api/billing/taxrates.list', undefined, viewer);
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((r: { id: number }) => r.id);
    expect(ids).toContain(live.id);
    expect(ids).not.toContain(ended.id);
    expect(ids).not.toContain(inactive.id);
  });

  it('gates reads on view billing and writes on manage accounting, employees only', async () => {
    expect((await call('GET', '/api/billing/taxrates', undefined, null)).statusCode).toBe(401);
    expect((await call('POST', '/api/billing/taxrates', rate(), null)).statusCode).toBe(401);
    expect((await call('GET', '/api/billing/taxrates', undefined, plain)).statusCode).toBe(403);
    expect((await call('GET', '/api/billing/taxrates.list', undefined, plain)).statusCode).toBe(403);
    expect((await call('POST', '/api/billing/taxrates', rate(), viewer)).statusCode).toBe(403);
    expect((await call('PUT', '/api/billing/taxrates/1', rate(), viewer)).statusCode).toBe(403);
    expect((await call('GET', '/api/billing/taxrates', undefined, client)).statusCode).toBe(403);
    expect((await call('POST', '/api/billing/taxrates', rate(), client)).statusCode).toBe(403);
  });
});

describe('company billing settings', () => {
  it('gives the defaults for a company without a row, 404 for no company', async () => {
    const res = await call('GET', `/api/billing/companies/${companyId}/settings`, undefined, viewer);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      company_id: companyId,
      tax_rate_id: null,
      tax_exempt: false,
      exempt_certificate: '',
      exempt_expires_on: null,
      billing_site_id: null,
      separate_overage_invoice: false,
      waive_late_fees: false,
      invoice_notes: '',
    });
    expect((await call('GET', '/api/billing/companies/999999/settings')).statusCode).toBe(404);
    expect((await call('PUT', '/api/billing/companies/999999/settings', {})).statusCode).toBe(404);
  });

  it('saves with view billing, counts the company on its rate, saves again over the row', async () => {
    const { data: r } = (await call('POST', '/api/billing/taxrates', rate({ name: 'Used by Acme' }))).json();
    const input = {
      tax_rate_id: r.id,
      tax_exempt: true,
      exempt_certificate: 'EX-123',
      exempt_expires_on: '2027-06-30',
      billing_site_id: siteId,
      separate_overage_invoice: true,
      waive_late_fees: true,
      invoice_notes: 'PO 4411 on every invoice.',
    };
    const res = await call('PUT', `/api/billing/companies/${companyId}/settings`, input, viewer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Billing settings saved.', data: { company_id: companyId, ...input } });
    const again = await call('PUT', `/api/billing/companies/${companyId}/settings`, {
      ...input,
      waive_late_fees: false,
    });
    expect(again.json().data.waive_late_fees).toBe(false);
    const used = (await call('GET', `/api/billing/taxrates/${r.id}`)).json().data;
    expect(used.companies_using).toBe(1);
  });

  it("refuses another company's site, an unknown rate and a bad date with 422", async () => {
    const res = await call('PUT', `/api/billing/companies/${companyId}/settings`, {
      billing_site_id: otherSiteId,
      tax_rate_id: 999999,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      billing_site_id: ["The billing site must be one of this company's sites."],
      tax_rate_id: ['The selected tax rate is invalid.'],
    });
    const date = await call('PUT', `/api/billing/companies/${companyId}/settings`, { exempt_expires_on: '2027-02-30' });
    expect(date.statusCode).toBe(422);
    expect(date.json().errors.exempt_expires_on).toBeDefined();
  });

  it('gates on view billing, employees only', async () => {
    const url = `/api/billing/companies/${companyId}/settings`;
    expect((await call('GET', url, undefined, null)).statusCode).toBe(401);
    expect((await call('PUT', url, {}, null)).statusCode).toBe(401);
    expect((await call('GET', url, undefined, plain)).statusCode).toBe(403);
    expect((await call('PUT', url, {}, plain)).statusCode).toBe(403);
    expect((await call('GET', url, undefined, client)).statusCode).toBe(403);
    expect((await call('PUT', url, {}, client)).statusCode).toBe(403);
  });
});
