import { projectChannel } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { connectSocket, listenForSockets, nextEvent, subscribe } from '../../../test/realtime.ts';
import { createTestProject, projectDetail } from '../../../test/projects.ts';
import { companies } from '../companies/companies.table.ts';

// Issue 26 §1 item 4 (spec 3 §4 Save & Close; decision 0061): Product Requirements, Procurement and Schedule Project
// Date close their step with the save when `close` is sent, as the date panels and the labor estimate do.

let ctx: TestContext;
let token: string;
let companyId: number;
let coordinatorId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const coordinator = await createUser(ctx.db, { name: 'Cora Coordinator' });
  coordinatorId = coordinator.id;
  token = (await login(ctx.app, coordinator.email, coordinator.password)).access_token;
  [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Closing Dental' }).returning();
});
afterAll(async () => {
  await ctx.close();
});

const step = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/project/project_step', headers: bearer(token), payload });
const statusOf = async (projectId: number, order: number) =>
  (await projectDetail(ctx.app, token, projectId)).tickets.find((row) => row.project_order === order)!.status;

const variants = [
  { order: 4, body: (projectId: number) => ({ step: 'Product Requirements', project_id: projectId, products: [] }) },
  { order: 8, body: (projectId: number) => ({ step: 'Procurement', project_id: projectId, procurements: [] }) },
  { order: 9, body: (projectId: number) => ({ step: 'Schedule Project Date', project_id: projectId, dates: [] }) },
];

describe('Save & Close on the list panels', () => {
  it.each(variants)('closes step $order with the save when close is sent, and only then', async ({ order, body }) => {
    const projectId = await createTestProject(ctx.app, token, {
      title: `Close ${order}`,
      company_id: companyId,
      coordinator_id: coordinatorId,
    });
    const saved = await step(body(projectId));
    expect(saved.statusCode).toBe(200);
    expect(await statusOf(projectId, order)).toBe(0);

    const socket = await connectSocket(await listenForSockets(ctx.app), token);
    try {
      expect(await subscribe(socket, projectChannel(projectId))).toMatchObject({ ok: true });
      const heard = nextEvent(socket, 'ProjectTicketUpdated');
      const closed = await step({ ...body(projectId), close: 1 });
      expect(closed.statusCode).toBe(200);
      expect((await heard)[0]).toMatchObject({ project_id: projectId, by: coordinatorId });
    } finally {
      socket.close();
    }
    expect(await statusOf(projectId, order)).toBe(1);
    // Saving a closed step again with close changes nothing more.
    expect((await step({ ...body(projectId), close: true })).statusCode).toBe(200);
    expect(await statusOf(projectId, order)).toBe(1);
  });

  it('refuses a close flag that is not one', async () => {
    const projectId = await createTestProject(ctx.app, token, { title: 'Bad close', company_id: companyId });
    const refused = await step({ ...variants[0]!.body(projectId), close: 'maybe' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ close: ['Choose whether to close the step.'] });
    expect(await statusOf(projectId, 4)).toBe(0);
  });
});
