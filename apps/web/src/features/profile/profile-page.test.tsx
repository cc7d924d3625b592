import { defaultUserSettings } from '@switchboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
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
const agentSettings = {
  has_settings: false,
  phone_number: null,
  username: null,
  callback_number: null,
  connection_id: null,
};
const session = {
  data: {
    user: admin,
    permissions: ['view dashboard', 'view crm'],
    notifications: [],
    agent_settings: agentSettings,
    token_id: 'token-1',
    shadowing: false,
  },
};

function signIn() {
  authStore.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1', token_id: 'token-1', expires_in: 900 });
}

function sessionRow(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    browser: 'Chrome 140',
    os: 'Linux',
    user_agent: 'Mozilla/5.0',
    ip_address: '10.0.0.1',
    city: null,
    state: null,
    created_at: '2026-01-02T10:00:00.000Z',
    last_activity: '2026-01-02T11:00:00.000Z',
    expires_at: '2026-02-01T10:00:00.000Z',
    revoked: false,
    status: 'active',
    current: false,
    code: null,
    ...extra,
  };
}

const page = (data: unknown[], current = 1, last = 1) => ({
  data,
  total: data.length,
  current_page: current,
  per_page: 50,
  from: 1,
  to: data.length,
  last_page: last,
});

describe('profile (spec 1 §2.1 /profile/{view?}, §3.2, §7.3)', { timeout: 20_000 }, () => {
  it("saves the settings and shows the server's 'Settings Updated'", async () => {
    signIn();
    const api = stubApi({
      'GET /api/session': [200, session],
      'GET /api/misc/staticdata': [200, { data: {} }],
      'GET /api/profile/settings': [200, { data: defaultUserSettings }],
      'PUT /api/profile/settings': (call) => [
        200,
        { message: 'Settings Updated', data: { ...defaultUserSettings, ...(call.body as object) } },
      ],
    });
    renderApp('/profile');
    const darkMode = await screen.findByRole('switch', { name: /Dark Mode/ });
    await waitFor(() => expect((screen.getByLabelText('Ticket Subject Length') as HTMLInputElement).value).toBe('60'));
    await userEvent.click(darkMode);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Settings Updated')).toBeTruthy();
    const body = api.callsTo('PUT', '/api/profile/settings')[0].body as Record<string, unknown>;
    expect(body.dark_mode).toBe(true);
    expect(body.ticket_subject_length).toBe(60);
    expect(body.default_login_url).toBe('/dashboard');
    expect(authStore.getState().user?.settings?.dark_mode).toBe(true);
  });

  it('enables two-factor: QR code and secret once, confirmed with a code; then it reads Enabled', async () => {
    signIn();
    const api = stubApi({
      'GET /api/session': [200, session],
      'GET /api/misc/staticdata': [200, { data: {} }],
      'GET /api/profile/twofactor': [200, { data: { enabled: false } }],
      'POST /api/profile/twofactor/setup': [
        200,
        {
          data: {
            secret: 'JBSWY3DPEHPK3PXP',
            otpauth_url: 'otpauth://totp/x',
            qr_data_url: 'data:image/png;base64,AAAA',
          },
        },
      ],
      'POST /api/profile/twofactor/confirm': [
        422,
        { message: 'Error validating code.', errors: { code: ['Error validating code.'] } },
      ],
    });
    renderApp('/crm/profile/twofactor');
    expect((await screen.findByTestId('twofactor-status')).textContent).toBe('Disabled');
    await userEvent.click(screen.getByRole('button', { name: 'Enable Two-Factor' }));

    expect((await screen.findByRole('img', { name: 'QR code of the two-factor secret' })).getAttribute('src')).toBe(
      'data:image/png;base64,AAAA',
    );
    expect(screen.getByTestId('twofactor-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
    await userEvent.click(screen.getByLabelText('Digit 1 of 6'));
    await userEvent.keyboard('000000');
    await userEvent.type(screen.getByLabelText(/^Current Password/), 'my-password');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Error validating code.');

    api.routes['POST /api/profile/twofactor/confirm'] = [200, { message: 'Two-factor authentication enabled.' }];
    await userEvent.click(screen.getByLabelText('Digit 1 of 6'));
    await userEvent.keyboard('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('twofactor-status').textContent).toBe('Enabled'));
    expect(api.callsTo('POST', '/api/profile/twofactor/confirm').at(-1)?.body).toEqual({
      code: '123456',
      current_password: 'my-password',
    });
    expect(screen.queryByTestId('twofactor-secret')).toBeNull();
    expect(screen.getByRole('button', { name: 'Disable Two-Factor' })).toBeTruthy();
  });

  it("disables two-factor with the password; a wrong one shows 'Invalid password.'", async () => {
    signIn();
    const api = stubApi({
      'GET /api/session': [200, session],
      'GET /api/misc/staticdata': [200, { data: {} }],
      'GET /api/profile/twofactor': [200, { data: { enabled: true } }],
      'POST /api/profile/twofactor/disable': [
        422,
        { message: 'The given data was invalid.', errors: { password: ['Invalid password.'] } },
      ],
    });
    renderApp('/profile/twofactor');
    await userEvent.type(await screen.findByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Disable Two-Factor' }));
    expect(await screen.findByText('Invalid password.')).toBeTruthy();

    api.routes['POST /api/profile/twofactor/disable'] = [200, { message: 'Two-factor authentication disabled.' }];
    await userEvent.type(screen.getByLabelText('Password'), 'right');
    await userEvent.click(screen.getByRole('button', { name: 'Disable Two-Factor' }));
    await waitFor(() => expect(screen.getByTestId('twofactor-status').textContent).toBe('Disabled'));
  });

  it('shows the city and state of a session under its address, with the DB-IP credit only when one is shown', async () => {
    signIn();
    const rows = [sessionRow('s-far', { ip_address: '81.2.69.160', city: 'London', state: 'England' })];
    stubApi({
      'GET /api/session': [200, session],
      'GET /api/misc/staticdata': [200, { data: {} }],
      'GET /api/profile/sessions': [200, page(rows)],
    });
    renderApp('/profile/sessions');
    const table = await screen.findByRole('table', { name: 'Sessions' });
    expect(await within(table).findByText('London, England')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'IP Geolocation by DB-IP' }).getAttribute('href')).toBe(
      'https://db-ip.com',
    );
  });

  it("lists sessions with 'This device' and the shadow code's creator, revokes and reloads, and pages with 3 links", async () => {
    signIn();
    const rows = [
      sessionRow('s-current', { current: true }),
      sessionRow('s-other', { browser: 'Firefox 130', os: 'Windows 11' }),
      sessionRow('s-shadow', {
        code: { expires_at: '2026-01-02T10:30:00.000Z', creator: { id: 9, name: 'Sam Super', shortname: 'SS' } },
      }),
      sessionRow('s-old', { status: 'revoked', revoked: true }),
    ];
    const api = stubApi({
      'GET /api/session': [200, session],
      'GET /api/misc/staticdata': [200, { data: {} }],
      'GET /api/profile/sessions': (call) => {
        const pageNumber = Number(new URL(call.url, 'http://x').searchParams.get('page'));
        return [200, page(rows, pageNumber, 5)];
      },
      'POST /api/profile/sessions/s-other': [200, { message: 'Session revoked.' }],
      'POST /api/profile/sessions/all': [200, { message: 'Sessions revoked.' }],
    });
    renderApp('/profile/sessions');
    const table = await screen.findByRole('table', { name: 'Sessions' });
    for (const header of ['Browser', 'OS', 'IP Address', 'Created', 'Last Activity', 'Expires', 'Status']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeTruthy();
    }
    const current = await within(table).findByText('This device');
    expect(current.closest('tr')?.getAttribute('data-session-id')).toBe('s-current');
    expect(within(table).getByText('Shadow: SS')).toBeTruthy();
    expect(within(table).getByText('Revoked')).toBeTruthy();
    expect(within(table).getAllByText(/^01\/0[12]\/2026 \d\d:\d\d [AP]M$/).length).toBeGreaterThan(0);

    const before = api.callsTo('GET', '/api/profile/sessions').length;
    await userEvent.click(screen.getByRole('button', { name: 'Revoke the Firefox 130 session on Windows 11' }));
    expect(await screen.findByText('Session revoked.')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', '/api/profile/sessions').length).toBeGreaterThan(before));

    await userEvent.click(screen.getByRole('button', { name: 'Revoke All' }));
    expect(await screen.findByText('Sessions revoked.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/profile/sessions/all')[0].body).toEqual({});

    const pages = screen.getByRole('navigation', { name: 'Pagination' });
    expect(
      within(pages)
        .getAllByRole('button', { name: /^Page \d$/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3']);
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await waitFor(() =>
      expect(
        within(pages)
          .getAllByRole('button', { name: /^Page \d$/ })
          .map((b) => b.textContent),
      ).toEqual(['2', '3', '4']),
    );
    expect(api.callsTo('GET', '/api/profile/sessions').some((call) => call.url.includes('page=3'))).toBe(true);
  });

  it('an unknown view goes back to the settings view', async () => {
    signIn();
    stubApi({
      'GET /api/session': [200, session],
      'GET /api/misc/staticdata': [200, { data: {} }],
      'GET /api/profile/settings': [200, { data: defaultUserSettings }],
    });
    const { router } = renderApp('/profile/nonsense');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(await screen.findByRole('tab', { name: 'Settings', selected: true })).toBeTruthy();
  });

  it('links an employee to their HR self-service page, /profile/hr', async () => {
    signIn();
    stubApi({
      'GET /api/session': [200, session],
      'GET /api/misc/staticdata': [200, { data: {} }],
      'GET /api/profile/settings': [200, { data: defaultUserSettings }],
    });
    renderApp('/profile');
    expect((await screen.findByRole('link', { name: 'My HR' })).getAttribute('href')).toBe('/profile/hr');
  });
});
