import { crmLeadChannel, phoneChannel } from '@switchboard/shared';
import { crmPhoneMessages, LOG_ERRORS_PER_MINUTE } from '@switchboard/shared/crm-phone';
import { tollFraud900Message } from '@switchboard/shared/crm';
import { createTelephonyDouble, type TelephonyDouble } from '@switchboard/telephony-double';
import { once } from 'node:events';
import { and, eq, sql } from 'drizzle-orm';
import { WebSocket } from 'ws';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { connectSocket, listenForSockets, nextEvent, subscribe } from '../../../test/realtime.ts';
import { runJob } from '../../plugins/jobs.ts';
import { notifications } from '../notifications/notifications.table.ts';
import { agentPhoneNumbers, agentSettings } from '../phone-numbers/phone-numbers.table.ts';
import { voicemails } from '../reference/reference.table.ts';
import { pruneTelephonyEventsJob } from './crm-webhook.routes.ts';
import { crmCalls, crmDoNotCall, crmLeads, crmTelephonyEvents } from './crm.table.ts';

// The softphone's server side against the real double on a loopback port (designs/crm-softphone.md §6): the app
// drives the double through the official telnyx SDK; the double's signed webhooks reach the app through app.inject
// with their bytes unchanged.

let ctx: TestContext;
let double: TelephonyDouble;
let doubleUrl: string;
let token: string;
let otherToken: string;
let agentId: number;
const sockets: Socket[] = [];
const LINE = '(737) 555-0142';
const LINE_DIGITS = '7375550142';
const deliveries: { status: number; body: string }[] = [];

async function until<T>(
  check: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  what: string,
) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function giveLine(userId: number, phone: string, sipUsername: string) {
  const [line] = await ctx.db.insert(agentPhoneNumbers).values({ phoneNumber: phone }).returning();
  await ctx.db.insert(agentSettings).values({
    userId,
    phoneNumberId: line.id,
    sipUsername,
    telephonyCredentialId: sipUsername,
    connectionId: 'credential-connection-1',
  });
}

const post = (url: string, payload: unknown, auth = token) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(auth), payload: payload as Record<string, unknown> });

async function newLead(values: Partial<typeof crmLeads.$inferInsert> = {}) {
  const [lead] = await ctx.db
    .insert(crmLeads)
    .values({ companyName: 'Hill Country Dental Partners', phone: '(512) 555-0123', managerId: agentId, ...values })
    .returning();
  return lead;
}

/** Logs 'alice' in on the double's signalling socket with the token GET /api/crm/phone/session minted. */
async function loginPhone(): Promise<WebSocket> {
  const session = await ctx.app.inject({ method: 'GET', url: '/api/crm/phone/session', headers: bearer(token) });
  const ws = new WebSocket(`${doubleUrl.replace(/^http/, 'ws')}/_telephony/rtc`);
  await once(ws, 'open');
  const reply = new Promise<{ result?: unknown; error?: unknown }>((resolve) =>
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as { id?: unknown; result?: unknown; error?: unknown };
      if (message.id === 'login-1') resolve(message);
    }),
  );
  ws.send(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 'login-1',
      method: 'login',
      params: { login_token: session.json().data.login_token },
    }),
  );
  expect((await reply).result).toMatchObject({ message: 'logged in' });
  return ws;
}

async function callRow(id: number) {
  const [row] = await ctx.db.select().from(crmCalls).where(eq(crmCalls.id, id));
  return row;
}

/** Ends the agent's live outgoing calls, so the one-live-call limit does not carry from test to test. */
async function endLiveCalls() {
  await ctx.db.execute(sql`update crm_calls set status = 'completed' where status in ('pending', 'ringing', 'active')`);
}

beforeAll(async () => {
  double = await createTelephonyDouble({
    apiKey: 'test-key',
    speed: 20,
    deliver: async (body, headers) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/crm/telephony/webhook',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: body,
      });
      deliveries.push({ status: response.statusCode, body });
      return response.statusCode;
    },
  });
  const { url } = await double.listen(0, '127.0.0.1');
  doubleUrl = url;
  ctx = await createTestContext({
    config: {
      telephonyProvider: 'telnyx',
      telnyxApiKey: 'test-key',
      telnyxPublicKey: double.publicKey,
      telnyxApiUrl: `${url}/_telephony/v2`,
      telnyxCallControlAppId: 'call-control-app-1',
      telnyxSipDomain: 'sip.telnyx.com',
      publicUrl: 'http://127.0.0.1:9',
    },
  });
  const agent = await createUser(ctx.db, { permissions: ['phone access', 'view crm'] });
  agentId = agent.id;
  await giveLine(agent.id, LINE, 'alice');
  token = (await login(ctx.app, agent.email, agent.password)).access_token;
  const other = await createUser(ctx.db, { permissions: ['phone access', 'view crm'] });
  await giveLine(other.id, '(737) 555-0143', 'bob');
  otherToken = (await login(ctx.app, other.email, other.password)).access_token;
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await double?.close();
  await ctx?.close();
});

describe('gates', () => {
  const routes: [string, string][] = [
    ['GET', '/api/crm/phone/session'],
    ['POST', '/api/crm/call'],
    ['PUT', '/api/crm/call/1'],
    ['GET', '/api/crm/calls'],
    ['POST', '/api/crm/calls/manage/dial'],
    ['POST', '/api/crm/calls/manage/transfer'],
    ['POST', '/api/crm/calls/manage/start_conference'],
    ['POST', '/api/crm/calls/manage/add_to_conference'],
    ['POST', '/api/crm/calls/manage/create_incoming_conference'],
    ['POST', '/api/crm/calls/manage/log_error'],
  ];

  it("401 without a token, 403 without 'phone access' or to a client account, on every call route", async () => {
    const plain = await createUser(ctx.db, { permissions: ['view crm'] });
    const plainToken = (await login(ctx.app, plain.email, plain.password)).access_token;
    const client = await createUser(ctx.db, { type: 'Client', permissions: ['phone access'] });
    const clientToken = (await login(ctx.app, client.email, client.password)).access_token;
    for (const [method, url] of routes) {
      const anonymous = await ctx.app.inject({
        method: method as 'GET',
        url,
        payload: method === 'GET' ? undefined : {},
      });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      for (const auth of [plainToken, clientToken]) {
        const refused = await ctx.app.inject({
          method: method as 'GET',
          url,
          headers: bearer(auth),
          payload: method === 'GET' ? undefined : {},
        });
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });

  it('answers 422 with field errors for bad bodies', async () => {
    const bad = await post('/api/crm/call', { status: 'active', lead_id: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ message: 'The given data was invalid.' });
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['status', 'lead_id']));
    const dial = await post('/api/crm/calls/manage/dial', {});
    expect(dial.statusCode).toBe(422);
    expect(dial.json().errors).toHaveProperty('call_id');
    const transfer = await post('/api/crm/calls/manage/transfer', {
      call_control_id: 'v3:x',
      to: 'drop table',
      from: '1',
    });
    expect(transfer.statusCode).toBe(422);
    expect(transfer.json().errors.to).toEqual([crmPhoneMessages.numberInvalid]);
  });
});

describe('GET /api/crm/phone/session', () => {
  it('mints a login token; never the SIP password or the API key; 422 without agent settings', async () => {
    const session = await ctx.app.inject({ method: 'GET', url: '/api/crm/phone/session', headers: bearer(token) });
    expect(session.statusCode, session.body).toBe(200);
    const body = session.json().data;
    expect(typeof body.login_token).toBe('string');
    expect(body.login_token.split('.')).toHaveLength(3);
    expect(body.host).toBeUndefined();
    expect(body.simulated).toBe(false);
    expect(session.body).not.toContain('test-key');
    const bare = await createUser(ctx.db, { permissions: ['phone access'] });
    const bareToken = (await login(ctx.app, bare.email, bare.password)).access_token;
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/crm/phone/session', headers: bearer(bareToken) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.phone).toEqual([crmPhoneMessages.noPhone]);
  });
});

describe('POST /api/crm/call and the call log', () => {
  it('creates a pending record: data.id and a signed client_state; one live outgoing call', async () => {
    await endLiveCalls();
    const lead = await newLead();
    const created = await post('/api/crm/call', {
      lead_id: lead.id,
      call_number: '(512) 555-0123',
      call_number_clean: '5125550123',
      dial_number: '+15125550123',
      direction: 'outgoing',
      status: 'pending',
      agent_number: LINE,
      voicemail_id: null,
      callback_number: null,
    });
    expect(created.statusCode, created.body).toBe(200);
    const data = created.json().data;
    expect(data).toMatchObject({ lead_id: lead.id, status: 'pending', direction: 'outgoing', user_id: agentId });
    expect(typeof data.id).toBe('number');
    expect(data.client_state).toMatch(/^[A-Za-z0-9_-]+$/);
    const second = await post('/api/crm/call', { dial_number: '+15125550124' });
    expect(second.statusCode).toBe(422);
    expect(second.json().errors.dial_number).toEqual([crmPhoneMessages.oneLiveCall]);
  });

  it('refuses a lead out of sight, toll-fraud numbers and the do-not-call list, with their messages', async () => {
    await endLiveCalls();
    const hidden = await newLead({ managerId: null });
    const invisible = await post('/api/crm/call', { lead_id: hidden.id, dial_number: '+15125550125' });
    expect(invisible.statusCode).toBe(422);
    expect(invisible.json().errors.lead_id).toEqual([crmPhoneMessages.leadInvalid]);
    const fraud = await post('/api/crm/call', { dial_number: '(900) 555-0100' });
    expect(fraud.statusCode).toBe(422);
    expect(fraud.json().errors.dial_number).toEqual([tollFraud900Message]);
    await ctx.db.insert(crmDoNotCall).values({ phoneDigits: '5125550126' });
    const listed = await post('/api/crm/call', { dial_number: '512-555-0126' });
    expect(listed.statusCode).toBe(422);
    expect(listed.json().errors.dial_number).toEqual([crmPhoneMessages.doNotCall]);
  });

  it('allows one voicemail drop beside the live call: a second call with auto voicemail waits', async () => {
    await endLiveCalls();
    const [voicemail] = await ctx.db.insert(voicemails).values({ name: 'Drop limit' }).returning();
    await ctx.db.insert(crmCalls).values({
      userId: agentId,
      direction: 'outgoing',
      status: 'active',
      dialNumber: '+15125550162',
      amdResult: 'machine',
      voicemailId: voicemail.id,
    });
    const refused = await post('/api/crm/call', { dial_number: '+15125550163', voicemail_id: voicemail.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.dial_number).toEqual([crmPhoneMessages.oneVoicemailDrop]);
    const manual = await post('/api/crm/call', { dial_number: '+15125550163' });
    expect(manual.statusCode, manual.body).toBe(200);
  });

  it('counts 600 dials an hour per agent', async () => {
    await endLiveCalls();
    await ctx.db.execute(sql`insert into crm_calls (user_id, direction, status, dial_number)
      select ${agentId}, 'outgoing', 'completed', '+15125550101' from generate_series(1, 600)`);
    const refused = await post('/api/crm/call', { dial_number: '+15125550127' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.dial_number).toEqual([crmPhoneMessages.hourlyLimit]);
    await ctx.db.execute(sql`delete from crm_calls where user_id = ${agentId} and dial_number = '+15125550101'`);
  });

  it("PUT /api/crm/call/{id} ignores one's own ringing record; GET /api/crm/calls lists one's own", async () => {
    await endLiveCalls();
    const created = await post('/api/crm/call', {
      dial_number: '+15125550128',
      direction: 'incoming',
      status: 'ringing',
    });
    const id = created.json().data.id as number;
    const foreign = await ctx.app.inject({
      method: 'PUT',
      url: `/api/crm/call/${id}`,
      headers: bearer(otherToken),
      payload: { status: 'ignored' },
    });
    expect(foreign.statusCode).toBe(404);
    const ignored = await ctx.app.inject({
      method: 'PUT',
      url: `/api/crm/call/${id}`,
      headers: bearer(token),
      payload: { status: 'ignored' },
    });
    expect(ignored.statusCode, ignored.body).toBe(200);
    expect(ignored.json().data.status).toBe('ignored');
    const again = await ctx.app.inject({
      method: 'PUT',
      url: `/api/crm/call/${id}`,
      headers: bearer(token),
      payload: { status: 'completed' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.status).toEqual([crmPhoneMessages.callEnded]);
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/crm/calls?per_page=5', headers: bearer(token) });
    expect(mine.json()).toMatchObject({ per_page: 5, current_page: 1 });
    expect(mine.json().data.every((c: { user_id: number }) => c.user_id === agentId)).toBe(true);
    const theirs = await ctx.app.inject({ method: 'GET', url: '/api/crm/calls', headers: bearer(otherToken) });
    expect(theirs.json().data.some((c: { id: number }) => c.id === id)).toBe(false);
  });
});

function envelope(eventType: string, payload: Record<string, unknown>, id = crypto.randomUUID()) {
  return JSON.stringify({
    data: { event_type: eventType, id, occurred_at: new Date().toISOString(), payload, record_type: 'event' },
    meta: { attempt: 1, delivered_to: 'test' },
  });
}

const sendWebhook = (body: string, headers = double.signWebhook(body)) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/crm/telephony/webhook',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: body,
  });

describe('POST /api/crm/telephony/webhook', () => {
  it('refuses a bad signature and a stale timestamp with 401, storing nothing', async () => {
    const body = envelope('call.initiated', { call_control_id: 'v3:bad', direction: 'outgoing' });
    const before = await ctx.db.$count(crmTelephonyEvents);
    const tampered = await sendWebhook(body.replace('v3:bad', 'v3:bae'), double.signWebhook(body));
    expect(tampered.statusCode).toBe(401);
    const stale = await sendWebhook(body, double.signWebhook(body, Math.floor(Date.now() / 1000) - 600));
    expect(stale.statusCode).toBe(401);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/crm/telephony/webhook',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await ctx.db.$count(crmTelephonyEvents)).toBe(before);
  });

  it('refuses a body over 64 KB before reading it as an event', async () => {
    const body = envelope('call.initiated', { call_control_id: 'v3:big', padding: 'x'.repeat(70 * 1024) });
    const response = await sendWebhook(body);
    expect(response.statusCode).toBe(413);
  });

  it('drives an SDK call: legs, active, completed, lead counted once; redelivery and forgery ignored', async () => {
    await endLiveCalls();
    const socket = await connectSocket(await listenForSockets(ctx.app), token);
    sockets.push(socket);
    expect(await subscribe(socket, phoneChannel(LINE_DIGITS))).toMatchObject({ ok: true });
    const lead = await newLead({ companyName: 'Webhook Lead' });
    expect(await subscribe(socket, crmLeadChannel(lead.id))).toMatchObject({ ok: true });
    const leadLogged = nextEvent(socket, 'LeadCallLogged');
    const created = (await post('/api/crm/call', { lead_id: lead.id, dial_number: '+15125550129' })).json().data;
    const common = {
      call_session_id: 'session-1',
      connection_id: 'credential-connection-1',
      from: LINE,
      to: '+15125550129',
    };
    const localUpdated = nextEvent(socket, 'LocalCallControlIdUpdated');
    const agentInit = envelope('call.initiated', {
      ...common,
      call_control_id: 'v3:agent-1',
      direction: 'incoming',
      client_state: created.client_state,
    });
    expect((await sendWebhook(agentInit)).statusCode).toBe(200);
    expect((await localUpdated)[0]).toEqual({ call_id: created.id, call_control_id: 'v3:agent-1' });
    const farUpdated = nextEvent(socket, 'CallControlIdUpdated');
    await sendWebhook(
      envelope('call.initiated', {
        ...common,
        call_control_id: 'v3:far-1',
        direction: 'outgoing',
        client_state: created.client_state,
      }),
    );
    expect((await farUpdated)[0]).toEqual({ call_id: created.id, call_control_id: 'v3:far-1' });
    expect(await callRow(created.id)).toMatchObject({
      localCallControlId: 'v3:agent-1',
      callControlId: 'v3:far-1',
      status: 'ringing',
    });

    // A client_state naming this record but not signed by us is ignored.
    const forged = Buffer.from(JSON.stringify({ call_id: created.id, leg: 'sdk', sig: 'x'.repeat(32) })).toString(
      'base64url',
    );
    await sendWebhook(
      envelope('call.hangup', {
        ...common,
        call_control_id: 'v3:forged',
        direction: 'outgoing',
        client_state: forged,
        hangup_cause: 'user_busy',
      }),
    );
    expect((await callRow(created.id)).status).toBe('ringing');

    await sendWebhook(envelope('call.answered', { ...common, call_control_id: 'v3:far-1', direction: 'outgoing' }));
    expect(await callRow(created.id)).toMatchObject({ status: 'active' });
    const logged = nextEvent(
      socket,
      'CallUpdated',
      (payload) => (payload as { status: string }).status === 'completed',
    );
    const hangup = envelope('call.hangup', {
      ...common,
      call_control_id: 'v3:far-1',
      direction: 'outgoing',
      hangup_cause: 'normal_clearing',
    });
    expect((await sendWebhook(hangup)).json()).toEqual({ message: 'Received.' });
    expect((await sendWebhook(hangup)).json()).toEqual({ message: 'Already received.' });
    await logged;
    expect((await leadLogged)[0]).toMatchObject({ id: created.id, lead_id: lead.id, status: 'completed' });
    const ended = await callRow(created.id);
    expect(ended).toMatchObject({ status: 'completed', hangupCause: 'normal_clearing' });
    expect(ended.durationSeconds).toBeGreaterThanOrEqual(0);
    const [counted] = await ctx.db.select().from(crmLeads).where(eq(crmLeads.id, lead.id));
    expect(counted.callsCount).toBe(1);
    expect(counted.lastCallAt).not.toBeNull();
  });

  it('maps an unanswered hangup: busy', async () => {
    await endLiveCalls();
    const created = (await post('/api/crm/call', { dial_number: '+15125550181' })).json().data;
    const payload = { call_control_id: 'v3:far-busy', direction: 'outgoing', client_state: created.client_state };
    await sendWebhook(envelope('call.initiated', payload));
    await sendWebhook(envelope('call.hangup', { ...payload, hangup_cause: 'user_busy' }));
    expect((await callRow(created.id)).status).toBe('busy');
  });

  it("refuses another agent's subscription to this line's phone channel", async () => {
    const socket = await connectSocket(await listenForSockets(ctx.app), otherToken);
    sockets.push(socket);
    expect(await subscribe(socket, phoneChannel(LINE_DIGITS))).toMatchObject({ ok: false });
  });
});

describe('server-placed calls through the double', () => {
  it('auto voicemail to a machine: AMD, agent leg dropped, the uploaded media plays, status voicemail', async () => {
    await endLiveCalls();
    const socket = await connectSocket(await listenForSockets(ctx.app), token);
    sockets.push(socket);
    await subscribe(socket, phoneChannel(LINE_DIGITS));
    const [voicemail] = await ctx.db.insert(voicemails).values({ name: 'Main greeting' }).returning();
    const lead = await newLead({ companyName: 'Machine Lead', phone: '(512) 555-0161' });
    const created = (
      await post('/api/crm/call', { lead_id: lead.id, dial_number: '+15125550161', voicemail_id: voicemail.id })
    ).json().data;
    const detecting = nextEvent(socket, 'VoicemailDetecting', () => true, 20_000);
    const started = nextEvent(socket, 'VoicemailStarted', () => true, 20_000);
    const ended = nextEvent(socket, 'VoicemailEnded', () => true, 20_000);
    const dial = await post('/api/crm/calls/manage/dial', { call_id: created.id });
    expect(dial.statusCode, dial.body).toBe(200);
    const farId = dial.json().data.call_control_id as string;
    expect(double.leg(farId)).toMatchObject({ to: '+15125550161', script: 'machine' });
    const agentLeg = double.legs().find((l) => l.to === 'sip:alice@sip.telnyx.com' && l.clientState !== null);
    expect(agentLeg).toBeTruthy();
    expect((await detecting)[0]).toMatchObject({ call_id: created.id });
    expect((await started)[0]).toMatchObject({ call_id: created.id, call_control_id: farId });
    await ended;
    const row = await callRow(created.id);
    expect(row).toMatchObject({ status: 'voicemail', voicemailStatus: 'ended', amdResult: 'machine' });
    const [media] = await ctx.db.select().from(voicemails).where(eq(voicemails.id, voicemail.id));
    expect(media.providerMediaName).toBeTruthy();
    const playback = double
      .webhooks()
      .find((w) => w.callControlId === farId && w.eventType === 'call.playback.started');
    expect(playback?.payload).toMatchObject({ media_name: media.providerMediaName });
    await until(() => double.leg(farId)?.state === 'hangup', 'the lead leg hung up');
    // Dialling the same record again is refused.
    const again = await post('/api/crm/calls/manage/dial', { call_id: created.id });
    expect(again.statusCode).toBe(422);
  });

  it('dials a person, then transfer and the three conference calls reach the double as Telnyx calls', async () => {
    await endLiveCalls();
    const created = (await post('/api/crm/call', { dial_number: '+15125550120' })).json().data;
    const dial = await post('/api/crm/calls/manage/dial', { call_id: created.id });
    expect(dial.statusCode, dial.body).toBe(200);
    const farId = dial.json().data.call_control_id as string;
    await until(async () => (await callRow(created.id)).status === 'active', 'the person answered');
    const foreign = await post(
      '/api/crm/calls/manage/start_conference',
      { call_control_id: farId, to: '+15125550121', from: LINE },
      otherToken,
    );
    expect(foreign.statusCode).toBe(422);
    const conference = await post('/api/crm/calls/manage/start_conference', {
      call_control_id: farId,
      to: '+15125550121',
      from: LINE,
      connection_id: 'credential-connection-1',
    });
    expect(conference.statusCode, conference.body).toBe(200);
    const conferenceId = conference.json().data as string;
    expect(typeof conferenceId).toBe('string');
    expect(double.leg(farId)?.conferenceId).toBe(conferenceId);
    await until(
      () => double.legs().some((l) => l.to === '+15125550121' && l.conferenceId === conferenceId),
      'the dialled participant joined',
    );
    const added = await post('/api/crm/calls/manage/add_to_conference', {
      conference_id: conferenceId,
      to: '+15125550122',
      from: LINE,
    });
    expect(added.statusCode, added.body).toBe(200);
    await until(
      () => double.legs().some((l) => l.to === '+15125550122' && l.conferenceId === conferenceId),
      'the added participant joined',
    );
    const badConference = await post('/api/crm/calls/manage/add_to_conference', {
      conference_id: 'nope',
      to: '+15125550122',
      from: LINE,
    });
    expect(badConference.statusCode).toBe(422);
    const transfer = await post('/api/crm/calls/manage/transfer', {
      call_control_id: farId,
      to: '+15125550124',
      from: LINE,
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    expect(transfer.json().data).toMatchObject({ status: 'transferred', transfer_to: '+15125550124' });
    await until(() => double.legs().some((l) => l.to === '+15125550124'), 'the transfer target leg');
  });

  it('create_incoming_conference answers the ringing caller into a conference with the current call', async () => {
    await endLiveCalls();
    // Alice's phone is logged in, so the current call's agent leg is alive and the incoming call rings there until
    // it is merged.
    const phone = await loginPhone();
    try {
      const created = (await post('/api/crm/call', { dial_number: '+15125550130' })).json().data;
      const farId = (await post('/api/crm/calls/manage/dial', { call_id: created.id })).json().data.call_control_id;
      await until(async () => (await callRow(created.id)).status === 'active', 'the person answered');
      const { callControlId: callerId } = await double.placeInboundCall({ from: '+15125550131', to: '+17375550142' });
      await until(
        () => double.legs().some((l) => l.to === 'sip:alice@sip.telnyx.com' && l.state === 'ringing'),
        'the agent phone rings',
      );
      const ringing = await until(
        async () => (await ctx.db.select().from(crmCalls).where(eq(crmCalls.callControlId, callerId)))[0],
        'the incoming record',
      );
      const merged = await post('/api/crm/calls/manage/create_incoming_conference', {
        call_control_id: farId,
        connection_id: 'credential-connection-1',
        ringing_call_control_id: callerId,
        transfer_number: null,
        ringing_call_id: ringing.id,
      });
      expect(merged.statusCode, merged.body).toBe(200);
      const conferenceId = merged.json().data as string;
      expect(double.leg(callerId)?.conferenceId).toBe(conferenceId);
      // Both legs of the current call are in it: the lead's, and the agent's (starting the conference from one leg
      // unbridges it, so without joining the agent's the lead and the caller would talk without the agent).
      const current = await callRow(created.id);
      expect(current?.localCallControlId).toBeTruthy();
      expect(double.leg(farId)?.conferenceId).toBe(conferenceId);
      expect(double.leg(current!.localCallControlId!)?.conferenceId).toBe(conferenceId);
      expect(await callRow(ringing.id)).toMatchObject({ status: 'active', conferenceId });
    } finally {
      phone.close();
    }
  });
});

describe('incoming calls', () => {
  it('ringing record with the lead by phone, IncomingCallId, transfer to the SIP URI; unanswered: missed', async () => {
    const socket = await connectSocket(await listenForSockets(ctx.app), token);
    sockets.push(socket);
    await subscribe(socket, phoneChannel(LINE_DIGITS));
    const lead = await newLead({ companyName: 'Inbound Caller Company', phone: '512.555.0144' });
    const incoming = nextEvent(socket, 'IncomingCallId', () => true, 20_000);
    const { callControlId } = await double.placeInboundCall({ from: '+1 (512) 555-0144', to: '+1 737 555 0142' });
    const [payload] = await incoming;
    expect(payload).toMatchObject({
      call_control_id: callControlId,
      from: '+1 (512) 555-0144',
      lead: { id: lead.id, company_name: 'Inbound Caller Company' },
    });
    const callId = (payload as { call_id: number }).call_id;
    await until(
      () =>
        double
          .legs()
          .some((l) => l.to === 'sip:alice@sip.telnyx.com' && l.clientState !== null && l.direction === 'outgoing'),
      'the transfer to the agent',
    );
    // Nobody's phone is logged in: the agent leg fails and the caller's call ends unanswered.
    const row = await until(async () => {
      const current = await callRow(callId);
      return current.status === 'missed' ? current : null;
    }, 'missed');
    expect(row).toMatchObject({ direction: 'incoming', leadId: lead.id, userId: agentId });
    // The notification follows the commit that marked the call missed.
    const notification = await until(
      async () =>
        (
          await ctx.db
            .select()
            .from(notifications)
            .where(and(eq(notifications.userId, agentId), eq(notifications.numberDetails, String(callId))))
        )[0],
      'the missed-call notification',
    );
    expect(notification).toMatchObject({ type: 'Missed Call', numberDetails: String(callId) });
  });
});

describe('the events job', () => {
  it('forgets webhook events after 30 days and keeps newer ones', async () => {
    await ctx.db.insert(crmTelephonyEvents).values([
      {
        eventId: 'old-event',
        eventType: 'call.hangup',
        payload: {},
        receivedAt: new Date(Date.now() - 31 * 86_400_000),
      },
      {
        eventId: 'recent-event',
        eventType: 'call.hangup',
        payload: {},
        receivedAt: new Date(Date.now() - 29 * 86_400_000),
      },
    ]);
    await runJob(ctx.app, pruneTelephonyEventsJob);
    const left = await ctx.db
      .select({ id: crmTelephonyEvents.eventId })
      .from(crmTelephonyEvents)
      .where(sql`${crmTelephonyEvents.eventId} in ('old-event', 'recent-event')`);
    expect(left).toEqual([{ id: 'recent-event' }]);
  });
});

describe('log_error', () => {
  it('logs 10 a minute per user, then 429', async () => {
    for (let i = 0; i < LOG_ERRORS_PER_MINUTE; i++) {
      const ok = await post('/api/crm/calls/manage/log_error', { error: `socket closed ${i}`, status: 1006 });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const refused = await post('/api/crm/calls/manage/log_error', { error: 'one more', status: 1006 });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(crmPhoneMessages.tooManyErrors);
    const other = await post('/api/crm/calls/manage/log_error', { error: 'theirs', status: null }, otherToken);
    expect(other.statusCode).toBe(200);
  });
});
