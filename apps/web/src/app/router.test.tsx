import { defaultUserSettings, type SessionResponse } from '@switchboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../lib/auth-store.ts';
import { jsonResponse, renderApp } from '../test/render.tsx';

const session = (overrides: { type?: 'Employee' | 'Client'; permissions?: string[] } = {}): SessionResponse => ({
  data: {
    user: {
      id: 1,
      type: overrides.type ?? 'Employee',
      role: 'user',
      name: 'Ada Admin',
      shortname: 'AA',
      email: 'ada@example.com',
      photo: null,
      avatar: null,
      created_at: '2026-01-05T09:00:00.000Z',
      email_verified_at: null,
      employee: null,
    },
    permissions: overrides.permissions ?? [],
    notifications: [],
    agent_settings: {
      has_settings: false,
      phone_number: null,
      username: null,
      callback_number: null,
      connection_id: null,
    },
    token_id: 'token-1',
    shadowing: false,
  },
});

function storeTokens(): void {
  window.localStorage.setItem('access_token', 'access-1');
  window.localStorage.setItem('refresh_token', 'refresh-1');
  window.localStorage.setItem('token_id', 'token-1');
  authStore.syncFromStorage();
}

function stubApi(sessionBody = session()) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/session') return jsonResponse(200, sessionBody);
    if (url === '/api/misc/staticdata') return jsonResponse(200, { data: {} });
    if (url === '/api/logout') return jsonResponse(200, { message: 'Logged out.' });
    return jsonResponse(404, { message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('unauthenticated rule (spec 1 §2.2)', () => {
  it('sends a protected route to /login with the path and query as the redirect parameter', async () => {
    const fetchMock = stubApi();
    const { router } = renderApp('/companies?page=2');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fcompanies%3Fpage%3D2');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends unknown paths to login too when signed out', async () => {
    stubApi();
    const { router } = renderApp('/no-such-page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fno-such-page');
  });

  it('lets /forgot-password and /reset-password/{token} open without a token', async () => {
    stubApi();
    const forgot = renderApp('/forgot-password');
    expect(await screen.findByRole('button', { name: 'Reset Password' })).toBeTruthy();
    expect(forgot.router.state.location.pathname).toBe('/forgot-password');
    forgot.unmount();

    const reset = renderApp('/reset-password/abc123');
    expect(await screen.findByRole('button', { name: 'Update Password' })).toBeTruthy();
    expect(reset.router.state.location.pathname).toBe('/reset-password/abc123');
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
  });
});

describe('the root path', () => {
  it('opens /login when signed out and the default login URL when signed in', async () => {
    stubApi();
    const signedOut = renderApp('/');
    await waitFor(() => expect(signedOut.router.state.location.pathname).toBe('/login'));
    expect(signedOut.router.state.location.search).toBe('');
    signedOut.unmount();

    storeTokens();
    const signedIn = renderApp('/');
    await waitFor(() => expect(signedIn.router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('signed in', () => {
  it('boots from GET /api/session and shows the shell with the main navigation', async () => {
    storeTokens();
    const fetchMock = stubApi(session({ permissions: ['view calendar'] }));
    renderApp('/dashboard');

    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Tickets', 'Projects', 'Companies', 'Calendar']) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(nav).queryByRole('link', { name: 'Sync' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Admin' })).toBeTruthy();
    const sessionCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/session') as unknown as [
      string,
      RequestInit,
    ];
    expect(new Headers(sessionCall[1].headers).get('Authorization')).toBe('Bearer access-1');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/misc/staticdata')).toBe(true),
    );
    expect(document.body.classList.contains('logged-in')).toBe(true);
    expect(document.title).toBe('Dashboard | Switchboard');
  });

  it('goes from /login to /dashboard when already signed in', async () => {
    storeTokens();
    stubApi();
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it("opens the user's default_login_url from / and /login after a reload, once the session has loaded", async () => {
    const withLanding = session();
    withLanding.data.user.settings = { ...defaultUserSettings, default_login_url: '/companies?page=2' };
    storeTokens();
    stubApi(withLanding);
    const fromRoot = renderApp('/');
    await waitFor(() => expect(fromRoot.router.state.location.pathname).toBe('/companies'));
    expect(fromRoot.router.state.location.search).toBe('?page=2');
    fromRoot.unmount();

    authStore.clear();
    storeTokens();
    expect(authStore.getState().user).toBeNull();
    const fromLogin = renderApp('/login');
    await waitFor(() => expect(fromLogin.router.state.location.pathname).toBe('/companies'));
  });

  it('sends / to /login when the stored token is refused', async () => {
    storeTokens();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { message: 'Unauthenticated.' })),
    );
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(authStore.getState().accessToken).toBeNull();
  });

  it('shows the not-found screen for an unknown path', async () => {
    storeTokens();
    stubApi();
    const { router } = renderApp('/no-such-page/anywhere');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/no-such-page/anywhere');
  });

  it('shows the no-permission text on a gated page and redirects billing to /dashboard', async () => {
    storeTokens();
    stubApi();
    const { router } = renderApp('/calendar');
    expect(await screen.findByText('You do not have permission to view this page.')).toBeTruthy();
    await router.navigate('/billing/invoices');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('names a not-yet-built area honestly', async () => {
    storeTokens();
    stubApi();
    renderApp('/developer');
    expect(await screen.findByRole('heading', { name: 'Developer Settings' })).toBeTruthy();
    expect(screen.getByText('Developer Settings is not available yet.')).toBeTruthy();
  });

  it('gives client users the client sidebar and keeps them out of employee areas', async () => {
    storeTokens();
    stubApi(session({ type: 'Client', permissions: ['view billing', 'view crm'] }));
    const { router } = renderApp('/companies');
    expect(await screen.findByText('You do not have permission to view this page.')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Switchboard', 'Tickets', 'Projects']);
    expect(screen.queryByRole('link', { name: 'Billing' })).toBeNull();
    await router.navigate('/projects');
    expect(await screen.findByRole('heading', { name: 'Projects' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/projects');
  });

  it('logs out from the user menu: POST /api/logout, tokens cleared, back to /login', async () => {
    storeTokens();
    const fetchMock = stubApi();
    const { router } = renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'User menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
    const logoutCall = fetchMock.mock.calls.find(
      ([url, init]) => String(url) === '/api/logout' && init?.method === 'POST',
    );
    expect(new Headers(logoutCall?.[1]?.headers).get('Authorization')).toBe('Bearer access-1');
    expect(window.localStorage.getItem('access_token')).toBeNull();
    expect(document.body.classList.contains('logged-out')).toBe(true);
  });

  it('still logs out locally when POST /api/logout fails', async () => {
    storeTokens();
    authStore.setSession(session().data);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const { router } = renderApp('/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('access_token')).toBeNull();
  });
});
