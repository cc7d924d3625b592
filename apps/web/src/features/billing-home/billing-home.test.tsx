import type { BillingRunDetail, RunCompanyRow, RunCompanyStatus } from '@switchboard/shared/billing/runs';
import { act, configure, getConfig, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-stub.ts';
import { fakeSocketModule, latestSocket } from '../../test/fake-socket.ts';
import { renderApp } from '../../test/render.tsx';
import { firstLoad, shellRoutes, signIn } from '../../test/render-signed-in.tsx';
import { liveRefetchWindowMs, type BillingSummary } from './api/billing-home.ts';
import { runMonthOptions } from './components/run-card.tsx';

// /billing (issue 27 part 11): the cards, the run card's counts and buttons by permission, the review panel, the work
// queues, the report links and the live refetch. The run's routes are stubbed with the shapes of shared runs.ts.

vi.mock('socket.io-client', () => fakeSocketModule);
// recharts draws nothing measurable in jsdom; the charts' module is the page's lazy chunk, stood in for here.
vi.mock('./components/billing-charts.tsx', () => ({ BillingCharts: () => <p>Charts</p> }));
// The invoices feature's drawer has its own tests; here it only has to open on the invoice clicked.
vi.mock('../billing-invoices/invoice-drawer.tsx', () => ({
  InvoiceDrawer: ({ invoiceId }: { invoiceId: number | null }) => <p>Invoice drawer {invoiceId}</p>,
}));

const defaultAsyncTimeout = getConfig().asyncUtilTimeout;
beforeAll(() => configure({ asyncUtilTimeout: 4000 }));
afterAll(() => configure({ asyncUtilTimeout: defaultAsyncTimeout }));

const summary = (month = '2026-11'): BillingSummary => ({
  today: '2026-11-27',
  month,
  cards: {
    ar_open: 1200,
    ar_overdue: 700,
    unapplied_credits: 200,
    ap_due_14_days: 2150.5,
    mrr: 1290.99,
    invoiced_this_month: 1700,
    collected_this_month: 700.5,
  },
  queues: {
    drafts: 3,
    run_drafts: 1,
    failed_deliveries: 2,
    bills_due: 4,
    pos_awaiting_receipt: 5,
    pos_partly_received: 2,
    below_reorder: 6,
  },
  monthly: [],
  aging: { buckets: [], credits: 0, total: 0 },
});

const company = (id: number, name: string, extra: Partial<RunCompanyRow> = {}): RunCompanyRow => ({
  company_id: id,
  company_name: name,
  status: 'drafted',
  invoices: [],
  total: 0,
  warnings: [],
  error: '',
  updated_at: '2026-11-01T06:00:00.000Z',
  ...extra,
});

const reviewRows: RunCompanyRow[] = [
  company(11, 'Acme Dental', {
    total: 1375,
    invoices: [
      {
        id: 501,
        label: 'Draft 501',
        type: 'contract',
        status: 'draft',
        state: 'Draft',
        total: 1375,
        previous_total: 1100,
        change_percent: 25,
      },
    ],
  }),
  company(12, 'Birch Legal', {
    total: 510,
    warnings: [{ code: 'no_billing_contact', message: 'No billing contact with an e-mail.' }],
    invoices: [
      {
        id: 502,
        label: 'Draft 502',
        type: 'contract',
        status: 'draft',
        state: 'Draft',
        total: 510,
        previous_total: 500,
        change_percent: 2,
      },
    ],
  }),
  company(13, 'Cedar Clinic', { status: 'posted', total: 90 }),
];

function runDetail(counts: Partial<Record<RunCompanyStatus, number>>, query: URLSearchParams) {
  const failed = [company(14, 'Delta Dental', { status: 'failed', error: 'The company has no tax rate.' })];
  const rows = query.get('status') === 'failed' ? failed : reviewRows;
  const detail: BillingRunDetail = {
    run: {
      id: 3,
      month: '2026-11',
      status: 'drafted',
      started_by: 1,
      started_at: '2026-11-01T06:00:00.000Z',
      finished_at: null,
      counts: { pending: 0, drafted: 2, skipped: 0, failed: 1, approved: 0, posted: 1, sent: 0, ...counts },
      clean_drafts: 1,
    },
    data: rows,
    current_page: 1,
    per_page: 50,
    total: rows.length,
    last_page: 1,
  };
  return detail;
}

function stub(permissions: string[], counts: Partial<Record<RunCompanyStatus, number>> = {}) {
  return stubApi({
    ...shellRoutes(permissions),
    'GET /api/billing/summary': (call) => [
      200,
      { data: summary(new URL(call.url, 'http://x').searchParams.get('month') ?? '2026-11') },
    ],
    'GET /api/billing/runs/2026-11': (call) => [200, runDetail(counts, new URL(call.url, 'http://x').searchParams)],
    'GET /api/billing/runs/2026-10': [
      200,
      { run: null, data: [], current_page: 1, per_page: 20, total: 0, last_page: 1 } satisfies BillingRunDetail,
    ],
    'POST /api/billing/runs/2026-11': [200, { message: 'The run of November 2026 started.' }],
    'POST /api/billing/runs/2026-11/approve': [
      200,
      {
        message: '1 approved.',
        data: { done: [11], failed: [{ id: 12, message: 'Only a drafted company can be approved.' }] },
      },
    ],
    'POST /api/billing/runs/2026-11/post': [200, { message: 'Posted 1 invoice.' }],
    'POST /api/billing/runs/2026-11/companies/12/refresh': [200, { message: 'Refreshed.' }],
    'GET /api/billing/invoices/501': [
      200,
      {
        data: {
          id: 501,
          label: 'Draft 501',
          tax_total: 0,
          total: 1375,
          lines: [
            {
              id: 1,
              line_no: 1,
              kind: 'retainer',
              description: 'Managed Services Retainer, November 2026',
              quantity: 11,
              unit_price: 125,
              amount: 1375,
              explain: { summary: '11 devices × $125.00' },
            },
          ],
        },
      },
    ],
  });
}

describe('the run month picker', () => {
  it('offers this month first, then the 23 before it', () => {
    const options = runMonthOptions('2026-02');
    expect(options).toHaveLength(24);
    expect(options[0]).toEqual({ value: '2026-02', label: 'This month (February 2026)' });
    expect(options[1]).toEqual({ value: '2026-01', label: 'January 2026' });
    expect(options[2]).toEqual({ value: '2025-12', label: 'December 2025' });
  });
});

describe('/billing', { timeout: 45_000 }, () => {
  it("shows the cards, the run's counts and failures, and no approve or post without 'approve billing'", async () => {
    signIn();
    const api = stub(['view billing']);
    const user = userEvent.setup();
    renderApp('/billing');

    expect((await screen.findByLabelText('AR open', {}, firstLoad)).textContent).toBe('$1,200.00');
    expect(screen.getByLabelText('AR overdue').textContent).toBe('$700.00');
    expect(screen.getByLabelText('Unapplied credits').textContent).toBe('$200.00');
    expect(screen.getByLabelText('AP due in 14 days').textContent).toBe('$2,150.50');
    expect(screen.getByLabelText('MRR').textContent).toBe('$1,290.99');
    expect(screen.getByLabelText('Collected this month').textContent).toBe('$700.50');

    const card = await screen.findByLabelText('Billing run', {}, firstLoad);
    expect((await within(card).findByLabelText('Drafted companies')).textContent).toBe('2');
    expect(within(card).getByLabelText('Posted companies').textContent).toBe('1');
    expect(within(card).getByLabelText('Failed companies').textContent).toBe('1');
    expect(within(card).getByText('Delta Dental: The company has no tax rate.')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Approve all without warnings' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Post approved' })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/billing/runs/2026-11')).toHaveLength(1));
    expect(await screen.findByText('The run of November 2026 started.')).toBeTruthy();

    // Work queues and reports are links to where the work is.
    const link = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');
    expect(link('Drafts to review')).toBe('/billing/invoices?status=draft');
    expect(link('Drafts of the November 2026 run')).toBe('/billing/invoices?status=draft&run_month=2026-11');
    expect(link('Failed deliveries')).toBe('/billing/invoices?delivery=failed');
    expect(screen.getByLabelText('Failed deliveries count').textContent).toBe('2');
    expect(link('POs awaiting receipt')).toBe('/billing/purchaseorders?status=ordered');
    expect(screen.getByLabelText('POs awaiting receipt count').textContent).toBe('5');
    expect(link('2 partly received')).toBe('/billing/purchaseorders?status=partial');
    expect(link('Items below reorder point')).toBe('/billing/inventory?below_reorder=1');
    expect(screen.getByLabelText('Items below reorder point count').textContent).toBe('6');
    expect(link('Bills due')).toBe('/billing/payments/make');
    expect(screen.getByLabelText('Bills due count').textContent).toBe('4');
    const reports = screen.getByRole('navigation', { name: 'Billing reports' });
    const reportHref = (name: string) => within(reports).getByRole('link', { name }).getAttribute('href');
    expect(reportHref('Aged Receivables')).toBe('/billing/reports/agedreceivables');
    expect(reportHref('Invoice Register')).toBe('/billing/reports/invoiceregister');
    expect(within(reports).getAllByRole('link').length).toBeGreaterThanOrEqual(15);
  });

  it("approves the clean drafts and posts the approved with 'approve billing'", async () => {
    signIn();
    const api = stub(['view billing', 'approve billing'], { approved: 2 });
    const user = userEvent.setup();
    renderApp('/billing');
    const card = await screen.findByLabelText('Billing run', {}, firstLoad);
    await within(card).findByLabelText('Approved companies');

    const approveClean = within(card).getByRole('button', { name: 'Approve all without warnings' });
    expect((approveClean as HTMLButtonElement).disabled).toBe(false);
    await user.click(approveClean);
    await waitFor(() => expect(api.callsTo('POST', '/api/billing/runs/2026-11/approve')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/billing/runs/2026-11/approve')[0]!.body).toEqual({ clean: true });
    expect(await screen.findByText('12: Only a drafted company can be approved.')).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Post approved' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/billing/runs/2026-11/post')).toHaveLength(1));
    expect(await screen.findByText('Posted 1 invoice.')).toBeTruthy();
  });

  it('keeps Post approved disabled while nothing is approved, and a month never run offers only Run now', async () => {
    signIn();
    stub(['view billing', 'approve billing']);
    const user = userEvent.setup();
    renderApp('/billing');
    const card = await screen.findByLabelText('Billing run', {}, firstLoad);
    await within(card).findByLabelText('Approved companies');
    expect((within(card).getByRole('button', { name: 'Post approved' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(card).getByRole('combobox', { name: 'Month' }));
    await user.click(await screen.findByRole('option', { name: 'October 2026' }));
    expect(await within(card).findByText('October 2026 has not been run yet.')).toBeTruthy();
    expect((within(card).getByRole('button', { name: 'Review' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(card).getByRole('button', { name: 'Post approved' }) as HTMLButtonElement).disabled).toBe(true);
    expect(
      (within(card).getByRole('button', { name: 'Approve all without warnings' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.getByRole('link', { name: 'Drafts of the October 2026 run' }).getAttribute('href')).toBe(
      '/billing/invoices?status=draft&run_month=2026-10',
    );
  });

  it('reviews the companies: change over 10 % highlighted, warnings, lines, refresh, select and approve', async () => {
    signIn();
    const api = stub(['view billing', 'approve billing']);
    const user = userEvent.setup();
    renderApp('/billing');
    const card = await screen.findByLabelText('Billing run', {}, firstLoad);
    await within(card).findByLabelText('Drafted companies');
    await user.click(within(card).getByRole('button', { name: 'Review' }));

    const dialog = await screen.findByRole('dialog', { name: 'Review the run of November 2026' });
    const acme = await within(dialog).findByRole('row', { name: 'Acme Dental' });
    const birch = within(dialog).getByRole('row', { name: 'Birch Legal' });
    expect(within(acme).getByLabelText('Change +25 %').getAttribute('data-variant')).toBe('filled');
    expect(within(birch).getByLabelText('Change +2 %').getAttribute('data-variant')).toBe('light');
    expect(within(birch).getByText('No billing contact with an e-mail.')).toBeTruthy();
    await user.click(within(acme).getByRole('button', { name: 'Draft 501' }));
    expect(await screen.findByText('Invoice drawer 501')).toBeTruthy();

    await user.click(within(acme).getByRole('button', { name: 'Lines' }));
    const lines = await within(acme).findByRole('table', { name: 'Lines of Draft 501' });
    expect(within(lines).getByText('Managed Services Retainer, November 2026')).toBeTruthy();
    expect(within(lines).getByText('11 devices × $125.00')).toBeTruthy();

    // A posted company can be neither selected, refreshed nor skipped.
    const cedar = within(dialog).getByRole('row', { name: 'Cedar Clinic' });
    expect((within(cedar).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    expect(within(cedar).queryByRole('button', { name: 'Refresh' })).toBeNull();

    await user.click(within(birch).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/billing/runs/2026-11/companies/12/refresh')).toHaveLength(1));

    const approve = within(dialog).getByRole('button', { name: /Approve selected/ });
    expect((approve as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(acme).getByRole('checkbox', { name: 'Select Acme Dental' }));
    await user.click(within(dialog).getByRole('button', { name: 'Approve selected (1)' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/billing/runs/2026-11/approve')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/billing/runs/2026-11/approve')[0]!.body).toEqual({ company_ids: [11] });
  });

  it('hides the review checkboxes and approve from staff without approve billing', async () => {
    signIn();
    stub(['view billing']);
    const user = userEvent.setup();
    renderApp('/billing');
    const card = await screen.findByLabelText('Billing run', {}, firstLoad);
    await within(card).findByLabelText('Drafted companies');
    await user.click(within(card).getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review the run of November 2026' });
    await within(dialog).findByRole('row', { name: 'Acme Dental' });
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Approve selected/ })).toBeNull();
    expect(within(dialog).getAllByRole('button', { name: 'Skip' }).length).toBe(2);
  });

  it('reads the summary and the run again on billing, purchasing and stock events, once a burst', async () => {
    signIn();
    const api = stub(['view billing']);
    renderApp('/billing');
    const card = await screen.findByLabelText('Billing run', {}, firstLoad);
    await within(card).findByLabelText('Drafted companies');
    const waitLong = { timeout: 3000 };
    const events = [
      'BillingRunUpdated',
      'InvoiceUpdated',
      'PaymentUpdated',
      'BillUpdated',
      'PurchaseOrderUpdated',
      'ReceiptPosted',
      'StockUpdated',
    ];
    for (const event of events) {
      const summaries = api.callsTo('GET', '/api/billing/summary').length;
      const runs = api.callsTo('GET', '/api/billing/runs/2026-11').length;
      act(() => latestSocket().serverEmit('billing', event, { month: '2026-11', company_id: 11, id: 1 }));
      await waitFor(() => expect(api.callsTo('GET', '/api/billing/summary').length).toBe(summaries + 1), waitLong);
      await waitFor(() => expect(api.callsTo('GET', '/api/billing/runs/2026-11').length).toBe(runs + 1), waitLong);
    }

    // A burst (a run drafting many companies) reads the page once, not once per event.
    const summaries = api.callsTo('GET', '/api/billing/summary').length;
    act(() => {
      for (let company = 1; company <= 50; company++)
        latestSocket().serverEmit('billing', 'BillingRunUpdated', { month: '2026-11', company_id: company });
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/billing/summary').length).toBe(summaries + 1), waitLong);
    await new Promise((done) => setTimeout(done, 2 * liveRefetchWindowMs));
    expect(api.callsTo('GET', '/api/billing/summary').length).toBe(summaries + 1);
  });
});
