import {
  centsOf,
  isQuoteCompleted,
  mayWriteProjectQuotes,
  projectQuoteMessages,
  type CreateProjectQuoteInput,
  type ProjectQuoteDetail,
  type ProjectQuoteInput,
} from '@switchboard/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { forbidden, notFound, unprocessable } from '../../plugins/errors.ts';
import { saveQuote, sendQuote, type QuoteInput } from '../quotes/quotes.service.ts';
import { quoteLines, quotes } from '../quotes/quotes.table.ts';
import { productRequirements } from './product-requirements.table.ts';
import { projects } from './projects.table.ts';
import { lockProjectQuotes } from './steps/product-requirements.ts';

// Project Quotes (order 5; spec 3 §2 Step panels; decision 0047): a quote per product requirement, made and changed
// through billing's quote service (designs/billing.md §3.5), for the project's company. Completing one issues it
// (numbered, revision 00 of its PDF), as billing's send does.

const quoteFields = (input: ProjectQuoteInput, companyId: number, projectId: number): QuoteInput => ({
  companyId,
  projectId,
  title: input.title,
  quoteDate: input.quote_date,
  validUntil: input.valid_until ?? null,
  terms: input.terms,
  lines: input.lines.map((line) => ({
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unit_price,
    optional: line.optional,
  })),
});

/** Who calls: the signed-in user and the permissions held (request.auth). */
export interface QuoteWriter {
  user: { id: number; type: string };
  permissions: readonly string[];
}

/**
 * Decision 0073: 403 unless the writer may write this project's quotes (its coordinator, its quoter, or staff with
 * 'view billing'); 404 when the project does not exist.
 */
export async function assertMayWriteProjectQuotes(
  db: DbOrTransaction,
  projectId: number,
  writer: QuoteWriter,
): Promise<void> {
  if (writer.user.type !== 'Employee') throw forbidden();
  const [project] = await db
    .select({ coordinator_id: projects.coordinatorId, quoter_id: projects.quoterId })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) throw notFound();
  if (!mayWriteProjectQuotes(project, writer.user, writer.permissions)) throw forbidden();
}

/** A new draft quote for one requirement of the project, linked to it in the same transaction. */
export async function createProjectQuote(
  db: Db,
  dataDir: string,
  projectId: number,
  input: CreateProjectQuoteInput,
  writer: QuoteWriter,
): Promise<{ id: number }> {
  const actorId = writer.user.id;
  return db.transaction(async (tx) => {
    if (!(await lockProjectQuotes(tx, projectId))) throw notFound();
    await assertMayWriteProjectQuotes(tx, projectId, writer);
    const [project] = await tx
      .select({ companyId: projects.companyId })
      .from(projects)
      .where(eq(projects.id, projectId));
    const [requirement] = await tx
      .select({ id: productRequirements.id, quoteId: productRequirements.quoteId })
      .from(productRequirements)
      .where(and(eq(productRequirements.id, input.requirement_id), eq(productRequirements.projectId, projectId)));
    if (!requirement) throw unprocessable({ requirement_id: [projectQuoteMessages.requirement] });
    if (requirement.quoteId !== null) throw unprocessable({ requirement_id: [projectQuoteMessages.requirementQuoted] });
    const saved = await saveQuote(tx, dataDir, quoteFields(input, project!.companyId, projectId), actorId);
    await tx
      .update(productRequirements)
      .set({ quoteId: saved.id, updatedAt: new Date() })
      .where(eq(productRequirements.id, requirement.id));
    return { id: saved.id };
  });
}

/** The quote when it is a project's: its id, project and company (the project's own); null else. */
async function findProjectQuote(db: Db, id: number) {
  const [row] = await db
    .select({ id: quotes.id, status: quotes.status, projectId: projects.id, companyId: projects.companyId })
    .from(quotes)
    .innerJoin(projects, eq(projects.id, quotes.projectId))
    .where(eq(quotes.id, id));
  return row ?? null;
}

/** Saves a project quote's fields and lines; a completed quote gets a new PDF revision when what it shows changed. */
export async function updateProjectQuote(
  db: Db,
  dataDir: string,
  id: number,
  input: ProjectQuoteInput,
  writer: QuoteWriter,
): Promise<{ id: number; projectId: number }> {
  const actorId = writer.user.id;
  const quote = await findProjectQuote(db, id);
  if (!quote) throw notFound();
  await assertMayWriteProjectQuotes(db, quote.projectId, writer);
  await saveQuote(db, dataDir, { ...quoteFields(input, quote.companyId, quote.projectId), id }, actorId);
  return { id, projectId: quote.projectId };
}

/**
 * Marks a project quote done: a draft (or a declined or expired one) is issued again through billing's send; a quote
 * already completed stays as it is (an accepted one is never sent back).
 */
export async function completeProjectQuote(
  db: Db,
  dataDir: string,
  id: number,
  writer: QuoteWriter,
): Promise<{ id: number; projectId: number }> {
  const actorId = writer.user.id;
  const quote = await findProjectQuote(db, id);
  if (!quote) throw notFound();
  await assertMayWriteProjectQuotes(db, quote.projectId, writer);
  if (!isQuoteCompleted(quote.status)) await sendQuote(db, dataDir, id, actorId);
  return { id, projectId: quote.projectId };
}

/** GET /api/project/quotes/{id}: the quote with its lines, for the editor. */
export async function getProjectQuote(db: Db, id: number): Promise<ProjectQuoteDetail> {
  const [row] = await db
    .select({ quote: quotes, requirementId: productRequirements.id })
    .from(quotes)
    .innerJoin(projects, eq(projects.id, quotes.projectId))
    .leftJoin(productRequirements, eq(productRequirements.quoteId, quotes.id))
    .where(eq(quotes.id, id));
  if (!row) throw notFound();
  const lines = await db.select().from(quoteLines).where(eq(quoteLines.quoteId, id)).orderBy(asc(quoteLines.lineNo));
  const { quote } = row;
  return {
    id: quote.id,
    project_id: quote.projectId!,
    requirement_id: row.requirementId,
    number: quote.number,
    title: quote.title,
    status: quote.status,
    total: centsOf(quote.total) / 100,
    completed: isQuoteCompleted(quote.status),
    quote_date: quote.quoteDate,
    valid_until: quote.validUntil,
    terms: quote.terms,
    lines: lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unit_price: line.unitPrice,
      amount: centsOf(line.amount) / 100,
      optional: line.optional,
    })),
  };
}
