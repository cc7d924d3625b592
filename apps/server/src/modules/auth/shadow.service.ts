import { timingSafeEqual } from 'node:crypto';
import {
  shadowSessionMinutes,
  type ShadowExtendResponse,
  type ShadowStartResponse,
  type ShadowUser,
  type SignedInResponse,
} from '@switchboard/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { forbidden, HttpError, notFound, unauthenticated } from '../../plugins/errors.ts';
import { users } from '../users/users.table.ts';
import type { AuthContext } from '../users/auth-context.ts';
import { rotateSessionTokens } from './auth.service.ts';
import {
  accessLifetimeSeconds,
  openSession,
  toSignedInResponse,
  type LoginMeta,
  type TokenLifetimes,
} from './session-issue.ts';
import { sessions } from './auth.table.ts';
import { shadowAudit, type ShadowAuditAction } from './shadow.table.ts';
import { generateToken, hashToken } from './tokens.ts';

export const shadowSelfMessage = 'You cannot shadow yourself.';
export const shadowPrimaryUserMessage = "You cannot shadow a company's primary user.";
export const shadowDisabledUserMessage = 'You cannot shadow a disabled user.';
export const shadowAdministratorMessage = 'Only an administrator can shadow an administrator.';
export const shadowNestedMessage = 'End the current shadow session first.';
export const shadowUserNotFoundMessage = 'User not found.';
export const invalidReAuthCodeMessage = 'The re-authentication code is invalid.';
export const shadowExtendedMessage = 'Shadow session extended.';
export const shadowNotAllowedMessage = 'This is not available while shadowing.';

// Extend Shadow adds 30 minutes, but never beyond twice that from now, so repeated clicks cannot pile up hours.
const maxShadowAheadMinutes = shadowSessionMinutes * 2;

const invalidCode = () => new HttpError(422, invalidReAuthCodeMessage, { re_auth_code: [invalidReAuthCodeMessage] });

function matchesCode(auth: AuthContext, code: string): boolean {
  const stored = auth.shadow?.reAuthCodeHash;
  if (!stored) return false;
  const presented = hashToken(code);
  return stored.length === presented.length && timingSafeEqual(Buffer.from(stored), Buffer.from(presented));
}

async function audit(
  db: DbOrTransaction,
  action: ShadowAuditAction,
  entry: { actorUserId: number; targetUserId: number; sessionId: string; ipAddress: string | null },
): Promise<void> {
  await db.insert(shadowAudit).values({ action, ...entry, ipAddress: entry.ipAddress?.slice(0, 100) ?? null });
}

/**
 * What the companies module says about a shadowing's target (companies sit above auth; ARCHITECTURE.md, module
 * layers): routes.ts hands it to the auth routes.
 */
export interface ShadowTargetChecks {
  /** Whether the user is a company's primary user, whom nobody shadows. */
  isCompanyPrimaryUser(db: DbOrTransaction, userId: number): Promise<boolean>;
}

/**
 * POST /api/login/shadow { account }: an employee with 'shadow clients' opens a session as another user, client or
 * employee (spec 1 §6). Never oneself, a company's primary user or a disabled user; an administrator only by an
 * administrator; not from inside a shadow session. The new session remembers who shadows and from which session.
 */
export async function startShadow(
  db: Db,
  actor: AuthContext,
  targetId: number,
  meta: LoginMeta,
  lifetimes: TokenLifetimes,
  checks: ShadowTargetChecks,
): Promise<ShadowStartResponse> {
  if (actor.shadow) throw forbidden(shadowNestedMessage);
  if (actor.user.type !== 'Employee' || !actor.permissions.includes('shadow clients')) throw forbidden();
  if (targetId === actor.user.id) throw forbidden(shadowSelfMessage);
  const [target] = await db.select().from(users).where(eq(users.id, targetId));
  if (!target) throw notFound(shadowUserNotFoundMessage);
  if (target.deletedAt !== null) throw forbidden(shadowDisabledUserMessage);
  if (target.role === 'admin' && actor.user.role !== 'admin') throw forbidden(shadowAdministratorMessage);
  if (await checks.isCompanyPrimaryUser(db, target.id)) throw forbidden(shadowPrimaryUserMessage);

  const code = generateToken();
  return db.transaction(async (tx) => {
    const tokens = await openSession(tx, target.id, meta, lifetimes, {
      shadow: {
        byUserId: actor.user.id,
        parentSessionId: actor.sessionId,
        reAuthCodeHash: hashToken(code),
        expiresAt: sql`now() + make_interval(mins => ${shadowSessionMinutes})`,
      },
    });
    await audit(tx, 'start', {
      actorUserId: actor.user.id,
      targetUserId: target.id,
      sessionId: tokens.sessionId,
      ipAddress: meta.ipAddress,
    });
    const { passwordHash: _hash, ...publicTarget } = target;
    const signedIn = await toSignedInResponse(tx, publicTarget, tokens, lifetimes);
    return {
      ...signedIn,
      expires_in: accessLifetimeSeconds(lifetimes, tokens.expiresAt),
      re_auth_code: { code, expires_at: tokens.expiresAt.toISOString() },
      shadow_user: { id: actor.user.id, name: actor.user.name },
    };
  });
}

/** POST /api/login/shadow { re_auth_code, extend: true }: 30 more minutes for the calling shadow session. */
export async function extendShadow(
  db: Db,
  auth: AuthContext,
  code: string,
  ipAddress: string | null,
): Promise<ShadowExtendResponse> {
  if (!auth.shadow || !matchesCode(auth, code)) throw invalidCode();
  const shadow = auth.shadow;
  return db.transaction(async (tx) => {
    const newEnd = sql`least(${sessions.shadowExpiresAt} + make_interval(mins => ${shadowSessionMinutes}), now() + make_interval(mins => ${maxShadowAheadMinutes}))`;
    const [row] = await tx
      .update(sessions)
      .set({ shadowExpiresAt: newEnd, expiresAt: newEnd })
      .where(and(eq(sessions.id, auth.sessionId), eq(sessions.revoked, false)))
      .returning({ expiresAt: sessions.shadowExpiresAt });
    if (!row?.expiresAt) throw unauthenticated();
    await audit(tx, 'extend', {
      actorUserId: shadow.byUserId,
      targetUserId: auth.user.id,
      sessionId: auth.sessionId,
      ipAddress,
    });
    const expiresAt = row.expiresAt.toISOString();
    return { message: shadowExtendedMessage, expires_at: expiresAt, re_auth_code: { expires_at: expiresAt } };
  });
}

/**
 * POST /api/login/shadow { re_auth_code }: ends the calling shadow session and answers fresh tokens for the session
 * it was started from, with that user and permissions. When that session is no longer live (logged out, expired,
 * user disabled) the shadow still ends and the answer is 401.
 */
export async function endShadow(
  db: Db,
  auth: AuthContext,
  code: string,
  ipAddress: string | null,
  lifetimes: TokenLifetimes,
): Promise<SignedInResponse> {
  if (!auth.shadow || !matchesCode(auth, code)) throw invalidCode();
  const shadow = auth.shadow;
  const restored = await db.transaction(async (tx) => {
    await tx.update(sessions).set({ revoked: true }).where(eq(sessions.id, auth.sessionId));
    await audit(tx, 'end', {
      actorUserId: shadow.byUserId,
      targetUserId: auth.user.id,
      sessionId: auth.sessionId,
      ipAddress,
    });
    if (!shadow.parentSessionId) return null;
    const tokens = await rotateSessionTokens(
      tx,
      and(eq(sessions.id, shadow.parentSessionId), eq(sessions.userId, shadow.byUserId)),
      lifetimes,
    );
    if (!tokens) return null;
    const [user] = await tx.select().from(users).where(eq(users.id, shadow.byUserId));
    const { passwordHash: _hash, ...publicUser } = user;
    return toSignedInResponse(
      tx,
      publicUser,
      { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, sessionId: tokens.token_id },
      lifetimes,
    );
  });
  if (!restored) throw unauthenticated();
  return restored;
}

/**
 * POST /api/logout from a shadow session: the shadow ends (audited) and the session it came from is signed out too,
 * since its tokens left the browser when shadowing began.
 */
export async function endShadowOnLogout(db: Db, auth: AuthContext, ipAddress: string | null): Promise<void> {
  const shadow = auth.shadow;
  if (!shadow) return;
  await db.transaction(async (tx) => {
    await tx.update(sessions).set({ revoked: true }).where(eq(sessions.id, auth.sessionId));
    if (shadow.parentSessionId) {
      await tx
        .update(sessions)
        .set({ revoked: true })
        .where(and(eq(sessions.id, shadow.parentSessionId), eq(sessions.userId, shadow.byUserId)));
    }
    await audit(tx, 'end', {
      actorUserId: shadow.byUserId,
      targetUserId: auth.user.id,
      sessionId: auth.sessionId,
      ipAddress,
    });
  });
}

/** The shadowing user shown by GET /api/session of a shadow session (the banner's '{shadow user}'). */
export async function findShadowUser(db: DbOrTransaction, userId: number): Promise<ShadowUser | null> {
  const [row] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, userId));
  return row ?? null;
}
