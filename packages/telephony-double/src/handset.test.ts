// The simulated handset (CRM design §3.4): the page at /_telephony/phone under its own CSP, its login on the
// signalling socket (the control token or the host's check), a call from a 555-01XX number to an agent, and a claimed
// 555-01XX number ringing the handset instead of the scripted far end; a werift peer stands in for each browser.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WeriftPeer } from './media.ts';
import { startHarness, until, type Harness } from './testing/harness.ts';
import { RpcClient } from './testing/rpc-client.ts';

let h: Harness;
const clients: RpcClient[] = [];
const peers: WeriftPeer[] = [];

beforeAll(async () => {
  h = await startHarness({ handsetAuth: async (token) => token === 'manager-session' });
});
afterAll(async () => {
  for (const c of clients) c.close();
  for (const p of peers) await p.close();
  await h.close();
});

function peer() {
  const p = new WeriftPeer();
  peers.push(p);
  return p;
}

async function open(): Promise<RpcClient> {
  const client = await RpcClient.open(h.url);
  clients.push(client);
  return client;
}

async function handset(token = 'control-test'): Promise<RpcClient> {
  const client = await open();
  const login = await client.call('login', { login_token: token, handset: true });
  expect(login.result).toMatchObject({ message: 'logged in' });
  return client;
}

async function agent(name: string): Promise<RpcClient> {
  const client = await open();
  const token = await h.client.telephonyCredentials.createToken(name);
  expect((await client.call('login', { login_token: token })).result).toMatchObject({ message: 'logged in' });
  return client;
}

describe('the page', () => {
  it('is plain HTML whose one script runs under a fresh nonce, sockets to its own host only', async () => {
    const first = await fetch(`${h.url}/_telephony/phone`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = first.headers.get('content-security-policy')!;
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1];
    const html = await first.text();
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html.match(/<script/g)).toHaveLength(1);
    const host = new URL(h.url).host;
    expect(csp).toContain(`connect-src 'self' ws://${host} wss://${host};`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    const second = await fetch(`${h.url}/_telephony/phone`);
    expect(second.headers.get('content-security-policy')).not.toContain(nonce);
    expect((await fetch(`${h.url}/_telephony/phone`, { method: 'POST' })).status).toBe(404);
  });
});

describe('login', () => {
  it('takes the control token or what the host accepts, and refuses anything else with -32001', async () => {
    await handset('control-test');
    await handset('manager-session');
    for (const token of ['agent-session', '', 'control-tesT']) {
      const refused = await (await open()).call('login', { login_token: token, handset: true });
      expect(refused.error).toEqual({ code: -32001, message: 'Authentication Failure' });
    }
    // an SDK session cannot claim a number
    const sdk = await agent('dora');
    expect((await sdk.call('handset.claim', { number: '5125550133' })).error?.code).toBe(-32602);
  });
});

describe('calls', () => {
  it('the handset calls an agent from a 555-01XX number; answered by the agent, audio both ways, bye', async () => {
    const phone = await handset();
    const refused = await phone.call('telnyx_rtc.invite', {
      sdp: 'v=0',
      dialogParams: { callID: randomUUID(), destination_number: '+17375550150', caller_id_number: '+15125551234' },
    });
    expect(refused.error).toMatchObject({ code: -32602, message: 'A handset calls from a 555-01XX number.' });

    const alice = await agent('alice');
    const tester = peer();
    const callID = randomUUID();
    const created = await phone.call('telnyx_rtc.invite', {
      sdp: await tester.offer(),
      dialogParams: { callID, destination_number: '+17375550150', caller_id_number: '+15125550142' },
    });
    expect(created.result).toMatchObject({ callID, message: 'CALL CREATED' });
    const media = await phone.waitFor('telnyx_rtc.media', (m) => m.params?.callID === callID);
    await tester.acceptAnswer(String(media.params?.sdp));
    const caller = await until(
      () => h.double.legs().find((l) => l.script === 'handset' && l.from === '+15125550142' && l.state !== 'hangup'),
      'the caller leg',
    );
    expect(caller).toMatchObject({ kind: 'rtc', direction: 'incoming', to: '+17375550150' });
    await until(() => h.eventsOf(caller.callControlId).includes('call.initiated'), 'call.initiated');
    const initiated = h.delivered.find((d) => d.event.data.payload.call_control_id === caller.callControlId)!;
    expect(initiated.event.data.payload).toMatchObject({ state: 'parked', direction: 'incoming' });

    // the app does what it does for any caller: transfer to the agent's SIP URI
    await h.client.calls.actions.transfer(caller.callControlId, { to: 'sip:alice@sip.telnyx.com' });
    const invite = await alice.waitFor('telnyx_rtc.invite', (m) => m.params?.caller_id_number === '+17375550150');
    const softphone = peer();
    await alice.call('telnyx_rtc.answer', {
      sdp: await softphone.answer(String(invite.params?.sdp)),
      dialogParams: { callID: invite.params?.callID },
    });
    await phone.waitFor('telnyx_rtc.answer', (m) => m.params?.callID === callID);
    await Promise.all([tester.connected(), softphone.connected()]);
    tester.startTone([500], 9000);
    softphone.startTone([900], 9000);
    await until(() => tester.meter.rms > 1000 && softphone.meter.rms > 1000, 'audio both ways');
    expect(h.double.leg(caller.callControlId)!.rmsIn).toBeGreaterThan(1000);

    await phone.call('telnyx_rtc.bye', { cause: 'NORMAL_CLEARING', causeCode: 16, dialogParams: { callID } });
    await alice.waitFor('telnyx_rtc.bye', (m) => m.params?.callID === invite.params?.callID);
    expect(h.double.leg(caller.callControlId)).toMatchObject({ state: 'hangup', hangupCause: 'normal_clearing' });
  });

  it('a claimed number rings the handset instead of the scripted far end, from the SDK and from REST', async () => {
    const phone = await handset();
    expect((await phone.call('handset.claim', { number: '(512) 555-0210' })).error?.code).toBe(-32602);
    const claimed = await phone.call('handset.claim', { number: '(512) 555-0133' });
    expect(claimed.result).toMatchObject({ number: '5550133' });

    const bob = await agent('bob');
    const softphone = peer();
    const callID = randomUUID();
    await bob.call('telnyx_rtc.invite', {
      sdp: await softphone.offer(),
      dialogParams: { callID, destination_number: '+1 512 555 0133', caller_id_number: '+17375550160' },
    });
    const ring = await phone.waitFor('telnyx_rtc.invite', (m) => m.params?.caller_id_number === '+17375550160');
    const far = h.double.legs().find((l) => l.script === 'handset' && l.to === '+1 512 555 0133')!;
    expect(far).toMatchObject({ kind: 'rtc', direction: 'outgoing', state: 'ringing', answered: false });
    await bob.waitFor('telnyx_rtc.ringing', (m) => m.params?.callID === callID);
    const tester = peer();
    await phone.call('telnyx_rtc.answer', {
      sdp: await tester.answer(String(ring.params?.sdp)),
      dialogParams: { callID: ring.params?.callID },
    });
    const answer = await bob.waitFor('telnyx_rtc.answer', (m) => m.params?.callID === callID);
    await softphone.acceptAnswer(String(answer.params?.sdp));
    await Promise.all([tester.connected(), softphone.connected()]);
    tester.startTone([500], 9000);
    softphone.startTone([900], 9000);
    await until(() => tester.meter.rms > 1000 && softphone.meter.rms > 1000, 'audio both ways');
    await bob.call('telnyx_rtc.bye', { cause: 'NORMAL_CLEARING', causeCode: 16, dialogParams: { callID } });
    await phone.waitFor('telnyx_rtc.bye', (m) => m.params?.callID === ring.params?.callID);

    // a server-placed leg with answering-machine detection: the handset is a human
    const dialled = (
      await h.client.calls.dial({
        connection_id: 'app-1',
        to: '5125550133',
        from: '+17375550160',
        answering_machine_detection: 'detect',
      })
    ).data!;
    const second = await phone.waitFor(
      'telnyx_rtc.invite',
      (m) => m.params?.telnyx_call_control_id === dialled.call_control_id,
    );
    await phone.call('telnyx_rtc.answer', {
      sdp: await peer().answer(String(second.params?.sdp)),
      dialogParams: { callID: second.params?.callID },
    });
    await until(
      () => h.eventsOf(dialled.call_control_id).includes('call.machine.detection.ended'),
      'machine detection',
    );
    const amd = h.delivered.find(
      (d) =>
        d.event.data.payload.call_control_id === dialled.call_control_id &&
        d.event.data.event_type === 'call.machine.detection.ended',
    )!;
    expect(amd.event.data.payload.result).toBe('human');
    await h.client.calls.actions.hangup(dialled.call_control_id, {});

    // released, the number is the scripted person again
    await phone.call('handset.release', { number: '5125550133' });
    const scripted = (await h.client.calls.dial({ connection_id: 'app-1', to: '5125550133', from: '+1737' })).data!;
    expect(h.double.leg(scripted.call_control_id)).toMatchObject({ kind: 'sim', script: 'person' });
    await until(() => h.double.leg(scripted.call_control_id)?.answered, 'the scripted person answers');
  });

  it('a closed handset drops its claims and its calls; a busy handset refuses a second call', async () => {
    const phone = await handset();
    await phone.call('handset.claim', { number: '5125550134' });
    const first = (await h.client.calls.dial({ connection_id: 'app-1', to: '5125550134', from: '+1737' })).data!;
    const ring = await phone.waitFor(
      'telnyx_rtc.invite',
      (m) => m.params?.telnyx_call_control_id === first.call_control_id,
    );
    // the page sends bye USER_BUSY for a call it cannot take
    await phone.call('telnyx_rtc.bye', {
      cause: 'USER_BUSY',
      causeCode: 17,
      dialogParams: { callID: ring.params?.callID },
    });
    await until(() => h.double.leg(first.call_control_id)?.state === 'hangup', 'refused');
    expect(h.double.leg(first.call_control_id)!.hangupCause).toBe('user_busy');

    const second = (await h.client.calls.dial({ connection_id: 'app-1', to: '5125550134', from: '+1737' })).data!;
    await phone.waitFor('telnyx_rtc.invite', (m) => m.params?.telnyx_call_control_id === second.call_control_id);
    phone.close();
    await until(() => h.double.leg(second.call_control_id)?.state === 'hangup', 'ended with the socket');
    const after = (await h.client.calls.dial({ connection_id: 'app-1', to: '5125550134', from: '+1737' })).data!;
    expect(h.double.leg(after.call_control_id)).toMatchObject({ kind: 'sim', script: 'person' });
  });
});
