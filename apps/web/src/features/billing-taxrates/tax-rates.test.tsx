import type { AccountRow } from '@switchboard/shared/billing/ledger';
import type { TaxRate } from '@switchboard/shared/billing/tax-rates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { type ApiAnswer, firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';
import { checkTaxRate, dayAfter } from './tax-rates-page.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

const mn: TaxRate = {
  id: 3,
  name: 'Minnesota State',
  jurisdiction: 'MN',
  dor_code: '001',
  percent: '6.8750',
  liability_account_id: 8,
  liability_account: { id: 8, number: '2100', name: 'Sales Tax Payable' },
  effective_from: '2026-01-01',
  effective_to: null,
  active: true,
  companies_using: 4,
  used_on_posted_invoices: true,
};

const liability: AccountRow = {
  id: 8,
  number: '2100',
  name: 'Sales Tax Payable',
  type: 'liability',
  subtype: 'other',
  parent_id: null,
  is_system: true,
  active: true,
  description: '',
  debit: 0,
  credit: 0,
  balance: 0,
};

function stubApi() {
  const sent: { method: string; url: string; body: Record<string, unknown> }[] = [];
  const api: ApiAnswer = (url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/billing/settings' && method === 'GET')
      return jsonResponse(200, { data: { lock_date: '2026-09-30', time_zone: 'America/Chicago' } });
    if (url === '/api/billing/settings') {
      const body = JSON.parse(String(init!.body));
      sent.push({ method, url, body });
      if (body.time_zone === 'Mars/Base')
        return jsonResponse(422, { message: 'The given data was invalid.', errors: { time_zone: ['Bad zone.'] } });
      return jsonResponse(200, { message: 'Settings saved.', data: body });
    }
    if (url.startsWith('/api/billing/accounts'))
      return jsonResponse(200, { data: [liability], as_of: '2026-11-27', trial_balance_difference: 0 });
    if (url === '/api/billing/taxrates' && method === 'GET') return jsonResponse(200, { data: [mn] });
    if (url.startsWith('/api/billing/taxrates')) {
      const body = JSON.parse(String(init!.body));
      sent.push({ method, url, body });
      return jsonResponse(200, { message: 'Tax rate saved.', data: { ...mn, id: 9 } });
    }
  };
  return { api, sent };
}

describe('rules of the tax rates page', () => {
  const form = {
    name: 'X',
    jurisdiction: 'MN',
    dor_code: '',
    percent: '7',
    liability_account_id: '',
    effective_from: '2026-01-01',
    effective_to: '',
    active: true,
  };
  it('checks the form with the shared contract', () => {
    expect(checkTaxRate(form)).toBeNull();
    expect(checkTaxRate({ ...form, percent: '101' })).toEqual({ percent: ['The rate must be between 0 and 100.'] });
    expect(checkTaxRate({ ...form, percent: '7.12345' })?.percent).toEqual([
      'The rate may have at most 4 decimal places.',
    ]);
    expect(checkTaxRate({ ...form, effective_to: '2025-12-31' })?.effective_to).toEqual([
      'The end date may not be before the start date.',
    ]);
  });
  it('starts the replacing rate the day after the end date', () => {
    expect(dayAfter('2026-06-30')).toBe('2026-07-01');
    expect(dayAfter('2026-12-31')).toBe('2027-01-01');
  });
});

describe('/billing/taxrates', { timeout: 60_000 }, () => {
  it('lists the rates with their columns, read-only without manage accounting', async () => {
    const { api } = stubApi();
    renderSignedIn('/billing/taxrates', { permissions: ['view billing'], api });
    const table = await screen.findByRole('table', { name: 'Tax rates' }, firstLoad);
    for (const name of [
      'Name',
      'Jurisdiction',
      'DOR code',
      'Rate %',
      'Liability account',
      'Effective from/to',
      'Companies using',
      'Active',
    ])
      expect(within(table).getByRole('columnheader', { name })).toBeTruthy();
    const row = within(table).getByText('Minnesota State').closest('tr')!;
    expect(within(row).getByText('6.8750')).toBeTruthy();
    expect(within(row).getByText('2100 Sales Tax Payable')).toBeTruthy();
    expect(within(row).getByText('4')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New tax rate' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('refuses 101 % in the form and creates a valid rate', async () => {
    const { api, sent } = stubApi();
    const user = userEvent.setup();
    renderSignedIn('/billing/taxrates', { permissions: ['view billing', 'manage accounting'], api });
    await user.click(await screen.findByRole('button', { name: 'New tax rate' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'New tax rate' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Wisconsin State');
    await user.type(within(dialog).getByRole('textbox', { name: 'Jurisdiction' }), 'wi');
    await user.type(within(dialog).getByRole('textbox', { name: 'Rate %' }), '101');
    await user.type(within(dialog).getByLabelText(/Effective from/), '2026-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The rate must be between 0 and 100.')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Rate %' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Rate %' }), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/billing/taxrates',
      body: { name: 'Wisconsin State', jurisdiction: 'WI', percent: '5', effective_from: '2026-01-01' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New tax rate' })).toBeNull());
  });

  it('locks the percent of a used rate, and end-dates and replaces it', async () => {
    const { api, sent } = stubApi();
    const user = userEvent.setup();
    renderSignedIn('/billing/taxrates', { permissions: ['view billing', 'manage accounting'], api });
    const table = await screen.findByRole('table', { name: 'Tax rates' }, firstLoad);
    await user.click(within(table).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit tax rate' });
    expect((within(edit).getByRole('textbox', { name: 'Rate %' }) as HTMLInputElement).disabled).toBe(true);
    await user.click(within(edit).getByRole('button', { name: 'Cancel' }));

    await user.click(within(table).getByRole('button', { name: 'End-date and replace' }));
    const dialog = await screen.findByRole('dialog', { name: 'End-date and replace' });
    await user.type(within(dialog).getByLabelText(/End Minnesota State on/), '2026-06-30');
    const rate = within(dialog).getByRole('textbox', { name: 'New rate %' });
    await user.clear(rate);
    await user.type(rate, '7.125');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    // One call ends the old rate and starts the new one the day after, together (decision 0082).
    expect(sent[0]).toEqual({
      method: 'POST',
      url: '/api/billing/taxrates/3/replace',
      body: { end_on: '2026-06-30', name: 'Minnesota State', percent: '7.125' },
    });
  });
});

describe('/billing/settings', { timeout: 60_000 }, () => {
  it('shows and saves the lock date and time zone, with the server’s field message', async () => {
    const { api, sent } = stubApi();
    const user = userEvent.setup();
    renderSignedIn('/billing/settings', { permissions: ['view billing', 'manage accounting'], api });
    const zone = await screen.findByRole('textbox', { name: 'Billing time zone' }, firstLoad);
    await waitFor(() => expect((zone as HTMLInputElement).value).toBe('America/Chicago'));
    expect((screen.getByLabelText(/Lock date/) as HTMLInputElement).value).toBe('2026-09-30');
    await user.clear(zone);
    await user.type(zone, 'Mars/Base');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bad zone.')).toBeTruthy();
    await user.clear(zone);
    await user.type(zone, 'UTC');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    expect(sent.at(-1)).toMatchObject({ method: 'PUT', body: { lock_date: '2026-09-30', time_zone: 'UTC' } });
  });
});
