import { type Approval, type ProjectDetail } from '@switchboard/shared';
import dayjs from 'dayjs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../../lib/auth-store.ts';
import { stubApi } from '../../../../test/api-stub.ts';
import { fakeSocketModule, latestSocket } from '../../../../test/fake-socket.ts';
import { renderApp } from '../../../../test/render.tsx';
import { projectFixture, projectSession as session } from '../../test-fixtures.ts';

vi.mock('socket.io-client', () => fakeSocketModule);

// Issue 18 part 4: Planning Approval and Labor Quote Approval panels (spec 3 §2, §3 Approval, §4; decision 0046).

const base = projectFixture;

const approval = (id: number, status: number | null, extra: Partial<Approval> = {}): Approval => ({
  id,
  project_overview: true,
  quote_id: null,
  quote: null,
  status,
  user: null,
  email_address: `person${id}@example.com`,
  added_by: { id: 1, shortname: 'Tess' },
  comment: null,
  responded_at: null,
  expires_at: '2026-01-16T10:00:00.000Z',
  created_at: '2026-01-02T10:00:00.000Z',
  ...extra,
});

/** The project page with a server that records each request and answers the project as it stands. */
function open(type: 'Employee' | 'Client', start: Partial<ProjectDetail> = {}) {
  const state = { project: { ...base, ...start } as ProjectDetail };
  authStore.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1', token_id: 'token-1', expires_in: 900 });
  const api = stubApi({
    'GET /api/session': [200, session(type)],
    'GET /api/misc/staticdata': [200, { data: {} }],
    'GET /api/notifications': [200, { data: [] }],
    'GET /api/users/employee.list': [200, { data: [] }],
    'GET /api/users/client.list.4': [200, { data: [{ id: 31, name: 'Clara Client' }] }],
    'GET /api/project/12': () => [200, { data: state.project }],
    'POST /api/project/project_step': () => {
      state.project = {
        ...state.project,
        planning_approvals: [approval(9, null, { email_address: 'boss@example.com' })],
      };
      return [200, { message: 'Planning approval request sent.' }];
    },
  });
  renderApp('/projects/12');
  return { api, state };
}

// The first render loads the page's chunks: a busy machine takes longer than the default wait.
const planningCard = () => screen.findByRole('group', { name: 'Planning Approval' }, { timeout: 30_000 });

describe('Approval panels (spec 3 §2, §4)', { timeout: 60_000 }, () => {
  it('labels each approval Pending, Approved or Denied with who, added_by and when', async () => {
    open('Employee', {
      planning_approvals: [
        approval(1, null, { user: { id: 31, name: 'Clara Client' } }),
        approval(2, 1),
        approval(3, 2, { comment: 'Not this quarter' }),
      ],
    });
    const card = await planningCard();
    const row = (id: number) => within(card).getByTestId(`approval-${id}`);
    await waitFor(() => expect(row(1)).toBeTruthy());
    expect(within(row(1)).getByText('Pending')).toBeTruthy();
    expect(within(row(1)).getByText('Clara Client')).toBeTruthy();
    expect(within(row(1)).getByText('Tess')).toBeTruthy();
    expect(within(row(1)).getByText(dayjs('2026-01-02T10:00:00.000Z').format('MM/DD/YYYY hh:mm A'))).toBeTruthy();
    expect(within(row(2)).getByText('Approved')).toBeTruthy();
    expect(within(row(2)).getByText('person2@example.com')).toBeTruthy();
    expect(within(row(3)).getByText('Denied')).toBeTruthy();
    expect(within(row(3)).getByText('Not this quarter')).toBeTruthy();
  });

  it('shows Verbally Approved on pending planning requests; denied and quote rows keep their own status', async () => {
    open('Client', {
      verbally_approved: 1,
      planning_approvals: [approval(1, null), approval(2, 2)],
      labor_approvals: [
        approval(3, null, {
          project_overview: false,
          quote_id: 5,
          quote: { id: 5, number: 'Q-000005', title: 'Rack' },
        }),
      ],
    });
    const card = await planningCard();
    await waitFor(() => expect(within(card).getByTestId('approval-1')).toBeTruthy());
    expect(within(within(card).getByTestId('approval-1')).getByText('Verbally Approved')).toBeTruthy();
    expect(within(within(card).getByTestId('approval-2')).getByText('Denied')).toBeTruthy();
    expect(within(card).queryByText('Pending')).toBeNull();
    const labor = await screen.findByRole('group', { name: 'Labor Quote Approval' });
    expect(within(within(labor).getByTestId('approval-3')).getByText('Pending')).toBeTruthy();
    expect(within(labor).queryByText('Verbally Approved')).toBeNull();
    // Client accounts read; they do not send.
    expect(within(card).queryByRole('button', { name: 'Request approval' })).toBeNull();
  });

  it('shows Verbally Approved on Planning Approval before any request is sent, and not on Labor Quote Approval', async () => {
    open('Employee', { verbally_approved: 1 });
    const card = await planningCard();
    expect(await within(card).findByText('Verbally Approved')).toBeTruthy();
    expect(within(card).getByText('No approval requests sent yet.')).toBeTruthy();
    const labor = await screen.findByRole('group', { name: 'Labor Quote Approval' });
    expect(within(labor).getByText('No approval requests sent yet.')).toBeTruthy();
    expect(within(labor).queryByText('Verbally Approved')).toBeNull();
  });

  it('sends the pre-filled message to a typed address and turns live on ApprovalsUpdated', async () => {
    const { api, state } = open('Employee');
    const card = await planningCard();
    expect(await within(card).findByText('No approval requests sent yet.')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Request approval' }));
    const message = within(card).getByLabelText('Message') as HTMLTextAreaElement;
    expect(message.value).toBe(
      'Please review the planning of the project "Office move" and approve it, or deny it with a comment, through the link below.',
    );
    await userEvent.type(
      within(card).getByPlaceholderText('Type an address and press Enter'),
      'boss@example.com{enter}',
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Planning approval request sent.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/project/project_step').map((call) => call.body)).toEqual([
      {
        step: 'Planning Approval',
        to: ['boss@example.com'],
        message: message.value,
        project_id: 12,
        ticket_id: 100,
      },
    ]);
    expect(await within(card).findByText('boss@example.com')).toBeTruthy();

    // The recipient answers: the server pushes ApprovalsUpdated and the panel reads itself again.
    state.project = { ...state.project, planning_approvals: [approval(9, 1, { email_address: 'boss@example.com' })] };
    latestSocket().serverEmit('project_12', 'ApprovalsUpdated', { project_id: 12, by: null });
    expect(await within(card).findByText('Approved')).toBeTruthy();
  });

  it("refuses to send without a recipient, with the contract's message", async () => {
    const { api } = open('Employee');
    const card = await planningCard();
    await userEvent.click(await within(card).findByRole('button', { name: 'Request approval' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Send' }));
    expect(await within(card).findByText('Choose at least one recipient.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/project/project_step')).toEqual([]);
  });
});
