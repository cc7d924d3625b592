import type pg from 'pg';
import type { Db } from '../../db/client.ts';

// Each person's kept closed days of a range as the report copies them (their answer objects' text, the numbers the
// CSV reads, their count and sums), kept in this process under the person's version (timeclock_closed_day_versions,
// decision 0110). Every statement that changes a person's kept days gives them a new version in its own transaction,
// and a miss reads the version and the days in one statement, so one snapshot: an entry is only ever served for the
// version its days were read at. The report's statement reads each person's version now; a process serves its entry
// only when the versions are equal, so no process serves days another process (or anything else) has changed.

/** A person's kept closed days from the range's start to their closed end, in their time zone. */
export interface KeptClosedDays {
  /** The person's version these days were read at ('0': no kept day of theirs was ever written). */
  version: string;
  count: number;
  /** The sums of checked in, break, lunch and traveling, space-separated ('' when none). */
  sums: string;
  /** The days' answer objects, comma-separated, in date order. */
  days: string | null;
  /** "day checked_in break lunch traveling ..." (day: the distance from the range's start), in date order. */
  numbers: string | null;
}

/** A person to read: their kept days of [start, closedEnd] in `timezone`, and their version now. */
export interface ClosedDaysWanted {
  id: number;
  timezone: string;
  closedEnd: string;
  version: string;
}

/** Characters kept per database handle (least recently used out first): a month of 200 people is about 800,000. */
export const closedDaysCacheLimit = 16_000_000;

/** $1 the range's start; per person $2 id, $3 time zone, $4 closed end: their version and kept days, one snapshot. */
export const keptClosedDaysSql = `
  select r.id,
    coalesce((select v.version from timeclock_closed_day_versions v where v.user_id = r.id), 0)::text as version,
    k.count, k.sums, k.days, k.numbers
  from unnest($2::int[], $3::text[], $4::date[]) as r(id, timezone, closed_end)
  cross join lateral (
    select count(*)::int as count,
           concat_ws(' ', sum(d.checked_in), sum(d.break), sum(d.lunch), sum(d.traveling)) as sums,
           string_agg(d.day_json, ',') as days,
           string_agg(concat_ws(' ', d.date - $1::date, d.checked_in, d.break, d.lunch, d.traveling), ' ') as numbers
      from (select d.date, d.checked_in, d.break, d.lunch, d.traveling, d.day_json
              from timeclock_closed_days d
             where d.user_id = r.id and d.date between $1::date and r.closed_end and d.timezone = r.timezone
             order by d.date) d
  ) k`;

interface Cache {
  entries: Map<string, KeptClosedDays & { size: number }>;
  size: number;
}

// Per database handle, so that tests with several databases (or app instances) in one process never share days.
const caches = new WeakMap<Db, Cache>();

function cacheOf(db: Db): Cache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { entries: new Map(), size: 0 }));
  return cache;
}

const keyOf = (start: string, person: ClosedDaysWanted) =>
  `${person.id} ${start} ${person.closedEnd} ${person.timezone}`;

function remember(cache: Cache, key: string, days: KeptClosedDays): void {
  const old = cache.entries.get(key);
  if (old) cache.size -= old.size;
  cache.entries.delete(key);
  const size = key.length + days.sums.length + (days.days?.length ?? 0) + (days.numbers?.length ?? 0) + 64;
  cache.entries.set(key, { ...days, size });
  cache.size += size;
  for (const [oldest, entry] of cache.entries) {
    if (cache.size <= closedDaysCacheLimit) break;
    cache.entries.delete(oldest);
    cache.size -= entry.size;
  }
}

/**
 * The kept closed days of `people` from `start`: from this process's cache where the version it kept them under is
 * the person's version now, the others in one statement (their version and days in one snapshot), kept for next
 * time. A person whose days are not all kept (fewer than `expected`) is answered as read and not kept: the report
 * fills their days, which gives them a new version.
 */
export async function readKeptClosedDays(
  db: Db,
  start: string,
  people: readonly (ClosedDaysWanted & { expected: number })[],
): Promise<Map<number, KeptClosedDays>> {
  const cache = cacheOf(db);
  const found = new Map<number, KeptClosedDays>();
  const missing: (ClosedDaysWanted & { expected: number })[] = [];
  for (const person of people) {
    if (person.expected <= 0) continue;
    const key = keyOf(start, person);
    const entry = cache.entries.get(key);
    if (entry && entry.version === person.version) {
      // Most recently used last.
      cache.entries.delete(key);
      cache.entries.set(key, entry);
      found.set(person.id, entry);
    } else missing.push(person);
  }
  if (missing.length === 0) return found;
  const { rows } = await (db as Db & { $client: pg.Pool }).$client.query<
    [number, string, number, string, string | null, string | null]
  >({
    name: 'timeclock_kept_closed_days',
    text: keptClosedDaysSql,
    values: [
      start,
      missing.map((person) => person.id),
      missing.map((person) => person.timezone),
      missing.map((person) => person.closedEnd),
    ],
    rowMode: 'array',
  });
  const byId = new Map(missing.map((person) => [person.id, person]));
  for (const [id, version, count, sums, days, numbers] of rows) {
    const kept: KeptClosedDays = { version, count, sums, days, numbers };
    found.set(id, kept);
    const person = byId.get(id)!;
    if (count >= person.expected) remember(cache, keyOf(start, { ...person, version }), kept);
  }
  return found;
}
