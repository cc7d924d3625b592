import { STEP_CLOSED } from '@switchboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from '../../../test/helpers.ts';
import { projectDetail } from '../../../test/projects.ts';
import { DEMO_PASSWORD, demoEmployeeEmails, seedDemo } from '../../db/seed/demo.ts';
import { projects } from './projects.table.ts';

// Issue 26 §2 item 8: the demo has labor templates to import, its projects' goals and notes are plain text (a
// textarea, shown as text: decision 0060), and a closed step names who closed it (item 11's folded card).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('demo projects', { timeout: 180_000 }, () => {
  it('adds three labor templates with steps and tasks, once', async () => {
    await seedDemo(ctx.db, { billing: false });
    const templates = async () =>
      (
        await ctx.db.execute<{ template_name: string; steps: number; tasks: number }>(sql`
          select t.template_name, count(distinct s.id)::int as steps, count(k.id)::int as tasks
          from project_templates t join template_steps s on s.template_id = t.id
          left join template_tasks k on k.template_step_id = s.id
          group by t.template_name order by t.template_name`)
      ).rows;
    const first = await templates();
    expect(first.map((row) => row.template_name)).toEqual([
      'Firewall replacement',
      'Office move',
      'Workstation refresh (10 PCs)',
    ]);
    for (const row of first) {
      expect(row.steps).toBeGreaterThanOrEqual(3);
      expect(row.tasks).toBeGreaterThan(row.steps);
    }
    await seedDemo(ctx.db, { billing: false });
    expect(await templates()).toEqual(first);
  });

  it('writes goals and notes as plain text, and turns an earlier seed’s HTML ones into text', async () => {
    await seedDemo(ctx.db, { billing: false });
    const markup = async () =>
      (
        await ctx.db.execute<{ n: number }>(
          sql`select count(*)::int as n from projects where goals like '%<%' or notes like '%<%'`,
        )
      ).rows[0]!.n;
    expect(await markup()).toBe(0);
    // What the earlier seed wrote.
    await ctx.db.update(projects).set({
      goals: '<p>Staff work as usual the next morning, with nothing left to finish.</p>',
      notes: '<p>Parking is behind the building; the office manager has the closet keys.</p>',
    });
    expect(await markup()).toBeGreaterThan(0);
    await seedDemo(ctx.db, { billing: false });
    expect(await markup()).toBe(0);
    const [row] = await ctx.db.select({ goals: projects.goals }).from(projects).limit(1);
    expect(row!.goals).toBe('Staff work as usual the next morning, with nothing left to finish.');
  });

  it('names who closed each closed step of a demo project', async () => {
    await seedDemo(ctx.db, { billing: false });
    const token = (await login(ctx.app, demoEmployeeEmails[0]!, DEMO_PASSWORD)).access_token;
    const [project] = (
      await ctx.db.execute<{ id: number }>(sql`
        select project_id as id from tickets where project_id is not null
        group by project_id having count(*) filter (where status = 1) between 3 and 11 limit 1`)
    ).rows;
    const detail = await projectDetail(ctx.app, token, project!.id);
    const closed = detail.tickets.filter((step) => step.status === STEP_CLOSED);
    expect(closed.length).toBeGreaterThanOrEqual(3);
    for (const step of closed) expect(step.closed_by?.name).toMatch(/\S/);
    for (const step of detail.tickets.filter((entry) => entry.status !== STEP_CLOSED))
      expect(step.closed_by).toBeNull();
  });
});
