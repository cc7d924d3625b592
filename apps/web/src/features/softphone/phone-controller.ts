import { phoneKey } from '@switchboard/shared/crm';
import {
  dialNumberFor,
  nextRestart,
  PHONE_BEEP_DURATION_MS,
  phoneErrorMessage,
  softphoneStatusText,
  truncateLabel,
  type SoftphoneStatusText,
} from '@switchboard/shared/softphone';

/**
 * The softphone's state machine (spec 1 §2.7, §4; designs/crm-softphone.md §3.3, §3.5) over the @telnyx/webrtc
 * client, kept apart from React so that unit tests drive it with a fake client. The panel renders its state.
 */

// ---- the parts of @telnyx/webrtc used here ----

export interface SdkCall {
  id: string;
  state: string;
  direction?: string;
  options: {
    remoteCallerNumber?: string;
    remoteCallerName?: string;
    clientState?: string;
    destinationNumber?: string;
    telnyxCallControlId?: string;
  };
  answer(params?: Record<string, unknown>): unknown;
  hangup(): unknown;
  dtmf(key: string): void;
  hold(): Promise<unknown>;
  unhold(): Promise<unknown>;
  muteAudio(): void;
  unmuteAudio(): void;
}

export interface SdkClient {
  on(event: string, handler: (payload: never) => void): unknown;
  connect(): unknown;
  disconnect(): unknown;
  newCall(options: Record<string, unknown>): SdkCall;
}

export type SdkClientFactory = (options: Record<string, unknown>) => SdkClient;

// ---- the server's answers (spec 1 §7.7; designs/crm-softphone.md §3.3) ----

export interface PhoneSession {
  login_token: string;
  host?: string | null;
  ice_servers?: RTCIceServer[] | null;
  /** Local mode (the double): the panel shows 'Simulated telephony'. */
  simulated?: boolean;
}

export interface ContactMatch {
  id: number;
  company_name: string | null;
  first_name?: string | null;
  last_name?: string | null;
}

export interface PhoneRequests {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
}

export type SoundName = 'ringtone' | 'beep' | 'hangup' | `dtmf-${string}`;

export interface PhoneSounds {
  play(name: SoundName): void;
  stop(name: SoundName): void;
}

export interface PhoneDeps {
  loadClientFactory: () => Promise<SdkClientFactory>;
  requests: PhoneRequests;
  sounds: PhoneSounds;
  toast: (message: string) => void;
  /** The shell's remote audio element (the SDK plays the far end there). */
  remoteElement: () => HTMLMediaElement | null;
  agentNumber: string | null;
  callbackNumber: string | null;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

// ---- state ----

export type PhonePhase = 'off' | 'connecting' | 'ready' | 'failed';

export interface PhoneCall {
  /** The SDK's call id (null while the server places the legs of an auto-voicemail call). */
  sdkId: string | null;
  recordId: number | null;
  number: string;
  leadId: number | null;
  companyName: string | null;
  direction: 'outgoing' | 'incoming';
  autoVoicemail: boolean;
  /** When the call became active (ms), null before: the timer runs from it. */
  activeSince: number | null;
  muted: boolean;
  held: boolean;
  /**
   * The far leg's call control id (the lead's, or the caller's), null until known: transfer, conference and Merge
   * act on it. Never the SDK's own telnyxCallControlId, which is the agent's leg (CallControlIdUpdated names the far).
   */
  callControlId: string | null;
  conferenceId: string | null;
}

export interface IncomingCall {
  sdkId: string;
  recordId: number | null;
  number: string;
  companyName: string | null;
  matches: ContactMatch[];
  /** A second call while one is live: it beeps instead of ringing. */
  waiting: boolean;
  /** The caller's leg (from IncomingCallId): Merge joins it into a conference with the current call. */
  callerControlId: string | null;
}

export interface PhoneState {
  phase: PhonePhase;
  statusText: SoftphoneStatusText;
  localMode: boolean;
  call: PhoneCall | null;
  held: PhoneCall | null;
  incoming: IncomingCall | null;
  playingRecording: boolean;
  restartAttempt: number;
}

export const initialPhoneState: PhoneState = {
  phase: 'off',
  statusText: 'Connecting',
  localMode: false,
  call: null,
  held: null,
  incoming: null,
  playingRecording: false,
  restartAttempt: 0,
};

export interface DialInput {
  number: string;
  leadId: number | null;
  companyName?: string | null;
  autoVoicemail: boolean;
  voicemailId: number | null;
  micId?: string | null;
  speakerId?: string | null;
}

/** client_state is base64url JSON `{ call_id, leg, sig }` signed by the server (design §3.3): read its call_id. */
export function recordIdFromClientState(clientState: string | null | undefined): number | null {
  if (!clientState) return null;
  const candidates = [clientState];
  try {
    const base64 = clientState.replace(/-/g, '+').replace(/_/g, '/');
    candidates.unshift(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)));
  } catch {
    // Not base64: maybe plain JSON.
  }
  for (const text of candidates) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && 'call_id' in parsed) {
        const id = Number((parsed as { call_id: unknown }).call_id);
        if (Number.isInteger(id) && id > 0) return id;
      }
    } catch {
      // Try the next reading.
    }
  }
  return null;
}

const dataOf = <T>(body: unknown): T =>
  (body && typeof body === 'object' && 'data' in body ? (body as { data: T }).data : body) as T;

const errorText = (error: unknown): string => {
  if (error && typeof error === 'object') {
    const inner = (error as { error?: unknown }).error;
    if (inner instanceof Error) return inner.message;
    if (inner && typeof inner === 'object' && 'message' in inner)
      return String((inner as { message: unknown }).message);
    if (error instanceof Error) return error.message;
    if ('message' in error) return String((error as { message: unknown }).message);
  }
  return typeof error === 'string' ? error : 'Phone connection error';
};

export const callRecordFailedMessage = 'An error occured.';

/** Merge is offered for a call waiting behind a live call whose record and both legs are known. */
export function canMerge(state: PhoneState): boolean {
  const incoming = state.incoming;
  return Boolean(
    incoming?.waiting && incoming.recordId !== null && incoming.callerControlId && state.call?.callControlId,
  );
}

const callerOf = (number: string | null): string | undefined =>
  number ? (dialNumberFor(number) ?? number) : undefined;

const leadCompany = (lead: { company_name?: unknown } | null | undefined): string | null =>
  typeof lead?.company_name === 'string' && lead.company_name ? truncateLabel(lead.company_name) : null;

export type PhoneController = ReturnType<typeof createPhoneController>;

export function createPhoneController(deps: PhoneDeps) {
  const now = deps.now ?? (() => Date.now());
  const setTimer = deps.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>));

  let state: PhoneState = initialPhoneState;
  const listeners = new Set<() => void>();
  const calls = new Map<string, SdkCall>();
  let client: SdkClient | null = null;
  let generation = 0;
  let restartTimer: unknown = null;
  let beepTimer: unknown = null;
  let stopped = true;
  /** IncomingCallId payloads by record id (spec 1 §7.8): the caller and the matched lead's company. */
  const announcedCalls = new Map<
    number,
    { from: string; companyName: string | null; callerControlId: string | null }
  >();

  function setState(patch: Partial<PhoneState>): void {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  function setCall(patch: Partial<PhoneCall>): void {
    if (state.call) setState({ call: { ...state.call, ...patch } });
  }

  // ---- connection and restart policy ----

  async function connect(): Promise<void> {
    const mine = ++generation;
    setState({ phase: 'connecting', statusText: 'Connecting' });
    try {
      const session = dataOf<PhoneSession>(await deps.requests.get('/api/crm/phone/session'));
      const createClient = await deps.loadClientFactory();
      if (mine !== generation || stopped) return;
      const localMode = session.simulated ?? Boolean(session.host);
      const options: Record<string, unknown> = {
        login_token: session.login_token,
        autoReconnect: false,
        enableCallReports: false,
      };
      if (session.host) options.host = session.host;
      if (session.ice_servers || localMode) options.iceServers = session.ice_servers ?? [];
      const created = createClient(options);
      client = created;
      setState({ localMode });
      created.on('telnyx.ready', () => {
        if (mine !== generation) return;
        setState({ phase: 'ready', statusText: state.call ? state.statusText : 'Connected', restartAttempt: 0 });
      });
      created.on('telnyx.error', (error: never) => {
        if (mine === generation) fail(errorText(error), 'telnyx.error');
      });
      created.on('telnyx.socket.close', () => {
        if (mine === generation) fail('The phone connection closed.', 'socket.close');
      });
      created.on('telnyx.notification', (notification: never) => {
        if (mine === generation) onNotification(notification as { type?: string; call?: SdkCall });
      });
      created.connect();
    } catch (error) {
      if (mine === generation && !stopped) fail(errorText(error), 'session');
    }
  }

  function dropClient(): void {
    generation++;
    const old = client;
    client = null;
    calls.clear();
    try {
      old?.disconnect();
    } catch {
      // Already closed.
    }
  }

  function fail(error: string, status: string): void {
    if (stopped) return;
    dropClient();
    stopSounds();
    const attempt = state.restartAttempt + 1;
    const restart = nextRestart(attempt);
    if (restart.toast) deps.toast(phoneErrorMessage);
    if (restart.log) {
      deps.requests
        .post('/api/crm/calls/manage/log_error', { error: error.slice(0, 1000), status })
        .catch(() => undefined);
    }
    setState({
      phase: restart.delayMs === null ? 'failed' : 'connecting',
      statusText: 'Connecting',
      restartAttempt: attempt,
      call: null,
      held: null,
      incoming: null,
      playingRecording: false,
    });
    if (restart.delayMs !== null) {
      restartTimer = setTimer(() => {
        restartTimer = null;
        if (!stopped) void connect();
      }, restart.delayMs);
    }
  }

  // ---- SDK notifications ----

  function onNotification(notification: { type?: string; call?: SdkCall }): void {
    if (notification.type !== 'callUpdate' || !notification.call) return;
    const call = notification.call;
    calls.set(call.id, call);
    if (call.direction === 'inbound' && call.state === 'ringing' && !isKnown(call.id)) {
      onInboundRinging(call);
      return;
    }
    if (state.incoming?.sdkId === call.id) {
      if (call.state === 'hangup' || call.state === 'destroy') clearIncoming();
      return;
    }
    if (state.held?.sdkId === call.id && (call.state === 'hangup' || call.state === 'destroy')) {
      setState({ held: null });
      calls.delete(call.id);
      return;
    }
    if (state.call?.sdkId === call.id) onCurrentCallState(call);
  }

  const isKnown = (sdkId: string) =>
    state.call?.sdkId === sdkId || state.held?.sdkId === sdkId || state.incoming?.sdkId === sdkId;

  function onInboundRinging(call: SdkCall): void {
    const recordId = recordIdFromClientState(call.options.clientState);
    // The agent's leg of a server-placed call (auto voicemail): answer at once, without ringing.
    if (state.call && state.call.sdkId === null && state.call.recordId !== null && recordId === state.call.recordId) {
      setCall({ sdkId: call.id });
      call.answer({ remoteElement: deps.remoteElement() ?? undefined });
      return;
    }
    if (state.incoming) {
      // A third call while one already rings: not offered.
      return;
    }
    const number = call.options.remoteCallerNumber ?? '';
    const waiting = state.call !== null;
    const announced = recordId !== null ? announcedCalls.get(recordId) : undefined;
    setState({
      incoming: {
        sdkId: call.id,
        recordId,
        number,
        companyName: announced?.companyName ?? null,
        matches: [],
        waiting,
        callerControlId: announced?.callerControlId ?? null,
      },
      statusText: waiting ? state.statusText : 'Ringing',
    });
    if (waiting) {
      deps.sounds.play('beep');
      beepTimer = setTimer(() => {
        beepTimer = null;
        deps.sounds.stop('beep');
      }, PHONE_BEEP_DURATION_MS);
    } else {
      deps.sounds.play('ringtone');
    }
    void lookUpCaller(call.id, number);
  }

  async function lookUpCaller(sdkId: string, number: string): Promise<void> {
    const key = phoneKey(number);
    if (!key) return;
    try {
      const answer = await deps.requests.post<unknown>('/api/crm/search_contacts', { phone_number: key });
      const found = dataOf<unknown>(answer);
      const list = (Array.isArray(found) ? found : dataOf<unknown>(found)) as ContactMatch[] | unknown;
      const matches = Array.isArray(list) ? (list as ContactMatch[]) : [];
      if (state.incoming?.sdkId !== sdkId) return;
      const companyName = leadCompany(matches[0]) ?? state.incoming.companyName;
      setState({ incoming: { ...state.incoming, matches, companyName } });
    } catch {
      // No match shown: the number alone is enough to answer.
    }
  }

  function clearIncoming(): void {
    deps.sounds.stop('ringtone');
    stopBeep();
    if (state.incoming) calls.delete(state.incoming.sdkId);
    setState({ incoming: null, statusText: state.call ? state.statusText : 'Waiting' });
  }

  function stopBeep(): void {
    if (beepTimer !== null) clearTimer(beepTimer);
    beepTimer = null;
    deps.sounds.stop('beep');
  }

  function stopSounds(): void {
    deps.sounds.stop('ringtone');
    stopBeep();
  }

  function onCurrentCallState(call: SdkCall): void {
    const current = state.call!;
    if (call.state === 'hangup' || call.state === 'destroy') {
      endCurrentCall(call.id);
      return;
    }
    // A server-placed call stays 'Dialing' until the lead's leg answers (the phone channel says so).
    if (current.autoVoicemail && current.activeSince === null) return;
    const text = softphoneStatusText(call.state);
    if (!text) return;
    if (text === 'Active') {
      setState({ statusText: text });
      if (current.activeSince === null) setCall({ activeSince: now() });
      setCall({ held: call.state === 'held' });
    } else if (current.activeSince === null) {
      setState({ statusText: text });
    }
  }

  function endCurrentCall(sdkId: string | null): void {
    if (sdkId) calls.delete(sdkId);
    deps.sounds.play('hangup');
    const held = state.held;
    if (held) {
      // Hanging up the second call restores the held one.
      setState({ call: { ...held }, held: null, statusText: 'Active', playingRecording: false });
      const heldCall = held.sdkId ? calls.get(held.sdkId) : undefined;
      if (heldCall) {
        void Promise.resolve(heldCall.unhold()).then(
          () => setCall({ held: false }),
          () => undefined,
        );
      }
      return;
    }
    setState({ call: null, statusText: 'Waiting', playingRecording: false });
  }

  // ---- phone channel (spec 1 §7.8) ----

  function onChannelEvent(event: string, payload: Record<string, unknown> | null | undefined): void {
    const body = payload ?? {};
    const callId = Number(body.call_id ?? body.id ?? NaN);
    const mine = state.call !== null && state.call.recordId !== null && callId === state.call.recordId;
    switch (event) {
      case 'CallControlIdUpdated':
        if (mine && typeof body.call_control_id === 'string') setCall({ callControlId: body.call_control_id });
        break;
      case 'VoicemailStarted':
        if (mine || state.call === null) setState({ playingRecording: true });
        break;
      case 'VoicemailEnded':
        setState({ playingRecording: false });
        break;
      case 'VoicemailNotMachine':
        if (mine) markActive();
        break;
      case 'CallUpdated':
        if (mine && body.status === 'active') markActive();
        break;
      case 'IncomingCallId': {
        // Usually ahead of the SDK's ring: kept for it; a ringing call it names takes the record and the lead now.
        if (!Number.isInteger(callId)) break;
        const lead = body.lead as { company_name?: unknown } | null | undefined;
        const announced = {
          from: String(body.from ?? ''),
          companyName: leadCompany(lead),
          callerControlId: typeof body.call_control_id === 'string' ? body.call_control_id : null,
        };
        announcedCalls.set(callId, announced);
        if (announcedCalls.size > 20) announcedCalls.delete(announcedCalls.keys().next().value!);
        const incoming = state.incoming;
        if (!incoming) break;
        const same =
          incoming.recordId !== null
            ? incoming.recordId === callId
            : phoneKey(announced.from) !== null && phoneKey(announced.from) === phoneKey(incoming.number);
        if (same) {
          setState({
            incoming: {
              ...incoming,
              recordId: callId,
              companyName: incoming.companyName ?? announced.companyName,
              callerControlId: incoming.callerControlId ?? announced.callerControlId,
            },
          });
        }
        break;
      }
      default:
        break;
    }
  }

  function markActive(): void {
    if (!state.call || state.call.activeSince !== null) return;
    setCall({ activeSince: now() });
    setState({ statusText: 'Active' });
  }

  // ---- actions ----

  async function dial(input: DialInput): Promise<boolean> {
    const dialNumber = dialNumberFor(input.number);
    const key = phoneKey(input.number);
    if (!client || state.phase !== 'ready' || state.call || !dialNumber || !key) return false;
    let recordId: number;
    let clientState: string | undefined;
    // The server may name the caller id (CRM settings' outgoing_number); else the agent's line.
    let callerNumber: string | null = null;
    const autoVoicemail = input.autoVoicemail && input.voicemailId !== null;
    setState({
      statusText: 'Dialing',
      call: {
        sdkId: null,
        recordId: null,
        number: input.number,
        leadId: input.leadId,
        companyName: input.companyName ? truncateLabel(input.companyName) : null,
        direction: 'outgoing',
        autoVoicemail,
        activeSince: null,
        muted: false,
        held: false,
        callControlId: null,
        conferenceId: null,
      },
    });
    try {
      const answer = dataOf<{ id: number; client_state?: string; caller_number?: string | null }>(
        await deps.requests.post('/api/crm/call', {
          lead_id: input.leadId,
          call_number_clean: key,
          call_number: input.number,
          status: 'pending',
          direction: 'outgoing',
          dial_number: dialNumber,
          agent_number: deps.agentNumber,
          voicemail_id: autoVoicemail ? input.voicemailId : null,
          callback_number: deps.callbackNumber,
        }),
      );
      recordId = answer.id;
      clientState = answer.client_state;
      callerNumber = answer.caller_number ?? null;
    } catch {
      deps.toast(callRecordFailedMessage);
      setState({ call: null, statusText: 'Waiting' });
      return false;
    }
    setCall({ recordId });
    if (autoVoicemail) {
      try {
        await deps.requests.post('/api/crm/calls/manage/dial', { call_id: recordId });
      } catch {
        deps.toast(callRecordFailedMessage);
        setState({ call: null, statusText: 'Waiting' });
        return false;
      }
      return true;
    }
    const options: Record<string, unknown> = {
      destinationNumber: dialNumber,
      callerNumber: callerOf(callerNumber ?? deps.agentNumber),
      clientState,
      audio: true,
      video: false,
      remoteElement: deps.remoteElement() ?? undefined,
    };
    if (input.micId) options.micId = input.micId;
    if (input.speakerId) options.speakerId = input.speakerId;
    const call = client.newCall(options);
    calls.set(call.id, call);
    setCall({ sdkId: call.id });
    return true;
  }

  function currentSdkCall(): SdkCall | undefined {
    return state.call?.sdkId ? calls.get(state.call.sdkId) : undefined;
  }

  function hangup(): void {
    const call = currentSdkCall();
    if (call) {
      void Promise.resolve(call.hangup()).catch(() => undefined);
      return;
    }
    // A server-placed call whose agent leg has not arrived: nothing to hang up in the browser.
    if (state.call) endCurrentCall(null);
  }

  async function answer(): Promise<void> {
    const incoming = state.incoming;
    if (!incoming) return;
    const call = calls.get(incoming.sdkId);
    if (!call) return;
    stopSounds();
    const current = state.call;
    if (current) {
      // Answering a second call holds the first; hanging up the second restores it.
      const currentCall = currentSdkCall();
      if (currentCall) await Promise.resolve(currentCall.hold()).catch(() => undefined);
      setState({ held: { ...current, held: true } });
    }
    setState({
      incoming: null,
      statusText: 'Active',
      call: {
        sdkId: call.id,
        recordId: incoming.recordId,
        number: incoming.number,
        leadId: incoming.matches.length === 1 ? incoming.matches[0]!.id : null,
        companyName: incoming.companyName,
        direction: 'incoming',
        autoVoicemail: false,
        activeSince: now(),
        muted: false,
        held: false,
        // The caller's leg from IncomingCallId; the SDK's id is this agent's leg.
        callControlId: incoming.callerControlId,
        conferenceId: null,
      },
    });
    call.answer({ remoteElement: deps.remoteElement() ?? undefined });
  }

  async function ignore(): Promise<void> {
    const incoming = state.incoming;
    if (!incoming) return;
    const call = calls.get(incoming.sdkId);
    clearIncoming();
    if (call) void Promise.resolve(call.hangup()).catch(() => undefined);
    if (incoming.recordId === null) return;
    try {
      await deps.requests.put(`/api/crm/call/${incoming.recordId}`, { status: 'ignored' });
    } catch {
      deps.toast(callRecordFailedMessage);
    }
  }

  /**
   * Merge (spec 1 §2.7): the waiting caller joins the current call in a conference, answered by the server; the
   * second ring on this phone is then dropped (its record is already active, so the drop ends nothing).
   */
  async function merge(connectionId: string | null): Promise<boolean> {
    const incoming = state.incoming;
    const current = state.call;
    if (!canMerge(state) || !incoming || !current) return false;
    const answer = dataOf<string | { conference_id?: string }>(
      await deps.requests.post('/api/crm/calls/manage/create_incoming_conference', {
        call_control_id: current.callControlId,
        connection_id: connectionId,
        ringing_call_control_id: incoming.callerControlId,
        transfer_number: null,
        ringing_call_id: incoming.recordId,
      }),
    );
    const ringing = calls.get(incoming.sdkId);
    clearIncoming();
    if (ringing) void Promise.resolve(ringing.hangup()).catch(() => undefined);
    const conferenceId = typeof answer === 'string' ? answer : (answer.conference_id ?? null);
    setCall({ conferenceId });
    return true;
  }

  function dtmf(key: string): void {
    const call = currentSdkCall();
    const tone = key === '*' ? 'star' : key === '#' ? 'pound' : key;
    deps.sounds.play(`dtmf-${tone}`);
    if (call && state.call?.activeSince !== null) call.dtmf(key);
  }

  function toggleMute(): void {
    const call = currentSdkCall();
    if (!call || !state.call) return;
    if (state.call.muted) call.unmuteAudio();
    else call.muteAudio();
    setCall({ muted: !state.call.muted });
  }

  async function toggleHold(): Promise<void> {
    const call = currentSdkCall();
    if (!call || !state.call) return;
    const hold = !state.call.held;
    await Promise.resolve(hold ? call.hold() : call.unhold());
    setCall({ held: hold });
  }

  async function transfer(to: string): Promise<boolean> {
    const target = dialNumberFor(to);
    if (!target || !state.call?.callControlId) return false;
    await deps.requests.post('/api/crm/calls/manage/transfer', {
      call_control_id: state.call.callControlId,
      to: target,
      from: deps.agentNumber ? dialNumberFor(deps.agentNumber) : null,
    });
    return true;
  }

  async function addToConference(to: string, connectionId: string | null): Promise<boolean> {
    const target = dialNumberFor(to);
    const current = state.call;
    if (!target || !current?.callControlId) return false;
    const from = deps.agentNumber ? dialNumberFor(deps.agentNumber) : null;
    if (current.conferenceId) {
      await deps.requests.post('/api/crm/calls/manage/add_to_conference', {
        conference_id: current.conferenceId,
        to: target,
        from,
        connection_id: connectionId,
      });
      return true;
    }
    const answer = dataOf<string | { conference_id?: string; id?: string }>(
      await deps.requests.post('/api/crm/calls/manage/start_conference', {
        call_control_id: current.callControlId,
        to: target,
        from,
        connection_id: connectionId,
      }),
    );
    const conferenceId = typeof answer === 'string' ? answer : (answer.conference_id ?? answer.id ?? null);
    setCall({ conferenceId: conferenceId === null ? null : String(conferenceId) });
    return true;
  }

  function start(): void {
    if (!stopped) return;
    stopped = false;
    setState({ ...initialPhoneState });
    void connect();
  }

  function stop(): void {
    stopped = true;
    if (restartTimer !== null) clearTimer(restartTimer);
    restartTimer = null;
    stopSounds();
    for (const call of calls.values()) {
      try {
        void Promise.resolve(call.hangup()).catch(() => undefined);
      } catch {
        // Gone already.
      }
    }
    dropClient();
    setState({ ...initialPhoneState });
  }

  return {
    getState: (): PhoneState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start,
    stop,
    dial,
    hangup,
    answer,
    ignore,
    merge,
    dtmf,
    toggleMute,
    toggleHold,
    transfer,
    addToConference,
    onChannelEvent,
    /** The live SDK call, for tests and diagnostics (getStats on its peer). */
    currentSdkCall,
  };
}
