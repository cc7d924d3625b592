import type { PayableResponse, PaymentMadeRow } from '@switchboard/shared/billing/bills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { type ApiAnswer, firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';
import { autoApplyBills } from './make-payments-page.tsx';

// /billing/payments/make: the vendor's open bills, Auto-apply (earliest due first), Pay with its body, the server's
// messages beside their Apply field, Void only for holders of 'approve billing'; and the pure auto-apply rule.

vi.mock('socket.io-client', () => fakeSocketModule);

const payable: PayableResponse = {
  vendor: { id: 3, name: 'Ingram Micro' },
  today: '2026-11-27',
  bills: [
    { id: 21, vendor_ref: 'IM-100', bill_date: '2026-10-01', due_date: '2026-10-31', total: 40, balance: 40 },
    { id: 22, vendor_ref: 'IM-101', bill_date: '2026-11-01', due_date: '2026-12-01', total: 50, balance: 50 },
  ],
  credits: [],
  balance: 90,
};

const paymentRow: PaymentMadeRow = {
  id: 5,
  vendor_id: 3,
  vendor_name: 'Ingram Micro',
  payment_date: '2026-11-02',
  method: 'check',
  reference: '1001',
  amount: 25,
  applied: 25,
  unapplied: 0,
  account_id: 1,
  account_number: '1000',
  account_name: 'Operating Checking',
  memo: '',
  status: 'posted',
  void_date: null,
  journal_entry_id: 9,
};

function stubApi(answer?: (body: Record<string, unknown>) => Response, answered: PayableResponse = payable) {
  const sent: Record<string, unknown>[] = [];
  const api: ApiAnswer = (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.endsWith('/apply')) {
      sent.push({ url, ...JSON.parse(String(init!.body)) });
      return jsonResponse(200, { message: 'Payment applied.', data: paymentRow });
    }
    if (url === '/api/billing/settings') return jsonResponse(200, { data: { lock_date: null, time_zone: 'UTC' } });
    if (url.startsWith('/api/billing/accounts'))
      return jsonResponse(200, {
        data: [{ id: 1, number: '1000', name: 'Operating Checking', type: 'asset', subtype: 'bank', active: true }],
      });
    if (url === '/api/billing/vendors.list') return jsonResponse(200, { data: [{ id: 3, name: 'Ingram Micro' }] });
    if (url === '/api/billing/vendors/3/payable') return jsonResponse(200, { data: answered });
    if (url.startsWith('/api/billing/payments/made') && method === 'GET')
      return jsonResponse(200, { data: [paymentRow], total: 1, current_page: 1, per_page: 25, last_page: 1 });
    if (url === '/api/billing/payments/made') {
      const body = JSON.parse(String(init!.body));
      sent.push(body);
      return answer ? answer(body) : jsonResponse(200, { message: 'Payment saved.', data: paymentRow });
    }
  };
  return { api, sent };
}

describe('autoApplyBills', () => {
  it('pays the earliest due first, each up to its balance', () => {
    expect(autoApplyBills('60', payable.bills)).toEqual({ 21: '40.00', 22: '20.00' });
    expect(autoApplyBills('100', payable.bills)).toEqual({ 21: '40.00', 22: '50.00' });
    expect(autoApplyBills('abc', payable.bills)).toEqual({});
  });
});

describe('/billing/payments/make', { timeout: 60_000 }, () => {
  it('auto-applies, shows the prepayment and pays with the check number', async () => {
    const { api, sent } = stubApi();
    const user = userEvent.setup();
    renderSignedIn('/billing/payments/make?vendor_id=3', { permissions: ['view billing', 'approve billing'], api });
    const table = await screen.findByRole('table', { name: 'Open bills' }, firstLoad);
    await user.type(screen.getByRole('textbox', { name: 'Check number' }), '1042');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '100');
    await user.click(screen.getByRole('button', { name: 'Auto-apply oldest first' }));
    expect((within(table).getByRole('textbox', { name: 'Apply to IM-100' }) as HTMLInputElement).value).toBe('40.00');
    expect(screen.getByText('Prepayment: $10.00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      vendor_id: 3,
      method: 'check',
      reference: '1042',
      amount: 100,
      allocations: [
        { bill_id: 21, amount: 40 },
        { bill_id: 22, amount: 50 },
      ],
    });
    expect(await screen.findByText('Payment saved.')).toBeTruthy();
    const made = screen.getByRole('table', { name: 'Payments made' });
    expect(within(made).getByRole('button', { name: 'Void' })).toBeTruthy();
  });

  it("shows the server's message beside the bill's Apply; no Pay or Void without approve billing", async () => {
    const { api, sent } = stubApi(() =>
      jsonResponse(422, {
        message: 'The given data was invalid.',
        errors: { 'allocations.0.amount': ['The amount is more than the bill balance.'] },
      }),
    );
    const user = userEvent.setup();
    renderSignedIn('/billing/payments/make?vendor_id=3', { permissions: ['view billing', 'approve billing'], api });
    const table = await screen.findByRole('table', { name: 'Open bills' }, firstLoad);
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '30');
    await user.type(within(table).getByRole('textbox', { name: 'Apply to IM-101' }), '30');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(await screen.findByText('The amount is more than the bill balance.')).toBeTruthy();
  });

  it('hides Void and disables Pay for staff without approve billing', async () => {
    const { api } = stubApi();
    renderSignedIn('/billing/payments/make?vendor_id=3', { permissions: ['view billing'], api });
    await screen.findByRole('table', { name: 'Open bills' }, firstLoad);
    expect((screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement).disabled).toBe(true);
    const made = await screen.findByRole('table', { name: 'Payments made' });
    expect(within(made).queryByRole('button', { name: 'Void' })).toBeNull();
  });

  it('applies a prepayment to a chosen bill', async () => {
    const withCredit: PayableResponse = {
      ...payable,
      credits: [
        { type: 'payment', id: 5, label: 'Payment check 1001 of 2026-11-02', date: '2026-11-02', available: 20 },
      ],
    };
    const { api, sent } = stubApi(undefined, withCredit);
    const user = userEvent.setup();
    renderSignedIn('/billing/payments/make?vendor_id=3', { permissions: ['view billing', 'approve billing'], api });
    const credits = await screen.findByRole('table', { name: 'Vendor credits' }, firstLoad);
    await user.click(within(credits).getAllByLabelText('Bill for Payment check 1001 of 2026-11-02')[0]!);
    await user.click(await screen.findByRole('option', { name: 'IM-101 ($50.00)' }));
    await user.click(within(credits).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ url: '/api/billing/payments/made/5/apply', bill_id: 22, amount: 20 });
  });
});
