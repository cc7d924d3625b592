import type { SignedInResponse } from '@switchboard/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { listPermissionNames } from '../permissions/permissions.service.ts';
import { listRecentNotifications } from '../notifications/notifications.service.ts';
import type { AuthUser } from '../users/auth-context.ts';
import { sessions } from './auth.table.ts';
import { loadAgentSettings, presentSessionUser } from './session-user.ts';
import { generateToken, hashToken } from './tokens.ts';
import { locateAddress } from './ip-location.ts';

// Opening a session and answering a finished sign-in: shared by password login, two-factor and shadowing.

export interface TokenLifetimes {
  accessTokenTtlMinutes: number;
  refreshTokenTtlDays: number;
}

export interface LoginMeta {
  userAgent: string | null;
  ipAddress: string | null;
}

// Lifetimes are computed by the database clock, the same clock the guard compares against.
export const accessExpiry = (lifetimes: TokenLifetimes) =>
  sql`now() + make_interval(mins => ${lifetimes.accessTokenTtlMinutes})`;
export const refreshExpiry = (lifetimes: TokenLifetimes) =>
  sql`now() + make_interval(days => ${lifetimes.refreshTokenTtlDays})`;

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
  const place = await locateAddress(meta.ipAddress);
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
      city: place?.city ?? null,
      state: place?.state ?? null,
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
    user: await presentSessionUser(db, user),
    permissions: await listPermissionNames(db, user.id),
    notifications: await listRecentNotifications(db, user.id),
    agent_settings: await loadAgentSettings(db, user.id),
    twofactor: false,
  };
}
