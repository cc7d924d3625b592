import { defaultUserSettings, type TicketDetail } from '@switchboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { stubApi } from '../../test/api-stub.ts';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { renderApp } from '../../test/render.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

// Issue 26 §2.9, decision 0078: technician pickers list the enabled employees of department Tech (spec 1 §7.2:
// department 1 = tech), not sales, HR or an administrator outside Tech; a person already chosen keeps showing.

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
    permissions: ['view dashboard', 'edit tech resources'],
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

const employees = [
  { user_id: 1, user: { name: 'Dee Dispatch' }, departments: [{ id: 2 }] },
  { user_id: 2, user: { name: 'Ivan Installer' }, departments: [{ id: 1 }] },
  { user_id: 3, user: { name: 'Sam Sales' }, departments: [{ id: 3 }] },
  { user_id: 4, user: { name: 'Hana HR' }, departments: [{ id: 5 }] },
  { user_id: 5, user: { name: 'Ada Admin' }, departments: [] },
  { user_id: 6, user: { name: 'Bo Both' }, departments: [{ id: 3 }, { id: 1 }] },
];

function openTicket(overrides: Partial<TicketDetail>) {
  authStore.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1', token_id: 'token-1', expires_in: 900 });
  const api = stubApi({
    'GET /api/session': [200, session],
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
    'GET /api/ticket/5': [200, { data: { ...ticket, ...overrides } }],
    'GET /api/users/employee.list': [200, { data: employees }],
    'GET /api/users/client.list.4': [200, { data: [] }],
    'GET /api/companies/sites.list.4': [200, { data: [] }],
    'GET /api/devices.list.4': [200, { data: [] }],
    'POST /api/ticket/escalate/5': [200, { message: 'Ticket escalated.' }],
  });
  renderApp('/ticket/5');
  return api;
}

const optionsOf = async (combobox: HTMLElement) => {
  await userEvent.click(combobox);
  const list = await screen.findByRole('listbox');
  await within(list).findAllByRole('option');
  return within(list)
    .getAllByRole('option')
    .map((option) => option.textContent);
};

describe('technician pickers (decision 0078)', { timeout: 60_000 }, () => {
  it("lists technicians on the ticket's Technician, and keeps its technician from sales by name", async () => {
    openTicket({ employee_id: 3, technician: { id: 3, name: 'Sam Sales' } });
    const card = await screen.findByRole('group', { name: 'Ticket Information' }, { timeout: 20_000 });
    const picker = within(card).getByRole('combobox', { name: 'Technician' }) as HTMLInputElement;
    await waitFor(() => expect(picker.value).toBe('Sam Sales'));
    expect(await optionsOf(picker)).toEqual(['Ivan Installer', 'Sam Sales', 'Bo Both']);
  });

  it('offers only technicians as escalation technician, and asks a dispatcher outside Tech to choose one', async () => {
    const api = openTicket({ employee_id: 2, technician: { id: 2, name: 'Ivan Installer' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Escalate' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Escalate this ticket?' });
    const picker = within(dialog).getByRole('combobox', { name: 'Escalation Technician' }) as HTMLInputElement;
    expect(await optionsOf(picker)).toEqual(['Ivan Installer', 'Bo Both']);
    await userEvent.keyboard('{Escape}');
    // The dispatcher is no technician: nothing is chosen for them, and Escalate says so without a call.
    expect(picker.value).toBe('');
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Needs the vendor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Escalate' }));
    expect(await within(dialog).findByText('Choose an escalation technician from the list.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/ticket/escalate/5')).toEqual([]);
  });
});
