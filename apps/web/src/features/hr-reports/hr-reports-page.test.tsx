import type { SessionResponse } from '@switchboard/shared';
import type { HrReport } from '@switchboard/shared/hr/reports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse, renderApp } from '../../test/render.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

afterEach(() => {
  vi.unstubAllGlobals();
});

const session: SessionResponse = {
  data: {
    user: {
      id: 1,
      type: 'Employee',
      role: 'user',
      name: 'Hana HR',
      shortname: 'Hana',
      email: 'hana@example.com',
      photo: null,
      avatar: null,
      created_at: '2026-01-05T09:00:00.000Z',
      email_verified_at: null,
      employee: null,
    },
    permissions: ['view hr reports'],
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

const ptoReport = (from: string, to: string): HrReport => ({
  report: 'pto',
  from,
  to,
  columns: [
    { key: 'name', label: 'Employee', kind: 'text' },
    { key: 'lump_sum_balance', label: 'Lump Sum balance', kind: 'number' },
  ],
  rows: [{ name: 'Beth Worker', lump_sum_balance: 28 }],
  totals: { name: 'Total', lump_sum_balance: 28 },
  chart: null,
});

function stubApi() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/session') return jsonResponse(200, session);
    const match = /^\/api\/hr\/reports\/(\w+)\/([^/?]+)\/([^/?]+)/.exec(url);
    if (match?.[1] === 'pto') return jsonResponse(200, { data: ptoReport(match[2]!, match[3]!) });
    if (match?.[1] === 'headcount') {
      return jsonResponse(422, {
        message: 'The given data was invalid.',
        errors: { to: ['A report covers at most 5 years.'] },
      });
    }
    if (url === '/api/notifications') return jsonResponse(200, { data: [] });
    if (url === '/api/misc/timeclock') return jsonResponse(200, { data: { status: 5, start_time: null } });
    return jsonResponse(200, { data: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const reportCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  (fetchMock.mock.calls as unknown as [string][])
    .map(([url]) => url)
    .filter((url) => url.startsWith('/api/hr/reports'));

describe('HR reports page (designs/hr.md §7)', () => {
  it('draws the table with its totals row, keeps filters in the address and shows the server message', async () => {
    window.localStorage.setItem('access_token', 'access-1');
    window.localStorage.setItem('refresh_token', 'refresh-1');
    window.localStorage.setItem('token_id', 'token-1');
    authStore.syncFromStorage();
    const fetchMock = stubApi();
    const { router } = renderApp('/hr/reports/pto/2026-01-01/2026-06-30?enabled=all');
    // The page brings the charts with it: its chunk takes a moment to load.
    const table = await screen.findByRole('table', { name: 'PTO report' }, { timeout: 30_000 });
    expect(await within(table).findByText('Beth Worker', {}, { timeout: 30_000 })).toBeTruthy();
    expect(within(table).getByText('Total')).toBeTruthy();
    expect(within(table).getAllByText('28')).toHaveLength(2);
    expect(reportCalls(fetchMock)).toContain('/api/hr/reports/pto/2026-01-01/2026-06-30?enabled=all');

    await userEvent.click(screen.getByRole('combobox', { name: 'Report' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Headcount' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/hr/reports/headcount/2026-01-01/2026-06-30'));
    expect(router.state.location.search).toBe('?enabled=all');
    expect(await screen.findByText('A report covers at most 5 years.')).toBeTruthy();
  }, 90_000);
});
