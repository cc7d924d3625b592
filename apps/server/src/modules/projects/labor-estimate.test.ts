import { laborStepSchema, projectChannel, type ProjectDetail } from '@switchboard/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { connectSocket, listenForSockets, nextEvent, subscribe } from '../../../test/realtime.ts';
import { createTestProject, projectDetail } from '../../../test/projects.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { checkIns } from '../checkins/checkins.table.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { ticketEvents } from '../tickets/tickets.table.ts';
import { laborSteps, laborSubSteps } from './project-steps.table.ts';

// Issue 18 parts 6 and 11: Labor Estimate (order 2) imports templates and saves its ordered steps; Project Day
// (order 10) opens and closes them, clocks each one, and closes only when all are closed (spec 3 §2, §4, §7, §8).

let ctx: TestContext;
let planner: TestUser;
let token: string;
let otherToken: string;
let clientToken: string;
let companyId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  planner = await createUser(ctx.db, { name: 'Pete Planner' });
  token = (await login(ctx.app, planner.email, planner.password)).access_token;
  const other = await createUser(ctx.db, { name: 'Tia Tech' });
  otherToken = (await login(ctx.app, other.email, other.password)).access_token;
  [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Labor Dental' }).returning();
  await ctx.db.insert(sites).values({ companyId, name: 'Main office' });
  const client = await createUser(ctx.db, { type: 'Client', companyId });
  clientToken = (await login(ctx.app, client.email, client.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = token) =>
  ctx.app.inject({ method, url, headers: bearer(as), payload });
const step = (payload: Record<string, unknown>, as = token) => call('POST', '/api/project/project_step', payload, as);

async function createProject(title: string): Promise<ProjectDetail> {
  const fields = {
    title,
    company_id: companyId,
    coordinator_id: planner.id,
    labor_required: 0,
    planner_id: planner.id,
  };
  return detailOf(await createTestProject(ctx.app, token, fields));
}
const detailOf = (id: number) => projectDetail(ctx.app, token, id);
async function createTemplate(name: string): Promise<number> {
  const response = await call('POST', '/api/project/templates', {
    template_name: name,
    steps: [
      { title: 'Rack and cable', min_hours: 2, max_hours: 3.5, tasks: [{ title: 'Mount rack' }, { title: 'Patch' }] },
      { title: 'Configure switches', min_hours: 1.25, max_hours: 2, tasks: [] },
    ],
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { id: number } }>().data.id;
}
const estimateOf = (project: ProjectDetail) => ({ project_id: project.id, ticket_id: project.tickets[2]!.id });
const save = (project: ProjectDetail, steps: unknown[], extra: Record<string, unknown> = {}) =>
  step({ step: 'Save Labor Estimate', ...estimateOf(project), steps, ...extra });
const shape = (detail: ProjectDetail) =>
  detail.labor_steps.map((row) => [row.title, row.min_hours, row.max_hours, row.sub_steps.map((sub) => sub.title)]);

describe('Labor Estimate', () => {
  it('imports a template after the existing steps, with its tasks as sub-steps, and tells the viewers', async () => {
    const project = await createProject('Import');
    const templateId = await createTemplate('Network refresh');
    expect(
      (await save(project, [{ id: 0.42, title: 'Survey', min_hours: 1, max_hours: 1, sub_steps: [] }])).statusCode,
    ).toBe(200);

    const baseUrl = await listenForSockets(ctx.app);
    const socket = await connectSocket(baseUrl, token);
    try {
      expect(await subscribe(socket, projectChannel(project.id))).toMatchObject({ ok: true });
      const heard = nextEvent(socket, 'LaborEstimateUpdated');
      const imported = await step({ step: 'Labor Estimate', ...estimateOf(project), template_id: templateId });
      expect(imported.statusCode).toBe(200);
      expect(imported.json()).toEqual({ message: 'Template imported.' });
      expect((await heard)[0]).toEqual({ project_id: project.id, by: planner.id });
    } finally {
      socket.close();
    }
    const detail = await detailOf(project.id);
    expect(shape(detail)).toEqual([
      ['Survey', 1, 1, []],
      ['Rack and cable', 2, 3.5, ['Mount rack', 'Patch']],
      ['Configure switches', 1.25, 2, []],
    ]);
    for (const row of detail.labor_steps) expectExactShape(laborStepSchema, row);
    expect(detail.labor_steps.every((row) => row.status === 0)).toBe(true);

    // A second import appends again: the estimate is a copy, the template stays as it was.
    await step({ step: 'Labor Estimate', ...estimateOf(project), template_id: templateId });
    expect((await detailOf(project.id)).labor_steps.map((row) => row.title)).toEqual([
      'Survey',
      'Rack and cable',
      'Configure switches',
      'Rack and cable',
      'Configure switches',
    ]);
  });

  it('refuses an unknown template (422), another step’s ticket or project (404) and a client (403)', async () => {
    const project = await createProject('Import refusals');
    const other = await createProject('Other import');
    const templateId = await createTemplate('Refusals template');
    const unknown = await step({ step: 'Labor Estimate', ...estimateOf(project), template_id: 2_000_000 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ template_id: ['Choose a template from the list.'] });
    const missing = await step({ step: 'Labor Estimate', ...estimateOf(project) });
    expect(missing.json().errors).toEqual({ template_id: ['Choose a template from the list.'] });
    const wrongTicket = { project_id: project.id, ticket_id: project.tickets[3]!.id, template_id: templateId };
    expect((await step({ step: 'Labor Estimate', ...wrongTicket })).statusCode).toBe(404);
    const otherTicket = { project_id: project.id, ticket_id: other.tickets[2]!.id, template_id: templateId };
    expect((await step({ step: 'Labor Estimate', ...otherTicket })).statusCode).toBe(404);
    const noProject = { project_id: 2_000_000, ticket_id: project.tickets[2]!.id, template_id: templateId };
    expect((await step({ step: 'Labor Estimate', ...noProject })).statusCode).toBe(404);
    const asClient = { step: 'Labor Estimate', ...estimateOf(project), template_id: templateId };
    expect((await step(asClient, clientToken)).statusCode).toBe(403);
    expect(await ctx.db.$count(laborSteps, eq(laborSteps.projectId, project.id))).toBe(0);
  });

  it('saves the list in its order: known ids updated, temporary ids new, left-out steps deleted', async () => {
    const project = await createProject('Save');
    const other = await createProject('Other save');
    await save(other, [{ id: null, title: 'Not yours', min_hours: 1, max_hours: 2, sub_steps: [{ title: 'Keep' }] }]);
    const foreign = (await detailOf(other.id)).labor_steps[0]!;

    const first = await save(project, [
      { id: 1_736_000_123_456, title: 'Prep', min_hours: 0, max_hours: 0.5, sub_steps: [{ title: 'Pack' }] },
      { id: 7, title: 'Install', min_hours: 2, max_hours: 4, sub_steps: [{ title: 'Mount' }, { title: 'Wire' }] },
      { title: 'Test', min_hours: '1.5', max_hours: '1.75', sub_steps: [] },
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Steps saved.' });
    const saved = await detailOf(project.id);
    expect(shape(saved)).toEqual([
      ['Prep', 0, 0.5, ['Pack']],
      ['Install', 2, 4, ['Mount', 'Wire']],
      ['Test', 1.5, 1.75, []],
    ]);
    const [prep, install, test] = saved.labor_steps as [
      ProjectDetail['labor_steps'][number],
      ProjectDetail['labor_steps'][number],
      ProjectDetail['labor_steps'][number],
    ];
    // Project Day closed Install: a save keeps its status.
    await ctx.db.update(laborSteps).set({ status: 1 }).where(eq(laborSteps.id, install.id));

    const second = await save(project, [
      { id: test.id, title: 'Test everything', min_hours: 1, max_hours: 2, sub_steps: [{ title: 'Ping' }] },
      { id: install.id, title: 'Install', min_hours: 2, max_hours: 4, sub_steps: [{ title: 'Wire' }] },
      // Another project's step id is a stranger here: it becomes a new step, the other project's stays.
      { id: foreign.id, title: 'Borrowed id', min_hours: 0.25, max_hours: 0.25, sub_steps: [] },
    ]);
    expect(second.statusCode).toBe(200);
    const after = await detailOf(project.id);
    expect(shape(after)).toEqual([
      ['Test everything', 1, 2, ['Ping']],
      ['Install', 2, 4, ['Wire']],
      ['Borrowed id', 0.25, 0.25, []],
    ]);
    expect(after.labor_steps[0]!.id).toBe(test.id);
    expect(after.labor_steps[1]).toMatchObject({ id: install.id, status: 1 });
    expect(after.labor_steps[2]!.id).not.toBe(foreign.id);
    expect(await ctx.db.$count(laborSteps, eq(laborSteps.id, prep.id))).toBe(0);
    expect(await ctx.db.$count(laborSubSteps, eq(laborSubSteps.laborStepId, prep.id))).toBe(0);
    expect(shape(await detailOf(other.id))).toEqual([['Not yours', 1, 2, ['Keep']]]);

    // An empty list deletes every step.
    expect((await save(project, [])).statusCode).toBe(200);
    expect((await detailOf(project.id)).labor_steps).toEqual([]);
  });

  it('checks every rule field by field and writes nothing when one fails', async () => {
    const project = await createProject('Rules');
    await save(project, [{ title: 'Kept', min_hours: 1, max_hours: 1, sub_steps: [] }]);
    const good = { title: 'Fine', min_hours: 1, max_hours: 2, sub_steps: [] };
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ ...good, title: '  ' }, { 'steps.1.title': ['Enter a title.'] }],
      [{ ...good, title: undefined }, { 'steps.1.title': ['Enter a title.'] }],
      [{ ...good, title: 'x'.repeat(256) }, { 'steps.1.title': ['Keep the title to 255 characters.'] }],
      [{ ...good, min_hours: -0.25 }, { 'steps.1.min_hours': ['Enter hours of 0 or more, in steps of 0.25.'] }],
      [{ ...good, max_hours: 2.3 }, { 'steps.1.max_hours': ['Enter hours of 0 or more, in steps of 0.25.'] }],
      [{ ...good, max_hours: 'many' }, { 'steps.1.max_hours': ['Enter hours of 0 or more, in steps of 0.25.'] }],
      [{ ...good, min_hours: '' }, { 'steps.1.min_hours': ['Enter hours of 0 or more, in steps of 0.25.'] }],
      [{ ...good, max_hours: 10_000.25 }, { 'steps.1.max_hours': ['Keep the hours to 10,000 or fewer.'] }],
      [
        { ...good, min_hours: 3, max_hours: 2.75 },
        { 'steps.1.max_hours': ['The max hours must be at least the min hours.'] },
      ],
      [{ ...good, sub_steps: [{ title: '' }] }, { 'steps.1.sub_steps.0.title': ['Enter a title for the sub-step.'] }],
    ];
    for (const [bad, errors] of cases) {
      const response = await save(project, [good, bad]);
      expect(response.statusCode, JSON.stringify(bad)).toBe(422);
      expect(response.json().errors).toEqual(errors);
    }
    const tooMany = await save(
      project,
      Array.from({ length: 201 }, () => good),
    );
    expect(tooMany.json().errors).toEqual({ steps: ['Keep the estimate to 200 steps.'] });
    expect(shape(await detailOf(project.id))).toEqual([['Kept', 1, 1, []]]);
  });

  it('closes the Labor Estimate step with the save when asked (Save & Close)', async () => {
    const project = await createProject('Save and close');
    const response = await save(project, [{ title: 'Only', min_hours: 1, max_hours: 1, sub_steps: [] }], {
      close: 1,
    });
    expect(response.statusCode).toBe(200);
    const detail = await detailOf(project.id);
    expect(detail.tickets[2]!.status).toBe(1);
    expect(shape(detail)).toEqual([['Only', 1, 1, []]]);
  });
});

describe('Project Day', () => {
  async function projectWithSteps(title: string) {
    const project = await createProject(title);
    await save(project, [
      { title: 'Unbox', min_hours: 1, max_hours: 1, sub_steps: [] },
      { title: 'Install', min_hours: 2, max_hours: 3, sub_steps: [{ title: 'Rack' }] },
    ]);
    const detail = await detailOf(project.id);
    return { project: detail, day: detail.tickets[10]!, steps: detail.labor_steps };
  }
  const closeStep = (ticketId: number) => call('PUT', `/api/ticket/${ticketId}`, { status: 1, ticket_id: ticketId });

  it('refuses to close the step while a substep is open, then closes it once all are', async () => {
    const { project, day, steps } = await projectWithSteps('Day');
    const refused = await closeStep(day.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ status: ['All Substeps Must Be Closed'] });

    const baseUrl = await listenForSockets(ctx.app);
    const socket = await connectSocket(baseUrl, token);
    try {
      expect(await subscribe(socket, projectChannel(project.id))).toMatchObject({ ok: true });
      const heard = nextEvent(socket, 'ProjectDayUpdated');
      const closed = await step({ step: 'Project Day', sub_step: steps[0]!.id, status: 1 });
      expect(closed.statusCode).toBe(200);
      expect(closed.json()).toEqual({ message: 'Substep closed.' });
      expect((await heard)[0]).toEqual({ project_id: project.id, by: planner.id });
    } finally {
      socket.close();
    }
    expect((await closeStep(day.id)).statusCode).toBe(422);
    expect((await step({ step: 'Project Day', sub_step: steps[1]!.id, status: '1' })).statusCode).toBe(200);
    expect((await detailOf(project.id)).labor_steps.map((row) => row.status)).toEqual([1, 1]);

    const allowed = await closeStep(day.id);
    expect(allowed.statusCode).toBe(200);
    expect((await detailOf(project.id)).tickets[10]!.status).toBe(1);
    const events = await ctx.db
      .select({ lingo: ticketEvents.lingo })
      .from(ticketEvents)
      .where(eq(ticketEvents.ticketId, day.id));
    expect(events.map((event) => event.lingo)).toEqual(
      expect.arrayContaining(['Pete Planner closed the substep “Unbox”', 'Pete Planner closed the step']),
    );

    // A substep cannot reopen under a closed Project Day: the step would be closed with an open substep.
    const reopen = await step({ step: 'Project Day', sub_step: steps[0]!.id, status: 0 });
    expect(reopen.statusCode).toBe(422);
    expect(reopen.json().errors).toEqual({ status: ['Reopen the Project Day step first.'] });
    await call('PUT', `/api/ticket/${day.id}`, { status: 0, ticket_id: day.id });
    const reopened = await step({ step: 'Project Day', sub_step: steps[0]!.id, status: 0 });
    expect(reopened.json()).toEqual({ message: 'Substep reopened.' });
  });

  it('takes sub_step alone, as spec 3 §7 shows the call, and turns the labor step over', async () => {
    const { project, steps } = await projectWithSteps('Day toggles');
    const closed = await step({ step: 'Project Day', sub_step: steps[0]!.id });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toEqual({ message: 'Substep closed.' });
    expect((await detailOf(project.id)).labor_steps.map((row) => row.status)).toEqual([1, 0]);
    const reopened = await step({ step: 'Project Day', sub_step: steps[0]!.id, status: '' });
    expect(reopened.json()).toEqual({ message: 'Substep reopened.' });
    expect((await detailOf(project.id)).labor_steps.map((row) => row.status)).toEqual([0, 0]);
  });

  it('closes other steps as before, and a Project Day without labor steps closes at once', async () => {
    const { day: _day, project } = await projectWithSteps('Other steps');
    expect((await closeStep(project.tickets[9]!.id)).statusCode).toBe(200);
    const empty = await createProject('No labor');
    expect((await closeStep(empty.tickets[10]!.id)).statusCode).toBe(200);
  });

  it('refuses an unknown substep, a bad status and a client', async () => {
    const { steps } = await projectWithSteps('Day refusals');
    const unknown = await step({ step: 'Project Day', sub_step: 2_000_000, status: 1 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ sub_step: ['Choose a sub-step of this project.'] });
    const badStatus = await step({ step: 'Project Day', sub_step: steps[0]!.id, status: 2 });
    expect(badStatus.json().errors).toEqual({ status: ['Choose open or closed.'] });
    expect((await step({ step: 'Project Day', sub_step: steps[0]!.id, status: 1 }, clientToken)).statusCode).toBe(403);
    expect(await ctx.db.$count(laborSteps, and(eq(laborSteps.id, steps[0]!.id), eq(laborSteps.status, 0)))).toBe(1);
  });

  it('clocks each labor step: one open check-in per user and step, none on a closed one', async () => {
    const { project, day, steps } = await projectWithSteps('Clocks');
    const [unbox, install] = steps as [(typeof steps)[number], (typeof steps)[number]];
    const clock = (direction: 'in' | 'out', extra: Record<string, unknown>, as = token) =>
      call(
        'POST',
        '/api/ticket/checkinout',
        { direction, ticket_id: day.id, company_id: companyId, project_id: project.id, ...extra },
        as,
      );

    const inUnbox = await clock('in', { project_step_id: unbox.id });
    expect(inUnbox.statusCode).toBe(200);
    expect(inUnbox.json().data).toMatchObject({ project_step_id: unbox.id, ticket_id: day.id, end_time: null });
    const twice = await clock('in', { project_step_id: unbox.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('You are already checked in to this step.');
    // Another step and another user on the same step each have their own clock.
    expect((await clock('in', { project_step_id: install.id })).statusCode).toBe(200);
    expect((await clock('in', { project_step_id: unbox.id }, otherToken)).statusCode).toBe(200);
    // The step ticket's own clock is off (spec 3 §2: Use Steps), also when called directly.
    const own = await clock('in', {});
    expect(own.statusCode).toBe(422);
    expect(own.json().errors).toEqual({ project_step_id: ['Use Steps'] });
    // One made before the rule (or by the demo) still ends.
    await ctx.db.insert(checkIns).values({ userId: planner.id, companyId, ticketId: day.id, projectId: project.id });
    const open = await ctx.db
      .select({ stepId: checkIns.projectStepId, projectId: checkIns.projectId })
      .from(checkIns)
      .where(and(eq(checkIns.ticketId, day.id), eq(checkIns.userId, planner.id), isNull(checkIns.endTime)));
    expect(open.map((row) => row.stepId).sort()).toEqual([unbox.id, install.id, null].sort());
    expect(open.every((row) => row.projectId === project.id)).toBe(true);

    // Checking out of the step ticket leaves the labor steps' clocks running, and the other way round.
    expect((await clock('out', {})).statusCode).toBe(200);
    expect((await clock('out', {})).json().message).toBe('You are not checked in to this ticket.');
    expect((await clock('out', { project_step_id: unbox.id })).json().data.end_time).not.toBeNull();
    const notIn = await clock('out', { project_step_id: unbox.id });
    expect(notIn.statusCode).toBe(409);
    expect(notIn.json().message).toBe('You are not checked in to this step.');

    // A closed labor step refuses a check-in, and still lets an open one end.
    await step({ step: 'Project Day', sub_step: install.id, status: 1 });
    await step({ step: 'Project Day', sub_step: unbox.id, status: 1 });
    const closedIn = await clock('in', { project_step_id: unbox.id });
    expect(closedIn.statusCode).toBe(422);
    expect(closedIn.json().errors).toEqual({ project_step_id: ['This step is closed.'] });
    expect((await clock('out', { project_step_id: install.id })).statusCode).toBe(200);
  });

  it('refuses a check-in on a closed step with the reason Closed, and still lets an open one end', async () => {
    const { project } = await projectWithSteps('Closed clocks');
    const placeholder = project.tickets[1]!;
    const clock = (direction: 'in' | 'out') =>
      call('POST', '/api/ticket/checkinout', { direction, ticket_id: placeholder.id, project_id: project.id });
    expect((await clock('in')).statusCode).toBe(200);
    expect((await closeStep(placeholder.id)).statusCode).toBe(200);
    expect((await clock('out')).statusCode).toBe(200);
    const refused = await clock('in');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ ticket_id: ['Closed'] });
    expect(await ctx.db.$count(checkIns, and(eq(checkIns.ticketId, placeholder.id), isNull(checkIns.endTime)))).toBe(0);
    // Reopened, it takes check-ins again.
    await call('PUT', `/api/ticket/${placeholder.id}`, { status: 0, ticket_id: placeholder.id });
    expect((await clock('in')).statusCode).toBe(200);
  });

  it('takes a labor step only on its own project’s Project Day ticket', async () => {
    const { project, steps } = await projectWithSteps('Clock refusals');
    const other = await projectWithSteps('Other clocks');
    const clock = (ticketId: number, stepId: unknown) =>
      call('POST', '/api/ticket/checkinout', { direction: 'in', ticket_id: ticketId, project_step_id: stepId });
    for (const [ticketId, stepId] of [
      [other.day.id, steps[0]!.id],
      [project.tickets[2]!.id, steps[0]!.id],
      [project.tickets[10]!.id, 2_000_000],
    ] as const) {
      const response = await clock(ticketId, stepId);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ project_step_id: ['Choose a step of this project.'] });
    }
    expect((await clock(project.tickets[10]!.id, 'abc')).statusCode).toBe(422);
    expect(await ctx.db.$count(checkIns, eq(checkIns.projectId, project.id))).toBe(0);
  });

  it('keeps a labor step someone is checked in to from being deleted by a save', async () => {
    const { project, day, steps } = await projectWithSteps('Delete clocked');
    await call('POST', '/api/ticket/checkinout', { direction: 'in', ticket_id: day.id, project_step_id: steps[1]!.id });
    const response = await save(project, [
      { id: steps[0]!.id, title: 'Unbox', min_hours: 1, max_hours: 1, sub_steps: [] },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      steps: ['Someone is checked in to “Install”: check out before deleting it.'],
    });
    expect((await detailOf(project.id)).labor_steps).toHaveLength(2);
  });
});
