import { canChangeAccountField, manageUserSessionsPermission, type UserSession } from '@switchboard/shared';
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { paginate, type Page, type PageQuery } from '../../db/paginate.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import type { AuthContext } from '../users/auth-context.ts';
import { sessions } from '../auth/auth.table.ts';
import { accountActorOf } from '../users/account-guard.ts';
import { users } from '../users/users.table.ts';
import { parseUserAgent } from './user-agent.ts';
import { revokeUserSessions } from '../auth/session-revocation.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whose sessions the caller may read or revoke: their own, or anyone's with 'manage user sessions'
 * (spec 1 §6: the employee Sessions tab). 403 without it, 404 for a user that does not exist.
 */
export async function resolveSessionOwner(db: Db, auth: AuthContext, userId: number | undefined): Promise<number> {
  if (userId === undefined || userId === auth.user.id) return auth.user.id;
  if (!auth.permissions.includes(manageUserSessionsPermission)) throw forbidden();
  const [user] = await db
    .select({ id: users.id, type: users.type, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound();
  // Nobody but an administrator reads or signs out an administrator's devices (decision 0025).
  if (!canChangeAccountField(accountActorOf(auth), user, 'sessions')) throw forbidden();
  return user.id;
}

const creators = alias(users, 'creators');

const sessionColumns = {
  id: sessions.id,
  userAgent: sessions.userAgent,
  ipAddress: sessions.ipAddress,
  city: sessions.city,
  state: sessions.state,
  createdAt: sessions.createdAt,
  lastActivity: sessions.lastActivity,
  expiresAt: sessions.expiresAt,
  revoked: sessions.revoked,
  shadowExpiresAt: sessions.shadowExpiresAt,
  creatorId: creators.id,
  creatorName: creators.name,
  creatorShortname: creators.shortname,
};

export interface SessionRow {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  city: string | null;
  state: string | null;
  createdAt: Date;
  lastActivity: Date;
  expiresAt: Date;
  revoked: boolean;
  shadowExpiresAt: Date | null;
  creatorId: number | null;
  creatorName: string | null;
  creatorShortname: string | null;
}

export function toUserSession(row: SessionRow, currentSessionId: string, now: Date = new Date()): UserSession {
  const { browser, os } = parseUserAgent(row.userAgent);
  // A shadow session ends at its shadow end even if its refresh token would live longer.
  const endsAt = Math.min(row.expiresAt.getTime(), row.shadowExpiresAt?.getTime() ?? Infinity);
  const status = row.revoked ? 'revoked' : endsAt <= now.getTime() ? 'expired' : 'active';
  const shadowed = row.creatorId !== null && row.shadowExpiresAt !== null;
  return {
    id: row.id,
    browser,
    os,
    user_agent: row.userAgent,
    ip_address: row.ipAddress,
    city: row.city,
    state: row.state,
    created_at: row.createdAt.toISOString(),
    last_activity: row.lastActivity.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    revoked: row.revoked,
    status,
    current: row.id === currentSessionId,
    code: shadowed
      ? {
          expires_at: row.shadowExpiresAt!.toISOString(),
          creator: { id: row.creatorId!, name: row.creatorName ?? '', shortname: row.creatorShortname ?? '' },
        }
      : null,
  };
}

/** GET /api/profile/sessions: one user's sessions (shadow sessions of the account included), most recent activity first. */
export async function listUserSessions(
  db: Db,
  userId: number,
  currentSessionId: string,
  query: PageQuery,
): Promise<Page<UserSession>> {
  return paginate(
    query,
    () => db.$count(sessions, eq(sessions.userId, userId)),
    async (limit, offset) => {
      const rows = await db
        .select(sessionColumns)
        .from(sessions)
        .leftJoin(creators, eq(creators.id, sessions.shadowedByUserId))
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.lastActivity), desc(sessions.createdAt), desc(sessions.id))
        .limit(limit)
        .offset(offset);
      const now = new Date();
      return rows.map((row) => toUserSession(row, currentSessionId, now));
    },
  );
}

/**
 * POST /api/profile/sessions/{id}: revokes one session of the caller, or of anyone with 'manage user
 * sessions'. Another user's session without the permission is not yours to see: 404, like an unknown id.
 * Revoking the caller's current session signs them out.
 */
export async function revokeUserSession(db: Db, auth: AuthContext, sessionId: string): Promise<string> {
  if (!uuidPattern.test(sessionId)) throw notFound();
  const [session] = await db
    .select({ id: sessions.id, userId: sessions.userId, owner: { id: users.id, type: users.type, role: users.role } })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId));
  const allowed =
    session &&
    (session.userId === auth.user.id || canChangeAccountField(accountActorOf(auth), session.owner, 'sessions'));
  if (!allowed) throw notFound();
  await db.update(sessions).set({ revoked: true }).where(eq(sessions.id, session.id));
  return session.id;
}

/**
 * POST /api/profile/sessions/all: revokes every session of the user, and the shadow sessions they opened as
 * someone else. For the caller's own sessions the current one stays, so "sign out everywhere else" does not
 * also sign this tab out. Answers the revoked ids.
 */
export async function revokeAllUserSessions(db: Db, auth: AuthContext, userId: number | undefined): Promise<string[]> {
  const ownerId = await resolveSessionOwner(db, auth, userId);
  return revokeUserSessions(db, ownerId, ownerId === auth.user.id ? auth.sessionId : undefined);
}
