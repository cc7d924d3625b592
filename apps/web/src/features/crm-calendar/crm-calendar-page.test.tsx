import type { Appointment } from '@switchboard/shared/crm-appointments';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localDay } from '../../components/calendar/calendar-items.ts';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';

// /crm/calendar (designs/crm-softphone.md §4.11): the range's appointments on the one calendar, the agent filter in
// the URL and the call, the dialog's rules (end after start refused before any call), the server's 422 under its
// field, and a status change sent as PUT.

vi.mock('socket.io-client', () => fakeSocketModule);
afterEach(() => vi.unstubAllGlobals());

const today = localDay(new Date());
const at = (time: string) => new Date(`${today}T${time}:00`).toISOString();

const appointment: Appointment = {
  id: 5,
  lead_id: 9,
  company_name: 'Acme Dental',
  contact_name: 'Ann Lee',
  set_by: { id: 1, name: 'Ada Admin' },
  assigned_to: { id: 7, name: 'Ann Agent' },
  starts_at: at('10:00'),
  ends_at: at('11:00'),
  kind: 'onsite',
  location: '1 Main St',
  notes: '',
  status: 'scheduled',
  created_at: at('08:00'),
  updated_at: at('08:00'),
};

function api(url: string, init: RequestInit | undefined) {
  const parsed = new URL(url, 'http://localhost');
  if (parsed.pathname === '/api/users/employee.list')
    return jsonResponse(200, { data: [{ user_id: 7, user: { id: 7, name: 'Ann Agent' } }] });
  if (parsed.pathname === '/api/crm/settings') return jsonResponse(200, { data: { view_all_leads: false } });
  if (parsed.pathname === '/api/crm/appointments' && (init?.method ?? 'GET') === 'GET')
    return jsonResponse(200, { data: [appointment] });
  if (parsed.pathname === '/api/crm/appointments/5' && init?.method === 'PUT') {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    if (body.location === 'refuse')
      return jsonResponse(422, {
        message: 'The given data was invalid.',
        errors: { ends_at: ['The ends at must be a date after starts at.'] },
      });
    return jsonResponse(200, { message: 'The appointment was saved.', data: { ...appointment, ...body } });
  }
  return undefined;
}

const calls = (fetchMock: { mock: { calls: unknown[][] } }, method: string) =>
  fetchMock.mock.calls
    .filter(
      ([url, init]) =>
        String(url).startsWith('/api/crm/appointments') && ((init as RequestInit)?.method ?? 'GET') === method,
    )
    .map(([url, init]) => ({ url: String(url), body: (init as RequestInit | undefined)?.body }));

describe('/crm/calendar', { timeout: 150_000 }, () => {
  it('shows the appointments, filters by agent in the URL, and edits through the dialog', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderSignedIn('/crm/calendar', { permissions: ['view crm', 'manage crm'], api });
    expect(await screen.findByText('Acme Dental (Ann Agent)', {}, firstLoad)).toBeTruthy();
    expect(calls(fetchMock, 'GET')[0]!.url).toMatch(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&tz_offset=-?\d+$/);

    await user.click(screen.getByRole('combobox', { name: 'Agent' }));
    await user.click(await screen.findByRole('option', { name: 'Ann Agent' }));
    await waitFor(() => expect(router.state.location.search).toBe('?agent=7'));
    await waitFor(() => expect(calls(fetchMock, 'GET').some((call) => call.url.endsWith('&agent=7'))).toBe(true));

    await user.click(screen.getByText('Acme Dental (Ann Agent)'));
    const dialog = await screen.findByRole('dialog', { name: 'Appointment: Acme Dental' });
    // The dialog's rule: an end not after the start is refused before anything is sent.
    fireEvent.change(within(dialog).getByLabelText(/End Time/), { target: { value: '09:30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The end time must be after the start time.')).toBeTruthy();
    expect(calls(fetchMock, 'PUT')).toHaveLength(0);

    // The server's 422 on ends_at lands under End Time.
    fireEvent.change(within(dialog).getByLabelText(/End Time/), { target: { value: '11:30' } });
    await user.clear(within(dialog).getByLabelText('Location'));
    await user.type(within(dialog).getByLabelText('Location'), 'refuse');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The ends at must be a date after starts at.')).toBeTruthy();

    // Held: the status options follow the transitions; the PUT sends the new end and the status.
    await user.clear(within(dialog).getByLabelText('Location'));
    await user.type(within(dialog).getByLabelText('Location'), 'Suite 4');
    const status = within(dialog).getByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Scheduled', 'Held', 'No show', 'Cancelled']);
    fireEvent.change(status, { target: { value: 'held' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = JSON.parse(String(calls(fetchMock, 'PUT').at(-1)!.body)) as Record<string, unknown>;
    expect(put).toMatchObject({ status: 'held', location: 'Suite 4', ends_at: at('11:30'), starts_at: at('10:00') });
  });
});
