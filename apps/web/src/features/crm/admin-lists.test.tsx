import type { CampaignRow, RegionRow, VerticalRow } from '@switchboard/shared/crm-admin';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketModule, latestSocket } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';

// /crm/admin/campaigns, /regions, /verticals (designs/crm-softphone.md §4.9): tables with lead counts, add/edit
// dialogs checked by the shared schemas before sending, the server's 422 under its field, delete refusals shown in
// the dialog, the verticals' tree and parent choice, and reloads on the store events.

vi.mock('socket.io-client', () => fakeSocketModule);
afterEach(() => vi.unstubAllGlobals());

const admin = ['view crm', 'manage crm'];
type Sent = { method: string; url: string; body: unknown };

function apiOf(lists: Record<string, () => unknown[]>, sent: Sent[], answers: Record<string, [number, unknown]> = {}) {
  return (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = url.split('?')[0]!;
    if (method !== 'GET') sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[`${method} ${path}`];
    if (answer) return jsonResponse(...answer);
    const list = lists[path];
    if (method === 'GET' && list) return jsonResponse(200, { data: list() });
    if (method !== 'GET') return jsonResponse(200, { message: 'Saved it.', data: {} });
    return undefined;
  };
}

const campaign = (id: number, campaign_name: string, status = 1, lead_count = 0): CampaignRow => ({
  id,
  campaign_name,
  status,
  lead_count,
});

describe('/crm/admin lists', { timeout: 150_000 }, () => {
  it('campaigns: lists with counts, checks the form, shows the 422 on its field, edits and reloads live', async () => {
    const sent: Sent[] = [];
    let rows = [campaign(1, 'Spring Push', 1, 12), campaign(2, 'Old Mailer', 0, 3)];
    const answers: Record<string, [number, unknown]> = {
      'POST /api/crm/campaigns': [
        422,
        {
          message: 'The given data was invalid.',
          errors: { campaign_name: ['The campaign name has already been taken.'] },
        },
      ],
    };
    const user = userEvent.setup();
    renderSignedIn('/crm/admin/campaigns', {
      permissions: admin,
      api: apiOf({ '/api/crm/campaigns': () => rows }, sent, answers),
    });
    const table = await screen.findByRole('table', { name: 'Campaigns' }, firstLoad);
    const spring = within(table).getByTestId('campaign-1');
    expect(within(spring).getByText('Active')).toBeTruthy();
    expect(within(spring).getByText('12')).toBeTruthy();
    expect(within(within(table).getByTestId('campaign-2')).getByText('Inactive')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add Campaign' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add Campaign' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The campaign name field is required.')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Campaign Name' }), 'spring push');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The campaign name has already been taken.')).toBeTruthy();
    expect(sent).toEqual([
      { method: 'POST', url: '/api/crm/campaigns', body: { campaign_name: 'spring push', status: 1 } },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Edit Spring Push' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Campaign' });
    expect((within(dialog).getByRole('textbox', { name: 'Campaign Name' }) as HTMLInputElement).value).toBe(
      'Spring Push',
    );
    await user.click(within(dialog).getByRole('switch', { name: /^Active/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({
      method: 'PUT',
      url: '/api/crm/campaigns/1',
      body: { campaign_name: 'Spring Push', status: 0 },
    });
    expect(await screen.findByText('Saved it.')).toBeTruthy();

    rows = [...rows, campaign(3, 'Added Elsewhere')];
    act(() => latestSocket().serverEmit('store', 'CampaignUpdated', { campaign: rows[2] }));
    expect(await screen.findByText('Added Elsewhere')).toBeTruthy();
  });

  it('campaigns: a refused delete shows why and how to archive instead', async () => {
    const sent: Sent[] = [];
    const user = userEvent.setup();
    renderSignedIn('/crm/admin/campaigns', {
      permissions: admin,
      api: apiOf({ '/api/crm/campaigns': () => [campaign(1, 'Spring Push', 1, 12)] }, sent, {
        'DELETE /api/crm/campaigns/1': [
          422,
          {
            message: 'The given data was invalid.',
            errors: { campaign: ['This campaign has leads: set it inactive instead.'] },
          },
        ],
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Spring Push' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Campaign' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('This campaign has leads: set it inactive instead.')).toBeTruthy();
    expect(within(dialog).getByText('Set the campaign inactive to archive it.')).toBeTruthy();
    expect(sent).toEqual([{ method: 'DELETE', url: '/api/crm/campaigns/1', body: undefined }]);
  });

  it('regions: adds one and lists every reason a delete is refused', async () => {
    const sent: Sent[] = [];
    let rows: RegionRow[] = [{ id: 4, name: 'West', lead_count: 5, employee_count: 2 }];
    const user = userEvent.setup();
    renderSignedIn('/crm/admin/regions', {
      permissions: admin,
      api: apiOf({ '/api/crm/regions': () => rows }, sent, {
        'DELETE /api/crm/regions/4': [
          422,
          {
            message: 'The given data was invalid.',
            errors: { region: ['This region is used by leads.', 'This region is used by employees.'] },
          },
        ],
      }),
    });
    const row = within(await screen.findByRole('table', { name: 'Regions' }, firstLoad)).getByTestId('region-4');
    expect(within(row).getByText('5')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add Region' }));
    const add = await screen.findByRole('dialog', { name: 'Add Region' });
    await user.type(within(add).getByRole('textbox', { name: 'Name' }), '  North  ');
    await user.click(within(add).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: 'POST', url: '/api/crm/regions', body: { name: '  North  ' } });

    await user.click(screen.getByRole('button', { name: 'Delete West' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Region' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('This region is used by leads.')).toBeTruthy();
    expect(within(dialog).getByText('This region is used by employees.')).toBeTruthy();

    rows = [];
    act(() => latestSocket().serverEmit('store', 'RegionUpdated', { deleted_id: 4 }));
    expect(await screen.findByText('No regions yet.')).toBeTruthy();
  });

  it('verticals: a tree of parents and children; the parent is chosen among parents; the 422 shows', async () => {
    const sent: Sent[] = [];
    const vertical = (id: number, name: string, parent_id: number, extra: Partial<VerticalRow> = {}): VerticalRow => ({
      id,
      name,
      parent_id,
      lead_count: 0,
      company_count: 0,
      child_count: 0,
      ...extra,
    });
    const rows = [
      vertical(1, 'Retail', 0, { child_count: 1 }),
      vertical(2, 'Shoes', 1, { lead_count: 7 }),
      vertical(3, 'Health', 0, { child_count: 1 }),
      vertical(4, 'Dental', 3, { company_count: 2 }),
    ];
    const user = userEvent.setup();
    renderSignedIn('/crm/admin/verticals', {
      permissions: admin,
      api: apiOf({ '/api/crm/verticals': () => rows }, sent, {
        'POST /api/crm/verticals': [
          422,
          {
            message: 'The given data was invalid.',
            errors: { parent_id: ['The parent must be 0 (none) or an existing parent vertical.'] },
          },
        ],
      }),
    });
    const table = await screen.findByRole('table', { name: 'Verticals' }, firstLoad);
    const order = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.getAttribute('data-testid'));
    expect(order).toEqual(['vertical-3', 'vertical-4', 'vertical-1', 'vertical-2']);

    await user.click(screen.getByRole('button', { name: 'Edit Health' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Vertical' });
    expect(within(dialog).getByText('It has sub-verticals, so it stays a parent.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Add Vertical' }));
    dialog = await screen.findByRole('dialog', { name: 'Add Vertical' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Clinics');
    await user.click(within(dialog).getByRole('combobox', { name: 'Parent vertical' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['None (a parent vertical)', 'Health', 'Retail']);
    await user.click(screen.getByRole('option', { name: 'Health' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The parent must be 0 (none) or an existing parent vertical.')).toBeTruthy();
    expect(sent).toEqual([{ method: 'POST', url: '/api/crm/verticals', body: { name: 'Clinics', parent_id: 3 } }]);
  });
});
