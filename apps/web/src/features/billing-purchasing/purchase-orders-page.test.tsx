import type { PurchaseOrderDetail, PurchaseOrderPage } from '@switchboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { type ApiAnswer, firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';
import { purchaseOrderInputOf, type OrderForm } from './purchase-orders-page.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

const order: PurchaseOrderDetail = {
  id: 7,
  number: null,
  label: 'Draft 7',
  order_date: '2026-11-05',
  expected_date: '2026-11-12',
  vendor_id: 5,
  vendor_name: 'Ingram Micro',
  company_id: 2,
  company_name: 'Acme Dental',
  project_id: 11,
  project_title: 'Server room',
  total: 1024.8,
  received_pct: 50,
  billed_pct: 0,
  status: 'draft',
  approved: false,
  vendor_email: 'orders@ingram.example',
  location_id: null,
  location_name: null,
  ship_to_site_id: null,
  ship_to_site_name: null,
  memo: '',
  subtotal: 1024.8,
  tax_total: 0,
  sent_at: null,
  approved_by: null,
  approved_by_name: null,
  approved_at: null,
  updated_at: '2026-11-27T10:00:00.000Z',
  lines: [
    {
      id: 31,
      line_no: 1,
      item_id: null,
      item_name: null,
      description: 'FortiGate 60F',
      quantity: '2.00',
      unit_cost: '512.4000',
      amount: 1024.8,
      received_qty: '1.00',
      billed_qty: '0.00',
      company_id: 2,
      project_id: 11,
      billable_to_client: true,
    },
  ],
  receipts: [],
  bills: [],
  revisions: [],
};

const page: PurchaseOrderPage = {
  data: [order],
  total: 1,
  current_page: 1,
  per_page: 50,
  from: 1,
  to: 1,
  last_page: 1,
};

function stubApi() {
  const sent: { method: string; url: string; body: Record<string, unknown> | null }[] = [];
  const listed: string[] = [];
  let current = order;
  const api: ApiAnswer = (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.startsWith('/api/billing/vendors')) return jsonResponse(200, { data: [{ id: 5, name: 'Ingram Micro' }] });
    if (url.startsWith('/api/company.list')) return jsonResponse(200, { data: [{ id: 2, name: 'Acme Dental' }] });
    if (url.startsWith('/api/project')) return jsonResponse(200, { data: [{ id: 11, title: 'Server room' }] });
    if (url.startsWith('/api/billing/inventory/locations')) return jsonResponse(200, { data: [] });
    if (url.startsWith('/api/billing/purchaseorders/7') && method === 'GET')
      return jsonResponse(200, { data: current });
    if (url.startsWith('/api/billing/purchaseorders') && method === 'GET') {
      listed.push(url);
      return jsonResponse(200, page);
    }
    if (url.startsWith('/api/billing/purchaseorders')) {
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      sent.push({ method, url, body });
      if (url.endsWith('/approve')) current = { ...current, approved: true, approved_at: '2026-11-27T10:01:00.000Z' };
      if (url.endsWith('/send'))
        current = { ...current, number: 'PO-000001', label: 'PO-000001', status: 'ordered', updated_at: 'x' };
      const message = url.endsWith('/send') ? 'Purchase order sent.' : 'Purchase order saved.';
      return jsonResponse(200, { message, data: current });
    }
  };
  return { api, sent, listed };
}

describe('the purchase order body', () => {
  it('keeps existing lines by id and sends the loaded updated_at', () => {
    const form: OrderForm = {
      vendor_id: '5',
      order_date: '2026-11-05',
      expected_date: '',
      company_id: '2',
      project_id: '',
      ship_to: 'site',
      location_id: '4',
      ship_to_site_id: '9',
      memo: '',
      lines: [
        {
          key: 'a',
          id: 31,
          item_id: null,
          item_name: null,
          description: 'Firewall',
          quantity: '2',
          unit_cost: '1',
          billable_to_client: false,
          received_qty: '0',
          billed_qty: '0',
        },
        {
          key: 'b',
          item_id: 3,
          item_name: 'Cable',
          description: 'Cable',
          quantity: '1',
          unit_cost: '2',
          billable_to_client: true,
          received_qty: '0',
          billed_qty: '0',
        },
      ],
    };
    const body = purchaseOrderInputOf(form, '2026-11-27T10:00:00.000Z');
    expect(body).toMatchObject({ updated_at: '2026-11-27T10:00:00.000Z', location_id: null, ship_to_site_id: 9 });
    expect(body.lines.map((line) => line.id)).toEqual([31, undefined]);
  });
});

describe('/billing/purchaseorders', { timeout: 60_000 }, () => {
  it('lists orders with the design columns, filters in the URL, and approves and sends from the drawer', async () => {
    const { api, sent, listed } = stubApi();
    const user = userEvent.setup();
    const { router } = renderSignedIn('/billing/purchaseorders?status=draft', { permissions: ['view billing'], api });
    const table = await screen.findByRole('table', { name: 'Purchase orders' }, firstLoad);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['PO #', 'Date', 'Vendor', 'Project/Company', 'Total', 'Received %', 'Billed %', 'Status', 'Expected']);
    const row = within(table).getByText('Draft 7').closest('tr')!;
    expect(within(row).getByText('$1,024.80')).toBeTruthy();
    expect(within(row).getByText('50%')).toBeTruthy();
    expect(within(row).getByText('#11 Server room · Acme Dental')).toBeTruthy();
    expect(listed[0]).toContain('status=draft');

    await user.click(within(row).getByRole('button', { name: 'Draft 7' }));
    await waitFor(() => expect(router.state.location.search).toContain('id=7'));
    const drawer = await screen.findByRole('dialog', { name: 'Purchase order Draft 7' }, firstLoad);
    expect(within(drawer).getByText('Received 1.00, billed 0.00')).toBeTruthy();
    // A received line cannot be removed from the editor.
    expect(within(drawer).queryByRole('button', { name: 'Remove line 1' })).toBeNull();

    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.some((call) => call.method === 'PUT')).toBe(true));
    const put = sent.find((call) => call.method === 'PUT')!;
    expect(put.url).toBe('/api/billing/purchaseorders/7');
    expect(put.body).toMatchObject({ updated_at: order.updated_at, lines: [{ id: 31, quantity: '2.00' }] });

    await user.click(within(drawer).getByRole('button', { name: 'Approve and send' }));
    await waitFor(() =>
      expect(sent.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
        '/api/billing/purchaseorders/7/approve',
        '/api/billing/purchaseorders/7/send',
      ]),
    );
    expect(await within(drawer).findByText('Purchase order sent.')).toBeTruthy();
  });

  it("an item picked in a line's search fills its unit cost from the catalogue unless one was typed", async () => {
    const { api: base } = stubApi();
    const costsAsked: string[] = [];
    const item = { id: 9, name: 'FortiGate 60F', type: 'product', price: 650, taxable: 1, fee_percent: null };
    const other = { ...item, id: 10, name: 'FortiGate 40F' };
    const api: ApiAnswer = (url, init) => {
      if (url.startsWith('/api/billing/search/items/')) return jsonResponse(200, { data: [item, other] });
      if (url === '/api/billing/items/9' || url === '/api/billing/items/10') {
        costsAsked.push(url);
        return jsonResponse(200, { data: { id: 9, cost: url.endsWith('/9') ? 410.5 : 300.25 } });
      }
      return base(url, init);
    };
    const user = userEvent.setup();
    renderSignedIn('/billing/purchaseorders?id=new', { permissions: ['view billing'], api });
    const drawer = await screen.findByRole('dialog', { name: 'New purchase order' }, firstLoad);
    const pick = async (name: string) => {
      await user.type(within(drawer).getByRole('combobox', { name: 'Line 1 item' }), 'Forti');
      await user.click(await screen.findByRole('option', { name }, { timeout: 5000 }));
    };
    const cost = within(drawer).getByRole('textbox', { name: 'Line 1 unit cost' }) as HTMLInputElement;
    await pick('FortiGate 60F');
    await waitFor(() => expect(cost.value).toBe('410.5'));
    // Another item replaces a cost it filled in...
    await pick('FortiGate 40F');
    await waitFor(() => expect(cost.value).toBe('300.25'));
    // ...but not one the user typed.
    await user.clear(cost);
    await user.type(cost, '299');
    await pick('FortiGate 60F');
    await waitFor(() => expect(costsAsked).toHaveLength(3));
    expect(cost.value).toBe('299');
  });

  it('filters by several statuses at once, kept in the URL and sent as one list', async () => {
    const { api, listed } = stubApi();
    const user = userEvent.setup();
    const { router } = renderSignedIn('/billing/purchaseorders?status=ordered,partial', {
      permissions: ['view billing'],
      api,
    });
    await screen.findByRole('table', { name: 'Purchase orders' }, firstLoad);
    expect(new URL(listed[0]!, 'http://x').searchParams.get('status')).toBe('ordered,partial');
    const status = screen.getAllByLabelText('Status').find((element) => element.getAttribute('aria-haspopup'))!;
    const field = status.closest('.mantine-MultiSelect-root') ?? document.body;
    expect(within(field as HTMLElement).getByText('Ordered')).toBeTruthy();
    expect(within(field as HTMLElement).getByText('Partially received')).toBeTruthy();
    await user.click(status);
    await user.click(await screen.findByRole('option', { name: 'Received' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('status')).toBe('ordered,partial,received'),
    );
    await waitFor(() =>
      expect(new URL(listed.at(-1)!, 'http://x').searchParams.get('status')).toBe('ordered,partial,received'),
    );
  });
});
