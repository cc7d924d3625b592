import type { CrmReport } from '@switchboard/shared/crm-reports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';

// /crm/reports/{report}/{start}/{end}/{agent} (designs/crm-softphone.md §4.10): tabs, range and agent in the path,
// charts (drawn through the test setup's ResizeObserver polyfill, not mocked), tables with totals, the server's 422
// under its field, and the appointments report's rows per agent and day.

vi.mock('socket.io-client', () => fakeSocketModule);
afterEach(() => vi.unstubAllGlobals());

const agentsReport = (start: string, end: string, agent: number | null): CrmReport => ({
  report: 'agents',
  start,
  end,
  agent_id: agent,
  time_zone: 'UTC',
  note: null,
  tables: [
    {
      key: 'agents',
      title: 'Agents',
      columns: [
        { key: 'agent', label: 'Agent', kind: 'text' },
        { key: 'dials', label: 'Dials', kind: 'number' },
        { key: 'connect_rate', label: 'Connect %', kind: 'percent' },
        { key: 'talk_seconds', label: 'Talk Time', kind: 'duration' },
      ],
      rows: [{ agent: 'Ann Agent', dials: 4, connect_rate: 25, talk_seconds: 125 }],
      totals: { agent: 'Total', dials: 4, connect_rate: 25, talk_seconds: 125 },
    },
  ],
  charts: [
    {
      title: 'Dials and connects per agent',
      type: 'bar',
      stacked: false,
      table: 'agents',
      index_key: 'agent',
      series: [{ key: 'dials', label: 'Dials' }],
    },
  ],
});

const appointmentsReport = (start: string, end: string): CrmReport => ({
  report: 'appointments',
  start,
  end,
  agent_id: null,
  time_zone: 'UTC',
  note: null,
  tables: [
    {
      key: 'appointments',
      title: 'Appointments',
      columns: [
        { key: 'day', label: 'Date', kind: 'text' },
        { key: 'agent', label: 'Agent', kind: 'text' },
        { key: 'set', label: 'Set', kind: 'number' },
        { key: 'held', label: 'Held', kind: 'number' },
      ],
      rows: [{ day: '2026-03-04', agent: 'Ann Agent', set: 2, held: 1 }],
      totals: { day: 'Total', agent: '', set: 2, held: 1 },
    },
  ],
  charts: [],
});

function api(url: string) {
  const parsed = new URL(url, 'http://localhost');
  if (parsed.pathname === '/api/users/employee.list') {
    return jsonResponse(200, { data: [{ user_id: 7, user: { id: 7, name: 'Ann Agent' } }] });
  }
  const start = parsed.searchParams.get('start') ?? '';
  const end = parsed.searchParams.get('end') ?? '';
  if (parsed.pathname === '/api/crm/reports/agents') {
    if (parsed.searchParams.get('format') === 'csv') {
      return new Response(new Blob(['Agent\r\n'], { type: 'text/csv' }), { status: 200 });
    }
    if (end < start) {
      return jsonResponse(422, {
        message: 'The given data was invalid.',
        errors: { end: ['The end date must not be before the start date.'] },
      });
    }
    const agent = parsed.searchParams.get('agent');
    return jsonResponse(200, { data: agentsReport(start, end, agent ? Number(agent) : null) });
  }
  if (parsed.pathname === '/api/crm/reports/appointments') {
    return jsonResponse(200, { data: appointmentsReport(start, end) });
  }
  return undefined;
}

const reportCalls = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/crm/reports'));

describe('/crm/reports', { timeout: 150_000 }, () => {
  it('draws the report, keeps range and agent in the path, shows the 422, and its tabs', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderSignedIn('/crm/reports/agents/2026-03-01/2026-03-31', {
      permissions: ['view crm', 'view crm reports'],
      api,
    });
    const table = await screen.findByRole('table', { name: 'Agents' }, firstLoad);
    expect(await within(table).findByText('Ann Agent')).toBeTruthy();
    expect(within(table).getAllByText('0:02:05')).toHaveLength(2);
    expect(within(table).getAllByText('25.0')).toHaveLength(2);
    expect(within(table).getByText('Total')).toBeTruthy();
    // The real Mantine bar chart (recharts), sized through the test setup's ResizeObserver polyfill.
    const chart = screen.getByRole('img', { name: 'Dials and connects per agent' });
    expect(chart.querySelector('.mantine-BarChart-root')).not.toBeNull();
    expect(reportCalls(fetchMock)).toContain('/api/crm/reports/agents?start=2026-03-01&end=2026-03-31');

    // The agent picker puts the agent in the path.
    await user.click(screen.getByRole('combobox', { name: 'Agent' }));
    await user.click(await screen.findByRole('option', { name: 'Ann Agent' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/reports/agents/2026-03-01/2026-03-31/7'));
    await waitFor(() =>
      expect(reportCalls(fetchMock)).toContain('/api/crm/reports/agents?start=2026-03-01&end=2026-03-31&agent=7'),
    );

    // The CSV is the same call with format=csv, saved under the report's name, range and agent.
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['crm-agents-2026-03-01-2026-03-31-agent-7.csv']));
    expect(reportCalls(fetchMock)).toContain(
      '/api/crm/reports/agents?start=2026-03-01&end=2026-03-31&agent=7&format=csv',
    );
    click.mockRestore();

    // A backwards range: the server's message under End.
    const start = screen.getByLabelText('Start');
    await user.clear(start);
    await user.type(start, '2026-04-01');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/reports/agents/2026-04-01/2026-03-31/7'));
    expect(await screen.findByText('The end date must not be before the start date.')).toBeTruthy();

    // Tabs keep the range and the agent.
    await user.click(screen.getByRole('tab', { name: 'Appointments' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/crm/reports/appointments/2026-04-01/2026-03-31/7'),
    );
  });

  it('the appointments report lists set and held per agent and day; an unknown report goes to calls', async () => {
    const { router } = renderSignedIn('/crm/reports/appointments/2026-03-01/2026-03-31', {
      permissions: ['view crm', 'view crm reports'],
      api,
    });
    const table = await screen.findByRole('table', { name: 'Appointments' }, firstLoad);
    const row = within(table).getByText('Ann Agent').closest('tr')!;
    expect(within(row).getByText('2026-03-04')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    await router.navigate('/crm/reports/payroll/2026-03-01/2026-03-31');
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/reports/calls/2026-03-01/2026-03-31'));
  });
});
