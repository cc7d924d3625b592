import { phoneChannel } from '@switchboard/shared';
import { LEAD_STATUS, stateTimeZones, withinCallingWindow } from '@switchboard/shared/crm';
import {
  DIAL_CLAIM_MINUTES,
  DIAL_SESSION_MAX_ITEMS,
  DIAL_SESSION_PREVIEW,
  dialSkipReasons,
  dialerMessages as messages,
  dialsPerHour,
  type DialItem,
  type DialNext,
  type DialSession,
  type DialSessionCreate,
  type DialSessionFilters,
} from '@switchboard/shared/crm-dialer';
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AppInstance } from '../../app-instance.ts';
import type { DbOrTransaction } from '../../db/client.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { agentLineDigits } from '../phone-numbers/phone-numbers.service.ts';
import { voicemails } from '../reference/reference.table.ts';
import { getSettings } from '../settings/settings.service.ts';
import type { AuthContext } from '../users/auth-context.ts';
import { crmAppointments } from './crm-appointments.table.ts';
import { crmDialSessionItems, crmDialSessions } from './crm-dialer.table.ts';
import { agentToday, extraConditions, leadsByIds } from './crm-leads-read.ts';
import { crmCalls, crmLeads } from './crm.table.ts';
import { readCrmSettings, visibleLeadsCondition, type CrmSettingsRow } from './lead-access.ts';

// The power dialer (designs/crm-softphone.md §4.4): a session snapshots the agent's visible leads into a queue;
// `next` closes the current item, skips the queued leads that may not be called now (with a reason), then claims the
// first free lead with one `update crm_leads ... where id = (select ... for update skip locked)`, so two agents never
// hold one lead. Calls go through the phone routes; the stats are one grouped read of the agent's calls.

type SessionRow = typeof crmDialSessions.$inferSelect;
type Tx = DbOrTransaction;

const openSessionConstraint = 'crm_dial_sessions_one_open';

function isOpenSessionViolation(error: unknown): boolean {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 3; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === openSessionConstraint) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The leads list's filters as conditions on crm_leads (the same rules as GET /api/crm/leads). */
function filterConditions(
  filters: DialSessionFilters,
  context: { auth: AuthContext; settings: CrmSettingsRow; loadStatus: number; today: string },
): SQL[] {
  const conditions: SQL[] = [visibleLeadsCondition(context.auth, context.settings)];
  const status = filters.status ?? context.loadStatus;
  if (status !== LEAD_STATUS.all) conditions.push(eq(crmLeads.status, status));
  if (filters.campaign_id) conditions.push(eq(crmLeads.campaignId, filters.campaign_id));
  return [...conditions, ...extraConditions(filters, context)];
}

/** POST /api/crm/dialer/sessions: the session and its queue (at most DIAL_SESSION_MAX_ITEMS leads) in one go. */
export async function createDialSession(app: AppInstance, auth: AuthContext, input: DialSessionCreate) {
  const db = app.db;
  const settings = await readCrmSettings(db);
  const userSettings = await getSettings(db, auth.user.id);
  const today = await agentToday(db, auth.user.id);
  const voicemailId = input.voicemail_id ?? null;
  if (voicemailId !== null) {
    const [found] = await db
      .select({ id: voicemails.id })
      .from(voicemails)
      .where(and(eq(voicemails.id, voicemailId), isNull(voicemails.deletedAt)))
      .limit(1);
    if (!found) throw unprocessable({ voicemail_id: [messages.voicemailInvalid] });
  }
  // Leads chosen by hand are the queue as they are; otherwise the list's filters (and due only) choose.
  const conditions = input.lead_ids
    ? [visibleLeadsCondition(auth, settings), inArray(crmLeads.id, input.lead_ids)]
    : filterConditions(input.filters, { auth, settings, loadStatus: Number(userSettings.crm_load_status), today });
  if (input.due_only && !input.lead_ids) {
    conditions.push(or(isNull(crmLeads.nextTouch), lte(crmLeads.nextTouch, today))!);
  }
  const session = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(crmDialSessions)
        .values({
          userId: auth.user.id,
          filters: input.lead_ids ? { lead_ids: input.lead_ids } : input.filters,
          dueOnly: input.due_only && !input.lead_ids,
          voicemailId,
          wrapUpSeconds: input.wrap_up_seconds ?? settings.wrapUpSeconds,
        })
        .returning();
      // Order of §4.4: next touch (empty first), then the longest since the last call (never called first).
      const inserted = await tx.execute(sql`insert into ${crmDialSessionItems} (session_id, position, lead_id)
        select ${row.id}, row_number() over (order by q.next_touch asc nulls first, q.last_call_at asc nulls first,
          q.id), q.id
        from (
          select ${crmLeads.id} as id, ${crmLeads.nextTouch} as next_touch, ${crmLeads.lastCallAt} as last_call_at
          from ${crmLeads}
          where ${and(...conditions)}
          order by ${crmLeads.nextTouch} asc nulls first, ${crmLeads.lastCallAt} asc nulls first, ${crmLeads.id}
          limit ${DIAL_SESSION_MAX_ITEMS}
        ) q`);
      if (!inserted.rowCount) throw unprocessable({ filters: [messages.noLeads] });
      return row;
    })
    .catch((error: unknown) => {
      if (isOpenSessionViolation(error)) throw unprocessable({ session: [messages.activeSessionExists] });
      throw error;
    });
  return presentSession(db, session);
}

/** The caller's own session (locked for the transaction when asked), or 404. */
async function ownSession(tx: Tx, auth: AuthContext, id: number, lock = false): Promise<SessionRow> {
  const query = tx
    .select()
    .from(crmDialSessions)
    .where(and(eq(crmDialSessions.id, id), eq(crmDialSessions.userId, auth.user.id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** The agent's open session (a reload finds it again), or null. */
export async function openDialSession(db: DbOrTransaction, auth: AuthContext): Promise<DialSession | null> {
  const [row] = await db
    .select()
    .from(crmDialSessions)
    .where(and(eq(crmDialSessions.userId, auth.user.id), sql`${crmDialSessions.status} <> 'finished'`))
    .limit(1);
  return row ? presentSession(db, row) : null;
}

export async function getDialSession(db: DbOrTransaction, auth: AuthContext, id: number): Promise<DialSession> {
  return presentSession(db, await ownSession(db, auth, id));
}

const itemColumns = {
  position: crmDialSessionItems.position,
  leadId: crmDialSessionItems.leadId,
  state: crmDialSessionItems.state,
  skipReason: crmDialSessionItems.skipReason,
  callId: crmDialSessionItems.callId,
  companyName: crmLeads.companyName,
  firstName: crmLeads.firstName,
  lastName: crmLeads.lastName,
  phone: crmLeads.phone,
  mobile: crmLeads.mobile,
  leadState: crmLeads.state,
  nextTouch: crmLeads.nextTouch,
};

type ItemRow = { [K in keyof typeof itemColumns]: (typeof itemColumns)[K]['_']['data'] | null };

function presentItem(row: ItemRow): DialItem {
  return {
    position: row.position!,
    lead_id: row.leadId!,
    state: row.state!,
    skip_reason: row.skipReason,
    call_id: row.callId,
    company_name: row.companyName ?? '',
    contact_name: [row.firstName, row.lastName].filter(Boolean).join(' '),
    phone: row.phone ?? row.mobile,
    lead_state: row.leadState,
    next_touch: row.nextTouch,
  };
}

function selectItems(db: DbOrTransaction, where: SQL | undefined) {
  return db
    .select(itemColumns)
    .from(crmDialSessionItems)
    .innerJoin(crmLeads, eq(crmLeads.id, crmDialSessionItems.leadId))
    .where(where);
}

/** The calls of a session: the agent's outgoing calls to its leads since each was claimed (or stamped with it). */
function sessionCalls(session: SessionRow): SQL {
  return sql`${crmCalls.userId} = ${session.userId} and ${crmCalls.direction} = 'outgoing'
    and ${crmCalls.createdAt} >= ${session.startedAt ?? session.createdAt}
    and (${crmCalls.dialSessionId} = ${session.id} or (${crmCalls.dialSessionId} is null and exists (
      select 1 from ${crmDialSessionItems} i where i.session_id = ${session.id} and i.lead_id = ${crmCalls.leadId}
        and i.claimed_at <= ${crmCalls.createdAt})))
    and (${session.finishedAt}::timestamptz is null or ${crmCalls.createdAt} <= ${session.finishedAt})`;
}

/**
 * Appointments the agent set during the session (started to finished) on the session's leads: the real rows of
 * crm_appointments, not the calls' dispositions (an Appointment Set whose dialog was cancelled sets none).
 */
async function sessionAppointments(db: DbOrTransaction, session: SessionRow): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(crmAppointments)
    .where(
      and(
        eq(crmAppointments.setBy, session.userId),
        gte(crmAppointments.createdAt, session.startedAt!),
        session.finishedAt === null ? undefined : lte(crmAppointments.createdAt, session.finishedAt),
        inArray(
          crmAppointments.leadId,
          db
            .select({ leadId: crmDialSessionItems.leadId })
            .from(crmDialSessionItems)
            .where(eq(crmDialSessionItems.sessionId, session.id)),
        ),
      ),
    );
  return row?.n ?? 0;
}

/** The session's answer: counts by state, stats from its calls, the current item and the next few. */
export async function presentSession(db: DbOrTransaction, session: SessionRow): Promise<DialSession> {
  const bySession = eq(crmDialSessionItems.sessionId, session.id);
  const counts = await db
    .select({ state: crmDialSessionItems.state, n: sql<number>`count(*)::int` })
    .from(crmDialSessionItems)
    .where(bySession)
    .groupBy(crmDialSessionItems.state);
  const count = (state: string) => counts.find((row) => row.state === state)?.n ?? 0;
  const [current] = await selectItems(db, and(bySession, eq(crmDialSessionItems.state, 'dialing')))
    .orderBy(desc(crmDialSessionItems.claimedAt))
    .limit(1);
  const upcoming = await selectItems(db, and(bySession, eq(crmDialSessionItems.state, 'queued')))
    .orderBy(asc(crmDialSessionItems.position))
    .limit(DIAL_SESSION_PREVIEW);
  const connected = sql`${crmCalls.answeredAt} is not null and ${crmCalls.status} <> 'voicemail'
    and coalesce(${crmCalls.amdResult}, '') <> 'machine'`;
  const [stats] = await db
    .select({
      dials: sql<number>`count(*)::int`,
      connects: sql<number>`(count(*) filter (where ${connected}))::int`,
      voicemails: sql<number>`(count(*) filter (where ${crmCalls.status} = 'voicemail'
        or ${crmCalls.voicemailStatus} in ('started', 'ended')))::int`,
      talk: sql<number>`coalesce(sum(${crmCalls.durationSeconds}) filter (where ${connected}), 0)::int`,
      elapsed: sql<number>`coalesce(extract(epoch from coalesce(${session.finishedAt}::timestamptz, now())
        - ${session.startedAt}::timestamptz), 0)::float8`,
    })
    .from(crmCalls)
    .where(session.startedAt === null ? sql`false` : sessionCalls(session));
  const appointments = session.startedAt === null ? 0 : await sessionAppointments(db, session);
  return {
    id: session.id,
    user_id: session.userId,
    status: session.status,
    filters: session.filters as Record<string, unknown>,
    due_only: session.dueOnly,
    voicemail_id: session.voicemailId,
    wrap_up_seconds: session.wrapUpSeconds,
    created_at: session.createdAt.toISOString(),
    started_at: session.startedAt?.toISOString() ?? null,
    finished_at: session.finishedAt?.toISOString() ?? null,
    counts: {
      total: counts.reduce((sum, row) => sum + row.n, 0),
      queued: count('queued'),
      done: count('done') + count('dialing'),
      skipped: count('skipped'),
    },
    stats: {
      dials: stats?.dials ?? 0,
      connects: stats?.connects ?? 0,
      voicemails: stats?.voicemails ?? 0,
      appointments,
      talk_seconds: stats?.talk ?? 0,
      dials_per_hour: dialsPerHour(stats?.dials ?? 0, stats?.elapsed ?? 0),
    },
    current: current ? presentItem(current) : null,
    upcoming: upcoming.map(presentItem),
  };
}

/**
 * Ends the current (dialing) item: done with its call when the agent called the lead since the claim; otherwise
 * `withoutCall` decides (next: done; pause, stop: back in the queue; skip: skipped by the agent). Releases the claim.
 */
async function closeCurrent(
  tx: Tx,
  session: SessionRow,
  withoutCall: 'done' | 'queued' | 'skipped',
): Promise<number | null> {
  const [current] = await tx
    .select()
    .from(crmDialSessionItems)
    .where(and(eq(crmDialSessionItems.sessionId, session.id), eq(crmDialSessionItems.state, 'dialing')))
    .orderBy(desc(crmDialSessionItems.claimedAt))
    .limit(1);
  if (!current) return null;
  const [call] = await tx
    .select({ id: crmCalls.id })
    .from(crmCalls)
    .where(
      and(
        eq(crmCalls.userId, session.userId),
        eq(crmCalls.leadId, current.leadId),
        eq(crmCalls.direction, 'outgoing'),
        gte(crmCalls.createdAt, current.claimedAt ?? session.createdAt),
      ),
    )
    .orderBy(desc(crmCalls.id))
    .limit(1);
  const state = call && withoutCall !== 'skipped' ? 'done' : withoutCall;
  await tx
    .update(crmDialSessionItems)
    .set({
      state,
      callId: call?.id ?? null,
      skipReason: state === 'skipped' ? dialSkipReasons.agent : null,
      claimedAt: state === 'queued' ? null : current.claimedAt,
      updatedAt: sql`now()`,
    })
    .where(and(eq(crmDialSessionItems.sessionId, session.id), eq(crmDialSessionItems.position, current.position)));
  if (call) {
    await tx
      .update(crmCalls)
      .set({ dialSessionId: session.id })
      .where(
        and(
          eq(crmCalls.userId, session.userId),
          eq(crmCalls.leadId, current.leadId),
          isNull(crmCalls.dialSessionId),
          gte(crmCalls.createdAt, current.claimedAt ?? session.createdAt),
        ),
      );
  }
  await releaseClaims(tx, session.userId, [current.leadId]);
  return current.leadId;
}

async function releaseClaims(tx: Tx, userId: number, leadIds: number[]): Promise<void> {
  if (leadIds.length === 0) return;
  await tx
    .update(crmLeads)
    .set({ dialingBy: null, dialingUntil: null })
    .where(and(inArray(crmLeads.id, leadIds), eq(crmLeads.dialingBy, userId)));
}

/** crm_leads.state inside the calling window now: the known states open now, or (unknown state) every US zone. */
function inCallingWindow(settings: CrmSettingsRow, now: Date): SQL {
  const start = settings.callingHoursStart;
  const end = settings.callingHoursEnd;
  const known = Object.keys(stateTimeZones);
  const open = known.filter((code) => withinCallingWindow(code, now, start, end));
  const unknownOpen = withinCallingWindow(null, now, start, end);
  return sql`(case when ${crmLeads.state} = any(string_to_array(${known.join(',')}, ','))
    then ${crmLeads.state} = any(string_to_array(${open.join(',')}, ','))
    else ${unknownOpen}::boolean end)`;
}

/** Marks skipped, with the reason, the queued items whose leads may not be called now. */
async function skipUncallable(tx: Tx, auth: AuthContext, session: SessionRow, settings: CrmSettingsRow) {
  const visible = visibleLeadsCondition(auth, settings);
  const listed = sql`exists (select 1 from crm_do_not_call d
    where d.phone_digits in (${crmLeads.phoneDigits}, ${crmLeads.mobileDigits}))`;
  const doNotCall = sql`(${crmLeads.doNotCall} or ${listed})`;
  const noNumber = sql`(${crmLeads.phoneDigits} is null and ${crmLeads.mobileDigits} is null)`;
  const calledSince = sql`(${crmLeads.lastCallAt} > ${session.createdAt})`;
  const window = inCallingWindow(settings, new Date());
  await tx.execute(sql`update ${crmDialSessionItems} set state = 'skipped', updated_at = now(), skip_reason = case
      when not (${visible}) then ${dialSkipReasons.unavailable}
      when ${doNotCall} then ${dialSkipReasons.doNotCall}
      when ${crmLeads.badNumber} then ${dialSkipReasons.badNumber}
      when ${noNumber} then ${dialSkipReasons.noNumber}
      when ${calledSince} then ${dialSkipReasons.calledSince}
      else ${dialSkipReasons.callingHours} end
    from ${crmLeads}
    where ${crmDialSessionItems.sessionId} = ${session.id} and ${crmDialSessionItems.state} = 'queued'
      and ${crmLeads.id} = ${crmDialSessionItems.leadId}
      and (not (${visible}) or ${doNotCall} or ${crmLeads.badNumber} or ${noNumber} or ${calledSince}
        or not ${window})`);
}

/** Claims the first queued lead not held by another agent (§4.4); answers its position, or null. */
async function claimNext(tx: Tx, session: SessionRow): Promise<{ position: number; leadId: number } | null> {
  const me = session.userId;
  const result = await tx.execute<{ id: number }>(sql`update ${crmLeads}
    set dialing_by = ${me}, dialing_until = now() + make_interval(mins => ${DIAL_CLAIM_MINUTES})
    where ${crmLeads.id} = (
      select l.id from ${crmDialSessionItems} i join ${crmLeads} l on l.id = i.lead_id
      where i.session_id = ${session.id} and i.state = 'queued' and l.deleted_at is null
        and (l.dialing_until is null or l.dialing_until < now() or l.dialing_by = ${me})
      order by i.position
      limit 1
      for update of l skip locked
    )
    returning ${crmLeads.id} as id`);
  const leadId = result.rows[0]?.id;
  if (leadId === undefined) return null;
  const [item] = await tx
    .update(crmDialSessionItems)
    .set({ state: 'dialing', claimedAt: sql`now()`, skipReason: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(crmDialSessionItems.sessionId, session.id),
        eq(crmDialSessionItems.leadId, Number(leadId)),
        eq(crmDialSessionItems.state, 'queued'),
      ),
    )
    .returning({ position: crmDialSessionItems.position });
  return { position: item.position, leadId: Number(leadId) };
}

function requireStatus(session: SessionRow, allowed: SessionRow['status'][], message: string): void {
  if (session.status === 'finished') throw unprocessable({ session: [messages.finished] });
  if (!allowed.includes(session.status)) throw unprocessable({ session: [message] });
}

/**
 * The agent's running session whose current (claimed) lead is this one, or null: POST /api/crm/call stamps the call
 * with it (crm_calls.dial_session_id), so a dial the dialer asked for counts in that session's stats.
 */
export async function dialingSessionOf(
  db: DbOrTransaction,
  userId: number,
  leadId: number | null,
): Promise<number | null> {
  if (leadId === null) return null;
  const [row] = await db
    .select({ id: crmDialSessions.id })
    .from(crmDialSessions)
    .innerJoin(crmDialSessionItems, eq(crmDialSessionItems.sessionId, crmDialSessions.id))
    .where(
      and(
        eq(crmDialSessions.userId, userId),
        eq(crmDialSessions.status, 'active'),
        eq(crmDialSessionItems.state, 'dialing'),
        eq(crmDialSessionItems.leadId, leadId),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** Tells the agent's phone channel (the line's digits) the session's new answer. */
async function announce(app: AppInstance, answer: DialSession): Promise<void> {
  const digits = await agentLineDigits(app.db, answer.user_id);
  if (digits) app.realtime.emitToChannel(phoneChannel(digits), 'DialerUpdated', answer);
}

/**
 * Sends DialerUpdated for the agent's open session, if any: for the phone code to call when one of the agent's call
 * records ends, so the stats move without a reload.
 */
export async function announceOpenDialSession(app: AppInstance, userId: number): Promise<void> {
  const [row] = await app.db
    .select()
    .from(crmDialSessions)
    .where(and(eq(crmDialSessions.userId, userId), sql`${crmDialSessions.status} <> 'finished'`))
    .limit(1);
  if (row) await announce(app, await presentSession(app.db, row));
}

async function changeSession(
  app: AppInstance,
  auth: AuthContext,
  id: number,
  change: (tx: Tx, session: SessionRow) => Promise<Partial<SessionRow> | null>,
): Promise<DialSession> {
  const session = await app.db.transaction(async (tx) => {
    const current = await ownSession(tx, auth, id, true);
    const set = await change(tx, current);
    if (!set) return current;
    const [updated] = await tx
      .update(crmDialSessions)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(crmDialSessions.id, id))
      .returning();
    return updated;
  });
  const answer = await presentSession(app.db, session);
  await announce(app, answer);
  return answer;
}

export const startDialSession = (app: AppInstance, auth: AuthContext, id: number) =>
  changeSession(app, auth, id, async (_tx, session) => {
    requireStatus(session, ['ready'], messages.notReady);
    return { status: 'active', startedAt: new Date() };
  });

export const pauseDialSession = (app: AppInstance, auth: AuthContext, id: number) =>
  changeSession(app, auth, id, async (tx, session) => {
    requireStatus(session, ['active'], messages.notActive);
    await closeCurrent(tx, session, 'queued');
    return { status: 'paused' };
  });

export const resumeDialSession = (app: AppInstance, auth: AuthContext, id: number) =>
  changeSession(app, auth, id, async (_tx, session) => {
    requireStatus(session, ['paused'], messages.notPaused);
    return { status: 'active' };
  });

export const stopDialSession = (app: AppInstance, auth: AuthContext, id: number) =>
  changeSession(app, auth, id, async (tx, session) => {
    requireStatus(session, ['ready', 'active', 'paused'], messages.finished);
    await closeCurrent(tx, session, 'queued');
    return { status: 'finished', finishedAt: new Date(), startedAt: session.startedAt ?? new Date() };
  });

export const skipDialItem = (app: AppInstance, auth: AuthContext, id: number) =>
  changeSession(app, auth, id, async (tx, session) => {
    requireStatus(session, ['active', 'paused'], messages.notActive);
    const skipped = await closeCurrent(tx, session, 'skipped');
    if (skipped === null) throw unprocessable({ session: [messages.nothingToSkip] });
    return null;
  });

/**
 * POST /{id}/items: the visible leads among `leadIds` not yet in the session join the end of its queue (the §4.4
 * order among them), up to DIAL_SESSION_MAX_ITEMS in all; none added is 422 under lead_ids.
 */
export const addDialItems = (app: AppInstance, auth: AuthContext, id: number, leadIds: number[]) =>
  changeSession(app, auth, id, async (tx, session) => {
    requireStatus(session, ['ready', 'active', 'paused'], messages.finished);
    const settings = await readCrmSettings(tx);
    const inserted = await tx.execute(sql`insert into ${crmDialSessionItems} (session_id, position, lead_id)
      select ${session.id}, q.last + row_number() over (order by q.next_touch asc nulls first,
        q.last_call_at asc nulls first, q.id), q.id
      from (
        select ${crmLeads.id} as id, ${crmLeads.nextTouch} as next_touch, ${crmLeads.lastCallAt} as last_call_at,
          s.last
        from ${crmLeads}
        cross join (select coalesce(max(position), 0) as last from ${crmDialSessionItems}
          where session_id = ${session.id}) s
        where ${and(visibleLeadsCondition(auth, settings), inArray(crmLeads.id, leadIds))}
          and not exists (select 1 from ${crmDialSessionItems} i where i.session_id = ${session.id}
            and i.lead_id = ${crmLeads.id})
        order by ${crmLeads.nextTouch} asc nulls first, ${crmLeads.lastCallAt} asc nulls first, ${crmLeads.id}
        limit greatest(${DIAL_SESSION_MAX_ITEMS} - (select count(*) from ${crmDialSessionItems}
          where session_id = ${session.id}), 0)
      ) q`);
    if (!inserted.rowCount) throw unprocessable({ lead_ids: [messages.noneAdded] });
    return {};
  });

/** POST /{id}/next: closes the current item, skips what may not be called now, claims the next free lead. */
export async function nextDialItem(app: AppInstance, auth: AuthContext, id: number): Promise<DialNext> {
  const settings = await readCrmSettings(app.db);
  const { session, claimed } = await app.db.transaction(async (tx) => {
    let current = await ownSession(tx, auth, id, true);
    requireStatus(current, ['active'], messages.notActive);
    await closeCurrent(tx, current, 'done');
    await skipUncallable(tx, auth, current, settings);
    const next = await claimNext(tx, current);
    if (!next) {
      const [left] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(crmDialSessionItems)
        .where(and(eq(crmDialSessionItems.sessionId, id), eq(crmDialSessionItems.state, 'queued')));
      if (left.n === 0) {
        [current] = await tx
          .update(crmDialSessions)
          .set({ status: 'finished', finishedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(crmDialSessions.id, id))
          .returning();
      }
    }
    return { session: current, claimed: next };
  });
  const answer = await presentSession(app.db, session);
  await announce(app, answer);
  const item = claimed ? (answer.current ?? null) : null;
  const [lead] = claimed ? await leadsByIds(app.db, [claimed.leadId]) : [];
  return { session: answer, item, lead: lead ?? null, finished: answer.status === 'finished' };
}
