import {
  invalidLoginMessage,
  type AgentSettings,
  type LoginInput,
  type LoginResponse,
  type SessionUser,
  type TokenResponse,
} from '@switchboard/shared';
import { and, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { HttpError, unauthenticated } from '../../plugins/errors.ts';
import { permissions, userPermissions } from '../permissions/permissions.table.ts';
import { listPermissionNames } from '../permissions/permissions.service.ts';
import { users } from '../users/users.table.ts';
import { sessions } from './auth.table.ts';
import { verifyDummyPassword, verifyPassword } from './password.ts';
import { generateToken, hashToken } from './tokens.ts';

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

export interface AuthContext {
  user: AuthUser;
  sessionId: string;
  permissions: string[];
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

/** POST /api/login: checks the password and opens a session (spec 1 §7.1). */
export async function login(db: Db, input: LoginInput, meta: LoginMeta, lifetimes: TokenLifetimes): Promise<LoginResponse> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email})`)
    .limit(1);
  // Unknown e-mail, wrong password and disabled account look the same from outside, timing included.
  const valid = user ? await verifyPassword(user.passwordHash, input.password) : await verifyDummyPassword(input.password);
  if (!user || !valid || user.deletedAt !== null) throw new HttpError(401, invalidLoginMessage);

  const accessToken = generateToken();
  const refreshToken = generateToken();
  const [session] = await db
    .insert(sessions)
    .values({
      userId: user.id,
      accessTokenHash: hashToken(accessToken),
      accessExpiresAt: accessExpiry(lifetimes),
      refreshTokenHash: hashToken(refreshToken),
      expiresAt: refreshExpiry(lifetimes),
      userAgent: meta.userAgent?.slice(0, 1000) ?? null,
      ipAddress: meta.ipAddress,
    })
    .returning({ id: sessions.id });

  return {
    access_token: accessToken,
    refresh_token: refreshToken,
    token_id: session.id,
    expires_in: lifetimes.accessTokenTtlMinutes * 60,
    user: toSessionUser(user),
    permissions: await listPermissionNames(db, user.id),
    notifications: [],
    agent_settings: emptyAgentSettings,
    twofactor: false,
  };
}

/**
 * POST /api/login/refresh: swaps a live refresh token for a new pair. The old refresh token stops working;
 * presenting it again means someone else holds it, so the session is revoked.
 */
export async function refreshSession(db: Db, refreshToken: string, lifetimes: TokenLifetimes): Promise<TokenResponse> {
  const presentedHash = hashToken(refreshToken);
  const accessToken = generateToken();
  const nextRefreshToken = generateToken();
  const rotated = await db
    .update(sessions)
    .set({
      accessTokenHash: hashToken(accessToken),
      accessExpiresAt: accessExpiry(lifetimes),
      refreshTokenHash: hashToken(nextRefreshToken),
      previousRefreshTokenHash: presentedHash,
      expiresAt: refreshExpiry(lifetimes),
      lastActivity: sql`now()`,
    })
    .where(
      and(
        eq(sessions.refreshTokenHash, presentedHash),
        eq(sessions.revoked, false),
        gt(sessions.expiresAt, sql`now()`),
        sql`exists (select 1 from ${users} where ${users.id} = ${sessions.userId} and ${users.deletedAt} is null)`,
      ),
    )
    .returning({ id: sessions.id });

  if (rotated.length === 0) {
    await db.update(sessions).set({ revoked: true }).where(eq(sessions.previousRefreshTokenHash, presentedHash));
    throw unauthenticated();
  }
  return {
    access_token: accessToken,
    refresh_token: nextRefreshToken,
    token_id: rotated[0].id,
    expires_in: lifetimes.accessTokenTtlMinutes * 60,
  };
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revoked: true }).where(eq(sessions.id, sessionId));
}

/**
 * The bearer guard's single query: token → live session → enabled user, with the user's permission names.
 * Null when any link is missing, revoked, expired or disabled.
 */
export async function findSessionByAccessToken(db: Db, accessToken: string): Promise<(AuthContext & { lastActivity: Date }) | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastActivity: sessions.lastActivity,
      user: publicUserColumns,
      permissions: sql<string[]>`coalesce(array_agg(${permissions.name} order by ${permissions.name}) filter (where ${permissions.name} is not null), '{}')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userPermissions, eq(userPermissions.userId, users.id))
    .leftJoin(permissions, eq(permissions.id, userPermissions.permissionId))
    .where(
      and(
        eq(sessions.accessTokenHash, hashToken(accessToken)),
        eq(sessions.revoked, false),
        gt(sessions.accessExpiresAt, sql`now()`),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.deletedAt),
      ),
    )
    .groupBy(sessions.id, users.id);
  return row ?? null;
}

/** Records activity at most once a minute per session, so reads do not each cost a write. */
export async function touchSession(db: Db, sessionId: string, lastActivity: Date): Promise<void> {
  if (Date.now() - lastActivity.getTime() < 60_000) return;
  await db
    .update(sessions)
    .set({ lastActivity: sql`now()` })
    .where(and(eq(sessions.id, sessionId), sql`${sessions.lastActivity} < now() - interval '1 minute'`));
}
