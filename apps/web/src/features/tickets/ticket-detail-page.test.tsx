import { defaultUserSettings, type TicketDetail } from '@switchboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { stubApi } from '../../test/api-stub.ts';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { renderApp } from '../../test/render.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

const session = (returnToQueue: boolean) => ({
  data: {
    user: {
      id: 1,
      type: 'Employee',
      role: 'user',
      name: 'Tess Tech',
      shortname: 'Tess',
      email: 'tess@example.com',
      photo: null,
      settings: { ...defaultUserSettings, return_to_queue: returnToQueue },
    },
    permissions: ['view dashboard'],
    notifications: [],
    agent_settings: {
      has_settings: false,
      phone_number: null,
      username: null,
      callback_number: null,
      connection_id: null,
    },
    token_id: 'token-1',
    shadowing: false,
  },
});

const ticket: TicketDetail = {
  id: 5,
  subject: 'Server is slow',
  body: 'Logins take a minute.',
  company_id: 4,
  company: { id: 4, name: 'Harbor Clinic' },
  site_id: null,
  client_id: null,
  client: null,
  employee_id: 1,
  location: 1,
  triage_id: 3,
  status: 2,
  project_id: null,
  project_order: null,
  escalatable: true,
  escalated: false,
  esc_tech: null,
  esc_tech_user: null,
  notes: '',
  resolution: '',
  todos: [],
  ticket_events: [],
  flags: [],
  devices: [{ id: 21, name: 'DC01', type: 'servers' }],
  all_notes_attachments: [],
  all_resolution_attachments: [],
  threads: [],
  my_check_in: null,
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
};

function openTicket(returnToQueue: boolean) {
  authStore.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1', token_id: 'token-1', expires_in: 900 });
  const api = stubApi({
    'GET /api/session': [200, session(returnToQueue)],
    'GET /api/misc/staticdata': [
      200,
      {
        data: {
          ticket_statuses: [{ id: 2, name: 'Open' }],
          triage: [{ id: 3, name: 'Medium' }],
          ticket_type: [{ id: 1, name: 'Remote' }],
        },
      },
    ],
    'GET /api/notifications': [200, { data: [] }],
    'GET /api/ticket/5': [200, { data: ticket }],
    'GET /api/ticket': [200, { data: [], total: 0, current_page: 1, per_page: 50, from: null, to: null, last_page: 1 }],
    'GET /api/users/employee.list': [200, { data: [] }],
    'GET /api/users/client.list.4': [200, { data: [] }],
    'GET /api/companies/sites.list.4': [200, { data: [] }],
    'GET /api/devices.list.4': [
      200,
      {
        data: [
          { id: 21, type: 'servers', name: 'DC01', asset_tag: null, site_id: 9, site: 'HQ' },
          { id: 22, type: 'workstations', name: 'Reception PC', asset_tag: null, site_id: 9, site: 'HQ' },
        ],
      },
    ],
    'PUT /api/ticket/5': [200, { message: 'Ticket updated.' }],
  });
  return { api, ...renderApp('/ticket/5') };
}

const information = async () => screen.findByRole('group', { name: 'Ticket Information' });

describe('ticket detail (spec 3 §2)', () => {
  it(
    "shows the linked devices with their type and saves the company's devices chosen in the Devices select",
    { timeout: 20_000 },
    async () => {
      const { api } = openTicket(false);
      const card = await information();
      await waitFor(() => expect(within(card).getAllByText('DC01 (Servers)').length).toBeGreaterThan(0));

      const search = within(card)
        .getAllByLabelText('Devices')
        .find((element) => element instanceof HTMLInputElement && element.type !== 'hidden');
      await userEvent.click(search!);
      await userEvent.click(await screen.findByRole('option', { name: 'Reception PC (Workstations)' }));
      await userEvent.click(within(card).getByRole('button', { name: 'Update' }));

      await waitFor(() => expect(api.callsTo('PUT', '/api/ticket/5')).toHaveLength(1));
      expect(api.callsTo('PUT', '/api/ticket/5')[0]!.body).toMatchObject({ devices: [21, 22] });
    },
  );

  it(
    'goes back to the queue after saving when return_to_queue is on, and stays when it is off',
    { timeout: 20_000 },
    async () => {
      const stays = openTicket(false);
      await userEvent.click(within(await information()).getByRole('button', { name: 'Update' }));
      await waitFor(() => expect(stays.api.callsTo('PUT', '/api/ticket/5')).toHaveLength(1));
      expect(stays.router.state.location.pathname).toBe('/ticket/5');
      stays.unmount();
      authStore.clear();

      const returns = openTicket(true);
      await userEvent.click(within(await information()).getByRole('button', { name: 'Update' }));
      await waitFor(() => expect(returns.router.state.location.pathname).toBe('/tickets'));
    },
  );
});
