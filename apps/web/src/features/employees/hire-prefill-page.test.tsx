import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { type ApiAnswer, firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';

// The hire (designs/hr.md §5): /hr/employees/create opened from the jobs drawer starts with the applicant's details,
// and once the employee is created links them to the applicant before going to the new employee.

vi.mock('socket.io-client', () => fakeSocketModule);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/hr/employees/create from a hire', { timeout: 60_000 }, () => {
  it('prefills the form from the query and links the new employee to the applicant', async () => {
    const sent: { url: string; body: unknown }[] = [];
    const api: ApiAnswer = (url, init) => {
      if (url === '/api/users/employee.list') return jsonResponse(200, { data: [] });
      if (url === '/api/users/employee' && init?.method === 'POST') {
        sent.push({ url, body: null });
        return jsonResponse(200, { message: 'Employee created.', data: { id: 44 } });
      }
      if (url === '/api/hr/applicants/12/hire') {
        sent.push({ url, body: JSON.parse(String(init?.body)) });
        return jsonResponse(200, { message: 'Employee linked.', data: {} });
      }
    };
    const user = userEvent.setup();
    const { router } = renderSignedIn(
      '/hr/employees/create?applicant=12&name=Grace+Hopper&email=grace%40example.com&title=Senior+Technician' +
        '&start_date=2026-12-15',
      { permissions: ['view human resources'], api },
    );
    const name = await screen.findByRole('textbox', { name: 'Name' }, firstLoad);
    expect(name).toHaveProperty('value', 'Grace Hopper');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveProperty('value', 'grace@example.com');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveProperty('value', 'Senior Technician');

    await user.type(screen.getByLabelText(/^Password/), 'Long-enough-password-1');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'Long-enough-password-1');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/hr/employees/edit/44/account'), {
      timeout: 15_000,
    });
    expect(sent).toEqual([
      { url: '/api/users/employee', body: null },
      { url: '/api/hr/applicants/12/hire', body: { employee_user_id: 44 } },
    ]);
  });
});
