import { invoiceLineAmount, totalsFromAmounts, type Proration } from '@switchboard/shared/billing/invoice-lines';
import {
  emptyInvoiceMessage,
  onlyApprovedUnapproveMessage,
  onlyDraftMessage,
  postedReadOnlyMessage,
  type InvoiceLineKind,
  type InvoiceType,
  type LineExplain,
} from '@switchboard/shared/billing/invoices';
import { numericFromCents } from '@switchboard/shared/billing/money';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTransaction, Transaction } from '../../db/client.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { contracts } from '../contracts/contracts.table.ts';
import { billingEvents } from './billing-runs.table.ts';
import { companyBillingSettings } from './company-billing-settings.table.ts';
import { invoiceLines, invoiceLineSources, invoices } from './invoices.table.ts';
import { taxRates } from './tax-rates.table.ts';

// Drafts of invoices and credit notes (designs/billing.md §3.4; issue 27 part 4): the one writer of a draft's rows,
// used by the invoice routes, the monthly run, quote conversion and project deposits. Amounts are born once here
// (invoiceLineAmount), the tax is computed once on the document (documentTax, decision 0066) with the company's rate.

export const defaultPaymentTerms = 20;

export interface DraftLine {
  kind: InvoiceLineKind;
  itemId?: number | null;
  accountId?: number | null;
  description: string;
  /** numeric text, '12.25' */
  quantity: string;
  /** numeric text, 4 decimals, '125.0000' */
  unitPrice: string;
  proration?: Proration | null;
  /** Cents; computed with invoiceLineAmount when absent (deposit_applied and credit-note lines give it, negative). */
  amount?: number;
  taxable: 0 | 1;
  periodStart?: string | null;
  periodEnd?: string | null;
  explain?: LineExplain | null;
  /** Time-and-materials check-ins billed on this line (invoice_line_sources: each billed once). */
  checkInIds?: number[];
  /** The stock location a tracked product leaves from at posting (null: the one holding the most of it). */
  locationId?: number | null;
}

export interface DraftInvoice {
  companyId: number;
  type: InvoiceType;
  contractId?: number | null;
  projectId?: number | null;
  runId?: number | null;
  /** 'YYYY-MM-01' (contract and overage invoices). */
  billingMonth?: string | null;
  invoiceDate?: string | null;
  /** Days; the contract's terms when left out and there is a contract, else Net 20. */
  paymentTerms?: number | null;
  memo?: string;
  quoteId?: number | null;
  creditedInvoiceId?: number | null;
  lines: DraftLine[];
}

export interface CompanyTax {
  taxRateId: number | null;
  percent: string | null;
  exempt: boolean;
  certificate: string;
}

/** The company's rate and exemption (company billing settings; no row = no rate, not exempt). */
export async function companyTax(tx: DbOrTransaction, companyId: number, lockRate = false): Promise<CompanyTax> {
  const [settings] = await tx
    .select({
      taxRateId: companyBillingSettings.taxRateId,
      exempt: companyBillingSettings.taxExempt,
      certificate: companyBillingSettings.exemptCertificate,
    })
    .from(companyBillingSettings)
    .where(eq(companyBillingSettings.companyId, companyId));
  const taxRateId = settings?.taxRateId ?? null;
  let percent: string | null = null;
  if (taxRateId !== null) {
    // Posting holds the rate FOR SHARE (decision 0082): its percent cannot change under a posting invoice.
    const query = tx.select({ percent: taxRates.percent }).from(taxRates).where(eq(taxRates.id, taxRateId));
    const [rate] = lockRate ? await query.for('share') : await query;
    percent = rate?.percent ?? null;
  }
  const exempt = settings?.exempt ?? false;
  return { taxRateId, percent, exempt, certificate: exempt ? (settings?.certificate ?? '') : '' };
}

/**
 * The tax a document is computed with: the company's rate and exemption, except a credit note against an invoice,
 * which takes back tax at that invoice's rate, and none when that invoice carried none (an exempt sale).
 */
export async function documentTaxSource(
  tx: DbOrTransaction,
  document: { companyId: number; type: string; creditedInvoiceId?: number | null },
  lockRate = false,
): Promise<CompanyTax> {
  if (document.type !== 'credit_note' || !document.creditedInvoiceId) {
    return companyTax(tx, document.companyId, lockRate);
  }
  const [credited] = await tx
    .select({
      taxRateId: invoices.taxRateId,
      taxTotal: invoices.taxTotal,
      certificate: invoices.taxExemptCertificate,
    })
    .from(invoices)
    .where(eq(invoices.id, document.creditedInvoiceId));
  const taxRateId = credited?.taxRateId ?? null;
  let percent: string | null = null;
  if (taxRateId !== null) {
    const query = tx.select({ percent: taxRates.percent }).from(taxRates).where(eq(taxRates.id, taxRateId));
    const [rate] = lockRate ? await query.for('share') : await query;
    percent = rate?.percent ?? null;
  }
  const exempt = !credited || Number(credited.taxTotal) === 0;
  return { taxRateId, percent, exempt, certificate: credited?.certificate ?? '' };
}

export interface ComputedLine extends DraftLine {
  amount: number;
  taxAmount: number;
}

export interface ComputedDraft {
  lines: ComputedLine[];
  subtotal: number;
  taxableSubtotal: number;
  taxTotal: number;
  total: number;
  lateFeeTotal: number;
}

/** Line amounts (born once) and the document's tax, spread over the taxable lines. */
export function computeDraft(lines: readonly DraftLine[], tax: CompanyTax): ComputedDraft {
  const amounts = lines.map(
    (line) => line.amount ?? invoiceLineAmount(line.quantity, line.unitPrice, line.proration ?? null),
  );
  const totals = totalsFromAmounts(
    lines.map((line, index) => ({ amount: amounts[index]!, taxable: line.taxable === 1 })),
    { percent: tax.percent, exempt: tax.exempt },
  );
  const computed = lines.map((line, index) => ({
    ...line,
    amount: amounts[index]!,
    taxAmount: totals.lineTaxes[index]!,
  }));
  return {
    lines: computed,
    subtotal: totals.subtotal,
    taxableSubtotal: totals.taxableSubtotal,
    taxTotal: totals.taxTotal,
    total: totals.total,
    lateFeeTotal: computed.filter((line) => line.kind === 'late_fee').reduce((sum, line) => sum + line.amount, 0),
  };
}

async function insertLines(tx: Transaction, invoiceId: number, lines: readonly ComputedLine[]): Promise<void> {
  if (lines.length === 0) return;
  const inserted = await tx
    .insert(invoiceLines)
    .values(
      lines.map((line, index) => ({
        invoiceId,
        lineNo: index + 1,
        kind: line.kind,
        itemId: line.itemId ?? null,
        accountId: line.accountId ?? null,
        description: line.description,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        proration: line.proration ?? null,
        amount: numericFromCents(line.amount),
        taxable: line.taxable,
        taxAmount: numericFromCents(line.taxAmount),
        periodStart: line.periodStart ?? null,
        periodEnd: line.periodEnd ?? null,
        explain: line.explain ?? null,
        locationId: line.locationId ?? null,
      })),
    )
    .returning({ id: invoiceLines.id, lineNo: invoiceLines.lineNo });
  const idByNo = new Map(inserted.map((row) => [row.lineNo, row.id]));
  const sources = lines.flatMap((line, index) =>
    (line.checkInIds ?? []).map((checkInId) => ({ invoiceLineId: idByNo.get(index + 1)!, checkInId })),
  );
  if (sources.length > 0) await tx.insert(invoiceLineSources).values(sources);
}

export async function recordBillingEvent(
  tx: DbOrTransaction,
  event: { entityId: number; event: string; companyId: number | null; actorId: number | null; data?: object },
  entityType = 'invoice',
): Promise<void> {
  await tx.insert(billingEvents).values({
    entityType,
    entityId: event.entityId,
    event: event.event,
    companyId: event.companyId,
    actorId: event.actorId,
    data: event.data ?? {},
  });
}

/** Writes a draft (status draft, balance 0 until posted) with its lines, tax and totals; returns its id. */
export async function writeDraftInvoice(tx: Transaction, draft: DraftInvoice, actorId: number | null): Promise<number> {
  const tax = await documentTaxSource(tx, draft);
  const computed = computeDraft(draft.lines, tax);
  let paymentTerms = draft.paymentTerms ?? null;
  if (paymentTerms === null && draft.contractId) {
    const [contract] = await tx
      .select({ paymentTerms: contracts.paymentTerms })
      .from(contracts)
      .where(eq(contracts.id, draft.contractId));
    paymentTerms = contract?.paymentTerms ?? null;
  }
  const [invoice] = await tx
    .insert(invoices)
    .values({
      companyId: draft.companyId,
      type: draft.type,
      status: 'draft',
      contractId: draft.contractId ?? null,
      projectId: draft.projectId ?? null,
      quoteId: draft.quoteId ?? null,
      runId: draft.runId ?? null,
      billingMonth: draft.billingMonth ?? null,
      creditedInvoiceId: draft.creditedInvoiceId ?? null,
      invoiceDate: draft.invoiceDate ?? null,
      paymentTerms: paymentTerms ?? defaultPaymentTerms,
      taxRateId: tax.taxRateId,
      taxExemptCertificate: tax.certificate,
      subtotal: numericFromCents(computed.subtotal),
      taxTotal: numericFromCents(computed.taxTotal),
      total: numericFromCents(computed.total),
      lateFeeTotal: numericFromCents(computed.lateFeeTotal),
      balance: '0',
      memo: draft.memo ?? '',
      createdBy: actorId,
    })
    .returning({ id: invoices.id });
  const id = invoice!.id;
  await insertLines(tx, id, computed.lines);
  await recordBillingEvent(tx, {
    entityId: id,
    event: 'created',
    companyId: draft.companyId,
    actorId,
    data: { type: draft.type, total: computed.total },
  });
  return id;
}

/** The invoice row, locked FOR UPDATE (404 when there is none). */
export async function lockInvoice(tx: Transaction, id: number) {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

/** 422 unless the invoice is a draft: approved ones go back to draft first, posted and void ones never change. */
export function assertDraft(status: string): void {
  if (status === 'draft') return;
  const message = status === 'approved' ? onlyDraftMessage : postedReadOnlyMessage;
  throw unprocessable({ status: [message] }, message);
}

/** Replaces a draft's lines (and their check-in sources) and recomputes its tax and totals. */
export async function replaceDraftLines(
  tx: Transaction,
  invoiceId: number,
  lines: DraftLine[],
  actorId: number | null,
): Promise<void> {
  const invoice = await lockInvoice(tx, invoiceId);
  assertDraft(invoice.status);
  const tax = await documentTaxSource(tx, invoice);
  const computed = computeDraft(lines, tax);
  await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  await insertLines(tx, invoiceId, computed.lines);
  await tx
    .update(invoices)
    .set({
      taxRateId: tax.taxRateId,
      taxExemptCertificate: tax.certificate,
      subtotal: numericFromCents(computed.subtotal),
      taxTotal: numericFromCents(computed.taxTotal),
      total: numericFromCents(computed.total),
      lateFeeTotal: numericFromCents(computed.lateFeeTotal),
      updatedAt: new Date(),
    })
    .where(eq(invoices.id, invoiceId));
  await recordBillingEvent(tx, {
    entityId: invoiceId,
    event: 'edited',
    companyId: invoice.companyId,
    actorId,
    data: { total: computed.total },
  });
}

/** A draft's lines as DraftLines (duplicate, credit notes, re-tax at posting). */
export async function draftLinesOf(tx: DbOrTransaction, invoiceId: number) {
  return tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)).orderBy(asc(invoiceLines.lineNo));
}

/** draft -> approved (locked, can go back): needs at least one line. */
export async function approveInvoice(tx: Transaction, id: number, actorId: number | null): Promise<void> {
  const invoice = await lockInvoice(tx, id);
  assertDraft(invoice.status);
  const [{ n }] = (
    await tx.execute<{ n: number }>(sql`select count(*)::int as n from invoice_lines where invoice_id = ${id}`)
  ).rows as [{ n: number }];
  if (Number(n) === 0) throw unprocessable({ lines: [emptyInvoiceMessage] }, emptyInvoiceMessage);
  await tx
    .update(invoices)
    .set({ status: 'approved', approvedBy: actorId, approvedAt: new Date(), updatedAt: new Date() })
    .where(eq(invoices.id, id));
  await recordBillingEvent(tx, { entityId: id, event: 'approved', companyId: invoice.companyId, actorId });
}

/** approved -> draft. */
export async function unapproveInvoice(tx: Transaction, id: number, actorId: number | null): Promise<void> {
  const invoice = await lockInvoice(tx, id);
  if (invoice.status !== 'approved') {
    const message = invoice.status === 'draft' ? onlyApprovedUnapproveMessage : postedReadOnlyMessage;
    throw unprocessable({ status: [message] }, message);
  }
  await tx
    .update(invoices)
    .set({ status: 'draft', approvedBy: null, approvedAt: null, updatedAt: new Date() })
    .where(eq(invoices.id, id));
  await recordBillingEvent(tx, { entityId: id, event: 'unapproved', companyId: invoice.companyId, actorId });
}
