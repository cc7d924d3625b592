import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  hrApplicantDetailSchema,
  hrBoardSchema,
  hrHirePrefillSchema,
  hrInterviewSavedSchema,
  hrInterviewSchema,
  hrJobRowSchema,
  hrJobSchema,
} from '@switchboard/shared/hr/jobs';
import { NOTIFICATION_INTERVIEW } from '@switchboard/shared/notification-types';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  multipartBody,
  type TestContext,
} from '../../../test/helpers.ts';
import { pageSchema } from '../../db/paginate.ts';
import { runJob } from '../../plugins/jobs.ts';
import { companies } from '../companies/companies.table.ts';
import { holidays } from '../holidays/holidays.table.ts';
import { outbox } from '../mail/mail.table.ts';
import { notifications } from '../notifications/notifications.table.ts';
import { interviewIcs, remindInterviews, zonedToUtc } from './hr-interviews.service.ts';
import { hrApplicantFiles, hrApplicants, hrInterviews, hrJobs } from './hr-jobs.table.ts';
import { hrRequestDays, hrRequests } from './hr-requests.table.ts';
import { hrCategories, hrSteps } from './hr.table.ts';

// Hiring's calls (designs/hr.md §5, §8, §9): every gate ('manage jobs', an interviewer, another employee, a client),
// the 422 texts, the board move conflict, files known by content, the .ics invitation, hidden scorecards, the
// reminder and the retention purge.

let ctx: TestContext;
let hr: string;
let plain: string;
let client: string;
let ivA: { id: number; token: string; name: string };
let ivB: { id: number; token: string; name: string };
let steps: Map<string, number>;

beforeAll(async () => {
  ctx = await createTestContext();
  const [company] = await ctx.db.insert(companies).values({ name: 'Acme Dental' }).returning({ id: companies.id });
  const manager = await createUser(ctx.db, { name: 'Hanna Hiring', permissions: ['manage jobs'] });
  hr = (await login(ctx.app, manager.email, manager.password)).access_token;
  const other = await createUser(ctx.db, { name: 'Otto Other' });
  plain = (await login(ctx.app, other.email, other.password)).access_token;
  const account = await createUser(ctx.db, { type: 'Client', companyId: company!.id });
  client = (await login(ctx.app, account.email, account.password)).access_token;
  for (const [key, name] of [
    ['a', 'Ivy Interviewer'],
    ['b', 'Ben Interviewer'],
  ] as const) {
    const user = await createUser(ctx.db, { name });
    const token = (await login(ctx.app, user.email, user.password)).access_token;
    if (key === 'a') ivA = { id: user.id, token, name };
    else ivB = { id: user.id, token, name };
  }
  const rows = await ctx.db.select({ id: hrSteps.id, name: hrSteps.name }).from(hrSteps);
  steps = new Map(rows.map((row) => [row.name, row.id]));
});
afterAll(async () => {
  await ctx.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, as = hr) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: bearer(as), payload });
const step = (name: string) => steps.get(name)!;

const pdf = (text = 'resume') => new Blob([`%PDF-1.4\n% ${text}\n%%EOF\n`], { type: 'application/pdf' });
const png = () =>
  new Blob([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], { type: 'application/pdf' });

const job = {
  title: 'Senior Technician',
  employment_type: 'full_time',
  workplace: 'hybrid',
  salary_min: 70000,
  salary_max: 90000,
  openings: 2,
  status: 'open',
};

async function createJob(overrides: object = {}) {
  const response = await call('POST', '/hr/jobs', { ...job, ...overrides });
  expect(response.statusCode, response.body).toBe(200);
  return hrJobSchema.parse(response.json().data);
}

async function addApplicant(jobId: number, fields: Record<string, string | { blob: Blob; name: string }>, as = hr) {
  const body = await multipartBody(fields);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/hr/jobs/${jobId}/applicants`,
    headers: { ...bearer(as), ...body.headers },
    payload: body.payload,
  });
}

async function newApplicant(jobId: number, first = 'Ada', email = `${first.toLowerCase()}@example.test`) {
  const response = await addApplicant(jobId, {
    first_name: first,
    last_name: 'Lovelace',
    email,
    source: 'referral',
    rating: '4',
    tags: 'senior,network',
    resume: { blob: pdf(), name: 'cv.pdf' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return hrApplicantDetailSchema.parse(response.json().data);
}

const interviewInput = (applicantId: number, overrides: object = {}) => ({
  applicant_id: applicantId,
  date: '2030-03-05',
  start_time: '09:00',
  end_time: '10:00',
  time_zone: 'UTC',
  kind: 'video',
  location: 'https://meet.example.test/abc',
  interviewer_ids: [ivA.id],
  ...overrides,
});

describe('openings', () => {
  it("need 'manage jobs'; clients get 403 and the signed-out 401", async () => {
    expect((await call('GET', '/hr/jobs', undefined, plain)).statusCode).toBe(403);
    expect((await call('POST', '/hr/jobs', job, plain)).statusCode).toBe(403);
    expect((await call('GET', '/hr/jobs', undefined, client)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/hr/jobs' })).statusCode).toBe(401);
  });

  it('refuses bad input with messages per field', async () => {
    const response = await call('POST', '/hr/jobs', {
      ...job,
      title: '',
      salary_min: 90000,
      salary_max: 80000,
      hiring_manager_id: 999999,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      title: ['The title field is required.'],
      salary_max: ['The maximum salary may not be below the minimum.'],
    });
    const unknown = await call('POST', '/hr/jobs', { ...job, hiring_manager_id: 999999, department_id: 999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      department_id: ['Choose a department from the list.'],
      hiring_manager_id: ['Choose an employee as hiring manager.'],
    });
  });

  it('creates, lists with counts per step, edits, and deletes only an empty job', async () => {
    const saved = await call('POST', '/hr/jobs', {
      ...job,
      department_id: 1,
      description_html: '<p>Hi</p><script>x()</script>',
    });
    expect(saved.json().message).toBe('Job saved.');
    const created = hrJobSchema.parse(saved.json().data);
    expect(created).toMatchObject({ title: 'Senior Technician', status: 'open', applicants: 0, days_open: 0 });
    expect(created.opened_on).toBe(new Date().toISOString().slice(0, 10));
    expect(created.description_html).not.toContain('script');
    expect(created.department?.id).toBe(1);
    await newApplicant(created.id, 'Grace');
    const list = pageSchema(hrJobRowSchema).parse((await call('GET', '/hr/jobs?per_page=500')).json());
    const row = list.data.find((entry) => entry.id === created.id)!;
    expect(row.applicants).toBe(1);
    expect(row.step_counts.find((count) => count.step_id === step('Applied'))?.count).toBe(1);
    const closed = await call('PUT', `/hr/jobs/${created.id}`, { ...job, status: 'closed' });
    expect(closed.json().data).toMatchObject({ status: 'closed', closed_on: expect.any(String) });
    const refused = await call('DELETE', `/hr/jobs/${created.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('The job still has applicants: close it instead.');
    const empty = await createJob();
    expect((await call('DELETE', `/hr/jobs/${empty.id}`)).json().message).toBe('Job deleted.');
    expect((await call('GET', `/hr/jobs/${empty.id}`)).statusCode).toBe(404);
  });
});

describe('applicants', () => {
  it('are created from multipart with a PDF, and a known e-mail warns of the earlier application', async () => {
    const first = await createJob({ title: 'Help Desk Technician' });
    const created = await newApplicant(first.id, 'Linus');
    expect(created).toMatchObject({ name: 'Linus Lovelace', rating: 4, tags: ['senior', 'network'], access: 'manage' });
    expect(created.files).toHaveLength(1);
    expect(created.files[0]).toMatchObject({ kind: 'resume', name: 'cv.pdf', mimetype: 'application/pdf' });
    expect(created.step.id).toBe(step('Applied'));
    const second = await createJob({ title: 'Network Engineer' });
    const again = await addApplicant(second.id, { first_name: 'Linus', last_name: 'L', email: 'LINUS@example.test' });
    expect(again.statusCode, again.body).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(again.json().warnings).toEqual([`Applied to Help Desk Technician on ${today} (Applied)`]);
    expect(again.json().data.known_warnings).toEqual([`Applied to Help Desk Technician on ${today} (Applied)`]);
  });

  it('refuses a file that is not PDF, DOC or DOCX by its content, storing nothing', async () => {
    const target = await createJob();
    const before = await ctx.db.$count(hrApplicants);
    const response = await addApplicant(target.id, {
      first_name: 'Eve',
      last_name: 'Image',
      email: 'eve@example.test',
      resume: { blob: png(), name: 'resume.pdf' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ files: ['Files must be PDF, DOC or DOCX.'] });
    expect(await ctx.db.$count(hrApplicants)).toBe(before);
    const missing = await addApplicant(target.id, { first_name: '', last_name: 'X', email: 'nope' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      first_name: ['The first name field is required.'],
      email: ['The email must be a valid email address.'],
    });
  });

  it('refuses multipart on routes that take no files', async () => {
    const body = await multipartBody({ title: 'x' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/hr/jobs',
      headers: { ...bearer(hr), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(415);
  });

  it('open to interviewers of their interviews only: name, resume and scorecards; 404 to others, 403 to clients', async () => {
    const target = await createJob();
    const applicant = await newApplicant(target.id, 'Margaret');
    const cover = await multipartBody({ kind: 'cover_letter', file: { blob: pdf('cover'), name: 'cover.pdf' } });
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api/hr/applicants/${applicant.id}/files`,
      headers: { ...bearer(hr), ...cover.headers },
      payload: cover.payload,
    });
    expect(added.json()).toEqual({ message: 'Files added.' });
    expect((await call('GET', `/hr/applicants/${applicant.id}`, undefined, ivA.token)).statusCode).toBe(404);
    expect((await call('GET', `/hr/applicants/${applicant.id}`, undefined, client)).statusCode).toBe(403);
    const scheduled = await call('POST', '/hr/interviews', interviewInput(applicant.id, { date: '2030-04-02' }));
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json().message).toBe('Interview saved.');
    const seen = hrApplicantDetailSchema.parse(
      (await call('GET', `/hr/applicants/${applicant.id}`, undefined, ivA.token)).json().data,
    );
    expect(seen).toMatchObject({
      access: 'interviewer',
      name: 'Margaret Lovelace',
      email: '',
      phone: '',
      timeline: [],
    });
    expect(seen.files.map((file) => file.kind)).toEqual(['resume']);
    expect(seen.interviews).toHaveLength(1);
    const resume = await call('GET', seen.files[0]!.download_path, undefined, ivA.token);
    expect(resume.statusCode).toBe(200);
    expect(resume.body).toContain('%PDF-1.4');
    const full = hrApplicantDetailSchema.parse((await call('GET', `/hr/applicants/${applicant.id}`)).json().data);
    const coverFile = full.files.find((file) => file.kind === 'cover_letter')!;
    expect((await call('GET', coverFile.download_path, undefined, ivA.token)).statusCode).toBe(404);
    expect((await call('GET', coverFile.download_path)).statusCode).toBe(200);
    expect((await call('GET', `/hr/applicants/${applicant.id}`, undefined, plain)).statusCode).toBe(404);
    expect((await call('PUT', `/hr/applicants/${applicant.id}`, { first_name: 'X' }, ivA.token)).statusCode).toBe(403);
    expect((await call('GET', `/hr/jobs/${target.id}/board`, undefined, ivA.token)).statusCode).toBe(403);
  });

  it('adds files by kind, refuses an empty upload, and deletes a file with its stored copy', async () => {
    const target = await createJob();
    const applicant = await newApplicant(target.id, 'Rosa');
    const upload = async (fields: Record<string, string | { blob: Blob; name: string }>) => {
      const body = await multipartBody(fields);
      return ctx.app.inject({
        method: 'POST',
        url: `/api/hr/applicants/${applicant.id}/files`,
        headers: { ...bearer(hr), ...body.headers },
        payload: body.payload,
      });
    };
    const empty = await upload({ kind: 'other' });
    expect(empty.json().errors).toEqual({ file: ['Attach at least one file.'] });
    const wrongKind = await upload({ kind: 'photo', file: { blob: pdf(), name: 'x.pdf' } });
    expect(wrongKind.json().errors).toEqual({ kind: ['Choose the kind of file.'] });
    const docx = new Blob([
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('..word/document.xml..')]),
    ]);
    expect((await upload({ kind: 'other', file: { blob: docx, name: 'references' } })).json()).toEqual({
      message: 'Files added.',
    });
    const detail = hrApplicantDetailSchema.parse((await call('GET', `/hr/applicants/${applicant.id}`)).json().data);
    const other = detail.files.find((file) => file.kind === 'other')!;
    expect(other).toMatchObject({
      name: 'references.docx',
      mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    const [row] = await ctx.db.select().from(hrApplicantFiles).where(eq(hrApplicantFiles.id, other.id));
    expect((await call('DELETE', other.download_path, undefined, plain)).statusCode).toBe(403);
    expect((await call('DELETE', other.download_path)).json()).toEqual({ message: 'File deleted.' });
    expect(existsSync(join(ctx.config.dataDir, row!.storagePath))).toBe(false);
    expect((await call('GET', other.download_path)).statusCode).toBe(404);
  });

  it('edits, notes and e-mails with the template filled, all on the timeline; Delete erases the files', async () => {
    const target = await createJob({ title: 'Field Technician' });
    const applicant = await newApplicant(target.id, 'Alan');
    const edited = await call('PUT', `/hr/applicants/${applicant.id}`, {
      first_name: 'Alan',
      last_name: 'Turing',
      email: 'alan@example.test',
      rating: 5,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ message: 'Applicant saved.', data: { name: 'Alan Turing', rating: 5 } });
    const badRefs = await call('PUT', `/hr/applicants/${applicant.id}`, {
      first_name: 'Alan',
      last_name: 'Turing',
      email: 'alan@example.test',
      referred_by: 999999,
    });
    expect(badRefs.json().errors).toEqual({ referred_by: ['Choose the employee who referred the applicant.'] });
    expect((await call('POST', `/hr/applicants/${applicant.id}/notes`, { body: '' })).json().errors).toEqual({
      body: ['The note field is required.'],
    });
    expect(
      (await call('POST', `/hr/applicants/${applicant.id}/notes`, { body: 'Strong on networking' })).json(),
    ).toEqual({ message: 'Note added.' });
    const mailed = await call('POST', `/hr/applicants/${applicant.id}/email`, {
      subject: 'Your application for {job_title}',
      body: 'Dear {first_name}, thank you. {company_name}',
    });
    expect(mailed.json().message).toBe('E-mail sent.');
    const [sent] = await ctx.db.select().from(outbox).where(eq(outbox.to, 'alan@example.test'));
    expect(sent).toMatchObject({ subject: 'Your application for Field Technician' });
    expect(sent!.text).toMatch(/^Dear Alan, thank you\. \S/);
    const detail = hrApplicantDetailSchema.parse((await call('GET', `/hr/applicants/${applicant.id}`)).json().data);
    expect(detail.timeline.map((event) => event.type)).toEqual(['email', 'note', 'updated', 'created']);
    const [file] = await ctx.db.select().from(hrApplicantFiles).where(eq(hrApplicantFiles.applicantId, applicant.id));
    expect(existsSync(join(ctx.config.dataDir, file!.storagePath))).toBe(true);
    expect((await call('DELETE', `/hr/applicants/${applicant.id}`)).json().message).toBe('Applicant deleted.');
    expect(existsSync(join(ctx.config.dataDir, file!.storagePath))).toBe(false);
    expect((await call('GET', `/hr/applicants/${applicant.id}`)).statusCode).toBe(404);
  });
});

describe('the board', () => {
  it('answers columns in order with the cards by position', async () => {
    const target = await createJob();
    const a = await newApplicant(target.id, 'Anna');
    const b = await newApplicant(target.id, 'Bert');
    const board = hrBoardSchema.parse((await call('GET', `/hr/jobs/${target.id}/board`)).json().data);
    expect(board.columns.map((column) => column.step.name)).toEqual([
      'Applied',
      'Phone Screen',
      'Technical Interview',
      'Final Interview',
      'Offer',
      'Hired',
      'Rejected',
    ]);
    expect(board.columns[0]!.cards.map((card) => [card.id, card.position, card.days_in_step])).toEqual([
      [a.id, 0, 0],
      [b.id, 1, 0],
    ]);
  });

  it('reads a 500-card board in as many statements as a 2-card one', async () => {
    const small = await createJob();
    const large = await createJob();
    const rows = (jobId: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        jobId,
        firstName: `P${i}`,
        lastName: 'Load',
        email: `p${i}-${jobId}@example.test`,
        stepId: step(i % 2 === 0 ? 'Applied' : 'Offer'),
        position: Math.floor(i / 2),
      }));
    await ctx.db.insert(hrApplicants).values(rows(small.id, 2));
    const inserted = await ctx.db.insert(hrApplicants).values(rows(large.id, 500)).returning({ id: hrApplicants.id });
    await ctx.db.insert(hrInterviews).values(
      inserted.slice(0, 100).map((row, i) => ({
        applicantId: row.id,
        startsAt: new Date(Date.UTC(2030, 9, 1 + (i % 20), 9)),
        endsAt: new Date(Date.UTC(2030, 9, 1 + (i % 20), 10)),
        kind: 'phone' as const,
        icsUid: `load-${row.id}@switchboard`,
      })),
    );
    const statements = async (jobId: number) => {
      const spy = vi.spyOn(ctx.pool, 'query');
      const response = await call('GET', `/hr/jobs/${jobId}/board`);
      const count = spy.mock.calls.length;
      spy.mockRestore();
      return { count, board: hrBoardSchema.parse(response.json().data) };
    };
    await statements(small.id); // the first call of a token also looks its session up
    const two = await statements(small.id);
    const many = await statements(large.id);
    expect(many.board.columns.reduce((sum, column) => sum + column.cards.length, 0)).toBe(500);
    expect(many.board.columns[0]!.cards[0]!.next_interview).toMatchObject({ starts_at: '2030-10-01T09:00:00.000Z' });
    expect(many.count).toBe(two.count);
    expect(many.count).toBeLessThanOrEqual(6);
  });

  it('two moves from the same step: one 200, one 409, and the positions stay whole', async () => {
    const target = await createJob();
    const a = await newApplicant(target.id, 'Carla');
    const b = await newApplicant(target.id, 'Dora');
    const emit = vi.spyOn(ctx.app.realtime, 'emitToChannel');
    const [one, two] = await Promise.all([
      call('POST', `/hr/applicants/${a.id}/move`, {
        step_id: step('Phone Screen'),
        position: 0,
        expected_step_id: step('Applied'),
      }),
      call('POST', `/hr/applicants/${a.id}/move`, {
        step_id: step('Offer'),
        position: 0,
        expected_step_id: step('Applied'),
      }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const refused = one.statusCode === 409 ? one : two;
    expect(refused.json().message).toBe('Someone moved this applicant first.');
    expect(emit).toHaveBeenCalledWith(
      `hr_job_${target.id}`,
      'ApplicantMoved',
      expect.objectContaining({ applicant_id: a.id, from_step_id: step('Applied') }),
    );
    emit.mockRestore();
    const board = hrBoardSchema.parse((await call('GET', `/hr/jobs/${target.id}/board`)).json().data);
    expect(board.columns[0]!.cards.map((card) => [card.id, card.position])).toEqual([[b.id, 0]]);
    // Within a column: Dora goes ahead of Carla once Carla's column is hers too.
    const moved = await call('POST', `/hr/applicants/${b.id}/move`, {
      step_id: one.statusCode === 200 ? step('Phone Screen') : step('Offer'),
      position: 0,
      expected_step_id: step('Applied'),
    });
    expect(moved.json()).toMatchObject({ message: 'Applicant moved.', data: { position: 0 } });
    const after = hrBoardSchema.parse((await call('GET', `/hr/jobs/${target.id}/board`)).json().data);
    const column = after.columns.find((entry) => entry.step.id === moved.json().data.step_id)!;
    expect(column.cards.map((card) => [card.id, card.position])).toEqual([
      [b.id, 0],
      [a.id, 1],
    ]);
  });

  it('asks the reason on Rejected and refuses an unknown step', async () => {
    const target = await createJob();
    const a = await newApplicant(target.id, 'Edna');
    const move = (body: object) => call('POST', `/hr/applicants/${a.id}/move`, body);
    const noReason = await move({ step_id: step('Rejected'), position: 0, expected_step_id: step('Applied') });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toEqual({ rejection_reason: ['Give the reason for the rejection.'] });
    const unknown = await move({ step_id: 999999, position: 0, expected_step_id: step('Applied') });
    expect(unknown.json().errors).toEqual({ step_id: ['Choose an active step.'] });
    const rejected = await move({
      step_id: step('Rejected'),
      position: 0,
      expected_step_id: step('Applied'),
      rejection_reason: 'Not enough experience',
    });
    expect(rejected.statusCode).toBe(200);
    const detail = hrApplicantDetailSchema.parse((await call('GET', `/hr/applicants/${a.id}`)).json().data);
    expect(detail).toMatchObject({ rejection_reason: 'Not enough experience', step: { name: 'Rejected' } });
    expect(detail.timeline[0]).toMatchObject({ type: 'moved', to_step_id: step('Rejected') });
  });

  it('hires: the prefill in a hired step only, then links the employee', async () => {
    const target = await createJob({ title: 'NOC Analyst', department_id: 1, target_on: '2099-01-15' });
    const a = await newApplicant(target.id, 'Hedy');
    expect((await call('POST', `/hr/applicants/${a.id}/hire`, {})).json().errors).toEqual({
      step_id: ['Move the applicant to a hired step first.'],
    });
    await call('POST', `/hr/applicants/${a.id}/move`, {
      step_id: step('Hired'),
      position: 0,
      expected_step_id: step('Applied'),
    });
    // The drawer posts without a body.
    const bare = await ctx.app.inject({ method: 'POST', url: `/api/hr/applicants/${a.id}/hire`, headers: bearer(hr) });
    expect(bare.statusCode, bare.body).toBe(200);
    const prefill = hrHirePrefillSchema.parse(bare.json().data);
    expect(prefill).toEqual({
      applicant_id: a.id,
      first_name: 'Hedy',
      last_name: 'Lovelace',
      email: 'hedy@example.test',
      phone: '',
      title: 'NOC Analyst',
      department_id: 1,
      region_id: null,
      start_date: '2099-01-15',
      employee_user_id: null,
    });
    const hired = await createUser(ctx.db, { name: 'Hedy Lovelace' });
    const linked = await call('POST', `/hr/applicants/${a.id}/hire`, { employee_user_id: hired.id });
    expect(linked.json()).toMatchObject({ message: 'Employee linked.', data: { employee_user_id: hired.id } });
    expect((await call('POST', `/hr/applicants/${a.id}/hire`, { employee_user_id: 999999 })).json().errors).toEqual({
      employee_user_id: ['Choose an employee account.'],
    });
  });
});

describe('interviews', () => {
  it('refuses bad times with the dialog texts', async () => {
    const target = await createJob();
    const a = await newApplicant(target.id, 'Ida');
    const bad = await call('POST', '/hr/interviews', interviewInput(a.id, { start_time: '11:00', end_time: '10:00' }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ end_time: ['The start time may not be after the end time.'] });
    const client403 = await call('POST', '/hr/interviews', interviewInput(a.id), client);
    expect(client403.statusCode).toBe(403);
    expect((await call('POST', '/hr/interviews', interviewInput(a.id), plain)).statusCode).toBe(403);
    const notEmployee = await call('POST', '/hr/interviews', interviewInput(a.id, { interviewer_ids: [999999] }));
    expect(notEmployee.json().errors).toEqual({ interviewer_ids: ['Choose employees as interviewers.'] });
  });

  it('schedules in the given zone, mails the .ics to applicant and interviewers, warns of holidays and clashes', async () => {
    const target = await createJob({ title: 'Systems Engineer' });
    const a = await newApplicant(target.id, 'Joan', 'joan@example.test');
    const b = await newApplicant(target.id, 'Kurt', 'kurt@example.test');
    await ctx.db.insert(holidays).values({ date: '2030-07-04', name: 'Independence Day' });
    const emit = vi.spyOn(ctx.app.realtime, 'emitToStaff');
    const first = hrInterviewSavedSchema.parse(
      (
        await call(
          'POST',
          '/hr/interviews',
          interviewInput(a.id, {
            date: '2030-07-04',
            time_zone: 'America/New_York',
            interviewer_ids: [ivA.id, ivB.id],
          }),
        )
      ).json(),
    );
    expect(first.data.starts_at).toBe('2030-07-04T13:00:00.000Z');
    expect(first.warnings).toEqual([
      'Ivy Interviewer is on holiday on 2030-07-04 (Independence Day).',
      'Ben Interviewer is on holiday on 2030-07-04 (Independence Day).',
    ]);
    expect(emit).toHaveBeenCalledWith('hr_calendar', 'HrCalendarChanged', { from: '2030-07-04', to: '2030-07-04' });
    emit.mockRestore();
    const clash = hrInterviewSavedSchema.parse(
      (
        await call(
          'POST',
          '/hr/interviews',
          interviewInput(b.id, {
            date: '2030-07-04',
            start_time: '13:30',
            end_time: '14:30',
            interviewer_ids: [ivB.id],
          }),
        )
      ).json(),
    );
    expect(clash.warnings).toContain('Ben Interviewer has another interview from 13:00 to 14:00.');
    const mails = await ctx.db
      .select()
      .from(outbox)
      .where(sql`${outbox.subject} like '%Systems Engineer%'`);
    expect(mails.map((mail) => mail.to).sort()).toEqual(
      expect.arrayContaining(['joan@example.test', 'kurt@example.test']),
    );
    expect(mails.every((mail) => mail.attachmentNames.includes('invite.ics'))).toBe(true);
    expect(mails.find((mail) => mail.to === 'joan@example.test')!.subject).toBe(
      'Invitation: Video interview: Systems Engineer',
    );
  });

  it('warns when an interviewer has approved time off that day', async () => {
    const target = await createJob();
    const a = await newApplicant(target.id, 'Olive');
    const [category] = await ctx.db.select({ id: hrCategories.id }).from(hrCategories).limit(1);
    const [request] = await ctx.db
      .insert(hrRequests)
      .values({ userId: ivA.id, categoryId: category!.id, status: 'approved', startDate: '2030-08-06' })
      .returning({ id: hrRequests.id });
    await ctx.db
      .insert(hrRequestDays)
      .values({ requestId: request!.id, date: '2030-08-06', userId: ivA.id, hours: '8', bank: 'accrual' });
    const saved = hrInterviewSavedSchema.parse(
      (
        await call(
          'POST',
          '/hr/interviews',
          interviewInput(a.id, { date: '2030-08-06', interviewer_ids: [ivA.id, ivB.id] }),
        )
      ).json(),
    );
    expect(saved.warnings).toEqual(['Ivy Interviewer is off on 2030-08-06.']);
  });

  it('writes METHOD:REQUEST with a stable UID, SEQUENCE up on reschedule, and CANCEL on cancel', async () => {
    const target = await createJob({ title: 'Cloud Architect' });
    const a = await newApplicant(target.id, 'Lise');
    const created = hrInterviewSavedSchema.parse(
      (await call('POST', '/hr/interviews', interviewInput(a.id, { date: '2030-05-06' }))).json(),
    );
    const [row] = await ctx.db.select().from(hrInterviews).where(eq(hrInterviews.id, created.data.id));
    const details = {
      title: 'T',
      description: 'D',
      organizer: 'HR <hr@example.test>',
      attendees: [{ name: 'L', email: 'l@x.test' }],
    };
    const first = interviewIcs(row!, details, 'request');
    expect(first).toContain('METHOD:REQUEST');
    expect(first).toContain(`UID:${row!.icsUid}`);
    expect(first).toContain('SEQUENCE:0');
    expect(first).toContain('DTSTART:20300506T090000Z');
    const moved = await call('PUT', `/hr/interviews/${created.data.id}`, interviewInput(a.id, { date: '2030-05-07' }));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ sequence: 1, starts_at: '2030-05-07T09:00:00.000Z' });
    const [after] = await ctx.db.select().from(hrInterviews).where(eq(hrInterviews.id, created.data.id));
    const second = interviewIcs(after!, details, 'request');
    expect(second).toContain(`UID:${row!.icsUid}`);
    expect(second).toContain('SEQUENCE:1');
    const cancelled = await call('DELETE', `/hr/interviews/${created.data.id}`);
    expect(cancelled.json()).toMatchObject({
      message: 'Interview cancelled.',
      data: { status: 'cancelled', sequence: 2 },
    });
    const [gone] = await ctx.db.select().from(hrInterviews).where(eq(hrInterviews.id, created.data.id));
    const cancel = interviewIcs(gone!, details, 'cancel');
    expect(cancel).toContain('METHOD:CANCEL');
    expect(cancel).toContain('STATUS:CANCELLED');
    expect(cancel).toContain(`UID:${row!.icsUid}`);
    const sent = await ctx.db
      .select()
      .from(outbox)
      .where(sql`${outbox.subject} like '%Cloud Architect%'`);
    expect(sent.map((mail) => mail.subject.split(':')[0]).sort()).toEqual([
      'Cancelled',
      'Cancelled',
      'Invitation',
      'Invitation',
      'Updated',
      'Updated',
    ]);
    const again = await call('DELETE', `/hr/interviews/${created.data.id}`);
    expect([again.statusCode, again.json().message]).toEqual([409, 'The interview was cancelled.']);
  });

  it('hides scorecards from the other interviewers until they file theirs', async () => {
    const target = await createJob();
    const a = await newApplicant(target.id, 'Mira');
    const created = hrInterviewSavedSchema.parse(
      (
        await call(
          'POST',
          '/hr/interviews',
          interviewInput(a.id, { date: '2030-06-03', interviewer_ids: [ivA.id, ivB.id] }),
        )
      ).json(),
    );
    const id = created.data.id;
    const scorecard = { rating: 5, recommendation: 'strong_yes', notes: 'Excellent' };
    expect(
      (await call('POST', `/hr/interviews/${id}/feedback`, { ...scorecard, rating: 9 }, ivA.token)).json().errors,
    ).toEqual({
      rating: ['The rating is 1 to 5.'],
    });
    expect((await call('POST', `/hr/interviews/${id}/feedback`, scorecard, plain)).statusCode).toBe(404);
    const offPanel = await call('POST', `/hr/interviews/${id}/feedback`, scorecard);
    expect([offPanel.statusCode, offPanel.json().message]).toEqual([422, 'Only the interviewers file scorecards.']);
    expect((await call('POST', `/hr/interviews/${id}/feedback`, scorecard, client)).statusCode).toBe(403);
    const filed = await call('POST', `/hr/interviews/${id}/feedback`, scorecard, ivA.token);
    expect(filed.json().message).toBe('Scorecard saved.');
    const panelFor = async (token: string) =>
      hrApplicantDetailSchema.parse((await call('GET', `/hr/applicants/${a.id}`, undefined, token)).json().data)
        .interviews[0]!.interviewers;
    const seenByB = (await panelFor(ivB.token)).find((member) => member.user_id === ivA.id)!;
    expect(seenByB).toMatchObject({ submitted: true, rating: null, recommendation: null, feedback: null });
    await call('POST', `/hr/interviews/${id}/feedback`, { rating: 2, recommendation: 'no', notes: 'Weak' }, ivB.token);
    expect((await panelFor(ivB.token)).find((member) => member.user_id === ivA.id)).toMatchObject({
      rating: 5,
      recommendation: 'strong_yes',
      feedback: 'Excellent',
    });
    expect((await panelFor(ivA.token)).find((member) => member.user_id === ivB.id)).toMatchObject({ rating: 2 });
    expect((await panelFor(hr)).map((member) => member.rating).sort()).toEqual([2, 5]);
    const mine = z
      .array(hrInterviewSchema)
      .parse((await call('GET', '/hr/interviews', undefined, ivA.token)).json().data);
    expect(mine.map((interview) => interview.id)).toContain(id);
    expect((await call('GET', '/hr/interviews', undefined, plain)).json().data).toEqual([]);
  });

  it('notifies the interviewers an hour before, once', async () => {
    const target = await createJob();
    const a = await newApplicant(target.id, 'Nina');
    const now = new Date();
    const soon = new Date(now.getTime() + 30 * 60 * 1000);
    const [interview] = await ctx.db
      .insert(hrInterviews)
      .values({
        applicantId: a.id,
        startsAt: soon,
        endsAt: new Date(soon.getTime() + 3600_000),
        kind: 'phone',
        icsUid: 'reminder-test@switchboard',
      })
      .returning();
    await ctx.db.execute(sql`insert into hr_interviewers (interview_id, user_id) values (${interview!.id}, ${ivB.id})`);
    const emit = vi.spyOn(ctx.app.realtime, 'emitToUser');
    expect(await remindInterviews(ctx.db, ctx.app.realtime, now)).toBe(1);
    expect(await remindInterviews(ctx.db, ctx.app.realtime, now)).toBe(0);
    const rows = await ctx.db.select().from(notifications).where(eq(notifications.userId, ivB.id));
    expect(rows.map((row) => [row.type, row.numberDetails])).toEqual([[NOTIFICATION_INTERVIEW, String(a.id)]]);
    expect(emit).toHaveBeenCalledWith(ivB.id, 'NotificationCreated', expect.objectContaining({ type: 'Interview' }));
    emit.mockRestore();
  });
});

describe('retention', () => {
  it('purges applicants of closed openings idle past applicant_retention_months, with their files', async () => {
    const closed = await createJob({ title: 'Old Opening' });
    const stale = await newApplicant(closed.id, 'Olga');
    const fresh = await newApplicant(closed.id, 'Paul');
    const open = await createJob({ title: 'Still Open' });
    const openStale = await newApplicant(open.id, 'Quinn');
    await call('PUT', `/hr/jobs/${closed.id}`, { ...job, title: 'Old Opening', status: 'closed' });
    const old = new Date(Date.now() - 25 * 31 * 86_400_000);
    await ctx.db
      .update(hrApplicants)
      .set({ lastActivityAt: old })
      .where(sql`${hrApplicants.id} in (${stale.id}, ${openStale.id})`);
    const [file] = await ctx.db.select().from(hrApplicantFiles).where(eq(hrApplicantFiles.applicantId, stale.id));
    expect(existsSync(join(ctx.config.dataDir, file!.storagePath))).toBe(true);
    await runJob(ctx.app, 'hr-applicant-retention');
    const left = await ctx.db
      .select({ id: hrApplicants.id })
      .from(hrApplicants)
      .where(sql`${hrApplicants.id} in (${stale.id}, ${fresh.id}, ${openStale.id})`);
    expect(left.map((row) => row.id).sort((x, y) => x - y)).toEqual([fresh.id, openStale.id]);
    expect(existsSync(join(ctx.config.dataDir, file!.storagePath))).toBe(false);
    expect(await ctx.db.$count(hrJobs, eq(hrJobs.id, closed.id))).toBe(1);
  });
});

describe('zonedToUtc', () => {
  it('reads wall-clock time in a zone across DST', () => {
    expect(zonedToUtc('2030-01-15', '09:00', 'America/New_York').toISOString()).toBe('2030-01-15T14:00:00.000Z');
    expect(zonedToUtc('2030-07-15', '09:00', 'America/New_York').toISOString()).toBe('2030-07-15T13:00:00.000Z');
    expect(zonedToUtc('2030-07-15', '23:30', 'UTC').toISOString()).toBe('2030-07-15T23:30:00.000Z');
  });
});
