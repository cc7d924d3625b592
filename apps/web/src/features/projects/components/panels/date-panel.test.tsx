import { addDaysToDate, type ProjectDetail } from '@switchboard/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../../lib/auth-store.ts';
import { stubApi, type StubCall } from '../../../../test/api-stub.ts';
import { fakeSocketModule } from '../../../../test/fake-socket.ts';
import { renderApp } from '../../../../test/render.tsx';
import { answerSaveQuestion, projectFixture, projectSession as session } from '../../test-fixtures.ts';

vi.mock('socket.io-client', () => fakeSocketModule);

// Issue 18 part 5: Scheduled Placeholder (order 1) and Schedule Pending Projects (order 3), spec 3 §2, §7, §9.

const base = projectFixture;

/** The project page with a server that keeps the project and answers the date saves like the real one. */
function open(type: 'Employee' | 'Client', start: Partial<ProjectDetail> = {}, save?: (call: StubCall) => unknown) {
  let project: ProjectDetail = { ...base, ...start };
  authStore.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1', token_id: 'token-1', expires_in: 900 });
  const api = stubApi({
    'GET /api/session': [200, session(type)],
    'GET /api/misc/staticdata': [200, { data: {} }],
    'GET /api/notifications': [200, { data: [] }],
    'GET /api/users/employee.list': [200, { data: [] }],
    'GET /api/project/12': () => [200, { data: project }],
    'POST /api/project/project_step': (call) => {
      const failure = save?.(call);
      if (failure) return failure as [number, unknown];
      const body = call.body as { step: string; start_date: string };
      const date = { id: 5, start_date: body.start_date };
      project =
        body.step === 'Scheduled Placeholder'
          ? { ...project, scheduled_placeholder: date }
          : { ...project, pending_project: date };
      return [200, { message: body.step === 'Scheduled Placeholder' ? 'Scheduled placeholder saved.' : 'Saved.' }];
    },
  });
  renderApp('/projects/12');
  return api;
}

// The first render loads the page's chunks: a busy machine takes longer than the default wait.
const card = (subject: string) => screen.findByRole('group', { name: subject }, { timeout: 30_000 });
const localToday = () => {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

describe('date panels (spec 3 §2 Scheduled Placeholder, Schedule Pending Projects)', { timeout: 60_000 }, () => {
  it('sets the placeholder 90 days from today, creates it with Save & Close, then reads Update', async () => {
    const api = open('Employee');
    const placeholder = await card('Scheduled Placeholder');
    const input = await within(placeholder).findByLabelText('Start date');
    expect(within(placeholder).queryByRole('button', { name: 'Update' })).toBeNull();
    await userEvent.click(within(placeholder).getByRole('button', { name: '+90 days' }));
    const date = addDaysToDate(localToday(), 90);
    expect((input as HTMLInputElement).value).toBe(date);
    await userEvent.click(within(placeholder).getByRole('button', { name: 'Create' }));
    // Spec 3 §4: an open step asks whether to close it too.
    await answerSaveQuestion('Save & Close', 'Create');

    expect(await screen.findByText('Scheduled placeholder saved.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(api.callsTo('POST', '/api/project/project_step').map((call) => call.body)).toEqual([
      { step: 'Scheduled Placeholder', id: 101, project_id: 12, company_id: 4, site_id: 9, start_date: date, close: 1 },
    ]);
    await within(placeholder).findByRole('button', { name: 'Update' });
    expect((within(placeholder).getByLabelText('Start date') as HTMLInputElement).value).toBe(date);
  });

  it('offers +60 days on the pending step, reads Update when saved, sends close 0 with Save', async () => {
    const api = open('Employee', { pending_project: { id: 8, start_date: '2026-06-01' } });
    const pending = await card('Schedule Pending Projects');
    const input = (await within(pending).findByLabelText('Start date')) as HTMLInputElement;
    expect(input.value).toBe('2026-06-01');
    expect(within(pending).queryByRole('button', { name: '+90 days' })).toBeNull();
    await userEvent.click(within(pending).getByRole('button', { name: '+60 days' }));
    expect(input.value).toBe(addDaysToDate(localToday(), 60));
    fireEvent.change(input, { target: { value: '2026-07-04' } });
    await userEvent.click(within(pending).getByRole('button', { name: 'Update' }));
    await answerSaveQuestion('Save', 'Update');
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/project/project_step').map((call) => call.body)).toEqual([
        {
          step: 'Schedule Pending',
          id: 103,
          project_id: 12,
          company_id: 4,
          site_id: 9,
          start_date: '2026-07-04',
          close: 0,
        },
      ]),
    );
  });

  it("shows the server's field message under the date and the failure toast", async () => {
    open('Employee', {}, () => [
      422,
      { message: 'The given data was invalid.', errors: { start_date: ['The start date is not a valid date.'] } },
    ]);
    const placeholder = await card('Scheduled Placeholder');
    await userEvent.click(await within(placeholder).findByRole('button', { name: 'Create' }));
    await answerSaveQuestion('Save');
    expect(await within(placeholder).findByText('The start date is not a valid date.')).toBeTruthy();
    expect(await screen.findByText('An error occured.')).toBeTruthy();
    expect(within(placeholder).getByRole('button', { name: 'Create' })).toBeTruthy();
  });

  it('saves a closed step directly, without asking', async () => {
    const tickets = base.tickets.map((step) => (step.project_order === 1 ? { ...step, status: 1 } : step));
    const api = open('Employee', { tickets, scheduled_placeholder: { id: 5, start_date: '2026-05-05' } });
    const placeholder = await card('Scheduled Placeholder');
    // A closed step is folded to its line (issue 26 §2 item 11): its title opens it.
    await userEvent.click(within(placeholder).getByRole('button', { name: 'Scheduled Placeholder' }));
    await userEvent.click(await within(placeholder).findByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Scheduled placeholder saved.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      api.callsTo('POST', '/api/project/project_step').map((call) => (call.body as { close: number }).close),
    ).toEqual([0]);
  });

  it('shows a client account the saved date without inputs', async () => {
    open('Client', { scheduled_placeholder: { id: 5, start_date: '2026-05-05' } });
    const placeholder = await card('Scheduled Placeholder');
    expect(await within(placeholder).findByText('Start date: 2026-05-05')).toBeTruthy();
    // No input or button but the card's own title (its disclosure).
    expect(
      within(placeholder)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Scheduled Placeholder']);
    const pending = await card('Schedule Pending Projects');
    expect(within(pending).getByText('No start date yet.')).toBeTruthy();
  });
});
