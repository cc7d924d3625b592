import {
  invalidLoginMessage,
  type AgentSettings,
  type LoginInput,
  type LoginResponse,
  type SessionUser,
  type SignedInResponse,
  type TokenResponse,
} from '@switchboard/shared';
import { and, eq, getTableColumns, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { HttpError, unauthenticated } from '../../plugins/errors.ts';
import { permissions, userPermissions } from '../permissions/permissions.table.ts';
import { listPermissionNames } from '../permissions/permissions.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import { listRecentNotifications } from '../notifications/notifications.service.ts';
import { users } from '../users/users.table.ts';
import { sessions } from './auth.table.ts';
import { verifyDummyPassword, verifyPassword } from './password.ts';
import { assertNotRateLimited, recordAttempt } from './rate-limit.ts';
import { generateToken, hashToken } from './tokens.ts';
import { createLoginChallenge } from './twofactor.service.ts';

export interface TokenLifetimes {
  accessTokenTtlMinutes: number;
  refreshTokenTtlDays: number;
}

export interface LoginMeta {
  userAgent: string | null;
  ipAddress: string | null;
}

/** A user row without its password hash: what the rest of the server may hold on to. */
const { passwordHash: _passwordHash, ...publicUserColumns } = getTableColumns(users);
export type AuthUser = Omit<typeof users.$inferSelect, 'passwordHash'>;

/** Set on a shadow session (spec 1 §6): who shadows, from which of their sessions, until when. */
export interface ShadowContext {
  byUserId: number;
  parentSessionId: string | null;
  reAuthCodeHash: string | null;
  expiresAt: Date;
}

export interface AuthContext {
  user: AuthUser;
  sessionId: string;
  permissions: string[];
  /** POST /api/login/lock was called: only locked_login and logout are served (423 otherwise). */
  locked: boolean;
  shadow: ShadowContext | null;
}

export function toSessionUser(user: AuthUser): SessionUser {
  return {
    id: user.id,
    type: user.type,
    role: user.role,
    name: user.name,
    shortname: user.shortname,
    email: user.email,
    photo: user.photo,
  };
}

// Until the CRM issue configures softphone agents, nobody has agent settings.
export const emptyAgentSettings: AgentSettings = {
  has_settings: false,
  phone_number: null,
  username: null,
  callback_number: null,
  connection_id: null,
};

// Lifetimes are computed by the database clock, the same clock the guard compares against.
const accessExpiry = (lifetimes: TokenLifetimes) => sql`now() + make_interval(mins => ${lifetimes.accessTokenTtlMinutes})`;
const refreshExpiry = (lifetimes: TokenLifetimes) => sql`now() + make_interval(days => ${lifetimes.refreshTokenTtlDays})`;

/** Seconds the access token lives: the configured lifetime, cut short by the end of a shadow session. */
export function accessLifetimeSeconds(lifetimes: TokenLifetimes, shadowExpiresAt: Date | null): number {
  const configured = lifetimes.accessTokenTtlMinutes * 60;
  if (!shadowExpiresAt) return configured;
  return Math.max(0, Math.min(configured, Math.floor((shadowExpiresAt.getTime() - Date.now()) / 1000)));
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
}

export interface OpenSessionOptions {
  /** A shadow session: who shadows, from which session, its re-auth code hash and end (SQL expression). */
  shadow?: { byUserId: number; parentSessionId: string; reAuthCodeHash: string; expiresAt: SQL };
}

/** Opens a session for a user whose credentials were checked; only the tokens' hashes are stored. */
export async function openSession(
  db: DbOrTransaction,
  userId: number,
  meta: LoginMeta,
  lifetimes: TokenLifetimes,
  options: OpenSessionOptions = {},
): Promise<IssuedTokens & { expiresAt: Date }> {
  const accessToken = generateToken();
  const refreshToken = generateToken();
  const shadow = options.shadow;
  const [session] = await db
    .insert(sessions)
    .values({
      userId,
      accessTokenHash: hashToken(accessToken),
      accessExpiresAt: shadow ? sql`least(${accessExpiry(lifetimes)}, ${shadow.expiresAt})` : accessExpiry(lifetimes),
      refreshTokenHash: hashToken(refreshToken),
      // A shadow session ends with the shadow; its refresh token cannot outlive it.
      expiresAt: shadow ? shadow.expiresAt : refreshExpiry(lifetimes),
      userAgent: meta.userAgent?.slice(0, 1000) ?? null,
      ipAddress: meta.ipAddress,
      shadowedByUserId: shadow?.byUserId ?? null,
      shadowParentSessionId: shadow?.parentSessionId ?? null,
      reAuthCodeHash: shadow?.reAuthCodeHash ?? null,
      shadowExpiresAt: shadow ? shadow.expiresAt : null,
    })
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
  return { accessToken, refreshToken, sessionId: session.id, expiresAt: session.expiresAt };
}

/** The answer of a finished sign-in (login, two-factor, end of shadowing) for a user and their new tokens. */
export async function toSignedInResponse(
  db: DbOrTransaction,
  user: AuthUser,
  tokens: IssuedTokens,
  lifetimes: TokenLifetimes,
): Promise<SignedInResponse> {
  return {
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    token_id: tokens.sessionId,
    expires_in: lifetimes.accessTokenTtlMinutes * 60,
    user: { ...toSessionUser(user), settings: await getSettings(db, user.id) },
    permissions: await listPermissionNames(db, user.id),
    notifications: await listRecentNotifications(db, user.id),
    agent_settings: emptyAgentSettings,
    twofactor: false,
  };
}

/**
 * POST /api/login: checks the password and opens a session (spec 1 §7.1), or, with two-factor on, answers the
 * two-factor challenge instead. Rate limited per IP and per account (issue 3 part 7); every attempt is recorded.
 */
export async function login(db: Db, input: LoginInput, meta: LoginMeta, lifetimes: TokenLifetimes): Promise<LoginResponse> {
  const account = input.email.toLowerCase();
  await assertNotRateLimited(db, 'login', { ip: meta.ipAddress, account });
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email})`)
    .limit(1);
  // Unknown e-mail, wrong password and disabled account look the same from outside, timing included.
  const valid = user ? await verifyPassword(user.passwordHash, input.password) : await verifyDummyPassword(input.password);
  const success = Boolean(user && valid && user.deletedAt === null);
  await recordAttempt(db, 'login', { ip: meta.ipAddress, account, success });
  if (!user || !success) throw new HttpError(401, invalidLoginMessage);

  if (user.twofactorEnabled) {
    const challenge = await createLoginChallenge(db, user.id, meta);
    if (challenge) return challenge;
  }
  const { passwordHash: _hash, ...publicUser } = user;
  return toSignedInResponse(db, publicUser, await openSession(db, user.id, meta, lifetimes), lifetimes);
}

// A live session: not revoked, not past its end, not past the end of its shadow, its user not disabled.
const liveSession = () =>
  and(
    eq(sessions.revoked, false),
    gt(sessions.expiresAt, sql`now()`),
    sql`(${sessions.shadowExpiresAt} is null or ${sessions.shadowExpiresAt} > now())`,
    // Written out: drizzle leaves columns unqualified in single-table statements, which a subquery would misread.
    sql`exists (select 1 from "users" u where u.id = "sessions"."user_id" and u.deleted_at is null)`,
  );

/**
 * Gives a live session a new token pair (refresh, unlock, end of shadowing). The old refresh token is kept as
 * previous, so presenting it again revokes the session. Null when no live session matches `where`.
 */
export async function rotateSessionTokens(
  db: DbOrTransaction,
  where: SQL | undefined,
  lifetimes: TokenLifetimes,
  extra: { unlock?: boolean } = {},
): Promise<TokenResponse | null> {
  const accessToken = generateToken();
  const nextRefreshToken = generateToken();
  const rotated = await db
    .update(sessions)
    .set({
      accessTokenHash: hashToken(accessToken),
      accessExpiresAt: sql`least(${accessExpiry(lifetimes)}, coalesce(${sessions.shadowExpiresAt}, 'infinity'::timestamptz))`,
      refreshTokenHash: hashToken(nextRefreshToken),
      previousRefreshTokenHash: sql`${sessions.refreshTokenHash}`,
      // A shadow session keeps its end; others live on for the refresh token's lifetime.
      expiresAt: sql`coalesce(${sessions.shadowExpiresAt}, ${refreshExpiry(lifetimes)})`,
      lastActivity: sql`now()`,
      ...(extra.unlock ? { locked: false } : {}),
    })
    .where(and(where, liveSession()))
    .returning({ id: sessions.id, shadowExpiresAt: sessions.shadowExpiresAt });
  if (rotated.length === 0) return null;
  return {
    access_token: accessToken,
    refresh_token: nextRefreshToken,
    token_id: rotated[0].id,
    expires_in: accessLifetimeSeconds(lifetimes, rotated[0].shadowExpiresAt),
  };
}

/** True when the refresh token is the current one of a live but locked session (refresh answers 423 then). */
export async function isLockedRefreshToken(db: DbOrTransaction, refreshToken: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.refreshTokenHash, hashToken(refreshToken)), eq(sessions.locked, true), liveSession()))
    .limit(1);
  return Boolean(row);
}

/**
 * POST /api/login/refresh: swaps a live refresh token for a new pair. The old refresh token stops working;
 * presenting it again means someone else holds it, so the session is revoked. A locked session is not refreshed.
 */
export async function refreshSession(db: Db, refreshToken: string, lifetimes: TokenLifetimes): Promise<TokenResponse> {
  const presentedHash = hashToken(refreshToken);
  const rotated = await rotateSessionTokens(db, and(eq(sessions.refreshTokenHash, presentedHash), eq(sessions.locked, false)), lifetimes);
  if (!rotated) {
    await db.update(sessions).set({ revoked: true }).where(eq(sessions.previousRefreshTokenHash, presentedHash));
    throw unauthenticated();
  }
  return rotated;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revoked: true }).where(eq(sessions.id, sessionId));
}

export type GuardSession = AuthContext & { lastActivity: Date };

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
      locked: sessions.locked,
      shadowedByUserId: sessions.shadowedByUserId,
      shadowParentSessionId: sessions.shadowParentSessionId,
      reAuthCodeHash: sessions.reAuthCodeHash,
      shadowExpiresAt: sessions.shadowExpiresAt,
      user: publicUserColumns,
      permissions: sql<string[]>`coalesce(array_agg(${permissions.name} order by ${permissions.name}) filter (where ${permissions.name} is not null), '{}')`,
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
  const [row] = await preparedStatement(db, 'session_by_access_token', prepareSessionByToken).execute({ hash: hashToken(accessToken) });
  if (!row) return null;
  const { shadowedByUserId, shadowParentSessionId, reAuthCodeHash, shadowExpiresAt, ...rest } = row;
  return {
    ...rest,
    shadow:
      shadowedByUserId !== null && shadowExpiresAt !== null
        ? { byUserId: shadowedByUserId, parentSessionId: shadowParentSessionId, reAuthCodeHash, expiresAt: shadowExpiresAt }
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
    .set({ lastActivity: sql`now()` })
    .where(and(eq(sessions.id, sessionId), sql`${sessions.lastActivity} < now() - interval '1 minute'`));
  return true;
}
