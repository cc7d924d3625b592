import { projectChannel } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { connectSocket, listenForSockets, nextEvent, subscribe } from '../../../test/realtime.ts';
import { createTestProject, projectDetail } from '../../../test/projects.ts';
import { companies } from '../companies/companies.table.ts';
import { ticketEvents } from '../tickets/tickets.table.ts';

// Issue 18 part 12: Completion Verification (order 11), spec 3 §2, §7: status 1 marks the project complete, with who
// and when; 0 clears both.

let ctx: TestContext;
let coordinator: TestUser;
let other: TestUser;
let token: string;
let otherToken: string;
let clientToken: string;
let companyId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  coordinator = await createUser(ctx.db, { name: 'Cora Coordinator' });
  other = await createUser(ctx.db, { name: 'Otto Other' });
  token = (await login(ctx.app, coordinator.email, coordinator.password)).access_token;
  otherToken = (await login(ctx.app, other.email, other.password)).access_token;
  [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Done Dental' }).returning();
  const client = await createUser(ctx.db, { type: 'Client', companyId });
  clientToken = (await login(ctx.app, client.email, client.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object, as = token) =>
  ctx.app.inject({ method, url, headers: bearer(as), payload });
const complete = (payload: Record<string, unknown>, as = token) =>
  call('POST', '/api/project/project_step', { step: 'Completion Verification', ...payload }, as);

const createProject = (title: string) =>
  createTestProject(ctx.app, token, { title, company_id: companyId, coordinator_id: coordinator.id });
const detailOf = (id: number) => projectDetail(ctx.app, token, id);

describe('Completion Verification', () => {
  it('marks the project complete with who and when, keeps them when marked again, and clears them', async () => {
    const projectId = await createProject('Finishing');
    const socket = await connectSocket(await listenForSockets(ctx.app), token);
    const before = Date.now();
    try {
      expect(await subscribe(socket, projectChannel(projectId))).toMatchObject({ ok: true });
      const heard = nextEvent(socket, 'CompletionUpdated');
      const done = await complete({ project_id: projectId, status: 1 });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ message: 'Project marked complete.' });
      expect((await heard)[0]).toEqual({ project_id: projectId, by: coordinator.id });
    } finally {
      socket.close();
    }
    const completed = await detailOf(projectId);
    expect(completed.completed_by).toEqual({ id: coordinator.id, name: 'Cora Coordinator' });
    const at = Date.parse(completed.completed_at!);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    const listed = await call('GET', `/api/project?id=${projectId}`);
    expect(listed.json().data[0].completed_at).toBe(completed.completed_at);

    // Someone else confirming again does not rewrite who and when.
    expect((await complete({ project_id: projectId, status: '1' }, otherToken)).statusCode).toBe(200);
    const again = await detailOf(projectId);
    expect([again.completed_by, again.completed_at]).toEqual([completed.completed_by, completed.completed_at]);

    const undone = await complete({ project_id: projectId, status: 0 }, otherToken);
    expect(undone.json()).toEqual({ message: 'Project marked not complete.' });
    const cleared = await detailOf(projectId);
    expect([cleared.completed_by, cleared.completed_at]).toEqual([null, null]);

    const stepId = cleared.tickets[11]!.id;
    const events = await ctx.db
      .select({ lingo: ticketEvents.lingo })
      .from(ticketEvents)
      .where(eq(ticketEvents.ticketId, stepId))
      .orderBy(ticketEvents.id);
    expect(events.map((event) => event.lingo)).toEqual([
      'Cora Coordinator created the project',
      'Cora Coordinator marked the project complete',
      'Otto Other marked the project not complete',
    ]);
  });

  it('refuses a status other than 0 or 1, no project, an unknown project and a client account', async () => {
    const projectId = await createProject('Guarded');
    const bad = await complete({ project_id: projectId, status: 2 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ status: ['Choose whether the project is complete.'] });
    const none = await complete({ status: 1 });
    expect(none.json().errors).toEqual({ project_id: ['Choose a project.'] });
    expect((await complete({ project_id: 2_000_000, status: 1 })).statusCode).toBe(404);
    expect((await complete({ project_id: projectId, status: 1 }, clientToken)).statusCode).toBe(403);
    const detail = await detailOf(projectId);
    expect([detail.completed_by, detail.completed_at]).toEqual([null, null]);
  });
});
