import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { stubApi } from '../../test/api-stub.ts';
import { DeviceForm } from './device-form.tsx';

function renderServerForm() {
  stubApi({
    'GET /api/misc/staticdata': [200, { data: {} }],
    'GET /api/company.list': [200, { data: [{ id: 4, name: 'Harbor Clinic' }] }],
    'GET /api/companies/sites.list.4': [200, { data: [{ id: 9, name: 'Main Office' }] }],
  });
  const router = createMemoryRouter([
    { path: '/', element: <DeviceForm companyId={4} type="servers" deviceId={null} /> },
  ]);
  render(
    <Providers queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('server form: Drive Information (spec 1 §2.6)', () => {
  it('is an empty card with an add button, which adds a drive row', async () => {
    renderServerForm();
    const card = await screen.findByRole('group', { name: 'Drive Information' });
    expect(within(card).getByRole('heading', { name: 'Drive Information' })).toBeTruthy();
    expect(within(card).getByText('No drives yet.')).toBeTruthy();
    expect(within(card).queryByLabelText('Drive 1 Letter')).toBeNull();

    await userEvent.click(within(card).getByRole('button', { name: 'Add Drive' }));

    expect(within(card).getByLabelText('Drive 1 Letter')).toBeTruthy();
    expect(within(card).queryByText('No drives yet.')).toBeNull();
  });
});
