import type { ClientAccount, SessionResponse } from '@switchboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse, renderApp } from '../../test/render.tsx';
import { buildAccountsCsv } from './accounts-csv.ts';

vi.mock('socket.io-client', () => fakeSocketModule);

const session = (permissions: string[], role: 'admin' | 'user' = 'user'): SessionResponse => ({
  data: {
    user: {
      id: 1,
      type: 'Employee',
      role,
      name: 'Sam Staff',
      shortname: 'Sam',
      email: 'sam@example.com',
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

const account = (id: number, name: string, overrides: Partial<ClientAccount> = {}): ClientAccount => ({
  user_id: id,
  user: { name, email: `${name.split(' ')[0]!.toLowerCase()}@acme.test`, photo: null },
  company: { id: 7, name: 'Acme' },
  site: { id: 3, name: 'Acme HQ' },
  title: 'Manager',
  office_number: '(555) 987-6543',
  phone_number: '(555) 123-4567',
  company_id: 7,
  is_primary: false,
  ...overrides,
});

const rows = [account(10, 'Amy Acme', { is_primary: true }), account(11, 'Bob Acme', { site: null, title: null })];

function signedIn(): void {
  window.localStorage.setItem('access_token', 'access-1');
  window.localStorage.setItem('refresh_token', 'refresh-1');
  window.localStorage.setItem('token_id', 'token-1');
  authStore.syncFromStorage();
}

type Handler = (init: RequestInit | undefined) => Response;

function stubApi(
  permissions: string[],
  handlers: Record<string, Handler> = {},
  list: ClientAccount[] = rows,
  role: 'admin' | 'user' = 'user',
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const key = `${init?.method ?? 'GET'} ${url}`;
    if (handlers[key]) return handlers[key](init);
    if (url === '/api/session') return jsonResponse(200, session(permissions, role));
    if (url.startsWith('/api/users/client?')) {
      return jsonResponse(200, {
        data: list,
        total: list.length,
        current_page: 1,
        per_page: 50,
        from: list.length ? 1 : null,
        to: list.length || null,
        last_page: 1,
      });
    }
    if (url === '/api/users/client/11') return jsonResponse(200, { data: rows[1] });
    if (url === '/api/company.list')
      return jsonResponse(200, {
        data: [
          { id: 7, name: 'Acme' },
          { id: 8, name: 'Globex' },
        ],
      });
    if (url === '/api/companies/sites.list.7') return jsonResponse(200, { data: [{ id: 3, name: 'Acme HQ' }] });
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

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('client accounts list (spec 1 §2.6)', () => {
  it('shows the spec columns, Add Account without a permission, and no delete or impersonate without permissions', async () => {
    signedIn();
    const fetchMock = stubApi([]);
    renderApp('/accounts');
    const table = await screen.findByRole('table', { name: 'Client accounts' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Name', 'Email', 'Company', 'Site', 'Title', 'Office Number', 'Cell Number', 'Action']);
    await within(table).findByText('Bob Acme');
    expect(screen.getByRole('link', { name: 'Add Account' }).getAttribute('href')).toBe('/accounts/create');
    expect(within(table).getByRole('link', { name: 'Edit Bob Acme' }).getAttribute('href')).toBe('/accounts/edit/11');
    expect(within(table).queryByRole('button', { name: 'Delete Bob Acme' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Impersonate Bob Acme' })).toBeNull();
    expect(requests(fetchMock, 'GET', '/api/users/client?page=1&per_page=50')).toHaveLength(1);
  });

  it('hides the Company column when scoped to one company and passes company_id', async () => {
    signedIn();
    const fetchMock = stubApi([]);
    renderApp('/accounts?company_id=7');
    const table = await screen.findByRole('table', { name: 'Client accounts' });
    await within(table).findByText('Bob Acme');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).not.toContain('Company');
    expect(requests(fetchMock, 'GET', '/api/users/client?page=1&per_page=50&company_id=7')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Add Account' }).getAttribute('href')).toBe(
      '/accounts/create?company_id=7',
    );
  });

  it("shows 'No Accounts Found' when empty", async () => {
    signedIn();
    stubApi([], {}, []);
    renderApp('/accounts');
    expect(await screen.findByText('No Accounts Found')).toBeTruthy();
  });

  it('deletes after the confirmation and toasts the server message', async () => {
    signedIn();
    const fetchMock = stubApi(['delete client accounts'], {
      'DELETE /api/users/client/11': () => jsonResponse(200, { message: 'Account deleted.' }),
    });
    renderApp('/accounts');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Bob Acme' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("You won't be able to revert this!")).toBeTruthy();
    expect(requests(fetchMock, 'DELETE', '/api/users/client/11')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('Account deleted.')).toBeTruthy();
    expect(requests(fetchMock, 'DELETE', '/api/users/client/11')).toHaveLength(1);
  });

  it("offers impersonate with 'shadow clients', disabled for a company's primary account", async () => {
    signedIn();
    const fetchMock = stubApi(['shadow clients'], {
      'POST /api/login/shadow': () => jsonResponse(403, { message: 'Nope.' }),
    });
    renderApp('/accounts');
    const primary = await screen.findByRole('button', { name: 'Impersonate Amy Acme' });
    expect(primary.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(primary);
    expect(requests(fetchMock, 'POST', '/api/login/shadow')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Impersonate Bob Acme' }));
    await waitFor(() => expect(requests(fetchMock, 'POST', '/api/login/shadow')).toHaveLength(1));
    expect(JSON.parse(String(requests(fetchMock, 'POST', '/api/login/shadow')[0]![1]?.body))).toEqual({ account: 11 });
    expect(await screen.findByText('Nope.')).toBeTruthy();
  });
});

describe('client account form (spec 1 §2.6, §3.9, §5, §8)', () => {
  it('validates with the shared schema, formats phone numbers as typed, creates and goes to the edit screen', async () => {
    signedIn();
    const fetchMock = stubApi([], {
      'POST /api/users/client': () => jsonResponse(200, { message: 'Account created.', data: { id: 11 } }),
    });
    const { router } = renderApp('/accounts/create?company_id=7');
    const form = await screen.findByRole('form', { name: 'Add account' });
    expect(
      within(form)
        .getByLabelText(/^Password/)
        .getAttribute('placeholder'),
    ).toBe('Min 6 Characters');
    await userEvent.click(within(form).getByRole('button', { name: 'Create Account' }));
    expect(await within(form).findByText('The name field is required.')).toBeTruthy();
    expect(within(form).getByText('The password field is required.')).toBeTruthy();
    expect(requests(fetchMock, 'POST', '/api/users/client')).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText(/^Name/), 'Cara Client');
    await userEvent.type(within(form).getByLabelText(/^Email/), 'cara@acme.test');
    await userEvent.type(within(form).getByLabelText(/^Password/), 'secret1');
    await userEvent.type(within(form).getByLabelText(/^Confirm Password/), 'secret1');
    const cell = within(form).getByLabelText('Cell Number');
    await userEvent.type(cell, '5551234567123');
    expect((cell as HTMLInputElement).value).toBe('(555) 123-4567 Ext. 123');
    await userEvent.click(within(form).getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Account created.')).toBeTruthy();
    const [, init] = requests(fetchMock, 'POST', '/api/users/client')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      company_id: 7,
      site_id: null,
      name: 'Cara Client',
      email: 'cara@acme.test',
      password: 'secret1',
      password_confirmation: 'secret1',
      title: null,
      office_number: null,
      phone_number: '(555) 123-4567 Ext. 123',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/edit/11'));
  });

  it("shows server field errors under the fields, else 'Some error occured! Please try again'", async () => {
    signedIn();
    let answer = jsonResponse(422, {
      message: 'The given data was invalid.',
      errors: { email: ['The email has already been taken.'] },
    });
    stubApi([], { 'POST /api/users/client': () => answer });
    renderApp('/accounts/create?company_id=7');
    const form = await screen.findByRole('form', { name: 'Add account' });
    await userEvent.type(within(form).getByLabelText(/^Name/), 'Cara Client');
    await userEvent.type(within(form).getByLabelText(/^Email/), 'cara@acme.test');
    await userEvent.type(within(form).getByLabelText(/^Password/), 'secret1');
    await userEvent.type(within(form).getByLabelText(/^Confirm Password/), 'secret1');
    await userEvent.click(within(form).getByRole('button', { name: 'Create Account' }));
    expect(await within(form).findByText('The email has already been taken.')).toBeTruthy();

    answer = jsonResponse(500, { message: 'Server Error' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create Account' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('Some error occured! Please try again');
  });

  it('edits with the loaded values and keeps the password when left empty', async () => {
    signedIn();
    const fetchMock = stubApi([], {
      'PUT /api/users/client/11': () => jsonResponse(200, { message: 'Account updated.' }),
    });
    renderApp('/accounts/edit/11');
    const form = await screen.findByRole('form', { name: 'Edit account' });
    const name = within(form).getByLabelText(/^Name/) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Bob Acme'));
    await userEvent.clear(name);
    await userEvent.type(name, 'Bob Senior');
    await userEvent.click(within(form).getByRole('button', { name: 'Update Account' }));
    expect(await screen.findByText('Account updated.')).toBeTruthy();
    const body = JSON.parse(String(requests(fetchMock, 'PUT', '/api/users/client/11')[0]![1]?.body));
    expect(body).toMatchObject({
      name: 'Bob Senior',
      company_id: 7,
      email: 'bob@acme.test',
      phone_number: '(555) 123-4567',
    });
    expect(body.password).toBeUndefined();
    // Decision 0025: without the administrator type the e-mail, company and password cannot be changed.
    expect((within(form).getByLabelText(/^Email/) as HTMLInputElement).readOnly).toBe(true);
    expect(within(form).queryByLabelText(/^Password/)).toBeNull();
  });

  it("offers an administrator the account's password and e-mail", async () => {
    signedIn();
    stubApi([], {}, rows, 'admin');
    renderApp('/accounts/edit/11');
    const form = await screen.findByRole('form', { name: 'Edit account' });
    await waitFor(() => expect((within(form).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Bob Acme'));
    expect(within(form).getByLabelText(/^Password/)).toBeTruthy();
    expect((within(form).getByLabelText(/^Email/) as HTMLInputElement).readOnly).toBe(false);
  });
});

describe('buildAccountsCsv', () => {
  it('writes the columns, drops Company when scoped and neutralises formulas', () => {
    const csv = buildAccountsCsv([account(1, 'Amy Acme', { title: '=SUM(A1)', site: null })], { withCompany: true });
    expect(csv).toBe(
      "\uFEFFName,Email,Company,Site,Title,Office Number,Cell Number\r\nAmy Acme,amy@acme.test,Acme,,'=SUM(A1),(555) 987-6543,(555) 123-4567\r\n",
    );
    expect(buildAccountsCsv([], { withCompany: false })).toBe(
      '\uFEFFName,Email,Site,Title,Office Number,Cell Number\r\n',
    );
  });
});
