import { projectSteps, type CheckIn, type ProjectDetail } from '@switchboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { stubApi } from '../../test/api-stub.ts';
import { fakeSocketModule, latestSocket } from '../../test/fake-socket.ts';
import { renderApp } from '../../test/render.tsx';
import { projectFixture, projectSession } from './test-fixtures.ts';

vi.mock('socket.io-client', () => fakeSocketModule);

// Issue 26 §2 item 11: closed steps fold to one line (status, who closed them), the current step is open, the progress
// bar's stages jump to their cards; an edit of check-in times pushed on project_{id} shows in the table.

const closedAt = '2026-01-03T15:00:00.000Z';
// Steps 0 to 5 closed (Quoting is complete), 6 onwards open: Labor Quote Approval is the current step.
const project: ProjectDetail = {
  ...projectFixture,
  tickets: projectSteps.map((subject, order) => ({
    id: 100 + order,
    status: order < 6 ? 1 : 0,
    project_order: order,
    subject,
    notes: { notes: '' },
    employee: null,
    updated_at: '2026-01-02T10:00:00.000Z',
    closed_by: order < 6 ? { name: 'Cora Coordinator', at: closedAt } : null,
  })),
};

const checkIn: CheckIn = {
  id: 41,
  user_id: 1,
  ticket_id: 101,
  project_step_id: null,
  start_time: '2026-01-05T14:00:00.000Z',
  end_time: '2026-01-05T16:00:00.000Z',
  billable: 0,
  user: { name: 'Tess Tech', shortname: 'Tess', photo: null },
  ticket: { id: 101, subject: 'Scheduled Placeholder' },
};

function open(detail: ProjectDetail = project, type: 'Employee' | 'Client' = 'Employee') {
  authStore.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1', token_id: 'token-1', expires_in: 900 });
  const api = stubApi({
    'GET /api/session': [200, projectSession(type)],
    'GET /api/misc/staticdata': [200, { data: {} }],
    'GET /api/notifications': [200, { data: [] }],
    'GET /api/users/employee.list': [200, { data: [] }],
    'GET /api/project/12': [200, { data: detail }],
  });
  renderApp('/projects/12');
  return api;
}

// The first render loads the page's chunks: a busy machine takes longer than the default wait.
const stepCard = (name: string) => screen.findByRole('group', { name }, { timeout: 30_000 });
const toggleOf = (card: HTMLElement, name: string) => within(card).getByRole('button', { name });

afterEach(() => vi.restoreAllMocks());

describe('Project page layout (issue 26 §2 item 11)', { timeout: 60_000 }, () => {
  it('folds closed steps to their line with who closed them, opens the current step, and toggles a card', async () => {
    open();
    const planning = await stepCard('Planning Approval');
    expect(planning.getAttribute('data-expanded')).toBe('false');
    expect(toggleOf(planning, 'Planning Approval').getAttribute('aria-expanded')).toBe('false');
    expect(within(planning).getByText('Closed by Cora Coordinator on 01/03/2026')).toBeTruthy();
    // Folded: the status shows, the controls do not.
    const shown = (element: HTMLElement) => element.closest('[hidden]') === null;
    expect(within(planning).getAllByText('Closed').filter(shown)).toHaveLength(1);
    expect(within(planning).queryByRole('button', { name: 'Check In' })).toBeNull();

    const current = await stepCard('Labor Quote Approval');
    expect(current.getAttribute('data-expanded')).toBe('true');
    expect(within(current).getByText('Current')).toBeTruthy();
    expect(within(current).getByRole('button', { name: 'Check In' })).toBeTruthy();
    // Only the first open step is the current one; later open steps are open too.
    expect(within(await stepCard('Procurement')).queryByText('Current')).toBeNull();
    expect((await stepCard('Procurement')).getAttribute('data-expanded')).toBe('true');
    expect(screen.getAllByText('Current')).toHaveLength(1);

    // Every closed step (0 to 5) is folded, every open one is not.
    for (const [order, subject] of projectSteps.entries())
      expect((await stepCard(subject)).getAttribute('data-expanded')).toBe(order < 6 ? 'false' : 'true');

    await userEvent.click(toggleOf(planning, 'Planning Approval'));
    expect(toggleOf(planning, 'Planning Approval').getAttribute('aria-expanded')).toBe('true');
    expect(planning.getAttribute('data-expanded')).toBe('true');
    expect(
      (within(planning).getByRole('button', { name: 'Check In' }) as HTMLButtonElement).disabled,
      'a closed step keeps its check-in disabled',
    ).toBe(true);
    await userEvent.click(toggleOf(planning, 'Planning Approval'));
    expect(planning.getAttribute('data-expanded')).toBe('false');
    expect(within(planning).queryByRole('button', { name: 'Check In' })).toBeNull();

    // An open step folds too.
    await userEvent.click(toggleOf(current, 'Labor Quote Approval'));
    expect(current.getAttribute('data-expanded')).toBe('false');
  });

  it("jumps from a progress stage to its step's card: opens it, scrolls it into view and focuses its title", async () => {
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.id);
    });
    open();
    const quotes = await stepCard('Project Quotes');
    expect(quotes.getAttribute('data-expanded')).toBe('false');
    const progress = screen.getByRole('list', { name: 'Project progress' });
    await userEvent.click(within(progress).getByRole('button', { name: 'Quoting: complete, go to its step' }));
    await waitFor(() => expect(quotes.getAttribute('data-expanded')).toBe('true'));
    await waitFor(() => expect(scrolled).toContain('step-5'));
    expect(document.activeElement).toBe(toggleOf(quotes, 'Project Quotes'));

    // A stage of two steps goes to its first open one: Payment & Procurement is open at Client Payment Invoices.
    await userEvent.click(
      within(progress).getByRole('button', { name: 'Payment & Procurement: not complete, go to its step' }),
    );
    await waitFor(() => expect(scrolled.at(-1)).toBe('step-7'));
    expect(document.activeElement).toBe(toggleOf(await stepCard('Client Payment Invoices'), 'Client Payment Invoices'));

    // Jumping again to the same stage scrolls again (the reader may have scrolled away).
    const before = scrolled.length;
    await userEvent.click(within(progress).getByRole('button', { name: 'Quoting: complete, go to its step' }));
    await waitFor(() => expect(scrolled.length).toBeGreaterThan(before));
    expect(scrolled.at(-1)).toBe('step-5');
  });

  it('shows the check-in rows another viewer edited as the project_{id} push carries them', async () => {
    const api = open({ ...project, check_ins: [checkIn] });
    const card = await screen.findByRole('group', { name: 'Check-ins' }, { timeout: 30_000 });
    const row = () => within(card).getByText('Scheduled Placeholder').closest('tr')!;
    expect(within(row()).getByText('Billable')).toBeTruthy();
    await waitFor(() => expect(latestSocket().subscriptions()).toContain('project_12'));
    // The project's own re-read does not answer: what changes on screen comes from the push.
    api.routes['GET /api/project/12'] = () => new Promise(() => {});
    latestSocket().serverEmit('project_12', 'CheckInOut', {
      project_id: 12,
      direction: 'update',
      user: { id: 8, name: 'Ed Timekeeper' },
      check_ins: [{ ...checkIn, end_time: '2026-01-05T17:30:00.000Z', billable: 1 }],
    });
    await waitFor(() => expect(within(row()).getByText('Non-Billable')).toBeTruthy());
    expect(within(row()).getByText('3.50')).toBeTruthy();
    // The edit is no check-in or check-out: no toast names the editor.
    expect(screen.queryByText(/Ed Timekeeper checked/)).toBeNull();
  });

  it('folds a client account its closed steps the same way, with no status controls in any card', async () => {
    open(project, 'Client');
    const planning = await stepCard('Planning Approval');
    expect(planning.getAttribute('data-expanded')).toBe('false');
    expect(
      within(planning)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Planning Approval']);
    const progress = screen.getByRole('list', { name: 'Project progress' });
    await userEvent.click(
      within(progress).getByRole('button', { name: 'Planning Approval: complete, go to its step' }),
    );
    await waitFor(() => expect(planning.getAttribute('data-expanded')).toBe('true'));
  });
});
