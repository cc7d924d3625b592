import {
  datesBetween,
  sumTimeclockDays,
  todayInZone,
  type ReportRange,
  type TimeclockChange,
  type TimeclockReport,
  type TimeclockReportRow,
  type TimeOffDay,
} from '@switchboard/shared';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { employees } from '../employees/employees.table.ts';
import { timezones } from '../reference/reference.table.ts';

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

/**
 * The report's one statement ($1 start, $2 end): every employee (enabled or not, by name) with the time zone their
 * days are counted in, their status changes over the range and their PTO used in it. Per employee, through the
 * (user_id, started_at) index, the changes run from the last one that began at or before the range's first local
 * midnight (a status that runs into the range) to the range's last; Offline (5) counts nowhere and is left out, so
 * every change but an open one has its end. PTO days come through (user_id, date); both banks are paid time off.
 * Each list comes as one text of numbers ("status start end ...", ms since the epoch, '-' for an open end; "date
 * hours ..."): node-postgres then parses 200 rows instead of tens of thousands, a quarter of the CPU
 * (bench/timeclock-report.ts). The materialised CTEs keep the plan a loop over the people (else the planner joins
 * every entry ever stored and looks up the carried-in change once per entry: 1.3 s instead of 15 ms).
 */
export const timeclockReportSql = `
  with people as materialized (
    select u.id, u.name, u.shortname, u.deleted_at is not null as disabled, coalesce(tz.name, 'UTC') as timezone
    from users u
    join employees e on e.user_id = u.id
    left join timezones tz on tz.id = e.timezone_id
    where u.type = 'Employee'
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
  select c.id, c.name, c.shortname, c.timezone, c.disabled,
    (select string_agg(t.status || ' ' || (date_part('epoch', t.started_at) * 1000)::int8 || ' '
                         || coalesce(((date_part('epoch', t.ended_at) * 1000)::int8)::text, '-'), ' '
                       order by t.started_at)
       from timeclock_entries t
      where t.user_id = c.id and t.started_at >= c.first_start and t.started_at < c.range_end and t.status <> 5
    ) as changes,
    (select string_agg(to_char(p.date, 'YYYY-MM-DD') || ' ' || p.hours, ' ')
       from pto_used_hours p
      where p.user_id = c.id and p.date between $1::date and $2::date
    ) as pto
  from carried c
  order by lower(c.name), c.id`;

type SourceRow = [
  id: number,
  name: string,
  shortname: string,
  timezone: string,
  disabled: boolean,
  changes: string | null,
  pto: string | null,
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

async function readReportSources(db: Db, range: ReportRange): Promise<SourceRow[]> {
  // drizzle keeps its pool as $client (db/prepared.ts): a named statement, parsed and planned once per connection.
  const pool = (db as Db & { $client: pg.Pool }).$client;
  const { rows } = await pool.query<SourceRow>({
    name: 'timeclock_report',
    text: timeclockReportSql,
    values: [range.start, range.end],
    rowMode: 'array',
  });
  return rows;
}

/**
 * GET /api/reports/timeclock/{start}/{end}/: one row per employee with per-day values and totals (minutes), summed
 * by the shared rule (sumTimeclockDays). Enabled employees always have a row; a disabled one only when they have
 * time in the range. Unpaid time off (uto) comes from the HR area's approved Unpaid request days once it lands
 * (decision 0052); until then no record holds any and the column is 0.
 */
export async function getTimeclockReport(db: Db, range: ReportRange, now = Date.now()): Promise<TimeclockReport> {
  const dates = datesBetween(range.start, range.end);
  const rows: TimeclockReportRow[] = [];
  for (const [id, name, shortname, timezone, disabled, changes, pto] of await readReportSources(db, range)) {
    const { days, totals } = sumTimeclockDays({
      dates,
      changes: parseChanges(changes),
      timeOff: parseTimeOff(pto),
      timezone,
      now,
    });
    if (disabled && Object.values(totals).every((minutes) => minutes === 0)) continue;
    rows.push({ user_id: id, name, shortname, timezone, days, totals });
  }
  return { report: 'timeclock', start: range.start, end: range.end, dates, rows };
}
