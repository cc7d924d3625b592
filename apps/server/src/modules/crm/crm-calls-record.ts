import { isLiveCallStatus, type CrmCallRecord, type CrmCallStatus } from '@switchboard/shared/crm-phone';
import { NOTIFICATION_MISSED_CALL, crmLeadChannel, phoneChannel, type PhoneChannelEvent } from '@switchboard/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppInstance } from '../../app-instance.ts';
import type { DbOrTransaction } from '../../db/client.ts';
import { createNotification, emitNotificationCreated } from '../notifications/notifications.service.ts';
import { agentLineDigits } from '../phone-numbers/phone-numbers.service.ts';
import { crmCalls, crmLeads } from './crm.table.ts';
import { announceOpenDialSession } from './crm-dialer.service.ts';

// Call records (spec 1 §3.4 'call record'): one presenter for the API, the phone channel and the lead's channel, and
// the one way a record ends (status, duration, the lead's calls_count and last_call_at in the same transaction).

export type CallRow = typeof crmCalls.$inferSelect;

export function presentCall(row: CallRow): CrmCallRecord {
  return {
    id: row.id,
    lead_id: row.leadId,
    user_id: row.userId,
    direction: row.direction,
    status: row.status,
    call_number: row.callNumber,
    call_number_clean: row.callNumberClean,
    dial_number: row.dialNumber,
    agent_number: row.agentNumber,
    callback_number: row.callbackNumber,
    voicemail_id: row.voicemailId,
    voicemail_status: row.voicemailStatus,
    amd_result: row.amdResult,
    call_control_id: row.callControlId,
    local_call_control_id: row.localCallControlId,
    conference_id: row.conferenceId,
    transfer_to: row.transferTo,
    hangup_cause: row.hangupCause,
    disposition: row.disposition,
    started_at: row.startedAt.toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
    ended_at: row.endedAt?.toISOString() ?? null,
    duration_seconds: row.durationSeconds,
  };
}

/** What to tell after commit: events on channels, notifications, provider actions. */
export interface Effects {
  phone: { userId: number; event: PhoneChannelEvent; payload: unknown }[];
  lead: { leadId: number; event: 'LeadCallLogged' | 'LeadUpdated'; payload: unknown }[];
  notifications: { userId: number; callId: number; from: string | null }[];
  actions: { name: string; run: () => Promise<void> }[];
}

export const noEffects = (): Effects => ({ phone: [], lead: [], notifications: [], actions: [] });

export function callUpdated(effects: Effects, row: CallRow): void {
  if (row.userId !== null) effects.phone.push({ userId: row.userId, event: 'CallUpdated', payload: presentCall(row) });
}

/** Hangup cause -> final status of an unanswered call (designs/crm-softphone.md §3.3). */
export function unansweredStatus(cause: string | null): CrmCallStatus {
  if (cause === 'timeout' || cause === 'no_answer' || cause === 'originator_cancel') return 'no_answer';
  if (cause === 'user_busy') return 'busy';
  return 'failed';
}

/**
 * Ends a live record with `status`: ended_at, duration from the answer, the lead's calls_count + 1 and last_call_at.
 * Answers the updated row, or null when the record had already ended (a second hangup changes nothing).
 */
export async function finishCall(
  tx: DbOrTransaction,
  effects: Effects,
  id: number,
  status: CrmCallStatus,
  extra: Partial<Pick<CallRow, 'hangupCause' | 'transferTo' | 'voicemailStatus'>> = {},
): Promise<CallRow | null> {
  const [row] = await tx
    .update(crmCalls)
    .set({
      status,
      ...extra,
      endedAt: sql`now()`,
      durationSeconds: sql`case when ${crmCalls.answeredAt} is null then 0
        else greatest(0, round(extract(epoch from now() - ${crmCalls.answeredAt})))::int end`,
      updatedAt: sql`now()`,
    })
    .where(sql`${crmCalls.id} = ${id} and ${crmCalls.status} in ('pending', 'ringing', 'active')`)
    .returning();
  if (!row) return null;
  if (row.leadId !== null) {
    await tx
      .update(crmLeads)
      .set({ callsCount: sql`${crmLeads.callsCount} + 1`, lastCallAt: row.endedAt, updatedAt: sql`now()` })
      .where(eq(crmLeads.id, row.leadId));
    effects.lead.push({ leadId: row.leadId, event: 'LeadCallLogged', payload: presentCall(row) });
  }
  if (status === 'missed' && row.userId !== null) {
    effects.notifications.push({ userId: row.userId, callId: row.id, from: row.callNumber });
  }
  callUpdated(effects, row);
  return row;
}

export { isLiveCallStatus };

/** Sends the effects after commit; a provider action that fails is logged, never thrown at the provider. */
export async function runEffects(app: AppInstance, effects: Effects): Promise<void> {
  const lines = new Map<number, string | null>();
  for (const item of effects.phone) {
    if (!lines.has(item.userId)) lines.set(item.userId, await agentLineDigits(app.db, item.userId));
    const digits = lines.get(item.userId);
    if (digits) app.realtime.emitToChannel(phoneChannel(digits), item.event, item.payload);
  }
  // A call that ended moves its agent's power-dialer stats: the dialer page follows DialerUpdated.
  const ended = effects.phone.filter(
    (item) => item.event === 'CallUpdated' && (item.payload as { ended_at: string | null }).ended_at !== null,
  );
  for (const userId of new Set(ended.map((item) => item.userId))) await announceOpenDialSession(app, userId);
  for (const item of effects.lead) app.realtime.emitToChannel(crmLeadChannel(item.leadId), item.event, item.payload);
  for (const item of effects.notifications) {
    const notification = await createNotification(app.db, item.userId, {
      type: NOTIFICATION_MISSED_CALL,
      number_details: item.callId,
      data: { from: item.from },
    });
    emitNotificationCreated(app.realtime, item.userId, notification);
  }
  for (const action of effects.actions) {
    try {
      await action.run();
    } catch (error) {
      app.log.warn({ err: error, action: action.name }, 'telephony action failed');
    }
  }
}
