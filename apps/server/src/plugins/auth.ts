import type { PermissionName } from '@switchboard/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findSessionByAccessToken, touchSession, type AuthContext } from '../modules/auth/auth.service.ts';
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
  }
}

// 32 random bytes in base64url are 43 characters; anything else cannot be one of our tokens.
const bearerPattern = /^Bearer ([A-Za-z0-9_-]{20,200})$/i;

/** Guards every /api route unless its config says `public: true`; sets request.auth. */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    // Unmatched paths fall through to the JSON 404; the web app's routes are not /api.
    if (!route || !route.startsWith('/api/') || request.routeOptions.config.public) return;
    const match = bearerPattern.exec(request.headers.authorization ?? '');
    if (!match) throw unauthenticated();
    const found = await findSessionByAccessToken(request.server.db, match[1]);
    if (!found) throw unauthenticated();
    await touchSession(request.server.db, found.sessionId, found.lastActivity);
    request.auth = { user: found.user, sessionId: found.sessionId, permissions: found.permissions };
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
