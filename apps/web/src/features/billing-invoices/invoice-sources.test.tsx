import type { InvoiceDetail, InvoiceRow, SourceLine } from '@switchboard/shared/billing/invoices';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { renderSignedIn, type ApiAnswer } from '../../test/render-signed-in.tsx';
import { editorLinesOf, sourcedLineInput, withSourceLines } from './invoice-sources.tsx';
import { emptyLine } from './line-editor.tsx';

// The New invoice's three sources (recurring items, unbilled check-ins, a quote) and the list's To print batch and
// Export CSV (designs/billing.md §5; decision 0091 addendum), against a stubbed API.

vi.mock('socket.io-client', () => fakeSocketModule);
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const row = (id: number, extra: Partial<InvoiceRow> = {}): InvoiceRow => ({
  id,
  number: `INV-0000${id}`,
  label: `INV-0000${id}`,
  type: 'one_off',
  status: 'posted',
  state: 'Open',
  company_id: 3,
  company_name: 'Bayside Law',
  project_id: null,
  contract_id: null,
  run_id: null,
  billing_month: null,
  invoice_date: '2026-11-02',
  due_date: '2026-11-22',
  payment_terms: 20,
  subtotal: 100,
  tax_total: 0,
  total: 100,
  balance: 100,
  paperless: 1,
  delivery: 'sent',
  created_at: '2026-11-20T10:00:00.000Z',
  ...extra,
});

const detail = (id: number): InvoiceDetail => ({
  ...row(id, { number: null, label: `Draft ${id}`, status: 'draft', state: 'Draft' }),
  memo: '',
  bill_to: null,
  tax_rate: null,
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
  lines: [],
  allocations: [],
  deliveries: [],
  events: [],
});

const laborLine: SourceLine = {
  kind: 'labor',
  item_id: 5,
  account_id: null,
  description: 'Labor: Ticket #12: Printer offline, 1.75 hours',
  quantity: 1.75,
  unit_price: 95,
  taxable: 0,
  period_start: '2026-10-01',
  period_end: '2026-10-31',
  checkin_ids: [41, 42],
};
const recurring = (name: string, quantity: number, price: number): SourceLine => ({
  kind: 'recurring',
  item_id: 7,
  account_id: null,
  description: `${name}, April 2026, ${quantity} × $${price.toFixed(2)}`,
  quantity,
  unit_price: price,
  taxable: 1,
  period_start: '2026-04-01',
  period_end: '2026-04-30',
});
const unbilled = (id: number, hours: number) => ({
  id,
  user_id: 4,
  user_name: 'Tess Tech',
  ticket_id: 12,
  project_id: null,
  start_time: '2026-10-06T15:00:00.000Z',
  end_time: '2026-10-06T16:00:00.000Z',
  hours,
});
const quote = (id: number, status: 'accepted' | 'sent') => ({
  id,
  number: `Q-00000${id}`,
  title: status === 'accepted' ? 'Firewall refresh' : 'Laptops',
  quote_date: '2026-10-01',
  valid_until: null,
  company_id: 3,
  company: 'Bayside Law',
  project_id: null,
  project: null,
  status,
  subtotal: 500,
  tax_total: 0,
  total: 500,
});
const page = (data: unknown[]) => ({ data, total: data.length, current_page: 1, per_page: 50, last_page: 1 });

function stubApi(options: { rows?: InvoiceRow[]; saveError?: Record<string, string[]> } = {}) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  const api: ApiAnswer = (url, init) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/company.list') return jsonResponse(200, { data: [{ id: 3, name: 'Bayside Law' }] });
    if (url.startsWith('/api/billing/invoices?')) {
      const rows = options.rows ?? [];
      return jsonResponse(200, { ...page(rows), from: 1, to: rows.length });
    }
    if (url.startsWith('/api/billing/unbilled-time?'))
      return jsonResponse(200, page([unbilled(41, 1.5), unbilled(42, 0.25), unbilled(43, 2)]));
    if (url === '/api/billing/companies/3/checkin-lines')
      return jsonResponse(200, { data: { contract_id: null, lines: [laborLine] } });
    if (url.startsWith('/api/billing/companies/3/recurring-lines?'))
      return jsonResponse(200, {
        data: { contract_id: 8, lines: [recurring('Cloud Backup', 4, 12.5), recurring('M365 Seat', 10, 22)] },
      });
    if (url.startsWith('/api/billing/quotes?'))
      return jsonResponse(200, page(url.includes('status=accepted') ? [quote(1, 'accepted')] : [quote(2, 'sent')]));
    if (url === '/api/billing/quotes/1/convert')
      return jsonResponse(200, {
        message: 'Draft invoice created.',
        data: { ...quote(1, 'accepted'), invoice_id: 77 },
      });
    if (url === '/api/billing/invoices' && method === 'POST')
      return options.saveError
        ? jsonResponse(422, { message: 'The given data was invalid.', errors: options.saveError })
        : jsonResponse(200, { message: 'Invoice saved.', data: detail(9) });
    if (url === '/api/billing/invoices/to-print/mark')
      return jsonResponse(200, { message: 'Marked 2 invoices printed.', data: { marked: [5, 6] } });
    if (url === '/api/billing/invoices/to-print.pdf')
      return new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), { status: 200 });
    const one = /^\/api\/billing\/invoices\/(\d+)$/.exec(url);
    if (one) return jsonResponse(200, { data: detail(Number(one[1])) });
    return undefined;
  };
  let fetchMock: ReturnType<typeof renderSignedIn>['fetchMock'] | null = null;
  /** Signs in with 'view billing' and renders the app at `path`, answering the page's calls from the stub. */
  const render = (path: string) => {
    const rendered = renderSignedIn(path, { permissions: ['view billing'], api });
    fetchMock = rendered.fetchMock;
    return rendered;
  };
  const urls = () => (fetchMock?.mock.calls ?? []).map(([url]) => String(url));
  return { sent, urls, render };
}

async function openNewInvoice(user: ReturnType<typeof userEvent.setup>, render: (path: string) => unknown) {
  render('/billing/invoices');
  await user.click(await screen.findByRole('button', { name: 'New invoice' }));
  const dialog = await screen.findByRole('dialog', { name: 'New invoice' });
  expect(within(dialog).getByRole('button', { name: 'Unbilled check-ins' })).toHaveProperty('disabled', true);
  await user.click(within(dialog).getByRole('combobox', { name: 'Company' }));
  await user.click(await screen.findByRole('option', { name: 'Bayside Law' }));
  return dialog;
}

describe('source lines in the editor', () => {
  it('replaces the untouched first line, keeps check-in ids through the editor and back from a saved draft', () => {
    const lines = withSourceLines([emptyLine()], [laborLine]);
    expect(lines).toHaveLength(1);
    expect(sourcedLineInput(lines[0]!)).toMatchObject({ kind: 'labor', quantity: 1.75, checkin_ids: [41, 42] });
    expect(withSourceLines(lines, [recurring('Cloud Backup', 4, 12.5)])).toHaveLength(2);
    const saved = {
      ...detail(9).lines,
      id: 1,
      line_no: 1,
      item_name: 'Labor',
      proration: null,
      amount: 166.25,
      tax_amount: 0,
      stock_location_id: null,
      ...laborLine,
      explain: { summary: '2 check-ins', check_in_ids: [41, 42] },
    };
    expect(sourcedLineInput(editorLinesOf([saved])[0]!).checkin_ids).toEqual([41, 42]);
    expect(sourcedLineInput(editorLinesOf([{ ...saved, kind: 'item' }])[0]!)).not.toHaveProperty('checkin_ids');
  });
});

describe('New invoice sources', () => {
  it('adds labor lines for chosen unbilled check-ins and sends their ids with the draft', async () => {
    const { sent, render } = stubApi();
    const user = userEvent.setup({ delay: null });
    const dialog = await openNewInvoice(user, render);
    await user.click(within(dialog).getByRole('button', { name: 'Unbilled check-ins' }));
    const picker = await screen.findByRole('dialog', { name: 'From unbilled check-ins' });
    const table = await within(picker).findByRole('table', { name: 'Unbilled check-ins' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getAllByText('Tess Tech')).toHaveLength(3);
    await user.click(within(picker).getByRole('checkbox', { name: 'Select check-in 41' }));
    await user.click(within(picker).getByRole('checkbox', { name: 'Select check-in 42' }));
    await user.click(within(picker).getByRole('button', { name: 'Add labor lines' }));
    await waitFor(() => expect(sent.map((call) => call.url)).toContain('/api/billing/companies/3/checkin-lines'));
    expect(sent[0]!.body).toEqual({ checkin_ids: [41, 42] });
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Line 1 description' })).toHaveProperty(
        'value',
        laborLine.description,
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create draft' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toMatchObject({
      company_id: 3,
      lines: [{ kind: 'labor', item_id: 5, quantity: 1.75, unit_price: 95, checkin_ids: [41, 42] }],
    });
    expect(await screen.findByRole('dialog', { name: 'Invoice Draft 9' })).toBeTruthy();
  });

  it("shows the server's message when the time is already billed", async () => {
    const { render } = stubApi({
      saveError: { 'lines.0.checkin_ids': ['This time is already on invoice INV-000123.'] },
    });
    const user = userEvent.setup({ delay: null });
    const dialog = await openNewInvoice(user, render);
    await user.click(within(dialog).getByRole('button', { name: 'Unbilled check-ins' }));
    const picker = await screen.findByRole('dialog', { name: 'From unbilled check-ins' });
    await user.click(await within(picker).findByRole('checkbox', { name: 'Select all on this page' }));
    expect(within(picker).getByText('3 chosen')).toBeTruthy();
    await user.click(within(picker).getByRole('button', { name: 'Add labor lines' }));
    await within(dialog).findByDisplayValue(laborLine.description);
    await user.click(within(dialog).getByRole('button', { name: 'Create draft' }));
    expect(await within(dialog).findByText('Line 1: This time is already on invoice INV-000123.')).toBeTruthy();
  });

  it("adds the governing contract's recurring items for the chosen month", async () => {
    const { urls, render } = stubApi();
    const user = userEvent.setup({ delay: null });
    const dialog = await openNewInvoice(user, render);
    await user.click(within(dialog).getByRole('button', { name: 'Recurring items' }));
    const picker = await screen.findByRole('dialog', { name: 'From recurring items' });
    const month = within(picker).getByLabelText('Month');
    await user.clear(month);
    await user.type(month, '2026-04');
    await user.click(within(picker).getByRole('button', { name: 'Add recurring items' }));
    await within(dialog).findByDisplayValue('M365 Seat, April 2026, 10 × $22.00');
    expect(urls()).toContain('/api/billing/companies/3/recurring-lines?month=2026-04');
    expect(within(dialog).getByRole('textbox', { name: 'Line 1 description' })).toHaveProperty(
      'value',
      'Cloud Backup, April 2026, 4 × $12.50',
    );
    expect(within(dialog).getByLabelText('Line 2 amount').textContent).toBe('$220.00');
  });

  it('converts an accepted quote whole and opens the new draft; a sent one must be accepted first', async () => {
    const { sent, render } = stubApi();
    const user = userEvent.setup({ delay: null });
    const dialog = await openNewInvoice(user, render);
    await user.click(within(dialog).getByRole('button', { name: 'A quote' }));
    const picker = await screen.findByRole('dialog', { name: 'From a quote' });
    await user.click(within(picker).getByRole('combobox', { name: 'Quote' }));
    await user.click(await screen.findByRole('option', { name: /Q-000002: Laptops/ }));
    expect(within(picker).getByText(/Mark the quote accepted/)).toBeTruthy();
    expect(within(picker).getByRole('button', { name: 'Convert to invoice' })).toHaveProperty('disabled', true);
    await user.click(within(picker).getByRole('combobox', { name: 'Quote' }));
    await user.click(await screen.findByRole('option', { name: /Q-000001: Firewall refresh/ }));
    await user.click(within(picker).getByRole('button', { name: 'Convert to invoice' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'POST', url: '/api/billing/quotes/1/convert', body: { mode: 'full' } });
    expect(await screen.findByRole('dialog', { name: 'Invoice Draft 77' })).toBeTruthy();
  });
});

describe('To print and Export CSV', () => {
  it('offers Print batch and Mark printed only with the To print filter, and shows the answer', async () => {
    const { sent, urls, render } = stubApi({ rows: [row(5), row(6)] });
    const opened = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => opened),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }));
    const user = userEvent.setup({ delay: null });
    render('/billing/invoices?to_print=1&company_id=3');
    const csv = await screen.findByRole('link', { name: 'Export CSV' });
    expect(csv.getAttribute('href')).toBe('/api/billing/invoices?company_id=3&to_print=1&format=csv');
    await screen.findByText('INV-00006');
    await user.click(screen.getByRole('button', { name: 'Print batch' }));
    await waitFor(() => expect(opened.location.href).toBe('blob:pdf'));
    expect(urls()).toContain('/api/billing/invoices/to-print.pdf');
    await user.click(screen.getByRole('button', { name: 'Mark printed (all 2 listed)' }));
    expect(await screen.findByText('Marked 2 invoices printed.')).toBeTruthy();
    expect(sent).toEqual([{ method: 'POST', url: '/api/billing/invoices/to-print/mark', body: { ids: [5, 6] } }]);
    await user.click(screen.getByRole('checkbox', { name: 'Select INV-00006' }));
    expect(screen.getByRole('button', { name: 'Mark printed (1 selected)' })).toBeTruthy();
  });

  it('has no batch buttons without the filter', async () => {
    const { render } = stubApi({ rows: [row(5)] });
    render('/billing/invoices');
    expect((await screen.findByRole('link', { name: 'Export CSV' })).getAttribute('href')).toBe(
      '/api/billing/invoices?format=csv',
    );
    await screen.findByText('INV-00005');
    expect(screen.queryByRole('button', { name: 'Print batch' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Mark printed/ })).toBeNull();
  });
});
