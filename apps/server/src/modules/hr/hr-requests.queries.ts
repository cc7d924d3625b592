import { HR_REQUEST_COUNT_CAP, type HrDayPart, type HrOutEntry } from '@switchboard/shared/hr/requests';
import { and, asc, eq, gt, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { pageJson } from '../../db/paginate.ts';
import { pageWindow, runPrepared, writtenInteger } from '../../db/prepared.ts';
import { forbidden } from '../../plugins/errors.ts';
import { employeeDepartments, employees } from '../users/employees.table.ts';
import { users } from '../users/users.table.ts';
import { isHrApprover, isHrViewer, type HrActor } from './hr-requests.data.ts';
import { requestRowJsonJoins, requestRowJsonSql } from './hr-requests.present.ts';
import { hrRequestDays, hrRequests } from './hr-requests.table.ts';

// The requests lists (mine, approvals, all) and who is out (designs/hr.md §2.3, §8): the lists are one prepared
// statement whose answer PostgreSQL writes as JSON (decision 0138); who is out is one query.

export interface RequestListQuery {
  scope: 'mine' | 'approvals' | 'all';
  status?: string;
  category_id?: number;
  user_id?: number;
  from?: string;
  to?: string;
  page: number;
  per_page: number;
}

/**
 * mine: the viewer's own; approvals: requests the viewer approves (their direct reports', and for HR approvers those
 * that reached the HR stage), never their own; all: 'view human resources' or 'approve hr requests'.
 * GET /api/hr/requests: the paginator's JSON text (hrRequestListResponseSchema; hr-requests-json.test.ts holds it to
 * presentRow's answers), written by one named prepared statement per filter shape and page window, newest first on
 * the (created_at, id) index with one row more: the filter is counted only when that row is there (or a page past
 * the first is empty), else the total is where the page ends. The count stops at HR_REQUEST_COUNT_CAP (0098's rule):
 * past it the total is the cap, or the rows read when they reach further.
 */
export async function listRequests(db: Db, query: RequestListQuery, actor: HrActor): Promise<string> {
  if (query.scope === 'all' && !isHrViewer(actor) && !isHrApprover(actor)) throw forbidden();
  const values: Record<string, unknown> = { actor: actor.id };
  const conditions: SQL[] = [sql`true`];
  const shape: string[] = [query.scope];
  const actorId = sql.placeholder('actor');
  const reportsOf = sql`r.user_id in (select e.user_id from employees e where e.manager_id = ${actorId})`;
  if (query.scope === 'mine') conditions.push(sql`r.user_id = ${actorId}`);
  if (query.scope === 'approvals') {
    conditions.push(sql`r.user_id <> ${actorId}`);
    conditions.push(isHrApprover(actor) ? sql`(${reportsOf} or r.stage = 'hr')` : reportsOf);
    if (isHrApprover(actor)) shape.push('hr');
  }
  const filter = (name: string, value: unknown, condition: SQL) => {
    if (value === undefined || value === null || value === '' || value === 0) return;
    values[name] = value;
    conditions.push(condition);
    shape.push(name);
  };
  // Status (an enum the schema checked) and category (an integer) are written into the statement's text, and its key:
  // as parameters PostgreSQL's generic plan cannot tell a rare status from a common one (10 ms against 1 ms here).
  if (query.status && /^[a-z_]+$/.test(query.status)) {
    conditions.push(sql`r.status = ${sql.raw(`'${query.status}'`)}`);
    shape.push(`status_${query.status}`);
  }
  if (query.category_id) {
    conditions.push(sql`r.category_id = ${writtenInteger(query.category_id)}`);
    shape.push(`category_${Math.trunc(query.category_id)}`);
  }
  filter('user', query.user_id, sql`r.user_id = ${sql.placeholder('user')}::int`);
  filter('from', query.from, sql`r.end_date >= ${sql.placeholder('from')}::date`);
  filter('to', query.to, sql`r.start_date <= ${sql.placeholder('to')}::date`);
  const where = sql.join(conditions, sql` and `);
  const window = pageWindow(query, 1);
  const offset = (query.page - 1) * query.per_page;
  Object.assign(values, { per_page: query.per_page, limit: query.per_page + 1, offset });
  const perPage = sql`${sql.placeholder('per_page')}::int`;
  // The count's subquery runs only when the CASE reaches it (PostgreSQL evaluates an InitPlan on first use).
  const [written] = await runPrepared<{ rows: string; fetched: number; counted: number | null }>(
    db,
    `hr_requests_json_${shape.join('_')}_${window.key}`,
    () => sql`
    with p as (
      select r.id from hr_requests r where ${where}
      order by r.created_at desc, r.id desc
      limit ${window.limit} offset ${window.offset}
    )
    select count(*)::int as fetched,
      '[' || coalesce(string_agg(w.row, ',' order by w.position) filter (where w.position <= ${perPage}), '') || ']'
        as rows,
      case when count(*) = 0 or count(*) > ${perPage}
        then (select count(*)::int from (
          select 1 from hr_requests r where ${where} limit ${writtenInteger(HR_REQUEST_COUNT_CAP)}) c) end as counted
    from (
      select row_number() over (order by r.created_at desc, r.id desc) as position, ${requestRowJsonSql} as row
      from p join hr_requests r on r.id = p.id ${requestRowJsonJoins}
    ) w`,
    values,
  );
  const fetched = written?.fetched ?? 0;
  const rowCount = Math.min(fetched, query.per_page);
  let total = offset + rowCount;
  if (fetched > query.per_page || (rowCount === 0 && query.page > 1)) {
    const counted = written?.counted ?? 0;
    total = counted < HR_REQUEST_COUNT_CAP ? counted : Math.max(counted, offset + fetched);
  }
  return pageJson(written?.rows ?? '[]', rowCount, total, query);
}

/**
 * Who is out between two dates (no reasons): everyone for HR, calendar viewers and HR approvers; otherwise the
 * people sharing a department with `subjectId` (the requester) and the viewer's direct reports.
 */
export async function listOut(
  db: DbOrTransaction,
  range: { from: string; to: string },
  actor: HrActor,
  subjectId: number = actor.id,
): Promise<HrOutEntry[]> {
  const broad = isHrViewer(actor) || isHrApprover(actor) || actor.permissions.includes('view hr calendar');
  const colleague = sql`${hrRequestDays.userId} in (
    select colleague.user_id from ${employeeDepartments} colleague
    where colleague.department_id in (
      select own.department_id from ${employeeDepartments} own where own.user_id = ${subjectId}
    )
  )`;
  const report = sql`${hrRequestDays.userId} in (
    select ${employees.userId} from ${employees} where ${employees.managerId} = ${actor.id}
  )`;
  const rows = await db
    .select({
      userId: hrRequestDays.userId,
      name: users.name,
      date: hrRequestDays.date,
      hours: hrRequestDays.hours,
      part: hrRequestDays.part,
      status: hrRequests.status,
    })
    .from(hrRequestDays)
    .innerJoin(hrRequests, eq(hrRequests.id, hrRequestDays.requestId))
    .innerJoin(users, eq(users.id, hrRequestDays.userId))
    .where(
      and(
        gte(hrRequestDays.date, range.from),
        lte(hrRequestDays.date, range.to),
        gt(hrRequestDays.hours, '0'),
        inArray(hrRequests.status, ['pending', 'approved']),
        broad ? undefined : or(colleague, report),
      ),
    )
    .orderBy(asc(hrRequestDays.date), asc(users.name), asc(hrRequestDays.userId))
    .limit(5000);
  return rows.map((row) => ({
    user: { id: row.userId, name: row.name },
    date: row.date,
    hours: Number(row.hours),
    part: row.part as HrDayPart,
    status: row.status as 'pending' | 'approved',
  }));
}
