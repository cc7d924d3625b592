import {
  accountLockedMessage,
  lockedLoginInputSchema,
  lockedResponseSchema,
  loggedOutMessage,
  loginInputSchema,
  loginResponseSchema,
  refreshInputSchema,
  sessionResponseSchema,
  shadowExtendResponseSchema,
  shadowInputSchema,
  shadowStartResponseSchema,
  signedInResponseSchema,
  tokenResponseSchema,
  twoFactorLoginInputSchema,
  type SessionResponse,
} from '@switchboard/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { listRecentNotifications } from '../notifications/notifications.service.ts';
import { lockedBody } from '../../plugins/auth.ts';
import { unauthenticated } from '../../plugins/errors.ts';
import { isLockedRefreshToken, login, refreshSession, revokeSession } from './auth.service.ts';
import type { LoginMeta } from './session-issue.ts';
import { loadAgentSettings, presentSessionUser } from './session-user.ts';
import { findLockScreenUser, lockedLogin, lockSession } from './lock.service.ts';
import {
  endShadow,
  endShadowOnLogout,
  extendShadow,
  findShadowUser,
  startShadow,
  type ShadowTargetChecks,
} from './shadow.service.ts';
import { completeTwoFactorLogin } from './twofactor.service.ts';
import { twoFactorProfileRoutes } from './twofactor.routes.ts';

const messageSchema = z.object({ message: z.string() });

const metaOf = (request: FastifyRequest): LoginMeta => ({
  userAgent: request.headers['user-agent'] ?? null,
  ipAddress: request.ip,
});

/** Sign-in and session calls of spec 1 §7.1, with two-factor, lock screen and shadowing (issue 3). */
/** What the modules above auth hand in (routes.ts): the companies module's say on a shadowing's target. */
export interface AuthRouteOptions {
  shadowTargets: ShadowTargetChecks;
}

export async function authRoutes(app: AppInstance, options: AuthRouteOptions): Promise<void> {
  app.post(
    '/login',
    { config: { public: true }, schema: { body: loginInputSchema, response: { 200: loginResponseSchema } } },
    async (request) => login(app.db, request.body, metaOf(request), app.config),
  );

  app.post(
    '/login/twofactor',
    {
      config: { public: true },
      schema: { body: twoFactorLoginInputSchema, response: { 200: signedInResponseSchema } },
    },
    async (request) => completeTwoFactorLogin(app.db, request.body, metaOf(request), app.config),
  );

  app.post(
    '/login/refresh',
    {
      config: { public: true },
      schema: { body: refreshInputSchema, response: { 200: tokenResponseSchema, 423: lockedResponseSchema } },
    },
    async (request, reply) => {
      // A locked session gets no new tokens: only the lock screen's password does that (locked_login).
      if (await isLockedRefreshToken(app.db, request.body.refresh_token)) return reply.code(423).send(lockedBody);
      return refreshSession(app.db, request.body.refresh_token, app.config, {
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        // A rotated-away token came back (decision 0076): the sign-in is revoked; its sockets go in every process.
        onReuse: (reuse) => {
          request.log.warn(
            { userId: reuse.userId, sessionId: reuse.sessionId, revoked: reuse.revokedSessionIds.length },
            'refresh token reuse: the sign-in was revoked',
          );
          for (const id of reuse.revokedSessionIds) app.realtime.disconnectSession(id);
        },
      });
    },
  );

  app.post('/login/lock', { schema: { response: { 200: messageSchema } } }, async (request) => {
    await lockSession(app.db, request.auth.sessionId);
    // Other tabs holding the same token show the lock screen too (spec 1 §4).
    app.realtime.emitToUser(request.auth.user.id, 'AccountLocked', { token_id: request.auth.sessionId });
    app.realtime.disconnectSession(request.auth.sessionId);
    return { message: accountLockedMessage };
  });

  app.post(
    '/login/locked_login',
    { config: { public: true }, schema: { body: lockedLoginInputSchema, response: { 200: tokenResponseSchema } } },
    async (request) => lockedLogin(app.db, request.body, metaOf(request), app.config),
  );

  app.post(
    '/login/shadow',
    {
      schema: {
        body: shadowInputSchema,
        response: { 200: z.union([shadowStartResponseSchema, shadowExtendResponseSchema, signedInResponseSchema]) },
      },
    },
    async (request) => {
      const { account, re_auth_code: code, extend } = request.body;
      if (account !== undefined)
        return startShadow(app.db, request.auth, account, metaOf(request), app.config, options.shadowTargets);
      if (extend) return extendShadow(app.db, request.auth, code!, request.ip);
      const restored = await endShadow(app.db, request.auth, code!, request.ip, app.config);
      app.realtime.disconnectSession(request.auth.sessionId);
      return restored;
    },
  );

  app.post(
    '/logout',
    { config: { allowLocked: true }, schema: { response: { 200: messageSchema } } },
    async (request) => {
      if (request.auth.shadow) await endShadowOnLogout(app.db, request.auth, request.ip);
      else await revokeSession(app.db, request.auth.sessionId);
      app.realtime.disconnectSession(request.auth.sessionId);
      return { message: loggedOutMessage };
    },
  );

  // Not in the spec: the spec's client keeps the login answer in memory; ours reloads, so it asks who its
  // stored token belongs to (user, permissions, notifications, agent settings) instead of signing in again.
  // A locked session answers 423 with who is locked out, so a reload shows the lock screen.
  app.get(
    '/session',
    { config: { allowLocked: true }, schema: { response: { 200: sessionResponseSchema, 423: lockedResponseSchema } } },
    async (request, reply) => {
      const { auth } = request;
      if (auth.locked) {
        const user = await findLockScreenUser(app.db, auth.user.id, auth.shadow?.byUserId ?? null);
        if (!user) throw unauthenticated();
        return reply.code(423).send({ ...lockedBody, user });
      }
      const data: SessionResponse['data'] = {
        user: await presentSessionUser(app.db, auth.user),
        permissions: auth.permissions,
        notifications: await listRecentNotifications(app.db, auth.user.id),
        agent_settings: await loadAgentSettings(app.db, auth.user.id),
        token_id: auth.sessionId,
        shadowing: auth.shadow !== null,
      };
      if (auth.shadow) {
        const shadowUser = await findShadowUser(app.db, auth.shadow.byUserId);
        if (shadowUser) data.shadow_user = shadowUser;
        data.re_auth_code = { expires_at: auth.shadow.expiresAt.toISOString() };
      }
      return { data };
    },
  );

  await app.register(twoFactorProfileRoutes);
}
