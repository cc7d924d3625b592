import { defaultUserSettings, type TicketDetail } from '@switchboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { stubApi } from '../../test/api-stub.ts';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { renderApp } from '../../test/render.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

// Issue 26: a Scheduled Maintenance ticket names its server and closes without a client account (decision 0062), so
// the ticket page's Status offers Closed for it; an ordinary ticket without a client account still does not.

const session = {
  data: {
    user: {
      id: 1,
      type: 'Employee',
      role: 'user',
      name: 'Tess Tech',
      shortname: 'Tess',
      email: 'tess@example.com',
      photo: null,
      settings: defaultUserSettings,
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
};

const ticket: TicketDetail = {
  id: 5,
  subject: 'Server is slow',
  body: 'Logins take a minute.',
  company_id: 4,
  company: { id: 4, name: 'Harbor Clinic' },
  site_id: null,
  site: null,
  client_id: null,
  client: null,
  employee_id: 1,
  technician: { id: 1, name: 'Tess Tech' },
  location: 1,
  triage_id: 3,
  status: 2,
  project_id: null,
  project_order: null,
  server_id: null,
  escalatable: true,
  escalated: false,
  esc_tech: null,
  esc_tech_user: null,
  notes: '',
  resolution: '',
  todos: [],
  ticket_events: [],
  flags: [],
  devices: [],
  all_notes_attachments: [],
  all_resolution_attachments: [],
  threads: [],
  my_check_in: null,
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
};

function openTicket(serverId: number | null) {
  authStore.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1', token_id: 'token-1', expires_in: 900 });
  const api = stubApi({
    'GET /api/session': [200, session],
    'GET /api/misc/staticdata': [
      200,
      {
        data: {
          ticket_statuses: [
            { id: 1, name: 'Closed' },
            { id: 2, name: 'Open' },
          ],
          triage: [{ id: 3, name: 'Medium' }],
          ticket_type: [{ id: 1, name: 'Remote' }],
        },
      },
    ],
    'GET /api/notifications': [200, { data: [] }],
    'GET /api/ticket/5': [200, { data: { ...ticket, server_id: serverId } }],
    'GET /api/users/employee.list': [200, { data: [] }],
    'GET /api/users/client.list.4': [200, { data: [] }],
    'GET /api/companies/sites.list.4': [200, { data: [] }],
    'GET /api/devices.list.4': [200, { data: [] }],
    'PUT /api/ticket/5': [200, { message: 'Ticket updated.' }],
  });
  renderApp('/ticket/5');
  return api;
}

const statusOptions = async () => {
  const card = await screen.findByRole('group', { name: 'Ticket Information' }, { timeout: 20_000 });
  await userEvent.click(within(card).getByRole('combobox', { name: 'Status' }));
  const list = await screen.findByRole('listbox');
  return within(list)
    .getAllByRole('option')
    .map((option) => option.textContent);
};

describe('Status of a maintenance ticket (decision 0062)', { timeout: 60_000 }, () => {
  it('offers Closed on a ticket that names its server, without a client account, and saves it', async () => {
    const api = openTicket(21);
    expect(await statusOptions()).toEqual(['Closed', 'Open']);
    await userEvent.click(screen.getByRole('option', { name: 'Closed' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/ticket/5')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/ticket/5')[0]!.body).toMatchObject({ status: '1' });
  });

  it('leaves Closed out on a ticket with neither a client account nor a server', async () => {
    openTicket(null);
    expect(await statusOptions()).toEqual(['Open']);
  });
});
