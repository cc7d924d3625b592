// WebRTC signalling of the double (JSON-RPC 2.0 at /_telephony/rtc, as @telnyx/webrtc speaks it) with a plain ws
// client and a werift test peer standing in for the browser: login, calls both ways, DTMF, hold, media both ways.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WeriftPeer } from './media.ts';
import { startHarness, until, type Harness } from './testing/harness.ts';
import { RpcClient } from './testing/rpc-client.ts';

let h: Harness;
let rpc: RpcClient;
const peers: WeriftPeer[] = [];
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  rpc?.close();
  for (const p of peers) await p.close();
  await h.close();
});

function peer() {
  const p = new WeriftPeer();
  peers.push(p);
  return p;
}

describe('signalling', () => {
  it('refuses a token the double did not mint with -32001', async () => {
    const bad = await RpcClient.open(h.url);
    const answer = await bad.call('login', { login_token: 'a.b.c', userVariables: {}, loginParams: {} });
    expect(answer.error).toEqual({ code: -32001, message: 'Authentication Failure' });
    bad.close();
  });

  it('logs in with a minted token: sessid, clientReady, REGED, pings answered', async () => {
    const token = await h.client.telephonyCredentials.createToken('alice');
    rpc = await RpcClient.open(h.url);
    const login = await rpc.call('login', { login_token: token, sessid: 'S-1' });
    expect(login.result).toMatchObject({ message: 'logged in', sessid: 'S-1' });
    await rpc.waitFor('telnyx_rtc.clientReady');
    const state = await rpc.call('telnyx_rtc.gatewayState', {});
    expect(state.result).toMatchObject({ params: { state: 'REGED' } });
    const ping = await rpc.call('telnyx_rtc.ping', { serno: 1 });
    expect(ping.result).toMatchObject({ method: 'telnyx_rtc.ping' });
  });

  it('calls a person: ringing, answer, audio both ways, DTMF, hold, bye, webhooks', async () => {
    const p = peer();
    const callID = randomUUID();
    const created = await rpc.call('telnyx_rtc.invite', {
      sessid: 'S-1',
      sdp: await p.offer(),
      dialogParams: {
        callID,
        destination_number: '(512) 555-0123',
        caller_id_number: '+15125550000',
        clientState: 'cs-1',
      },
    });
    expect(created.result).toMatchObject({ callID, message: 'CALL CREATED' });
    const ringing = await rpc.waitFor('telnyx_rtc.ringing', (m) => m.params?.callID === callID);
    const agentId = String(ringing.params?.telnyx_call_control_id);
    const answer = await rpc.waitFor('telnyx_rtc.answer', (m) => m.params?.callID === callID);
    expect(answer.params?.telnyx_call_control_id).toBe(agentId);
    await p.acceptAnswer(String(answer.params?.sdp));
    await p.connected();
    p.startTone([1000], 9000);
    const agent = h.double.leg(agentId)!;
    const far = h.double.legs().find((l) => l.bridgedWith === agentId)!;
    expect(far).toMatchObject({
      kind: 'sim',
      script: 'person',
      direction: 'outgoing',
      callSessionId: agent.callSessionId,
    });
    // the far end's voice reaches the peer, and the peer's tone reaches the far end
    await until(() => p.meter.rms > 1000 && h.double.leg(far.callControlId)!.rmsIn > 1000, 'audio both ways');
    await until(() => h.eventsOf(agentId).includes('call.answered'), 'agent answered');
    const initiated = h.delivered.find((d) => d.event.data.payload.call_control_id === agentId)!;
    expect(initiated.event.data.payload).toMatchObject({
      client_state: 'cs-1',
      direction: 'incoming',
      to: '(512) 555-0123',
    });

    const info = await rpc.call('telnyx_rtc.info', { sessid: 'S-1', dtmf: '5', dialogParams: { callID } });
    expect(info.result).toMatchObject({ message: 'SENT' });
    expect(h.double.leg(agentId)!.dtmf).toEqual(['5']);
    expect(h.double.leg(far.callControlId)!.dtmf).toEqual(['5']);
    await until(() => h.eventsOf(agentId).includes('call.dtmf.received'), 'dtmf webhook');

    const hold = await rpc.call('telnyx_rtc.modify', { sessid: 'S-1', action: 'hold', dialogParams: { callID } });
    expect(hold.result).toMatchObject({ callID, action: 'hold', holdState: 'held' });
    const heldAt = p.meter.packets;
    const farHeldAt = h.double.leg(far.callControlId)!.packetsIn;
    // while held, the peer keeps sending 50 frames/s; wait for 25 of them, then nothing reached either side
    const sent = p.sentPackets;
    await until(() => p.sentPackets > sent + 25, 'time passing on the peer');
    expect(p.meter.packets - heldAt).toBeLessThan(3);
    expect(h.double.leg(far.callControlId)!.packetsIn - farHeldAt).toBeLessThan(3);
    const unhold = await rpc.call('telnyx_rtc.modify', { sessid: 'S-1', action: 'unhold', dialogParams: { callID } });
    expect(unhold.result).toMatchObject({ holdState: 'active' });
    await until(() => p.meter.packets > heldAt + 10, 'media again after unhold');

    const bye = await rpc.call('telnyx_rtc.bye', {
      sessid: 'S-1',
      cause: 'NORMAL_CLEARING',
      causeCode: 16,
      dialogParams: { callID },
    });
    expect(bye.result).toMatchObject({ callID, message: 'CALL ENDED' });
    await until(() => h.eventsOf(far.callControlId).includes('call.hangup'), 'far hangup');
    const hangup = h.delivered.find(
      (d) => d.event.data.payload.call_control_id === agentId && d.event.data.event_type === 'call.hangup',
    )!;
    expect(hangup.event.data.payload).toMatchObject({ hangup_cause: 'normal_clearing' });
  });

  it.each([
    ['5125550185', 'USER_BUSY', 'user_busy'],
    ['5125550199', 'UNALLOCATED_NUMBER', 'call_rejected'],
    ['+15125551234', 'UNALLOCATED_NUMBER', 'call_rejected'],
  ])('a call to %s gets bye %s and hangup %s', async (to, byeCause, hangupCause) => {
    const p = peer();
    const callID = randomUUID();
    await rpc.call('telnyx_rtc.invite', {
      sessid: 'S-1',
      sdp: await p.offer(),
      dialogParams: { callID, destination_number: to, clientState: 'cs-2' },
    });
    const bye = await rpc.waitFor('telnyx_rtc.bye', (m) => m.params?.callID === callID);
    expect(bye.params?.cause).toBe(byeCause);
    const agent = await until(
      () => h.double.legs().find((l) => l.kind === 'rtc' && l.to === to && l.state === 'hangup'),
      'agent leg',
    );
    await until(() => h.eventsOf(agent.callControlId).includes('call.hangup'), 'hangup webhook');
    const hangup = h.delivered.find(
      (d) => d.event.data.payload.call_control_id === agent.callControlId && d.event.data.event_type === 'call.hangup',
    )!;
    expect(hangup.event.data.payload.hangup_cause).toBe(hangupCause);
  });

  it('a leg dialled to sip:alice rings her session with client_state; answered, bridged to a person', async () => {
    const { data } = await h.client.calls.dial({
      connection_id: 'app-1',
      to: 'sip:alice@sip.telnyx.com',
      from: '+15125550999',
      client_state: 'Y3MtMw==',
    });
    const agentId = data!.call_control_id;
    const invite = await rpc.waitFor('telnyx_rtc.invite', (m) => m.params?.telnyx_call_control_id === agentId);
    expect(invite.params).toMatchObject({ client_state: 'Y3MtMw==', caller_id_number: '+15125550999' });
    const p = peer();
    const sdp = await p.answer(String(invite.params?.sdp));
    const answered = await rpc.call('telnyx_rtc.answer', {
      sessid: 'S-1',
      sdp,
      dialogParams: { callID: invite.params?.callID },
    });
    expect(answered.result).toMatchObject({ message: 'CALL ANSWERED' });
    await until(() => h.eventsOf(agentId).includes('call.answered'), 'answered webhook');
    await p.connected();
    p.startTone([800], 9000);
    const lead = (await h.client.calls.dial({ connection_id: 'app-1', to: '5125550124', from: '+15125550999' })).data!;
    await until(() => h.double.leg(lead.call_control_id)?.answered, 'lead answered');
    await h.client.calls.actions.bridge(lead.call_control_id, { call_control_id_to_bridge_with: agentId });
    await until(() => p.meter.rms > 1000 && h.double.leg(lead.call_control_id)!.rmsIn > 1000, 'audio both ways');
    await h.double.hangupFarEnd(lead.call_control_id);
    const bye = await rpc.waitFor('telnyx_rtc.bye', (m) => m.params?.callID === invite.params?.callID);
    expect(bye.params).toMatchObject({ cause: 'NORMAL_CLEARING', causeCode: 16 });
    expect(h.double.leg(agentId)!.state).toBe('hangup');
  });

  it('a leg to a SIP user who is not logged in ends not_found', async () => {
    const { data } = await h.client.calls.dial({
      connection_id: 'app-1',
      to: 'sip:bob@sip.telnyx.com',
      from: '+15125550999',
    });
    await until(() => h.eventsOf(data!.call_control_id).includes('call.hangup'), 'hangup');
    expect(h.double.leg(data!.call_control_id)!.hangupCause).toBe('not_found');
  });
});
