import type { OpenLinesResponse, OpenOrder, ReceiptDetail, ReceiptPage } from '@switchboard/shared/billing/receipts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeSocketModule, latestSocket } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { type ApiAnswer, firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';
import {
  billTotalCents,
  checkReceiveForm,
  emptyReceiveForm,
  formErrorsFromServer,
  receiptBody,
  serialList,
} from './receive-form.ts';

vi.mock('socket.io-client', () => fakeSocketModule);

const order: OpenOrder = {
  id: 7,
  number: 'PO-000007',
  vendor_id: 5,
  vendor_name: 'Ingram Micro',
  status: 'ordered',
  order_date: '2026-11-01',
  expected_date: '2026-11-30',
  location_id: 2,
  location_name: 'Main warehouse',
  drop_ship: false,
  lines: [
    {
      id: 70,
      line_no: 1,
      item_id: 9,
      item_name: 'FortiGate 60F',
      sku: 'FG-60F',
      description: 'Firewall',
      unit: 'each',
      tracked: true,
      ordered: 5,
      received: 0,
      remaining: 5,
      unit_cost: 410.5,
    },
    {
      id: 71,
      line_no: 2,
      item_id: 10,
      item_name: 'Cable (ft)',
      sku: null,
      description: 'Cat6',
      unit: 'hour',
      tracked: false,
      ordered: 10,
      received: 10,
      remaining: 0,
      unit_cost: 1,
    },
  ],
};

describe('rules of the receive form', () => {
  const form = { ...emptyReceiveForm('2026-11-20', order) };
  it('sends only the lines with a quantity, with their serials, and the location only when stock moves', () => {
    expect(form.location_id).toBe(2);
    expect(serialList(' A1, A2\nA3 ,, ')).toEqual(['A1', 'A2', 'A3']);
    expect(receiptBody({ ...form, quantities: { 70: '2', 71: '' }, serials: { 70: 'S1,S2' } }, order)).toEqual({
      po_id: 7,
      received_on: '2026-11-20',
      location_id: 2,
      memo: '',
      lines: [{ po_line_id: 70, quantity: '2', serials: ['S1', 'S2'] }],
      bill: null,
    });
    expect(receiptBody({ ...form, quantities: { 70: '2' } }, { ...order, drop_ship: true }).location_id).toBeNull();
  });

  it('checks what is left, whole units, serial counts and the location before sending', () => {
    expect(checkReceiveForm({ ...form, quantities: { 70: '3' } }, order)).toBeNull();
    expect(checkReceiveForm({ ...form, quantities: { 70: '6' } }, order)).toEqual({
      'qty.70': ['Only 5 left to receive on this line.'],
    });
    expect(checkReceiveForm({ ...form, quantities: { 70: '1.5' } }, order)).toEqual({
      'qty.70': ['This item is counted in whole units: the quantity must be a whole number.'],
    });
    expect(checkReceiveForm({ ...form, quantities: { 70: '2' }, serials: { 70: 'A1' } }, order)).toEqual({
      'serials.70': ['Enter one serial number per unit received, or none.'],
    });
    expect(checkReceiveForm({ ...form, location_id: null, quantities: { 70: '2' } }, order)).toEqual({
      location_id: ['Choose the location the items are received into.'],
    });
    expect(checkReceiveForm({ ...form, quantities: { 70: 'two' } }, order)?.['qty.70']).toHaveLength(1);
  });

  it('with the bill ticked, sends its reference, date and the billed costs; the total at those costs', () => {
    const billing = { ...form, bill: true, vendor_ref: 'INV-9', bill_date: '2026-11-21', quantities: { 70: '2' } };
    expect(receiptBody({ ...billing, bill_costs: { 70: '415.25' } }, order)).toMatchObject({
      lines: [{ po_line_id: 70, quantity: '2', serials: [], bill_unit_cost: 415.25 }],
      bill: { vendor_ref: 'INV-9', bill_date: '2026-11-21' },
    });
    expect(receiptBody(billing, order).lines[0]!.bill_unit_cost).toBeNull();
    expect(billTotalCents(billing, order)).toBe(82_100);
    expect(billTotalCents({ ...billing, bill_costs: { 70: '415.255' } }, order)).toBe(83_051);
    expect(checkReceiveForm({ ...billing, vendor_ref: ' ' }, order)).toEqual({
      'bill.vendor_ref': ["Enter the vendor's invoice number."],
    });
    expect(checkReceiveForm({ ...billing, bill_costs: { 70: '-1' } }, order)?.['cost.70']?.[0]).toBe(
      'The billed unit cost may not be negative.',
    );
  });

  it("maps the server's line keys back to the line they name", () => {
    const body = receiptBody({ ...form, quantities: { 70: '2' } }, order);
    expect(
      formErrorsFromServer(
        {
          'lines.0.quantity': ['Only 1 left to receive on this line.'],
          po_id: ['Only an ordered or partially received purchase order can be received.'],
        },
        body,
      ),
    ).toEqual({
      'qty.70': ['Only 1 left to receive on this line.'],
      _: ['Only an ordered or partially received purchase order can be received.'],
    });
  });
});

const posted: ReceiptDetail = {
  id: 3,
  number: 'RCV-000003',
  received_on: '2026-11-20',
  po_id: 7,
  po_number: 'PO-000007',
  po_status: 'partial',
  vendor_id: 5,
  vendor_name: 'Ingram Micro',
  location_id: 2,
  location_name: 'Main warehouse',
  total: 1231.5,
  memo: '',
  journal_entry_id: 11,
  journal_entry_number: 'JE-000011',
  received_by: 'Ada Admin',
  bill_id: null,
  bill_vendor_ref: null,
  voided_on: null,
  void_reason: '',
  void_journal_entry_id: null,
  void_journal_entry_number: null,
  lines: [],
};

function stubApi() {
  const sent: Record<string, unknown>[] = [];
  const opened: string[] = [];
  let receipts: ReceiptPage = { data: [], total: 0, current_page: 1, per_page: 25, from: null, to: null, last_page: 1 };
  const api: ApiAnswer = (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.startsWith('/api/billing/settings')) return jsonResponse(200, { data: { time_zone: 'UTC' } });
    if (url.startsWith('/api/billing/vendors'))
      return jsonResponse(200, {
        data: [
          { id: 5, name: 'Ingram Micro' },
          { id: 6, name: 'Pax8' },
        ],
      });
    if (url.startsWith('/api/billing/receive/open-lines')) {
      opened.push(url);
      const answer: OpenLinesResponse = {
        data: {
          vendor_id: url.includes('vendor_id=6') ? 6 : 5,
          orders: url.includes('vendor_id=6') ? [] : [order],
          locations: [
            { id: 2, name: 'Main warehouse' },
            { id: 3, name: 'Van 1' },
          ],
        },
      };
      return jsonResponse(200, answer);
    }
    if (url.startsWith('/api/billing/receipts') && method === 'POST') {
      const body = JSON.parse(String(init!.body)) as Record<string, unknown>;
      sent.push(body);
      if (sent.length === 1)
        return jsonResponse(422, {
          message: 'The given data was invalid.',
          errors: { 'lines.0.quantity': ['Only 1 left to receive on this line.'] },
        });
      receipts = { ...receipts, data: [posted], total: 1, from: 1, to: 1 };
      return jsonResponse(200, { message: 'Receipt posted.', data: posted });
    }
    if (url.startsWith('/api/billing/receipts')) return jsonResponse(200, receipts);
  };
  return { api, sent, opened };
}

describe('/billing/receive', { timeout: 60_000 }, () => {
  it('?po= picks its vendor and order, shows the lines, posts a receipt and shows it in the history', async () => {
    const { api, sent, opened } = stubApi();
    const user = userEvent.setup();
    renderSignedIn('/billing/receive?po=7', { permissions: ['view billing'], api });
    const table = await screen.findByRole('table', { name: 'Lines to receive' }, firstLoad);
    expect(opened[0]).toContain('po_id=7');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Vendor' })).toHaveProperty('value', 'Ingram Micro'),
    );
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['#', 'Item', 'Description', 'Ordered', 'Received', 'Remaining', 'Receive now', 'Serials']);
    const first = within(table).getByText('Firewall').closest('tr')!;
    expect(
      within(first)
        .getAllByRole('cell')
        .slice(3, 6)
        .map((cell) => cell.textContent),
    ).toEqual(['5', '0', '5']);
    expect(screen.getByRole('textbox', { name: 'Receive now, line 2' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveProperty('value', 'Main warehouse');

    const quantity = screen.getByRole('textbox', { name: 'Receive now, line 1' });
    await user.type(quantity, '6');
    await user.click(screen.getByRole('button', { name: 'Post receipt' }));
    expect(await screen.findByText('Only 5 left to receive on this line.')).toBeTruthy();
    expect(sent).toHaveLength(0);

    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.type(screen.getByRole('textbox', { name: 'Serials, line 1' }), 'S1, S2, S3');
    await user.click(screen.getByRole('button', { name: 'Post receipt' }));
    expect(await screen.findByText('Only 1 left to receive on this line.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Post receipt' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({
      po_id: 7,
      received_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      location_id: 2,
      memo: '',
      lines: [{ po_line_id: 70, quantity: '3', serials: ['S1', 'S2', 'S3'] }],
      bill: null,
    });
    expect(screen.queryByRole('checkbox', { name: /Bill received with items/ })).toBeNull();
    const alert = await screen.findByRole('alert', { name: 'Receipt posted' });
    expect(alert.textContent).toContain('Receipt posted. RCV-000003, $1,231.50. PO-000007: Partially received.');
    const history = await screen.findByRole('table', { name: 'Receipts' });
    await waitFor(() => expect(within(history).getByText('RCV-000003')).toBeTruthy());
  });

  it("with 'approve billing': Bill received with items sends the bill and shows the server's 422 on its fields", async () => {
    const { api, sent } = stubApi();
    const user = userEvent.setup();
    renderSignedIn('/billing/receive?po=7', { permissions: ['view billing', 'approve billing'], api });
    await screen.findByRole('table', { name: 'Lines to receive' }, firstLoad);
    await user.type(screen.getByRole('textbox', { name: 'Receive now, line 1' }), '2');
    await user.click(screen.getByRole('checkbox', { name: /Bill received with items/ }));
    const cost = screen.getByRole('textbox', { name: 'Billed unit cost, line 1' });
    expect(cost.getAttribute('placeholder')).toBe('410.5');
    expect(screen.getByLabelText('Bill total').textContent).toBe('$821.00');
    await user.type(cost, '415.25');
    expect(screen.getByLabelText('Bill total').textContent).toBe('$830.50');
    await user.click(screen.getByRole('button', { name: 'Post receipt' }));
    expect(await screen.findByText("Enter the vendor's invoice number.")).toBeTruthy();
    expect(sent).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Vendor invoice #' }), 'INV-9');
    await user.click(screen.getByRole('button', { name: 'Post receipt' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      lines: [{ po_line_id: 70, quantity: '2', serials: [], bill_unit_cost: 415.25 }],
      bill: { vendor_ref: 'INV-9', bill_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    });
    // The stub's first POST answers a 422 on line 0's quantity; the second one posts.
    expect(await screen.findByText('Only 1 left to receive on this line.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Post receipt' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    await screen.findByRole('alert', { name: 'Receipt posted' });
    expect((screen.getByRole('checkbox', { name: /Bill received with items/ }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('a vendor with nothing to receive says so', async () => {
    const { api } = stubApi();
    renderSignedIn('/billing/receive?vendor_id=6', { permissions: ['view billing'], api });
    expect(
      await screen.findByText('No purchase orders of this vendor are waiting to be received.', {}, firstLoad),
    ).toBeTruthy();
    expect(await screen.findByText('No receipts yet.')).toBeTruthy();
  });

  it("with 'approve billing': Void in the history sends the reason, shows a refusal, then the void", async () => {
    const voids: { url: string; body: unknown }[] = [];
    let voided = false;
    const page = (row: ReceiptDetail): ReceiptPage => ({
      data: [row],
      total: 1,
      current_page: 1,
      per_page: 25,
      from: 1,
      to: 1,
      last_page: 1,
    });
    const { api: base } = stubApi();
    const api: ApiAnswer = (url, init) => {
      if (url.startsWith('/api/billing/receipts/3/void')) {
        voids.push({ url, body: JSON.parse(String(init!.body)) });
        if (voids.length === 1)
          return jsonResponse(422, {
            message: 'A bill is matched to this receipt: void the bill first.',
            errors: { id: ['A bill is matched to this receipt: void the bill first.'] },
          });
        voided = true;
        return jsonResponse(200, { message: 'Receipt voided.', data: { ...posted, voided_on: '2026-11-21' } });
      }
      if (url.startsWith('/api/billing/receipts?'))
        return jsonResponse(200, page(voided ? { ...posted, voided_on: '2026-11-21' } : posted));
      return base(url, init);
    };
    const user = userEvent.setup();
    renderSignedIn('/billing/receive?vendor_id=5', { permissions: ['view billing', 'approve billing'], api });
    const history = await screen.findByRole('table', { name: 'Receipts' }, firstLoad);
    await user.click(await within(history).findByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void receipt RCV-000003' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Damaged');
    await user.click(within(dialog).getByRole('button', { name: 'Void receipt' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'A bill is matched to this receipt: void the bill first.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Void receipt' }));
    await waitFor(() => expect(voids).toHaveLength(2));
    expect(voids[1]!.body).toEqual({ reason: 'Damaged' });
    await waitFor(() => expect(within(history).getByText('Void 2026-11-21')).toBeTruthy());
    expect(within(history).queryByRole('button', { name: 'Void' })).toBeNull();
  });

  it('without approve billing the history has no Void', async () => {
    const { api: base } = stubApi();
    const api: ApiAnswer = (url, init) =>
      url.startsWith('/api/billing/receipts?')
        ? jsonResponse(200, { data: [posted], total: 1, current_page: 1, per_page: 25, from: 1, to: 1, last_page: 1 })
        : base(url, init);
    renderSignedIn('/billing/receive?vendor_id=5', { permissions: ['view billing'], api });
    const history = await screen.findByRole('table', { name: 'Receipts' }, firstLoad);
    await waitFor(() => expect(within(history).getByText('RCV-000003')).toBeTruthy());
    expect(within(history).queryByRole('button', { name: 'Void' })).toBeNull();
  });

  it("another window's receipt refetches the open lines and the history (ReceiptPosted on billing)", async () => {
    const { api, opened } = stubApi();
    renderSignedIn('/billing/receive?po=7', { permissions: ['view billing'], api });
    await screen.findByRole('table', { name: 'Lines to receive' }, firstLoad);
    await waitFor(() => expect(latestSocket().subscriptions()).toContain('billing'));
    await waitFor(() => expect(opened.some((url) => url.includes('vendor_id=5'))).toBe(true));
    const before = opened.length;
    act(() => latestSocket().serverEmit('billing', 'ReceiptPosted', { id: 4, po_id: 7, vendor_id: 5 }));
    await waitFor(() => expect(opened.length).toBeGreaterThan(before));
  });
});
