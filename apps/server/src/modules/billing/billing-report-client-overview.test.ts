import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { checkIns } from '../checkins/checkins.table.ts';
import { companies } from '../companies/companies.table.ts';
import { contractRecurringItems, contracts } from '../contracts/contracts.table.ts';
import { tickets } from '../tickets/tickets.table.ts';
import { reportFixture } from './billing-report-fixture.ts';

// Client Overview (designs/billing.md §5): contract, MRR, revenue T12M, billable hours, effective hourly rate, average
// days to pay, balance per company on known data; one company's months (hours used vs retainer, revenue); paging,
// CSV and who may read it.

const rowSchema = z.strictObject({
  company_id: z.number(),
  company_name: z.string(),
  contract: z
    .strictObject({
      id: z.number(),
      start_date: z.string(),
      end_date: z.string(),
      retainer_hours: z.number(),
      retainer_item: z.string(),
    })
    .nullable(),
  mrr: z.number(),
  revenue_t12m: z.number(),
  billable_hours_t12m: z.number(),
  effective_rate: z.number().nullable(),
  average_days_to_pay: z.number().nullable(),
  balance: z.number(),
});
const overviewSchema = z.strictObject({
  period_from: z.string(),
  period_to: z.string(),
  data: z.array(rowSchema),
  total: z.number(),
  current_page: z.number(),
  per_page: z.number(),
  from: z.number().nullable(),
  to: z.number().nullable(),
  last_page: z.number(),
  months: z
    .array(
      z.strictObject({
        month: z.string(),
        retainer: z.number().nullable(),
        used: z.number().nullable(),
        revenue: z.number(),
      }),
    )
    .optional(),
});

let ctx: TestContext;
let viewer: string;
let client: string;
let acme: number;
let birch: number;
let contractId: number;

const overview = async (query: string, token = viewer) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/billing/reports/clientoverview?${query}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return overviewSchema.parse(response.json());
};

beforeAll(async () => {
  ctx = await createTestContext();
  [{ id: acme }, { id: birch }] = await ctx.db
    .insert(companies)
    .values([{ name: 'Acme Dental' }, { name: 'Birch Legal' }])
    .returning({ id: companies.id });
  const v = await createUser(ctx.db, { permissions: ['view billing'] });
  viewer = (await login(ctx.app, v.email, v.password)).access_token;
  const c = await createUser(ctx.db, { type: 'Client', companyId: acme, permissions: ['view billing'] });
  client = (await login(ctx.app, c.email, c.password)).access_token;
  const tech = await createUser(ctx.db);

  // Acme's contract: 10 devices × 125.00 + 2 × 15.50 recurring = 1,281.00 a month, 10 retainer hours.
  const [item] = await ctx.db.insert(billingItems).values({ name: 'Managed', type: 'retainer' }).returning();
  const [row] = await ctx.db
    .insert(contracts)
    .values({
      companyId: acme,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      retainerItem: item!.id,
      overageItem: item!.id,
      lateFeeItem: item!.id,
      retainerPrice: 125,
      overagePrice: 150,
      retainerHours: 10,
      deviceCount: 10,
      maxRollover: 0,
    })
    .returning({ id: contracts.id });
  contractId = row!.id;
  await ctx.db.insert(contractRecurringItems).values({ contractId, itemId: item!.id, quantity: 2, price: 15.5 });

  // Invoices: 1,000.00 on 20 January paid on 10 February (21 days); 460.00 + 40.00 tax on 20 February, open.
  const fx = await reportFixture(ctx.db);
  const inv1 = await fx.invoice({ companyId: acme, date: '2026-01-20', due: '2026-02-09', total: 100000 });
  await fx.invoice({ companyId: acme, date: '2026-02-20', due: '2026-03-12', total: 50000, tax: 4000 });
  const payment = await fx.payment({ companyId: acme, date: '2026-02-10', amount: 100000 });
  await fx.allocate({ source: 'payment', sourceId: payment, targetId: inv1, amount: 100000, on: '2026-02-10' });
  // Outside the twelve months: not revenue.
  await fx.invoice({ companyId: acme, date: '2025-03-31', due: '2025-04-20', total: 77700 });

  // Hours: 4 (January) + 6 (February) billable, 2 non-billable (February).
  const [ticket] = await ctx.db
    .insert(tickets)
    .values({ subject: 'Printer offline', body: 'Help', companyId: acme, location: 1, triageId: 3, status: 2 })
    .returning({ id: tickets.id });
  const checkIn = (start: string, hours: number, billable = 0) => {
    const from = new Date(start);
    return {
      userId: tech.id,
      companyId: acme,
      ticketId: ticket!.id,
      startTime: from,
      endTime: new Date(from.getTime() + hours * 3_600_000),
      billable,
    };
  };
  await ctx.db
    .insert(checkIns)
    .values([
      checkIn('2026-01-10T15:00:00Z', 4),
      checkIn('2026-02-10T15:00:00Z', 6),
      checkIn('2026-02-11T15:00:00Z', 2, 1),
    ]);
});

afterAll(async () => {
  await ctx?.close();
});

describe('Client Overview', () => {
  it('gives each company its contract, MRR, revenue, hours, rate, days to pay and balance', async () => {
    const report = await overview('to=2026-03-31');
    expect(report).toMatchObject({ period_from: '2025-04-01', period_to: '2026-03-31', total: 2, from: 1, to: 2 });
    expect(report.months).toBeUndefined();
    expect(report.data).toEqual([
      {
        company_id: acme,
        company_name: 'Acme Dental',
        contract: {
          id: contractId,
          start_date: '2026-01-01',
          end_date: '2026-12-31',
          retainer_hours: 10,
          retainer_item: 'Managed',
        },
        mrr: 1281,
        revenue_t12m: 1460,
        billable_hours_t12m: 10,
        effective_rate: 146,
        average_days_to_pay: 21,
        balance: 1277, // 500.00 open in 2026 and the 777.00 of March 2025, still owed
      },
      {
        company_id: birch,
        company_name: 'Birch Legal',
        contract: null,
        mrr: 0,
        revenue_t12m: 0,
        billable_hours_t12m: 0,
        effective_rate: null,
        average_days_to_pay: null,
        balance: 0,
      },
    ]);
  });

  it('moves the twelve months with the date: a contract not yet started, earlier revenue', async () => {
    const report = await overview('to=2025-12-31');
    const acmeRow = report.data.find((r) => r.company_id === acme)!;
    expect(acmeRow).toMatchObject({ contract: null, mrr: 0, revenue_t12m: 777, billable_hours_t12m: 0 });
  });

  it("gives one company's months: hours used against the retainer and revenue", async () => {
    const report = await overview(`to=2026-03-31&company_id=${acme}`);
    expect(report.data.map((r) => r.company_id)).toEqual([acme]);
    expect(report.months).toHaveLength(12);
    expect(report.months!.slice(-3)).toEqual([
      { month: '2026-01', retainer: 10, used: 4, revenue: 1000 },
      { month: '2026-02', retainer: 10, used: 6, revenue: 460 },
      { month: '2026-03', retainer: 10, used: 0, revenue: 0 },
    ]);
    expect(report.months![0]).toEqual({ month: '2025-04', retainer: null, used: null, revenue: 0 });
  });

  it('pages, answers CSV, 404 for an unknown company, 403 for clients', async () => {
    const second = await overview('to=2026-03-31&per_page=1&page=2');
    expect(second).toMatchObject({ total: 2, last_page: 2, from: 2, to: 2 });
    expect(second.data.map((r) => r.company_name)).toEqual(['Birch Legal']);
    const csv = await ctx.app.inject({
      method: 'GET',
      url: '/api/billing/reports/clientoverview?to=2026-03-31&format=csv',
      headers: bearer(viewer),
    });
    expect(csv.body.split('\r\n').slice(0, 2)).toEqual([
      'Company,Contract,MRR,Revenue T12M,Billable hours T12M,Effective hourly rate,Average days to pay,Balance',
      'Acme Dental,2026-01-01 to 2026-12-31,1281.00,1460.00,10.00,146.00,21,1277.00',
    ]);
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/billing/reports/clientoverview?company_id=999999',
      headers: bearer(viewer),
    });
    expect(missing.statusCode).toBe(404);
    const denied = await ctx.app.inject({
      method: 'GET',
      url: '/api/billing/reports/clientoverview',
      headers: bearer(client),
    });
    expect(denied.statusCode).toBe(403);
    expect((await ctx.db.execute(sql`select 1`)).rows).toHaveLength(1);
  });
});
