import Telnyx, { toFile } from 'telnyx';
import { decodeClientState } from './client-state.ts';
import { signallingLogin, TELNYX_RTC_URL } from './signalling-login.ts';
import {
  ProviderError,
  WebhookRefused,
  type AgentLine,
  type DialLeg,
  type LegId,
  type PhoneSession,
  type StoredFile,
  type TelephonyEvent,
  type TelephonyProvider,
} from './provider.ts';

// Telnyx Call Control over the official Node SDK (designs/crm-softphone.md §3.3). Local mode points the same code at
// the double (baseURL, API key, public key).

export interface TelnyxProviderOptions {
  apiKey: string;
  /** https://api.telnyx.com/v2, or the double's {origin}/_telephony/v2. */
  baseURL: string;
  /** Ed25519 key (base64) that signs the webhooks. */
  publicKey: string;
  /** The Call Control application (connection) of server-placed legs. */
  callControlAppId: string;
  /** Where Telnyx sends the webhooks of the legs we place; the app's own URL unless the connection sets one. */
  webhookUrl?: string;
  /** The client_state key (HMAC), read lazily from the app's secrets. */
  clientStateKey: () => Promise<Buffer>;
  /** The WebRTC signalling socket ('Test phone' logs in there); Telnyx's own unless set (the double's locally). */
  rtcUrl?: string;
}

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function providerError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof Telnyx.APIError) {
    const body = error.error as { errors?: { detail?: string; title?: string }[] } | undefined;
    const first = body?.errors?.[0];
    return new ProviderError(error.status ?? null, first?.detail ?? first?.title ?? error.message);
  }
  return new ProviderError(null, error instanceof Error ? error.message : String(error));
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw providerError(error);
  }
}

export class TelnyxProvider implements TelephonyProvider {
  private readonly client: Telnyx;

  constructor(private readonly options: TelnyxProviderOptions) {
    this.client = new Telnyx({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      publicKey: options.publicKey,
      timeout: 15_000,
      maxRetries: 1,
    });
  }

  async clientSession(agent: AgentLine): Promise<PhoneSession> {
    const token = await call(() => this.client.telephonyCredentials.createToken(agent.telephonyCredentialId));
    return { login_token: String(token).trim() };
  }

  async checkLogin(agent: AgentLine): Promise<void> {
    const { login_token } = await this.clientSession(agent);
    await signallingLogin(this.options.rtcUrl ?? TELNYX_RTC_URL, login_token);
  }

  async dial(leg: DialLeg): Promise<LegId> {
    const { data } = await call(() =>
      this.client.calls.dial({
        connection_id: this.options.callControlAppId,
        to: leg.to,
        from: leg.from,
        client_state: leg.clientState,
        answering_machine_detection: leg.amd,
        timeout_secs: leg.timeoutSecs ?? 30,
        ...(this.options.webhookUrl ? { webhook_url: this.options.webhookUrl } : {}),
      }),
    );
    const id = data?.call_control_id;
    if (!id) throw new ProviderError(null, 'The provider answered no call_control_id.');
    return id;
  }

  async answer(id: LegId, clientState?: string): Promise<void> {
    await call(() => this.client.calls.actions.answer(id, clientState ? { client_state: clientState } : {}));
  }

  async hangup(id: LegId): Promise<void> {
    await call(() => this.client.calls.actions.hangup(id, {}));
  }

  async transfer(
    id: LegId,
    target: { to: string; from: string; amd?: 'detect_beep'; clientState?: string; targetClientState?: string },
  ): Promise<void> {
    await call(() =>
      this.client.calls.actions.transfer(id, {
        to: target.to,
        from: target.from,
        timeout_secs: 30,
        ...(target.amd ? { answering_machine_detection: target.amd } : {}),
        ...(target.clientState ? { client_state: target.clientState } : {}),
        ...(target.targetClientState ? { target_leg_client_state: target.targetClientState } : {}),
        ...(this.options.webhookUrl ? { webhook_url: this.options.webhookUrl } : {}),
      }),
    );
  }

  async bridge(a: LegId, b: LegId): Promise<void> {
    await call(() => this.client.calls.actions.bridge(a, { call_control_id_to_bridge_with: b }));
  }

  async createConference(id: LegId, name: string): Promise<{ conferenceId: string }> {
    const { data } = await call(() => this.client.conferences.create({ call_control_id: id, name }));
    if (!data?.id) throw new ProviderError(null, 'The provider answered no conference id.');
    return { conferenceId: data.id };
  }

  async joinConference(conferenceId: string, id: LegId): Promise<void> {
    await call(() => this.client.conferences.actions.join(conferenceId, { call_control_id: id }));
  }

  async playVoicemail(id: LegId, media: { mediaName: string }): Promise<void> {
    await call(() => this.client.calls.actions.startPlayback(id, { media_name: media.mediaName }));
  }

  async uploadVoicemail(file: StoredFile): Promise<{ mediaName: string }> {
    const mediaName = `voicemail-${file.name}`.replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 80);
    const upload = await toFile(file.bytes, file.name, { type: file.mime });
    // The SDK's type asks for media_url; Telnyx takes either a URL or the file itself (multipart).
    const params = { media_name: mediaName, media: upload } as unknown as Parameters<
      typeof this.client.media.upload
    >[0];
    const { data } = await call(() => this.client.media.upload(params));
    return { mediaName: data?.media_name ?? mediaName };
  }

  async readWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<TelephonyEvent> {
    const flat: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (typeof value === 'string') flat[name.toLowerCase()] = value;
      else if (Array.isArray(value) && value.length > 0) flat[name.toLowerCase()] = value[0];
    }
    try {
      // Headers are always passed: without them the SDK would skip the timestamp window.
      await this.client.webhooks.unwrap(rawBody, { headers: flat });
    } catch (error) {
      throw new WebhookRefused(error instanceof Error ? error.message : 'Webhook refused');
    }
    let envelope: { data?: { id?: unknown; event_type?: unknown; occurred_at?: unknown; payload?: unknown } };
    try {
      envelope = JSON.parse(rawBody) as typeof envelope;
    } catch {
      throw new WebhookRefused('The body is not JSON.');
    }
    const data = envelope.data ?? {};
    const payload = (typeof data.payload === 'object' && data.payload !== null ? data.payload : {}) as Record<
      string,
      unknown
    >;
    const id = str(data.id);
    const eventType = str(data.event_type);
    const legId = str(payload.call_control_id) ?? '';
    if (!id || !eventType) throw new WebhookRefused('The event has no id or type.');
    const occurred = str(data.occurred_at);
    const direction = str(payload.direction);
    const base = {
      id,
      eventType,
      occurredAt: occurred && !Number.isNaN(Date.parse(occurred)) ? new Date(occurred) : null,
      legId,
      callSessionId: str(payload.call_session_id),
      connectionId: str(payload.connection_id),
      direction: direction === 'incoming' || direction === 'outgoing' ? direction : null,
      from: str(payload.from),
      to: str(payload.to),
      clientState: decodeClientState(await this.options.clientStateKey(), payload.client_state),
      payload,
    } as const;
    const result = str(payload.result);
    switch (eventType) {
      case 'call.initiated':
        return { ...base, type: 'initiated' };
      case 'call.answered':
        return { ...base, type: 'answered' };
      case 'call.hangup':
        return { ...base, type: 'hangup', cause: str(payload.hangup_cause) };
      case 'call.bridged':
        return { ...base, type: 'bridged' };
      case 'call.machine.detection.ended':
      case 'call.machine.premium.detection.ended':
        return {
          ...base,
          type: 'machine',
          result: result === 'machine' ? 'machine' : result === 'human' ? 'human' : 'not_sure',
        };
      case 'call.machine.greeting.ended':
      case 'call.machine.premium.greeting.ended':
        return {
          ...base,
          type: 'greetingEnded',
          result: result === 'beep_detected' ? 'beep_detected' : result === 'ended' ? 'ended' : 'not_sure',
        };
      case 'call.playback.started':
        return { ...base, type: 'playbackStarted' };
      case 'call.playback.ended':
        return { ...base, type: 'playbackEnded' };
      case 'call.dtmf.received':
        return { ...base, type: 'dtmf', digit: str(payload.digit) ?? '' };
      case 'conference.participant.joined':
        return { ...base, type: 'conferenceJoined', conferenceId: str(payload.conference_id) };
      case 'conference.participant.left':
        return { ...base, type: 'conferenceLeft', conferenceId: str(payload.conference_id) };
      default:
        return { ...base, type: 'other' };
    }
  }
}
