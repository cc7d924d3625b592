// Live co-editing of notes (spec 3 §2 Notes editor, §7 "a shared-editing socket connects per note, room named after
// the note identifier"; GUIDE: Yjs with Hocuspocus on the same HTTP server; decision 0040). WebSocket path /collab;
// one document per note ('ticket:252'); the access token checked on connect and again while connected.
// Decision 0059: every edit is logged before it is acknowledged (collab-log.ts); a revoked session's connections close
// with its Socket.IO sockets, in every process; frames are checked before Hocuspocus reads them and refusals are logged
// by the app, at most a line a minute per address; a user holds at most COLLAB_MAX_CONNECTIONS_PER_USER notes open.
import type { IncomingMessage } from 'node:http';
import { Hocuspocus, type Connection, type Extension } from '@hocuspocus/server';
import { tooManyConnectionsError } from '@switchboard/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis as IORedis } from 'ioredis';
import { WebSocketServer, type WebSocket } from 'ws';
import { findSessionByAccessToken } from '../modules/auth/session-lookup.ts';
import { parseNoteName } from '../modules/notes/note-kinds.ts';
import { collabMessage, isSyncStatus, readCollabFrame } from './collab-frames.ts';
import { appendCollabUpdate, collabLogExtension, quietRefusal } from './collab-log.ts';
import type { EndedSessions } from './realtime-api.ts';

export const collabPath = '/collab';

/** Stateless message asking one editor to fill an empty shared document from the stored text it carries. */
export const fillMessageType = 'fill-from-stored';

interface CollabContext {
  userId: number;
  sessionId: string;
  token: string;
}

export interface CollabOptions {
  /** How often open connections are re-checked against their session (revoked, locked, expired). */
  revalidateIntervalMs?: number;
}

/** One /collab websocket; it may carry several notes (Hocuspocus multiplexes documents on one socket). */
interface CollabSocket {
  ws: WebSocket;
  request: IncomingMessage;
  address: string;
  /** Notes authenticated on it, and with which session and user (a socket may only ever be one user's). */
  documents: Set<string>;
  /** Its entries in openByUser. */
  keys: Set<string>;
  sessionIds: Set<string>;
  userId: number | null;
  /** Frames received for notes not (yet) authenticated (Hocuspocus queues them), and authentications asked. */
  framesBeforeAuthentication: number;
  authentications: number;
  closed: boolean;
}

// A socket must authenticate a note this soon, and may send this many frames before it has.
const authenticateWithinMs = 15_000;
const maxFramesBeforeAuthentication = 64;
// How long a revocation is remembered, so a token lookup that started before it cannot open a note after it.
const endedMemoryMs = 60_000;
// Close codes the provider understands (@hocuspocus/common): Unauthorized, and policy violation for bad frames.
const unauthorized = { code: 4401, reason: 'Unauthorized' };
const badMessage = { code: 1008, reason: 'Bad message' };

/**
 * Logs refused connections and frames through the app's logger, one line per remote address per minute: the first
 * at once, the others counted and reported in one line when the minute ends (a flood is seen, never printed whole).
 */
export function createThrottledLog(log: FastifyBaseLogger, windowMs = 60_000) {
  const windows = new Map<string, { reason: string; count: number }>();
  const flush = () => {
    for (const [address, entry] of windows)
      if (entry.count > 0) log.warn({ address, count: entry.count, reason: entry.reason }, 'collab: more refused');
    windows.clear();
  };
  const timer = setInterval(flush, windowMs);
  timer.unref();
  return {
    report(address: string, reason: string, details: Record<string, unknown> = {}): void {
      const entry = windows.get(address);
      if (entry) {
        entry.count += 1;
        entry.reason = reason;
        return;
      }
      windows.set(address, { reason, count: 0 });
      log.warn({ address, reason, ...details }, 'collab: refused');
    },
    stop(): void {
      clearInterval(timer);
      flush();
    },
  };
}

export async function registerCollab(app: FastifyInstance, options: CollabOptions = {}): Promise<void> {
  const { db } = app;
  const maxConnectionsPerUser = app.config.collabMaxConnectionsPerUser;
  const refusals = createThrottledLog(app.log);
  // The editor asked to fill a document, by document name, so only one fills it (two would write the text twice).
  const fillers = new Map<string, string>();
  const redis = app.config.redisUrl;
  const redisClients: IORedis[] = [];
  const sockets = new Map<IncomingMessage, CollabSocket>();
  // The same sockets by Hocuspocus's socket id, once one has authenticated a note.
  const socketsById = new Map<string, CollabSocket>();
  // Notes open per user in this process: `${socketId} ${documentName}` while authenticated.
  const openByUser = new Map<number, Set<string>>();
  // Sessions (`s:{id}`) and users (`u:{id}`) revoked lately, with when.
  const ended = new Map<string, number>();
  // Per connection, the commit of every update it sent so far: its acknowledgements wait for it.
  const logged = new WeakMap<Connection, Promise<void>>();

  /** Holds each acknowledgement (SyncStatus) back until the updates received before it are in collab_updates. */
  const acknowledgeWhenLogged = (connection: Connection): void => {
    if (logged.has(connection)) return;
    logged.set(connection, Promise.resolve());
    const send = connection.send.bind(connection);
    connection.send = (message: unknown) => {
      if (!isSyncStatus(message)) return send(message);
      // A failed write closed the socket: the acknowledgement is never sent, so the editor sends the edit again.
      logged.get(connection)!.then(
        () => send(message),
        () => {},
      );
    };
  };

  const askToFill = async (
    documentName: string,
    connection: { sendStateless(payload: string): void },
    socketId: string,
  ) => {
    const document = hocuspocus.documents.get(documentName);
    if (!document || fillers.has(documentName) || document.getXmlFragment('default').length > 0) return;
    const note = parseNoteName(documentName);
    let stored: string | null;
    try {
      stored = note ? await note.kind.storedText(db, note.id) : null;
    } catch (error) {
      // Logged here: a hook's error would reach Hocuspocus, which prints it to the console.
      app.log.error({ err: error, document: documentName }, 'collab: reading the stored notes failed');
      return;
    }
    if (!stored || stored.trim() === '' || stored === '<p></p>') return;
    fillers.set(documentName, socketId);
    connection.sendStateless(JSON.stringify({ type: fillMessageType, text: stored }));
  };

  const connectionsOf = (socket: CollabSocket): Connection[] => {
    const found: Connection[] = [];
    for (const document of hocuspocus.documents.values())
      for (const connection of document.getConnections())
        if (connection.request === socket.request) found.push(connection);
    return found;
  };

  /** Closes a socket and every note on it now: nothing it sends from here on is read. */
  const closeSocket = (socket: CollabSocket, event: { code: number; reason: string }): void => {
    if (socket.closed) return;
    socket.closed = true;
    app.log.info({ userId: socket.userId, code: event.code, reason: event.reason }, 'collab: socket closed');
    for (const connection of connectionsOf(socket)) connection.close(event);
    socket.ws.close(event.code, event.reason);
  };

  const release = (socket: CollabSocket, key: string): void => {
    socket.keys.delete(key);
    if (socket.userId === null) return;
    const open = openByUser.get(socket.userId);
    open?.delete(key);
    if (open?.size === 0) openByUser.delete(socket.userId);
  };

  const extensions: Extension[] = [collabLogExtension(db, app.log)];
  if (redis) {
    const createClient = () => {
      const client = new IORedis(redis, { maxRetriesPerRequest: null });
      redisClients.push(client);
      return client;
    };
    // Loaded only with Redis: without it the extension and its clients would only slow every start.
    const { Redis } = await import('@hocuspocus/extension-redis');
    const shared = new Redis({ createClient });
    // Saves take turns on a PostgreSQL advisory lock (collab-log.ts); Redis's lock would only add a printed error
    // when two processes save one note at the same moment.
    shared.onStoreDocument = async () => {};
    shared.afterStoreDocument = async () => {};
    extensions.push(shared);
  }

  const hocuspocus: Hocuspocus = new Hocuspocus({
    name: 'switchboard-notes',
    quiet: true,
    // Edits are durable as they arrive (collab_updates); the save compacts them a second after typing stops (at
    // most every 10 s while it goes on).
    debounce: 1000,
    maxDebounce: 10_000,
    extensions,
    async onAuthenticate({ token, documentName, request, socketId }): Promise<CollabContext> {
      const socket = sockets.get(request);
      if (!socket || socket.closed) throw quietRefusal('Forbidden');
      const startedAt = Date.now();
      let session: Awaited<ReturnType<typeof findSessionByAccessToken>>;
      const note = parseNoteName(documentName);
      try {
        session = token ? await findSessionByAccessToken(db, token) : null;
        if (session && note && !(await note.kind.mayOpen(db, session.user, note.id))) session = null;
      } catch (error) {
        app.log.error({ err: error }, 'collab: authentication failed');
        throw quietRefusal('Server error.');
      }
      const endedAt = session
        ? Math.max(ended.get(`s:${session.sessionId}`) ?? 0, ended.get(`u:${session.user.id}`) ?? 0)
        : 0;
      if (!session || !note || endedAt >= startedAt || socket.closed) {
        refusals.report(socket.address, 'forbidden', { document: documentName.slice(0, 200) });
        throw quietRefusal('Forbidden');
      }
      if (socket.userId !== null && socket.userId !== session.user.id) {
        refusals.report(socket.address, 'another user on the socket');
        throw quietRefusal('Forbidden');
      }
      const key = `${socketId} ${documentName}`;
      const open = openByUser.get(session.user.id) ?? new Set<string>();
      if (!open.has(key) && open.size >= maxConnectionsPerUser) {
        refusals.report(socket.address, 'too many connections', { userId: session.user.id });
        throw quietRefusal(tooManyConnectionsError);
      }
      open.add(key);
      openByUser.set(session.user.id, open);
      socket.keys.add(key);
      socketsById.set(socketId, socket);
      socket.userId = session.user.id;
      socket.documents.add(documentName);
      socket.sessionIds.add(session.sessionId);
      return { userId: session.user.id, sessionId: session.sessionId, token };
    },
    // Every edit is written to collab_updates as it arrives, and acknowledged only once committed (decision 0059).
    // Co-editors get it at once: waiting for the commit before applying it cost each keystroke a WAL flush.
    async beforeHandleMessage({ update: data, documentName, connection }) {
      const socket = sockets.get(connection.request);
      // A revoked session's frame already on its way: never applied (a promise that never settles stops it).
      if (!socket || socket.closed) return new Promise<never>(() => {});
      const frame = readCollabFrame(data);
      // An empty update ([0, 0]: no structs, no deletions) is what an empty editor sends when it syncs: nothing to keep.
      if (!frame.ok || !frame.update || (frame.update.length === 2 && frame.update[0] === 0 && frame.update[1] === 0))
        return;
      acknowledgeWhenLogged(connection);
      const write = appendCollabUpdate(db, documentName, frame.update).catch((error: unknown) => {
        app.log.error({ err: error, document: documentName }, 'collab: logging an edit failed');
        closeSocket(socket, { code: 1011, reason: 'Server error' });
        throw error;
      });
      const chain = logged.get(connection)!.then(() => write);
      // Observed here: a failure closes the socket, and no acknowledgement may be waiting on it.
      chain.catch(() => {});
      logged.set(connection, chain);
    },
    async connected({ documentName, connection, socketId }) {
      await askToFill(documentName, connection, socketId);
    },
    async onDisconnect({ documentName, socketId }) {
      const socket = socketsById.get(socketId);
      if (socket) {
        release(socket, `${socketId} ${documentName}`);
        socket.documents.delete(documentName);
      }
      if (fillers.get(documentName) === socketId) fillers.delete(documentName);
      // Another editor still there may fill it instead.
      const document = hocuspocus.documents.get(documentName);
      const next = document?.getConnections()[0];
      if (next) await askToFill(documentName, next, next.socketId);
    },
    async onChange({ documentName, document }) {
      if (document.getXmlFragment('default').length > 0) fillers.delete(documentName);
    },
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 * 1024 });
  app.server.on('upgrade', (request: IncomingMessage, stream, head) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== collabPath) return; // Socket.IO answers its own path
    wss.handleUpgrade(request, stream, head, (ws) => {
      const socket: CollabSocket = {
        ws,
        request,
        address: request.socket.remoteAddress ?? 'unknown',
        documents: new Set(),
        keys: new Set(),
        sessionIds: new Set(),
        userId: null,
        framesBeforeAuthentication: 0,
        authentications: 0,
        closed: false,
      };
      sockets.set(request, socket);
      const refuse = (reason: string) => {
        refusals.report(socket.address, reason);
        closeSocket(socket, badMessage);
      };
      // Without a listener, a protocol error (a bad frame, one past maxPayload) would throw out of the process.
      ws.on('error', (error) => refuse(`websocket: ${error.message}`));
      const idle = setTimeout(() => {
        if (socket.documents.size === 0 && socket.userId === null) refuse('no authentication');
      }, authenticateWithinMs);
      idle.unref();
      ws.once('close', () => {
        clearTimeout(idle);
        socket.closed = true;
        sockets.delete(request);
        for (const [id, known] of socketsById) if (known === socket) socketsById.delete(id);
        // Hocuspocus's onDisconnect releases each note too; this also covers notes whose loading had not finished.
        for (const key of [...socket.keys]) release(socket, key);
      });
      // Every frame is read here first (Hocuspocus also re-emits the frames it queued during authentication).
      const emit = ws.emit.bind(ws);
      ws.emit = ((event: string | symbol, ...args: unknown[]) => {
        if (event !== 'message') return emit(event, ...args);
        if (socket.closed) return false;
        const frame = readCollabFrame(args[0]);
        let refused = frame.ok ? null : frame.error;
        if (frame.ok && frame.type === collabMessage.auth) {
          // Each asks Hocuspocus to keep a note's state and look the token up: a socket asks for a few notes only.
          socket.authentications += 1;
          if (socket.authentications > 2 * maxConnectionsPerUser) refused = 'too many authentications';
        } else if (frame.ok && !socket.documents.has(frame.documentName)) {
          socket.framesBeforeAuthentication += 1;
          if (socket.framesBeforeAuthentication > maxFramesBeforeAuthentication)
            refused = 'too many frames before authentication';
        }
        if (refused === null) return emit(event, ...args);
        refuse(refused);
        return false;
      }) as typeof ws.emit;
      hocuspocus.handleConnection(ws, request);
    });
  });

  // Sessions revoked anywhere (realtime.ts tells every process): their notes close now, not at the next check.
  const endSessions = ({ sessionIds = [], userIds = [] }: EndedSessions): void => {
    const now = Date.now();
    for (const [key, at] of ended) if (now - at > endedMemoryMs) ended.delete(key);
    for (const id of sessionIds) ended.set(`s:${id}`, now);
    for (const id of userIds) ended.set(`u:${id}`, now);
    for (const socket of sockets.values()) {
      const revoked =
        (socket.userId !== null && userIds.includes(socket.userId)) ||
        sessionIds.some((id) => socket.sessionIds.has(id));
      if (revoked) closeSocket(socket, unauthorized);
    }
  };
  if (app.hasDecorator('realtime')) app.realtime.onSessionsEnded(endSessions);

  // Connections live only as long as their session (decision 0030): re-check each one's token.
  const revalidate = setInterval(() => {
    for (const document of hocuspocus.documents.values()) {
      for (const connection of document.getConnections()) {
        const context = connection.context as CollabContext | undefined;
        if (!context) continue;
        void findSessionByAccessToken(db, context.token).then(
          (session) => {
            if (!session || session.sessionId !== context.sessionId) {
              const socket = sockets.get(connection.request);
              if (socket) closeSocket(socket, unauthorized);
              else connection.close(unauthorized);
            }
          },
          () => {},
        );
      }
    }
  }, options.revalidateIntervalMs ?? 30_000);
  revalidate.unref();

  app.addHook('onClose', async () => {
    clearInterval(revalidate);
    refusals.stop();
    for (const client of wss.clients) client.terminate();
    wss.close();
    // Edits are in collab_updates already; the save folds them into the state now rather than at the next load.
    for (const name of hocuspocus.documents.keys()) {
      const id = `onStoreDocument-${name}`;
      if (hocuspocus.debouncer.isDebounced(id)) await hocuspocus.debouncer.executeNow(id);
    }
    for (const client of redisClients) client.disconnect();
  });
}
