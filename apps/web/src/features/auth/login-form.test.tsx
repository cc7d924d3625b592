import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { jsonResponse, renderApp } from '../../test/render.tsx';

const loginAnswer = {
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  token_id: 'token-1',
  expires_in: 900,
  user: {
    id: 1,
    type: 'Employee',
    role: 'admin',
    name: 'Ada Admin',
    shortname: 'AA',
    email: 'ada@example.com',
    photo: null,
  },
  permissions: ['view dashboard'],
  notifications: [],
  agent_settings: {
    has_settings: false,
    phone_number: null,
    username: null,
    callback_number: null,
    connection_id: null,
  },
  twofactor: false,
};

describe('login screen (spec 1 §2.3, §5)', () => {
  it('shows the version, Remember Me and the Forgot Password link', async () => {
    renderApp('/login');
    expect(await screen.findByText('V1.44')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Remember Me' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('requires email and password before calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));

    expect(await screen.findByText('The email field is required.')).toBeTruthy();
    expect(screen.getByText('The password field is required.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('requires the email to be an e-mail address', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('The email must be a valid email address.')).toBeTruthy();
    expect(screen.queryByText('The password field is required.')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows "Invalid email / password." in an alert for a 401 and stays signed out', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(401, { message: 'Invalid email / password.' }));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid email / password.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/login');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ada@example.com', password: 'wrong', remember: false });
    expect(router.state.location.pathname).toBe('/login');
    expect(authStore.getState().accessToken).toBeNull();
    expect(window.localStorage.getItem('access_token')).toBeNull();
  });

  it("shows the server's field errors under the fields", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(422, { message: 'The given data was invalid.', errors: { email: ['This account is disabled.'] } }),
      ),
    );
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('This account is disabled.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('There were some problems with your input.');
  });

  it('signs in, stores the tokens and goes to the redirect parameter', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input) === '/api/login') return jsonResponse(200, loginAnswer);
        if (String(input) === '/api/misc/staticdata') return jsonResponse(200, { data: {} });
        return jsonResponse(404, { message: 'Not found.' });
      }),
    );
    const { router } = renderApp('/login?redirect=%2Ftickets%3Fpage%3D2');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
    expect(router.state.location.search).toBe('?page=2');
    expect(window.localStorage.getItem('access_token')).toBe('access-1');
    expect(window.localStorage.getItem('refresh_token')).toBe('refresh-1');
    expect(window.localStorage.getItem('token_id')).toBe('token-1');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(nav).toBeTruthy();
  });

  it('ignores a redirect parameter that leaves the site', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input) === '/api/login' ? jsonResponse(200, loginAnswer) : jsonResponse(200, { data: {} }),
      ),
    );
    const { router } = renderApp('/login?redirect=%2F%2Fevil.example%2Fx');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
