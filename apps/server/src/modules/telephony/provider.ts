import type { ClientState } from './client-state.ts';

// The telephony provider behind one interface (designs/crm-softphone.md §3.2). One implementation, TelnyxProvider;
// local mode is the same adapter pointed at the double, so tests run the production code path.

/** A provider's call control id. */
export type LegId = string;

/** One agent's telephony login, as the server holds it (the SIP password never leaves the server). */
export interface AgentLine {
  userId: number;
  sipUsername: string;
  telephonyCredentialId: string;
  connectionId: string | null;
}

/** Options for the browser's @telnyx/webrtc client. */
export interface PhoneSession {
  login_token: string;
  host?: string;
  ice_servers?: { urls: string | string[]; username?: string; credential?: string }[];
}

export interface StoredFile {
  name: string;
  mime: string;
  bytes: Buffer;
}

interface EventBase {
  /** The provider's event id: redelivery carries the same one. */
  id: string;
  /** The provider's own name of the event (call.initiated ...). */
  eventType: string;
  occurredAt: Date | null;
  legId: LegId;
  callSessionId: string | null;
  connectionId: string | null;
  direction: 'incoming' | 'outgoing' | null;
  from: string | null;
  to: string | null;
  /** Ours and verified; null when absent, forged or unsigned. */
  clientState: ClientState | null;
  payload: Record<string, unknown>;
}

export type TelephonyEvent = EventBase &
  (
    | { type: 'initiated' }
    | { type: 'answered' }
    | { type: 'hangup'; cause: string | null }
    | { type: 'bridged' }
    | { type: 'machine'; result: 'human' | 'machine' | 'not_sure' }
    | { type: 'greetingEnded'; result: 'beep_detected' | 'ended' | 'not_sure' }
    | { type: 'playbackStarted' }
    | { type: 'playbackEnded' }
    | { type: 'dtmf'; digit: string }
    | { type: 'conferenceJoined'; conferenceId: string | null }
    | { type: 'conferenceLeft'; conferenceId: string | null }
    | { type: 'other' }
  );

export interface DialLeg {
  to: string;
  from: string;
  clientState: string;
  amd: 'detect_beep' | 'disabled';
  /** Seconds to ring before the leg ends with a timeout. */
  timeoutSecs?: number;
}

export interface TelephonyProvider {
  clientSession(agent: AgentLine): Promise<PhoneSession>;
  /** Logs the agent's credential in over the signalling socket and out again; throws ProviderError when refused. */
  checkLogin(agent: AgentLine): Promise<void>;
  dial(leg: DialLeg): Promise<LegId>;
  answer(id: LegId, clientState?: string): Promise<void>;
  hangup(id: LegId): Promise<void>;
  transfer(
    id: LegId,
    target: { to: string; from: string; amd?: 'detect_beep'; clientState?: string; targetClientState?: string },
  ): Promise<void>;
  bridge(a: LegId, b: LegId): Promise<void>;
  createConference(id: LegId, name: string): Promise<{ conferenceId: string }>;
  joinConference(conferenceId: string, id: LegId): Promise<void>;
  playVoicemail(id: LegId, media: { mediaName: string }): Promise<void>;
  uploadVoicemail(file: StoredFile): Promise<{ mediaName: string }>;
  /** Throws WebhookRefused unless signed by the provider and fresh (300 s). */
  readWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<TelephonyEvent>;
}

export class WebhookRefused extends Error {}

/** The provider answered an error (its status and first error's detail). */
export class ProviderError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}
