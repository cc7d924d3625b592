import type { CalendarItem } from '@switchboard/shared/calendar';
import { hrCalendarOutLabel, type HrCalendarKind, type HrCalendarQuery } from '@switchboard/shared/hr/calendar';
import { and, asc, between, eq, gt, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { employees } from '../users/employees.table.ts';
import { users } from '../users/users.table.ts';
import { hrCategories } from './hr.table.ts';
import { hrApplicants, hrInterviewers, hrInterviews, hrJobs } from './hr-jobs.table.ts';
import { hrRequestDays, hrRequests } from './hr-requests.table.ts';
import { addDays, peopleCondition, type CalendarViewer } from './hr-calendar-people.ts';

// Time off and interviews on the HR calendar (designs/hr.md §6): each day with hours of a time-off request, approved
// (taken) in the category's colour, pending outlined for HR, HR approvers, the requester's manager and the requester.

const taken = ['approved', 'completed'];

function pendingVisible(viewer: CalendarViewer): SQL | undefined {
  if (viewer.permissions.includes('view human resources') || viewer.permissions.includes('approve hr requests'))
    return undefined;
  return or(eq(hrRequests.userId, viewer.id), eq(employees.managerId, viewer.id));
}

/** A calendar day as 'YYYY-MM-DD' (the ISO DateStyle drizzle's string dates already rely on; to_char costs more). */
const dayText = (day: SQL) => sql`(${day})::text`;

/** Up to a quarter, the range's days are few: read each one's request by key; beyond, hash-join the requests. */
const KEYED_READ_MAX_DAYS = 92;

/**
 * The time-off items as the JSON text of an array, written by PostgreSQL (decision 0149): each day with hours in the
 * range, read through hr_request_days' date index, in the order date, person, request; the former partLabel and title
 * in SQL. For a month (406 days against 8,146 requests on the bench) each day's request is read by primary key, in a
 * lateral subquery kept from being flattened (the planner hash-joined every request); for the feed's 15 months (4,055
 * days) the hash join is the cheaper plan and is kept.
 */
export async function listHrCalendarTimeOffJson(
  db: DbOrTransaction,
  query: HrCalendarQuery,
  viewer: CalendarViewer,
  kinds: ReadonlySet<HrCalendarKind>,
): Promise<string> {
  if (!kinds.has('time_off') && !kinds.has('pending')) return '[]';
  const statuses = or(
    kinds.has('time_off') ? inArray(hrRequests.status, taken) : undefined,
    kinds.has('pending') ? and(eq(hrRequests.status, 'pending'), pendingVisible(viewer)) : undefined,
  );
  // Reasons are HR's to read; everyone else (and every feed) reads "Out".
  const what = viewer.permissions.includes('view human resources')
    ? sql`case when coalesce(${hrRequests.reason}, '') <> '' then ${hrRequests.reason} else ${hrCalendarOutLabel} end`
    : sql`${hrCalendarOutLabel}::text`;
  const pending = sql`${hrRequests.status} = 'pending'`;
  // partLabel: "Morning", "Afternoon", or the hours ('2.50' -> '2.5 h') of a custom or short day.
  const part = sql`case when d.part = 'morning' then 'Morning' when d.part = 'afternoon' then 'Afternoon'
    when d.part = 'custom' or d.hours < d.scheduled_hours then trim_scale(d.hours)::text || ' h' end`;
  const title = sql`${users.name} || ': ' || ${what} || coalesce(' (' || ${part} || ')', '')
    || case when ${pending} then ' (pending)' else '' end`;
  const item = sql`'{"id":"time-off-' || ${hrRequests.id} || '-' || ${dayText(sql`d.date`)}
    || '","kind":"' || case when ${pending} then 'pending' else 'time_off' end
    || '","title":' || to_json(${title})::text
    || ',"start":"' || ${dayText(sql`d.date`)} || '","end":"' || ${dayText(sql`d.date + 1`)}
    || '","all_day":true,"color":' || coalesce(to_json(${hrCategories.color})::text, 'null')
    || ',"display":"' || case when ${pending} then 'outline' else 'block' end
    || '","url":"/hr/requests?request=' || ${hrRequests.id} || '","user_id":' || ${hrRequests.userId}
    || ',"source_id":' || ${hrRequests.id} || ',"editable":false}'`;
  const keyed = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < KEYED_READ_MAX_DAYS;
  const requests = keyed
    ? sql`cross join lateral (select * from ${hrRequests} r where r.id = d.request_id offset 0) as ${hrRequests}`
    : sql`join ${hrRequests} on ${hrRequests.id} = d.request_id`;
  const result = await db.execute<{ items: string }>(sql`
    with d as ${keyed ? sql`materialized` : sql`not materialized`} (
      select ${hrRequestDays.requestId} as request_id, ${hrRequestDays.date} as date, ${hrRequestDays.hours} as hours,
        ${hrRequestDays.part} as part, ${hrRequestDays.scheduledHours} as scheduled_hours
      from ${hrRequestDays}
      where ${between(hrRequestDays.date, query.from, query.to)} and ${gt(hrRequestDays.hours, '0')}
    )
    select '[' || coalesce(string_agg(${item}, ',' order by d.date, ${users.name}, ${hrRequests.id}), '') || ']'
      as items
    from d
    ${requests}
    join ${hrCategories} on ${eq(hrCategories.id, hrRequests.categoryId)}
    join ${users} on ${eq(users.id, hrRequests.userId)}
    join ${employees} on ${eq(employees.userId, hrRequests.userId)}
    where ${and(eq(hrCategories.kind, 'time_off'), statuses, peopleCondition(query))}`);
  return result.rows[0]?.items ?? '[]';
}

/** The time-off items as objects (the iCal feed, the general calendar): the same statement, parsed. */
export async function listHrCalendarTimeOff(
  db: DbOrTransaction,
  query: HrCalendarQuery,
  viewer: CalendarViewer,
  kinds: ReadonlySet<HrCalendarKind>,
): Promise<CalendarItem[]> {
  return JSON.parse(await listHrCalendarTimeOffJson(db, query, viewer, kinds)) as CalendarItem[];
}

const interviewColor = '#0ca678';

/**
 * Scheduled interviews starting between from and to (UTC days): all of them for 'manage jobs', else those the viewer
 * sits on. The person filter keeps the interviews that person sits on. Times are instants (UTC) for every client.
 */
export async function listHrCalendarInterviews(
  db: DbOrTransaction,
  query: HrCalendarQuery,
  viewer: CalendarViewer,
): Promise<CalendarItem[]> {
  const sitsOn = (userId: number) =>
    inArray(
      hrInterviews.id,
      db.select({ id: hrInterviewers.interviewId }).from(hrInterviewers).where(eq(hrInterviewers.userId, userId)),
    );
  const rows = await db
    .select({
      id: hrInterviews.id,
      applicantId: hrInterviews.applicantId,
      startsAt: hrInterviews.startsAt,
      endsAt: hrInterviews.endsAt,
      firstName: hrApplicants.firstName,
      lastName: hrApplicants.lastName,
      job: hrJobs.title,
    })
    .from(hrInterviews)
    .innerJoin(hrApplicants, eq(hrApplicants.id, hrInterviews.applicantId))
    .innerJoin(hrJobs, eq(hrJobs.id, hrApplicants.jobId))
    .where(
      and(
        eq(hrInterviews.status, 'scheduled'),
        gte(hrInterviews.startsAt, new Date(`${query.from}T00:00:00Z`)),
        lt(hrInterviews.startsAt, new Date(`${addDays(query.to, 1)}T00:00:00Z`)),
        viewer.permissions.includes('manage jobs') ? undefined : sitsOn(viewer.id),
        query.user_id === undefined ? undefined : sitsOn(query.user_id),
      ),
    )
    .orderBy(asc(hrInterviews.startsAt), asc(hrInterviews.id));
  return rows.map((row) => ({
    id: `interview-${row.id}`,
    kind: 'interview',
    title: `Interview: ${row.firstName} ${row.lastName} (${row.job})`,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    all_day: false,
    color: interviewColor,
    display: 'block',
    url: `/hr/jobs?applicant=${row.applicantId}`,
    user_id: null,
    source_id: row.id,
    editable: false,
  }));
}
