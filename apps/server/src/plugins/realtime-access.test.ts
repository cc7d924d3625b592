// Sockets follow permissions for as long as they live (issue 14 part 7): a ticket that changes company, a session
// that is revoked, signed out or locked, and an access token that expires all end what a socket receives.
import type { AuthenticateAck, SignedInResponse } from '@switchboard/shared';
import { eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext, type TestUser } from '../../test/helpers.ts';
import { connectSocket, listenForSockets, nextEvent, serverDisconnect, subscribe } from '../../test/realtime.ts';
import type { AppInstance } from '../app-instance.ts';
import { buildApp } from '../app.ts';
import { sessions } from '../modules/auth/auth.table.ts';
import { generateToken, hashToken } from '../modules/auth/tokens.ts';
import { companies, sites } from '../modules/companies/companies.table.ts';
import { devices } from '../modules/devices/devices.table.ts';
import { passwordResets } from '../modules/password-reset/password-reset.table.ts';
import { tickets } from '../modules/tickets/tickets.table.ts';

type Connected = Socket & { signedIn: SignedInResponse };

/** Every payload of `event` the socket gets from now on (read it after a sentinel arrived). */
function heardOn(socket: Socket, event: string): unknown[] {
  const heard: unknown[] = [];
  socket.on(event, (payload: unknown) => heard.push(payload));
  return heard;
}

describe('sockets follow permissions', () => {
  let ctx: TestContext;
  let baseUrl: string;
  let staff: TestUser;
  let firstCompanyId: number;
  let secondCompanyId: number;
  const open: Socket[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    staff = await createUser(ctx.db, { name: 'Sam Staff' });
    [{ id: firstCompanyId }, { id: secondCompanyId }] = await ctx.db
      .insert(companies)
      .values([{ name: 'First Co' }, { name: 'Second Co' }])
      .returning({ id: companies.id });
    baseUrl = await listenForSockets(ctx.app);
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function connectWith(signedIn: SignedInResponse): Promise<Connected> {
    const socket = await connectSocket(baseUrl, signedIn.access_token);
    open.push(socket);
    return Object.assign(socket, { signedIn });
  }
  const connectAs = async (user: TestUser) => connectWith(await login(ctx.app, user.email, user.password));

  /** A sentinel on the user's own channel: sent now, it arrives after anything sent to the socket before it. */
  async function sentinel(socket: Socket, user: TestUser): Promise<void> {
    const heard = nextEvent(socket, 'StatusUpdated', (payload) => (payload as { sentinel?: number }).sentinel === 1);
    ctx.app.realtime.emitToUser(user.id, 'StatusUpdated', { sentinel: 1 });
    await heard;
  }
  const post = (url: string, token: string, payload?: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const authenticate = (socket: Socket, token: unknown) =>
    socket.timeout(5000).emitWithAck('authenticate', token) as Promise<AuthenticateAck>;
  const expireAccessIn = (sessionId: string, seconds: number) =>
    ctx.db
      .update(sessions)
      .set({ accessExpiresAt: sql`now() + make_interval(secs => ${seconds})` })
      .where(eq(sessions.id, sessionId));

  it("refuses a client account a Scheduled Maintenance ticket's channel, staff's internal work", async () => {
    const account = await connectAs(
      await createUser(ctx.db, { type: 'Client', companyId: firstCompanyId, name: 'Mo Maintained' }),
    );
    const [site] = await ctx.db
      .insert(sites)
      .values({ companyId: firstCompanyId, name: 'Main', city: 'Erie' })
      .returning({ id: sites.id });
    const [server] = await ctx.db
      .insert(devices)
      .values({
        companyId: firstCompanyId,
        siteId: site!.id,
        type: 'servers',
        name: 'FC-DC01',
        scheduledMaintenance: 1,
      })
      .returning({ id: devices.id });
    const [maintenance, helpdesk] = await ctx.db
      .insert(tickets)
      .values(
        [
          { subject: 'Scheduled Maintenance FC-DC01', body: '', companyId: firstCompanyId, serverId: server!.id },
          { subject: 'Mouse', body: 'Broken', companyId: firstCompanyId },
        ].map((row) => ({ ...row, location: 1, triageId: 3, status: 2 })),
      )
      .returning({ id: tickets.id });
    const refused = `ticket_${maintenance!.id}`;
    expect(await subscribe(account, refused)).toEqual({ ok: false, channel: refused, error: 'Forbidden.' });
    const allowed = `ticket_${helpdesk!.id}`;
    expect(await subscribe(account, allowed)).toEqual({ ok: true, channel: allowed });
  });

  describe('a ticket that moves to another company', () => {
    it('stops reaching the former company’s client accounts; staff keep it and the new company may follow it', async () => {
      const former = await createUser(ctx.db, { type: 'Client', companyId: firstCompanyId, name: 'Fay Former' });
      const newcomer = await createUser(ctx.db, { type: 'Client', companyId: secondCompanyId, name: 'Ned New' });
      const [ticket] = await ctx.db
        .insert(tickets)
        .values({ subject: 'Printer', body: 'Jammed', companyId: firstCompanyId, location: 1, triageId: 1, status: 2 })
        .returning({ id: tickets.id });
      const channel = `ticket_${ticket!.id}`;
      const account = await connectAs(former);
      const technician = await connectAs(staff);
      expect(await subscribe(account, channel)).toEqual({ ok: true, channel });
      expect(await subscribe(technician, channel)).toEqual({ ok: true, channel });

      const queueRefresh = nextEvent(
        account,
        'TicketUpdated',
        (payload) => (payload as { id: number }).id === ticket!.id,
      );
      const leaked = heardOn(account, 'TicketDataUpdated');
      const staffHears = nextEvent(technician, 'TicketDataUpdated');
      const moved = await ctx.app.inject({
        method: 'PUT',
        url: `/api/ticket/${ticket!.id}`,
        headers: bearer(technician.signedIn.access_token),
        payload: { company_id: secondCompanyId },
      });
      expect(moved.statusCode).toBe(200);
      await staffHears;
      // The former company's queue refreshes without the ticket.
      await queueRefresh;
      await sentinel(account, former);
      expect(leaked).toEqual([]);

      // Later changes do not reach it either, and it cannot follow the ticket again.
      const staffHearsLater = nextEvent(technician, 'TicketDataUpdated');
      await ctx.app.inject({
        method: 'PUT',
        url: `/api/ticket/${ticket!.id}`,
        headers: bearer(technician.signedIn.access_token),
        payload: { status: 3 },
      });
      await staffHearsLater;
      await sentinel(account, former);
      expect(leaked).toEqual([]);
      expect(await subscribe(account, channel)).toEqual({ ok: false, channel, error: 'Forbidden.' });
      expect(account.connected).toBe(true);

      const newAccount = await connectAs(newcomer);
      expect(await subscribe(newAccount, channel)).toEqual({ ok: true, channel });
      const reaches = nextEvent(newAccount, 'TicketDataUpdated');
      await ctx.app.inject({
        method: 'PUT',
        url: `/api/ticket/${ticket!.id}`,
        headers: bearer(technician.signedIn.access_token),
        payload: { status: 2 },
      });
      await reaches;
    });
  });

  describe('a session that ends', () => {
    it('revoking one session on the profile disconnects its sockets and only its sockets', async () => {
      const user = await createUser(ctx.db, { name: 'Rita Revoke' });
      const doomed = await connectAs(user);
      const doomedTab = await connectWith(doomed.signedIn);
      const kept = await connectAs(user);
      const gone = Promise.all([serverDisconnect(doomed), serverDisconnect(doomedTab)]);
      const keptDrops = heardOn(kept, 'disconnect');
      expect(
        (await post(`/api/profile/sessions/${doomed.signedIn.token_id}`, kept.signedIn.access_token)).statusCode,
      ).toBe(200);
      expect(await gone).toEqual(['io server disconnect', 'io server disconnect']);
      await sentinel(kept, user);
      expect(keptDrops).toEqual([]);
      expect(kept.connected).toBe(true);
    });

    it('signing out everywhere else disconnects the other sessions’ sockets, not the caller’s', async () => {
      const user = await createUser(ctx.db, { name: 'Eve Elsewhere' });
      const elsewhere = await connectAs(user);
      const here = await connectAs(user);
      const bystander = await connectAs(staff);
      const gone = serverDisconnect(elsewhere);
      const othersDrop = [heardOn(here, 'disconnect'), heardOn(bystander, 'disconnect')];
      expect((await post('/api/profile/sessions/all', here.signedIn.access_token, {})).statusCode).toBe(200);
      expect(await gone).toBe('io server disconnect');
      await Promise.all([sentinel(here, user), sentinel(bystander, staff)]);
      expect(othersDrop).toEqual([[], []]);
    });

    it('logging out disconnects that session’s sockets, not the user’s other sessions', async () => {
      const user = await createUser(ctx.db, { name: 'Leo Logout' });
      const leaving = await connectAs(user);
      const kept = await connectAs(user);
      const gone = serverDisconnect(leaving);
      const keptDrops = heardOn(kept, 'disconnect');
      expect((await post('/api/logout', leaving.signedIn.access_token)).statusCode).toBe(200);
      expect(await gone).toBe('io server disconnect');
      await sentinel(kept, user);
      expect(keptDrops).toEqual([]);
    });

    it('locking disconnects the locked session’s sockets after telling every tab, not the user’s other sessions', async () => {
      const user = await createUser(ctx.db, { name: 'Lou Lock' });
      const locked = await connectAs(user);
      const kept = await connectAs(user);
      const told = nextEvent(locked, 'AccountLocked');
      const gone = serverDisconnect(locked);
      const keptTold = nextEvent(kept, 'AccountLocked');
      const keptDrops = heardOn(kept, 'disconnect');
      expect((await post('/api/login/lock', locked.signedIn.access_token)).statusCode).toBe(200);
      expect((await told)[0]).toEqual({ token_id: locked.signedIn.token_id });
      expect(await gone).toBe('io server disconnect');
      await keptTold;
      await sentinel(kept, user);
      expect(keptDrops).toEqual([]);
    });

    it('a password reset disconnects every socket of the account', async () => {
      const user = await createUser(ctx.db, { name: 'Pia Reset' });
      const first = await connectAs(user);
      const second = await connectAs(user);
      const bystander = await connectAs(staff);
      const token = generateToken();
      await ctx.db
        .insert(passwordResets)
        .values({ userId: user.id, tokenHash: hashToken(token), expiresAt: sql`now() + interval '1 hour'` });
      const gone = Promise.all([serverDisconnect(first), serverDisconnect(second)]);
      const reset = await ctx.app.inject({
        method: 'POST',
        url: '/api/resetpassword',
        payload: { password: 'New-pass-123', password_confirmation: 'New-pass-123', token },
      });
      expect(reset.statusCode).toBe(200);
      await gone;
      expect(bystander.connected).toBe(true);
    });
  });

  describe('an access token that expires', () => {
    it('disconnects the socket at the token’s expiry', async () => {
      const signedIn = await login(ctx.app, staff.email, staff.password);
      await expireAccessIn(String(signedIn.token_id), 1.5);
      const socket = await connectWith(signedIn);
      const started = Date.now();
      expect(await serverDisconnect(socket, 5000)).toBe('io server disconnect');
      expect(Date.now() - started).toBeLessThan(3500);
    });

    it('keeps a socket that re-authenticates in time with its session’s refreshed token', async () => {
      const signedIn = await login(ctx.app, staff.email, staff.password);
      await expireAccessIn(String(signedIn.token_id), 1.5);
      const socket = await connectWith(signedIn);
      const refreshed = await ctx.app.inject({
        method: 'POST',
        url: '/api/login/refresh',
        payload: { refresh_token: signedIn.refresh_token },
      });
      expect(refreshed.statusCode).toBe(200);
      expect(await authenticate(socket, refreshed.json<{ access_token: string }>().access_token)).toEqual({ ok: true });

      const drops = heardOn(socket, 'disconnect');
      // The old expiry must pass (a wait on the clock, as the rule is about time), then the expiry check runs
      // again and a sentinel proves the socket still gets what is sent after it.
      const oldExpiry = Date.now() + 1_500;
      await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(oldExpiry + 500), { timeout: 5_000, interval: 100 });
      await ctx.app.realtime.revalidateSockets();
      await sentinel(socket, staff);
      expect(drops).toEqual([]);
      const received = nextEvent(socket, 'UserUpdated');
      ctx.app.realtime.emitToUser(staff.id, 'UserUpdated', { name: 'Sam' });
      await received;
      // The fresh token now carries the socket: revalidation keeps it.
      await ctx.app.realtime.revalidateSockets();
      expect(socket.connected).toBe(true);
    });

    it('refuses a token of another session or no token, and still disconnects at the old expiry', async () => {
      const signedIn = await login(ctx.app, staff.email, staff.password);
      await expireAccessIn(String(signedIn.token_id), 1.5);
      const socket = await connectWith(signedIn);
      const otherSession = await login(ctx.app, staff.email, staff.password);
      expect(await authenticate(socket, otherSession.access_token)).toEqual({ ok: false, error: 'Unauthenticated.' });
      expect(await authenticate(socket, 'not a token')).toEqual({ ok: false, error: 'Unauthenticated.' });
      expect(await authenticate(socket, 42)).toEqual({ ok: false, error: 'Unauthenticated.' });
      expect(await serverDisconnect(socket, 5000)).toBe('io server disconnect');
    });
  });
});

// With REDIS_URL (CI's second server run) two processes share the rooms: what one process decides reaches the other's sockets.
describe.skipIf(!process.env.REDIS_URL)('sockets follow permissions across processes (Redis adapter)', () => {
  let ctx: TestContext;
  let first: AppInstance;
  let second: AppInstance;
  let secondUrl: string;
  const open: Socket[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    const config = { ...ctx.config, redisUrl: process.env.REDIS_URL };
    first = await buildApp({ db: ctx.db, config, logger: false });
    second = await buildApp({ db: ctx.db, config, logger: false });
    secondUrl = await listenForSockets(second);
  });
  afterAll(async () => {
    for (const socket of open) socket.close();
    await first.close();
    await second.close();
    await ctx.close();
  });

  it('a revocation and a company change made by one process reach the sockets of another', async () => {
    const user = await createUser(ctx.db, { name: 'Ray Remote' });
    const signedIn = await login(first, user.email, user.password);
    const revoked = await connectSocket(secondUrl, signedIn.access_token);
    open.push(revoked);
    const gone = serverDisconnect(revoked);
    expect(
      (await first.inject({ method: 'POST', url: '/api/logout', headers: bearer(signedIn.access_token) })).statusCode,
    ).toBe(200);
    expect(await gone).toBe('io server disconnect');

    const [company] = await ctx.db
      .insert(companies)
      .values([{ name: 'Remote Co' }, { name: 'Remote Two' }])
      .returning({ id: companies.id });
    const client = await createUser(ctx.db, { type: 'Client', companyId: company!.id, name: 'Rhea Remote' });
    const [ticket] = await ctx.db
      .insert(tickets)
      .values({ subject: 'VPN', body: 'Down', companyId: company!.id, location: 1, triageId: 1, status: 2 })
      .returning({ id: tickets.id });
    const account = await connectSocket(secondUrl, (await login(first, client.email, client.password)).access_token);
    open.push(account);
    expect((await subscribe(account, `ticket_${ticket!.id}`)).ok).toBe(true);
    const staff = await createUser(ctx.db, { name: 'Rob Remote' });
    const staffToken = (await login(first, staff.email, staff.password)).access_token;
    const [, other] = await ctx.db
      .select({ id: companies.id })
      .from(companies)
      .where(sql`${companies.name} like 'Remote%'`)
      .orderBy(companies.id);
    // A member of staff on the second process follows the ticket too: what reaches them has gone to the room.
    const technician = await connectSocket(secondUrl, staffToken);
    open.push(technician);
    expect((await subscribe(technician, `ticket_${ticket!.id}`)).ok).toBe(true);
    const leaked: unknown[] = [];
    account.on('TicketDataUpdated', (payload: unknown) => leaked.push(payload));
    const staffHears = nextEvent(technician, 'TicketDataUpdated');
    const moved = await first.inject({
      method: 'PUT',
      url: `/api/ticket/${ticket!.id}`,
      headers: bearer(staffToken),
      payload: { company_id: other!.id },
    });
    expect(moved.statusCode).toBe(200);
    await staffHears;
    // Sentinel from the same process, after the ticket's event: it reaches the account, the ticket's did not.
    const sentinelHeard = nextEvent(account, 'StatusUpdated');
    first.realtime.emitToUser(client.id, 'StatusUpdated', { status: 1 });
    await sentinelHeard;
    expect(leaked).toEqual([]);
  });
});
