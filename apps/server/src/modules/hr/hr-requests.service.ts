import { NOTIFICATION_HR_REQUEST, type Notification } from '@switchboard/shared';
import type { HrSettings } from '@switchboard/shared/hr/base';
import { expandTimeOffDays, overlappingDates, totalDayHours } from '@switchboard/shared/hr/request-days';
import {
  hrRequestMessages as messages,
  ptoBankOfRequestBank,
  type HrRequestAction,
  type HrRequestActionInput,
  type HrRequestApproveInput,
  type HrRequestBalance,
  type HrRequestBank,
  type HrRequestDay,
  type HrRequestDenyInput,
  type HrRequestDetail,
  type HrRequestEvent,
  type HrRequestRow,
  type HrRequestPreview,
  type HrRequestPreviewValues,
  type HrRequestShortenInput,
  type HrRequestStage,
  type HrRequestValues,
  type HrTimeOffRequestValues,
} from '@switchboard/shared/hr/requests';
import { roundHours } from '@switchboard/shared/pto';
import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTransaction, Transaction } from '../../db/client.ts';
import { jsonNamed, jsonTime } from '../../db/json-sql.ts';
import { runPrepared } from '../../db/prepared.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../plugins/errors.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { todayIn } from '../pto/pto.service.ts';
import { ptoUsedHours } from '../pto/pto.table.ts';
import { timezones } from '../reference/reference.table.ts';
import { employees } from '../users/employees.table.ts';
import { users } from '../users/users.table.ts';
import {
  approvePermission,
  bankOptions,
  effectiveHolidaysOf,
  findRequestEmployee,
  hrApproverIds,
  isHrApprover,
  isHrViewer,
  otherTimeOffByDate,
  projectRequestBalances,
  readHrSettings,
  scheduleOf,
  type HrActor,
  type RequestEmployee,
} from './hr-requests.data.ts';
import {
  accessFacts,
  canDecide,
  canSee,
  findRequestRow,
  requestRowJsonJoins,
  requestRowJsonSql,
  lastDeciderName,
  presentRow,
  requestDays,
  requestEvents,
  requestPermissions,
  type AccessFacts,
  type RequestRecord,
} from './hr-requests.present.ts';
import { listOut } from './hr-requests.queries.ts';
import { hrRequestDays, hrRequestEvents, hrRequestMails, hrRequests } from './hr-requests.table.ts';
import { hrCategories } from './hr.table.ts';
import type { StoredAttachment } from './hr-requests-attachment.ts';

// HR requests (designs/hr.md §2.2-§2.7): filing, editing, the two-stage approval as conditional updates on a
// version, cancel and return early with their used rows in the same transaction. Each write answers the request's
// id and the effects to run after commit (pushes, PTO periods, the mail job): hr-requests.effects.ts.

export interface RequestEffects {
  requestIds: Set<number>;
  notifications: { userId: number; notification: Notification }[];
  ptoUsers: Set<number>;
  calendar: { from: string; to: string }[];
  mail: boolean;
}

export const newEffects = (): RequestEffects => ({
  requestIds: new Set(),
  notifications: [],
  ptoUsers: new Set(),
  calendar: [],
  mail: false,
});

export interface WriteResult {
  id: number;
  effects: RequestEffects;
  /** The answer's message when it depends on what happened (withdrawn or cancelled). */
  message?: string;
}

type MailKind = 'submitted' | 'decided' | 'hr_decided' | 'commented' | 'cancelled' | 'reminder' | 'escalated';

interface Context {
  tx: Transaction;
  actor: HrActor;
  effects: RequestEffects;
}

async function notify(context: Context, userIds: Iterable<number>, requestId: number, action: string): Promise<void> {
  for (const userId of new Set(userIds)) {
    if (userId === context.actor.id) continue;
    const notification = await createNotification(context.tx, userId, {
      type: NOTIFICATION_HR_REQUEST,
      number_details: requestId,
      data: { action, by: context.actor.id },
    });
    context.effects.notifications.push({ userId, notification });
  }
}

/** Owed e-mails, sent by the mail job after commit (it builds each message when sending). */
export async function queueMail(
  tx: DbOrTransaction,
  effects: RequestEffects,
  requestId: number,
  recipients: Iterable<number>,
  kind: MailKind,
  eventId: number | null,
  skip: number | null = null,
): Promise<void> {
  const rows = [...new Set(recipients)]
    .filter((id) => id !== skip)
    .map((recipientId) => ({ requestId, recipientId, kind, eventId }));
  if (rows.length === 0) return;
  await tx.insert(hrRequestMails).values(rows);
  effects.mail = true;
}

export async function logEvent(
  tx: DbOrTransaction,
  requestId: number,
  actorId: number | null,
  action: HrRequestAction,
  comment: string | null,
  detail: string | null = null,
): Promise<number> {
  const [row] = await tx
    .insert(hrRequestEvents)
    .values({ requestId, actorId, action, comment: comment || null, detail })
    .returning({ id: hrRequestEvents.id });
  return row.id;
}

/** Who acts at a stage: the manager, or every HR approver. */
async function stageApprovers(tx: DbOrTransaction, stage: HrRequestStage, managerId: number | null): Promise<number[]> {
  return stage === 'manager' && managerId !== null ? [managerId] : hrApproverIds(tx);
}

/** Stage 1 is the manager unless the category goes to HR only, or there is no enabled manager. */
function firstStage(approval: string, managerId: number | null): HrRequestStage {
  return approval === 'hr' || managerId === null ? 'hr' : 'manager';
}

const touchesPto = (request: Pick<RequestRecord, 'bank'>): boolean =>
  request.bank !== null && ptoBankOfRequestBank(request.bank as HrRequestBank) !== null;

function calendarRange(effects: RequestEffects, request: Pick<RequestRecord, 'startDate' | 'endDate'>): void {
  if (request.startDate && request.endDate) effects.calendar.push({ from: request.startDate, to: request.endDate });
}

// ---------------------------------------------------------------------------------------------------------
// Time-off days: expansion and the rules that need the database

interface PreparedTimeOff {
  days: HrRequestDay[];
  total: number;
  balances: HrRequestBalance[];
  negative: boolean;
  warnings: string[];
}

async function prepareTimeOff(
  db: DbOrTransaction,
  employee: RequestEmployee,
  input: Pick<HrTimeOffRequestValues, 'bank' | 'start_date' | 'end_date' | 'days'>,
  settings: HrSettings,
  options: { hrFiling: boolean; exceptRequestId: number | null; enforce: boolean },
): Promise<PreparedTimeOff> {
  const today = todayIn(employee.timezone);
  if (options.enforce) {
    if (input.bank === 'unpaid' && !settings.unpaid_allowed) throw unprocessable({ bank: [messages.unpaidNotAllowed] });
    const earliest = new Date(Date.parse(`${today}T00:00:00Z`) - settings.backdate_days * 86_400_000)
      .toISOString()
      .slice(0, 10);
    if (!options.hrFiling && input.start_date < earliest) {
      throw unprocessable({ start_date: [messages.backdated(settings.backdate_days)] });
    }
  }
  const holidays = (await effectiveHolidaysOf(db, [employee.id])).get(employee.id) ?? [];
  const days = expandTimeOffDays({
    start: input.start_date,
    end: input.end_date,
    parts: input.days,
    schedule: scheduleOf(employee, settings),
    holidays,
  });
  const byDate = new Map(days.map((day) => [day.date, day]));
  const over = input.days.filter(
    (part) =>
      part.part === 'custom' && part.hours != null && part.hours > (byDate.get(part.date)?.scheduled_hours ?? 0),
  );
  const total = totalDayHours(days);
  if (options.enforce) {
    if (total === 0) throw unprocessable({ days: [messages.noWorkingDays] });
    if (over.length > 0) throw unprocessable({ days: over.map((part) => messages.dayHoursOverSchedule(part.date)) });
    const others = await otherTimeOffByDate(db, employee.id, input.start_date, input.end_date, options.exceptRequestId);
    const overlaps = overlappingDates(days, others);
    if (overlaps.length > 0) throw unprocessable({ days: overlaps.map((date) => messages.alreadyOff(date)) });
  }
  const projection = await projectRequestBalances(db, employee.id, input.bank, days, options.exceptRequestId);
  const warnings: string[] = [];
  if (projection.negative) warnings.push(messages.negativeWarning);
  if (projection.hourlyNotYetEarned) warnings.push(messages.hourlyNotYetEarned);
  if (options.enforce && projection.negative && settings.negative_balance === 'block' && !options.hrFiling) {
    throw unprocessable({ bank: [messages.negativeBlocked] });
  }
  return { days, total, balances: projection.balances, negative: projection.negative, warnings };
}

async function writeDays(tx: Transaction, requestId: number, userId: number, bank: string, days: HrRequestDay[]) {
  await tx.delete(hrRequestDays).where(eq(hrRequestDays.requestId, requestId));
  if (days.length === 0) return;
  await tx.insert(hrRequestDays).values(
    days.map((day) => ({
      requestId,
      userId,
      date: day.date,
      hours: day.hours.toFixed(2),
      bank,
      part: day.part,
      startTime: day.start,
      endTime: day.end,
      scheduledHours: day.scheduled_hours.toFixed(2),
      holiday: day.holiday,
    })),
  );
}

/** The final approval's PTO effect: one used row per day with hours, tagged with the request (§2.5). */
async function writeUsedRows(tx: Transaction, request: RequestRecord, actorId: number, effects: RequestEffects) {
  calendarRange(effects, request);
  if (!touchesPto(request)) return;
  const bank = ptoBankOfRequestBank(request.bank as HrRequestBank) as string;
  // Straight from the stored days, in one statement (no round trip through Node).
  await tx.execute(sql`
    insert into ${ptoUsedHours} (user_id, date, hours, bank, note, request_id, created_by)
    select ${request.userId}::int, d.date, d.hours, ${bank}, ${`HR request #${request.id}`}, d.request_id,
      ${actorId}::int
    from ${hrRequestDays} d where d.request_id = ${request.id} and d.hours > 0
    order by d.date`);
  effects.ptoUsers.add(request.userId);
}

// ---------------------------------------------------------------------------------------------------------
// Reading

async function loadCategory(db: DbOrTransaction, id: number) {
  const [row] = await db.select().from(hrCategories).where(eq(hrCategories.id, id)).limit(1);
  return row ?? null;
}

interface Loaded {
  request: RequestRecord;
  kind: string;
  approval: string;
  employee: RequestEmployee;
  facts: AccessFacts;
}

const viewerManager = alias(users, 'hr_request_viewer_manager');

/**
 * The request and what the viewer is to it; 404 when it is not theirs to see. One statement: the request, its
 * category, the employee as findRequestEmployee reads them (a disabled manager counts as none) and their time zone.
 */
async function loadForViewer(db: DbOrTransaction, id: number, actor: HrActor, lock = false): Promise<Loaded> {
  const query = db
    .select({
      request: hrRequests,
      kind: hrCategories.kind,
      approval: hrCategories.approval,
      name: users.name,
      email: users.email,
      deletedAt: users.deletedAt,
      managerId: employees.managerId,
      managerDeletedAt: viewerManager.deletedAt,
      workHours: employees.workHours,
      timezone: timezones.name,
    })
    .from(hrRequests)
    .innerJoin(employees, eq(employees.userId, hrRequests.userId))
    .innerJoin(users, and(eq(users.id, hrRequests.userId), eq(users.type, 'Employee')))
    .leftJoin(viewerManager, eq(viewerManager.id, employees.managerId))
    .leftJoin(hrCategories, eq(hrCategories.id, hrRequests.categoryId))
    .leftJoin(timezones, eq(timezones.id, employees.timezoneId))
    .where(eq(hrRequests.id, id))
    .limit(1);
  const [found] = lock ? await query.for('update', { of: hrRequests }) : await query;
  if (!found) throw notFound();
  const { request } = found;
  const employee: RequestEmployee = {
    id: request.userId,
    name: found.name,
    email: found.email,
    enabled: found.deletedAt === null,
    managerId: found.managerId !== null && found.managerDeletedAt === null ? found.managerId : null,
    workHours: found.workHours,
    timezone: found.timezone ?? 'UTC',
  };
  const facts = accessFacts(request, employee.managerId, actor, todayIn(employee.timezone));
  if (!canSee(facts)) throw notFound();
  return { request, kind: found.kind ?? 'general', approval: found.approval ?? 'hr', employee, facts };
}

export async function getRequestDetail(db: DbOrTransaction, id: number, actor: HrActor): Promise<HrRequestDetail> {
  const loaded = await loadForViewer(db, id, actor);
  const row = await findRequestRow(db, id);
  if (!row) throw notFound();
  const { request, kind, employee, facts } = loaded;
  const days = await requestDays(db, id);
  const events = (await requestEvents(db, [id])).map(({ requestId: _requestId, ...event }) => event);
  let balances: HrRequestBalance[] = [];
  let negative = false;
  if (kind === 'time_off' && request.bank && (request.status === 'pending' || request.status === 'approved')) {
    const projection = await projectRequestBalances(db, request.userId, request.bank as HrRequestBank, days, id);
    balances = projection.balances;
    negative = projection.negative;
  }
  const approverIds =
    request.status === 'pending' ? await stageApprovers(db, request.stage as HrRequestStage, employee.managerId) : [];
  const approvers = approverIds.length > 0 ? await namesOf(db, approverIds) : [];
  const creator = request.createdBy === null ? null : ((await namesOf(db, [request.createdBy]))[0] ?? null);
  return {
    ...presentRow(row),
    ...requestPermissions(request, kind, facts),
    note: request.note,
    details: request.details ?? null,
    days,
    approvers,
    created_by: creator,
    events,
    balances,
    negative,
    attachment:
      request.attachmentPath !== null && canReadAttachment(facts)
        ? {
            name: request.attachmentName ?? 'attachment',
            mime: request.attachmentMime ?? '',
            bytes: request.attachmentBytes ?? 0,
          }
        : null,
  };
}

interface DrawerRow extends Record<string, unknown> {
  user_id: number;
  status: string;
  stage: string;
  bank: string | null;
  start_date: string | null;
  end_date: string | null;
  note: string;
  details: Record<string, unknown> | null;
  attachment_path: string | null;
  attachment_name: string | null;
  attachment_mime: string | null;
  attachment_bytes: number | null;
  kind: string;
  manager_id: number | null;
  timezone: string;
  row: HrRequestRow;
  days: HrRequestDay[];
  events: HrRequestEvent[];
  manager: { id: number; name: string } | null;
  hr_approvers: { id: number; name: string }[];
  created_by: { id: number; name: string } | null;
}

const jsonText = (value: SQL) => sql`coalesce(to_json(${value})::text, 'null')`;

/**
 * The drawer's statement: the request with what its permissions read, its row (requestRowJsonSql), days, events, the
 * stage's possible approvers and its creator, as JSON node-postgres parses; only the balances are read apart.
 */
const drawerSql = () => sql`
  select r.user_id, r.status, r.stage, r.bank, r.start_date::text as start_date, r.end_date::text as end_date, r.note,
    r.details, r.attachment_path, r.attachment_name, r.attachment_mime, r.attachment_bytes, c.kind,
    case when m.deleted_at is null then e.manager_id end as manager_id, coalesce(tz.name, 'UTC') as timezone,
    (${requestRowJsonSql})::json as row,
    (select coalesce(json_agg(x.day order by x.date), '[]') from (
      select rd.date, ('{"date":"' || rd.date::text || '","weekday":' || extract(isodow from rd.date)::int
        || ',"part":' || ${jsonText(sql`rd.part`)} || ',"start":' || ${jsonText(sql`rd.start_time`)}
        || ',"end":' || ${jsonText(sql`rd.end_time`)} || ',"hours":' || rd.hours::text
        || ',"scheduled_hours":' || rd.scheduled_hours::text || ',"holiday":' || ${jsonText(sql`rd.holiday`)}
        || ',"non_working":' || (rd.scheduled_hours = 0)::text || '}')::json as day
      from hr_request_days rd where rd.request_id = r.id) x) as days,
    (select coalesce(json_agg(x.event order by x.id), '[]') from (
      select ev.id, ('{"id":' || ev.id || ',"action":' || ${jsonText(sql`ev.action`)}
        || ',"actor":' || coalesce(${jsonNamed(sql`ev.actor_id`, sql`a.name`)}, 'null')
        || ',"comment":' || ${jsonText(sql`ev.comment`)} || ',"detail":' || ${jsonText(sql`ev.detail`)}
        || ',"created_at":' || ${jsonTime(sql`ev.created_at`)} || '}')::json as event
      from hr_request_events ev left join users a on a.id = ev.actor_id where ev.request_id = r.id) x) as events,
    case when m.deleted_at is null and e.manager_id is not null
      then json_build_object('id', m.id, 'name', m.name) end as manager,
    (select coalesce(json_agg(json_build_object('id', h.id, 'name', h.name) order by h.id), '[]')
      from users h where h.deleted_at is null and h.type = 'Employee' and h.id in (
        select up.user_id from user_permissions up join permissions p on p.id = up.permission_id
        where p.name = ${approvePermission})) as hr_approvers,
    (select json_build_object('id', cb.id, 'name', cb.name) from users cb where cb.id = r.created_by) as created_by
  from hr_requests r ${requestRowJsonJoins}
  join employees e on e.user_id = r.user_id
  left join users m on m.id = e.manager_id
  left join timezones tz on tz.id = e.timezone_id
  where r.id = ${sql.placeholder('id')}::int and q.type = 'Employee'`;

/**
 * GET /api/hr/requests/{id} and every write's answer: getRequestDetail's answer from one prepared statement and the
 * balance projection (hr-requests-json.test.ts holds the two together; getRequestDetail stays as that reference).
 */
export async function getRequestDrawer(db: Db, id: number, actor: HrActor): Promise<HrRequestDetail> {
  const [found] = await runPrepared<DrawerRow>(db, 'hr_request_drawer', drawerSql, { id });
  if (!found) throw notFound();
  const request = {
    userId: found.user_id,
    status: found.status,
    stage: found.stage,
    startDate: found.start_date,
    endDate: found.end_date,
  };
  const facts = accessFacts(request, found.manager_id, actor, todayIn(found.timezone));
  if (!canSee(facts)) throw notFound();
  let balances: HrRequestBalance[] = [];
  let negative = false;
  if (found.kind === 'time_off' && found.bank && (found.status === 'pending' || found.status === 'approved')) {
    const projection = await projectRequestBalances(db, found.user_id, found.bank as HrRequestBank, found.days, id);
    balances = projection.balances;
    negative = projection.negative;
  }
  const pending = found.status === 'pending';
  const atManager = found.stage === 'manager' && found.manager_id !== null;
  return {
    ...found.row,
    ...requestPermissions(request, found.kind, facts),
    note: found.note,
    details: found.details ?? null,
    days: found.days,
    approvers: !pending ? [] : atManager ? (found.manager ? [found.manager] : []) : found.hr_approvers,
    created_by: found.created_by,
    events: found.events,
    balances,
    negative,
    attachment:
      found.attachment_path !== null && canReadAttachment(facts)
        ? {
            name: found.attachment_name ?? 'attachment',
            mime: found.attachment_mime ?? '',
            bytes: found.attachment_bytes ?? 0,
          }
        : null,
  };
}

/** The attachment is HR-only (designs/hr.md §2.3): its requester and HR read it, the manager does not. */
const canReadAttachment = (facts: AccessFacts): boolean => facts.isRequester || facts.isHrApprover || facts.isHrViewer;

/** GET /api/hr/requests/{id}/attachment: the stored file for the requester and HR; 404 for anyone else. */
export async function findRequestAttachment(
  db: DbOrTransaction,
  id: number,
  actor: HrActor,
): Promise<StoredAttachment> {
  const { request, facts } = await loadForViewer(db, id, actor);
  if (request.attachmentPath === null || !canReadAttachment(facts)) throw notFound();
  return {
    path: request.attachmentPath,
    name: request.attachmentName ?? 'attachment',
    mime: request.attachmentMime ?? 'application/octet-stream',
    bytes: request.attachmentBytes ?? 0,
  };
}

async function namesOf(db: DbOrTransaction, ids: number[]): Promise<{ id: number; name: string }[]> {
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return ids.flatMap((id) => rows.filter((row) => row.id === id));
}

// ---------------------------------------------------------------------------------------------------------
// Preview

export async function previewRequest(db: Db, input: HrRequestPreviewValues, actor: HrActor): Promise<HrRequestPreview> {
  const employee = await targetEmployee(db, input.user_id ?? actor.id, actor);
  const settings = await readHrSettings(db);
  const hrFiling = isHrApprover(actor) || isHrViewer(actor);
  const prepared = await prepareTimeOff(db, employee, input, settings, {
    hrFiling,
    exceptRequestId: input.request_id ?? null,
    enforce: false,
  });
  const others = await listOut(db, { from: input.start_date, to: input.end_date }, actor, employee.id);
  return {
    days: prepared.days,
    total_hours: prepared.total,
    balances: prepared.balances,
    banks: await bankOptions(db, employee.id, settings),
    warnings: prepared.warnings,
    negative: prepared.negative,
    negative_balance: settings.negative_balance,
    others_out: others.filter((entry) => entry.user.id !== employee.id),
  };
}

/** The employee a request is for: oneself, or (HR, or their manager) someone else; 403/422 otherwise. */
async function targetEmployee(db: DbOrTransaction, userId: number, actor: HrActor): Promise<RequestEmployee> {
  const employee = await findRequestEmployee(db, userId);
  const onBehalf = userId !== actor.id;
  if (!employee || !employee.enabled) {
    if (onBehalf) throw unprocessable({ user_id: ['The selected employee is invalid.'] });
    throw forbidden();
  }
  if (onBehalf && !(isHrApprover(actor) || isHrViewer(actor) || employee.managerId === actor.id)) {
    throw forbidden(messages.onBehalfNotAllowed);
  }
  return employee;
}

// ---------------------------------------------------------------------------------------------------------
// Filing and editing

function kindFields(input: HrRequestValues) {
  if (input.kind === 'time_off') {
    return {
      reason: input.reason,
      bank: input.bank,
      startDate: input.start_date,
      endDate: input.end_date,
      details: null,
    };
  }
  const details = input.details as Record<string, unknown>;
  const dates =
    input.kind === 'schedule_change'
      ? {
          startDate: input.details.effective_date,
          endDate: input.details.end_date ?? input.details.effective_date,
        }
      : { startDate: null, endDate: null };
  return { reason: null, bank: null, ...dates, details };
}

async function checkCategory(db: DbOrTransaction, input: HrRequestValues) {
  const category = await loadCategory(db, input.category_id);
  if (!category) throw unprocessable({ category_id: ['The selected category is invalid.'] });
  if (!category.active) throw unprocessable({ category_id: [messages.categoryInactive] });
  if (category.kind !== input.kind) throw unprocessable({ category_id: [messages.categoryKind] });
  return category;
}

/**
 * POST /api/hr/requests: for oneself, or on someone's behalf (HR or their manager), optionally approved at once; with
 * an attachment already checked and stored by the route (which removes it again when this fails).
 */
export async function createRequest(
  db: Db,
  input: HrRequestValues,
  actor: HrActor,
  attachment: StoredAttachment | null = null,
): Promise<WriteResult> {
  const effects = newEffects();
  const id = await db.transaction(async (tx) => {
    const context: Context = { tx, actor, effects };
    const employee = await targetEmployee(tx, input.user_id ?? actor.id, actor);
    const onBehalf = employee.id !== actor.id;
    if (input.approve_now && !onBehalf) throw unprocessable({ approve_now: [messages.notYourOwn] });
    const category = await checkCategory(tx, input);
    const settings = await readHrSettings(tx);
    const hrFiling = isHrApprover(actor) || isHrViewer(actor);
    const prepared =
      input.kind === 'time_off'
        ? await prepareTimeOff(tx, employee, input, settings, { hrFiling, exceptRequestId: null, enforce: true })
        : null;
    const stage = firstStage(category.approval, employee.managerId);
    const [request] = await tx
      .insert(hrRequests)
      .values({
        userId: employee.id,
        categoryId: category.id,
        status: 'pending',
        stage,
        ...kindFields(input),
        totalHours: (prepared?.total ?? 0).toFixed(2),
        note: input.note,
        createdBy: actor.id,
        ...(attachment
          ? {
              attachmentPath: attachment.path,
              attachmentName: attachment.name,
              attachmentMime: attachment.mime,
              attachmentBytes: attachment.bytes,
            }
          : {}),
      })
      .returning();
    if (prepared && input.kind === 'time_off') await writeDays(tx, request.id, employee.id, input.bank, prepared.days);
    effects.requestIds.add(request.id);
    calendarRange(effects, request);
    const filedBy = onBehalf ? `Filed on ${employee.name}'s behalf` : null;
    const eventId = await logEvent(tx, request.id, actor.id, 'submitted', null, filedBy);
    if (input.approve_now) {
      const detail = prepared?.negative ? messages.approvedDespiteNegative : null;
      const [approved] = await tx
        .update(hrRequests)
        .set({
          status: 'approved',
          decidedBy: actor.id,
          decidedAt: new Date(),
          version: sql`${hrRequests.version} + 1`,
        })
        .where(eq(hrRequests.id, request.id))
        .returning();
      const decisionId = await logEvent(tx, request.id, actor.id, 'approved', null, detail);
      await writeUsedRows(tx, approved, actor.id, effects);
      await notify(context, [employee.id], request.id, 'approved');
      await queueMail(tx, effects, request.id, [employee.id], 'decided', decisionId, actor.id);
      return request.id;
    }
    const approvers = (await stageApprovers(tx, stage, employee.managerId)).filter((id) => id !== employee.id);
    await notify(context, approvers, request.id, 'submitted');
    await queueMail(tx, effects, request.id, approvers, 'submitted', eventId, actor.id);
    return request.id;
  });
  return { id, effects };
}

/** PUT /api/hr/requests/{id}: the requester edits a pending request; it goes back to stage 1. */
export async function updateRequest(db: Db, id: number, input: HrRequestValues, actor: HrActor): Promise<WriteResult> {
  const effects = newEffects();
  await db.transaction(async (tx) => {
    const context: Context = { tx, actor, effects };
    const { request, employee, facts } = await loadForViewer(tx, id, actor, true);
    if (!facts.isRequester) throw forbidden();
    if (request.status !== 'pending') throw conflict(messages.alreadyDecided(await lastDeciderName(tx, id)));
    if (input.version != null && input.version !== request.version) throw conflict(messages.versionStale);
    const category = await checkCategory(tx, input);
    const settings = await readHrSettings(tx);
    const hrFiling = isHrApprover(actor) || isHrViewer(actor);
    const prepared =
      input.kind === 'time_off'
        ? await prepareTimeOff(tx, employee, input, settings, { hrFiling, exceptRequestId: id, enforce: true })
        : null;
    calendarRange(effects, request);
    const stage = firstStage(category.approval, employee.managerId);
    const [updated] = await tx
      .update(hrRequests)
      .set({
        categoryId: category.id,
        stage,
        stageSince: new Date(),
        ...kindFields(input),
        totalHours: (prepared?.total ?? 0).toFixed(2),
        note: input.note,
        updatedAt: new Date(),
        version: sql`${hrRequests.version} + 1`,
      })
      .where(and(eq(hrRequests.id, id), eq(hrRequests.status, 'pending'), eq(hrRequests.version, request.version)))
      .returning();
    if (!updated) throw conflict(messages.versionStale);
    if (input.kind === 'time_off' && prepared) await writeDays(tx, id, employee.id, input.bank, prepared.days);
    else await tx.delete(hrRequestDays).where(eq(hrRequestDays.requestId, id));
    calendarRange(effects, updated);
    effects.requestIds.add(id);
    const eventId = await logEvent(tx, id, actor.id, 'updated', null);
    const approvers = (await stageApprovers(tx, stage, employee.managerId)).filter((user) => user !== employee.id);
    await notify(context, approvers, id, 'updated');
    await queueMail(tx, effects, id, approvers, 'submitted', eventId, actor.id);
  });
  return { id, effects };
}

// ---------------------------------------------------------------------------------------------------------
// Decisions

/** 409 for a conditional update that found nothing: decided by someone else, or changed since it was read. */
async function refuseStale(tx: DbOrTransaction, id: number, read: Pick<RequestRecord, 'status' | 'stage'>) {
  const [now] = await tx
    .select({ status: hrRequests.status, stage: hrRequests.stage })
    .from(hrRequests)
    .where(eq(hrRequests.id, id));
  if (!now || now.status !== read.status || now.stage !== read.stage) {
    return conflict(messages.alreadyDecided(await lastDeciderName(tx, id)));
  }
  return conflict(messages.versionStale);
}

async function refuseNotPending(tx: DbOrTransaction, request: RequestRecord): Promise<never> {
  throw conflict(messages.alreadyDecided(await lastDeciderName(tx, request.id)));
}

/** Approve at the current stage; the final approval writes the used rows in the same transaction. */
async function approveInTransaction(
  context: Context,
  id: number,
  input: Pick<HrRequestApproveInput, 'comment' | 'approve_despite_negative'> & { version: number },
): Promise<void> {
  const { tx, actor, effects } = context;
  const { request, kind, approval, employee, facts } = await loadForViewer(tx, id, actor);
  if (request.status !== 'pending') await refuseNotPending(tx, request);
  if (facts.isRequester) throw forbidden(messages.notYourOwn);
  if (!canDecide(request, facts)) throw forbidden();
  const atManagerStage = request.stage === 'manager';
  // A manager holding 'approve hr requests' completes both stages; HR at the manager stage skips it.
  const final = !atManagerStage || approval === 'manager' || facts.isHrApprover;
  const details: string[] = [];
  if (atManagerStage && !facts.isManager && facts.isHrApprover) details.push(messages.approvedAsHr);
  if (final && kind === 'time_off' && touchesPto(request)) {
    const days = await requestDays(tx, id);
    const projection = await projectRequestBalances(tx, request.userId, request.bank as HrRequestBank, days, id);
    if (projection.negative) {
      if (!input.approve_despite_negative) {
        throw unprocessable({ approve_despite_negative: [messages.negativeNeedsConfirmation] });
      }
      details.push(messages.approvedDespiteNegative);
    }
  }
  const now = new Date();
  const [updated] = await tx
    .update(hrRequests)
    .set(
      final
        ? {
            status: 'approved',
            decidedBy: actor.id,
            decidedAt: now,
            updatedAt: now,
            version: sql`${hrRequests.version} + 1`,
          }
        : { stage: 'hr', stageSince: now, updatedAt: now, version: sql`${hrRequests.version} + 1` },
    )
    .where(
      and(
        eq(hrRequests.id, id),
        eq(hrRequests.status, 'pending'),
        eq(hrRequests.stage, request.stage),
        eq(hrRequests.version, input.version),
      ),
    )
    .returning();
  if (!updated) throw await refuseStale(tx, id, request);
  effects.requestIds.add(id);
  const eventId = await logEvent(tx, id, actor.id, 'approved', input.comment ?? null, details.join('; ') || null);
  if (!final) {
    const hr = (await hrApproverIds(tx)).filter((user) => user !== request.userId);
    await notify(context, [request.userId, ...hr], id, 'approved');
    await queueMail(tx, effects, id, hr, 'submitted', eventId, actor.id);
    return;
  }
  await writeUsedRows(tx, updated, actor.id, effects);
  await notify(context, [request.userId], id, 'approved');
  await queueMail(tx, effects, id, [request.userId], 'decided', eventId, actor.id);
  if (!facts.isManager && employee.managerId !== null && employee.managerId !== request.userId) {
    await queueMail(tx, effects, id, [employee.managerId], 'hr_decided', eventId, actor.id);
  }
}

export async function approveRequest(
  db: Db,
  id: number,
  input: { comment: string; approve_despite_negative: boolean; version: number },
  actor: HrActor,
): Promise<WriteResult> {
  const effects = newEffects();
  await db.transaction((tx) => approveInTransaction({ tx, actor, effects }, id, input));
  return { id, effects };
}

/** POST /api/hr/requests/approve: the same checks per row, each in its own transaction. */
export async function bulkApprove(
  db: Db,
  input: { requests: { id: number; version: number }[]; comment: string; approve_despite_negative: boolean },
  actor: HrActor,
): Promise<{ results: { id: number; ok: boolean; status: number; message: string }[]; effects: RequestEffects }> {
  const effects = newEffects();
  const results: { id: number; ok: boolean; status: number; message: string }[] = [];
  for (const row of input.requests) {
    const own = newEffects();
    try {
      await db.transaction((tx) =>
        approveInTransaction({ tx, actor, effects: own }, row.id, { ...input, version: row.version }),
      );
      mergeEffects(effects, own);
      results.push({ id: row.id, ok: true, status: 200, message: messages.approved });
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === undefined) throw error;
      const fields = (error as { errors?: Record<string, string[]> }).errors;
      const message = fields ? Object.values(fields).flat()[0] : (error as Error).message;
      results.push({ id: row.id, ok: false, status, message: message ?? (error as Error).message });
    }
  }
  return { results, effects };
}

export function mergeEffects(into: RequestEffects, from: RequestEffects): void {
  for (const id of from.requestIds) into.requestIds.add(id);
  into.notifications.push(...from.notifications);
  for (const id of from.ptoUsers) into.ptoUsers.add(id);
  into.calendar.push(...from.calendar);
  into.mail ||= from.mail;
}

export async function denyRequest(db: Db, id: number, input: HrRequestDenyInput, actor: HrActor): Promise<WriteResult> {
  const effects = newEffects();
  await db.transaction(async (tx) => {
    const context: Context = { tx, actor, effects };
    const { request, employee, facts } = await loadForViewer(tx, id, actor);
    if (request.status !== 'pending') await refuseNotPending(tx, request);
    if (facts.isRequester) throw forbidden(messages.notYourOwn);
    if (!canDecide(request, facts)) throw forbidden();
    const now = new Date();
    const [updated] = await tx
      .update(hrRequests)
      .set({
        status: 'denied',
        decidedBy: actor.id,
        decidedAt: now,
        updatedAt: now,
        version: sql`${hrRequests.version} + 1`,
      })
      .where(
        and(
          eq(hrRequests.id, id),
          eq(hrRequests.status, 'pending'),
          eq(hrRequests.stage, request.stage),
          eq(hrRequests.version, input.version),
        ),
      )
      .returning();
    if (!updated) throw await refuseStale(tx, id, request);
    effects.requestIds.add(id);
    calendarRange(effects, request);
    const eventId = await logEvent(tx, id, actor.id, 'denied', input.comment);
    await notify(context, [request.userId], id, 'denied');
    await queueMail(tx, effects, id, [request.userId], 'decided', eventId, actor.id);
    if (!facts.isManager && employee.managerId !== null) {
      await queueMail(tx, effects, id, [employee.managerId], 'hr_decided', eventId, actor.id);
    }
  });
  return { id, effects };
}

/**
 * Withdraw (the requester, pending) or cancel (approved: the requester or the manager while every day is ahead, HR
 * at any time; approvers give a comment). The used rows go in the same transaction (§2.6).
 */
export async function cancelRequest(
  db: Db,
  id: number,
  input: HrRequestActionInput,
  actor: HrActor,
): Promise<WriteResult> {
  const effects = newEffects();
  const action = await db.transaction(async (tx) => {
    const context: Context = { tx, actor, effects };
    const { request, kind, employee, facts } = await loadForViewer(tx, id, actor);
    const version = input.version as number;
    const comment = input.comment ?? '';
    if (request.status === 'pending') {
      if (!facts.isRequester) throw forbidden();
    } else if (request.status === 'approved') {
      const permissions = requestPermissions(request, kind, facts);
      if (!permissions.can_cancel) throw forbidden();
      if (!facts.isRequester && comment === '') throw unprocessable({ comment: [messages.commentRequired] });
    } else {
      await refuseNotPending(tx, request);
    }
    const now = new Date();
    const [updated] = await tx
      .update(hrRequests)
      .set({ status: 'cancelled', updatedAt: now, version: sql`${hrRequests.version} + 1` })
      .where(and(eq(hrRequests.id, id), eq(hrRequests.status, request.status), eq(hrRequests.version, version)))
      .returning();
    if (!updated) throw await refuseStale(tx, id, request);
    await tx.delete(ptoUsedHours).where(eq(ptoUsedHours.requestId, id));
    if (request.status === 'approved' && touchesPto(request)) effects.ptoUsers.add(request.userId);
    effects.requestIds.add(id);
    calendarRange(effects, request);
    const action = request.status === 'pending' ? 'withdrawn' : 'cancelled';
    const eventId = await logEvent(tx, id, actor.id, action, comment);
    if (facts.isRequester) {
      const approvers =
        request.status === 'pending'
          ? await stageApprovers(tx, request.stage as HrRequestStage, employee.managerId)
          : [employee.managerId, request.decidedBy].filter((user): user is number => user !== null);
      await notify(context, approvers, id, action);
      if (request.status === 'approved') await queueMail(tx, effects, id, approvers, 'cancelled', eventId, actor.id);
    } else {
      await notify(context, [request.userId], id, action);
      await queueMail(tx, effects, id, [request.userId], 'cancelled', eventId, actor.id);
    }
    return action;
  });
  return { id, effects, message: action === 'withdrawn' ? messages.withdrawn : messages.cancelled };
}

/** Return early (HR): the days after last_day are dropped with their used rows, in one transaction. */
export async function shortenRequest(
  db: Db,
  id: number,
  input: HrRequestShortenInput,
  actor: HrActor,
): Promise<WriteResult> {
  const effects = newEffects();
  await db.transaction(async (tx) => {
    const context: Context = { tx, actor, effects };
    const { request, kind, facts } = await loadForViewer(tx, id, actor);
    if (request.status !== 'approved') await refuseNotPending(tx, request);
    if (!requestPermissions(request, kind, facts).can_shorten) throw forbidden();
    const lastDay = input.last_day as string;
    if (lastDay < (request.startDate as string) || lastDay >= (request.endDate as string)) {
      throw unprocessable({ last_day: [messages.shortenAfterStart] });
    }
    const dropped = await tx
      .delete(hrRequestDays)
      .where(and(eq(hrRequestDays.requestId, id), gt(hrRequestDays.date, lastDay)))
      .returning({ hours: hrRequestDays.hours });
    const returned = roundHours(dropped.reduce((sum, day) => sum + Number(day.hours), 0));
    const [updated] = await tx
      .update(hrRequests)
      .set({
        endDate: lastDay,
        totalHours: sql`greatest(0, ${hrRequests.totalHours} - ${returned.toFixed(2)}::numeric)`,
        updatedAt: new Date(),
        version: sql`${hrRequests.version} + 1`,
      })
      .where(
        and(eq(hrRequests.id, id), eq(hrRequests.status, 'approved'), eq(hrRequests.version, input.version as number)),
      )
      .returning();
    if (!updated) throw await refuseStale(tx, id, request);
    await tx.delete(ptoUsedHours).where(and(eq(ptoUsedHours.requestId, id), gt(ptoUsedHours.date, lastDay)));
    if (touchesPto(request)) effects.ptoUsers.add(request.userId);
    effects.requestIds.add(id);
    calendarRange(effects, request);
    const detail = `Returned early after ${lastDay}: ${returned.toFixed(2)} h returned`;
    const eventId = await logEvent(tx, id, actor.id, 'shortened', input.comment ?? '', detail);
    await notify(context, [request.userId], id, 'shortened');
    await queueMail(tx, effects, id, [request.userId], 'decided', eventId, actor.id);
  });
  return { id, effects };
}

/** Complete an approved equipment request (ordered, delivered) with a note. */
export async function completeRequest(
  db: Db,
  id: number,
  input: HrRequestActionInput,
  actor: HrActor,
): Promise<WriteResult> {
  const effects = newEffects();
  await db.transaction(async (tx) => {
    const context: Context = { tx, actor, effects };
    const { request, kind, facts } = await loadForViewer(tx, id, actor);
    if (kind !== 'equipment') throw unprocessable({ status: [messages.completeEquipmentOnly] });
    if (request.status !== 'approved') await refuseNotPending(tx, request);
    if (!requestPermissions(request, kind, facts).can_complete) throw forbidden();
    const [updated] = await tx
      .update(hrRequests)
      .set({ status: 'completed', updatedAt: new Date(), version: sql`${hrRequests.version} + 1` })
      .where(
        and(eq(hrRequests.id, id), eq(hrRequests.status, 'approved'), eq(hrRequests.version, input.version as number)),
      )
      .returning();
    if (!updated) throw await refuseStale(tx, id, request);
    effects.requestIds.add(id);
    const eventId = await logEvent(tx, id, actor.id, 'completed', input.comment ?? '');
    await notify(context, [request.userId], id, 'completed');
    await queueMail(tx, effects, id, [request.userId], 'decided', eventId, actor.id);
  });
  return { id, effects };
}

/** Anyone involved comments at any time; the other side is told. */
export async function commentOnRequest(db: Db, id: number, comment: string, actor: HrActor): Promise<WriteResult> {
  const effects = newEffects();
  await db.transaction(async (tx) => {
    const context: Context = { tx, actor, effects };
    const { request, employee, facts } = await loadForViewer(tx, id, actor);
    effects.requestIds.add(id);
    const eventId = await logEvent(tx, id, actor.id, 'commented', comment);
    if (facts.isRequester) {
      const approvers =
        request.status === 'pending'
          ? await stageApprovers(tx, request.stage as HrRequestStage, employee.managerId)
          : [employee.managerId, request.decidedBy].filter((user): user is number => user !== null);
      await notify(context, approvers, id, 'commented');
    } else {
      await notify(context, [request.userId], id, 'commented');
      await queueMail(tx, effects, id, [request.userId], 'commented', eventId, actor.id);
    }
  });
  return { id, effects };
}

/**
 * POST and DELETE /api/hr/requests/{id}/attachment: the requester or an HR approver adds, replaces or removes the
 * HR-only attachment while the request is pending (an edit, designs/hr.md §2.6; decided requests are final). Anyone
 * else who sees the request gets 403 when they may read the file ('view human resources'), 404 otherwise (the
 * manager, as for the download). Answers the stored path it replaced or removed, for the route to delete after commit.
 */
export async function changeRequestAttachment(
  db: Db,
  id: number,
  attachment: StoredAttachment | null,
  actor: HrActor,
): Promise<WriteResult & { replaced: string | null }> {
  const effects = newEffects();
  const replaced = await db.transaction(async (tx) => {
    const { request, facts } = await loadForViewer(tx, id, actor, true);
    if (!facts.isRequester && !facts.isHrApprover) throw canReadAttachment(facts) ? forbidden() : notFound();
    if (attachment === null && request.attachmentPath === null) throw notFound();
    if (request.status !== 'pending') throw unprocessable({ attachment: [messages.notPending] });
    await tx
      .update(hrRequests)
      .set({
        attachmentPath: attachment?.path ?? null,
        attachmentName: attachment?.name ?? null,
        attachmentMime: attachment?.mime ?? null,
        attachmentBytes: attachment?.bytes ?? null,
        updatedAt: new Date(),
      })
      .where(eq(hrRequests.id, id));
    // The log is read by the manager too: it says that the file changed, not its name.
    const detail =
      attachment === null ? 'Attachment removed' : request.attachmentPath ? 'Attachment replaced' : 'Attachment added';
    await logEvent(tx, id, actor.id, 'updated', null, detail);
    effects.requestIds.add(id);
    return request.attachmentPath;
  });
  return { id, effects, replaced };
}
