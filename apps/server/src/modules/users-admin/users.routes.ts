import {
  currentPasswordSchema,
  createUserInputSchema,
  updateUserInputSchema,
  userAdminRowSchema,
  userCreatedMessage,
  userDeletedMessage,
  userUpdatedMessage,
} from '@switchboard/shared';
import { separationInputSchema } from '@switchboard/shared/hr/employment';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { pageQuerySchema, pageSchema } from '../../db/paginate.ts';
import { disconnectSessions } from '../../plugins/realtime.ts';
import { notFound, unauthenticated } from '../../plugins/errors.ts';
import { announceUserUpdated } from '../auth/session-user.ts';
import { putRoute } from '../../plugins/method-override.ts';
import { actorOf } from '../users/account-actor.ts';
import { mailCredentialChange } from '../users/credential-changes.service.ts';
import { createUserAccount, disableUserAccount, listUsers, updateUserAccount } from './users.service.ts';

const messageSchema = z.object({ message: z.string() });
const idParamsSchema = z.object({ id: z.string() });
// An administrator changing their own password or e-mail here gives the current one too (decision 0057).
const updateUserBodySchema = updateUserInputSchema.extend({ current_password: currentPasswordSchema });

/** Spec 1 §2.6 and §6: the users admin page is the admin role's only; to anyone else it does not exist. */
async function requireAdminOrNotFound(request: FastifyRequest): Promise<void> {
  if (!request.auth) throw unauthenticated();
  if (request.auth.user.role !== 'admin') throw notFound();
}

// A path id that is not a positive 32-bit integer names no user.
function parseUserId(raw: string): number {
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(id <= 2_147_483_647)) throw notFound();
  return id;
}

/** Users admin calls of spec 1 §7.4. */
export async function userAdminRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/user',
    {
      onRequest: requireAdminOrNotFound,
      schema: { querystring: pageQuerySchema, response: { 200: pageSchema(userAdminRowSchema) } },
    },
    async (request) => listUsers(app.db, request.query),
  );

  app.post(
    '/user',
    {
      onRequest: requireAdminOrNotFound,
      schema: {
        body: createUserInputSchema,
        response: { 200: messageSchema.extend({ data: z.object({ id: z.number().int() }) }) },
      },
    },
    async (request) => {
      const created = await createUserAccount(app.db, request.body);
      return { message: userCreatedMessage, data: created };
    },
  );

  putRoute(
    app,
    '/user/:id',
    {
      onRequest: requireAdminOrNotFound,
      schema: { params: idParamsSchema, body: updateUserBodySchema, response: { 200: messageSchema } },
    },
    async (request) => {
      const id = parseUserId(request.params.id);
      const { revokedSessionIds, credentialChange } = await updateUserAccount(
        app.db,
        id,
        request.body,
        actorOf(request),
      );
      if (credentialChange) mailCredentialChange(app, credentialChange);
      disconnectSessions(app, revokedSessionIds);
      await announceUserUpdated(app, id);
      return { message: userUpdatedMessage };
    },
  );

  app.delete(
    '/user/:id',
    {
      onRequest: requireAdminOrNotFound,
      // designs/hr.md §7: the separation's date, type and reason, each optional (spec 1 sends no body).
      schema: { params: idParamsSchema, body: separationInputSchema.nullish(), response: { 200: messageSchema } },
    },
    async (request) => {
      const id = parseUserId(request.params.id);
      await disableUserAccount(app.db, id, { id: request.auth.user.id }, request.body ?? {});
      if (app.hasDecorator('realtime')) app.realtime.disconnectUser(id);
      return { message: userDeletedMessage };
    },
  );
}
