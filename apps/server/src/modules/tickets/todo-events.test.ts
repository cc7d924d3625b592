import { ticketChannel } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { connectSocket, listenForSockets, nextEvent, subscribe } from '../../../test/realtime.ts';
import { companies } from '../companies/companies.table.ts';

// Issue 16 item 8: editing or deleting a to-do reaches the ticket's viewers, as adding one does.
describe('to-do events on ticket_{id}', () => {
  let ctx: TestContext;
  let techToken: string;
  let viewerToken: string;
  let ticketId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    const tech = await createUser(ctx.db);
    techToken = (await login(ctx.app, tech.email, tech.password)).access_token;
    const viewer = await createUser(ctx.db);
    viewerToken = (await login(ctx.app, viewer.email, viewer.password)).access_token;
    const [company] = await ctx.db.insert(companies).values({ name: 'To-do Co' }).returning({ id: companies.id });
    const payload = {
      subject: 'New hire laptop',
      body: 'Set up by Monday.',
      company_id: company!.id,
      location: 1,
      triage_id: 3,
    };
    ticketId = (
      await ctx.app.inject({ method: 'POST', url: '/api/ticket', headers: bearer(techToken), payload })
    ).json().data.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('pushes UpdateTodo on an edit or completion and DeleteTodo on a delete, with the to-do', async () => {
    const socket = await connectSocket(await listenForSockets(ctx.app), viewerToken);
    try {
      expect(await subscribe(socket, ticketChannel(ticketId))).toMatchObject({ ok: true });
      const added = await ctx.app.inject({
        method: 'POST',
        url: '/api/ticket/todo',
        headers: bearer(techToken),
        payload: { ticket_id: ticketId, description: 'Image the laptop' },
      });
      const todo = added.json().data;

      const edited = nextEvent(socket, 'UpdateTodo');
      const put = { todo: { description: 'Image and enrol the laptop', completed: 1 } };
      expect(
        (
          await ctx.app.inject({
            method: 'PUT',
            url: `/api/ticket/todo/${todo.id}`,
            headers: bearer(techToken),
            payload: put,
          })
        ).statusCode,
      ).toBe(200);
      expect((await edited)[0]).toEqual({
        ticket_id: ticketId,
        todo: { id: todo.id, description: 'Image and enrol the laptop', completed: 1, deleted_at: null },
      });
      expect((await edited)[1]).toEqual({ channel: ticketChannel(ticketId) });

      const deleted = nextEvent<{ ticket_id: number; todo: { id: number; deleted_at: string | null } }>(
        socket,
        'DeleteTodo',
      );
      expect(
        (await ctx.app.inject({ method: 'DELETE', url: `/api/ticket/todo/${todo.id}`, headers: bearer(techToken) }))
          .statusCode,
      ).toBe(200);
      const [payload] = await deleted;
      expect(payload.ticket_id).toBe(ticketId);
      expect(payload.todo.id).toBe(todo.id);
      expect(payload.todo.deleted_at).not.toBeNull();
    } finally {
      socket.close();
    }
  });
});
