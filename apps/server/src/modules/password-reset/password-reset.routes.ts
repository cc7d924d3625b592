import { forgotPasswordInputSchema, resetPasswordInputSchema } from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import type { FastifyRequest } from 'fastify';
import { runInBackground } from '../../plugins/mail.ts';
import { disconnectSessions } from '../../plugins/realtime.ts';
import { requestPasswordReset, resetPassword } from './password-reset.service.ts';

const messageSchema = z.object({ message: z.string() });

/** Forgot and reset password (spec 1 §2.3, §7.1): public calls of the login screen. */
export async function passwordResetRoutes(app: AppInstance): Promise<void> {
  // Answer first, work after (decision 0057): the lookup, token and mail start once the answer has been sent, so
  // neither the answer nor its timing tells whether the address has an account. The work is tracked from the start
  // (shutdown and tests wait for it) and released by onResponse; its failures are logged.
  const answered = new WeakMap<FastifyRequest, () => void>();
  app.post(
    '/forgotpassword',
    {
      config: { public: true },
      schema: { body: forgotPasswordInputSchema, response: { 200: messageSchema } },
      onResponse: async (request) => answered.get(request)?.(),
    },
    async (request) => {
      const { message, pending } = await requestPasswordReset(app, request.body, request.ip);
      const sent = new Promise<void>((resolve) => answered.set(request, resolve));
      runInBackground({ db: app.db, config: app.config, log: request.log }, 'password reset', async () => {
        await sent;
        await pending();
      });
      return { message };
    },
  );

  app.post(
    '/resetpassword',
    { config: { public: true }, schema: { body: resetPasswordInputSchema, response: { 200: messageSchema } } },
    async (request) => {
      const { message, revokedSessionIds } = await resetPassword(app.db, request.body, request.ip);
      disconnectSessions(app, revokedSessionIds);
      return { message };
    },
  );
}
