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

  it('groups headcount by region in the address, pages long tables and offers anonymous counts only to readers', async () => {
    window.localStorage.setItem('access_token', 'access-1');
    window.localStorage.setItem('refresh_token', 'refresh-1');
    window.localStorage.setItem('token_id', 'token-1');
    authStore.syncFromStorage();
    const regions = Array.from({ length: 60 }, (_, index) => `Region ${String(index + 1).padStart(2, '0')}`);
    const grouped: HrReport = {
      report: 'headcount',
      from: '2026-01-01',
      to: '2026-06-30',
      columns: [
        { key: 'group', label: 'Region', kind: 'text' },
        { key: 'separations', label: 'Separations', kind: 'number' },
      ],
      rows: regions.map((group) => ({ group, separations: 1 })),
      totals: { group: 'Total', separations: 60 },
      chart: null,
    };
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/session') return jsonResponse(200, session);
      if (url.startsWith('/api/hr/reports/headcount')) return jsonResponse(200, { data: grouped });
      if (url === '/api/notifications') return jsonResponse(200, { data: [] });
      if (url === '/api/misc/timeclock') return jsonResponse(200, { data: { status: 5, start_time: null } });
      return jsonResponse(200, { data: [] });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp('/hr/reports/headcount/2026-01-01/2026-06-30');
    const table = await screen.findByRole('table', { name: 'Headcount report' }, { timeout: 30_000 });
    expect(await within(table).findByText('Region 01', {}, { timeout: 30_000 })).toBeTruthy();
    // 50 rows a page: the 51st is on page 2.
    expect(within(table).queryByText('Region 51')).toBeNull();
    await userEvent.click(screen.getByRole('combobox', { name: 'Group by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Region' }));
    await waitFor(() => expect(router.state.location.search).toBe('?group_by=region'));
    await waitFor(() =>
      expect(reportCalls(fetchMock)).toContain('/api/hr/reports/headcount/2026-01-01/2026-06-30?group_by=region'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?group_by=region&page=2'));
    expect(await within(table).findByText('Region 51')).toBeTruthy();
    expect(within(table).queryByText('Region 01')).toBeNull();

    // 'view hr reports' alone: no anonymous counts in the picker.
    await userEvent.click(screen.getByRole('combobox', { name: 'Report' }));
    expect(await screen.findByRole('option', { name: 'Requests' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Anonymous reports' })).toBeNull();
  }, 90_000);
});
