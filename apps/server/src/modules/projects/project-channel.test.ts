import { projectChannel } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  multipartBody,
  type TestContext,
} from '../../../test/helpers.ts';
import { connectSocket, listenForSockets, nextEvent, subscribe } from '../../../test/realtime.ts';
import { createTestProject, projectDetail } from '../../../test/projects.ts';
import { companies } from '../companies/companies.table.ts';

// Issue 18: client accounts of the project's company follow project_{id} for the panels they can see
// (projectClientEvents); check-ins stay staff's; other companies' accounts cannot subscribe. The contact card's
// thread is the first step ticket's.

let ctx: TestContext;
let token: string;
let clientToken: string;
let strangerToken: string;
let projectId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const coordinator = await createUser(ctx.db, { name: 'Cleo Coordinator' });
  token = (await login(ctx.app, coordinator.email, coordinator.password)).access_token;
  const [own, other] = await ctx.db
    .insert(companies)
    .values([{ name: 'Own Co' }, { name: 'Other Co' }])
    .returning();
  const client = await createUser(ctx.db, { type: 'Client', companyId: own!.id });
  const stranger = await createUser(ctx.db, { type: 'Client', companyId: other!.id });
  clientToken = (await login(ctx.app, client.email, client.password)).access_token;
  strangerToken = (await login(ctx.app, stranger.email, stranger.password)).access_token;
  projectId = await createTestProject(ctx.app, token, { title: 'Followed', company_id: own!.id });
});
afterAll(async () => {
  await ctx.close();
});

describe('project_{id} for client accounts', () => {
  it('lets the company’s account follow the panels it sees, not the staff’s check-ins', async () => {
    const baseUrl = await listenForSockets(ctx.app);
    const [client, stranger] = await Promise.all([
      connectSocket(baseUrl, clientToken),
      connectSocket(baseUrl, strangerToken),
    ]);
    try {
      expect(await subscribe(client, projectChannel(projectId))).toMatchObject({ ok: true });
      expect(await subscribe(stranger, projectChannel(projectId))).toMatchObject({ ok: false });
      const heard: string[] = [];
      client.onAny((event: string, _payload: unknown, meta?: { channel?: string }) => {
        if (meta?.channel === projectChannel(projectId)) heard.push(event);
      });
      const completion = nextEvent(client, 'CompletionUpdated');

      const step = (await projectDetail(ctx.app, token, projectId)).tickets[1]!;
      const checkIn = { direction: 'in', ticket_id: step.id };
      const checked = await ctx.app.inject({
        method: 'POST',
        url: '/api/ticket/checkinout',
        headers: bearer(token),
        payload: checkIn,
      });
      expect(checked.statusCode).toBe(200);
      const completed = await ctx.app.inject({
        method: 'POST',
        url: '/api/project/project_step',
        headers: bearer(token),
        payload: { step: 'Completion Verification', project_id: projectId, status: 1 },
      });
      expect(completed.statusCode).toBe(200);

      // Events reach a socket in the order they were sent: the check-in would have come first.
      expect((await completion)[0]).toMatchObject({ project_id: projectId });
      expect(heard).toEqual(['CompletionUpdated']);
    } finally {
      client.close();
      stranger.close();
    }
  });
});

describe('the queues', () => {
  it('hear nothing of a step ticket: neither staff on the store channel nor the company’s accounts', async () => {
    const baseUrl = await listenForSockets(ctx.app);
    const [staff, client] = await Promise.all([connectSocket(baseUrl, token), connectSocket(baseUrl, clientToken)]);
    try {
      expect(await subscribe(staff, 'store')).toMatchObject({ ok: true });
      const heard: Record<'staff' | 'client', unknown[]> = { staff: [], client: [] };
      staff.on('TicketUpdated', (payload: unknown) => heard.staff.push(payload));
      client.on('TicketUpdated', (payload: unknown) => heard.client.push(payload));
      const step = (await projectDetail(ctx.app, token, projectId)).tickets[2]!;
      const checked = await ctx.app.inject({
        method: 'POST',
        url: '/api/ticket/checkinout',
        headers: bearer(token),
        payload: { direction: 'in', ticket_id: step.id },
      });
      expect(checked.statusCode).toBe(200);

      // A helpdesk ticket of the same company is announced to both, after anything sent for the step would have
      // been: each hears only that one.
      const announced = Promise.all([nextEvent(staff, 'TicketUpdated'), nextEvent(client, 'TicketUpdated')]);
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/ticket',
        headers: bearer(clientToken),
        payload: { subject: 'Printer jam', body: 'It jams.' },
      });
      expect(created.statusCode).toBe(200);
      const id = created.json().data.id;
      expect((await announced).map(([payload]) => payload)).toEqual([{ id }, { id }]);
      expect(heard).toEqual({ staff: [{ id }], client: [{ id }] });
    } finally {
      staff.close();
      client.close();
    }
  });
});

describe('the contact card', () => {
  it('sends a response on the Planning Approval step ticket and shows its thread to staff and the client', async () => {
    const first = (await projectDetail(ctx.app, token, projectId)).tickets.find((step) => step.project_order === 0)!;
    const form = await multipartBody({
      ticket_id: String(first.id),
      subject: 'Your project',
      response: 'We start Monday.',
      to_email: 'owner@own.example',
    });
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/ticket/createThread',
      headers: { ...bearer(token), ...form.headers },
      payload: form.payload,
    });
    expect(sent.json()).toEqual({ message: 'Response sent.' });
    const [thread] = (await projectDetail(ctx.app, token, projectId)).threads;
    expect(thread).toMatchObject({ direction: 'out', subject: `Your project [Ticket #${first.id}]` });
    expect((await projectDetail(ctx.app, clientToken, projectId)).threads).toHaveLength(1);
  });
});
