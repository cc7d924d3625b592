import type { HrBase, HrStep } from '@switchboard/shared/hr/base';
import type { HrApplicantDetail, HrBoard, HrBoardCard, HrJobRow } from '@switchboard/shared/hr/jobs';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketModule, latestSocket } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { type ApiAnswer, firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';

// /hr/jobs (designs/hr.md §5): the board's columns and cards, a move from the drawer (expected_step_id sent, a 409
// snapping the card back with its message), Rejected asking the reason, a step template offered to send or skip, the
// board following ApplicantMoved, the interview dialog's slot rule, and Create employee's prefilled link.

vi.mock('socket.io-client', () => fakeSocketModule);

afterEach(() => {
  vi.unstubAllGlobals();
});

const step = (id: number, name: string, kind: HrStep['kind'], sort: number, template = false): HrStep => ({
  id,
  name,
  kind,
  color: '#228be6',
  email_subject: template ? 'Phone screen for {job_title}' : '',
  email_body: template ? 'Hi {first_name}, shall we talk at {company_name}?' : '',
  active: true,
  sort_order: sort,
});
const steps = [
  step(10, 'Applied', 'active', 1),
  step(11, 'Phone Screen', 'active', 2, true),
  step(16, 'Hired', 'hired', 3),
  step(17, 'Rejected', 'rejected', 4),
];
const base: HrBase = { categories: [], steps, reasons: [], anon_readers: [] };

const job: HrJobRow = {
  id: 1,
  title: 'Senior Technician',
  department: { id: 3, name: 'Service Desk' },
  region: null,
  employment_type: 'full_time',
  workplace: 'on_site',
  status: 'open',
  openings: 2,
  hiring_manager: { id: 7, name: 'Mona Manager' },
  opened_on: '2026-11-01',
  closed_on: null,
  target_on: '2026-12-15',
  days_open: 27,
  applicants: 2,
  step_counts: [
    { step_id: 10, count: 1 },
    { step_id: 11, count: 1 },
  ],
};

const card = (id: number, name: string, stepId: number, changes: Partial<HrBoardCard> = {}): HrBoardCard => ({
  id,
  job_id: 1,
  first_name: name.split(' ')[0]!,
  last_name: name.split(' ')[1]!,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  source: 'website',
  rating: null,
  tags: [],
  step_id: stepId,
  position: 0,
  step_entered_at: '2026-11-20T10:00:00.000Z',
  days_in_step: 8,
  next_interview: null,
  created_at: '2026-11-02T10:00:00.000Z',
  ...changes,
});
const grace = card(1, 'Grace Hopper', 10, {
  rating: 4,
  next_interview: { id: 5, starts_at: '2026-12-02T15:00:00.000Z', kind: 'video' },
});
const alan = card(2, 'Alan Turing', 11, { days_in_step: 1 });

const board = (): HrBoard => ({
  job,
  columns: steps.map((each) => ({
    step: each,
    cards: [grace, alan].filter((applicant) => applicant.step_id === each.id),
  })),
});

const detail = (changes: Partial<HrApplicantDetail> = {}): HrApplicantDetail => ({
  ...grace,
  access: 'manage',
  job: { id: 1, title: 'Senior Technician', status: 'open' },
  step: { id: 10, name: 'Applied', kind: 'active' },
  phone: '',
  linkedin_url: '',
  referred_by: null,
  rejection_reason: '',
  employee_user_id: null,
  last_activity_at: '2026-11-20T10:00:00.000Z',
  files: [],
  interviews: [],
  timeline: [
    {
      id: 1,
      type: 'created',
      actor: null,
      from_step_id: null,
      to_step_id: 10,
      body: '',
      created_at: '2026-11-02T10:00:00.000Z',
    },
  ],
  known_warnings: ['Applied to Help Desk Technician on 2026-03-02 (Rejected)'],
  ...changes,
});

function stubApi(options: { move?: 'ok' | 'conflict'; applicant?: HrApplicantDetail } = {}) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  const api: ApiAnswer = (url, init) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    if (method !== 'GET') sent.push({ method, url, body });
    if (url === '/api/hr/base') return jsonResponse(200, { data: base });
    if (url === '/api/users/employee.list')
      return jsonResponse(200, { data: [{ user_id: 7, user: { name: 'Mona Manager' }, departments: [] }] });
    if (url === '/api/hr/jobs/1/board') return jsonResponse(200, { data: board() });
    if (url === '/api/hr/applicants/1' && method === 'GET')
      return jsonResponse(200, { data: options.applicant ?? detail() });
    if (url === '/api/hr/applicants/1/move') {
      if (options.move === 'conflict') return jsonResponse(409, { message: 'Someone moved this applicant first.' });
      return jsonResponse(200, {
        message: 'Applicant moved.',
        data: { ...grace, step_id: body.step_id, position: body.position, days_in_step: 0 },
      });
    }
    if (url === '/api/hr/applicants/1/hire')
      return jsonResponse(200, {
        data: {
          applicant_id: 1,
          first_name: 'Grace',
          last_name: 'Hopper',
          email: 'grace@example.com',
          phone: '',
          title: 'Senior Technician',
          department_id: 3,
          region_id: null,
          start_date: '2026-12-15',
          employee_user_id: null,
        },
      });
  };
  return { api, sent };
}

const permissions = ['manage jobs'];
const column = (name: string) => screen.getByRole('region', { name });

async function chooseStep(user: ReturnType<typeof userEvent.setup>, name: string) {
  const drawer = await screen.findByRole('dialog', { name: 'Grace Hopper' });
  await user.click(await within(drawer).findByRole('combobox', { name: 'Step' }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('/hr/jobs', { timeout: 60_000 }, () => {
  it('shows the active steps as columns with their cards, Hired and Rejected folded, and follows ApplicantMoved', async () => {
    const { api } = stubApi();
    renderSignedIn('/hr/jobs/board/1', { permissions, api });
    const applied = await screen.findByRole('region', { name: 'Applied' }, firstLoad);
    const graceCard = within(applied).getByRole('article', { name: 'Grace Hopper' });
    expect(within(graceCard).getByLabelText('Rated 4 of 5')).toBeTruthy();
    expect(within(graceCard).getByText('8 days in step')).toBeTruthy();
    expect(within(graceCard).getByText(/^Video · /)).toBeTruthy();
    expect(within(graceCard).getByRole('button', { name: 'Move Grace Hopper' })).toBeTruthy();
    expect(within(column('Phone Screen')).getByText('1 day in step')).toBeTruthy();
    expect(within(column('Phone Screen')).getByText('Not rated')).toBeTruthy();
    expect(within(column('Hired')).getByRole('button', { name: 'Show Hired' })).toBeTruthy();
    expect(within(column('Rejected')).getByRole('button', { name: 'Show Rejected' })).toBeTruthy();

    act(() =>
      latestSocket().serverEmit('hr_job_1', 'ApplicantMoved', {
        job_id: 1,
        applicant_id: 1,
        from_step_id: 10,
        to_step_id: 11,
        position: 1,
        card: { ...grace, step_id: 11, position: 1, days_in_step: 0 },
      }),
    );
    await waitFor(() =>
      expect(within(column('Phone Screen')).getByRole('article', { name: 'Grace Hopper' })).toBeTruthy(),
    );
    expect(within(column('Applied')).queryByRole('article', { name: 'Grace Hopper' })).toBeNull();
    expect(
      within(column('Phone Screen'))
        .getAllByRole('article')
        .map((each) => each.getAttribute('aria-label')),
    ).toEqual(['Alan Turing', 'Grace Hopper']);
  });

  it("moves from the drawer with the step it was in, then offers the step's e-mail to send or skip", async () => {
    const { api, sent } = stubApi();
    const user = userEvent.setup();
    renderSignedIn('/hr/jobs/board/1?applicant=1', { permissions, api });
    const drawer = await screen.findByRole('dialog', { name: 'Grace Hopper' }, firstLoad);
    expect(await within(drawer).findByText('Applied to Help Desk Technician on 2026-03-02 (Rejected)')).toBeTruthy();
    await chooseStep(user, 'Phone Screen');
    const mail = await screen.findByRole('dialog', { name: 'E-mail Grace Hopper' });
    expect(sent.filter((call) => call.url.endsWith('/move')).map((call) => call.body)).toEqual([
      { step_id: 11, position: 0, expected_step_id: 10 },
    ]);
    expect(within(mail).getByRole('textbox', { name: 'Subject' })).toHaveProperty(
      'value',
      'Phone screen for Senior Technician',
    );
    expect(within(mail).getByRole('textbox', { name: 'Message' })).toHaveProperty(
      'value',
      'Hi Grace, shall we talk at {company_name}?',
    );
    await user.click(within(mail).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'E-mail Grace Hopper' })).toBeNull());
    expect(sent.some((call) => call.url.endsWith('/email'))).toBe(false);
  });

  it('snaps the card back with the message when someone moved it first (409)', async () => {
    const { api, sent } = stubApi({ move: 'conflict' });
    const user = userEvent.setup();
    renderSignedIn('/hr/jobs/board/1?applicant=1', { permissions, api });
    await screen.findByRole('region', { name: 'Applied' }, firstLoad);
    await chooseStep(user, 'Phone Screen');
    expect(await screen.findByText('Someone moved this applicant first.')).toBeTruthy();
    expect(sent.filter((call) => call.url.endsWith('/move'))).toHaveLength(1);
    await waitFor(() => expect(within(column('Applied')).getByRole('article', { name: 'Grace Hopper' })).toBeTruthy());
    expect(within(column('Phone Screen')).queryByRole('article', { name: 'Grace Hopper' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'E-mail Grace Hopper' })).toBeNull();
  });

  it('asks the reason before moving to Rejected', async () => {
    const { api, sent } = stubApi();
    const user = userEvent.setup();
    renderSignedIn('/hr/jobs/board/1?applicant=1', { permissions, api });
    await screen.findByRole('dialog', { name: 'Grace Hopper' }, firstLoad);
    await chooseStep(user, 'Rejected');
    const dialog = await screen.findByRole('dialog', { name: 'Reject Grace Hopper' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Give the reason for the rejection.')).toBeTruthy();
    expect(sent.filter((call) => call.url.endsWith('/move'))).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'No CCNA yet');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(sent.filter((call) => call.url.endsWith('/move')).map((call) => call.body)).toEqual([
        { step_id: 17, position: 0, expected_step_id: 10, rejection_reason: 'No CCNA yet' },
      ]),
    );
  });

  it('refuses an interview whose start is after its end, before sending it', async () => {
    const { api, sent } = stubApi();
    const user = userEvent.setup();
    renderSignedIn('/hr/jobs/board/1?applicant=1', { permissions, api });
    const drawer = await screen.findByRole('dialog', { name: 'Grace Hopper' }, firstLoad);
    await user.click(within(drawer).getByRole('tab', { name: /Interviews/ }));
    await user.click(await within(drawer).findByRole('button', { name: 'Schedule interview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule interview with Grace Hopper' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Start/ }));
    await user.click(await screen.findByRole('option', { name: '15:00' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The start time may not be after the end time.')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one interviewer.')).toBeTruthy();
    expect(sent.filter((call) => call.url.startsWith('/api/hr/interviews'))).toEqual([]);
  });

  it('lists the files and deletes one after confirming', async () => {
    const file = {
      id: 3,
      kind: 'resume' as const,
      name: 'grace-resume.pdf',
      size: 2_516_582,
      mimetype: 'application/pdf',
      created_at: '2026-11-02T10:00:00.000Z',
      download_path: '/hr/applicants/1/files/3',
    };
    const { api, sent } = stubApi({ applicant: detail({ files: [file] }) });
    const user = userEvent.setup();
    renderSignedIn('/hr/jobs?applicant=1', { permissions, api });
    const drawer = await screen.findByRole('dialog', { name: 'Grace Hopper' }, firstLoad);
    await user.click(within(drawer).getByRole('tab', { name: 'Files (1)' }));
    expect(await within(drawer).findByText('grace-resume.pdf')).toBeTruthy();
    expect(within(drawer).getByText('Resume · 2.4 MB')).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Delete grace-resume.pdf' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
    await waitFor(() =>
      expect(sent.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
        '/api/hr/applicants/1/files/3',
      ]),
    );
  });

  it('offers Create employee once hired and opens the create page prefilled', async () => {
    const { api } = stubApi({ applicant: detail({ step_id: 16, step: { id: 16, name: 'Hired', kind: 'hired' } }) });
    const user = userEvent.setup();
    const { router } = renderSignedIn('/hr/jobs?applicant=1', {
      permissions: [...permissions, 'view human resources'],
      api,
    });
    const drawer = await screen.findByRole('dialog', { name: 'Grace Hopper' }, firstLoad);
    await user.click(await within(drawer).findByRole('button', { name: 'Create employee' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/hr/employees/create'), { timeout: 15_000 });
    const query = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(query)).toEqual({
      applicant: '1',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      title: 'Senior Technician',
      department: '3',
      start_date: '2026-12-15',
    });
  });

  it("opens for an interviewer without 'manage jobs': their interviews and the applicant's limited drawer", async () => {
    const interview = {
      id: 4,
      applicant: { id: 1, name: 'Grace Hopper', job_id: 1, job_title: 'Senior Technician' },
      starts_at: '2026-12-01T15:00:00.000Z',
      ends_at: '2026-12-01T16:00:00.000Z',
      kind: 'video' as const,
      location: 'https://meet.example.com/grace',
      status: 'scheduled' as const,
      sequence: 0,
      interviewers: [
        {
          user_id: 1,
          name: 'Ada Admin',
          submitted: false,
          rating: null,
          recommendation: null,
          feedback: null,
          submitted_at: null,
        },
      ],
    };
    const { api: inner } = stubApi({
      applicant: detail({ access: 'interviewer', timeline: [], interviews: [interview] }),
    });
    const asked: string[] = [];
    const api: ApiAnswer = (url, init) => {
      asked.push(url);
      if (url.startsWith('/api/hr/interviews?')) return jsonResponse(200, { data: [interview] });
      return inner(url, init);
    };
    renderSignedIn('/hr/jobs?applicant=1', { permissions: [], api });
    const table = await screen.findByRole('table', { name: 'My interviews' }, firstLoad);
    expect(within(table).getByRole('link', { name: 'Grace Hopper' }).getAttribute('href')).toBe('/hr/jobs?applicant=1');
    expect(within(table).getByText('https://meet.example.com/grace')).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: 'Grace Hopper' })).toBeTruthy();
    // The openings list needs 'manage jobs': never asked for.
    expect(asked.some((url) => url.startsWith('/api/hr/jobs'))).toBe(false);
  });
});
