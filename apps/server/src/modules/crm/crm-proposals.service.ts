import {
  PROPOSAL_LINK_TTL_DAYS,
  proposalMessages,
  proposalTotals,
  type ProposalAnswerInput,
  type ProposalDetail,
  type ProposalListQuery,
  type ProposalRow,
  type ProposalSendInput,
  type ProposalStatus,
  type ProposalValues,
  type PublicProposal,
} from '@switchboard/shared/crm-proposals';
import { centsFromDollars, dollarsFromCents, multiplyCents, numericFromUnits } from '@switchboard/shared/billing/money';
import { and, asc, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { toPage, type Page } from '../../db/paginate.ts';
import { conflict, HttpError, notFound, unprocessable } from '../../plugins/errors.ts';
import { escapeHtml, sendMailInBackground, type MailContext, type MailMessage } from '../../plugins/mail.ts';
import { generateToken, hashToken } from '../auth/tokens.ts';
import { readRevisionFile, recordRevision } from '../documents/documents.service.ts';
import type { AuthContext } from '../users/auth-context.ts';
import { users } from '../users/users.table.ts';
import { readCrmSettings, visibleLeadsCondition } from './lead-access.ts';
import { crmProposalLines, crmProposals, crmProposalThrottles } from './crm-proposals.table.ts';
import { crmLeads } from './crm.table.ts';

// CRM proposals (designs/crm-softphone.md §4.7, §5; decision "CRM proposals"). Every read and write goes through the
// lead's visibility (lead-access.ts): a proposal of a lead the agent cannot see is 404. Editing follows billing's
// quotes: a draft or sent proposal may change, and a sent one's PDF gets a new revision when what it shows changed;
// an accepted, declined or expired one is kept as answered. The acceptance link copies the projects' approval links
// (decision 0046) without importing projects, which sit above crm: a random token kept only as its hash, expiring,
// one answer, requests throttled per address in one statement.

export const PROPOSAL_DOCUMENT_TYPE = 'proposal';

/** 'expired' is a sent proposal whose valid until date has passed: computed on read, never stored by a job. */
export const proposalStatusSql = sql<ProposalStatus>`(case when ${crmProposals.status} = 'sent'
  and ${crmProposals.validUntil} < current_date then 'expired' else ${crmProposals.status} end)`;

/** The public page a client opens (web route /proposal/{token}); the token is redacted from request logs. */
export const proposalLink = (appUrl: string, token: string) => `${appUrl}/proposal/${token}`;

const dollars = (cents: number) => dollarsFromCents(cents);
const iso = (value: Date | null) => (value === null ? null : value.toISOString());

const rowColumns = {
  id: crmProposals.id,
  leadId: crmProposals.leadId,
  leadCompany: crmLeads.companyName,
  leadStatus: crmLeads.status,
  title: crmProposals.title,
  status: proposalStatusSql,
  monthlyTotal: crmProposals.monthlyTotal,
  oneTimeTotal: crmProposals.oneTimeTotal,
  sentAt: crmProposals.sentAt,
  validUntil: crmProposals.validUntil,
  agentId: users.id,
  agentName: users.name,
  createdAt: crmProposals.createdAt,
  updatedAt: crmProposals.updatedAt,
};

type RowRecord = {
  id: number;
  leadId: number;
  leadCompany: string;
  leadStatus: number;
  title: string;
  status: ProposalStatus;
  monthlyTotal: number;
  oneTimeTotal: number;
  sentAt: Date | null;
  validUntil: string | null;
  agentId: number | null;
  agentName: string | null;
  createdAt: Date;
  updatedAt: Date;
};

function presentRow(row: RowRecord): ProposalRow {
  return {
    id: row.id,
    lead: { id: row.leadId, company_name: row.leadCompany, status: row.leadStatus },
    title: row.title,
    status: row.status,
    monthly_total: dollars(row.monthlyTotal),
    one_time_total: dollars(row.oneTimeTotal),
    sent_at: iso(row.sentAt),
    valid_until: row.validUntil,
    agent: row.agentId === null ? null : { id: row.agentId, name: row.agentName ?? '' },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function visibleCondition(db: DbOrTransaction, auth: AuthContext): Promise<SQL> {
  return visibleLeadsCondition(auth, await readCrmSettings(db));
}

/** GET /api/crm/proposals: newest first, within the agent's leads. */
export async function listProposals(
  db: DbOrTransaction,
  auth: AuthContext,
  query: ProposalListQuery,
): Promise<Page<ProposalRow>> {
  const search = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    await visibleCondition(db, auth),
    query.status ? sql`${proposalStatusSql} = ${query.status}` : undefined,
    query.lead_id ? eq(crmProposals.leadId, query.lead_id) : undefined,
    search ? or(ilike(crmProposals.title, search), ilike(crmLeads.companyName, search)) : undefined,
  );
  const rows = await db
    .select({ ...rowColumns, total: sql<number>`(count(*) over ())::int` })
    .from(crmProposals)
    .innerJoin(crmLeads, eq(crmLeads.id, crmProposals.leadId))
    .leftJoin(users, eq(users.id, crmProposals.createdBy))
    .where(where)
    .orderBy(desc(crmProposals.createdAt), desc(crmProposals.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(crmProposals)
      .innerJoin(crmLeads, eq(crmLeads.id, crmProposals.leadId))
      .where(where);
    total = counted?.n ?? 0;
  }
  return toPage(
    rows.map((row) => presentRow(row as RowRecord)),
    total,
    query,
  );
}

/**
 * A proposal's row with no reader's visibility: for LeadProposalUpdated on crm_lead_{id}, whose subscribers were
 * checked when they joined (the public answer has no reader at all). Null when it is gone.
 */
export async function proposalRowById(db: DbOrTransaction, id: number): Promise<ProposalRow | null> {
  const [row] = await db
    .select(rowColumns)
    .from(crmProposals)
    .innerJoin(crmLeads, eq(crmLeads.id, crmProposals.leadId))
    .leftJoin(users, eq(users.id, crmProposals.createdBy))
    .where(eq(crmProposals.id, id));
  return row ? presentRow(row as RowRecord) : null;
}

/** The proposal's row if the user may see its lead; 404 otherwise. */
async function visibleRow(db: DbOrTransaction, auth: AuthContext, id: number) {
  const [row] = await db
    .select({
      ...rowColumns,
      storedStatus: crmProposals.status,
      decidedAt: crmProposals.decidedAt,
      decidedByName: crmProposals.decidedByName,
      sentTo: crmProposals.sentTo,
      linkExpiresAt: crmProposals.linkExpiresAt,
      leadEmail: crmLeads.email,
    })
    .from(crmProposals)
    .innerJoin(crmLeads, eq(crmLeads.id, crmProposals.leadId))
    .leftJoin(users, eq(users.id, crmProposals.createdBy))
    .where(and(eq(crmProposals.id, id), await visibleCondition(db, auth)));
  if (!row) throw notFound();
  return row;
}

async function proposalLines(db: DbOrTransaction, id: number) {
  const lines = await db
    .select()
    .from(crmProposalLines)
    .where(eq(crmProposalLines.proposalId, id))
    .orderBy(asc(crmProposalLines.sort), asc(crmProposalLines.id));
  return lines.map((line) => ({
    id: line.id,
    kind: line.kind,
    description: line.description,
    quantity: dollars(line.quantity),
    unit_price: dollars(line.unitPrice),
    amount: dollars(multiplyCents(line.unitPrice, numericFromUnits(line.quantity, 2))),
  }));
}

/** GET /api/crm/proposals/{id}. */
export async function getProposal(db: DbOrTransaction, auth: AuthContext, id: number): Promise<ProposalDetail> {
  const row = await visibleRow(db, auth, id);
  return {
    ...presentRow(row as RowRecord),
    lines: await proposalLines(db, id),
    decided_at: iso(row.decidedAt),
    decided_by_name: row.decidedByName,
    sent_to: row.sentTo,
    link_expires_at: row.status === 'sent' ? iso(row.linkExpiresAt) : null,
  };
}

/** The lead a proposal is written for must be one the user sees (422 on lead_id otherwise). */
async function assertVisibleLead(db: DbOrTransaction, auth: AuthContext, leadId: number) {
  const [lead] = await db
    .select({ id: crmLeads.id })
    .from(crmLeads)
    .where(and(eq(crmLeads.id, leadId), await visibleCondition(db, auth)));
  if (!lead) throw unprocessable({ lead_id: [proposalMessages.lead] });
}

function pricedLines(input: ProposalValues) {
  const totals = proposalTotals(input.lines);
  const lines = input.lines.map((line, index) => ({
    kind: line.kind,
    description: line.description,
    quantity: centsFromDollars(line.quantity)!,
    unitPrice: centsFromDollars(line.unit_price)!,
    sort: index + 1,
  }));
  return { totals, lines };
}

async function writeLines(tx: DbOrTransaction, id: number, lines: ReturnType<typeof pricedLines>['lines']) {
  await tx.delete(crmProposalLines).where(eq(crmProposalLines.proposalId, id));
  if (lines.length > 0) await tx.insert(crmProposalLines).values(lines.map((line) => ({ ...line, proposalId: id })));
}

/** POST /api/crm/proposals: a draft. */
export async function createProposal(db: Db, auth: AuthContext, input: ProposalValues): Promise<number> {
  await assertVisibleLead(db, auth, input.lead_id);
  const { totals, lines } = pricedLines(input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(crmProposals)
      .values({
        leadId: input.lead_id,
        title: input.title,
        validUntil: input.valid_until ?? null,
        monthlyTotal: totals.monthlyCents,
        oneTimeTotal: totals.oneTimeCents,
        createdBy: auth.user.id,
      })
      .returning({ id: crmProposals.id });
    await writeLines(tx, row!.id, lines);
    return row!.id;
  });
}

/**
 * PUT /api/crm/proposals/{id}: a draft or sent proposal (as billing's quotes); a sent one keeps its link and gets a
 * new PDF revision when what the PDF shows changed, so the client's page always shows the latest.
 */
export async function updateProposal(
  db: Db,
  dataDir: string,
  auth: AuthContext,
  id: number,
  input: ProposalValues,
): Promise<void> {
  await visibleRow(db, auth, id);
  await assertVisibleLead(db, auth, input.lead_id);
  const { totals, lines } = pricedLines(input);
  const stored = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(crmProposals)
      .set({
        leadId: input.lead_id,
        title: input.title,
        validUntil: input.valid_until ?? null,
        monthlyTotal: totals.monthlyCents,
        oneTimeTotal: totals.oneTimeCents,
        updatedAt: new Date(),
      })
      .where(and(eq(crmProposals.id, id), inArray(crmProposals.status, ['draft', 'sent'])))
      .returning({ status: crmProposals.status });
    if (!row) throw unprocessable({ status: [proposalMessages.onlyOpenChange] });
    await writeLines(tx, id, lines);
    return row.status;
  });
  if (stored === 'sent') await recordRevision(db, dataDir, PROPOSAL_DOCUMENT_TYPE, id, auth.user.id);
}

/** DELETE /api/crm/proposals/{id}: drafts only (as billing's quotes). */
export async function deleteProposal(db: DbOrTransaction, auth: AuthContext, id: number): Promise<void> {
  await visibleRow(db, auth, id);
  const deleted = await db
    .delete(crmProposals)
    .where(and(eq(crmProposals.id, id), eq(crmProposals.status, 'draft')))
    .returning({ id: crmProposals.id });
  if (deleted.length === 0) throw unprocessable({ status: [proposalMessages.onlyDraftDelete] });
}

export interface ProposalMailContext extends MailContext {
  db: Db;
  config: MailContext['config'] & Pick<Config, 'appUrl' | 'dataDir'>;
}

function proposalMail(input: {
  to: string;
  title: string;
  agent: string | null;
  message: string;
  link: string;
  expires: Date;
}): MailMessage {
  const until = input.expires.toISOString().slice(0, 10);
  const intro = input.message || `Please review our proposal "${input.title}" and accept or decline it online.`;
  const closing = `This link works once and expires on ${until}.`;
  const signature = input.agent ? [`${input.agent}`] : [];
  return {
    to: input.to,
    subject: `Proposal: ${input.title}`,
    text: [intro, `Review and answer: ${input.link}`, closing, ...signature].join('\n\n'),
    html: [
      ...intro.split(/\n+/).map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(input.link)}">Review and answer</a></p>`,
      `<p>${escapeHtml(closing)}</p>`,
      ...signature.map((line) => `<p>${escapeHtml(line)}</p>`),
    ].join('\n'),
  };
}

/**
 * POST /api/crm/proposals/{id}/send: a draft or sent proposal, not past its valid until date. Makes the PDF's
 * revision, replaces any earlier link (only the newest mailed link answers) and mails it after the commit.
 */
export async function sendProposal(
  context: ProposalMailContext,
  auth: AuthContext,
  id: number,
  input: ProposalSendInput & { to: string; message: string },
): Promise<void> {
  const { db } = context;
  const row = await visibleRow(db, auth, id);
  if (row.storedStatus !== 'draft' && row.storedStatus !== 'sent')
    throw unprocessable({ status: [proposalMessages.onlyOpenSend] });
  if (row.status === 'expired') throw unprocessable({ valid_until: [proposalMessages.validUntilPassed] });
  const to = input.to || row.leadEmail?.trim() || '';
  if (!to) throw unprocessable({ to: [proposalMessages.noRecipient] });
  const token = generateToken();
  const expires = new Date(Date.now() + PROPOSAL_LINK_TTL_DAYS * 24 * 60 * 60 * 1000);
  const [sent] = await db
    .update(crmProposals)
    .set({
      status: 'sent',
      sentAt: sql`now()`,
      sentTo: to,
      linkTokenHash: hashToken(token),
      linkExpiresAt: expires,
      updatedAt: new Date(),
    })
    .where(and(eq(crmProposals.id, id), inArray(crmProposals.status, ['draft', 'sent'])))
    .returning({ id: crmProposals.id });
  if (!sent) throw unprocessable({ status: [proposalMessages.onlyOpenSend] });
  await recordRevision(db, context.config.dataDir, PROPOSAL_DOCUMENT_TYPE, id, auth.user.id);
  const link = proposalLink(context.config.appUrl, token);
  sendMailInBackground(
    context,
    proposalMail({ to, title: row.title, agent: row.agentName, message: input.message, link, expires }),
  );
}

// ---- the public acceptance page (no sign-in) ----

/** Requests to the public acceptance routes one address may make in a window. */
export const proposalThrottleLimit = 60;
export const proposalThrottleWindowMinutes = 15;

const windowStarted = crmProposalThrottles.windowStartedAt;
const throttleWindowOver = sql`${windowStarted} <= now() - make_interval(mins => ${proposalThrottleWindowMinutes})`;

/** Counts this request and decides on the counted value in one statement; 429 past the limit. */
export async function throttleProposalRequest(db: DbOrTransaction, ip: string | null | undefined): Promise<void> {
  const address = (ip ?? 'unknown').slice(0, 100);
  const [counter] = await db
    .insert(crmProposalThrottles)
    .values({ address, count: 1 })
    .onConflictDoUpdate({
      target: crmProposalThrottles.address,
      set: {
        count: sql`case when ${throttleWindowOver} then 1 else ${crmProposalThrottles.count} + 1 end`,
        windowStartedAt: sql`case when ${throttleWindowOver} then now() else ${windowStarted} end`,
      },
    })
    .returning({
      count: crmProposalThrottles.count,
      secondsLeft: sql<number>`extract(epoch from (${crmProposalThrottles.windowStartedAt}
        + make_interval(mins => ${proposalThrottleWindowMinutes}) - now()))::float8`,
    });
  if (counter && counter.count > proposalThrottleLimit) {
    const minutes = Math.max(1, Math.ceil(counter.secondsLeft / 60));
    throw new HttpError(
      429,
      `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    );
  }
  // Counters of windows that ended are dropped now and then, off most requests.
  if (Math.random() < 0.01) await db.delete(crmProposalThrottles).where(throttleWindowOver);
}

/** The proposal a live link points at, or why not: 404 unknown, 409 answered, 410 expired. */
async function liveProposal(db: DbOrTransaction, token: string) {
  // Tokens are 32 random bytes in base64url (43 characters); anything else is not looked up.
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw notFound(proposalMessages.linkInvalid);
  const [row] = await db
    .select({
      id: crmProposals.id,
      status: proposalStatusSql,
      linkExpired: sql<boolean>`${crmProposals.linkExpiresAt} <= now()`,
      linkExpiresAt: crmProposals.linkExpiresAt,
      leadDeleted: sql<boolean>`${crmLeads.deletedAt} is not null`,
    })
    .from(crmProposals)
    .innerJoin(crmLeads, eq(crmLeads.id, crmProposals.leadId))
    .where(eq(crmProposals.linkTokenHash, hashToken(token)));
  if (!row || row.leadDeleted) throw notFound(proposalMessages.linkInvalid);
  if (row.status === 'accepted' || row.status === 'declined') throw conflict(proposalMessages.linkUsed);
  if (row.status !== 'sent' || row.linkExpired) throw new HttpError(410, proposalMessages.linkExpired);
  return { id: row.id, expiresAt: row.linkExpiresAt! };
}

/** GET /api/public/proposals/{token}: the proposal being answered, and nothing else (no notes, no other records). */
export async function readPublicProposal(db: DbOrTransaction, token: string): Promise<PublicProposal> {
  const live = await liveProposal(db, token);
  const [row] = await db
    .select({
      title: crmProposals.title,
      company: crmLeads.companyName,
      agent: users.name,
      validUntil: crmProposals.validUntil,
      monthlyTotal: crmProposals.monthlyTotal,
      oneTimeTotal: crmProposals.oneTimeTotal,
      hasPdf: sql<boolean>`exists (select 1 from document_revisions r
        where r.type = ${PROPOSAL_DOCUMENT_TYPE} and r.record_id = ${crmProposals.id})`,
    })
    .from(crmProposals)
    .innerJoin(crmLeads, eq(crmLeads.id, crmProposals.leadId))
    .leftJoin(users, eq(users.id, crmProposals.createdBy))
    .where(eq(crmProposals.id, live.id));
  if (!row) throw notFound(proposalMessages.linkInvalid);
  const lines = await proposalLines(db, live.id);
  return {
    title: row.title,
    company_name: row.company,
    agent_name: row.agent,
    valid_until: row.validUntil,
    monthly_total: dollars(row.monthlyTotal),
    one_time_total: dollars(row.oneTimeTotal),
    lines: lines.map(({ id: _id, ...line }) => line),
    has_pdf: row.hasPdf,
    expires_at: live.expiresAt.toISOString(),
  };
}

/** GET /api/public/proposals/{token}/pdf: the latest revision of this link's proposal. */
export async function readPublicProposalPdf(db: DbOrTransaction, dataDir: string, token: string) {
  const live = await liveProposal(db, token);
  const stored = await readRevisionFile(db, dataDir, PROPOSAL_DOCUMENT_TYPE, live.id);
  if (!stored) throw notFound();
  return { id: live.id, revision: stored.revision, file: stored.file };
}

/**
 * POST /api/public/proposals/{token}: accepts or declines once. One conditional update (sent, link live, not past
 * valid until), so two answers at once cannot both pass; the second answer is 409.
 */
export async function answerProposal(
  db: DbOrTransaction,
  token: string,
  input: ProposalAnswerInput,
): Promise<{ id: number; leadId: number; message: string }> {
  const status = input.decision === 'accept' ? 'accepted' : 'declined';
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw notFound(proposalMessages.linkInvalid);
  const [answered] = await db
    .update(crmProposals)
    .set({ status, decidedAt: sql`now()`, decidedByName: input.name.trim(), updatedAt: new Date() })
    .where(
      and(
        eq(crmProposals.linkTokenHash, hashToken(token)),
        eq(crmProposals.status, 'sent'),
        gt(crmProposals.linkExpiresAt, sql`now()`),
        or(isNull(crmProposals.validUntil), sql`${crmProposals.validUntil} >= current_date`),
        sql`exists (select 1 from crm_leads l where l.id = ${crmProposals.leadId} and l.deleted_at is null)`,
      ),
    )
    .returning({ id: crmProposals.id, leadId: crmProposals.leadId });
  if (!answered) {
    // Says why: unknown (404), answered (409), expired (410).
    await liveProposal(db, token);
    throw notFound(proposalMessages.linkInvalid);
  }
  return {
    ...answered,
    message: status === 'accepted' ? proposalMessages.accepted : proposalMessages.declined,
  };
}
