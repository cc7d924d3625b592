import { describe, expect, it } from 'vitest';
import {
  canMerge,
  createPhoneController,
  recordIdFromClientState,
  type PhoneDeps,
  type SdkCall,
  type SdkClient,
} from './phone-controller.ts';

// A stand-in for @telnyx/webrtc with the same surface (unit tests only; the browser test drives the real SDK).
class FakeCall implements SdkCall {
  state = 'new';
  options: SdkCall['options'];
  log: string[] = [];
  constructor(
    readonly id: string,
    readonly direction: string,
    options: SdkCall['options'],
    private readonly client: FakeClient,
  ) {
    this.options = options;
  }
  setState(state: string) {
    this.state = state;
    this.client.emit('telnyx.notification', { type: 'callUpdate', call: this });
  }
  answer() {
    this.log.push('answer');
    this.setState('active');
  }
  hangup() {
    this.log.push('hangup');
    this.setState('hangup');
    this.setState('destroy');
  }
  dtmf(key: string) {
    this.log.push(`dtmf ${key}`);
  }
  hold() {
    this.log.push('hold');
    return Promise.resolve();
  }
  unhold() {
    this.log.push('unhold');
    return Promise.resolve();
  }
  muteAudio() {
    this.log.push('mute');
  }
  unmuteAudio() {
    this.log.push('unmute');
  }
}

class FakeClient implements SdkClient {
  handlers = new Map<string, ((payload: never) => void)[]>();
  calls: FakeCall[] = [];
  newCallOptions: Record<string, unknown>[] = [];
  connected = false;
  disconnected = false;
  constructor(readonly options: Record<string, unknown>) {}
  on(event: string, handler: (payload: never) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
  }
  emit(event: string, payload?: unknown) {
    for (const handler of this.handlers.get(event) ?? []) handler(payload as never);
  }
  connect() {
    this.connected = true;
  }
  disconnect() {
    this.disconnected = true;
  }
  newCall(options: Record<string, unknown>) {
    this.newCallOptions.push(options);
    const call = new FakeCall(`out-${this.calls.length + 1}`, 'outbound', { ...options }, this);
    this.calls.push(call);
    return call;
  }
  ring(from: string, clientState?: string) {
    const call = new FakeCall(
      `in-${this.calls.length + 1}`,
      'inbound',
      { remoteCallerNumber: from, clientState, telnyxCallControlId: 'v3:agent-leg' },
      this,
    );
    this.calls.push(call);
    call.setState('ringing');
    return call;
  }
}

const encodeState = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_');

function setUp(options: { session?: object; callAnswer?: unknown; failCall?: boolean } = {}) {
  const clients: FakeClient[] = [];
  const requests: { method: string; path: string; body?: unknown }[] = [];
  const played: string[] = [];
  const stopped: string[] = [];
  const toasts: string[] = [];
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  let clock = 1_000_000;
  const answerFor = (method: string, path: string): unknown => {
    if (path === '/api/crm/phone/session') {
      return {
        data: options.session ?? { login_token: 'jwt-1', host: 'ws://127.0.0.1/_telephony/rtc', ice_servers: [] },
      };
    }
    if (path === '/api/crm/call' && method === 'POST') {
      if (options.failCall) throw new Error('422');
      return options.callAnswer ?? { data: { id: 41, client_state: 'signed-41' } };
    }
    if (path === '/api/crm/search_contacts') {
      return { data: [{ id: 7, company_name: 'Consolidated Widgets of Texas', first_name: 'Ann', last_name: 'Lee' }] };
    }
    if (path === '/api/crm/calls/manage/start_conference') return { data: 'conf-9' };
    if (path === '/api/crm/calls/manage/create_incoming_conference') return { data: 'conf-10' };
    return { data: {} };
  };
  const record =
    (method: string) =>
    async <T>(path: string, body?: unknown): Promise<T> => {
      requests.push({ method, path, body });
      return answerFor(method, path) as T;
    };
  const deps: PhoneDeps = {
    loadClientFactory: async () => (clientOptions) => {
      const client = new FakeClient(clientOptions);
      clients.push(client);
      return client;
    },
    requests: { get: record('GET'), post: record('POST'), put: record('PUT') },
    sounds: { play: (name) => played.push(name), stop: (name) => stopped.push(name) },
    toast: (message) => toasts.push(message),
    remoteElement: () => null,
    agentNumber: '(512) 555-0199',
    callbackNumber: '(512) 555-0198',
    now: () => clock,
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      (timer as { cleared: boolean }).cleared = true;
    },
  };
  const phone = createPhoneController(deps);
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  const client = () => clients.at(-1)!;
  const runTimers = () => {
    const due = timers.splice(0).filter((timer) => !timer.cleared);
    for (const timer of due) timer.run();
    return due.map((timer) => timer.ms);
  };
  return {
    phone,
    clients,
    client,
    requests,
    played,
    stopped,
    toasts,
    timers,
    runTimers,
    flush,
    tick: (ms: number) => (clock += ms),
    async ready() {
      phone.start();
      await flush();
      await flush();
      client().emit('telnyx.ready');
    },
  };
}

describe('softphone connection (design §3.3)', () => {
  it('logs in with the session token, local mode options, and reads Connecting then Connected', async () => {
    const t = setUp();
    t.phone.start();
    expect(t.phone.getState().statusText).toBe('Connecting');
    await t.flush();
    await t.flush();
    expect(t.client().options).toEqual({
      login_token: 'jwt-1',
      host: 'ws://127.0.0.1/_telephony/rtc',
      iceServers: [],
      autoReconnect: false,
      enableCallReports: false,
    });
    expect(t.client().connected).toBe(true);
    expect(t.phone.getState().localMode).toBe(true);
    t.client().emit('telnyx.ready');
    expect(t.phone.getState()).toMatchObject({ phase: 'ready', statusText: 'Connected' });
  });

  it('against Telnyx (no host) it keeps the SDK defaults for host and ICE servers', async () => {
    const t = setUp({ session: { login_token: 'jwt-2' } });
    await t.ready();
    expect(t.client().options).toEqual({ login_token: 'jwt-2', autoReconnect: false, enableCallReports: false });
    expect(t.phone.getState().localMode).toBe(false);
  });

  it('restarts after errors with backoff; toast and log_error for attempts 1-3 only; gives up at 10', async () => {
    const t = setUp();
    await t.ready();
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 10; attempt++) {
      t.client().emit('telnyx.error', { error: new Error(`boom ${attempt}`) });
      expect(t.client().disconnected).toBe(true);
      delays.push(...t.runTimers());
      await t.flush();
      await t.flush();
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000]);
    expect(t.toasts).toEqual(['A phone error occured.', 'A phone error occured.', 'A phone error occured.']);
    const logs = t.requests.filter((r) => r.path === '/api/crm/calls/manage/log_error');
    expect(logs.map((r) => r.body)).toEqual([
      { error: 'boom 1', status: 'telnyx.error' },
      { error: 'boom 2', status: 'telnyx.error' },
      { error: 'boom 3', status: 'telnyx.error' },
    ]);
    expect(t.phone.getState().phase).toBe('failed');
    expect(t.clients).toHaveLength(10);
  });

  it('a successful ready resets the attempts: the next error toasts again', async () => {
    const t = setUp();
    await t.ready();
    for (let attempt = 1; attempt <= 3; attempt++) {
      t.client().emit('telnyx.socket.close');
      t.runTimers();
      await t.flush();
      await t.flush();
    }
    t.client().emit('telnyx.ready');
    expect(t.phone.getState().restartAttempt).toBe(0);
    t.client().emit('telnyx.socket.close');
    expect(t.toasts).toHaveLength(4);
  });
});

describe('outgoing calls (spec 1 §4, §7.7)', () => {
  it('creates the pending record, places the call with our client_state: Dialing, Active, Waiting', async () => {
    const t = setUp();
    await t.ready();
    const placed = await t.phone.dial({
      number: '(512) 555-0123',
      leadId: 3,
      companyName: 'Consolidated Widgets of Texas',
      autoVoicemail: false,
      voicemailId: 2,
    });
    expect(placed).toBe(true);
    expect(t.requests.find((r) => r.path === '/api/crm/call')?.body).toEqual({
      lead_id: 3,
      call_number_clean: '5125550123',
      call_number: '(512) 555-0123',
      status: 'pending',
      direction: 'outgoing',
      dial_number: '+15125550123',
      agent_number: '(512) 555-0199',
      voicemail_id: null,
      callback_number: '(512) 555-0198',
    });
    expect(t.client().newCallOptions[0]).toMatchObject({
      destinationNumber: '+15125550123',
      callerNumber: '+15125550199',
      clientState: 'signed-41',
      audio: true,
      video: false,
    });
    const call = t.client().calls[0]!;
    expect(t.phone.getState().call).toMatchObject({
      recordId: 41,
      companyName: 'Consolidated Widgets',
      sdkId: call.id,
    });
    call.setState('trying');
    expect(t.phone.getState().statusText).toBe('Dialing');
    call.setState('ringing');
    expect(t.phone.getState().statusText).toBe('Ringing');
    t.tick(500);
    call.setState('active');
    expect(t.phone.getState().statusText).toBe('Active');
    expect(t.phone.getState().call?.activeSince).toBe(1_000_500);
    t.phone.dtmf('5');
    t.phone.dtmf('#');
    t.phone.dtmf('*');
    expect(call.log).toEqual(['dtmf 5', 'dtmf #', 'dtmf *']);
    expect(t.played).toEqual(['dtmf-5', 'dtmf-pound', 'dtmf-star']);
    t.phone.toggleMute();
    expect(t.phone.getState().call?.muted).toBe(true);
    t.phone.toggleMute();
    await t.phone.toggleHold();
    expect(t.phone.getState().call?.held).toBe(true);
    await t.phone.toggleHold();
    expect(call.log.slice(3)).toEqual(['mute', 'unmute', 'hold', 'unhold']);
    t.phone.hangup();
    expect(t.phone.getState()).toMatchObject({ statusText: 'Waiting', call: null });
    expect(t.played.at(-1)).toBe('hangup');
  });

  it('refuses to dial before the phone is ready or with an undialable number', async () => {
    const t = setUp();
    t.phone.start();
    const early = { number: '(512) 555-0123', leadId: null, autoVoicemail: false, voicemailId: null };
    expect(await t.phone.dial(early)).toBe(false);
    await t.flush();
    await t.flush();
    t.client().emit('telnyx.ready');
    expect(await t.phone.dial({ ...early, number: '(900) 555-0123' })).toBe(false);
    expect(await t.phone.dial({ ...early, number: '555-0123' })).toBe(false);
    expect(t.requests.some((r) => r.path === '/api/crm/call')).toBe(false);
  });

  it('a failed call record shows the spec toast and places nothing', async () => {
    const t = setUp({ failCall: true });
    await t.ready();
    const placed = await t.phone.dial({ number: '5125550123', leadId: null, autoVoicemail: false, voicemailId: null });
    expect(placed).toBe(false);
    expect(t.toasts).toEqual(['An error occured.']);
    expect(t.client().newCallOptions).toHaveLength(0);
    expect(t.phone.getState()).toMatchObject({ statusText: 'Waiting', call: null });
  });

  it('auto voicemail: the server places the legs; the agent leg is answered without ringing', async () => {
    const t = setUp({ callAnswer: { data: { id: 52, client_state: encodeState({ call_id: 52, leg: 'agent' }) } } });
    await t.ready();
    await t.phone.dial({ number: '(512) 555-0161', leadId: 9, autoVoicemail: true, voicemailId: 4 });
    expect(t.requests.find((r) => r.path === '/api/crm/call')?.body).toMatchObject({ voicemail_id: 4 });
    expect(t.requests.at(-1)).toEqual({ method: 'POST', path: '/api/crm/calls/manage/dial', body: { call_id: 52 } });
    expect(t.client().newCallOptions).toHaveLength(0);
    const leg = t.client().ring('+15125550199', encodeState({ call_id: 52, leg: 'agent', sig: 'x' }));
    expect(leg.log).toEqual(['answer']);
    expect(t.played).not.toContain('ringtone');
    expect(t.phone.getState()).toMatchObject({ statusText: 'Dialing', incoming: null });
    t.phone.onChannelEvent('VoicemailStarted', { call_id: 52 });
    expect(t.phone.getState().playingRecording).toBe(true);
    t.phone.onChannelEvent('VoicemailEnded', { call_id: 52 });
    expect(t.phone.getState().playingRecording).toBe(false);
  });

  it('auto voicemail to a person: Active once the lead answers (the phone channel says so)', async () => {
    const t = setUp({ callAnswer: { data: { id: 53, client_state: 'x' } } });
    await t.ready();
    await t.phone.dial({ number: '(512) 555-0123', leadId: null, autoVoicemail: true, voicemailId: 4 });
    t.client().ring('+15125550199', encodeState({ call_id: 53 }));
    expect(t.phone.getState().statusText).toBe('Dialing');
    t.phone.onChannelEvent('CallUpdated', { id: 99, status: 'active' });
    expect(t.phone.getState().statusText).toBe('Dialing');
    t.phone.onChannelEvent('VoicemailNotMachine', { call_id: 53 });
    expect(t.phone.getState().statusText).toBe('Active');
  });
});

describe('incoming calls (spec 1 §4)', () => {
  it('rings with the ringtone and the company cut at 20; Ignore hangs up and marks the record ignored', async () => {
    const t = setUp();
    await t.ready();
    const call = t.client().ring('+15125550123', encodeState({ call_id: 77, leg: 'agent', sig: 's' }));
    expect(t.phone.getState().statusText).toBe('Ringing');
    expect(t.played).toEqual(['ringtone']);
    await t.flush();
    expect(t.requests.find((r) => r.path === '/api/crm/search_contacts')?.body).toEqual({ phone_number: '5125550123' });
    expect(t.phone.getState().incoming).toMatchObject({
      recordId: 77,
      companyName: 'Consolidated Widgets',
      waiting: false,
    });
    await t.phone.ignore();
    expect(call.log).toEqual(['hangup']);
    expect(t.stopped).toContain('ringtone');
    expect(t.requests.at(-1)).toEqual({ method: 'PUT', path: '/api/crm/call/77', body: { status: 'ignored' } });
    expect(t.phone.getState()).toMatchObject({ incoming: null, statusText: 'Waiting' });
  });

  it("Answer makes it the current call with the timer running, on the caller's leg", async () => {
    const t = setUp();
    await t.ready();
    t.phone.onChannelEvent('IncomingCallId', { call_id: 78, call_control_id: 'v3:caller', from: '+15125550123' });
    const call = t.client().ring('+15125550123', encodeState({ call_id: 78 }));
    await t.phone.answer();
    expect(call.log).toEqual(['answer']);
    // The SDK's telnyxCallControlId ('v3:agent-leg') is this agent's leg: transfer acts on the caller's.
    expect(t.phone.getState()).toMatchObject({
      statusText: 'Active',
      incoming: null,
      call: { recordId: 78, direction: 'incoming', activeSince: 1_000_000, callControlId: 'v3:caller' },
    });
  });

  it('a second call beeps for 5 s; Ignore keeps the current call', async () => {
    const t = setUp();
    await t.ready();
    await t.phone.dial({ number: '(512) 555-0123', leadId: null, autoVoicemail: false, voicemailId: null });
    const first = t.client().calls[0]!;
    first.setState('active');
    t.client().ring('+15125550124', encodeState({ call_id: 80 }));
    expect(t.played).toEqual(['beep']);
    expect(t.phone.getState()).toMatchObject({ statusText: 'Active', incoming: { waiting: true } });
    const beep = t.timers.find((timer) => timer.ms === 5000);
    expect(beep).toBeDefined();
    beep!.run();
    expect(t.stopped).toContain('beep');
    await t.phone.ignore();
    expect(t.phone.getState()).toMatchObject({ statusText: 'Active', call: { sdkId: first.id }, incoming: null });
    expect(first.log).toEqual([]);
  });

  it('answering the second call holds the first; hanging it up restores the first', async () => {
    const t = setUp();
    await t.ready();
    await t.phone.dial({ number: '(512) 555-0123', leadId: null, autoVoicemail: false, voicemailId: null });
    const first = t.client().calls[0]!;
    first.setState('active');
    const second = t.client().ring('+15125550124', encodeState({ call_id: 81 }));
    await t.phone.answer();
    expect(first.log).toEqual(['hold']);
    expect(t.phone.getState()).toMatchObject({ call: { sdkId: second.id }, held: { sdkId: first.id } });
    t.phone.hangup();
    await t.flush();
    expect(first.log).toEqual(['hold', 'unhold']);
    expect(t.phone.getState()).toMatchObject({
      statusText: 'Active',
      call: { sdkId: first.id, held: false },
      held: null,
    });
  });

  it("IncomingCallId ahead of the ring names the lead's company (cut at 20) before search_contacts", async () => {
    const t = setUp();
    await t.ready();
    t.phone.onChannelEvent('IncomingCallId', {
      call_id: 90,
      call_control_id: 'v3:in',
      connection_id: 'c',
      from: '+15125550123',
      lead: { id: 5, company_name: 'Northwind Trading Company of Austin' },
    });
    t.client().ring('+15125550123', encodeState({ call_id: 90 }));
    expect(t.phone.getState().incoming).toMatchObject({ recordId: 90, companyName: 'Northwind Trading Co' });
  });

  it('the record id comes from IncomingCallId when the ringing leg carries no client_state', async () => {
    const t = setUp();
    await t.ready();
    t.client().ring('+15125550123');
    t.phone.onChannelEvent('IncomingCallId', { call_id: 91, from: '(512) 555-0123', lead: null });
    expect(t.phone.getState().incoming?.recordId).toBe(91);
    await t.phone.ignore();
    expect(t.requests.at(-1)).toEqual({ method: 'PUT', path: '/api/crm/call/91', body: { status: 'ignored' } });
  });

  it('a caller who gives up stops the ringtone and clears the card', async () => {
    const t = setUp();
    await t.ready();
    const call = t.client().ring('+15125550123');
    call.setState('hangup');
    expect(t.phone.getState()).toMatchObject({ incoming: null, statusText: 'Waiting' });
    expect(t.stopped).toContain('ringtone');
  });
});

describe('transfer and conference (spec 1 §7.7)', () => {
  it("never takes the SDK's own leg for the far one: nothing until CallControlIdUpdated", async () => {
    const t = setUp();
    await t.ready();
    await t.phone.dial({ number: '(512) 555-0123', leadId: null, autoVoicemail: false, voicemailId: null });
    const call = t.client().calls[0]!;
    // telnyx_rtc.ringing names the agent's leg; the call rings and answers with it.
    call.options.telnyxCallControlId = 'v3:agent-leg';
    call.setState('ringing');
    call.setState('active');
    expect(t.phone.getState().call?.callControlId).toBeNull();
    expect(await t.phone.transfer('(512) 555-0140')).toBe(false);
    expect(await t.phone.addToConference('(512) 555-0141', 'conn-1')).toBe(false);
    expect(t.requests.some((request) => request.path.startsWith('/api/crm/calls/manage/'))).toBe(false);
    t.phone.onChannelEvent('CallControlIdUpdated', { call_id: 41, call_control_id: 'v3:far' });
    expect(t.phone.getState().call?.callControlId).toBe('v3:far');
    // A later state change of the SDK call keeps the far leg.
    call.setState('held');
    expect(t.phone.getState().call?.callControlId).toBe('v3:far');
  });

  it('transfers the far leg and starts, then extends, a conference', async () => {
    const t = setUp();
    await t.ready();
    await t.phone.dial({ number: '(512) 555-0123', leadId: null, autoVoicemail: false, voicemailId: null });
    t.client().calls[0]!.setState('active');
    expect(await t.phone.transfer('(512) 555-0140')).toBe(false);
    t.phone.onChannelEvent('CallControlIdUpdated', { call_id: 41, call_control_id: 'v3:far' });
    expect(await t.phone.transfer('(512) 555-0140')).toBe(true);
    expect(t.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/api/crm/calls/manage/transfer',
      body: { call_control_id: 'v3:far', to: '+15125550140', from: '+15125550199' },
    });
    await t.phone.addToConference('(512) 555-0141', 'conn-1');
    expect(t.requests.at(-1)?.body).toEqual({
      call_control_id: 'v3:far',
      to: '+15125550141',
      from: '+15125550199',
      connection_id: 'conn-1',
    });
    expect(t.phone.getState().call?.conferenceId).toBe('conf-9');
    await t.phone.addToConference('(512) 555-0142', 'conn-1');
    expect(t.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/api/crm/calls/manage/add_to_conference',
      body: { conference_id: 'conf-9', to: '+15125550142', from: '+15125550199', connection_id: 'conn-1' },
    });
  });
});

describe('Merge (spec 1 §2.7)', () => {
  it('joins the waiting caller into a conference with the current call and drops the second ring here', async () => {
    const t = setUp();
    await t.ready();
    await t.phone.dial({ number: '(512) 555-0123', leadId: null, autoVoicemail: false, voicemailId: null });
    const first = t.client().calls[0]!;
    first.setState('active');
    t.phone.onChannelEvent('IncomingCallId', { call_id: 95, call_control_id: 'v3:caller', from: '+15125550124' });
    const second = t.client().ring('+15125550124', encodeState({ call_id: 95 }));
    expect(canMerge(t.phone.getState())).toBe(false);
    t.phone.onChannelEvent('CallControlIdUpdated', { call_id: 41, call_control_id: 'v3:far' });
    expect(canMerge(t.phone.getState())).toBe(true);
    expect(await t.phone.merge('conn-1')).toBe(true);
    expect(t.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/api/crm/calls/manage/create_incoming_conference',
      body: {
        call_control_id: 'v3:far',
        connection_id: 'conn-1',
        ringing_call_control_id: 'v3:caller',
        transfer_number: null,
        ringing_call_id: 95,
      },
    });
    expect(second.log).toEqual(['hangup']);
    expect(first.log).toEqual([]);
    expect(t.phone.getState()).toMatchObject({
      statusText: 'Active',
      incoming: null,
      call: { sdkId: first.id, conferenceId: 'conf-10' },
    });
    expect(t.stopped).toContain('beep');
  });

  it('is not offered for a first call (nothing to merge with)', async () => {
    const t = setUp();
    await t.ready();
    t.phone.onChannelEvent('IncomingCallId', { call_id: 96, call_control_id: 'v3:caller', from: '+15125550125' });
    t.client().ring('+15125550125', encodeState({ call_id: 96 }));
    expect(canMerge(t.phone.getState())).toBe(false);
    expect(await t.phone.merge(null)).toBe(false);
    expect(t.requests.some((r) => r.path.endsWith('create_incoming_conference'))).toBe(false);
  });
});

describe('recordIdFromClientState', () => {
  it('reads call_id from base64url JSON, plain JSON, and nothing from anything else', () => {
    expect(recordIdFromClientState(encodeState({ call_id: 12, leg: 'agent', sig: 'abc' }))).toBe(12);
    expect(recordIdFromClientState('{"call_id":13}')).toBe(13);
    expect(recordIdFromClientState('garbage')).toBeNull();
    expect(recordIdFromClientState(encodeState({ call_id: -1 }))).toBeNull();
    expect(recordIdFromClientState(undefined)).toBeNull();
  });
});
