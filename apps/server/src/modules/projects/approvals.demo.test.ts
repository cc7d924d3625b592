import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { seedDemo } from '../../db/seed/demo.ts';

// Decision 0046: the demo's approvals follow the step each project is on, and are added once.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('demo approvals', { timeout: 120_000 }, () => {
  it('approves the planning of projects past step 0, leaves those on it pending, and runs once', async () => {
    await seedDemo(ctx.db, { billing: false });
    const rows = await ctx.db.execute<{ current_step: number | null; status: number | null }>(sql`
      select p.current_step, a.status from project_approvals a join projects p on p.id = a.project_id
      where a.kind = 'planning'`);
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(rows.rows.some((row) => row.current_step === 0)).toBe(true);
    for (const row of rows.rows) expect(row.status).toBe(row.current_step === 0 ? null : 1);
    const count = async () =>
      (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from project_approvals`)).rows[0]!.n;
    const before = await count();
    await seedDemo(ctx.db, { billing: false });
    expect(await count()).toBe(before);
  });
});
