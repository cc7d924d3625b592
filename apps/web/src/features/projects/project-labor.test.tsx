import {
  defaultUserSettings,
  projectSteps,
  type LaborStep,
  type ProjectDetail,
  type TemplateDetail,
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

// Issue 18 parts 6 and 11 in the browser: the Labor Estimate panel and its template importer, the Project Day panel
// and its card's rules, and the templates page (spec 3 §2 Step panels, §4).

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

const laborSteps: LaborStep[] = [
  {
    id: 31,
    title: 'Unbox',
    min_hours: 1,
    max_hours: 1.5,
    status: 0,
    sub_steps: [{ id: 1, title: 'Check packing list' }],
  },
  { id: 32, title: 'Install', min_hours: 2, max_hours: 4, status: 1, sub_steps: [] },
];

const detail: ProjectDetail = {
  ...projectFixture,
  site_id: null,
  site: null,
  tickets: steps,
  labor_steps: laborSteps,
};

const template: TemplateDetail = {
  id: 5,
  template_name: 'Network refresh',
  steps: [
    { id: 51, title: 'Rack and cable', min_hours: 2, max_hours: 3.5, tasks: [{ id: 61, title: 'Mount rack' }] },
    { id: 52, title: 'Configure switches', min_hours: 1.25, max_hours: 2, tasks: [] },
  ],
};

function open(path: string, routes: Parameters<typeof stubApi>[0] = {}) {
  authStore.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1', token_id: 'token-1', expires_in: 900 });
  const api = stubApi({
    'GET /api/session': [200, session],
    'GET /api/misc/staticdata': [200, { data: {} }],
    'GET /api/notifications': [200, { data: [] }],
    'GET /api/users/employee.list': [200, { data: [] }],
    'GET /api/project/12': [200, { data: detail }],
    'GET /api/project/templates': [200, { data: [{ id: 5, template_name: 'Network refresh' }] }],
    'GET /api/project/templates/5': [200, { data: template }],
    ...routes,
  });
  return { api, ...renderApp(path) };
}
// The first render loads the page's chunks: a busy machine takes longer than the default wait.
const stepCard = (subject: string) => screen.findByRole('group', { name: subject }, { timeout: 30_000 });
const projectStepCalls = (api: ReturnType<typeof stubApi>) => api.callsTo('POST', '/api/project/project_step');

describe('Labor Estimate panel (spec 3 §2)', { timeout: 60_000 }, () => {
  it('edits, adds, moves and deletes steps, sums the hours, and saves the list in its order', async () => {
    const { api } = open('/projects/12', {
      'POST /api/project/project_step': [200, { message: 'Steps saved.' }],
    });
    const card = await stepCard('Labor Estimate');
    const list = within(card).getByRole('list', { name: 'Labor steps' });
    expect(within(list).getAllByRole('listitem', { name: /Unbox|Install/ })).toHaveLength(2);
    expect(within(card).getByText('3.00', { selector: '[data-total="min"]' })).toBeTruthy();
    expect(within(card).getByText('5.50', { selector: '[data-total="max"]' })).toBeTruthy();

    await userEvent.click(within(card).getByRole('button', { name: 'Add Step' }));
    const added = within(list).getByRole('listitem', { name: 'Step 3' });
    await userEvent.type(within(added).getByRole('textbox', { name: 'Title' }), 'Test');
    const max = within(added).getByRole('textbox', { name: 'Max hours' });
    await userEvent.clear(max);
    await userEvent.type(max, '0.75');
    await userEvent.click(within(added).getByRole('button', { name: 'Add sub-step' }));
    await userEvent.type(within(added).getByRole('textbox', { name: 'Sub-step 1 of Test' }), 'Ping');
    expect(within(card).getByText('6.25', { selector: '[data-total="max"]' })).toBeTruthy();

    // No drag-and-drop library is installed: the steps move with their up and down buttons.
    await userEvent.click(within(list).getByRole('button', { name: 'Move Test up' }));
    await userEvent.click(within(list).getByRole('button', { name: 'Delete Unbox' }));
    expect(within(card).getByText('2.00', { selector: '[data-total="min"]' })).toBeTruthy();

    await userEvent.click(within(card).getByRole('button', { name: 'Save Steps' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Steps' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(projectStepCalls(api)).toHaveLength(1));
    const body = projectStepCalls(api)[0]!.body as { steps: { id: number }[] };
    expect(body).toMatchObject({
      step: 'Save Labor Estimate',
      project_id: 12,
      ticket_id: 102,
      close: 0,
      steps: [
        { title: 'Test', min_hours: 0, max_hours: 0.75, sub_steps: [{ title: 'Ping' }] },
        { id: 32, title: 'Install', min_hours: 2, max_hours: 4, sub_steps: [] },
      ],
    });
    // The new step carries a temporary random numeric id, never one of the saved ones.
    expect(typeof body.steps[0]!.id).toBe('number');
    expect([31, 32]).not.toContain(body.steps[0]!.id);
    expect(await screen.findByText('Steps saved.', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('checks the hours before sending: max below min is named under max hours', async () => {
    const { api } = open('/projects/12');
    const card = await stepCard('Labor Estimate');
    const unbox = within(card).getByRole('listitem', { name: 'Unbox' });
    const max = within(unbox).getByRole('textbox', { name: 'Max hours' });
    await userEvent.clear(max);
    await userEvent.type(max, '0.5');
    await userEvent.click(within(card).getByRole('button', { name: 'Save Steps' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save & Close' }));
    expect(await within(unbox).findByText('The max hours must be at least the min hours.')).toBeTruthy();
    expect(await screen.findByText('An error occured.')).toBeTruthy();
    expect(projectStepCalls(api)).toHaveLength(0);
  });

  it('shows Save Steps when the last saved step was deleted, and sends the empty list', async () => {
    const { api } = open('/projects/12', {
      'GET /api/project/12': [200, { data: { ...detail, labor_steps: [laborSteps[0]!] } }],
      'POST /api/project/project_step': [200, { message: 'Steps saved.' }],
    });
    const card = await stepCard('Labor Estimate');
    await userEvent.click(within(card).getByRole('button', { name: 'Delete Unbox' }));
    expect(within(card).getByText('No labor steps yet.')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Save Steps' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(projectStepCalls(api)[0]?.body).toMatchObject({ steps: [] }));
  });

  it('shows no Save Steps for an estimate with no steps and none deleted', async () => {
    open('/projects/12', { 'GET /api/project/12': [200, { data: { ...detail, labor_steps: [] } }] });
    const empty = await stepCard('Labor Estimate');
    expect(within(empty).queryByRole('button', { name: 'Save Steps' })).toBeNull();
  });

  it('imports a template chosen in the searchable list after previewing it', async () => {
    const { api } = open('/projects/12', {
      'POST /api/project/project_step': [200, { message: 'Template imported.' }],
    });
    const card = await stepCard('Labor Estimate');
    await userEvent.click(within(card).getByRole('button', { name: 'Import Template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Template' });
    expect((within(dialog).getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Search templates' }), 'net');
    await waitFor(() =>
      expect(api.calls.some((call) => call.url.includes('/api/project/templates?search=net'))).toBe(true),
    );
    await userEvent.click(await within(dialog).findByRole('option', { name: 'Network refresh' }));
    const preview = await within(dialog).findByRole('table', { name: 'Steps of Network refresh' });
    expect(
      within(preview)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Title', 'Min Hours', 'Max Hours', 'Sub-tasks']);
    expect(within(preview).getByText('Rack and cable')).toBeTruthy();
    expect(within(preview).getByText('3.50')).toBeTruthy();
    expect(within(preview).getByText('Mount rack')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(projectStepCalls(api)).toHaveLength(1));
    expect(projectStepCalls(api)[0]!.body).toEqual({
      step: 'Labor Estimate',
      project_id: 12,
      ticket_id: 102,
      template_id: 5,
    });
    expect(await screen.findByText('Template imported.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import Template' })).toBeNull());
  });

  it('reads the project again when another viewer changes the estimate', async () => {
    const { api } = open('/projects/12');
    await stepCard('Labor Estimate');
    await waitFor(() => expect(latestSocket().subscriptions()).toContain('project_12'));
    const before = api.callsTo('GET', '/api/project/12').length;
    latestSocket().serverEmit('project_12', 'LaborEstimateUpdated', { project_id: 12, by: 8 });
    await waitFor(() => expect(api.callsTo('GET', '/api/project/12').length).toBeGreaterThan(before));
    latestSocket().serverEmit('project_12', 'ProjectDayUpdated', { project_id: 12, by: 8 });
    await waitFor(() => expect(api.callsTo('GET', '/api/project/12').length).toBeGreaterThan(before + 1));
  });
});

describe('Project Day panel (spec 3 §2, §4)', { timeout: 60_000 }, () => {
  it('closes a labor step by its checkbox; the card says All Substeps Must Be Closed while one is open', async () => {
    let current = detail;
    const { api } = open('/projects/12', {
      'GET /api/project/12': () => [200, { data: current }],
      'POST /api/project/project_step': () => {
        current = { ...detail, labor_steps: laborSteps.map((row) => ({ ...row, status: 1 })) };
        return [200, { message: 'Substep closed.' }];
      },
    });
    const card = await stepCard('Project Day');
    expect(within(card).getByText('All Substeps Must Be Closed')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Save & Close' })).toBeNull();
    const own = within(card).getByRole('button', { name: 'Check In' }) as HTMLButtonElement;
    expect(own.disabled).toBe(true);
    expect(own.closest('[data-disabled-reason]')?.getAttribute('data-disabled-reason')).toBe('Use Steps');

    const unbox = within(card).getByRole('checkbox', { name: 'Unbox' }) as HTMLInputElement;
    expect(unbox.checked).toBe(false);
    expect((within(card).getByRole('checkbox', { name: 'Install' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(unbox);
    await waitFor(() => expect(projectStepCalls(api)).toHaveLength(1));
    expect(projectStepCalls(api)[0]!.body).toEqual({ step: 'Project Day', sub_step: 31, status: 1 });
    expect(await screen.findByText('Substep closed.')).toBeTruthy();
    await waitFor(() => expect(within(card).queryByText('All Substeps Must Be Closed')).toBeNull());
    expect(within(card).getByRole('button', { name: 'Save & Close' })).toBeTruthy();
  });

  it('clocks each labor step on its own; a closed one disables its check-in', async () => {
    const { api } = open('/projects/12', {
      'POST /api/ticket/checkinout': [200, { message: 'Checked in.' }],
    });
    const card = await stepCard('Project Day');
    const install = within(card).getByRole('button', { name: 'Check In to Install' }) as HTMLButtonElement;
    expect(install.disabled).toBe(true);
    expect(install.closest('[data-disabled-reason]')?.getAttribute('data-disabled-reason')).toBe('Closed');
    await userEvent.click(within(card).getByRole('button', { name: 'Check In to Unbox' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/ticket/checkinout')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/ticket/checkinout')[0]!.body).toEqual({
      direction: 'in',
      ticket_id: 110,
      company_id: 4,
      project_id: 12,
      project_step_id: 31,
    });
  });

  it('shows Check Out on the labor step the user is checked in to, and not on the step card', async () => {
    const checkIn = {
      id: 9,
      user_id: 1,
      ticket_id: 110,
      project_step_id: 31,
      start_time: '2026-01-02T10:00:00.000Z',
      end_time: null,
      billable: 0,
      user: { name: 'Tess Tech', shortname: 'Tess', photo: null },
      ticket: { id: 110, subject: 'Project Day' },
    };
    open('/projects/12', { 'GET /api/project/12': [200, { data: { ...detail, check_ins: [checkIn] } }] });
    const card = await stepCard('Project Day');
    expect(within(card).getByRole('button', { name: 'Check Out of Unbox' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Check In' })).toBeTruthy();
  });
});

describe('project templates page (spec 3 §2 /projects/templates)', { timeout: 60_000 }, () => {
  it('creates a template with steps and tasks and opens it', async () => {
    const { api, router } = open('/projects/templates', {
      'POST /api/project/templates': [200, { message: 'Template created.', data: { id: 5 } }],
    });
    expect(await screen.findByRole('heading', { name: 'Project Templates' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Network refresh' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New Template' }));
    const form = await screen.findByRole('form', { name: 'New template' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Template name' }), 'Firewall swap');
    await userEvent.click(within(form).getByRole('button', { name: 'Add Step' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Title' }), 'Cut over');
    const max = within(form).getByRole('textbox', { name: 'Max hours' });
    await userEvent.clear(max);
    await userEvent.type(max, '1.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Add task' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Task 1 of Cut over' }), 'Backup config');
    await userEvent.click(within(form).getByRole('button', { name: 'Create Template' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/project/templates')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/project/templates')[0]!.body).toEqual({
      template_name: 'Firewall swap',
      steps: [{ title: 'Cut over', min_hours: 0, max_hours: 1.5, tasks: [{ title: 'Backup config' }] }],
    });
    expect(await screen.findByText('Template created.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/templates/5'));
  });

  it('puts the caret in the new step and the new task, so typing (a space too) fills them instead of adding more', async () => {
    open('/projects/templates');
    await userEvent.click(await screen.findByRole('button', { name: 'New Template' }));
    const form = await screen.findByRole('form', { name: 'New template' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add Step' }));
    expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: 'Title' }));
    await userEvent.keyboard('Cut over');
    await userEvent.click(within(form).getByRole('button', { name: 'Add task' }));
    const task = within(form).getByRole('textbox', { name: 'Task 1 of Cut over' });
    expect(document.activeElement).toBe(task);
    await userEvent.keyboard('Back up config');
    expect((task as HTMLInputElement).value).toBe('Back up config');
    // One task: the space typed went into it, not to Add task.
    expect(within(form).getAllByRole('textbox', { name: /^Task \d+ of Cut over$/ })).toHaveLength(1);
  });

  it("edits a template, shows the server's field error, and deletes it after confirming", async () => {
    const { api, router } = open('/projects/templates/5', {
      'PUT /api/project/templates/5': [
        422,
        {
          message: 'The given data was invalid.',
          errors: { template_name: ['A template with this name already exists.'] },
        },
      ],
      'DELETE /api/project/templates/5': [200, { message: 'Template deleted.' }],
    });
    const form = await screen.findByRole('form', { name: 'Template Network refresh' });
    const name = within(form).getByRole('textbox', { name: 'Template name' });
    expect((name as HTMLInputElement).value).toBe('Network refresh');
    expect(within(form).getAllByRole('listitem', { name: /Rack and cable|Configure switches/ })).toHaveLength(2);
    await userEvent.click(within(form).getByRole('button', { name: 'Save Template' }));
    expect(await within(form).findByText('A template with this name already exists.')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/project/templates/5')[0]!.body).toMatchObject({
      template_name: 'Network refresh',
      steps: [{ title: 'Rack and cable', tasks: [{ title: 'Mount rack' }] }, { title: 'Configure switches' }],
    });

    await userEvent.click(within(form).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog');
    expect(api.callsTo('DELETE', '/api/project/templates/5')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, delete it!' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/project/templates/5')).toHaveLength(1));
    expect(await screen.findByText('Template deleted.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/templates'));
  });
});
