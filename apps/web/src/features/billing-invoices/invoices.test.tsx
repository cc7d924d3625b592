import type { InvoiceDetail, InvoiceRow } from '@switchboard/shared/billing/invoices';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enterText } from '../../test/enter-text.ts';
import { fakeSocketModule, latestSocket } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { renderSignedIn, type ApiAnswer } from '../../test/render-signed-in.tsx';
import { allocationRemainders } from './format.ts';
import { drawerActions } from './invoice-drawer.tsx';
import { filtersFromParams, listQuery, paramsWithFilters } from './invoice-filters.ts';

vi.mock('socket.io-client', () => fakeSocketModule);
// Each test renders the whole app and types into Mantine inputs: on a loaded 2-core machine that takes over 20 s.
vi.setConfig({ testTimeout: 60_000 });
// The first render loads the page's lazy chunk, and role queries over Mantine's DOM are slow: on a loaded machine
// either can pass findBy's default second several times over.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const row = (id: number, extra: Partial<InvoiceRow> = {}): InvoiceRow => ({
  id,
  number: null,
  label: `Draft ${id}`,
  type: 'one_off',
  status: 'draft',
  state: 'Draft',
  company_id: 2,
  company_name: 'Acme Dental',
  project_id: null,
  contract_id: null,
  run_id: null,
  billing_month: null,
  invoice_date: null,
  due_date: null,
  payment_terms: 20,
  subtotal: 100,
  tax_total: 0,
  total: 100,
  balance: 0,
  paperless: 0,
  delivery: 'none',
  created_at: '2026-11-20T10:00:00.000Z',
  ...extra,
});

const detail = (invoice: InvoiceRow, extra: Partial<InvoiceDetail> = {}): InvoiceDetail => ({
  ...invoice,
  memo: '',
  bill_to: null,
  tax_rate: { id: 1, name: 'Florida', percent: '7.0000' },
  tax_exempt_certificate: '',
  late_fee_total: 0,
  closed_on: null,
  credited_invoice_id: null,
  credit_note_ids: [],
  approved_by: null,
  approved_at: null,
  posted_by: null,
  posted_at: null,
  voided_by: null,
  voided_at: null,
  void_reason: '',
  journal_entry_id: null,
  journal_entry: null,
  lines: [
    {
      id: 31,
      line_no: 1,
      kind: 'retainer',
      item_id: 4,
      item_name: 'Managed Services Retainer',
      account_id: null,
      description: 'Managed Services Retainer, April 2026',
      quantity: 25,
      unit_price: 125,
      proration: { days: 18, of: 30 },
      amount: 1875,
      taxable: 0,
      tax_amount: 0,
      period_start: null,
      period_end: null,
      stock_location_id: null,
      explain: { summary: '25 devices × $125.00, 18 of 30 days', contract_id: 3, days: 18, of_days: 30, rate: 125 },
    },
  ],
  allocations: [],
  deliveries: [],
  events: [],
  ...extra,
});

const posted = row(7, {
  number: 'INV-000007',
  label: 'INV-000007',
  type: 'contract',
  status: 'posted',
  state: 'Open',
  invoice_date: '2026-11-01',
  due_date: '2026-11-21',
  total: 1875,
  balance: 1875,
  delivery: 'sent',
});
const approved = row(8, { status: 'approved', state: 'Approved' });
const draft = row(9);

interface Stub {
  rows: InvoiceRow[];
  details: Record<number, InvoiceDetail>;
  bulk?: { done: number[]; failed: { id: number; message: string }[] };
  /** Answers asked first (a test's own calls). */
  extra?: ApiAnswer;
}

function stubApi(permissions: string[], stub: Stub) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  const api: ApiAnswer = (url, init) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answered = stub.extra?.(url, init);
    if (answered) return answered;
    if (url === '/api/company.list')
      return jsonResponse(200, {
        data: [
          { id: 2, name: 'Acme Dental' },
          { id: 3, name: 'Bayside Law' },
        ],
      });
    if (url.startsWith('/api/billing/invoices?'))
      return jsonResponse(200, {
        data: stub.rows,
        total: stub.rows.length,
        current_page: 1,
        per_page: 50,
        last_page: 1,
        from: 1,
        to: stub.rows.length,
      });
    if (url === '/api/billing/invoices/bulk') return jsonResponse(200, { data: stub.bulk });
    const one = /^\/api\/billing\/invoices\/(\d+)$/.exec(url);
    if (one && method === 'GET') {
      const found = stub.details[Number(one[1])];
      return found ? jsonResponse(200, { data: found }) : jsonResponse(404, { message: 'Not found.' });
    }
    if (url === '/api/billing/invoices/7/credit-note')
      return jsonResponse(200, {
        message: 'Credit note drafted.',
        data: detail(row(12, { type: 'credit_note', total: -100, subtotal: -100 })),
      });
    if (url === '/api/billing/invoices' && method === 'POST')
      return jsonResponse(200, { message: 'Invoice saved.', data: detail(draft) });
    if (url === '/api/billing/write-offs') {
      const body = JSON.parse(String(init?.body)) as { amount: number };
      return body.amount > 50
        ? jsonResponse(422, {
            message: 'The given data was invalid.',
            errors: { amount: ['The amount is more than the invoice balance.'] },
          })
        : jsonResponse(200, { message: 'Written off.', data: { id: 3 } });
    }
    if (/^\/api\/billing\/allocations\/\d+\/unapply$/.test(url))
      return jsonResponse(200, { message: 'Unapplied.', data: { id: 41 } });
    return undefined;
  };
  let fetchMock: ReturnType<typeof renderSignedIn>['fetchMock'] | null = null;
  /** Signs in with `permissions` and renders the app at `path`, answering the page's calls from the stub. */
  const render = (path: string) => {
    const rendered = renderSignedIn(path, { permissions, api });
    fetchMock = rendered.fetchMock;
    return rendered;
  };
  const urls = () => (fetchMock?.mock.calls ?? []).map(([url]) => String(url));
  return { sent, urls, render };
}

describe('filters kept in the URL', () => {
  it('reads every filter through the contract, dropping what it would refuse', () => {
    const filters = filtersFromParams(
      new URLSearchParams(
        'status=overdue&type=contract&company_id=2&from=2026-11-01&to=2026-11-30' +
          '&due_from=2026-11-05&due_to=2026-12-01' +
          '&run_month=2026-11&delivery=failed&to_print=1&number=INV-0001&page=3&per_page=100&id=7',
      ),
    );
    expect(listQuery(filters)).toEqual({
      status: 'overdue',
      type: 'contract',
      company_id: '2',
      from: '2026-11-01',
      to: '2026-11-30',
      due_from: '2026-11-05',
      due_to: '2026-12-01',
      run_month: '2026-11',
      delivery: 'failed',
      to_print: '1',
      number: 'INV-0001',
      page: 3,
      per_page: 100,
    });
    const bad = filtersFromParams(
      new URLSearchParams('status=lost&company_id=abc&from=2026-13-45&run_month=November&per_page=501&page=0'),
    );
    expect(listQuery(bad)).toEqual({ page: 1, per_page: 50 });
  });

  it('goes back to page 1 on a filter change, drops defaults and empty values, and keeps the open drawer', () => {
    const current = new URLSearchParams('status=open&page=4&id=7&per_page=100');
    expect(paramsWithFilters(current, { status: 'paid' }).toString()).toBe('status=paid&id=7&per_page=100');
    expect(paramsWithFilters(current, { status: '' }).toString()).toBe('id=7&per_page=100');
    expect(paramsWithFilters(current, { page: 2 }).toString()).toBe('status=open&page=2&id=7&per_page=100');
    expect(paramsWithFilters(current, { per_page: 50, page: 1 }).toString()).toBe('status=open&id=7');
  });

  it('sends the URL’s filters to the list call and writes a changed filter back to the URL', async () => {
    const { urls, render } = stubApi(['view billing'], { rows: [posted], details: {} });
    const user = userEvent.setup({ delay: null });
    const { router } = render('/billing/invoices?status=overdue&company_id=2&run_month=2026-11&to_print=1&page=2');
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(await within(table).findByText('INV-000007')).toBeTruthy();
    expect(urls()).toContain(
      '/api/billing/invoices?page=2&per_page=50&status=overdue&company_id=2&run_month=2026-11&to_print=1',
    );
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Company' }) as HTMLInputElement).value).toBe('Acme Dental'),
    );
    expect((screen.getByRole('switch', { name: 'To print' }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Credit note' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?status=overdue&company_id=2&run_month=2026-11&to_print=1&type=credit_note',
      ),
    );
    await waitFor(() =>
      expect(urls()).toContain(
        '/api/billing/invoices?page=1&per_page=50&status=overdue&type=credit_note&company_id=2' +
          '&run_month=2026-11&to_print=1',
      ),
    );

    await enterText(user, screen.getByRole('textbox', { name: 'Number' }), 'INV-7');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('number')).toBe('INV-7'));
  });
});

describe('drawer actions by state and permission', () => {
  const view = ['view billing'];
  const both = ['view billing', 'approve billing'];

  it('gives view billing drafts, Send and payments; approve billing approve, back to draft, post, credit, void', () => {
    expect(drawerActions(draft, view)).toEqual(['save', 'delete', 'duplicate', 'pdf']);
    expect(drawerActions(draft, both)).toEqual(['save', 'delete', 'approve', 'duplicate', 'pdf']);
    expect(drawerActions(approved, view)).toEqual(['duplicate', 'pdf']);
    expect(drawerActions(approved, both)).toEqual(['unapprove', 'post', 'duplicate', 'pdf']);
    expect(drawerActions(posted, view)).toEqual(['send', 'record_payment', 'duplicate', 'pdf']);
    expect(drawerActions(posted, both)).toEqual([
      'send',
      'record_payment',
      'credit_note',
      'write_off',
      'unapply',
      'void',
      'duplicate',
      'pdf',
    ]);
    // Paid: nothing left to write off, but its payments can still be unapplied.
    expect(drawerActions({ ...posted, balance: 0 }, both)).toEqual([
      'send',
      'credit_note',
      'unapply',
      'void',
      'duplicate',
      'pdf',
    ]);
    expect(drawerActions({ ...posted, status: 'void' }, both)).toEqual(['duplicate', 'pdf']);
    // The run's drafts are not typed by hand: no Save (the contract takes one-off and project drafts only).
    expect(drawerActions({ ...draft, type: 'contract' }, both)).toEqual(['delete', 'approve', 'duplicate', 'pdf']);
    expect(drawerActions({ ...posted, type: 'credit_note', total: -50, balance: -50 }, both)).toEqual([
      'send',
      'void',
      'pdf',
    ]);
  });

  it('shows a plain view billing reader no Post, Approve or Back to draft on an approved invoice', async () => {
    const { render } = stubApi(view, { rows: [approved], details: { 8: detail(approved) } });
    render('/billing/invoices?id=8');
    const drawer = await screen.findByRole('dialog', { name: 'Invoice Draft 8' });
    const actions = await within(drawer).findByRole('group', { name: 'Invoice actions' });
    expect(within(actions).getByRole('button', { name: 'Duplicate' })).toBeTruthy();
    expect(within(actions).queryByRole('button', { name: 'Post' })).toBeNull();
    expect(within(actions).queryByRole('button', { name: 'Back to draft' })).toBeNull();
    expect(within(actions).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('offers Post to approve billing, then on a posted invoice Void, Credit note, Send, payment and PDF', async () => {
    const { sent, render } = stubApi(both, {
      rows: [approved, posted],
      details: { 8: detail(approved), 7: detail(posted) },
    });
    const user = userEvent.setup({ delay: null });
    const { router } = render('/billing/invoices?id=8');
    let drawer = await screen.findByRole('dialog', { name: 'Invoice Draft 8' });
    expect(within(drawer).getByRole('button', { name: 'Back to draft' })).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(sent.map((call) => call.url)).toContain('/api/billing/invoices/8/post'));

    await act(() => router.navigate('/billing/invoices?id=7'));
    drawer = await screen.findByRole('dialog', { name: 'Invoice INV-000007' });
    const actions = within(drawer).getByRole('group', { name: 'Invoice actions' });
    for (const name of ['Send', 'Credit note', 'Void', 'Duplicate'])
      expect(within(actions).getByRole('button', { name })).toBeTruthy();
    expect(within(actions).getByRole('link', { name: 'Record payment' }).getAttribute('href')).toBe(
      '/billing/payments/receive?company_id=2&invoice_id=7',
    );
    expect(within(actions).getByRole('link', { name: 'Open PDF' }).getAttribute('href')).toBe('/pdf/invoice/7');
    expect(within(actions).queryByRole('button', { name: 'Post' })).toBeNull();

    // The computed line explains itself; the tax names its rate.
    await user.click(within(drawer).getByRole('button', { name: 'How was line 1 computed' }));
    expect(await screen.findByText('25 devices × $125.00, 18 of 30 days')).toBeTruthy();
    expect(screen.getByText('How was this computed')).toBeTruthy();
    expect(within(drawer).getByLabelText('Tax').textContent).toContain('Florida 7%');

    // Void asks for the reason, with the contract's message.
    await user.click(within(actions).getByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void INV-000007' });
    await user.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    expect(await within(dialog).findByText('The reason field is required.')).toBeTruthy();
    expect(sent.map((call) => call.url)).not.toContain('/api/billing/invoices/7/void');
  });
});

describe('write-offs and what is applied', () => {
  const partlyPaid = row(7, { ...posted, total: 100, balance: 50, state: 'Partially Paid' });
  const applied = (id: number, amount: number, extra: Partial<InvoiceDetail['allocations'][number]> = {}) => ({
    id,
    source_type: 'payment' as const,
    source_id: id,
    source_label: `Check ${id}`,
    amount,
    applied_on: '2026-11-10',
    unapplied_on: null,
    ...extra,
  });

  it('works out the remainder each row left, an unapplied row keeping the one it left then', () => {
    const rows = [
      applied(3, 30, { applied_on: '2026-11-12' }),
      applied(1, 25.1, { unapplied_on: '2026-11-11' }),
      applied(2, 20.05, { applied_on: '2026-11-12', source_type: 'write_off' }),
    ];
    expect(Object.fromEntries(allocationRemainders(100, rows))).toEqual({ 1: 74.9, 2: 79.95, 3: 49.95 });
    expect(Object.fromEntries(allocationRemainders(0.3, [applied(1, 0.1), applied(2, 0.2)]))).toEqual({ 1: 0.2, 2: 0 });
  });

  it('lists payments with their remainder, writes off the balance with a reason and unapplies a payment', async () => {
    const partly = detail(partlyPaid, {
      allocations: [
        applied(40, 30, { source_label: 'Check 1001' }),
        applied(41, 20, { source_label: 'Check 1002', applied_on: '2026-11-15' }),
      ],
    });
    const { sent, render } = stubApi(['view billing', 'approve billing'], {
      rows: [partlyPaid],
      details: { 7: partly },
    });
    const user = userEvent.setup({ delay: null });
    render('/billing/invoices?id=7');
    const drawer = await screen.findByRole('dialog', { name: 'Invoice INV-000007' });
    const table = within(drawer).getByRole('table', { name: 'Payments applied' });
    expect(within(table).getByRole('columnheader', { name: 'Remainder' })).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((one) => one.textContent)).toEqual([
      'Check 10012026-11-10$30.00$70.00Unapply',
      'Check 10022026-11-15$20.00$50.00Unapply',
    ]);

    await user.click(within(drawer).getByRole('button', { name: 'Write off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write off INV-000007' });
    expect(within(dialog).getByRole('textbox', { name: 'Amount' })).toHaveProperty('value', '50');
    await user.click(within(dialog).getByRole('button', { name: 'Write off' }));
    expect(await within(dialog).findByText('The reason field is required.')).toBeTruthy();
    expect(sent).toHaveLength(0);
    await user.clear(within(dialog).getByRole('textbox', { name: 'Amount' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '60');
    await enterText(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'Client closed');
    await user.click(within(dialog).getByRole('button', { name: 'Write off' }));
    // The server's 422 lands under its field.
    expect(await within(dialog).findByText('The amount is more than the invoice balance.')).toBeTruthy();
    expect(sent[0]).toEqual({
      method: 'POST',
      url: '/api/billing/write-offs',
      body: { invoice_id: 7, amount: 60, reason: 'Client closed' },
    });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Amount' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Write off' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Write off INV-000007' })).toBeNull());
    expect(sent[1]!.body).toEqual({ invoice_id: 7, amount: 50, reason: 'Client closed' });

    await user.click(within(table).getByRole('button', { name: 'Unapply Check 1002' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]).toEqual({ method: 'POST', url: '/api/billing/allocations/41/unapply', body: {} });
  });

  it('gives a plain view billing reader no Write off and no Unapply', async () => {
    const partly = detail(partlyPaid, { allocations: [applied(40, 50, { source_label: 'Check 1001' })] });
    const { render } = stubApi(['view billing'], { rows: [partlyPaid], details: { 7: partly } });
    render('/billing/invoices?id=7');
    const drawer = await screen.findByRole('dialog', { name: 'Invoice INV-000007' });
    const table = within(drawer).getByRole('table', { name: 'Payments applied' });
    expect(within(table).getByText('$50.00', { selector: 'td:nth-child(4)' })).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Write off' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Unapply/ })).toBeNull();
  });
});

describe('credit note', () => {
  it('credits amounts per line with a reason and opens the credit note drafted', async () => {
    const credit = detail(row(12, { type: 'credit_note', total: -100, subtotal: -100 }));
    const { sent, render } = stubApi(['view billing', 'approve billing'], {
      rows: [posted],
      details: { 7: detail(posted), 12: credit },
    });
    const user = userEvent.setup({ delay: null });
    render('/billing/invoices?id=7');
    const drawer = await screen.findByRole('dialog', { name: 'Invoice INV-000007' });
    await user.click(within(drawer).getByRole('button', { name: 'Credit note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit note for INV-000007' });
    await user.click(within(dialog).getByRole('radio', { name: 'Amounts per line' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Credit for line 1' }), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Create credit note' }));
    expect(await within(dialog).findByText('The reason field is required.')).toBeTruthy();
    expect(sent).toHaveLength(0);
    await enterText(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'Two devices retired');
    await user.click(within(dialog).getByRole('button', { name: 'Create credit note' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      url: '/api/billing/invoices/7/credit-note',
      body: { reason: 'Two devices retired', lines: [{ invoice_line_id: 31, amount: 100 }] },
    });
    expect(await screen.findByRole('dialog', { name: 'Invoice Draft 12' })).toBeTruthy();
  });
});

describe('the line editor', () => {
  it('shows the contract’s messages under each field and sends nothing until they are fixed', async () => {
    const { sent, render } = stubApi(['view billing'], { rows: [], details: {} });
    const user = userEvent.setup({ delay: null });
    render('/billing/invoices');
    await user.click(await screen.findByRole('button', { name: 'New invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'New invoice' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Line 1 quantity' }));
    await enterText(user, within(dialog).getByRole('textbox', { name: 'Line 1 unit price' }), '12.34567');
    await user.click(within(dialog).getByRole('button', { name: 'Create draft' }));

    expect(await within(dialog).findByText('The company field is required.')).toBeTruthy();
    expect(within(dialog).getByText('The description field is required.')).toBeTruthy();
    expect(within(dialog).getByText('The quantity must be a number.')).toBeTruthy();
    expect(within(dialog).getByText('The unit price may have at most four decimals.')).toBeTruthy();
    expect(sent).toHaveLength(0);

    // Removing the only line is not offered; a second line can go.
    expect(within(dialog).queryByRole('button', { name: 'Remove line 1' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add line' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Line 2 quantity' }));
    await enterText(user, within(dialog).getByRole('textbox', { name: 'Line 2 quantity' }), '1.255');
    await user.click(within(dialog).getByRole('button', { name: 'Create draft' }));
    expect(await within(dialog).findByText('The quantity may have at most two decimals.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove line 2' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Line 2 quantity' })).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it('sends a valid draft as the contract reads it and opens it in the drawer', async () => {
    const { sent, render } = stubApi(['view billing'], { rows: [], details: { 9: detail(draft) } });
    const user = userEvent.setup({ delay: null });
    render('/billing/invoices');
    await user.click(await screen.findByRole('button', { name: 'New invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'New invoice' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Company' }));
    await user.click(await screen.findByRole('option', { name: 'Bayside Law' }));
    await enterText(user, within(dialog).getByRole('textbox', { name: 'Line 1 description' }), 'Onsite setup');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Line 1 quantity' }));
    await enterText(user, within(dialog).getByRole('textbox', { name: 'Line 1 quantity' }), '2.5');
    await enterText(user, within(dialog).getByRole('textbox', { name: 'Line 1 unit price' }), '95.125');
    expect(within(dialog).getByLabelText('Line 1 amount').textContent).toBe('$237.81');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Line 1 taxable' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create draft' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      url: '/api/billing/invoices',
      body: {
        company_id: 3,
        type: 'one_off',
        project_id: null,
        payment_terms: null,
        memo: '',
        lines: [
          {
            kind: 'item',
            item_id: null,
            account_id: null,
            description: 'Onsite setup',
            quantity: 2.5,
            unit_price: 95.125,
            taxable: 1,
            period_start: null,
            period_end: null,
            stock_location_id: null,
          },
        ],
      },
    });
    // The new draft opens in the drawer.
    expect(await screen.findByRole('dialog', { name: 'Invoice Draft 9' })).toBeTruthy();
  });
});

describe('the stock location of a tracked product line', () => {
  const firewallLine = (extra: Partial<InvoiceDetail['lines'][number]> = {}): InvoiceDetail['lines'][number] => ({
    id: 51,
    line_no: 1,
    kind: 'item',
    item_id: 5,
    item_name: 'Firewall FX-100',
    account_id: null,
    description: 'Firewall',
    quantity: 1,
    unit_price: 400,
    proration: null,
    amount: 400,
    taxable: 0,
    tax_amount: 0,
    period_start: null,
    period_end: null,
    stock_location_id: null,
    explain: null,
    ...extra,
  });
  const labor = firewallLine({ id: 52, line_no: 2, item_id: 6, item_name: 'Labor', description: 'Install' });
  // The firewall is stock: 5 in the warehouse, 2 in the van; the old shed is closed. Labor is not stock.
  const stockApi: ApiAnswer = (url) => {
    if (url === '/api/billing/items/5')
      return jsonResponse(200, { data: { id: 5, name: 'Firewall FX-100', sku: 'FX-100', inventory_tracked: true } });
    if (url === '/api/billing/items/6')
      return jsonResponse(200, { data: { id: 6, name: 'Labor', sku: '', inventory_tracked: false } });
    if (url === '/api/billing/inventory/locations')
      return jsonResponse(200, {
        data: [
          { id: 1, name: 'Main warehouse', kind: 'warehouse', site_id: null, site_name: null, active: true },
          { id: 2, name: 'Van 1', kind: 'vehicle', site_id: null, site_name: null, active: true },
          { id: 3, name: 'Old shed', kind: 'warehouse', site_id: null, site_name: null, active: false },
        ],
      });
    if (url.startsWith('/api/billing/inventory?')) {
      // The item's own rows, by the stock list's item filter (no search by SKU, which also found FX-1000).
      const query = new URL(url, 'http://x').searchParams;
      expect([...query.keys()].sort()).toEqual(['item_id', 'per_page']);
      expect(query.get('per_page')).toBe('500');
      const stock = (item_id: number, location_id: number, on_hand: number) => ({ item_id, location_id, on_hand });
      if (query.get('item_id') === '5') return jsonResponse(200, { data: [stock(5, 1, 5), stock(5, 2, 2)], total: 2 });
      if (query.get('item_id') === '8') return jsonResponse(200, { data: [], total: 0 });
    }
    if (url === '/api/billing/items/8')
      return jsonResponse(200, { data: { id: 8, name: 'Router RX', sku: '', inventory_tracked: true } });
    return undefined;
  };

  it('asks the stock list for the item by id: an item with no stock shows none at every active location', async () => {
    const router = firewallLine({ item_id: 8, item_name: 'Router RX', description: 'Router' });
    const invoice = detail(draft, { lines: [router] });
    const { render } = stubApi(['view billing'], { rows: [draft], details: { 9: invoice }, extra: stockApi });
    const user = userEvent.setup({ delay: null });
    render('/billing/invoices?id=9');
    const drawer = await screen.findByRole('dialog', { name: 'Invoice Draft 9' });
    await user.click(await within(drawer).findByRole('combobox', { name: 'Line 1 stock location' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Main warehouse (0 on hand)', 'Van 1 (0 on hand)']);
  });

  it('offers active locations with on hand on tracked lines only, warns when short and saves the choice', async () => {
    const invoice = detail(draft, { lines: [firewallLine(), labor] });
    const { sent, render } = stubApi(['view billing'], { rows: [draft], details: { 9: invoice }, extra: stockApi });
    const user = userEvent.setup({ delay: null });
    render('/billing/invoices?id=9');
    const drawer = await screen.findByRole('dialog', { name: 'Invoice Draft 9' });
    const select = await within(drawer).findByRole('combobox', { name: 'Line 1 stock location' });
    expect(within(drawer).queryByRole('combobox', { name: 'Line 2 stock location' })).toBeNull();
    await user.click(select);
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Main warehouse (5 on hand)', 'Van 1 (2 on hand)']);
    await user.click(screen.getByRole('option', { name: 'Van 1 (2 on hand)' }));
    const quantity = within(drawer).getByRole('textbox', { name: 'Line 1 quantity' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(await within(drawer).findByText('Only 2 on hand here now.')).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const body = sent[0]!.body as { lines: { stock_location_id: number | null; quantity: number }[] };
    expect(sent[0]!.url).toBe('/api/billing/invoices/9');
    expect(body.lines.map((line) => [line.quantity, line.stock_location_id])).toEqual([
      [3, 2],
      [1, null],
    ]);
  });

  it('shows the server’s 422 under the select, and a refused post names each short line', async () => {
    const invoice = detail(draft, { lines: [firewallLine({ stock_location_id: 2 })] });
    const refusal = { message: 'The given data was invalid.' };
    const api: ApiAnswer = (url, init) => {
      if (url === '/api/billing/invoices/9' && init?.method === 'PUT')
        return jsonResponse(422, {
          ...refusal,
          errors: { 'lines.0.stock_location_id': ['The stock location is inactive: choose another.'] },
        });
      if (url === '/api/billing/invoices/8/post')
        return jsonResponse(422, {
          ...refusal,
          errors: { 'lines.0.stock_location_id': ['Only 2 on hand at Van 1: choose another stock location.'] },
        });
      return stockApi(url, init);
    };
    const waiting = detail(approved, { lines: [firewallLine({ stock_location_id: 2, quantity: 3 })] });
    const { render } = stubApi(['view billing', 'approve billing'], {
      rows: [draft, approved],
      details: { 9: invoice, 8: waiting },
      extra: api,
    });
    const user = userEvent.setup({ delay: null });
    const { router } = render('/billing/invoices?id=9');
    let drawer = await screen.findByRole('dialog', { name: 'Invoice Draft 9' });
    await waitFor(() =>
      expect(within(drawer).getByRole('combobox', { name: 'Line 1 stock location' })).toHaveProperty(
        'value',
        'Van 1 (2 on hand)',
      ),
    );
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('The stock location is inactive: choose another.')).toBeTruthy();

    await act(() => router.navigate('/billing/invoices?id=8'));
    drawer = await screen.findByRole('dialog', { name: 'Invoice Draft 8' });
    expect(await within(drawer).findByText(/· from Van 1/)).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Post' }));
    expect(
      await within(drawer).findByText('Line 1: Only 2 on hand at Van 1: choose another stock location.'),
    ).toBeTruthy();
  });
});

describe('bulk actions and live updates', () => {
  it('shows which selected invoices failed and why', async () => {
    const { sent, render } = stubApi(['view billing', 'approve billing'], {
      rows: [approved, draft],
      details: {},
      bulk: { done: [8], failed: [{ id: 9, message: 'Only an approved invoice can be posted.' }] },
    });
    const user = userEvent.setup({ delay: null });
    render('/billing/invoices');
    const table = await screen.findByRole('table', { name: 'Invoices' });
    await within(table).findByText('Draft 9');
    await user.click(within(table).getByRole('checkbox', { name: 'Select all on this page' }));
    const bar = screen.getByRole('group', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Post' }));
    const result = await screen.findByLabelText('Bulk result');
    expect(within(result).getByText('Posted: 1. Failed: 1.')).toBeTruthy();
    expect(within(result).getByText('Draft 9: Only an approved invoice can be posted.')).toBeTruthy();
    expect(sent).toEqual([
      { method: 'POST', url: '/api/billing/invoices/bulk', body: { action: 'post', ids: [8, 9] } },
    ]);
    expect(within(screen.getByRole('group', { name: 'Bulk actions' })).getByText('1 selected')).toBeTruthy();
  });

  it('a plain view billing reader gets Send in bulk but no Approve or Post', async () => {
    const { render } = stubApi(['view billing'], { rows: [posted], details: {} });
    const user = userEvent.setup({ delay: null });
    render('/billing/invoices');
    const table = await screen.findByRole('table', { name: 'Invoices' });
    await user.click(await within(table).findByRole('checkbox', { name: 'Select INV-000007' }));
    const bar = screen.getByRole('group', { name: 'Bulk actions' });
    expect(within(bar).getByRole('button', { name: 'Send' })).toBeTruthy();
    expect(within(bar).queryByRole('button', { name: 'Post' })).toBeNull();
    expect(within(bar).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('reads the list and the open invoice again on InvoiceUpdated and PaymentUpdated', async () => {
    const stub: Stub = { rows: [posted], details: { 7: detail(posted) } };
    const { urls, render } = stubApi(['view billing'], stub);
    render('/billing/invoices?id=7');
    const drawer = await screen.findByRole('dialog', { name: 'Invoice INV-000007' });
    await waitFor(() => expect(latestSocket().subscriptions()).toContain('billing'));
    const count = (prefix: string) => urls().filter((url) => url.startsWith(prefix)).length;
    const lists = count('/api/billing/invoices?');
    const details = count('/api/billing/invoices/7');

    stub.details[7] = detail({ ...posted, balance: 875, state: 'Partially Paid' });
    stub.rows = [{ ...posted, balance: 875, state: 'Partially Paid' }];
    act(() => latestSocket().serverEmit('billing', 'PaymentUpdated', { id: 40, company_id: 2 }));
    expect(await within(drawer).findByText('Partially Paid')).toBeTruthy();
    await waitFor(() => expect(count('/api/billing/invoices?')).toBe(lists + 1));
    expect(count('/api/billing/invoices/7')).toBe(details + 1);

    // Another company's invoice: the list reads again, the drawer does not.
    act(() => latestSocket().serverEmit('billing', 'InvoiceUpdated', { id: 12, company_id: 3 }));
    await waitFor(() => expect(count('/api/billing/invoices?')).toBe(lists + 2));
    act(() => latestSocket().serverEmit('billing', 'InvoiceUpdated', { id: 7, company_id: 2 }));
    await waitFor(() => expect(count('/api/billing/invoices/7')).toBe(details + 2));
  });
});
