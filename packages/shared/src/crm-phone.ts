import { z } from 'zod';
import { autoVoicemailRequiresAudioMessage } from './softphone.ts';

// The softphone's calls (spec 1 §7.7; designs/crm-softphone.md §3.3, §5): call records, the phone session, the
// calls/manage/* bodies and the phone channel's payloads. One contract for the server's routes and the browser.

export const crmCallStatuses = [
  'pending',
  'ringing',
  'active',
  'completed',
  'no_answer',
  'busy',
  'failed',
  'ignored',
  'missed',
  'voicemail',
  'transferred',
] as const;
export type CrmCallStatus = (typeof crmCallStatuses)[number];
/** A call still going on; every other status is final. */
export const liveCallStatuses = ['pending', 'ringing', 'active'] as const satisfies readonly CrmCallStatus[];
export const isLiveCallStatus = (status: string): boolean => (liveCallStatuses as readonly string[]).includes(status);

export const crmCallDirections = ['outgoing', 'incoming'] as const;
export type CrmCallDirection = (typeof crmCallDirections)[number];

export const crmPhoneMessages = {
  leadInvalid: 'The selected lead is invalid.',
  voicemailInvalid: 'The selected voicemail is invalid.',
  callInvalid: 'The selected call is invalid.',
  callEnded: 'The call has already ended.',
  callAlreadyDialed: 'The call has already been placed.',
  doNotCall: 'This number is on the do-not-call list.',
  numberInvalid: 'The number is not valid.',
  oneLiveCall: 'You already have a call in progress.',
  oneVoicemailDrop: 'A voicemail is already being left.',
  hourlyLimit: 'You have placed 600 calls in the last hour. Please wait before calling again.',
  noPhone: 'Your phone is not set up. Ask an administrator for your agent settings.',
  telephonyOff: 'Telephony is turned off.',
  noVoicemail: autoVoicemailRequiresAudioMessage,
  conferenceInvalid: 'The selected conference is invalid.',
  tooManyErrors: 'Too many errors logged. Please wait a minute.',
  providerFailed: 'The telephony provider refused the request.',
  agentNotSetUp: 'This agent has no SIP username and credential id yet.',
  connected: 'Connected',
} as const;

/** Calls one agent may place in an hour (designs/crm-softphone.md §5). */
export const DIALS_PER_HOUR = 600;
/** Phone errors one user may log in a minute (spec 1 §8: toast and log only for attempts 1-3). */
export const LOG_ERRORS_PER_MINUTE = 10;

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) =>
  z.preprocess((value) => (value === '' ? null : value), text(max).nullable().optional());
const id = z.coerce.number().int().min(1).max(2_147_483_647);
const optionalId = z.preprocess((value) => (value === '' || value === 0 ? null : value), id.nullable().optional());
/** A dialable number or a SIP URI: digits, +, spaces, dashes, dots, brackets; or sip:user@host. */
const numberOrSip = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^(?:\+?[0-9 ().-]{3,30}|sip:[A-Za-z0-9._+-]{1,64}@[A-Za-z0-9.-]{1,253})$/, {
    message: crmPhoneMessages.numberInvalid,
  });
const callControlId = z.string().trim().min(1).max(200);

/** POST /api/crm/call (spec 1 §7.7). */
export const crmCallInputSchema = z.object({
  lead_id: optionalId,
  call_number_clean: optionalText(40),
  call_number: optionalText(60),
  status: z.enum(['pending', 'ringing']).default('pending'),
  direction: z.enum(crmCallDirections).default('outgoing'),
  dial_number: optionalText(60),
  agent_number: optionalText(60),
  voicemail_id: optionalId,
  callback_number: optionalText(60),
});
export type CrmCallInput = z.input<typeof crmCallInputSchema>;

/** PUT /api/crm/call/{id} (spec 1 §7.7: used for ignored): a live call may only be ended by the agent. */
export const crmCallUpdateSchema = z.object({
  status: z.enum(['ignored', 'missed', 'completed', 'failed', 'no_answer', 'busy']),
});

/** A call record as the API and the phone and lead channels present it. */
export interface CrmCallRecord {
  id: number;
  lead_id: number | null;
  user_id: number | null;
  direction: CrmCallDirection;
  status: CrmCallStatus;
  call_number: string | null;
  call_number_clean: string | null;
  dial_number: string | null;
  agent_number: string | null;
  callback_number: string | null;
  voicemail_id: number | null;
  voicemail_status: 'detecting' | 'started' | 'not_machine' | 'ended' | null;
  amd_result: string | null;
  call_control_id: string | null;
  local_call_control_id: string | null;
  conference_id: string | null;
  transfer_to: string | null;
  hangup_cause: string | null;
  disposition: string | null;
  started_at: string;
  answered_at: string | null;
  ended_at: string | null;
  duration_seconds: number | null;
}

/** POST /api/crm/call's answer: the record plus the client_state the SDK passes with newCall. */
export interface CrmCallCreated extends CrmCallRecord {
  client_state: string;
}

/** GET /api/crm/calls: the agent's own log. */
export const crmCallListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
  status: z.enum(crmCallStatuses).optional(),
  direction: z.enum(crmCallDirections).optional(),
});

/** GET /api/crm/phone/session: options for @telnyx/webrtc; never the SIP password nor a provider key. */
export interface PhoneSessionAnswer {
  login_token: string;
  /** Local mode only: ws(s)://{origin}/_telephony/rtc. */
  host?: string;
  ice_servers?: { urls: string | string[]; username?: string; credential?: string }[];
  /** Local mode: the UI shows 'Simulated telephony'. */
  simulated: boolean;
}

/** GET /api/crm/telephony ('manage crm'): the telephony mode; the simulated handset's page in local mode only. */
export interface CrmTelephonyAnswer {
  mode: 'local' | 'telnyx' | 'off';
  /** '/_telephony/phone' in local mode (no TELNYX_API_KEY), else null. */
  handset_url: string | null;
}

export const dialInputSchema = z.object({ call_id: id });
export const transferInputSchema = z.object({ call_control_id: callControlId, to: numberOrSip, from: numberOrSip });
export const startConferenceInputSchema = z.object({
  call_control_id: callControlId,
  to: numberOrSip,
  from: numberOrSip,
  connection_id: optionalText(200),
});
export const addToConferenceInputSchema = z.object({
  conference_id: z.string().trim().min(1).max(200),
  to: numberOrSip,
  from: numberOrSip,
  connection_id: optionalText(200),
});
export const createIncomingConferenceInputSchema = z.object({
  call_control_id: callControlId,
  connection_id: optionalText(200),
  ringing_call_control_id: callControlId,
  transfer_number: optionalText(60),
  ringing_call_id: id,
});
export const logErrorInputSchema = z.object({
  error: z.preprocess((value) => (typeof value === 'string' ? value : JSON.stringify(value ?? null)), text(2000)),
  status: z
    .union([z.string().max(100), z.number()])
    .nullable()
    .optional(),
});

/** Phone channel payloads (spec 1 §7.8). */
export interface CallControlIdPayload {
  call_id: number;
  call_control_id: string;
}
export interface IncomingCallIdPayload {
  call_id: number;
  call_control_id: string;
  connection_id: string | null;
  from: string;
  lead: { id: number; company_name: string } | null;
}
export interface VoicemailEventPayload {
  call_id: number;
  call_control_id: string | null;
}
