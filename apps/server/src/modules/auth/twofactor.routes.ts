import {
  twoFactorConfirmInputSchema,
  twoFactorDisableInputSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
} from '@switchboard/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { forbidden } from '../../plugins/errors.ts';
import { mailCredentialChange } from '../users/credential-changes.service.ts';
import { assertCurrentPassword } from './current-password.ts';
import { shadowNotAllowedMessage } from './shadow.service.ts';
import {
  confirmTwoFactor,
  disableTwoFactorWithPassword,
  getTwoFactorStatus,
  setupTwoFactor,
  twoFactorDisabledMessage,
  twoFactorEnabledMessage,
} from './twofactor.service.ts';

const messageSchema = z.object({ message: z.string() });

// Someone shadowing an account must not change how that account signs in.
async function refuseShadowSession(request: FastifyRequest): Promise<void> {
  if (request.auth.shadow) throw forbidden(shadowNotAllowedMessage);
}

/** Two-factor in the user's own profile (issue 3 part 1): status, setup (secret and QR shown once), confirm, disable. */
export async function twoFactorProfileRoutes(app: AppInstance): Promise<void> {
  app.get('/profile/twofactor', { schema: { response: { 200: twoFactorStatusResponseSchema } } }, async (request) => ({
    data: await getTwoFactorStatus(app.db, request.auth.user.id),
  }));

  app.post(
    '/profile/twofactor/setup',
    { preHandler: refuseShadowSession, schema: { response: { 200: twoFactorSetupResponseSchema } } },
    async (request) => ({ data: await setupTwoFactor(app.db, request.auth.user) }),
  );

  app.post(
    '/profile/twofactor/confirm',
    {
      preHandler: refuseShadowSession,
      schema: { body: twoFactorConfirmInputSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      // Turning two-factor on changes how the account signs in: the current password first, as for the password or
      // the e-mail (decision 0057; same field, message and limit), so an access token alone cannot lock the owner out.
      await assertCurrentPassword(app.db, request.auth.user.id, request.body.current_password, request.ip);
      // The owner hears of it at their address, like any change of how the account signs in (decision 0057).
      mailCredentialChange(app, await confirmTwoFactor(app.db, request.auth.user, request.body.code, request.ip));
      return { message: twoFactorEnabledMessage };
    },
  );

  app.post(
    '/profile/twofactor/disable',
    {
      preHandler: refuseShadowSession,
      schema: { body: twoFactorDisableInputSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      const change = await disableTwoFactorWithPassword(app.db, request.auth.user, request.body.password, request.ip);
      mailCredentialChange(app, change);
      return { message: twoFactorDisabledMessage };
    },
  );
}
