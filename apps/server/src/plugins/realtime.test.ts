import { presenceEvent, type PresencePayload, type SubscribeAck } from '@switchboard/shared';
import { eq, sql } from 'drizzle-orm';
import { io as ioClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext, type TestUser } from '../../test/helpers.ts';
import {
  connectSocket,
  listenForSockets,
  nextEvent,
  serverDisconnect,
  subscribe,
  unsubscribe,
} from '../../test/realtime.ts';
import { buildApp } from '../app.ts';
import { sessions } from '../modules/auth/auth.table.ts';
import type { AuthContext } from '../modules/users/auth-context.ts';
import { clientAccounts } from '../modules/companies/client-accounts.table.ts';
import { tickets } from '../modules/tickets/tickets.table.ts';
import type { Db } from '../db/client.ts';
import { authorizeChannel as authorize } from './realtime.ts';

interface SignedIn {
  token: string;
  sessionId: string;
}

/** Every payload of `event` the socket gets from now on (read it after a sentinel event arrived). */
function heardOn<T = unknown>(socket: Socket, event: string): T[] {
  const heard: T[] = [];
  socket.on(event, (payload: T) => heard.push(payload));
  return heard;
}

describe('realtime (Socket.IO on the app port)', () => {
  let ctx: TestContext;
  let baseUrl: string;
  let employee: TestUser;
  let other: TestUser;
  let hrViewer: TestUser;
  let client: TestUser;
  const open: Socket[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    employee = await createUser(ctx.db, { name: 'Erin Employee' });
    other = await createUser(ctx.db, { name: 'Olga Other' });
    hrViewer = await createUser(ctx.db, { name: 'Hank Hr', permissions: ['view human resources'] });
    client = await createUser(ctx.db, { type: 'Client', name: 'Cleo Client' });
    baseUrl = await listenForSockets(ctx.app);
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function signIn(user: TestUser): Promise<SignedIn> {
    const answer = (await login(ctx.app, user.email, user.password)) as unknown as {
      access_token: string;
      token_id: string;
    };
    return { token: answer.access_token, sessionId: answer.token_id };
  }

  /** A ticket of the company of a client account; answers its id. */
  async function ticketOf(account: TestUser): Promise<number> {
    const [row] = await ctx.db
      .select({ companyId: clientAccounts.companyId })
      .from(clientAccounts)
      .where(eq(clientAccounts.userId, account.id));
    const [ticket] = await ctx.db
      .insert(tickets)
      .values({ subject: 'Printer', body: 'Jammed', companyId: row!.companyId, location: 1, triageId: 1, status: 2 })
      .returning({ id: tickets.id });
    return ticket!.id;
  }

  async function connectAs(user: TestUser): Promise<Socket & { signedIn: SignedIn }> {
    const signedIn = await signIn(user);
    const socket = await connectSocket(baseUrl, signedIn.token);
    open.push(socket);
    return Object.assign(socket, { signedIn });
  }

  describe('connecting', () => {
    it('refuses a connection without a token', async () => {
      await expect(connectSocket(baseUrl, undefined)).rejects.toThrow('Unauthenticated.');
    });

    it('refuses a token that names no session', async () => {
      await expect(connectSocket(baseUrl, 'A'.repeat(43))).rejects.toThrow('Unauthenticated.');
      await expect(connectSocket(baseUrl, 'not a token')).rejects.toThrow('Unauthenticated.');
    });

    it('accepts a live token, with or without the Bearer prefix', async () => {
      const { token } = await signIn(employee);
      const socket = await connectSocket(baseUrl, token);
      open.push(socket);
      expect(socket.connected).toBe(true);
      const prefixed = await connectSocket(baseUrl, `Bearer ${token}`);
      open.push(prefixed);
      expect(prefixed.connected).toBe(true);
    });

    it('works over HTTP long-polling too (the browser client’s first transport) on the app’s own port', async () => {
      const { token } = await signIn(employee);
      const socket = ioClient(baseUrl, {
        path: '/socket.io',
        transports: ['polling'],
        reconnection: false,
        forceNew: true,
        auth: { token },
      });
      open.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const received = nextEvent(socket, 'UserUpdated');
      ctx.app.realtime.emitToUser(employee.id, 'UserUpdated', { name: 'Erin' });
      expect((await received)[0]).toEqual({ name: 'Erin' });
      // The API next to it still answers.
      expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
    });

    it('refuses the token of a session revoked by logout', async () => {
      const { token } = await signIn(employee);
      const logout = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
      expect(logout.statusCode).toBe(200);
      await expect(connectSocket(baseUrl, token)).rejects.toThrow('Unauthenticated.');
    });

    it('refuses an expired access token', async () => {
      const { token, sessionId } = await signIn(employee);
      await ctx.db
        .update(sessions)
        .set({ accessExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(sessions.id, sessionId));
      await expect(connectSocket(baseUrl, token)).rejects.toThrow('Unauthenticated.');
    });

    it('refuses the token of a locked session (lock screen)', async () => {
      const { token } = await signIn(employee);
      const lock = await ctx.app.inject({ method: 'POST', url: '/api/login/lock', headers: bearer(token) });
      expect(lock.statusCode).toBe(200);
      await expect(connectSocket(baseUrl, token)).rejects.toThrow('Unauthenticated.');
    });

    it('refuses a disabled user', async () => {
      const disabled = await createUser(ctx.db, { name: 'Dora Disabled' });
      const { token } = await signIn(disabled);
      await ctx.db.execute(sql`update users set deleted_at = now() where id = ${disabled.id}`);
      await expect(connectSocket(baseUrl, token)).rejects.toThrow('Unauthenticated.');
    });

    it('does not keep the token in the handshake that other processes can read', async () => {
      await connectAs(employee);
      const sockets = await ctx.app.realtime.io.fetchSockets();
      expect(sockets.length).toBeGreaterThan(0);
      for (const socket of sockets) expect(JSON.stringify(socket.handshake.auth)).toBe('{}');
    });
  });

  describe('subscriptions', () => {
    it('lets a user subscribe to their own private channel and refuses another user’s', async () => {
      const socket = await connectAs(employee);
      expect(await subscribe(socket, `user.${employee.id}`)).toEqual<SubscribeAck>({
        ok: true,
        channel: `user.${employee.id}`,
      });
      expect(await subscribe(socket, `user.${other.id}`)).toEqual<SubscribeAck>({
        ok: false,
        channel: `user.${other.id}`,
        error: 'Forbidden.',
      });
    });

    it('refuses names that are not channels', async () => {
      const socket = await connectAs(employee);
      for (const name of ['session:abc', `uid:${employee.id}`, 'user.0', 'ticket_x', 'random', '']) {
        expect(await subscribe(socket, name)).toEqual({ ok: false, channel: name, error: 'Unknown channel.' });
      }
      expect(await subscribe(socket, 42)).toEqual({ ok: false, channel: '', error: 'Unknown channel.' });
    });

    it('opens the store and project channels to employees only', async () => {
      const staff = await connectAs(employee);
      const account = await connectAs(client);
      for (const channel of ['store', 'ticket_7', 'project_3'])
        expect(await subscribe(staff, channel)).toEqual({ ok: true, channel });
      for (const channel of ['store', 'project_3'])
        expect(await subscribe(account, channel)).toEqual({ ok: false, channel, error: 'Forbidden.' });
    });

    it('opens ticket_{id} to a client account for its own company’s tickets only', async () => {
      const own = await ticketOf(client);
      const foreign = await ticketOf(await createUser(ctx.db, { type: 'Client', name: 'Fred Foreign' }));
      const account = await connectAs(client);
      expect(await subscribe(account, `ticket_${own}`)).toEqual({ ok: true, channel: `ticket_${own}` });
      expect(await subscribe(account, `ticket_${foreign}`)).toEqual({
        ok: false,
        channel: `ticket_${foreign}`,
        error: 'Forbidden.',
      });
      expect(await subscribe(account, 'ticket_999999')).toEqual({
        ok: false,
        channel: 'ticket_999999',
        error: 'Forbidden.',
      });
    });

    it('opens Pto_Periods_{id} to that employee and to holders of view human resources', async () => {
      const own = await connectAs(employee);
      const stranger = await connectAs(other);
      const hr = await connectAs(hrViewer);
      const account = await connectAs(client);
      const channel = `Pto_Periods_${employee.id}`;
      expect(await subscribe(own, channel)).toEqual({ ok: true, channel });
      expect(await subscribe(stranger, channel)).toEqual({ ok: false, channel, error: 'Forbidden.' });
      expect(await subscribe(hr, channel)).toEqual({ ok: true, channel });
      expect(await subscribe(account, `Pto_Periods_${client.id}`)).toEqual({
        ok: false,
        channel: `Pto_Periods_${client.id}`,
        error: 'Forbidden.',
      });
    });

    it('checks permissions as they are now, not as they were at connection time', async () => {
      const promoted = await createUser(ctx.db, { name: 'Pat Promoted' });
      const socket = await connectAs(promoted);
      const channel = `Pto_Periods_${employee.id}`;
      expect((await subscribe(socket, channel)).ok).toBe(false);
      await ctx.db.execute(
        sql`insert into user_permissions (user_id, permission_id) select ${promoted.id}, id from permissions where name = 'view human resources'`,
      );
      expect(await subscribe(socket, channel)).toEqual({ ok: true, channel });
    });

    it('answers Unauthenticated. and disconnects when the session died since connecting', async () => {
      const socket = await connectAs(employee);
      await ctx.db.update(sessions).set({ revoked: true }).where(eq(sessions.id, socket.signedIn.sessionId));
      const disconnected = serverDisconnect(socket);
      expect(await subscribe(socket, 'store')).toEqual({ ok: false, channel: 'store', error: 'Unauthenticated.' });
      expect(await disconnected).toBe('io server disconnect');
    });

    it('caps the channels one socket may hold at 200', async () => {
      const socket = await connectAs(employee);
      // Four rooms are the socket's own (its id, its session, its user and its private channel).
      const answers = await Promise.all(Array.from({ length: 197 }, (_, i) => subscribe(socket, `ticket_${i + 1}`)));
      expect(answers.filter((answer) => answer.ok)).toHaveLength(196);
      expect(await subscribe(socket, 'ticket_999')).toEqual({
        ok: false,
        channel: 'ticket_999',
        error: 'Too many channels.',
      });
      expect((await subscribe(socket, 'ticket_5')).ok).toBe(true);
      await unsubscribe(socket, 'ticket_5');
      expect((await subscribe(socket, 'ticket_999')).ok).toBe(true);
    });

    it('stops delivering a channel after unsubscribe', async () => {
      const socket = await connectAs(employee);
      await subscribe(socket, 'store');
      const first = nextEvent(socket, 'CompanyUpdated');
      ctx.app.realtime.emitToChannel('store', 'CompanyUpdated', { id: 1 });
      expect((await first)[0]).toEqual({ id: 1 });
      expect(await unsubscribe(socket, 'store')).toEqual({ ok: true, channel: 'store' });
      const heard = heardOn(socket, 'CompanyUpdated');
      ctx.app.realtime.emitToChannel('store', 'CompanyUpdated', { id: 2 });
      // Sentinel on the socket's own channel, sent after: the store's event would have come before it.
      const sentinel = nextEvent(socket, 'StatusUpdated');
      ctx.app.realtime.emitToUser(employee.id, 'StatusUpdated', { status: 3 });
      await sentinel;
      expect(heard).toEqual([]);
    });
  });

  describe('emitting', () => {
    it('emitToUser reaches every socket of that user, with the channel, and nobody else', async () => {
      const tab1 = await connectAs(employee);
      const tab2 = await connectAs(employee);
      const stranger = await connectAs(other);
      // Subscribing is optional for the own channel: a socket is in it from the start.
      await subscribe(tab1, `user.${employee.id}`);
      const events = [nextEvent(tab1, 'StatusUpdated'), nextEvent(tab2, 'StatusUpdated')];
      const strangerHeard: unknown[] = [];
      stranger.on('StatusUpdated', (payload: unknown) => strangerHeard.push(payload));
      ctx.app.realtime.emitToUser(employee.id, 'StatusUpdated', { status: 2 });
      for (const args of await Promise.all(events))
        expect(args).toEqual([{ status: 2 }, { channel: `user.${employee.id}` }]);
      // Sentinel: the stranger's own event comes after anything leaked from the first would have.
      const own = nextEvent(stranger, 'StatusUpdated');
      ctx.app.realtime.emitToUser(other.id, 'StatusUpdated', { status: 3 });
      await own;
      expect(strangerHeard).toEqual([{ status: 3 }]);
    });

    it('emitToChannel reaches subscribers of the store channel only', async () => {
      const subscriber = await connectAs(employee);
      const bystander = await connectAs(other);
      await subscribe(subscriber, 'store');
      const received = nextEvent(subscriber, 'RegionUpdated');
      const bystanderHeard: unknown[] = [];
      bystander.on('RegionUpdated', (payload: unknown) => bystanderHeard.push(payload));
      ctx.app.realtime.emitToChannel('store', 'RegionUpdated', { id: 4, name: 'North' });
      expect(await received).toEqual([{ id: 4, name: 'North' }, { channel: 'store' }]);
      // Sentinel: once the bystander subscribes, the next emit reaches it; the first would have come before.
      await subscribe(bystander, 'store');
      const next = nextEvent(bystander, 'RegionUpdated');
      ctx.app.realtime.emitToChannel('store', 'RegionUpdated', { id: 5, name: 'South' });
      await next;
      expect(bystanderHeard).toEqual([{ id: 5, name: 'South' }]);
    });
  });

  describe('presence', () => {
    const usersOf = (payload: PresencePayload) => payload.users.map((user) => user.id);
    const presenceOn = (channel: string, ids: number[]) => (payload: unknown) =>
      (payload as PresencePayload).channel === channel &&
      JSON.stringify(usersOf(payload as PresencePayload)) === JSON.stringify(ids);

    it('lists who is present on join, leave and disconnect, each user once', async () => {
      const channel = 'ticket_51';
      const [first, second] = [employee, other].sort((a, b) => a.name.localeCompare(b.name));
      const a = await connectAs(first);
      const b = await connectAs(second);
      const bAgain = await connectAs(second);

      const alone = nextEvent<PresencePayload>(a, presenceEvent);
      await subscribe(a, channel);
      const [payload, meta] = await alone;
      expect(payload).toEqual({ channel, users: [{ id: first.id, name: first.name, photo: null, editing: null }] });
      expect(meta).toEqual({ channel });

      const together = nextEvent(a, presenceEvent, presenceOn(channel, [first.id, second.id]));
      const seenByB = nextEvent(b, presenceEvent, presenceOn(channel, [first.id, second.id]));
      await subscribe(b, channel);
      await Promise.all([together, seenByB]);

      // A second tab of the same user does not list them twice.
      const stillTwo = nextEvent(a, presenceEvent, presenceOn(channel, [first.id, second.id]));
      await subscribe(bAgain, channel);
      await stillTwo;

      // Leaving with one tab keeps the user present through the other.
      const afterLeave = nextEvent(a, presenceEvent, presenceOn(channel, [first.id, second.id]));
      await unsubscribe(b, channel);
      await afterLeave;

      const afterDisconnect = nextEvent(a, presenceEvent, presenceOn(channel, [first.id]));
      bAgain.close();
      await afterDisconnect;
    });

    it('tells the other staff which section someone edits, until they stop or leave', async () => {
      const channel = 'ticket_61';
      const a = await connectAs(employee);
      const b = await connectAs(other);
      await subscribe(a, channel);
      await subscribe(b, channel);
      const editingOf = (id: number, section: string | null) => (payload: unknown) =>
        (payload as PresencePayload).channel === channel &&
        (payload as PresencePayload).users.some((user) => user.id === id && (user.editing ?? null) === section);

      const starts = nextEvent(a, presenceEvent, editingOf(other.id, 'notes'));
      expect(await b.timeout(5000).emitWithAck('editing', channel, 'notes')).toEqual({ ok: true, channel });
      await starts;
      const stops = nextEvent(a, presenceEvent, editingOf(other.id, null));
      expect(await b.timeout(5000).emitWithAck('editing', channel, null)).toEqual({ ok: true, channel });
      await stops;

      await b.timeout(5000).emitWithAck('editing', channel, 'resolution');
      const gone = nextEvent(a, presenceEvent, (payload) =>
        (payload as PresencePayload).users.every((user) => user.id !== other.id),
      );
      b.close();
      await gone;

      // Only a known section on a channel the socket is in.
      expect(await a.timeout(5000).emitWithAck('editing', channel, '<b>notes</b>')).toEqual({
        ok: false,
        channel,
        error: 'Unknown channel.',
      });
      expect(await a.timeout(5000).emitWithAck('editing', 'ticket_62', 'notes')).toEqual({
        ok: false,
        channel: 'ticket_62',
        error: 'Unknown channel.',
      });
    });

    it('gives a client account the ticket events meant for it, and no presence or staff-only events', async () => {
      const id = await ticketOf(client);
      const channel = `ticket_${id}`;
      const account = await connectAs(client);
      const staff = await connectAs(employee);
      const ownPresence = nextEvent(staff, presenceEvent);
      await subscribe(staff, channel);
      await ownPresence;
      const presenceHeard = heardOn(account, presenceEvent);
      // The account's subscription is announced to the channel's staff (listing staff only) ...
      const announced = nextEvent(staff, presenceEvent);
      await subscribe(account, channel);
      await announced;
      // ... and by the sentinel, on the account's own channel, the announcement would have reached the account.
      const sentinel = nextEvent(account, 'StatusUpdated');
      ctx.app.realtime.emitToUser(client.id, 'StatusUpdated', { status: 1 });
      await sentinel;
      expect(presenceHeard).toEqual([]);
      expect(await account.timeout(5000).emitWithAck('editing', channel, 'notes')).toEqual({
        ok: false,
        channel,
        error: 'Forbidden.',
      });

      const privateNotes = heardOn(account, 'TicketNotesSaved');
      const staffGets = nextEvent(staff, 'TicketNotesSaved');
      ctx.app.realtime.emitToStaff(channel, 'TicketNotesSaved', { ticket_id: id });
      await staffGets;
      // Sentinel: the channel's next event reaches the account, after the staff-only one would have.
      const update = nextEvent(account, 'TicketDataUpdated');
      ctx.app.realtime.emitToChannel(channel, 'TicketDataUpdated', { ticket_id: id });
      expect((await update)[0]).toEqual({ ticket_id: id });
      expect(privateNotes).toEqual([]);
    });

    it('keeps presence per channel', async () => {
      const a = await connectAs(employee);
      const b = await connectAs(other);
      const watcher = await connectAs(employee);
      await subscribe(a, 'project_8');
      await subscribe(watcher, 'project_9');
      const heardByA = heardOn<PresencePayload>(a, presenceEvent);
      // The watcher on project_9 sees b arrive: by then the announcement went to project_9's sockets.
      const bArrives = nextEvent(
        watcher,
        presenceEvent,
        (payload) =>
          (payload as PresencePayload).channel === 'project_9' &&
          usersOf(payload as PresencePayload).includes(other.id),
      );
      await subscribe(b, 'project_9');
      await bArrives;
      // Sentinel on a's own channel, after anything of project_9 would have reached it.
      const sentinel = nextEvent(a, 'StatusUpdated');
      ctx.app.realtime.emitToUser(employee.id, 'StatusUpdated', { status: 1 });
      await sentinel;
      expect(heardByA.filter((payload) => payload.channel !== 'project_8')).toEqual([]);
    });
  });

  describe('disconnecting revoked sessions', () => {
    it('disconnectSession drops the sockets of that session only', async () => {
      const doomed = await connectAs(employee);
      const kept = await connectAs(employee);
      const gone = serverDisconnect(doomed);
      ctx.app.realtime.disconnectSession(doomed.signedIn.sessionId);
      expect(await gone).toBe('io server disconnect');
      const keptDropped = heardOn(kept, 'disconnect');
      // Sentinel: an event sent after the disconnect still reaches the kept socket.
      const sentinel = nextEvent(kept, 'StatusUpdated');
      ctx.app.realtime.emitToUser(employee.id, 'StatusUpdated', { status: 1 });
      await sentinel;
      expect(keptDropped).toEqual([]);
      expect(kept.connected).toBe(true);
    });

    it('logging out disconnects that session’s sockets', async () => {
      const socket = await connectAs(employee);
      const gone = serverDisconnect(socket);
      const logout = await ctx.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: bearer(socket.signedIn.token),
      });
      expect(logout.statusCode).toBe(200);
      expect(await gone).toBe('io server disconnect');
    });

    it('disconnectUser drops every socket of that user', async () => {
      const tab1 = await connectAs(other);
      const tab2 = await connectAs(other);
      const bystander = await connectAs(employee);
      const gone = Promise.all([serverDisconnect(tab1), serverDisconnect(tab2)]);
      ctx.app.realtime.disconnectUser(other.id);
      await gone;
      expect(bystander.connected).toBe(true);
    });

    it('revalidation drops sockets whose session was revoked, expired or disabled elsewhere', async () => {
      const revoked = await connectAs(employee);
      const expired = await connectAs(employee);
      const live = await connectAs(employee);
      await ctx.db.update(sessions).set({ revoked: true }).where(eq(sessions.id, revoked.signedIn.sessionId));
      await ctx.db
        .update(sessions)
        .set({ accessExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(sessions.id, expired.signedIn.sessionId));
      const gone = Promise.all([serverDisconnect(revoked), serverDisconnect(expired)]);
      await ctx.app.realtime.revalidateSockets();
      await gone;
      expect(live.connected).toBe(true);
    });
  });
});

describe('starting with a Redis that does not answer', () => {
  it('fails the start instead of hanging', async () => {
    const ctx = await createTestContext();
    try {
      const started = Date.now();
      // Port 1 on loopback: nothing listens there.
      await expect(
        buildApp({ db: ctx.db, config: { ...ctx.config, redisUrl: 'redis://127.0.0.1:1' }, logger: false }),
      ).rejects.toThrow(/ECONNREFUSED/);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await ctx.close();
    }
  });
});

describe('authorizeChannel', () => {
  const auth = (type: 'Employee' | 'Client', id: number, permissions: string[] = []): AuthContext =>
    ({ user: { id, type }, sessionId: 's', permissions }) as unknown as AuthContext;

  it('follows the channel rules', async () => {
    const db = undefined as unknown as Db; // none of these reads the database
    const authorizeChannel = (context: AuthContext, channel: string) => authorize(context, channel, db);
    expect(await authorizeChannel(auth('Employee', 5), 'user.5')).toBe(true);
    expect(await authorizeChannel(auth('Client', 5), 'user.5')).toBe(true);
    expect(await authorizeChannel(auth('Employee', 5), 'user.6')).toBe(false);
    expect(await authorizeChannel(auth('Employee', 5), 'store')).toBe(true);
    expect(await authorizeChannel(auth('Client', 5), 'store')).toBe(false);
    expect(await authorizeChannel(auth('Employee', 5), 'ticket_1')).toBe(true);
    // A client account's project_{id} reads the project's company: modules/projects/project-channel.test.ts.
    expect(await authorizeChannel(auth('Employee', 5), 'project_1')).toBe(true);
    expect(await authorizeChannel(auth('Employee', 5), 'Pto_Periods_5')).toBe(true);
    // Another employee's periods read whether 5 is their manager: modules/hr/hr-calendar-live.test.ts.
    expect(await authorizeChannel(auth('Employee', 5, ['view human resources']), 'Pto_Periods_6')).toBe(true);
    expect(await authorizeChannel(auth('Client', 5, ['view human resources']), 'Pto_Periods_6')).toBe(false);
    expect(await authorizeChannel(auth('Employee', 5), 'pto_periods_5')).toBe(false);
    expect(await authorizeChannel(auth('Employee', 5), 'user.5.extra')).toBe(false);
  });
});
