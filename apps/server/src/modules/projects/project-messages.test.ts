import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { createTestProject, projectDetail } from '../../../test/projects.ts';
import { companies } from '../companies/companies.table.ts';

// Issue 26 §6: the project field messages no test named. Each rule is triggered through its route and its message
// asserted as the literal text the form shows, so a drifted wording fails.

let ctx: TestContext;
let token: string;
let companyId: number;
let coordinatorId: number;

// Read-only for every test: the coordinator and the company; each test makes its own project.
beforeAll(async () => {
  ctx = await createTestContext();
  const coordinator = await createUser(ctx.db, { name: 'Mel Messages' });
  coordinatorId = coordinator.id;
  token = (await login(ctx.app, coordinator.email, coordinator.password)).access_token;
  [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Wording Works' }).returning();
});
afterAll(async () => {
  await ctx.close();
});

const post = (url: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const step = (payload: Record<string, unknown>) => post('/api/project/project_step', payload);
const errorsOf = async (response: Awaited<ReturnType<typeof post>>) => {
  expect(response.statusCode, response.body).toBe(422);
  return response.json<{ errors: Record<string, string[]> }>().errors;
};
const newProject = (title: string) =>
  createTestProject(ctx.app, token, { title, company_id: companyId, coordinator_id: coordinatorId });

describe('the project form', () => {
  const base = { title: 'Wording', company_id: 0, labor_required: 1, procurement_required: 1, verbally_approved: 0 };

  it('names the planner, researcher and quoter fields when they are not a choice from the list', async () => {
    const errors = await errorsOf(
      await post('/api/project', {
        ...base,
        company_id: companyId,
        planner_id: 'someone',
        researcher_id: -4,
        quoter_id: 1.5,
      }),
    );
    expect(errors).toEqual({
      planner_id: ['Choose a planner from the list.'],
      researcher_id: ['Choose a researcher from the list.'],
      quoter_id: ['Choose a quoter from the list.'],
    });
  });

  it('asks whether the project was approved verbally (0 or 1)', async () => {
    const errors = await errorsOf(await post('/api/project', { ...base, company_id: companyId, verbally_approved: 2 }));
    expect(errors).toEqual({ verbally_approved: ['Choose whether the project was approved verbally.'] });
  });

  it('refuses goals and notes past 100,000 characters', async () => {
    const long = 'x'.repeat(100_001);
    const errors = await errorsOf(
      await post('/api/project', { ...base, company_id: companyId, goals: long, notes: long }),
    );
    expect(errors).toEqual({ goals: ['The goals are too long.'], notes: ['The notes are too long.'] });
  });
});

describe('the step panels', () => {
  it('Product Requirements: a list, at most 100 rows', async () => {
    const projectId = await newProject('Products');
    const notList = await step({ step: 'Product Requirements', project_id: projectId, products: 'monitor' });
    expect(await errorsOf(notList)).toEqual({ products: ['List the product requirements.'] });
    const rows = Array.from({ length: 101 }, (_, i) => ({ product: `Monitor ${i}`, quote_id: null }));
    const tooMany = await step({ step: 'Product Requirements', project_id: projectId, products: rows });
    expect(await errorsOf(tooMany)).toEqual({ products: ['Keep the list to 100 product requirements.'] });
    expect((await projectDetail(ctx.app, token, projectId)).product_requirements).toEqual([]);
  });

  it('Procurement: a list of at most 100 shipments, with bounded details, places and history', async () => {
    const projectId = await newProject('Shipments');
    const procurement = (procurements: unknown) => step({ step: 'Procurement', project_id: projectId, procurements });
    expect(await errorsOf(await procurement('1Z999'))).toEqual({ procurements: ['List the shipments.'] });
    const row = (i: number) => ({ carrier: 'UPS', tracking_number: `1Z${String(i).padStart(6, '0')}` });
    expect(await errorsOf(await procurement(Array.from({ length: 101 }, (_, i) => row(i))))).toEqual({
      procurements: ['Keep the list to 100 shipments.'],
    });
    const event = { time: '2026-11-02T10:00:00Z', city: 'Reno', state: 'NV', status_details: 'In transit' };
    expect(
      await errorsOf(
        await procurement([
          {
            ...row(1),
            status_details: 'd'.repeat(501),
            history: [{ ...event, city: 'c'.repeat(101), state: 's'.repeat(101), status_details: 'e'.repeat(501) }],
          },
        ]),
      ),
    ).toEqual({
      'procurements.0.status_details': ['Keep the status details to 500 characters.'],
      'procurements.0.history.0.city': ['Keep the place to 100 characters.'],
      'procurements.0.history.0.state': ['Keep the place to 100 characters.'],
      'procurements.0.history.0.status_details': ['Keep the status details to 500 characters.'],
    });
    expect(
      await errorsOf(await procurement([{ ...row(2), history: Array.from({ length: 201 }, () => event) }])),
    ).toEqual({ 'procurements.0.history': ['Keep the history to 200 entries.'] });
    expect((await projectDetail(ctx.app, token, projectId)).procurements).toEqual([]);
  });

  it('Schedule Project Date: at most 200 slots', async () => {
    const projectId = await newProject('Slots');
    const slot = { date: '2026-12-01', start_time: '09:00', end_time: '10:00', employee_id: coordinatorId };
    const tooMany = await step({
      step: 'Schedule Project Date',
      project_id: projectId,
      dates: Array.from({ length: 201 }, () => slot),
    });
    expect(await errorsOf(tooMany)).toEqual({ dates: ['Keep the schedule to 200 slots.'] });
  });

  it('Labor Estimate: the step ticket is required, and a step keeps at most 100 sub-steps', async () => {
    const projectId = await newProject('Labor');
    const detail = await projectDetail(ctx.app, token, projectId);
    const good = { id: null, title: 'Rack', min_hours: 1, max_hours: 2, sub_steps: [] };
    const noTicket = await step({ step: 'Save Labor Estimate', project_id: projectId, steps: [good] });
    expect(await errorsOf(noTicket)).toEqual({ ticket_id: ['Choose the step of this project.'] });
    const noTicketImport = await step({ step: 'Labor Estimate', project_id: projectId, template_id: 1 });
    expect(await errorsOf(noTicketImport)).toEqual({ ticket_id: ['Choose the step of this project.'] });
    const tooMany = await step({
      step: 'Save Labor Estimate',
      project_id: projectId,
      ticket_id: detail.tickets[2]!.id,
      steps: [{ ...good, sub_steps: Array.from({ length: 101 }, (_, i) => ({ title: `Task ${i}` })) }],
    });
    expect(await errorsOf(tooMany)).toEqual({ 'steps.0.sub_steps': ['Keep a step to 100 sub-steps.'] });
  });
});

describe('approvals', () => {
  it('Planning Approval: at most 20 recipients and a message of at most 5,000 characters', async () => {
    const projectId = await newProject('Approvals');
    const send = (to: unknown[], message: string) =>
      step({ step: 'Planning Approval', to, message, project_id: projectId, ticket_id: null });
    const addresses = Array.from({ length: 21 }, (_, i) => `owner${i}@example.com`);
    expect(await errorsOf(await send(addresses, 'Please approve.'))).toEqual({
      to: ['Send to at most 20 recipients at once.'],
    });
    expect(await errorsOf(await send(['owner@example.com'], 'm'.repeat(5001)))).toEqual({
      message: ['Keep the message to 5000 characters.'],
    });
  });

  it("the recipient's answer: a comment of at most 2,000 characters", async () => {
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/public/approvals/not-a-real-link-token-000000000000',
      payload: { decision: 'deny', comment: 'c'.repeat(2001) },
    });
    expect(await errorsOf(answer)).toEqual({ comment: ['Keep the comment to 2000 characters.'] });
  });
});
