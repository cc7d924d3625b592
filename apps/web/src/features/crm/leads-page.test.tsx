import { defaultUserSettings } from '@switchboard/shared';
import type { Lead, LeadDetail } from '@switchboard/shared/crm-leads';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketModule, latestSocket } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { type ApiAnswer, firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';

// /crm (designs/crm-softphone.md §4.1-§4.2): the list asks for the user's crm_load_status by default and writes the
// filters into the URL and the query, shows the 14 columns with an overdue next touch in red and the empty text; the
// drawer shows the lead, its 404, posts a note and a disposition whose next touch the rule proposes.

vi.mock('socket.io-client', () => fakeSocketModule);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const lead = (overrides: Partial<Lead> = {}): Lead => ({
  id: 5,
  company_name: 'Acme Dental',
  first_name: 'Dana',
  last_name: 'Doe',
  contact_name: 'Dana Doe',
  title: 'Office Manager',
  phone: '5125550123',
  phone_ext: null,
  mobile: null,
  email: 'dana@acme.test',
  address: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  website: null,
  region_id: 1,
  region_name: 'Central',
  industry_id: 2,
  vertical_name: 'Dentists',
  campaign_id: 1,
  campaign_name: 'Medical Offices',
  status: 1,
  next_touch: '2026-11-20',
  manager_id: 1,
  manager_name: 'Ada Admin',
  calls_count: 3,
  last_call_at: '2026-11-19T15:00:00Z',
  do_not_call: false,
  bad_number: false,
  company_id: null,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-19T15:00:00Z',
  ...overrides,
});

const detail = (): LeadDetail => ({
  ...lead(),
  contacts: [
    {
      id: 11,
      lead_id: 5,
      first_name: 'Sam',
      last_name: 'Smith',
      title: 'Dentist',
      phone: '5125550124',
      phone_ext: null,
      mobile: null,
      email: null,
      is_primary: false,
      created_at: '2026-11-01T10:00:00Z',
      updated_at: '2026-11-01T10:00:00Z',
    },
  ],
  calls: [
    {
      id: 21,
      lead_id: 5,
      user_id: 1,
      user_name: 'Ada Admin',
      direction: 'outgoing',
      status: 'completed',
      call_number: '5125550123',
      disposition: 'left_voicemail',
      voicemail_id: 1,
      voicemail_status: 'ended',
      started_at: '2026-11-19T15:00:00Z',
      answered_at: '2026-11-19T15:00:05Z',
      ended_at: '2026-11-19T15:01:10Z',
      duration_seconds: 65,
    },
  ],
  notes: [],
});

const page = (rows: Lead[]) => ({
  data: rows,
  total: rows.length,
  current_page: 1,
  per_page: 50,
  from: rows.length ? 1 : null,
  to: rows.length || null,
  last_page: 1,
  total_capped: false,
});

const staticData = {
  timezones: [],
  states: [{ code: 'TX', name: 'Texas' }],
  triage: [],
  ticket_type: [],
  ticket_statuses: [],
  regions: [{ id: 1, name: 'Central' }],
  industries: [
    { id: 1, name: 'Medical', parent_id: 0 },
    { id: 2, name: 'Dentists', parent_id: 1 },
  ],
  campaigns: [
    { id: 2, campaign_name: 'Retired List', status: 0 },
    { id: 1, campaign_name: 'Medical Offices', status: 1 },
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
  wrap_up_seconds: 10,
};

type Call = { method: string; url: string; body: unknown };

function apiWith(
  calls: Call[],
  rows: (url: URL) => Lead[],
  answers: Record<string, [number, unknown]> = {},
): ApiAnswer {
  return (url, init) => {
    const method = init?.method ?? 'GET';
    const parsed = new URL(url, 'http://localhost');
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[`${method} ${parsed.pathname}`];
    if (answer) return jsonResponse(...answer);
    if (parsed.pathname === '/api/misc/staticdata') return jsonResponse(200, { data: staticData });
    if (parsed.pathname === '/api/crm/settings') return jsonResponse(200, { data: crmSettings });
    if (parsed.pathname === '/api/users/employee.list') return jsonResponse(200, { data: [] });
    if (parsed.pathname === '/api/employee/holidays') return jsonResponse(200, { data: [] });
    if (parsed.pathname === '/api/crm/leads') return jsonResponse(200, page(rows(parsed)));
    if (parsed.pathname === '/api/crm/leads/5') return jsonResponse(200, { data: detail() });
    return undefined;
  };
}

const listCalls = (calls: Call[]) =>
  calls.filter((call) => call.method === 'GET' && call.url.startsWith('/api/crm/leads?')).map((call) => call.url);

const user = { settings: { ...defaultUserSettings, crm_load_status: 3 as const } };

describe('/crm leads', { timeout: 150_000 }, () => {
  it('lists the leads of the default status, puts a filter in the URL and the query, and says when none match', async () => {
    const calls: Call[] = [];
    const events = userEvent.setup();
    const { router } = renderSignedIn('/crm', {
      permissions: ['view crm', 'phone access'],
      user,
      api: apiWith(calls, (url) => (url.searchParams.get('campaign_id') === '2' ? [] : [lead()])),
    });
    const table = await screen.findByRole('table', { name: 'Leads' }, firstLoad);
    expect(await within(table).findByText('Acme Dental')).toBeTruthy();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent?.trim())
      .slice(1);
    expect(headers).toEqual([
      'Company',
      'Contact',
      'Phone',
      'Email',
      'State',
      'City',
      'Region',
      'Vertical',
      'Campaign',
      'Next Touch',
      'Status',
      'Calls',
      'Last Call',
      'Manager',
    ]);
    // The user's crm_load_status (3 Appointment Set) is the status asked for when the URL names none.
    expect(listCalls(calls)[0]).toContain('status=3');
    const row = table.querySelector('[data-lead-id="5"]') as HTMLElement;
    expect(row.querySelector('[data-column="next_touch"] [data-overdue="true"]')?.textContent).toBe('2026-11-20');
    expect(within(row).getByRole('button', { name: 'Call (512) 555-0123' })).toBeTruthy();
    // An agent without view_all_leads has no agent filter; create_new_leads gives New Lead.
    expect(screen.queryByRole('combobox', { name: 'Agent' })).toBeNull();
    expect(screen.getByRole('button', { name: 'New Lead' })).toBeTruthy();

    await events.click(screen.getByRole('combobox', { name: 'Campaign' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['All', 'Medical Offices', 'Retired List (inactive)']);
    await events.click(screen.getByRole('option', { name: 'Retired List (inactive)' }));
    await waitFor(() => expect(router.state.location.search).toContain('campaign_id=2'));
    await waitFor(() => expect(listCalls(calls).some((url) => url.includes('campaign_id=2'))).toBe(true));
    expect(await screen.findByText('No leads match these filters.')).toBeTruthy();
  });

  it('opens ?lead= with its contacts and timeline, adds a note and saves a Connected outcome with the rule date', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T15:00:00')); // a Thursday: +2 business days is Monday 2026-11-30
    const calls: Call[] = [];
    const events = userEvent.setup();
    renderSignedIn('/crm?lead=5', {
      permissions: ['view crm'],
      user,
      api: apiWith(calls, () => [lead()], {
        'POST /api/crm/leads/5/notes': [201, { data: {}, message: 'Note added.' }],
        'POST /api/crm/leads/5/disposition': [
          200,
          { data: { lead: lead({ next_touch: '2026-11-30' }), note: null }, message: 'Saved.' },
        ],
      }),
    });
    const drawer = await screen.findByRole('dialog', { name: 'Acme Dental' }, firstLoad);
    expect(await within(drawer).findByText('Sam Smith')).toBeTruthy();
    const timeline = within(drawer).getByRole('list', { name: 'Timeline' });
    expect(within(timeline).getByText('Left Voicemail')).toBeTruthy();
    expect(within(timeline).getByText('Voicemail left')).toBeTruthy();
    expect(within(timeline).getByText('01:05')).toBeTruthy();
    // Without 'phone access' the numbers are text and there is no Call button; without 'manage crm', no Delete.
    expect(within(drawer).queryByRole('button', { name: 'Call' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Delete' })).toBeNull();

    await events.click(within(drawer).getByRole('button', { name: 'Add note' }));
    expect(await within(drawer).findByText('The note is required.')).toBeTruthy();
    await events.type(within(drawer).getByRole('textbox', { name: 'Add a note' }), 'Asked for <pricing>');
    await events.click(within(drawer).getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/crm/leads/5/notes')?.body).toEqual({
        body: '<p>Asked for &lt;pricing&gt;</p>',
      }),
    );

    await events.click(within(drawer).getByRole('button', { name: 'Log outcome' }));
    const outcome = within(drawer).getByRole('region', { name: 'Call outcome' });
    await events.click(within(outcome).getByRole('button', { name: 'Save outcome' }));
    expect(within(outcome).getByText('Choose a disposition.')).toBeTruthy();
    await events.click(within(outcome).getByRole('button', { name: '1 Connected' }));
    expect((within(outcome).getByLabelText('Next touch') as HTMLInputElement).value).toBe('2026-11-30');
    await events.click(within(outcome).getByRole('button', { name: 'Save outcome' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/crm/leads/5/disposition')?.body).toEqual({
        disposition: 'connected',
        next_touch: '2026-11-30',
        status: 1,
      }),
    );
  });

  it('gives a manager the agent filter, and changes the status of the selected leads in bulk', async () => {
    const calls: Call[] = [];
    const events = userEvent.setup();
    renderSignedIn('/crm', {
      permissions: ['view crm', 'manage crm'],
      user,
      api: apiWith(calls, () => [lead(), lead({ id: 6, company_name: 'Hale Law', next_touch: null })], {
        'POST /api/crm/leads/bulk': [200, { data: { updated: 1 }, message: '1 leads updated.' }],
      }),
    });
    const table = await screen.findByRole('table', { name: 'Leads' }, firstLoad);
    await within(table).findByText('Hale Law');
    expect(screen.getByRole('combobox', { name: 'Agent' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    await events.click(within(table).getByRole('checkbox', { name: 'Select Hale Law' }));
    const bulk = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bulk).getByText('1 selected')).toBeTruthy();
    expect(within(bulk).getByRole('button', { name: 'Delete' })).toBeTruthy();
    await events.click(within(bulk).getByRole('combobox', { name: 'Change' }));
    await events.click(screen.getByRole('option', { name: 'Status' }));
    await events.click(within(bulk).getByRole('combobox', { name: 'Bulk Status' }));
    const statuses = screen.getAllByRole('option').map((option) => option.textContent);
    // The update list leaves out None and All (spec 1 §3.4).
    expect(statuses).toEqual(['Prospect', 'Appointment Set', 'Current Client', 'Win Back']);
    await events.click(screen.getByRole('option', { name: 'Win Back' }));
    await events.click(within(bulk).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/crm/leads/bulk')?.body).toEqual({
        ids: [6],
        action: 'status',
        value: 9,
      }),
    );
    expect(await screen.findByText('1 leads updated.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull());
  });

  it('follows crm_lead_{id}: a note added elsewhere appears, a logged call asks for its outcome', async () => {
    const answers: Record<string, [number, unknown]> = {};
    renderSignedIn('/crm?lead=5', { permissions: ['view crm'], user, api: apiWith([], () => [lead()], answers) });
    const drawer = await screen.findByRole('dialog', { name: 'Acme Dental' }, firstLoad);
    await within(drawer).findByText('Sam Smith');
    await waitFor(() => expect(latestSocket().subscriptions()).toContain('crm_lead_5'));
    const note = {
      id: 31,
      lead_id: 5,
      user_id: 2,
      user_name: 'Olive Other',
      call_id: null,
      body: '<p>Prefers mornings.</p>',
      created_at: '2026-11-20T09:00:00Z',
    };
    answers['GET /api/crm/leads/5'] = [200, { data: { ...detail(), notes: [note] } }];
    act(() => latestSocket().serverEmit('crm_lead_5', 'LeadNoteAdded', note));
    expect(await within(drawer).findByText('Prefers mornings.')).toBeTruthy();
    expect(within(drawer).queryByRole('region', { name: 'Call outcome' })).toBeNull();
    act(() => latestSocket().serverEmit('crm_lead_5', 'LeadCallLogged', { id: 22, lead_id: 5 }));
    expect(await within(drawer).findByRole('region', { name: 'Call outcome' })).toBeTruthy();
  });

  it('keeps the list live: a row changes at once, bursts refetch once, a lead assigned to me appears', async () => {
    const calls: Call[] = [];
    let rows = [lead(), lead({ id: 6, company_name: 'Bright Smiles', status: 1 })];
    // While held, the list's answers wait: what the rows show then came from the socket alone.
    let held: Promise<void> | null = null;
    const answer = apiWith(calls, () => rows);
    const api: ApiAnswer = async (url, init) => {
      if (held && url.startsWith('/api/crm/leads?')) await held;
      return answer(url, init);
    };
    renderSignedIn('/crm?status=2', { permissions: ['view crm'], user, api });
    const table = await screen.findByRole('table', { name: 'Leads' }, firstLoad);
    await within(table).findByText('Bright Smiles');
    const socket = latestSocket();
    await waitFor(() => expect(socket.subscriptions()).toEqual(expect.arrayContaining(['crm_lead_5', 'crm_lead_6'])));
    const own = socket.subscriptions().find((channel) => String(channel).startsWith('user.')) as string;
    const fetched = () => listCalls(calls).length;
    const before = fetched();

    // LeadUpdated patches its row before any refetch answers: status Win Back and a new next touch.
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    rows = [lead(), lead({ id: 6, company_name: 'Bright Smiles', status: 9, next_touch: '2027-01-05' })];
    act(() => socket.serverEmit('crm_lead_6', 'LeadUpdated', rows[1]));
    const row = () => table.querySelector('[data-lead-id="6"]') as HTMLElement;
    await waitFor(() => expect(row().querySelector('[data-column="status"]')?.textContent).toBe('Win Back'));
    expect(row().querySelector('[data-column="next_touch"]')?.textContent).toBe('2027-01-05');
    expect(fetched()).toBe(before);
    held = null;
    release();
    await waitFor(() => expect(fetched()).toBe(before + 1));

    // Twenty changes together (calls logged on both rows) read the list once more, not twenty times.
    act(() => {
      for (let index = 0; index < 10; index += 1) {
        socket.serverEmit('crm_lead_5', 'LeadCallLogged', { id: 100 + index, lead_id: 5 });
        socket.serverEmit('crm_lead_6', 'LeadCallLogged', { id: 200 + index, lead_id: 6 });
      }
    });
    await waitFor(() => expect(fetched()).toBe(before + 2));
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(fetched()).toBe(before + 2);

    // A lead assigned to me elsewhere: my own channel says so, the list reads again and follows the new row.
    rows = [...rows, lead({ id: 7, company_name: 'Newly Assigned LLC' })];
    act(() => socket.serverEmit(own, 'CrmLeadsChanged', { ids: [7] }));
    expect(await within(table).findByText('Newly Assigned LLC')).toBeTruthy();
    await waitFor(() => expect(socket.subscriptions()).toContain('crm_lead_7'));
    expect(fetched()).toBe(before + 3);

    // A row leaving the page leaves its channel.
    rows = rows.filter((entry) => entry.id !== 5);
    act(() => socket.serverEmit('crm_lead_5', 'LeadDeleted', { id: 5 }));
    await waitFor(() => expect(table.querySelector('[data-lead-id="5"]')).toBeNull());
    await waitFor(() =>
      expect(socket.sent.some((entry) => entry.event === 'unsubscribe' && entry.args[0] === 'crm_lead_5')).toBe(true),
    );
  });

  it('shows proposals on the timeline and follows an answer from the public page live', async () => {
    const proposal = {
      id: 40,
      lead: { id: 5, company_name: 'Acme Dental', status: 1 },
      title: 'Managed IT for Acme',
      status: 'sent' as const,
      monthly_total: 546,
      one_time_total: 1200,
      sent_at: '2026-11-19T16:00:00Z',
      valid_until: '2099-12-31',
      agent: { id: 1, name: 'Ada Admin' },
      created_at: '2026-11-19T15:30:00Z',
      updated_at: '2026-11-19T16:00:00Z',
    };
    const answers: Record<string, [number, unknown]> = { 'GET /api/crm/proposals': [200, { data: [proposal] }] };
    renderSignedIn('/crm?lead=5', { permissions: ['view crm'], user, api: apiWith([], () => [lead()], answers) });
    const drawer = await screen.findByRole('dialog', { name: 'Acme Dental' }, firstLoad);
    const timeline = await within(drawer).findByRole('list', { name: 'Timeline' });
    const entries = () =>
      [...timeline.querySelectorAll('[data-proposal-id]')].map((node) => node.getAttribute('data-proposal-event'));
    await waitFor(() => expect(entries()).toEqual(['sent']));
    expect(within(timeline).getByText('Proposal sent')).toBeTruthy();
    await waitFor(() => expect(latestSocket().subscriptions()).toContain('crm_lead_5'));

    const accepted = { ...proposal, status: 'accepted' as const, updated_at: '2026-11-20T10:00:00Z' };
    answers['GET /api/crm/proposals'] = [200, { data: [accepted] }];
    act(() => latestSocket().serverEmit('crm_lead_5', 'LeadProposalUpdated', accepted));
    expect(await within(timeline).findByText('Proposal accepted')).toBeTruthy();
    // Newest first: the answer above the send, which stays.
    expect(entries()).toEqual(['accepted', 'sent']);
  });

  it('says so when the lead is not there or not the agent’s to see', async () => {
    renderSignedIn('/crm?lead=77', {
      permissions: ['view crm'],
      user,
      api: apiWith([], () => [], { 'GET /api/crm/leads/77': [404, { message: 'Not found.' }] }),
    });
    const drawer = await screen.findByRole('dialog', { name: 'Lead #77' }, firstLoad);
    expect(await within(drawer).findByText('This lead does not exist or is not yours to see.')).toBeTruthy();
  });
});
