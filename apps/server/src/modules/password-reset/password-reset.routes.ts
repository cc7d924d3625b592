import { forgotPasswordInputSchema, resetPasswordInputSchema } from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { disconnectSessions } from '../../plugins/realtime.ts';
import { requestPasswordReset, resetPassword } from './password-reset.service.ts';

const messageSchema = z.object({ message: z.string() });

/** Forgot and reset password (spec 1 §2.3, §7.1): public calls of the login screen. */
export async function passwordResetRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/forgotpassword',
    { config: { public: true }, schema: { body: forgotPasswordInputSchema, response: { 200: messageSchema } } },
    async (request) => requestPasswordReset(app, request.body, request.ip),
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
