import { setTimeout as sleep } from 'node:timers/promises';
import { lt, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import { authAttempts, authThrottles, type AttemptKind, type ThrottleScope } from './attempts.table.ts';

export type { AttemptKind } from './attempts.table.ts';

/** Issue 14 (decision 0026): attempts are counted in windows of 15 minutes that start with the first one. */
export const rateLimitWindowMinutes = 15;
/** One account from one address: attempts that did not succeed, then 429. */
export const maxPairAttempts = 5;
/** One address across accounts (a password spray): attempts that did not succeed, then 429. */
export const maxAddressAttempts = 30;
/** One account across addresses is never refused, only slowed: after this many attempts each one waits. */
export const accountSlowDownAfter = 10;
/** The longest an attempt waits for its account: the real user is slowed at most this much. */
export const maxSlowDownMs = 10_000;
const pruneAfterHours = 24;
const pruneEveryMs = 10 * 60_000;

export interface AttemptSource {
  /** The client's IP address (request.ip); null skips the address and pair counters. */
  ip: string | null | undefined;
  /** A lower-cased e-mail or a user id as text; null skips the account and pair counters. */
  account: string | number | null | undefined;
}

/** An attempt counted before it is checked; settleAttempt records how it ended. */
export interface AttemptReservation {
  kind: AttemptKind;
  account: string | null;
  ip: string | null;
  /** Attempts on the account from every address in the window, this one included; 0 without an account. */
  accountAttempts: number;
}

interface ThrottleKey {
  scope: ThrottleScope;
  key: string;
}

// A forgot-password request never "fails" yet each one may send a mail, so every request counts against it.
const countsEveryAttempt = (kind: AttemptKind) => kind === 'forgot_password';

export function tooManyAttemptsMessage(minutes: number): string {
  return `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** Accounts are compared case-insensitively (e-mails) and bounded, so junk input cannot bloat the table. */
export function normalizeAccount(account: AttemptSource['account']): string | null {
  if (account === null || account === undefined) return null;
  const text = String(account).trim().toLowerCase().slice(0, 320);
  return text === '' ? null : text;
}

function normalizeIp(ip: AttemptSource['ip']): string | null {
  return ip ? ip.slice(0, 100) : null;
}

// Always in this order (pair, account, address): statements that share rows lock them in the same order.
function throttleKeys(account: string | null, ip: string | null): ThrottleKey[] {
  const keys: ThrottleKey[] = [];
  if (account !== null && ip !== null) keys.push({ scope: 'pair', key: `${ip} ${account}` });
  if (account !== null) keys.push({ scope: 'account', key: account });
  if (ip !== null) keys.push({ scope: 'address', key: ip });
  return keys;
}

const windowOver = sql`${authThrottles.windowStartedAt} <= now() - make_interval(mins => ${rateLimitWindowMinutes})`;

const counterChanges = {
  // One more attempt, or the first of a new window.
  reserve: sql`case when ${windowOver} then 1 else ${authThrottles.count} + 1 end`,
  // An attempt refused unchecked gives its place back.
  release: sql`greatest(${authThrottles.count} - 1, 0)`,
  // A success clears its pair and gives its place back to the account and the address.
  succeed: sql`case when ${authThrottles.scope} = 'pair' then 0 else greatest(${authThrottles.count} - 1, 0) end`,
};

/** Changes the counters of `keys` in one statement, creating missing ones; answers each new count. */
function changeCounters(
  db: DbOrTransaction,
  kind: AttemptKind,
  keys: ThrottleKey[],
  change: keyof typeof counterChanges,
) {
  return db
    .insert(authThrottles)
    .values(keys.map(({ scope, key }) => ({ kind, scope, key, count: change === 'reserve' ? 1 : 0 })))
    .onConflictDoUpdate({
      target: [authThrottles.kind, authThrottles.scope, authThrottles.key],
      set: {
        count: counterChanges[change],
        ...(change === 'reserve'
          ? { windowStartedAt: sql`case when ${windowOver} then now() else ${authThrottles.windowStartedAt} end` }
          : {}),
      },
    })
    .returning({
      scope: authThrottles.scope,
      count: authThrottles.count,
      secondsLeft: sql<number>`extract(epoch from (${authThrottles.windowStartedAt}
        + make_interval(mins => ${rateLimitWindowMinutes}) - now()))::float8`,
    });
}

const limitOf: Record<ThrottleScope, number> = {
  pair: maxPairAttempts,
  address: maxAddressAttempts,
  account: Infinity,
};

/**
 * Counts one attempt before it is checked, and decides on the counted value: the statement that adds it answers
 * the new counts, so of parallel attempts only as many as the limit get through. Throws 429 'Too many attempts.
 * Please try again in {n} minutes.' when the account from this address, or this address across accounts, is over
 * its limit (the attempt then gives its place back); never for the account alone (see slowDownFor).
 */
export async function reserveAttempt(
  db: DbOrTransaction,
  kind: AttemptKind,
  source: AttemptSource,
): Promise<AttemptReservation> {
  const account = normalizeAccount(source.account);
  const ip = normalizeIp(source.ip);
  const reservation: AttemptReservation = { kind, account, ip, accountAttempts: 0 };
  const keys = throttleKeys(account, ip);
  if (keys.length === 0) return reservation;

  const counters = await changeCounters(db, kind, keys, 'reserve');
  reservation.accountAttempts = counters.find((counter) => counter.scope === 'account')?.count ?? 0;
  const over = counters.filter((counter) => counter.count > limitOf[counter.scope]);
  if (over.length === 0) return reservation;

  await changeCounters(db, kind, keys, 'release');
  const secondsLeft = Math.max(...over.map((counter) => counter.secondsLeft));
  throw new HttpError(429, tooManyAttemptsMessage(Math.max(1, Math.ceil(secondsLeft / 60))));
}

/** How long an attempt waits, by the account's attempts from every address: 1 s, 2 s, 4 s... at most 10 s. */
export function accountSlowDownMs(accountAttempts: number): number {
  const beyond = accountAttempts - accountSlowDownAfter;
  return beyond <= 0 ? 0 : Math.min(maxSlowDownMs, 1000 * 2 ** (beyond - 1));
}

/** Waits before checking credentials when the account is being guessed from many addresses; never refuses. */
export async function slowDownFor(reservation: AttemptReservation): Promise<void> {
  const delay = accountSlowDownMs(reservation.accountAttempts);
  if (delay > 0) await sleep(delay);
}

/**
 * Records how a reserved attempt ended (kept a day). A failure stays counted; a success clears the pair's counter
 * and gives its place back to the account and address, except for kinds where every request counts.
 */
export async function settleAttempt(
  db: DbOrTransaction,
  reservation: AttemptReservation,
  success: boolean,
): Promise<void> {
  const { kind, account, ip } = reservation;
  if (success && !countsEveryAttempt(kind)) {
    const keys = throttleKeys(account, ip);
    if (keys.length > 0) await changeCounters(db, kind, keys, 'succeed');
  }
  await db.insert(authAttempts).values({ kind, account, ipAddress: ip, success });
  await pruneOccasionally(db);
}

const lastPruneByDb = new WeakMap<object, number>();

// At most one prune per database handle every ten minutes keeps the cost off the request path.
async function pruneOccasionally(db: DbOrTransaction): Promise<void> {
  const last = lastPruneByDb.get(db) ?? 0;
  if (Date.now() - last < pruneEveryMs) return;
  lastPruneByDb.set(db, Date.now());
  await pruneOldAttempts(db);
}

/** Deletes attempts older than a day and counters of windows that ended; answers how many attempts went. */
export async function pruneOldAttempts(db: DbOrTransaction): Promise<number> {
  await db.delete(authThrottles).where(sql`${windowOver}`);
  const deleted = await db
    .delete(authAttempts)
    .where(lt(authAttempts.createdAt, sql`now() - make_interval(hours => ${pruneAfterHours})`))
    .returning({ id: authAttempts.id });
  return deleted.length;
}
