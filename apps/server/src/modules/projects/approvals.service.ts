import {
  APPROVAL_APPROVED,
  APPROVAL_DENIED,
  APPROVAL_LINK_TTL_DAYS,
  approvalMessages,
  revisionLabel,
  type ApprovalDecisionInput,
  type ApprovalKind,
  type LaborApprovalInput,
  type PlanningApprovalInput,
  type PublicApproval,
} from '@switchboard/shared';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { forbidden, HttpError, notFound, unprocessable } from '../../plugins/errors.ts';
import {
  escapeHtml,
  sendMailInBackground,
  type MailAttachment,
  type MailContext,
  type MailMessage,
} from '../../plugins/mail.ts';
import { generateToken, hashToken } from '../auth/tokens.ts';
import { answerQuote, lockQuote } from '../quotes/quotes.service.ts';
import { quotes } from '../quotes/quotes.table.ts';
import { clientAccounts } from '../companies/client-accounts.table.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { htmlToParagraphs } from '../documents/html-text.ts';
import { readRevisionFile, recordRevision } from '../documents/documents.service.ts';
import { tickets } from '../tickets/tickets.table.ts';
import { users } from '../users/users.table.ts';
import { approvalLinks, approvalThrottles, projectApprovals } from './project-approvals.table.ts';
import type { ProjectActor } from './project-types.ts';
import { projects } from './projects.table.ts';

// Planning Approval (order 0) and Labor Quote Approval (order 6) by mailed link (spec 3 §2, §3 Approval, §4, §7;
// decision 0046): staff send a request to client accounts of the project's company and typed addresses; each
// recipient gets its own single-use link that expires, to a public page where they approve or deny with a comment.

export interface ApprovalMailContext extends MailContext {
  config: MailContext['config'] & Pick<Config, 'appUrl' | 'dataDir'>;
}

/** The public page a recipient opens (web route /approve/{token}); the token is redacted from request logs. */
export const approvalLink = (appUrl: string, token: string) => `${appUrl}/approve/${token}`;

/** The project a request names: by project_id, or by its step ticket; both must agree when both are sent. */
async function findProject(db: DbOrTransaction, input: { project_id: number | null; ticket_id: number | null }) {
  let projectId = input.project_id;
  if (input.ticket_id !== null) {
    const [step] = await db
      .select({ projectId: tickets.projectId })
      .from(tickets)
      .where(eq(tickets.id, input.ticket_id));
    if (!step || step.projectId === null || (projectId !== null && step.projectId !== projectId)) throw notFound();
    projectId = step.projectId;
  }
  const [project] = await db
    .select({ id: projects.id, title: projects.title, companyId: projects.companyId })
    .from(projects)
    .where(eq(projects.id, projectId!));
  if (!project) throw notFound();
  return project;
}

interface Recipient {
  userId: number | null;
  email: string;
}

/**
 * Accounts must be enabled client accounts of the project's company (422 on `to` otherwise: another company's
 * accounts cannot be chosen); typed addresses are kept as typed, once each, and dropped when an account chosen
 * beside them has the same address.
 */
async function resolveRecipients(db: DbOrTransaction, companyId: number, to: (number | string)[]) {
  const ids = [...new Set(to.filter((entry): entry is number => typeof entry === 'number'))];
  const accounts =
    ids.length === 0
      ? []
      : await db
          .select({ id: users.id, email: users.email })
          .from(users)
          .innerJoin(clientAccounts, eq(clientAccounts.userId, users.id))
          .where(
            and(
              inArray(users.id, ids),
              eq(clientAccounts.companyId, companyId),
              eq(users.type, 'Client'),
              isNull(users.deletedAt),
            ),
          );
  if (accounts.length !== ids.length) throw unprocessable({ to: [approvalMessages.recipient] });
  const recipients: Recipient[] = accounts.map((account) => ({ userId: account.id, email: account.email }));
  const taken = new Set(recipients.map((recipient) => recipient.email.toLowerCase()));
  for (const entry of to) {
    if (typeof entry !== 'string' || taken.has(entry)) continue;
    taken.add(entry);
    recipients.push({ userId: null, email: entry });
  }
  return recipients;
}

/** Names the attached project overview in the mail's text, so the mail says what it carries and nothing more. */
export const overviewAttachedText = (fileName: string) =>
  `The project overview this request asks you to approve is attached (${fileName}).`;

function approvalMail(
  subject: string,
  to: string,
  message: string,
  link: string,
  expires: Date,
  overview: MailAttachment | null,
) {
  const until = expires.toISOString().slice(0, 10);
  const closing = `This link works once and expires on ${until}.`;
  const attached = overview ? [overviewAttachedText(overview.filename)] : [];
  const mail: MailMessage = {
    to,
    subject,
    text: [message, ...attached, `Review and answer: ${link}`, closing].join('\n\n'),
    html: [
      ...message.split(/\n+/).map((line) => `<p>${escapeHtml(line)}</p>`),
      ...attached.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(link)}">Review and answer</a></p>`,
      `<p>${escapeHtml(closing)}</p>`,
    ].join('\n'),
    ...(overview ? { attachments: [overview] } : {}),
  };
  return mail;
}

/**
 * The planning request's document (spec 3 §3 Approval: project_overview; decision 0075): the project's
 * Project_Overview PDF as it stands now, rendered on the server and stored as a revision like the quotes' PDFs (a new
 * one only when what it shows changed), attached under the name the PDF viewer downloads it with.
 */
async function projectOverviewAttachment(
  db: Db,
  dataDir: string,
  projectId: number,
  actorId: number,
): Promise<MailAttachment | null> {
  const recorded = await recordRevision(db, dataDir, 'Project_Overview', projectId, actorId);
  if (!recorded) return null;
  const stored = await readRevisionFile(db, dataDir, 'Project_Overview', projectId, recorded.revision);
  if (!stored) return null;
  return {
    filename: `Project-Overview-${projectId}-${revisionLabel(stored.revision)}.pdf`,
    content: stored.file,
    contentType: 'application/pdf',
  };
}

/**
 * Sends a planning (document: the project overview, attached to the mail) or labor (documents: the project's quote
 * ids) request (issueLinks).
 */
export async function sendApprovalRequest(
  context: ApprovalMailContext & { db: Db },
  kind: ApprovalKind,
  input: PlanningApprovalInput | LaborApprovalInput,
  actor: ProjectActor,
): Promise<{ projectId: number }> {
  if (actor.type !== 'Employee') throw forbidden();
  const { db } = context;
  const project = await findProject(db, input);
  const recipients = await resolveRecipients(db, project.companyId, input.to);

  let quoteIds: (number | null)[] = [null];
  if (kind === 'labor') {
    const wanted = [...new Set((input as LaborApprovalInput).documents)];
    const found = await db
      .select({ id: quotes.id })
      .from(quotes)
      .where(and(inArray(quotes.id, wanted), eq(quotes.projectId, project.id)));
    if (found.length !== wanted.length) throw unprocessable({ documents: [approvalMessages.document] });
    quoteIds = wanted;
  }

  // Planning approves the project overview: the mail carries it (one file, shared by every recipient's mail).
  const overview =
    kind === 'planning' ? await projectOverviewAttachment(db, context.config.dataDir, project.id, actor.id) : null;
  await issueLinks(
    context,
    { projectId: project.id, quoteId: null, kind, title: project.title, quoteIds, overview },
    {
      recipients,
      message: input.message,
      actor,
    },
  );
  return { projectId: project.id };
}

/**
 * One link and one mail per recipient, one approval per recipient and document, written in one transaction; the
 * mails go after the commit, in the background. A project-less quote's link names the quote instead of a project.
 */
async function issueLinks(
  context: ApprovalMailContext & { db: Db },
  target: {
    projectId: number | null;
    quoteId: number | null;
    kind: ApprovalKind;
    title: string;
    quoteIds: (number | null)[];
    overview: MailAttachment | null;
  },
  send: { recipients: Recipient[]; message: string; actor: ProjectActor },
): Promise<void> {
  const { projectId, quoteId: linkQuoteId, kind, title, quoteIds, overview } = target;
  const subject =
    projectId === null
      ? `Quote approval requested: ${title}`
      : kind === 'planning'
        ? `Planning approval requested: ${title}`
        : `Labor and quote approval requested: ${title}`;
  const expiresAt = new Date(Date.now() + APPROVAL_LINK_TTL_DAYS * 24 * 60 * 60 * 1000);
  const mails: MailMessage[] = [];
  await context.db.transaction(async (tx) => {
    for (const recipient of send.recipients) {
      const token = generateToken();
      const [link] = await tx
        .insert(approvalLinks)
        .values({
          projectId,
          quoteId: linkQuoteId,
          kind,
          tokenHash: hashToken(token),
          message: send.message,
          expiresAt,
        })
        .returning({ id: approvalLinks.id });
      await tx.insert(projectApprovals).values(
        quoteIds.map((quoteId) => ({
          projectId,
          kind,
          linkId: link!.id,
          projectOverview: kind === 'planning',
          quoteId,
          userId: recipient.userId,
          emailAddress: recipient.email,
          addedBy: send.actor.id,
        })),
      );
      const url = approvalLink(context.config.appUrl, token);
      mails.push(approvalMail(subject, recipient.email, send.message, url, expiresAt, overview));
    }
  });
  for (const mail of mails) sendMailInBackground(context, mail);
}

/**
 * Sends a billing quote with no project (designs/billing.md §3.5): the same single-use links as a project's Labor
 * Quote Approval, to client accounts of the quote's company or typed addresses, naming the quote instead of a project.
 */
export async function sendQuoteApprovalRequest(
  context: ApprovalMailContext & { db: Db },
  quoteId: number,
  input: { to: (number | string)[]; message: string },
  actor: ProjectActor,
): Promise<void> {
  if (actor.type !== 'Employee') throw forbidden();
  const [quote] = await context.db
    .select({ companyId: quotes.companyId, projectId: quotes.projectId, title: quotes.title })
    .from(quotes)
    .where(eq(quotes.id, quoteId));
  if (!quote) throw notFound();
  if (quote.projectId !== null) throw new Error(`quote ${quoteId} has a project: send its Labor Quote Approval`);
  const recipients = await resolveRecipients(context.db, quote.companyId, input.to);
  await issueLinks(
    context,
    { projectId: null, quoteId, kind: 'labor', title: quote.title, quoteIds: [quoteId], overview: null },
    { recipients, message: input.message, actor },
  );
}

// ---- the public page (no sign-in) ----

/** Requests to the public approval routes one address may make in a window (decision 0046). */
export const approvalThrottleLimit = 60;
export const approvalThrottleWindowMinutes = 15;

const throttleWindowOver = sql`${approvalThrottles.windowStartedAt} <= now() - make_interval(mins => ${approvalThrottleWindowMinutes})`;

/** Counts this request and decides on the counted value in one statement; 429 past the limit. */
export async function throttleApprovalRequest(db: DbOrTransaction, ip: string | null | undefined): Promise<void> {
  const address = (ip ?? 'unknown').slice(0, 100);
  const [counter] = await db
    .insert(approvalThrottles)
    .values({ address, count: 1 })
    .onConflictDoUpdate({
      target: approvalThrottles.address,
      set: {
        count: sql`case when ${throttleWindowOver} then 1 else ${approvalThrottles.count} + 1 end`,
        windowStartedAt: sql`case when ${throttleWindowOver} then now() else ${approvalThrottles.windowStartedAt} end`,
      },
    })
    .returning({
      count: approvalThrottles.count,
      secondsLeft: sql<number>`extract(epoch from (${approvalThrottles.windowStartedAt}
        + make_interval(mins => ${approvalThrottleWindowMinutes}) - now()))::float8`,
    });
  if (counter && counter.count > approvalThrottleLimit) {
    const minutes = Math.max(1, Math.ceil(counter.secondsLeft / 60));
    throw new HttpError(
      429,
      `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    );
  }
  // Counters of windows that ended are dropped now and then, off most requests.
  if (Math.random() < 0.01) await db.delete(approvalThrottles).where(throttleWindowOver);
}

/** A live link by its token, or the answer that says why not: 404 unknown, 410 used or expired. */
async function liveLink(db: DbOrTransaction, token: string) {
  // Tokens are 32 random bytes in base64url (43 characters); anything else is not looked up.
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw notFound(approvalMessages.linkInvalid);
  const [link] = await db
    .select({
      id: approvalLinks.id,
      projectId: approvalLinks.projectId,
      quoteId: approvalLinks.quoteId,
      kind: approvalLinks.kind,
      message: approvalLinks.message,
      expiresAt: approvalLinks.expiresAt,
      usedAt: approvalLinks.usedAt,
      expired: sql<boolean>`${approvalLinks.expiresAt} <= now()`,
    })
    .from(approvalLinks)
    .where(eq(approvalLinks.tokenHash, hashToken(token)));
  if (!link) throw notFound(approvalMessages.linkInvalid);
  if (link.usedAt !== null) throw new HttpError(410, approvalMessages.linkUsed);
  if (link.expired) throw new HttpError(410, approvalMessages.linkExpired);
  return link;
}

const plainText = (html: string) => htmlToParagraphs(html).join('\n\n');

/**
 * GET /api/public/approvals/{token}: the project's summary and, for labor, its quotes (plain text only). Only what a
 * client reads (decision 0046): any recipient may hold the link, typed outside addresses included, so the internal
 * notes stay out, as they do from the client's project detail and the Project_Overview PDF.
 */
export async function readPublicApproval(db: DbOrTransaction, token: string): Promise<PublicApproval> {
  const link = await liveLink(db, token);
  let project: PublicApproval['project'] | null = null;
  if (link.projectId !== null) {
    const [row] = await db
      .select({
        title: projects.title,
        goals: projects.goals,
        company: companies.name,
        site: sites.name,
      })
      .from(projects)
      .innerJoin(companies, eq(companies.id, projects.companyId))
      .leftJoin(sites, eq(sites.id, projects.siteId))
      .where(eq(projects.id, link.projectId));
    if (!row) throw notFound(approvalMessages.linkInvalid);
    project = { title: row.title, company: row.company, site: row.site, goals: plainText(row.goals) };
  }
  const approvals = await db
    .select({
      email: projectApprovals.emailAddress,
      quoteId: projectApprovals.quoteId,
      number: quotes.number,
      title: quotes.title,
      hasPdf: sql<boolean>`exists (select 1 from document_revisions r where r.type = 'quote' and r.record_id = ${quotes.id})`,
    })
    .from(projectApprovals)
    .leftJoin(quotes, eq(quotes.id, projectApprovals.quoteId))
    .where(eq(projectApprovals.linkId, link.id))
    .orderBy(asc(projectApprovals.id));
  return {
    kind: link.kind,
    recipient: approvals[0]?.email ?? '',
    message: link.message,
    expires_at: link.expiresAt.toISOString(),
    project,
    documents: approvals
      .filter((row) => row.quoteId !== null && row.title !== null)
      .map((row) => ({
        quote_id: row.quoteId!,
        label: row.number ? `Quote ${row.number}: ${row.title}` : `Quote: ${row.title}`,
        has_pdf: row.hasPdf,
      })),
  };
}

/** GET /api/public/approvals/{token}/quotes/{quoteId}: the latest PDF of a quote this live link was sent. */
export async function readPublicApprovalPdf(db: DbOrTransaction, dataDir: string, token: string, quoteId: number) {
  const link = await liveLink(db, token);
  const [sent] = await db
    .select({ id: projectApprovals.id })
    .from(projectApprovals)
    .where(and(eq(projectApprovals.linkId, link.id), eq(projectApprovals.quoteId, quoteId)));
  if (!sent) throw notFound();
  const stored = await readRevisionFile(db, dataDir, 'quote', quoteId);
  if (!stored) throw notFound();
  return stored.file;
}

/**
 * POST /api/public/approvals/{token}: spends the link (once: a conditional update, so two answers at once cannot
 * both pass) and answers each of its approvals, in one transaction. A used or expired link changes nothing. Each
 * quote a labor link approves or denies is accepted or declined as the recipient's answer (answerQuote) while it is
 * still 'sent': the first recipient to answer decides it; a quote answered, converted or still a draft keeps its state
 * (decision 0097).
 */
export async function answerApproval(
  db: Db,
  token: string,
  input: ApprovalDecisionInput,
): Promise<{ projectId: number | null; message: string; quotes: { id: number; companyId: number }[] }> {
  const status = input.decision === 'approve' ? APPROVAL_APPROVED : APPROVAL_DENIED;
  const spent = await db.transaction(async (tx) => {
    const [link] = await tx
      .update(approvalLinks)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(approvalLinks.tokenHash, hashToken(token)),
          isNull(approvalLinks.usedAt),
          gt(approvalLinks.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: approvalLinks.id, projectId: approvalLinks.projectId });
    if (!link) return null;
    const answered = await tx
      .update(projectApprovals)
      .set({ status, comment: input.comment === '' ? null : input.comment, respondedAt: sql`now()` })
      .where(eq(projectApprovals.linkId, link.id))
      .returning({
        quoteId: projectApprovals.quoteId,
        userId: projectApprovals.userId,
        email: projectApprovals.emailAddress,
      });
    const changed: { id: number; companyId: number }[] = [];
    // In id order, so two answers locking the same quotes cannot deadlock.
    const sorted = answered.filter((row) => row.quoteId !== null).sort((a, b) => a.quoteId! - b.quoteId!);
    for (const row of sorted) {
      const quote = await lockQuote(tx, row.quoteId!);
      if (quote.status !== 'sent') continue;
      const decision = status === APPROVAL_APPROVED ? 'accept' : 'decline';
      await answerQuote(tx, quote.id, decision, { userId: row.userId, email: row.email });
      changed.push({ id: quote.id, companyId: quote.companyId });
    }
    return { projectId: link.projectId, quotes: changed };
  });
  if (!spent) {
    // Says why: unknown (404), used or expired (410).
    await liveLink(db, token);
    throw notFound(approvalMessages.linkInvalid);
  }
  return {
    projectId: spent.projectId,
    quotes: spent.quotes,
    message: status === APPROVAL_APPROVED ? approvalMessages.approved : approvalMessages.denied,
  };
}
