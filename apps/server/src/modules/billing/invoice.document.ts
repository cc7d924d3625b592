import { centsOf, formatUsd, invoiceLabel, invoiceTypeLabels } from '@switchboard/shared';
import { asc, eq } from 'drizzle-orm';
import { invoiceLines, invoices } from './invoices.table.ts';
import { companies } from '../companies/companies.table.ts';
import type { DocumentTypeModule } from '../documents/document-type.ts';

/** What an invoice's PDF shows (designs/billing.md §5 PDFs): the number, dates, 'Net N', lines and totals, in cents. */
export interface InvoiceView {
  label: string;
  type: string;
  company: string;
  invoiceDate: string | null;
  dueDate: string | null;
  terms: number;
  memo: string;
  lines: { description: string; quantity: string; unitPriceCents: number; amountCents: number }[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

export const invoiceDocument: DocumentTypeModule<InvoiceView> = {
  type: 'invoice',
  clientVisible: true,
  staffPermission: 'view billing',
  async load(db, id) {
    const [row] = await db
      .select({ invoice: invoices, company: companies.name })
      .from(invoices)
      .innerJoin(companies, eq(companies.id, invoices.companyId))
      .where(eq(invoices.id, id));
    // A client account reads posted invoices only (the design's rule): a draft is not the company's yet.
    if (!row) return null;
    const lines = await db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, id))
      .orderBy(asc(invoiceLines.lineNo));
    const label = invoiceLabel(row.invoice);
    return {
      companyId: row.invoice.status === 'posted' ? row.invoice.companyId : null,
      title: `Invoice ${label}`,
      fileName: `Invoice-${label.replace(/\s+/g, '-')}`,
      view: {
        label,
        type: invoiceTypeLabels[row.invoice.type] ?? row.invoice.type,
        company: row.company,
        invoiceDate: row.invoice.invoiceDate,
        dueDate: row.invoice.dueDate,
        terms: row.invoice.paymentTerms,
        memo: row.invoice.memo,
        lines: lines.map((line) => ({
          description: line.description,
          quantity: line.quantity,
          unitPriceCents: centsOf(line.unitPrice),
          amountCents: centsOf(line.amount),
        })),
        subtotalCents: centsOf(row.invoice.subtotal),
        taxCents: centsOf(row.invoice.taxTotal),
        totalCents: centsOf(row.invoice.total),
      },
    };
  },
  render(page, view) {
    page.fields([
      ['Invoice', `${view.label} (${view.type})`],
      ['Bill to', view.company],
      ['Invoice date', view.invoiceDate ?? ''],
      ['Due date', view.dueDate ?? ''],
      ['Terms', `Net ${view.terms}`],
    ]);
    const lines = view.lines.map((line) => ({ ...line, unitPrice: formatUsd(line.unitPriceCents) }));
    page.pricedLines('Unit price', lines, view);
    if (view.memo) page.heading('Memo').paragraph(view.memo);
  },
};
