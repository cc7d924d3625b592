import { type ProjectDetail } from '@switchboard/shared';
import dayjs from 'dayjs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../../lib/auth-store.ts';
import { stubApi, type StubCall } from '../../../../test/api-stub.ts';
import { fakeSocketModule } from '../../../../test/fake-socket.ts';
import { renderApp } from '../../../../test/render.tsx';
import { projectFixture, projectSession as session } from '../../test-fixtures.ts';

vi.mock('socket.io-client', () => fakeSocketModule);

// Issue 18 part 12: Completion Verification (order 11), spec 3 §2, §7, §9.

const base = projectFixture;

const completedAt = '2026-03-04T15:30:00.000Z';

/** The project page with a server that marks the project complete (by Tess Tech) or not, as the real one. */
function open(type: 'Employee' | 'Client', start: Partial<ProjectDetail> = {}, fail = false) {
  let project: ProjectDetail = { ...base, ...start };
  authStore.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1', token_id: 'token-1', expires_in: 900 });
  const api = stubApi({
    'GET /api/session': [200, session(type)],
    'GET /api/misc/staticdata': [200, { data: {} }],
    'GET /api/notifications': [200, { data: [] }],
    'GET /api/users/employee.list': [200, { data: [] }],
    'GET /api/project/12': () => [200, { data: project }],
    'POST /api/project/project_step': (call: StubCall) => {
      if (fail) return [500, { message: 'Server Error' }];
      const done = (call.body as { status: number }).status === 1;
      project = done
        ? { ...project, completed_at: completedAt, completed_by: { id: 1, name: 'Tess Tech' } }
        : { ...project, completed_at: null, completed_by: null };
      return [200, { message: done ? 'Project marked complete.' : 'Project marked not complete.' }];
    },
  });
  renderApp('/projects/12');
  return api;
}

const completionCard = () => screen.findByRole('group', { name: 'Completion Verification' });
const label = 'All objectives are done (confirmed with the client)';
const when = dayjs(completedAt).format('MM/DD/YYYY hh:mm A');

describe('Completion Verification panel (spec 3 §2)', { timeout: 20_000 }, () => {
  it('marks the project complete with the switch and shows who and when', async () => {
    const api = open('Employee');
    const card = await completionCard();
    const toggle = (await within(card).findByRole('switch', { name: label })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(within(card).queryByText(/Marked complete by/)).toBeNull();
    await userEvent.click(toggle);
    expect(await screen.findByText('Project marked complete.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/project/project_step').map((call) => call.body)).toEqual([
      { step: 'Completion Verification', project_id: 12, status: 1 },
    ]);
    expect(await within(card).findByText(`Marked complete by Tess Tech on ${when}`)).toBeTruthy();
    expect(toggle.checked).toBe(true);
  });

  it('clears it again with status 0', async () => {
    const api = open('Employee', { completed_at: completedAt, completed_by: { id: 1, name: 'Tess Tech' } });
    const card = await completionCard();
    expect(await within(card).findByText(`Marked complete by Tess Tech on ${when}`)).toBeTruthy();
    await userEvent.click(within(card).getByRole('switch', { name: label }));
    await waitFor(() => expect(within(card).queryByText(/Marked complete by/)).toBeNull());
    expect(api.callsTo('POST', '/api/project/project_step').at(-1)?.body).toEqual({
      step: 'Completion Verification',
      project_id: 12,
      status: 0,
    });
  });

  it('toasts the failure and keeps the switch as saved', async () => {
    open('Employee', {}, true);
    const card = await completionCard();
    const toggle = (await within(card).findByRole('switch', { name: label })) as HTMLInputElement;
    await userEvent.click(toggle);
    expect(await screen.findByText('An error occured.')).toBeTruthy();
    await waitFor(() => expect(toggle.checked).toBe(false));
  });

  it('lets a client account read the completion only', async () => {
    open('Client', { completed_at: completedAt, completed_by: { id: 1, name: 'Tess Tech' } });
    const card = await completionCard();
    const toggle = (await within(card).findByRole('switch', { name: label })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(toggle.disabled).toBe(true);
    expect(within(card).getByText(`Marked complete by Tess Tech on ${when}`)).toBeTruthy();
  });
});
