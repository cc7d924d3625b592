import { defaultHrSettings, type HrBase } from '@switchboard/shared/hr/base';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { type ApiAnswer, firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';

// /hr/admin (issue 29 part 1; decision 0102): categories and steps listed in order with their kinds, a new category
// checked by the shared contract before it is posted, the server's 422 shown on its field, settings saved whole.

vi.mock('socket.io-client', () => fakeSocketModule);

afterEach(() => {
  vi.unstubAllGlobals();
});

const base: HrBase = {
  categories: [
    {
      id: 1,
      name: 'Time Off',
      kind: 'time_off',
      approval: 'manager',
      color: '#228be6',
      instructions: '',
      active: true,
      sort_order: 1,
    },
    {
      id: 2,
      name: 'Equipment',
      kind: 'equipment',
      approval: 'manager_then_hr',
      color: '#12b886',
      instructions: '',
      active: false,
      sort_order: 2,
    },
  ],
  steps: [
    {
      id: 6,
      name: 'Hired',
      kind: 'hired',
      color: '#40c057',
      email_subject: '',
      email_body: '',
      active: true,
      sort_order: 1,
    },
  ],
  reasons: ['Sick', 'Vacation', 'Personal Time', 'Appointment'],
  anon_readers: [],
};

const posted: unknown[] = [];
const api: ApiAnswer = (url, init) => {
  if (url === '/api/hr/base') return jsonResponse(200, { data: base });
  if (url === '/api/hr/settings' && (init?.method ?? 'GET') === 'GET')
    return jsonResponse(200, { data: defaultHrSettings });
  if (url === '/api/hr/settings') {
    posted.push(JSON.parse(String(init?.body)));
    return jsonResponse(200, { message: 'HR settings saved.', data: defaultHrSettings });
  }
  if (url === '/api/hr/categories' && init?.method === 'POST') {
    posted.push(JSON.parse(String(init.body)));
    return jsonResponse(422, {
      message: 'The given data was invalid.',
      errors: { name: ['The name has already been taken.'] },
    });
  }
};

describe('/hr/admin', { timeout: 60_000 }, () => {
  it('lists the categories in order with kind, approver and inactive badge; refuses an empty name locally', async () => {
    const user = userEvent.setup();
    renderSignedIn('/hr/admin/categories', { permissions: ['view human resources', 'manage hr settings'], api });
    const list = await screen.findByRole('region', { name: 'Categories' }, firstLoad);
    const rows = within(list).getAllByRole('button', { name: /^Drag / });
    expect(rows.map((grip) => grip.getAttribute('aria-label'))).toEqual(['Drag Time Off', 'Drag Equipment']);
    expect(within(list).getByText('Approved by Manager, then HR')).toBeTruthy();
    expect(within(list).getByText('Inactive')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New category' }));
    const dialog = await screen.findByRole('dialog', { name: 'New category' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The name field is required.')).toBeTruthy();
    expect(posted).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Time Off');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The name has already been taken.')).toBeTruthy();
    expect(posted).toEqual([
      { name: 'Time Off', kind: 'time_off', approval: 'manager', color: '#228be6', instructions: '', active: true },
    ]);
  });

  it('saves the settings whole', async () => {
    posted.length = 0;
    const user = userEvent.setup();
    renderSignedIn('/hr/admin/settings', { permissions: ['view human resources', 'manage hr settings'], api });
    const saturday = await screen.findByRole('textbox', { name: 'Saturday' }, firstLoad);
    await user.clear(saturday);
    await user.type(saturday, '4');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ ...defaultHrSettings, work_week: { ...defaultHrSettings.work_week, '6': 4 } });
    expect(await screen.findByText('HR settings saved.')).toBeTruthy();
  });

  it("sends staff without 'manage hr settings' away from it", async () => {
    renderSignedIn('/hr/admin/steps', { permissions: ['view human resources'], api });
    expect(await screen.findByText(/permission/i, undefined, firstLoad)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Steps' })).toBeNull();
  });
});
