import { approvalMessages } from '@switchboard/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { settleBackgroundMail } from '../../plugins/mail.ts';
import { companies } from '../companies/companies.table.ts';
import { outbox } from '../mail/mail.table.ts';
import { quotes } from '../quotes/quotes.table.ts';
import { approvalLinks, projectApprovals } from './project-approvals.table.ts';

// A billing quote's signed accept/decline link (designs/billing.md §3.5; decisions 0046, 0094, 0097): a quote without
// a project is sent with the same single-use link, the public page shows only the quote, and the recipient's answer
// accepts or declines the quote while it is still 'sent' (the first answer wins).

let ctx: TestContext;
let staff: string;
let companyId: number;
let client: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Quote Dental' }).returning();
  const [other] = await ctx.db.insert(companies).values({ name: 'Other School' }).returning();
  const employee = await createUser(ctx.db, { permissions: ['view billing'] });
  staff = (await login(ctx.app, employee.email, employee.password)).access_token;
  client = await createUser(ctx.db, { type: 'Client', companyId, name: 'Quinn Client' });
  stranger = await createUser(ctx.db, { type: 'Client', companyId: other!.id, name: 'Olga Other' });
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(staff), payload });
const publicGet = (token: string, path = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/public/approvals/${token}${path}`, remoteAddress: '10.1.0.1' });
const publicPost = (token: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/public/approvals/${token}`, payload, remoteAddress: '10.1.0.1' });

async function createQuote(projectId: number | null = null): Promise<number> {
  const created = await call('POST', '/api/billing/quotes', {
    company_id: companyId,
    project_id: projectId,
    title: 'Firewall replacement',
    quote_date: '2026-11-02',
    lines: [{ description: 'Firewall', quantity: '1', unit_price: '900.00' }],
  });
  expect(created.statusCode).toBe(200);
  return created.json<{ data: { id: number } }>().data.id;
}

const quoteRow = async (id: number) => (await ctx.db.select().from(quotes).where(eq(quotes.id, id)))[0]!;

/** The links mailed to each address, newest first (SMTP is off in tests: the outbox holds them). */
async function linksTo(address: string) {
  await settleBackgroundMail(ctx.db);
  const rows = await ctx.db.select().from(outbox).where(eq(outbox.to, address)).orderBy(desc(outbox.id));
  return rows.map((row) => ({
    subject: row.subject,
    text: row.text,
    token: /\/approve\/([\w-]+)/.exec(row.text)![1]!,
  }));
}

async function sendQuote(to: (number | string)[], message?: string) {
  const id = await createQuote();
  const sent = await call('POST', `/api/billing/quotes/${id}/send`, { to, message });
  expect(sent.statusCode).toBe(200);
  return { id, number: sent.json<{ data: { number: string } }>().data.number };
}

describe('a quote without a project, sent with the link', () => {
  it('mails a client account and a typed address each a link naming the quote, not a project', async () => {
    const { id, number } = await sendQuote([client.id, 'Buyer@Example.test']);
    expect(await quoteRow(id)).toMatchObject({ status: 'sent', number });
    const links = await ctx.db.select().from(approvalLinks).where(eq(approvalLinks.quoteId, id));
    expect(links).toHaveLength(2);
    expect(links.every((link) => link.projectId === null && link.kind === 'labor')).toBe(true);
    const approvals = await ctx.db.select().from(projectApprovals).where(eq(projectApprovals.quoteId, id));
    expect(approvals.map((row) => [row.projectId, row.userId, row.emailAddress]).sort()).toEqual(
      [
        [null, client.id, client.email],
        [null, null, 'buyer@example.test'],
      ].sort(),
    );
    const [mail] = await linksTo('buyer@example.test');
    expect(mail!.subject).toBe('Quote approval requested: Firewall replacement');
    expect(mail!.text).toContain('Please review the quote "Firewall replacement"');
  });

  it('opens on the public page with the quote (number, PDF, message) and no project data', async () => {
    const { id, number } = await sendQuote(['reader@example.test'], 'Here is our quote.');
    const [mail] = await linksTo('reader@example.test');
    const read = await publicGet(mail!.token);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual({
      kind: 'labor',
      recipient: 'reader@example.test',
      message: 'Here is our quote.',
      expires_at: expect.any(String),
      project: null,
      documents: [{ quote_id: id, label: `Quote ${number}: Firewall replacement`, has_pdf: true }],
    });
    const pdf = await publicGet(mail!.token, `/quotes/${id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('Approve accepts the quote as the recipient, announces it to billing; the link then refuses', async () => {
    const { id } = await sendQuote([client.id]);
    const [mail] = await linksTo(client.email);
    const emit = vi.spyOn(ctx.app.realtime, 'emitToStaff');
    try {
      const answered = await publicPost(mail!.token, { decision: 'approve' });
      expect(answered.statusCode).toBe(200);
      expect(answered.json()).toEqual({ message: approvalMessages.approved });
      expect(emit.mock.calls.map(([channel, event, payload]) => [channel, event, payload])).toEqual([
        ['billing', 'QuoteUpdated', { id, company_id: companyId }],
      ]);
    } finally {
      emit.mockRestore();
    }
    const quote = await quoteRow(id);
    expect(quote).toMatchObject({ status: 'accepted', acceptedByUserId: client.id, acceptedEmail: client.email });
    expect(quote.acceptedAt).toBeInstanceOf(Date);
    const detail = await call('GET', `/api/billing/quotes/${id}`);
    expect(detail.json().data).toMatchObject({ status: 'accepted', accepted_email: client.email });

    const again = await publicPost(mail!.token, { decision: 'deny', comment: 'Changed my mind.' });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(approvalMessages.linkUsed);
    expect((await quoteRow(id)).status).toBe('accepted');
    expect((await publicGet(mail!.token)).statusCode).toBe(410);
  });

  it('Deny declines the quote; a second recipient answering later changes only their own approval', async () => {
    const { id } = await sendQuote(['first@example.test', 'second@example.test']);
    const [first] = await linksTo('first@example.test');
    const [second] = await linksTo('second@example.test');
    expect((await publicPost(first!.token, { decision: 'deny', comment: 'Too expensive.' })).statusCode).toBe(200);
    const declined = await quoteRow(id);
    expect(declined).toMatchObject({ status: 'declined', acceptedAt: null });
    expect(declined.declinedAt).toBeInstanceOf(Date);

    // The first answer decided the quote; the second is recorded on its approval only.
    expect((await publicPost(second!.token, { decision: 'approve' })).statusCode).toBe(200);
    expect(await quoteRow(id)).toMatchObject({ status: 'declined', acceptedAt: null });
    const approvals = await ctx.db.select().from(projectApprovals).where(eq(projectApprovals.quoteId, id));
    expect(approvals.map((row) => [row.emailAddress, row.status]).sort()).toEqual([
      ['first@example.test', 2],
      ['second@example.test', 1],
    ]);
  });

  it('a quote converted before the recipient answers stays converted', async () => {
    const { id } = await sendQuote(['late@example.test']);
    const [mail] = await linksTo('late@example.test');
    expect((await call('POST', `/api/billing/quotes/${id}/accept`)).statusCode).toBe(200);
    expect((await call('POST', `/api/billing/quotes/${id}/convert`, { mode: 'full' })).statusCode).toBe(200);
    const before = await quoteRow(id);
    expect(before.status).toBe('converted');
    expect((await publicPost(mail!.token, { decision: 'deny', comment: 'No.' })).statusCode).toBe(200);
    expect(await quoteRow(id)).toEqual(before);
  });

  it('refuses a client account of another company (422) and sends nothing', async () => {
    const id = await createQuote();
    const refused = await call('POST', `/api/billing/quotes/${id}/send`, { to: [stranger.id, 'ok@example.test'] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ to: [approvalMessages.recipient] });
    expect(await quoteRow(id)).toMatchObject({ status: 'draft', number: null });
    expect(await ctx.db.select().from(approvalLinks).where(eq(approvalLinks.quoteId, id))).toEqual([]);
  });

  it('the database refuses a link that names neither a project nor a quote', async () => {
    const insert = ctx.db
      .insert(approvalLinks)
      .values({ kind: 'labor', tokenHash: 'x'.repeat(64), message: 'm', expiresAt: new Date() });
    await expect(insert).rejects.toMatchObject({ cause: { constraint: 'approval_links_target_check' } });
  });
});

describe("a project's quote", () => {
  it("Approve on its Labor Quote Approval link accepts the sent quote too, as the recipient's answer", async () => {
    const project = await ctx.app.inject({
      method: 'POST',
      url: '/api/project',
      headers: bearer(staff),
      payload: { title: 'Server room', company_id: companyId, labor_required: 0, procurement_required: 0 },
    });
    expect(project.statusCode).toBe(200);
    const projectId = project.json<{ data: { id: number } }>().data.id;
    const id = await createQuote(projectId);
    expect((await call('POST', `/api/billing/quotes/${id}/send`, { to: ['pm@example.test'] })).statusCode).toBe(200);
    const [mail] = await linksTo('pm@example.test');
    expect(mail!.subject).toBe('Labor and quote approval requested: Server room');
    expect((await publicGet(mail!.token)).json().data.project).toMatchObject({ title: 'Server room' });
    expect((await publicPost(mail!.token, { decision: 'approve' })).statusCode).toBe(200);
    expect(await quoteRow(id)).toMatchObject({ status: 'accepted', acceptedEmail: 'pm@example.test' });
  });
});
