// Live co-editing of notes (spec 3 §2 Notes editor, §7 "a shared-editing socket connects per note, room named after
// the note identifier"; GUIDE: Yjs with Hocuspocus on the same HTTP server; decision 0040). WebSocket path /collab;
// one document per note ('ticket:252'); the access token checked on connect and again while connected.
import { Database } from '@hocuspocus/extension-database';
import { Redis } from '@hocuspocus/extension-redis';
import { Hocuspocus, type Extension } from '@hocuspocus/server';
import type { FastifyInstance } from 'fastify';
import { Redis as IORedis } from 'ioredis';
import { WebSocketServer } from 'ws';
import { findSessionByAccessToken } from '../modules/auth/session-lookup.ts';
import { parseNoteName } from '../modules/notes/note-kinds.ts';
import { fetchCollabState, storeCollabState } from '../modules/notes/notes.service.ts';

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

export async function registerCollab(app: FastifyInstance, options: CollabOptions = {}): Promise<void> {
  const { db } = app;
  // The editor asked to fill a document, by document name, so only one fills it (two would write the text twice).
  const fillers = new Map<string, string>();
  const redis = app.config.redisUrl;
  const redisClients: IORedis[] = [];

  const askToFill = async (
    documentName: string,
    connection: { sendStateless(payload: string): void },
    socketId: string,
  ) => {
    const document = hocuspocus.documents.get(documentName);
    if (!document || fillers.has(documentName) || document.getXmlFragment('default').length > 0) return;
    const note = parseNoteName(documentName);
    const stored = note ? await note.kind.storedText(db, note.id) : null;
    if (!stored || stored.trim() === '' || stored === '<p></p>') return;
    fillers.set(documentName, socketId);
    connection.sendStateless(JSON.stringify({ type: fillMessageType, text: stored }));
  };

  const extensions: Extension[] = [
    new Database({
      fetch: ({ documentName }) => fetchCollabState(db, documentName),
      store: ({ documentName, state }) => storeCollabState(db, documentName, state),
    }),
  ];
  if (redis) {
    const createClient = () => {
      const client = new IORedis(redis, { maxRetriesPerRequest: null });
      redisClients.push(client);
      return client;
    };
    extensions.push(new Redis({ createClient }));
  }

  const hocuspocus: Hocuspocus = new Hocuspocus({
    name: 'switchboard-notes',
    quiet: true,
    // Saves reach PostgreSQL a second after typing stops (at most 10 s while typing goes on).
    debounce: 1000,
    maxDebounce: 10_000,
    extensions,
    async onAuthenticate({ token, documentName }): Promise<CollabContext> {
      const session = token ? await findSessionByAccessToken(db, token) : null;
      const note = parseNoteName(documentName);
      if (!session || !note || !(await note.kind.mayOpen(db, session.user, note.id))) throw new Error('forbidden');
      return { userId: session.user.id, sessionId: session.sessionId, token };
    },
    async connected({ documentName, connection, socketId }) {
      await askToFill(documentName, connection, socketId);
    },
    async onDisconnect({ documentName, socketId }) {
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
  app.server.on('upgrade', (request, socket, head) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== collabPath) return; // Socket.IO answers its own path
    wss.handleUpgrade(request, socket, head, (ws) => hocuspocus.handleConnection(ws, request));
  });

  // Connections live only as long as their session (decision 0030): re-check each one's token.
  const revalidate = setInterval(() => {
    for (const document of hocuspocus.documents.values()) {
      for (const connection of document.getConnections()) {
        const context = connection.context as CollabContext | undefined;
        if (!context) continue;
        void findSessionByAccessToken(db, context.token).then(
          (session) => {
            if (!session || session.sessionId !== context.sessionId)
              connection.close({ code: 4401, reason: 'Unauthorized' });
          },
          () => {},
        );
      }
    }
  }, options.revalidateIntervalMs ?? 30_000);
  revalidate.unref();

  app.addHook('onClose', async () => {
    clearInterval(revalidate);
    for (const client of wss.clients) client.terminate();
    wss.close();
    // Typing not yet stored (the debounce) is stored now, not lost with the process.
    for (const name of hocuspocus.documents.keys()) {
      const id = `onStoreDocument-${name}`;
      if (hocuspocus.debouncer.isDebounced(id)) await hocuspocus.debouncer.executeNow(id);
    }
    for (const client of redisClients) client.disconnect();
  });
}
