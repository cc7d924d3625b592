import {
  defaultUserSettings,
  planningWarningMessage,
  projectSteps,
  type ProjectDetail,
  type ProjectRow,
} from '@switchboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { stubApi } from '../../test/api-stub.ts';
import { fakeSocketModule, latestSocket } from '../../test/fake-socket.ts';
import { renderApp } from '../../test/render.tsx';
import { projectFixture } from './test-fixtures.ts';

vi.mock('socket.io-client', () => fakeSocketModule);

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

const row: ProjectRow = {
  id: 12,
  title: 'Office move',
  company: { id: 4, name: 'Harbor Clinic' },
  site: { id: 9, name: 'Main Office' },
  latest_ticket: { id: 40, subject: 'Labor Estimate', project_order: 2, employee_id: 1 },
  technician: { id: 1, name: 'Tess Tech' },
  billed: { billing_date: null, billed_time: 3.5 },
  created_at: '2026-01-02T10:00:00.000Z',
  completed_at: null,
};

const page = (data: ProjectRow[]) => ({
  data,
  total: data.length,
  current_page: 1,
  per_page: 50,
  from: data.length ? 1 : null,
  to: data.length || null,
  last_page: 1,
});

const steps = projectSteps.map((subject, order) => ({
  id: 100 + order,
  status: 0,
  project_order: order,
  subject,
  notes: { notes: '' },
  employee: null,
  updated_at: '2026-01-02T10:00:00.000Z',
  closed_by: null,
}));

const detail: ProjectDetail = {
  ...projectFixture,
  latest_ticket: row.latest_ticket,
  billed: row.billed,
  created_at: row.created_at,
  flags: [
    {
      id: 3,
      flag: 'Call before arriving',
      company_id: 4,
      created_at: row.created_at,
      created_by: null,
      deleted_at: null,
      deleted_by: null,
    },
  ],
  tickets: steps,
};

function open(path: string, type: 'Employee' | 'Client', routes: Parameters<typeof stubApi>[0] = {}) {
  authStore.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1', token_id: 'token-1', expires_in: 900 });
  const api = stubApi({
    'GET /api/session': [200, session(type)],
    'GET /api/misc/staticdata': [200, { data: {} }],
    'GET /api/notifications': [200, { data: [] }],
    'GET /api/project': [200, page([row])],
    'GET /api/company.list': [200, { data: [{ id: 4, name: 'Harbor Clinic' }] }],
    'GET /api/companies/sites.list.4': [200, { data: [{ id: 9, name: 'Main Office' }] }],
    'GET /api/users/client.list.4': [200, { data: [{ id: 7, name: 'Carla Client' }] }],
    'GET /api/users/employee.list': [
      200,
      { data: [{ user_id: 1, user: { name: 'Tess Tech' }, departments: [{ id: 1 }] }] },
    ],
    ...routes,
  });
  return { api, ...renderApp(path) };
}

async function choose(label: string, option: string, scope: HTMLElement = document.body) {
  await userEvent.click(within(scope).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

const headings = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);

describe('project list (spec 3 §2)', { timeout: 20_000 }, () => {
  it('shows Company and Tech with their filters to employees, billed hours with 2 decimals', async () => {
    open('/projects', 'Employee');
    const table = await screen.findByRole('table', { name: 'Projects' });
    await within(table).findByText('Office move');
    expect(headings(table)).toEqual(['ID', 'Title', 'Company', 'Site', 'Step', 'Tech', 'Billed', 'Created']);
    expect(within(table).getByText('3.50')).toBeTruthy();
    expect(within(table).getByText('Labor Estimate')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Company' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Tech' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Project' }).getAttribute('href')).toBe('/projects/create');
  });

  it('hides Company and Tech, their filters and Create Project from a client account', async () => {
    open('/projects', 'Client', { 'GET /api/project': [200, page([{ ...row, company: null, technician: null }])] });
    const table = await screen.findByRole('table', { name: 'Projects' });
    await within(table).findByText('Office move');
    expect(headings(table)).toEqual(['ID', 'Title', 'Site', 'Step', 'Billed', 'Created']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['12', 'Office move', 'Main Office', 'Labor Estimate', '3.50', '01/02/2026']);
    expect(screen.queryByRole('combobox', { name: 'Company' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Tech' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create Project' })).toBeNull();
  });

  it("keeps the step filter's '00' (Planning Approval) and '0' (Closed) apart in the URL and the call", async () => {
    const { api, router } = open('/projects', 'Employee');
    await screen.findByRole('table', { name: 'Projects' });
    await choose('Step', '00 Planning Approval');
    await waitFor(() => expect(router.state.location.search).toBe('?step_id=00'));
    await waitFor(() => expect(api.calls.some((call) => call.url.includes('step_id=00'))).toBe(true));

    await choose('Step', 'Closed');
    await waitFor(() => expect(router.state.location.search).toBe('?step_id=0'));
    await waitFor(() => expect(api.calls.at(-1)?.url).toMatch(/[?&]step_id=0(&|$)/));
  });

  it('opens the project when its row is clicked, and shows Complete for a project with no open step', async () => {
    const { router } = open('/projects', 'Employee', {
      'GET /api/project': [200, page([{ ...row, latest_ticket: null }])],
    });
    const table = await screen.findByRole('table', { name: 'Projects' });
    await userEvent.click(await within(table).findByText('Complete'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/12'));
  });
});

describe('project creation (spec 3 §2)', { timeout: 20_000 }, () => {
  it('disables the planner when labor is not required, researcher and quoter when procurement is not', async () => {
    open('/projects/create', 'Employee');
    const form = await screen.findByRole('form', { name: 'Create Project' });
    const planner = within(form).getByRole('combobox', { name: 'Planner' }) as HTMLInputElement;
    expect(planner.disabled).toBe(false);
    await choose('Labor Required', 'No', form);
    expect(planner.disabled).toBe(true);

    const researcher = within(form).getByRole('combobox', { name: 'Researcher' }) as HTMLInputElement;
    expect(researcher.disabled).toBe(false);
    await choose('Procurement Required', 'No', form);
    expect(researcher.disabled).toBe(true);
    expect((within(form).getByRole('combobox', { name: 'Quoter' }) as HTMLInputElement).disabled).toBe(true);
  });

  it("shows the server's field errors under the fields and 'An error occured.' on failure", async () => {
    const { api } = open('/projects/create', 'Employee', {
      'POST /api/project': [
        422,
        { message: 'The given data was invalid.', errors: { title: ['That title is taken.'], site_id: ['No site.'] } },
      ],
    });
    const form = await screen.findByRole('form', { name: 'Create Project' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Title' }), 'Office move');
    await choose('Company', 'Harbor Clinic', form);
    await choose('Site', 'Main Office', form);
    await userEvent.click(within(form).getByRole('button', { name: 'Create Project' }));

    expect(await within(form).findByText('That title is taken.')).toBeTruthy();
    expect(within(form).getByText('No site.')).toBeTruthy();
    expect(await screen.findByText('An error occured.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/project')[0]!.body).toMatchObject({
      title: 'Office move',
      company_id: 4,
      site_id: 9,
      labor_required: 0,
    });
  });

  it('goes to the new project with the server message when it is created', async () => {
    const { router } = open('/projects/create', 'Employee', {
      'POST /api/project': [201, { message: 'Project created.', data: { id: 12 } }],
      'GET /api/project/12': [200, { data: detail }],
    });
    const form = await screen.findByRole('form', { name: 'Create Project' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Title' }), 'Office move');
    await choose('Company', 'Harbor Clinic', form);
    await userEvent.click(within(form).getByRole('button', { name: 'Create Project' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/12'));
    expect(await screen.findByText('Project created.')).toBeTruthy();
  });
});

describe('project detail (spec 3 §2)', { timeout: 20_000 }, () => {
  const stepCard = (subject: string) => screen.findByRole('group', { name: subject });

  it('shows twelve step cards in order, the flags and the yellow planning warning', async () => {
    open('/projects/12', 'Employee', { 'GET /api/project/12': [200, { data: detail }] });
    const list = await screen.findByRole('list', { name: 'Project steps' });
    const titles = within(list)
      .getAllByRole('heading')
      .map((heading) => heading.textContent);
    expect(titles).toEqual([...projectSteps]);
    expect(screen.getByText('Call before arriving')).toBeTruthy();
    expect(screen.getByText(planningWarningMessage).closest('[data-severity]')?.getAttribute('data-severity')).toBe(
      'yellow',
    );
  });

  it('turns the warning red when a later step was closed while planning is still open', async () => {
    const tickets = steps.map((step) => (step.project_order === 2 ? { ...step, status: 1 } : step));
    open('/projects/12', 'Employee', { 'GET /api/project/12': [200, { data: { ...detail, tickets } }] });
    const warning = await screen.findByText(planningWarningMessage);
    expect(warning.closest('[data-severity]')?.getAttribute('data-severity')).toBe('red');
  });

  it('sends status 1 with Save & Close and shows the first progress stage complete once step 0 is closed', async () => {
    let current = detail;
    const { api } = open('/projects/12', 'Employee', {
      'GET /api/project/12': () => [200, { data: current }],
      'PUT /api/ticket/100': (call) => {
        const status = (call.body as { status: number }).status;
        current = { ...detail, tickets: steps.map((step) => (step.id === 100 ? { ...step, status } : step)) };
        return [200, { message: 'Step updated.' }];
      },
    });
    const progress = await screen.findByRole('list', { name: 'Project progress' });
    const firstStage = () => within(progress).getAllByRole('listitem')[0]!;
    expect(firstStage().getAttribute('data-complete')).toBe('false');

    const card = await stepCard('Planning Approval');
    await userEvent.click(within(card).getByRole('button', { name: 'Save & Close' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/ticket/100')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/ticket/100')[0]!.body).toEqual({ status: 1, ticket_id: 100 });
    await waitFor(() => expect(firstStage().getAttribute('data-complete')).toBe('true'));
    expect(await screen.findByText('Step updated.')).toBeTruthy();
    // The closed card folds to its line; opened again it is greyed with check-in disabled; no planning warning.
    const closed = await stepCard('Planning Approval');
    await waitFor(() => expect(closed.getAttribute('data-status')).toBe('closed'));
    expect(closed.getAttribute('data-expanded')).toBe('false');
    await userEvent.click(within(closed).getByRole('button', { name: 'Planning Approval', expanded: false }));
    expect((within(closed).getByRole('button', { name: 'Check In' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText(planningWarningMessage)).toBeNull();
  });

  it('checks in to a step with its project, and shows a toast for another user checking in', async () => {
    const { api } = open('/projects/12', 'Employee', {
      'GET /api/project/12': [200, { data: detail }],
      'POST /api/ticket/checkinout': [200, { message: 'Checked in.' }],
    });
    const card = await stepCard('Labor Estimate');
    await userEvent.click(within(card).getByRole('button', { name: 'Check In' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/ticket/checkinout')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/ticket/checkinout')[0]!.body).toEqual({
      direction: 'in',
      ticket_id: 102,
      company_id: 4,
      project_id: 12,
    });
    expect(within(card).getByRole('link', { name: 'Open ticket' }).getAttribute('href')).toBe('/ticket/102');

    await waitFor(() => expect(latestSocket().subscriptions()).toContain('project_12'));
    const before = api.callsTo('GET', '/api/project/12').length;
    latestSocket().serverEmit('project_12', 'CheckInOut', { user: { id: 8, name: 'Pat Planner' }, direction: 'in' });
    expect(await screen.findByText('Pat Planner checked in to this project')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', '/api/project/12').length).toBeGreaterThan(before));
  });

  it('shows a client account the information read-only, without status controls', async () => {
    open('/projects/12', 'Client', { 'GET /api/project/12': [200, { data: { ...detail, flags: [] } }] });
    const info = await screen.findByRole('group', { name: 'Project Information' });
    expect(within(info).getByText('Office move')).toBeTruthy();
    expect(within(info).queryByRole('textbox')).toBeNull();
    const card = await stepCard('Planning Approval');
    // Only the card's own disclosure: no status select, Save or Check In.
    expect(
      within(card)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Planning Approval']);
    expect(within(card).queryByRole('combobox')).toBeNull();
  });
});
