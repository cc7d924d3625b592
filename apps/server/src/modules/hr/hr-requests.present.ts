import { hrCategoryKinds } from '@switchboard/shared/hr/base';
import {
  hrRequestBankLabels,
  type HrDayPart,
  type HrRequestAction,
  type HrRequestBank,
  type HrRequestDay,
  type HrRequestEvent,
  type HrRequestPermissions,
  type HrRequestRow,
  type HrRequestStage,
  type HrRequestStatus,
} from '@switchboard/shared/hr/requests';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTransaction } from '../../db/client.ts';
import { jsonNamed, jsonString, jsonTime } from '../../db/json-sql.ts';
import { users } from '../users/users.table.ts';
import { isHrApprover, type HrActor } from './hr-requests.data.ts';
import { hrRequestDays, hrRequestEvents, hrRequests } from './hr-requests.table.ts';
import { hrCategories } from './hr.table.ts';

// One presenter for the list, the detail and the HrRequestUpdated payload (GUIDE: one shape for HTTP and socket).

export type RequestRecord = typeof hrRequests.$inferSelect;

const requester = alias(users, 'hr_request_requester');
const decider = alias(users, 'hr_request_decider');

export const requestRowColumns = {
  request: hrRequests,
  categoryName: hrCategories.name,
  categoryKind: hrCategories.kind,
  categoryColor: hrCategories.color,
  categoryApproval: hrCategories.approval,
  requesterName: requester.name,
  deciderName: decider.name,
};

type JoinedRow = {
  request: RequestRecord;
  categoryName: string;
  categoryKind: (typeof hrCategoryKinds)[number];
  categoryColor: string;
  categoryApproval: string;
  requesterName: string;
  deciderName: string | null;
};

/** The list's select with its joins; callers add where, order and paging. */
export function selectRequestRows(db: DbOrTransaction) {
  return db
    .select(requestRowColumns)
    .from(hrRequests)
    .innerJoin(hrCategories, eq(hrCategories.id, hrRequests.categoryId))
    .innerJoin(requester, eq(requester.id, hrRequests.userId))
    .leftJoin(decider, eq(decider.id, hrRequests.decidedBy));
}

export { requester as requesterTable };

const hoursText = (value: number): string => value.toFixed(2);

/** "Vacation, 12.00 h Lump Sum"; "2 x Monitor"; "From 2026-03-01"; the subject. */
export function summaryOf(row: RequestRecord, kind: string): string {
  const details = (row.details ?? {}) as Record<string, unknown>;
  if (kind === 'time_off') {
    const bank = row.bank ? hrRequestBankLabels[row.bank as HrRequestBank] : '';
    return `${row.reason ?? 'Time off'}, ${hoursText(Number(row.totalHours))} h ${bank}`.trim();
  }
  if (kind === 'equipment') return `${String(details.quantity ?? 1)} x ${String(details.item ?? '')}`;
  if (kind === 'schedule_change') {
    const end = details.end_date ? ` to ${String(details.end_date)}` : '';
    return `From ${String(details.effective_date ?? '')}${end}`;
  }
  return String(details.subject ?? '');
}

export function presentRow(row: JoinedRow): HrRequestRow {
  const request = row.request;
  return {
    id: request.id,
    status: request.status as HrRequestStatus,
    stage: request.stage as HrRequestStage,
    category: { id: request.categoryId, name: row.categoryName, kind: row.categoryKind, color: row.categoryColor },
    requester: { id: request.userId, name: row.requesterName },
    summary: summaryOf(request, row.categoryKind),
    reason: request.reason,
    bank: (request.bank as HrRequestBank | null) ?? null,
    start_date: request.startDate,
    end_date: request.endDate,
    total_hours: Number(request.totalHours),
    created_at: request.createdAt.toISOString(),
    decided_at: request.decidedAt?.toISOString() ?? null,
    decided_by:
      request.decidedBy !== null && row.deciderName !== null ? { id: request.decidedBy, name: row.deciderName } : null,
    version: request.version,
  };
}

/** A constant text as an SQL literal (labels written into a statement's text). */
const textLiteral = (value: string) => sql.raw(`'${value.replaceAll("'", "''")}'`);

/** JavaScript's String.prototype.trim's whitespace, for btrim (summaryOf trims). */
const jsWhitespace = sql.raw(
  `E'${[
    9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233,
    8239, 8287, 12288, 65279,
  ]
    .map((code) => `\\u${code.toString(16).padStart(4, '0')}`)
    .join('')}'`,
);

/** summaryOf in SQL over `r` (hr_requests) and `c` (hr_categories); hr-requests-json.test.ts holds the two together. */
const summarySql = sql`case c.kind
    when 'time_off' then btrim(coalesce(r.reason, 'Time off') || ', ' || r.total_hours::text || ' h '
      || case r.bank ${sql.join(
        Object.entries(hrRequestBankLabels).map(
          ([bank, label]) => sql`when ${textLiteral(bank)} then ${textLiteral(label)}`,
        ),
        sql` `,
      )} else '' end, ${jsWhitespace})
    when 'equipment' then coalesce(r.details->>'quantity', '1') || ' x ' || coalesce(r.details->>'item', '')
    when 'schedule_change' then 'From ' || coalesce(r.details->>'effective_date', '')
      || case when coalesce(r.details->>'end_date', '') <> '' then ' to ' || (r.details->>'end_date') else '' end
    else coalesce(r.details->>'subject', '') end`;

const jsonOrNull = (value: SQL) => sql`coalesce(${value}, 'null')`;

/**
 * presentRow as JSON text written by PostgreSQL (decisions 0023, 0129) over `r` (hr_requests), `c` (its category),
 * `q` (the requester) and `d` (the decider, left joined). Numbers are numeric text JSON reads as the same number.
 */
export const requestRowJsonSql = sql`'{"id":' || r.id || ',"status":' || ${jsonString(sql`r.status`)}
    || ',"stage":' || ${jsonString(sql`r.stage`)}
    || ',"category":{"id":' || r.category_id || ',"name":' || ${jsonString(sql`c.name`)}
    || ',"kind":' || ${jsonString(sql`c.kind`)} || ',"color":' || ${jsonString(sql`c.color`)} || '}'
    || ',"requester":' || ${jsonNamed(sql`r.user_id`, sql`q.name`)}
    || ',"summary":' || ${jsonString(summarySql)}
    || ',"reason":' || ${jsonOrNull(jsonString(sql`r.reason`))} || ',"bank":' || ${jsonOrNull(jsonString(sql`r.bank`))}
    || ',"start_date":' || ${jsonOrNull(sql`'"' || r.start_date::text || '"'`)}
    || ',"end_date":' || ${jsonOrNull(sql`'"' || r.end_date::text || '"'`)}
    || ',"total_hours":' || r.total_hours::text || ',"created_at":' || ${jsonTime(sql`r.created_at`)}
    || ',"decided_at":' || ${jsonTime(sql`r.decided_at`)}
    || ',"decided_by":' || ${jsonOrNull(jsonNamed(sql`r.decided_by`, sql`d.name`))}
    || ',"version":' || r.version || '}'`;

/** The joins requestRowJsonSql reads, after `from hr_requests r`. */
export const requestRowJsonJoins = sql`join hr_categories c on c.id = r.category_id
    join users q on q.id = r.user_id
    left join users d on d.id = r.decided_by`;

export async function findRequestRows(db: DbOrTransaction, where: SQL | undefined): Promise<JoinedRow[]> {
  return selectRequestRows(db).where(where).orderBy(desc(hrRequests.createdAt), desc(hrRequests.id));
}

export async function findRequestRow(db: DbOrTransaction, id: number): Promise<JoinedRow | null> {
  const [row] = await findRequestRows(db, eq(hrRequests.id, id));
  return row ?? null;
}

export async function requestDays(db: DbOrTransaction, requestId: number): Promise<HrRequestDay[]> {
  const rows = await db
    .select()
    .from(hrRequestDays)
    .where(eq(hrRequestDays.requestId, requestId))
    .orderBy(asc(hrRequestDays.date));
  return rows.map((row) => {
    const day = new Date(`${row.date}T00:00:00Z`).getUTCDay();
    const scheduled = Number(row.scheduledHours);
    return {
      date: row.date,
      weekday: day === 0 ? 7 : day,
      part: row.part as HrDayPart,
      start: row.startTime,
      end: row.endTime,
      hours: Number(row.hours),
      scheduled_hours: scheduled,
      holiday: row.holiday,
      non_working: scheduled === 0,
    };
  });
}

const actor = alias(users, 'hr_request_event_actor');

export async function requestEvents(
  db: DbOrTransaction,
  requestIds: number[],
): Promise<(HrRequestEvent & { requestId: number })[]> {
  if (requestIds.length === 0) return [];
  const rows = await db
    .select({ event: hrRequestEvents, actorName: actor.name })
    .from(hrRequestEvents)
    .leftJoin(actor, eq(actor.id, hrRequestEvents.actorId))
    .where(inArray(hrRequestEvents.requestId, requestIds))
    .orderBy(asc(hrRequestEvents.id));
  return rows.map(({ event, actorName }) => ({
    requestId: event.requestId,
    id: event.id,
    action: event.action as HrRequestAction,
    actor: event.actorId !== null && actorName !== null ? { id: event.actorId, name: actorName } : null,
    comment: event.comment,
    detail: event.detail,
    created_at: event.createdAt.toISOString(),
  }));
}

/** The latest decision's actor name, for 'This request was already decided by {name}.'. */
export async function lastDeciderName(db: DbOrTransaction, requestId: number): Promise<string> {
  const [row] = await db
    .select({ name: users.name })
    .from(hrRequestEvents)
    .innerJoin(users, eq(users.id, hrRequestEvents.actorId))
    .where(
      and(
        eq(hrRequestEvents.requestId, requestId),
        inArray(hrRequestEvents.action, ['approved', 'denied', 'withdrawn', 'cancelled', 'completed', 'updated']),
      ),
    )
    .orderBy(desc(hrRequestEvents.id))
    .limit(1);
  return row?.name ?? 'someone else';
}

export interface AccessFacts {
  isRequester: boolean;
  /** The requester's current, enabled manager. */
  isManager: boolean;
  isHrApprover: boolean;
  isHrViewer: boolean;
  today: string;
}

export function accessFacts(
  request: Pick<RequestRecord, 'userId'>,
  managerId: number | null,
  viewer: HrActor,
  today: string,
): AccessFacts {
  return {
    isRequester: request.userId === viewer.id,
    isManager: managerId !== null && managerId === viewer.id,
    isHrApprover: isHrApprover(viewer),
    isHrViewer: viewer.permissions.includes('view human resources'),
    today,
  };
}

export const canSee = (facts: AccessFacts): boolean =>
  facts.isRequester || facts.isManager || facts.isHrApprover || facts.isHrViewer;

/** Whether the viewer may act at the request's current stage (nobody on their own request). */
export function canDecide(request: Pick<RequestRecord, 'status' | 'stage'>, facts: AccessFacts): boolean {
  if (request.status !== 'pending' || facts.isRequester) return false;
  return request.stage === 'manager' ? facts.isManager || facts.isHrApprover : facts.isHrApprover;
}

/** designs/hr.md §2.6's table: what each viewer may do in each state. */
export function requestPermissions(
  request: Pick<RequestRecord, 'status' | 'stage' | 'startDate' | 'endDate'>,
  kind: string,
  facts: AccessFacts,
): HrRequestPermissions {
  const seen = canSee(facts);
  const pending = request.status === 'pending';
  const approved = request.status === 'approved';
  const allAhead = request.startDate === null || request.startDate > facts.today;
  const decide = canDecide(request, facts);
  return {
    can_edit: pending && facts.isRequester,
    can_withdraw: pending && facts.isRequester,
    can_approve: decide,
    can_deny: decide,
    can_cancel: approved && (facts.isHrApprover || ((facts.isRequester || facts.isManager) && allAhead)),
    can_shorten:
      approved &&
      facts.isHrApprover &&
      kind === 'time_off' &&
      request.startDate !== null &&
      request.endDate !== null &&
      request.startDate < request.endDate,
    can_complete: approved && kind === 'equipment' && !facts.isRequester && (facts.isManager || facts.isHrApprover),
    can_comment: seen,
  };
}
