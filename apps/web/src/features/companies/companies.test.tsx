import type { CompanyRow, SessionResponse } from '@switchboard/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { fakeSocketModule, latestSocket } from '../../test/fake-socket.ts';
import { jsonResponse, renderApp } from '../../test/render.tsx';
import { industrySelectData } from './create-company-page.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

const session: SessionResponse = {
  data: {
    user: {
      id: 1,
      type: 'Employee',
      role: 'user',
      name: 'Sam Staff',
      shortname: 'Sam',
      email: 'sam@example.com',
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
};

const company = (id: number, name: string, overrides: Partial<CompanyRow> = {}): CompanyRow => ({
  id,
  name,
  logo_url: null,
  industry: { id: 2, name: 'Dental' },
  sites_count: 3,
  accounts_count: 4,
  created_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
  ...overrides,
});

const rows = [
  company(5, 'Acme Dental', { logo_url: '/api/company/logo/abc.png' }),
  company(6, 'Globex', { industry: null, sites_count: 0, accounts_count: 0 }),
];

const industries = [
  { id: 1, name: 'Healthcare', parent_id: 0 },
  { id: 2, name: 'Dental', parent_id: 1 },
  { id: 3, name: 'Clinics', parent_id: 1 },
  { id: 4, name: 'Finance', parent_id: 0 },
  { id: 5, name: 'Banking', parent_id: 4 },
];

function signedIn(): void {
  window.localStorage.setItem('access_token', 'access-1');
  window.localStorage.setItem('refresh_token', 'refresh-1');
  window.localStorage.setItem('token_id', 'token-1');
  authStore.syncFromStorage();
}

type Handler = (init: RequestInit | undefined) => Response;

function stubApi(handlers: Record<string, Handler> = {}, list: CompanyRow[] = rows) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const key = `${init?.method ?? 'GET'} ${url}`;
    if (handlers[key]) return handlers[key](init);
    if (url === '/api/session') return jsonResponse(200, session);
    if (url.startsWith('/api/company?')) {
      const filter = new URL(url, 'http://x').searchParams.get('company')?.toLowerCase();
      const data = filter ? list.filter((row) => row.name.toLowerCase().includes(filter)) : list;
      return jsonResponse(200, {
        data,
        total: data.length,
        current_page: 1,
        per_page: 50,
        from: data.length ? 1 : null,
        to: data.length || null,
        last_page: 1,
      });
    }
    if (url === '/api/notifications') return jsonResponse(200, { data: [] });
    if (url === '/api/misc/timeclock') return jsonResponse(200, { data: { status: 5, start_time: null } });
    if (url === '/api/misc/staticdata') return jsonResponse(200, { data: { industries } });
    return jsonResponse(404, { message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof stubApi>) =>
  (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][]).map(
    ([url, init]) => `${init?.method ?? 'GET'} ${url}`,
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('company list (spec 2 §2)', () => {
  it("reads the list again when 'CompanyUpdated' arrives on the store channel", async () => {
    signedIn();
    const list = [...rows];
    stubApi({}, list);
    renderApp('/companies');
    const table = await screen.findByRole('table', { name: 'Companies' });
    await within(table).findByText('Acme Dental');
    await waitFor(() => expect(latestSocket().subscriptions()).toContain('store'));

    list.push(company(7, 'Initech'));
    act(() => latestSocket().serverEmit('store', 'CompanyUpdated', { id: 7 }));

    expect(await within(table).findByText('Initech')).toBeTruthy();
  });

  it('shows the spec columns, logo or initials, industry, counts, relative time, edit and plus links', async () => {
    signedIn();
    const fetchMock = stubApi();
    renderApp('/companies');
    const table = await screen.findByRole('table', { name: 'Companies' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Industry', 'Sites', 'Accounts', 'Created At', 'Action']);
    const acme = (await within(table).findByText('Acme Dental')).closest('tr')!;
    expect(within(acme).getByText('Dental')).toBeTruthy();
    expect(within(acme).getByText('3')).toBeTruthy();
    expect(within(acme).getByText('4')).toBeTruthy();
    expect(within(acme).getByText('2 hours ago')).toBeTruthy();
    expect(acme.querySelector('img')?.getAttribute('src')).toBe('/api/company/logo/abc.png');
    const globex = within(table).getByText('Globex').closest('tr')!;
    expect(within(globex).getByText('GL')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Edit Acme Dental' }).getAttribute('href')).toBe('/companies/5');
    expect(screen.getByRole('link', { name: 'Add Company' }).getAttribute('href')).toBe('/companies/create');
    expect(calls(fetchMock)).toContain('GET /api/company?page=1&per_page=50');
  });

  it('filters by company name after a pause and keeps the filter in the URL', async () => {
    signedIn();
    const fetchMock = stubApi();
    const { router } = renderApp('/companies');
    const table = await screen.findByRole('table', { name: 'Companies' });
    await within(table).findByText('Globex');
    await userEvent.type(screen.getByRole('textbox', { name: 'Filter by company name' }), 'glob');
    await waitFor(() => expect(within(table).queryByText('Acme Dental')).toBeNull());
    expect(within(table).getByText('Globex')).toBeTruthy();
    expect(router.state.location.search).toBe('?company=glob');
    expect(calls(fetchMock)).toContain('GET /api/company?page=1&per_page=50&company=glob');
    expect(calls(fetchMock)).not.toContain('GET /api/company?page=1&per_page=50&company=g');
  });

  it('reads the filter and page from the URL', async () => {
    signedIn();
    const fetchMock = stubApi();
    renderApp('/companies?company=acme&page=2');
    await screen.findByRole('table', { name: 'Companies' });
    expect((screen.getByRole('textbox', { name: 'Filter by company name' }) as HTMLInputElement).value).toBe('acme');
    await waitFor(() => expect(calls(fetchMock)).toContain('GET /api/company?page=2&per_page=50&company=acme'));
  });

  it("shows 'No Companies Found' when empty", async () => {
    signedIn();
    stubApi({}, []);
    renderApp('/companies');
    expect(await screen.findByText('No Companies Found')).toBeTruthy();
  });
});

describe('create company (spec 2 §2)', () => {
  const logoFile = () => new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });

  async function fillForm() {
    await userEvent.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Northwind');
    await userEvent.click(screen.getByPlaceholderText('Select an industry'));
    await userEvent.click(await screen.findByRole('option', { name: 'Dental' }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Website/ }), 'northwind.example.com');
  }

  it('groups industries under their parents', () => {
    expect(industrySelectData(industries)).toEqual([
      {
        group: 'Finance',
        items: [
          { value: '4', label: 'Finance' },
          { value: '5', label: 'Banking' },
        ],
      },
      {
        group: 'Healthcare',
        items: [
          { value: '1', label: 'Healthcare' },
          { value: '3', label: 'Clinics' },
          { value: '2', label: 'Dental' },
        ],
      },
    ]);
  });

  it('posts multipart name, industry_id, website and logo, previews the logo, then goes to /companies/{id}', async () => {
    signedIn();
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    let sent: FormData | null = null;
    stubApi({
      'POST /api/company': (init) => {
        sent = init?.body as FormData;
        return jsonResponse(200, { message: 'Company created.', data: { id: 42 } });
      },
    });
    const { router } = renderApp('/companies/create');
    expect(await screen.findByRole('heading', { name: 'New Company Basic Information' })).toBeTruthy();
    await fillForm();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, logoFile());
    expect((await screen.findByAltText('Logo preview')).getAttribute('src')).toBe('blob:preview');
    await userEvent.click(screen.getByRole('button', { name: 'Create Company' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies/42'));
    const body = sent as unknown as FormData;
    expect(body.get('name')).toBe('Northwind');
    expect(body.get('industry_id')).toBe('2');
    expect(body.get('website')).toBe('northwind.example.com');
    expect((body.get('logo') as File).name).toBe('logo.png');
    expect(await screen.findByText('Company created.')).toBeTruthy();
  });

  it('checks the form before sending: name and industry required, website a URL', async () => {
    signedIn();
    const fetchMock = stubApi();
    renderApp('/companies/create');
    await userEvent.type(await screen.findByRole('textbox', { name: /^Website/ }), 'not a url');
    await userEvent.click(screen.getByRole('button', { name: 'Create Company' }));
    expect(await screen.findByText('The name field is required.')).toBeTruthy();
    expect(screen.getByText('The industry id field is required.')).toBeTruthy();
    expect(screen.getByText('The website must be a valid URL.')).toBeTruthy();
    expect(calls(fetchMock)).not.toContain('POST /api/company');
  });

  it('shows the server errors under their fields', async () => {
    signedIn();
    stubApi({
      'POST /api/company': () =>
        jsonResponse(422, {
          message: 'The given data was invalid.',
          errors: {
            industry_id: ['The selected industry id is invalid.'],
            logo: ['The logo may not be greater than 2048 kilobytes.'],
          },
        }),
    });
    const { router } = renderApp('/companies/create');
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create Company' }));
    expect(await screen.findByText('The selected industry id is invalid.')).toBeTruthy();
    expect(screen.getByText('The logo may not be greater than 2048 kilobytes.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/companies/create');
  });

  it("says 'Some error occured! Please try again' when the create fails without field errors", async () => {
    signedIn();
    stubApi({ 'POST /api/company': () => jsonResponse(409, { message: 'This record already exists.' }) });
    const { router } = renderApp('/companies/create');
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create Company' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Some error occured! Please try again');
    expect(router.state.location.pathname).toBe('/companies/create');
  });
});
