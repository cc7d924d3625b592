import type { Device } from '@switchboard/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { stubApi } from '../../test/api-stub.ts';
import { DeviceForm } from './device-form.tsx';

const device = (type: Device['type']): Device => ({
  id: 7,
  company_id: 4,
  company: 'Harbor Clinic',
  site_id: 9,
  site: 'Main Office',
  type,
  name: 'APP01',
  asset_tag: null,
  serial_number: null,
  model: null,
  purchase_date: null,
  warranty_date: null,
  refresh_year: null,
  operating_system_id: null,
  operating_system: null,
  antivirus_id: null,
  antivirus: null,
  roles: null,
  scheduled_maintenance: 0,
  notes: null,
  drives: [],
});

function renderEditForm(type: Device['type'], routes: Parameters<typeof stubApi>[0] = {}) {
  const stub = stubApi({
    'GET /api/misc/staticdata': [200, { data: {} }],
    'GET /api/company.list': [200, { data: [{ id: 4, name: 'Harbor Clinic' }] }],
    'GET /api/companies/sites.list.4': [200, { data: [{ id: 9, name: 'Main Office' }] }],
    'GET /api/devices/7': [200, { data: device(type) }],
    'GET /api/devices/7/software': [200, { data: [{ id: 31, name: 'SQL Server 2019' }] }],
    ...routes,
  });
  const router = createMemoryRouter([{ path: '/', element: <DeviceForm companyId={4} type={type} deviceId={7} /> }]);
  render(
    <Providers queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return stub;
}

describe('server form: Software (issue 19)', () => {
  it('lists the software, refuses a duplicate name in the browser, then saves new and kept rows with a toast', async () => {
    const stub = renderEditForm('servers', {
      'PUT /api/devices/7/software': [
        200,
        {
          message: 'Software saved.',
          data: [
            { id: 32, name: 'Veeam Agent' },
            { id: 31, name: 'SQL Server 2022' },
          ],
        },
      ],
    });
    const card = await screen.findByRole('form', { name: 'Software' });
    expect(within(card).getByLabelText('Software 1')).toHaveProperty('value', 'SQL Server 2019');

    await userEvent.click(within(card).getByRole('button', { name: 'Add Software' }));
    await userEvent.type(within(card).getByLabelText('Software 2'), 'sql server 2019');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('This software is already listed.')).toBeTruthy();
    expect(stub.callsTo('PUT', '/api/devices/7/software')).toHaveLength(0);

    await userEvent.clear(within(card).getByLabelText('Software 2'));
    await userEvent.type(within(card).getByLabelText('Software 2'), 'Veeam Agent');
    await userEvent.clear(within(card).getByLabelText('Software 1'));
    await userEvent.type(within(card).getByLabelText('Software 1'), 'SQL Server 2022');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Software saved.')).toBeTruthy();
    expect(stub.callsTo('PUT', '/api/devices/7/software')[0]!.body).toEqual({
      software: [{ id: 31, name: 'SQL Server 2022' }, { name: 'Veeam Agent' }],
    });
    // The answer's list (with the new row's id) replaces the rows.
    expect(within(card).getByLabelText('Software 1')).toHaveProperty('value', 'Veeam Agent');
  });

  it("shows the server's refusal to remove a row a backup strategy uses, and its row errors", async () => {
    const refusal = 'SQL Server 2019 is backed up by backup strategy #3 (Full, Datto): change that strategy first.';
    renderEditForm('servers', {
      'PUT /api/devices/7/software': [
        422,
        { message: 'The given data was invalid.', errors: { software: [refusal], 'software.0.name': ['Too odd.'] } },
      ],
    });
    const card = await screen.findByRole('form', { name: 'Software' });
    await userEvent.click(within(card).getByRole('button', { name: 'Add Software' }));
    await userEvent.type(within(card).getByLabelText('Software 2'), 'IIS');
    await userEvent.click(within(card).getByRole('button', { name: 'Remove software 1' }));
    expect(within(card).queryByDisplayValue('SQL Server 2019')).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText(refusal)).toBeTruthy();
    expect(within(card).getByText('Too odd.')).toBeTruthy();
  });

  it('is not shown on a workstation', async () => {
    const stub = renderEditForm('workstations');
    await screen.findByRole('heading', { name: 'Edit APP01' });
    expect(screen.queryByRole('form', { name: 'Software' })).toBeNull();
    expect(stub.callsTo('GET', '/api/devices/7/software')).toHaveLength(0);
  });
});
