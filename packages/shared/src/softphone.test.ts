import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { tollFraud900Message, tollFraudN11Message } from './crm.ts';
import {
  autoVoicemailRequiresAudioMessage,
  CALL_TIMER_INTERVAL_MS,
  callButtonState,
  dialNumberFor,
  dialNumberInvalidMessage,
  dialRefusalReason,
  enableSoundText,
  formatCallTimer,
  forwardButtonEnabled,
  isDialableNumber,
  isTimerRunning,
  nextRestart,
  noMicrophoneMessage,
  PHONE_BEEP_DURATION_MS,
  PHONE_ERROR_REPORT_LIMIT,
  PHONE_LABEL_MAX_LENGTH,
  PHONE_RESTART_LIMIT,
  PHONE_VOLUME_DEFAULT,
  PHONE_VOLUME_MAX,
  PHONE_VOLUME_MIN,
  PHONE_VOLUME_STEP,
  phoneErrorMessage,
  phoneInAnotherTabText,
  phoneNotReadyMessage,
  phoneUseHereLabel,
  playingRecordingText,
  softphoneStatusText,
  softphoneStatusTexts,
  truncateLabel,
  volumeFraction,
} from './softphone.ts';

describe('constants and texts (spec 1 §8, §9)', () => {
  it('keeps the spec values', () => {
    expect([PHONE_VOLUME_DEFAULT, PHONE_VOLUME_MIN, PHONE_VOLUME_MAX, PHONE_VOLUME_STEP]).toEqual([80, 0, 100, 10]);
    expect(PHONE_BEEP_DURATION_MS).toBe(5000);
    expect(CALL_TIMER_INTERVAL_MS).toBe(1000);
    expect(PHONE_RESTART_LIMIT).toBe(10);
    expect(PHONE_ERROR_REPORT_LIMIT).toBe(3);
    expect(PHONE_LABEL_MAX_LENGTH).toBe(20);
    expect(phoneErrorMessage).toBe('A phone error occured.');
    expect(noMicrophoneMessage).toBe('No Microphone Detected.');
    expect(autoVoicemailRequiresAudioMessage).toBe('Auto Leave Voicemail Requires an Audio File');
    expect(playingRecordingText).toBe('Playing Recording');
    expect(phoneInAnotherTabText).toBe('Phone active in another tab');
    expect(phoneUseHereLabel).toBe('Use here');
    expect(enableSoundText).toBe('Click to enable sound');
    expect(phoneNotReadyMessage).toBe('The phone is not connected yet.');
    expect(dialNumberInvalidMessage).toBe('Enter a valid ten-digit phone number.');
    expect(softphoneStatusTexts).toEqual(['Connecting', 'Connected', 'Ringing', 'Dialing', 'Active', 'Waiting']);
  });
});

describe('softphoneStatusText', () => {
  it.each([
    ['connecting', 'Connecting'],
    ['ready', 'Connected'],
    ['ringing', 'Ringing'],
    ['requesting', 'Dialing'],
    ['trying', 'Dialing'],
    ['early', 'Dialing'],
    ['active', 'Active'],
    ['held', 'Active'],
    ['hangup', 'Waiting'],
    ['destroy', 'Waiting'],
  ] as const)('%s -> %s', (state, text) => {
    expect(softphoneStatusText(state)).toBe(text);
  });
  it('leaves the text alone for other states', () => {
    for (const state of ['new', 'answering', 'recovering', 'purge', 'toString', 'constructor', ''])
      expect(softphoneStatusText(state)).toBeNull();
  });
  it('runs the timer only while Active', () => {
    expect(isTimerRunning('Active')).toBe(true);
    expect(isTimerRunning('Waiting')).toBe(false);
    expect(isTimerRunning(null)).toBe(false);
  });
});

describe('formatCallTimer', () => {
  it('shows mm:ss under an hour and hh:mm:ss from one hour on', () => {
    expect(formatCallTimer(0)).toBe('00:00');
    expect(formatCallTimer(5)).toBe('00:05');
    expect(formatCallTimer(65)).toBe('01:05');
    expect(formatCallTimer(3599)).toBe('59:59');
    expect(formatCallTimer(3600)).toBe('01:00:00');
    expect(formatCallTimer(3661)).toBe('01:01:01');
    expect(formatCallTimer(36_000 + 59)).toBe('10:00:59');
  });
  it('floors fractions and reads bad input as zero', () => {
    expect(formatCallTimer(59.9)).toBe('00:59');
    expect(formatCallTimer(-3)).toBe('00:00');
    expect(formatCallTimer(Number.NaN)).toBe('00:00');
    expect(formatCallTimer(Number.POSITIVE_INFINITY)).toBe('00:00');
  });
});

describe('truncateLabel', () => {
  it('cuts at 20 characters without an ellipsis', () => {
    expect(truncateLabel('Fake Default Audio Input')).toBe('Fake Default Audio I');
    expect(truncateLabel('Fake Default Audio Input')).toHaveLength(20);
    expect(truncateLabel('Exactly twenty chars')).toBe('Exactly twenty chars');
    expect(truncateLabel('Acme')).toBe('Acme');
    expect(truncateLabel(null)).toBe('');
    expect(truncateLabel('abcdef', 3)).toBe('abc');
  });
  it('never splits a character made of two code units', () => {
    expect(truncateLabel(`${'a'.repeat(19)}😀😀`)).toBe(`${'a'.repeat(19)}😀`);
  });
});

describe('volumeFraction', () => {
  it('sends v / 100, in steps of 10, clamped to 0-1', () => {
    expect(volumeFraction(80)).toBe(0.8);
    expect(volumeFraction(0)).toBe(0);
    expect(volumeFraction(100)).toBe(1);
    expect(volumeFraction(30)).toBe(0.3);
    expect(volumeFraction(34)).toBe(0.3);
    expect(volumeFraction(150)).toBe(1);
    expect(volumeFraction(-20)).toBe(0);
  });
  it('uses the default 80 when unset', () => {
    expect(volumeFraction(undefined)).toBe(0.8);
    expect(volumeFraction(null)).toBe(0.8);
    expect(volumeFraction(Number.NaN)).toBe(0.8);
  });
});

describe('nextRestart', () => {
  it('backs off 1, 2, 4 ... 30 s and gives up at 10 attempts', () => {
    expect(Array.from({ length: 10 }, (_, index) => nextRestart(index + 1).delayMs)).toEqual([
      1000,
      2000,
      4000,
      8000,
      16000,
      30000,
      30000,
      30000,
      30000,
      null,
    ]);
    expect(nextRestart(11).delayMs).toBeNull();
  });
  it('toasts and logs for attempts 1-3 only', () => {
    for (const attempt of [1, 2, 3]) expect(nextRestart(attempt)).toMatchObject({ toast: true, log: true });
    for (const attempt of [4, 9, 10]) expect(nextRestart(attempt)).toMatchObject({ toast: false, log: false });
  });
  it('refuses an attempt below 1', () => {
    expect(() => nextRestart(0)).toThrow(RangeError);
    expect(() => nextRestart(1.5)).toThrow(RangeError);
  });
});

describe('dialling', () => {
  it.each([
    ['(512) 555-0123', '+15125550123'],
    ['512.555.0123', '+15125550123'],
    ['+1 (512) 555-0123', '+15125550123'],
    ['1-512-555-0123', '+15125550123'],
    ['+15125550123', '+15125550123'],
    ['(512) 555-0123 Ext. 45', '+15125550123'],
  ])('dials %s as %s', (text, dial) => {
    expect(dialNumberFor(text)).toBe(dial);
    expect(isDialableNumber(text)).toBe(true);
    expect(dialRefusalReason(text)).toBeNull();
  });
  it.each(['', '555-0123', '(512) 555-012', '512 555 01234 5678 9', '(123) 555-0123', '(512) 055-0123', 'abc'])(
    'refuses the malformed %j',
    (text) => {
      expect(isDialableNumber(text)).toBe(false);
      expect(dialRefusalReason(text)).toBe(dialNumberInvalidMessage);
    },
  );
  it('refuses toll-fraud numbers with their reason', () => {
    expect(isDialableNumber('(900) 555-1212')).toBe(false);
    expect(dialRefusalReason('1-900-555-1212')).toBe(tollFraud900Message);
    expect(dialRefusalReason('911')).toBe(tollFraudN11Message);
    expect(dialRefusalReason('(411) 555-1212')).toBe(tollFraudN11Message);
  });
  test.prop([fc.stringMatching(/^[2-9]\d{2}[2-9]\d{6}$/)])('dials any ordinary number with +1', (digits) => {
    fc.pre(!/^(900|976)/.test(digits) && !/^[2-9]11/.test(digits) && !/^...(976|[2-9]11)/.test(digits));
    expect(dialNumberFor(`(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`)).toBe(`+1${digits}`);
  });
});

describe('callButtonState', () => {
  const ready = { numberValid: true, hasMicrophone: true, phoneReady: true, autoVoicemail: false, voicemailId: null };
  it('enables Call when everything is there', () => {
    expect(callButtonState(ready)).toEqual({ enabled: true, reason: null, voicemailError: null });
    expect(callButtonState({ ...ready, autoVoicemail: true, voicemailId: 3 }).enabled).toBe(true);
  });
  it('disables it without a microphone, first of all', () => {
    expect(callButtonState({ ...ready, hasMicrophone: false, phoneReady: false, numberValid: false })).toMatchObject({
      enabled: false,
      reason: 'No Microphone Detected.',
    });
  });
  it('disables it until the phone is ready', () => {
    expect(callButtonState({ ...ready, phoneReady: false })).toMatchObject({
      enabled: false,
      reason: phoneNotReadyMessage,
    });
  });
  it('needs a voicemail with auto voicemail on, and says so on the voicemail field', () => {
    const state = callButtonState({ ...ready, autoVoicemail: true, voicemailId: null, numberValid: false });
    expect(state).toEqual({
      enabled: false,
      reason: 'Auto Leave Voicemail Requires an Audio File',
      voicemailError: 'Auto Leave Voicemail Requires an Audio File',
    });
    expect(callButtonState({ ...ready, autoVoicemail: true, voicemailId: 0 }).enabled).toBe(false);
    expect(callButtonState({ ...ready, hasMicrophone: false, autoVoicemail: true }).voicemailError).toBe(
      autoVoicemailRequiresAudioMessage,
    );
  });
  it('disables it for an invalid number', () => {
    expect(callButtonState({ ...ready, numberValid: false })).toMatchObject({
      enabled: false,
      reason: dialNumberInvalidMessage,
    });
  });
});

describe('forwardButtonEnabled', () => {
  it('needs a valid number and nothing in progress', () => {
    expect(forwardButtonEnabled({ numberValid: true, inProgress: false })).toBe(true);
    expect(forwardButtonEnabled({ numberValid: false, inProgress: false })).toBe(false);
    expect(forwardButtonEnabled({ numberValid: true, inProgress: true })).toBe(false);
  });
});
