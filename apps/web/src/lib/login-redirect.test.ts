import { defaultUserSettings, type SignedInResponse } from '@switchboard/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from './auth-store.ts';
import { safeRedirectTarget, userDefaultLoginUrl } from './login-redirect.ts';

function signInWith(defaultLoginUrl: string): void {
  authStore.signIn({
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    token_id: 'session-1',
    expires_in: 900,
    user: { id: 1, type: 'Employee', role: 'user', name: 'Helen', shortname: 'Helen', email: 'helen@example.com', photo: null, settings: { ...defaultUserSettings, default_login_url: defaultLoginUrl } },
    permissions: [],
    notifications: [],
    agent_settings: { has_settings: false, phone_number: null, username: null, callback_number: null, connection_id: null },
    twofactor: false,
  } satisfies SignedInResponse);
}

describe('the default login URL (spec 1 §2.3, §3.2)', () => {
  afterEach(() => authStore.clear());

  it("is the user's default_login_url setting, /dashboard without one", () => {
    expect(userDefaultLoginUrl()).toBe('/dashboard');
    signInWith('/tickets');
    expect(userDefaultLoginUrl()).toBe('/tickets');
    // A redirect parameter still wins; an unsafe one falls back to the setting.
    expect(safeRedirectTarget('/companies/3', userDefaultLoginUrl())).toBe('/companies/3');
    expect(safeRedirectTarget('//evil.example', userDefaultLoginUrl())).toBe('/tickets');
  });

  it('ignores a setting that is not a same-origin path', () => {
    signInWith('//evil.example/phish');
    expect(userDefaultLoginUrl()).toBe('/dashboard');
  });
});
