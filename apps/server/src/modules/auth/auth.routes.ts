import {
  loggedOutMessage,
  loginInputSchema,
  loginResponseSchema,
  refreshInputSchema,
  sessionResponseSchema,
  tokenResponseSchema,
} from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { emptyAgentSettings, login, refreshSession, revokeSession, toSessionUser } from './auth.service.ts';

/** Sign-in and session calls of spec 1 §7.1. */
export async function authRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/login',
    { config: { public: true }, schema: { body: loginInputSchema, response: { 200: loginResponseSchema } } },
    async (request) =>
      login(app.db, request.body, { userAgent: request.headers['user-agent'] ?? null, ipAddress: request.ip }, app.config),
  );

  app.post(
    '/login/refresh',
    { config: { public: true }, schema: { body: refreshInputSchema, response: { 200: tokenResponseSchema } } },
    async (request) => refreshSession(app.db, request.body.refresh_token, app.config),
  );

  app.post('/logout', { schema: { response: { 200: z.object({ message: z.string() }) } } }, async (request) => {
    await revokeSession(app.db, request.auth.sessionId);
    return { message: loggedOutMessage };
  });

  // Not in the spec: the spec's client keeps the login answer in memory; ours reloads, so it asks who its
  // stored token belongs to (user, permissions, notifications, agent settings) instead of signing in again.
  app.get('/session', { schema: { response: { 200: sessionResponseSchema } } }, async (request) => ({
    data: {
      user: toSessionUser(request.auth.user),
      permissions: request.auth.permissions,
      notifications: [],
      agent_settings: emptyAgentSettings,
      token_id: request.auth.sessionId,
    },
  }));
}
