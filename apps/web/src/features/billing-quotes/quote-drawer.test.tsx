import type { QuoteDetail, QuoteListResponse } from '@switchboard/shared/billing/quotes';
import type { QuotePurchaseOrdersResult } from '@switchboard/shared/purchase-orders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';

// The quote drawer's "Create purchase orders" (designs/billing.md §5 /billing/quotes, §3.5; issue 28): the call, the
// draft orders it made linked to /billing/purchaseorders?id=, the product lines it left out, its 422, and no button on
// a declined quote.

vi.mock('socket.io-client', () => fakeSocketModule);

const quote = (status: QuoteDetail['status']): QuoteDetail => ({
  id: 5,
  number: 'Q-000005',
  title: 'Server room refresh',
  quote_date: '2026-11-20',
  valid_until: '2026-12-20',
  company_id: 2,
  company: 'Acme Dental',
  project_id: null,
  project: null,
  status,
  subtotal: 1524.8,
  tax_total: 0,
  total: 1524.8,
  terms: '',
  tax_rate_id: null,
  accepted_at: null,
  accepted_by_user_id: null,
  accepted_email: null,
  declined_at: null,
  converted_invoice_ids: [],
  lines: [
    {
      id: 1,
      line_no: 1,
      description: 'FortiGate 60F',
      quantity: '2',
      unit_price: '512.40',
      amount: 1024.8,
      optional: false,
      selected: false,
      taxable: 0,
      tax_amount: 0,
      item_id: 9,
    },
    {
      id: 2,
      line_no: 2,
      description: 'Rack shelf',
      quantity: '1',
      unit_price: '500.00',
      amount: 500,
      optional: false,
      selected: false,
      taxable: 0,
      tax_amount: 0,
      item_id: null,
    },
  ],
});

const list = (detail: QuoteDetail): QuoteListResponse => ({
  data: [detail],
  total: 1,
  current_page: 1,
  per_page: 50,
  from: 1,
  to: 1,
  last_page: 1,
});

const made: QuotePurchaseOrdersResult = {
  message: '2 purchase orders created.',
  data: {
    purchase_orders: [
      { id: 41, label: 'Draft 41', vendor_id: 5, vendor_name: 'Ingram Micro', lines: 1 },
      { id: 42, label: 'Draft 42', vendor_id: 6, vendor_name: 'TD Synnex', lines: 3 },
    ],
    skipped_lines: [{ line_no: 2, description: 'Rack shelf' }],
  },
};

function render(detail: QuoteDetail, answer: () => Response) {
  const posted: string[] = [];
  const { fetchMock } = renderSignedIn('/billing/quotes?id=5', {
    permissions: ['view billing'],
    api: (url, init) => {
      const path = url.split('?')[0];
      const method = init?.method ?? 'GET';
      if (method === 'GET' && path === '/api/billing/quotes') return jsonResponse(200, list(detail));
      if (method === 'GET' && path === '/api/billing/quotes/5') return jsonResponse(200, { data: detail });
      if (method === 'POST' && path === '/api/billing/quotes/5/purchase-orders') {
        posted.push(path);
        return answer();
      }
      return undefined;
    },
  });
  return { posted, fetchMock };
}

describe('the quote drawer: Create purchase orders', { timeout: 45_000 }, () => {
  it('creates the draft orders and shows them linked, with the lines left out', async () => {
    const { posted } = render(quote('accepted'), () => jsonResponse(200, made));
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Create purchase orders' }, firstLoad);
    await user.click(button);
    await waitFor(() => expect(posted).toEqual(['/api/billing/quotes/5/purchase-orders']));

    const result = await screen.findByRole('status', { name: '2 purchase orders created.' });
    const link = (name: RegExp) => within(result).getByRole('link', { name }).getAttribute('href');
    expect(link(/Draft 41 · Ingram Micro · 1 line$/)).toBe('/billing/purchaseorders?id=41');
    expect(link(/Draft 42 · TD Synnex · 3 lines$/)).toBe('/billing/purchaseorders?id=42');
    const skipped = within(result).getByLabelText('Lines not ordered');
    expect(within(skipped).getByText('Line 2: Rack shelf')).toBeTruthy();
  });

  it("shows the server's 422 and makes nothing", async () => {
    const message = 'None of the quote’s product lines has an item with a preferred vendor.';
    render(quote('sent'), () => jsonResponse(422, { message, errors: { lines: [message] } }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create purchase orders' }, firstLoad));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.queryByRole('status', { name: /purchase orders? created/ })).toBeNull();
  });

  it('offers no purchase orders from a declined quote', async () => {
    const { posted } = render(quote('declined'), () => jsonResponse(200, made));
    await screen.findByRole('table', { name: 'Quote lines' }, firstLoad);
    expect(screen.queryByRole('button', { name: 'Create purchase orders' })).toBeNull();
    expect(posted).toEqual([]);
  });
});
