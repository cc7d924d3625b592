import type { PaymentRow, ReceivableResponse } from '@switchboard/shared/billing/payments';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { type ApiAnswer, firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';

// /billing/payments/receive: the company's open invoices, Auto-apply oldest first, Save with its body, the server's
// messages beside their fields, and Void only for holders of 'approve billing'.

vi.mock('socket.io-client', () => fakeSocketModule);

const receivable: ReceivableResponse = {
  company: { id: 7, name: 'Acme Dental' },
  today: '2026-11-27',
  invoices: [
    {
      id: 11,
      number: 'INV-000011',
      invoice_date: '2026-10-01',
      due_date: '2026-10-21',
      total: 40,
      balance: 40,
      state: 'Overdue',
    },
    {
      id: 12,
      number: 'INV-000012',
      invoice_date: '2026-11-01',
      due_date: '2026-11-21',
      total: 50,
      balance: 50,
      state: 'Open',
    },
  ],
  credits: [],
  balance: 90,
};

const paymentRow: PaymentRow = {
  id: 5,
  company_id: 7,
  company_name: 'Acme Dental',
  payment_date: '2026-11-02',
  method: 'check',
  reference: '1001',
  amount: 25,
  applied: 25,
  refunded: 0,
  unapplied: 0,
  account_id: 2,
  account_number: '1050',
  account_name: 'Undeposited Funds',
  deposit_id: null,
  undeposited: true,
  memo: '',
  status: 'posted',
  void_date: null,
  journal_entry_id: 9,
  created_at: '2026-11-02T10:00:00.000Z',
};

function stubApi(answer?: (body: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = [];
  const api: ApiAnswer = (url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/billing/settings') return jsonResponse(200, { data: { lock_date: null, time_zone: 'UTC' } });
    if (url.startsWith('/api/billing/accounts'))
      return jsonResponse(200, {
        data: [
          { id: 1, number: '1000', name: 'Operating Checking', type: 'asset', subtype: 'bank', active: true },
          { id: 2, number: '1050', name: 'Undeposited Funds', type: 'asset', subtype: 'undeposited', active: true },
        ],
        as_of: '2026-11-27',
        trial_balance_difference: 0,
      });
    if (url.startsWith('/api/company')) return jsonResponse(200, { data: [{ id: 7, name: 'Acme Dental' }] });
    if (url === '/api/billing/companies/7/receivable') return jsonResponse(200, { data: receivable });
    if (url.startsWith('/api/billing/payments/received') && method === 'GET')
      return jsonResponse(200, { data: [paymentRow], total: 1, current_page: 1, per_page: 25, last_page: 1 });
    if (url === '/api/billing/payments/received') {
      const body = JSON.parse(String(init!.body));
      sent.push(body);
      return answer ? answer(body) : jsonResponse(200, { message: 'Payment saved.', data: paymentRow });
    }
  };
  return { api, sent };
}

// The first render loads the route's chunk: on a busy machine it takes longer than the default 20 s.
describe('/billing/payments/receive', { timeout: 60_000 }, () => {
  it('auto-applies oldest first, shows the credit and saves the payment', async () => {
    const { api, sent } = stubApi();
    const user = userEvent.setup();
    renderSignedIn('/billing/payments/receive?company_id=7', { permissions: ['view billing'], api });
    const table = await screen.findByRole('table', { name: 'Open invoices' }, firstLoad);
    await user.type(screen.getByRole('textbox', { name: 'Reference (check number)' }), '1042');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '100');
    await user.click(screen.getByRole('button', { name: 'Auto-apply oldest first' }));
    expect((within(table).getByRole('textbox', { name: 'Apply to INV-000011' }) as HTMLInputElement).value).toBe(
      '40.00',
    );
    expect((within(table).getByRole('textbox', { name: 'Apply to INV-000012' }) as HTMLInputElement).value).toBe(
      '50.00',
    );
    expect(screen.getByText('Credit: $10.00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      company_id: 7,
      method: 'check',
      reference: '1042',
      amount: 100,
      account_id: null,
      allocations: [
        { invoice_id: 11, amount: 40 },
        { invoice_id: 12, amount: 50 },
      ],
    });
    expect(await screen.findByText('Payment saved.')).toBeTruthy();
    // Without 'approve billing' there is no Void.
    const recent = screen.getByRole('table', { name: 'Recent payments' });
    expect(within(recent).queryByRole('button', { name: 'Void' })).toBeNull();
  });

  it('refuses an Apply amount over the balance before sending, and shows the server’s messages by field', async () => {
    const { api, sent } = stubApi(() =>
      jsonResponse(422, {
        message: 'The given data was invalid.',
        errors: {
          'allocations.0.amount': ['The amount is more than the invoice balance.'],
          date: ['The period is closed.'],
        },
      }),
    );
    const user = userEvent.setup();
    renderSignedIn('/billing/payments/receive?company_id=7', { permissions: ['view billing', 'approve billing'], api });
    const table = await screen.findByRole('table', { name: 'Open invoices' }, firstLoad);
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '45');
    await user.type(within(table).getByRole('textbox', { name: 'Apply to INV-000011' }), '45');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The amount is more than the invoice balance.')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(within(table).getByRole('textbox', { name: 'Apply to INV-000011' }));
    await user.type(within(table).getByRole('textbox', { name: 'Apply to INV-000011' }), '40');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(await screen.findByText('The period is closed.')).toBeTruthy();
    expect(screen.getByText('The amount is more than the invoice balance.')).toBeTruthy();
    const recent = screen.getByRole('table', { name: 'Recent payments' });
    expect(within(recent).getByRole('button', { name: 'Void' })).toBeTruthy();
  });

  it('preselects the company and the invoice of ?company_id=&invoice_id= with its balance', async () => {
    const { api } = stubApi();
    renderSignedIn('/billing/payments/receive?company_id=7&invoice_id=12', { permissions: ['view billing'], api });
    const table = await screen.findByRole('table', { name: 'Open invoices' }, firstLoad);
    const apply = within(table).getByRole('textbox', { name: 'Apply to INV-000012' }) as HTMLInputElement;
    await waitFor(() => expect(apply.value).toBe('50.00'));
    expect((screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement).value).toBe('50.00');
    expect((within(table).getByRole('textbox', { name: 'Apply to INV-000011' }) as HTMLInputElement).value).toBe('');
  });
});
