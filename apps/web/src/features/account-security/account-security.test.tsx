import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { lockedSessionStorageKey, lockStore } from '../../lib/account-lock.ts';
import { api as apiClient } from '../../lib/api-client.ts';
import { authStore } from '../../lib/auth-store.ts';
import { reAuthCodeStorageKey, shadowStore, startShadow } from '../../lib/shadow.ts';
import { stubApi } from '../../test/api-stub.ts';
import { renderApp } from '../../test/render.tsx';

const admin = {
  id: 1,
  type: 'Employee',
  role: 'admin',
  name: 'Ada Admin',
  shortname: 'AA',
  email: 'ada@example.com',
  photo: null,
};
const client = {
  id: 7,
  type: 'Client',
  role: 'user',
  name: 'Carl Client',
  shortname: 'CC',
  email: 'carl@example.com',
  photo: null,
};
const agentSettings = {
  has_settings: false,
  phone_number: null,
  username: null,
  callback_number: null,
  connection_id: null,
};

function session(user: typeof admin, extra: Record<string, unknown> = {}) {
  return {
    data: {
      user,
      permissions: ['view dashboard', 'shadow clients'],
      notifications: [],
      agent_settings: agentSettings,
      token_id: 'token-1',
      shadowing: false,
      ...extra,
    },
  };
}

function signInLocally(tokenId = 'token-1') {
  authStore.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1', token_id: tokenId, expires_in: 900 });
}

const lockedSession = [
  423,
  { message: 'Account Locked', locked: true, user: { name: 'Ada Admin', photo: null, email: 'ada@example.com' } },
] as const;
const newTokens = { access_token: 'access-2', refresh_token: 'refresh-2', token_id: 'token-1', expires_in: 900 };

describe('lock screen (spec 1 §2.4, §4, §8)', { timeout: 20_000 }, () => {
  it('replaces the app after a reload of a locked session (423 from GET /api/session)', async () => {
    signInLocally();
    stubApi({ 'GET /api/session': [...lockedSession] });
    renderApp('/dashboard');

    expect(await screen.findByRole('main', { name: 'Lock screen' })).toBeTruthy();
    expect(screen.getByText('Ada Admin')).toBeTruthy();
    expect(screen.getByText('AA')).toBeTruthy(); // initials without a photo
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: '(Not You?)' }).getAttribute('href')).toBe('/logout');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('shows the lock screen, not a spinner, when a token is stored but its user cannot be loaded', async () => {
    signInLocally();
    const api = stubApi({ 'GET /api/session': [200, session(admin)], 'GET /api/misc/staticdata': [200, { data: {} }] });
    renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Main navigation' });

    // Another tab signs in anew (another token id), and the session of that token cannot be read now.
    api.routes['GET /api/session'] = [500, { message: 'Server Error' }];
    window.localStorage.setItem('access_token', 'access-9');
    window.localStorage.setItem('token_id', 'token-9');
    act(() => authStore.syncFromStorage());

    expect(await screen.findByRole('main', { name: 'Lock screen' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.queryByLabelText('Loading your session')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it("shows 'Invalid password.' for a wrong password, then unlocks with the right one", async () => {
    signInLocally();
    const api = stubApi({
      'GET /api/session': [...lockedSession],
      'POST /api/login/locked_login': [
        422,
        { message: 'Invalid password.', errors: { password: ['Invalid password.'] } },
      ],
      'GET /api/misc/staticdata': [200, { data: {} }],
    });
    renderApp('/dashboard');
    await userEvent.type(await screen.findByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Invalid password.');
    expect(api.callsTo('POST', '/api/login/locked_login')[0].body).toEqual({
      email: 'ada@example.com',
      password: 'wrong',
      refresh_token: 'refresh-1',
      token_id: 'token-1',
    });

    api.routes['POST /api/login/locked_login'] = [200, newTokens];
    api.routes['GET /api/session'] = [200, session(admin)];
    await userEvent.type(screen.getByLabelText('Password'), 'right');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(screen.queryByRole('main', { name: 'Lock screen' })).toBeNull();
    expect(window.localStorage.getItem('access_token')).toBe('access-2');
    expect(window.localStorage.getItem(lockedSessionStorageKey)).toBeNull();
  });

  it('logs out when the server answers 500', async () => {
    signInLocally();
    const api = stubApi({
      'GET /api/session': [...lockedSession],
      'POST /api/login/locked_login': [500, { message: 'Internal Server Error' }],
      'POST /api/logout': [200, { message: 'Logged out.' }],
    });
    const { router } = renderApp('/dashboard');
    await userEvent.type(await screen.findByLabelText('Password'), 'whatever');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(authStore.getState().accessToken).toBeNull();
    expect(lockStore.getState().locked).toBe(false);
    expect(api.callsTo('POST', '/api/logout')).toHaveLength(1);
  });

  it('Ctrl+L locks the session on the server and shows the screen', async () => {
    signInLocally();
    const api = stubApi({
      'GET /api/session': [200, session(admin)],
      'GET /api/misc/staticdata': [200, { data: {} }],
      'POST /api/login/lock': [200, { message: 'Account Locked' }],
    });
    renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    api.routes['GET /api/session'] = [...lockedSession];

    fireEvent.keyDown(window, { key: 'l', ctrlKey: true });

    expect(await screen.findByRole('main', { name: 'Lock screen' })).toBeTruthy();
    await waitFor(() => expect(api.callsTo('POST', '/api/login/lock')).toHaveLength(1));
    expect(window.localStorage.getItem(lockedSessionStorageKey)).toBe('token-1');
  });

  it('locks when any call answers 423, and follows a lock from another tab of the same session', async () => {
    signInLocally();
    const api = stubApi({ 'GET /api/session': [200, session(admin)], 'GET /api/misc/staticdata': [200, { data: {} }] });
    renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Main navigation' });

    // Another tab holding another session: nothing happens here.
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: lockedSessionStorageKey, newValue: 'token-other' }));
    });
    expect(screen.queryByRole('main', { name: 'Lock screen' })).toBeNull();

    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: lockedSessionStorageKey, newValue: 'token-1' }));
    });
    expect(await screen.findByRole('main', { name: 'Lock screen' })).toBeTruthy();

    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: lockedSessionStorageKey, newValue: null }));
    });
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeTruthy();

    // Any call of a session locked elsewhere (another browser holding the token) answers 423.
    api.routes['GET /api/tickets'] = [423, { message: 'Account Locked', locked: true }];
    await act(async () => {
      await apiClient.get('/api/tickets').catch(() => undefined);
    });
    expect(await screen.findByRole('main', { name: 'Lock screen' })).toBeTruthy();
    expect(screen.getByText('Ada Admin')).toBeTruthy();
  });
});

describe('shadow banner (spec 1 §2.4, §4, §8)', { timeout: 20_000 }, () => {
  const inThirtyMinutes = () => new Date(Date.now() + 30 * 60_000).toISOString();

  it('shows who shadows whom with a live countdown; End Shadowing restores the original user', async () => {
    signInLocally();
    window.localStorage.setItem(reAuthCodeStorageKey, 'code-1');
    const api = stubApi({
      'GET /api/session': [
        200,
        session(client, {
          shadowing: true,
          shadow_user: { id: 1, name: 'Ada Admin' },
          re_auth_code: { expires_at: inThirtyMinutes() },
        }),
      ],
      'POST /api/login/shadow': [
        200,
        {
          ...newTokens,
          user: admin,
          permissions: ['view dashboard'],
          notifications: [],
          agent_settings: agentSettings,
          twofactor: false,
        },
      ],
    });
    const { router } = renderApp('/tickets');

    expect(await screen.findByText('You are currently signed in as Ada Admin shadowing Carl Client')).toBeTruthy();
    expect(screen.getByText(/For security purposes this shadow session will end/)).toBeTruthy();
    expect(screen.getByTestId('shadow-countdown').textContent).toMatch(/^(30:00|29:5\d)$/);

    api.routes['GET /api/session'] = [200, session(admin)];
    api.routes['GET /api/misc/staticdata'] = [200, { data: {} }];
    await userEvent.click(screen.getByRole('button', { name: 'End Shadowing' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await waitFor(() => expect(screen.queryByTestId('shadow-banner')).toBeNull());
    expect(api.callsTo('POST', '/api/login/shadow')[0].body).toEqual({ re_auth_code: 'code-1' });
    expect(window.localStorage.getItem(reAuthCodeStorageKey)).toBeNull();
    expect(authStore.getState().user?.name).toBe('Ada Admin');
    expect(window.localStorage.getItem('access_token')).toBe('access-2');
  });

  it('Extend Shadow posts the code with extend and shows the new expiry', async () => {
    signInLocally();
    window.localStorage.setItem(reAuthCodeStorageKey, 'code-1');
    const later = new Date(Date.now() + 60 * 60_000).toISOString();
    const api = stubApi({
      'GET /api/session': [
        200,
        session(client, {
          shadowing: true,
          shadow_user: { id: 1, name: 'Ada Admin' },
          re_auth_code: { expires_at: inThirtyMinutes() },
        }),
      ],
      'POST /api/login/shadow': [
        200,
        { message: 'Shadow session extended.', expires_at: later, re_auth_code: { expires_at: later } },
      ],
    });
    renderApp('/tickets');
    await userEvent.click(await screen.findByRole('button', { name: 'Extend Shadow' }));

    await waitFor(() => expect(screen.getByTestId('shadow-countdown').textContent).toMatch(/^(1:00:00|59:5\d)$/));
    expect(api.callsTo('POST', '/api/login/shadow')[0].body).toEqual({ re_auth_code: 'code-1', extend: true });
    expect(await screen.findByText('Shadow session extended.')).toBeTruthy();
    shadowStore.clear();
  });

  it("startShadow switches the session, and shows the server's text in an error toast on failure", async () => {
    signInLocally();
    const api = stubApi({
      'GET /api/session': [200, session(admin)],
      'GET /api/misc/staticdata': [200, { data: {} }],
      'POST /api/login/shadow': [403, { message: "You cannot shadow a company's primary user." }],
    });
    renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Main navigation' });

    let started: boolean | undefined;
    await act(async () => {
      started = await startShadow(7);
    });
    expect(started).toBe(false);
    expect(await screen.findByText("You cannot shadow a company's primary user.")).toBeTruthy();
    expect(authStore.getState().user?.name).toBe('Ada Admin');

    api.routes['POST /api/login/shadow'] = [
      200,
      {
        access_token: 'access-shadow',
        refresh_token: 'refresh-shadow',
        token_id: 'token-shadow',
        expires_in: 900,
        user: client,
        permissions: [],
        notifications: [],
        agent_settings: agentSettings,
        twofactor: false,
        re_auth_code: { code: 'code-9', expires_at: inThirtyMinutes() },
        shadow_user: { id: 1, name: 'Ada Admin' },
      },
    ];
    await act(async () => {
      started = await startShadow(7);
    });
    expect(started).toBe(true);
    expect(api.callsTo('POST', '/api/login/shadow').at(-1)?.body).toEqual({ account: 7 });
    expect(window.localStorage.getItem(reAuthCodeStorageKey)).toBe('code-9');
    expect(window.location.href).not.toContain('code-9');
    expect(await screen.findByText('You are currently signed in as Ada Admin shadowing Carl Client')).toBeTruthy();
    shadowStore.clear();
  });
});
