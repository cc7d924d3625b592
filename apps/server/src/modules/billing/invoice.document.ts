import { invoiceLabel, type LineExplain } from '@switchboard/shared/billing/invoices';
import { centsFromNumeric } from '@switchboard/shared/billing/money';
import { formatUsd } from '@switchboard/shared';
import { asc, eq } from 'drizzle-orm';
import { invoiceLines, invoices } from './invoices.table.ts';
import { taxRates } from './tax-rates.table.ts';
import { companies } from '../companies/companies.table.ts';
import type { DocumentTypeModule } from '../documents/document-type.ts';
import { getBillingSettings } from './ledger.service.ts';

// The invoice and credit note PDF (designs/billing.md §5 PDFs; decision 0038). Everything printed is in the view, so
// the view hash says when a new revision is due; revision 00 is made when the invoice posts (invoice-delivery).

export interface InvoiceViewLine {
  description: string;
  /** '18 of 30 days' when prorated, else ''. */
  proration: string;
  quantity: string;
  unitPrice: string;
  amountCents: number;
}

/** A contract invoice's usage block, from its lines' explain (the run writes it). */
export interface InvoiceUsageBlock {
  month: string;
  retainerHours: string;
  usedHours: string;
  rolloverHours: string;
  overageHours: string;
}

/** What an invoice's PDF shows (designs/billing.md §5 PDFs): amounts in cents, quantities as their text. */
export interface InvoiceView {
  creditNote: boolean;
  /** The number once posted; 'DRAFT' before (drafts are unstored previews). */
  number: string;
  billTo: { name: string; address: string };
  invoiceDate: string;
  dueDate: string;
  terms: string;
  creditedNumber: string | null;
  memo: string;
  lines: InvoiceViewLine[];
  subtotalCents: number;
  /** 'Sales tax (Texas 8.2500%)', 'Tax exempt (certificate TX-1)', or 'Tax' without a rate. */
  taxLabel: string;
  taxCents: number;
  totalCents: number;
  appliedCents: number;
  balanceCents: number;
  usage: InvoiceUsageBlock | null;
  remitTo: string;
  footer: string;
}

/** '12.00' -> '12', '12.50' -> '12.5', '0.25' stays. */
export const plainQuantity = (text: string): string => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);

/** A unit price's numeric text (4 decimals) as dollars, keeping cents and any further digits that are not 0. */
export function formatUnitPrice(text: string): string {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace(/^-/, '').split('.');
  const digits = fraction.padEnd(2, '0').replace(/0+$/, '').padEnd(2, '0');
  return `${negative ? '-' : ''}$${Number(whole).toLocaleString('en-US')}.${digits}`;
}

const hoursText = (hours: number | undefined): string => plainQuantity((hours ?? 0).toFixed(2));

/** The usage block: the first line whose explain carries the month's hours (overage or retainer line). */
export function usageBlockOf(explains: (LineExplain | null)[]): InvoiceUsageBlock | null {
  const explain = explains.find((item) => item && (item.used_hours !== undefined || item.retainer_hours !== undefined));
  if (!explain) return null;
  return {
    month: explain.usage_month ?? '',
    retainerHours: hoursText(explain.retainer_hours),
    usedHours: hoursText(explain.used_hours),
    rolloverHours: hoursText(explain.rollover_in),
    overageHours: hoursText(explain.overage_hours),
  };
}

const monthName = (month: string): string => {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  if (!match) return month;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return date.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
};

export const invoiceDocument: DocumentTypeModule<InvoiceView> = {
  type: 'invoice',
  clientVisible: true,
  staffPermission: 'view billing',
  async load(db, id) {
    const [row] = await db
      .select({ invoice: invoices, company: companies.name, rate: { name: taxRates.name, percent: taxRates.percent } })
      .from(invoices)
      .innerJoin(companies, eq(companies.id, invoices.companyId))
      .leftJoin(taxRates, eq(taxRates.id, invoices.taxRateId))
      .where(eq(invoices.id, id));
    if (!row) return null;
    const { invoice } = row;
    const lines = await db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, id))
      .orderBy(asc(invoiceLines.lineNo));
    const credited = invoice.creditedInvoiceId
      ? (
          await db
            .select({ id: invoices.id, number: invoices.number })
            .from(invoices)
            .where(eq(invoices.id, invoice.creditedInvoiceId))
        )[0]
      : undefined;
    const settings = await getBillingSettings(db);
    const creditNote = invoice.type === 'credit_note';
    const label = invoiceLabel(invoice);
    const title = `${creditNote ? 'Credit Note' : 'Invoice'} ${label}`;
    const frozen = invoice.billTo as { name?: string; address?: string } | null;
    const totalCents = centsFromNumeric(invoice.total);
    const balanceCents = centsFromNumeric(invoice.balance);
    const posted = invoice.status === 'posted' || invoice.status === 'void';
    const taxLabel = invoice.taxExemptCertificate
      ? `Tax exempt (certificate ${invoice.taxExemptCertificate})`
      : row.rate?.name
        ? `Sales tax (${row.rate.name} ${plainQuantity(row.rate.percent)}%)`
        : 'Tax';
    return {
      // A client account reads posted invoices only (decision 0071): a draft is not the company's yet.
      companyId: invoice.status === 'posted' ? invoice.companyId : null,
      title,
      fileName: `${creditNote ? 'Credit-Note' : 'Invoice'}-${label.replace(/\s+/g, '-')}`,
      view: {
        creditNote,
        number: invoice.number ?? 'DRAFT',
        billTo: { name: frozen?.name ?? row.company, address: frozen?.address ?? '' },
        invoiceDate: invoice.invoiceDate ?? '',
        dueDate: invoice.dueDate ?? '',
        terms: `Net ${invoice.paymentTerms}`,
        creditedNumber: credited ? invoiceLabel(credited) : null,
        memo: invoice.memo,
        lines: lines.map((line) => {
          const proration = line.proration as { days?: number; of?: number } | null;
          return {
            description: line.description,
            proration: proration?.days !== undefined ? `${proration.days} of ${proration.of} days` : '',
            quantity: plainQuantity(line.quantity),
            unitPrice: formatUnitPrice(line.unitPrice),
            amountCents: centsFromNumeric(line.amount),
          };
        }),
        subtotalCents: centsFromNumeric(invoice.subtotal),
        taxLabel,
        taxCents: centsFromNumeric(invoice.taxTotal),
        totalCents,
        // Before posting nothing is applied; after, what is paid or credited is the total less the balance.
        appliedCents: posted ? totalCents - balanceCents : 0,
        balanceCents: posted ? balanceCents : totalCents,
        // The month's hours, on the run's invoices (contract; overage when billed on its own).
        usage:
          invoice.type === 'contract' || invoice.type === 'overage'
            ? usageBlockOf(lines.map((line) => line.explain as LineExplain | null))
            : null,
        remitTo: settings.remit_to,
        footer: settings.invoice_footer,
      },
    };
  },
  render(page, view) {
    page.fields([
      [view.creditNote ? 'Credit note' : 'Invoice', view.number],
      [view.creditNote ? 'Credit date' : 'Invoice date', view.invoiceDate],
      ...(view.creditNote ? [] : ([['Due date', view.dueDate]] as [string, string][])),
      ['Terms', view.terms],
      ...(view.creditedNumber ? ([['Credits invoice', view.creditedNumber]] as [string, string][]) : []),
    ]);
    page.heading('Bill to').paragraph(view.billTo.name);
    if (view.billTo.address) page.paragraph(view.billTo.address);
    page.table(
      [
        { header: 'Description', width: 262 },
        { header: 'Qty', width: 50, align: 'right' },
        { header: 'Unit price', width: 100, align: 'right' },
        { header: 'Amount', width: 100, align: 'right' },
      ],
      [
        ...view.lines.map((line) => [
          line.proration ? `${line.description}\n${line.proration}` : line.description,
          line.quantity,
          line.unitPrice,
          formatUsd(line.amountCents),
        ]),
        ['Subtotal', '', '', formatUsd(view.subtotalCents)],
        [view.taxLabel, '', '', formatUsd(view.taxCents)],
        ['Total', '', '', formatUsd(view.totalCents)],
        [view.creditNote ? 'Credit applied' : 'Payments applied', '', '', formatUsd(view.appliedCents)],
        [view.creditNote ? 'Credit remaining' : 'Balance due', '', '', formatUsd(view.balanceCents)],
      ],
      { boldLast: 1 },
    );
    if (view.usage) {
      page.heading(`Usage for ${monthName(view.usage.month)}`);
      page.fields([
        ['Retainer hours', view.usage.retainerHours],
        ['Hours used', view.usage.usedHours],
        ['Rollover hours', view.usage.rolloverHours],
        ['Overage hours', view.usage.overageHours],
      ]);
    }
    if (view.memo) page.heading('Memo').paragraph(view.memo);
    if (view.remitTo) page.heading('Remit to').paragraph(view.remitTo);
    if (view.footer) page.paragraph('').paragraph(view.footer);
  },
};
