// Call Control REST and signed webhooks of the double, driven through the official telnyx Node SDK.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Telnyx, { toFile } from 'telnyx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTelephonyDouble } from './double.ts';
import { linearToUlaw } from './media.ts';
import { startHarness, until, type Harness } from './testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    lookupCredential: async (id) => (id === 'cred-alice' ? { sipUsername: 'alice' } : null),
  });
});
afterAll(() => h.close());

const CONNECTION = 'conn-1';
const FROM = '+15125550000';
const b64 = (s: string) => Buffer.from(s).toString('base64');

async function dial(to: string, extra: Record<string, unknown> = {}) {
  const { data } = await h.client.calls.dial({ connection_id: CONNECTION, to, from: FROM, ...extra });
  return data!;
}

function wav(seconds: number): Buffer {
  const samples = 8000 * seconds;
  const buf = Buffer.alloc(44 + samples * 2);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + samples * 2, 4);
  buf.write('WAVEfmt ', 8, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(8000, 24);
  buf.writeUInt32LE(16000, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    buf.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 600 * i) / 8000)), 44 + i * 2);
  return buf;
}

describe('REST through the telnyx SDK', () => {
  it('refuses a wrong API key with 401 in the errors shape', async () => {
    const res = await fetch(`${h.url}/_telephony/v2/calls`, {
      method: 'POST',
      headers: { authorization: 'Bearer nope', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    const body = (await res.json()) as { errors: { code: string; title: string; detail: string }[] };
    expect(body.errors[0]).toMatchObject({ code: '10009', title: 'Authentication failed' });
  });

  it('dials a person with AMD: initiated, answered, human, in order, client_state echoed', async () => {
    const call = await dial('+1 512 555 0123', {
      client_state: b64('lead-1'),
      answering_machine_detection: 'detect_beep',
    });
    expect(call).toMatchObject({ record_type: 'call', is_alive: true });
    expect(call.call_control_id).toMatch(/^v3:/);
    expect(call.call_leg_id).toBeTruthy();
    expect(call.call_session_id).toBeTruthy();
    const id = call.call_control_id;
    await until(() => h.eventsOf(id).includes('call.machine.detection.ended'), 'amd result');
    expect(h.eventsOf(id)).toEqual(['call.initiated', 'call.answered', 'call.machine.detection.ended']);
    const amd = h.delivered.find(
      (d) => d.event.data.payload.call_control_id === id && d.event.data.event_type === 'call.machine.detection.ended',
    )!;
    expect(amd.event.data.payload).toMatchObject({
      result: 'human',
      client_state: b64('lead-1'),
      connection_id: CONNECTION,
      direction: 'outgoing',
      from: FROM,
      to: '+1 512 555 0123',
    });
    expect(amd.event.data).toMatchObject({ record_type: 'event' });
    expect(amd.event.meta).toMatchObject({ attempt: 1 });
    await h.client.calls.actions.hangup(id, {});
    await until(() => h.eventsOf(id).includes('call.hangup'), 'hangup');
    const hangup = h.delivered.find(
      (d) => d.event.data.payload.call_control_id === id && d.event.data.event_type === 'call.hangup',
    )!;
    expect(hangup.event.data.payload).toMatchObject({ hangup_cause: 'normal_clearing', state: 'hangup' });
    expect(h.double.leg(id)).toMatchObject({ state: 'hangup', answered: true, script: 'person' });
  });

  it('a machine: detection machine, greeting ended with beep, then the uploaded voicemail plays to it', async () => {
    const upload = await h.client.media.upload({
      media_url: '',
      media_name: 'vm-1',
      media: await toFile(wav(2), 'vm.wav', { type: 'audio/wav' }),
    } as unknown as Parameters<typeof h.client.media.upload>[0]);
    expect(upload.data).toMatchObject({ media_name: 'vm-1', content_type: 'audio/wav' });
    const call = await dial('5125550165', { answering_machine_detection: 'detect_beep' });
    const id = call.call_control_id;
    await until(() => h.eventsOf(id).includes('call.machine.greeting.ended'), 'greeting ended');
    const results = h.delivered
      .filter((d) => d.event.data.payload.call_control_id === id)
      .map((d) => [d.event.data.event_type, d.event.data.payload.result]);
    expect(results).toEqual([
      ['call.initiated', undefined],
      ['call.answered', undefined],
      ['call.machine.detection.ended', 'machine'],
      ['call.machine.greeting.ended', 'beep_detected'],
    ]);
    const before = h.double.leg(id)!.packetsIn;
    await h.client.calls.actions.startPlayback(id, { media_name: 'vm-1' });
    await until(() => h.eventsOf(id).includes('call.playback.ended'), 'playback ended');
    const ended = h.delivered.find(
      (d) => d.event.data.payload.call_control_id === id && d.event.data.event_type === 'call.playback.ended',
    )!;
    expect(ended.event.data.payload).toMatchObject({ media_name: 'vm-1', status: 'completed' });
    const leg = h.double.leg(id)!;
    expect(leg.packetsIn - before).toBeGreaterThan(5);
    expect(leg.rmsIn).toBeGreaterThan(1000);
    await h.client.calls.actions.hangup(id, {});
  });

  it('playback of unknown media is refused; playback_stop ends with cancelled', async () => {
    const id = (await dial('5125550101')).call_control_id;
    await until(() => h.double.leg(id)?.answered, 'answered');
    await expect(h.client.calls.actions.startPlayback(id, { media_name: 'nope' })).rejects.toMatchObject({
      status: 422,
    });
    await h.client.calls.actions.startPlayback(id, { audio_url: 'https://example.invalid/a.mp3' });
    await until(() => h.eventsOf(id).includes('call.playback.started'), 'playback started');
    await h.client.calls.actions.stopPlayback(id, {});
    await until(() => h.eventsOf(id).includes('call.playback.ended'), 'playback ended');
    const ended = h.delivered.find(
      (d) => d.event.data.payload.call_control_id === id && d.event.data.event_type === 'call.playback.ended',
    )!;
    expect(ended.event.data.payload.status).toBe('cancelled');
    await h.client.calls.actions.sendDtmf(id, { digits: '12#' });
    expect(h.double.leg(id)!.dtmf).toEqual(['1', '2', '#']);
    await h.client.calls.actions.hangup(id, {});
  });

  it.each([
    ['5125550175', 'timeout'],
    ['5125550185', 'user_busy'],
    ['5125550195', 'call_rejected'],
    ['+15125551234', 'call_rejected'],
  ])('%s ends with %s', async (to, cause) => {
    const id = (await dial(to)).call_control_id;
    await until(() => h.eventsOf(id).includes('call.hangup'), 'hangup');
    expect(h.eventsOf(id)).toEqual(['call.initiated', 'call.hangup']);
    const hangup = h.delivered.find(
      (d) => d.event.data.payload.call_control_id === id && d.event.data.event_type === 'call.hangup',
    )!;
    expect(hangup.event.data.payload.hangup_cause).toBe(cause);
  });

  it('hang-up script answers, then hangs up itself', async () => {
    const id = (await dial('5125550155')).call_control_id;
    await until(() => h.eventsOf(id).includes('call.hangup'), 'hangup');
    expect(h.eventsOf(id)).toEqual(['call.initiated', 'call.answered', 'call.hangup']);
  });

  it('unknown call 404, ended call 422, bad body 422, all in the errors shape', async () => {
    await expect(h.client.calls.actions.hangup('v3:nope', {})).rejects.toMatchObject({ status: 404 });
    const id = (await dial('5125550185')).call_control_id;
    await until(() => h.double.leg(id)?.state === 'hangup', 'busy');
    const err = await h.client.calls.actions.hangup(id, {}).catch((e: { status: number; error: unknown }) => e);
    expect(err).toMatchObject({ status: 422, error: { errors: [{ code: '90018', title: 'Call has already ended' }] } });
    await expect(
      h.client.calls.dial({ connection_id: CONNECTION, from: FROM } as unknown as Parameters<
        typeof h.client.calls.dial
      >[0]),
    ).rejects.toMatchObject({ status: 422, error: { errors: [{ source: { pointer: '/to' } }] } });
  });

  it('bridges two legs: each far end hears the other', async () => {
    const a = (await dial('5125550110')).call_control_id;
    const b = (await dial('5125550111')).call_control_id;
    await until(() => h.double.leg(a)?.answered && h.double.leg(b)?.answered, 'both answered');
    await h.client.calls.actions.bridge(a, { call_control_id_to_bridge_with: b });
    await until(() => h.double.leg(a)!.rmsIn > 1000 && h.double.leg(b)!.rmsIn > 1000, 'audio both ways');
    expect(h.double.leg(a)!.bridgedWith).toBe(b);
    await until(() => h.eventsOf(a).includes('call.bridged') && h.eventsOf(b).includes('call.bridged'), 'bridged');
    expect(h.eventsOf(a)).toContain('call.bridged');
    expect(h.eventsOf(b)).toContain('call.bridged');
    await h.client.calls.actions.hangup(a, {});
    await until(() => h.double.leg(b)?.state === 'hangup', 'the bridged leg hangs up too');
  });

  it('transfers an inbound caller to a number: new leg, bridged on answer, the caller hears it', async () => {
    const { callControlId: caller } = await h.double.placeInboundCall({ from: '+15125550142', to: '+15125550999' });
    await until(() => h.eventsOf(caller).includes('call.initiated'), 'inbound initiated');
    const init = h.delivered.find((d) => d.event.data.payload.call_control_id === caller)!;
    expect(init.event.data.payload).toMatchObject({
      direction: 'incoming',
      from: '+15125550142',
      to: '+15125550999',
      state: 'parked',
    });
    await h.client.calls.actions.answer(caller, {});
    await h.client.calls.actions.transfer(caller, { to: '+15125550120', from: '+15125550999', client_state: b64('x') });
    const target = await until(
      () => h.double.legs().find((l) => l.bridgedWith === caller && l.to === '+15125550120'),
      'target',
    );
    await until(() => h.double.leg(caller)!.rmsIn > 1000 && h.double.leg(target.callControlId)!.rmsIn > 1000, 'audio');
    await until(() => h.eventsOf(caller).length === 3 && h.eventsOf(target.callControlId).length === 3, 'events');
    expect(h.eventsOf(caller)).toEqual(['call.initiated', 'call.answered', 'call.bridged']);
    expect(h.eventsOf(target.callControlId)).toEqual(['call.initiated', 'call.answered', 'call.bridged']);
    expect(h.double.leg(target.callControlId)!.clientState).toBe(b64('x'));
    await h.double.hangupFarEnd(caller);
    await until(() => h.double.leg(target.callControlId)?.state === 'hangup', 'target hung up');
  });

  it('conferences: create, join, mix three, leave', async () => {
    const ids: string[] = [];
    for (const to of ['5125550130', '5125550131', '5125550132']) ids.push((await dial(to)).call_control_id);
    await until(() => ids.every((id) => h.double.leg(id)?.answered), 'answered');
    const conf = (await h.client.conferences.create({ call_control_id: ids[0], name: 'call-7' })).data!;
    expect(conf).toMatchObject({ name: 'call-7', record_type: 'conference' });
    const before = h.double.leg(ids[0])!.packetsIn;
    await h.client.conferences.actions.join(conf.id, { call_control_id: ids[1] });
    await h.client.conferences.actions.join(conf.id, { call_control_id: ids[2] });
    await until(
      () => ids.every((id) => h.double.leg(id)!.packetsIn > 20) && h.double.leg(ids[0])!.packetsIn > before + 20,
      'mixed audio',
    );
    expect(ids.map((id) => h.double.leg(id)!.conferenceId)).toEqual([conf.id, conf.id, conf.id]);
    expect(h.eventsOf(ids[0])).toEqual([
      'call.initiated',
      'call.answered',
      'conference.created',
      'conference.participant.joined',
    ]);
    await h.client.conferences.actions.leave(conf.id, { call_control_id: ids[2] });
    await until(() => h.eventsOf(ids[2]).includes('conference.participant.left'), 'left');
    const joined = h.delivered.find(
      (d) =>
        d.event.data.event_type === 'conference.participant.joined' && d.event.data.payload.call_control_id === ids[1],
    )!;
    expect(joined.event.data.payload).toMatchObject({ conference_id: conf.id, call_leg_id: expect.any(String) });
    await expect(h.client.conferences.actions.leave(conf.id, { call_control_id: ids[2] })).rejects.toMatchObject({
      status: 422,
    });
    for (const id of ids) await h.client.calls.actions.hangup(id, {});
  });

  it('mints a JWT for a credential as text; an unknown credential is 404', async () => {
    const token = await h.client.telephonyCredentials.createToken('cred-alice');
    expect(typeof token).toBe('string');
    expect(token.split('.')).toHaveLength(3);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ telephony_credential_id: 'cred-alice', sip_username: 'alice' });
    await expect(h.client.telephonyCredentials.createToken('nobody')).rejects.toMatchObject({ status: 404 });
  });
});

describe('webhooks', () => {
  it('verify with the SDK; a tampered body or a stale timestamp is refused', async () => {
    const d = h.delivered[0];
    await expect(h.client.webhooks.unwrap(d.body, { headers: d.headers })).resolves.toBeTruthy();
    await expect(h.client.webhooks.unwrap(d.body.replace('call.', 'call_'), { headers: d.headers })).rejects.toThrow();
    const stale = h.double.signWebhook(d.body, Math.floor(Date.now() / 1000) - 600);
    await expect(h.client.webhooks.unwrap(d.body, { headers: stale })).rejects.toThrow(/too old/);
    const fresh = h.double.signWebhook(d.body);
    await expect(h.client.webhooks.unwrap(d.body, { headers: fresh })).resolves.toBeTruthy();
  });

  it('retries a 500 with the same event id and attempt + 1', async () => {
    const failures = new Map<string, number>();
    h.status = (d) => {
      if (d.event.data.event_type !== 'call.initiated') return 200;
      const n = failures.get(d.event.data.id) ?? 0;
      failures.set(d.event.data.id, n + 1);
      return n < 2 ? 500 : 200;
    };
    try {
      const id = (await dial('5125550121')).call_control_id;
      await until(() => h.eventsOf(id).includes('call.answered'), 'answered after the retries');
      expect(h.eventsOf(id)).toEqual(['call.initiated', 'call.answered']);
      const initiated = h.delivered.find((d) => d.event.data.payload.call_control_id === id)!;
      expect(initiated.event.meta.attempt).toBe(3);
      const record = h.double.webhooks().find((w) => w.callControlId === id && w.eventType === 'call.initiated')!;
      expect(record.attempts).toEqual([500, 500, 200]);
      expect(record.id).toBe(initiated.event.data.id);
      await h.client.calls.actions.hangup(id, {});
    } finally {
      h.status = () => 200;
    }
  });
});

describe('webhook URL', () => {
  it('POSTs signed events to webhookUrl (a dial webhook_url wins) and retries a 503', async () => {
    const received: { url: string; body: string; headers: Record<string, string> }[] = [];
    let first = true;
    const sink = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ url: req.url ?? '', body: Buffer.concat(chunks).toString(), headers: req.headers as never });
        res.statusCode = first ? 503 : 204;
        first = false;
        res.end();
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;
    const double = await createTelephonyDouble({ apiKey: 'K2', speed: 10, webhookUrl: `${sinkUrl}/default` });
    try {
      const { url } = await double.listen();
      const client = new Telnyx({ apiKey: 'K2', baseURL: `${url}/_telephony/v2`, publicKey: double.publicKey });
      await client.calls.dial({ connection_id: 'c', to: '5125550185', from: FROM });
      await client.calls.dial({ connection_id: 'c', to: '5125550185', from: FROM, webhook_url: `${sinkUrl}/own` });
      await until(() => received.filter((r) => r.body.includes('call.hangup')).length === 2, 'both hangups');
      expect(received.filter((r) => r.url === '/own').length).toBeGreaterThan(0);
      const retried = received.filter((r) => r.body.includes('"attempt":2'));
      expect(retried).toHaveLength(1);
      for (const r of received)
        await expect(client.webhooks.unwrap(r.body, { headers: r.headers })).resolves.toBeTruthy();
    } finally {
      await double.close();
      sink.close();
    }
  });
});

describe('control API', () => {
  it('needs the control token; places an inbound call and hangs up a far end', async () => {
    const denied = await fetch(`${h.url}/_telephony/control/inbound`, { method: 'POST', body: '{}' });
    expect(denied.status).toBe(401);
    const auth = { authorization: 'Bearer control-test', 'content-type': 'application/json' };
    const placed = await fetch(`${h.url}/_telephony/control/inbound`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ from: '+15125550177', to: '+15125550999' }),
    });
    const { data } = (await placed.json()) as { data: { callControlId: string } };
    const leg = await fetch(`${h.url}/_telephony/control/legs/${encodeURIComponent(data.callControlId)}`, {
      headers: auth,
    });
    expect(((await leg.json()) as { data: { direction: string } }).data.direction).toBe('incoming');
    await fetch(`${h.url}/_telephony/control/legs/${encodeURIComponent(data.callControlId)}/hangup`, {
      method: 'POST',
      headers: auth,
    });
    await until(() => h.eventsOf(data.callControlId).includes('call.hangup'), 'hangup');
    expect(linearToUlaw(0)).toBe(0xff);
  });
});
