import { notifications } from '@mantine/notifications';
import {
  emptySchedule,
  type BackupStrategyDetail,
  type BackupStrategyRow,
  type RefreshDevice,
  type RefreshStrategiesResponse,
} from '@switchboard/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { stubApi } from '../../test/api-stub.ts';
import { BackupStrategyTab } from './backup-strategy-tab.tsx';
import { RefreshStrategyTab } from './refresh-strategy-tab.tsx';

const year = new Date().getUTCFullYear();
const device = (
  id: number,
  type: string,
  name: string,
  purchase: string | null,
  refresh: number | null,
): RefreshDevice => ({
  id,
  type,
  site_id: 1,
  site: 'HQ',
  asset_tag: `T-${id}`,
  name,
  purchase_date: purchase,
  warranty_date: null,
  refresh_year: refresh,
});

const emptyGroups = {
  nas: [],
  printer: [],
  modem: [],
  router: [],
  ap: [],
  server: [],
  switches: [],
  ups: [],
  workstations: [],
};

const page = (overrides: Partial<RefreshStrategiesResponse> = {}): RefreshStrategiesResponse => ({
  strategies: [],
  devices: {
    ...emptyGroups,
    server: [device(1, 'servers', 'DC01', `${year - 5}-01-01`, year)],
    workstations: [
      device(2, 'workstations', 'WS01', `${year - 1}-01-01`, year + 2),
      device(3, 'workstations', 'WS02', `${year - 4}-01-01`, year - 1),
      device(4, 'workstations', 'WS03', `${year - 2}-01-01`, year + 1),
    ],
  },
  users: [
    { id: 7, name: 'Walter Skinner', email: 'walter@example.test' },
    { id: 8, name: 'Dana Scully', email: 'dana@example.test' },
  ],
  ...overrides,
});

function renderTab(element: React.ReactNode, path: string, routes: string[]) {
  const router = createMemoryRouter(
    [{ path, element }, ...routes.map((route) => ({ path: route, element: <p>Went to {route}</p> }))],
    { initialEntries: [path] },
  );
  render(
    <Providers queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
}

afterEach(() => notifications.clean());

describe('refresh strategy tab (spec 2 §2)', { timeout: 30_000 }, () => {
  it('says so when no strategy exists', async () => {
    stubApi({ 'GET /api/strategies/refresh': [200, { data: page() }] });
    renderTab(<RefreshStrategyTab companyId={5} method="index" methodId={undefined} />, '/', []);
    expect(await screen.findByText('No Refresh Strategies Have Been Completed For This Client')).toBeTruthy();
  });

  it('lists one row per emailed recipient with date, adder and an edit link', async () => {
    const strategy = {
      id: 4,
      date: '2026-03-02',
      company_id: 5,
      emails: [
        { user_id: 7, name: 'Walter Skinner', email: 'walter@example.test' },
        { user_id: 8, name: 'Dana Scully', email: 'dana@example.test' },
      ],
      ...Object.fromEntries(
        ['hdd', 'printer', 'modem', 'router', 'ap', 'server', 'switches', 'ups', 'workstation'].map((g) => [
          `${g}_priority`,
          '',
        ]),
      ),
      overview: '',
      user: { id: 8, name: 'Dana Scully' },
      created_at: '2026-03-02T10:00:00.000Z',
    } as RefreshStrategiesResponse['strategies'][number];
    stubApi({ 'GET /api/strategies/refresh': [200, { data: page({ strategies: [strategy] }) }] });
    renderTab(<RefreshStrategyTab companyId={5} method="index" methodId={undefined} />, '/', []);
    const table = await screen.findByRole('table', { name: 'Refresh strategies' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '2026-03-02Dana ScullyWalter Skinner - walter@example.testEditPDF',
      '2026-03-02Dana ScullyDana Scully - dana@example.testEditPDF',
    ]);
    expect(
      within(rows[0]!)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/companies/5/refresh-strategy/edit/4', '/pdf/refresh_strategy/4']);
  });

  it('shows plans per category, colours all devices by age, and posts the form, then goes home', async () => {
    const api = stubApi({
      'GET /api/strategies/refresh': [200, { data: page() }],
      'POST /api/strategies/refresh': [200, { message: 'Refresh Strategy Saved.', data: { id: 9 } }],
    });
    renderTab(<RefreshStrategyTab companyId={5} method="create" methodId={undefined} />, '/', [
      '/companies/5/refresh-strategy',
    ]);
    const workstations = await screen.findByRole('group', { name: 'Workstations' });
    expect(workstations.textContent).toBe('WorkstationsTotal: 31 per year');
    expect(screen.getByRole('group', { name: 'Server' }).textContent).toBe('ServerTotal: 1No Annual Replacement Plan');
    const all = screen.getByRole('table', { name: 'All Devices' });
    const ages = within(all)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [row.children[3]!.textContent, row.getAttribute('data-age')]);
    expect(ages).toEqual([
      ['DC01', 'yellow'],
      ['WS01', 'green'],
      ['WS02', 'red'],
      ['WS03', 'green'],
    ]);
    expect(screen.getByRole('heading', { name: `Now (${year})` })).toBeTruthy();
    expect(screen.getByRole('heading', { name: String(year + 4) })).toBeTruthy();
    const now = screen.getByRole('table', { name: `Replacements ${year}` });
    expect(
      within(now)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.children[3]!.textContent),
    ).toEqual(['DC01', 'WS02']);

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Email To' }));
    await user.click(await screen.findByRole('option', { name: 'Walter Skinner - walter@example.test' }));
    // Spec 2 §3: users or e-mail entries; a typed address goes beside the chosen users.
    const others = screen.getByLabelText('Other E-mail Addresses', { selector: 'input' });
    await user.type(others, 'owner@client.example{Enter}');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Went to /companies/5/refresh-strategy')).toBeTruthy();
    expect(api.callsTo('POST', '/api/strategies/refresh')[0]!.body).toMatchObject({
      company_id: 5,
      date: new Date().toISOString().slice(0, 10),
      emails: [7, 'owner@client.example'],
    });
  });

  it("toasts 'An Error Occured' when saving fails and stays on the form", async () => {
    stubApi({
      'GET /api/strategies/refresh': [200, { data: page() }],
      'POST /api/strategies/refresh': [500, { message: 'Server Error' }],
    });
    renderTab(<RefreshStrategyTab companyId={5} method="create" methodId={undefined} />, '/', []);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Create' }));
    expect(await screen.findByText('An Error Occured')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create' })).toBeTruthy();
  });
});

const backupRow: BackupStrategyRow = {
  id: 3,
  company_id: 5,
  source_type: 1,
  source: [11],
  backup_type: 2,
  schedule: JSON.stringify(emptySchedule('Full')),
  program: 3,
  software: 'SIRIS',
  destination_type: 6,
  destination: [21],
  offsite_backup_location: null,
  local_backup_location: null,
  notes: 'Verify monthly.',
  source_names: ['DC01 C:'],
  destination_names: ['NAS01'],
  created_at: '2026-03-02T10:00:00.000Z',
};

describe('backup strategy tab (spec 2 §2)', { timeout: 30_000 }, () => {
  it('lists the columns of §2 and deletes after a confirmation', async () => {
    const api = stubApi({
      'GET /api/strategies/backup': [
        200,
        { data: [backupRow], total: 1, current_page: 1, per_page: 10, from: 1, to: 1, last_page: 1 },
      ],
      'DELETE /api/strategies/backup/3': [200, { message: 'Backup Strategy Deleted.' }],
    });
    renderTab(<BackupStrategyTab companyId={5} method="index" methodId={undefined} />, '/', []);
    await screen.findByText('DC01 C:');
    const table = screen.getByRole('table', { name: 'Backup strategies' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Device Type',
      'Device',
      'Backup Type',
      'Frequency',
      'Destination Type',
      'Destination',
      'Software',
      'Notes',
      'Actions',
    ]);
    const cells = within(within(table).getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 8)).toEqual([
      'Server',
      'DC01 C:',
      'Full',
      'Full Mon, Tue, Wed, Thu, Fri 22:00; Weekly Saturday; Monthly Last day of the month',
      'Network',
      'NAS01',
      'Datto - SIRIS',
      'Verify monthly.',
    ]);
    expect(api.callsTo('GET', '/api/strategies/backup')[0]!.url).toContain('company_id=5');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete backup strategy 3' }));
    expect(api.callsTo('DELETE', '/api/strategies/backup/3')).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/strategies/backup/3')).toHaveLength(1));
  });

  it('loads a strategy for edit, keeps the monthly week and day exclusive, and saves it with PUT', async () => {
    const detail: BackupStrategyDetail = {
      ...backupRow,
      drives: [{ id: 11, letter: 'C', size: 240, server_id: 1, server: 'DC01' }],
      destination_drives: [],
      server: [],
      server_software: [],
    };
    const servers = [
      { id: 1, name: 'DC01', type: 'servers', drives: [{ id: 11, letter: 'C', size: 240 }], software: [] },
    ];
    const api = stubApi({
      'GET /api/strategies/backup/3': [200, { data: [detail] }],
      'GET /api/backup/strategies/devices/1/5': [200, { data: servers }],
      'GET /api/backup/strategies/devices/6/5': [
        200,
        { data: [{ id: 21, name: 'NAS01', type: 'nas', drives: [], software: [] }] },
      ],
      'PUT /api/strategies/backup/3': [200, { message: 'Backup Strategy Updated.', data: { id: 3 } }],
    });
    renderTab(<BackupStrategyTab companyId={5} method="edit" methodId="3" />, '/', ['/companies/5/backup-strategy']);
    const user = userEvent.setup();
    await screen.findByRole('group', { name: 'Full schedule' });
    expect(screen.getByRole('combobox', { name: 'Monthly Day' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Week' }));
    expect(screen.queryByRole('combobox', { name: 'Monthly Day' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Monthly Week' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Went to /companies/5/backup-strategy')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/strategies/backup/3')[0]!.body).toMatchObject({
      company_id: 5,
      source_type: 1,
      source: [11],
      backup_type: 2,
      destination: [21],
      schedule: { shape: 'Full', monthly_time: 1, monthly_day: 1 },
    });
  });
});
