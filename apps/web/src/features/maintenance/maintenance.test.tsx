import { defaultUserSettings, eventLogNote, type MaintenanceCompany } from '@switchboard/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-stub.ts';
import { fakeSocketModule, latestSocket } from '../../test/fake-socket.ts';
import { renderApp } from '../../test/render.tsx';
import { shellRoutes, signIn } from '../../test/render-signed-in.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

// Issue 19 parts 1, 2 and 5 in the browser: the month's states and the ticket warning, the baseline's note rule,
// N/A, save button by mode, and the live check-in toast (spec 2 §2, §4, §5).

const tess = { name: 'Tess Tech', shortname: 'Tess', email: 'tess@example.com', settings: defaultUserSettings };

const company: MaintenanceCompany = {
  id: 4,
  name: 'Server Co',
  sites: [
    {
      id: 9,
      name: 'HQ',
      servers: [
        {
          id: 21,
          name: 'DC01',
          sched_maint: 1,
          av: 2,
          roles: [{ id: 1, name: 'Domain Controller' }],
          ticket: null,
          baseline: { id: 3, ticket_id: 501, status: 1 },
          analysis: { id: 5, ticket_id: 502, status: 2 },
          exchange: null,
        },
      ],
    },
  ],
};
const monthPage = { data: [company], total: 1, current_page: 1, per_page: 50, from: 1, to: 1, last_page: 1 };
const checkIns = {
  data: [{ id: 77, subject: 'Scheduled Maintenance 03/2026: DC01', status: 2, company_id: 4, check_ins: [] }],
};

function open(path: string, routes: Parameters<typeof stubApi>[0] = {}) {
  signIn();
  const api = stubApi({
    ...shellRoutes(['view chat'], tess),
    'GET /api/misc/staticdata': [200, { data: {} }],
    'GET /api/schedule/main/ticket/77': [200, checkIns],
    ...routes,
  });
  return { api, ...renderApp(path) };
}

describe('Scheduled Maintenance month (spec 2 §2, §4)', { timeout: 30_000 }, () => {
  it('shows roles, AVG, Incomplete and ticket ids green when closed and red otherwise; warns before creating', async () => {
    const { api, router } = open('/maintenance/3/2026', {
      'GET /api/companies/servers/3/2026': [200, monthPage],
      'POST /api/ticket': [200, { message: 'Ticket created.', data: { id: 77 } }],
    });
    const row = await screen.findByRole('row', { name: 'DC01' });
    expect(within(row).getByText('Yes for AVG Updates')).toBeTruthy();
    expect(within(row).getByText('Domain Controller')).toBeTruthy();
    expect(within(row).getByLabelText('baseline: ticket 501').getAttribute('data-state')).toBe('green');
    expect(within(row).getByLabelText('analysis: ticket 502').getAttribute('data-state')).toBe('red');

    await userEvent.click(within(row).getByRole('button', { name: 'exchange: Incomplete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Maintenance Ticket' });
    expect(within(dialog).getByText(/can not be undone/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/ticket')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/ticket')[0]!.body).toEqual({
      subject: 'Scheduled Maintenance 03/2026: DC01',
      company: 4,
      site: 9,
      server: 21,
      triage_id: 3,
      location: 1,
      month: 3,
      year: 2026,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/maintenance/exchange/4/21/3/2026/77/9'));
  });
});

describe('Baseline Security checklist (spec 2 §2, §5)', { timeout: 60_000 }, () => {
  it('blocks saving while a question has no notes, highlighting the row; N/A fills N/A; Save Baseline creates', async () => {
    const { api, router } = open('/maintenance/baseline/4/21/3/2026/77/9', {
      'POST /api/maintenance/baseline': [200, { message: 'Baseline Security checklist saved.', data: { id: 3 } }],
      'GET /api/maintenance/baseline/3': [
        200,
        {
          data: [
            {
              id: 3,
              company_id: 4,
              site_id: 9,
              server_id: 21,
              month: 3,
              year: 2026,
              ticket_id: 77,
              answers: [],
            },
          ],
        },
      ],
    });
    const eventLog = await screen.findByRole('region', { name: 'Event Log Review' });
    expect(within(eventLog).getByText(eventLogNote)).toBeTruthy();
    const sections = screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'));
    expect(sections).toEqual([
      'General Security',
      'Domain Controller',
      'Audit Enabled',
      'Event Log Review',
      'Patching',
    ]);

    // Every question but one gets an answer with notes; N/A fills its notes.
    const rows = screen.getAllByRole('group').filter((group) => /^\d+\. /.test(group.getAttribute('aria-label') ?? ''));
    expect(rows).toHaveLength(18);
    for (const row of rows.slice(1)) {
      // fireEvent: seventeen typed clicks cost seconds each on a shared CI machine.
      fireEvent.click(within(row).getByRole('button', { name: 'N/A' }));
      expect((within(row).getByRole('textbox', { name: 'Notes' }) as HTMLTextAreaElement).value).toBe('N/A');
    }
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Yes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Baseline' }));
    expect(rows[0]!.getAttribute('data-missing')).toBe('true');
    expect(rows[1]!.getAttribute('data-missing')).toBeNull();
    expect(screen.getByRole('alert').textContent).toMatch(/highlighted/);
    expect(api.callsTo('POST', '/api/maintenance/baseline')).toHaveLength(0);

    fireEvent.change(within(rows[0]!).getByRole('textbox', { name: 'Notes' }), { target: { value: 'Locked rack' } });
    expect(rows[0]!.getAttribute('data-missing')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save Baseline' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/maintenance/baseline')).toHaveLength(1));
    const body = api.callsTo('POST', '/api/maintenance/baseline')[0]!.body as {
      answers: { question_id: number; answer: number; notes: string }[];
    };
    expect(body).toMatchObject({ company_id: 4, site_id: 9, server_id: 21, month: 3, year: 2026, ticket_id: 77 });
    expect(body.answers[0]).toEqual({ question_id: 1, answer: 1, notes: 'Locked rack' });
    expect(body.answers[17]).toEqual({ question_id: 18, answer: 3, notes: 'N/A' });
    // Saved: the route gains the baseline id and the button reads Update Baseline (edit mode).
    await waitFor(() => expect(router.state.location.pathname).toBe('/maintenance/baseline/4/21/3/2026/77/9/3'));
    expect(await screen.findByRole('button', { name: 'Update Baseline' }, { timeout: 5_000 })).toBeTruthy();
  });

  it('toasts when another user checks in to the ticket', async () => {
    open('/maintenance/baseline/4/21/3/2026/77/9');
    await screen.findByRole('button', { name: 'Check In' });
    await waitFor(() => expect(latestSocket().subscriptions()).toContain('ticket_77'));
    latestSocket().serverEmit('ticket_77', 'CheckInOut', { direction: 'in', user: { id: 8, name: 'Sam Other' } });
    expect(await screen.findByText('Sam Other checked in to this ticket')).toBeTruthy();
  });
});

describe('Server Analysis checklist (spec 2 §2)', { timeout: 60_000 }, () => {
  it('adds a row per drive from id 20, sends dates as Unix seconds, and PUTs in edit mode', async () => {
    const answers = Array.from({ length: 17 }, (_, i) => ({ question_id: i + 1, answer: 1, notes: 'ok' }));
    const record = {
      id: 6,
      company_id: 4,
      site_id: 9,
      server_id: 21,
      month: 3,
      year: 2026,
      ticket_id: 77,
      answers: answers.map((a) => (a.question_id === 9 ? { ...a, answer: 1_772_323_200 } : a)),
      drives: [{ question_id: 20, drive_id: 31, letter: 'C', size: 240, answer: 120, notes: 'half' }],
    };
    const { api } = open('/maintenance/analysis/4/21/3/2026/77/9/6', {
      'GET /api/maintenance/analysis/6': [200, { data: [record] }],
      'GET /api/drives/21': [200, { data: [{ id: 21, name: 'DC01', company_id: 4, drives: [] }] }],
      'PUT /api/maintenance/analysis/6': [200, { message: 'Server Analysis updated.', data: { id: 6 } }],
    });
    const drive = await screen.findByRole('group', { name: '20. C Drive Used Space (GB)' });
    expect(within(drive).getByRole('textbox', { name: '20. C Drive Used Space (GB)' })).toBeTruthy();
    const lastBackup = screen.getByRole('group', { name: '9. Last local backup date' });
    const date = within(lastBackup).getByLabelText('9. Last local backup date') as HTMLInputElement;
    expect(date.value).toBe('2026-03-01');
    fireEvent.change(date, { target: { value: '2026-03-02' } });
    await userEvent.click(screen.getByRole('button', { name: 'Update Analysis' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/maintenance/analysis/6')).toHaveLength(1));
    const body = api.callsTo('PUT', '/api/maintenance/analysis/6')[0]!.body as {
      answers: { question_id: number; answer: number }[];
      drives: unknown[];
    };
    expect(body.answers.find((a) => a.question_id === 9)!.answer).toBe(1_772_409_600);
    expect(body.drives).toEqual([record.drives[0]]);
  });
});

describe('Maintenance notes (spec 2 §2 notes flow, decision 0062)', { timeout: 60_000 }, () => {
  const notesRecord = (month: number, notes: string, updatedAt: string) => ({
    id: month,
    company_id: 4,
    site_id: 9,
    server_id: 21,
    month,
    year: 2026,
    ticket_id: 70 + month,
    notes,
    updated_by: { name: 'Tess Tech' },
    updated_at: updatedAt,
  });
  const notesPage = {
    data: {
      notes: notesRecord(3, '<p>Fan 2 is loud.</p>', '2026-03-04T10:00:00.000Z'),
      earlier: [notesRecord(2, '<p>Check the fans next month.</p>', '2026-02-03T10:00:00.000Z')],
      server: { id: 21, name: 'DC01' },
      ticket: { id: 77, status: 2 },
      baseline: { id: 3, ticket_id: 77, status: 2 },
      analysis: null,
      exchange: null,
    },
  };

  it('shows the month’s checklists and earlier notes, saves with the loaded version, and closes the ticket', async () => {
    const { api } = open('/maintenance/notes/4/21/3/2026/77/9', {
      'GET /api/maintenance/notes/21/3/2026': [200, notesPage],
      'POST /api/maintenance/notes': [
        409,
        { message: 'Someone else saved these notes after you opened them. Reload to see their text before you save.' },
      ],
      'PUT /api/ticket/77': [200, { message: 'Ticket updated.' }],
    });
    const checklists = await screen.findByRole('region', { name: 'Checklists of the month' });
    expect(within(checklists).getByLabelText('baseline: 77').textContent).toBe('Ticket 77');
    expect(within(checklists).getByLabelText('analysis: Incomplete')).toBeTruthy();
    const earlier = screen.getByRole('article', { name: '02/2026' });
    expect(within(earlier).getByText('Check the fans next month.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Save Notes' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/maintenance/notes')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/maintenance/notes')[0]!.body).toMatchObject({
      company_id: 4,
      server_id: 21,
      month: 3,
      year: 2026,
      ticket_id: 77,
      updated_at: '2026-03-04T10:00:00.000Z',
    });
    // A colleague saved in between: said so beside the editor, with a way to read their text.
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Close Ticket' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/ticket/77')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/ticket/77')[0]!.body).toEqual({ status: 1 });
  });
});
