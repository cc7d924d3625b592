import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { type ApiAnswer, firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';

// Payments made's Export CSV (designs/billing.md §5 "CSV"): the list's filters (vendor, method, dates, check number)
// go with format=csv, fetched through the API client (bearer token), saved as Payments-Made.csv; a failure says so.

vi.mock('socket.io-client', () => fakeSocketModule);

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const csvUrl = '/api/billing/payments/made?vendor_id=3&search=1042&format=csv';

const stub =
  (csv: () => Response): ApiAnswer =>
  (url) => {
    if (url === '/api/billing/settings') return jsonResponse(200, { data: { lock_date: null, time_zone: 'UTC' } });
    if (url.startsWith('/api/billing/accounts')) return jsonResponse(200, { data: [] });
    if (url === '/api/billing/vendors.list') return jsonResponse(200, { data: [{ id: 3, name: 'Ingram Micro' }] });
    if (url === '/api/billing/vendors/3/payable')
      return jsonResponse(200, { data: { vendor: { id: 3, name: 'Ingram Micro' }, bills: [], credits: [] } });
    if (url === csvUrl) return csv();
    if (url.startsWith('/api/billing/payments/made'))
      return jsonResponse(200, { data: [], total: 0, current_page: 1, per_page: 25, last_page: 1 });
  };

describe('Payments made Export CSV', { timeout: 60_000 }, () => {
  it('asks the list with its filters as CSV, with the bearer, and saves Payments-Made.csv; a failure says so', async () => {
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    let fail = false;
    const api = stub(() =>
      fail
        ? jsonResponse(500, { message: 'An error occured.' })
        : new Response('Date,Vendor\r\n', { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } }),
    );
    const user = userEvent.setup();
    const { fetchMock } = renderSignedIn('/billing/payments/make?vendor_id=3', { permissions: ['view billing'], api });
    await screen.findByText('No payments made.', undefined, firstLoad);
    await user.type(screen.getByRole('textbox', { name: 'Find check number' }), '1042');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['Payments-Made.csv']));
    const call = fetchMock.mock.calls.find(([url]) => String(url) === csvUrl)!;
    expect(new Headers(call[1]?.headers).get('authorization')).toMatch(/^Bearer /);
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('An error occured.')).toBeTruthy();
    expect(saved).toHaveLength(1);
  });
});
