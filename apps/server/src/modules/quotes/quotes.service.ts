import { decimalFromCents, lineAmountCents } from '@switchboard/shared';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
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
  lines: { description: string; quantity: string; unitPrice: string; optional?: boolean }[];
}

/**
 * Creates (no `id`) or replaces a quote and its lines in one transaction, prices each line once and totals the
 * quote (optional lines are not in the total; no tax until tax rates exist). A sent quote's PDF gets a revision
 * when what it shows changed.
 */
export async function saveQuote(
  db: DbOrTransaction,
  dataDir: string,
  input: QuoteInput & { id?: number },
  actorId: number | null,
): Promise<{ id: number; revision: RecordedRevision | null }> {
  const priced = input.lines.map((line, index) => ({
    lineNo: index + 1,
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    amountCents: lineAmountCents(line.quantity, line.unitPrice),
    optional: line.optional ?? false,
  }));
  const subtotal = priced.filter((line) => !line.optional).reduce((sum, line) => sum + line.amountCents, 0);
  const values = {
    companyId: input.companyId,
    projectId: input.projectId ?? null,
    title: input.title,
    quoteDate: input.quoteDate,
    validUntil: input.validUntil ?? null,
    terms: input.terms ?? '',
    subtotal: decimalFromCents(subtotal),
    taxTotal: '0.00',
    total: decimalFromCents(subtotal),
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
