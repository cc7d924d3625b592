import { accountLockedMessage, type LockedResponse, type PermissionName } from '@switchboard/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lookupSessionByAccessToken, touchSession, type AuthContext } from '../modules/auth/auth.service.ts';
import { forbidden, unauthenticated } from './errors.ts';

export type { AuthContext, AuthUser } from '../modules/auth/auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the bearer guard on every /api route that is not public; null on public routes. */
    auth: AuthContext;
  }
  interface FastifyContextConfig {
    /** Route answers without a bearer token (login, refresh, health). */
    public?: boolean;
    /** Route is served to a locked session too (logout; GET /api/session answers the lock itself). */
    allowLocked?: boolean;
  }
}

// 32 random bytes in base64url are 43 characters; anything else cannot be one of our tokens.
const bearerPattern = /^Bearer ([A-Za-z0-9_-]{20,200})$/i;

/** Body of every call a locked session makes (spec 1 §2.4 lock screen); 423 Locked. */
export const lockedBody: LockedResponse = { message: accountLockedMessage, locked: true };

/**
 * Guards every /api route unless its config says `public: true`; sets request.auth. A locked session is refused
 * with 423 `{ message: 'Account Locked', locked: true }` unless the route's config says `allowLocked: true`.
 */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    // Unmatched paths fall through to the JSON 404; the web app's routes are not /api.
    if (!route || !route.startsWith('/api/') || request.routeOptions.config.public) return;
    const match = bearerPattern.exec(request.headers.authorization ?? '');
    if (!match) throw unauthenticated();
    const found = await lookupSessionByAccessToken(request.server.db, match[1]);
    if (!found) throw unauthenticated();
    await touchSession(request.server.db, found.sessionId, found.lastActivity);
    request.auth = { user: found.user, sessionId: found.sessionId, permissions: found.permissions, locked: found.locked, shadow: found.shadow };
    if (found.locked && !request.routeOptions.config.allowLocked) return reply.code(423).send(lockedBody);
  });
}

type Guard = (request: FastifyRequest) => Promise<void>;

/** Route hook: 403 unless the signed-in user holds every one of the named permissions. */
export function requirePermission(...names: PermissionName[]): Guard {
  return async (request) => {
    if (!request.auth) throw unauthenticated();
    const held = request.auth.permissions;
    if (!names.every((name) => held.includes(name))) throw forbidden();
  };
}

/** Route hook: 403 unless the signed-in user is staff (type Employee). */
export function requireEmployee(): Guard {
  return async (request) => {
    if (!request.auth) throw unauthenticated();
    if (request.auth.user.type !== 'Employee') throw forbidden();
  };
}

/** Route hook: 403 unless the signed-in user has the users-admin role (spec 1 §6). */
export function requireAdmin(): Guard {
  return async (request) => {
    if (!request.auth) throw unauthenticated();
    if (request.auth.user.role !== 'admin') throw forbidden();
  };
}
