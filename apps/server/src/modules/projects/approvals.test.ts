import { projectChannel, publicApprovalSchema, type Approval } from '@switchboard/shared';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { redactUrl } from '../../app.ts';
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
import { settleBackgroundMail } from '../../plugins/mail.ts';
import { quotes } from '../quotes/quotes.table.ts';
import { companies } from '../companies/companies.table.ts';
import { recordRevision } from '../documents/documents.service.ts';
import { outbox } from '../mail/mail.table.ts';
import { approvalThrottleLimit } from './approvals.service.ts';
import { approvalLinks, approvalThrottles, projectApprovals } from './project-approvals.table.ts';

// Issue 18 part 4: Planning Approval and Labor Quote Approval by mailed link (spec 3 §2, §3 Approval, §4, §7;
// decision 0046).

let ctx: TestContext;
let coordinator: TestUser;
let token: string;
let clientToken: string;
let client: TestUser;
let secondClient: TestUser;
let strangerAccount: TestUser;
let companyId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  coordinator = await createUser(ctx.db, { name: 'Cora Coordinator' });
  token = (await login(ctx.app, coordinator.email, coordinator.password)).access_token;
  [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Approval Dental' }).returning();
  client = await createUser(ctx.db, { type: 'Client', companyId, name: 'Clara Client' });
  secondClient = await createUser(ctx.db, { type: 'Client', companyId, name: 'Sam Second' });
  strangerAccount = await createUser(ctx.db, { type: 'Client', name: 'Olga Other' });
  clientToken = (await login(ctx.app, client.email, client.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

const step = (payload: Record<string, unknown>, as = token) =>
  ctx.app.inject({ method: 'POST', url: '/api/project/project_step', headers: bearer(as), payload });
const publicGet = (linkToken: string, ip = '10.0.0.1') =>
  ctx.app.inject({ method: 'GET', url: `/api/public/approvals/${linkToken}`, remoteAddress: ip });
const publicPost = (linkToken: string, payload: object, ip = '10.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: `/api/public/approvals/${linkToken}`, payload, remoteAddress: ip });

const createProject = (title: string) =>
  createTestProject(ctx.app, token, {
    title,
    company_id: companyId,
    coordinator_id: coordinator.id,
    goals: '<p>New <b>network</b> &amp; Wi-Fi</p>',
  });

/** The newest `count` mails with their links, in recipient order, from the outbox (SMTP is off in tests). */
async function mailedLinks(count: number): Promise<{ to: string; subject: string; token: string; text: string }[]> {
  await settleBackgroundMail(ctx.app.db);
  const rows = await ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(count);
  // Each mail goes in the background, so the outbox holds them in the order they finished.
  rows.sort((a, b) => a.to.localeCompare(b.to));
  return rows.map((row) => {
    const match = /\/approve\/([A-Za-z0-9_-]+)/.exec(row.text);
    if (!match) throw new Error(`no approval link in mail to ${row.to}`);
    return { to: row.to, subject: row.subject, token: match[1]!, text: row.text };
  });
}

const sendPlanning = (projectId: number, to: unknown[], message = 'Please approve the planning.') =>
  step({ step: 'Planning Approval', to, message, project_id: projectId, ticket_id: null });

describe('Planning Approval: the request', () => {
  it('mails each chosen account and typed address its own link and makes one approval each', async () => {
    const projectId = await createProject('Network refresh');
    const socket = await connectSocket(await listenForSockets(ctx.app), token);
    try {
      expect(await subscribe(socket, projectChannel(projectId))).toMatchObject({ ok: true });
      const heard = nextEvent(socket, 'ApprovalsUpdated');
      const sent = await sendPlanning(projectId, [client.id, String(secondClient.id), 'Owner@Example.com']);
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ message: 'Planning approval request sent.' });
      expect((await heard)[0]).toEqual({ project_id: projectId, by: coordinator.id });
    } finally {
      socket.close();
    }

    const mails = await mailedLinks(3);
    expect(mails.map((mail) => mail.to)).toEqual(
      [client.email, secondClient.email, 'owner@example.com'].sort((a, b) => a.localeCompare(b)),
    );
    expect(new Set(mails.map((mail) => mail.token)).size).toBe(3);
    for (const mail of mails) {
      expect(mail.subject).toBe('Planning approval requested: Network refresh');
      expect(mail.text).toContain('Please approve the planning.');
      expect(mail.text).toContain(`${ctx.config.appUrl}/approve/${mail.token}`);
    }
    // Only hashes are stored.
    const stored = await ctx.db.select({ hash: approvalLinks.tokenHash }).from(approvalLinks);
    expect(stored.map((row) => row.hash)).not.toContain(mails[0]!.token);

    const detail = await projectDetail(ctx.app, token, projectId);
    expect(detail.labor_approvals).toEqual([]);
    expect(detail.planning_approvals).toHaveLength(3);
    const [first, , typed] = detail.planning_approvals as [Approval, Approval, Approval];
    expect(first).toMatchObject({
      project_overview: true,
      quote_id: null,
      quote: null,
      status: null,
      user: { id: client.id, name: 'Clara Client' },
      email_address: client.email,
      added_by: { id: coordinator.id, shortname: 'Cora' },
      comment: null,
      responded_at: null,
    });
    expect(typed).toMatchObject({ user: null, email_address: 'owner@example.com' });
    const days = (Date.parse(first.expires_at) - Date.parse(first.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(14, 1);
    // The client account of the company reads them too.
    expect((await projectDetail(ctx.app, clientToken, projectId)).planning_approvals).toHaveLength(3);
  });

  it('refuses accounts of another company, bad addresses, an empty list and an empty message, sending nothing', async () => {
    const projectId = await createProject('Guarded');
    const before = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(outbox))[0]!.n;
    const cases: [unknown[], string, string, string][] = [
      [
        [strangerAccount.id],
        'Hi',
        'to',
        "Each recipient must be an account of the project's company or a valid e-mail address.",
      ],
      [
        [coordinator.id],
        'Hi',
        'to',
        "Each recipient must be an account of the project's company or a valid e-mail address.",
      ],
      [
        ['not-an-address'],
        'Hi',
        'to.0',
        "Each recipient must be an account of the project's company or a valid e-mail address.",
      ],
      [[], 'Hi', 'to', 'Choose at least one recipient.'],
      [[client.id], '   ', 'message', 'Enter a message.'],
    ];
    for (const [to, message, field, text] of cases) {
      const answer = await sendPlanning(projectId, to, message);
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toEqual({ message: 'The given data was invalid.', errors: { [field]: [text] } });
    }
    await settleBackgroundMail(ctx.app.db);
    expect((await ctx.db.select({ n: sql<number>`count(*)::int` }).from(outbox))[0]!.n).toBe(before);
    expect((await projectDetail(ctx.app, token, projectId)).planning_approvals).toEqual([]);
  });

  it('is staff only, and 404 for a project that does not exist', async () => {
    const projectId = await createProject('Staff only');
    const asClient = await step(
      { step: 'Planning Approval', to: [client.id], message: 'x', project_id: projectId },
      clientToken,
    );
    expect(asClient.statusCode).toBe(403);
    expect((await sendPlanning(999_999, [client.id])).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/project/project_step',
      payload: { step: 'Planning Approval', to: [client.id], message: 'x', project_id: projectId },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the public link', () => {
  it('shows the summary, approves once, and a second use changes nothing', async () => {
    const projectId = await createProject('Approve me');
    expect((await sendPlanning(projectId, ['buyer@example.com', client.id])).statusCode).toBe(200);
    const mails = await mailedLinks(2);
    const buyer = mails.find((mail) => mail.to === 'buyer@example.com');
    const account = mails.find((mail) => mail.to === client.email);

    const summary = await publicGet(buyer!.token);
    expect(summary.statusCode).toBe(200);
    expect(summary.headers['cache-control']).toBe('no-store');
    const shown = expectExactShape(publicApprovalSchema, summary.json().data);
    expect(shown).toMatchObject({
      kind: 'planning',
      recipient: 'buyer@example.com',
      message: 'Please approve the planning.',
      project: { title: 'Approve me', company: 'Approval Dental', site: null, goals: 'New network & Wi-Fi' },
      documents: [],
    });

    const socket = await connectSocket(await listenForSockets(ctx.app), token);
    try {
      expect(await subscribe(socket, projectChannel(projectId))).toMatchObject({ ok: true });
      const heard = nextEvent(socket, 'ApprovalsUpdated');
      const approved = await publicPost(buyer!.token, { decision: 'approve', comment: 'Looks good' });
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toEqual({ message: 'Thank you. Your approval has been recorded.' });
      expect((await heard)[0]).toEqual({ project_id: projectId, by: null });
    } finally {
      socket.close();
    }

    // Accounts come first, then typed addresses.
    const [pending, done] = (await projectDetail(ctx.app, token, projectId)).planning_approvals as [Approval, Approval];
    expect(done).toMatchObject({ status: 1, comment: 'Looks good', email_address: 'buyer@example.com' });
    expect(done.responded_at).not.toBeNull();
    expect(pending).toMatchObject({ status: null, user: { id: client.id } });

    // Used: it says so, on the page and on a second answer, and nothing changes.
    for (const answer of [
      await publicGet(buyer!.token),
      await publicPost(buyer!.token, { decision: 'deny', comment: 'Changed my mind' }),
    ]) {
      expect(answer.statusCode).toBe(410);
      expect(answer.json()).toEqual({ message: 'This approval link has already been used. Nothing was changed.' });
    }
    const [, after] = (await projectDetail(ctx.app, token, projectId)).planning_approvals as [Approval, Approval];
    expect(after).toEqual(done);

    // The other recipient's link is its own: deny needs a comment, then denies.
    const bare = await publicPost(account!.token, { decision: 'deny' });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors).toEqual({ comment: ['Tell us why you deny the request.'] });
    expect((await publicPost(account!.token, { decision: 'maybe' })).json().errors).toEqual({
      decision: ['Choose Approve or Deny.'],
    });
    const denied = await publicPost(account!.token, { decision: 'deny', comment: 'Not this quarter' });
    expect(denied.json()).toEqual({ message: 'Thank you. Your answer has been recorded.' });
    const statuses = (await projectDetail(ctx.app, token, projectId)).planning_approvals.map((row) => row.status);
    expect(statuses).toEqual([2, 1]);
  });

  it('answers only what a client reads: never the internal notes, to an account or a typed outside address', async () => {
    const secret = 'Alarm code 4711, the server closet key is under the mat';
    const projectId = await createTestProject(ctx.app, token, {
      title: 'Notes stay inside',
      company_id: companyId,
      coordinator_id: coordinator.id,
      goals: '<p>Faster Wi-Fi</p>',
      notes: `<p>${secret}</p>`,
    });
    expect((await sendPlanning(projectId, ['outsider@example.com', client.id])).statusCode).toBe(200);
    // What the client's own project detail shows of the project (goals, not notes), nothing more.
    const readableSchema = z.strictObject({
      kind: z.literal('planning'),
      recipient: z.string(),
      message: z.string(),
      expires_at: z.string(),
      project: z.strictObject({
        title: z.string(),
        company: z.string(),
        site: z.string().nullable(),
        goals: z.string(),
      }),
      documents: z.array(z.strictObject({ quote_id: z.number(), label: z.string(), has_pdf: z.boolean() })),
    });
    for (const mail of await mailedLinks(2)) {
      const summary = await publicGet(mail.token);
      expect(summary.statusCode).toBe(200);
      expect(summary.body).not.toContain('Alarm code');
      expect(summary.body).not.toContain('notes');
      expect(readableSchema.parse(summary.json().data).project).toEqual({
        title: 'Notes stay inside',
        company: 'Approval Dental',
        site: null,
        goals: 'Faster Wi-Fi',
      });
    }
    // The notes are there for staff.
    expect((await projectDetail(ctx.app, token, projectId)).notes).toContain(secret);
  });

  it('answers expired links with their text and changes nothing', async () => {
    const projectId = await createProject('Too late');
    expect((await sendPlanning(projectId, ['late@example.com'])).statusCode).toBe(200);
    const [late] = await mailedLinks(1);
    await ctx.db
      .update(approvalLinks)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(approvalLinks.projectId, projectId));
    for (const answer of [await publicGet(late!.token), await publicPost(late!.token, { decision: 'approve' })]) {
      expect(answer.statusCode).toBe(410);
      expect(answer.json()).toEqual({ message: 'This approval link has expired. Nothing was changed.' });
    }
    const [row] = await ctx.db.select().from(projectApprovals).where(eq(projectApprovals.projectId, projectId));
    expect([row!.status, row!.respondedAt]).toEqual([null, null]);
  });

  it('answers 404 to an unknown or forged token', async () => {
    const forged = 'A'.repeat(43);
    expect((await publicGet(forged)).statusCode).toBe(404);
    expect((await publicGet(forged)).json()).toEqual({ message: 'This approval link is not valid.' });
    expect((await publicPost(forged, { decision: 'approve' })).statusCode).toBe(404);
    expect((await publicGet('short')).statusCode).toBe(404);
  });

  it('two answers at once spend the link once', async () => {
    const projectId = await createProject('Race');
    expect((await sendPlanning(projectId, ['race@example.com'])).statusCode).toBe(200);
    const [race] = await mailedLinks(1);
    const answers = await Promise.all([
      publicPost(race!.token, { decision: 'approve' }),
      publicPost(race!.token, { decision: 'deny', comment: 'no' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);
  });

  it('counts requests per address and refuses past the limit (429)', async () => {
    await ctx.db.delete(approvalThrottles);
    const forged = 'B'.repeat(43);
    const answers = await Promise.all(
      Array.from({ length: approvalThrottleLimit + 5 }, () => publicGet(forged, '10.9.9.9')),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 404)).toHaveLength(approvalThrottleLimit);
    expect(codes.filter((code) => code === 429)).toHaveLength(5);
    // Another address is not held back.
    expect((await publicGet(forged, '10.9.9.10')).statusCode).toBe(404);
  });

  it('keeps the token out of logged URLs', () => {
    expect(redactUrl('/api/public/approvals/abcDEF_123-x?x=1')).toBe('/api/public/approvals/[redacted]?x=1');
    expect(redactUrl('/api/public/approvals/abc/quotes/4')).toBe('/api/public/approvals/[redacted]/quotes/4');
    expect(redactUrl('/api/hr/calendar.ics?token=abcDEF_123&x=1')).toBe('/api/hr/calendar.ics?token=[redacted]&x=1');
    expect(redactUrl('/approve/abcDEF')).toBe('/approve/[redacted]');
  });
});

describe('Labor Quote Approval', () => {
  it('sends the project quotes and serves their PDFs to the link only', async () => {
    const projectId = await createProject('Quoted work');
    const otherProject = await createProject('Other work');
    const [quote, foreign] = await ctx.db
      .insert(quotes)
      .values([
        { companyId, projectId, title: 'Switches', quoteDate: '2026-01-05', number: 'Q-900001', status: 'sent' },
        { companyId, projectId: otherProject, title: 'Cables', quoteDate: '2026-01-05' },
      ])
      .returning({ id: quotes.id });

    const wrong = await step({
      step: 'Labor Quote Approval',
      to: [client.id],
      documents: [quote!.id, foreign!.id],
      message: 'Please approve',
      project_id: projectId,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ documents: ['Choose quotes of this project.'] });
    const none = await step({
      step: 'Labor Quote Approval',
      to: [client.id],
      documents: [],
      message: 'x',
      project_id: projectId,
    });
    expect(none.json().errors).toEqual({ documents: ['Choose the quotes to send.'] });

    // The step ticket names the project as well as project_id does.
    const detail = await projectDetail(ctx.app, token, projectId);
    const ticketId = detail.tickets.find((ticket) => ticket.project_order === 6)!.id;
    const sent = await step({
      step: 'Labor Quote Approval',
      to: [client.id],
      documents: [quote!.id],
      message: 'Please approve the labor and quotes.',
      ticket_id: ticketId,
    });
    expect(sent.json()).toEqual({ message: 'Labor and quote approval request sent.' });
    const [mail] = await mailedLinks(1);
    expect(mail!.subject).toBe('Labor and quote approval requested: Quoted work');

    const after = await projectDetail(ctx.app, token, projectId);
    expect(after.planning_approvals).toEqual([]);
    expect(after.labor_approvals).toMatchObject([
      { project_overview: false, quote_id: quote!.id, quote: { id: quote!.id, number: 'Q-900001', title: 'Switches' } },
    ]);

    const page = await publicGet(mail!.token);
    expect(page.json().data).toMatchObject({
      kind: 'labor',
      documents: [{ quote_id: quote!.id, label: 'Quote Q-900001: Switches', has_pdf: false }],
    });
    // No revision yet: 404; a quote not sent with this link: 404.
    const pdf = (id: number) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/public/approvals/${mail!.token}/quotes/${id}`,
        remoteAddress: '10.0.0.7',
      });
    expect((await pdf(quote!.id)).statusCode).toBe(404);
    expect((await pdf(foreign!.id)).statusCode).toBe(404);
    await recordRevision(ctx.db, ctx.config.dataDir, 'quote', quote!.id, coordinator.id);
    const served = await pdf(quote!.id);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await publicGet(mail!.token)).json().data.documents[0].has_pdf).toBe(true);

    expect((await publicPost(mail!.token, { decision: 'approve' })).statusCode).toBe(200);
    expect((await projectDetail(ctx.app, token, projectId)).labor_approvals[0]!.status).toBe(1);
    // A spent link serves no PDF.
    expect((await pdf(quote!.id)).statusCode).toBe(410);
  });
});
