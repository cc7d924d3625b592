import type { HrDayPart, HrOutEntry, HrRequestRow } from '@switchboard/shared/hr/requests';
import { and, asc, count, desc, eq, gt, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { toPage, type Page } from '../../db/paginate.ts';
import { forbidden } from '../../plugins/errors.ts';
import { employeeDepartments, employees } from '../users/employees.table.ts';
import { users } from '../users/users.table.ts';
import { isHrApprover, isHrViewer, type HrActor } from './hr-requests.data.ts';
import { presentRow, selectRequestRows } from './hr-requests.present.ts';
import { hrRequestDays, hrRequests } from './hr-requests.table.ts';

// The requests lists (mine, approvals, all) and who is out (designs/hr.md §2.3, §8): one query for the page, one for
// the count; no query per row.

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

const reportsOf = (managerId: number) =>
  sql`${hrRequests.userId} in (select ${employees.userId} from ${employees} where ${employees.managerId} = ${managerId})`;

/**
 * mine: the viewer's own; approvals: requests the viewer approves (their direct reports', and for HR approvers those
 * that reached the HR stage), never their own; all: 'view human resources' or 'approve hr requests'.
 */
export async function listRequests(
  db: DbOrTransaction,
  query: RequestListQuery,
  actor: HrActor,
): Promise<Page<HrRequestRow>> {
  const conditions: (SQL | undefined)[] = [];
  if (query.scope === 'mine') conditions.push(eq(hrRequests.userId, actor.id));
  if (query.scope === 'approvals') {
    conditions.push(ne(hrRequests.userId, actor.id));
    conditions.push(isHrApprover(actor) ? or(reportsOf(actor.id), eq(hrRequests.stage, 'hr')) : reportsOf(actor.id));
  }
  if (query.scope === 'all' && !isHrViewer(actor) && !isHrApprover(actor)) throw forbidden();
  if (query.status) conditions.push(eq(hrRequests.status, query.status));
  if (query.category_id) conditions.push(eq(hrRequests.categoryId, query.category_id));
  if (query.user_id) conditions.push(eq(hrRequests.userId, query.user_id));
  if (query.from) conditions.push(gte(hrRequests.endDate, query.from));
  if (query.to) conditions.push(lte(hrRequests.startDate, query.to));
  const where = and(...conditions);
  const rows = await selectRequestRows(db)
    .where(where)
    .orderBy(desc(hrRequests.createdAt), desc(hrRequests.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [{ total }] = await db.select({ total: count() }).from(hrRequests).where(where);
  return toPage(rows.map(presentRow), total, { page: query.page, per_page: query.per_page });
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
