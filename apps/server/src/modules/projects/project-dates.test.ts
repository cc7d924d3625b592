import { projectChannel, type ProjectDetail } from '@switchboard/shared';
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
import { companies, sites } from '../companies/companies.table.ts';
import { ticketEvents } from '../tickets/tickets.table.ts';
import { projectDates } from './project-steps.table.ts';

// Issue 18 part 5: Scheduled Placeholder (order 1) and Schedule Pending Projects (order 3), spec 3 §2, §7: one start
// date of each kind per project, saved over; `close` closes the step in the same request.

let ctx: TestContext;
let coordinator: TestUser;
let token: string;
let clientToken: string;
let companyId: number;
let siteId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  coordinator = await createUser(ctx.db, { name: 'Cora Coordinator' });
  token = (await login(ctx.app, coordinator.email, coordinator.password)).access_token;
  [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Dates Dental' }).returning();
  [{ id: siteId }] = await ctx.db.insert(sites).values({ companyId, name: 'Main office' }).returning();
  const client = await createUser(ctx.db, { type: 'Client', companyId });
  clientToken = (await login(ctx.app, client.email, client.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object, as = token) =>
  ctx.app.inject({ method, url, headers: bearer(as), payload });
const step = (payload: Record<string, unknown>, as = token) => call('POST', '/api/project/project_step', payload, as);

async function createProject(title: string): Promise<ProjectDetail> {
  const fields = { title, company_id: companyId, site_id: siteId, coordinator_id: coordinator.id };
  return detailOf(await createTestProject(ctx.app, token, fields));
}
const detailOf = (id: number, as = token) => projectDetail(ctx.app, as, id);

describe('Scheduled Placeholder and Schedule Pending', () => {
  it('saves the placeholder by its step ticket, then over it; the detail answers {id, start_date}', async () => {
    const project = await createProject('Placeholder');
    expect(project.scheduled_placeholder).toBeNull();
    expect(project.pending_project).toBeNull();
    const ticketId = project.tickets[1]!.id;
    const payload = { step: 'Scheduled Placeholder', id: ticketId, company_id: companyId, site_id: siteId };

    const created = await step({ ...payload, start_date: '2026-09-01', close: 0 });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ message: 'Scheduled placeholder saved.' });
    const first = await detailOf(project.id);
    expect(first.scheduled_placeholder).toEqual({ id: expect.any(Number), start_date: '2026-09-01' });
    expect(first.pending_project).toBeNull();
    expect(first.tickets[1]!.status).toBe(0);

    const updated = await step({ ...payload, start_date: '2026-10-15' });
    expect(updated.statusCode).toBe(200);
    const second = await detailOf(project.id);
    expect(second.scheduled_placeholder).toEqual({ id: first.scheduled_placeholder!.id, start_date: '2026-10-15' });
    expect(await ctx.db.$count(projectDates, eq(projectDates.projectId, project.id))).toBe(1);
  });

  it('saves the pending date by project_id and closes the step when close is truthy, with its event', async () => {
    const project = await createProject('Pending');
    const baseUrl = await listenForSockets(ctx.app);
    const socket = await connectSocket(baseUrl, token);
    try {
      expect(await subscribe(socket, projectChannel(project.id))).toMatchObject({ ok: true });
      const heard = nextEvent(socket, 'PendingProjectUpdated');
      const saved = await step({
        step: 'Schedule Pending',
        project_id: project.id,
        start_date: '2026-08-03',
        close: '1',
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().message).toBe('Pending project date saved.');
      const [payload] = await heard;
      expect(payload).toEqual({ project_id: project.id, by: coordinator.id });
    } finally {
      socket.close();
    }
    const detail = await detailOf(project.id);
    expect(detail.pending_project).toEqual({ id: expect.any(Number), start_date: '2026-08-03' });
    expect(detail.scheduled_placeholder).toBeNull();
    expect(detail.tickets[3]!.status).toBe(1);
    expect(detail.tickets[1]!.status).toBe(0);
    const events = await ctx.db
      .select({ lingo: ticketEvents.lingo })
      .from(ticketEvents)
      .where(eq(ticketEvents.ticketId, detail.tickets[3]!.id));
    expect(events.map((event) => event.lingo)).toContain('Cora Coordinator closed the step');

    // close true and 1 close too; both the step id and the project id may be sent together.
    const placeholder = detail.tickets[1]!.id;
    const closing = await step({
      step: 'Scheduled Placeholder',
      id: placeholder,
      project_id: project.id,
      start_date: '2026-07-01',
      close: true,
    });
    expect(closing.statusCode).toBe(200);
    expect((await detailOf(project.id)).tickets[1]!.status).toBe(1);
  });

  it('answers 422 for a date that does not exist or is missing, and for no step, and writes nothing', async () => {
    const project = await createProject('Bad dates');
    const ticketId = project.tickets[1]!.id;
    for (const start_date of ['2026-02-30', '2026-13-01', '01/02/2026', 12]) {
      const response = await step({ step: 'Scheduled Placeholder', id: ticketId, start_date, close: 1 });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ start_date: ['The start date is not a valid date.'] });
    }
    const missing = await step({ step: 'Scheduled Placeholder', id: ticketId });
    expect(missing.json().errors).toEqual({ start_date: ['The start date field is required.'] });
    const noStep = await step({ step: 'Schedule Pending', start_date: '2026-05-05' });
    expect(noStep.statusCode).toBe(422);
    expect(noStep.json().errors).toEqual({ id: ['Choose the step of the project.'] });
    const badClose = await step({ step: 'Scheduled Placeholder', id: ticketId, start_date: '2026-05-05', close: 'x' });
    expect(badClose.json().errors).toEqual({ close: ['Choose whether to close the step.'] });
    const detail = await detailOf(project.id);
    expect(detail.scheduled_placeholder).toBeNull();
    expect(detail.tickets[1]!.status).toBe(0);
  });

  it('answers 404 for a ticket that is not this panel’s step or not this project’s, and 403 for a client', async () => {
    const project = await createProject('Wrong step');
    const other = await createProject('Other project');
    const date = { start_date: '2026-05-05' };
    // The pending step's ticket is not the placeholder's, and the placeholder of another project is not this one's.
    expect((await step({ step: 'Scheduled Placeholder', id: project.tickets[3]!.id, ...date })).statusCode).toBe(404);
    const mixed = await step({
      step: 'Scheduled Placeholder',
      id: other.tickets[1]!.id,
      project_id: project.id,
      ...date,
    });
    expect(mixed.statusCode).toBe(404);
    expect((await step({ step: 'Schedule Pending', project_id: 2_000_000, ...date })).statusCode).toBe(404);
    const client = await step({ step: 'Scheduled Placeholder', id: project.tickets[1]!.id, ...date }, clientToken);
    expect(client.statusCode).toBe(403);
    expect(await ctx.db.$count(projectDates, eq(projectDates.projectId, project.id))).toBe(0);
    expect(await ctx.db.$count(projectDates, eq(projectDates.projectId, other.id))).toBe(0);
  });
});
