import type { DialSession } from '@switchboard/shared/crm-dialer';
import type { Lead } from '@switchboard/shared/crm-leads';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';

// The leads list's bulk action "Add to dial session" (designs/crm-softphone.md §4.1): with 'phone access' only; the
// chosen leads join the open session (POST /{id}/items) or make a new one (POST /sessions with lead_ids), then the
// dialer page opens; a 422 shows the server's field message.

vi.mock('socket.io-client', () => fakeSocketModule);
afterEach(() => vi.unstubAllGlobals());

const lead = (id: number, company: string) =>
  ({
    id,
    company_name: company,
    contact_name: '',
    first_name: null,
    last_name: null,
    phone: '5125550123',
    status: 1,
    next_touch: null,
    calls_count: 0,
    last_call_at: null,
    do_not_call: false,
    bad_number: false,
  }) as unknown as Lead;

const session = (id: number, total: number) =>
  ({
    id,
    status: 'ready',
    counts: { total, queued: total, done: 0, skipped: 0 },
    stats: { dials: 0, connects: 0, voicemails: 0, appointments: 0, talk_seconds: 0, dials_per_hour: 0 },
    current: null,
    upcoming: [],
  }) as unknown as DialSession;

type Call = { method: string; path: string; body: unknown };

function render(permissions: string[], answers: Record<string, [number, unknown]>) {
  const calls: Call[] = [];
  const rows = [lead(5, 'Acme Dental'), lead(6, 'Bright Law')];
  const view = renderSignedIn('/crm', {
    permissions,
    api: (url, init) => {
      const method = init?.method ?? 'GET';
      const path = new URL(url, 'http://localhost').pathname;
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[`${method} ${path}`];
      if (answer) return jsonResponse(...answer);
      if (path === '/api/misc/staticdata') return jsonResponse(200, { data: { campaigns: [], states: [] } });
      if (path === '/api/crm/settings') return jsonResponse(200, { data: { view_all_leads: false } });
      if (path === '/api/users/employee.list') return jsonResponse(200, { data: [] });
      if (path === '/api/crm/leads') {
        return jsonResponse(200, { data: rows, total: 2, current_page: 1, per_page: 50, from: 1, to: 2, last_page: 1 });
      }
      return undefined;
    },
  });
  return { calls, ...view };
}

async function selectBoth() {
  const events = userEvent.setup();
  const table = await screen.findByRole('table', { name: 'Leads' }, firstLoad);
  await events.click(await within(table).findByRole('checkbox', { name: 'Select Acme Dental' }));
  await events.click(within(table).getByRole('checkbox', { name: 'Select Bright Law' }));
  return { events, bar: screen.getByRole('region', { name: 'Bulk actions' }) };
}

const posts = (calls: Call[]) => calls.filter((call) => call.method === 'POST');

describe('/crm bulk "Add to dial session"', { timeout: 150_000 }, () => {
  it("needs 'phone access'", async () => {
    render(['view crm'], {});
    const { bar } = await selectBoth();
    expect(within(bar).queryByRole('button', { name: 'Add to dial session' })).toBeNull();
  });

  it('makes a new session of the chosen leads when none is open, then opens the dialer', async () => {
    const { calls, router } = render(['view crm', 'phone access'], {
      'GET /api/crm/dialer/sessions/current': [200, { data: null }],
      'POST /api/crm/dialer/sessions': [200, { data: session(8, 2) }],
    });
    const { events, bar } = await selectBoth();
    await events.click(within(bar).getByRole('button', { name: 'Add to dial session' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/phoneburner'));
    expect(posts(calls)).toEqual([
      { method: 'POST', path: '/api/crm/dialer/sessions', body: { lead_ids: [5, 6], due_only: false } },
    ]);
    expect(await screen.findByText('Dial session #8 holds 2 leads.')).toBeTruthy();
  });

  it("adds them to the open session's queue, and shows the server's refusal", async () => {
    const answers: Record<string, [number, unknown]> = {
      'GET /api/crm/dialer/sessions/current': [200, { data: session(3, 4) }],
      'POST /api/crm/dialer/sessions/3/items': [
        422,
        {
          message: 'The given data was invalid.',
          errors: { lead_ids: ['None of the selected leads can be added to the dial session.'] },
        },
      ],
    };
    const { calls, router } = render(['view crm', 'phone access'], answers);
    const { events, bar } = await selectBoth();
    await events.click(within(bar).getByRole('button', { name: 'Add to dial session' }));
    expect(await screen.findByText('None of the selected leads can be added to the dial session.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/crm');
    answers['POST /api/crm/dialer/sessions/3/items'] = [200, { data: session(3, 6) }];
    await events.click(within(bar).getByRole('button', { name: 'Add to dial session' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/phoneburner'));
    expect(posts(calls).map((call) => [call.path, call.body])).toEqual([
      ['/api/crm/dialer/sessions/3/items', { lead_ids: [5, 6] }],
      ['/api/crm/dialer/sessions/3/items', { lead_ids: [5, 6] }],
    ]);
  });
});
