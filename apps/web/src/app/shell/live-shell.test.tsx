import { defaultUserSettings, type Notification, type SessionResponse } from '@switchboard/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTopBarNotices } from '../../components/top-bar-notices.tsx';
import { authStore } from '../../lib/auth-store.ts';
import { fakeSocketModule, latestSocket } from '../../test/fake-socket.ts';
import { jsonResponse, renderApp } from '../../test/render.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

const session = (notifications: Notification[] = []): SessionResponse => ({
  data: {
    user: {
      id: 7,
      type: 'Employee',
      role: 'user',
      name: 'Eve Tech',
      shortname: 'Eve',
      email: 'eve@example.com',
      photo: null,
      avatar: null,
      created_at: '2026-01-05T09:00:00.000Z',
      email_verified_at: null,
      employee: null,
      settings: defaultUserSettings,
    },
    permissions: ['view dashboard', 'view calendar'],
    notifications,
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

const assigned: Notification = {
  id: 31,
  type: 'Assigned Ticket',
  number_details: '42',
  read_at: null,
  created_at: new Date().toISOString(),
};

function signedIn(): void {
  window.localStorage.setItem('access_token', 'access-1');
  window.localStorage.setItem('refresh_token', 'refresh-1');
  window.localStorage.setItem('token_id', 'token-1');
  authStore.syncFromStorage();
}

function stubApi(options: { notifications?: Notification[] } = {}) {
  const list = options.notifications ?? [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/session') return jsonResponse(200, session(list));
    if (url === '/api/misc/staticdata') return jsonResponse(200, { data: {} });
    if (url === '/api/notifications') return jsonResponse(200, { data: list });
    if (url === '/api/notifications/read') return jsonResponse(200, { message: 'Notifications marked read.' });
    if (url === '/api/misc/timeclock')
      return jsonResponse(200, { data: { status: 1, start_time: new Date(Date.now() - 65_000).toISOString() } });
    if (url === '/api/misc/timeclock/update') {
      const { stat } = JSON.parse(String(init?.body)) as { stat: number };
      return jsonResponse(200, {
        message: 'Status Updated',
        data: { status: stat, start_time: new Date().toISOString() },
      });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function calls(fetchMock: ReturnType<typeof stubApi>, url: string) {
  return (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][]).filter(([called]) => called === url);
}

const sidebar = () => screen.getByRole('navigation', { name: 'Main navigation' });

afterEach(() => {
  clearTopBarNotices();
  document.documentElement.removeAttribute('style');
});

describe('live shell: the private channel (spec 1 §2.4, §6, §7.8)', () => {
  it("'PermissionsUpdated' updates the sidebar without a reload and shows the 'Permissions Updated' notice", async () => {
    signedIn();
    stubApi();
    renderApp('/dashboard');
    expect(
      await within(await screen.findByRole('navigation', { name: 'Main navigation' })).findByRole('link', {
        name: 'Calendar',
      }),
    ).toBeTruthy();
    await waitFor(() => expect(latestSocket().subscriptions()).toContain('user.7'));
    expect(latestSocket().handshakeTokens).toEqual(['access-1']);

    act(() => latestSocket().serverEmit('user.7', 'PermissionsUpdated', { permissions: ['view dashboard'] }));

    await waitFor(() => expect(within(sidebar()).queryByRole('link', { name: 'Calendar' })).toBeNull());
    expect(within(screen.getByRole('status', { name: 'Notices' })).getByText('Permissions Updated')).toBeTruthy();
    expect(authStore.getState().permissions).toEqual(['view dashboard']);
  });

  it("'AgentSettingsUpdated' puts the saved agent settings on the session", async () => {
    signedIn();
    stubApi();
    renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(latestSocket().subscriptions()).toContain('user.7'));
    const agentSettings = {
      has_settings: true,
      phone_number: '+15125550100',
      username: null,
      callback_number: '(512) 555-0123',
      connection_id: null,
    };

    act(() => latestSocket().serverEmit('user.7', 'AgentSettingsUpdated', { agent_settings: agentSettings }));

    await waitFor(() => expect(authStore.getState().agentSettings).toEqual(agentSettings));
    expect(authStore.getState().user?.name).toBe('Eve Tech');
  });

  it("'SettingsUpdated' applies dark mode and the font size at once and shows 'Settings Updated'", async () => {
    signedIn();
    stubApi();
    renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    // font_size 100 → a 0.8rem root (spec 1 §3.2).
    await waitFor(() => expect(document.documentElement.style.fontSize).toBe('0.8rem'));
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');

    act(() =>
      latestSocket().serverEmit('user.7', 'SettingsUpdated', {
        settings: { ...defaultUserSettings, dark_mode: true, font_size: 125 },
      }),
    );

    await waitFor(() => expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark'));
    expect(document.documentElement.style.fontSize).toBe('1rem');
    expect(authStore.getState().user?.settings?.font_size).toBe(125);
    expect(within(screen.getByRole('status', { name: 'Notices' })).getByText('Settings Updated')).toBeTruthy();
  });

  it('colours highlighted table rows with the highlight_color setting, live', async () => {
    signedIn();
    stubApi();
    renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    const highlight = () => document.documentElement.style.getPropertyValue('--table-highlight-on-hover-color');
    await waitFor(() => expect(highlight()).toBe('#fff3bf'));

    act(() =>
      latestSocket().serverEmit('user.7', 'SettingsUpdated', {
        settings: { ...defaultUserSettings, highlight_color: '#d0ebff' },
      }),
    );

    await waitFor(() => expect(highlight()).toBe('#d0ebff'));
    act(() => authStore.clear());
    await waitFor(() => expect(highlight()).toBe(''));
  });

  it('signing out leaves dark mode and the font size behind', async () => {
    signedIn();
    stubApi();
    renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(latestSocket().subscriptions()).toContain('user.7'));
    act(() =>
      latestSocket().serverEmit('user.7', 'SettingsUpdated', {
        settings: { ...defaultUserSettings, dark_mode: true, font_size: 150 },
      }),
    );
    await waitFor(() => expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark'));

    act(() => authStore.clear());

    await waitFor(() => expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light'));
    expect(document.documentElement.style.fontSize).toBe('');
    expect(latestSocket().connected).toBe(false);
  });

  it("'SettingsUpdated' with expand_sidebar false collapses the sidebar", async () => {
    signedIn();
    stubApi();
    renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(document.body.classList.contains('sidebar-collapsed')).toBe(false));

    act(() =>
      latestSocket().serverEmit('user.7', 'SettingsUpdated', {
        settings: { ...defaultUserSettings, expand_sidebar: false },
      }),
    );

    await waitFor(() => expect(document.body.classList.contains('sidebar-collapsed')).toBe(true));
  });
});

describe('notifications bell (spec 1 §2.4, §3.5, §7.2)', () => {
  it("shows 'No Notifications' when there are none", async () => {
    signedIn();
    stubApi();
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No Notifications')).toBeTruthy();
  });

  it('marks the entries read on opening, and an Assigned Ticket entry links to /ticket/{number_details}', async () => {
    signedIn();
    const fetchMock = stubApi({ notifications: [assigned] });
    renderApp('/dashboard');
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(within(bell).getByText('1')).toBeTruthy());

    await userEvent.click(bell);

    const item = await screen.findByRole('menuitem', { name: /Ticket #42 was assigned to you/ });
    expect(item.getAttribute('href')).toBe('/ticket/42');
    await waitFor(() => expect(calls(fetchMock, '/api/notifications/read')).toHaveLength(1));
    const [, init] = calls(fetchMock, '/api/notifications/read')[0];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ notifications: [31] });
    await waitFor(() => expect(within(bell).queryByText('1')).toBeNull());
  });

  it("adds a 'NotificationCreated' entry to the bell, keeping at most 6 new ones", async () => {
    signedIn();
    stubApi();
    renderApp('/dashboard');
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(latestSocket().subscriptions()).toContain('user.7'));

    act(() => {
      for (let id = 1; id <= 8; id += 1) {
        latestSocket().serverEmit('user.7', 'NotificationCreated', {
          ...assigned,
          id,
          number_details: String(100 + id),
        });
      }
    });

    await waitFor(() => expect(within(bell).getByText('6')).toBeTruthy());
    await userEvent.click(bell);
    const items = await screen.findAllByRole('menuitem');
    expect(items).toHaveLength(6);
    // Newest first: 108 down to 103.
    expect(items[0].getAttribute('href')).toBe('/ticket/108');
    expect(items[5].getAttribute('href')).toBe('/ticket/103');
  });
});

describe('timeclock status (spec 1 §2.4, §3.5)', () => {
  it('shows the status with the time since it began, and changes it through the menu', async () => {
    signedIn();
    const fetchMock = stubApi();
    renderApp('/dashboard');
    const status = await screen.findByRole('button', { name: 'Status' });
    await waitFor(() => expect(within(status).getByText('Checked In')).toBeTruthy());
    expect(within(status).getByTestId('timeclock-elapsed').textContent).toMatch(/^0:01:0\d$/);

    await userEvent.click(status);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Lunch' }));

    await waitFor(() => expect(within(status).getByText('Lunch')).toBeTruthy());
    const [, init] = calls(fetchMock, '/api/misc/timeclock/update')[0];
    expect(JSON.parse(String(init?.body))).toEqual({ stat: 3 });
    expect(await screen.findByText('Status Updated')).toBeTruthy();
  });

  it("follows 'StatusUpdated' from the user's other tabs", async () => {
    signedIn();
    stubApi();
    renderApp('/dashboard');
    const status = await screen.findByRole('button', { name: 'Status' });
    await waitFor(() => expect(within(status).getByText('Checked In')).toBeTruthy());

    act(() =>
      latestSocket().serverEmit('user.7', 'StatusUpdated', { status: 4, start_time: new Date().toISOString() }),
    );

    await waitFor(() => expect(within(status).getByText('Traveling')).toBeTruthy());
  });

  it("'RegionUpdated', 'CampaignUpdated' and 'VoicemailUpdated' on the store channel read the static data again", async () => {
    signedIn();
    const fetchMock = stubApi();
    renderApp('/dashboard');
    await waitFor(() => expect(latestSocket().subscriptions()).toContain('store'));
    await waitFor(() => expect(calls(fetchMock, '/api/misc/staticdata').length).toBeGreaterThan(0));
    for (const event of ['RegionUpdated', 'CampaignUpdated', 'VoicemailUpdated']) {
      const before = calls(fetchMock, '/api/misc/staticdata').length;
      act(() => latestSocket().serverEmit('store', event, { id: 1 }));
      await waitFor(() => expect(calls(fetchMock, '/api/misc/staticdata').length).toBe(before + 1));
    }
  });
});
