import type { CatalogueItem, CatalogueItemPage } from '@switchboard/shared/billing/items';
import type { AccountRow } from '@switchboard/shared/billing/ledger';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { type ApiAnswer, firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';
import { checkItem, emptyItemForm, itemInputOf } from './items-page.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

const router: CatalogueItem = {
  id: 7,
  name: 'Edge Router',
  type: 'product',
  description: null,
  sku: 'ER-1',
  unit: 'each',
  price: 250.5,
  cost: 60.1234,
  margin_percent: 76,
  taxable: 1,
  fee_percent: null,
  income_account_id: null,
  income_account: { id: 21, number: '4300', name: 'Hardware Sales' },
  expense_account_id: null,
  expense_account: null,
  inventory_tracked: true,
  on_hand: null,
  average_cost: 0,
  reorder_point: null,
  reorder_qty: null,
  preferred_vendor_id: null,
  active: true,
  archived_at: null,
  updated_at: '2026-11-27T10:00:00.000Z',
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

const page = (rows: CatalogueItem[]): CatalogueItemPage => ({
  data: rows,
  total: rows.length,
  current_page: 1,
  per_page: 50,
  from: rows.length ? 1 : null,
  to: rows.length || null,
  last_page: 1,
});

function stubApi() {
  const sent: { method: string; url: string; body: Record<string, unknown> | null }[] = [];
  const listed: string[] = [];
  const api: ApiAnswer = (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.startsWith('/api/billing/accounts'))
      return jsonResponse(200, {
        data: [account(21, '4300', 'Hardware Sales', 'income'), account(30, '6100', 'Bad Debt', 'expense')],
        as_of: '2026-11-27',
        trial_balance_difference: 0,
      });
    if (url.startsWith('/api/billing/items') && method === 'GET') {
      listed.push(url);
      return jsonResponse(200, page([router]));
    }
    if (url.startsWith('/api/billing/items')) {
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      sent.push({ method, url, body });
      if (method === 'DELETE') return jsonResponse(200, { message: 'Item deleted.', outcome: 'deleted' });
      if (body?.name === 'Taken')
        return jsonResponse(422, {
          message: 'The given data was invalid.',
          errors: { name: ['The name has already been taken.'] },
        });
      return jsonResponse(200, { message: method === 'POST' ? 'Item created.' : 'Item saved.', data: router });
    }
  };
  return { api, sent, listed };
}

describe('rules of the item drawer', () => {
  const valid = { ...emptyItemForm, name: 'Backup seat', type: 'cloud', price: '4.50', cost: '2.1234' };
  it('checks the drawer with the shared contract', () => {
    expect(checkItem(valid)).toBeNull();
    expect(checkItem({ ...valid, name: ' ' })).toEqual({ name: ['The name field is required.'] });
    expect(checkItem({ ...valid, price: '4.505' })?.price).toEqual(['The price may have at most 2 decimal places.']);
    expect(checkItem({ ...valid, cost: '-1' })?.cost).toEqual(['The cost must be a number of at least 0.']);
    expect(checkItem({ ...valid, cost: '1.12345' })?.cost).toEqual(['The cost may have at most 4 decimal places.']);
    expect(checkItem({ ...valid, type: 'fee' })?.fee_percent).toEqual([
      'The fee percent field is required for fee items.',
    ]);
    expect(checkItem({ ...valid, type: 'fee', fee_percent: '120' })?.fee_percent).toEqual([
      'The fee percent must be between 0 and 100.',
    ]);
    expect(checkItem({ ...valid, type: 'product', reorder_point: '2.5' })?.reorder_point).toEqual([
      'The reorder point must be a whole number of at least 0.',
    ]);
  });

  it('sends tracking for products only, the fee percent for fee items only, and active only on edit', () => {
    const product = itemInputOf({ ...valid, type: 'product', inventory_tracked: true, fee_percent: '3' }, false);
    expect(product).toMatchObject({ inventory_tracked: true, fee_percent: null });
    expect(product).not.toHaveProperty('active');
    const service = itemInputOf({ ...valid, type: 'service', inventory_tracked: true }, true);
    expect(service).toMatchObject({ inventory_tracked: false, active: true });
    expect(itemInputOf({ ...valid, type: 'fee', fee_percent: '1.5' }, false).fee_percent).toBe('1.5');
  });
});

// The first render loads the route's chunk, which takes long on a loaded machine.
describe('/billing/items', { timeout: 60_000 }, () => {
  it('lists the catalogue with its columns and keeps the filters in the URL', async () => {
    const { api, listed } = stubApi();
    const user = userEvent.setup();
    const { router: memory } = renderSignedIn('/billing/items?type=product', { permissions: ['view billing'], api });
    const table = await screen.findByRole('table', { name: 'Items' }, firstLoad);
    for (const name of [
      'Name',
      'Type',
      'SKU',
      'Price',
      'Cost',
      'Margin %',
      'Taxable',
      'Income account',
      'Tracked',
      'On hand',
      'Active',
    ])
      expect(within(table).getByRole('columnheader', { name })).toBeTruthy();
    const row = within(table).getByText('Edge Router').closest('tr')!;
    expect(within(row).getByText('$250.50')).toBeTruthy();
    expect(within(row).getByText('$60.1234')).toBeTruthy();
    expect(within(row).getByText('76.0')).toBeTruthy();
    expect(within(row).getByText('4300 Hardware Sales')).toBeTruthy();
    expect(listed[0]).toContain('type=product');
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'edge');
    await waitFor(() => expect(memory.state.location.search).toContain('search=edge'));
    expect(memory.state.location.search).toContain('type=product');
    await waitFor(() => expect(listed.at(-1)).toContain('search=edge'));
  });

  it('shows the field errors of the drawer and of the server, then creates the item', async () => {
    const { api, sent } = stubApi();
    const user = userEvent.setup();
    renderSignedIn('/billing/items', { permissions: ['view billing'], api });
    await user.click(await screen.findByRole('button', { name: 'New item' }, firstLoad));
    const form = await screen.findByRole('form', { name: 'New item' });
    await user.type(within(form).getByRole('textbox', { name: 'Price' }), '9.999');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The name field is required.')).toBeTruthy();
    expect(within(form).getByText('The price may have at most 2 decimal places.')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Taken');
    await user.clear(within(form).getByRole('textbox', { name: 'Price' }));
    await user.type(within(form).getByRole('textbox', { name: 'Price' }), '9.99');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The name has already been taken.')).toBeTruthy();

    await user.clear(within(form).getByRole('textbox', { name: 'Name' }));
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Firewall');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({
      method: 'POST',
      url: '/api/billing/items',
      body: { name: 'Firewall', type: 'service', price: '9.99', taxable: 0 },
    });
    expect(await screen.findByText('Item created.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New item' })).toBeNull());
  });

  it('archives or deletes after a confirm and shows what the server did', async () => {
    const { api, sent } = stubApi();
    const user = userEvent.setup();
    renderSignedIn('/billing/items', { permissions: ['view billing'], api });
    const table = await screen.findByRole('table', { name: 'Items' }, firstLoad);
    await user.click(within(table).getByRole('button', { name: 'Archive / Delete' }));
    expect(sent).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Yes, archive or delete it' }));
    await waitFor(() => expect(sent).toEqual([{ method: 'DELETE', url: '/api/billing/items/7', body: null }]));
    expect(await screen.findByText('Item deleted.')).toBeTruthy();
  });
});
