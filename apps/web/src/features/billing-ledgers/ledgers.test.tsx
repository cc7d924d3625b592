import type { AccountRow, AccountsResponse, RegisterResponse } from '@switchboard/shared/billing/ledger';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeSocketModule, latestSocket } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { type ApiAnswer, firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';
import { canPost } from './journal-entry-modal.tsx';
import { accountTree } from './ledgers-page.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

const account = (
  id: number,
  number: string,
  name: string,
  type: AccountRow['type'],
  extra: Partial<AccountRow> = {},
): AccountRow => ({
  id,
  number,
  name,
  type,
  subtype: 'other',
  parent_id: null,
  is_system: true,
  active: true,
  description: '',
  debit: 0,
  credit: 0,
  balance: 0,
  ...extra,
});

const chart: AccountRow[] = [
  account(1, '1000', 'Operating Checking', 'asset', { subtype: 'bank', debit: 1500, balance: 1500 }),
  account(2, '1010', 'Payroll Checking', 'asset', { subtype: 'bank', parent_id: 1, is_system: false }),
  account(3, '1100', 'Accounts Receivable', 'asset', { subtype: 'receivable' }),
  account(7, '2000', 'Accounts Payable', 'liability', { subtype: 'payable' }),
  account(4, '3000', "Owner's Equity", 'equity', { credit: 1500.25, balance: 1500.25 }),
  account(5, '6100', 'Bad Debt', 'expense', { debit: 0.25, balance: 0.25 }),
  account(6, '6800', 'Old Expense', 'expense', { active: false, is_system: false }),
];

const register = (after: string | null): RegisterResponse => ({
  account: {
    id: 1,
    number: '1000',
    name: 'Operating Checking',
    type: 'asset',
    subtype: 'bank',
    parent_id: null,
    is_system: true,
    active: true,
    description: '',
  },
  opening_balance: after ? null : 100,
  data: after
    ? [
        {
          id: 12,
          entry_id: 7,
          entry_number: 'JE-000007',
          entry_date: '2026-11-03',
          source_type: 'invoice',
          source_id: 3,
          reverses_id: null,
          reversed: false,
          company_id: null,
          company_name: null,
          vendor_id: null,
          memo: 'Invoice',
          debit: 0,
          credit: 20,
          balance: 1580,
        },
      ]
    : [
        {
          id: 10,
          entry_id: 5,
          entry_number: 'JE-000005',
          entry_date: '2026-11-01',
          source_type: 'manual',
          source_id: null,
          reverses_id: null,
          reversed: false,
          company_id: 2,
          company_name: 'Acme Dental',
          vendor_id: null,
          memo: 'Owner investment',
          debit: 1500,
          credit: 0,
          balance: 1600,
        },
        {
          id: 11,
          entry_id: 6,
          entry_number: 'JE-000006',
          entry_date: '2026-11-02',
          source_type: 'manual',
          source_id: null,
          reverses_id: null,
          reversed: true,
          company_id: null,
          company_name: null,
          vendor_id: null,
          memo: 'Typo',
          debit: 0,
          credit: 0.5,
          balance: 1599.5,
        },
      ],
  next_cursor: after ? null : '2026-11-02.11',
  per_page: 50,
});

function stubApi() {
  const posted: unknown[] = [];
  const api: ApiAnswer = (url, init) => {
    if (url === '/api/billing/settings') return jsonResponse(200, { data: { lock_date: null, time_zone: 'UTC' } });
    if (url.startsWith('/api/billing/accounts?')) {
      const body: AccountsResponse = {
        data: chart,
        as_of: new URL(url, 'http://x').searchParams.get('as_of')!,
        trial_balance_difference: 0,
      };
      return jsonResponse(200, body);
    }
    if (url.startsWith('/api/billing/accounts/1/register')) {
      return jsonResponse(200, register(new URL(url, 'http://x').searchParams.get('after')));
    }
    if (url === '/api/billing/journal-entries' && init?.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return jsonResponse(200, { message: 'Journal entry posted.', data: { id: 9, number: 'JE-000009' } });
    }
    if (url.startsWith('/api/company')) return jsonResponse(200, { data: [{ id: 2, name: 'Acme Dental' }] });
    if (url === '/api/billing/vendors') return jsonResponse(200, { data: [{ id: 5, name: 'Ingram Micro' }] });
  };
  return { api, posted };
}

describe('rules of the ledger pages', () => {
  it('orders a type’s accounts as a tree: each parent followed by its sub-accounts', () => {
    expect(accountTree(chart, 'asset').map(({ account: a, depth }) => `${depth}:${a.number}`)).toEqual([
      '0:1000',
      '1:1010',
      '0:1100',
    ]);
  });

  it('allows Post only for two or more complete lines that balance to the cent', () => {
    const line = (account_id: string | null, debit: number | '', credit: number | '') => ({
      account_id,
      debit,
      credit,
    });
    expect(canPost([line('1', 10, ''), line('2', '', 10)])).toBe(true);
    expect(canPost([line('1', 10, ''), line('2', '', 9.99)])).toBe(false);
    expect(canPost([line('1', 0.1, ''), line('2', 0.2, ''), line('3', '', 0.3)])).toBe(true); // 0.1 + 0.2 is 0.3 here
    expect(canPost([line('1', 10, ''), line(null, '', 10)])).toBe(false);
    expect(canPost([line('1', 10, 10), line('2', '', '')])).toBe(false);
    expect(canPost([line('1', 10, '')])).toBe(false);
    expect(canPost([line('1', '', ''), line('2', '', '')])).toBe(false);
  });
});

describe('/billing/ledgers', { timeout: 60_000 }, () => {
  it('shows the chart by type with balances, hides inactive accounts until asked, and the trial balance at 0.00', async () => {
    const { api } = stubApi();
    const user = userEvent.setup();
    const { fetchMock } = renderSignedIn('/billing/ledgers?as_of=2026-11-30', { permissions: ['view billing'], api });
    const table = await screen.findByRole('table', { name: 'Chart of accounts' }, firstLoad);
    expect(within(table).getByText('Assets')).toBeTruthy();
    const checking = within(table).getByRole('link', { name: 'Operating Checking' });
    expect(checking.getAttribute('href')).toBe('/billing/ledgers/1');
    expect(within(checking.closest('tr')!).getByText('1,500.00')).toBeTruthy();
    expect(within(table).getByLabelText('Expenses total').textContent).toBe('0.25');
    expect(within(table).queryByText('Old Expense')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New journal entry' })).toBeNull(); // no 'manage accounting'
    expect(
      (fetchMock.mock.calls as unknown as [string][]).some(([url]) => url === '/api/billing/accounts?as_of=2026-11-30'),
    ).toBe(true);

    await user.click(screen.getByRole('switch', { name: 'Show inactive' }));
    expect(await within(table).findByText('Old Expense')).toBeTruthy();

    await user.click(screen.getByRole('switch', { name: 'Trial balance' }));
    const trial = await screen.findByRole('table', { name: 'Trial balance' });
    expect(within(trial).getByLabelText('Total debits').textContent).toBe('1,500.25');
    expect(within(trial).getByLabelText('Total credits').textContent).toBe('1,500.25');
    expect(within(trial).getByLabelText('Trial balance difference').textContent).toBe('0.00');
  });

  it('keeps Post disabled until the lines balance, shows the difference, and posts the entry', async () => {
    const { api, posted } = stubApi();
    const user = userEvent.setup();
    renderSignedIn('/billing/ledgers?as_of=2026-11-30', { permissions: ['view billing', 'manage accounting'], api });
    await user.click(await screen.findByRole('button', { name: 'New journal entry' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'New journal entry' });
    const post = within(dialog).getByRole('button', { name: 'Post' });
    expect((post as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(dialog).getByRole('combobox', { name: 'Line 1 account' }));
    await user.click(await screen.findByRole('option', { name: '1000 Operating Checking' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Line 1 debit' }), '250.10');
    await user.click(within(dialog).getByRole('combobox', { name: 'Line 2 account' }));
    await user.click(await screen.findByRole('option', { name: "3000 Owner's Equity" }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Line 2 credit' }), '250');
    expect(within(dialog).getByLabelText('Difference').textContent).toBe('Difference 0.10');
    expect((post as HTMLButtonElement).disabled).toBe(true);

    await user.type(within(dialog).getByRole('textbox', { name: 'Line 2 credit' }), '.1');
    await waitFor(() => expect(within(dialog).getByLabelText('Difference').textContent).toBe('Difference 0.00'));
    expect((post as HTMLButtonElement).disabled).toBe(false);
    await user.click(post);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      lines: [
        { account_id: 1, debit: 250.1, credit: 0 },
        { account_id: 4, debit: 0, credit: 250.1 },
      ],
    });
  });
});

describe('party pickers', { timeout: 60_000 }, () => {
  it('asks for the company on a receivable line and the vendor on a payable line, and sends them', async () => {
    const { api, posted } = stubApi();
    const user = userEvent.setup();
    renderSignedIn('/billing/ledgers?as_of=2026-11-30', { permissions: ['view billing', 'manage accounting'], api });
    await user.click(await screen.findByRole('button', { name: 'New journal entry' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'New journal entry' });
    expect(within(dialog).queryByRole('combobox', { name: 'Line 1 company' })).toBeNull();
    await user.click(within(dialog).getByRole('combobox', { name: 'Line 1 account' }));
    await user.click(await screen.findByRole('option', { name: '1100 Accounts Receivable' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Line 1 company' }));
    await user.click(await screen.findByRole('option', { name: 'Acme Dental' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Line 1 debit' }), '5');
    await user.click(within(dialog).getByRole('combobox', { name: 'Line 2 account' }));
    await user.click(await screen.findByRole('option', { name: '2000 Accounts Payable' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Line 2 vendor' }));
    await user.click(await screen.findByRole('option', { name: 'Ingram Micro' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Line 2 credit' }), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      lines: [
        { account_id: 3, company_id: 2, vendor_id: null, debit: 5 },
        { account_id: 7, company_id: null, vendor_id: 5, credit: 5 },
      ],
    });
  });
});

describe('/billing/ledgers/{id}', { timeout: 60_000 }, () => {
  it('shows the register from its opening balance, loads more by cursor, and offers Reverse on manual entries', async () => {
    const { api } = stubApi();
    const user = userEvent.setup();
    const { fetchMock } = renderSignedIn('/billing/ledgers/1', {
      permissions: ['view billing', 'manage accounting'],
      api,
    });
    const table = await screen.findByRole('table', { name: 'Register' }, firstLoad);
    expect(screen.getByRole('heading', { name: '1000 Operating Checking' })).toBeTruthy();
    expect(within(table).getByLabelText('Opening balance').textContent).toBe('100.00');
    const first = within(table).getByText('JE-000005').closest('tr')!;
    expect(within(first).getByText('1,600.00')).toBeTruthy();
    expect(within(first).getByText('Acme Dental')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Reverse' })).toBeTruthy();
    const reversed = within(table).getByText('JE-000006').closest('tr')!;
    expect(within(reversed).queryByRole('button', { name: 'Reverse' })).toBeNull();
    expect(within(reversed).getByText('Reversed')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const third = (await within(table).findByText('JE-000007')).closest('tr')!;
    expect(within(third).queryByRole('button', { name: 'Reverse' })).toBeNull(); // an invoice's entry is voided, not reversed
    expect((fetchMock.mock.calls as unknown as [string][]).map(([url]) => url)).toContain(
      '/api/billing/accounts/1/register?after=2026-11-02.11',
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
  });
});

describe('register filters', { timeout: 60_000 }, () => {
  it('reads the date range, source and party from the URL and sends them', async () => {
    const { api } = stubApi();
    const { fetchMock } = renderSignedIn(
      '/billing/ledgers/1?from=2026-11-01&to=2026-11-30&source_type=manual&company_id=2',
      {
        permissions: ['view billing'],
        api,
      },
    );
    const table = await screen.findByRole('table', { name: 'Register' }, firstLoad);
    expect(within(table).queryByRole('button', { name: 'Reverse' })).toBeNull(); // no 'manage accounting'
    expect((fetchMock.mock.calls as unknown as [string][]).map(([url]) => url)).toContain(
      '/api/billing/accounts/1/register?from=2026-11-01&to=2026-11-30&source_type=manual&company_id=2',
    );
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Company' }) as HTMLInputElement).value).toBe('Acme Dental'),
    );
  });
});

describe('live ledger (billing channel, LedgerPosted)', { timeout: 60_000 }, () => {
  const urls = (fetchMock: ReturnType<typeof renderSignedIn>['fetchMock']) =>
    (fetchMock.mock.calls as unknown as [string][]).map(([url]) => url);

  it('reads the accounts again when another window posts an entry', async () => {
    const { api } = stubApi();
    const { fetchMock } = renderSignedIn('/billing/ledgers?as_of=2026-11-30', { permissions: ['view billing'], api });
    const table = await screen.findByRole('table', { name: 'Chart of accounts' }, firstLoad);
    await waitFor(() => expect(latestSocket().subscriptions()).toContain('billing'));
    const before = urls(fetchMock).filter((url) => url.startsWith('/api/billing/accounts?')).length;

    chart[0] = { ...chart[0]!, debit: 1750, balance: 1750 };
    act(() =>
      latestSocket().serverEmit('billing', 'LedgerPosted', {
        entry_id: 9,
        number: 'JE-000009',
        entry_date: '2026-11-20',
        accounts: [1, 4],
      }),
    );
    const checking = within(table).getByRole('link', { name: 'Operating Checking' });
    expect(await within(checking.closest('tr')!).findByText('1,750.00')).toBeTruthy();
    expect(urls(fetchMock).filter((url) => url.startsWith('/api/billing/accounts?')).length).toBe(before + 1);
    chart[0] = { ...chart[0], debit: 1500, balance: 1500 };
  });

  it('reads an open register again only for an entry that touched its account', async () => {
    const { api } = stubApi();
    const { fetchMock } = renderSignedIn('/billing/ledgers/1', { permissions: ['view billing'], api });
    await screen.findByText('Owner investment', {}, firstLoad);
    await waitFor(() => expect(latestSocket().subscriptions()).toContain('billing'));
    const registerCalls = () => urls(fetchMock).filter((url) => url.startsWith('/api/billing/accounts/1/register'));
    const before = registerCalls().length;

    const posted = (accounts: number[], entry_id: number) =>
      act(() =>
        latestSocket().serverEmit('billing', 'LedgerPosted', {
          entry_id,
          number: `JE-00000${entry_id}`,
          entry_date: '2026-11-20',
          accounts,
        }),
      );
    posted([3, 4], 8); // not this account
    posted([4, 1], 9);
    await waitFor(() => expect(registerCalls().length).toBe(before + 1));
    // The first event asked for nothing: the one refetch is the second event's (a third would show here).
    posted([1], 10);
    await waitFor(() => expect(registerCalls().length).toBe(before + 2));
  });
});
