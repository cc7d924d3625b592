import type {
  BalanceSheetResponse,
  ClientOverviewResponse,
  IncomeStatementResponse,
  VerifyTransactionsResponse,
} from '@switchboard/shared/billing/reports-ledger';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { firstLoad, renderSignedIn, type ApiAnswer } from '../../test/render-signed-in.tsx';
import { balanceTitle } from './balance-sheet-page.tsx';

// Balance Sheet, Income Statement and Verify Transactions pages (designs/billing.md §5): the figures the API answers
// laid out by section with totals, the A = L + E check, monthly and comparison columns, filters in the URL and the
// API query, Pass/Fail with the drill-down of a failed check.

vi.mock('socket.io-client', () => fakeSocketModule);

afterEach(() => {
  vi.unstubAllGlobals();
});

const row = (number: string, name: string, amount: number, compare: number | null = null) => ({
  account_id: Number(number),
  number,
  name,
  subtype: 'other' as const,
  amount,
  compare,
  computed: false,
});

const sheet = (url: URL, difference = 0): BalanceSheetResponse => {
  const compared = url.searchParams.get('compare') === 'prior_month';
  const c = (value: number) => (compared ? value : null);
  return {
    as_of: url.searchParams.get('as_of') ?? '2026-11-27',
    compare: compared ? 'prior_month' : 'none',
    compare_as_of: compared ? '2026-10-31' : null,
    fiscal_year_start: '2026-01-01',
    sections: [
      {
        key: 'assets',
        label: 'Assets',
        rows: [row('1000', 'Operating Checking', 5145, c(5105)), row('1100', 'Accounts Receivable', 300, c(300))],
        total: 5445,
        compare_total: c(5405),
      },
      {
        key: 'liabilities',
        label: 'Liabilities',
        rows: [row('2100', 'Sales Tax Payable', 20, c(20))],
        total: 20,
        compare_total: c(20),
      },
      {
        key: 'equity',
        label: 'Equity',
        rows: [
          row('3000', "Owner's Equity", 5000, c(5000)),
          {
            ...row('0', 'Current-year earnings', 425 - difference, c(385)),
            account_id: null,
            number: '',
            computed: true,
          },
        ],
        total: 5425 - difference,
        compare_total: c(5385),
      },
    ],
    totals: {
      assets: 5445,
      liabilities_and_equity: 5445 - difference,
      compare_assets: c(5405),
      compare_liabilities_and_equity: c(5405),
    },
    check: { difference, compare_difference: c(0), balanced: difference === 0 },
    tie: { trial_balance_difference: difference },
  };
};

const statement = (url: URL): IncomeStatementResponse => {
  const monthly = url.searchParams.get('monthly') === '1';
  const m = (...values: number[]) => (monthly ? values : []);
  return {
    from: '2026-01-01',
    to: '2026-02-28',
    compare: 'none',
    compare_from: null,
    compare_to: null,
    company: null,
    months: monthly ? ['2026-01-01', '2026-02-01'] : [],
    sections: [
      {
        key: 'income',
        label: 'Income',
        rows: [{ ...row('4000', 'Managed Services', 1280.5), monthly: m(1000, 280.5) }],
        total: 1280.5,
        compare_total: null,
        monthly_totals: m(1000, 280.5),
      },
      {
        key: 'cost_of_sales',
        label: 'Cost of sales',
        rows: [{ ...row('5000', 'Cost of Hardware', 80), monthly: m(0, 80) }],
        total: 80,
        compare_total: null,
        monthly_totals: m(0, 80),
      },
      { key: 'expenses', label: 'Expenses', rows: [], total: 0, compare_total: null, monthly_totals: m(0, 0) },
    ],
    gross_margin: { amount: 1200.5, compare: null, monthly: m(1000, 200.5) },
    net_income: { amount: 1200.5, compare: null, monthly: m(1000, 200.5) },
    tie: { ledger_net_income: 1200.5, difference: 0 },
  };
};

const verify = (failing: boolean): VerifyTransactionsResponse => ({
  as_of: '2026-11-27',
  checked_at: '2026-11-27T10:00:00.000Z',
  passed: !failing,
  checks: [
    {
      key: 'trial_balance',
      label: 'Trial balance is 0',
      passed: true,
      detail: 'Debits $10.00, credits $10.00',
      problems: [],
      problem_count: 0,
    },
    {
      key: 'rollups',
      label: 'Monthly rollups = lines',
      passed: !failing,
      detail: failing ? '1 account-months differ' : '0 account-months differ',
      problems: failing
        ? [{ kind: 'account', id: 1, label: '1000 2026-03', expected: 49.99, actual: 50.99, difference: 1 }]
        : [],
      problem_count: failing ? 1 : 0,
    },
  ],
});

function answer(handlers: Record<string, (url: URL) => unknown>): ApiAnswer {
  return (raw) => {
    const url = new URL(raw, 'http://localhost');
    const handler = handlers[url.pathname];
    return handler ? jsonResponse(200, handler(url)) : undefined;
  };
}

describe('Balance Sheet page', { timeout: 60_000 }, () => {
  it('shows the sections with totals and the A = L + E check, and sends the comparison to the API', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderSignedIn('/billing/reports/balancesheet?as_of=2026-11-27', {
      permissions: ['view billing'],
      api: answer({ '/api/billing/reports/balancesheet': (url) => sheet(url) }),
    });
    const table = await screen.findByRole('table', { name: 'Balance sheet' }, firstLoad);
    const rowNamed = (name: string) => within(table).getByRole('row', { name: new RegExp(name) });
    expect(within(rowNamed('1000 Operating Checking')).getByText('5,145.00')).toBeTruthy();
    expect(within(rowNamed('Total Assets')).getByText('5,445.00')).toBeTruthy();
    expect(within(rowNamed('Current-year earnings')).getByText('425.00')).toBeTruthy();
    expect(within(rowNamed('Total Liabilities and Equity')).getByText('5,445.00')).toBeTruthy();
    expect(screen.getByText('Assets = Liabilities + Equity')).toBeTruthy();

    await user.click(screen.getByPlaceholderText('No comparison'));
    await user.click(await screen.findByRole('option', { name: 'Prior month end' }, firstLoad));
    await screen.findByRole('columnheader', { name: '2026-10-31' }, firstLoad);
    expect(within(rowNamed('1000 Operating Checking')).getByText('5,105.00')).toBeTruthy();
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toContain('/api/billing/reports/balancesheet?as_of=2026-11-27&compare=prior_month');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/billing/reports/balancesheet?as_of=2026-11-27&compare=prior_month&format=csv',
    );
  });

  it('says by how much the books are out of balance', async () => {
    renderSignedIn('/billing/reports/balancesheet', {
      permissions: ['view billing'],
      api: answer({ '/api/billing/reports/balancesheet': (url) => sheet(url, 1) }),
    });
    expect(await screen.findByText('Out of balance by 1.00', undefined, firstLoad)).toBeTruthy();
    expect(balanceTitle(0)).toBe('Assets = Liabilities + Equity');
    expect(balanceTitle(-2.5)).toBe('Out of balance by -2.50');
  });
});

describe('Income Statement page', { timeout: 60_000 }, () => {
  it('shows income, cost of sales, gross margin and net income, with monthly columns on request', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderSignedIn('/billing/reports/incomestatement', {
      permissions: ['view billing'],
      api: answer({ '/api/billing/reports/incomestatement': statement }),
    });
    const table = await screen.findByRole('table', { name: 'Income statement' }, firstLoad);
    const rowNamed = (name: string) => within(table).getByRole('row', { name: new RegExp(name) });
    expect(within(rowNamed('Gross margin')).getByText('1,200.50')).toBeTruthy();
    expect(within(rowNamed('Net income')).getByText('1,200.50')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '2026-01-01 to 2026-02-28' })).toBeTruthy();

    await user.click(screen.getByRole('switch', { name: 'Monthly columns' }));
    await screen.findByRole('columnheader', { name: 'Jan 2026' }, firstLoad);
    const monthly = screen.getByRole('table', { name: 'Income statement' });
    const cells = within(within(monthly).getByRole('row', { name: /Gross margin/ })).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['Gross margin', '1,000.00', '200.50', '1,200.50']);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/api/billing/reports/incomestatement?monthly=1',
    );
  });
});

describe('Verify Transactions page', { timeout: 60_000 }, () => {
  it('shows Pass for every check on clean books', async () => {
    renderSignedIn('/billing/reports/verifytransactions', {
      permissions: ['view billing'],
      api: answer({ '/api/billing/reports/verifytransactions': () => verify(false) }),
    });
    expect(await screen.findByText('All 2 checks passed as of 2026-11-27.', undefined, firstLoad)).toBeTruthy();
    const rollups = screen.getByRole('region', { name: 'Monthly rollups = lines' });
    expect(within(rollups).getByText('Pass')).toBeTruthy();
    expect(within(rollups).queryByRole('table')).toBeNull();
  });

  it('shows a failed check with its findings', async () => {
    renderSignedIn('/billing/reports/verifytransactions', {
      permissions: ['view billing'],
      api: answer({ '/api/billing/reports/verifytransactions': () => verify(true) }),
    });
    expect(await screen.findByText('1 of 2 checks failed as of 2026-11-27.', undefined, firstLoad)).toBeTruthy();
    const rollups = screen.getByRole('region', { name: 'Monthly rollups = lines' });
    expect(within(rollups).getByText('Fail')).toBeTruthy();
    const findings = within(rollups).getByRole('table', { name: 'Monthly rollups = lines: findings' });
    const cells = within(findings)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['1000 2026-03', '49.99', '50.99', '1.00']);
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Trial balance is 0' })).getByText('Pass')).toBeTruthy(),
    );
  });
});

const overviewRow = (id: number, name: string, withContract: boolean) => ({
  company_id: id,
  company_name: name,
  contract: withContract
    ? { id: 3, start_date: '2026-01-01', end_date: '2026-12-31', retainer_hours: 10, retainer_item: 'Managed' }
    : null,
  mrr: withContract ? 1281 : 0,
  revenue_t12m: withContract ? 1460 : 0,
  billable_hours_t12m: withContract ? 10 : 0,
  effective_rate: withContract ? 146 : null,
  average_days_to_pay: withContract ? 21 : null,
  balance: withContract ? 500 : 0,
});

const overview = (url: URL): ClientOverviewResponse => {
  const one = url.searchParams.get('company_id');
  const data = one
    ? [overviewRow(7, 'Acme Dental', true)]
    : [overviewRow(7, 'Acme Dental', true), overviewRow(8, 'Birch Legal', false)];
  return {
    period_from: '2025-11-28',
    period_to: '2026-11-27',
    data,
    total: data.length,
    current_page: 1,
    per_page: 50,
    from: 1,
    to: data.length,
    last_page: 1,
    ...(one
      ? {
          months: [
            { month: '2026-10', retainer: 10, used: 4, revenue: 1000 },
            { month: '2026-11', retainer: 10, used: 12.5, revenue: 460 },
          ],
        }
      : {}),
  };
};

describe('Client Overview page', { timeout: 60_000 }, () => {
  it('lists companies with their figures and opens one with its months', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderSignedIn('/billing/reports/clientoverview', {
      permissions: ['view billing'],
      api: answer({ '/api/billing/reports/clientoverview': overview, '/api/company': () => ({ data: [] }) }),
    });
    const table = await screen.findByRole('table', { name: 'Client overview' }, firstLoad);
    const acme = within(table).getByRole('row', { name: /Acme Dental/ });
    expect(
      within(acme)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Acme Dental',
      'Managed, 2026-01-01 to 2026-12-31',
      '1,281.00',
      '1,460.00',
      '10.00',
      '146.00',
      '21',
      '500.00',
    ]);
    expect(within(within(table).getByRole('row', { name: /Birch Legal/ })).getByText('No contract')).toBeTruthy();

    await user.click(within(acme).getByRole('button', { name: 'Acme Dental' }));
    const months = await screen.findByRole('table', { name: 'Months' }, firstLoad);
    const november = within(months).getByRole('row', { name: /2026-11/ });
    expect(
      within(november)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2026-11', '10.00', '12.50', '460.00']);
    expect(screen.getByText('Hours used vs retainer')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/api/billing/reports/clientoverview?company_id=7',
    );
  });
});
