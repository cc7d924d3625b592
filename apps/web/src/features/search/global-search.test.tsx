import type { SessionResponse } from '@switchboard/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse, renderApp } from '../../test/render.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

const session: SessionResponse = {
  data: {
    user: {
      id: 1,
      type: 'Employee',
      role: 'user',
      name: 'Ada',
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

function setUp() {
  window.localStorage.setItem('access_token', 'access-1');
  window.localStorage.setItem('refresh_token', 'refresh-1');
  window.localStorage.setItem('token_id', 'token-1');
  authStore.syncFromStorage();
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/session') return jsonResponse(200, session);
    if (url.startsWith('/api/search?')) {
      return jsonResponse(200, {
        data: {
          tickets: [
            { id: 252, subject: 'Acme printer offline', company: { id: 4, name: 'Acme Corp' }, status: 'Open' },
          ],
          devices: [],
          companies: [{ id: 4, name: 'Acme Corp' }],
          accounts: [{ id: 12, name: 'Carl Acme', email: 'carl@acme.test', company: { id: 4, name: 'Acme Corp' } }],
          employees: [],
          articles: [],
        },
      });
    }
    if (url === '/api/notifications') return jsonResponse(200, { data: [] });
    if (url === '/api/misc/timeclock') return jsonResponse(200, { data: { status: 5, start_time: null } });
    if (url === '/api/misc/staticdata') return jsonResponse(200, { data: {} });
    return jsonResponse(404, { message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const searchCalls = (fetchMock: ReturnType<typeof setUp>) =>
  (fetchMock.mock.calls as unknown as [string][]).map(([url]) => url).filter((url) => url.startsWith('/api/search'));

describe('global search (issue 4 part 5)', () => {
  it(
    "'/' opens the box; 2 characters or more search, grouped by kind, and a result opens its page",
    { timeout: 15_000 },
    async () => {
      // The search waits 250 ms after the last key: the test moves the clock past it instead of sleeping.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
      onTestFinished(() => {
        vi.useRealTimers();
      });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const fetchMock = setUp();
      const { router } = renderApp('/dashboard');
      await screen.findByRole('button', { name: 'Search' });

      await user.keyboard('/');
      const box = await screen.findByRole('combobox', {
        name: 'Search tickets, companies, accounts, devices and employees',
      });
      await waitFor(() => expect(document.activeElement).toBe(box));

      await user.type(box, 'a');
      expect(await screen.findByText(/Type at least 2 characters/)).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(300));
      // Sentinel: 'acme' is searched below; a search for 'a', its debounce run out, would have come before it.
      await user.type(box, 'cme');
      const results = await screen.findByRole('listbox', { name: 'Search results' });
      await within(results).findByRole('group', { name: 'Companies' });
      expect(
        within(results)
          .getAllByRole('group')
          .map((group) => group.getAttribute('aria-label')),
      ).toEqual(['Tickets', 'Companies', 'Accounts']);
      // Debounced: one call for the finished word, not one per key, and none for 'a'.
      expect(searchCalls(fetchMock)).toEqual(['/api/search?q=acme']);

      await user.click(within(results).getByRole('option', { name: /Carl Acme/ }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/edit/12'));
    },
  );

  it("does not take '/' away from a field being typed in", async () => {
    setUp();
    renderApp('/dashboard');
    await screen.findByRole('button', { name: 'Search' });
    const field = document.createElement('input');
    document.body.appendChild(field);
    field.focus();
    await userEvent.keyboard('/');
    expect(field.value).toBe('/');
    expect(
      screen.queryByRole('combobox', { name: 'Search tickets, companies, accounts, devices and employees' }),
    ).toBeNull();
    field.remove();
  });

  it('Enter opens the first result', { timeout: 15_000 }, async () => {
    setUp();
    const { router } = renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Search' }));
    const box = await screen.findByRole('combobox', {
      name: 'Search tickets, companies, accounts, devices and employees',
    });
    await userEvent.type(box, 'acme');
    await screen.findByRole('option', { name: /#252 Acme printer offline/ });
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ticket/252'));
  });

  it('Escape clears the query, and closes the box when it is empty', { timeout: 15_000 }, async () => {
    setUp();
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Search' }));
    const box = await screen.findByRole<HTMLInputElement>('combobox', {
      name: 'Search tickets, companies, accounts, devices and employees',
    });
    await userEvent.type(box, 'acme');
    await screen.findByRole('option', { name: 'Acme Corp' });
    await userEvent.keyboard('{Escape}');
    expect(box.value).toBe('');
    expect(screen.queryByRole('option')).toBeNull();
    expect(screen.getByRole('combobox')).toBe(box);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull());
  });
});
