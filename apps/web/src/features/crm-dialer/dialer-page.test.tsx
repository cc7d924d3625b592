import { defaultUserSettings } from '@switchboard/shared';
import type { DialItem, DialNext, DialSession } from '@switchboard/shared/crm-dialer';
import type { Lead, LeadDetail } from '@switchboard/shared/crm-leads';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketModule, latestSocket } from '../../test/fake-socket.ts';
import { jsonResponse, renderApp } from '../../test/render.tsx';
import { firstLoad, sessionResponse, shellRoutes, signIn } from '../../test/render-signed-in.tsx';
import { softphoneStore } from '../softphone/place-call.ts';

// /crm/phoneburner (designs/crm-softphone.md §4.4): the setup's body (the user's load status, due only, the default
// voicemail, the wrap-up setting) and its 422; the preview and Start (start, next, the lead dialled with the session's
// voicemail); a reloaded running session with the softphone's call state, keys 1-8, the outcome, the wrap-up and the
// next lead; DialerUpdated moving the stats; Pause, Resume and Stop.

vi.mock('socket.io-client', () => fakeSocketModule);

afterEach(() => {
  vi.unstubAllGlobals();
  softphoneStore.publishPhone(null, null);
  softphoneStore.takeRequest(softphoneStore.getState().request?.requestId ?? 0);
});

const lead = (id: number, company: string): Lead => ({
  id,
  company_name: company,
  first_name: 'Dana',
  last_name: 'Doe',
  contact_name: 'Dana Doe',
  title: null,
  phone: `51255501${String(id).padStart(2, '0')}`,
  phone_ext: null,
  mobile: null,
  email: null,
  address: null,
  city: null,
  state: 'TX',
  zip: null,
  website: null,
  region_id: null,
  region_name: null,
  industry_id: null,
  vertical_name: null,
  campaign_id: 1,
  campaign_name: 'Medical Offices',
  status: 1,
  next_touch: null,
  manager_id: 1,
  manager_name: 'Ada Admin',
  calls_count: 0,
  last_call_at: null,
  do_not_call: false,
  bad_number: false,
  company_id: null,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
});

const detail = (id: number, company: string): LeadDetail => ({
  ...lead(id, company),
  contacts: [],
  calls: [],
  notes: [],
});

const item = (position: number, leadId: number, company: string, state: DialItem['state']): DialItem => ({
  position,
  lead_id: leadId,
  state,
  skip_reason: null,
  call_id: null,
  company_name: company,
  contact_name: 'Dana Doe',
  phone: `51255501${String(leadId).padStart(2, '0')}`,
  lead_state: 'TX',
  next_touch: null,
});

const stats = { dials: 0, connects: 0, voicemails: 0, appointments: 0, talk_seconds: 0, dials_per_hour: 0 };

const session = (overrides: Partial<DialSession> = {}): DialSession => ({
  id: 7,
  user_id: 1,
  status: 'ready',
  filters: {},
  due_only: true,
  voicemail_id: 4,
  wrap_up_seconds: 1,
  created_at: '2026-11-28T10:00:00Z',
  started_at: null,
  finished_at: null,
  counts: { total: 2, queued: 2, done: 0, skipped: 0 },
  stats,
  current: null,
  upcoming: [item(1, 11, 'Acme Dental', 'queued'), item(2, 12, 'Bright Law', 'queued')],
  ...overrides,
});

const staticData = {
  timezones: [],
  states: [{ code: 'TX', name: 'Texas' }],
  triage: [],
  ticket_type: [],
  ticket_statuses: [],
  regions: [],
  industries: [],
  campaigns: [{ id: 1, campaign_name: 'Medical Offices', status: 1 }],
  voicemails: [
    { id: 3, name: 'Company Default', is_default: true },
    { id: 4, name: 'Mine', is_default: false },
  ],
};

const crmSettings = {
  view_all_leads: false,
  create_new_leads: true,
  outgoing_number: null,
  next_touch_days: 2,
  next_touch_label: 'Business Days',
  calling_hours_start: 8,
  calling_hours_end: 21,
  wrap_up_seconds: 12,
};

type Call = { method: string; path: string; body: unknown };
type Answers = Record<string, [number, unknown] | (() => [number, unknown])>;

/** Signs in Ada (crm_load_status 3, default voicemail 4, a line) and answers the page's calls from `answers`. */
function renderDialer(answers: Answers) {
  signIn();
  const user = { settings: { ...defaultUserSettings, crm_load_status: 3 as const, default_voicemail: 4 } };
  const signedIn = sessionResponse(['view crm', 'phone access'], user);
  signedIn.data.agent_settings = { ...signedIn.data.agent_settings, phone_number: '(512) 555-0100' };
  const shell: Record<string, [number, unknown]> = {
    ...shellRoutes(['view crm', 'phone access'], user),
    'GET /api/session': [200, signedIn],
  };
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = new URL(String(input), 'http://localhost').pathname;
      const own = shell[`${method} ${path}`];
      if (own) return jsonResponse(...own);
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[`${method} ${path}`];
      if (answer) return jsonResponse(...(typeof answer === 'function' ? answer() : answer));
      if (path === '/api/misc/staticdata') return jsonResponse(200, { data: staticData });
      if (path === '/api/crm/settings') return jsonResponse(200, { data: crmSettings });
      if (path === '/api/employee/holidays') return jsonResponse(200, { data: [] });
      if (path === '/api/users/employee.list') return jsonResponse(200, { data: [] });
      return jsonResponse(404, { message: 'Not found.' });
    }),
  );
  renderApp('/crm/phoneburner');
  return calls;
}

const posts = (calls: Call[]) => calls.filter((call) => call.method === 'POST');

describe('/crm/phoneburner', { timeout: 150_000 }, () => {
  it('sets up a session (defaults, 422 on its field), previews the queue, Start dials the first lead', async () => {
    const createAnswers: [number, unknown][] = [
      [422, { message: 'The given data was invalid.', errors: { filters: ['No leads match these filters.'] } }],
      [200, { data: session(), message: 'The dial session was created.' }],
    ];
    const running = session({
      status: 'active',
      started_at: '2026-11-28T10:01:00Z',
      counts: { total: 2, queued: 1, done: 1, skipped: 0 },
      current: item(1, 11, 'Acme Dental', 'dialing'),
      upcoming: [item(2, 12, 'Bright Law', 'queued')],
    });
    const next: DialNext = { session: running, item: running.current, lead: lead(11, 'Acme Dental'), finished: false };
    const calls = renderDialer({
      'GET /api/crm/dialer/sessions/current': [200, { data: null }],
      'POST /api/crm/dialer/sessions': () => createAnswers.shift()!,
      'POST /api/crm/dialer/sessions/7/start': [200, { data: session({ status: 'active' }) }],
      'POST /api/crm/dialer/sessions/7/next': [200, { data: next }],
      'GET /api/crm/leads/11': [200, { data: detail(11, 'Acme Dental') }],
    });
    const events = userEvent.setup();
    const setup = await screen.findByRole('region', { name: 'Dial session setup' }, firstLoad);
    // The defaults: the user's load status, due only, their default voicemail, the CRM wrap-up setting.
    await waitFor(() =>
      expect(within(setup).getByRole('textbox', { name: 'Wrap-up (seconds)' })).toHaveProperty('value', '12'),
    );
    expect((within(setup).getByRole('combobox', { name: 'Voicemail to drop' }) as HTMLInputElement).value).toBe('Mine');
    expect((within(setup).getByRole('switch', { name: /Due only/ }) as HTMLInputElement).checked).toBe(true);
    await events.click(within(setup).getByRole('button', { name: 'Preview queue' }));
    expect(await within(setup).findByText('No leads match these filters.')).toBeTruthy();
    expect(posts(calls)[0]).toEqual({
      method: 'POST',
      path: '/api/crm/dialer/sessions',
      body: { filters: { status: 3 }, due_only: true, voicemail_id: 4, wrap_up_seconds: 12 },
    });

    await events.click(within(setup).getByRole('combobox', { name: 'Campaign' }));
    await events.click(await screen.findByRole('option', { name: 'Medical Offices' }));
    await events.click(within(setup).getByRole('button', { name: 'Preview queue' }));
    const preview = await screen.findByRole('region', { name: 'Queue preview' });
    expect(posts(calls)[1]!.body).toMatchObject({ filters: { status: 3, campaign_id: 1 } });
    expect(within(preview).getByTestId('dialer-queue-size').textContent).toBe('2 leads in the queue');
    expect(within(within(preview).getByRole('table', { name: 'Queue' })).getByText('Bright Law')).toBeTruthy();

    await events.click(within(preview).getByRole('button', { name: 'Start' }));
    const card = await screen.findByRole('region', { name: 'Current lead' });
    expect(within(card).getByTestId('dialer-company').textContent).toBe('Acme Dental');
    expect(posts(calls).map((call) => call.path)).toEqual([
      '/api/crm/dialer/sessions',
      '/api/crm/dialer/sessions',
      '/api/crm/dialer/sessions/7/start',
      '/api/crm/dialer/sessions/7/next',
    ]);
    // The claimed lead is dialled through the softphone with the session's voicemail to drop.
    expect(softphoneStore.getState().request).toMatchObject({
      number: '5125550111',
      leadId: 11,
      companyName: 'Acme Dental',
      voicemailId: 4,
    });
  });

  it('a reload finds the session: call state, keys 1-8, the outcome, the wrap-up, the next lead', async () => {
    const running = session({
      status: 'active',
      started_at: '2026-11-28T10:01:00Z',
      counts: { total: 2, queued: 1, done: 1, skipped: 0 },
      current: item(1, 11, 'Acme Dental', 'dialing'),
      upcoming: [item(2, 12, 'Bright Law', 'queued')],
    });
    const second = session({
      ...running,
      counts: { total: 2, queued: 0, done: 2, skipped: 0 },
      stats: { ...stats, dials: 1, connects: 1, talk_seconds: 65, dials_per_hour: 60 },
      current: item(2, 12, 'Bright Law', 'dialing'),
      upcoming: [],
    });
    const next: DialNext = { session: second, item: second.current, lead: lead(12, 'Bright Law'), finished: false };
    const calls = renderDialer({
      'GET /api/crm/dialer/sessions/current': [200, { data: running }],
      'GET /api/crm/leads/11': [200, { data: detail(11, 'Acme Dental') }],
      'GET /api/crm/leads/12': [200, { data: detail(12, 'Bright Law') }],
      'POST /api/crm/leads/11/disposition': [200, { data: { lead: lead(11, 'Acme Dental'), note: null } }],
      'POST /api/crm/dialer/sessions/7/next': [200, { data: next }],
    });
    const events = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Current lead' }, firstLoad);
    expect(within(card).getByTestId('dialer-company').textContent).toBe('Acme Dental');
    // A reload never dials by itself.
    expect(softphoneStore.getState().request).toBeNull();

    // The softphone's call with this lead: its status, Hang up through the store, Skip disabled meanwhile.
    const hangup = vi.fn();
    act(() =>
      softphoneStore.publishPhone(
        {
          ready: true,
          statusText: 'Active',
          call: { recordId: 90, leadId: 11, activeSince: Date.now() },
          playingRecording: false,
        },
        hangup,
      ),
    );
    expect(within(card).getByTestId('dialer-call-status').textContent).toBe('Active');
    expect(screen.getByRole('button', { name: 'Skip' })).toHaveProperty('disabled', true);
    await events.click(within(card).getByRole('button', { name: 'Hang up' }));
    expect(hangup).toHaveBeenCalledTimes(1);

    // Key 1 (outside any field) chooses Connected in the outcome form.
    const outcome = await screen.findByRole('region', { name: 'Call outcome' });
    await events.keyboard('1');
    expect(within(outcome).getByRole('button', { name: '1 Connected' }).getAttribute('aria-pressed')).toBe('true');
    await events.click(within(outcome).getByRole('button', { name: 'Save outcome' }));
    await waitFor(() => expect(posts(calls).map((call) => call.path)).toContain('/api/crm/leads/11/disposition'));
    // The outcome is stamped on the call the softphone reported for this lead.
    expect(posts(calls).find((call) => call.path.endsWith('/disposition'))!.body).toMatchObject({
      disposition: 'connected',
      call_id: 90,
    });
    // While the call lasts, no wrap-up; once it ends the countdown runs, then the next lead is claimed and dialled.
    expect(screen.queryByRole('status', { name: 'Wrap-up' })).toBeNull();
    act(() =>
      softphoneStore.publishPhone({ ready: true, statusText: 'Waiting', call: null, playingRecording: false }, hangup),
    );
    expect(await screen.findByRole('status', { name: 'Wrap-up' })).toBeTruthy();
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('region', { name: 'Current lead' })).getByTestId('dialer-company').textContent,
        ).toBe('Bright Law'),
      { timeout: 5_000 },
    );
    expect(posts(calls).filter((call) => call.path.endsWith('/next'))).toHaveLength(1);
    expect(softphoneStore.getState().request).toMatchObject({ number: '5125550112', leadId: 12, voicemailId: 4 });
    const region = screen.getByRole('region', { name: 'Session stats' });
    expect(region.querySelector('[data-stat="Connects"]')?.textContent).toBe('Connects1');
    expect(region.querySelector('[data-stat="Talk time"]')?.textContent).toBe('Talk time01:05');
  });

  it('follows DialerUpdated, pauses, resumes into the next lead and stops into the summary', async () => {
    const running = session({
      status: 'active',
      started_at: '2026-11-28T10:01:00Z',
      current: item(1, 11, 'Acme Dental', 'dialing'),
      upcoming: [item(2, 12, 'Bright Law', 'queued')],
    });
    const paused = session({ ...running, status: 'paused', current: null, upcoming: running.upcoming });
    const resumed = session({ ...running, current: null });
    const next: DialNext = { session: running, item: running.current, lead: lead(11, 'Acme Dental'), finished: false };
    const stopped = session({ ...running, status: 'finished', current: null, finished_at: '2026-11-28T10:30:00Z' });
    const calls = renderDialer({
      'GET /api/crm/dialer/sessions/current': [200, { data: running }],
      'GET /api/crm/leads/11': [200, { data: detail(11, 'Acme Dental') }],
      'POST /api/crm/dialer/sessions/7/pause': [200, { data: paused }],
      'POST /api/crm/dialer/sessions/7/resume': [200, { data: resumed }],
      'POST /api/crm/dialer/sessions/7/next': [200, { data: next }],
      'POST /api/crm/dialer/sessions/7/stop': [200, { data: stopped }],
    });
    const events = userEvent.setup();
    await screen.findByRole('region', { name: 'Current lead' }, firstLoad);
    const region = () => screen.getByRole('region', { name: 'Session stats' });
    expect(region().querySelector('[data-stat="Dials"]')?.textContent).toBe('Dials0');
    // The phone channel is the line's 10 digits.
    await waitFor(() => expect(latestSocket().subscriptions()).toContain('5125550100'));
    act(() =>
      latestSocket().serverEmit('5125550100', 'DialerUpdated', {
        ...running,
        stats: { ...stats, dials: 3, voicemails: 2, appointments: 1, dials_per_hour: 42.5 },
      }),
    );
    await waitFor(() => expect(region().querySelector('[data-stat="Dials"]')?.textContent).toBe('Dials3'));
    expect(region().querySelector('[data-stat="Dials/hour"]')?.textContent).toBe('Dials/hour42.5');

    await events.click(screen.getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('The session is paused. Resume to dial the next lead.')).toBeTruthy();
    expect(screen.getByTestId('dialer-status').textContent).toBe('Paused');
    await events.click(screen.getByRole('button', { name: 'Resume' }));
    await screen.findByRole('region', { name: 'Current lead' });
    expect(posts(calls).map((call) => call.path.split('/').pop())).toEqual(['pause', 'resume', 'next']);
    expect(softphoneStore.getState().request).toMatchObject({ leadId: 11 });

    await events.click(screen.getByRole('button', { name: 'Stop' }));
    const summary = await screen.findByRole('region', { name: 'Finished session' });
    expect(within(summary).getByTestId('dialer-status').textContent).toBe('Finished');
    expect(screen.getByRole('region', { name: 'Dial session setup' })).toBeTruthy();
  });
});
