import { notifications } from '@mantine/notifications';
import { type ProjectDetail, type ScheduleSlot } from '@switchboard/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../../lib/auth-store.ts';
import { stubApi, type StubCall } from '../../../../test/api-stub.ts';
import { fakeSocketModule } from '../../../../test/fake-socket.ts';
import { renderApp } from '../../../../test/render.tsx';
import { answerSaveQuestion, projectFixture, projectSession as session } from '../../test-fixtures.ts';

vi.mock('socket.io-client', () => fakeSocketModule);

// Issue 18 part 10: Schedule Project Date (order 9), spec 3 §2, §5, §7.

const laborStep = (id: number, max_hours: number) => ({
  id,
  title: `Step ${id}`,
  min_hours: 0,
  max_hours,
  status: 0,
  sub_steps: [],
});

// 10 + 7.5 = 17.5 hours: three eight-hour slots.
const base: ProjectDetail = { ...projectFixture, labor_steps: [laborStep(1, 10), laborStep(2, 7.5)] };

// Spec 1 §7.2: department 1 is tech; the slot's Technician lists technicians only (decision 0078).
const employees = [
  { user_id: 1, user: { name: 'Tess Tech' }, departments: [{ id: 1 }] },
  { user_id: 2, user: { name: 'Ivan Installer' }, departments: [{ id: 3 }, { id: 1 }] },
  { user_id: 3, user: { name: 'Sam Sales' }, departments: [{ id: 3 }] },
  { user_id: 4, user: { name: 'Hana HR' }, departments: [{ id: 5 }] },
];

interface SentSlot {
  id: number | null;
  start_date: string;
  start_time: string;
  end_time: string;
  employee_id: number;
}

/** The project page with a server that keeps the slots it is sent, or answers what `save` gives. */
function open(type: 'Employee' | 'Client', start: Partial<ProjectDetail> = {}, save?: (call: StubCall) => unknown) {
  let project: ProjectDetail = { ...base, ...start };
  authStore.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1', token_id: 'token-1', expires_in: 900 });
  const api = stubApi({
    'GET /api/session': [200, session(type)],
    'GET /api/misc/staticdata': [200, { data: {} }],
    'GET /api/notifications': [200, { data: [] }],
    'GET /api/users/employee.list': [200, { data: employees }],
    'GET /api/project/12': () => [200, { data: project }],
    'POST /api/project/project_step': (call) => {
      const failure = save?.(call);
      if (failure) return failure as [number, unknown];
      const dates = (call.body as { dates: SentSlot[] }).dates;
      project = {
        ...project,
        schedule_dates: dates.map((slot, index) => {
          const name = employees.find((employee) => employee.user_id === slot.employee_id)?.user.name ?? '';
          const employee = { id: slot.employee_id, name, active: true };
          return { ...slot, id: slot.id ?? 50 + index, employee };
        }),
      };
      return [200, { message: 'Slots saved.' }];
    },
  });
  renderApp('/projects/12');
  return api;
}

// The first render loads the page's chunks: a busy machine takes longer than the default wait.
const scheduleCard = () => screen.findByRole('group', { name: 'Schedule Project Date' }, { timeout: 30_000 });
const sent = (api: ReturnType<typeof stubApi>) =>
  api.callsTo('POST', '/api/project/project_step').map((call) => call.body);

async function fillSlot(slot: HTMLElement, date: string, start: string, end: string, technician: string) {
  fireEvent.change(within(slot).getByLabelText('Date'), { target: { value: date } });
  fireEvent.change(within(slot).getByLabelText('Start time'), { target: { value: start } });
  fireEvent.change(within(slot).getByLabelText('End time'), { target: { value: end } });
  await userEvent.click(within(slot).getByRole('combobox', { name: 'Technician' }));
  await userEvent.click(await screen.findByRole('option', { name: technician }));
}

const savedSlot = (id: number, employee: ScheduleSlot['employee'], date = '2026-09-01'): ScheduleSlot => ({
  id,
  start_date: date,
  start_time: '09:00',
  end_time: '12:00',
  employee_id: employee.id,
  employee,
});

describe('Schedule Project Date panel (spec 3 §2)', { timeout: 60_000 }, () => {
  it('says how many slots the estimate needs, and creates two slots with Create Slots', async () => {
    const api = open('Employee');
    const card = await scheduleCard();
    expect(
      await within(card).findByText(
        'There are no slots reserved for this project. This project current requires 3 slots.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Add Slot' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Add Slot' }));
    await fillSlot(
      within(card).getByRole('group', { name: 'Slot 1' }),
      '2026-09-01',
      '09:00',
      '12:00',
      'Tess Tech (You)',
    );
    await fillSlot(
      within(card).getByRole('group', { name: 'Slot 2' }),
      '2026-09-02',
      '13:00',
      '17:00',
      'Ivan Installer',
    );
    // Spec 3 §5: the end time's minimum is the start time.
    expect(
      within(card)
        .getAllByLabelText('End time')
        .map((input) => input.getAttribute('min')),
    ).toEqual(['09:00', '13:00']);
    await userEvent.click(within(card).getByRole('button', { name: 'Create Slots' }));
    await answerSaveQuestion('Save', 'Create Slots');

    expect(await screen.findByText('Slots saved.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(sent(api)).toEqual([
      {
        step: 'Schedule Project Date',
        project_id: 12,
        company_id: 4,
        site_id: 9,
        dates: [
          { id: null, start_date: '2026-09-01', start_time: '09:00', end_time: '12:00', employee_id: 1 },
          { id: null, start_date: '2026-09-02', start_time: '13:00', end_time: '17:00', employee_id: 2 },
        ],
        close: 0,
      },
    ]);
    await within(card).findByRole('button', { name: 'Update Slots' });
    expect(within(card).queryByText(/There are no slots reserved/)).toBeNull();
  });

  it('labels an inactive technician, removes a row, sends the kept ids with Update Slots', async () => {
    const gone = { id: 7, name: 'Gina Gone', active: false };
    const ivan = { id: 2, name: 'Ivan Installer', active: true };
    const api = open('Employee', { schedule_dates: [savedSlot(30, gone), savedSlot(31, ivan, '2026-09-03')] });
    const card = await scheduleCard();
    const first = await within(card).findByRole('group', { name: 'Slot 1' });
    expect((within(first).getByRole('combobox', { name: 'Technician' }) as HTMLInputElement).value).toBe(
      'Gina Gone (Inactive Employee)',
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Remove slot 2' }));
    expect(within(card).queryByRole('group', { name: 'Slot 2' })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Update Slots' }));
    await answerSaveQuestion('Save & Close', 'Update Slots');
    await waitFor(() =>
      expect(sent(api)).toEqual([
        expect.objectContaining({
          dates: [{ id: 30, start_date: '2026-09-01', start_time: '09:00', end_time: '12:00', employee_id: 7 }],
          close: 1,
        }),
      ]),
    );
  });

  it("shows the server's double booking message on its row, with the failure toast", async () => {
    const message = 'Ivan Installer is already booked from 09:00 to 12:00 on 2026-09-02.';
    open('Employee', {}, () => [
      422,
      { message: 'The given data was invalid.', errors: { 'dates.0.employee_id': [message] } },
    ]);
    const card = await scheduleCard();
    await userEvent.click(await within(card).findByRole('button', { name: 'Add Slot' }));
    const slot = within(card).getByRole('group', { name: 'Slot 1' });
    await fillSlot(slot, '2026-09-02', '10:00', '11:00', 'Ivan Installer');
    await userEvent.click(within(card).getByRole('button', { name: 'Create Slots' }));
    await answerSaveQuestion('Save');
    expect(await within(slot).findByText(message)).toBeTruthy();
    expect(await screen.findByText('An error occured.')).toBeTruthy();
  });

  it('refuses an end before the start in the browser, without a call and with only the field message', async () => {
    // Issue 26 §2.9: nothing was saved or refused yet, so no 'An error occured.' toast beside the row's message.
    const toasts = vi.spyOn(notifications, 'show');
    const api = open('Employee');
    const card = await scheduleCard();
    await userEvent.click(await within(card).findByRole('button', { name: 'Add Slot' }));
    const slot = within(card).getByRole('group', { name: 'Slot 1' });
    await fillSlot(slot, '2026-09-02', '14:00', '13:00', 'Ivan Installer');
    await userEvent.click(within(card).getByRole('button', { name: 'Create Slots' }));
    expect(await within(slot).findByText('The end time must be at or after the start time.')).toBeTruthy();
    expect(sent(api)).toEqual([]);
    expect(toasts).not.toHaveBeenCalled();
    toasts.mockRestore();
  });

  it('offers technicians only as a slot technician, and keeps a saved slot of someone else by name', async () => {
    const sam = { id: 3, name: 'Sam Sales', active: true };
    open('Employee', { schedule_dates: [savedSlot(30, sam)] });
    const card = await scheduleCard();
    await userEvent.click(await within(card).findByRole('button', { name: 'Add Slot' }));
    const slot = within(card).getByRole('group', { name: 'Slot 2' });
    await userEvent.click(within(slot).getByRole('combobox', { name: 'Technician' }));
    await screen.findByRole('option', { name: 'Ivan Installer' });
    const names = screen.getAllByRole('option').map((option) => option.textContent);
    expect(names).toEqual(['Tess Tech (You)', 'Ivan Installer', 'Sam Sales']);
    const first = within(card).getByRole('group', { name: 'Slot 1' });
    expect((within(first).getByRole('combobox', { name: 'Technician' }) as HTMLInputElement).value).toBe('Sam Sales');
  });

  it('shows a client account the reserved slots as a table', async () => {
    open('Client', {
      schedule_dates: [savedSlot(30, { id: 7, name: 'Gina Gone', active: false })],
    });
    const card = await scheduleCard();
    const table = await within(card).findByRole('table', { name: 'Reserved slots' });
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2026-09-01', '09:00', '12:00', 'Inactive Employee']);
    expect(within(card).queryByRole('button', { name: 'Update Slots' })).toBeNull();
  });
});
