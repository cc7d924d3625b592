import type { SessionResponse, UserAdminRow } from '@switchboard/shared';
import { employmentMessages } from '@switchboard/shared/hr/employment';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { firstLoad } from '../../test/render-signed-in.tsx';
import { jsonResponse, renderApp } from '../../test/render.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

const session = (role: 'admin' | 'user'): SessionResponse => ({
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
    permissions: [],
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

const rows: UserAdminRow[] = [
  {
    id: 1,
    type: 'admin',
    name: 'Ada Admin',
    email: 'ada@example.com',
    email_verified_at: '2025-01-02T10:00:00Z',
    created_at: '2025-01-01T10:00:00Z',
  },
  {
    id: 2,
    type: 'user',
    name: 'Sam Staff',
    email: 'sam@example.com',
    email_verified_at: null,
    created_at: '2025-01-03T10:00:00Z',
  },
];

function signedIn(): void {
  window.localStorage.setItem('access_token', 'access-1');
  window.localStorage.setItem('refresh_token', 'refresh-1');
  window.localStorage.setItem('token_id', 'token-1');
  authStore.syncFromStorage();
}

type Handler = (init: RequestInit | undefined) => Response;

function stubApi(role: 'admin' | 'user', handlers: Record<string, Handler> = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const key = `${init?.method ?? 'GET'} ${url}`;
    if (handlers[key]) return handlers[key](init);
    if (url === '/api/session') return jsonResponse(200, session(role));
    if (url.startsWith('/api/user?')) {
      return jsonResponse(200, { data: rows, total: 2, current_page: 1, per_page: 50, from: 1, to: 2, last_page: 1 });
    }
    if (url === '/api/notifications') return jsonResponse(200, { data: [] });
    if (url === '/api/misc/timeclock') return jsonResponse(200, { data: { status: 5, start_time: null } });
    if (url === '/api/misc/staticdata') return jsonResponse(200, { data: {} });
    return jsonResponse(404, { message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function requests(fetchMock: ReturnType<typeof stubApi>, method: string, url: string) {
  return (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][]).filter(
    ([called, init]) => called === url && (init?.method ?? 'GET') === method,
  );
}

describe('users admin (spec 1 §2.6, §3.8, §7.4, §8)', () => {
  it('lists users with the spec columns and shows user as Standard User', async () => {
    signedIn();
    const fetchMock = stubApi('admin');
    renderApp('/users');
    const table = await screen.findByRole('table', { name: 'Users' }, firstLoad);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['ID', 'Type', 'Name', 'Email', 'Email Verified?', 'Created', 'Action']);
    const sam = (await within(table).findByText('Sam Staff')).closest('tr')!;
    expect(within(sam).getByText('Standard User')).toBeTruthy();
    expect(within(sam).getByText('No')).toBeTruthy();
    expect(requests(fetchMock, 'GET', '/api/user?page=1&per_page=50')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Add New' })).toBeTruthy();
  });

  it('is not found for anyone but administrators', async () => {
    signedIn();
    stubApi('user');
    renderApp('/users');
    expect(await screen.findByText('Page not found', {}, firstLoad)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Users' })).toBeNull();
  });

  it('creates a user: field errors from the same schema, then the server answer as a toast', async () => {
    signedIn();
    const fetchMock = stubApi('admin', {
      'POST /api/user': () => jsonResponse(200, { message: 'User created.', data: { id: 3 } }),
    });
    renderApp('/users');
    await userEvent.click(await screen.findByRole('button', { name: 'Add New' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
    expect(
      within(dialog)
        .getByLabelText(/Password/)
        .getAttribute('placeholder'),
    ).toBe('Min 6 Characters');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The name field is required.')).toBeTruthy();
    expect(within(dialog).getByText('The password field is required.')).toBeTruthy();
    expect(requests(fetchMock, 'POST', '/api/user')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Nia New');
    await userEvent.type(within(dialog).getByLabelText(/Email/), 'nia@example.com');
    await userEvent.type(within(dialog).getByLabelText(/Password/), 'secret1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('User created.')).toBeTruthy();
    const [, init] = requests(fetchMock, 'POST', '/api/user')[0];
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Nia New',
      email: 'nia@example.com',
      password: 'secret1',
      type: 'user',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New User' })).toBeNull());
  });

  it("shows the server's field errors under the fields, and 'Some error occured! Please try again' otherwise", async () => {
    signedIn();
    let answer = jsonResponse(422, {
      message: 'The given data was invalid.',
      errors: { email: ['The email has already been taken.'] },
    });
    stubApi('admin', { 'POST /api/user': () => answer });
    renderApp('/users');
    await userEvent.click(await screen.findByRole('button', { name: 'Add New' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Sam Again');
    await userEvent.type(within(dialog).getByLabelText(/Email/), 'sam@example.com');
    await userEvent.type(within(dialog).getByLabelText(/Password/), 'secret1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The email has already been taken.')).toBeTruthy();

    answer = jsonResponse(500, { message: 'Server Error' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('Some error occured! Please try again');
  });

  it('edits a user with the row values and an empty password', async () => {
    signedIn();
    const fetchMock = stubApi('admin', { 'PUT /api/user/2': () => jsonResponse(200, { message: 'User updated.' }) });
    renderApp('/users');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Sam Staff' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    const name = within(dialog).getByLabelText(/Name/);
    expect((name as HTMLInputElement).value).toBe('Sam Staff');
    await userEvent.clear(name);
    await userEvent.type(name, 'Sam Senior');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('User updated.')).toBeTruthy();
    const [, init] = requests(fetchMock, 'PUT', '/api/user/2')[0];
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Sam Senior', email: 'sam@example.com', type: 'user' });
  });

  it('asks for the current password on your own row, and shows the answer under it (decision 0057)', async () => {
    signedIn();
    const fetchMock = stubApi('admin', {
      'PUT /api/user/1': () =>
        jsonResponse(422, {
          message: 'The given data was invalid.',
          errors: { current_password: ['The current password is incorrect.'] },
        }),
    });
    renderApp('/users');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Ada Admin' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'New-pass-1');
    await userEvent.type(within(dialog).getByLabelText(/^Current Password/), 'old-pass');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(await within(dialog).findByText('The current password is incorrect.')).toBeTruthy();
    const [, init] = requests(fetchMock, 'PUT', '/api/user/1')[0];
    expect(JSON.parse(String(init?.body))).toMatchObject({ password: 'New-pass-1', current_password: 'old-pass' });
  });

  it("does not ask for a current password on someone else's row", async () => {
    signedIn();
    stubApi('admin');
    renderApp('/users');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Sam Staff' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).queryByLabelText(/^Current Password/)).toBeNull();
  });

  it("deletes after 'Are you sure?' with the separation asked (designs/hr.md §7) and shows 'Deleted!'", async () => {
    signedIn();
    const fetchMock = stubApi('admin', { 'DELETE /api/user/2': () => jsonResponse(200, { message: 'Deleted!' }) });
    renderApp('/users');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Sam Staff' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(dialog).getByText("You won't be able to revert this!")).toBeTruthy();
    // The type is required: nothing is sent without it.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await within(dialog).findByText(employmentMessages.separationType)).toBeTruthy();
    expect(requests(fetchMock, 'DELETE', '/api/user/2')).toHaveLength(0);
    const date = within(dialog).getByLabelText(/^Separation date/);
    await userEvent.clear(date);
    await userEvent.type(date, '2026-01-09');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Involuntary' }));
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Position eliminated');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));

    expect(await screen.findByText('Deleted!')).toBeTruthy();
    const sent = requests(fetchMock, 'DELETE', '/api/user/2');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0]![1]?.body))).toEqual({
      separation_date: '2026-01-09',
      separation_type: 'involuntary',
      separation_reason: 'Position eliminated',
    });
  });

  it("shows the 'Failed!' warning with the server's error when a delete fails", async () => {
    signedIn();
    stubApi('admin', { 'DELETE /api/user/2': () => jsonResponse(404, { message: 'Not Found' }) });
    renderApp('/users');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Sam Staff' }, firstLoad));
    await userEvent.click(await screen.findByRole('radio', { name: 'Voluntary' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));

    const failed = await screen.findByRole('dialog', { name: 'Failed!' });
    expect(within(failed).getByText('Not Found')).toBeTruthy();
  });

  it('does not offer to delete your own account', async () => {
    signedIn();
    const fetchMock = stubApi('admin');
    renderApp('/users');
    const own = await screen.findByRole('button', { name: 'Delete Ada Admin' }, firstLoad);
    expect(own.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(own);
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull();
    expect(requests(fetchMock, 'DELETE', '/api/user/1')).toHaveLength(0);
  });
});
