import type { IncomingCallIdPayload } from '@switchboard/shared/crm-phone';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { AppInstance } from '../../app-instance.ts';
import type { Transaction } from '../../db/client.ts';
import { agentPhoneNumbers, agentSettings } from '../phone-numbers/phone-numbers.table.ts';
import { voicemails } from '../reference/reference.table.ts';
import type { TelephonyEvent } from '../telephony/provider.ts';
import {
  callUpdated,
  finishCall,
  noEffects,
  presentCall,
  runEffects,
  unansweredStatus,
  type CallRow,
  type Effects,
} from './crm-calls-record.ts';
import { crmCalls, crmLeadContacts, crmLeads, crmTelephonyEvents } from './crm.table.ts';

// The provider's webhooks drive the call records (designs/crm-softphone.md §3.3). An event is stored first, keyed by
// its id, so a redelivery changes nothing; the record changes in the same transaction; events on channels,
// notifications and provider actions (transfer, bridge, playback, hangup) run after the commit.

type Role = 'far' | 'agent' | 'conf';

function roleOf(event: TelephonyEvent, row: CallRow): Role {
  const state = event.clientState;
  if (state) {
    if (state.leg === 'sdk') return event.direction === 'incoming' ? 'agent' : 'far';
    return state.leg;
  }
  return row.callControlId === event.legId ? 'far' : 'agent';
}

export type WebhookOutcome = 'duplicate' | 'handled';

export async function handleTelephonyEvent(app: AppInstance, event: TelephonyEvent): Promise<WebhookOutcome> {
  const effects = noEffects();
  const outcome = await app.db.transaction(async (tx) => {
    const stored = await tx
      .insert(crmTelephonyEvents)
      .values({
        eventId: event.id.slice(0, 200),
        eventType: event.eventType.slice(0, 100),
        callControlId: event.legId ? event.legId.slice(0, 200) : null,
        occurredAt: event.occurredAt,
        payload: event.payload,
      })
      .onConflictDoNothing()
      .returning({ id: crmTelephonyEvents.eventId });
    if (stored.length === 0) return 'duplicate' as const;
    await driveRecord(app, tx, event, effects);
    return 'handled' as const;
  });
  // Short handling: the provider gets its 200 now; effects follow on their own.
  if (outcome === 'handled') {
    void runEffects(app, effects).catch((error: unknown) => app.log.error({ err: error }, 'telephony effects failed'));
  }
  return outcome;
}

async function findRecord(tx: Transaction, event: TelephonyEvent): Promise<CallRow | null> {
  const where = event.clientState
    ? eq(crmCalls.id, event.clientState.call_id)
    : event.legId
      ? or(eq(crmCalls.callControlId, event.legId), eq(crmCalls.localCallControlId, event.legId))
      : null;
  if (!where) return null;
  const [row] = await tx.select().from(crmCalls).where(where).limit(1).for('update');
  return row ?? null;
}

async function update(tx: Transaction, id: number, set: Partial<typeof crmCalls.$inferInsert>): Promise<CallRow> {
  const [row] = await tx
    .update(crmCalls)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(crmCalls.id, id))
    .returning();
  return row;
}

async function driveRecord(app: AppInstance, tx: Transaction, event: TelephonyEvent, effects: Effects) {
  const row = await findRecord(tx, event);
  if (!row) {
    if (event.type === 'initiated' && event.direction === 'incoming' && !event.clientState) {
      await incomingCall(app, tx, event, effects);
    }
    return;
  }
  const role = roleOf(event, row);
  const provider = await app.telephony.provider();
  const phone = (name: Effects['phone'][number]['event'], payload: unknown) => {
    if (row.userId !== null) effects.phone.push({ userId: row.userId, event: name, payload });
  };
  const serverDial =
    row.direction === 'outgoing' && (event.clientState?.leg === 'far' || event.clientState?.leg === 'agent');
  switch (event.type) {
    case 'initiated': {
      if (role === 'agent') {
        const next = row.localCallControlId ? row : await update(tx, row.id, { localCallControlId: event.legId });
        phone('LocalCallControlIdUpdated', { call_id: row.id, call_control_id: event.legId });
        if (serverDial) phone('LocalRinging', { call_id: row.id, call_control_id: event.legId });
        if (next !== row) callUpdated(effects, next);
      } else if (role === 'far') {
        const set: Partial<typeof crmCalls.$inferInsert> = {};
        if (!row.callControlId) set.callControlId = event.legId;
        if (!row.callSessionId && event.callSessionId) set.callSessionId = event.callSessionId;
        if (row.status === 'pending') set.status = 'ringing';
        const next = Object.keys(set).length > 0 ? await update(tx, row.id, set) : row;
        phone('CallControlIdUpdated', { call_id: row.id, call_control_id: event.legId });
        if (next !== row) callUpdated(effects, next);
      }
      return;
    }
    case 'answered': {
      if (role === 'conf') {
        if (row.conferenceId && provider) {
          const conferenceId = row.conferenceId;
          effects.actions.push({ name: 'join', run: () => provider.joinConference(conferenceId, event.legId) });
        }
        return;
      }
      if (role === 'agent' && serverDial) phone('LocalAnswered', { call_id: row.id, call_control_id: event.legId });
      const answers = role === 'far' || row.direction === 'incoming';
      if (answers && (row.status === 'pending' || row.status === 'ringing')) {
        callUpdated(effects, await update(tx, row.id, { status: 'active', answeredAt: new Date() }));
      }
      // A server-placed call without voicemail: the legs meet at once; with it, when AMD says a person.
      if (role === 'far' && serverDial && row.voicemailId === null && row.localCallControlId && provider) {
        const agentLeg = row.localCallControlId;
        effects.actions.push({ name: 'bridge', run: () => provider.bridge(event.legId, agentLeg) });
      }
      return;
    }
    case 'machine': {
      if (role !== 'far' || row.voicemailStatus !== 'detecting') return;
      if (event.result === 'machine') {
        callUpdated(effects, await update(tx, row.id, { amdResult: 'machine' }));
        // The agent is free for the next call while the recording plays.
        if (row.localCallControlId && provider) {
          const agentLeg = row.localCallControlId;
          effects.actions.push({ name: 'hangup agent', run: () => provider.hangup(agentLeg) });
        }
      } else {
        callUpdated(effects, await update(tx, row.id, { amdResult: event.result, voicemailStatus: 'not_machine' }));
        phone('VoicemailNotMachine', { call_id: row.id, call_control_id: event.legId });
        if (row.localCallControlId && provider) {
          const agentLeg = row.localCallControlId;
          effects.actions.push({ name: 'bridge', run: () => provider.bridge(event.legId, agentLeg) });
        }
      }
      return;
    }
    case 'greetingEnded': {
      if (role !== 'far' || row.amdResult !== 'machine' || row.voicemailStatus !== 'detecting' || !row.voicemailId) {
        return;
      }
      const [voicemail] = await tx
        .select({ mediaName: voicemails.providerMediaName })
        .from(voicemails)
        .where(eq(voicemails.id, row.voicemailId));
      const mediaName = voicemail?.mediaName;
      if (mediaName && provider) {
        effects.actions.push({ name: 'playback', run: () => provider.playVoicemail(event.legId, { mediaName }) });
      } else if (provider) {
        effects.actions.push({ name: 'hangup far', run: () => provider.hangup(event.legId) });
      }
      return;
    }
    case 'playbackStarted': {
      if (role !== 'far' || row.amdResult !== 'machine') return;
      callUpdated(effects, await update(tx, row.id, { voicemailStatus: 'started' }));
      phone('VoicemailStarted', { call_id: row.id, call_control_id: event.legId });
      return;
    }
    case 'playbackEnded': {
      if (role !== 'far' || row.voicemailStatus !== 'started') return;
      await finishCall(tx, effects, row.id, 'voicemail', { voicemailStatus: 'ended' });
      phone('VoicemailEnded', { call_id: row.id, call_control_id: event.legId });
      if (provider) effects.actions.push({ name: 'hangup far', run: () => provider.hangup(event.legId) });
      return;
    }
    case 'hangup': {
      if (role === 'conf') return;
      if (role === 'agent' && row.callControlId) {
        // The caller's leg ends the record; an incoming call the agent's phone did not take ends with it.
        if (row.direction === 'incoming' && row.status === 'ringing' && provider) {
          const far = row.callControlId;
          effects.actions.push({ name: 'hangup caller', run: () => provider.hangup(far) });
        }
        return;
      }
      const status =
        row.voicemailStatus === 'started'
          ? 'voicemail'
          : row.answeredAt
            ? 'completed'
            : row.direction === 'incoming'
              ? 'missed'
              : unansweredStatus(event.cause);
      await finishCall(tx, effects, row.id, status, { hangupCause: event.cause?.slice(0, 100) ?? null });
      return;
    }
    default:
      return;
  }
}

/** An incoming call to an agent's line: a ringing record, IncomingCallId, then a transfer to the agent's phone. */
async function incomingCall(app: AppInstance, tx: Transaction, event: TelephonyEvent, effects: Effects) {
  const [agent] = await tx
    .select({ userId: agentSettings.userId, sipUsername: agentSettings.sipUsername })
    .from(agentSettings)
    .innerJoin(agentPhoneNumbers, eq(agentPhoneNumbers.id, agentSettings.phoneNumberId))
    .where(sql`crm_phone_key(${agentPhoneNumbers.phoneNumber}) = crm_phone_key(${event.to ?? ''})`)
    .limit(1);
  if (!agent) {
    app.log.info({ to: event.to }, 'incoming call to a number no agent holds');
    return;
  }
  const from = event.from ?? '';
  const [lead] = await tx
    .select({ id: crmLeads.id, companyName: crmLeads.companyName })
    .from(crmLeads)
    .where(
      and(
        isNull(crmLeads.deletedAt),
        sql`crm_phone_key(${from}) is not null`,
        or(
          sql`${crmLeads.phoneDigits} = crm_phone_key(${from})`,
          sql`${crmLeads.mobileDigits} = crm_phone_key(${from})`,
          sql`${crmLeads.id} in (select ${crmLeadContacts.leadId} from ${crmLeadContacts}
            where ${crmLeadContacts.phoneDigits} = crm_phone_key(${from})
               or ${crmLeadContacts.mobileDigits} = crm_phone_key(${from}))`,
        ),
      ),
    )
    .orderBy(crmLeads.id)
    .limit(1);
  const [row] = await tx
    .insert(crmCalls)
    .values({
      leadId: lead?.id ?? null,
      userId: agent.userId,
      direction: 'incoming',
      status: 'ringing',
      callNumber: from.slice(0, 60),
      callNumberClean: sql`crm_phone_key(${from})`,
      agentNumber: event.to?.slice(0, 60) ?? null,
      callControlId: event.legId,
      callSessionId: event.callSessionId,
    })
    .returning();
  const payload: IncomingCallIdPayload = {
    call_id: row.id,
    call_control_id: event.legId,
    connection_id: event.connectionId,
    from,
    lead: lead ? { id: lead.id, company_name: lead.companyName } : null,
  };
  effects.phone.push({ userId: agent.userId, event: 'IncomingCallId', payload });
  effects.phone.push({ userId: agent.userId, event: 'CallUpdated', payload: presentCall(row) });
  const provider = await app.telephony.provider();
  if (!provider || !agent.sipUsername) return;
  const to = `sip:${agent.sipUsername}@${app.telephony.sipDomain}`;
  const callerState = await app.telephony.signClientState({ call_id: row.id, leg: 'far' });
  const agentState = await app.telephony.signClientState({ call_id: row.id, leg: 'agent' });
  effects.actions.push({
    name: 'transfer to agent',
    run: () => provider.transfer(event.legId, { to, from, clientState: callerState, targetClientState: agentState }),
  });
}
