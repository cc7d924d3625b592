import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../test/api-stub.ts';
import { lockedSessionStorageKey, lockStore } from './account-lock.ts';
import { api, configureApiClient, isApiError } from './api-client.ts';
import { authStore } from './auth-store.ts';

const lockedBody = { message: 'Account Locked', locked: true };

function signIn() {
  authStore.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1', token_id: 'token-1', expires_in: 900 });
}

describe('lock state (spec 1 §2.4, §4)', () => {
  it('any 423 answer locks, with the lock-screen user when the answer names one', async () => {
    signIn();
    stubApi({
      'GET /api/tickets': [423, lockedBody],
      'GET /api/session': [423, { ...lockedBody, user: { name: 'Ada', photo: null, email: 'ada@example.com' } }],
    });

    const error = await api.get('/api/tickets').catch((caught: unknown) => caught);
    expect(isApiError(error) && error.status).toBe(423);
    expect(lockStore.getState()).toEqual({ locked: true, user: null });
    expect(window.localStorage.getItem(lockedSessionStorageKey)).toBe('token-1');

    await api.get('/api/session').catch(() => undefined);
    expect(lockStore.getState().user).toEqual({ name: 'Ada', photo: null, email: 'ada@example.com' });
  });

  it('a refresh refused with 423 locks instead of ending the session', async () => {
    signIn();
    const onSessionExpired = vi.fn();
    configureApiClient({ onSessionExpired });
    stubApi({
      'GET /api/tickets': [401, { message: 'Unauthenticated.' }],
      'POST /api/login/refresh': [423, lockedBody],
    });

    await expect(api.get('/api/tickets')).rejects.toBeTruthy();
    expect(lockStore.getState().locked).toBe(true);
    expect(authStore.getState().refreshToken).toBe('refresh-1');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it("follows another tab's lock of the same session only, and its unlock", () => {
    signIn();
    expect(lockStore.syncFromStorage({ key: 'something_else', newValue: 'token-1' })).toBe(false);
    lockStore.syncFromStorage({ key: lockedSessionStorageKey, newValue: 'token-2' });
    expect(lockStore.getState().locked).toBe(false);
    lockStore.syncFromStorage({ key: lockedSessionStorageKey, newValue: 'token-1' });
    expect(lockStore.getState().locked).toBe(true);
    lockStore.syncFromStorage({ key: lockedSessionStorageKey, newValue: null });
    expect(lockStore.getState().locked).toBe(false);
  });

  it('ends with the session', () => {
    signIn();
    lockStore.lock();
    authStore.clear();
    expect(lockStore.getState().locked).toBe(false);
    expect(window.localStorage.getItem(lockedSessionStorageKey)).toBeNull();
  });
});
