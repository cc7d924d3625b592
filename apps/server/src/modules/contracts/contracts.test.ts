import type { CompanyDetail, Contract, GroupedBillingItems } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { checkIns } from '../checkins/checkins.table.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { companies } from '../companies/companies.table.ts';
import { tickets } from '../tickets/tickets.table.ts';
import { contractRecurringItems, contracts } from './contracts.table.ts';

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const thisMonth = () => new Date().toISOString().slice(0, 7);

describe('contracts and billing items API (spec 2 §7)', () => {
  let ctx: TestContext;
  let billing: string;
  let staff: string;
  let companyId: number;
  let items: GroupedBillingItems;
  let contactId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    const manager = await createUser(ctx.db, { permissions: ['view billing'] });
    billing = (await login(ctx.app, manager.email, manager.password)).access_token;
    const technician = await createUser(ctx.db);
    staff = (await login(ctx.app, technician.email, technician.password)).access_token;
    [{ id: companyId }] = (await ctx.db
      .insert(companies)
      .values({ name: 'Lakeside Clinic' })
      .returning({ id: companies.id })) as [{ id: number }];
    contactId = (await createUser(ctx.db, { type: 'Client', companyId })).id;
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/companies/contracts/billing_items',
      headers: bearer(staff),
    });
    items = response.json<{ data: GroupedBillingItems }>().data;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const form = (overrides: Record<string, unknown> = {}) => ({
    company_id: companyId,
    start_date: isoDay(-60),
    end_date: isoDay(300),
    payment_terms: '',
    retainer_item: items.retainer_items[0]!.id,
    overage_item: items.overage_items[0]!.id,
    late_fee_item: items.fee_items[0]!.id,
    retainer_taxable: 0,
    overage_taxable: 0,
    late_fee_taxable: 0,
    retainer_price: 125,
    overage_price: 150,
    late_fee_percent: 1.5,
    retainer_hours: 10.25,
    device_count: 12,
    max_rollover: 5,
    paperless: 0,
    billing_contacts: [contactId],
    recurring_items: [{ id: 'new', item_id: items.cloud_items[0]!.id, quantity: 12, price: 6, taxable: 1 }],
    ...overrides,
  });

  const create = (body: unknown, token = billing) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/companies/contracts/',
      headers: bearer(token),
      payload: body as object,
    });

  it('groups the seeded catalogue into retainer, overage, fee and cloud items', () => {
    expect(items.retainer_items.length).toBeGreaterThan(0);
    expect(items.overage_items.length).toBeGreaterThan(0);
    expect(items.fee_items.every((item) => item.fee_percent !== null)).toBe(true);
    expect(items.cloud_items.length).toBeGreaterThan(0);
  });

  it('searches items only above 3 characters, and needs view billing', async () => {
    const short = await ctx.app.inject({
      method: 'GET',
      url: '/api/billing/search/items/Micr',
      headers: bearer(billing),
    });
    expect(short.json().data.map((item: { name: string }) => item.name)).toContain('Microsoft 365 Business Basic');
    const tooShort = await ctx.app.inject({
      method: 'GET',
      url: '/api/billing/search/items/Mic',
      headers: bearer(billing),
    });
    expect(tooShort.json().data).toEqual([]);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/billing/search/items/Micr', headers: bearer(staff) }))
        .statusCode,
    ).toBe(403);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/billing/items.list', headers: bearer(billing) });
    expect(list.json().data.length).toBeGreaterThan(10);
  });

  it('creates a contract with contacts and recurring items; default payment terms 20', async () => {
    const response = await create(form());
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Contract created.');
    const id = response.json<{ data: { id: number } }>().data.id;
    const read = await ctx.app.inject({ method: 'GET', url: `/api/companies/contracts/${id}`, headers: bearer(staff) });
    const contract = read.json<{ data: Contract }>().data;
    expect(contract).toMatchObject({
      payment_terms: 20,
      retainer_hours: 10.25,
      device_count: 12,
      billing_contacts_id: [contactId],
    });
    expect(contract.recurring_items).toMatchObject([
      { item_id: items.cloud_items[0]!.id, quantity: 12, price: 6, taxable: 1 },
    ]);
  });

  it('answers 422 per field and writes nothing', async () => {
    const before = await ctx.db.$count(contracts);
    const response = await create(
      form({
        retainer_hours: 1.3,
        device_count: -1,
        end_date: isoDay(-90),
        retainer_item: items.overage_items[0]!.id,
        recurring_items: [{ item_id: '', quantity: '' }],
      }),
    );
    expect(response.statusCode).toBe(422);
    const { errors } = response.json<{ errors: Record<string, string[]> }>();
    expect(errors.retainer_hours).toEqual(['The retainer hours must be a multiple of 0.25.']);
    expect(errors.device_count).toEqual(['The device count must be at least 0.']);
    expect(errors['recurring_items.0.item_id']).toEqual(['Item must be selected']);
    expect(errors['recurring_items.0.quantity']).toEqual(['Quantity must be set.']);
    expect(await ctx.db.$count(contracts)).toBe(before);

    const wrongKinds = await create(form({ retainer_item: items.overage_items[0]!.id, billing_contacts: [999999] }));
    expect(wrongKinds.statusCode).toBe(422);
    expect(wrongKinds.json().errors.retainer_item).toEqual(['The selected retainer item is invalid.']);
    expect(wrongKinds.json().errors.billing_contacts).toEqual(["Billing contacts must be the company's accounts."]);
    expect(await ctx.db.$count(contracts)).toBe(before);
  });

  it('needs view billing to create or update, and staff to read', async () => {
    expect((await create(form(), staff)).statusCode).toBe(403);
    const client = await createUser(ctx.db, { type: 'Client', companyId });
    const clientToken = (await login(ctx.app, client.email, client.password)).access_token;
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/companies/contracts.${companyId}`,
          headers: bearer(clientToken),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('updates through POST with _method PUT, replacing recurring items', async () => {
    // A company of its own: the first test's contract would make this one identical (issue 26 §2.9).
    const [{ id: own }] = await ctx.db.insert(companies).values({ name: 'Update Co' }).returning({ id: companies.id });
    const id = (await create(form({ company_id: own, billing_contacts: [] }))).json<{ data: { id: number } }>().data.id;
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/companies/contracts/${id}`,
      headers: bearer(billing),
      payload: {
        ...form({ company_id: own, billing_contacts: [], payment_terms: 30, recurring_items: [] }),
        _method: 'PUT',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Contract updated.');
    const [row] = await ctx.db.select().from(contracts).where(eq(contracts.id, id));
    expect(row!.paymentTerms).toBe(30);
    expect(await ctx.db.$count(contractRecurringItems, eq(contractRecurringItems.contractId, id))).toBe(0);
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: '/api/companies/contracts/999999',
      headers: bearer(billing),
      payload: form(),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('shows the active contract and monthly usage from check-ins and adjustments on the company', async () => {
    const [{ id: clinic }] = (await ctx.db
      .insert(companies)
      .values({ name: 'Usage Co' })
      .returning({ id: companies.id })) as [{ id: number }];
    // Expired only: the header says Expired.
    const lastMonthEnd = new Date(Date.parse(`${thisMonth()}-01T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await create(form({ company_id: clinic, start_date: isoDay(-400), end_date: lastMonthEnd, billing_contacts: [] }));
    let detail = (await ctx.app.inject({ method: 'GET', url: `/api/company/${clinic}`, headers: bearer(staff) })).json<{
      data: CompanyDetail;
    }>().data;
    expect(detail.active_contract).toBeNull();
    expect(detail.latest_contract).not.toBeNull();

    const active = (
      await create(
        form({
          company_id: clinic,
          start_date: `${thisMonth()}-01`,
          end_date: isoDay(200),
          retainer_hours: 10,
          billing_contacts: [],
        }),
      )
    ).json().data.id;
    const tech = await createUser(ctx.db);
    const start = new Date(`${thisMonth()}-01T10:00:00Z`);
    const hoursLater = (h: number) => new Date(start.getTime() + h * 3_600_000);
    const ticketIds = (
      await ctx.db
        .insert(tickets)
        .values(
          [1, 2, 3].map((n) => ({
            subject: `Ticket ${n}`,
            body: 'Printer offline',
            companyId: clinic,
            location: 1,
            triageId: 3,
            status: 2,
          })),
        )
        .returning({ id: tickets.id })
    ).map((row) => row.id);
    await ctx.db.insert(checkIns).values([
      {
        userId: tech.id,
        companyId: clinic,
        ticketId: ticketIds[0],
        startTime: start,
        endTime: hoursLater(3),
        billable: 0,
      },
      {
        userId: tech.id,
        companyId: clinic,
        ticketId: ticketIds[1],
        startTime: start,
        endTime: hoursLater(1),
        billable: 1,
      },
      { userId: tech.id, companyId: clinic, projectStepId: 5, startTime: start, endTime: hoursLater(2), billable: 0 },
      // Still open: not counted.
      { userId: tech.id, companyId: clinic, ticketId: ticketIds[2], startTime: start, endTime: null, billable: 0 },
    ]);
    const adjustment = await ctx.app.inject({
      method: 'POST',
      url: '/api/companies/usage/adjustments',
      headers: bearer(billing),
      payload: { company_id: clinic, month: thisMonth(), hours: 1.5, reason: 'Goodwill credit for outage' },
    });
    expect(adjustment.statusCode).toBe(200);

    detail = (await ctx.app.inject({ method: 'GET', url: `/api/company/${clinic}`, headers: bearer(staff) })).json<{
      data: CompanyDetail;
    }>().data;
    expect(detail.active_contract?.id).toBe(active);
    expect(detail.active_retainer_item?.name).toBe(items.retainer_items[0]!.name);
    // Last month's unused hours of the expired contract roll over, capped at its max_rollover of 5.
    expect(detail.monthly_usage[0]).toMatchObject({
      id: thisMonth(),
      retainer: 10,
      adjustments: 1.5,
      rollover: 5,
      helpdesk: 4,
      project: 2,
      non_billable: 1,
      balance: 11.5,
    });

    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/companies/usage/adjustments.${clinic}`,
      headers: bearer(staff),
    });
    expect(list.json().data).toMatchObject([{ month: thisMonth(), hours: 1.5, reason: 'Goodwill credit for outage' }]);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/companies/usage/adjustments',
      headers: bearer(billing),
      payload: { company_id: clinic, month: '2026-13', hours: 0, reason: '' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['hours', 'month', 'reason']);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/companies/usage/adjustments/${list.json().data[0].id}`,
      headers: bearer(billing),
    });
    expect(removed.json().message).toBe('Adjustment removed.');
  });

  it('moves the helpdesk hours with a ticket that changes company (issue 16)', async () => {
    const [{ id: oldCompany }, { id: newCompany }] = await ctx.db
      .insert(companies)
      .values([{ name: 'Moved From Co' }, { name: 'Moved To Co' }])
      .returning({ id: companies.id });
    for (const company of [oldCompany, newCompany]) {
      const made = await create(form({ company_id: company, start_date: `${thisMonth()}-01`, billing_contacts: [] }));
      expect(made.statusCode).toBe(200);
    }
    const [{ id: ticketId }] = (await ctx.db
      .insert(tickets)
      .values({ subject: 'Moved ticket', body: 'Wrong', companyId: oldCompany, location: 1, triageId: 3, status: 2 })
      .returning({ id: tickets.id })) as [{ id: number }];
    const tech = await createUser(ctx.db);
    const start = new Date(`${thisMonth()}-01T10:00:00Z`);
    // The check-in call copies the ticket's company onto the check-in.
    const endTime = new Date(start.getTime() + 2 * 3_600_000);
    const twoHours = { startTime: start, endTime };
    await ctx.db.insert(checkIns).values({ userId: tech.id, companyId: oldCompany, ticketId, ...twoHours });
    const helpdesk = async (company: number) => {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/company/${company}`, headers: bearer(staff) });
      return response.json<{ data: CompanyDetail }>().data.monthly_usage[0];
    };
    expect(await helpdesk(oldCompany)).toMatchObject({ id: thisMonth(), helpdesk: 2 });

    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/ticket/${ticketId}`,
      headers: bearer(staff),
      payload: { company_id: newCompany },
    });
    expect(moved.statusCode).toBe(200);
    expect(await helpdesk(oldCompany)).toMatchObject({ id: thisMonth(), helpdesk: 0 });
    expect(await helpdesk(newCompany)).toMatchObject({ id: thisMonth(), helpdesk: 2 });
    // A check-in made after the move is the new company's too.
    const checkInOut = (direction: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/ticket/checkinout',
        headers: bearer(staff),
        payload: { direction, ticket_id: ticketId },
      });
    expect((await checkInOut('in')).statusCode).toBe(200);
    expect((await checkInOut('out')).statusCode).toBe(200);
    const companiesOfCheckIns = await ctx.db
      .selectDistinct({ companyId: checkIns.companyId })
      .from(checkIns)
      .where(eq(checkIns.ticketId, ticketId));
    expect(companiesOfCheckIns).toEqual([{ companyId: newCompany }]);
  });

  it('answers 422 on the field for malformed JSON lists and impossible dates (issue 16)', async () => {
    const before = await ctx.db.$count(contracts);
    for (const text of ['abc', '[{']) {
      const response = await create(form({ billing_contacts: text, recurring_items: text }));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        billing_contacts: ['The billing contacts must be valid JSON.'],
        recurring_items: ['The recurring items must be valid JSON.'],
      });
    }
    const impossible = await create(form({ start_date: '2026-02-30', end_date: '2026-02-31' }));
    expect(impossible.statusCode).toBe(422);
    expect(impossible.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { start_date: ['The start date is not a valid date.'], end_date: ['The end date is not a valid date.'] },
    });
    expect(await ctx.db.$count(contracts)).toBe(before);
  });
  describe('overlapping contracts (issue 26 §2.9, decision 0075)', () => {
    const period = (start: string, end: string) => ({ start_date: start, end_date: end, billing_contacts: [] });
    const ownCompany = async (name: string) =>
      (await ctx.db.insert(companies).values({ name }).returning({ id: companies.id }))[0]!.id;
    const update = (id: number, body: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/companies/contracts/${id}`,
        headers: bearer(billing),
        payload: { ...body, _method: 'PUT' },
      });

    it('refuses a contract of the same type whose dates share a day with another, with a 422 on start_date', async () => {
      const company = await ownCompany('Overlap Dental');
      const retainer = items.retainer_items[0]!;
      const first = await create(form({ company_id: company, ...period('2026-01-01', '2026-12-31') }));
      expect(first.statusCode).toBe(200);
      const before = await ctx.db.$count(contracts, eq(contracts.companyId, company));

      // The same type over the same year, and one sharing only its last day: both refused, nothing written.
      for (const [start, end] of [
        ['2026-01-01', '2026-12-31'],
        ['2026-12-31', '2027-12-31'],
      ] as const) {
        const twin = await create(form({ company_id: company, ...period(start, end) }));
        expect(twin.statusCode).toBe(422);
        expect(twin.json()).toEqual({
          message: 'The given data was invalid.',
          errors: {
            start_date: [
              `A ${retainer.name} contract already covers these dates (2026-01-01 to 2026-12-31). Change the dates or edit that contract.`,
            ],
          },
        });
      }
      expect(await ctx.db.$count(contracts, eq(contracts.companyId, company))).toBe(before);

      // The day after is a renewal, not a twin; another company's identical contract is its own.
      const renewal = await create(form({ company_id: company, ...period('2027-01-01', '2027-12-31') }));
      expect(renewal.statusCode).toBe(200);
      const elsewhere = await create(
        form({ company_id: await ownCompany('Other Dental'), ...period('2026-01-01', '2026-12-31') }),
      );
      expect(elsewhere.statusCode).toBe(200);

      // Saving a contract again does not make it its own twin; moving it onto its neighbour's dates does.
      const firstId = first.json<{ data: { id: number } }>().data.id;
      expect(
        (await update(firstId, form({ company_id: company, ...period('2026-01-01', '2026-12-31') }))).statusCode,
      ).toBe(200);
      const moved = await update(firstId, form({ company_id: company, ...period('2026-06-01', '2027-03-31') }));
      expect(moved.statusCode).toBe(422);
      expect(moved.json().errors.start_date).toEqual([
        `A ${retainer.name} contract already covers these dates (2027-01-01 to 2027-12-31). Change the dates or edit that contract.`,
      ]);
      const [kept] = await ctx.db.select().from(contracts).where(eq(contracts.id, firstId));
      expect([kept!.startDate, kept!.endDate]).toEqual(['2026-01-01', '2026-12-31']);
    });

    it('accepts an overlapping contract of another type (the form warns of it)', async () => {
      const company = await ownCompany('Two Types Co');
      const [{ id: otherRetainer }] = await ctx.db
        .insert(billingItems)
        .values({ name: `Co-managed Retainer ${Date.now()}`, type: 'retainer', price: 80, taxable: 0 })
        .returning({ id: billingItems.id });
      expect((await create(form({ company_id: company, ...period('2026-01-01', '2026-12-31') }))).statusCode).toBe(200);
      const other = await create(
        form({ company_id: company, retainer_item: otherRetainer, ...period('2026-07-01', '2027-06-30') }),
      );
      expect(other.statusCode).toBe(200);
      // Changed to the first one's type, it becomes identical and is refused.
      const otherId = other.json<{ data: { id: number } }>().data.id;
      const retyped = await update(otherId, form({ company_id: company, ...period('2026-07-01', '2027-06-30') }));
      expect(retyped.statusCode).toBe(422);
      expect(Object.keys(retyped.json().errors)).toEqual(['start_date']);
    });

    it('lets only one of eight identical contracts sent at once through', async () => {
      const company = await ownCompany('Race Co');
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => create(form({ company_id: company, ...period('2026-03-01', '2026-08-31') }))),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array<number>(7).fill(422)]);
      expect(await ctx.db.$count(contracts, eq(contracts.companyId, company))).toBe(1);
    });
  });
});
