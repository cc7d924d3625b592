import {
  csvCell,
  datesBetween,
  formatReportMinutes,
  timeclockReportColumnLabels,
  timeclockReportColumns,
  sumTimeclockDays,
  todayInZone,
  type ClosedDayMinutes,
  type ReportRange,
  type TimeclockChange,
  type TimeOffDay,
} from '@switchboard/shared';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { employees } from '../users/employees.table.ts';
import { timezones } from '../reference/reference.table.ts';
import { readKeptClosedDays } from './timeclock-closed-days-cache.ts';

/** The signed-in employee's time zone (UTC when none): their "today" caps the report's end. */
export async function viewerTimezone(db: DbOrTransaction, userId: number): Promise<string> {
  const { rows } = await db.execute<{ timezone: string | null }>(sql`
    select ${timezones.name} as timezone from ${employees}
    left join ${timezones} on ${timezones.id} = ${employees.timezoneId}
    where ${employees.userId} = ${userId}`);
  return rows[0]?.timezone ?? 'UTC';
}

/** Spec 3 §9: the end is capped at today. Answers null when the whole range lies after today. */
export function capRangeAtToday(range: ReportRange, timezone: string, now = Date.now()): ReportRange | null {
  const today = todayInZone(timezone, now);
  if (range.start > today) return null;
  return { start: range.start, end: range.end > today ? today : range.end };
}

/** The statuses as one text of numbers ("status start end ...", ms since the epoch, '-' for an open end). */
const changesText = `string_agg(t.status || ' ' || (date_part('epoch', t.started_at) * 1000)::int8 || ' '
                         || coalesce(((date_part('epoch', t.ended_at) * 1000)::int8)::text, '-'), ' '
                       order by t.started_at)`;

/** The PTO days of the range as one text ("date hours ..."). */
const ptoText = `(select string_agg(to_char(p.date, 'YYYY-MM-DD') || ' ' || p.hours, ' ')
       from pto_used_hours p
      where p.user_id = c.id and p.date between $1::date and $2::date
    )`;

/**
 * The approved Unpaid days of HR requests in the range as one text ("date hours ..."): the uto column (designs/hr.md
 * §2.5). Accrual and Lump Sum days reach pto through the used rows their approval writes (pto_used_hours.request_id).
 */
const utoText = `(select string_agg(to_char(d.date, 'YYYY-MM-DD') || ' ' || d.hours, ' ')
       from hr_request_days d
       join hr_requests r on r.id = d.request_id
      where d.user_id = c.id and d.date between $1::date and $2::date
        and d.bank = 'unpaid' and d.hours > 0 and r.status = 'approved'
    )`;

const people = `people as materialized (
    select u.id, u.name, u.shortname, u.deleted_at is not null as disabled, coalesce(tz.name, 'UTC') as timezone
    from users u
    join employees e on e.user_id = u.id
    left join timezones tz on tz.id = e.timezone_id
    where u.type = 'Employee'`;

/** The people with their today, their open days' start and the change that runs into it ($1 start, $2 end, $3 now). */
const reportPeople = `
  with ${people}
  ), bounded as materialized (
    select p.*,
           ($3::timestamptz at time zone p.timezone)::date as today,
           (greatest($1::date, ($3::timestamptz at time zone p.timezone)::date)::timestamp at time zone p.timezone)
             as open_start,
           (($2::date + 1)::timestamp at time zone p.timezone) as range_end
    from people p
  ), carried as materialized (
    select b.*,
           case when b.open_start < b.range_end then
             coalesce((select max(s.started_at) from timeclock_entries s
                        where s.user_id = b.id and s.started_at <= b.open_start), b.open_start) end as first_start
    from bounded b
  )`;

/** The changes of a person's open days (from the one running into the first). */
const openChanges = `(select ${changesText}
       from timeclock_entries t
      where t.user_id = c.id and t.started_at >= c.first_start and t.started_at < c.range_end and t.status <> 5
    )`;

/**
 * The report's statement, for the JSON answer and the CSV ($1 start, $2 end, $3 now): every employee (enabled or not,
 * by name) with the time zone their days are counted in, how many closed days the range has for them (days that
 * ended in their zone before $3) and the last of them, their version of the kept closed days
 * (timeclock_closed_day_versions: the kept days themselves come from the process's cache, or one statement when
 * the version moved: timeclock-closed-days-cache.ts, decision 0110), the status changes of the days still open
 * (today) and their PTO used in the range. Per employee, through the (user_id, started_at) index, the changes run
 * from the last one that began at or before the first open day's local midnight (a status that runs into it) to the
 * range's end; Offline (5) counts nowhere and is left out. Each list comes as one text of numbers, which
 * node-postgres parses far faster than rows (bench/timeclock-report.ts). The materialised CTEs keep the plan a loop
 * over the people.
 */
export const timeclockReportSql = `${reportPeople}
  select c.id, c.name, c.shortname, c.timezone, c.disabled,
    greatest(least($2::date, c.today - 1) - $1::date + 1, 0) as closed_expected,
    to_char(least($2::date, c.today - 1), 'YYYY-MM-DD') as closed_end,
    coalesce(v.version, 0)::text as version,
    ${openChanges} as changes,
    ${ptoText} as pto,
    ${utoText} as uto
  from carried c
  left join timeclock_closed_day_versions v on v.user_id = c.id
  order by lower(c.name), c.id`;

/**
 * The status changes of some employees ($3 ids) over a range ($1 start, $2 end) in their time zones, from the
 * last change at or before the range's first local midnight: what their closed days are summed from.
 */
export const closedDaySourcesSql = `
  with ${people} and u.id = any($3::int[])
  ), bounded as materialized (
    select p.*,
           ($1::date::timestamp at time zone p.timezone) as range_start,
           (($2::date + 1)::timestamp at time zone p.timezone) as range_end
    from people p
  ), carried as materialized (
    select b.*,
           coalesce((select max(s.started_at) from timeclock_entries s
                      where s.user_id = b.id and s.started_at <= b.range_start), b.range_start) as first_start
    from bounded b
  )
  select c.id, c.timezone,
    (select ${changesText}
       from timeclock_entries t
      where t.user_id = c.id and t.started_at >= c.first_start and t.started_at < c.range_end and t.status <> 5
    ) as changes
  from carried c`;

/** The advisory lock the trigger on timeclock_entries takes too (migration 0024). */
const closedDaysLock = 52052;

type StatementRow = [
  id: number,
  name: string,
  shortname: string,
  timezone: string,
  disabled: boolean,
  closedExpected: number,
  closedEnd: string,
  version: string,
  changes: string | null,
  pto: string | null,
  uto: string | null,
];

/** A person of the report with their kept closed days (timeclock-closed-days-cache.ts). */
type SourceRow = [
  id: number,
  name: string,
  shortname: string,
  timezone: string,
  disabled: boolean,
  closedExpected: number,
  closedCount: number,
  closedSums: string,
  closedDays: string | null,
  closedNumbers: string | null,
  changes: string | null,
  pto: string | null,
  uto: string | null,
];

/** "status start end status start end ..." back into changes ('-' is an open end). */
export function parseChanges(text: string | null): TimeclockChange[] {
  if (!text) return [];
  const parts = text.split(' ');
  const changes: TimeclockChange[] = [];
  for (let index = 0; index + 2 < parts.length; index += 3) {
    const end = parts[index + 2]!;
    changes.push({
      status: Number(parts[index]),
      start: Number(parts[index + 1]),
      end: end === '-' ? null : Number(end),
    });
  }
  return changes;
}

/** "date hours date hours ..." back into PTO days. */
export function parseTimeOff(text: string | null): TimeOffDay[] {
  if (!text) return [];
  const parts = text.split(' ');
  const days: TimeOffDay[] = [];
  for (let index = 0; index + 1 < parts.length; index += 2)
    days.push({ date: parts[index]!, hours: Number(parts[index + 1]), kind: 'pto' });
  return days;
}

/** "date hours date hours ..." as minutes per day index (each entry's minutes rounded, as the shared rule adds them). */
function minutesByDay(text: string | null, dayIndex: ReadonlyMap<string, number>): Map<number, number> {
  const byDay = new Map<number, number>();
  if (!text) return byDay;
  const parts = text.split(' ');
  for (let part = 0; part + 1 < parts.length; part += 2) {
    const index = dayIndex.get(parts[part]!);
    if (index !== undefined) byDay.set(index, (byDay.get(index) ?? 0) + Math.round(Number(parts[part + 1]) * 60));
  }
  return byDay;
}

/** "day checked_in break lunch traveling ..." back into closed days (day: the index of the date in `dates`). */
export function parseClosedDays(text: string | null, dates: readonly string[]): Map<string, ClosedDayMinutes> {
  const days = new Map<string, ClosedDayMinutes>();
  if (!text) return days;
  const parts = text.split(' ');
  for (let index = 0; index + 4 < parts.length; index += 5) {
    const minutes = [1, 2, 3, 4].map((offset) => Number(parts[index + offset])) as [number, number, number, number];
    days.set(dates[Number(parts[index])]!, minutes);
  }
  return days;
}

const poolOf = (db: Db) => (db as Db & { $client: pg.Pool }).$client;

/** The report's people (timeclockReportSql) with their kept closed days, from this process's cache where current. */
async function readReportSources(db: Db, range: ReportRange, now: number): Promise<SourceRow[]> {
  // drizzle keeps its pool as $client (db/prepared.ts): a named statement, parsed and planned once per connection.
  const { rows } = await poolOf(db).query<StatementRow>({
    name: 'timeclock_report',
    text: timeclockReportSql,
    values: [range.start, range.end, new Date(now)],
    rowMode: 'array',
  });
  const kept = await readKeptClosedDays(
    db,
    range.start,
    rows.map(([id, , , timezone, , expected, closedEnd, version]) => ({ id, timezone, closedEnd, version, expected })),
  );
  return rows.map(([id, name, shortname, timezone, disabled, expected, , , changes, pto, uto]) => {
    const days = kept.get(id);
    return [
      id,
      name,
      shortname,
      timezone,
      disabled,
      expected,
      days?.count ?? 0,
      days?.sums ?? '',
      days?.days ?? null,
      days?.numbers ?? null,
      changes,
      pto,
      uto,
    ];
  });
}

/**
 * Sums the closed days of `range` (days before each person's today) that are not kept yet for these people, and
 * keeps them. Under the lock the trigger on timeclock_entries takes, so an entry written meanwhile either is read
 * here or deletes what is kept here; a kept day of another time zone is replaced.
 */
async function keepClosedDays(
  db: Db,
  people: readonly { id: number; today: string }[],
  range: ReportRange,
  now: number,
): Promise<Map<number, Map<string, ClosedDayMinutes>>> {
  const lastToday = people.reduce((last, person) => (person.today > last ? person.today : last), range.start);
  const end = datesBetween(range.start, lastToday).at(-2) ?? range.start;
  const dates = datesBetween(range.start, end < range.end ? end : range.end);
  const todayOf = new Map(people.map((person) => [person.id, person.today]));
  const kept = new Map<number, Map<string, ClosedDayMinutes>>();
  const client = await poolOf(db).connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [closedDaysLock]);
    const { rows } = await client.query<[number, string, string | null]>({
      name: 'timeclock_closed_day_sources',
      text: closedDaySourcesSql,
      values: [dates[0], dates.at(-1), people.map((person) => person.id)],
      rowMode: 'array',
    });
    const values: unknown[] = [];
    for (const [id, timezone, changes] of rows) {
      const today = todayOf.get(id)!;
      const closedDates = dates.filter((date) => date < today);
      const { days } = sumTimeclockDays({
        dates: closedDates,
        changes: parseChanges(changes),
        timeOff: [],
        timezone,
        now,
      });
      const byDate = new Map<string, ClosedDayMinutes>();
      for (const day of days) {
        const minutes = [day.checked_in, day.break, day.lunch, day.traveling] as const;
        byDate.set(day.date, minutes);
        values.push(id, day.date, timezone, ...minutes, closedDayJson(day.date, minutes));
      }
      kept.set(id, byDate);
    }
    // A few thousand rows a statement keeps under PostgreSQL's 65,535 parameters.
    for (let offset = 0; offset < values.length; offset += 8 * 5000) {
      const chunk = values.slice(offset, offset + 8 * 5000);
      const tuples = Array.from({ length: chunk.length / 8 }, (_, row) => {
        const first = row * 8;
        return `($${first + 1}::int, $${first + 2}::date, $${first + 3}, $${first + 4}::int, $${first + 5}::int, $${first + 6}::int, $${first + 7}::int, $${first + 8})`;
      });
      await client.query(
        `insert into timeclock_closed_days (user_id, date, timezone, checked_in, break, lunch, traveling, day_json)
         values ${tuples.join(', ')}
         on conflict (user_id, date) do update set timezone = excluded.timezone, checked_in = excluded.checked_in,
           break = excluded.break, lunch = excluded.lunch, traveling = excluded.traveling,
           day_json = excluded.day_json`,
        chunk,
      );
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  return kept;
}

/** One person's report row as numbers: seven values a day (timeclockReportColumns' order), then the totals. */
interface PersonSums {
  id: number;
  name: string;
  shortname: string;
  timezone: string;
  /** Day `d`'s value of column `c` at `d * 7 + c`. */
  values: Int32Array;
  totals: Int32Array;
}

/** The report's dates and each listed person's sums, before any form (objects, JSON text or CSV) is written. */
interface ReportSums {
  range: ReportRange;
  dates: string[];
  people: PersonSums[];
}

/**
 * The report's sums: closed days come as kept (timeclock_closed_days, summed and kept by the first report that needs
 * them) and are copied as they are; only the days still open (from each person's today) are summed from the changes
 * by the shared rule (sumTimeclockDays), and PTO is added per day as the rule adds it (each entry's minutes rounded).
 */
async function readReportSums(db: Db, range: ReportRange, now: number): Promise<ReportSums> {
  const dates = datesBetween(range.start, range.end);
  const count = dates.length;
  const sources = await readReportSources(db, range, now);
  let kept: Map<number, Map<string, ClosedDayMinutes>> | undefined;
  const missing = sources.filter((row) => row[6] < row[5]);
  if (missing.length > 0) {
    const people = missing.map((row) => ({ id: row[0], today: todayInZone(row[3], now) }));
    kept = await keepClosedDays(db, people, range, now);
  }
  const dayIndex = new Map(dates.map((date, index) => [date, index]));
  // The open tails of the dates (one per first open day), shared by everyone so sumTimeclockDays works out each
  // zone's day bounds once per report.
  const tails = new Map<number, string[]>();
  const people: PersonSums[] = [];
  for (const [id, name, shortname, timezone, disabled, , , , , closedText, changes, pto, uto] of sources) {
    const values = new Int32Array(count * 7);
    const filled = new Uint8Array(count);
    const keptOf = kept?.get(id);
    if (keptOf) {
      for (const [date, minutes] of keptOf) {
        const index = dayIndex.get(date);
        if (index === undefined) continue;
        for (let column = 0; column < 4; column += 1) values[index * 7 + column] = minutes[column]!;
        filled[index] = 1;
      }
    } else if (closedText) {
      const parts = closedText.split(' ');
      for (let part = 0; part + 4 < parts.length; part += 5) {
        const index = Number(parts[part]);
        for (let column = 0; column < 4; column += 1) values[index * 7 + column] = Number(parts[part + 1 + column]);
        filled[index] = 1;
      }
    }
    let firstOpen = 0;
    while (firstOpen < count && filled[firstOpen]) firstOpen += 1;
    if (firstOpen < count) {
      let tail = tails.get(firstOpen);
      if (!tail) tails.set(firstOpen, (tail = dates.slice(firstOpen)));
      // A kept day after the first open one (none in practice: kept days end before today) is taken as kept.
      const closedDays = new Map<string, ClosedDayMinutes>();
      for (let index = firstOpen; index < count; index += 1)
        if (filled[index]) closedDays.set(dates[index]!, [...values.subarray(index * 7, index * 7 + 4)] as never);
      const { days } = sumTimeclockDays({
        dates: tail,
        changes: parseChanges(changes),
        timeOff: [],
        timezone,
        now,
        closedDays,
      });
      for (let offset = 0; offset < days.length; offset += 1) {
        const day = days[offset]!;
        const at = (firstOpen + offset) * 7;
        values[at] = day.checked_in;
        values[at + 1] = day.break;
        values[at + 2] = day.lunch;
        values[at + 3] = day.traveling;
      }
    }
    for (const [index, minutes] of minutesByDay(pto, dayIndex)) values[index * 7 + 4] += minutes;
    for (const [index, minutes] of minutesByDay(uto, dayIndex)) values[index * 7 + 5] += minutes;
    // Payable: checked_in, break, traveling, pto (unpaid time off is not paid).
    const totals = new Int32Array(7);
    let any = false;
    for (let index = 0; index < count; index += 1) {
      const at = index * 7;
      values[at + 6] = values[at]! + values[at + 1]! + values[at + 3]! + values[at + 4]!;
      for (let column = 0; column < 7; column += 1) totals[column] += values[at + column]!;
    }
    for (let column = 0; column < 7; column += 1) any ||= totals[column] !== 0;
    if (disabled && !any) continue;
    people.push({ id, name, shortname, timezone, values, totals });
  }
  return { range, dates, people };
}

/** Seven values (timeclockReportColumns' order) as JSON members, as JSON.stringify writes them (whole minutes). */
const valuesJson = (values: ArrayLike<number>, at: number) =>
  `"checked_in":${values[at]},"break":${values[at + 1]},"lunch":${values[at + 2]},"traveling":${values[at + 3]},` +
  `"pto":${values[at + 4]},"uto":${values[at + 5]},"payable":${values[at + 6]}`;

/** A day's answer object as JSON text: the bytes JSON.stringify writes for `{ date, ...values }`. */
const dayJson = (date: string, values: ArrayLike<number>, at: number) => `{"date":"${date}",${valuesJson(values, at)}}`;

/**
 * A kept closed day's answer object (timeclock_closed_days.day_json): its four statuses, no time off (PTO is read
 * live and added by the answer), payable the sum of checked in, break and traveling.
 */
function closedDayJson(date: string, [checkedIn, onBreak, lunch, traveling]: ClosedDayMinutes): string {
  return dayJson(date, [checkedIn, onBreak, lunch, traveling, 0, 0, checkedIn + onBreak + traveling], 0);
}

/**
 * GET /api/reports/timeclock/{start}/{end}/ as the answer's JSON text (`{ data: TimeclockReport }`): one row per
 * employee with per-day values and totals (minutes), summed by the shared rule (sumTimeclockDays). Closed days come
 * as kept, as their answer objects' text (timeclock_closed_days.day_json), summed and kept by the first report that
 * needs them, held in this process under each person's version (decision 0110), and are copied as they are but for
 * a day with PTO (read live, added to that day); today's are summed
 * from the changes on every call, so every process answers what the database holds now. Enabled employees always
 * have a row; a disabled one only when they have time in the range. Unpaid time off (uto) is the HR area's approved
 * Unpaid request days (decision 0052, designs/hr.md §2.5); pto the used rows (approved Accrual and Lump Sum days).
 * The bytes are JSON.stringify's of the same objects (timeclock-report.paths.test.ts).
 */
export async function getTimeclockReportJson(db: Db, range: ReportRange, now = Date.now()): Promise<string> {
  const dates = datesBetween(range.start, range.end);
  const count = dates.length;
  const sources = await readReportSources(db, range, now);
  const missing = sources.filter((row) => row[6] < row[5]);
  const kept = missing.length
    ? await keepClosedDays(
        db,
        missing.map((row) => ({ id: row[0], today: todayInZone(row[3], now) })),
        range,
        now,
      )
    : undefined;
  const dayIndex = new Map(dates.map((date, index) => [date, index]));
  // The open tails of the dates (one per first open day), shared by everyone so sumTimeclockDays works out each
  // zone's day bounds once per report.
  const tails = new Map<number, string[]>();
  const values = new Int32Array(7);
  const totals = new Int32Array(7);
  const rows: string[] = [];
  for (const [id, name, shortname, timezone, disabled, closedCount, , sums, keptText, , changes, pto, uto] of sources) {
    totals.fill(0);
    let closed = keptText ?? '';
    const keptOf = kept?.get(id);
    if (keptOf) {
      closed = [...keptOf].map(([date, minutes]) => closedDayJson(date, minutes)).join(',');
      for (const minutes of keptOf.values())
        for (let column = 0; column < 4; column += 1) totals[column] += minutes[column]!;
    } else if (sums) {
      const parts = sums.split(' ');
      for (let column = 0; column < 4; column += 1) totals[column] = Number(parts[column]);
    }
    // PTO and unpaid time off by day, each entry's minutes rounded as the shared rule adds them.
    const ptoOf = minutesByDay(pto, dayIndex);
    const utoOf = minutesByDay(uto, dayIndex);
    // A closed day with time off: its kept object (pto and uto 0) with the time off added (payable: pto only).
    for (const index of new Set([...ptoOf.keys(), ...utoOf.keys()])) {
      if (index >= closedCount) continue;
      const from = closed.indexOf(`{"date":"${dates[index]}"`);
      const to = closed.indexOf('}', from) + 1;
      const day = JSON.parse(closed.slice(from, to)) as { pto: number; uto: number; payable: number };
      day.pto += ptoOf.get(index) ?? 0;
      day.uto += utoOf.get(index) ?? 0;
      day.payable += ptoOf.get(index) ?? 0;
      closed = `${closed.slice(0, from)}${JSON.stringify(day)}${closed.slice(to)}`;
    }
    let open = '';
    if (closedCount < count) {
      let tail = tails.get(closedCount);
      if (!tail) tails.set(closedCount, (tail = dates.slice(closedCount)));
      const { days } = sumTimeclockDays({ dates: tail, changes: parseChanges(changes), timeOff: [], timezone, now });
      const texts: string[] = [];
      for (let offset = 0; offset < days.length; offset += 1) {
        const day = days[offset]!;
        values[0] = day.checked_in;
        values[1] = day.break;
        values[2] = day.lunch;
        values[3] = day.traveling;
        values[4] = ptoOf.get(closedCount + offset) ?? 0;
        values[5] = utoOf.get(closedCount + offset) ?? 0;
        values[6] = values[0] + values[1] + values[3] + values[4];
        for (let column = 0; column < 4; column += 1) totals[column] += values[column]!;
        texts.push(dayJson(tail[offset]!, values, 0));
      }
      open = texts.join(',');
    }
    for (const minutes of ptoOf.values()) totals[4] += minutes;
    for (const minutes of utoOf.values()) totals[5] += minutes;
    // Payable: checked_in, break, traveling, pto.
    totals[6] = totals[0]! + totals[1]! + totals[3]! + totals[4]!;
    if (disabled && totals.every((minutes) => minutes === 0)) continue;
    rows.push(
      `{"user_id":${id},"name":${JSON.stringify(name)},"shortname":${JSON.stringify(shortname)},` +
        `"timezone":${JSON.stringify(timezone)},"days":[${closed}${closed && open ? ',' : ''}${open}],` +
        `"totals":{${valuesJson(totals, 0)}}}`,
    );
  }
  return (
    `{"data":{"report":"timeclock","start":${JSON.stringify(range.start)},"end":${JSON.stringify(range.end)},` +
    `"dates":${JSON.stringify(dates)},"rows":[${rows.join(',')}]}}`
  );
}

// Minutes of a day as CSV cells, written once per process (formatReportMinutes; none needs csvCell's care).
const dayCells: string[] = Array.from({ length: 25 * 60 + 1 }, (_, minutes) => formatReportMinutes(minutes));

/** Minutes as a CSV cell: a day's from the table, a negative value through csvCell as timeclockReportCsv writes it. */
const minutesCell = (minutes: number) =>
  dayCells[minutes] ?? (minutes < 0 ? csvCell(formatReportMinutes(minutes)) : formatReportMinutes(minutes));

/**
 * The report as CSV text, byte for byte what timeclockReportCsv writes of the report, from the sums
 * directly: no objects per day, the name's cell once per person, the dates need no quoting and the minutes come
 * from a table.
 */
export async function getTimeclockReportCsv(db: Db, range: ReportRange, now = Date.now()): Promise<string> {
  const { dates, people } = await readReportSums(db, range, now);
  const header = ['User', 'Date', ...timeclockReportColumns.map((column) => timeclockReportColumnLabels[column])];
  const lines: string[] = [header.map(csvCell).join(',')];
  const cells: string[] = new Array(9);
  for (const { name, values, totals } of people) {
    cells[0] = csvCell(name);
    for (let index = 0; index < dates.length; index += 1) {
      const at = index * 7;
      cells[1] = dates[index]!;
      for (let column = 0; column < 7; column += 1) cells[2 + column] = minutesCell(values[at + column]!);
      lines.push(cells.join(','));
    }
    cells[1] = 'Total';
    for (let column = 0; column < 7; column += 1) cells[2 + column] = minutesCell(totals[column]!);
    lines.push(cells.join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
