import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { stubApi } from '../../test/api-stub.ts';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../../app/providers.tsx';
import { routes } from '../../app/router.tsx';
import { queryClient } from '../../lib/query-client.ts';

vi.mock('socket.io-client', () => fakeSocketModule);

const session = {
  data: {
    user: {
      id: 1,
      type: 'Employee',
      role: 'user',
      name: 'Ada',
      shortname: 'Ada',
      email: 'ada@example.com',
      photo: null,
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
const emptyPage = { data: [], total: 0, current_page: 1, per_page: 50, from: null, to: null, last_page: 1 };

/** GET /api/session held until the test lets it answer, as on a slow first load. */
function holdSession() {
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  const api = stubApi({
    'GET /api/session': async () => {
      await held;
      return [200, session];
    },
    'GET /api/misc/staticdata': [200, { data: {} }],
    'GET /api/ticket': [200, emptyPage],
    'GET /api/ticket/views': [200, { data: [] }],
  });
  return { api, answerSession: answer };
}

/** The app as main.tsx renders it: its one query cache, which the route's loader fills. */
function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
}

afterEach(() => queryClient.clear());

function signInLocally() {
  authStore.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1', token_id: 'token-1', expires_in: 900 });
}

describe("the queue's first page goes out with the session (issue 26 §2.10)", { timeout: 60_000 }, () => {
  it('asks for it while GET /api/session is still on its way, and the page shows that answer without asking again', async () => {
    signInLocally();
    const { api, answerSession } = holdSession();
    renderApp('/tickets?status=closed&page=2');
    // The first render compiles the page's modules, which can take seconds on a busy machine.
    await waitFor(() => expect(api.callsTo('GET', '/api/ticket')).toHaveLength(1), { timeout: 15_000 });
    const query = new URL(api.callsTo('GET', '/api/ticket')[0].url, 'http://localhost').searchParams;
    expect(query.get('status')).toBe('closed');
    expect(query.get('page')).toBe('2');
    expect(query.get('per_page')).toBe('50');
    expect(api.callsTo('GET', '/api/session')).toHaveLength(1);
    answerSession();
    expect(await screen.findByText('No Tickets Found', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(api.callsTo('GET', '/api/ticket')).toHaveLength(1);
  });

  it('on a bare URL uses the filters this browser kept for the queue; /escalation adds its own', async () => {
    signInLocally();
    window.localStorage.setItem('ticket-queue:escalation:1', JSON.stringify({ status: 'all', search: 'printer' }));
    const { api, answerSession } = holdSession();
    renderApp('/escalation');
    await waitFor(() => expect(api.callsTo('GET', '/api/ticket').length).toBeGreaterThan(0), { timeout: 15_000 });
    const query = new URL(api.callsTo('GET', '/api/ticket')[0].url, 'http://localhost').searchParams;
    expect(query.get('status')).toBe('all');
    expect(query.get('search')).toBe('printer');
    expect(query.get('escalated')).toBe('1');
    answerSession();
    expect(await screen.findByText('No Tickets Found', undefined, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /search/i })).toBeTruthy());
    expect(api.callsTo('GET', '/api/ticket').filter((call) => call.url.includes('search=printer'))).toHaveLength(1);
  });

  it('does not ask without a stored token', async () => {
    const { api } = holdSession();
    renderApp('/tickets');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(api.callsTo('GET', '/api/ticket')).toHaveLength(0);
  });
});
