import { defaultUserSettings, type OutboxListItem, type OutboxMessage } from '@switchboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { stubApi } from '../../test/api-stub.ts';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { renderApp } from '../../test/render.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

const agentSettings = {
  has_settings: false,
  phone_number: null,
  username: null,
  callback_number: null,
  connection_id: null,
};
const session = (role: 'admin' | 'user') => ({
  data: {
    user: { id: 1, type: 'Employee', role, name: 'Ada Admin', shortname: 'AA', email: 'ada@example.com', photo: null },
    permissions: ['view dashboard'],
    notifications: [],
    agent_settings: agentSettings,
    token_id: 'token-1',
    shadowing: false,
  },
});

function signIn() {
  authStore.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1', token_id: 'token-1', expires_in: 900 });
}

const refused: OutboxListItem = {
  id: 7,
  to: 'ada@example.com',
  cc: null,
  subject: 'Reset Password Notification',
  error: 'connect ECONNREFUSED 127.0.0.1:2525',
  created_at: '2026-01-02T10:00:00.000Z',
};
const held: OutboxListItem = {
  id: 6,
  to: 'sam@example.com',
  cc: 'boss@example.com',
  subject: 'Welcome',
  error: null,
  created_at: '2026-01-01T10:00:00.000Z',
};

const page = (
  data: OutboxListItem[],
  extra: Partial<{
    total: number;
    current_page: number;
    last_page: number;
    from: number | null;
    to: number | null;
  }> = {},
) => ({
  data,
  total: data.length,
  current_page: 1,
  per_page: 50,
  from: data.length ? 1 : null,
  to: data.length ? data.length : null,
  last_page: 1,
  ...extra,
});

const refusedMessage: OutboxMessage = {
  ...refused,
  text: 'Hello Ada,\n\nReset your password: http://localhost/reset-password/abc123',
  html: '<p>Hello Ada,</p><p><a href="http://localhost/reset-password/abc123">Reset Password</a></p>',
  attachment_names: [],
};

function stubAdminApi(role: 'admin' | 'user', routes: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/session': [200, session(role)],
    'GET /api/misc/staticdata': [200, { data: {} }],
    'GET /api/notifications': [200, { data: [] }],
    'GET /api/admin/outbox': [200, page([refused, held])],
    ...routes,
  });
}

describe('admin outbox list (/admin/outbox, issue 3 part 3)', { timeout: 20_000 }, () => {
  it('lists To, Subject, Status and Created, newest first as the server answers', async () => {
    signIn();
    const api = stubAdminApi('admin');
    renderApp('/admin/outbox');
    const table = await screen.findByRole('table', { name: 'Outbox' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['To', 'Subject', 'Status', 'Created']);
    await within(table).findByText('Reset Password Notification');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-message-id'))).toEqual(['7', '6']);
    expect(within(rows[0]).getByText('ada@example.com')).toBeTruthy();
    // Created is the shared relative time, with the exact time in its datetime attribute.
    expect(rows[0].querySelector('time')?.getAttribute('datetime')).toBe('2026-01-02T10:00:00.000Z');
    expect(api.callsTo('GET', '/api/admin/outbox').map((call) => call.url)).toEqual([
      '/api/admin/outbox?page=1&per_page=50',
    ]);
  });

  it("shows 'Not sent' with the delivery error as its tooltip, and 'Held (no SMTP server)' without an error", async () => {
    signIn();
    stubAdminApi('admin');
    renderApp('/admin/outbox');
    const table = await screen.findByRole('table', { name: 'Outbox' });
    await within(table).findByText('Welcome');
    const [refusedRow, heldRow] = within(table).getAllByRole('row').slice(1);
    expect(within(heldRow).getByText('Held (no SMTP server)')).toBeTruthy();
    expect(within(heldRow).queryByText('Not sent')).toBeNull();
    const badge = within(refusedRow).getByText('Not sent');
    expect(screen.queryByText('connect ECONNREFUSED 127.0.0.1:2525')).toBeNull();
    await userEvent.hover(badge);
    expect((await screen.findByRole('tooltip')).textContent).toBe('connect ECONNREFUSED 127.0.0.1:2525');
  });

  it("shows the empty state 'No messages'", async () => {
    signIn();
    stubAdminApi('admin', { 'GET /api/admin/outbox': [200, page([])] });
    renderApp('/admin/outbox');
    const table = await screen.findByRole('table', { name: 'Outbox' });
    expect(await within(table).findByText('No messages')).toBeTruthy();
  });

  it('pages with the shared pagination widget and keeps the page in the address', async () => {
    signIn();
    const api = stubAdminApi('admin', {
      'GET /api/admin/outbox': (call) => {
        const current = Number(new URL(call.url, 'http://x').searchParams.get('page'));
        return [
          200,
          page(current === 2 ? [held] : [refused], {
            total: 120,
            current_page: current,
            last_page: 3,
            from: current * 50 - 49,
            to: current * 50,
          }),
        ];
      },
    });
    const { router } = renderApp('/admin/outbox');
    await screen.findByText('Reset Password Notification');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Welcome')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    expect(api.callsTo('GET', '/api/admin/outbox').map((call) => call.url)).toContain(
      '/api/admin/outbox?page=2&per_page=50',
    );
  });

  it('opens a message from its row', async () => {
    signIn();
    stubAdminApi('admin', {
      'GET /api/admin/outbox/6': [200, { data: { ...held, text: 'Hi Sam', html: null, attachment_names: [] } }],
    });
    const { router } = renderApp('/admin/outbox');
    const cell = await screen.findByText('sam@example.com');
    await userEvent.click(cell);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/outbox/6'));
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
  });

  it('is not found for anyone but administrators, and the list is never asked for', async () => {
    signIn();
    const api = stubAdminApi('user');
    renderApp('/admin/outbox');
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(api.callsTo('GET', '/api/admin/outbox')).toHaveLength(0);
  });
});

describe('admin outbox message (/admin/outbox/{id})', { timeout: 20_000 }, () => {
  it('shows To, Cc, Subject, the attachments’ names, Created and the error, and the HTML in a sandboxed frame with a plain-text tab', async () => {
    signIn();
    const api = stubAdminApi('admin', {
      'GET /api/admin/outbox/7': [
        200,
        { data: { ...refusedMessage, cc: 'boss@example.com', attachment_names: ['invoice.pdf', 'notes.txt'] } },
      ],
    });
    renderApp('/admin/outbox/7');
    expect(await screen.findByRole('heading', { name: 'Reset Password Notification' })).toBeTruthy();
    const details = screen.getByRole('table', { name: 'Message details' });
    const value = (label: string) =>
      within(details).getByRole('rowheader', { name: label }).closest('tr')?.querySelector('td')?.textContent;
    expect(value('To')).toBe('ada@example.com');
    expect(value('Cc')).toBe('boss@example.com');
    expect(value('Subject')).toBe('Reset Password Notification');
    expect(value('Attachments')).toBe('invoice.pdf, notes.txt');
    expect(
      within(details)
        .getByRole('rowheader', { name: 'Created' })
        .closest('tr')
        ?.querySelector('time')
        ?.getAttribute('datetime'),
    ).toBe('2026-01-02T10:00:00.000Z');
    expect(screen.getByTestId('outbox-error').textContent).toBe('connect ECONNREFUSED 127.0.0.1:2525');
    expect(screen.getAllByText('Not sent').length).toBeGreaterThan(0);

    const frame = screen.getByTitle('HTML body of Reset Password Notification');
    expect(frame.tagName).toBe('IFRAME');
    // Every sandbox restriction: no scripts, an opaque origin, no forms, no popups.
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain(
      '<a href="http://localhost/reset-password/abc123">Reset Password</a>',
    );
    expect(frame.getAttribute('srcdoc')).toContain('Content-Security-Policy');

    await userEvent.click(screen.getByRole('tab', { name: 'Plain text' }));
    expect((await screen.findByTestId('outbox-text-body')).textContent).toBe(refusedMessage.text);
    expect(screen.queryByTitle('HTML body of Reset Password Notification')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Outbox' }).getAttribute('href')).toBe('/admin/outbox');
    expect(api.callsTo('GET', '/api/admin/outbox/7')).toHaveLength(1);
  });

  it("shows 'Held (no SMTP server)', no error, and only the plain text when there is no HTML part", async () => {
    signIn();
    stubAdminApi('admin', {
      'GET /api/admin/outbox/6': [200, { data: { ...held, text: 'Hi Sam', html: null, attachment_names: [] } }],
    });
    renderApp('/admin/outbox/6');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(screen.getByText('Held (no SMTP server)')).toBeTruthy();
    expect(screen.queryByTestId('outbox-error')).toBeNull();
    expect(screen.queryByRole('tab', { name: 'HTML' })).toBeNull();
    expect(screen.queryByTitle(/HTML body/)).toBeNull();
    expect(screen.getByTestId('outbox-text-body').textContent).toBe('Hi Sam');
  });

  it('goes back to the page of the list it was opened from', async () => {
    signIn();
    stubAdminApi('admin', {
      'GET /api/admin/outbox': (call) => {
        const current = Number(new URL(call.url, 'http://x').searchParams.get('page'));
        return [
          200,
          page(current === 2 ? [held] : [refused], {
            total: 120,
            current_page: current,
            last_page: 3,
            from: 1,
            to: 50,
          }),
        ];
      },
      'GET /api/admin/outbox/6': [200, { data: { ...held, text: 'Hi Sam', html: null, attachment_names: [] } }],
    });
    const { router } = renderApp('/admin/outbox?page=2');
    await userEvent.click(await screen.findByRole('link', { name: 'Welcome' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Back to Outbox' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/outbox'));
    expect(router.state.location.search).toBe('?page=2');
  });

  it('shows the not-found screen when the server answers 404', async () => {
    signIn();
    stubAdminApi('admin', { 'GET /api/admin/outbox/99': [404, { message: 'Not found.' }] });
    renderApp('/admin/outbox/99');
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });

  it('treats a non-numeric id as an unknown path', async () => {
    signIn();
    const api = stubAdminApi('admin');
    renderApp('/admin/outbox/abc');
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(api.calls.filter((call) => call.url.startsWith('/api/admin/outbox'))).toHaveLength(0);
  });

  it('is not found for anyone but administrators', async () => {
    signIn();
    const api = stubAdminApi('user');
    renderApp('/admin/outbox/7');
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(api.calls.filter((call) => call.url.startsWith('/api/admin/outbox'))).toHaveLength(0);
  });
});

describe('Settings (/admin, spec 1 §2.5)', { timeout: 20_000 }, () => {
  it('lists the admin pages to administrators, and Outbox leads to the outbox', async () => {
    signIn();
    stubAdminApi('admin');
    const { router } = renderApp('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Admin pages' });
    expect(within(nav).getByRole('link', { name: 'Users' }).getAttribute('href')).toBe('/users');
    expect(within(nav).getByRole('link', { name: 'Outbox' }).getAttribute('href')).toBe('/admin/outbox');
    expect(screen.queryByText('Settings is not available yet.')).toBeNull();
    await userEvent.click(within(nav).getByRole('link', { name: 'Outbox' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/outbox'));
    expect(await screen.findByRole('table', { name: 'Outbox' })).toBeTruthy();
  });

  it('gives an employee who is not an administrator their own settings, never a page that leads nowhere (issue 26 §2.9)', async () => {
    signIn();
    stubAdminApi('user', { 'GET /api/profile/settings': [200, { data: defaultUserSettings }] });
    const { router } = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
    const nav = await screen.findByRole('navigation', { name: 'Your settings' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')]),
    ).toEqual([
      ['My Settings', '/profile'],
      ['Two-Factor', '/profile/twofactor'],
      ['Sessions', '/profile/sessions'],
    ]);
    expect(screen.queryByText('Settings is not available yet.')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Admin pages' })).toBeNull();
    // My Settings opens the display settings spec 1 §3.2 describes.
    await userEvent.click(within(nav).getByRole('link', { name: 'My Settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeTruthy();
    expect(await screen.findByText('Dark Mode')).toBeTruthy();
  });

  it('gives administrators their own settings beside the admin pages', async () => {
    signIn();
    stubAdminApi('admin');
    renderApp('/admin');
    const own = await screen.findByRole('navigation', { name: 'Your settings' });
    expect(within(own).getByRole('link', { name: 'My Settings' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('navigation', { name: 'Admin pages' })).toBeTruthy();
  });

  it("keeps the 'not available yet' page for admin views that do not exist yet", async () => {
    signIn();
    stubAdminApi('admin');
    renderApp('/admin/settings/1');
    expect(await screen.findByText('Settings is not available yet.')).toBeTruthy();
  });
});
