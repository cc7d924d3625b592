import type { AccountRow } from '@switchboard/shared/billing/ledger';
import type { VendorDetail, VendorPage } from '@switchboard/shared/billing/vendors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { type ApiAnswer, firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';
import { checkVendor, emptyVendorForm, vendorInputOf } from './vendors-page.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

const ingram: VendorDetail = {
  id: 5,
  name: 'Ingram Micro',
  account_number: 'SB-1',
  contact: 'Dana Reyes',
  email: 'orders@ingram.example',
  phone: '555-0100',
  address: '',
  website: '',
  payment_terms: 45,
  default_expense_account_id: null,
  default_expense_account: null,
  is_1099: false,
  tax_id_masked: '•••••6789',
  notes: '',
  active: true,
  archived_at: null,
  updated_at: '2026-11-27T10:00:00.000Z',
  purchase_orders: [{ id: 3, number: 'PO-000003', order_date: '2026-11-05', status: 'ordered', total: '1024.80' }],
  purchase_orders_total: 1,
  items: [{ id: 9, name: 'FortiGate 60F', sku: 'FG-60F', active: true }],
};

const account = (id: number, number: string, name: string, type: AccountRow['type']): AccountRow => ({
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
});

const page: VendorPage = {
  data: [{ ...ingram, open_bills_count: 2, open_bills: 1250.5, last_paid: '2026-11-20' }],
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
  const api: ApiAnswer = (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.startsWith('/api/billing/accounts'))
      return jsonResponse(200, {
        data: [account(21, '4300', 'Hardware Sales', 'income'), account(30, '6500', 'Parts Used', 'expense')],
        as_of: '2026-11-27',
        trial_balance_difference: 0,
      });
    if (url.startsWith('/api/billing/vendors/5') && method === 'GET') return jsonResponse(200, { data: ingram });
    if (url.startsWith('/api/billing/bills?'))
      return jsonResponse(200, {
        data: [
          {
            id: 41,
            kind: 'bill',
            vendor_id: 5,
            vendor_name: 'Ingram Micro',
            vendor_ref: 'IM-9001',
            bill_date: '2026-11-02',
            due_date: '2026-12-17',
            status: 'posted',
            total: 1000,
            balance: 400,
          },
        ],
        total: 1,
      });
    if (url.startsWith('/api/billing/payments/made?'))
      return jsonResponse(200, {
        data: [
          {
            id: 8,
            vendor_id: 5,
            payment_date: '2026-11-20',
            method: 'check',
            reference: '2044',
            amount: 600,
            applied: 600,
            status: 'posted',
          },
        ],
        total: 1,
      });
    if (url.startsWith('/api/billing/vendors') && method === 'GET') {
      listed.push(url);
      return jsonResponse(200, page);
    }
    if (url.startsWith('/api/billing/vendors')) {
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      sent.push({ method, url, body });
      if (body?.name === 'Taken')
        return jsonResponse(422, {
          message: 'The given data was invalid.',
          errors: { name: ['The name has already been taken.'] },
        });
      return jsonResponse(200, { message: 'Vendor saved.', data: { ...ingram, name: body?.name ?? ingram.name } });
    }
  };
  return { api, sent, listed };
}

describe('rules of the vendor form', () => {
  const valid = { ...emptyVendorForm, name: 'Pax8' };
  it('checks the form with the shared contract', () => {
    expect(checkVendor(valid)).toBeNull();
    expect(checkVendor({ ...valid, name: ' ' })).toEqual({ name: ['The name field is required.'] });
    expect(checkVendor({ ...valid, email: 'nope' })).toEqual({ email: ['The email must be a valid email address.'] });
    expect(checkVendor({ ...valid, payment_terms: '366' })).toEqual({
      payment_terms: ['The payment terms must be a whole number of days from 0 to 365.'],
    });
    expect(checkVendor({ ...valid, payment_terms: '2.5' })?.payment_terms).toHaveLength(1);
    expect(checkVendor({ ...valid, website: 'pax8 dot com' })).toEqual({
      website: ['The website must be a valid URL starting with http:// or https://.'],
    });
    expect(checkVendor({ ...valid, website: 'https://pax8.example' })).toBeNull();
    expect(checkVendor({ ...valid, tax_id: '12<3' })).toEqual({
      tax_id: ['The tax id may contain only letters, digits, spaces and dashes.'],
    });
  });

  it('leaves a blank tax id out (the stored one stays), sends "" only to remove it, and blank terms as the default', () => {
    expect(vendorInputOf(valid)).not.toHaveProperty('tax_id');
    expect(vendorInputOf({ ...valid, payment_terms: '' })).not.toHaveProperty('payment_terms');
    expect(vendorInputOf({ ...valid, remove_tax_id: true }).tax_id).toBe('');
    expect(vendorInputOf({ ...valid, tax_id: ' 12-3456789 ' }).tax_id).toBe('12-3456789');
    expect(vendorInputOf({ ...valid, default_expense_account_id: '30' }).default_expense_account_id).toBe('30');
  });
});

// The first render loads the route's chunk, which takes long on a loaded machine.
describe('/billing/vendors', { timeout: 60_000 }, () => {
  it('lists vendors with their columns, Open bills and Last paid, and keeps search and status in the URL', async () => {
    const { api, listed } = stubApi();
    const user = userEvent.setup();
    const { router } = renderSignedIn('/billing/vendors?archived=all', { permissions: ['view billing'], api });
    const table = await screen.findByRole('table', { name: 'Vendors' }, firstLoad);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Name', 'Account #', 'Contact', 'Email', 'Phone', 'Terms', 'Open bills', 'Last paid']);
    const row = within(table).getByText('Ingram Micro').closest('tr')!;
    expect(within(row).getByText('Net 45')).toBeTruthy();
    expect(within(row).getByText('$1,250.50 (2)')).toBeTruthy();
    expect(within(row).getByText('2026-11-20')).toBeTruthy();
    expect(listed[0]).toContain('archived=all');
    expect(listed[0]).toContain('page=1');
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'dana');
    await waitFor(() => expect(router.state.location.search).toContain('search=dana'));
    expect(router.state.location.search).toContain('archived=all');
    await waitFor(() => expect(listed.at(-1)).toContain('search=dana'));
  });

  it('shows the form errors of the browser and of the server, then creates the vendor', async () => {
    const { api, sent } = stubApi();
    const user = userEvent.setup();
    renderSignedIn('/billing/vendors', { permissions: ['view billing'], api });
    await user.click(await screen.findByRole('button', { name: 'New vendor' }, firstLoad));
    const form = await screen.findByRole('form', { name: 'New vendor' });
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'nope');
    await user.type(within(form).getByRole('textbox', { name: 'Website' }), 'nowhere');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The name field is required.')).toBeTruthy();
    expect(within(form).getByText('The email must be a valid email address.')).toBeTruthy();
    expect(within(form).getByText('The website must be a valid URL starting with http:// or https://.')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(within(form).getByRole('textbox', { name: 'Email' }));
    await user.clear(within(form).getByRole('textbox', { name: 'Website' }));
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Taken');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The name has already been taken.')).toBeTruthy();

    await user.clear(within(form).getByRole('textbox', { name: 'Name' }));
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Pax8');
    await user.type(within(form).getByRole('textbox', { name: 'Tax id' }), '12-3456789');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({
      method: 'POST',
      url: '/api/billing/vendors',
      body: { name: 'Pax8', tax_id: '12-3456789', payment_terms: '30' },
    });
    expect(await screen.findByText('Vendor saved.')).toBeTruthy();
  });

  it("opens a vendor's drawer with the masked tax id, its bills, purchase orders, payments and items supplied", async () => {
    const { api, sent } = stubApi();
    const user = userEvent.setup();
    renderSignedIn('/billing/vendors?id=5', { permissions: ['view billing'], api });
    const form = await screen.findByRole('form', { name: 'Edit Ingram Micro' }, firstLoad);
    expect(within(form).getByText('On file: •••••6789. Type a new one only to change it.')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Bills' }));
    const bills = await screen.findByRole('table', { name: 'Bills' });
    expect(within(bills).getByText('IM-9001')).toBeTruthy();
    expect(within(bills).getByText('Partially Paid')).toBeTruthy();
    expect(within(bills).getByText('$400.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Enter bill' }).getAttribute('href')).toBe(
      '/billing/payments/make?vendor_id=5&enter=1',
    );
    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    const payments = await screen.findByRole('table', { name: 'Payments made' });
    expect(within(payments).getByText('2044')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Purchase orders' }));
    const orders = await screen.findByRole('table', { name: 'Purchase orders' });
    expect(within(orders).getByText('PO-000003')).toBeTruthy();
    expect(within(orders).getByText('$1,024.80')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Items supplied' }));
    expect(within(await screen.findByRole('table', { name: 'Items supplied' })).getByText('FG-60F')).toBeTruthy();

    // Saving without retyping leaves the tax id out of the body.
    await user.click(screen.getByRole('tab', { name: 'Details' }));
    const details = await screen.findByRole('form', { name: 'Edit Ingram Micro' });
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PUT', url: '/api/billing/vendors/5' });
    expect(sent[0]!.body).not.toHaveProperty('tax_id');
  });
});
