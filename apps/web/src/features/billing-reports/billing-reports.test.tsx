import type {
  AgedReceivablesResponse,
  ClientBalancesResponse,
  InvoiceLogResponse,
  InvoiceRegisterResponse,
} from '@switchboard/shared/billing/reports';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeSocketModule, latestSocket } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { renderSignedIn, type ApiAnswer } from '../../test/render-signed-in.tsx';
import { reportCsvUrl } from './api/reports.ts';
import { tieLine } from './aged-receivables-page.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

afterEach(() => {
  vi.unstubAllGlobals();
});

// Route chunks load on first use; on a busy machine that takes longer than findBy's default second.
beforeAll(async () => {
  await Promise.all([
    import('./aged-receivables-page.tsx'),
    import('./client-balances-page.tsx'),
    import('./invoice-register-page.tsx'),
    import('./invoice-log-page.tsx'),
  ]);
});
// As the other billing page tests: on a loaded 2-core machine a whole-app render can take over 10 s.
vi.setConfig({ testTimeout: 60_000 });
const findTable = (name: string) => screen.findByRole('table', { name }, { timeout: 30_000 });

const buckets = [
  { label: 'Current', from: null, to: 0 },
  { label: '1-30', from: 1, to: 30 },
  { label: '31-60', from: 31, to: 60 },
  { label: '61-90', from: 61, to: 90 },
  { label: '91+', from: 91, to: null },
];
let agedTotal = 140;
const aged = (url: URL): AgedReceivablesResponse => ({
  as_of: url.searchParams.get('as_of') ?? '2026-11-27',
  basis: 'due_date',
  buckets,
  data: [
    {
      company_id: 2,
      company_name: 'Acme Dental',
      buckets: [0, 0, agedTotal + 80, 0, 0],
      credits: -80,
      total: agedTotal,
    },
  ],
  totals: { buckets: [0, 0, agedTotal + 80, 0, 0], credits: -80, total: agedTotal },
  tie: { account_number: '1100', ledger_balance: agedTotal, difference: 0 },
  ...(url.searchParams.get('company_id')
    ? {
        items: [
          {
            type: 'one_off',
            id: 7,
            label: 'INV-000007',
            date: '2026-02-01',
            due_date: '2026-02-21',
            days: 38,
            bucket: 2,
            amount: 220,
          },
          {
            type: 'payment',
            id: 3,
            label: '1001',
            date: '2026-02-10',
            due_date: null,
            days: null,
            bucket: null,
            amount: -80,
          },
        ],
      }
    : {}),
});

/** The reports' calls; the shell's own (session, notifications, time clock) are renderSignedIn's. */
const api: ApiAnswer = (url) => {
  const parsed = new URL(url, 'http://x');
  if (url.startsWith('/api/company')) return jsonResponse(200, { data: [{ id: 2, name: 'Acme Dental' }] });
  if (parsed.pathname === '/api/billing/reports/agedreceivables') return jsonResponse(200, aged(parsed));
  if (parsed.pathname === '/api/billing/reports/clientbalances') {
    const body: ClientBalancesResponse = {
      as_of: '2026-11-27',
      data: [
        {
          company_id: 2,
          company_name: 'Acme Dental',
          invoiced: 1350,
          credited: 0,
          received: 210,
          open: 220,
          overdue: 220,
          unapplied_credit: 80,
          balance: 140,
          last_payment_date: '2026-03-05',
          last_payment_amount: 60,
        },
      ],
      totals: {
        invoiced: 1350,
        credited: 0,
        received: 210,
        open: 220,
        overdue: 220,
        unapplied_credit: 80,
        balance: 140,
      },
    };
    return jsonResponse(200, body);
  }
  if (parsed.pathname === '/api/billing/reports/invoiceregister') {
    const body: InvoiceRegisterResponse = {
      data: [
        {
          id: 7,
          number: 'INV-000007',
          invoice_date: '2026-02-01',
          company_id: 2,
          company_name: 'Acme Dental',
          type: 'one_off',
          subtotal: 230,
          tax_total: 20,
          total: 250,
          paid: 30,
          balance: 220,
          due_date: '2026-02-21',
          status: 'Overdue',
        },
      ],
      total: 120,
      current_page: Number(parsed.searchParams.get('page') ?? 1),
      per_page: 50,
      from: 1,
      to: 50,
      last_page: 3,
      totals: { count: 120, subtotal: 23000, tax_total: 2000, total: 25000, paid: 3000, balance: 22000 },
    };
    return jsonResponse(200, body);
  }
  if (parsed.pathname === '/api/billing/reports/invoicelog') {
    const body: InvoiceLogResponse = {
      data: [
        {
          id: 1,
          at: '2026-01-01T10:05:00.000Z',
          event: 'sent',
          invoice_id: 7,
          invoice_label: 'INV-000007',
          company_id: 2,
          company_name: 'Acme Dental',
          user_id: 1,
          user_name: 'Ada Admin',
          detail: 'to ap@acme.test, sent',
        },
      ],
      total: 1,
      current_page: 1,
      per_page: 50,
      from: 1,
      to: 1,
      last_page: 1,
    };
    return jsonResponse(200, body);
  }
  return undefined;
};

/** Renders the app at `path` for a 'view billing' employee; answers the fetch mock (every call made). */
const render = (path: string) => renderSignedIn(path, { permissions: ['view billing'], api }).fetchMock;

const urls = (fetchMock: ReturnType<typeof render>) =>
  (fetchMock.mock.calls as unknown as [string][]).map(([url]) => url);

describe('report helpers', () => {
  it('words the tie line with dollars and the difference', () => {
    expect(tieLine(1234.5, 0)).toBe('Ties to Accounts Receivable (1100): $1,234.50, difference $0.00');
    expect(tieLine(-3, 0.01)).toBe('Ties to Accounts Receivable (1100): -$3.00, difference $0.01');
  });

  it('builds the CSV link from the filters, without the page', () => {
    expect(reportCsvUrl('invoiceregister', { type: 'credit_note', page: '3', per_page: '20' })).toBe(
      '/api/billing/reports/invoiceregister?type=credit_note&format=csv',
    );
  });
});

describe('/billing/reports/agedreceivables', () => {
  it('sends the URL filters, shows buckets, totals, the tie line and the CSV link with the filters', async () => {
    const fetchMock = render('/billing/reports/agedreceivables?as_of=2026-03-31&basis=invoice_date&hide_zero=1');
    const table = await findTable('Aged receivables');
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Company',
      'Current',
      '1-30',
      '31-60',
      '61-90',
      '91+',
      'Unapplied credits',
      'Total',
    ]);
    expect(within(table).getByLabelText('Total Total').textContent).toBe('140.00');
    expect(screen.getByLabelText('Tie to Accounts Receivable').textContent).toBe(
      'Ties to Accounts Receivable (1100): $140.00, difference $0.00',
    );
    expect(urls(fetchMock)).toContain(
      '/api/billing/reports/agedreceivables?as_of=2026-03-31&basis=invoice_date&hide_zero=1',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/billing/reports/agedreceivables?as_of=2026-03-31&basis=invoice_date&hide_zero=1&format=csv',
    );
  });

  it('drills down to a company’s open items', async () => {
    const user = userEvent.setup();
    const fetchMock = render('/billing/reports/agedreceivables?as_of=2026-03-31');
    const table = await findTable('Aged receivables');
    await user.click(within(table).getByRole('button', { name: 'Acme Dental' }));
    const items = await findTable('Open items');
    expect(within(items).getByText('INV-000007').closest('tr')!.textContent).toContain('31-60');
    expect(within(items).getByText('1001').closest('tr')!.textContent).toContain('Unapplied credit');
    expect(urls(fetchMock)).toContain('/api/billing/reports/agedreceivables?as_of=2026-03-31&company_id=2');
  });

  it('reads again when another window records a payment (PaymentUpdated on billing)', async () => {
    const fetchMock = render('/billing/reports/agedreceivables');
    const table = await findTable('Aged receivables');
    await waitFor(() => expect(latestSocket().subscriptions()).toContain('billing'));
    const before = urls(fetchMock).filter((url) => url.includes('agedreceivables')).length;
    agedTotal = 90;
    act(() => latestSocket().serverEmit('billing', 'PaymentUpdated', { id: 4, company_id: 2 }));
    await waitFor(() => expect(within(table).getByLabelText('Total Total').textContent).toBe('90.00'));
    expect(urls(fetchMock).filter((url) => url.includes('agedreceivables')).length).toBe(before + 1);
    act(() => latestSocket().serverEmit('billing', 'InvoiceUpdated', { id: 7, company_id: 2 }));
    await waitFor(() =>
      expect(urls(fetchMock).filter((url) => url.includes('agedreceivables')).length).toBe(before + 2),
    );
    agedTotal = 140;
  });

  it('reads again on the events of purchasing and stock: BillUpdated, ReceiptPosted, StockUpdated', async () => {
    const fetchMock = render('/billing/reports/agedreceivables');
    await findTable('Aged receivables');
    await waitFor(() => expect(latestSocket().subscriptions()).toContain('billing'));
    const reads = () => urls(fetchMock).filter((url) => url.includes('agedreceivables')).length;
    const before = reads();
    const events: [string, object][] = [
      ['BillUpdated', { id: 3, vendor_id: 1 }],
      ['ReceiptPosted', { id: 5, po_id: 2 }],
      ['StockUpdated', { item_ids: [9], location_id: 1 }],
    ];
    for (const [index, [event, payload]] of events.entries()) {
      act(() => latestSocket().serverEmit('billing', event, payload));
      await waitFor(() => expect(reads()).toBe(before + index + 1));
    }
  });
});

describe('the other reports', () => {
  it('client balances: columns, totals and the overdue-only switch in the URL', async () => {
    const user = userEvent.setup();
    const fetchMock = render('/billing/reports/clientbalances');
    const table = await findTable('Client balances');
    const row = within(table).getByText('Acme Dental').closest('tr')!;
    expect(row.textContent).toContain('1,350.00');
    expect(row.textContent).toContain('2026-03-05 (60.00)');
    expect(within(table).getByLabelText('Total Balance').textContent).toBe('140.00');
    await user.click(screen.getByRole('switch', { name: 'Overdue only' }));
    await waitFor(() => expect(urls(fetchMock)).toContain('/api/billing/reports/clientbalances?overdue_only=1'));
  });

  it('invoice register: rows, totals of all pages, filters and pages in the URL', async () => {
    const user = userEvent.setup();
    const fetchMock = render('/billing/reports/invoiceregister?status=overdue');
    const table = await findTable('Invoice register');
    expect(within(table).getByText('INV-000007').closest('tr')!.textContent).toContain('Overdue');
    expect(within(table).getByLabelText('Total Number').textContent).toBe('Total (120)');
    expect(within(table).getByLabelText('Total Total').textContent).toBe('25,000.00');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(urls(fetchMock)).toContain('/api/billing/reports/invoiceregister?status=overdue&page=2'),
    );
  });

  it('invoice log: who, what and to whom', async () => {
    render('/billing/reports/invoicelog?event=sent');
    const table = await findTable('Invoice log');
    const row = within(table).getByText('INV-000007').closest('tr')!;
    expect(row.textContent).toContain('Mailed');
    expect(row.textContent).toContain('Ada Admin');
    expect(row.textContent).toContain('to ap@acme.test, sent');
  });
});
