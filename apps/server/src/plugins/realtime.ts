// Realtime (spec 1 §2.4, §7.8, §9; design guide "realtime"): Socket.IO on the app's own HTTP server, path
// /socket.io. Channels are rooms named as in the spec; the server authorises every subscription. With
// config.redisUrl the Redis adapter makes emits, presence and disconnects reach every server process.
import { createAdapter } from '@socket.io/redis-adapter';
import {
  EDITING_SECTION_PATTERN,
  authenticateEvent,
  billingChannel,
  channelForbiddenError,
  editingEvent,
  hrAnonChannel,
  crmCalendarChannel,
  hrCalendarChannel,
  isPresenceChannel,
  parseChannel,
  presenceEvent,
  realtimePath,
  subscribeEvent,
  realtimeServerError,
  tooManyChannelsError,
  tooManyConnectionsError,
  type AuthenticateAck,
  unauthenticatedMessage,
  unknownChannelError,
  unsubscribeEvent,
  userChannel,
  type PresencePayload,
  type PresenceUser,
  type RealtimeMeta,
  type SubscribeAck,
} from '@switchboard/shared';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import { and, eq, sql } from 'drizzle-orm';
import { employees } from '../modules/users/employees.table.ts';
import type { Db } from '../db/client.ts';
import type { EndedSessions, Realtime } from './realtime-api.ts';
import type { AuthContext, GuardSession } from '../modules/users/auth-context.ts';
import { findSessionByAccessToken } from '../modules/auth/session-lookup.ts';
import { clientCompanyOf } from '../modules/companies/client-company.ts';
import { isRoomMember } from '../modules/chat/chat.service.ts';
import { projects } from '../modules/projects/projects.table.ts';
import { clientMaySee } from '../modules/tickets/ticket-access.ts';
import { mayViewLead } from '../modules/crm/lead-access.ts';
import { agentLineDigits } from '../modules/phone-numbers/phone-numbers.service.ts';
import { tickets } from '../modules/tickets/tickets.table.ts';

/** What other processes may learn about a socket (fetchSockets over Redis): never the token. */
export interface SocketData {
  userId: number;
  sessionId: string;
  /** Staff (type Employee); client accounts get only the events meant for them and no presence. */
  staff: boolean;
  user: PresenceUser;
  /** Section edited per presence channel (editingEvent). */
  editing: Record<string, string>;
}

/** Between processes (through the adapter): sessions or users whose other connections (/collab) must close too. */
interface ServerSideEvents {
  sessionsEnded: (ended: EndedSessions) => void;
}
type RealtimeServer = Server<Record<string, never>, Record<string, never>, ServerSideEvents, SocketData>;
type RealtimeSocket = Socket<Record<string, never>, Record<string, never>, ServerSideEvents, SocketData>;

export interface RealtimeOptions {
  /** How often local sockets are re-checked against their session (expiry, lock, revocation elsewhere). */
  revalidateIntervalMs?: number;
}

/** Disconnects the sockets of sessions that were just revoked (logout, lock, password change, profile sessions). */
export function disconnectSessions(app: Pick<FastifyInstance, 'realtime'>, sessionIds: readonly string[]): void {
  for (const sessionId of sessionIds) app.realtime.disconnectSession(sessionId);
}

// Rooms that are not channels: clients can never subscribe to them, since parseChannel rejects the ':'.
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
const userRoom = (userId: number) => `uid:${userId}`;
// Every client-account socket is in this room, so staff-only emits can leave them out.
const clientsRoom = 'type:client';

/**
 * Who may subscribe to which channel. `auth` is the freshly re-read session (same lookup as the HTTP guard).
 * The ticket and project issues refine `ticket_*` / `project_*` with company scoping here.
 */
export async function authorizeChannel(auth: AuthContext, channel: string, db: Db): Promise<boolean> {
  const parsed = parseChannel(channel);
  if (!parsed) return false;
  const isEmployee = auth.user.type === 'Employee';
  switch (parsed.kind) {
    case 'user':
      return parsed.id === auth.user.id;
    case 'store':
      return isEmployee;
    case 'ticket': {
      if (isEmployee) return true;
      // A client account follows the tickets it may open: its own company's, not Scheduled Maintenance ones.
      const [ticket] = await db
        .select({ companyId: tickets.companyId, serverId: tickets.serverId })
        .from(tickets)
        .where(eq(tickets.id, parsed.id!))
        .limit(1);
      return ticket !== undefined && clientMaySee(ticket, await clientCompanyOf(db, auth.user.id));
    }
    case 'project': {
      if (isEmployee) return true;
      // A client account follows its own company's projects; what it hears is projectClientEvents.
      const [project] = await db
        .select({ companyId: projects.companyId })
        .from(projects)
        .where(eq(projects.id, parsed.id!))
        .limit(1);
      return project !== undefined && project.companyId === (await clientCompanyOf(db, auth.user.id));
    }
    case 'pto':
      // One's own periods, HR's, and (designs/hr.md §8) a manager's for their direct reports.
      if (!isEmployee) return false;
      if (parsed.id === auth.user.id || auth.permissions.includes('view human resources')) return true;
      return isManagerOf(db, auth.user.id, parsed.id!);
    case 'hrCalendar':
      return isEmployee && auth.permissions.includes('view hr calendar');
    case 'hrJob':
      return isEmployee && auth.permissions.includes('manage jobs');
    case 'hrAnon':
      return isEmployee && auth.permissions.includes('read anonymous email');
    case 'chat':
      // A chat room PR_{roomId}: its two members only (decision 0054).
      return isEmployee && (await isRoomMember(db, parsed.id!, auth.user.id));
    case 'billing':
      // Decision 0071: staff holding 'view billing'; client accounts never, whatever they were granted.
      return isEmployee && auth.permissions.includes(billingPermission);
    case 'phone':
      // The line's own agent only (designs/crm-softphone.md §5): another agent's calls never reach a socket.
      return (
        isEmployee &&
        auth.permissions.includes(phonePermission) &&
        (await agentLineDigits(db, auth.user.id)) === parsed.key
      );
    case 'crmLead':
      return mayViewLead(db, auth, parsed.id!);
    case 'crmCalendar':
      return isEmployee && auth.permissions.includes('view crm');
  }
}

const phonePermission = 'phone access';

const billingPermission = 'view billing';

/**
 * After a user's permissions changed: their sockets, in every process, leave the gated channels the new set no
 * longer opens (subscribe checks only the moment of joining).
 */
export function followPermissions(
  app: Pick<FastifyInstance, 'realtime'>,
  userId: number,
  permissions: readonly string[],
): void {
  if (!permissions.includes(billingPermission)) app.realtime.removeUsersFrom(billingChannel, [userId]);
  if (!permissions.includes('view hr calendar')) app.realtime.removeUsersFrom(hrCalendarChannel, [userId]);
  if (!permissions.includes('read anonymous email')) app.realtime.removeUsersFrom(hrAnonChannel, [userId]);
  // Phone and lead channels are named per line and per lead; their sockets are left by removeUsersFromKind.
  if (!permissions.includes(phonePermission)) app.realtime.removeUsersFromKind('phone', [userId]);
  if (!permissions.includes('view crm')) app.realtime.removeUsersFromKind('crmLead', [userId]);
  if (!permissions.includes('view crm')) app.realtime.removeUsersFrom(crmCalendarChannel, [userId]);
}

async function isManagerOf(db: Db, managerId: number, employeeId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(employees)
    .where(and(eq(employees.userId, employeeId), eq(employees.managerId, managerId)))
    .limit(1);
  return row !== undefined;
}

const bearerToken = /^(?:Bearer )?([A-Za-z0-9_-]{20,200})$/i;
// setTimeout's longest delay (about 24.8 days); a longer access lifetime is waited for in steps.
const longestTimerMs = 2 ** 31 - 1;

/** What a socket was authenticated with; kept in this process only (see SocketData). */
interface SocketCredentials {
  token: string;
  expiresAt: Date;
}

/** Attaches Socket.IO to app.server and decorates app.realtime. Call from buildApp before listen. */
export async function registerRealtime(app: FastifyInstance, options: RealtimeOptions = {}): Promise<void> {
  const io: RealtimeServer = new Server(app.server, {
    path: realtimePath,
    serveClient: false,
    // Clients only send subscribe and unsubscribe; nothing big ever comes in.
    maxHttpBufferSize: 16 * 1024,
  });
  // Tokens stay in this process: socket.data and handshake travel to other processes with fetchSockets.
  const credentials = new WeakMap<RealtimeSocket, SocketCredentials>();
  let closing = false;
  // Caps per user and per socket (decision 0059). Rooms a socket may be in count its 4 own rooms (its id, session,
  // user and private channel): the default, 200, is enough for any screen.
  const maxRoomsPerSocket = app.config.realtimeMaxChannelsPerSocket;
  const maxConnectionsPerUser = app.config.realtimeMaxConnectionsPerUser;
  // This process's sockets per user, counted from the handshake's acceptance until the connection closes.
  const socketsOfUser = new Map<number, Set<string>>();
  const sessionsEndedListeners: ((ended: EndedSessions) => void)[] = [];

  const redisClients: { close(): Promise<void>; destroy(): void }[] = [];
  if (app.config.redisUrl) {
    let started = false;
    const pub = createClient({
      url: app.config.redisUrl,
      socket: {
        connectTimeout: 5000,
        // At start a Redis that does not answer fails the start (after 3 tries) instead of hanging it;
        // once running, a lost connection is retried for ever with a growing pause.
        reconnectStrategy: (retries: number, cause: Error) =>
          started ? Math.min(100 * 2 ** retries, 5000) : retries >= 3 ? cause : 200,
      },
    });
    const sub = pub.duplicate();
    // Without a listener a lost connection would crash the process; node-redis reconnects by itself.
    pub.on('error', (error: unknown) => app.log.warn({ err: error }, 'redis connection error'));
    sub.on('error', (error: unknown) => app.log.warn({ err: error }, 'redis connection error'));
    redisClients.push(pub, sub);
    try {
      await Promise.all([pub.connect(), sub.connect()]);
      started = true;
    } catch (error) {
      for (const client of redisClients) client.destroy();
      throw error;
    }
    io.adapter(createAdapter(pub, sub, { key: 'switchboard', requestsTimeout: 3000 }));
  }

  const findAuth = async (socket: RealtimeSocket): Promise<GuardSession | null> => {
    const token = credentials.get(socket)?.token;
    return token ? findSessionByAccessToken(app.db, token) : null;
  };

  io.use((socket, next) => {
    const raw: unknown = socket.handshake.auth?.token;
    // The token must not travel further (handshake is shared with other processes by fetchSockets).
    socket.handshake.auth = {};
    const match = typeof raw === 'string' ? bearerToken.exec(raw) : null;
    if (!match) return next(new Error(unauthenticatedMessage));
    findSessionByAccessToken(app.db, match[1]).then(
      (found) => {
        if (!found) return next(new Error(unauthenticatedMessage));
        if (!socket.conn || socket.conn.readyState !== 'open') return next(new Error(unauthenticatedMessage));
        // Counted here, synchronously after the check, so a burst of handshakes cannot overshoot the cap.
        const held = socketsOfUser.get(found.user.id) ?? new Set<string>();
        if (held.size >= maxConnectionsPerUser) return next(new Error(tooManyConnectionsError));
        held.add(socket.id);
        socketsOfUser.set(found.user.id, held);
        const release = () => {
          held.delete(socket.id);
          if (held.size === 0 && socketsOfUser.get(found.user.id) === held) socketsOfUser.delete(found.user.id);
        };
        socket.conn.once('close', release);
        socket.once('disconnect', release);
        credentials.set(socket, { token: match[1], expiresAt: found.accessExpiresAt });
        socket.data = {
          userId: found.user.id,
          sessionId: found.sessionId,
          staff: found.user.type === 'Employee',
          user: { id: found.user.id, name: found.user.name, photo: found.user.photo },
          editing: {},
        };
        next();
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'socket authentication failed');
        next(new Error(realtimeServerError));
      },
    );
  });

  const presenceOf = async (channel: string): Promise<PresencePayload> => {
    const sockets = await io.in(channel).fetchSockets();
    const users = new Map<number, PresenceUser>();
    for (const remote of sockets) {
      const user = remote.data?.user;
      if (!user) continue;
      const editing = remote.data.editing?.[channel] ?? null;
      const known = users.get(user.id);
      if (!known) users.set(user.id, { ...user, editing });
      else if (editing && !known.editing) known.editing = editing;
    }
    return { channel, users: [...users.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id) };
  };

  const emitToChannel = (channel: string, event: string, payload: unknown): void => {
    const meta: RealtimeMeta = { channel };
    (io as Server).to(channel).emit(event, payload, meta);
  };

  const emitToStaff = (channel: string, event: string, payload: unknown): void => {
    const meta: RealtimeMeta = { channel };
    (io as Server).to(channel).except(clientsRoom).emit(event, payload, meta);
  };

  // Who has a ticket open is staff's business: client accounts get no presence.
  const announcePresence = async (channel: string): Promise<void> => {
    try {
      emitToStaff(channel, presenceEvent, await presenceOf(channel));
    } catch (error) {
      app.log.warn({ err: error, channel }, 'presence update failed');
    }
  };

  const reply = (ack: unknown, answer: SubscribeAck | AuthenticateAck): void => {
    if (typeof ack === 'function') (ack as (answer: SubscribeAck | AuthenticateAck) => void)(answer);
  };

  io.on('connection', (socket) => {
    const { userId, sessionId } = socket.data;
    // The own private channel is joined at once, so nothing sent before the client subscribes is missed.
    void socket.join([
      sessionRoom(sessionId),
      userRoom(userId),
      userChannel(userId),
      ...(socket.data.staff ? [] : [clientsRoom]),
    ]);
    let presenceRooms: string[] = [];
    // Subscriptions still being checked count against the cap, so a burst cannot overshoot it.
    const pending = new Set<string>();

    // Raw handlers: the client's events are not in the typed maps (they carry a channel and an ack).
    const on = socket.on.bind(socket) as (event: string, listener: (...args: unknown[]) => void) => void;

    // The socket lives as long as its access token, unless the client re-authenticates with a fresh one in time.
    let expiryTimer: NodeJS.Timeout | undefined;
    let reauthenticating: Promise<void> | null = null;
    const scheduleExpiry = (minimumMs = 0): void => {
      clearTimeout(expiryTimer);
      const left = (credentials.get(socket)?.expiresAt.getTime() ?? 0) - Date.now();
      expiryTimer = setTimeout(() => void expire(), Math.min(Math.max(left, minimumMs), longestTimerMs));
      expiryTimer.unref();
    };
    const expire = async (): Promise<void> => {
      await reauthenticating;
      const auth = await findAuth(socket).catch(() => undefined);
      if (auth === null) return void socket.disconnect(true);
      const current = credentials.get(socket);
      if (auth && current) current.expiresAt = auth.accessExpiresAt;
      // Still valid: this process's clock ran ahead of the database's, or the lookup failed; look again shortly.
      if (socket.connected) scheduleExpiry(1000);
    };
    scheduleExpiry();

    on(authenticateEvent, (token: unknown, ack: unknown) => {
      const answer = (error?: string) => reply(ack, error ? { ok: false, error } : { ok: true });
      const match = typeof token === 'string' ? bearerToken.exec(token) : null;
      if (!match) return answer(unauthenticatedMessage);
      const check = findSessionByAccessToken(app.db, match[1]).then(
        (found) => {
          // Only a token of the socket's own session: its rooms and session room were chosen for that session.
          if (!found || found.sessionId !== sessionId) return answer(unauthenticatedMessage);
          credentials.set(socket, { token: match[1], expiresAt: found.accessExpiresAt });
          if (socket.connected) scheduleExpiry();
          answer();
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'socket re-authentication failed');
          answer(realtimeServerError);
        },
      );
      const pending: Promise<void> = check.finally(() => {
        if (reauthenticating === pending) reauthenticating = null;
      });
      reauthenticating = pending;
    });

    on(subscribeEvent, (channel: unknown, ack: unknown) => {
      const name = typeof channel === 'string' ? channel.slice(0, 200) : '';
      const refuse = (error: string) => reply(ack, { ok: false, channel: name, error });
      if (!parseChannel(name)) return refuse(unknownChannelError);
      if (!socket.rooms.has(name) && !pending.has(name) && socket.rooms.size + pending.size >= maxRoomsPerSocket)
        return refuse(tooManyChannelsError);
      if (!socket.rooms.has(name)) pending.add(name);
      void (async () => {
        // Re-read on every subscription, so a permission removed or a session ended since connecting counts.
        const auth = await findAuth(socket);
        if (!auth) {
          refuse(unauthenticatedMessage);
          socket.disconnect(true);
          return;
        }
        if (!(await authorizeChannel(auth, name, app.db))) return refuse(channelForbiddenError);
        if (!socket.connected) return;
        await socket.join(name);
        reply(ack, { ok: true, channel: name });
        if (isPresenceChannel(name)) await announcePresence(name);
      })()
        .catch((error: unknown) => {
          app.log.error({ err: error, channel: name }, 'subscription failed');
          refuse(realtimeServerError);
        })
        .finally(() => pending.delete(name));
    });

    on(unsubscribeEvent, (channel: unknown, ack: unknown) => {
      const name = typeof channel === 'string' ? channel.slice(0, 200) : '';
      if (!parseChannel(name)) return reply(ack, { ok: false, channel: name, error: unknownChannelError });
      const wasIn = socket.rooms.has(name);
      delete socket.data.editing[name];
      void Promise.resolve(socket.leave(name))
        .then(async () => {
          reply(ack, { ok: true, channel: name });
          if (wasIn && isPresenceChannel(name)) await announcePresence(name);
        })
        .catch((error: unknown) => app.log.error({ err: error, channel: name }, 'unsubscribe failed'));
    });

    // Staff say which section they edit on a presence channel they are in; the others see it with the presence.
    on(editingEvent, (channel: unknown, section: unknown, ack: unknown) => {
      const name = typeof channel === 'string' ? channel.slice(0, 200) : '';
      const answer = (error?: string) =>
        reply(ack, error ? { ok: false, channel: name, error } : { ok: true, channel: name });
      if (!socket.data.staff) return answer(channelForbiddenError);
      if (!isPresenceChannel(name) || !socket.rooms.has(name)) return answer(unknownChannelError);
      if (section !== null && !(typeof section === 'string' && EDITING_SECTION_PATTERN.test(section)))
        return answer(unknownChannelError);
      if ((socket.data.editing[name] ?? null) === section) return answer();
      if (section === null) delete socket.data.editing[name];
      else socket.data.editing[name] = section;
      answer();
      void announcePresence(name);
    });

    socket.on('disconnecting', () => {
      presenceRooms = [...socket.rooms].filter(isPresenceChannel);
    });
    socket.on('disconnect', () => {
      clearTimeout(expiryTimer);
      // While the app closes, preClose announces each room once instead.
      if (closing) return;
      for (const channel of presenceRooms) void announcePresence(channel);
    });
  });

  let revalidating = false;
  const revalidateSockets = async (): Promise<void> => {
    if (revalidating) return;
    revalidating = true;
    try {
      for (const socket of io.of('/').sockets.values()) {
        if (!(await findAuth(socket).catch(() => true))) socket.disconnect(true);
      }
    } finally {
      revalidating = false;
    }
  };
  const timer = setInterval(() => void revalidateSockets(), options.revalidateIntervalMs ?? 60_000);
  timer.unref();

  const tellSessionsEnded = (ended: EndedSessions): void => {
    for (const listener of sessionsEndedListeners) {
      try {
        listener(ended);
      } catch (error) {
        app.log.error({ err: error }, 'ending connections of a revoked session failed');
      }
    }
  };
  // Another process revoked a session: its /collab connections here close too (Socket.IO's own go by the adapter).
  io.on('sessionsEnded', (ended: EndedSessions) => tellSessionsEnded(ended));
  const endSessions = (ended: EndedSessions): void => {
    tellSessionsEnded(ended);
    if (app.config.redisUrl) io.serverSideEmit('sessionsEnded', ended);
  };

  app.decorate('realtime', {
    io: io as Server,
    emitToUser: (userId, event, payload) => emitToChannel(userChannel(userId), event, payload),
    emitToChannel,
    emitToStaff,
    disconnectSession: (sessionId) => {
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
      endSessions({ sessionIds: [sessionId] });
    },
    disconnectUser: (userId) => {
      io.in(userRoom(userId)).disconnectSockets(true);
      endSessions({ userIds: [userId] });
    },
    onSessionsEnded: (listener) => void sessionsEndedListeners.push(listener),
    removeUsersFrom: (channel, userIds) => {
      if (userIds.length > 0) io.in(userIds.map(userRoom)).socketsLeave(channel);
    },
    removeUsersFromKind: (kind, userIds) => {
      if (userIds.length === 0) return;
      io.in(userIds.map(userRoom))
        .fetchSockets()
        .then((sockets) => {
          for (const socket of sockets)
            for (const room of socket.rooms) if (parseChannel(room)?.kind === kind) socket.leave(room);
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'realtime: leaving channels failed'));
    },
    revalidateSockets,
  } satisfies Realtime);

  // Open websockets would hold the HTTP server's close open: drop this process's sockets first.
  // Other processes' viewers learn that this process's users left, before Redis closes.
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(timer);
    const rooms = new Set<string>();
    for (const socket of io.of('/').sockets.values())
      for (const room of socket.rooms) if (isPresenceChannel(room)) rooms.add(room);
    io.local.disconnectSockets(true);
    io.engine.close();
    await Promise.allSettled([...rooms].map((room) => announcePresence(room)));
  });
  app.addHook('onClose', async () => {
    // io.close() would also close app.server, which Fastify closes itself.
    await Promise.allSettled(redisClients.map((client) => client.close()));
  });
}
