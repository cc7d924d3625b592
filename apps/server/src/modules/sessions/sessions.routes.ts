import {
  revokeAllSessionsInputSchema,
  sessionListQuerySchema,
  sessionRevokedMessage,
  sessionsRevokedMessage,
  userSessionSchema,
} from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { pageSchema } from '../../db/paginate.ts';
import { disconnectSessions } from '../../plugins/realtime.ts';
import { listUserSessions, resolveSessionOwner, revokeAllUserSessions, revokeUserSession } from './sessions.service.ts';

const messageSchema = z.object({ message: z.string() });

/** Profile sessions card and employee Sessions tab (spec 1 §3.7, §7.3). */
export async function sessionRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/profile/sessions',
    { schema: { querystring: sessionListQuerySchema, response: { 200: pageSchema(userSessionSchema) } } },
    async (request) => {
      const ownerId = await resolveSessionOwner(app.db, request.auth, request.query.user_id);
      return listUserSessions(app.db, ownerId, request.auth.sessionId, request.query);
    },
  );

  // The static 'all' route wins over ':id' in Fastify's router.
  app.post(
    '/profile/sessions/all',
    { schema: { body: revokeAllSessionsInputSchema, response: { 200: messageSchema } } },
    async (request) => {
      disconnectSessions(app, await revokeAllUserSessions(app.db, request.auth, request.body.user_id));
      return { message: sessionsRevokedMessage };
    },
  );

  app.post(
    '/profile/sessions/:id',
    { schema: { params: z.object({ id: z.string().max(100) }), response: { 200: messageSchema } } },
    async (request) => {
      disconnectSessions(app, [await revokeUserSession(app.db, request.auth, request.params.id)]);
      return { message: sessionRevokedMessage };
    },
  );
}
