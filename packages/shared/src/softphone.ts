import { phoneKey, tollFraudReason } from './crm.ts';
import { isValidPhoneNumber, PHONE_COUNTRY_PREFIX } from './phone.ts';

/**
 * The softphone's pure rules (spec 1 §2.7, §4, §5, §8, §9; designs/crm-softphone.md §3.3, §3.5): status texts,
 * the call timer, label truncation, volume, the restart policy, the Call button and what may be dialled.
 */

// ---- constants (spec 1 §9) ----

export const PHONE_VOLUME_DEFAULT = 80;
export const PHONE_VOLUME_MIN = 0;
export const PHONE_VOLUME_MAX = 100;
export const PHONE_VOLUME_STEP = 10;
/** A second incoming call beeps for 5 seconds. */
export const PHONE_BEEP_DURATION_MS = 5_000;
/** The call timer ticks every second. */
export const CALL_TIMER_INTERVAL_MS = 1_000;
/** The phone client restarts while fewer than 10 attempts were made. */
export const PHONE_RESTART_LIMIT = 10;
/** The error toast and the server log apply to the first 3 attempts only. */
export const PHONE_ERROR_REPORT_LIMIT = 3;
/** Restart backoff: 1 s, doubling, at most 30 s (design §3.3). */
export const PHONE_RESTART_FIRST_DELAY_MS = 1_000;
export const PHONE_RESTART_MAX_DELAY_MS = 30_000;
/** Company names and device labels are cut at 20 characters. */
export const PHONE_LABEL_MAX_LENGTH = 20;

// ---- texts (spec 1 §4, §5, §8; design §3.3, §3.5) ----

export const phoneErrorMessage = 'A phone error occured.';
export const noMicrophoneMessage = 'No Microphone Detected.';
export const autoVoicemailRequiresAudioMessage = 'Auto Leave Voicemail Requires an Audio File';
export const playingRecordingText = 'Playing Recording';
export const phoneInAnotherTabText = 'Phone active in another tab';
export const phoneUseHereLabel = 'Use here';
export const enableSoundText = 'Click to enable sound';
export const phoneNotReadyMessage = 'The phone is not connected yet.';
export const dialNumberInvalidMessage = 'Enter a valid ten-digit phone number.';

// ---- status text (spec 1 §4) ----

export const softphoneStatusTexts = ['Connecting', 'Connected', 'Ringing', 'Dialing', 'Active', 'Waiting'] as const;
export type SoftphoneStatusText = (typeof softphoneStatusTexts)[number];

/**
 * The client's state ('connecting' before telnyx.ready, 'ready' after) or a call's state as @telnyx/webrtc names
 * them (new, requesting, trying, recovering, ringing, answering, early, active, held, hangup, destroy, purge).
 */
export type SoftphoneSdkState =
  | 'connecting'
  | 'ready'
  | 'new'
  | 'requesting'
  | 'trying'
  | 'recovering'
  | 'ringing'
  | 'answering'
  | 'early'
  | 'active'
  | 'held'
  | 'hangup'
  | 'destroy'
  | 'purge';

const statusTextByState = new Map<string, SoftphoneStatusText>([
  ['connecting', 'Connecting'],
  ['ready', 'Connected'],
  ['ringing', 'Ringing'],
  ['requesting', 'Dialing'],
  ['trying', 'Dialing'],
  ['early', 'Dialing'],
  ['active', 'Active'],
  // A held call is still the live call: its timer keeps running.
  ['held', 'Active'],
  ['hangup', 'Waiting'],
  ['destroy', 'Waiting'],
]);

/**
 * The panel's status text for a state (spec 1 §4 verbatim). States that do not change the text ('new', 'answering',
 * 'recovering', 'purge' and any other) answer null: the panel keeps what it shows.
 */
export function softphoneStatusText(sdkState: SoftphoneSdkState | (string & {})): SoftphoneStatusText | null {
  return statusTextByState.get(sdkState) ?? null;
}

/** True for the texts during which the call timer runs. */
export const isTimerRunning = (text: SoftphoneStatusText | null) => text === 'Active';

// ---- timer, labels, volume ----

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The call timer: mm:ss, or hh:mm:ss from one hour on. Negative or non-finite input reads 00:00. */
export function formatCallTimer(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  return hours > 0
    ? `${twoDigits(hours)}:${twoDigits(minutes)}:${twoDigits(rest)}`
    : `${twoDigits(minutes)}:${twoDigits(rest)}`;
}

/**
 * The text cut at `max` characters (spec 1 §2.7, §9: "truncated at 20 characters"): a plain cut, no ellipsis, so
 * the label never exceeds 20. Characters are counted as code points, so an emoji is never split in half.
 */
export function truncateLabel(text: string | null | undefined, max: number = PHONE_LABEL_MAX_LENGTH): string {
  const characters = Array.from(text ?? '');
  return characters.length <= max ? (text ?? '') : characters.slice(0, max).join('');
}

/**
 * The remote audio element's volume for a setting of 0-100 (spec 1 §5: steps of 10, sent as a 0-1 fraction):
 * rounded to the step, clamped; a missing or non-numeric setting is the default 80.
 */
export function volumeFraction(volume: number | null | undefined): number {
  const value = typeof volume === 'number' && Number.isFinite(volume) ? volume : PHONE_VOLUME_DEFAULT;
  const stepped = Math.round(value / PHONE_VOLUME_STEP) * PHONE_VOLUME_STEP;
  return Math.min(PHONE_VOLUME_MAX, Math.max(PHONE_VOLUME_MIN, stepped)) / 100;
}

// ---- restart policy (spec 1 §4, design §3.3) ----

export interface PhoneRestart {
  /** Wait before restarting the client; null: give up (the limit is reached). */
  delayMs: number | null;
  /** Show 'A phone error occured.'. */
  toast: boolean;
  /** Report through POST /api/crm/calls/manage/log_error. */
  log: boolean;
}

/**
 * What to do after a phone error. `attempt` counts the errors since the last successful ready, this one included
 * (1 for the first): restart while attempt < 10, after 1, 2, 4, 8, 16, then 30 s; toast and log for attempts 1-3.
 */
export function nextRestart(attempt: number): PhoneRestart {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError(`attempt must be 1 or more, got ${attempt}`);
  const report = attempt <= PHONE_ERROR_REPORT_LIMIT;
  if (attempt >= PHONE_RESTART_LIMIT) return { delayMs: null, toast: report, log: report };
  const delayMs = Math.min(PHONE_RESTART_MAX_DELAY_MS, PHONE_RESTART_FIRST_DELAY_MS * 2 ** (attempt - 1));
  return { delayMs, toast: report, log: report };
}

// ---- dialling (spec 1 §5, design §2.3) ----

// Area code and exchange start with 2-9 in the North American Numbering Plan.
const nanpNumber = /^[2-9]\d{2}[2-9]\d{6}$/;

/**
 * The number the telephony side dials ('+1' and ten digits), or null when the text is not dialable: it must be a
 * valid phone number of spec 1 §5 (optionally written with +1 or 1 before it), a real NANP number, and pass the
 * toll-fraud guard (no N11, 900 or 976).
 */
export function dialNumberFor(text: string): string | null {
  const withoutCountry = text.replace(/^\s*\+?\s*1[\s.-]*(?=[(\d])/, '');
  if (!isValidPhoneNumber(text) && !isValidPhoneNumber(withoutCountry)) return null;
  const key = phoneKey(text);
  if (key === null || !nanpNumber.test(key) || tollFraudReason(text) !== null) return null;
  return `${PHONE_COUNTRY_PREFIX}${key}`;
}

/** True when the text can be dialled (see `dialNumberFor`). */
export const isDialableNumber = (text: string): boolean => dialNumberFor(text) !== null;

/** Why the softphone refuses to dial the text, or null: the toll-fraud reason first, else the format. */
export function dialRefusalReason(text: string): string | null {
  if (isDialableNumber(text)) return null;
  return tollFraudReason(text) ?? dialNumberInvalidMessage;
}

// ---- buttons (spec 1 §5, design §3.5) ----

export interface CallButtonInput {
  numberValid: boolean;
  hasMicrophone: boolean;
  phoneReady: boolean;
  autoVoicemail: boolean;
  voicemailId: number | null | undefined;
}

export interface CallButtonState {
  enabled: boolean;
  /** Why it is disabled (the first reason in the order below), or null. */
  reason: string | null;
  /** The voicemail field's error (spec 1 §5), shown whenever auto voicemail is on without a voicemail. */
  voicemailError: string | null;
}

/**
 * The Call button: enabled only with a microphone, a ready phone, a voicemail when auto voicemail is on, and a valid
 * number. The reason is the first missing one in that order, so an idle panel names the fault before the number.
 */
export function callButtonState(input: CallButtonInput): CallButtonState {
  const voicemailError = input.autoVoicemail && !input.voicemailId ? autoVoicemailRequiresAudioMessage : null;
  const reason = !input.hasMicrophone
    ? noMicrophoneMessage
    : !input.phoneReady
      ? phoneNotReadyMessage
      : voicemailError
        ? voicemailError
        : !input.numberValid
          ? dialNumberInvalidMessage
          : null;
  return { enabled: reason === null, reason, voicemailError };
}

/** Transfer and Add (conference) are enabled once the forward number is valid and while none is in progress. */
export const forwardButtonEnabled = (input: { numberValid: boolean; inProgress: boolean }): boolean =>
  input.numberValid && !input.inProgress;
