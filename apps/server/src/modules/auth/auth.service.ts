import { invalidLoginMessage, type LoginInput, type LoginResponse, type TokenResponse } from '@switchboard/shared';
import { and, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { HttpError, unauthenticated } from '../../plugins/errors.ts';
import { users } from '../users/users.table.ts';
import { sessions } from './auth.table.ts';
import { refreshTokenReuse } from './refresh-reuse.table.ts';
import { verifyDummyPassword, verifyPassword } from './password.ts';
import { reserveAttempt, settleAttempt, slowDownFor } from './rate-limit.ts';
import {
  accessExpiry,
  accessLifetimeSeconds,
  openSession,
  refreshExpiry,
  toSignedInResponse,
  type LoginMeta,
  type TokenLifetimes,
} from './session-issue.ts';
import { generateToken, hashToken, openWithToken, sealWithToken } from './tokens.ts';
import { createLoginChallenge } from './twofactor.service.ts';

/**
 * POST /api/login: checks the password and opens a session (spec 1 §7.1), or, with two-factor on, answers the
 * two-factor challenge instead. The attempt is counted before the password is checked (decision 0026): limited
 * per account and address and per address, slowed per account; every attempt is recorded.
 */
export async function login(
  db: Db,
  input: LoginInput,
  meta: LoginMeta,
  lifetimes: TokenLifetimes,
): Promise<LoginResponse> {
  const reservation = await reserveAttempt(db, 'login', { ip: meta.ipAddress, account: input.email });
  await slowDownFor(reservation);
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email})`)
    .limit(1);
  // Unknown e-mail, wrong password and disabled account look the same from outside, timing included.
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyDummyPassword(input.password);
  const success = Boolean(user && valid && user.deletedAt === null);
  await settleAttempt(db, reservation, success);
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

/** Issue 14 part 9: for this long a refresh token just rotated answers the same new pair again (a second tab). */
export const refreshGraceSeconds = 10;

// Set by a refresh: when, and the new pair sealed with the refresh token it replaced, which only its holder has.
function rotationGrant(presentedRefreshToken: string, accessToken: string, refreshToken: string) {
  const pair = JSON.stringify([accessToken, refreshToken]);
  const sealed = sealWithToken(presentedRefreshToken, hashToken(presentedRefreshToken), pair);
  return { rotatedAt: sql`now()`, rotationGrant: sealed };
}

/**
 * Gives a live session a new token pair (refresh, unlock, end of shadowing). The old refresh token is kept as
 * previous, so presenting it again revokes the session; with `graceFor` (the refresh token presented) it may
 * instead answer the same pair for refreshGraceSeconds. One statement: of parallel rotations one wins.
 * Null when no live session matches `where`.
 */
export async function rotateSessionTokens(
  db: DbOrTransaction,
  where: SQL | undefined,
  lifetimes: TokenLifetimes,
  extra: { unlock?: boolean; graceFor?: string } = {},
): Promise<TokenResponse | null> {
  const accessToken = generateToken();
  const nextRefreshToken = generateToken();
  const grant =
    extra.graceFor === undefined
      ? { rotatedAt: null, rotationGrant: null }
      : rotationGrant(extra.graceFor, accessToken, nextRefreshToken);
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
      ...grant,
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

const withinGrace = () => sql`${sessions.rotatedAt} > now() - make_interval(secs => ${refreshGraceSeconds})`;

/** True when the refresh token is the current one of a live but locked session, or was within the grace window. */
export async function isLockedRefreshToken(db: DbOrTransaction, refreshToken: string): Promise<boolean> {
  const presentedHash = hashToken(refreshToken);
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        or(
          eq(sessions.refreshTokenHash, presentedHash),
          and(eq(sessions.previousRefreshTokenHash, presentedHash), withinGrace()),
        ),
        eq(sessions.locked, true),
        liveSession(),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The pair a refresh of this token answered within the grace window, read back with the token; null otherwise. */
async function repeatRecentRefresh(db: Db, refreshToken: string): Promise<TokenResponse | null> {
  const presentedHash = hashToken(refreshToken);
  const [row] = await db
    .select({
      id: sessions.id,
      grant: sessions.rotationGrant,
      accessTokenHash: sessions.accessTokenHash,
      refreshTokenHash: sessions.refreshTokenHash,
      expiresIn: sql<number>`floor(extract(epoch from ${sessions.accessExpiresAt} - now()))::int`,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.previousRefreshTokenHash, presentedHash),
        eq(sessions.locked, false),
        withinGrace(),
        liveSession(),
      ),
    )
    .limit(1);
  const opened = row?.grant ? openWithToken(refreshToken, presentedHash, row.grant) : null;
  if (!row || opened === null) return null;
  const [accessToken, nextRefreshToken] = JSON.parse(opened) as [string, string];
  // Only the session's current pair is answered again, never one a later rotation replaced.
  if (hashToken(accessToken) !== row.accessTokenHash) return null;
  if (hashToken(nextRefreshToken) !== row.refreshTokenHash) return null;
  return {
    access_token: accessToken,
    refresh_token: nextRefreshToken,
    token_id: row.id,
    expires_in: Math.max(0, row.expiresIn),
  };
}

/** Where a refresh came from, and what to do with the sessions a reuse revoked (drop their sockets). */
export interface RefreshContext {
  ipAddress: string | null;
  userAgent: string | null;
  onReuse?: (reuse: RefreshTokenReuse) => void;
}

export interface RefreshTokenReuse {
  userId: number;
  sessionId: string;
  revokedSessionIds: string[];
}

/**
 * A refresh token this sign-in rotated away, presented again (decision 0076): whoever presents it holds a copy of
 * the session's tokens, so the sign-in is revoked with every shadow session opened from it, and the reuse is
 * recorded. Null when the token was never one of a session's.
 */
async function revokeOnReuse(db: Db, presentedHash: string, context: RefreshContext) {
  return db.transaction(async (tx) => {
    const found = await tx.execute<{ session_id: string; user_id: number; retired_at: string }>(sql`
      select r.session_id, s.user_id, r.retired_at from retired_refresh_tokens r
      join sessions s on s.id = r.session_id where r.token_hash = ${presentedHash}`);
    const hit = found.rows[0];
    if (!hit) return null;
    const revoked = await tx.execute<{ id: string }>(sql`
      with recursive family as (
        select id from sessions where id = ${hit.session_id}
        union select s.id from sessions s join family f on s.shadow_parent_session_id = f.id
      )
      update sessions set revoked = true where id in (select id from family) and not revoked returning id`);
    const revokedSessionIds = revoked.rows.map((row) => row.id);
    await tx.insert(refreshTokenReuse).values({
      userId: hit.user_id,
      sessionId: hit.session_id,
      retiredAt: sql`${hit.retired_at}::timestamptz`,
      ipAddress: context.ipAddress,
      userAgent: context.userAgent?.slice(0, 500) ?? null,
      revokedSessions: revokedSessionIds.length,
    });
    return { userId: hit.user_id, sessionId: hit.session_id, revokedSessionIds };
  });
}

/**
 * POST /api/login/refresh: swaps a live refresh token for a new pair. Presented again within refreshGraceSeconds
 * (two tabs refreshing at once) it answers the same pair. Any other token the sign-in rotated away, the previous
 * one later or any older one, means someone else holds it: the sign-in and its shadow sessions are revoked and the
 * reuse is recorded (decision 0076). A locked session is not refreshed.
 */
export async function refreshSession(
  db: Db,
  refreshToken: string,
  lifetimes: TokenLifetimes,
  context: RefreshContext = { ipAddress: null, userAgent: null },
): Promise<TokenResponse> {
  const presentedHash = hashToken(refreshToken);
  const current = and(eq(sessions.refreshTokenHash, presentedHash), eq(sessions.locked, false));
  const rotated = await rotateSessionTokens(db, current, lifetimes, { graceFor: refreshToken });
  if (rotated) return rotated;
  const repeated = await repeatRecentRefresh(db, refreshToken);
  if (repeated) return repeated;
  const reuse = await revokeOnReuse(db, presentedHash, context);
  if (reuse) context.onReuse?.(reuse);
  await pruneRetiredRefreshTokensNow(db);
  throw unauthenticated();
}

// The chain of a sign-in is kept while it may matter: until 30 days after the session ended.
const retiredKeepDays = 30;
const pruneEveryMs = 60 * 60 * 1000;
const lastPruneByDb = new WeakMap<object, number>();

/** Deletes the rotated-away tokens of sessions that ended over 30 days ago; answers how many went. */
export async function pruneRetiredRefreshTokens(db: DbOrTransaction): Promise<number> {
  const deleted = await db.execute<{ n: number }>(sql`
    with gone as (
      delete from retired_refresh_tokens r using sessions s
      where s.id = r.session_id and s.expires_at < now() - make_interval(days => ${retiredKeepDays})
      returning 1
    ) select count(*)::int as n from gone`);
  return deleted.rows[0]?.n ?? 0;
}

// At most once an hour per process, on a refresh that failed (rare, so it costs the common path nothing).
async function pruneRetiredRefreshTokensNow(db: Db): Promise<void> {
  const last = lastPruneByDb.get(db) ?? 0;
  if (Date.now() - last < pruneEveryMs) return;
  lastPruneByDb.set(db, Date.now());
  await pruneRetiredRefreshTokens(db);
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revoked: true }).where(eq(sessions.id, sessionId));
}
