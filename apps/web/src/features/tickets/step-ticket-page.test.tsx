import { defaultUserSettings, type TicketDetail } from '@switchboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { stubApi } from '../../test/api-stub.ts';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { renderApp } from '../../test/render.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

// Issue 26 §1 item 1 (decision 0061): a project's step ticket opens at /ticket/{id} for staff, with its notes, to-dos,
// events and check-ins, and the step's own 0/1 status; a client account is sent to the project's page.

const session = (type: 'Employee' | 'Client') => ({
  data: {
    user: {
      id: 1,
      type,
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
});

const step: TicketDetail = {
  id: 109,
  subject: 'Schedule Project Date',
  body: '',
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
  project_id: 12,
  project_order: 9,
  server_id: null,
  escalatable: false,
  escalated: false,
  esc_tech: null,
  esc_tech_user: null,
  notes: '<p>Call the landlord first.</p>',
  resolution: '',
  todos: [{ id: 3, description: 'Book the lift', completed: 0, deleted_at: null }],
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

function open(type: 'Employee' | 'Client', start: Partial<TicketDetail> = {}) {
  const state = { ticket: { ...step, ...start } };
  authStore.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1', token_id: 'token-1', expires_in: 900 });
  const api = stubApi({
    'GET /api/session': [200, session(type)],
    'GET /api/misc/staticdata': [200, { data: { ticket_statuses: [{ id: 2, name: 'Open' }] } }],
    'GET /api/notifications': [200, { data: [] }],
    'GET /api/users/employee.list': [200, { data: [] }],
    'GET /api/ticket/109': () => [200, { data: state.ticket }],
    'GET /api/ticket/109/checkins': [
      200,
      { data: [], total: 0, current_page: 1, per_page: 50, from: null, to: null, last_page: 1 },
    ],
    'GET /api/project/12': [404, { message: 'Not found.' }],
    'PUT /api/ticket/109': () => {
      state.ticket = { ...state.ticket, status: 1 };
      return [200, { message: 'Step updated.' }];
    },
  });
  return { api, ...renderApp('/ticket/109') };
}

// The page's chunk loads slowly on a busy machine.
const statusCard = () => screen.findByRole('group', { name: 'Step status' }, { timeout: 30_000 });

describe('a step ticket at /ticket/{id}', { timeout: 60_000 }, () => {
  it('shows its notes, to-dos and check-ins, and closes the step with its own 0/1 status', async () => {
    const { api } = open('Employee');
    const card = await statusCard();
    expect(screen.getByRole('heading', { name: '#109 Schedule Project Date' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Step 9 of project #12' }).getAttribute('href')).toBe(
      '/projects/12#step-9',
    );
    expect(await screen.findByText('Book the lift')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Check-ins' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Ticket Information' })).toBeNull();

    await userEvent.click(within(card).getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Closed' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Step updated.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(api.callsTo('PUT', '/api/ticket/109').map((call) => call.body)).toEqual([{ status: 1, ticket_id: 109 }]);
    // Closed, its clock is off with the reason Closed, as on the step card.
    await waitFor(() =>
      expect(
        screen
          .getByRole('button', { name: 'Check In' })
          .closest('[data-disabled-reason]')
          ?.getAttribute('data-disabled-reason'),
      ).toBe('Closed'),
    );
  });

  it("turns Project Day's own clock off with the reason Use Steps", async () => {
    open('Employee', { subject: 'Project Day', project_order: 10 });
    await statusCard();
    const clock = screen.getByRole('button', { name: 'Check In' }) as HTMLButtonElement;
    expect(clock.disabled).toBe(true);
    expect(clock.closest('[data-disabled-reason]')?.getAttribute('data-disabled-reason')).toBe('Use Steps');
  });

  it("sends a client account to the project's page", async () => {
    const { router } = open('Client');
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/12'), { timeout: 30_000 });
    expect(router.state.location.hash).toBe('#step-9');
  });
});
