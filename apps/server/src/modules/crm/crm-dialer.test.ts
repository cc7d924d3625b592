import { phoneChannel } from '@switchboard/shared';
import { hourInZone } from '@switchboard/shared/crm';
import {
  dialNextSchema,
  dialSessionSchema,
  dialSkipReasons,
  dialerMessages,
  type DialNext,
  type DialSession,
} from '@switchboard/shared/crm-dialer';
import { eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { connectSocket, listenForSockets, nextEvent, subscribe } from '../../../test/realtime.ts';
import { agentPhoneNumbers, agentSettings } from '../phone-numbers/phone-numbers.table.ts';
import { voicemails } from '../reference/reference.table.ts';
import { noEffects, runEffects } from './crm-calls-record.ts';
import { crmDialSessionItems, crmDialSessions } from './crm-dialer.table.ts';
import { crmCalls, crmDoNotCall, crmLeads, crmSettings } from './crm.table.ts';

// The power dialer (designs/crm-softphone.md §4.4, §5, §6): gates, the owner rule, 422s, the queue (visibility,
// filters, order, cap), atomic claims under two agents at once, skips with reasons, pause/resume/skip/stop, claim
// expiry, stats from the calls, DialerUpdated on the phone channel.

let ctx: TestContext;
let agent: TestUser;
let agentToken: string;
let second: TestUser;
let secondToken: string;
let noPhoneToken: string;
let noCrmToken: string;
let clientToken: string;
const sockets: Socket[] = [];

const as = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

async function insertLead(values: Partial<typeof crmLeads.$inferInsert> & { companyName: string }) {
  const [row] = await ctx.db
    .insert(crmLeads)
    .values({ status: 1, phone: '(512) 555-0101', state: null, ...values })
    .returning();
  return row!;
}

async function createSession(token: string, payload: object = {}): Promise<DialSession> {
  const response = await as(token, 'POST', '/crm/dialer/sessions', payload);
  expect(response.statusCode, response.body).toBe(200);
  return dialSessionSchema.parse(response.json().data);
}

async function act(token: string, id: number, action: string): Promise<DialSession> {
  const response = await as(token, 'POST', `/crm/dialer/sessions/${id}/${action}`);
  expect(response.statusCode, response.body).toBe(200);
  return dialSessionSchema.parse(response.json().data);
}

async function next(token: string, id: number): Promise<DialNext> {
  const response = await as(token, 'POST', `/crm/dialer/sessions/${id}/next`);
  expect(response.statusCode, response.body).toBe(200);
  return dialNextSchema.parse(response.json().data);
}

async function started(token: string, payload: object = {}): Promise<DialSession> {
  const session = await createSession(token, payload);
  return act(token, session.id, 'start');
}

/** Calling hours from h, the hour in New York now, for two hours: New York open, Los Angeles and no state closed. */
async function openOnlyInNewYork() {
  const hour = hourInZone('America/New_York', new Date());
  await ctx.db
    .update(crmSettings)
    .set({ callingHoursStart: hour, callingHoursEnd: Math.min(hour + 2, 24) })
    .where(eq(crmSettings.id, 1));
}

beforeAll(async () => {
  ctx = await createTestContext();
  agent = await createUser(ctx.db, { permissions: ['view crm', 'phone access'] });
  second = await createUser(ctx.db, { permissions: ['view crm', 'phone access'] });
  const noPhone = await createUser(ctx.db, { permissions: ['view crm'] });
  const noCrm = await createUser(ctx.db, { permissions: ['phone access'] });
  const client = await createUser(ctx.db, { type: 'Client', permissions: ['view crm', 'phone access'] });
  [agentToken, secondToken, noPhoneToken, noCrmToken, clientToken] = await Promise.all(
    [agent, second, noPhone, noCrm, client].map(
      async (user) => (await login(ctx.app, user.email, user.password)).access_token,
    ),
  );
}, 120_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await ctx?.close();
});
beforeEach(async () => {
  await ctx.db.execute(sql`truncate crm_dial_sessions, crm_leads, crm_do_not_call, crm_calls restart identity cascade`);
  // Calling hours open all day everywhere, leads owned by their agent only, wrap-up 10.
  await ctx.db
    .update(crmSettings)
    .set({ viewAllLeads: false, callingHoursStart: 0, callingHoursEnd: 24, wrapUpSeconds: 10 })
    .where(eq(crmSettings.id, 1));
});

describe('gates', () => {
  it("needs staff with 'phone access' and 'view crm'; 401 without a token", async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/crm/dialer/sessions', payload: {} })).statusCode).toBe(
      401,
    );
    for (const token of [noPhoneToken, noCrmToken, clientToken]) {
      expect((await as(token, 'POST', '/crm/dialer/sessions', {})).statusCode).toBe(403);
      expect((await as(token, 'GET', '/crm/dialer/sessions/1')).statusCode).toBe(403);
      expect((await as(token, 'POST', '/crm/dialer/sessions/1/next')).statusCode).toBe(403);
    }
  });

  it("a session is its owner's alone: 404 for another agent on every call", async () => {
    await insertLead({ companyName: 'Mine', managerId: agent.id });
    const session = await createSession(agentToken);
    expect((await as(secondToken, 'GET', `/crm/dialer/sessions/${session.id}`)).statusCode).toBe(404);
    for (const action of ['start', 'pause', 'resume', 'skip', 'stop', 'next']) {
      const response = await as(secondToken, 'POST', `/crm/dialer/sessions/${session.id}/${action}`);
      expect(response.statusCode, action).toBe(404);
    }
    expect((await as(agentToken, 'GET', '/crm/dialer/sessions/999999')).statusCode).toBe(404);
    expect((await as(agentToken, 'GET', '/crm/dialer/sessions/abc')).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(crmDialSessions).where(eq(crmDialSessions.id, session.id));
    expect(row.status).toBe('ready');
  });
});

describe('creating a session', () => {
  it('answers 422 with the field for bad input, no leads, a deleted voicemail and a second open session', async () => {
    const bad = await as(agentToken, 'POST', '/crm/dialer/sessions', {
      wrap_up_seconds: 31,
      due_only: 'yes',
      filters: { state: 'Texas', next_touch_from: '2026-02-01', next_touch_to: '2026-01-01' },
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors;
    expect(bad.json().message).toBe('The given data was invalid.');
    expect(Object.keys(errors).sort()).toEqual(
      ['due_only', 'filters.next_touch_to', 'filters.state', 'wrap_up_seconds'].sort(),
    );
    expect(errors['filters.state']).toEqual(['The state must be a two-letter USPS code.']);

    const none = await as(agentToken, 'POST', '/crm/dialer/sessions', {});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ filters: [dialerMessages.noLeads] });
    expect(await ctx.db.$count(crmDialSessions)).toBe(0);

    await insertLead({ companyName: 'Mine', managerId: agent.id });
    const [voicemail] = await ctx.db.insert(voicemails).values({ name: 'Gone', deletedAt: new Date() }).returning();
    const deleted = await as(agentToken, 'POST', '/crm/dialer/sessions', { voicemail_id: voicemail.id });
    expect(deleted.statusCode).toBe(422);
    expect(deleted.json().errors).toEqual({ voicemail_id: [dialerMessages.voicemailInvalid] });

    await createSession(agentToken);
    const twice = await as(agentToken, 'POST', '/crm/dialer/sessions', {});
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ session: [dialerMessages.activeSessionExists] });
  });

  it('queues the visible leads matching the filters, due only, ordered by next touch then last call', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const old = new Date('2026-01-01T00:00:00Z');
    const older = new Date('2025-01-01T00:00:00Z');
    const b = await insertLead({ companyName: 'B', managerId: agent.id, nextTouch: '2026-01-05', lastCallAt: old });
    const a = await insertLead({ companyName: 'A', managerId: agent.id, nextTouch: '2026-01-05', lastCallAt: older });
    const c = await insertLead({ companyName: 'C', managerId: agent.id, nextTouch: null });
    const d = await insertLead({ companyName: 'D', managerId: agent.id, nextTouch: '2026-01-05', lastCallAt: null });
    await insertLead({ companyName: 'Future', managerId: agent.id, nextTouch: '2999-01-01' });
    await insertLead({ companyName: 'Not mine', managerId: second.id, nextTouch: null });
    await insertLead({ companyName: 'Deleted', managerId: agent.id, deletedAt: new Date() });
    await insertLead({ companyName: 'Client', managerId: agent.id, status: 5 });
    await insertLead({ companyName: 'Texas', managerId: agent.id, state: 'TX', nextTouch: today });

    const session = await createSession(agentToken, { filters: { state: '' } });
    expect(session).toMatchObject({ status: 'ready', due_only: true, wrap_up_seconds: 10, current: null });
    expect(session.counts).toEqual({ total: 5, queued: 5, done: 0, skipped: 0 });
    // Next touch empty first, then by date; on one date never called, then the longest ago.
    expect(session.upcoming.map((item) => item.lead_id).slice(0, 4)).toEqual([c.id, d.id, a.id, b.id]);
    expect(session.upcoming.map((item) => item.company_name)).toEqual(['C', 'D', 'A', 'B', 'Texas']);
    await act(agentToken, session.id, 'stop');

    const texas = await createSession(agentToken, { filters: { state: 'tx' }, wrap_up_seconds: 0 });
    expect(texas.counts.total).toBe(1);
    expect(texas.wrap_up_seconds).toBe(0);
    await act(agentToken, texas.id, 'stop');

    const all = await createSession(agentToken, { due_only: false });
    expect(all.counts.total).toBe(6);
    await act(agentToken, all.id, 'stop');

    // With view_all_leads the other agent's lead joins the queue.
    await ctx.db.update(crmSettings).set({ viewAllLeads: true }).where(eq(crmSettings.id, 1));
    const everyone = await createSession(agentToken);
    expect(everyone.counts.total).toBe(6);
  });
});

describe('running a session', () => {
  it('start, next claims in order, skip, pause, resume, stop releasing the claim', async () => {
    const leads = [];
    for (let n = 0; n < 4; n += 1) leads.push(await insertLead({ companyName: `Lead ${n}`, managerId: agent.id }));
    const created = await createSession(agentToken);
    const early = await as(agentToken, 'POST', `/crm/dialer/sessions/${created.id}/next`);
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual({ session: [dialerMessages.notActive] });
    const session = await act(agentToken, created.id, 'start');
    expect(session.status).toBe('active');
    expect(session.started_at).not.toBeNull();
    const again = await as(agentToken, 'POST', `/crm/dialer/sessions/${session.id}/start`);
    expect(again.json().errors).toEqual({ session: [dialerMessages.notReady] });

    const first = await next(agentToken, session.id);
    expect(first.item).toMatchObject({ lead_id: leads[0].id, state: 'dialing' });
    expect(first.lead?.company_name).toBe('Lead 0');
    const [claimed] = await ctx.db.select().from(crmLeads).where(eq(crmLeads.id, leads[0].id));
    expect(claimed.dialingBy).toBe(agent.id);
    expect(claimed.dialingUntil!.getTime()).toBeGreaterThan(Date.now() + 60_000);

    const skipped = await act(agentToken, session.id, 'skip');
    expect(skipped.current).toBeNull();
    expect(skipped.counts.skipped).toBe(1);
    const [item] = await ctx.db.select().from(crmDialSessionItems).where(eq(crmDialSessionItems.leadId, leads[0].id));
    expect(item).toMatchObject({ state: 'skipped', skipReason: dialSkipReasons.agent });
    const [released] = await ctx.db.select().from(crmLeads).where(eq(crmLeads.id, leads[0].id));
    expect(released.dialingBy).toBeNull();
    const nothing = await as(agentToken, 'POST', `/crm/dialer/sessions/${session.id}/skip`);
    expect(nothing.json().errors).toEqual({ session: [dialerMessages.nothingToSkip] });

    expect((await next(agentToken, session.id)).item?.lead_id).toBe(leads[1].id);
    // Pause puts the uncalled lead back in the queue and frees it.
    const paused = await act(agentToken, session.id, 'pause');
    expect(paused.status).toBe('paused');
    expect(paused.upcoming[0].lead_id).toBe(leads[1].id);
    expect((await ctx.db.select().from(crmLeads).where(eq(crmLeads.id, leads[1].id)))[0].dialingBy).toBeNull();
    const whilePaused = await as(agentToken, 'POST', `/crm/dialer/sessions/${session.id}/next`);
    expect(whilePaused.json().errors).toEqual({ session: [dialerMessages.notActive] });
    const badResume = await as(agentToken, 'POST', `/crm/dialer/sessions/${session.id}/pause`);
    expect(badResume.json().errors).toEqual({ session: [dialerMessages.notActive] });
    await act(agentToken, session.id, 'resume');

    const afterResume = await next(agentToken, session.id);
    expect(afterResume.item?.lead_id).toBe(leads[1].id);
    // The agent calls the lead through the phone routes' record: next marks the item done with the call.
    const [call] = await ctx.db
      .insert(crmCalls)
      .values({
        leadId: leads[1].id,
        userId: agent.id,
        direction: 'outgoing',
        status: 'completed',
        answeredAt: new Date(Date.now() - 60_000),
        endedAt: new Date(),
        durationSeconds: 60,
        disposition: 'appointment_set',
      })
      .returning();
    const third = await next(agentToken, session.id);
    expect(third.item?.lead_id).toBe(leads[2].id);
    const [done] = await ctx.db.select().from(crmDialSessionItems).where(eq(crmDialSessionItems.leadId, leads[1].id));
    expect(done).toMatchObject({ state: 'done', callId: call.id });
    expect((await ctx.db.select().from(crmCalls).where(eq(crmCalls.id, call.id)))[0].dialSessionId).toBe(session.id);
    expect((await ctx.db.select().from(crmLeads).where(eq(crmLeads.id, leads[1].id)))[0].dialingBy).toBeNull();
    // A disposition alone sets no appointment: the stat counts the appointments set on the session's leads.
    expect(third.session.stats).toMatchObject({ dials: 1, connects: 1, voicemails: 0, appointments: 0 });
    const appointment = await as(agentToken, 'POST', '/crm/appointments', {
      lead_id: leads[1].id,
      starts_at: new Date(Date.now() + 86_400_000).toISOString(),
      ends_at: new Date(Date.now() + 90_000_000).toISOString(),
    });
    expect(appointment.statusCode, appointment.body).toBe(200);
    const reread = await as(agentToken, 'GET', `/crm/dialer/sessions/${session.id}`);
    expect(reread.json().data.stats.appointments).toBe(1);
    expect(third.session.stats.talk_seconds).toBe(60);
    expect(third.session.stats.dials_per_hour).toBeGreaterThan(0);

    const stopped = await act(agentToken, session.id, 'stop');
    expect(stopped.status).toBe('finished');
    expect(stopped.finished_at).not.toBeNull();
    expect((await ctx.db.select().from(crmLeads).where(eq(crmLeads.id, leads[2].id)))[0].dialingBy).toBeNull();
    const afterStop = await as(agentToken, 'POST', `/crm/dialer/sessions/${session.id}/resume`);
    expect(afterStop.json().errors).toEqual({ session: [dialerMessages.finished] });
    // A finished session frees the agent to make another.
    await createSession(agentToken);
  });

  it('finishes when no queued lead remains', async () => {
    const lead = await insertLead({ companyName: 'Only', managerId: agent.id });
    const session = await started(agentToken);
    expect((await next(agentToken, session.id)).item?.lead_id).toBe(lead.id);
    // A machine answered and the voicemail was dropped: a dial and a voicemail, not a connect.
    await ctx.db.insert(crmCalls).values({
      leadId: lead.id,
      userId: agent.id,
      direction: 'outgoing',
      status: 'voicemail',
      amdResult: 'machine',
      voicemailStatus: 'ended',
      answeredAt: new Date(),
      endedAt: new Date(),
      durationSeconds: 20,
    });
    const last = await next(agentToken, session.id);
    expect(last).toMatchObject({ item: null, lead: null, finished: true });
    expect(last.session.status).toBe('finished');
    expect(last.session.counts).toEqual({ total: 1, queued: 0, done: 1, skipped: 0 });
    expect(last.session.stats).toMatchObject({ dials: 1, connects: 0, voicemails: 1, talk_seconds: 0 });
  });

  it('skips do-not-call, bad numbers, no number, called since and outside calling hours, with reasons', async () => {
    await openOnlyInNewYork();
    const listed = await insertLead({ companyName: 'Listed', managerId: agent.id, phone: '(512) 555-0111' });
    await ctx.db.insert(crmDoNotCall).values({ phoneDigits: '5125550111', reason: 'asked' });
    const flagged = await insertLead({ companyName: 'Flagged', managerId: agent.id, doNotCall: true });
    const bad = await insertLead({ companyName: 'Bad', managerId: agent.id, badNumber: true });
    const none = await insertLead({ companyName: 'None', managerId: agent.id, phone: null });
    const west = await insertLead({ companyName: 'West', managerId: agent.id, state: 'CA' });
    const unknown = await insertLead({ companyName: 'Unknown', managerId: agent.id, state: null });
    const called = await insertLead({ companyName: 'Called', managerId: agent.id, state: 'NY' });
    const moved = await insertLead({ companyName: 'Moved', managerId: agent.id, state: 'NY' });
    const east = await insertLead({ companyName: 'East', managerId: agent.id, state: 'NY' });
    const session = await started(agentToken);
    expect(session.counts.total).toBe(9);
    // After the queue was made: another agent called one lead, another lead went to someone else.
    await ctx.db
      .update(crmLeads)
      .set({ lastCallAt: sql`now()` })
      .where(eq(crmLeads.id, called.id));
    await ctx.db.update(crmLeads).set({ managerId: second.id }).where(eq(crmLeads.id, moved.id));

    const answer = await next(agentToken, session.id);
    expect(answer.item?.lead_id).toBe(east.id);
    const items = await ctx.db
      .select({
        leadId: crmDialSessionItems.leadId,
        state: crmDialSessionItems.state,
        reason: crmDialSessionItems.skipReason,
      })
      .from(crmDialSessionItems)
      .where(eq(crmDialSessionItems.sessionId, session.id));
    const reasonOf = (id: number) => items.find((item) => item.leadId === id)?.reason;
    expect(reasonOf(listed.id)).toBe(dialSkipReasons.doNotCall);
    expect(reasonOf(flagged.id)).toBe(dialSkipReasons.doNotCall);
    expect(reasonOf(bad.id)).toBe(dialSkipReasons.badNumber);
    expect(reasonOf(none.id)).toBe(dialSkipReasons.noNumber);
    expect(reasonOf(west.id)).toBe(dialSkipReasons.callingHours);
    expect(reasonOf(unknown.id)).toBe(dialSkipReasons.callingHours);
    expect(reasonOf(called.id)).toBe(dialSkipReasons.calledSince);
    expect(reasonOf(moved.id)).toBe(dialSkipReasons.unavailable);
    expect(answer.session.counts).toMatchObject({ skipped: 8, queued: 0 });
  });
});

describe('leads chosen by hand (the bulk action)', () => {
  it('makes a queue of the visible chosen leads, whatever the filters and their next touch', async () => {
    const later = await insertLead({ companyName: 'Later', managerId: agent.id, status: 9, nextTouch: '2999-01-01' });
    const due = await insertLead({ companyName: 'Due', managerId: agent.id });
    const foreign = await insertLead({ companyName: 'Foreign', managerId: second.id });
    await insertLead({ companyName: 'Not chosen', managerId: agent.id });
    const session = await createSession(agentToken, { lead_ids: [later.id, due.id, foreign.id] });
    expect(session.counts.total).toBe(2);
    expect(session.due_only).toBe(false);
    expect(session.upcoming.map((item) => item.lead_id)).toEqual([due.id, later.id]);
    const bad = await as(agentToken, 'POST', '/crm/dialer/sessions', { lead_ids: [] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['lead_ids']);
  });

  it('POST /{id}/items adds the visible leads not yet queued at the end; none is 422; owner only', async () => {
    const first = await insertLead({ companyName: 'First', managerId: agent.id });
    const added = await insertLead({ companyName: 'Added', managerId: agent.id, nextTouch: '2999-01-01' });
    const foreign = await insertLead({ companyName: 'Foreign', managerId: second.id });
    const session = await started(agentToken);
    expect(session.counts.total).toBe(1);
    const url = `/crm/dialer/sessions/${session.id}/items`;
    const response = await as(agentToken, 'POST', url, { lead_ids: [first.id, added.id, foreign.id] });
    expect(response.statusCode, response.body).toBe(200);
    const grown = dialSessionSchema.parse(response.json().data);
    expect(grown.counts.total).toBe(2);
    expect(grown.upcoming.map((item) => [item.position, item.lead_id])).toEqual([
      [1, first.id],
      [2, added.id],
    ]);
    const none = await as(agentToken, 'POST', url, { lead_ids: [first.id, foreign.id] });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ lead_ids: [dialerMessages.noneAdded] });
    expect((await as(agentToken, 'POST', url, { lead_ids: ['x'] })).statusCode).toBe(422);
    expect((await as(secondToken, 'POST', url, { lead_ids: [foreign.id] })).statusCode).toBe(404);
    expect((await as(noPhoneToken, 'POST', url, { lead_ids: [first.id] })).statusCode).toBe(403);
    await act(agentToken, session.id, 'stop');
    const finished = await as(agentToken, 'POST', url, { lead_ids: [added.id] });
    expect(finished.json().errors).toEqual({ session: [dialerMessages.finished] });
  });
});

describe('the calls a session places', () => {
  const callLead = (token: string, leadId: number, number: string) =>
    as(token, 'POST', '/crm/call', { lead_id: leadId, dial_number: number, call_number: number, status: 'pending' });
  const stampOf = async (response: { statusCode: number; body: string; json: () => { data: { id: number } } }) => {
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await ctx.db.select().from(crmCalls).where(eq(crmCalls.id, response.json().data.id));
    await ctx.db.update(crmCalls).set({ status: 'completed', endedAt: new Date() }).where(eq(crmCalls.id, row.id));
    return row.dialSessionId;
  };

  it("POST /api/crm/call stamps dial_session_id only for the running session's current lead", async () => {
    const first = await insertLead({ companyName: 'Current', managerId: agent.id, phone: '(512) 555-0111' });
    const other = await insertLead({ companyName: 'Queued', managerId: agent.id, phone: '(512) 555-0112' });
    const shared = await insertLead({ companyName: 'Shared', managerId: second.id, phone: '(512) 555-0113' });
    const session = await started(agentToken);
    // Before a claim nothing is current: a call to a queued lead is not the session's.
    expect(await stampOf(await callLead(agentToken, first.id, '+15125550111'))).toBeNull();
    await ctx.db.execute(sql`truncate crm_calls restart identity cascade`);
    expect((await next(agentToken, session.id)).item?.lead_id).toBe(first.id);
    expect(await stampOf(await callLead(agentToken, first.id, '+15125550111'))).toBe(session.id);
    expect(await stampOf(await callLead(agentToken, other.id, '+15125550112'))).toBeNull();
    // Another agent's call, even to a lead of theirs, never carries this session.
    expect(await stampOf(await callLead(secondToken, shared.id, '+15125550113'))).toBeNull();
    const stats = (await act(agentToken, session.id, 'pause')).stats;
    expect(stats.dials).toBe(1);
    // Paused, the lead is back in the queue: a manual call to it is not stamped.
    expect(await stampOf(await callLead(agentToken, first.id, '+15125550111'))).toBeNull();
  });
});

describe('two agents over the same leads', () => {
  it('never hold the same lead, however their next calls interleave', async () => {
    await ctx.db.update(crmSettings).set({ viewAllLeads: true }).where(eq(crmSettings.id, 1));
    for (let n = 0; n < 24; n += 1) await insertLead({ companyName: `Shared ${n}`, managerId: agent.id });
    const mine = await started(agentToken);
    const theirs = await started(secondToken);
    expect(mine.counts.total).toBe(24);
    expect(theirs.counts.total).toBe(24);
    let rounds = 0;
    let a = null as DialNext | null;
    let b = null as DialNext | null;
    for (;;) {
      // Both at once while both run; the one still running goes on alone.
      [a, b] = await Promise.all([
        a?.finished ? a : next(agentToken, mine.id),
        b?.finished ? b : next(secondToken, theirs.id),
      ]);
      rounds += 1;
      if (a.item && b.item) expect(a.item.lead_id).not.toBe(b.item.lead_id);
      // Whatever each holds is held in the table by that agent.
      for (const [answer, user] of [
        [a, agent],
        [b, second],
      ] as const) {
        if (!answer.item) continue;
        const [lead] = await ctx.db.select().from(crmLeads).where(eq(crmLeads.id, answer.item.lead_id));
        expect(lead.dialingBy).toBe(user.id);
      }
      if (a.finished && b.finished) break;
      expect(rounds).toBeLessThan(60);
    }
    expect(rounds).toBeGreaterThan(10);
  }, 120_000);

  it('a lead claimed by another agent waits until the claim expires', async () => {
    await ctx.db.update(crmSettings).set({ viewAllLeads: true }).where(eq(crmSettings.id, 1));
    const lead = await insertLead({ companyName: 'Contested', managerId: agent.id });
    const mine = await started(agentToken);
    const theirs = await started(secondToken);
    expect((await next(agentToken, mine.id)).item?.lead_id).toBe(lead.id);
    const blocked = await next(secondToken, theirs.id);
    expect(blocked).toMatchObject({ item: null, finished: false });
    expect(blocked.session.counts.queued).toBe(1);
    // Two minutes later the first agent's claim has lapsed.
    await ctx.db
      .update(crmLeads)
      .set({ dialingUntil: sql`now() - interval '1 second'` })
      .where(eq(crmLeads.id, lead.id));
    const taken = await next(secondToken, theirs.id);
    expect(taken.item?.lead_id).toBe(lead.id);
    expect((await ctx.db.select().from(crmLeads).where(eq(crmLeads.id, lead.id)))[0].dialingBy).toBe(second.id);
  });
});

describe('live updates', () => {
  it("sends DialerUpdated with the session's answer on the owner's phone channel", async () => {
    const [line] = await ctx.db.insert(agentPhoneNumbers).values({ phoneNumber: '(737) 555-0142' }).returning();
    await ctx.db.insert(agentSettings).values({ userId: agent.id, phoneNumberId: line.id });
    await insertLead({ companyName: 'Live', managerId: agent.id });
    const socket = await connectSocket(await listenForSockets(ctx.app), agentToken);
    sockets.push(socket);
    expect(await subscribe(socket, phoneChannel('7375550142'))).toMatchObject({ ok: true });
    const session = await createSession(agentToken);
    const event = nextEvent<DialSession>(socket, 'DialerUpdated');
    const answer = await act(agentToken, session.id, 'start');
    const [payload] = await event;
    expect(payload).toEqual(answer);
    // A call record ending (the phone code's effects after commit) announces the open session's new stats.
    const again = nextEvent<DialSession>(socket, 'DialerUpdated');
    const ended = {
      ...noEffects(),
      phone: [{ userId: agent.id, event: 'CallUpdated' as const, payload: { ended_at: 'x' } }],
    };
    await runEffects(ctx.app, ended);
    expect((await again)[0].id).toBe(session.id);
    const current = await as(agentToken, 'GET', '/crm/dialer/sessions/current');
    expect(current.json().data.id).toBe(session.id);
    const read = await as(agentToken, 'GET', `/crm/dialer/sessions/${session.id}`);
    expect(dialSessionSchema.parse(read.json().data).status).toBe('active');
  });
});
