import {
  PROJECT_COUNT_CAP,
  projectOptionListResponseSchema,
  projectRowSchema,
  projectSteps,
  type ProjectRow,
} from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSchema } from '../../db/paginate.ts';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { projectDetail } from '../../../test/projects.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { checkIns } from '../checkins/checkins.table.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { contracts } from '../contracts/contracts.table.ts';
import { tickets } from '../tickets/tickets.table.ts';
import { projects } from './projects.table.ts';

// Issue 18, the model and parts 1-3 (decision 0044): a project opens its twelve step tickets in one transaction;
// step tickets stay out of the helpdesk queue and search; their time counts once, as project hours; clients see their
// own company's projects only.

let ctx: TestContext;
let coordinator: TestUser;
let planner: TestUser;
let token: string;
let clientToken: string;
let outsiderToken: string;
let companyId: number;
let otherCompanyId: number;
let siteId: number;
let client: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  coordinator = await createUser(ctx.db, { name: 'Cora Coordinator' });
  planner = await createUser(ctx.db, { name: 'Pete Planner' });
  token = (await login(ctx.app, coordinator.email, coordinator.password)).access_token;
  [{ id: companyId }, { id: otherCompanyId }] = await ctx.db
    .insert(companies)
    .values([{ name: 'Project Dental' }, { name: 'Other Dental' }])
    .returning({ id: companies.id });
  [{ id: siteId }] = await ctx.db
    .insert(sites)
    .values({ companyId, name: 'Main office', city: 'Austin' })
    .returning({ id: sites.id });
  client = await createUser(ctx.db, { type: 'Client', companyId, name: 'Cleo Client' });
  clientToken = (await login(ctx.app, client.email, client.password)).access_token;
  const outsider = await createUser(ctx.db, { type: 'Client', companyId: otherCompanyId });
  outsiderToken = (await login(ctx.app, outsider.email, outsider.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = token) =>
  ctx.app.inject({ method, url, headers: bearer(as), payload });
const form = (extra: Record<string, unknown> = {}) => ({
  title: 'Office move',
  company_id: companyId,
  site_id: siteId,
  client_user_id: client.id,
  coordinator_id: coordinator.id,
  labor_required: 0,
  planner_id: planner.id,
  procurement_required: 1,
  researcher_id: planner.id,
  quoter_id: planner.id,
  verbally_approved: 0,
  notes: '<p>Internal: the landlord is difficult.</p>',
  goals: '<p>Everyone works on Monday.</p>',
  ...extra,
});
async function createProject(extra: Record<string, unknown> = {}): Promise<number> {
  const response = await call('POST', '/api/project', form(extra));
  expect(response.statusCode).toBe(200);
  expect(response.json().message).toBe('Project created.');
  return response.json<{ data: { id: number } }>().data.id;
}
const detailOf = (id: number, as = token) => projectDetail(ctx.app, as, id);
const listOf = async (query: string, as = token) => {
  const response = await call('GET', `/api/project?${query}`, undefined, as);
  expect(response.statusCode).toBe(200);
  return expectExactShape(pageSchema(projectRowSchema), response.json());
};

describe('projects', () => {
  it('creates a project with its twelve open step tickets, each with its owner, and answers every field', async () => {
    const id = await createProject();
    const detail = await detailOf(id);
    expect(detail.tickets.map((step) => [step.project_order, step.subject, step.status])).toEqual(
      projectSteps.map((subject, order) => [order, subject, 0]),
    );
    // The planner works the labor estimate; procurement is not required, so no researcher or quoter is kept.
    expect(detail.tickets[2]!.employee?.name).toBe('Pete Planner');
    expect(detail.tickets[4]!.employee?.name).toBe('Cora Coordinator');
    expect(detail).toMatchObject({
      title: 'Office move',
      researcher_id: null,
      quoter_id: null,
      company: { id: companyId, name: 'Project Dental' },
      site: { id: siteId, name: 'Main office' },
      client_user: { id: client.id, name: 'Cleo Client' },
      latest_ticket: { subject: 'Planning Approval', project_order: 0 },
      billed: { billing_date: null, billed_time: 0 },
    });
  });

  it('refuses bad input field by field, and writes nothing', async () => {
    const before = await ctx.db.$count(tickets);
    const response = await call('POST', '/api/project', {
      title: ' ',
      company_id: otherCompanyId,
      site_id: siteId,
      client_user_id: client.id,
      coordinator_id: client.id,
      labor_required: 3,
      procurement_required: 'x',
      verbally_approved: 0,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      title: ['Enter a title.'],
      labor_required: ['Choose whether labor is required.'],
      procurement_required: ['Choose whether procurement is required.'],
    });
    const mismatched = await call(
      'POST',
      '/api/project',
      form({ company_id: otherCompanyId, coordinator_id: client.id }),
    );
    expect(mismatched.json().errors).toEqual({
      site_id: ['Choose a site of this company.'],
      client_user_id: ['Choose an account of this company.'],
      coordinator_id: ['Choose a coordinator from the list.'],
    });
    expect(await ctx.db.$count(tickets)).toBe(before);
  });

  it('keeps step tickets out of the helpdesk queue, its counts and its search', async () => {
    await createProject({ title: 'Queue check' });
    const helpdesk = await call('POST', '/api/ticket', {
      subject: 'Procurement portal is down',
      body: 'Since this morning.',
      company_id: companyId,
      location: 1,
      triage_id: 3,
    });
    const helpdeskId = helpdesk.json().data.id as number;
    const queue = await call('GET', `/api/ticket?company_id=${companyId}&per_page=100`);
    expect(queue.json().data.map((row: { id: number }) => row.id)).toEqual([helpdeskId]);
    const search = await call('GET', '/api/search?q=Procurement');
    expect(search.json().data.tickets.map((row: { id: number }) => row.id)).toEqual([helpdeskId]);
    const company = await call('GET', `/api/company/${companyId}`);
    expect(company.json().data.open_tickets_count).toBe(1);
  });

  it('opens and closes a step with its own 0/1 status, recorded as an event, and the list follows the step', async () => {
    const id = await createProject({ title: 'Stepping' });
    const [first] = (await detailOf(id)).tickets;
    const close = await call('PUT', `/api/ticket/${first!.id}`, { status: 1, ticket_id: first!.id });
    expect(close.statusCode).toBe(200);
    expect(close.json().message).toBe('Step updated.');
    const after = await detailOf(id);
    expect(after.tickets[0]!.status).toBe(1);
    expect(after.latest_ticket?.subject).toBe('Scheduled Placeholder');
    const ticket = await call('GET', `/api/ticket/${first!.id}`);
    expect(ticket.json().data.ticket_events.at(-1)?.lingo ?? ticket.json().data.ticket_events[0]?.lingo).toMatch(
      /closed the step|created the project/,
    );
    const bad = await call('PUT', `/api/ticket/${first!.id}`, { status: 2 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ status: ['Choose Open or Closed.'] });

    const onStep1 = await listOf(`step_id=1&title=Stepping`);
    expect(onStep1.data.map((row: ProjectRow) => row.id)).toEqual([id]);
    expect((await listOf(`step_id=00&title=Stepping`)).data).toEqual([]);
    // Every step closed: the project is Closed (step_id 0) and the list shows no current step.
    for (const step of after.tickets.slice(1))
      await call('PUT', `/api/ticket/${step.id}`, { status: 1, ticket_id: step.id });
    const closed = await listOf(`step_id=0&title=Stepping`);
    expect(closed.data.map((row: ProjectRow) => [row.id, row.latest_ticket])).toEqual([[id, null]]);
    expect((await call('GET', '/api/project?step_id=12')).statusCode).toBe(422);
  });

  it('filters by the technician of the step the project is on, and pages past the end with the count', async () => {
    const id = await createProject({ title: 'Tech filter' });
    const ids = async (query: string) => (await listOf(query)).data.map((row: ProjectRow) => row.id);
    expect(await ids(`title=Tech filter&employee_id=${coordinator.id}`)).toEqual([id]);
    expect(await ids(`title=Tech filter&employee_id=${planner.id}`)).toEqual([]);
    const steps = (await detailOf(id)).tickets;
    for (const step of steps.slice(0, 2))
      await call('PUT', `/api/ticket/${step.id}`, { status: 1, ticket_id: step.id });
    expect(await ids(`title=Tech filter&employee_id=${planner.id}`)).toEqual([id]);
    const past = await listOf('title=Tech filter&page=5&per_page=1');
    expect([past.data, past.total]).toEqual([[], 1]);
  });

  it('counts the filter when more rows follow the page, and not when the page ends it', async () => {
    const made = [];
    for (const n of [1, 2, 3]) made.push(await createProject({ title: `Counted ${n}` }));
    const page = async (query: string) => {
      const { data, total, last_page } = await listOf(`title=Counted&${query}`);
      return { ids: data.map((row: ProjectRow) => row.id), total, last_page };
    };
    expect(await page('per_page=1')).toEqual({ ids: [made[2]], total: 3, last_page: 3 });
    expect(await page('per_page=2&page=2')).toEqual({ ids: [made[0]], total: 3, last_page: 2 });
    expect(await page('per_page=50')).toEqual({ ids: [...made].reverse(), total: 3, last_page: 1 });
    expect(await page('per_page=1&page=4')).toEqual({ ids: [], total: 3, last_page: 3 });
    expect((await listOf('title=Nothing like this')).total).toBe(0);
  });

  it('stops counting at 1,000 projects, and counts exactly on the last page', async () => {
    const rows = Array.from({ length: PROJECT_COUNT_CAP + 5 }, (_, n) => ({ title: `Capped ${n}`, companyId }));
    await ctx.db.insert(projects).values(rows);
    // Twice: counted, then known to reach the cap.
    for (const _time of [1, 2]) expect((await listOf('title=Capped')).total).toBe(PROJECT_COUNT_CAP);
    const last = await listOf('title=Capped&page=21');
    expect([last.data.length, last.total]).toEqual([5, PROJECT_COUNT_CAP + 5]);
  });

  it('counts a check-in on a step ticket once, as project hours, in the company usage', async () => {
    const usageCompany = (await ctx.db.insert(companies).values({ name: 'Usage Co' }).returning())[0]!.id;
    const [item] = await ctx.db.select({ id: billingItems.id }).from(billingItems).limit(1);
    const month = new Date().toISOString().slice(0, 7);
    await ctx.db.insert(contracts).values({
      companyId: usageCompany,
      startDate: `${month}-01`,
      endDate: '2099-12-31',
      retainerItem: item!.id,
      overageItem: item!.id,
      lateFeeItem: item!.id,
    });
    const id = await createProject({ title: 'Usage', company_id: usageCompany, site_id: null, client_user_id: null });
    const step = (await detailOf(id)).tickets[0]!;
    const checkIn = await call('POST', '/api/ticket/checkinout', {
      direction: 'in',
      ticket_id: step.id,
      company_id: usageCompany,
      project_id: id,
    });
    expect(checkIn.statusCode).toBe(200);
    // Two hours this month, ended.
    const start = new Date(`${month}-01T09:00:00Z`);
    await ctx.db
      .update(checkIns)
      .set({ startTime: start, endTime: new Date(start.getTime() + 2 * 3_600_000) })
      .where(eq(checkIns.ticketId, step.id));
    const company = await call('GET', `/api/company/${usageCompany}`);
    expect(company.json().data.monthly_usage[0]).toMatchObject({ id: month, helpdesk: 0, project: 2 });
    expect((await detailOf(id)).billed.billed_time).toBe(2);
    expect((await listOf('title=Usage')).data[0]!.billed.billed_time).toBe(2);
  });

  it('keeps billed hours with the check-ins: open and non-billable ones left out, changes and deletions followed', async () => {
    const id = await createProject({ title: 'Billed kept' });
    const billed = async () => (await listOf('title=Billed kept')).data[0]!.billed;
    const at = (hour: number) => new Date(Date.UTC(2026, 10, 2, hour));
    const rows = await ctx.db
      .insert(checkIns)
      .values([
        { userId: planner.id, projectId: id, startTime: at(8), endTime: at(9) },
        { userId: planner.id, projectId: id, startTime: at(9), endTime: at(11), billable: 1 },
        { userId: planner.id, projectId: id, startTime: at(12) },
      ])
      .returning({ id: checkIns.id });
    expect(await billed()).toEqual({ billing_date: at(9).toISOString(), billed_time: 1 });
    await ctx.db.update(checkIns).set({ billable: 0 }).where(eq(checkIns.id, rows[1]!.id));
    await ctx.db
      .update(checkIns)
      .set({ endTime: at(13) })
      .where(eq(checkIns.id, rows[2]!.id));
    expect(await billed()).toEqual({ billing_date: at(13).toISOString(), billed_time: 4 });
    await ctx.db.delete(checkIns).where(eq(checkIns.id, rows[0]!.id));
    expect((await detailOf(id)).billed).toEqual({ billing_date: at(13).toISOString(), billed_time: 3 });
    await ctx.db.delete(checkIns).where(eq(checkIns.projectId, id));
    expect(await billed()).toEqual({ billing_date: null, billed_time: 0 });
  });

  it('shows a client account its own company’s projects only, without the staff columns and notes', async () => {
    const id = await createProject({ title: 'Client visible' });
    const mine = await listOf('title=Client visible', clientToken);
    expect(mine.data.map((row: ProjectRow) => [row.id, row.company, row.technician])).toEqual([[id, null, null]]);
    const detail = await detailOf(id, clientToken);
    expect(detail.notes).toBe('');
    expect(detail.tickets.every((step) => step.notes.notes === '' && step.employee === null)).toBe(true);
    expect(detail.flags).toEqual([]);
    expect((await listOf('title=Client visible', outsiderToken)).data).toEqual([]);
    expect((await call('GET', `/api/project/${id}`, undefined, outsiderToken)).statusCode).toBe(404);
    expect((await call('POST', '/api/project', form(), clientToken)).statusCode).toBe(403);
    expect((await call('PUT', `/api/project/${id}`, form(), clientToken)).statusCode).toBe(403);
  });

  it('answers a company’s projects as the loader of spec 1 §7.2, by title, and only the own company to a client', async () => {
    const b = await createProject({ title: 'b loader project' });
    const a = await createProject({ title: 'A loader project' });
    await ctx.db
      .update(projects)
      .set({ completedAt: new Date('2026-01-02T03:04:05Z') })
      .where(eq(projects.id, b));
    const loader = async (company: number | string, as = token) =>
      call('GET', `/api/projects/projects.list.${company}`, undefined, as);
    const staff = await loader(companyId);
    expect(staff.statusCode).toBe(200);
    const { data } = expectExactShape(projectOptionListResponseSchema, staff.json());
    const loaded = data.filter((row) => row.title.endsWith('loader project'));
    expect(loaded).toEqual([
      { id: a, title: 'A loader project', completed_at: null },
      { id: b, title: 'b loader project', completed_at: '2026-01-02T03:04:05.000Z' },
    ]);
    expect((await loader(otherCompanyId)).json().data.some((row: { id: number }) => row.id === a)).toBe(false);
    expect((await loader(companyId, clientToken)).json().data.map((row: { id: number }) => row.id)).toContain(a);
    expect((await loader(companyId, outsiderToken)).statusCode).toBe(403);
    expect((await loader('abc')).statusCode).toBe(404);
  });

  it('updates the project, and its step tickets and their time follow a new company', async () => {
    const id = await createProject({ title: 'Moving company' });
    const update = await call(
      'PUT',
      `/api/project/${id}`,
      form({
        title: 'Moved company',
        company_id: otherCompanyId,
        site_id: null,
        client_user_id: null,
      }),
    );
    expect(update.statusCode).toBe(200);
    expect(update.json().message).toBe('Project updated.');
    const steps = await ctx.db.select({ companyId: tickets.companyId }).from(tickets).where(eq(tickets.projectId, id));
    expect(new Set(steps.map((step) => step.companyId))).toEqual(new Set([otherCompanyId]));
    expect((await detailOf(id)).title).toBe('Moved company');
    expect((await call('PUT', '/api/project/999999', form())).statusCode).toBe(404);
  });

  it('keeps the overview as a Project_Overview PDF: 00 at creation, a revision per change it shows', async () => {
    const id = await createProject({ title: 'Overview' });
    const revisions = async (as = token) => {
      const response = await call('GET', `/api/revisions/Project_Overview/${id}`, undefined, as);
      return response.json<{ data: { label: string }[] }>().data.map((revision) => revision.label);
    };
    expect(await revisions()).toEqual(['00']);
    const pdf = await call('GET', `/api/pdf/Project_Overview/${id}`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    await call('PUT', `/api/project/${id}`, form({ title: 'Overview', goals: '<p>New goals.</p>' }));
    await call('PUT', `/api/project/${id}`, form({ title: 'Overview', goals: '<p>New goals.</p>', notes: 'x' }));
    expect((await revisions()).sort()).toEqual(['00', '01']);
    expect((await revisions(clientToken)).length).toBe(2);
    const outsider = await call('GET', `/api/pdf/Project_Overview/${id}`, undefined, outsiderToken);
    expect(outsider.statusCode).toBe(404);
  });
});
