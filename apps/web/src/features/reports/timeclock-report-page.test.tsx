import type { SessionResponse, TimeclockReport } from '@switchboard/shared';
import { defaultTimeclockRange } from '@switchboard/shared/timeclock-report';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse, renderApp } from '../../test/render.tsx';
import { dateHeader, localToday, routeRange } from './timeclock-report-page.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

afterEach(() => {
  vi.unstubAllGlobals();
});

const session = (permissions: string[]): SessionResponse => ({
  data: {
    user: {
      id: 1,
      type: 'Employee',
      role: 'user',
      name: 'Ada Admin',
      shortname: 'Ada',
      email: 'ada@example.com',
      photo: null,
      avatar: null,
      created_at: '2026-01-05T09:00:00.000Z',
      email_verified_at: null,
      employee: null,
    },
    permissions,
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

const zero = { checked_in: 0, break: 0, lunch: 0, traveling: 0, pto: 0, uto: 0, payable: 0 };
const report = (start: string, end: string): TimeclockReport => ({
  report: 'timeclock',
  start,
  end,
  dates: [start, end],
  rows: [
    {
      user_id: 2,
      name: 'Beth Worker',
      shortname: 'Beth',
      timezone: 'UTC',
      days: [
        { date: start, checked_in: 420, break: 15, lunch: 30, traveling: 75, pto: 0, uto: 0, payable: 510 },
        { date: end, ...zero, pto: 480, payable: 480 },
      ],
      totals: { checked_in: 420, break: 15, lunch: 30, traveling: 75, pto: 480, uto: 0, payable: 990 },
    },
    {
      user_id: 1,
      name: 'Ada Admin',
      shortname: 'Ada',
      timezone: 'UTC',
      days: [
        { date: start, ...zero },
        { date: end, ...zero },
      ],
      totals: zero,
    },
  ],
});

function signedIn(): void {
  window.localStorage.setItem('access_token', 'access-1');
  window.localStorage.setItem('refresh_token', 'refresh-1');
  window.localStorage.setItem('token_id', 'token-1');
  authStore.syncFromStorage();
}

function stubApi(permissions: string[]) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/session') return jsonResponse(200, session(permissions));
    const match = /^\/api\/reports\/timeclock\/([^/]+)\/([^/]+)\/$/.exec(url);
    if (match) {
      if (match[1] === 'nonsense')
        return jsonResponse(422, {
          message: 'The given data was invalid.',
          errors: { start: ['The start is not a valid date (YYYY-MM-DD).'] },
        });
      return jsonResponse(200, { data: report(match[1]!, match[2]!) });
    }
    if (url === '/api/notifications') return jsonResponse(200, { data: [] });
    if (url === '/api/misc/timeclock') return jsonResponse(200, { data: { status: 5, start_time: null } });
    return jsonResponse(404, { message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const reportCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  (fetchMock.mock.calls as unknown as [string][]).map(([url]) => url).filter((url) => url.startsWith('/api/reports/'));

const both = ['view reports', 'view timeclock'];

describe('routeRange and headers', () => {
  it('defaults to the current week, runs a lone start to today and caps the end at today', () => {
    expect(routeRange({}, '2026-11-26')).toEqual({ start: '2026-11-23', end: '2026-11-26' });
    expect(routeRange({ start: '2026-11-02' }, '2026-11-26')).toEqual({ start: '2026-11-02', end: '2026-11-26' });
    expect(routeRange({ start: '2026-11-02', end: '2027-01-01' }, '2026-11-26')).toEqual({
      start: '2026-11-02',
      end: '2026-11-26',
    });
    expect(routeRange({ start: '2026-11-02', end: '2026-11-08' }, '2026-11-26')).toEqual({
      start: '2026-11-02',
      end: '2026-11-08',
    });
  });

  it('names a date column by weekday and month/day', () => {
    expect(dateHeader('2026-11-16')).toBe('Mon 11/16');
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});

describe('timeclock report page (spec 3 §2)', () => {
  it('shows one row per user with per-day values and totals in hours and minutes', async () => {
    signedIn();
    const fetchMock = stubApi(both);
    renderApp('/reports/timeclock/2026-11-16/2026-11-17');
    const table = await screen.findByRole('table', { name: 'Timeclock Report' });
    const beth = (await within(table).findByText('Beth Worker')).closest('tr')!;
    const cells = within(beth)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // Payable per day, then the totals: checked_in, break, lunch, traveling, pto, uto, payable.
    expect(cells).toEqual(['Beth Worker', '8:30', '8:00', '7:00', '0:15', '0:30', '1:15', '8:00', '0:00', '16:30']);
    expect(within(table).getByText('Mon 11/16')).toBeTruthy();
    const ada = within(table).getByText('Ada Admin').closest('tr')!;
    expect(within(ada).getByText('You')).toBeTruthy();
    expect(within(beth).queryByText('You')).toBeNull();
    expect(reportCalls(fetchMock)).toEqual(['/api/reports/timeclock/2026-11-16/2026-11-17/']);

    // The per-day values follow the chosen status.
    await userEvent.click(screen.getByRole('radio', { name: 'Lunch' }));
    await waitFor(() => expect(within(beth).getAllByRole('cell')[1]!.textContent).toBe('0:30'));
  });

  it('Go pushes the chosen dates into the route; reversed dates stay in the form with the error', async () => {
    signedIn();
    const fetchMock = stubApi(both);
    const { router } = renderApp('/reports/timeclock/2026-11-16/2026-11-17');
    await screen.findByText('Beth Worker');
    const start = screen.getByLabelText('Start');
    const end = screen.getByLabelText('End');

    await userEvent.clear(end);
    await userEvent.type(end, '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('The end must be a date after or equal to start.')).toBeTruthy();

    await userEvent.clear(start);
    await userEvent.type(start, '2026-10-26');
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(reportCalls(fetchMock)).toContain('/api/reports/timeclock/2026-10-26/2026-11-01/'));
    expect(router.state.location.pathname).toBe('/reports/timeclock/2026-10-26/2026-11-01');
  });

  it('opens on the current week without dates', async () => {
    signedIn();
    const fetchMock = stubApi(both);
    renderApp('/reports/timeclock');
    const week = defaultTimeclockRange(localToday());
    await waitFor(() => expect(reportCalls(fetchMock)).toEqual([`/api/reports/timeclock/${week.start}/${week.end}/`]));
    expect((screen.getByLabelText('Start') as HTMLInputElement).value).toBe(week.start);
  });

  it("shows the server's date error under its field", async () => {
    signedIn();
    stubApi(both);
    renderApp('/reports/timeclock/nonsense/2026-11-17');
    expect(await screen.findByText('The start is not a valid date (YYYY-MM-DD).')).toBeTruthy();
  });

  it("needs both 'view reports' and 'view timeclock'", async () => {
    signedIn();
    const fetchMock = stubApi(['view reports']);
    renderApp('/reports/timeclock/2026-11-16/2026-11-17');
    expect(await screen.findByText('You do not have permission to view this page.')).toBeTruthy();
    expect(reportCalls(fetchMock)).toEqual([]);
  });

  it('renders nothing for another report name', async () => {
    signedIn();
    const fetchMock = stubApi(both);
    renderApp('/reports/payroll/2026-11-16/2026-11-17');
    await waitFor(() => expect(document.title).toContain('Reports'));
    expect(screen.queryByRole('table')).toBeNull();
    expect(reportCalls(fetchMock)).toEqual([]);
  });
});
