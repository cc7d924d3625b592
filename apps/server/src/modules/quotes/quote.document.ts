import { centsOf, formatUsd } from '@switchboard/shared';
import { asc, eq } from 'drizzle-orm';
import { quoteLines, quotes } from './quotes.table.ts';
import { companies } from '../companies/companies.table.ts';
import type { DocumentTypeModule } from '../documents/document-type.ts';

/** What a quote's PDF shows (designs/billing.md §3.5): prices in cents, never floats. */
export interface QuoteView {
  label: string;
  company: string;
  title: string;
  quoteDate: string;
  validUntil: string | null;
  terms: string;
  lines: { description: string; quantity: string; unitPriceCents: number; amountCents: number; optional: boolean }[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/** 'Q-000012' once numbered, 'Draft 12' before. */
export const quoteLabel = (quote: { id: number; number: string | null }) => quote.number ?? `Draft ${quote.id}`;

export const quoteDocument: DocumentTypeModule<QuoteView> = {
  type: 'quote',
  clientVisible: true,
  staffPermission: 'view billing',
  async load(db, id) {
    const [quote] = await db
      .select({ quote: quotes, company: companies.name })
      .from(quotes)
      .innerJoin(companies, eq(companies.id, quotes.companyId))
      .where(eq(quotes.id, id));
    if (!quote) return null;
    const lines = await db.select().from(quoteLines).where(eq(quoteLines.quoteId, id)).orderBy(asc(quoteLines.lineNo));
    const label = quoteLabel(quote.quote);
    return {
      // A client reads its company's quotes once sent, never a draft (decision 0071), as invoices once posted.
      companyId: quote.quote.status === 'draft' ? null : quote.quote.companyId,
      title: `Quote ${label}`,
      fileName: `Quote-${label.replace(/\s+/g, '-')}`,
      // A project's quote is read by whoever may view the project: every staff member (decision 0073).
      openToStaff: quote.quote.projectId !== null,
      view: {
        label,
        company: quote.company,
        title: quote.quote.title,
        quoteDate: quote.quote.quoteDate,
        validUntil: quote.quote.validUntil,
        terms: quote.quote.terms,
        lines: lines.map((line) => ({
          description: line.description,
          quantity: line.quantity,
          unitPriceCents: centsOf(line.unitPrice),
          amountCents: centsOf(line.amount),
          optional: line.optional,
        })),
        subtotalCents: centsOf(quote.quote.subtotal),
        taxCents: centsOf(quote.quote.taxTotal),
        totalCents: centsOf(quote.quote.total),
      },
    };
  },
  render(page, view) {
    page.fields([
      ['Prepared for', view.company],
      ['Quote date', view.quoteDate],
      ['Valid until', view.validUntil ?? ''],
    ]);
    page.heading(view.title);
    const lines = view.lines.map((line) => ({
      ...line,
      description: line.optional ? `${line.description} (optional)` : line.description,
      unitPrice: formatUsd(line.unitPriceCents),
    }));
    page.pricedLines('Unit price', lines, view);
    if (view.terms) page.heading('Terms').paragraph(view.terms);
  },
};
