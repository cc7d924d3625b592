import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { createTestProject, projectDetail } from '../../../test/projects.ts';
import { saveQuote } from '../quotes/quotes.service.ts';
import { companies } from '../companies/companies.table.ts';

// Issue 26 §2 items 1 and 2 (decision 0073): the project's coordinator (no 'view billing') makes, edits and completes
// each requirement's quote, so Labor Quote Approval closes and Client Payment Invoices gets its invoice; any staff
// member reads a project's quote PDF (as they view the project), while a quote of no project stays billing's.

let ctx: TestContext;
let coordinator: TestUser;
let quoter: TestUser;
let technician: TestUser;
let billing: TestUser;
const tokens: Record<string, string> = {};
let companyId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  coordinator = await createUser(ctx.db, { name: 'Dana Coordinator', permissions: ['view dashboard'] });
  quoter = await createUser(ctx.db, { name: 'Quincy Quoter', permissions: ['view dashboard'] });
  technician = await createUser(ctx.db, { name: 'Priya Technician', permissions: ['edit tech resources'] });
  billing = await createUser(ctx.db, { name: 'Hana Billing', permissions: ['view billing'] });
  for (const [name, user] of Object.entries({ coordinator, quoter, technician, billing }))
    tokens[name] = (await login(ctx.app, user.email, user.password)).access_token;
  [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Requirement Dental' }).returning();
  const client = await createUser(ctx.db, { type: 'Client', companyId });
  tokens.client = (await login(ctx.app, client.email, client.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

type Who = 'coordinator' | 'quoter' | 'technician' | 'billing' | 'client';
const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(tokens[who]!), payload });

/** A project coordinated by the coordinator, with the quoter named (procurement required), and one requirement. */
async function projectWithRequirement(title: string) {
  const projectId = await createTestProject(ctx.app, tokens.coordinator!, {
    title,
    company_id: companyId,
    coordinator_id: coordinator.id,
    procurement_required: 0,
    quoter_id: quoter.id,
  });
  const saved = await call('coordinator', 'POST', '/api/project/project_step', {
    step: 'Product Requirements',
    project_id: projectId,
    products: [{ option: 1, product: 'Firewall' }],
  });
  expect(saved.statusCode).toBe(200);
  const detail = await projectDetail(ctx.app, tokens.coordinator!, projectId);
  return { projectId, requirementId: detail.product_requirements[0]!.id, detail };
}

const quoteBody = (title = 'Firewall') => ({
  title,
  quote_date: '2026-11-27',
  valid_until: '2026-12-27',
  terms: 'Net 20',
  lines: [{ description: 'Firewall', quantity: '1', unit_price: '649.00' }],
});

describe('a requirement quoted by the project coordinator', () => {
  it('is made, edited and completed without view billing, then Labor Quote Approval closes and an invoice follows', async () => {
    const { projectId, requirementId, detail } = await projectWithRequirement('Coordinated');
    const created = await call('coordinator', 'POST', `/api/project/${projectId}/quotes`, {
      requirement_id: requirementId,
      ...quoteBody(),
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().message).toBe('Quote saved.');
    const quoteId = created.json().data.id as number;

    const edited = await call('coordinator', 'PUT', `/api/project/quotes/${quoteId}`, quoteBody('Firewall, 3 years'));
    expect(edited.statusCode).toBe(200);
    const read = await call('coordinator', 'GET', `/api/project/quotes/${quoteId}`);
    expect(read.json().data).toMatchObject({ title: 'Firewall, 3 years', total: 649, requirement_id: requirementId });

    const approval = detail.tickets.find((ticket) => ticket.project_order === 6)!;
    const close = () => call('coordinator', 'PUT', `/api/ticket/${approval.id}`, { status: 1, ticket_id: approval.id });
    expect((await close()).json().errors).toEqual({ status: ["Can't close until all quotes completed."] });

    const completed = await call('coordinator', 'POST', `/api/project/quotes/${quoteId}/complete`);
    expect(completed.json()).toEqual({ message: 'Quote completed.', data: { id: quoteId } });
    expect((await close()).statusCode).toBe(200);

    // Client Payment Invoices: billing posts the deposit invoice the step shows.
    const invoice = await call('billing', 'POST', '/api/billing/invoices/deposit', {
      project_id: projectId,
      amount: '324.50',
      memo: 'Half up front',
    });
    expect(invoice.statusCode).toBe(200);
    const after = await projectDetail(ctx.app, tokens.coordinator!, projectId);
    expect(after.invoices.map((row) => row.total)).toEqual([324.5]);
    expect(after.quotes.map((quote) => [quote.completed, /^Q-\d{6}$/.test(quote.number ?? '')])).toEqual([
      [true, true],
    ]);
  });

  it('lets the quoter and billing write too, and refuses other staff and clients', async () => {
    const { projectId, requirementId } = await projectWithRequirement('Who writes');
    const create = (who: Who) =>
      call(who, 'POST', `/api/project/${projectId}/quotes`, { requirement_id: requirementId, ...quoteBody() });

    // Another technician of the MSP reads the project but does not write its quotes.
    expect((await create('technician')).statusCode).toBe(403);
    expect((await create('client')).statusCode).toBe(403);
    const made = await create('quoter');
    expect(made.statusCode).toBe(200);
    const quoteId = made.json().data.id as number;
    expect((await call('technician', 'PUT', `/api/project/quotes/${quoteId}`, quoteBody('x'))).statusCode).toBe(403);
    expect((await call('technician', 'POST', `/api/project/quotes/${quoteId}/complete`)).statusCode).toBe(403);
    expect((await call('billing', 'PUT', `/api/project/quotes/${quoteId}`, quoteBody('Billing'))).statusCode).toBe(200);
    // Nothing the refused calls sent was kept.
    expect((await call('technician', 'GET', `/api/project/quotes/${quoteId}`)).json().data.title).toBe('Billing');

    expect((await call('quoter', 'POST', `/api/project/quotes/${quoteId}/complete`)).statusCode).toBe(200);
    expect((await create('billing')).json().errors).toEqual({
      requirement_id: ['This requirement already has a quote.'],
    });
    const missing = { requirement_id: requirementId, ...quoteBody() };
    expect((await call('coordinator', 'POST', '/api/project/999999/quotes', missing)).statusCode).toBe(404);
  });
});

describe("a project's quote PDF", () => {
  it('opens for any staff member, with its revisions and download; a quote of no project stays billing only', async () => {
    const { projectId, requirementId } = await projectWithRequirement('Readable');
    const quoteId = (
      await call('coordinator', 'POST', `/api/project/${projectId}/quotes`, {
        requirement_id: requirementId,
        ...quoteBody(),
      })
    ).json().data.id as number;

    // A draft: the viewer's preview.
    const preview = await call('technician', 'GET', `/api/pdf/quote/${quoteId}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    // The client of the project's company reads no draft, then the quote once it is sent.
    expect((await call('client', 'GET', `/api/pdf/quote/${quoteId}`)).statusCode).toBe(404);
    await call('coordinator', 'POST', `/api/project/quotes/${quoteId}/complete`);
    expect((await call('client', 'GET', `/api/pdf/quote/${quoteId}/0`)).statusCode).toBe(200);

    const revisions = await call('technician', 'GET', `/api/revisions/quote/${quoteId}`);
    expect(revisions.statusCode).toBe(200);
    expect(revisions.json().data.map((row: { label: string }) => row.label)).toEqual(['00']);
    const inline = await call('technician', 'GET', `/api/pdf/quote/${quoteId}/0`);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="Quote-Q-\d{6}-00\.pdf"$/);
    const download = await call('technician', 'GET', `/api/pdf/quote/${quoteId}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Quote-Q-\d{6}-00\.pdf"$/);

    // A quote billing made for no project: 'view billing' still needed.
    const own = await saveQuote(
      ctx.db,
      ctx.config.dataDir,
      { companyId, title: 'Standalone', quoteDate: '2026-11-27', lines: [] },
      billing.id,
    );
    expect((await call('technician', 'GET', `/api/revisions/quote/${own.id}`)).statusCode).toBe(403);
    expect((await call('technician', 'GET', `/api/pdf/quote/${own.id}`)).statusCode).toBe(403);
    expect((await call('billing', 'GET', `/api/pdf/quote/${own.id}`)).statusCode).toBe(200);
  });
});
