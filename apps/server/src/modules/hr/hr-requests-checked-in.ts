import { TIMECLOCK_CHECKED_IN } from '@switchboard/shared';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { todayIn } from '../pto/pto.service.ts';
import { timeclockEntries } from '../timeclock/timeclock.table.ts';
import { hrCheckedInKept } from './hr-requests.table.ts';

// Checked-in hours for the PTO engine's Hourly accrual (designs/hr.md §2.3, §7) without reading years of timeclock on
// every call: the engine asks checkedInHours(from, to) for ranges that depend only on the PTO start date, today and
// the settings, so it runs once to learn them, their sums are read, and it runs again. The part of a range up to
// yesterday (in the person's zone) is kept in hr_checked_in_kept until a timeclock write reaches it (migration 0066's
// trigger); the rest, today and after, is summed live.

export interface CheckedInPerson {
  userId: number;
  timezone: string;
}

/** checkedInHours(from, to) of one person, as buildPtoPeriods takes it. */
export type CheckedInHours = (from: string, to: string) => number;

interface Ask {
  userId: number;
  timezone: string;
  from: string;
  to: string;
}

const addDays = (day: string, days: number): string => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

const rangeKey = (userId: number, from: string, to: string) => `${userId}|${from}|${to}`;

/** Sum of checked-in seconds over each range (local days, both included), one statement; entries open count to now. */
function sumsSql(asks: readonly Ask[]) {
  const column = <T>(pick: (ask: Ask, index: number) => T) => asks.map(pick);
  return sql`
    select r.i::int as i, coalesce(sum(extract(epoch from
             least(coalesce(te.ended_at, now()), (r.to_day + 1)::timestamp at time zone r.tz)
             - greatest(te.started_at, r.from_day::timestamp at time zone r.tz))) filter (where te.id is not null),
             0)::text as seconds,
           coalesce(bool_or(te.ended_at is null) filter (where te.id is not null), false) as growing
    from unnest(${sql.param(column((_, i) => i))}::int[], ${sql.param(column((a) => a.userId))}::int[],
                ${sql.param(column((a) => a.from))}::date[], ${sql.param(column((a) => a.to))}::date[],
                ${sql.param(column((a) => a.timezone))}::text[]) as r(i, user_id, from_day, to_day, tz)
    left join lateral (
      -- Entries starting in the range, and entries running into it: the second through (user_id, coalesce(ended_at))
      -- (migration 0067; started_at wrapped so the planner cannot walk every earlier entry by its start instead).
      select e.id, e.started_at, e.ended_at from ${timeclockEntries} e
      where e.user_id = r.user_id and e.status = ${TIMECLOCK_CHECKED_IN}
        and e.started_at >= r.from_day::timestamp at time zone r.tz
        and e.started_at < (r.to_day + 1)::timestamp at time zone r.tz
      union all
      select e.id, e.started_at, e.ended_at from ${timeclockEntries} e
      where e.user_id = r.user_id and e.status = ${TIMECLOCK_CHECKED_IN}
        and coalesce(e.ended_at, 'infinity'::timestamptz) > r.from_day::timestamp at time zone r.tz
        and e.started_at + interval '0 seconds' < r.from_day::timestamp at time zone r.tz
    ) te on coalesce(te.ended_at, now()) > te.started_at
    group by r.i`;
}

/** Each range's seconds, and whether an entry still open reaches it (its sum keeps growing). */
async function sumRanges(db: DbOrTransaction, asks: readonly Ask[]): Promise<{ seconds: number; growing: boolean }[]> {
  if (asks.length === 0) return [];
  const { rows } = await db.execute<{ i: number; seconds: string; growing: boolean }>(sumsSql(asks));
  const sums = asks.map(() => ({ seconds: 0, growing: false }));
  for (const row of rows) sums[Number(row.i)] = { seconds: Number(row.seconds), growing: row.growing };
  return sums;
}

/** The kept seconds of these parts, by range key. */
async function readKept(db: DbOrTransaction, parts: readonly Ask[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (parts.length === 0) return found;
  const { rows } = await db.execute<{ user_id: number; from_day: string; to_day: string; seconds: string }>(sql`
    select k.user_id, k.from_day::text, k.to_day::text, k.seconds::text from ${hrCheckedInKept} k
    join unnest(${sql.param(parts.map((ask) => ask.userId))}::int[], ${sql.param(parts.map((ask) => ask.from))}::date[],
                ${sql.param(parts.map((ask) => ask.to))}::date[], ${sql.param(parts.map((ask) => ask.timezone))}::text[])
      as r(user_id, from_day, to_day, tz)
      on k.user_id = r.user_id and k.from_day = r.from_day and k.to_day = r.to_day and k.timezone = r.tz`);
  for (const row of rows) found.set(rangeKey(Number(row.user_id), row.from_day, row.to_day), Number(row.seconds));
  return found;
}

/**
 * The kept parts not kept yet, summed under the trigger's lock in their own transaction and kept when every entry
 * reaching them has ended (an open checked-in entry that started before a part's end keeps growing: summed only).
 */
async function fillKept(db: Db, asks: readonly Ask[]): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(52053)`);
    // Another request may have kept them while this one waited for the lock (ten first readers of a report at once).
    const kept = await readKept(tx, asks);
    const rest = asks.filter((ask) => !kept.has(rangeKey(ask.userId, ask.from, ask.to)));
    const sums = await sumRanges(tx, rest);
    const keep = rest.map((ask, index) => ({ ask, ...sums[index]! })).filter(({ growing }) => !growing);
    if (keep.length > 0) {
      // A part's older ends (the current period's part grows a day at a time) are dropped as the new one is kept.
      await tx.execute(sql`delete from ${hrCheckedInKept} k
        using unnest(${sql.param(keep.map(({ ask }) => ask.userId))}::int[],
                     ${sql.param(keep.map(({ ask }) => ask.from))}::date[],
                     ${sql.param(keep.map(({ ask }) => ask.to))}::date[],
                     ${sql.param(keep.map(({ ask }) => ask.timezone))}::text[]) as r(user_id, from_day, to_day, tz)
        where k.user_id = r.user_id and k.from_day = r.from_day and k.timezone = r.tz and k.to_day < r.to_day`);
      await tx
        .insert(hrCheckedInKept)
        .values(
          keep.map(({ ask, seconds }) => ({
            userId: ask.userId,
            fromDay: ask.from,
            toDay: ask.to,
            timezone: ask.timezone,
            seconds: String(seconds),
          })),
        )
        .onConflictDoNothing();
    }
    const summed = new Map(rest.map((ask, index) => [rangeKey(ask.userId, ask.from, ask.to), sums[index]!.seconds]));
    return asks.map((ask) => {
      const key = rangeKey(ask.userId, ask.from, ask.to);
      return kept.get(key) ?? summed.get(key)!;
    });
  });
}

/** Checked-in seconds of each ask: its part up to yesterday kept (or filled), the rest summed live. */
async function secondsOf(db: DbOrTransaction, asks: readonly Ask[], keep: boolean, now: Date): Promise<number[]> {
  const keptParts: { index: number; ask: Ask }[] = [];
  const liveParts: { index: number; ask: Ask }[] = [];
  asks.forEach((ask, index) => {
    const yesterday = addDays(todayIn(ask.timezone, now), -1);
    const cut = ask.to < yesterday ? ask.to : yesterday;
    if (cut >= ask.from) keptParts.push({ index, ask: { ...ask, to: cut } });
    if (cut < ask.to) liveParts.push({ index, ask: { ...ask, from: cut >= ask.from ? addDays(cut, 1) : ask.from } });
  });
  const total = new Array<number>(asks.length).fill(0);
  const found = await readKept(
    db,
    keptParts.map(({ ask }) => ask),
  );
  const missing = keptParts.filter(({ ask }) => !found.has(rangeKey(ask.userId, ask.from, ask.to)));
  const filled =
    missing.length === 0
      ? []
      : keep
        ? await fillKept(
            db as Db,
            missing.map(({ ask }) => ask),
          )
        : (
            await sumRanges(
              db,
              missing.map(({ ask }) => ask),
            )
          ).map((sum) => sum.seconds);
  missing.forEach(({ ask }, i) => found.set(rangeKey(ask.userId, ask.from, ask.to), filled[i]!));
  for (const { index, ask } of keptParts) total[index] += found.get(rangeKey(ask.userId, ask.from, ask.to))!;
  const live = await sumRanges(
    db,
    liveParts.map(({ ask }) => ask),
  );
  liveParts.forEach(({ index }, i) => (total[index] += live[i]!.seconds));
  return total;
}

/**
 * Runs `compute` (PTO engine calls) with each person's checked-in hours for exactly the ranges it asks: a first run
 * records them (answering 0), their sums are read, and it runs again; a range not asked the first time (the engine's
 * asks do not depend on the hours, so none) is read before a further run. `keep` fills the kept parts; inside another
 * transaction (approvals) pass false: the kept parts are read, and any missing one summed without being kept.
 */
export async function withCheckedInHours<T>(
  db: DbOrTransaction,
  people: readonly CheckedInPerson[],
  compute: (hoursOf: (userId: number) => CheckedInHours) => T,
  options: { keep: boolean; now?: Date },
): Promise<T> {
  const zones = new Map(people.map((person) => [person.userId, person.timezone]));
  const known = new Map<string, number>();
  for (;;) {
    const asked = new Map<string, Ask>();
    const result = compute((userId) => (from, to) => {
      const key = rangeKey(userId, from, to);
      const seconds = known.get(key);
      if (seconds !== undefined) return seconds / 3600;
      asked.set(key, { userId, timezone: zones.get(userId) ?? 'UTC', from, to });
      return 0;
    });
    if (asked.size === 0) return result;
    const asks = [...asked.values()];
    const seconds = await secondsOf(db, asks, options.keep, options.now ?? new Date());
    asks.forEach((ask, index) => known.set(rangeKey(ask.userId, ask.from, ask.to), seconds[index]!));
  }
}
