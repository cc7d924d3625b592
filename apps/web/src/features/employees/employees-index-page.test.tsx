import type { EmployeeIndexRow, SessionResponse } from '@switchboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse, renderApp } from '../../test/render.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

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

const employee = (id: number, name: string, overrides: Partial<EmployeeIndexRow> = {}): EmployeeIndexRow => ({
  user_id: id,
  user: { id, name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com`, photo: null },
  title: 'Technician',
  region: null,
  phone_number: '5551234567',
  agent_phone: null,
  latest_session: null,
  deleted_at: null,
  status: 'Enabled',
  ...overrides,
});

const rows = [
  employee(1, 'Ada Admin', { region: { id: 2, name: 'North' } }),
  employee(2, 'Sam Seller', { status: 'Disabled', deleted_at: '2026-01-01T00:00:00Z' }),
];

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
    if (url.startsWith('/api/users/employee?')) {
      return jsonResponse(200, { data: rows, total: 2, current_page: 1, per_page: 50, from: 1, to: 2, last_page: 1 });
    }
    if (url === '/api/notifications') return jsonResponse(200, { data: [] });
    if (url === '/api/misc/timeclock') return jsonResponse(200, { data: { status: 5, start_time: null } });
    if (url === '/api/misc/staticdata') return jsonResponse(200, { data: { regions: [{ id: 2, name: 'North' }] } });
    return jsonResponse(404, { message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const listCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  (fetchMock.mock.calls as unknown as [string][])
    .map(([url]) => url)
    .filter((url) => url.startsWith('/api/users/employee?'));

describe('employees index (spec 1 §2.6)', () => {
  it('shows the spec columns, No Region, the status badge and an edit link; asks for enabled employees by default', async () => {
    signedIn();
    const fetchMock = stubApi([]);
    renderApp('/employees');
    const table = await screen.findByRole('table', { name: 'Employees' });
    expect(screen.getByRole('heading', { name: 'Employees' })).toBeTruthy();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent)
      .filter(Boolean);
    expect(headers).toEqual(['Name', 'Email', 'Title', 'Region', 'Phone', 'Last Active', 'Status', 'Actions']);
    const sam = (await within(table).findByText('Sam Seller')).closest('tr')!;
    expect(within(sam).getByText('No Region')).toBeTruthy();
    expect(within(sam).getByText('Disabled')).toBeTruthy();
    expect(within(sam).getByText('(555) 123-4567')).toBeTruthy();
    expect(within(sam).getByText('Never')).toBeTruthy();
    expect(within(sam).getByRole('link', { name: 'Edit Sam Seller' }).getAttribute('href')).toBe(
      '/employees/edit/2/account',
    );
    // Without the permissions there is no Permissions link and no impersonation.
    expect(within(sam).queryByRole('link', { name: 'Permissions of Sam Seller' })).toBeNull();
    expect(within(sam).queryByRole('button', { name: 'Impersonate Sam Seller' })).toBeNull();
    const ada = within(table).getByText('Ada Admin').closest('tr')!;
    expect(within(ada).getByText('North')).toBeTruthy();
    // Spec 1 §6: the signed-in user's own row is marked 'You', no one else's.
    expect(within(ada).getByText('You')).toBeTruthy();
    expect(within(sam).queryByText('You')).toBeNull();
    expect(listCalls(fetchMock)).toEqual(['/api/users/employee?route=employees&page=1&per_page=50&status=1']);
    // A plain technician adds no employees (decision 0025).
    expect(screen.queryByRole('link', { name: 'Add Employee' })).toBeNull();
  });

  it('is titled Agents under /crm/agents, with the Agent Phone column, and asks for route crm', async () => {
    signedIn();
    const fetchMock = stubApi(['view crm', 'manage crm', 'manage employee permissions', 'shadow clients']);
    renderApp('/crm/agents');
    const table = await screen.findByRole('table', { name: 'Agents' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent)
      .filter(Boolean);
    expect(headers).toContain('Agent Phone');
    const sam = (await within(table).findByText('Sam Seller')).closest('tr')!;
    expect(within(sam).getByRole('link', { name: 'Permissions of Sam Seller' }).getAttribute('href')).toBe(
      '/crm/agents/edit/2/permissions',
    );
    expect(
      within(sam).getByRole('button', { name: 'Impersonate Sam Seller' }).getAttribute('aria-disabled'),
    ).toBeNull();
    // One cannot impersonate oneself.
    const me = within(table).getByText('Ada Admin').closest('tr')!;
    expect(within(me).getByRole('button', { name: 'Impersonate Ada Admin' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(listCalls(fetchMock)[0]).toBe('/api/users/employee?route=crm&page=1&per_page=50&status=1');
  });

  it('keeps the filters in the URL query and sends them to the server', { timeout: 15_000 }, async () => {
    signedIn();
    const fetchMock = stubApi(['view human resources']);
    renderApp('/hr/employees?status=0&region_id=2');
    await screen.findByRole('table', { name: 'Employees' });
    // 'view human resources' adds employees.
    expect(screen.getByRole('link', { name: 'Add Employee' }).getAttribute('href')).toBe('/hr/employees/create');
    await waitFor(() =>
      expect(listCalls(fetchMock)[0]).toBe('/api/users/employee?route=hr&page=1&per_page=50&status=0&region_id=2'),
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Filter by Name' }), 'sam');
    await waitFor(() =>
      expect(listCalls(fetchMock)).toContain(
        '/api/users/employee?route=hr&page=1&per_page=50&status=0&name=sam&region_id=2',
      ),
    );
  });
});
