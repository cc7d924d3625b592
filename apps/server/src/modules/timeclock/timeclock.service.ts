import {
  TIMECLOCK_CHECKED_IN,
  TIMECLOCK_OFFLINE,
  type TimeclockState,
  type TimeclockStatus,
} from '@switchboard/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { timeclockEntries } from './timeclock.table.ts';

// First key of the per-user advisory lock that serialises status changes (any fixed number).
const timeclockLockKey = 715_820_135;

type EntryRow = Pick<typeof timeclockEntries.$inferSelect, 'status' | 'startedAt'>;

function presentState(entry: EntryRow | undefined): TimeclockState {
  // Never clocked, or the open entry was closed without a new one (account disabled): Offline since unknown.
  if (!entry) return { status: TIMECLOCK_OFFLINE, start_time: null };
  return { status: entry.status as TimeclockStatus, start_time: entry.startedAt.toISOString() };
}

async function findOpenEntry(db: DbOrTransaction, userId: number): Promise<EntryRow | undefined> {
  const [entry] = await db
    .select({ status: timeclockEntries.status, startedAt: timeclockEntries.startedAt })
    .from(timeclockEntries)
    .where(and(eq(timeclockEntries.userId, userId), isNull(timeclockEntries.endedAt)))
    .limit(1);
  return entry;
}

/** GET /api/misc/timeclock: the current status and when it began; 5 Offline with start_time null if none. */
export async function getTimeclockState(db: DbOrTransaction, userId: number): Promise<TimeclockState> {
  return presentState(await findOpenEntry(db, userId));
}

/**
 * POST /api/misc/timeclock/update: closes the open entry and opens one with the new status, at the same
 * instant, in one transaction. Choosing the current status again changes nothing. Offline (5) is stored like
 * any other status (the open entry is closed and an Offline one opened), so the timeline has no gaps; with no
 * entry at all the user is already Offline and nothing is stored. `changed` says whether anything was written.
 */
export async function updateTimeclockStatus(
  db: Db,
  userId: number,
  status: TimeclockStatus,
): Promise<{ state: TimeclockState; changed: boolean }> {
  return db.transaction(async (tx) => {
    // Two tabs changing status at once take turns, so neither trips the one-open-entry index.
    await tx.execute(sql`select pg_advisory_xact_lock(${timeclockLockKey}::int, ${userId}::int)`);
    const open = await findOpenEntry(tx, userId);
    if (open ? open.status === status : status === TIMECLOCK_OFFLINE)
      return { state: presentState(open), changed: false };

    // The clock after the lock, not now() (the transaction's start): a change that waited for the lock must
    // not end the previous entry before that entry began. One instant ends the old entry and starts the new.
    const { rows } = await tx.execute<{ at: Date }>(sql`select clock_timestamp() as at`);
    const at = new Date(rows[0].at);
    if (open) {
      await tx
        .update(timeclockEntries)
        .set({ endedAt: at })
        .where(and(eq(timeclockEntries.userId, userId), isNull(timeclockEntries.endedAt)));
    }
    const [created] = await tx
      .insert(timeclockEntries)
      .values({ userId, status, startedAt: at })
      .returning({ status: timeclockEntries.status, startedAt: timeclockEntries.startedAt });
    return { state: presentState(created), changed: true };
  });
}

/** Ends the user's open entry without opening another (account disabled). Safe inside a caller's transaction. */
export async function closeOpenTimeclockEntry(db: DbOrTransaction, userId: number): Promise<void> {
  await db
    .update(timeclockEntries)
    // Never before the entry began, even if it was opened after the caller's transaction started.
    .set({ endedAt: sql`greatest(clock_timestamp(), ${timeclockEntries.startedAt})` })
    .where(and(eq(timeclockEntries.userId, userId), isNull(timeclockEntries.endedAt)));
}

/**
 * Hours the user spent Checked In (status 1) within [from, to): each entry is clipped to the range, and an
 * entry still open counts until now (or `to`, if earlier). For the PTO accrual engine and the timeclock report.
 */
export async function sumCheckedInHours(db: DbOrTransaction, userId: number, from: Date, to: Date): Promise<number> {
  if (to.getTime() <= from.getTime()) return 0;
  const end = sql`least(coalesce(${timeclockEntries.endedAt}, now()), ${to.toISOString()}::timestamptz)`;
  const start = sql`greatest(${timeclockEntries.startedAt}, ${from.toISOString()}::timestamptz)`;
  const [row] = await db
    .select({
      seconds: sql<string | null>`sum(greatest(extract(epoch from (${end} - ${start})), 0))`,
    })
    .from(timeclockEntries)
    .where(
      and(
        eq(timeclockEntries.userId, userId),
        eq(timeclockEntries.status, TIMECLOCK_CHECKED_IN),
        sql`${timeclockEntries.startedAt} < ${to.toISOString()}::timestamptz`,
        sql`coalesce(${timeclockEntries.endedAt}, 'infinity'::timestamptz) > ${from.toISOString()}::timestamptz`,
      ),
    );
  return Number(row?.seconds ?? 0) / 3600;
}
