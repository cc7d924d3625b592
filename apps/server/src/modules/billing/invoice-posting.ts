import { billingChannel, type InvoiceUpdatedPayload, type LedgerPostedPayload } from '@switchboard/shared';
import { addDays } from '@switchboard/shared/billing/billing-date';
import {
  emptyInvoiceMessage,
  noTaxRateMessage,
  onlyApprovedPostMessage,
  postedReadOnlyMessage,
} from '@switchboard/shared/billing/invoices';
import { totalsFromAmounts } from '@switchboard/shared/billing/invoice-lines';
import { centsFromNumeric, numericFromCents } from '@switchboard/shared/billing/money';
import type { StockUpdatedPayload } from '@switchboard/shared/billing/receipts';
import {
  incomeAccountByItemType,
  invoiceEntry,
  postingAccounts,
  type PostedInvoiceLine,
} from '@switchboard/shared/billing/posting-rules';
import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { AppInstance } from '../../app-instance.ts';
import type { DbOrTransaction, Transaction } from '../../db/client.ts';
import { emitDomainEvent } from '../../plugins/domain-events.ts';
import { unprocessable } from '../../plugins/errors.ts';
import { emitProjectEvent } from '../../plugins/project-channel.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { contracts } from '../contracts/contracts.table.ts';
import { defaultPaymentTerms, documentTaxSource, lockInvoice, recordBillingEvent } from './invoice-drafts.ts';
import { invoiceLines, invoices } from './invoices.table.ts';
import {
  billingToday,
  formatDocumentNumber,
  getBillingSettings,
  postJournalEntry,
  takeDocumentNumber,
} from './ledger.service.ts';
import { accounts } from './ledger.table.ts';
import { allocations } from './payments.table.ts';
import { taxRates } from './tax-rates.table.ts';
import { postInvoiceStockSales } from './inventory-sales.ts';

// Posting an invoice or credit note (designs/billing.md §3.2, §3.4; decisions 0067, 0068): number, dates, bill-to and
// the journal entry, in the caller's transaction (the post route, bulk, the run). Callers announce after commit with
// announceInvoicePosted.

export interface PostedInvoiceResult {
  id: number;
  number: string;
  companyId: number;
  projectId: number | null;
  journalEntryId: number;
  /** The ids of the accounts the entry touched (LedgerPosted). */
  accounts: number[];
  entryNumber: string;
  entryDate: string;
  /** A credit note applied at once to the invoice it credits: that invoice's id (it changed too). */
  creditedInvoiceId: number | null;
  /** Tracked products sold (or returned) and the locations they left (StockUpdated). */
  stock: { itemIds: number[]; locationIds: number[] };
}

/** Default income account by line kind, when neither the line nor its item names one (decision 0086). */
const incomeAccountByKind: Record<string, string> = {
  retainer: '4000',
  recurring: '4000',
  overage: '4100',
  labor: '4100',
  late_fee: postingAccounts.lateFees,
  item: '4050',
  text: '4050',
};
const projectServicesAccount = '4400';

type LineRow = typeof invoiceLines.$inferSelect & { itemType: string | null; itemAccountId: number | null };

/**
 * The account a line credits: deposit lines 2200; else the line's account, the item's, the item type's default;
 * a project invoice's other lines 4400 Project Services; else the kind's default. Answers an id or a number.
 */
function lineAccount(line: LineRow, invoiceType: string): { id: number } | { number: string } {
  if (line.kind === 'deposit' || line.kind === 'deposit_applied') return { number: postingAccounts.customerDeposits };
  if (line.accountId !== null) return { id: line.accountId };
  if (line.itemAccountId !== null) return { id: line.itemAccountId };
  const byType = line.itemType ? incomeAccountByItemType[line.itemType] : undefined;
  if (byType) return { number: byType };
  if (invoiceType === 'project' || invoiceType === 'project_deposit') return { number: projectServicesAccount };
  return { number: incomeAccountByKind[line.kind] ?? '4050' };
}

/** Accounts by id and by number, in one statement. */
async function accountsOf(tx: DbOrTransaction, ids: number[], numbers: string[]) {
  const rows = await tx
    .select({ id: accounts.id, number: accounts.number })
    .from(accounts)
    .where(
      sql`${accounts.id} = any(${sql.param(ids)}::int[]) or ${accounts.number} = any(${sql.param(numbers)}::text[])`,
    );
  return {
    byId: new Map(rows.map((row) => [row.id, row.number])),
    byNumber: new Map(rows.map((r) => [r.number, r.id])),
  };
}

/** The company's name and its billing site's address (else its first site's), frozen on the invoice at posting. */
async function billToOf(tx: Transaction, companyId: number): Promise<{ name: string; address: string }> {
  // One statement: the billing site when it is the company's, else (none set) its first site.
  const { rows } = await tx.execute<{
    name: string;
    site_id: number | null;
    address: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
  }>(sql`
    select c.name, s.id as site_id, s.address, s.city, s.state, s.zip
    from companies c
    left join company_billing_settings b on b.company_id = c.id
    left join lateral (
      select s.id, s.address, s.city, s.state, s.zip from sites s
      where s.company_id = c.id and (b.billing_site_id is null or s.id = b.billing_site_id)
      order by s.id limit 1
    ) s on true
    where c.id = ${companyId}`);
  const company = rows[0];
  const site = company && company.site_id !== null ? company : undefined;
  const cityLine = site ? [site.city, [site.state, site.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ') : '';
  const address = site ? [site.address, cityLine].filter((part) => part && part.trim()).join('\n') : '';
  return { name: company?.name ?? '', address };
}

/**
 * Posts an approved invoice or credit note: recomputes its tax (the rate held FOR SHARE), takes its INV-/CN- number,
 * dates it (given, the draft's, or today in the billing time zone; due after the contract's terms or its own), freezes bill-to and
 * paperless, posts its entry (422 date when the period is closed) and sets balance = total. A credit note against an
 * invoice is then applied to it at once. Never opens a transaction: a throw leaves the caller's to roll back.
 */
export async function postInvoice(
  tx: Transaction,
  id: number,
  actorId: number | null,
  postingDate?: string,
): Promise<PostedInvoiceResult> {
  const invoice = await lockInvoice(tx, id);
  if (invoice.status !== 'approved') {
    const message = invoice.status === 'draft' ? onlyApprovedPostMessage : postedReadOnlyMessage;
    throw unprocessable({ status: [message] }, message);
  }
  const tax = await documentTaxSource(tx, invoice, true);
  const lines: LineRow[] = await tx
    .select({
      ...getTableColumns(invoiceLines),
      itemType: billingItems.type,
      itemAccountId: billingItems.incomeAccountId,
    })
    .from(invoiceLines)
    .leftJoin(billingItems, eq(billingItems.id, invoiceLines.itemId))
    .where(eq(invoiceLines.invoiceId, id))
    .orderBy(asc(invoiceLines.lineNo));
  if (lines.length === 0) throw unprocessable({ lines: [emptyInvoiceMessage] }, emptyInvoiceMessage);

  // The tax again, once, on the document (decision 0066): the rate may have changed since the draft.
  const amounts = lines.map((line) => centsFromNumeric(line.amount));
  const totals = totalsFromAmounts(
    lines.map((line, index) => ({ amount: amounts[index]!, taxable: line.taxable === 1 })),
    { percent: tax.percent, exempt: tax.exempt },
  );
  if (totals.taxableSubtotal !== 0 && tax.percent === null && !tax.exempt)
    throw unprocessable({ tax_rate_id: [noTaxRateMessage] }, noTaxRateMessage);

  const settings = await getBillingSettings(tx);
  const isCredit = invoice.type === 'credit_note';
  // The date given, else the draft's own (set by hand or by the run), else today in the billing time zone.
  const invoiceDate = postingDate ?? invoice.invoiceDate ?? (await billingToday(tx));
  let terms = invoice.paymentTerms ?? defaultPaymentTerms;
  let paperless = 0;
  if (invoice.contractId !== null) {
    const [contract] = await tx
      .select({ paymentTerms: contracts.paymentTerms, paperless: contracts.paperless })
      .from(contracts)
      .where(eq(contracts.id, invoice.contractId));
    if (contract) {
      terms = contract.paymentTerms;
      paperless = contract.paperless;
    }
  } else {
    // Paperless is the company's choice on its contract (spec 2 §3): an invoice made by hand follows the contract
    // governing its month (latest start, then highest id, as contractForMonth), and keeps its own terms.
    const month = invoiceDate.slice(0, 7);
    const [governing] = await tx
      .select({ paperless: contracts.paperless })
      .from(contracts)
      .where(
        and(
          eq(contracts.companyId, invoice.companyId),
          sql`to_char(${contracts.startDate}, 'YYYY-MM') <= ${month}`,
          sql`to_char(${contracts.endDate}, 'YYYY-MM') >= ${month}`,
        ),
      )
      .orderBy(desc(contracts.startDate), desc(contracts.id))
      .limit(1);
    paperless = governing?.paperless ?? 0;
  }
  const dueDate = addDays(invoiceDate, terms);
  const billTo = await billToOf(tx, invoice.companyId);

  // Accounts: the lines', the rate's liability account, AR, inventory and cost.
  let liabilityAccountId: number | null = null;
  if (tax.taxRateId !== null && totals.taxTotal !== 0) {
    const [rate] = await tx
      .select({ accountId: taxRates.liabilityAccountId })
      .from(taxRates)
      .where(eq(taxRates.id, tax.taxRateId));
    liabilityAccountId = rate?.accountId ?? null;
  }
  const resolved = lines.map((line) => lineAccount(line, invoice.type));
  const ids = [
    ...resolved.flatMap((a) => ('id' in a ? [a.id] : [])),
    ...(liabilityAccountId ? [liabilityAccountId] : []),
  ];
  const numbers = [...resolved.flatMap((a) => ('number' in a ? [a.number] : [])), ...Object.values(postingAccounts)];
  const known = await accountsOf(tx, ids, numbers);
  const numberOf = (account: { id: number } | { number: string }) =>
    'id' in account ? (known.byId.get(account.id) ?? `#${account.id}`) : account.number;

  // Tracked products leave stock at average cost (design §3.2); invoiceEntry posts that cost as 5000 / 1200.
  const stock = await postInvoiceStockSales(tx, { id, type: invoice.type, date: invoiceDate, actorId });
  const postedLines: PostedInvoiceLine[] = lines.map((line, index) => ({
    amount: amounts[index]!,
    taxAmount: totals.lineTaxes[index]!,
    account: numberOf(resolved[index]!),
    itemId: line.itemId,
    description: line.description,
    costAmount: stock.costByLineId.get(line.id) ?? centsFromNumeric(line.costAmount),
  }));
  const draft = invoiceEntry({
    type: invoice.type,
    companyId: invoice.companyId,
    lines: postedLines,
    taxRate:
      tax.taxRateId !== null && liabilityAccountId !== null
        ? { id: tax.taxRateId, account: numberOf({ id: liabilityAccountId }) }
        : null,
    subtotal: totals.subtotal,
    taxTotal: totals.taxTotal,
    total: totals.total,
  });

  const kind = isCredit ? 'credit_note' : 'invoice';
  const prefix = isCredit ? settings.credit_note_prefix : settings.invoice_prefix;
  const number = formatDocumentNumber(prefix, await takeDocumentNumber(tx, kind));
  const missing = draft.lines.find((line) => !known.byNumber.has(line.account));
  if (missing) throw unprocessable({ lines: [`The account ${missing.account} does not exist.`] });
  const entry = await postJournalEntry(tx, {
    entryDate: invoiceDate,
    sourceType: draft.sourceType,
    sourceId: id,
    memo: `${isCredit ? 'Credit note' : 'Invoice'} ${number}`,
    createdBy: actorId,
    lines: draft.lines.map((line) => ({
      accountId: known.byNumber.get(line.account)!,
      debit: line.debit,
      credit: line.credit,
      companyId: line.companyId ?? null,
      taxRateId: line.taxRateId ?? null,
      itemId: line.itemId ?? null,
      memo: line.memo ?? '',
    })),
  });

  // Lines' tax shares as posted (unchanged rows are rewritten alike: one statement per line, a draft's size).
  for (const [index, line] of lines.entries()) {
    const share = numericFromCents(totals.lineTaxes[index]!);
    if (line.taxAmount !== share)
      await tx.update(invoiceLines).set({ taxAmount: share }).where(eq(invoiceLines.id, line.id));
  }
  const now = new Date();
  await tx
    .update(invoices)
    .set({
      status: 'posted',
      number,
      invoiceDate,
      dueDate,
      paymentTerms: terms,
      billTo,
      paperless,
      taxRateId: tax.taxRateId,
      taxExemptCertificate: tax.certificate,
      subtotal: numericFromCents(totals.subtotal),
      taxTotal: numericFromCents(totals.taxTotal),
      total: numericFromCents(totals.total),
      balance: numericFromCents(totals.total),
      closedOn: totals.total === 0 ? invoiceDate : null,
      postedBy: actorId,
      postedAt: now,
      journalEntryId: entry.id,
      updatedAt: now,
    })
    .where(eq(invoices.id, id));
  await recordBillingEvent(tx, {
    entityId: id,
    event: 'posted',
    companyId: invoice.companyId,
    actorId,
    data: { number, total: totals.total, journal_entry: entry.number },
  });

  let creditedInvoiceId: number | null = null;
  if (isCredit && invoice.creditedInvoiceId !== null && totals.total < 0) {
    creditedInvoiceId = await applyCreditNote(tx, {
      creditNoteId: id,
      creditNoteNumber: number,
      invoiceId: invoice.creditedInvoiceId,
      companyId: invoice.companyId,
      credit: -totals.total,
      date: invoiceDate,
      actorId,
    });
  }
  return {
    id,
    number,
    companyId: invoice.companyId,
    projectId: invoice.projectId,
    journalEntryId: entry.id,
    accounts: [...new Set(draft.lines.map((line) => known.byNumber.get(line.account)!))],
    entryNumber: entry.number,
    entryDate: invoiceDate,
    creditedInvoiceId,
    stock: { itemIds: stock.itemIds, locationIds: stock.locationIds },
  };
}

/**
 * A posted credit note applied to the invoice it credits, in the posting transaction: an allocation (source
 * credit_note) of what the invoice still owes, at most the credit; both balances fall; closed_on set at 0. A partial
 * credit leaves the invoice open (only a balance of exactly 0 is Paid).
 */
async function applyCreditNote(
  tx: Transaction,
  credit: {
    creditNoteId: number;
    creditNoteNumber: string;
    invoiceId: number;
    companyId: number;
    credit: number;
    date: string;
    actorId: number | null;
  },
): Promise<number | null> {
  const target = await lockInvoice(tx, credit.invoiceId);
  if (target.status !== 'posted') return null;
  const amount = Math.min(credit.credit, centsFromNumeric(target.balance));
  if (amount <= 0) return null;
  await tx.insert(allocations).values({
    sourceType: 'credit_note',
    sourceId: credit.creditNoteId,
    targetType: 'invoice',
    targetId: credit.invoiceId,
    companyId: credit.companyId,
    amount: numericFromCents(amount),
    appliedOn: credit.date,
    createdBy: credit.actorId,
  });
  const invoiceBalance = centsFromNumeric(target.balance) - amount;
  await tx
    .update(invoices)
    .set({
      balance: numericFromCents(invoiceBalance),
      closedOn: invoiceBalance === 0 ? credit.date : null,
      updatedAt: new Date(),
    })
    .where(eq(invoices.id, credit.invoiceId));
  const creditBalance = -credit.credit + amount;
  await tx
    .update(invoices)
    .set({ balance: numericFromCents(creditBalance), closedOn: creditBalance === 0 ? credit.date : null })
    .where(eq(invoices.id, credit.creditNoteId));
  await recordBillingEvent(tx, {
    entityId: credit.invoiceId,
    event: 'credited',
    companyId: credit.companyId,
    actorId: credit.actorId,
    data: { credit_note_id: credit.creditNoteId, number: credit.creditNoteNumber, amount },
  });
  return credit.invoiceId;
}

/**
 * After the posting transaction committed: LedgerPosted, InvoiceUpdated (and the credited invoice's), InvoicesUpdated
 * on project_{id}, and the domain event invoicePosted (its PDF revision and mail follow from its listeners).
 */
export async function announceInvoicePosted(app: AppInstance, posted: PostedInvoiceResult, actorId: number | null) {
  app.realtime.emitToStaff(billingChannel, 'LedgerPosted', {
    entry_id: posted.journalEntryId,
    number: posted.entryNumber,
    entry_date: posted.entryDate,
    accounts: posted.accounts,
  } satisfies LedgerPostedPayload);
  app.realtime.emitToStaff(billingChannel, 'InvoiceUpdated', {
    id: posted.id,
    company_id: posted.companyId,
  } satisfies InvoiceUpdatedPayload);
  if (posted.creditedInvoiceId !== null)
    app.realtime.emitToStaff(billingChannel, 'InvoiceUpdated', {
      id: posted.creditedInvoiceId,
      company_id: posted.companyId,
    } satisfies InvoiceUpdatedPayload);
  if (posted.projectId !== null)
    emitProjectEvent(app.realtime, posted.projectId, 'InvoicesUpdated', { invoice_id: posted.id });
  const itemIds = [...new Set(posted.stock.itemIds)];
  for (const locationId of new Set(posted.stock.locationIds))
    app.realtime.emitToStaff(billingChannel, 'StockUpdated', {
      item_ids: itemIds,
      location_id: locationId,
    } satisfies StockUpdatedPayload);
  await emitDomainEvent(app.db, 'invoicePosted', { invoiceId: posted.id, actorId });
}
