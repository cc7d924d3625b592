import { type Procurement } from '@switchboard/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../../lib/auth-store.ts';
import { stubApi } from '../../../../test/api-stub.ts';
import { fakeSocketModule } from '../../../../test/fake-socket.ts';
import { renderApp } from '../../../../test/render.tsx';
import { answerSaveQuestion, projectFixture, projectSession as session } from '../../test-fixtures.ts';

vi.mock('socket.io-client', () => fakeSocketModule);

// Issue 18 part 9: the Procurement panel (order 8), spec 3 §2, §9; decision 0048.

const base = projectFixture;

const tracked: Procurement = {
  id: 31,
  carrier: 'UPS',
  tracking_number: '1Z999AA10123456784',
  status: 'in_transit',
  status_details: 'Departed facility',
  tracked: true,
  updated_at: '2026-11-21T19:00:00.000Z',
  history: [
    { id: 1, time: '2026-11-20T12:04:00.000Z', city: 'Memphis', state: 'TN', status_details: 'Label created' },
    { id: 2, time: '2026-11-21T12:30:00.000Z', city: 'Louisville', state: 'KY', status_details: 'Arrived' },
  ],
};

function open(type: 'Employee' | 'Client', procurements: Procurement[]) {
  authStore.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1', token_id: 'token-1', expires_in: 900 });
  const api = stubApi({
    'GET /api/session': [200, session(type)],
    'GET /api/misc/staticdata': [200, { data: {} }],
    'GET /api/notifications': [200, { data: [] }],
    'GET /api/users/employee.list': [200, { data: [] }],
    'GET /api/project/12': [200, { data: { ...base, procurements } }],
    'POST /api/project/project_step': [200, { message: 'Procurement saved.' }],
  });
  renderApp('/projects/12');
  return api;
}

// The first render loads the page's chunks: a busy machine takes longer than the default wait.
const procurementCard = () => screen.findByRole('group', { name: 'Procurement' }, { timeout: 30_000 });

describe('Procurement panel (spec 3 §2)', { timeout: 60_000 }, () => {
  it('reads Create Requirements for a new list and checks a new row against the contract before sending', async () => {
    const api = open('Employee', []);
    const card = await procurementCard();
    await userEvent.click(within(card).getByRole('button', { name: 'Add Shipment' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Create Requirements' }));
    expect(await within(card).findByText('Choose a carrier from the list.')).toBeTruthy();
    expect(within(card).getByText('Enter the tracking number.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/project/project_step')).toEqual([]);
  });

  it('asks Save or Save & Close on an open step and sends close with the list (spec 3 §4)', async () => {
    const api = open('Employee', [tracked]);
    const card = await procurementCard();
    await userEvent.click(await within(card).findByRole('button', { name: 'Update Requirements' }));
    await answerSaveQuestion('Save & Close', 'Update Requirements');
    expect(await screen.findByText('Procurement saved.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(api.callsTo('POST', '/api/project/project_step').map((call) => call.body)).toEqual([
      expect.objectContaining({ step: 'Procurement', project_id: 12, close: 1 }),
    ]);
  });

  it('reads Update Requirements for a saved list; a tracked shipment shows its history by date, read-only', async () => {
    open('Employee', [tracked]);
    const card = await procurementCard();
    expect(await within(card).findByRole('button', { name: 'Update Requirements' })).toBeTruthy();
    expect((within(card).getByLabelText('Status Details') as HTMLInputElement).disabled).toBe(true);
    const table = within(card).getByRole('table', { name: 'History of 1Z999AA10123456784' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      dayjs('2026-11-21T12:30:00.000Z').format('MM/DD/YYYY'),
      `${dayjs('2026-11-21T12:30:00.000Z').format('hh:mm A')}LouisvilleKYArrived`,
      dayjs('2026-11-20T12:04:00.000Z').format('MM/DD/YYYY'),
      `${dayjs('2026-11-20T12:04:00.000Z').format('hh:mm A')}MemphisTNLabel created`,
    ]);
  });

  it('shows a client account the shipments read-only', async () => {
    open('Client', [tracked]);
    const card = await procurementCard();
    expect(await within(card).findByText('UPS 1Z999AA10123456784')).toBeTruthy();
    expect(within(card).getByText('In transit: Departed facility')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Requirements/ })).toBeNull();
  });
});
