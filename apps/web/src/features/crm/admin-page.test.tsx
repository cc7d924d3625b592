import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';

// /crm/admin/settings (designs/crm-softphone.md §4.9): the settings form checks the shared schema before sending,
// sends the eight fields, shows the server's 422 under its field and 'An error occured.' for any other failure;
// the other admin views say they are not available yet.

vi.mock('socket.io-client', () => fakeSocketModule);

afterEach(() => {
  vi.unstubAllGlobals();
});

const settings = {
  view_all_leads: false,
  create_new_leads: true,
  outgoing_number: null,
  next_touch_days: 2,
  next_touch_label: 'Business Days',
  calling_hours_start: 8,
  calling_hours_end: 21,
  wrap_up_seconds: 10,
};

const admin = ['view crm', 'manage crm', 'edit crm settings'];

describe('/crm/admin', { timeout: 150_000 }, () => {
  it('saves the CRM settings, refusing calling hours that end before they start', async () => {
    const puts: unknown[] = [];
    let answer: [number, unknown] = [422, { message: 'The given data was invalid.', errors: {} }];
    const events = userEvent.setup();
    renderSignedIn('/crm/admin/settings', {
      permissions: admin,
      api: (url, init) => {
        if (url === '/api/crm/settings' && (init?.method ?? 'GET') === 'GET')
          return jsonResponse(200, { data: settings });
        if (url === '/api/crm/settings' && init?.method === 'PUT') {
          puts.push(JSON.parse(String(init.body)));
          return jsonResponse(...answer);
        }
        return undefined;
      },
    });
    const save = await screen.findByRole('button', { name: 'Save' }, firstLoad);
    const start = screen.getByRole('textbox', { name: /Calling hours start/ });
    await events.clear(start);
    await events.type(start, '22');
    await events.click(save);
    expect(await screen.findByText('The calling hours end must be after the calling hours start.')).toBeTruthy();
    expect(puts).toEqual([]);

    await events.clear(start);
    await events.type(start, '9');
    await events.click(screen.getByRole('switch', { name: /^Agents see all leads/ }));
    answer = [
      422,
      {
        message: 'The given data was invalid.',
        errors: { outgoing_number: ['The outgoing number is not a valid phone number.'] },
      },
    ];
    await events.click(save);
    expect(await screen.findByText('The outgoing number is not a valid phone number.')).toBeTruthy();
    expect(puts).toEqual([{ ...settings, calling_hours_start: 9, view_all_leads: true }]);

    answer = [500, { message: 'Server Error' }];
    await events.click(save);
    await waitFor(() => expect(screen.getAllByText('An error occured.').length).toBeGreaterThan(0));

    answer = [200, { data: { ...settings, calling_hours_start: 9, view_all_leads: true }, message: 'Saved it.' }];
    await events.click(save);
    expect(await screen.findByText('Saved it.')).toBeTruthy();
  });

  it('answers an admin view that does not exist with the area page (email is the templates view now)', async () => {
    renderSignedIn('/crm/admin/mailbox', { permissions: admin });
    const main = await screen.findByRole('heading', { name: 'CRM Administration' }, firstLoad);
    expect(
      within(main.parentElement as HTMLElement).getByText('CRM Administration is not available yet.'),
    ).toBeTruthy();
  });

  it('links the simulated handset in a new tab in local mode, and not with a telephony account', async () => {
    const telephony = { mode: 'local', handset_url: '/_telephony/phone' };
    const api: Parameters<typeof renderSignedIn>[1]['api'] = (url) => {
      if (url === '/api/crm/settings') return jsonResponse(200, { data: settings });
      if (url === '/api/crm/telephony') return jsonResponse(200, { data: telephony });
      return undefined;
    };
    const local = renderSignedIn('/crm/admin/settings', { permissions: admin, api });
    const link = await screen.findByRole('link', { name: 'Simulated handset' }, firstLoad);
    expect(link.getAttribute('href')).toBe('/_telephony/phone');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    local.unmount();

    Object.assign(telephony, { mode: 'telnyx', handset_url: null });
    const { fetchMock } = renderSignedIn('/crm/admin/settings', { permissions: admin, api });
    await screen.findByRole('button', { name: 'Save' }, firstLoad);
    expect(
      await screen.findByText('Calls go through the Telnyx account set on the server.', {}, firstLoad),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Simulated handset' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/crm/telephony')).toBe(true);
  });
});
