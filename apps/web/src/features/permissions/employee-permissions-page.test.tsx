import { permissionDefinitions, type Permission, type SessionResponse } from '@switchboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse, renderApp } from '../../test/render.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

const catalogue: Permission[] = permissionDefinitions.map((definition, index) => ({
  id: index + 1,
  name: definition.name,
  description: definition.description,
  permission_type: definition.permissionType,
}));

const session = (permissions: string[], role: 'admin' | 'user' = 'admin'): SessionResponse => ({
  data: {
    user: {
      id: 1,
      type: 'Employee',
      role,
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

function signedIn(): void {
  window.localStorage.setItem('access_token', 'access-1');
  window.localStorage.setItem('refresh_token', 'refresh-1');
  window.localStorage.setItem('token_id', 'token-1');
  authStore.syncFromStorage();
}

function stubApi(
  options: { mine?: string[]; put?: () => Response; myRole?: 'admin' | 'user'; targetRole?: 'admin' | 'user' } = {},
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/session')
      return jsonResponse(200, session(options.mine ?? ['manage employee permissions'], options.myRole));
    if (url === '/api/permissions') return jsonResponse(200, { data: catalogue });
    if (url === '/api/users/employee.list')
      return jsonResponse(200, { data: [{ user_id: 5, user: { name: 'Eve Tech' }, departments: [] }] });
    if (url === '/api/users/employee/permissions/5' && method === 'GET')
      return jsonResponse(200, { data: { id: 5, role: options.targetRole ?? 'user', permissions: ['view calendar'] } });
    if (url === '/api/users/employee/permissions/5' && method === 'PUT')
      return options.put?.() ?? jsonResponse(200, { message: 'Permissions Updated' });
    if (url === '/api/users/employee/permissions/99') return jsonResponse(404, { message: 'Not Found' });
    if (url === '/api/notifications') return jsonResponse(200, { data: [] });
    if (url === '/api/misc/timeclock') return jsonResponse(200, { data: { status: 5, start_time: null } });
    if (url === '/api/misc/staticdata') return jsonResponse(200, { data: {} });
    return jsonResponse(404, { message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('employee Permissions screen (spec 1 §2.6, §3.6, §6, §7.6)', () => {
  it('groups the switches in the cards Admin, General, Calendar, HR, CRM, Billing, Report with the admin warning', async () => {
    signedIn();
    stubApi();
    renderApp('/employees/edit/5/permissions');
    expect(await screen.findByRole('heading', { name: 'Permissions' })).toBeTruthy();
    expect(await screen.findByText('Eve Tech')).toBeTruthy();
    const cards = screen.getAllByRole('region');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Admin',
      'General',
      'Calendar',
      'HR',
      'CRM',
      'Billing',
      'Report',
    ]);
    expect(within(cards[0]).getByText('Do Not Touch The Admin Permissions')).toBeTruthy();
    expect(within(cards[1]).queryByText('Do Not Touch The Admin Permissions')).toBeNull();
    const calendar = within(cards[2]).getByRole('switch', { name: 'view calendar' }) as HTMLInputElement;
    expect(calendar.checked).toBe(true);
    expect(within(cards[2]).getByText('Open the calendar.')).toBeTruthy();
    expect((within(cards[6]).getByRole('switch', { name: 'view reports' }) as HTMLInputElement).checked).toBe(false);
    expect(within(cards[0]).getByRole('switch', { name: 'manage employee permissions' })).toBeTruthy();
  });

  it("sends the whole list with Update and shows the server's message", async () => {
    signedIn();
    const fetchMock = stubApi();
    renderApp('/employees/edit/5/permissions');
    await userEvent.click(await screen.findByRole('switch', { name: 'view calendar' }));
    await userEvent.click(screen.getByRole('switch', { name: 'view reports' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Update' })[0]);

    expect(await screen.findByText('Permissions Updated')).toBeTruthy();
    const put = (fetchMock.mock.calls as unknown as [string, RequestInit][]).find(
      ([url, init]) => url === '/api/users/employee/permissions/5' && init?.method === 'PUT',
    );
    expect(JSON.parse(String(put?.[1].body))).toEqual({ id: 5, permissions: ['view reports'] });
  });

  it("shows 'An error occured.' when the update fails", async () => {
    signedIn();
    stubApi({ put: () => jsonResponse(500, { message: 'Server Error' }) });
    renderApp('/employees/edit/5/permissions');
    await userEvent.click(await screen.findByRole('switch', { name: 'view calendar' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Update' })[0]);
    expect(await screen.findByText('An error occured.')).toBeTruthy();
  });

  it('is open under /hr/employees', async () => {
    signedIn();
    stubApi({ mine: ['manage employee permissions', 'view human resources'] });
    renderApp('/hr/employees/edit/5/permissions');
    expect(await screen.findByRole('switch', { name: 'view calendar' })).toBeTruthy();
  });

  it('is open under /crm/agents for CRM managers', async () => {
    signedIn();
    stubApi({ mine: ['manage employee permissions', 'view crm', 'manage crm'] });
    renderApp('/crm/agents/edit/5/permissions');
    expect(await screen.findByRole('switch', { name: 'view calendar' })).toBeTruthy();
  });

  it("needs 'manage employee permissions'", async () => {
    signedIn();
    const fetchMock = stubApi({ mine: [] });
    renderApp('/employees/edit/5/permissions');
    expect(await screen.findByText('You do not have permission to view this page.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('switch')).toBeNull());
    expect(
      (fetchMock.mock.calls as unknown as [string][]).some(([url]) =>
        url.startsWith('/api/users/employee/permissions'),
      ),
    ).toBe(false);
  });

  it('says so for an unknown employee', async () => {
    signedIn();
    stubApi();
    renderApp('/employees/edit/99/permissions');
    expect(await screen.findByText('Employee not found')).toBeTruthy();
  });

  it('leaves the other employee views to the employee edit page', async () => {
    signedIn();
    stubApi();
    renderApp('/employees/edit/5/account');
    // The edit page itself (its load fails against the stub), not this screen.
    expect(await screen.findByText((text) => text.startsWith('An Error Occured'))).toBeTruthy();
    expect(screen.queryByText('Do Not Touch The Admin Permissions')).toBeNull();
  });

  it("shows an administrator's permissions read-only to a non-administrator, with the reason", async () => {
    signedIn();
    stubApi({ myRole: 'user', targetRole: 'admin', mine: ['manage employee permissions', 'view calendar'] });
    renderApp('/employees/edit/5/permissions');
    expect(await screen.findByText("Only an administrator changes an administrator's permissions.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    expect((screen.getByRole('switch', { name: 'view calendar' }) as HTMLInputElement).disabled).toBe(true);
  });

  it("shows one's own permissions read-only to a non-administrator, with the reason", async () => {
    signedIn();
    const others = stubApi({ myRole: 'user', mine: ['manage employee permissions', 'view calendar'] });
    // The signed-in user is id 1: their own list.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        String(input) === '/api/users/employee/permissions/1'
          ? jsonResponse(200, { data: { id: 1, role: 'user', permissions: ['view calendar'] } })
          : others(input, init),
      ),
    );
    renderApp('/employees/edit/1/permissions');
    expect(
      await screen.findByText('Your own permissions are changed by another manager or an administrator.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    expect((screen.getByRole('switch', { name: 'view calendar' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('lets a non-administrator switch only the permissions they hold', async () => {
    signedIn();
    stubApi({ myRole: 'user', mine: ['manage employee permissions', 'view calendar'] });
    renderApp('/employees/edit/5/permissions');
    const calendar = (await screen.findByRole('switch', { name: 'view calendar' })) as HTMLInputElement;
    expect(calendar.disabled).toBe(false);
    expect((screen.getByRole('switch', { name: 'view billing' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getAllByRole('button', { name: 'Update' })).toHaveLength(2);
  });
});
