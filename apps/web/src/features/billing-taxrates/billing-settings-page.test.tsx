import type { BillingSettings } from '@switchboard/shared/billing/ledger';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { type ApiAnswer, firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';

// /billing/settings with the delivery and run fields (designs/billing.md §3.9): the shared contract's message beside
// each field before anything is sent, the server's after, and the whole form sent on Save.

vi.mock('socket.io-client', () => fakeSocketModule);

const settings: BillingSettings = {
  lock_date: '2026-09-30',
  time_zone: 'America/Chicago',
  invoice_prefix: 'INV-',
  credit_note_prefix: 'CN-',
  quote_prefix: 'Q-',
  purchase_order_prefix: 'PO-',
  receipt_prefix: 'RCV-',
  journal_entry_prefix: 'JE-',
  remit_to: 'PO Box 12, Austin TX',
  invoice_footer: 'Thank you.',
  late_fee_grace_days: 5,
  prorate_partial_months: true,
  run_day: 1,
  run_hour: 6,
  labor_item_id: 7,
};

function stubApi() {
  const sent: { method: string; body: Record<string, unknown> }[] = [];
  const api: ApiAnswer = (url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/billing/items.list')
      return jsonResponse(200, {
        data: [
          { id: 7, name: 'Labor', type: 'overage', description: null, price: 150, taxable: 0 },
          { id: 8, name: 'Remote labor', type: 'overage', description: null, price: 125, taxable: 0 },
        ],
      });
    if (url === '/api/billing/settings' && method === 'GET') return jsonResponse(200, { data: settings });
    if (url === '/api/billing/settings') {
      const body = JSON.parse(String(init!.body));
      sent.push({ method, body });
      if (body.labor_item_id === 8)
        return jsonResponse(422, {
          message: 'The given data was invalid.',
          errors: { labor_item_id: ['The selected labor item is invalid.'] },
        });
      return jsonResponse(200, { message: 'Settings saved.', data: body });
    }
  };
  return { api, sent };
}

describe('/billing/settings', { timeout: 60_000 }, () => {
  it('shows every field and checks them with the shared contract before sending', async () => {
    const { api, sent } = stubApi();
    const user = userEvent.setup({ delay: null });
    renderSignedIn('/billing/settings', { permissions: ['view billing', 'manage accounting'], api });
    const runDay = await screen.findByRole('textbox', { name: /Run day/ }, firstLoad);
    await waitFor(() => expect((runDay as HTMLInputElement).value).toBe('1'));
    expect((screen.getByRole('textbox', { name: /Remit to/ }) as HTMLTextAreaElement).value).toBe(
      'PO Box 12, Austin TX',
    );
    expect((screen.getByRole('textbox', { name: 'Invoice prefix' }) as HTMLInputElement).value).toBe('INV-');
    expect((screen.getByRole('textbox', { name: /Late fee grace days/ }) as HTMLInputElement).value).toBe('5');
    expect(screen.getByRole('checkbox', { name: /Prorate partial months/ })).toHaveProperty('checked', true);
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: /Labor item/ }) as HTMLInputElement).value).toBe('Labor'),
    );

    await user.clear(runDay);
    await user.type(runDay, '29');
    const prefix = screen.getByRole('textbox', { name: 'Invoice prefix' });
    await user.clear(prefix);
    await user.type(prefix, 'INV/');
    const hour = screen.getByRole('textbox', { name: /Run hour/ });
    await user.clear(hour);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The run day must be between 1 and 28.')).toBeTruthy();
    expect(screen.getByText('The invoice prefix must be 1 to 10 letters, digits or dashes.')).toBeTruthy();
    expect(screen.getByText('The run hour must be between 0 and 23.')).toBeTruthy();
    expect(sent).toEqual([]);
  }, 60_000); // the file's first test also loads the app's modules (about 10 s cold)

  it('saves the whole form once it is valid', async () => {
    const { api, sent } = stubApi();
    const user = userEvent.setup({ delay: null });
    renderSignedIn('/billing/settings', { permissions: ['view billing', 'manage accounting'], api });
    const runDay = await screen.findByRole('textbox', { name: /Run day/ }, firstLoad);
    await waitFor(() => expect((runDay as HTMLInputElement).value).toBe('1'));
    const prefix = screen.getByRole('textbox', { name: 'Invoice prefix' });
    const hour = screen.getByRole('textbox', { name: /Run hour/ });
    await user.clear(hour);
    await user.clear(runDay);
    await user.type(runDay, '3');
    await user.clear(prefix);
    await user.type(prefix, 'NW-INV-');
    await user.type(hour, '7');
    await user.click(screen.getByRole('checkbox', { name: /Prorate partial months/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    expect(sent).toEqual([
      {
        method: 'PUT',
        body: { ...settings, invoice_prefix: 'NW-INV-', run_day: 3, run_hour: 7, prorate_partial_months: false },
      },
    ]);
  });

  it('shows the server’s message beside the labor item', async () => {
    const { api } = stubApi();
    const user = userEvent.setup({ delay: null });
    renderSignedIn('/billing/settings', { permissions: ['view billing', 'manage accounting'], api });
    const labor = await screen.findByRole('combobox', { name: /Labor item/ }, firstLoad);
    await waitFor(() => expect((labor as HTMLInputElement).value).toBe('Labor'));
    await user.click(labor);
    await user.click(await screen.findByRole('option', { name: 'Remote labor' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The selected labor item is invalid.')).toBeTruthy();
  });

  it('is read-only without manage accounting', async () => {
    const { api } = stubApi();
    renderSignedIn('/billing/settings', { permissions: ['view billing'], api });
    const runDay = await screen.findByRole('textbox', { name: /Run day/ }, firstLoad);
    expect(runDay).toHaveProperty('disabled', true);
    expect(screen.getByRole('textbox', { name: /Remit to/ })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
