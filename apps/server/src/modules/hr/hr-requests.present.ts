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
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTransaction } from '../../db/client.ts';
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
