import { decimalFromCents } from '@switchboard/shared';
import { centsFromNumeric, dollarsFromCents } from '@switchboard/shared/billing/money';
import {
  quoteAnswerMessage,
  quoteOnlyDraftDeleteMessage,
  quoteTotals,
  type QuoteDetail,
  type QuoteListQuery,
  type QuoteRow,
} from '@switchboard/shared/billing/quotes';
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { companies } from '../companies/companies.table.ts';
import { recordRevision, type RecordedRevision } from '../documents/documents.service.ts';
import { quoteLines, quotes } from './quotes.table.ts';

// Saving quotes (designs/billing.md §3.5), the part the documents need now: the billing issue adds its pages and
// calls over these functions.

export interface QuoteInput {
  companyId: number;
  projectId?: number | null;
  title: string;
  quoteDate: string;
  validUntil?: string | null;
  terms?: string;
  /** Quantity and unit price as decimal text (hundredths, ten-thousandths of a dollar). */
  lines: {
    description: string;
    quantity: string;
    unitPrice: string;
    optional?: boolean;
    /** An optional line the client chose; left out, optional lines are not chosen. */
    selected?: boolean;
    taxable?: 0 | 1;
    itemId?: number | null;
  }[];
}

/** The rate a quote is priced at (the company's, handed in by billing); none means no tax. */
export interface QuoteTax {
  taxRateId: number | null;
  percent: string | null;
  exempt: boolean;
}

/**
 * Creates (no `id`) or replaces a quote and its lines in one transaction, prices each line once and totals the
 * quote: optional lines count only when selected; tax once on the counted taxable lines at the rate handed in
 * (none: no tax). A sent quote's PDF gets a revision when what it shows changed.
 */
export async function saveQuote(
  db: DbOrTransaction,
  dataDir: string,
  input: QuoteInput & { id?: number },
  actorId: number | null,
  tax: QuoteTax = { taxRateId: null, percent: null, exempt: false },
): Promise<{ id: number; revision: RecordedRevision | null }> {
  const lines = input.lines.map((line) => {
    const optional = line.optional ?? false;
    return { ...line, optional, selected: optional ? (line.selected ?? false) : true, taxable: line.taxable ?? 0 };
  });
  const totals = quoteTotals({ lines, percent: tax.percent, exempt: tax.exempt });
  const priced = lines.map((line, index) => ({
    lineNo: index + 1,
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    amountCents: totals.amounts[index]!,
    taxCents: totals.lineTaxes[index]!,
    optional: line.optional,
    selected: line.selected,
    taxable: line.taxable,
    itemId: line.itemId ?? null,
  }));
  const values = {
    companyId: input.companyId,
    projectId: input.projectId ?? null,
    title: input.title,
    quoteDate: input.quoteDate,
    validUntil: input.validUntil ?? null,
    terms: input.terms ?? '',
    subtotal: decimalFromCents(totals.subtotal),
    taxTotal: decimalFromCents(totals.taxTotal),
    total: decimalFromCents(totals.total),
    taxRateId: tax.taxRateId,
    updatedAt: new Date(),
  };
  const saved = await db.transaction(async (tx) => {
    const [row] =
      input.id === undefined
        ? await tx
            .insert(quotes)
            .values({ ...values, createdBy: actorId })
            .returning({ id: quotes.id, status: quotes.status })
        : await tx
            .update(quotes)
            .set(values)
            .where(eq(quotes.id, input.id))
            .returning({ id: quotes.id, status: quotes.status });
    if (!row) throw new Error(`quote ${input.id} does not exist`);
    await tx.delete(quoteLines).where(eq(quoteLines.quoteId, row.id));
    if (priced.length > 0)
      await tx.insert(quoteLines).values(
        priced.map((line) => ({
          quoteId: row.id,
          lineNo: line.lineNo,
          description: line.description,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          amount: decimalFromCents(line.amountCents),
          optional: line.optional,
          selected: line.selected,
          taxable: line.taxable,
          taxAmount: decimalFromCents(line.taxCents),
          itemId: line.itemId,
        })),
      );
    return row;
  });
  const revision = saved.status === 'draft' ? null : await recordRevision(db, dataDir, 'quote', saved.id, actorId);
  return { id: saved.id, revision };
}

/**
 * Sends a draft: takes the next number ('Q-000001', gapless: counted under a lock in the same transaction) and
 * makes revision 00 of its PDF. Mailing it to the client comes with the billing issue.
 */
export async function sendQuote(db: DbOrTransaction, dataDir: string, id: number, actorId: number | null) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('quote_number'))`);
    await tx.execute(sql`update quotes set status = 'sent', number = coalesce(number, (
        select 'Q-' || lpad((coalesce(max(substring(number from 3)::int), 0) + 1)::text, 6, '0')
        from quotes where number is not null)) where id = ${id}`);
  });
  return recordRevision(db, dataDir, 'quote', id, actorId);
}

// ---- the billing screens' reads and state changes (issue 27 part 5; /billing/quotes) ----

/** Money in answers is dollars with two decimals, as the invoices' (the JSON number prints it exactly). */
const dollars = (text: string) => dollarsFromCents(centsFromNumeric(text));

/** The list's page (newest quote date first), with its total in the same statement. Project titles come from billing. */
export async function listQuotes(db: DbOrTransaction, query: QuoteListQuery) {
  const where = and(
    query.status ? eq(quotes.status, query.status) : undefined,
    query.company_id ? eq(quotes.companyId, query.company_id) : undefined,
    query.project_id ? eq(quotes.projectId, query.project_id) : undefined,
    query.from ? gte(quotes.quoteDate, query.from) : undefined,
    query.to ? lte(quotes.quoteDate, query.to) : undefined,
  );
  const rows = await db
    .select({
      quote: quotes,
      company: companies.name,
      count: sql<number>`(count(*) over ())::int`,
    })
    .from(quotes)
    .innerJoin(companies, eq(companies.id, quotes.companyId))
    .where(where)
    .orderBy(desc(quotes.quoteDate), desc(quotes.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  let total = rows[0]?.count ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const [counted] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(quotes)
      .where(where);
    total = counted?.count ?? 0;
  }
  const from = rows.length === 0 ? null : (query.page - 1) * query.per_page + 1;
  return {
    data: rows.map((row) => quoteRow(row.quote, row.company)),
    total,
    current_page: query.page,
    per_page: query.per_page,
    from,
    to: from === null ? null : from + rows.length - 1,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
  };
}

function quoteRow(quote: typeof quotes.$inferSelect, company: string): QuoteRow {
  return {
    id: quote.id,
    number: quote.number,
    title: quote.title,
    quote_date: quote.quoteDate,
    valid_until: quote.validUntil,
    company_id: quote.companyId,
    company,
    project_id: quote.projectId,
    project: null,
    status: quote.status,
    subtotal: dollars(quote.subtotal),
    tax_total: dollars(quote.taxTotal),
    total: dollars(quote.total),
  };
}

/** One quote with its lines, or null. */
export async function getQuoteDetail(db: DbOrTransaction, id: number): Promise<QuoteDetail | null> {
  const [row] = await db
    .select({ quote: quotes, company: companies.name })
    .from(quotes)
    .innerJoin(companies, eq(companies.id, quotes.companyId))
    .where(eq(quotes.id, id));
  if (!row) return null;
  const lines = await db.select().from(quoteLines).where(eq(quoteLines.quoteId, id)).orderBy(asc(quoteLines.lineNo));
  const quote = row.quote;
  return {
    ...quoteRow(quote, row.company),
    terms: quote.terms,
    tax_rate_id: quote.taxRateId,
    accepted_at: quote.acceptedAt?.toISOString() ?? null,
    accepted_by_user_id: quote.acceptedByUserId,
    accepted_email: quote.acceptedEmail,
    declined_at: quote.declinedAt?.toISOString() ?? null,
    converted_invoice_ids: quote.convertedInvoiceIds,
    lines: lines.map((line) => ({
      id: line.id,
      line_no: line.lineNo,
      description: line.description,
      quantity: line.quantity,
      unit_price: line.unitPrice,
      amount: dollars(line.amount),
      optional: line.optional,
      selected: line.selected,
      taxable: line.taxable === 1 ? 1 : 0,
      tax_amount: dollars(line.taxAmount),
      item_id: line.itemId,
    })),
  };
}

/** The quote's row held FOR UPDATE inside a transaction (404 when it does not exist). */
export async function lockQuote(tx: DbOrTransaction, id: number) {
  const [quote] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
  if (!quote) throw notFound();
  return quote;
}

/** Deletes a draft (its lines go with it); 422 for any other status. */
export async function deleteDraftQuote(db: Db, id: number): Promise<{ companyId: number }> {
  return db.transaction(async (tx) => {
    const quote = await lockQuote(tx, id);
    if (quote.status !== 'draft') throw unprocessable({ status: [quoteOnlyDraftDeleteMessage] });
    await tx.delete(quotes).where(eq(quotes.id, id));
    return { companyId: quote.companyId };
  });
}

/**
 * Records the client's answer to a sent quote: staff (the user) or a public link (the address). Accepting a quote
 * already accepted or declining one declined is refused as any other status is (422).
 */
export async function answerQuote(
  db: DbOrTransaction,
  id: number,
  decision: 'accept' | 'decline',
  by: { userId: number | null; email: string | null },
): Promise<{ companyId: number }> {
  return db.transaction(async (tx) => {
    const quote = await lockQuote(tx, id);
    if (quote.status !== 'sent') throw unprocessable({ status: [quoteAnswerMessage] });
    await tx
      .update(quotes)
      .set(
        decision === 'accept'
          ? { status: 'accepted', acceptedAt: new Date(), acceptedByUserId: by.userId, acceptedEmail: by.email }
          : { status: 'declined', declinedAt: new Date() },
      )
      .where(eq(quotes.id, id));
    return { companyId: quote.companyId };
  });
}
