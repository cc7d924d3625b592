import { timingSafeEqual } from 'node:crypto';
import { invalidPasswordMessage, type LockedLoginInput, type TokenResponse } from '@switchboard/shared';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { HttpError, unauthenticated } from '../../plugins/errors.ts';
import { users } from '../users/users.table.ts';
import { rotateSessionTokens } from './auth.service.ts';
import type { LoginMeta, TokenLifetimes } from './session-issue.ts';
import { sessions } from './auth.table.ts';
import { verifyDummyPassword, verifyPassword } from './password.ts';
import { reserveAttempt, settleAttempt, slowDownFor } from './rate-limit.ts';
import { hashToken } from './tokens.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /api/login/lock: marks the session locked; answers its user, whose private channel hears of it. */
export async function lockSession(db: DbOrTransaction, sessionId: string): Promise<void> {
  await db.update(sessions).set({ locked: true }).where(eq(sessions.id, sessionId));
}

/** Who the lock screen of a session belongs to: the session's user, or for a shadow session the one shadowing. */
export async function findLockScreenUser(
  db: DbOrTransaction,
  sessionUserId: number,
  shadowedByUserId: number | null,
): Promise<{ name: string; photo: string | null; email: string } | null> {
  const [row] = await db
    .select({ name: users.name, photo: users.photo, email: users.email })
    .from(users)
    .where(eq(users.id, shadowedByUserId ?? sessionUserId));
  return row ?? null;
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * POST /api/login/locked_login: unlocks a session with the password and answers a fresh token pair for it (same
 * token_id). token_id and refresh_token must be the session's current ones and email its user's; anything else is
 * 401 (the lock screen logs out). A shadow session is unlocked by the password of whoever shadows; its e-mail or the
 * shadowed account's is accepted, since the lock screen may show either. Rate limited as login (kind 'locked_login').
 */
export async function lockedLogin(
  db: Db,
  input: LockedLoginInput,
  meta: LoginMeta,
  lifetimes: TokenLifetimes,
): Promise<TokenResponse> {
  const reservation = await reserveAttempt(db, 'locked_login', { ip: meta.ipAddress, account: input.email });
  await slowDownFor(reservation);
  const fail = async (error: HttpError): Promise<never> => {
    await settleAttempt(db, reservation, false);
    throw error;
  };

  const shadower = alias(users, 'shadower');
  const [session] = uuidPattern.test(input.token_id)
    ? await db
        .select({
          refreshTokenHash: sessions.refreshTokenHash,
          userEmail: users.email,
          shadowerEmail: shadower.email,
          passwordHash: sql<string>`coalesce(${shadower.passwordHash}, ${users.passwordHash})`,
          usable: sql<boolean>`${sessions.shadowedByUserId} is null or ${shadower.deletedAt} is null`,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(shadower, eq(shadower.id, sessions.shadowedByUserId))
        .where(
          and(
            eq(sessions.id, input.token_id),
            eq(sessions.revoked, false),
            sql`${sessions.expiresAt} > now()`,
            sql`(${sessions.shadowExpiresAt} is null or ${sessions.shadowExpiresAt} > now())`,
            sql`${users.deletedAt} is null`,
          ),
        )
    : [];

  const email = input.email.toLowerCase();
  const matches =
    session &&
    session.usable &&
    sameHash(session.refreshTokenHash, hashToken(input.refresh_token)) &&
    (session.userEmail.toLowerCase() === email || session.shadowerEmail?.toLowerCase() === email);
  if (!matches) {
    // Same cost as a password check, so a wrong token_id cannot be told from a wrong password by timing.
    await verifyDummyPassword(input.password);
    return fail(unauthenticated());
  }
  if (!(await verifyPassword(session.passwordHash, input.password))) {
    return fail(new HttpError(422, invalidPasswordMessage, { password: [invalidPasswordMessage] }));
  }

  const tokens = await rotateSessionTokens(
    db,
    and(eq(sessions.id, input.token_id), eq(sessions.refreshTokenHash, hashToken(input.refresh_token))),
    lifetimes,
    { unlock: true },
  );
  if (!tokens) return fail(unauthenticated());
  await settleAttempt(db, reservation, true);
  return tokens;
}
