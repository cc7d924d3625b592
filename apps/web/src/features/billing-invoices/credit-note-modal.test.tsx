import {
  creditQuantityLeftMessage,
  type InvoiceDetail,
  type InvoiceLineRow,
} from '@switchboard/shared/billing/invoices';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { jsonResponse } from '../../test/render.tsx';
import { signIn } from '../../test/render-signed-in.tsx';
import { CreditNoteModal } from './invoice-modals.tsx';

// The credit note dialog's returned quantity (issue 28, decision 0150): a tracked product line (a posted line with a
// stock location) takes "Quantity returned", sent as the line's quantity; the contract's and the server's 422s show on
// the field.

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const line = (extra: Partial<InvoiceLineRow>): InvoiceLineRow => ({
  id: 31,
  line_no: 1,
  kind: 'item',
  item_id: 4,
  item_name: 'Firewall FX-100',
  account_id: null,
  description: 'Firewall FX-100',
  quantity: 3,
  unit_price: 400,
  proration: null,
  amount: 1200,
  taxable: 0,
  tax_amount: 0,
  period_start: null,
  period_end: null,
  stock_location_id: 2,
  explain: null,
  ...extra,
});

const invoice = {
  id: 7,
  label: 'INV-000007',
  total: 1215,
  lines: [
    line({}),
    line({
      id: 32,
      line_no: 2,
      item_id: 5,
      description: 'Installation',
      quantity: 1,
      amount: 15,
      stock_location_id: null,
    }),
  ],
} as InvoiceDetail;

function renderModal(answer: (body: unknown) => Response) {
  signIn();
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) !== '/api/billing/invoices/7/credit-note' || init?.method !== 'POST')
        return jsonResponse(404, { message: 'Not found.' });
      const body: unknown = JSON.parse(String(init.body));
      sent.push(body);
      return answer(body);
    }),
  );
  const onCreated = vi.fn();
  render(
    <Providers queryClient={createQueryClient()} env="test">
      <CreditNoteModal opened invoice={invoice} onClose={() => {}} onCreated={onCreated} />
    </Providers>,
  );
  return { sent, onCreated };
}

async function fillLines(user: ReturnType<typeof userEvent.setup>, quantity: string) {
  const dialog = screen.getByRole('dialog', { name: 'Credit note for INV-000007' });
  await user.click(within(dialog).getByRole('radio', { name: 'Amounts per line' }));
  // Only the tracked product line offers a quantity.
  expect(within(dialog).queryByRole('textbox', { name: 'Quantity returned for line 2' })).toBeNull();
  await user.type(within(dialog).getByRole('textbox', { name: 'Credit for line 1' }), '400');
  await user.type(within(dialog).getByRole('textbox', { name: 'Quantity returned for line 1' }), quantity);
  await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'One unit back');
  await user.click(within(dialog).getByRole('button', { name: 'Create credit note' }));
  return dialog;
}

describe('credit note: quantity returned', () => {
  it('sends the quantity of the tracked product line', async () => {
    const { sent, onCreated } = renderModal(() =>
      jsonResponse(200, { message: 'Credit note drafted.', data: { id: 12 } }),
    );
    await fillLines(userEvent.setup({ delay: null }), '1');
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(12));
    expect(sent).toEqual([{ reason: 'One unit back', lines: [{ invoice_line_id: 31, amount: 400, quantity: 1 }] }]);
  });

  it("shows the contract's message and sends nothing, then the server's 422 on the field", async () => {
    const { sent } = renderModal(() =>
      jsonResponse(422, {
        message: creditQuantityLeftMessage,
        errors: { 'lines.0.quantity': [creditQuantityLeftMessage] },
      }),
    );
    const user = userEvent.setup({ delay: null });
    const dialog = await fillLines(user, '1.005');
    expect(await within(dialog).findByText('The quantity may have at most two decimals.')).toBeTruthy();
    expect(sent).toHaveLength(0);
    const field = within(dialog).getByRole('textbox', { name: 'Quantity returned for line 1' });
    await user.clear(field);
    await user.type(field, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Create credit note' }));
    expect(await within(dialog).findByText(creditQuantityLeftMessage)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([{ reason: 'One unit back', lines: [{ invoice_line_id: 31, amount: 400, quantity: 2 }] }]);
  });
});
