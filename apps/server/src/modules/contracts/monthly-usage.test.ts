import type { CompanyDetail } from '@switchboard/shared';
import { addMonths } from '@switchboard/shared/billing/billing-date';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { checkIns } from '../checkins/checkins.table.ts';
import { companies } from '../companies/companies.table.ts';
import { tickets } from '../tickets/tickets.table.ts';
import { contracts } from './contracts.table.ts';
import { usageSnapshots } from './usage-snapshots.table.ts';

// Monthly usage reads the usage snapshots (designs/billing.md §3.9; decisions 0020, 0070): a month frozen when the
// invoice billing it posted shows as billed, marked invoiced for the Usage tab's badge, and the next month starts
// from its carry-out, whatever was checked in on it later.

let ctx: TestContext;
let staff: string;
let companyId: number;
const thisMonth = `${new Date().toISOString().slice(0, 7)}-01`;
const twoAgo = addMonths(thisMonth, -2);
const lastMonth = addMonths(thisMonth, -1);

beforeAll(async () => {
  ctx = await createTestContext();
  const user = await createUser(ctx.db);
  staff = (await login(ctx.app, user.email, user.password)).access_token;
  [{ id: companyId }] = (await ctx.db
    .insert(companies)
    .values({ name: 'Frozen Co' })
    .returning({ id: companies.id })) as [{ id: number }];
  const [retainer, overage, fee] = await ctx.db
    .insert(billingItems)
    .values([
      { name: 'Usage Retainer', type: 'retainer' },
      { name: 'Usage Overage', type: 'overage' },
      { name: 'Usage Fee', type: 'fee' },
    ])
    .returning({ id: billingItems.id });
  await ctx.db.insert(contracts).values({
    companyId,
    startDate: twoAgo,
    endDate: addMonths(thisMonth, 12),
    retainerItem: retainer!.id,
    overageItem: overage!.id,
    lateFeeItem: fee!.id,
    retainerHours: 10,
    maxRollover: 5,
  });
  const [ticket] = await ctx.db
    .insert(tickets)
    .values({ subject: 'Server down', body: 'Help', companyId, location: 1, triageId: 3, status: 2 })
    .returning({ id: tickets.id });
  // Six hours live in the month two ago (two of them checked in after it was billed with four).
  const start = new Date(`${twoAgo}T10:00:00Z`);
  await ctx.db.insert(checkIns).values({
    userId: user.id,
    companyId,
    ticketId: ticket!.id,
    startTime: start,
    endTime: new Date(+start + 6 * 3.6e6),
  });
  await ctx.db.insert(usageSnapshots).values({
    companyId,
    month: twoAgo,
    retainer: '10.00',
    helpdesk: '4.00',
    totalUsed: '4.00',
    balance: '6.00',
    carryOut: '5.00',
  });
});
afterAll(async () => {
  await ctx.close();
});

const usage = async () => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/company/${companyId}`, headers: bearer(staff) });
  return response.json<{ data: CompanyDetail }>().data.monthly_usage;
};

describe('monthly usage with frozen months', () => {
  it('shows a frozen month as billed, marked invoiced, and starts the next from its carry-out', async () => {
    const rows = await usage();
    const frozen = rows.find((row) => row.id === twoAgo.slice(0, 7))!;
    expect(frozen).toMatchObject({ helpdesk: 4, total_used: 4, balance: 6, invoiced: true, invoice_id: null });
    const next = rows.find((row) => row.id === lastMonth.slice(0, 7))!;
    expect(next).toMatchObject({ rollover: 5, balance: 15 });
    expect(next.invoiced).toBeUndefined();
    expect('invoiced' in next).toBe(false);
  });
});
