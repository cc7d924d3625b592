import type { SessionResponse } from '@switchboard/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse, renderApp } from '../../test/render.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

// Issue 26 §6: the employee edit page's load failure, spec 1's 'An Error Occured ' (trailing space and all, as
// spec-messages.test.ts pins it), shown as the page's alert.

const session: SessionResponse = {
  data: {
    user: {
      id: 1,
      type: 'Employee',
      role: 'admin',
      name: 'Ada Admin',
      shortname: 'Ada',
      email: 'ada@example.com',
      photo: null,
      avatar: null,
      created_at: '2026-01-05T09:00:00.000Z',
      email_verified_at: null,
      employee: null,
    },
    permissions: [],
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
};

describe('employee edit page messages', () => {
  it("says 'An Error Occured' when the employee cannot be loaded", { timeout: 30_000 }, async () => {
    window.localStorage.setItem('access_token', 'access-1');
    window.localStorage.setItem('refresh_token', 'refresh-1');
    window.localStorage.setItem('token_id', 'token-1');
    authStore.syncFromStorage();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url === '/api/session') return jsonResponse(200, session);
        if (url === '/api/users/employee/2') return jsonResponse(500, { message: 'Server Error' });
        if (url === '/api/notifications') return jsonResponse(200, { data: [] });
        if (url === '/api/misc/timeclock') return jsonResponse(200, { data: { status: 5, start_time: null } });
        if (url === '/api/misc/staticdata') return jsonResponse(200, { data: {} });
        return jsonResponse(404, { message: 'Not found.' });
      }),
    );
    renderApp('/employees/edit/2/account');
    // A server error is retried twice (with the query's back-off) before the page gives up.
    const alert = await screen.findByRole('alert', {}, { timeout: 20_000 });
    expect(alert.textContent).toBe('An Error Occured ');
    expect(screen.queryByText('Server Error')).toBeNull();
  });
});
