import { tollFraudReason } from '@switchboard/shared/crm';
import {
  DIALS_PER_HOUR,
  LOG_ERRORS_PER_MINUTE,
  crmPhoneMessages as messages,
  type CrmCallCreated,
  type PhoneSessionAnswer,
} from '@switchboard/shared/crm-phone';
import type { z } from 'zod';
import type {
  addToConferenceInputSchema,
  crmCallInputSchema,
  crmCallListQuerySchema,
  createIncomingConferenceInputSchema,
  startConferenceInputSchema,
  transferInputSchema,
} from '@switchboard/shared/crm-phone';
import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { AppInstance } from '../../app-instance.ts';
import type { DbOrTransaction } from '../../db/client.ts';
import { paginate, type Page } from '../../db/paginate.ts';
import { HttpError, notFound, unprocessable } from '../../plugins/errors.ts';
import { readUpload } from '../../plugins/storage.ts';
import type { AuthContext } from '../users/auth-context.ts';
import { agentPhoneNumbers, agentSettings } from '../phone-numbers/phone-numbers.table.ts';
import { voicemails } from '../reference/reference.table.ts';
import { ProviderError, type AgentLine, type TelephonyProvider } from '../telephony/provider.ts';
import { finishCall, noEffects, presentCall, runEffects, type CallRow, type Effects } from './crm-calls-record.ts';
import { dialingSessionOf } from './crm-dialer.service.ts';
import { mayViewLead, readCrmSettings } from './lead-access.ts';
import { crmCalls, crmDoNotCall, crmLeads, crmTelephonyEvents } from './crm.table.ts';
import { generateToneWav } from './crm-voicemails-audio.ts';

// The softphone's calls (spec 1 §7.7; designs/crm-softphone.md §3.3, §5): 'phone access' on every route (the route
// checks it), and here the target checks: a record, leg or conference of the caller's own, a visible lead.

const providerFailed = () => new HttpError(502, messages.providerFailed);

export interface AgentPhone extends AgentLine {
  lineNumber: string | null;
}

export async function readAgentPhone(db: DbOrTransaction, userId: number): Promise<AgentPhone | null> {
  const [row] = await db
    .select({
      sipUsername: agentSettings.sipUsername,
      telephonyCredentialId: agentSettings.telephonyCredentialId,
      connectionId: agentSettings.connectionId,
      lineNumber: agentPhoneNumbers.phoneNumber,
    })
    .from(agentSettings)
    .leftJoin(agentPhoneNumbers, eq(agentPhoneNumbers.id, agentSettings.phoneNumberId))
    .where(eq(agentSettings.userId, userId))
    .limit(1);
  if (!row?.sipUsername || !row.telephonyCredentialId) return null;
  return {
    userId,
    sipUsername: row.sipUsername,
    telephonyCredentialId: row.telephonyCredentialId,
    connectionId: row.connectionId,
    lineNumber: row.lineNumber,
  };
}

async function requireProvider(app: AppInstance): Promise<TelephonyProvider> {
  const provider = await app.telephony.provider();
  if (!provider) throw unprocessable({ phone: [messages.telephonyOff] });
  return provider;
}

async function viaProvider<T>(app: AppInstance, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderError) {
      app.log.warn({ err: error, status: error.status }, 'telephony provider refused');
      throw providerFailed();
    }
    throw error;
  }
}

/** GET /api/crm/phone/session: a login token for the browser's SDK; local mode adds the double's socket. */
export async function phoneSession(
  app: AppInstance,
  auth: AuthContext,
  origin: { protocol: string; host: string },
): Promise<PhoneSessionAnswer> {
  const provider = await requireProvider(app);
  const agent = await readAgentPhone(app.db, auth.user.id);
  if (!agent) throw unprocessable({ phone: [messages.noPhone] });
  const session = await viaProvider(app, () => provider.clientSession(agent));
  if (app.telephony.mode !== 'local') return { ...session, simulated: false };
  const scheme = origin.protocol === 'https' ? 'wss' : 'ws';
  return { ...session, host: `${scheme}://${origin.host}/_telephony/rtc`, ice_servers: [], simulated: true };
}

/** Refusals of a number: the toll-fraud guard and the do-not-call list (and the lead's own flag). */
async function dialRefusal(db: DbOrTransaction, number: string, leadId: number | null): Promise<string | null> {
  if (number.startsWith('sip:')) return null;
  const fraud = tollFraudReason(number);
  if (fraud) return fraud;
  const [listed] = await db
    .select({ one: sql<number>`1` })
    .from(crmDoNotCall)
    .where(sql`${crmDoNotCall.phoneDigits} = crm_phone_key(${number})`)
    .limit(1);
  if (listed) return messages.doNotCall;
  if (leadId !== null) {
    const [lead] = await db
      .select({ doNotCall: crmLeads.doNotCall })
      .from(crmLeads)
      .where(eq(crmLeads.id, leadId))
      .limit(1);
    if (lead?.doNotCall) return messages.doNotCall;
  }
  return null;
}

type CallInput = z.output<typeof crmCallInputSchema>;

/** POST /api/crm/call: the record, pending, plus its signed client_state. Dials are limited per agent. */
export async function createCallRecord(app: AppInstance, auth: AuthContext, input: CallInput): Promise<CrmCallCreated> {
  const db = app.db;
  const leadId = input.lead_id ?? null;
  if (leadId !== null && !(await mayViewLead(db, auth, leadId)))
    throw unprocessable({ lead_id: [messages.leadInvalid] });
  const voicemailId = input.voicemail_id ?? null;
  if (voicemailId !== null) {
    const [found] = await db
      .select({ id: voicemails.id })
      .from(voicemails)
      .where(and(eq(voicemails.id, voicemailId), isNull(voicemails.deletedAt)))
      .limit(1);
    if (!found) throw unprocessable({ voicemail_id: [messages.voicemailInvalid] });
  }
  const dial = input.dial_number ?? input.call_number ?? null;
  if (input.direction === 'outgoing') {
    if (!dial) throw unprocessable({ dial_number: ['The dial number field is required.'] });
    const refusal = await dialRefusal(db, dial, leadId);
    if (refusal) throw unprocessable({ dial_number: [refusal] });
  }
  // A call to the lead the agent's running power-dialer session holds belongs to that session (its stats).
  const dialSessionId = input.direction === 'outgoing' ? await dialingSessionOf(db, auth.user.id, leadId) : null;
  const values = {
    leadId,
    userId: auth.user.id,
    direction: input.direction,
    status: input.status,
    callNumber: input.call_number ?? null,
    callNumberClean: input.call_number_clean ?? null,
    dialNumber: dial,
    agentNumber: input.agent_number ?? null,
    callbackNumber: input.callback_number ?? null,
    voicemailId,
  };
  const row = await db.transaction(async (tx) => {
    if (input.direction === 'incoming') return (await tx.insert(crmCalls).values(values).returning())[0];
    // One agent's dials are serialised, then counted and inserted by one statement (GUIDE: rate limits are atomic).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('crm_dial'), ${auth.user.id})`);
    const result = await tx.execute<{ live_calls: number; live_drops: number; last_hour: number; id: number | null }>(
      sql`with counts as (
        select
          count(*) filter (where coalesce(amd_result, '') <> 'machine' and (status in ('ringing', 'active')
            or (status = 'pending' and created_at > now() - interval '2 minutes')))::int as live_calls,
          count(*) filter (where amd_result = 'machine' and status in ('ringing', 'active'))::int as live_drops,
          count(*) filter (where created_at > now() - interval '1 hour')::int as last_hour
        from crm_calls
        where user_id = ${auth.user.id} and direction = 'outgoing' and created_at > now() - interval '4 hours'
      ), inserted as (
        insert into crm_calls (lead_id, user_id, direction, status, call_number, call_number_clean, dial_number,
          agent_number, callback_number, voicemail_id, dial_session_id)
        select ${leadId}, ${auth.user.id}, 'outgoing', ${input.status}, ${values.callNumber}, ${values.callNumberClean},
          ${dial}, ${values.agentNumber}, ${values.callbackNumber}, ${voicemailId}, ${dialSessionId}
        from counts
        where live_calls < 1 and last_hour < ${DIALS_PER_HOUR} and (${voicemailId}::int is null or live_drops < 1)
        returning id
      )
      select counts.*, (select id from inserted) as id from counts`,
    );
    const counts = result.rows[0];
    if (counts.id === null) {
      const reason =
        counts.last_hour >= DIALS_PER_HOUR
          ? messages.hourlyLimit
          : counts.live_calls >= 1
            ? messages.oneLiveCall
            : messages.oneVoicemailDrop;
      throw unprocessable({ dial_number: [reason] });
    }
    const [inserted] = await tx
      .select()
      .from(crmCalls)
      .where(eq(crmCalls.id, Number(counts.id)));
    return inserted;
  });
  const clientState = await app.telephony.signClientState({ call_id: row.id, leg: 'sdk' });
  return { ...presentCall(row), client_state: clientState };
}

async function ownCall(db: DbOrTransaction, auth: AuthContext, where: SQL | undefined): Promise<CallRow | null> {
  const [row] = await db
    .select()
    .from(crmCalls)
    .where(and(eq(crmCalls.userId, auth.user.id), where))
    .limit(1);
  return row ?? null;
}

/** PUT /api/crm/call/{id} {status}: the agent ends their own live record (spec: used for ignored). */
export async function updateCallStatus(
  app: AppInstance,
  auth: AuthContext,
  id: number,
  status: 'ignored' | 'missed' | 'completed' | 'failed' | 'no_answer' | 'busy',
) {
  const effects = noEffects();
  const row = await app.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(crmCalls)
      .where(and(eq(crmCalls.id, id), eq(crmCalls.userId, auth.user.id)))
      .for('update');
    if (!current) throw notFound();
    const ended = await finishCall(tx, effects, id, status);
    if (ended) return ended;
    // The agent's Ignore may land after the caller's hangup marked the call missed.
    if (status === 'ignored' && current.status === 'missed' && current.direction === 'incoming') {
      const [changed] = await tx
        .update(crmCalls)
        .set({ status: 'ignored', updatedAt: sql`now()` })
        .where(eq(crmCalls.id, id))
        .returning();
      return changed;
    }
    throw unprocessable({ status: [messages.callEnded] });
  });
  await runEffects(app, effects);
  return presentCall(row);
}

/** GET /api/crm/calls: the agent's own log, newest first. */
export async function listOwnCalls(
  db: DbOrTransaction,
  auth: AuthContext,
  query: z.output<typeof crmCallListQuerySchema>,
): Promise<Page<ReturnType<typeof presentCall>>> {
  const where = and(
    eq(crmCalls.userId, auth.user.id),
    query.status ? eq(crmCalls.status, query.status) : undefined,
    query.direction ? eq(crmCalls.direction, query.direction) : undefined,
  );
  const page = await paginate(
    query,
    () => db.$count(crmCalls, where),
    (limit, offset) =>
      db
        .select()
        .from(crmCalls)
        .where(where)
        .orderBy(desc(crmCalls.createdAt), desc(crmCalls.id))
        .limit(limit)
        .offset(offset),
  );
  return { ...page, data: page.data.map(presentCall) };
}

/** The voicemail's media name at the provider, uploading the recording the first time. */
async function voicemailMedia(app: AppInstance, provider: TelephonyProvider, voicemailId: number): Promise<string> {
  const [voicemail] = await app.db.select().from(voicemails).where(eq(voicemails.id, voicemailId)).limit(1);
  if (!voicemail) throw unprocessable({ voicemail_id: [messages.voicemailInvalid] });
  if (voicemail.providerMediaName) return voicemail.providerMediaName;
  const stored = voicemail.file ? await readUpload(app.config.dataDir, voicemail.file) : null;
  const file = stored
    ? {
        name: `${voicemail.id}-${voicemail.sha256?.slice(0, 12) ?? 'file'}.wav`,
        mime: voicemail.mime ?? 'audio/wav',
        bytes: stored,
      }
    : { name: `${voicemail.id}-tone.wav`, mime: 'audio/wav', bytes: generateToneWav([{ hz: 440, ms: 2000 }]) };
  const { mediaName } = await viaProvider(app, () => provider.uploadVoicemail(file));
  // Two dials at once may both upload; the first name stored is the one used.
  const [kept] = await app.db
    .update(voicemails)
    .set({ providerMediaName: sql`coalesce(${voicemails.providerMediaName}, ${mediaName})` })
    .where(eq(voicemails.id, voicemailId))
    .returning({ name: voicemails.providerMediaName });
  return kept?.name ?? mediaName;
}

/** POST /api/crm/calls/manage/dial {call_id}: the server places the lead's leg (AMD with a voicemail), the agent's. */
export async function dialCall(app: AppInstance, auth: AuthContext, callId: number) {
  const provider = await requireProvider(app);
  const current = await ownCall(app.db, auth, eq(crmCalls.id, callId));
  if (!current || current.direction !== 'outgoing') throw unprocessable({ call_id: [messages.callInvalid] });
  const agent = await readAgentPhone(app.db, auth.user.id);
  if (!agent) throw unprocessable({ phone: [messages.noPhone] });
  const dial = current.dialNumber ?? '';
  const refusal = await dialRefusal(app.db, dial, current.leadId);
  if (refusal) throw unprocessable({ call_id: [refusal] });
  if (current.voicemailId !== null) await voicemailMedia(app, provider, current.voicemailId);
  // Claim: only a pending record never dialled is placed, once.
  const [claimed] = await app.db
    .update(crmCalls)
    .set({
      status: 'ringing',
      voicemailStatus: current.voicemailId !== null ? 'detecting' : null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(crmCalls.id, callId), eq(crmCalls.status, 'pending'), isNull(crmCalls.callControlId)))
    .returning();
  if (!claimed) throw unprocessable({ call_id: [messages.callAlreadyDialed] });
  const settings = await readCrmSettings(app.db);
  const from = settings.outgoingNumber || agent.lineNumber || current.agentNumber || '';
  const effects = noEffects();
  const amd = current.voicemailId !== null ? 'detect_beep' : 'disabled';
  let farId: string;
  let agentId: string;
  try {
    farId = await provider.dial({
      to: dial,
      from,
      clientState: await app.telephony.signClientState({ call_id: callId, leg: 'far' }),
      amd,
    });
  } catch (error) {
    await finishCall(app.db, effects, callId, 'failed', { hangupCause: 'provider_refused' });
    await runEffects(app, effects);
    if (error instanceof ProviderError) throw providerFailed();
    throw error;
  }
  try {
    agentId = await provider.dial({
      to: `sip:${agent.sipUsername}@${app.telephony.sipDomain}`,
      from,
      clientState: await app.telephony.signClientState({ call_id: callId, leg: 'agent' }),
      amd: 'disabled',
    });
  } catch (error) {
    await provider.hangup(farId).catch(() => undefined);
    await finishCall(app.db, effects, callId, 'failed', { hangupCause: 'provider_refused' });
    await runEffects(app, effects);
    if (error instanceof ProviderError) throw providerFailed();
    throw error;
  }
  const [row] = await app.db
    .update(crmCalls)
    .set({
      callControlId: sql`coalesce(${crmCalls.callControlId}, ${farId})`,
      localCallControlId: sql`coalesce(${crmCalls.localCallControlId}, ${agentId})`,
      updatedAt: sql`now()`,
    })
    .where(eq(crmCalls.id, callId))
    .returning();
  if (amd === 'detect_beep') {
    effects.phone.push({
      userId: auth.user.id,
      event: 'VoicemailDetecting',
      payload: { call_id: callId, call_control_id: farId },
    });
  }
  effects.phone.push({ userId: auth.user.id, event: 'CallUpdated', payload: presentCall(row) });
  await runEffects(app, effects);
  return presentCall(row);
}

/** A live record of the caller's own holding this leg (far or agent). */
async function ownLiveCallByLeg(db: DbOrTransaction, auth: AuthContext, legId: string, farOnly = false) {
  const leg = farOnly
    ? eq(crmCalls.callControlId, legId)
    : or(eq(crmCalls.callControlId, legId), eq(crmCalls.localCallControlId, legId));
  return ownCall(db, auth, and(leg, sql`${crmCalls.status} in ('pending', 'ringing', 'active')`));
}

async function refuseTarget(db: DbOrTransaction, to: string, field = 'to'): Promise<void> {
  const refusal = await dialRefusal(db, to, null);
  if (refusal) throw unprocessable({ [field]: [refusal] });
}

/** POST /api/crm/calls/manage/transfer {call_control_id, to, from}: through our server, never with a browser key. */
export async function transferCall(app: AppInstance, auth: AuthContext, input: z.output<typeof transferInputSchema>) {
  const provider = await requireProvider(app);
  const row = await ownLiveCallByLeg(app.db, auth, input.call_control_id);
  if (!row) throw unprocessable({ call_control_id: [messages.callInvalid] });
  await refuseTarget(app.db, input.to);
  await viaProvider(app, () => provider.transfer(input.call_control_id, { to: input.to, from: input.from }));
  const effects = noEffects();
  const ended = await app.db.transaction((tx) =>
    finishCall(tx, effects, row.id, 'transferred', { transferTo: input.to.slice(0, 120) }),
  );
  await runEffects(app, effects);
  return presentCall(ended ?? row);
}

async function dialIntoConference(
  app: AppInstance,
  provider: TelephonyProvider,
  callId: number,
  to: string,
  from: string,
) {
  const clientState = await app.telephony.signClientState({ call_id: callId, leg: 'conf' });
  return viaProvider(app, () => provider.dial({ to, from, clientState, amd: 'disabled' }));
}

/** start_conference: a conference named call-{id} from the far leg, the agent re-joined, `to` dialled in. */
export async function startConference(
  app: AppInstance,
  auth: AuthContext,
  input: z.output<typeof startConferenceInputSchema>,
): Promise<string> {
  const provider = await requireProvider(app);
  const row = await ownLiveCallByLeg(app.db, auth, input.call_control_id, true);
  if (!row) throw unprocessable({ call_control_id: [messages.callInvalid] });
  await refuseTarget(app.db, input.to);
  const { conferenceId } = await viaProvider(app, () =>
    provider.createConference(input.call_control_id, `call-${row.id}`),
  );
  await app.db
    .update(crmCalls)
    .set({ conferenceId, updatedAt: sql`now()` })
    .where(eq(crmCalls.id, row.id));
  if (row.localCallControlId) {
    const agentLeg = row.localCallControlId;
    // The agent's leg may be gone (their phone dropped); the lead and the new party still meet.
    await provider
      .joinConference(conferenceId, agentLeg)
      .catch((error: unknown) => app.log.warn({ err: error }, 'agent leg could not rejoin the conference'));
  }
  await dialIntoConference(app, provider, row.id, input.to, input.from);
  return conferenceId;
}

/** add_to_conference: dials `to` into a conference of the caller's own live call; joined when it answers. */
export async function addToConference(
  app: AppInstance,
  auth: AuthContext,
  input: z.output<typeof addToConferenceInputSchema>,
): Promise<string> {
  const provider = await requireProvider(app);
  const row = await ownCall(
    app.db,
    auth,
    and(eq(crmCalls.conferenceId, input.conference_id), sql`${crmCalls.status} in ('pending', 'ringing', 'active')`),
  );
  if (!row) throw unprocessable({ conference_id: [messages.conferenceInvalid] });
  await refuseTarget(app.db, input.to);
  await dialIntoConference(app, provider, row.id, input.to, input.from);
  return input.conference_id;
}

/** create_incoming_conference: the current far leg and the ringing call meet in one conference (Merge). */
export async function createIncomingConference(
  app: AppInstance,
  auth: AuthContext,
  input: z.output<typeof createIncomingConferenceInputSchema>,
): Promise<string> {
  const provider = await requireProvider(app);
  const current = await ownLiveCallByLeg(app.db, auth, input.call_control_id);
  if (!current) throw unprocessable({ call_control_id: [messages.callInvalid] });
  const ringing = await ownCall(
    app.db,
    auth,
    and(
      eq(crmCalls.id, input.ringing_call_id),
      eq(crmCalls.status, 'ringing'),
      or(
        eq(crmCalls.callControlId, input.ringing_call_control_id),
        eq(crmCalls.localCallControlId, input.ringing_call_control_id),
      ),
    ),
  );
  if (!ringing) throw unprocessable({ ringing_call_id: [messages.callInvalid] });
  const { conferenceId } = await viaProvider(app, () =>
    provider.createConference(input.call_control_id, `call-${current.id}`),
  );
  // Joining a conference unbridges the leg it starts from, so the current call's other leg (the agent's, or the far
  // one) is joined too, as start_conference does; a leg already gone leaves the caller and the other party talking.
  for (const leg of [current.callControlId, current.localCallControlId]) {
    if (!leg || leg === input.call_control_id) continue;
    await provider
      .joinConference(conferenceId, leg)
      .catch((error: unknown) => app.log.warn({ err: error }, 'a leg of the current call could not join the merge'));
  }
  const ringingState = await app.telephony.signClientState({ call_id: ringing.id, leg: 'far' });
  await viaProvider(app, () => provider.answer(input.ringing_call_control_id, ringingState));
  await viaProvider(app, () => provider.joinConference(conferenceId, input.ringing_call_control_id));
  const effects: Effects = noEffects();
  await app.db.transaction(async (tx) => {
    await tx
      .update(crmCalls)
      .set({ conferenceId, updatedAt: sql`now()` })
      .where(eq(crmCalls.id, current.id));
    const [answered] = await tx
      .update(crmCalls)
      .set({
        conferenceId,
        status: 'active',
        answeredAt: sql`coalesce(${crmCalls.answeredAt}, now())`,
        updatedAt: sql`now()`,
      })
      // The answer's own webhook may have made it active already.
      .where(and(eq(crmCalls.id, ringing.id), sql`${crmCalls.status} in ('ringing', 'active')`))
      .returning();
    if (answered) effects.phone.push({ userId: auth.user.id, event: 'CallUpdated', payload: presentCall(answered) });
  });
  await runEffects(app, effects);
  return conferenceId;
}

/**
 * log_error: the browser's phone errors, logged with the user, 10 a minute per user. The entries are kept beside the
 * webhook events (event_type 'client.error', pruned with them), counted and inserted by one locked statement.
 */
export async function logPhoneError(
  app: AppInstance,
  auth: AuthContext,
  input: { error: string; status?: string | number | null },
): Promise<boolean> {
  const key = `user:${auth.user.id}`;
  const logged = await app.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('crm_log_error'), ${auth.user.id})`);
    const result = await tx.execute<{ event_id: string }>(
      sql`insert into ${crmTelephonyEvents} (event_id, event_type, call_control_id, occurred_at, payload)
        select ${`client-error:${randomUUID()}`}, 'client.error', ${key}, now(),
          ${JSON.stringify({ user_id: auth.user.id, error: input.error, status: input.status ?? null })}::jsonb
        where (select count(*) from ${crmTelephonyEvents}
          where event_type = 'client.error' and call_control_id = ${key}
            and received_at > now() - interval '1 minute') < ${LOG_ERRORS_PER_MINUTE}
        returning event_id`,
    );
    return result.rows.length > 0;
  });
  if (logged) app.log.warn({ userId: auth.user.id, error: input.error, status: input.status }, 'phone error');
  return logged;
}
