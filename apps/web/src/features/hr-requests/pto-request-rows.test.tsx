import type { EmployeePto } from '@switchboard/shared';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { authStore } from '../../lib/auth-store.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { resetRealtimeForTests } from '../../lib/socket.ts';
import { stubApi } from '../../test/api-stub.ts';
import { signedInResponse } from '../../test/signed-in.ts';
import { EmployeePtoView } from '../employees/pto/employee-pto-view.tsx';

// designs/hr.md §2.5: on the employee's PTO view, a day an approved request wrote is a read-only link to the request
// (changed by cancelling or returning early there); a day recorded by hand keeps its Delete.

const { fakeSocketModule } = await vi.hoisted(() => import('../../test/fake-socket.ts'));
vi.mock('socket.io-client', () => fakeSocketModule);

afterEach(() => {
  resetRealtimeForTests();
  authStore.clear();
  vi.unstubAllGlobals();
});

const pto: EmployeePto = {
  user_id: 7,
  pto_start_date: '2025-01-15',
  period_start_date: '2025-01-15',
  period_start_source: 'pto_start_date',
  accrual_rollover_limit: 8,
  lump_sum_rollover_limit: 0,
  today: '2026-03-02',
  settings: [],
  used: [
    { id: 1, user_id: 7, date: '2026-02-10', hours: 2, bank: 'Accrual', note: 'Dentist', request_id: null },
    { id: 2, user_id: 7, date: '2026-03-05', hours: 8, bank: 'Lump Sum', note: null, request_id: 42 },
  ],
  periods: [],
};

describe('PTO view: time off written by requests', { timeout: 30_000 }, () => {
  it('links the request instead of offering Delete', async () => {
    authStore.signIn(signedInResponse(['view human resources']));
    stubApi({ 'GET /api/users/employee/pto/7': [200, { data: pto }] });
    const router = createMemoryRouter([{ path: '*', element: <EmployeePtoView employeeId={7} /> }]);
    render(
      <Providers queryClient={createQueryClient()} env="test">
        <RouterProvider router={router} />
      </Providers>,
    );
    const table = await screen.findByRole('table', { name: 'Time Off Taken' });
    const fromRequest = within(table).getByRole('row', { name: /2026-03-05/ });
    const link = within(fromRequest).getByRole('link', { name: 'Request #42' });
    expect(link.getAttribute('href')).toBe('/hr/requests?request=42');
    expect(within(fromRequest).queryByRole('button', { name: /Delete/ })).toBeNull();
    const byHand = within(table).getByRole('row', { name: /2026-02-10/ });
    expect(within(byHand).getByText('Dentist')).toBeTruthy();
    expect(within(byHand).getByRole('button', { name: 'Delete time off of 2026-02-10' })).toBeTruthy();
  });
});
