import { centsFromNumeric, numericFromCents } from '@switchboard/shared/billing/money';
import {
  depositCents,
  depositDescription,
  quoteConvertMessage,
  quoteLineCounts,
  type QuoteConvertInput,
} from '@switchboard/shared/billing/quotes';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { unprocessable } from '../../plugins/errors.ts';
import { quoteLabel } from '../quotes/quote.document.ts';
import { lockQuote } from '../quotes/quotes.service.ts';
import { quoteLines, quotes } from '../quotes/quotes.table.ts';
import { writeDraftInvoice, type DraftLine } from './invoice-drafts.ts';
import { projectFinalInvoiceLines } from './invoices.service.ts';
import { accounts } from './ledger.table.ts';

// Converting an accepted quote to a draft invoice (designs/billing.md §3.5; issue 27 part 5). Billing may read
// quotes, quotes may not import billing, so the conversion lives here. One transaction: the quote is held FOR UPDATE,
// so two conversions at once cannot both pass the status check.

const unitPriceText = (cents: number): string => `${numericFromCents(cents)}00`;

export interface ConvertedQuote {
  invoiceId: number;
  companyId: number;
  projectId: number | null;
}

/**
 * full: the counted lines (optional ones only when selected) as a project invoice (one_off without a project), the
 * project's posted deposits taken off, and the quote becomes converted. deposit: one line 'Deposit N% of Q-000123'
 * of round(total × N %) on account 2200 (type project_deposit); the quote stays accepted so the final can follow.
 */
export async function convertQuote(
  db: Db,
  id: number,
  input: QuoteConvertInput,
  actorId: number | null,
): Promise<ConvertedQuote> {
  return db.transaction(async (tx) => {
    const quote = await lockQuote(tx, id);
    if (quote.status !== 'accepted') throw unprocessable({ status: [quoteConvertMessage] });
    let invoiceId: number;
    if (input.mode === 'deposit') {
      const percent = input.percent!;
      const amount = depositCents(centsFromNumeric(quote.total), percent);
      const [deposit] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.number, '2200'));
      invoiceId = await writeDraftInvoice(
        tx,
        {
          companyId: quote.companyId,
          type: 'project_deposit',
          projectId: quote.projectId,
          quoteId: quote.id,
          lines: [
            {
              kind: 'deposit',
              accountId: deposit?.id ?? null,
              description: depositDescription(percent, quoteLabel(quote)),
              quantity: '1',
              unitPrice: unitPriceText(amount),
              amount,
              taxable: 0,
            },
          ],
        },
        actorId,
      );
    } else {
      const rows = await tx.select().from(quoteLines).where(eq(quoteLines.quoteId, id)).orderBy(asc(quoteLines.lineNo));
      const lines: DraftLine[] = rows.filter(quoteLineCounts).map((line) => ({
        kind: line.kind === 'labor' || line.kind === 'text' ? line.kind : 'item',
        itemId: line.itemId,
        description: line.description,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        taxable: line.taxable === 1 ? 1 : 0,
      }));
      if (quote.projectId !== null) lines.push(...(await projectFinalInvoiceLines(tx, quote.projectId)));
      invoiceId = await writeDraftInvoice(
        tx,
        {
          companyId: quote.companyId,
          type: quote.projectId !== null ? 'project' : 'one_off',
          projectId: quote.projectId,
          quoteId: quote.id,
          lines,
        },
        actorId,
      );
    }
    await tx
      .update(quotes)
      .set({
        convertedInvoiceIds: sql`array_append(${quotes.convertedInvoiceIds}, ${invoiceId}::integer)`,
        ...(input.mode === 'full' ? { status: 'converted' as const } : {}),
        updatedAt: new Date(),
      })
      .where(eq(quotes.id, id));
    return { invoiceId, companyId: quote.companyId, projectId: quote.projectId };
  });
}
