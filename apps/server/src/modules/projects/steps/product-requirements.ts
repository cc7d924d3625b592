import {
  completedQuoteStatuses,
  LABOR_QUOTE_APPROVAL_ORDER,
  productRequirementsInputSchema,
  projectQuoteMessages,
  type ProductRequirementsInput,
} from '@switchboard/shared';
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../../db/client.ts';
import { forbidden, notFound, unprocessable, type FieldErrors } from '../../../plugins/errors.ts';
import { quotes } from '../../quotes/quotes.table.ts';
import { tickets } from '../../tickets/tickets.table.ts';
import { productRequirements } from '../product-requirements.table.ts';
import type { ProjectStepHandler } from '../project-types.ts';
import type { ProjectActor } from '../project-types.ts';
import { projects } from '../projects.table.ts';

// Product Requirements (order 4) and the quotes that price them (Project Quotes, order 5): spec 3 §2 Step panels, §3,
// §5, §7; decision 0047. The list replaces the project's in one transaction; the Labor Quote Approval step (order 6)
// closes only when every requirement has a quote and every quote of the project is completed.

/**
 * Locks the project's row for the rest of the transaction: requirement saves, new quotes and the gate on Labor Quote
 * Approval take it first, so a requirement added while the step closes is either seen by the gate or waits for it.
 */
export async function lockProjectQuotes(db: DbOrTransaction, projectId: number): Promise<boolean> {
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
  return row !== undefined;
}

/**
 * Spec 3 §2, §5, §8: a Labor Quote Approval step ticket closes only when all the project's quotes are completed (and
 * every requirement has its quote); 422 {status: ["Can't close until all quotes completed."]} else. Runs inside the
 * transaction that closes the ticket.
 */
export async function assertQuotesCompleted(
  db: DbOrTransaction,
  ticket: { id: number; projectId?: number | null; projectOrder?: number | null },
): Promise<void> {
  if (ticket.projectOrder !== undefined && ticket.projectOrder !== LABOR_QUOTE_APPROVAL_ORDER) return;
  const [row] = await db
    .select({ projectId: tickets.projectId, projectOrder: tickets.projectOrder })
    .from(tickets)
    .where(eq(tickets.id, ticket.id));
  if (!row || row.projectId === null || row.projectOrder !== LABOR_QUOTE_APPROVAL_ORDER) return;
  await lockProjectQuotes(db, row.projectId);
  // One after the other: a transaction's client takes one query at a time.
  const openQuote = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.projectId, row.projectId), notInArray(quotes.status, [...completedQuoteStatuses])))
    .limit(1);
  const unquoted = await db
    .select({ id: productRequirements.id })
    .from(productRequirements)
    .where(and(eq(productRequirements.projectId, row.projectId), isNull(productRequirements.quoteId)))
    .limit(1);
  if (openQuote.length > 0 || unquoted.length > 0)
    throw unprocessable({ status: [projectQuoteMessages.quotesIncomplete] });
}

// A quote as the panels list it (ProjectQuoteSummary), inside json_build_object; the quote is `q`.
const quoteSummary = sql`'id', q.id, 'number', q.number, 'title', q.title, 'status', q.status, 'total', q.total::float8,
  'completed', q.status in (${sql.raw(completedQuoteStatuses.map((status) => `'${status}'`).join(', '))})`;

/**
 * product_requirements of GET /api/project/{id} for the project `p`, each with its quote, as the JSON array the
 * detail's statement selects. Quoting is the MSP's own work until Labor Quote Approval sends the quotes to the client
 * (decision 0047): a client account (the statement's `staff` false) reads no requirement and no quote.
 */
export const productRequirementsSql = sql`case when ${sql.placeholder('staff')}::boolean then coalesce((
  select json_agg(json_build_object('id', r.id, 'option', r.option, 'product', r.product, 'quote_id', r.quote_id,
      'quote', (select json_build_object(${quoteSummary}) from quotes q where q.id = r.quote_id))
    order by r.position, r.id)
  from product_requirements r where r.project_id = p.id), '[]') else '[]' end`;

/** quotes of GET /api/project/{id}: every quote of the project `p`, newest first, with the requirement it prices. */
export const projectQuotesSql = sql`case when ${sql.placeholder('staff')}::boolean then coalesce((
  select json_agg(json_build_object(${quoteSummary},
      'requirement_id', (select r.id from product_requirements r where r.quote_id = q.id)) order by q.id desc)
  from quotes q where q.project_id = p.id), '[]') else '[]' end`;

/**
 * Replaces the project's requirements with `input.products`: a row keeps its saved requirement when its id names one
 * of this project's (once), any other row is new; rows left out are deleted (their quotes stay the project's and stay
 * listed under Project Quotes). A quote_id must name a quote of this project, each on one row only.
 */
export async function saveProductRequirements(
  db: Db,
  input: ProductRequirementsInput,
  actor: ProjectActor,
): Promise<{ projectId: number }> {
  if (actor.type !== 'Employee') throw forbidden();
  const projectId = input.project_id;
  await db.transaction(async (tx) => {
    if (!(await lockProjectQuotes(tx, projectId))) throw notFound();
    const quoteIds = [...new Set(input.products.flatMap((row) => (row.quote_id === null ? [] : [row.quote_id])))];
    const saved = await tx
      .select({ id: productRequirements.id })
      .from(productRequirements)
      .where(eq(productRequirements.projectId, projectId));
    const ownQuotes =
      quoteIds.length === 0
        ? []
        : await tx
            .select({ id: quotes.id })
            .from(quotes)
            .where(and(inArray(quotes.id, quoteIds), eq(quotes.projectId, projectId)));
    const savedIds = new Set(saved.map((row) => row.id));
    const ownQuoteIds = new Set(ownQuotes.map((row) => row.id));
    const errors: FieldErrors = {};
    const quoteTaken = new Set<number>();
    const kept = new Set<number>();
    const rows = input.products.map((row, index) => {
      if (row.quote_id !== null) {
        if (!ownQuoteIds.has(row.quote_id)) errors[`products.${index}.quote_id`] = [projectQuoteMessages.quote];
        else if (quoteTaken.has(row.quote_id)) errors[`products.${index}.quote_id`] = [projectQuoteMessages.quoteTaken];
        quoteTaken.add(row.quote_id);
      }
      const keep = row.id !== null && savedIds.has(row.id) && !kept.has(row.id);
      if (keep) kept.add(row.id!);
      return {
        keepId: keep ? row.id! : null,
        position: index + 1,
        option: row.option,
        product: row.product,
        quoteId: row.quote_id,
      };
    });
    if (Object.keys(errors).length > 0) throw unprocessable(errors);

    // One delete and one insert: kept rows come back under their own ids, new ones take the next.
    await tx.delete(productRequirements).where(eq(productRequirements.projectId, projectId));
    if (rows.length > 0)
      await tx.insert(productRequirements).values(
        rows.map((row) => ({
          id: row.keepId ?? undefined,
          projectId,
          position: row.position,
          option: row.option,
          product: row.product,
          quoteId: row.quoteId,
          updatedBy: actor.id,
        })),
      );
  });
  return { projectId };
}

/** project_step 'Product Requirements' {project_id, products}: the whole list, replaced. */
export const productRequirementsHandler: ProjectStepHandler<ProductRequirementsInput> = {
  schema: productRequirementsInputSchema,
  event: 'RequirementsUpdated',
  async run({ db, actor }, input) {
    const { projectId } = await saveProductRequirements(db, input, actor);
    return { projectId, message: projectQuoteMessages.requirementsSaved };
  },
};
