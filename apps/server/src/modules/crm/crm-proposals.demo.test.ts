import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, type TestContext } from '../../../test/helpers.ts';
import { crmProposals } from './crm-proposals.table.ts';
import { proposalStatusSql } from './crm-proposals.service.ts';
import { seedCrmProposalsDemo } from './crm-proposals.demo.ts';
import { crmLeads } from './crm.table.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('the proposals demo', () => {
  it('adds proposals in every status once, with totals that match their lines', async () => {
    const agent = await createUser(ctx.db, { permissions: ['view crm'] });
    await ctx.db
      .insert(crmLeads)
      .values(Array.from({ length: 10 }, (_, index) => ({ companyName: `Demo ${index}`, managerId: agent.id })));
    expect(await seedCrmProposalsDemo(ctx.db)).toBe(8);
    expect(await seedCrmProposalsDemo(ctx.db)).toBe(0);
    const rows = await ctx.db.select({ status: proposalStatusSql }).from(crmProposals);
    expect(new Set(rows.map((row) => row.status))).toEqual(
      new Set(['draft', 'sent', 'accepted', 'declined', 'expired']),
    );
    const mismatched = await ctx.db.execute(sql`select p.id from crm_proposals p
      where p.monthly_total <> coalesce((select sum(round(l.quantity * l.unit_price, 2)) from crm_proposal_lines l
        where l.proposal_id = p.id and l.kind = 'monthly'), 0)`);
    expect(mismatched.rows).toEqual([]);
    const [first] = await ctx.db.select().from(crmProposals).where(eq(crmProposals.status, 'draft')).limit(1);
    expect(first!.createdBy).toBe(agent.id);
  });
});
