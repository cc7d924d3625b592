import { centsOf, type DepositInvoiceInput } from '@switchboard/shared';
import { addDays } from '@switchboard/shared/billing/billing-date';
import {
  checkInBilledMessage,
  checkInsInvalidMessage,
  creditOverInvoiceMessage,
  creditQuantityLeftMessage,
  creditQuantityNotStockMessage,
  creditQuantityOverMessage,
  duplicateCreditNoteMessage,
  invoiceLabel,
  onlyPostedCreditMessage,
  onlyPostedVoidMessage,
  stockLocationInactiveMessage,
  stockLocationInvalidMessage,
  stockLocationUntrackedMessage,
  unknownCompanyMessage,
  unknownProjectMessage,
  voidWithAllocationsMessage,
  type creditNoteInputSchema,
  type invoiceInputSchema,
  type LineExplain,
  type voidInvoiceInputSchema,
} from '@switchboard/shared/billing/invoices';
import { centsFromDollars, centsFromNumeric, numericFromCents } from '@switchboard/shared/billing/money';
import { reversalEntry, type JournalEntryDraft } from '@switchboard/shared/billing/posting-rules';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTransaction, Transaction } from '../../db/client.ts';
import { HttpError, notFound, unprocessable } from '../../plugins/errors.ts';
import { companies } from '../companies/companies.table.ts';
import { projects } from '../projects/projects.table.ts';
import {
  approveInvoice,
  assertDraft,
  computeDraft,
  documentTaxSource,
  draftLinesOf,
  lockInvoice,
  recordBillingEvent,
  replaceDraftLines,
  writeDraftInvoice,
  type DraftLine,
} from './invoice-drafts.ts';
import { postInvoice, type PostedInvoiceResult } from './invoice-posting.ts';
import { applyStockMove } from './inventory-moves.ts';
import { invoices } from './invoices.table.ts';
import { billingToday, getBillingSettings, postJournalEntry } from './ledger.service.ts';
import { journalLines } from './ledger.table.ts';

// Invoices and credit notes (designs/billing.md §3.4, §6; issue 27 part 4): drafts by hand, the list and detail,
// void, credit notes, duplicates, unbilled time and project deposits. Routes stay thin over these functions; the
// writes of a draft and of posting live in invoice-drafts.ts and invoice-posting.ts, shared with the run.

type InvoiceInput = z.output<typeof invoiceInputSchema>;
type VoidInput = z.output<typeof voidInvoiceInputSchema>;
type CreditNoteInput = z.output<typeof creditNoteInputSchema>;

/** A dollar figure the schema already bounded to at most `scale` decimals, as numeric text. */
const numericText = (value: number): string => String(value);
const unitPriceText = (cents: number): string => `${numericFromCents(cents)}00`;

function draftLinesFromInput(lines: InvoiceInput['lines']): DraftLine[] {
  return lines.map((line) => {
    const checkInIds = line.checkin_ids?.length ? [...line.checkin_ids].sort((a, b) => a - b) : undefined;
    return {
      kind: line.kind,
      itemId: line.item_id,
      accountId: line.account_id,
      description: line.description,
      quantity: numericText(line.quantity),
      unitPrice: numericText(line.unit_price),
      taxable: line.taxable,
      periodStart: line.period_start,
      periodEnd: line.period_end,
      locationId: line.stock_location_id,
      // The drawer reads the billed check-ins back from explain, so an edit keeps them (run lines do the same).
      ...(checkInIds
        ? {
            checkInIds,
            explain: {
              summary: `${checkInIds.length} ${checkInIds.length === 1 ? 'check-in' : 'check-ins'}`,
              check_in_ids: checkInIds,
            },
          }
        : {}),
    };
  });
}

/**
 * The check-ins a draft's labor lines bill must be the company's, closed, billable and on no other invoice (design
 * §3.4: time is billed once). Their rows are locked in id order first, so of two drafts racing for one check-in the
 * second waits here and then sees the first one's sources: one 422, never both saved.
 */
async function checkCheckInSources(
  tx: Transaction,
  companyId: number,
  lines: InvoiceInput['lines'],
  invoiceId: number | null,
): Promise<void> {
  const ids = [...new Set(lines.flatMap((line) => line.checkin_ids ?? []))].sort((a, b) => a - b);
  if (ids.length === 0) return;
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const found = await tx.execute<{ id: number; usable: boolean }>(sql`
    select id, (company_id = ${companyId} and end_time is not null and billable = 0) as usable
    from check_ins where id in (${idList}) order by id for no key update`);
  const usable = new Set(found.rows.filter((row) => row.usable).map((row) => row.id));
  const billed = await tx.execute<{ check_in_id: number; id: number; number: string | null }>(sql`
    select s.check_in_id, i.id, i.number from invoice_line_sources s
    join invoice_lines l on l.id = s.invoice_line_id
    join invoices i on i.id = l.invoice_id
    where s.check_in_id in (${idList}) ${invoiceId === null ? sql`` : sql`and i.id <> ${invoiceId}`}`);
  const billedOn = new Map(billed.rows.map((row) => [row.check_in_id, row]));
  const errors: Record<string, string[]> = {};
  lines.forEach((line, index) => {
    const lineIds = line.checkin_ids ?? [];
    const invalid = lineIds.some((id) => !usable.has(id));
    const other = lineIds.map((id) => billedOn.get(id)).find((row) => row !== undefined);
    if (invalid) errors[`lines.${index}.checkin_ids`] = [checkInsInvalidMessage];
    else if (other) errors[`lines.${index}.checkin_ids`] = [checkInBilledMessage(other)];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

/**
 * A line's stock location must be an active inventory location, and only a line with an inventory-tracked product
 * names one (design §3.8: sales leave stock from a location). Whether it holds enough is decided at posting, when the
 * stock is moved under the item's lock.
 */
async function checkStockLocations(tx: Transaction, lines: InvoiceInput['lines']): Promise<void> {
  const chosen = lines.filter((line) => line.stock_location_id !== null);
  if (chosen.length === 0) return;
  const list = (ids: number[]) =>
    sql.join(
      [...new Set(ids)].map((id) => sql`${id}`),
      sql`, `,
    );
  const locationIds = chosen.map((line) => line.stock_location_id!);
  const locations = await tx.execute<{ id: number; active: boolean }>(
    sql`select id, active from inventory_locations where id in (${list(locationIds)})`,
  );
  const active = new Map(locations.rows.map((row) => [Number(row.id), row.active]));
  const itemIds = chosen.flatMap((line) => (line.item_id === null ? [] : [line.item_id]));
  const tracked = new Set<number>();
  if (itemIds.length > 0) {
    const items = await tx.execute<{ id: number }>(sql`select id from billing_items
      where id in (${list(itemIds)}) and inventory_tracked and type = 'product'`);
    for (const row of items.rows) tracked.add(Number(row.id));
  }
  const errors: Record<string, string[]> = {};
  lines.forEach((line, index) => {
    if (line.stock_location_id === null) return;
    const key = `lines.${index}.stock_location_id`;
    const state = active.get(line.stock_location_id);
    if (line.item_id === null || !tracked.has(line.item_id)) errors[key] = [stockLocationUntrackedMessage];
    else if (state === undefined) errors[key] = [stockLocationInvalidMessage];
    else if (!state) errors[key] = [stockLocationInactiveMessage];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

/** A source written by another writer between the check and the insert (the run takes no row lock): still a 422. */
function sourceTakenError(error: unknown): unknown {
  const cause = (error as { cause?: { code?: string; constraint?: string } } | null)?.cause ?? error;
  const { code, constraint } = (cause ?? {}) as { code?: string; constraint?: string };
  if (code === '23505' && constraint?.startsWith('invoice_line_sources'))
    return unprocessable({ lines: ['This time is already on another invoice.'] });
  return error;
}

/**
 * A project's final invoice: one negative deposit_applied line (account 2200) per posted deposit of the project,
 * so a deposit is never income twice (design §3.4).
 */
export async function projectFinalInvoiceLines(tx: DbOrTransaction, projectId: number): Promise<DraftLine[]> {
  const deposits = await tx
    .select({ id: invoices.id, number: invoices.number, subtotal: invoices.subtotal })
    .from(invoices)
    .where(and(eq(invoices.projectId, projectId), eq(invoices.type, 'project_deposit'), eq(invoices.status, 'posted')))
    .orderBy(asc(invoices.invoiceDate), asc(invoices.id));
  return deposits.map((deposit) => {
    const cents = centsFromNumeric(deposit.subtotal);
    const explain: LineExplain = { summary: `Deposit ${deposit.number} applied`, invoice_ids: [deposit.id] };
    return {
      kind: 'deposit_applied',
      description: `Less deposit ${deposit.number}`,
      quantity: '1',
      unitPrice: unitPriceText(-cents),
      amount: -cents,
      taxable: 0,
      explain,
    };
  });
}

async function checkParties(tx: DbOrTransaction, input: { company_id: number; project_id: number | null }) {
  const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, input.company_id));
  if (!company) throw unprocessable({ company_id: [unknownCompanyMessage] });
  if (input.project_id !== null) {
    const [project] = await tx
      .select({ companyId: projects.companyId })
      .from(projects)
      .where(eq(projects.id, input.project_id));
    if (!project || project.companyId !== input.company_id)
      throw unprocessable({ project_id: [unknownProjectMessage] });
  }
}

async function linesWithDeposits(tx: Transaction, input: InvoiceInput): Promise<DraftLine[]> {
  const lines = draftLinesFromInput(input.lines);
  if (input.type === 'project' && input.project_id !== null)
    lines.push(...(await projectFinalInvoiceLines(tx, input.project_id)));
  return lines;
}

/** POST /billing/invoices: a draft made by hand (one_off, or project with its deposits applied). */
export async function createInvoice(db: Db, input: InvoiceInput, actorId: number): Promise<number> {
  return db
    .transaction(async (tx) => {
      await checkParties(tx, input);
      await checkCheckInSources(tx, input.company_id, input.lines, null);
      await checkStockLocations(tx, input.lines);
      return writeDraftInvoice(
        tx,
        {
          companyId: input.company_id,
          type: input.type,
          projectId: input.project_id,
          invoiceDate: input.invoice_date,
          paymentTerms: input.payment_terms,
          memo: input.memo,
          lines: await linesWithDeposits(tx, input),
        },
        actorId,
      );
    })
    .catch((error: unknown) => {
      throw sourceTakenError(error);
    });
}

/** PUT /billing/invoices/{id}: drafts only (422 onlyDraftMessage / postedReadOnlyMessage); sources follow the lines. */
export async function updateInvoice(db: Db, id: number, input: InvoiceInput, actorId: number): Promise<void> {
  await db
    .transaction(async (tx) => {
      const invoice = await lockInvoice(tx, id);
      assertDraft(invoice.status);
      await checkParties(tx, input);
      await checkCheckInSources(tx, input.company_id, input.lines, id);
      await checkStockLocations(tx, input.lines);
      const keepsType = invoice.type !== 'one_off' && invoice.type !== 'project';
      await tx
        .update(invoices)
        .set({
          companyId: input.company_id,
          projectId: input.project_id,
          type: keepsType ? invoice.type : input.type,
          invoiceDate: input.invoice_date,
          paymentTerms: input.payment_terms ?? invoice.paymentTerms,
          memo: input.memo,
          updatedAt: new Date(),
        })
        .where(eq(invoices.id, id));
      await replaceDraftLines(tx, id, await linesWithDeposits(tx, input), actorId);
    })
    .catch((error: unknown) => {
      throw sourceTakenError(error);
    });
}

/** DELETE /billing/invoices/{id}: drafts only; the check-ins it billed are free again. */
export async function deleteInvoice(db: Db, id: number, actorId: number): Promise<{ companyId: number }> {
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, id);
    assertDraft(invoice.status);
    await tx.delete(invoices).where(eq(invoices.id, id));
    await recordBillingEvent(tx, { entityId: id, event: 'deleted', companyId: invoice.companyId, actorId });
    return { companyId: invoice.companyId };
  });
}

/** POST .../approve, .../unapprove, .../post: one transaction each. */
export async function inTransaction<T>(db: Db, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

/** The day a void or credit is dated when none is given: today, or the first open day after the lock date. */
async function defaultDocumentDate(tx: Transaction): Promise<string> {
  const settings = await getBillingSettings(tx);
  const today = await billingToday(tx);
  return settings.lock_date !== null && today <= settings.lock_date ? addDays(settings.lock_date, 1) : today;
}

export interface VoidResult {
  id: number;
  companyId: number;
  projectId: number | null;
  journalEntryId: number;
  entryNumber: string;
  entryDate: string;
  accounts: number[];
}

/**
 * POST /billing/invoices/{id}/void: a posted invoice (or credit note) with no active allocation gets its entry's exact
 * reversal, dated the void date; status void, balance 0; the check-ins it billed can be billed again.
 */
export async function voidInvoice(db: Db, id: number, input: VoidInput, actorId: number): Promise<VoidResult> {
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, id);
    if (invoice.status !== 'posted' || invoice.journalEntryId === null)
      throw unprocessable({ status: [onlyPostedVoidMessage] }, onlyPostedVoidMessage);
    const active = await tx.execute<{ n: number }>(sql`
      select count(*)::int as n from allocations where unapplied_on is null
        and ((target_type = 'invoice' and target_id = ${id})
          or (source_type = 'credit_note' and source_id = ${id}))`);
    if (Number(active.rows[0]!.n) > 0)
      throw unprocessable({ status: [voidWithAllocationsMessage] }, voidWithAllocationsMessage);
    const date = input.date ?? (await defaultDocumentDate(tx));
    const posted = await tx
      .select()
      .from(journalLines)
      .where(eq(journalLines.entryId, invoice.journalEntryId))
      .orderBy(asc(journalLines.lineNo));
    const original: JournalEntryDraft = {
      sourceType: invoice.type === 'credit_note' ? 'credit_note' : 'invoice',
      lines: posted.map((line) => ({
        account: String(line.accountId),
        debit: line.debit,
        credit: line.credit,
        companyId: line.companyId,
        taxRateId: line.taxRateId,
        itemId: line.itemId,
        memo: line.memo,
      })),
    };
    const reversal = reversalEntry(original);
    const label = invoiceLabel(invoice);
    reversal.lines.push(...(await undoStockMoves(tx, id, { date, label, actorId })));
    const entry = await postJournalEntry(tx, {
      entryDate: date,
      sourceType: reversal.sourceType,
      sourceId: id,
      reversesId: invoice.journalEntryId,
      memo: `Void of ${label}: ${input.reason}`,
      createdBy: actorId,
      lines: reversal.lines.map((line) => ({
        accountId: Number(line.account),
        debit: line.debit,
        credit: line.credit,
        companyId: line.companyId ?? null,
        taxRateId: line.taxRateId ?? null,
        itemId: line.itemId ?? null,
        memo: line.memo ?? '',
      })),
    });
    const now = new Date();
    await tx
      .update(invoices)
      .set({
        status: 'void',
        balance: '0',
        voidedBy: actorId,
        voidedAt: now,
        voidDate: date,
        voidReason: input.reason,
        updatedAt: now,
      })
      .where(eq(invoices.id, id));
    await tx.execute(sql`delete from invoice_line_sources s using invoice_lines l
      where l.id = s.invoice_line_id and l.invoice_id = ${id}`);
    await recordBillingEvent(tx, {
      entityId: id,
      event: 'voided',
      companyId: invoice.companyId,
      actorId,
      data: { reason: input.reason, date, journal_entry: entry.number },
    });
    return {
      id,
      companyId: invoice.companyId,
      projectId: invoice.projectId,
      journalEntryId: entry.id,
      entryNumber: entry.number,
      entryDate: date,
      accounts: [...new Set(posted.map((line) => line.accountId))],
    };
  });
}

/**
 * A void puts back the stock its invoice moved (a sale returns, a credit note's return leaves again) at exactly the
 * value each move took, so the reversed 5000 / 1200 lines still equal the stock's value. The one exception, a move that
 * empties the item and so takes the value left, gets its difference as a 1200 / 5000 pair, returned for the entry.
 * Stock that has left since is a 422 on status.
 */
async function undoStockMoves(
  tx: Transaction,
  invoiceId: number,
  context: { date: string; label: string; actorId: number },
): Promise<JournalEntryDraft['lines']> {
  const { rows: moves } = await tx.execute<{ item_id: number; location_id: number; quantity: string; value: string }>(
    sql`select item_id, location_id, quantity::text, value::text from stock_moves
      where source_type = 'invoice' and source_id = ${invoiceId} order by item_id, id`,
  );
  let difference = 0;
  for (const move of moves) {
    const expected = -centsFromNumeric(move.value);
    let moved: { valueCents: number };
    try {
      moved = await applyStockMove(tx, {
        itemId: Number(move.item_id),
        locationId: Number(move.location_id),
        quantity: move.quantity.startsWith('-') ? move.quantity.slice(1) : `-${move.quantity}`,
        valueCents: expected,
        reason: move.quantity.startsWith('-') ? 'return' : 'sale',
        sourceType: 'invoice',
        sourceId: invoiceId,
        occurredOn: context.date,
        memo: `Void of ${context.label}`,
        createdBy: context.actorId,
      });
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 422) throw error;
      const message = `${Object.values(error.errors ?? {}).flat()[0] ?? error.message} The stock must be back to void.`;
      throw unprocessable({ status: [message] }, message);
    }
    difference += moved.valueCents - expected;
  }
  if (difference === 0) return [];
  const { rows } = await tx.execute<{ id: number; number: string }>(
    sql`select id, number from accounts where number in ('1200', '5000')`,
  );
  const account = (number: string) => String(rows.find((row) => row.number === number)!.id);
  const amount = Math.abs(difference);
  const [debit, credit] = difference > 0 ? ['1200', '5000'] : ['5000', '1200'];
  const memo = `Void of ${context.label}: stock value left`;
  return [
    { account: account(debit), debit: amount, credit: 0, memo },
    { account: account(credit), debit: 0, credit: amount, memo },
  ];
}

/**
 * POST /billing/invoices/{id}/credit-note: a draft credit note against a posted invoice, negative lines (the whole
 * invoice or the amounts given per line), taxed at the invoice's rate; 422 when it is more than what is left of the
 * invoice (its total less earlier credit notes). Posting it applies it to the invoice (invoice-posting.ts).
 */
export async function createCreditNote(db: Db, id: number, input: CreditNoteInput, actorId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, id);
    if (invoice.status !== 'posted' || invoice.type === 'credit_note')
      throw unprocessable({ status: [onlyPostedCreditMessage] }, onlyPostedCreditMessage);
    const lines = await draftLinesOf(tx, id);
    const byId = new Map(lines.map((line) => [line.id, line]));
    const errors: Record<string, string[]> = {};
    const credited: DraftLine[] = [];
    const wanted: { invoice_line_id: number; amount: number | null; quantity?: number }[] =
      input.lines ?? lines.map((line) => ({ invoice_line_id: line.id, amount: null }));
    // A credit note line's quantity is what a tracked product returns to stock (inventory-sales.ts): the whole line's
    // on a full credit, the quantity given, or 0 for a money-only credit of a tracked product.
    const itemIds = lines.map((line) => line.itemId).filter((itemId): itemId is number => itemId != null);
    const tracked = new Set(
      itemIds.length === 0
        ? []
        : (
            await tx.execute<{ id: number }>(sql`select id from billing_items
              where id = any(${sql.param(itemIds)}::int[]) and inventory_tracked and type = 'product'`)
          ).rows.map((row) => Number(row.id)),
    );
    // Units (hundredths) of each tracked item and location already returned by this invoice's live credit notes, and
    // those asked for so far in this one: together they may not exceed what the invoice sold there.
    const groupKey = (itemId: number | null, locationId: number | null) => `${itemId}:${locationId}`;
    const returned = new Map<string, number>();
    const sold = new Map<string, number>();
    if (tracked.size > 0) {
      const { rows } = await tx.execute<{ item_id: number; location_id: number | null; quantity: string }>(sql`
        select l.item_id, l.location_id, sum(l.quantity)::text as quantity
        from invoices c join invoice_lines l on l.invoice_id = c.id
        where c.credited_invoice_id = ${id} and c.type = 'credit_note' and c.status <> 'void'
          and l.item_id = any(${sql.param([...tracked])}::int[])
        group by l.item_id, l.location_id`);
      for (const row of rows)
        returned.set(groupKey(Number(row.item_id), row.location_id), Math.round(Number(row.quantity) * 100));
      for (const line of lines)
        if (line.itemId != null && tracked.has(line.itemId)) {
          const key = groupKey(line.itemId, line.locationId);
          sold.set(key, (sold.get(key) ?? 0) + Math.round(Number(line.quantity) * 100));
        }
    }
    wanted.forEach((want, index) => {
      const line = byId.get(want.invoice_line_id);
      if (!line) {
        errors[`lines.${index}.invoice_line_id`] = ['The selected line is invalid.'];
        return;
      }
      const lineCents = centsFromNumeric(line.amount);
      const cents = want.amount === null ? lineCents : (centsFromDollars(want.amount) ?? 0);
      if (want.amount !== null && cents > Math.abs(lineCents)) {
        errors[`lines.${index}.amount`] = [creditOverInvoiceMessage];
        return;
      }
      const stock = line.itemId != null && tracked.has(line.itemId);
      if (want.quantity !== undefined && (!stock || want.quantity > Number(line.quantity))) {
        errors[`lines.${index}.quantity`] = [stock ? creditQuantityOverMessage : creditQuantityNotStockMessage];
        return;
      }
      if (want.quantity !== undefined) {
        const key = groupKey(line.itemId, line.locationId);
        const units = (returned.get(key) ?? 0) + Math.round(want.quantity * 100);
        if (units > (sold.get(key) ?? 0)) {
          errors[`lines.${index}.quantity`] = [creditQuantityLeftMessage];
          return;
        }
        returned.set(key, units);
      }
      if (cents === 0) return;
      const sign = lineCents < 0 && want.amount !== null ? 1 : -1;
      const quantity = !stock ? 1 : want.amount === null ? Number(line.quantity) : (want.quantity ?? 0);
      credited.push({
        kind: line.kind,
        itemId: line.itemId,
        accountId: line.accountId,
        description: `Credit: ${line.description}`,
        quantity: String(quantity),
        // What a unit was credited at (the amount is the credit itself; a money-only line shows it per line).
        unitPrice: unitPriceText(Math.round((sign * cents) / (quantity || 1))),
        amount: sign * cents,
        taxable: line.taxable === 1 ? 1 : 0,
        periodStart: line.periodStart,
        periodEnd: line.periodEnd,
        // A returned product goes back to the location it left from.
        locationId: line.locationId,
      });
    });
    if (Object.keys(errors).length > 0) throw unprocessable(errors);
    const tax = await documentTaxSource(tx, {
      companyId: invoice.companyId,
      type: 'credit_note',
      creditedInvoiceId: id,
    });
    const computed = computeDraft(credited, tax);
    const earlier = await tx.execute<{ credited: string }>(sql`
      select coalesce(sum(-total), 0)::text as credited from invoices
      where credited_invoice_id = ${id} and type = 'credit_note' and status <> 'void'`);
    const left = centsFromNumeric(invoice.total) - centsFromNumeric(earlier.rows[0]!.credited);
    if (computed.total >= 0 || -computed.total > left)
      throw unprocessable({ lines: [creditOverInvoiceMessage] }, creditOverInvoiceMessage);
    const creditNoteId = await writeDraftInvoice(
      tx,
      {
        companyId: invoice.companyId,
        type: 'credit_note',
        contractId: invoice.contractId,
        projectId: invoice.projectId,
        creditedInvoiceId: id,
        invoiceDate: input.date ?? null,
        paymentTerms: 0,
        memo: input.reason,
        lines: credited,
      },
      actorId,
    );
    await recordBillingEvent(tx, {
      entityId: id,
      event: 'credit_note_drafted',
      companyId: invoice.companyId,
      actorId,
      data: { credit_note_id: creditNoteId, total: computed.total },
    });
    return creditNoteId;
  });
}

/** POST /billing/invoices/{id}/duplicate: a new draft with the same lines (check-ins are billed once: not copied). */
export async function duplicateInvoice(db: Db, id: number, actorId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id));
    if (!invoice) throw notFound();
    if (invoice.type === 'credit_note')
      throw unprocessable({ type: [duplicateCreditNoteMessage] }, duplicateCreditNoteMessage);
    const lines = await draftLinesOf(tx, id);
    // The run's own types bill one month each (one live per month): a copy is a one-off.
    const type = invoice.type === 'contract' || invoice.type === 'overage' ? 'one_off' : invoice.type;
    return writeDraftInvoice(
      tx,
      {
        companyId: invoice.companyId,
        type,
        contractId: invoice.contractId,
        projectId: invoice.projectId,
        paymentTerms: invoice.paymentTerms,
        memo: invoice.memo,
        lines: lines.map((line) => ({
          kind: line.kind,
          itemId: line.itemId,
          accountId: line.accountId,
          description: line.description,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          proration: (line.proration as DraftLine['proration']) ?? null,
          amount: centsFromNumeric(line.amount),
          taxable: line.taxable === 1 ? 1 : 0,
          periodStart: line.periodStart,
          periodEnd: line.periodEnd,
          explain: (line.explain as LineExplain | null) ?? null,
          locationId: line.locationId,
        })),
      },
      actorId,
    );
  });
}

// --- project deposits ---

/**
 * A project's deposit invoice (issue 18 part 8; decision 0045), now through the ledger: drafted, approved and posted
 * in one transaction (AR / 2200 Customer Deposits, INV- number from document_numbers). Its PDF revision 00 and mail
 * follow from invoicePosted (invoice-delivery.service.ts), which the route emits after the commit.
 */
export async function createDepositInvoice(
  db: Db,
  input: DepositInvoiceInput,
  actorId: number,
): Promise<{ id: number; projectId: number; posted: PostedInvoiceResult }> {
  const [project] = await db
    .select({ id: projects.id, title: projects.title, companyId: projects.companyId })
    .from(projects)
    .where(eq(projects.id, input.project_id));
  if (!project) throw notFound();
  const cents = centsOf(input.amount);
  const posted = await db.transaction(async (tx) => {
    const id = await writeDraftInvoice(
      tx,
      {
        companyId: project.companyId,
        type: 'project_deposit',
        projectId: project.id,
        memo: input.memo,
        lines: [
          {
            kind: 'deposit',
            description: `Deposit for project #${project.id}: ${project.title}`,
            quantity: '1',
            unitPrice: unitPriceText(cents),
            amount: cents,
            taxable: 0,
          },
        ],
      },
      actorId,
    );
    await approveInvoice(tx, id, actorId);
    return postInvoice(tx, id, actorId);
  });
  return { id: posted.id, projectId: project.id, posted };
}
