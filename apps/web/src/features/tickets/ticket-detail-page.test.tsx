import { defaultUserSettings, type TicketDetail } from '@switchboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { stubApi } from '../../test/api-stub.ts';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { renderApp } from '../../test/render.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

const session = (returnToQueue: boolean, role = 'user', permissions = ['view dashboard']) => ({
  data: {
    user: {
      id: 1,
      type: 'Employee',
      role,
      name: 'Tess Tech',
      shortname: 'Tess',
      email: 'tess@example.com',
      photo: null,
      settings: { ...defaultUserSettings, return_to_queue: returnToQueue },
    },
    permissions,
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
  devices: [{ id: 21, name: 'DC01', type: 'servers' }],
  all_notes_attachments: [],
  all_resolution_attachments: [],
  threads: [],
  my_check_in: null,
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
};

function openTicket(
  returnToQueue: boolean,
  as: { role?: string; permissions?: string[]; ticket?: Partial<TicketDetail>; employees?: object[] } = {},
) {
  authStore.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1', token_id: 'token-1', expires_in: 900 });
  const api = stubApi({
    'GET /api/session': [200, session(returnToQueue, as.role, as.permissions)],
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
    'GET /api/ticket/5': [200, { data: { ...ticket, ...as.ticket } }],
    'GET /api/ticket': [200, { data: [], total: 0, current_page: 1, per_page: 50, from: null, to: null, last_page: 1 }],
    'GET /api/users/employee.list': [200, { data: as.employees ?? [] }],
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
    'POST /api/ticket/deescalate/5': [200, { message: 'Escalation removed.' }],
    'POST /api/ticket/escalate/5': [200, { message: 'Ticket escalated.' }],
  });
  return { api, ...renderApp('/ticket/5') };
}

// The page's chunk loads slowly on a busy machine.
const information = async () => screen.findByRole('group', { name: 'Ticket Information' }, { timeout: 20_000 });

describe('ticket detail (spec 3 §2)', () => {
  it(
    "shows the linked devices with their type and saves the company's devices chosen in the Devices select",
    { timeout: 60_000 },
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
    { timeout: 60_000 },
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

  describe('escalation (decision 0058)', () => {
    afterEach(() => authStore.clear());

    it(
      'offers no Escalate to an employee who is neither its technician nor a dispatcher',
      { timeout: 60_000 },
      async () => {
        openTicket(false, { ticket: { employee_id: 2 } });
        await screen.findByRole('group', { name: 'Ticket Information' }, { timeout: 40_000 });
        await screen.findByRole('button', { name: 'Check In' });
        expect(screen.queryByRole('button', { name: 'Escalate' })).toBeNull();
      },
    );

    it('offers Escalate to the ticket’s technician', { timeout: 60_000 }, async () => {
      openTicket(false);
      await screen.findByRole('button', { name: 'Escalate' }, { timeout: 40_000 });
    });

    it('offers Escalate to a dispatcher, who chooses the escalation technician', { timeout: 60_000 }, async () => {
      const employees = [
        { user_id: 1, user: { name: 'Tess Tech' }, departments: [] },
        { user_id: 7, user: { name: 'Ed Escalation' }, departments: [{ id: 1 }] },
      ];
      const { api } = openTicket(false, {
        permissions: ['edit tech resources'],
        ticket: { employee_id: 2 },
        employees,
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Escalate' }, { timeout: 40_000 }));
      const dialog = await screen.findByRole('dialog', { name: 'Escalate this ticket?' });
      const picker = within(dialog)
        .getAllByLabelText('Escalation Technician')
        .find((element) => element instanceof HTMLInputElement && element.type !== 'hidden');
      await userEvent.click(picker!);
      await userEvent.click(await screen.findByRole('option', { name: 'Ed Escalation' }));
      await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Needs the vendor');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Escalate' }));
      await waitFor(() => expect(api.callsTo('POST', '/api/ticket/escalate/5')).toHaveLength(1));
      expect(api.callsTo('POST', '/api/ticket/escalate/5')[0]!.body).toEqual({
        reason: 'Needs the vendor',
        esc_tech: 7,
      });
    });

    it(
      'shows an administrator locked out of an escalated ticket how to end it, and ends it',
      { timeout: 60_000 },
      async () => {
        const escalated = { escalated: true, esc_tech: 7, esc_tech_user: { id: 7, name: 'Ed Escalation' } };
        const { api } = openTicket(false, { role: 'admin', ticket: { employee_id: 2, ...escalated } });
        // A toast of an earlier test may still be shown: the banner is found by its text.
        const alert = await screen.findByText(
          /^This ticket is escalated;.*As an administrator/,
          {},
          { timeout: 40_000 },
        );
        expect(alert.textContent).toBe(
          'This ticket is escalated; only its escalation technician can work on it. As an administrator, you can ' +
            'remove the escalation, then escalate it to another technician.',
        );
        await userEvent.click(screen.getByRole('button', { name: 'Remove escalation' }));
        const dialog = await screen.findByRole('dialog', { name: 'Remove the escalation?' });
        await userEvent.click(within(dialog).getByRole('button', { name: 'Remove escalation' }));
        await waitFor(() => expect(api.callsTo('POST', '/api/ticket/deescalate/5')).toHaveLength(1));
      },
    );

    it('offers no Remove escalation to an employee locked out of it', { timeout: 60_000 }, async () => {
      const escalated = { escalated: true, esc_tech: 7, esc_tech_user: { id: 7, name: 'Ed Escalation' } };
      openTicket(false, { permissions: ['edit tech resources'], ticket: escalated });
      await screen.findByText('This ticket is escalated; only its escalation technician can work on it.', undefined, {
        timeout: 40_000,
      });
      expect(screen.queryByRole('button', { name: 'Remove escalation' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Escalate' })).toBeNull();
    });
  });
});
