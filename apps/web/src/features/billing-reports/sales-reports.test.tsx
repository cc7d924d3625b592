import type {
  ClientReceivedResponse,
  DorInvoicesResponse,
  DorTaxesResponse,
  InvoiceTotalsResponse,
  OutgoingSearchResponse,
  ServicesResponse,
} from '@switchboard/shared/billing/reports-sales';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { type ApiAnswer, firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';
import { salesReportCsvUrl } from './api/sales-reports.ts';
import { dorTieLine, taxPeriodOptions } from './dor-taxes-page.tsx';

// The sales report pages (issue 28 part 6; decision 0107): each page draws its answer, its filters reach the API
// through the URL, Export CSV asks the same call with format=csv.

vi.mock('socket.io-client', () => fakeSocketModule);

afterEach(() => {
  vi.unstubAllGlobals();
});

beforeAll(async () => {
  await Promise.all([
    import('./dor-taxes-page.tsx'),
    import('./dor-invoices-page.tsx'),
    import('./invoice-totals-page.tsx'),
    import('./client-received-page.tsx'),
    import('./outgoing-search-page.tsx'),
    import('./services-page.tsx'),
  ]);
});

const figures = {
  invoices: 4,
  credit_notes: 1,
  gross: 1850,
  non_taxable: 250,
  exempt: 300,
  taxable: 1300,
  tax: 107.25,
  credit_gross: -100,
  credit_taxable: -100,
  credit_tax: -8.25,
  net_taxable: 1200,
  net_tax: 99,
};
const dorTaxes = (basis: 'accrual' | 'cash'): DorTaxesResponse => ({
  period: '2026-Q1',
  label: 'Q1 2026',
  from: '2026-01-01',
  to: '2026-03-31',
  basis,
  state: null,
  data: [
    {
      tax_rate_id: 3,
      rate_name: 'Dallas',
      jurisdiction: 'TX',
      dor_code: '57905',
      percent: 8.25,
      ...figures,
      ledger_tax: basis === 'accrual' ? 99 : null,
    },
  ],
  states: [{ jurisdiction: 'TX', ...figures }],
  totals: figures,
  tie: basis === 'accrual' ? { account_number: '2100', ledger_balance: 99, difference: 0 } : null,
});
const paged = { total: 1, current_page: 1, per_page: 50, from: 1, to: 1, last_page: 1 };

const calls: string[] = [];
const api: ApiAnswer = (url) => {
  calls.push(url);
  const parsed = new URL(url, 'http://x');
  const name = parsed.pathname.replace('/api/billing/reports/', '');
  if (url.startsWith('/api/company')) return jsonResponse(200, { data: [{ id: 2, name: 'Acme Dental' }] });
  if (url.startsWith('/api/billing/accounts'))
    return jsonResponse(200, {
      data: [{ id: 1, number: '1000', name: 'Operating Checking', subtype: 'bank', active: true }],
    });
  if (url.startsWith('/api/billing/items.list')) return jsonResponse(200, { data: [{ id: 9, name: 'M365' }] });
  if (parsed.searchParams.get('format') === 'csv')
    return new Response('a,b\r\n', { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } });
  if (name === 'dortaxes')
    return jsonResponse(200, dorTaxes(parsed.searchParams.get('basis') === 'cash' ? 'cash' : 'accrual'));
  if (name === 'dorinvoices') {
    const body: DorInvoicesResponse = {
      period: '2026-Q1',
      range: { from: '2026-01-01', to: '2026-03-31' },
      basis: 'accrual',
      data: [
        {
          key: 'posted-7',
          invoice_id: 7,
          number: 'INV-000007',
          type: 'one_off',
          event: 'posted',
          date: '2026-02-10',
          company_id: 2,
          company_name: 'Gamma Church',
          tax_rate_id: 3,
          jurisdiction: 'TX',
          dor_code: '57905',
          share: 1,
          gross: 350,
          taxable: 0,
          non_taxable: 50,
          exempt: 300,
          certificate: 'EX-77',
          tax: 0,
        },
      ],
      ...paged,
      totals: { gross: 350, taxable: 0, non_taxable: 50, exempt: 300, tax: 0 },
    };
    return jsonResponse(200, body);
  }
  if (name === 'invoicetotals') {
    const period = { count: 2, subtotal: 350, tax: 8, total: 358, credit_count: 1, credits: -50, net: 308 };
    const body: InvoiceTotalsResponse = {
      from: '2026-01-01',
      to: '2026-01-31',
      group: 'month',
      type: null,
      data: [{ period: '2026-01-01', label: '2026-01', ...period }],
      by_type: [{ period: '2026-01-01', type: 'one_off', count: 2, subtotal: 350, tax: 8, total: 358 }],
      totals: period,
    };
    return jsonResponse(200, body);
  }
  if (name === 'clientreceived') {
    const monthly = parsed.searchParams.get('monthly') === '1';
    const methods = { check: 100, ach: 300, wire: 0, card: 0, cash: 0, other: 0 };
    const body: ClientReceivedResponse = {
      from: '2026-01-01',
      to: '2026-02-28',
      months: monthly ? ['2026-01', '2026-02'] : [],
      data: [
        {
          company_id: 2,
          company_name: 'Acme Dental',
          count: 2,
          methods,
          ...(monthly ? { months: [100, 300] } : {}),
          total: 400,
        },
      ],
      totals: { count: 2, methods, ...(monthly ? { months: [100, 300] } : {}), total: 400 },
    };
    return jsonResponse(200, body);
  }
  if (name === 'outgoingsearch') {
    const body: OutgoingSearchResponse = {
      data: [
        {
          id: 5,
          date: '2026-02-05',
          kind: 'vendor_payment',
          payee_id: 1,
          payee_name: 'Ingram Micro',
          method: 'check',
          reference: '10045',
          amount: 180,
          account_id: 1,
          account_number: '1000',
          account_name: 'Operating Checking',
          status: 'posted',
          memo: '',
        },
      ],
      ...paged,
      totals: { count: 1, amount: 180 },
    };
    return jsonResponse(200, body);
  }
  if (name === 'services') {
    const body: ServicesResponse = {
      range: { from: '2026-01-01', to: '2026-03-31' },
      data: [
        {
          item_id: 9,
          item_name: 'M365',
          item_type: 'cloud',
          company_id: 2,
          company_name: 'Acme Dental',
          month: '2026-01',
          quantity: 10,
          revenue: 200,
        },
      ],
      ...paged,
      totals: { quantity: 10, revenue: 200 },
      licenses: [
        {
          item_id: 9,
          item_name: 'M365',
          seats_billed: 18,
          seats_bought: 23,
          unbilled_seats: 5,
          lost_revenue: 100,
          revenue: 360,
          cost: 345,
        },
      ],
    };
    return jsonResponse(200, body);
  }
  return undefined;
};

const open = (path: string) => renderSignedIn(path, { permissions: ['view billing'], api });
const findTable = (name: string) => screen.findByRole('table', { name }, firstLoad);

describe('pure helpers', () => {
  it('offers this year’s quarters and months up to today, then last year’s', () => {
    const options = taxPeriodOptions('2026-05-10').map((option) => option.value);
    expect(options.slice(0, 7)).toEqual(['2026-Q2', '2026-Q1', '2026-05', '2026-04', '2026-03', '2026-02', '2026-01']);
    expect(options).toContain('2025-Q4');
    expect(options).not.toContain('2026-Q3');
  });

  it('says the tie on accrual and why there is none on cash', () => {
    expect(dorTieLine(dorTaxes('accrual'))).toBe(
      'Sales Tax Payable (2100) 2026-01-01 to 2026-03-31: $99.00; difference $0.00',
    );
    expect(dorTieLine(dorTaxes('cash'))).toMatch(/^Cash basis/);
  });

  it('builds the CSV URL without the page', () => {
    expect(salesReportCsvUrl('dorinvoices', { period: '2026-Q1', page: '2' })).toBe(
      '/api/billing/reports/dorinvoices?period=2026-Q1&format=csv',
    );
  });
});

describe('pages', { timeout: 60_000 }, () => {
  it('DOR Taxes: rows, state totals, the tie; the basis goes to the API', async () => {
    const user = userEvent.setup();
    open('/billing/reports/dortaxes?period=2026-Q1');
    const table = await findTable('DOR taxes');
    const row = within(table).getByText('Dallas 8.25%').closest('tr')!;
    expect(within(row).getByText('57905')).toBeTruthy();
    expect(within(row).getAllByText('99.00')).toHaveLength(2); // net tax and ledger
    expect(screen.getByRole('table', { name: 'Totals by state' })).toBeTruthy();
    expect(screen.getByLabelText('Tie to the ledger').textContent).toContain('difference $0.00');
    await user.click(screen.getByRole('combobox', { name: 'Basis' }));
    await user.click(await screen.findByRole('option', { name: 'Cash (payments)' }));
    await waitFor(() => expect(screen.getByLabelText('Tie to the ledger').textContent).toMatch(/^Cash basis/));
    expect(calls.some((url) => url.includes('/dortaxes?') && url.includes('basis=cash'))).toBe(true);
  });

  it('DOR Invoices: the certificate and the exempt figure', async () => {
    open('/billing/reports/dorinvoices?period=2026-Q1');
    const table = await findTable('DOR invoices');
    const row = within(table).getByText('Gamma Church').closest('tr')!;
    expect(within(row).getByText('EX-77')).toBeTruthy();
    expect(within(row).getAllByText('300.00').length).toBeGreaterThan(0);
  });

  it('Invoice Totals: the period row with credits and net', async () => {
    open('/billing/reports/invoicetotals');
    const table = await findTable('Invoice totals');
    const row = within(table).getByText('2026-01', { selector: 'td' }).closest('tr')!;
    expect(within(row).getByText('-50.00')).toBeTruthy();
    expect(within(row).getByText('308.00')).toBeTruthy();
  });

  it('Client Received Totals: monthly columns when asked', async () => {
    open('/billing/reports/clientreceived?monthly=1');
    const table = await findTable('Client received totals');
    expect(within(table).getByRole('columnheader', { name: '2026-02' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'ACH' })).toBeTruthy();
    const row = within(table).getByText('Acme Dental').closest('tr')!;
    expect(within(row).getAllByText('300.00')).toHaveLength(2);
  });

  it('Outgoing Search: the payee typed reaches the API', async () => {
    const user = userEvent.setup();
    open('/billing/reports/outgoingsearch');
    const table = await findTable('Outgoing payments');
    expect(within(table).getByText('Ingram Micro')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Payee' }), 'ingr');
    await waitFor(() => expect(calls.some((url) => url.includes('/outgoingsearch?payee=ingr'))).toBe(true));
  });

  it('Services: the licences table with lost revenue', async () => {
    open('/billing/reports/services');
    await findTable('Services billed');
    const licences = screen.getByRole('table', { name: 'Licences' });
    const row = within(licences).getByText('M365').closest('tr')!;
    expect(within(row).getByText('5')).toBeTruthy();
    expect(within(row).getByText('100.00')).toBeTruthy();
  });
});
