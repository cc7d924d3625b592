import { timingSafeEqual } from 'node:crypto';
import {
  invalidPasswordMessage,
  twoFactorChallengeExpiredMessage,
  twoFactorChallengeMinutes,
  twoFactorFailedMessage,
  twoFactorMaxFailures,
  type SignedInResponse,
  type TwoFactorChallenge,
  type TwoFactorLoginInput,
  type TwoFactorSetupResponse,
} from '@switchboard/shared';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { conflict, HttpError, unprocessable } from '../../plugins/errors.ts';
import { recordCredentialChange, type CredentialChange } from '../users/credential-changes.service.ts';
import { users } from '../users/users.table.ts';
import type { AuthUser } from '../users/auth-context.ts';
import { openSession, toSignedInResponse, type LoginMeta, type TokenLifetimes } from './session-issue.ts';
import { verifyPassword } from './password.ts';
import { reserveAttempt, settleAttempt, slowDownFor } from './rate-limit.ts';
import { generateToken, hashToken } from './tokens.ts';
import { loginChallenges, userTwoFactor } from './twofactor.table.ts';

/** Issuer shown by authenticator apps next to the account. */
const issuer = 'Switchboard';
// One 30-second step either side of now: phones drift a little, and a code typed at the edge of its step still counts.
const epochTolerance = 30;

export const twoFactorAlreadyEnabledMessage = 'Two-factor authentication is already enabled.';
export const twoFactorSetupMissingMessage = 'Start the two-factor setup first.';
export const twoFactorEnabledMessage = 'Two-factor authentication enabled.';
export const twoFactorDisabledMessage = 'Two-factor authentication disabled.';

// Thrown inside the sign-in transaction to undo it when a concurrent request used the same code first.
class ReplayedCode extends Error {}

const codeError = () => new HttpError(422, twoFactorFailedMessage, { code: [twoFactorFailedMessage] });
const challengeExpired = () => new HttpError(401, twoFactorChallengeExpiredMessage);

/**
 * The time step of `code` when it is valid for `secret` and later than `afterTimeStep` (a code is accepted once);
 * null otherwise. Malformed secrets and codes are a failed check, never a server error.
 */
export async function verifyTwoFactorCode(
  secret: string,
  code: string,
  afterTimeStep: number | null,
): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance,
      ...(afterTimeStep === null ? {} : { afterTimeStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

function sameHash(storedHex: string, value: string): boolean {
  const a = Buffer.from(storedHex, 'hex');
  const b = Buffer.from(hashToken(value), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** GET /api/profile/twofactor: whether two-factor is on for the user. */
export async function getTwoFactorStatus(db: DbOrTransaction, userId: number): Promise<{ enabled: boolean }> {
  const [row] = await db
    .select({ enabled: users.twofactorEnabled, secret: userTwoFactor.secret })
    .from(users)
    .leftJoin(userTwoFactor, eq(userTwoFactor.userId, users.id))
    .where(eq(users.id, userId));
  return { enabled: Boolean(row?.enabled && row.secret) };
}

/**
 * POST /api/profile/twofactor/setup: a new secret, stored pending until a valid code confirms it; the secret, its
 * otpauth:// URL and a QR code of it are shown this once. A new setup replaces an unconfirmed one.
 */
export async function setupTwoFactor(db: Db, user: AuthUser): Promise<TwoFactorSetupResponse['data']> {
  if ((await getTwoFactorStatus(db, user.id)).enabled) throw conflict(twoFactorAlreadyEnabledMessage);
  const secret = generateSecret();
  await db
    .insert(userTwoFactor)
    .values({ userId: user.id, pendingSecret: secret })
    .onConflictDoUpdate({ target: userTwoFactor.userId, set: { pendingSecret: secret, updatedAt: sql`now()` } });
  const otpauthUrl = generateURI({ issuer, label: user.email, secret });
  return {
    secret,
    otpauth_url: otpauthUrl,
    qr_data_url: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }),
  };
}

/** Two-factor turned on or off by its owner in the profile: recorded, and mailed by the route (decision 0057). */
async function ownTwoFactorChange(
  db: DbOrTransaction,
  user: Pick<AuthUser, 'id' | 'name' | 'email'>,
  ipAddress: string | null,
): Promise<CredentialChange> {
  const person = { id: user.id, name: user.name, email: user.email };
  const change: CredentialChange = { actor: person, target: person, fields: ['two_factor'], ipAddress };
  await recordCredentialChange(db, change);
  return change;
}

/**
 * POST /api/profile/twofactor/confirm: a valid code from the pending secret turns two-factor on. Answers the
 * recorded change for the owner's notice.
 */
export async function confirmTwoFactor(
  db: Db,
  user: Pick<AuthUser, 'id' | 'name' | 'email'>,
  code: string,
  ipAddress: string | null,
): Promise<CredentialChange> {
  const userId = user.id;
  if ((await getTwoFactorStatus(db, userId)).enabled) throw conflict(twoFactorAlreadyEnabledMessage);
  const [row] = await db
    .select({ pendingSecret: userTwoFactor.pendingSecret })
    .from(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId));
  if (!row?.pendingSecret) throw conflict(twoFactorSetupMissingMessage);
  const timeStep = await verifyTwoFactorCode(row.pendingSecret, code, null);
  if (timeStep === null) throw codeError();
  return db.transaction(async (tx) => {
    // The code just used counts as used: it cannot sign in as well.
    const updated = await tx
      .update(userTwoFactor)
      .set({
        secret: row.pendingSecret,
        pendingSecret: null,
        lastUsedTimeStep: timeStep,
        enabledAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(userTwoFactor.userId, userId), eq(userTwoFactor.pendingSecret, row.pendingSecret!)))
      .returning({ userId: userTwoFactor.userId });
    // A setup started again meanwhile replaced the secret this code belongs to.
    if (updated.length === 0) throw codeError();
    await tx
      .update(users)
      .set({ twofactorEnabled: true, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    return ownTwoFactorChange(tx, user, ipAddress);
  });
}

/**
 * Turns two-factor off for a user: flag, secret, pending setup and open challenges. Used by the profile (after the
 * password) and by the employee form of an administrator (the people issue).
 */
export async function disableTwoFactor(db: DbOrTransaction, userId: number): Promise<void> {
  // Inside a caller's transaction this is a savepoint.
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ twofactorEnabled: false, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
    await tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
  });
}

/** POST /api/profile/twofactor/disable: the user's password, then two-factor off, recorded for the owner's notice. */
export async function disableTwoFactorWithPassword(
  db: Db,
  user: Pick<AuthUser, 'id' | 'name' | 'email'>,
  password: string,
  ipAddress: string | null,
): Promise<CredentialChange> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!row || !(await verifyPassword(row.passwordHash, password)))
    throw unprocessable({ password: [invalidPasswordMessage] });
  return db.transaction(async (tx) => {
    await disableTwoFactor(tx, user.id);
    return ownTwoFactorChange(tx, user, ipAddress);
  });
}

/**
 * After a right password with two-factor on: a challenge of three random values (stored only as hashes), single
 * use, 5 minutes. Null when the user has no confirmed secret (then the password alone signs in).
 */
export async function createLoginChallenge(
  db: DbOrTransaction,
  userId: number,
  meta: LoginMeta,
): Promise<TwoFactorChallenge | null> {
  const [secret] = await db
    .select({ secret: userTwoFactor.secret })
    .from(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId));
  if (!secret?.secret) return null;
  const hash = generateToken();
  const hashE = generateToken();
  const hashP = generateToken();
  // Old, finished challenges of this user go as a new one comes.
  await db
    .delete(loginChallenges)
    .where(
      and(
        eq(loginChallenges.userId, userId),
        sql`(${loginChallenges.expiresAt} < now() or ${loginChallenges.usedAt} is not null)`,
      ),
    );
  await db.insert(loginChallenges).values({
    userId,
    hash: hashToken(hash),
    hashE: hashToken(hashE),
    hashP: hashToken(hashP),
    expiresAt: sql`now() + make_interval(mins => ${twoFactorChallengeMinutes})`,
    userAgent: meta.userAgent?.slice(0, 1000) ?? null,
    ipAddress: meta.ipAddress,
  });
  return { twofactor: true, hash, hash_e: hashE, hash_p: hashP };
}

/**
 * Counts one code against a live challenge before the code is checked; false when the challenge is used, expired
 * or has had its five codes. One statement under the row's lock, so parallel codes cannot all read the same count.
 */
async function reserveChallengeCheck(db: DbOrTransaction, challengeId: string): Promise<boolean> {
  const reserved = await db
    .update(loginChallenges)
    .set({ failedAttempts: sql`${loginChallenges.failedAttempts} + 1` })
    .where(
      and(
        eq(loginChallenges.id, challengeId),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, sql`now()`),
        lt(loginChallenges.failedAttempts, twoFactorMaxFailures),
      ),
    )
    .returning({ id: loginChallenges.id });
  return reserved.length > 0;
}

/**
 * POST /api/login/twofactor: the challenge of POST /api/login and a code. An unknown, used, expired or voided
 * challenge (or one whose three values do not match) answers 401; a wrong or replayed code 422 'Error validating
 * code.'. A challenge checks at most five codes, counted before each check, so parallel guesses cannot exceed them.
 * Rate limited like login (kind 'twofactor').
 */
export async function completeTwoFactorLogin(
  db: Db,
  input: TwoFactorLoginInput,
  meta: LoginMeta,
  lifetimes: TokenLifetimes,
): Promise<SignedInResponse> {
  const [challenge] = await db
    .select({
      id: loginChallenges.id,
      userId: loginChallenges.userId,
      hashE: loginChallenges.hashE,
      hashP: loginChallenges.hashP,
      userAgent: loginChallenges.userAgent,
      ipAddress: loginChallenges.ipAddress,
      email: users.email,
      enabled: sql<boolean>`${users.deletedAt} is null and ${users.twofactorEnabled}`,
      secret: userTwoFactor.secret,
      lastUsedTimeStep: userTwoFactor.lastUsedTimeStep,
    })
    .from(loginChallenges)
    .innerJoin(users, eq(users.id, loginChallenges.userId))
    .leftJoin(userTwoFactor, eq(userTwoFactor.userId, loginChallenges.userId))
    .where(eq(loginChallenges.hash, hashToken(input.hash)));

  const reservation = await reserveAttempt(db, 'twofactor', { ip: meta.ipAddress, account: challenge?.email ?? null });
  await slowDownFor(reservation);
  const fail = async (error: HttpError): Promise<never> => {
    await settleAttempt(db, reservation, false);
    throw error;
  };

  if (!challenge || !challenge.enabled || !challenge.secret) return fail(challengeExpired());
  // Counted before anything is compared: someone holding only part of the challenge uses it up by guessing the rest.
  if (!(await reserveChallengeCheck(db, challenge.id))) return fail(challengeExpired());
  const holdsWholeChallenge = sameHash(challenge.hashE, input.hash_e) && sameHash(challenge.hashP, input.hash_p);
  if (!holdsWholeChallenge) return fail(challengeExpired());

  const timeStep = await verifyTwoFactorCode(challenge.secret, input.code, challenge.lastUsedTimeStep);
  if (timeStep === null) return fail(codeError());

  const sessionMeta: LoginMeta = { userAgent: challenge.userAgent, ipAddress: challenge.ipAddress ?? meta.ipAddress };
  const signedIn = await db
    .transaction(async (tx) => {
      // This code's check was counted within the limit above, so only use and expiry matter here.
      const used = await tx
        .update(loginChallenges)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(loginChallenges.id, challenge.id),
            isNull(loginChallenges.usedAt),
            gt(loginChallenges.expiresAt, sql`now()`),
          ),
        )
        .returning({ id: loginChallenges.id });
      if (used.length === 0) return null;
      // Two requests racing with the same code: only the first moves the last used step forward.
      const stepped = await tx
        .update(userTwoFactor)
        .set({ lastUsedTimeStep: timeStep, updatedAt: sql`now()` })
        .where(
          and(
            eq(userTwoFactor.userId, challenge.userId),
            sql`(${userTwoFactor.lastUsedTimeStep} is null or ${userTwoFactor.lastUsedTimeStep} < ${timeStep})`,
          ),
        )
        .returning({ userId: userTwoFactor.userId });
      if (stepped.length === 0) throw new ReplayedCode();
      const [user] = await tx.select().from(users).where(eq(users.id, challenge.userId));
      const { passwordHash: _hash, ...publicUser } = user;
      return toSignedInResponse(
        tx,
        publicUser,
        await openSession(tx, challenge.userId, sessionMeta, lifetimes),
        lifetimes,
      );
    })
    .catch((error: unknown) => {
      if (error instanceof ReplayedCode) return undefined;
      throw error;
    });
  if (signedIn === null) return fail(challengeExpired());
  if (signedIn === undefined) return fail(codeError());
  await settleAttempt(db, reservation, true);
  return signedIn;
}
