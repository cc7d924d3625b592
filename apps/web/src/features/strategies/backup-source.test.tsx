import { notifications } from '@mantine/notifications';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { stubApi } from '../../test/api-stub.ts';
import { BackupStrategyTab } from './backup-strategy-tab.tsx';

afterEach(() => notifications.clean());

const servers = [
  {
    id: 1,
    name: 'DC01',
    type: 'servers',
    drives: [
      { id: 11, letter: 'C', size: 240 },
      { id: 12, letter: 'D', size: 2000 },
    ],
    software: [],
  },
];

// Issue 26 §2.9: a Server source (spec 2 §3) with no drive chosen is refused beside the Drives field.
describe('backup strategy form: a Server source names its drives', { timeout: 30_000 }, () => {
  it('shows the drive message under Drives and sends nothing until a drive is chosen', async () => {
    const api = stubApi({
      'GET /api/backup/strategies/devices/1/5': [200, { data: servers }],
      'POST /api/strategies/backup': [200, { message: 'Backup Strategy Created.', data: { id: 4 } }],
    });
    const router = createMemoryRouter(
      [
        { path: '/', element: <BackupStrategyTab companyId={5} method="create" methodId={undefined} /> },
        { path: '/companies/5/backup-strategy', element: <p>Went to the list</p> },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <Providers queryClient={createQueryClient()} env="test">
        <RouterProvider router={router} />
      </Providers>,
    );
    const user = userEvent.setup();
    const choose = async (label: string, option: string) => {
      await user.click(await screen.findByRole('combobox', { name: label }));
      await user.click(await screen.findByRole('option', { name: option }));
    };
    await choose('Source Type', 'Server');
    await choose('Backup Type', 'Manual');
    await choose('Program', 'Datto');
    await choose('Destination Type', 'Server');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const message = await screen.findByText('Choose at least one drive of the server to back up.');
    expect(message.closest('.mantine-MultiSelect-root')?.textContent).toContain('Drives');
    expect(api.callsTo('POST', '/api/strategies/backup')).toEqual([]);

    await user.click(screen.getAllByRole('combobox', { name: 'Drives' })[0]!);
    await user.click(await screen.findByRole('option', { name: 'DC01 C: (240 GB)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Went to the list')).toBeTruthy();
    expect(api.callsTo('POST', '/api/strategies/backup')[0]!.body).toMatchObject({
      source_type: 1,
      source: [11],
      backup_type: 4,
      schedule: null,
    });
  });
});
