import { projectChannel, ticketChannel } from '@switchboard/shared';
import type { Socket } from 'socket.io-client';
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

// Issue 25 item 3 (decision 0055): a project that moves to another company stops reaching the former company's client
// accounts, on project_{id} and on its step tickets' ticket_{id}, as a ticket that moves does; the new company's
// accounts may follow it.

let ctx: TestContext;
let token: string;
let formerCompanyId: number;
let newCompanyId: number;
let former: TestUser;
let newcomer: TestUser;
const sockets: Socket[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const coordinator = await createUser(ctx.db, { name: 'Mona Mover' });
  token = (await login(ctx.app, coordinator.email, coordinator.password)).access_token;
  [{ id: formerCompanyId }, { id: newCompanyId }] = await ctx.db
    .insert(companies)
    .values([{ name: 'Former Co' }, { name: 'New Co' }])
    .returning({ id: companies.id });
  former = await createUser(ctx.db, { type: 'Client', companyId: formerCompanyId, name: 'Fred Former' });
  newcomer = await createUser(ctx.db, { type: 'Client', companyId: newCompanyId, name: 'Nina New' });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await ctx.close();
});

async function connectAs(user: TestUser): Promise<Socket> {
  const signedIn = await login(ctx.app, user.email, user.password);
  const socket = await connectSocket(await listenForSockets(ctx.app), signedIn.access_token);
  sockets.push(socket);
  return socket;
}

/** Every event a socket hears, with its channel. */
function recordEvents(socket: Socket): { event: string; channel?: string }[] {
  const heard: { event: string; channel?: string }[] = [];
  socket.onAny((event: string, _payload: unknown, meta?: { channel?: string }) =>
    heard.push({ event, channel: meta?.channel }),
  );
  return heard;
}

/**
 * Sends a marker on the user's private channel and waits for it: events reach one socket in the order they were sent,
 * so whatever was pushed before the marker and did not arrive before it was never sent to this socket.
 */
async function flush(socket: Socket, user: TestUser, marker: string): Promise<void> {
  const arrived = nextEvent(
    socket,
    'NotificationCreated',
    (payload) => (payload as { marker?: string }).marker === marker,
  );
  ctx.app.realtime.emitToUser(user.id, 'NotificationCreated', { marker });
  await arrived;
}

const saveProject = (projectId: number, companyId: number) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/project/${projectId}`,
    headers: bearer(token),
    payload: {
      title: 'Moving project',
      company_id: companyId,
      labor_required: 1,
      procurement_required: 1,
      verbally_approved: 0,
    },
  });

describe('a project that moves to another company', () => {
  it('stops reaching the former company’s client sockets on project_{id} and its step tickets; the new company’s follow it', async () => {
    const projectId = await createTestProject(ctx.app, token, { title: 'Moving project', company_id: formerCompanyId });
    const stepTicketId = (await projectDetail(ctx.app, token, projectId)).tickets[0]!.id;
    const channel = projectChannel(projectId);
    const stepChannel = ticketChannel(stepTicketId);

    const formerSocket = await connectAs(former);
    expect(await subscribe(formerSocket, channel)).toEqual({ ok: true, channel });
    expect(await subscribe(formerSocket, stepChannel)).toEqual({ ok: true, channel: stepChannel });
    const heard = recordEvents(formerSocket);

    // Before the move the company's account hears the project's changes.
    const before = nextEvent(formerSocket, 'ProjectUpdated');
    expect((await saveProject(projectId, formerCompanyId)).statusCode).toBe(200);
    await before;

    heard.length = 0;
    expect((await saveProject(projectId, newCompanyId)).statusCode).toBe(200);
    ctx.app.realtime.emitToChannel(stepChannel, 'ResponseSent', { ticket_id: stepTicketId });
    await flush(formerSocket, former, 'after the move');
    expect(heard.filter((entry) => entry.channel === channel || entry.channel === stepChannel)).toEqual([]);

    // Nor can it follow the project again; the socket itself stays.
    expect(await subscribe(formerSocket, channel)).toEqual({ ok: false, channel, error: 'Forbidden.' });
    expect(await subscribe(formerSocket, stepChannel)).toEqual({
      ok: false,
      channel: stepChannel,
      error: 'Forbidden.',
    });
    expect(formerSocket.connected).toBe(true);

    // The new company's account follows it and hears its changes; the former one still does not.
    const newSocket = await connectAs(newcomer);
    expect(await subscribe(newSocket, channel)).toEqual({ ok: true, channel });
    const reaches = nextEvent(newSocket, 'ProjectUpdated', (payload) => {
      return (payload as { project_id: number }).project_id === projectId;
    });
    expect((await saveProject(projectId, newCompanyId)).statusCode).toBe(200);
    await reaches;
    await flush(formerSocket, former, 'after a later change');
    expect(heard.filter((entry) => entry.channel === channel || entry.channel === stepChannel)).toEqual([]);
  });
});
