import { and, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { permissions, userPermissions } from '../permissions/permissions.table.ts';
import { users } from '../users/users.table.ts';
import type { GuardSession } from '../users/auth-context.ts';
import { sessions } from './auth.table.ts';
import { hashToken } from './tokens.ts';

// The session behind an access token, for the bearer guard and the realtime sockets.

/** The user columns but the password hash: what the guard reads with the session. */
const { passwordHash: _passwordHash, ...publicUserColumns } = getTableColumns(users);

/**
 * The bearer guard's single query: token → live session → enabled user, with the user's permission names.
 * Null when any link is missing, revoked, expired (a shadow session also at its shadow end) or disabled. A locked
 * session is found, with locked set: the guard decides which routes it may still call.
 */
// Every /api call runs this: prepared once per pool, so neither drizzle nor PostgreSQL builds it again per request.
function prepareSessionByToken(db: Db, name: string) {
  return db
    .select({
      sessionId: sessions.id,
      lastActivity: sessions.lastActivity,
      accessExpiresAt: sessions.accessExpiresAt,
      locked: sessions.locked,
      shadowedByUserId: sessions.shadowedByUserId,
      shadowParentSessionId: sessions.shadowParentSessionId,
      reAuthCodeHash: sessions.reAuthCodeHash,
      shadowExpiresAt: sessions.shadowExpiresAt,
      user: publicUserColumns,
      permissions: sql<
        string[]
      >`coalesce(array_agg(${permissions.name} order by ${permissions.name}) filter (where ${permissions.name} is not null), '{}')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userPermissions, eq(userPermissions.userId, users.id))
    .leftJoin(permissions, eq(permissions.id, userPermissions.permissionId))
    .where(
      and(
        eq(sessions.accessTokenHash, sql.placeholder('hash')),
        eq(sessions.revoked, false),
        gt(sessions.accessExpiresAt, sql`now()`),
        gt(sessions.expiresAt, sql`now()`),
        sql`(${sessions.shadowExpiresAt} is null or ${sessions.shadowExpiresAt} > now())`,
        isNull(users.deletedAt),
      ),
    )
    .groupBy(sessions.id, users.id)
    .prepare(name);
}

export async function lookupSessionByAccessToken(db: Db, accessToken: string): Promise<GuardSession | null> {
  const [row] = await preparedStatement(db, 'session_by_access_token', prepareSessionByToken).execute({
    hash: hashToken(accessToken),
  });
  if (!row) return null;
  const { shadowedByUserId, shadowParentSessionId, reAuthCodeHash, shadowExpiresAt, ...rest } = row;
  return {
    ...rest,
    shadow:
      shadowedByUserId !== null && shadowExpiresAt !== null
        ? {
            byUserId: shadowedByUserId,
            parentSessionId: shadowParentSessionId,
            reAuthCodeHash,
            expiresAt: shadowExpiresAt,
          }
        : null,
  };
}

/** A usable session for the token, as lookupSessionByAccessToken, but null for a locked one too (sockets). */
export async function findSessionByAccessToken(db: Db, accessToken: string): Promise<GuardSession | null> {
  const found = await lookupSessionByAccessToken(db, accessToken);
  return found && !found.locked ? found : null;
}

/** Records activity at most once a minute per session, so reads do not each cost a write; true when it wrote. */
export async function touchSession(db: Db, sessionId: string, lastActivity: Date): Promise<boolean> {
  if (Date.now() - lastActivity.getTime() < 60_000) return false;
  await db
    .update(sessions)
    // A minute after the last rotation its grace is long over: the sealed pair need not stay in the row.
    .set({ lastActivity: sql`now()`, rotationGrant: null })
    .where(and(eq(sessions.id, sessionId), sql`${sessions.lastActivity} < now() - interval '1 minute'`));
  return true;
}
