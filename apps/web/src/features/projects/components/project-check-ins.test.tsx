import { type CheckIn, type ProjectDetail } from '@switchboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { stubApi } from '../../../test/api-stub.ts';
import { fakeSocketModule } from '../../../test/fake-socket.ts';
import { renderApp } from '../../../test/render.tsx';
import { projectFixture, projectSession as session } from '../test-fixtures.ts';

vi.mock('socket.io-client', () => fakeSocketModule);

// Issue 26 §1 item 2: the project's check-in table edits times (UTC) and the billable flag for holders of
// 'edit checkinout times' (spec 3 §6), as the ticket page does.

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

function open(permissions: string[]) {
  const state = { project: { ...projectFixture, check_ins: [checkIn] } as ProjectDetail };
  authStore.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1', token_id: 'token-1', expires_in: 900 });
  const api = stubApi({
    'GET /api/session': [200, session('Employee', permissions)],
    'GET /api/misc/staticdata': [200, { data: {} }],
    'GET /api/notifications': [200, { data: [] }],
    'GET /api/users/employee.list': [200, { data: [] }],
    'GET /api/project/12': () => [200, { data: state.project }],
    'POST /api/ticket/checkinout/update': () => {
      state.project = {
        ...state.project,
        check_ins: [{ ...checkIn, start_time: '2026-01-05T13:30:00.000Z', billable: 1 }],
      };
      return [200, { message: 'Check-ins updated.' }];
    },
  });
  renderApp('/projects/12');
  return api;
}

// The first render loads the page's chunks: a busy machine takes longer than the default wait.
const checkInsCard = () => screen.findByRole('group', { name: 'Check-ins' }, { timeout: 30_000 });

describe('Project check-ins (spec 3 §2, §6)', { timeout: 60_000 }, () => {
  it("edits a check-in's times in UTC and its billable flag with 'edit checkinout times'", async () => {
    const api = open(['view dashboard', 'edit checkinout times']);
    const card = await checkInsCard();
    const row = await within(card).findByText('Scheduled Placeholder');
    const tr = row.closest('tr')!;
    expect(within(tr).getByText('Billable')).toBeTruthy();
    await userEvent.click(within(tr).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Check-in' });
    const start = within(dialog).getByLabelText('Start (UTC)') as HTMLInputElement;
    expect(start.value).toBe('2026-01-05T14:00');
    expect((within(dialog).getByLabelText('End (UTC)') as HTMLInputElement).value).toBe('2026-01-05T16:00');
    await userEvent.clear(start);
    await userEvent.type(start, '2026-01-05T13:30');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Billing' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Non-Billable' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Check-ins updated.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/ticket/checkinout/update').map((call) => call.body)).toEqual([
      {
        check_ins: [{ id: 41, start_time: '2026-01-05T13:30:00Z', end_time: '2026-01-05T16:00:00Z', billable: 1 }],
        company_id: 4,
      },
    ]);
    await waitFor(() => expect(within(card).getByText('Non-Billable')).toBeTruthy());
  });

  it('shows the billing but no Edit without the permission', async () => {
    open(['view dashboard']);
    const card = await checkInsCard();
    const tr = (await within(card).findByText('Scheduled Placeholder')).closest('tr')!;
    expect(within(tr).getByText('Billable')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
