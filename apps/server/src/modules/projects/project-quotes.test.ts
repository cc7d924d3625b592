import { projectChannel, projectQuoteDetailSchema } from '@switchboard/shared';
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
import { and, eq, lt } from 'drizzle-orm';
import { companies } from '../companies/companies.table.ts';
import { TICKET_STATUS_CLOSED } from '@switchboard/shared';
import { tickets } from '../tickets/tickets.table.ts';
import { seedDemoProjectQuotes } from './project-quotes.demo.ts';

// Issue 18 part 7 (decision 0047): Product Requirements (order 4), a quote per requirement (Project Quotes, order 5)
// through billing's quotes, and the gate on Labor Quote Approval (order 6): "Can't close until all quotes completed."

let ctx: TestContext;
let coordinator: TestUser;
let plain: TestUser;
let client: TestUser;
let stranger: TestUser;
let token: string;
let plainToken: string;
let clientToken: string;
let strangerToken: string;
let companyId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  coordinator = await createUser(ctx.db, { name: 'Quinn Quoter', permissions: ['view billing'] });
  plain = await createUser(ctx.db, { name: 'Pat Plain' });
  token = (await login(ctx.app, coordinator.email, coordinator.password)).access_token;
  plainToken = (await login(ctx.app, plain.email, plain.password)).access_token;
  [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Quote Dental' }).returning();
  client = await createUser(ctx.db, { type: 'Client', companyId });
  clientToken = (await login(ctx.app, client.email, client.password)).access_token;
  stranger = await createUser(ctx.db, { type: 'Client' });
  strangerToken = (await login(ctx.app, stranger.email, stranger.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = token) =>
  ctx.app.inject({ method, url, headers: bearer(as), payload });
const createProject = (title: string) =>
  createTestProject(ctx.app, token, { title, company_id: companyId, coordinator_id: coordinator.id });
const saveRequirements = (projectId: number, products: object[], as = token) =>
  call('POST', '/api/project/project_step', { step: 'Product Requirements', project_id: projectId, products }, as);
const quoteBody = (title: string, lines = [{ description: 'Switch 24 port', quantity: '2', unit_price: '150.5' }]) => ({
  title,
  quote_date: '2026-11-02',
  valid_until: '2026-12-02',
  lines,
});
const createQuote = (projectId: number, requirementId: number, as = token) =>
  call('POST', `/api/project/${projectId}/quotes`, { requirement_id: requirementId, ...quoteBody('Network') }, as);
const stepOf = async (projectId: number, order: number) =>
  (await projectDetail(ctx.app, token, projectId)).tickets.find((ticket) => ticket.project_order === order)!;
const closeStep = (ticketId: number) => call('PUT', `/api/ticket/${ticketId}`, { status: 1, ticket_id: ticketId });

// First: the demo adds nothing once any requirement exists.
describe('demo quotes', () => {
  it('quotes and completes the requirements of projects past Project Quotes, once', async () => {
    const past = await createTestProject(ctx.app, token, {
      title: 'Demo past',
      company_id: companyId,
      procurement_required: 0,
    });
    const onQuotes = await createTestProject(ctx.app, token, {
      title: 'Demo on quotes',
      company_id: companyId,
      procurement_required: 0,
    });
    const closeBelow = (projectId: number, order: number) =>
      ctx.db
        .update(tickets)
        .set({ status: TICKET_STATUS_CLOSED })
        .where(and(eq(tickets.projectId, projectId), lt(tickets.projectOrder, order)));
    await closeBelow(past, 7);
    await closeBelow(onQuotes, 5);
    await seedDemoProjectQuotes(ctx.db, ctx.config.dataDir);
    await seedDemoProjectQuotes(ctx.db, ctx.config.dataDir);

    const done = await projectDetail(ctx.app, token, past);
    expect(done.product_requirements.map((row) => row.option)).toEqual([1, 2]);
    expect(done.quotes.map((quote) => quote.completed)).toEqual([true, true]);
    const waiting = await projectDetail(ctx.app, token, onQuotes);
    expect(waiting.product_requirements.map((row) => row.quote?.status ?? null)).toEqual(['draft', null]);
    expect((await closeStep((await stepOf(past, 6)).id)).statusCode).toBe(200);
  });
});

describe('Product Requirements', () => {
  it('saves the list, answers it in order in the detail, keeps ids of saved rows and tells the viewers', async () => {
    const projectId = await createProject('Office refresh');
    const socket = await connectSocket(await listenForSockets(ctx.app), token);
    try {
      expect(await subscribe(socket, projectChannel(projectId))).toMatchObject({ ok: true });
      const heard = nextEvent(socket, 'RequirementsUpdated');
      const saved = await saveRequirements(projectId, [
        { option: 1, product: 'Firewall' },
        { option: '10', product: '  Rack  ' },
      ]);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ message: 'Product requirements saved.' });
      expect((await heard)[0]).toEqual({ project_id: projectId, by: coordinator.id });
    } finally {
      socket.close();
    }
    const first = (await projectDetail(ctx.app, token, projectId)).product_requirements;
    expect(first.map(({ id: _id, ...rest }) => rest)).toEqual([
      { option: 1, product: 'Firewall', quote_id: null, quote: null },
      { option: 10, product: 'Rack', quote_id: null, quote: null },
    ]);

    // Reordered, one changed, one dropped, one added: the kept row keeps its id.
    const again = await saveRequirements(projectId, [
      { id: first[1]!.id, option: 2, product: 'Rack 42U' },
      { option: 3, product: 'UPS' },
    ]);
    expect(again.statusCode).toBe(200);
    const second = (await projectDetail(ctx.app, token, projectId)).product_requirements;
    expect(second.map((row) => [row.option, row.product])).toEqual([
      [2, 'Rack 42U'],
      [3, 'UPS'],
    ]);
    expect(second[0]!.id).toBe(first[1]!.id);
    expect(second[1]!.id).not.toBe(first[0]!.id);
  });

  it('refuses an option outside 1 to 10 and a missing product, per row, and changes nothing', async () => {
    const projectId = await createProject('Validation');
    await saveRequirements(projectId, [{ option: 5, product: 'Kept' }]);
    const refused = await saveRequirements(projectId, [
      { option: 0, product: 'Too low' },
      { option: 11, product: 'Too high' },
      { option: 2.5, product: 'Half' },
      { option: 4, product: '   ' },
      { product: 'No option' },
    ]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: 'The given data was invalid.',
      errors: {
        'products.0.option': ['Choose an option from 1 to 10.'],
        'products.1.option': ['Choose an option from 1 to 10.'],
        'products.2.option': ['Choose an option from 1 to 10.'],
        'products.3.product': ['The product field is required.'],
        'products.4.option': ['Choose an option from 1 to 10.'],
      },
    });
    const rows = (await projectDetail(ctx.app, token, projectId)).product_requirements;
    expect(rows.map((row) => row.product)).toEqual(['Kept']);
    expect((await saveRequirements(projectId, [{ option: 1, product: 'x'.repeat(501) }])).json().errors).toEqual({
      'products.0.product': ['The product may not be greater than 500 characters.'],
    });
    expect((await saveRequirements(999_999, [])).statusCode).toBe(404);
  });

  it('links a quote only of the same project, on one row only', async () => {
    const projectId = await createProject('Links');
    const otherId = await createProject('Other');
    await saveRequirements(otherId, [{ option: 1, product: 'Elsewhere' }]);
    const [otherRow] = (await projectDetail(ctx.app, token, otherId)).product_requirements;
    const otherQuote = (await createQuote(otherId, otherRow!.id)).json().data.id as number;
    const refused = await saveRequirements(projectId, [{ option: 1, product: 'Borrowed', quote_id: otherQuote }]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'products.0.quote_id': ['Choose a quote of this project.'] });

    await saveRequirements(projectId, [{ option: 1, product: 'Mine' }]);
    const [row] = (await projectDetail(ctx.app, token, projectId)).product_requirements;
    const quoteId = (await createQuote(projectId, row!.id)).json().data.id as number;
    const twice = await saveRequirements(projectId, [
      { id: row!.id, option: 1, product: 'Mine', quote_id: quoteId },
      { option: 2, product: 'Copy', quote_id: quoteId },
    ]);
    expect(twice.json().errors).toEqual({
      'products.1.quote_id': ['That quote already belongs to another requirement.'],
    });
  });

  it('lets client accounts neither write nor read the quoting, and hides another company project', async () => {
    const projectId = await createProject('Client view');
    await saveRequirements(projectId, [{ option: 1, product: 'Server' }]);
    const [row] = (await projectDetail(ctx.app, token, projectId)).product_requirements;
    const quoteId = (await createQuote(projectId, row!.id)).json().data.id as number;

    expect((await saveRequirements(projectId, [], clientToken)).statusCode).toBe(403);
    expect((await createQuote(projectId, row!.id, clientToken)).statusCode).toBe(403);
    expect((await call('POST', `/api/project/quotes/${quoteId}/complete`, undefined, clientToken)).statusCode).toBe(
      403,
    );
    expect((await call('GET', `/api/project/quotes/${quoteId}`, undefined, clientToken)).statusCode).toBe(403);
    const seen = await projectDetail(ctx.app, clientToken, projectId);
    expect(seen.product_requirements).toEqual([]);
    expect(seen.quotes).toEqual([]);
    expect((await call('GET', `/api/project/${projectId}`, undefined, strangerToken)).statusCode).toBe(404);
    // Staff without 'view billing' keep the requirements but not the quotes.
    expect((await createQuote(projectId, row!.id, plainToken)).statusCode).toBe(403);
    expect(
      (await saveRequirements(projectId, [{ id: row!.id, option: 1, product: 'Server' }], plainToken)).statusCode,
    ).toBe(200);
  });
});

describe('Project Quotes', () => {
  it('makes one quote per requirement through billing, edits it and reads it with its lines', async () => {
    const projectId = await createProject('Quoted');
    await saveRequirements(projectId, [{ option: 1, product: 'Access points' }]);
    const [row] = (await projectDetail(ctx.app, token, projectId)).product_requirements;
    const created = await createQuote(projectId, row!.id);
    expect(created.statusCode).toBe(200);
    const quoteId = created.json().data.id as number;
    expect(created.json()).toEqual({ message: 'Quote saved.', data: { id: quoteId } });
    expect((await createQuote(projectId, row!.id)).json().errors).toEqual({
      requirement_id: ['This requirement already has a quote.'],
    });
    const otherId = await createProject('Not this one');
    expect((await createQuote(otherId, row!.id)).json().errors).toEqual({
      requirement_id: ['Choose a product requirement of this project.'],
    });
    expect((await createQuote(999_999, row!.id)).statusCode).toBe(404);

    const detail = await projectDetail(ctx.app, token, projectId);
    const summary = { id: quoteId, number: null, title: 'Network', status: 'draft', total: 301, completed: false };
    expect(detail.product_requirements[0]).toEqual({ ...row, quote_id: quoteId, quote: summary });
    expect(detail.quotes).toEqual([{ ...summary, requirement_id: row!.id }]);

    const edited = await call(
      'PUT',
      `/api/project/quotes/${quoteId}`,
      quoteBody('Network v2', [
        { description: 'Access point', quantity: '3', unit_price: '99.99' },
        { description: 'Spare', quantity: '1', unit_price: '10', optional: true } as never,
      ]),
    );
    expect(edited.statusCode).toBe(200);
    const read = await call('GET', `/api/project/quotes/${quoteId}`);
    const quote = expectExactShape(projectQuoteDetailSchema, read.json().data);
    expect(quote).toMatchObject({ project_id: projectId, requirement_id: row!.id, title: 'Network v2', total: 299.97 });
    expect(quote.lines.map((line) => [line.description, line.amount, line.optional])).toEqual([
      ['Access point', 299.97, false],
      ['Spare', 10, true],
    ]);
    const invalid = await call('PUT', `/api/project/quotes/${quoteId}`, { ...quoteBody('x'), lines: [] });
    expect(invalid.json().errors).toEqual({ lines: ['Add at least one line.'] });
    expect((await call('GET', '/api/project/quotes/999999')).statusCode).toBe(404);
  });
});

describe('Labor Quote Approval gate', () => {
  it("answers Can't close until all quotes completed. until every requirement's quote is completed", async () => {
    const projectId = await createProject('Gate');
    const approval = await stepOf(projectId, 6);
    await saveRequirements(projectId, [
      { option: 1, product: 'Firewall' },
      { option: 2, product: 'Switch' },
    ]);
    const [first, second] = (await projectDetail(ctx.app, token, projectId)).product_requirements;
    const blocked = {
      message: 'The given data was invalid.',
      errors: { status: ["Can't close until all quotes completed."] },
    };

    // A requirement without its quote blocks, and so does a draft quote.
    const firstQuote = (await createQuote(projectId, first!.id)).json().data.id as number;
    expect((await closeStep(approval.id)).json()).toEqual(blocked);
    const secondQuote = (await createQuote(projectId, second!.id)).json().data.id as number;
    const refused = await closeStep(approval.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(blocked);

    const done = await call('POST', `/api/project/quotes/${firstQuote}/complete`);
    expect(done.json()).toEqual({ message: 'Quote completed.', data: { id: firstQuote } });
    expect((await closeStep(approval.id)).json()).toEqual(blocked);
    await call('POST', `/api/project/quotes/${secondQuote}/complete`);

    const detail = await projectDetail(ctx.app, token, projectId);
    expect(detail.quotes.every((quote) => quote.completed && /^Q-\d{6}$/.test(quote.number ?? ''))).toBe(true);
    // Completing issues the quote: revision 00 of its PDF exists.
    const revisions = await call('GET', `/api/revisions/quote/${firstQuote}`);
    expect(revisions.json().data.map((entry: { revision: number }) => entry.revision)).toEqual([0]);
    // Completing again changes nothing.
    await call('POST', `/api/project/quotes/${firstQuote}/complete`);
    expect((await call('GET', `/api/revisions/quote/${firstQuote}`)).json().data).toHaveLength(1);

    const closed = await closeStep(approval.id);
    expect(closed.statusCode).toBe(200);
    expect((await stepOf(projectId, 6)).status).toBe(1);
    // Only Labor Quote Approval is gated: another step of a project with draft quotes closes.
    const other = await createProject('Other step');
    await saveRequirements(other, [{ option: 1, product: 'Router' }]);
    expect((await closeStep((await stepOf(other, 5)).id)).statusCode).toBe(200);
    expect((await closeStep((await stepOf(other, 6)).id)).statusCode).toBe(422);
  });

  it('closes at once when the project has no requirements or quotes', async () => {
    const projectId = await createProject('Nothing to buy');
    expect((await closeStep((await stepOf(projectId, 6)).id)).statusCode).toBe(200);
  });
});
