import type { InventoryLocation, StockMovePage, StockPage } from '@switchboard/shared/billing/inventory';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { type ApiAnswer, firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';
import { checkLocation } from './inventory-page.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

const locations: InventoryLocation[] = [
  { id: 1, name: 'Main warehouse', kind: 'warehouse', site_id: null, site_name: null, active: true },
  { id: 2, name: 'Van 1', kind: 'vehicle', site_id: null, site_name: null, active: true },
];

const stock = (tied: boolean): StockPage => ({
  data: [
    {
      item_id: 7,
      item_name: 'Switch 24p',
      sku: 'SW-24',
      unit: 'each',
      location_id: 1,
      location_name: 'Main warehouse',
      location_kind: 'warehouse',
      on_hand: 3,
      average_cost: 12.5,
      value: 37.5,
      reorder_point: 5,
      below_reorder: true,
    },
  ],
  total: 1,
  current_page: 1,
  per_page: 50,
  from: 1,
  to: 1,
  last_page: 1,
  totals: {
    as_of: '2026-11-28',
    stock_value: 37.5,
    ledger_value: tied ? 37.5 : 40,
    difference: tied ? 0 : -2.5,
    tied,
  },
});

const moves: StockMovePage = {
  data: [
    {
      id: 3,
      item_id: 7,
      item_name: 'Switch 24p',
      location_id: 1,
      location_name: 'Main warehouse',
      quantity: 3,
      unit_cost: 12.5,
      value: 37.5,
      reason: 'adjustment',
      source_type: 'adjustment',
      source_id: null,
      journal_entry_id: 9,
      occurred_on: '2026-11-27',
      memo: 'Opening stock',
      created_by_name: 'Ada Admin',
      created_at: '2026-11-27T10:00:00.000Z',
    },
  ],
  total: 1,
  current_page: 1,
  per_page: 100,
  from: 1,
  to: 1,
  last_page: 1,
};

function stubApi(tied = true) {
  const sent: { method: string; url: string; body: Record<string, unknown> | null }[] = [];
  const listed: string[] = [];
  const api: ApiAnswer = (url, init) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      sent.push({ method, url, body });
      if (url.endsWith('/transfers') && body.quantity === 100)
        return jsonResponse(422, {
          message: 'The given data was invalid.',
          errors: { quantity: ['Not enough stock at Main warehouse: 3 on hand.'] },
        });
      return jsonResponse(200, {
        message: 'Stock transferred.',
        data: { move_ids: [1, 2], value: 25, journal_entry_id: null },
      });
    }
    if (url.startsWith('/api/billing/inventory/locations')) return jsonResponse(200, { data: locations });
    if (url.startsWith('/api/billing/inventory/moves')) return jsonResponse(200, moves);
    if (url.startsWith('/api/billing/items'))
      return jsonResponse(200, {
        data: [{ id: 7, name: 'Switch 24p', sku: 'SW-24', inventory_tracked: true }],
        total: 1,
        current_page: 1,
        per_page: 500,
        from: 1,
        to: 1,
        last_page: 1,
      });
    if (url.startsWith('/api/billing/inventory')) {
      listed.push(url);
      return jsonResponse(200, stock(tied));
    }
  };
  return { api, sent, listed };
}

describe('location form rules', () => {
  it('checks the form with the shared contract', () => {
    expect(checkLocation({ name: 'Van 2', kind: 'vehicle', site_id: '', active: true })).toBeNull();
    expect(checkLocation({ name: ' ', kind: 'vehicle', site_id: '', active: true })).toEqual({
      name: ['The name field is required.'],
    });
    expect(checkLocation({ name: 'Birch', kind: 'client_site', site_id: '', active: true })).toEqual({
      site_id: ['A client site location needs its site; other kinds have none.'],
    });
  });
});

describe('/billing/inventory', { timeout: 60_000 }, () => {
  it('lists stock with its columns and the tie to 1200, keeps filters in the URL, hides Adjust without the permission', async () => {
    const { api, listed } = stubApi();
    const user = userEvent.setup();
    const { router } = renderSignedIn('/billing/inventory?type=warehouse', { permissions: ['view billing'], api });
    const table = await screen.findByRole('table', { name: 'Stock' }, firstLoad);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Item', 'SKU', 'Location', 'On hand', 'Average cost', 'Value', 'Reorder point', 'Below reorder']);
    const row = within(table).getByText('Main warehouse').closest('tr')!;
    expect(within(row).getByText('$12.5000')).toBeTruthy();
    expect(within(row).getByText('$37.50')).toBeTruthy();
    expect(within(row).getByText('Below reorder')).toBeTruthy();
    expect(screen.getByText('Ties to 1200')).toBeTruthy();
    expect(listed[0]).toContain('type=warehouse');
    expect(screen.queryByRole('button', { name: 'Adjust' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Below reorder' }));
    await waitFor(() => expect(router.state.location.search).toContain('below_reorder=true'));
    await waitFor(() => expect(listed.at(-1)).toContain('below_reorder=true'));
    expect(router.state.location.search).toContain('type=warehouse');
  });

  it('shows a difference from 1200 and offers Adjust with manage accounting', async () => {
    const { api } = stubApi(false);
    renderSignedIn('/billing/inventory', { permissions: ['view billing', 'manage accounting'], api });
    expect(await screen.findByText('Off by', { exact: false }, firstLoad)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Adjust' })).toBeTruthy();
  });

  it("opens an item's movement history from the table", async () => {
    const { api } = stubApi();
    const user = userEvent.setup();
    const { router } = renderSignedIn('/billing/inventory', { permissions: ['view billing'], api });
    const table = await screen.findByRole('table', { name: 'Stock' }, firstLoad);
    await user.click(within(table).getByRole('button', { name: 'Switch 24p' }));
    await waitFor(() => expect(router.state.location.search).toContain('item=7'));
    const history = await screen.findByRole('table', { name: 'Movements' });
    expect(within(history).getByText('Opening stock')).toBeTruthy();
    expect(within(history).getByText('Adjustment')).toBeTruthy();
  });

  it("transfers: the browser's messages, the server's 422, then the transfer", async () => {
    const { api, sent } = stubApi();
    const user = userEvent.setup();
    renderSignedIn('/billing/inventory', { permissions: ['view billing'], api });
    await user.click(await screen.findByRole('button', { name: 'Transfer' }, firstLoad));
    const form = await screen.findByRole('form', { name: 'Transfer stock' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Quantity must be a number with at most two decimals.')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.click(within(form).getByRole('combobox', { name: 'Item' }));
    await user.click(await screen.findByRole('option', { name: 'Switch 24p (SW-24)' }));
    await user.click(within(form).getByRole('combobox', { name: 'From' }));
    await user.click(await screen.findByRole('option', { name: 'Main warehouse' }));
    await user.click(within(form).getByRole('combobox', { name: 'To' }));
    await user.click(await screen.findByRole('option', { name: 'Van 1' }));
    await user.type(within(form).getByRole('textbox', { name: 'Quantity' }), '100');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Not enough stock at Main warehouse: 3 on hand.')).toBeTruthy();

    await user.clear(within(form).getByRole('textbox', { name: 'Quantity' }));
    await user.type(within(form).getByRole('textbox', { name: 'Quantity' }), '2');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({
      method: 'POST',
      url: '/api/billing/inventory/transfers',
      body: { item_id: '7', from_location_id: '1', to_location_id: '2', quantity: 2 },
    });
    expect(await screen.findByText('Stock transferred.')).toBeTruthy();
  });
});
