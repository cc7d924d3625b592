import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import { authAttempts, type AttemptKind } from './attempts.table.ts';

export type { AttemptKind } from './attempts.table.ts';

/** Issue 3 part 7: failures counted over this window, per account and per IP address. */
export const rateLimitWindowMinutes = 15;
export const maxAccountFailures = 5;
export const maxIpFailures = 30;
const pruneAfterHours = 24;
const pruneEveryMs = 10 * 60_000;

export interface AttemptSource {
  /** The client's IP address (request.ip); null skips the per-IP rule. */
  ip: string | null | undefined;
  /** A lower-cased e-mail or a user id as text; null skips the per-account rule. */
  account: string | number | null | undefined;
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

/**
 * Throws 429 'Too many attempts. Please try again in {n} minutes.' when, within the last 15 minutes, the
 * account has 5 or more failures of this kind or the IP address has 30 or more. n counts until enough of
 * those failures leave the window to let one more attempt through. Call before checking the credentials.
 */
export async function assertNotRateLimited(db: DbOrTransaction, kind: AttemptKind, source: AttemptSource): Promise<void> {
  const account = normalizeAccount(source.account);
  const ip = normalizeIp(source.ip);
  if (account === null && ip === null) return;

  const counted = countsEveryAttempt(kind) ? sql`true` : sql`${authAttempts.success} = false`;
  // The n-th most recent counted attempt in the window: while it exists the limit holds, until it ages out.
  const nthRecent = (column: typeof authAttempts.account | typeof authAttempts.ipAddress, value: string | null, limit: number) =>
    value === null
      ? sql`null::timestamptz`
      : sql`(select ${authAttempts.createdAt} from ${authAttempts}
             where ${authAttempts.kind} = ${kind} and ${column} = ${value} and ${counted}
               and ${authAttempts.createdAt} > now() - make_interval(mins => ${rateLimitWindowMinutes})
             order by ${authAttempts.createdAt} desc offset ${limit - 1} limit 1)`;

  const result = await db.execute<{ seconds_left: string | number | null }>(sql`
    select extract(epoch from (greatest(${nthRecent(authAttempts.account, account, maxAccountFailures)},
                                        ${nthRecent(authAttempts.ipAddress, ip, maxIpFailures)})
                               + make_interval(mins => ${rateLimitWindowMinutes}) - now())) as seconds_left`);
  const secondsLeft = result.rows[0]?.seconds_left;
  if (secondsLeft === null || secondsLeft === undefined) return;
  const minutes = Math.max(1, Math.ceil(Number(secondsLeft) / 60));
  throw new HttpError(429, tooManyAttemptsMessage(minutes));
}

/** Records one attempt with its outcome, time and IP; now and then prunes rows older than a day. */
export async function recordAttempt(
  db: DbOrTransaction,
  kind: AttemptKind,
  source: AttemptSource & { success: boolean },
): Promise<void> {
  await db.insert(authAttempts).values({
    kind,
    account: normalizeAccount(source.account),
    ipAddress: normalizeIp(source.ip),
    success: source.success,
  });
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

/** Deletes attempts older than a day; answers how many went. */
export async function pruneOldAttempts(db: DbOrTransaction): Promise<number> {
  const deleted = await db
    .delete(authAttempts)
    .where(lt(authAttempts.createdAt, sql`now() - make_interval(hours => ${pruneAfterHours})`))
    .returning({ id: authAttempts.id });
  return deleted.length;
}

/** Failed attempts of one kind for an account in the window (for tests and admin views). */
export async function countRecentFailures(db: DbOrTransaction, kind: AttemptKind, account: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, kind),
        eq(authAttempts.account, normalizeAccount(account) ?? ''),
        eq(authAttempts.success, false),
        sql`${authAttempts.createdAt} > now() - make_interval(mins => ${rateLimitWindowMinutes})`,
      ),
    );
  return row?.count ?? 0;
}
