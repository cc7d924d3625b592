import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { decodeClientState, encodeClientState } from './client-state.ts';
import { openSipPassword, sealSipPassword } from '../secrets/sip-password.ts';

const key = randomBytes(32);

describe('client_state', () => {
  it('round-trips {call_id, leg} signed with the key', () => {
    const text = encodeClientState(key, { call_id: 42, leg: 'far' });
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeClientState(key, text)).toEqual({ call_id: 42, leg: 'far' });
  });

  it('refuses another key, a changed call id, junk and absence', () => {
    const text = encodeClientState(key, { call_id: 42, leg: 'sdk' });
    expect(decodeClientState(randomBytes(32), text)).toBeNull();
    const body = JSON.parse(Buffer.from(text, 'base64url').toString()) as Record<string, unknown>;
    const moved = Buffer.from(JSON.stringify({ ...body, call_id: 43 })).toString('base64url');
    expect(decodeClientState(key, moved)).toBeNull();
    const unsigned = Buffer.from(JSON.stringify({ call_id: 42, leg: 'sdk' })).toString('base64url');
    expect(decodeClientState(key, unsigned)).toBeNull();
    expect(decodeClientState(key, 'not json')).toBeNull();
    expect(decodeClientState(key, undefined)).toBeNull();
  });
});

describe('SIP password sealing', () => {
  it('opens with the key only, and refuses an altered box', () => {
    const sealed = sealSipPassword(key, 'hunter2-sip');
    expect(sealed.includes(Buffer.from('hunter2-sip'))).toBe(false);
    expect(openSipPassword(key, sealed)).toBe('hunter2-sip');
    expect(openSipPassword(randomBytes(32), sealed)).toBeNull();
    const altered = Buffer.from(sealed);
    altered[altered.length - 1] ^= 1;
    expect(openSipPassword(key, altered)).toBeNull();
  });
});

describe('telephony config', () => {
  it('is local without a Telnyx key, telnyx with one, and telnyx needs its public key and connection', () => {
    expect(loadConfig({}).telephonyProvider).toBe('local');
    expect(loadConfig({ TELEPHONY_PROVIDER: 'off' }).telephonyProvider).toBe('off');
    const full = { TELNYX_API_KEY: 'k', TELNYX_PUBLIC_KEY: 'p', TELNYX_CALL_CONTROL_APP_ID: 'a' };
    expect(loadConfig(full).telephonyProvider).toBe('telnyx');
    expect(() => loadConfig({ TELNYX_API_KEY: 'k' })).toThrow(/TELNYX_PUBLIC_KEY/);
    expect(loadConfig({}).telnyxSipDomain).toBe('sip.telnyx.com');
  });
});
