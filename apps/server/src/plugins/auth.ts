import { accountLockedMessage, type LockedResponse, type PermissionName } from '@switchboard/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext, GuardSession } from '../modules/users/auth-context.ts';
import { lookupSessionByAccessToken, touchSession } from '../modules/auth/session-lookup.ts';
import type { Db } from '../db/client.ts';
import { forbidden, unauthenticated } from './errors.ts';

export type { AuthContext, AuthUser } from '../modules/users/auth-context.ts';

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
  const sessions = sessionCache(app.db, app.config.sessionCacheMs);
  // A call that is not a read may have revoked, locked or changed a session, a user or a permission: the next
  // request reads them again. It is done before the answer leaves, so the caller's next call sees the change.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') sessions.clear();
    return payload;
  });
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    // Unmatched paths fall through to the JSON 404; the web app's routes are not /api.
    if (!route || !route.startsWith('/api/') || request.routeOptions.config.public) return;
    const match = bearerPattern.exec(request.headers.authorization ?? '');
    if (!match) throw unauthenticated();
    const found = await sessions.lookup(match[1]);
    if (!found) throw unauthenticated();
    if (await touchSession(request.server.db, found.sessionId, found.lastActivity)) found.lastActivity = new Date();
    request.auth = {
      user: found.user,
      sessionId: found.sessionId,
      permissions: found.permissions,
      locked: found.locked,
      shadow: found.shadow,
    };
    if (found.locked && !request.routeOptions.config.allowLocked) return reply.code(423).send(lockedBody);
  });
}

/**
 * Sessions by bearer token, each read from the database at most once per `ttlMs` (decision 0024): the lookup was
 * one of a read's two round trips. Writes in this process clear it at once; another process sees them within ttlMs.
 */
function sessionCache(db: Db, ttlMs: number) {
  const entries = new Map<string, { at: number; session: Promise<GuardSession | null> }>();
  return {
    lookup(token: string): Promise<GuardSession | null> {
      if (ttlMs === 0) return lookupSessionByAccessToken(db, token);
      const now = Date.now();
      const entry = entries.get(token);
      if (entry && now - entry.at < ttlMs) return entry.session;
      if (entries.size >= 10_000) entries.clear();
      const session = lookupSessionByAccessToken(db, token);
      entries.set(token, { at: now, session });
      // A failed read is not remembered.
      session.catch(() => entries.get(token)?.session === session && entries.delete(token));
      return session;
    },
    clear: () => entries.clear(),
  };
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
