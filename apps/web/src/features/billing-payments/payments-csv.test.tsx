import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { type ApiAnswer, firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';

// Recent payments' Export CSV (decision 0098): the list's filters go with format=csv, fetched through the API client
// (bearer token), saved as Payments.csv.

vi.mock('socket.io-client', () => fakeSocketModule);

afterEach(() => {
  vi.unstubAllGlobals();
});

const csvUrl = '/api/billing/payments/received?company_id=7&unapplied=1&format=csv';

const api: ApiAnswer = (url) => {
  if (url === '/api/billing/settings') return jsonResponse(200, { data: { lock_date: null, time_zone: 'UTC' } });
  if (url.startsWith('/api/billing/accounts')) return jsonResponse(200, { data: [], as_of: '2026-11-27' });
  if (url.startsWith('/api/company')) return jsonResponse(200, { data: [{ id: 7, name: 'Acme Dental' }] });
  if (url === '/api/billing/companies/7/receivable')
    return jsonResponse(200, {
      data: { company: { id: 7, name: 'Acme Dental' }, today: '2026-11-27', invoices: [], credits: [], balance: 0 },
    });
  if (url === csvUrl)
    return new Response('Date,Company\r\n', { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } });
  if (url.startsWith('/api/billing/payments/received'))
    return jsonResponse(200, { data: [], total: 0, current_page: 1, per_page: 25, last_page: 1 });
};

describe('Recent payments Export CSV', { timeout: 60_000 }, () => {
  it('asks the list with its filters as CSV, with the bearer, and saves Payments.csv', async () => {
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    const { fetchMock } = renderSignedIn('/billing/payments/receive?company_id=7', {
      permissions: ['view billing'],
      api,
    });
    await screen.findByText('No payments.', undefined, firstLoad);
    await user.click(screen.getByRole('checkbox', { name: 'Unapplied only' }));
    const link = screen.getByRole('link', { name: 'Export CSV' });
    expect(link.getAttribute('href')).toBe(csvUrl);
    await user.click(link);
    await waitFor(() => expect(saved).toEqual(['Payments.csv']));
    const call = fetchMock.mock.calls.find(([url]) => String(url) === csvUrl)!;
    expect(new Headers(call[1]?.headers).get('authorization')).toMatch(/^Bearer /);
  });
});
