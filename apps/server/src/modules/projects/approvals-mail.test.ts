import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { approvalMessages } from '@switchboard/shared';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { createTestProject } from '../../../test/projects.ts';
import { settleBackgroundMail } from '../../plugins/mail.ts';
import { quotes } from '../quotes/quotes.table.ts';
import { companies } from '../companies/companies.table.ts';
import { projects } from './projects.table.ts';

// Issue 26 §2.9: the planning approval mail carries the project overview it asks the client to approve (spec 3 §3
// Approval: the planning's document is the project overview), as the PDF the viewer shows, read here off a real
// SMTP listener.

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

let ctx: TestContext;
let smtp: SMTPServer;
const received: Buffer[] = [];
let token: string;
let companyId: number;
let clientId: number;
let coordinatorId: number;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  ctx = await createTestContext({
    config: { smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` },
  });
  const coordinator = await createUser(ctx.db, { name: 'Cora Coordinator' });
  coordinatorId = coordinator.id;
  token = (await login(ctx.app, coordinator.email, coordinator.password)).access_token;
  [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Overview Dental' }).returning();
  clientId = (await createUser(ctx.db, { type: 'Client', companyId, name: 'Clara Client' })).id;
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const step = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/project/project_step', headers: bearer(token), payload });

/** The mails that reached the listener since `from`, parsed. */
async function mailsSince(from: number): Promise<ParsedMail[]> {
  await settleBackgroundMail(ctx.app.db);
  return Promise.all(received.slice(from).map((raw) => simpleParser(raw)));
}

const overviewPdf = async (projectId: number, revision: number) => {
  const answer = await ctx.app.inject({
    method: 'GET',
    url: `/api/pdf/Project_Overview/${projectId}/${revision}`,
    headers: bearer(token),
  });
  expect(answer.statusCode).toBe(200);
  return answer.rawPayload;
};

describe('the planning approval mail attaches the project overview', () => {
  it('carries the Project_Overview PDF of the project as it stands, and names it', async () => {
    const projectId = await createTestProject(ctx.app, token, {
      title: 'Wi-Fi refresh',
      company_id: companyId,
      coordinator_id: coordinatorId,
      goals: '<p>Cover the waiting room</p>',
    });
    const from = received.length;
    const sent = await step({
      step: 'Planning Approval',
      to: [clientId, 'owner@example.com'],
      message: 'Please approve the planning.',
      project_id: projectId,
      ticket_id: null,
    });
    expect(sent.json()).toEqual({ message: approvalMessages.planningSent });
    const mails = await mailsSince(from);
    expect(mails).toHaveLength(2);
    const original = await overviewPdf(projectId, 0);
    for (const mail of mails) {
      expect(mail.attachments.map((file) => [file.filename, file.contentType, sha256(file.content)])).toEqual([
        [`Project-Overview-${projectId}-00.pdf`, 'application/pdf', sha256(original)],
      ]);
      expect(mail.text).toContain(
        `The project overview this request asks you to approve is attached (Project-Overview-${projectId}-00.pdf).`,
      );
    }

    // The goals changed since, written straight to the row (no save recorded a revision): the next request renders
    // and carries revision 01, not the one first sent.
    await ctx.db
      .update(projects)
      .set({ goals: '<p>Cover the waiting room and the yard</p>' })
      .where(eq(projects.id, projectId));
    const again = received.length;
    await step({
      step: 'Planning Approval',
      to: [clientId],
      message: 'The plan changed: please approve again.',
      project_id: projectId,
      ticket_id: null,
    });
    const [second] = await mailsSince(again);
    const revised = await overviewPdf(projectId, 1);
    expect(sha256(revised)).not.toBe(sha256(original));
    expect(second!.attachments.map((file) => [file.filename, sha256(file.content)])).toEqual([
      [`Project-Overview-${projectId}-01.pdf`, sha256(revised)],
    ]);
  });

  it('the labor and quote request attaches no overview and does not name one', async () => {
    const projectId = await createTestProject(ctx.app, token, {
      title: 'Switch swap',
      company_id: companyId,
      coordinator_id: coordinatorId,
    });
    const [quote] = await ctx.db
      .insert(quotes)
      .values({ companyId, projectId, title: 'Switches', quoteDate: '2026-01-05', status: 'sent' })
      .returning({ id: quotes.id });
    const from = received.length;
    const sent = await step({
      step: 'Labor Quote Approval',
      to: [clientId],
      documents: [quote!.id],
      message: 'Please approve the labor and quotes.',
      project_id: projectId,
    });
    expect(sent.json()).toEqual({ message: approvalMessages.laborSent });
    const [mail] = await mailsSince(from);
    expect(mail!.attachments).toEqual([]);
    expect(mail!.text).not.toContain('project overview');
  });
});
