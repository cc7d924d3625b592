import type { EmployeeHolidays, Holiday } from '@switchboard/shared';
import { notifications } from '@mantine/notifications';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { authStore } from '../../../lib/auth-store.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { resetRealtimeForTests } from '../../../lib/socket.ts';
import { stubApi } from '../../../test/api-stub.ts';
import { EmployeeHolidaysView } from './employee-holidays-view.tsx';
import { signedInResponse } from '../../../test/signed-in.ts';

const { fakeSocketModule } = await vi.hoisted(() => import('../../../test/fake-socket.ts'));
vi.mock('socket.io-client', () => fakeSocketModule);

function signIn(permissions: string[]): void {
  authStore.signIn(signedInResponse(permissions));
}

const year = new Date().getFullYear();
const holiday = (values: Partial<Holiday> & Pick<Holiday, 'id' | 'date'>): Holiday => ({
  new_date: null,
  name: null,
  user_id: null,
  add_by: { id: 1, name: 'Helen' },
  ...values,
});
const data = (): EmployeeHolidays => ({
  company: [
    holiday({ id: 1, date: `${year}-12-25`, name: 'Christmas Day' }),
    holiday({ id: 2, date: `${year}-07-04`, name: 'Independence Day' }),
  ],
  individual: [
    holiday({ id: 10, date: `${year}-12-25`, new_date: `${year}-12-28`, user_id: 7, name: 'Christmas Day' }),
    holiday({ id: 11, date: `${year}-03-17`, user_id: 7, name: 'Floating holiday' }),
  ],
});

function renderView() {
  return render(
    <Providers queryClient={createQueryClient()} env="test">
      <EmployeeHolidaysView employeeId={7} />
    </Providers>,
  );
}

afterEach(() => {
  // Toasts live in a module-wide store: one left from a test would match the next test's text.
  notifications.clean();
  resetRealtimeForTests();
  authStore.clear();
  vi.unstubAllGlobals();
});

describe('EmployeeHolidaysView', () => {
  it('shows the company holidays as they apply to the employee, moves applied, and their own days', async () => {
    signIn([]);
    stubApi({ 'GET /api/employee/holidays/7': [200, { data: data() }] });
    renderView();
    const table = await screen.findByRole('table', { name: 'Employee Holidays' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      `${year}-03-17Floating holidayIndividual`,
      `${year}-07-04Independence DayCompany`,
      `${year}-12-28Christmas DayMovedfrom ${year}-12-25`,
    ]);
    const company = screen.getByRole('table', { name: 'Company Holidays' });
    expect(within(company).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Add Holiday' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Company Holiday' })).toBeNull();
  });

  it('moves a company holiday for this employee (new_date)', async () => {
    signIn(['view human resources']);
    const api = stubApi({
      'GET /api/employee/holidays/7': [200, { data: data() }],
      'POST /api/employee/holiday/store': [
        200,
        {
          message: 'Holiday saved.',
          data: holiday({ id: 12, date: `${year}-07-04`, new_date: `${year}-07-03`, user_id: 7 }),
        },
      ],
    });
    const user = userEvent.setup();
    renderView();
    await user.click(await screen.findByRole('button', { name: `Move ${year}-07-04` }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Holiday' });
    await user.type(within(dialog).getByLabelText(/New Date/), `${year}-07-03`);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Holiday saved.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/employee/holiday/store')[0].body).toEqual({
      date: `${year}-07-04`,
      new_date: `${year}-07-03`,
      user_id: 7,
      name: 'Independence Day',
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/employee/holidays/7').length).toBeGreaterThan(1));
  });

  it('changes an existing move with PUT /api/employee/holiday/update', async () => {
    signIn(['view human resources']);
    const api = stubApi({
      'GET /api/employee/holidays/7': [200, { data: data() }],
      'PUT /api/employee/holiday/update': [
        200,
        {
          message: 'Holiday saved.',
          data: holiday({ id: 10, date: `${year}-12-25`, new_date: `${year}-12-29`, user_id: 7 }),
        },
      ],
    });
    const user = userEvent.setup();
    renderView();
    await user.click(await screen.findByRole('button', { name: `Change move of ${year}-12-25` }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Holiday' });
    const input = within(dialog).getByLabelText(/New Date/);
    await user.clear(input);
    await user.type(input, `${year}-12-29`);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Holiday saved.')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/employee/holiday/update')[0].body).toMatchObject({
      id: 10,
      date: `${year}-12-25`,
      new_date: `${year}-12-29`,
    });
  });

  it('adds an individual holiday, showing field errors from the server', async () => {
    signIn(['view human resources']);
    const api = stubApi({
      'GET /api/employee/holidays/7': [200, { data: data() }],
      'POST /api/employee/holiday/store': [
        422,
        { message: 'The given data was invalid.', errors: { date: ['The date has already been taken.'] } },
      ],
    });
    const user = userEvent.setup();
    renderView();
    await user.click(await screen.findByRole('button', { name: 'Add Holiday' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Holiday' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The date field is required.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/employee/holiday/store')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Date/), `${year}-03-17`);
    await user.type(within(dialog).getByLabelText(/^Name/), 'Birthday');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The date has already been taken.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/employee/holiday/store')[0].body).toEqual({
      date: `${year}-03-17`,
      name: 'Birthday',
      new_date: '',
      user_id: 7,
    });
  });

  it('adds a company-wide holiday without user_id', async () => {
    signIn(['view human resources']);
    const api = stubApi({
      'GET /api/employee/holidays/7': [200, { data: data() }],
      'POST /api/employee/holiday/store': [
        200,
        { message: 'Holiday saved.', data: holiday({ id: 13, date: `${year}-01-01` }) },
      ],
    });
    const user = userEvent.setup();
    renderView();
    await user.click(await screen.findByRole('button', { name: 'Add Company Holiday' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Company Holiday' });
    await user.type(within(dialog).getByLabelText(/^Date/), `${year}-01-01`);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Holiday saved.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/employee/holiday/store')[0].body).toMatchObject({
      date: `${year}-01-01`,
      user_id: null,
    });
  });

  it("deletes an individual holiday, and toasts 'An Error Occured' when that fails", async () => {
    signIn(['view human resources']);
    const api = stubApi({
      'GET /api/employee/holidays/7': [200, { data: data() }],
      'DELETE /api/employee/holiday/delete/11': [500, { message: 'Server Error' }],
    });
    const user = userEvent.setup();
    renderView();
    await user.click(await screen.findByRole('button', { name: `Delete holiday ${year}-03-17` }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('An Error Occured')).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/employee/holiday/delete/11')).toHaveLength(1);
  });

  it("says 'An Error Occured' when the holidays cannot be loaded", async () => {
    signIn([]);
    stubApi({ 'GET /api/employee/holidays/7': [404, { message: 'Not Found' }] });
    renderView();
    expect(await screen.findByText('An Error Occured')).toBeTruthy();
  });
});
