import { defaultUserSettings } from '@switchboard/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from './auth-store.ts';
import { safeRedirectTarget, userDefaultLoginUrl } from './login-redirect.ts';
import { signedInResponse } from '../test/signed-in.ts';

function signInWith(defaultLoginUrl: string): void {
  authStore.signIn(signedInResponse([], { settings: { ...defaultUserSettings, default_login_url: defaultLoginUrl } }));
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
