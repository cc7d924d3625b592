import { defaultUserSettings, projectSteps, type ProjectDetail } from '@switchboard/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

// The project tests' signed-in session and project detail: each test overrides what it is about.

export const projectSession = (type: 'Employee' | 'Client', permissions = ['view dashboard']) => ({
  data: {
    user: {
      id: 1,
      type,
      role: 'user',
      name: 'Tess Tech',
      shortname: 'Tess',
      email: 't@example.com',
      photo: null,
      settings: defaultUserSettings,
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

export const projectFixture: ProjectDetail = {
  id: 12,
  title: 'Office move',
  company_id: 4,
  site_id: 9,
  client_user_id: null,
  coordinator_id: null,
  planner_id: null,
  researcher_id: null,
  quoter_id: null,
  labor_required: 0,
  procurement_required: 0,
  verbally_approved: 0,
  notes: '',
  goals: '',
  latest_notes: '',
  latest_goals: '',
  company: { id: 4, name: 'Harbor Clinic' },
  site: { id: 9, name: 'Main Office' },
  client_user: null,
  coordinator: null,
  planner: null,
  researcher: null,
  quoter: null,
  latest_ticket: null,
  billed: { billing_date: null, billed_time: 0 },
  created_at: '2026-01-02T10:00:00.000Z',
  completed_at: null,
  completed_by: null,
  flags: [],
  tickets: projectSteps.map((subject, order) => ({
    id: 100 + order,
    status: 0,
    project_order: order,
    subject,
    notes: { notes: '' },
    employee: null,
    updated_at: '2026-01-02T10:00:00.000Z',
    closed_by: null,
  })),
  check_ins: [],
  threads: [],
  invoices: [],
  product_requirements: [],
  quotes: [],
  planning_approvals: [],
  labor_approvals: [],
  procurements: [],
  schedule_dates: [],
  labor_steps: [],
  scheduled_placeholder: null,
  pending_project: null,
};

/** Spec 3 §4: an open step's save asks Save or Save & Close; answers the question in the dialog it opens. */
export async function answerSaveQuestion(choice: 'Save' | 'Save & Close', title?: string) {
  const dialog = await screen.findByRole('dialog', title ? { name: title } : {});
  await userEvent.click(within(dialog).getByRole('button', { name: choice }));
}
