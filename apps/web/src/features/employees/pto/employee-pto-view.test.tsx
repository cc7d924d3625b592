import type { EmployeePto } from '@switchboard/shared';
import { notifications } from '@mantine/notifications';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { authStore } from '../../../lib/auth-store.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { resetRealtimeForTests, startRealtime } from '../../../lib/socket.ts';
import { stubApi } from '../../../test/api-stub.ts';
import { EmployeePtoView } from './employee-pto-view.tsx';
import { signedInResponse } from '../../../test/signed-in.ts';
import { MemoryRouter } from 'react-router';

const { fakeSocketModule, fakeSockets, latestSocket } = await vi.hoisted(() => import('../../../test/fake-socket.ts'));
vi.mock('socket.io-client', () => fakeSocketModule);

function signIn(permissions: string[]): void {
  authStore.signIn(signedInResponse(permissions));
}

const period = (overrides: Partial<EmployeePto['periods'][number]>) => ({
  start_date: '2026-01-15',
  end_date: '2027-01-14',
  accrued_hours: 0,
  accrued_rollover: 0,
  accrued_used: 0,
  accrued_balance: 0,
  lump_sum_hours: 0,
  lump_sum_rollover: 0,
  lump_sum_used: 0,
  lump_sum_balance: 0,
  current: true,
  ...overrides,
});

const pto = (overrides: Partial<EmployeePto> = {}): EmployeePto => ({
  user_id: 7,
  pto_start_date: '2025-01-15',
  period_start_date: '2025-01-15',
  period_start_source: 'pto_start_date',
  accrual_rollover_limit: 8,
  lump_sum_rollover_limit: 0,
  today: '2026-03-02',
  settings: [
    {
      id: 1,
      user_id: 7,
      name: 'Standard',
      type: 'Hourly',
      start_date: '2025-01-15',
      end_date: null,
      adjustment_hours: null,
      deposits_to: null,
      payroll_hours: 40,
      initial_hours: null,
      accrued_hours: 1.5,
    },
    {
      id: 2,
      user_id: 7,
      name: 'Bonus',
      type: 'Adjustment',
      start_date: '2026-02-01',
      end_date: null,
      adjustment_hours: -2,
      deposits_to: 'Lump Sum',
      payroll_hours: null,
      initial_hours: null,
      accrued_hours: null,
    },
  ],
  used: [],
  periods: [
    period({
      start_date: '2025-01-15',
      end_date: '2026-01-14',
      accrued_hours: 12,
      accrued_balance: 12,
      current: false,
    }),
    period({ accrued_hours: 3.25, accrued_rollover: 8, accrued_balance: 11.25 }),
  ],
  ...overrides,
});

function renderView(canChangeOwn = true) {
  return render(
    <Providers queryClient={createQueryClient()} env="test">
      <MemoryRouter>
        <EmployeePtoView employeeId={7} canChangeOwn={canChangeOwn} />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  fakeSockets.length = 0;
});
afterEach(() => {
  // Toasts live in a module-wide store: one left from a test would match the next test's text.
  notifications.clean();
  resetRealtimeForTests();
  authStore.clear();
  vi.unstubAllGlobals();
});

describe('EmployeePtoView', () => {
  it('lists the settings (End: Endless / N/A) and the periods with the Current marker', async () => {
    signIn(['view human resources']);
    stubApi({ 'GET /api/users/employee/pto/7': [200, { data: pto() }] });
    renderView();
    const settings = await screen.findByRole('table', { name: 'PTO Settings' });
    const standard = within(settings).getByRole('row', { name: /Standard/ });
    expect(within(standard).getByText('Endless')).toBeTruthy();
    expect(within(standard).getByText('1.50 accrual hours for every 40.00 payroll hours')).toBeTruthy();
    const bonus = within(settings).getByRole('row', { name: /Bonus/ });
    expect(within(bonus).getByText('N/A')).toBeTruthy();
    expect(within(bonus).getByText('Retraction of 2.00 hours to Lump Sum')).toBeTruthy();

    expect(screen.getByText(/Yearly from the PTO start date 2025-01-15/)).toBeTruthy();
    const periods = screen.getByRole('table', { name: 'PTO Periods' });
    const rows = within(periods).getAllByRole('row').slice(1);
    expect(rows[0].textContent).toContain('2026-01-15 – 2027-01-14');
    expect(within(rows[0]).getByText('Current')).toBeTruthy();
    expect(within(rows[0]).getByText('11.25')).toBeTruthy();
    expect(within(rows[1]).queryByText('Current')).toBeNull();
  });

  it('adds an Hourly setting through the form, showing the spec hint and the server field errors', async () => {
    signIn(['view human resources']);
    const api = stubApi({
      'GET /api/users/employee/pto/7': [200, { data: pto({ settings: [] }) }],
      'POST /api/users/employee/pto': [
        422,
        { message: 'The given data was invalid.', errors: { name: ['The name has already been taken.'] } },
      ],
    });
    const user = userEvent.setup();
    renderView();
    await user.click(await screen.findByRole('button', { name: 'Add PTO Setting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add PTO Setting' });
    expect(within(dialog).getByText('For every X payroll hours worked, Y accrual hours are allotted')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The name field is required.')).toBeTruthy();
    expect(within(dialog).getByText('The payroll hours field is required when type is Hourly.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/users/employee/pto')).toHaveLength(0);

    expect(
      within(dialog)
        .getByLabelText(/Payroll Hours/)
        .getAttribute('step'),
    ).toBe('0.01');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Standard');
    await user.type(within(dialog).getByLabelText(/^Start Date/), '2026-01-15');
    await user.type(within(dialog).getByLabelText(/Payroll Hours/), '40');
    await user.type(within(dialog).getByLabelText(/Accrued Hours/), '1.25');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The name has already been taken.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/users/employee/pto')[0].body).toMatchObject({
      user_id: 7,
      name: 'Standard',
      type: 'Hourly',
      start_date: '2026-01-15',
      end_date: '',
      payroll_hours: '40',
      accrued_hours: '1.25',
    });

    api.routes['POST /api/users/employee/pto'] = [200, { message: 'PTO setting saved.', data: pto().settings[0] }];
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('PTO setting saved.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add PTO Setting' })).toBeNull());
  });

  it('shows N/A as the end date of an Adjustment and asks where it deposits', async () => {
    signIn(['view human resources']);
    stubApi({ 'GET /api/users/employee/pto/7': [200, { data: pto() }] });
    const user = userEvent.setup();
    renderView();
    await user.click(await screen.findByRole('button', { name: 'Edit Bonus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit PTO Setting' });
    expect((within(dialog).getByLabelText('End Date') as HTMLInputElement).value).toBe('N/A');
    expect((within(dialog).getByLabelText(/Adjustment Hours/) as HTMLInputElement).value).toBe('-2');
    expect((within(dialog).getByRole('combobox', { name: /Deposits To/ }) as HTMLInputElement).value).toBe('Lump Sum');
  });

  it("toasts 'An error occured.' when a delete fails", async () => {
    signIn(['view human resources']);
    stubApi({
      'GET /api/users/employee/pto/7': [200, { data: pto() }],
      'DELETE /api/users/employee/pto/1': [500, { message: 'Server Error' }],
    });
    const user = userEvent.setup();
    renderView();
    await user.click(await screen.findByRole('button', { name: 'Delete Standard' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('An error occured.')).toBeTruthy();
  });

  it('hides the management buttons without HR', async () => {
    signIn([]);
    stubApi({ 'GET /api/users/employee/pto/7': [200, { data: pto() }] });
    renderView();
    await screen.findByRole('table', { name: 'PTO Settings' });
    expect(screen.queryByRole('button', { name: 'Add PTO Setting' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Record Time Off' })).toBeNull();
  });

  it("shows an administrator's PTO read-only to HR, with the reason (decision 0025)", async () => {
    signIn(['view human resources']);
    stubApi({ 'GET /api/users/employee/pto/7': [200, { data: pto() }] });
    renderView(false);
    await screen.findByRole('table', { name: 'PTO Settings' });
    expect(screen.getByText("Only an administrator changes an administrator's time off.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add PTO Setting' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Standard' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Record Time Off' })).toBeNull();
  });

  it('subscribes to Pto_Periods_{employeeId} while open and shows the pushed periods', async () => {
    signIn(['view human resources']);
    startRealtime();
    stubApi({ 'GET /api/users/employee/pto/7': [200, { data: pto() }] });
    const view = renderView();
    await screen.findByRole('table', { name: 'PTO Periods' });
    expect(latestSocket().subscriptions()).toContain('Pto_Periods_7');
    latestSocket().serverEmit(
      'Pto_Periods_7',
      'PeriodsUpdated',
      pto({ periods: [period({ accrued_hours: 20, accrued_balance: 42.5 })] }),
    );
    expect(await screen.findByText('42.50')).toBeTruthy();
    view.unmount();
    expect(
      latestSocket()
        .sent.filter((entry) => entry.event === 'unsubscribe')
        .map((entry) => entry.args[0]),
    ).toContain('Pto_Periods_7');
  });

  it('records time off taken', async () => {
    signIn(['view human resources']);
    const api = stubApi({
      'GET /api/users/employee/pto/7': [200, { data: pto() }],
      'POST /api/users/employee/pto/used': [
        200,
        {
          message: 'Time off recorded.',
          data: { id: 3, user_id: 7, date: '2026-03-02', hours: 4, bank: 'Accrual', note: null, request_id: null },
        },
      ],
    });
    const user = userEvent.setup();
    renderView();
    const link = await screen.findByRole('link', { name: 'Record Time Off' });
    expect(link.getAttribute('href')).toBe('/hr/requests?new=1&for=7');
    await user.click(screen.getByRole('button', { name: 'Record a correction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record Time Off' });
    expect((within(dialog).getByLabelText(/^Date/) as HTMLInputElement).value).toBe('2026-03-02');
    await user.type(within(dialog).getByLabelText(/^Hours/), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Time off recorded.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/users/employee/pto/used')[0].body).toMatchObject({
      user_id: 7,
      date: '2026-03-02',
      hours: '4',
      bank: 'Accrual',
    });
  });

  it("says 'An error occured.' when the PTO cannot be loaded", async () => {
    signIn([]);
    stubApi({ 'GET /api/users/employee/pto/7': [403, { message: 'This action is unauthorized.' }] });
    renderView();
    expect(await screen.findByText('An error occured.')).toBeTruthy();
  });
});
