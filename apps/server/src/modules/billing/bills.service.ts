import type { LedgerPostedPayload } from '@switchboard/shared';
import { billingDate } from '@switchboard/shared/billing/billing-date';
import {
  billAllocationOverBalanceMessage,
  billAllocationOverSourceMessage,
  billLineAccountMessage,
  billLineUnknownAccountMessage,
  billLineUnknownItemMessage,
  billOnlyDraftMessage,
  billOnlyDraftPostMessage,
  billOnlyPostedVoidMessage,
  billStaleMessage,
  billVoidWithAllocationsMessage,
  creditWithPoMessage,
  dateBeforeBillMessage,
  leftToBillMessage,
  notAVendorCreditMessage,
  otherVendorBillMessage,
  poLineOtherVendorMessage,
  unknownBillMessage,
  unknownVendorMessage,
  vendorRefTakenMessage,
  type BillDetail,
  type BillFromPo,
  type BillKind,
  type BillListValues,
  type BillRow,
  type BillValues,
} from '@switchboard/shared/billing/bills';
import { periodClosedMessage } from '@switchboard/shared/billing/ledger';
import {
  centsFromDollars,
  centsFromNumeric,
  dollarsFromCents,
  lineAmount,
  numericFromCents,
  numericFromUnits,
  unitsFromNumeric,
} from '@switchboard/shared/billing/money';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTransaction, Transaction } from '../../db/client.ts';
import { jsonString, jsonTime } from '../../db/json-sql.ts';
import { conflict, notFound, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { billingEvents } from './billing-runs.table.ts';
import { billLines, bills } from './bills.table.ts';
import { getBillingSettings, postJournalEntry, type PostingLine } from './ledger.service.ts';
import { allocations } from './payments.table.ts';
import {
  binder,
  containsPattern,
  jsonDate,
  jsonInt,
  writtenPage,
  writtenRecord,
  type Bind,
} from './purchasing-json.ts';

// Vendor bills and vendor credits (designs/billing.md §3.2, §3.7; issue 28 part 4; decision on bills). A draft is
// edited freely; posting writes its journal entry (Cr 2000 AP for the vendor, Dr each line's account, PO lines to
// 2050 Received Not Billed with the price difference to 5900) and raises the PO lines' billed quantity, in one
// transaction that locks the bill, then the PO lines in id order. A vendor credit posts the other way round and is
// applied to bills like a payment (allocation source vendor_credit). Void posts the exact reversal.

/** What a write touched, for the route to announce after commit. */
export interface BillChanges {
  bills: { id: number; vendorId: number }[];
  payments: { id: number; vendorId: number }[];
  entries: LedgerPostedPayload[];
}

export const emptyBillChanges = (): BillChanges => ({ bills: [], payments: [], entries: [] });

const qtyText = (value: number): string => value.toFixed(2);
const costText = (value: number): string => String(value);
/** Hundredths of a quantity (numeric(12,2) text). */
const qtyUnits = (text: string): number => unitsFromNumeric(text, 2);

function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

export async function billingTodayAndLock(tx: DbOrTransaction): Promise<{ date: string; lockDate: string | null }> {
  const settings = await getBillingSettings(tx);
  return { date: billingDate(new Date(), settings.time_zone).date, lockDate: settings.lock_date };
}

/** A reversal's date: the one given (the lock date refuses it), else today or, when closed, the first open day. */
export async function reversalDate(tx: Transaction, given: string | undefined): Promise<string> {
  if (given) return given;
  const { date, lockDate } = await billingTodayAndLock(tx);
  return lockDate !== null && date <= lockDate ? addDays(lockDate, 1) : date;
}

export function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

export async function logBillingEvent(
  tx: Transaction,
  entityType: string,
  entityId: number,
  event: string,
  actorId: number,
  data: Record<string, unknown>,
): Promise<void> {
  await tx.insert(billingEvents).values({ entityType, entityId, event, companyId: null, actorId, data });
}

export async function accountIdsByNumber(tx: DbOrTransaction, numbers: string[]): Promise<Map<string, number>> {
  const result = await tx.execute<{ id: number; number: string }>(
    sql`select id, number from accounts where number = any(${sql.param(numbers)}::text[])`,
  );
  return new Map(result.rows.map((row) => [row.number, Number(row.id)]));
}

/** Posts and records the entry for LedgerPosted. */
export async function postEntry(
  tx: Transaction,
  entry: Parameters<typeof postJournalEntry>[1],
  changes: BillChanges,
): Promise<number> {
  const posted = await postJournalEntry(tx, entry);
  changes.entries.push({
    entry_id: posted.id,
    number: posted.number,
    entry_date: entry.entryDate,
    accounts: [...new Set(entry.lines.map((line) => line.accountId))],
  });
  return posted.id;
}

/** The exact reversal of a posted entry, dated `date`. */
export async function postReversal(
  tx: Transaction,
  entryId: number,
  options: { date: string; sourceId: number; memo: string; actorId: number },
  changes: BillChanges,
): Promise<number> {
  const lines = await tx.execute<{
    account_id: number;
    debit: string;
    credit: string;
    company_id: number | null;
    vendor_id: number | null;
    item_id: number | null;
    memo: string;
  }>(sql`select account_id, debit::text as debit, credit::text as credit, company_id, vendor_id, item_id, memo
    from journal_lines where entry_id = ${entryId} order by line_no`);
  return postEntry(
    tx,
    {
      entryDate: options.date,
      sourceType: 'reversal',
      sourceId: options.sourceId,
      reversesId: entryId,
      memo: options.memo,
      createdBy: options.actorId,
      lines: lines.rows.map((line) => ({
        accountId: Number(line.account_id),
        debit: centsFromNumeric(line.credit),
        credit: centsFromNumeric(line.debit),
        companyId: line.company_id,
        vendorId: line.vendor_id,
        itemId: line.item_id,
        memo: line.memo,
      })),
    },
    changes,
  );
}

// --- reading ---

/** A bill (`b`, its vendor `v`) as BillRow's JSON without its closing brace: the values billRow gave. */
const billJsonOpen = sql`'{"id":' || b.id || ',"kind":' || ${jsonString(sql`b.kind`)} || ',"vendor_id":' || b.vendor_id
    || ',"vendor_name":' || ${jsonString(sql`v.name`)} || ',"vendor_ref":' || ${jsonString(sql`b.vendor_ref`)}
    || ',"bill_date":"' || b.bill_date::text || '","due_date":"' || b.due_date::text || '","status":'
    || ${jsonString(sql`b.status`)} || ',"po_id":' || ${jsonInt(sql`b.po_id`)}
    || ',"memo":' || ${jsonString(sql`b.memo`)}
    || ',"subtotal":' || b.subtotal::text || ',"tax_total":' || b.tax_total::text || ',"total":' || b.total::text
    || ',"balance":' || b.balance::text || ',"closed_on":' || ${jsonDate(sql`b.closed_on`)}
    || ',"journal_entry_id":' || ${jsonInt(sql`b.journal_entry_id`)} || ',"void_date":' || ${jsonDate(sql`b.void_date`)}
    || ',"updated_at":' || ${jsonTime(sql`b.updated_at`)}`;

/**
 * GET /billing/bills/{id}: the bill with its lines and the allocations to it (a bill) or from it (a credit), as JSON
 * text written by one prepared statement (null when there is no such bill).
 */
export async function billDetailJson(db: Db, id: number): Promise<string | null> {
  return writtenRecord(
    db,
    'bill_detail_json',
    () => sql`select ${billJsonOpen}
        || ',"lines":[' || coalesce((select string_agg('{"id":' || l.id || ',"line_no":' || l.line_no
            || ',"item_id":' || ${jsonInt(sql`l.item_id`)}
            || ',"item_name":' || coalesce(${jsonString(sql`i.name`)}, 'null')
            || ',"account_id":' || ${jsonInt(sql`l.account_id`)}
            || ',"description":' || ${jsonString(sql`l.description`)} || ',"quantity":' || l.quantity::text
            || ',"unit_cost":' || l.unit_cost::text || ',"amount":' || l.amount::text
            || ',"po_line_id":' || ${jsonInt(sql`l.po_line_id`)} || ',"company_id":' || ${jsonInt(sql`l.company_id`)}
            || ',"project_id":' || ${jsonInt(sql`l.project_id`)}
            || ',"billable_to_client":' || l.billable_to_client::text
            || '}', ',' order by l.line_no)
          from bill_lines l left join billing_items i on i.id = l.item_id where l.bill_id = b.id), '')
        || '],"allocations":[' || coalesce((select string_agg('{"id":' || a.id || ',"source_type":'
            || ${jsonString(sql`a.source_type`)} || ',"source_id":' || a.source_id || ',"target_id":' || a.target_id
            || ',"amount":' || a.amount::text || ',"applied_on":"' || a.applied_on::text || '","unapplied_on":'
            || ${jsonDate(sql`a.unapplied_on`)} || '}', ',' order by a.id)
          from allocations a where (a.target_type = 'bill' and a.target_id = b.id)
            or (a.source_type = 'vendor_credit' and a.source_id = b.id)), '') || ']}' as json
      from bills b join vendors v on v.id = b.vendor_id
      where b.id = ${sql.placeholder('id')}::int`,
    { id },
  );
}

/** The drawer's answer as an object: what every write answers. */
export async function getBill(db: Db, id: number): Promise<BillDetail> {
  const json = await billDetailJson(db, id);
  if (json === null) throw notFound();
  return JSON.parse(json) as BillDetail;
}

type BillFilters = Omit<BillListValues, 'page' | 'per_page'>;

// The list's filters on `bills b` and the key of their shape (status, kind and open are enum codes, written in).
function billWhere(query: BillFilters, bind: Bind): { where: SQL; shape: string } {
  const parts: SQL[] = [sql`true`];
  const shape: string[] = [];
  const add = (name: string, part: SQL) => {
    parts.push(part);
    shape.push(name);
  };
  if (query.vendor_id) add('vendor', sql`b.vendor_id = ${bind('vendor_id', query.vendor_id)}::int`);
  if (query.status) add(query.status, sql`b.status = ${sql.raw(`'${query.status}'`)}`);
  if (query.kind) add(query.kind, sql`b.kind = ${sql.raw(`'${query.kind}'`)}`);
  if (query.open === '1') add('open', sql`b.status = 'posted' and b.balance <> 0`);
  if (query.from) add('from', sql`b.bill_date >= ${bind('from', query.from)}::date`);
  if (query.to) add('to', sql`b.bill_date <= ${bind('to', query.to)}::date`);
  if (query.search) add('search', sql`b.vendor_ref ilike ${bind('search', containsPattern(query.search))}::text`);
  return { where: sql.join(parts, sql` and `), shape: shape.join('_') || 'all' };
}

/**
 * GET /billing/bills: newest bill date first, filtered by vendor, status, kind, open, dates and reference: the
 * paginator's JSON text written by one prepared statement per filter shape (decision 0129's pattern), sent as is.
 */
export async function listBills(db: Db, query: BillListValues): Promise<string> {
  const { page, per_page: perPage, ...filters } = query;
  const { bind, values } = binder();
  const { where, shape } = billWhere(filters, bind);
  return writtenPage(
    db,
    `bills_json_${shape}`,
    { page, per_page: perPage },
    {
      ids: (window) => sql`select b.id from bills b where ${where}
        order by b.bill_date desc, b.id desc limit ${window.limit} offset ${window.offset}`,
      rows: sql`select page.position, ${billJsonOpen} || '}' as row
        from page join bills b on b.id = page.id join vendors v on v.id = b.vendor_id`,
      count: sql`(select count(*)::int from bills b where ${where})`,
    },
    values,
  );
}

// --- drafts ---

interface VendorInfo {
  id: number;
  paymentTerms: number;
  defaultExpenseAccountId: number | null;
  archived: boolean;
}

async function vendorInfo(db: DbOrTransaction, vendorId: number): Promise<VendorInfo | null> {
  const result = await db.execute<{
    id: number;
    payment_terms: number;
    default_expense_account_id: number | null;
    archived: boolean;
  }>(sql`select id, payment_terms, default_expense_account_id, archived_at is not null as archived
    from vendors where id = ${vendorId}`);
  const row = result.rows[0];
  return row
    ? {
        id: Number(row.id),
        paymentTerms: row.payment_terms,
        defaultExpenseAccountId: row.default_expense_account_id,
        archived: row.archived,
      }
    : null;
}

/** Checks a draft's references (vendor, items, accounts, PO lines, reference) and returns the rows to write. */
async function checkDraft(tx: Transaction, input: BillValues, billId: number | null) {
  const errors: FieldErrors = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);
  const vendor = await vendorInfo(tx, input.vendor_id);
  if (!vendor || (vendor.archived && billId === null)) {
    add('vendor_id', unknownVendorMessage);
    throw unprocessable(errors);
  }
  if (input.vendor_ref !== '') {
    const taken = await tx.execute<{ id: number }>(sql`select id from bills
      where vendor_id = ${input.vendor_id} and lower(vendor_ref) = lower(${input.vendor_ref}) and status <> 'void'
        and id <> ${billId ?? 0} limit 1`);
    if (taken.rows.length > 0) add('vendor_ref', vendorRefTakenMessage);
  }
  const itemIds = [...new Set(input.lines.flatMap((line) => (line.item_id ? [line.item_id] : [])))];
  const items = new Map<number, { expenseAccountId: number | null }>();
  if (itemIds.length) {
    const result = await tx.execute<{ id: number; expense_account_id: number | null }>(
      sql`select id, expense_account_id from billing_items where id = any(${sql.param(itemIds)}::int[])`,
    );
    for (const row of result.rows) items.set(Number(row.id), { expenseAccountId: row.expense_account_id });
  }
  const accountIds = [...new Set(input.lines.flatMap((line) => (line.account_id ? [line.account_id] : [])))];
  const activeAccounts = new Set<number>();
  if (accountIds.length) {
    const result = await tx.execute<{ id: number }>(sql`select id from accounts
      where id = any(${sql.param(accountIds)}::int[]) and active and subtype not in ('receivable', 'payable')`);
    for (const row of result.rows) activeAccounts.add(Number(row.id));
  }
  const poLineIds = [...new Set(input.lines.flatMap((line) => (line.po_line_id ? [line.po_line_id] : [])))];
  const poLineVendors = new Map<number, number>();
  if (poLineIds.length) {
    const result = await tx.execute<{ id: number; vendor_id: number }>(sql`select l.id, o.vendor_id from po_lines l
      join purchase_orders o on o.id = l.po_id where l.id = any(${sql.param(poLineIds)}::int[])`);
    for (const row of result.rows) poLineVendors.set(Number(row.id), Number(row.vendor_id));
  }
  const companyIds = [...new Set(input.lines.flatMap((line) => (line.company_id ? [line.company_id] : [])))];
  const companies = new Set<number>();
  if (companyIds.length) {
    const result = await tx.execute<{ id: number }>(
      sql`select id from companies where id = any(${sql.param(companyIds)}::int[])`,
    );
    for (const row of result.rows) companies.add(Number(row.id));
  }
  if (input.po_id !== null) {
    const po = await tx.execute<{ vendor_id: number }>(
      sql`select vendor_id from purchase_orders where id = ${input.po_id}`,
    );
    if (Number(po.rows[0]?.vendor_id) !== input.vendor_id) add('po_id', poLineOtherVendorMessage);
  }
  const lines = input.lines.map((line, index) => {
    const key = (field: string) => `lines.${index}.${field}`;
    if (line.item_id !== null && !items.has(line.item_id)) add(key('item_id'), billLineUnknownItemMessage);
    if (line.account_id !== null && !activeAccounts.has(line.account_id))
      add(key('account_id'), billLineUnknownAccountMessage);
    let accountId = line.account_id;
    if (line.item_id === null && accountId === null) {
      accountId = vendor.defaultExpenseAccountId;
      if (accountId === null) add(key('account_id'), billLineAccountMessage);
    }
    if (line.po_line_id !== null) {
      if (input.kind === 'credit') add(key('po_line_id'), creditWithPoMessage);
      else if (poLineVendors.get(line.po_line_id) !== input.vendor_id) add(key('po_line_id'), poLineOtherVendorMessage);
    }
    if (line.company_id !== null && !companies.has(line.company_id))
      add(key('company_id'), 'The selected company is invalid.');
    const quantity = qtyText(line.quantity);
    const unitCost = costText(line.unit_cost);
    return {
      lineNo: index + 1,
      itemId: line.item_id,
      accountId,
      description: line.description,
      quantity,
      unitCost,
      amountCents: lineAmount(quantity, unitCost),
      poLineId: line.po_line_id,
      companyId: line.company_id,
      projectId: line.project_id,
      billableToClient: line.billable_to_client,
    };
  });
  throwIfAny(errors);
  const subtotal = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const sign = input.kind === 'credit' ? -1 : 1;
  return {
    vendor,
    dueDate: input.due_date ?? addDays(input.bill_date, vendor.paymentTerms),
    total: sign * subtotal,
    lines,
  };
}

/** The reference index refuses what a concurrent writer took between the check and the write: the same 422. */
async function refWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const cause = (error as { cause?: { constraint?: string } }).cause ?? error;
    if ((cause as { constraint?: string }).constraint === 'bills_vendor_ref_unique')
      throw unprocessable({ vendor_ref: [vendorRefTakenMessage] });
    throw error;
  }
}

async function writeLines(tx: Transaction, billId: number, lines: Awaited<ReturnType<typeof checkDraft>>['lines']) {
  await tx.delete(billLines).where(sql`${billLines.billId} = ${billId}`);
  await tx.insert(billLines).values(
    lines.map((line) => ({
      billId,
      lineNo: line.lineNo,
      itemId: line.itemId,
      accountId: line.accountId,
      description: line.description,
      quantity: line.quantity,
      unitCost: line.unitCost,
      amount: numericFromCents(line.amountCents),
      poLineId: line.poLineId,
      companyId: line.companyId,
      projectId: line.projectId,
      billableToClient: line.billableToClient,
    })),
  );
}

/** POST /billing/bills: a draft bill or vendor credit. */
export async function createBill(
  db: Db,
  input: BillValues,
  actorId: number,
): Promise<{ id: number; vendorId: number }> {
  return db.transaction((tx) => createBillIn(tx, input, actorId));
}

/** A draft bill inside the caller's transaction; `receiptId` names the receipt it is entered with. */
export async function createBillIn(
  tx: Transaction,
  input: BillValues,
  actorId: number,
  receiptId: number | null = null,
): Promise<{ id: number; vendorId: number }> {
  return refWrite(async () => {
    const draft = await checkDraft(tx, input, null);
    const [row] = await tx
      .insert(bills)
      .values({
        kind: input.kind,
        vendorId: input.vendor_id,
        vendorRef: input.vendor_ref,
        billDate: input.bill_date,
        dueDate: draft.dueDate,
        poId: input.po_id,
        receiptId,
        memo: input.memo,
        subtotal: numericFromCents(draft.total),
        taxTotal: '0',
        total: numericFromCents(draft.total),
        balance: '0',
        createdBy: actorId,
      })
      .returning({ id: bills.id });
    await writeLines(tx, row!.id, draft.lines);
    await logBillingEvent(tx, 'bill', row!.id, 'created', actorId, { total: dollarsFromCents(draft.total) });
    return { id: row!.id, vendorId: input.vendor_id };
  });
}

interface LockedBill {
  id: number;
  kind: BillKind;
  vendorId: number;
  vendorRef: string;
  status: BillRow['status'];
  billDate: string;
  total: number;
  balance: number;
  journalEntryId: number | null;
  updatedAtMs: number;
}

/** Bills FOR UPDATE in id order. */
export async function lockBills(tx: Transaction, ids: number[]): Promise<Map<number, LockedBill>> {
  if (ids.length === 0) return new Map();
  const result = await tx.execute<{
    id: number;
    kind: BillKind;
    vendor_id: number;
    vendor_ref: string;
    status: BillRow['status'];
    bill_date: string;
    total: string;
    balance: string;
    journal_entry_id: string | null;
    updated_ms: string;
  }>(sql`select id, kind, vendor_id, vendor_ref, status, bill_date::text as bill_date, total::text as total,
      balance::text as balance, journal_entry_id,
      floor(extract(epoch from updated_at) * 1000)::bigint::text as updated_ms
    from bills where id = any(${sql.param([...new Set(ids)])}::int[]) order by id for update`);
  return new Map(
    result.rows.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        kind: row.kind,
        vendorId: Number(row.vendor_id),
        vendorRef: row.vendor_ref,
        status: row.status,
        billDate: row.bill_date,
        total: centsFromNumeric(row.total),
        balance: centsFromNumeric(row.balance),
        journalEntryId: row.journal_entry_id === null ? null : Number(row.journal_entry_id),
        updatedAtMs: Number(row.updated_ms),
      },
    ]),
  );
}

/** Writes a locked bill's balance; closed_on is the day it reached 0, null while anything is left. */
export async function setBillBalance(tx: Transaction, bill: LockedBill, date: string): Promise<void> {
  await tx.execute(sql`
    update bills set balance = ${numericFromCents(bill.balance)}::numeric,
      closed_on = ${bill.balance === 0 ? date : null}::date, updated_at = now()
    where id = ${bill.id}`);
}

/** PUT /billing/bills/{id}: drafts only; a stale updated_at answers 409. */
export async function updateBill(
  db: Db,
  id: number,
  input: BillValues,
  actorId: number,
): Promise<{ id: number; vendorId: number }> {
  return refWrite(() =>
    db.transaction(async (tx) => {
      const bill = (await lockBills(tx, [id])).get(id);
      if (!bill) throw notFound();
      if (input.updated_at !== undefined) {
        const sent = Date.parse(input.updated_at);
        if (Number.isNaN(sent) || sent !== bill.updatedAtMs) throw conflict(billStaleMessage);
      }
      if (bill.status !== 'draft') throw unprocessable({ status: [billOnlyDraftMessage] }, billOnlyDraftMessage);
      const draft = await checkDraft(tx, input, id);
      await tx
        .update(bills)
        .set({
          kind: input.kind,
          vendorId: input.vendor_id,
          vendorRef: input.vendor_ref,
          billDate: input.bill_date,
          dueDate: draft.dueDate,
          poId: input.po_id,
          memo: input.memo,
          subtotal: numericFromCents(draft.total),
          total: numericFromCents(draft.total),
          updatedAt: new Date(),
        })
        .where(sql`${bills.id} = ${id}`);
      await writeLines(tx, id, draft.lines);
      await logBillingEvent(tx, 'bill', id, 'edited', actorId, { total: dollarsFromCents(draft.total) });
      return { id, vendorId: input.vendor_id };
    }),
  );
}

/** DELETE /billing/bills/{id}: drafts only (nothing was posted, so nothing is kept). */
export async function deleteBill(db: Db, id: number): Promise<{ id: number; vendorId: number }> {
  return db.transaction(async (tx) => {
    const bill = (await lockBills(tx, [id])).get(id);
    if (!bill) throw notFound();
    if (bill.status !== 'draft') throw unprocessable({ status: [billOnlyDraftMessage] }, billOnlyDraftMessage);
    await tx.delete(bills).where(sql`${bills.id} = ${id}`);
    return { id, vendorId: bill.vendorId };
  });
}

// --- posting ---

type LineForPosting = {
  id: number;
  line_no: number;
  item_id: number | null;
  account_id: number | null;
  description: string;
  quantity: string;
  amount: string;
  po_line_id: number | null;
  company_id: number | null;
  item_expense_account_id: number | null;
};

type LockedPoLine = { id: number; quantity: string; received_qty: string; billed_qty: string; unit_cost: string };

/** PO lines FOR UPDATE in id order. */
async function lockPoLines(tx: Transaction, ids: number[]): Promise<Map<number, LockedPoLine>> {
  if (ids.length === 0) return new Map();
  const result = await tx.execute<LockedPoLine>(sql`
    select id, quantity::text as quantity, received_qty::text as received_qty, billed_qty::text as billed_qty,
      unit_cost::text as unit_cost
    from po_lines where id = any(${sql.param([...new Set(ids)])}::int[]) order by id for update`);
  return new Map(result.rows.map((row) => [Number(row.id), row]));
}

type ReceivedLine = { quantity: number; unitCost: string; amount: number };

/**
 * Each PO line's receipt lines, voided receipts left out (hundredths of a unit, their cost and the cents they credited
 * 2050), oldest first.
 */
async function receivedLines(tx: Transaction, ids: number[]): Promise<Map<number, ReceivedLine[]>> {
  const out = new Map<number, ReceivedLine[]>();
  if (ids.length === 0) return out;
  const result = await tx.execute<{ po_line_id: number; quantity: string; unit_cost: string }>(sql`
    select rl.po_line_id, rl.quantity::text as quantity, rl.unit_cost::text as unit_cost
    from receipt_lines rl join receipts r on r.id = rl.receipt_id
    where rl.po_line_id = any(${sql.param([...new Set(ids)])}::int[]) and r.voided_on is null
    order by rl.po_line_id, rl.id`);
  for (const row of result.rows) {
    const list = out.get(Number(row.po_line_id)) ?? [];
    // A receipt line credited 2050 its quantity × cost rounded to the cent (receipts.service.ts).
    const amount = lineAmount(row.quantity, row.unit_cost);
    list.push({ quantity: qtyUnits(row.quantity), unitCost: row.unit_cost, amount });
    out.set(Number(row.po_line_id), list);
  }
  return out;
}

/**
 * What the first `units` received units of a PO line put in 2050, taking its receipt lines oldest first: whole
 * receipt lines at the amount they credited, a part of one at quantity × its cost. A bill clears
 * receivedValue(already + billed) − receivedValue(already), so once every received unit is billed, 2050 holds exactly
 * 0 for the line (three receipts at 33.3333 each rounded on their own add up to what is cleared). Receipt lines are
 * never changed or removed, so an earlier bill's share stays the same when more are received.
 */
function receivedValue(lines: readonly ReceivedLine[], units: number): number {
  let left = units;
  let value = 0;
  for (const line of lines) {
    if (left <= 0) break;
    if (left >= line.quantity) {
      value += line.amount;
      left -= line.quantity;
    } else {
      value += lineAmount(numericFromUnits(left, 2), line.unitCost);
      left = 0;
    }
  }
  return value;
}

/**
 * POST /billing/bills/{id}/post: the journal entry dated the bill date, balance = total, PO lines' billed quantity
 * raised (never past the ordered quantity: 422 per line).
 */
export async function postBill(db: Db, id: number, actorId: number): Promise<BillChanges> {
  return db.transaction((tx) => postBillIn(tx, id, actorId));
}

/** postBill inside the caller's transaction (a receipt entered with its bill posts both in one). */
export async function postBillIn(tx: Transaction, id: number, actorId: number): Promise<BillChanges> {
  const changes = emptyBillChanges();
  {
    const bill = (await lockBills(tx, [id])).get(id);
    if (!bill) throw notFound();
    if (bill.status !== 'draft') throw unprocessable({ status: [billOnlyDraftPostMessage] }, billOnlyDraftPostMessage);
    const vendor = (await vendorInfo(tx, bill.vendorId))!;
    const linesResult = await tx.execute<LineForPosting>(sql`
      select l.id, l.line_no, l.item_id, l.account_id, l.description, l.quantity::text as quantity,
        l.amount::text as amount, l.po_line_id, l.company_id, i.expense_account_id as item_expense_account_id
      from bill_lines l left join billing_items i on i.id = l.item_id
      where l.bill_id = ${id} order by l.line_no`);
    const lines = linesResult.rows;
    const poLineIds = lines.flatMap((line) => (line.po_line_id ? [Number(line.po_line_id)] : []));
    const poLines = await lockPoLines(tx, poLineIds);
    const received = await receivedLines(tx, poLineIds);
    const accountsByNumber = await accountIdsByNumber(tx, ['2000', '2050', '5900']);
    const errors: FieldErrors = {};
    const credit = bill.kind === 'credit';
    const posting: PostingLine[] = [];
    // What each PO line takes on this bill (a PO line may be on several lines of it).
    const billedNow = new Map<number, number>();
    let total = 0;
    lines.forEach((line, index) => {
      const amount = centsFromNumeric(line.amount);
      total += amount;
      const side = (cents: number) => (credit ? { debit: 0, credit: cents } : { debit: cents, credit: 0 });
      const base = { companyId: line.company_id, itemId: line.item_id, memo: line.description };
      if (line.po_line_id !== null) {
        const poLine = poLines.get(Number(line.po_line_id))!;
        const already = qtyUnits(poLine.billed_qty) + (billedNow.get(poLine.id) ?? 0);
        const left = qtyUnits(poLine.quantity) - already;
        const qty = qtyUnits(line.quantity);
        if (qty > left) {
          (errors[`lines.${index}.quantity`] ??= []).push(leftToBillMessage(numericFromUnits(Math.max(left, 0), 2)));
          return;
        }
        billedNow.set(poLine.id, (billedNow.get(poLine.id) ?? 0) + qty);
        const receivedNotBilled = Math.max(0, qtyUnits(poLine.received_qty) - already);
        const fromReceived = Math.min(qty, receivedNotBilled);
        const notReceived = qty - fromReceived;
        // The received part at what its receipts credited 2050 (oldest first); the rest at the order's cost.
        const receipts = received.get(poLine.id) ?? [];
        const fromReceivedAmount =
          fromReceived > 0 ? receivedValue(receipts, already + fromReceived) - receivedValue(receipts, already) : 0;
        const atOrderCost =
          fromReceivedAmount + (notReceived > 0 ? lineAmount(numericFromUnits(notReceived, 2), poLine.unit_cost) : 0);
        if (atOrderCost > 0) posting.push({ ...base, accountId: accountsByNumber.get('2050')!, ...side(atOrderCost) });
        const variance = amount - atOrderCost;
        if (variance > 0) posting.push({ ...base, accountId: accountsByNumber.get('5900')!, ...side(variance) });
        if (variance < 0)
          posting.push({
            ...base,
            accountId: accountsByNumber.get('5900')!,
            ...(credit ? { debit: -variance, credit: 0 } : { debit: 0, credit: -variance }),
          });
        return;
      }
      const accountId =
        (line.item_id !== null ? line.item_expense_account_id : null) ??
        line.account_id ??
        vendor.defaultExpenseAccountId;
      if (accountId === null) {
        (errors[`lines.${index}.account_id`] ??= []).push(billLineAccountMessage);
        return;
      }
      if (amount > 0) posting.push({ ...base, accountId: Number(accountId), ...side(amount) });
    });
    throwIfAny(errors);
    if (total > 0)
      posting.push({
        accountId: accountsByNumber.get('2000')!,
        ...(credit ? { debit: total, credit: 0 } : { debit: 0, credit: total }),
        vendorId: bill.vendorId,
        memo: bill.vendorRef,
      });
    const label = `${credit ? 'Vendor credit' : 'Bill'} ${bill.vendorRef || `#${id}`}`;
    const entryId =
      total > 0
        ? await postEntry(
            tx,
            {
              entryDate: bill.billDate,
              sourceType: 'bill',
              sourceId: id,
              memo: label,
              createdBy: actorId,
              lines: posting,
            },
            changes,
          )
        : null;
    if (entryId === null) throw unprocessable({ lines: ['A bill of 0.00 has nothing to post.'] });
    for (const [poLineId, qty] of [...billedNow.entries()].sort(([a], [b]) => a - b))
      await tx.execute(sql`update po_lines set billed_qty = billed_qty + ${numericFromUnits(qty, 2)}::numeric
        where id = ${poLineId}`);
    const signed = credit ? -total : total;
    await tx.execute(sql`update bills set status = 'posted', balance = ${numericFromCents(signed)}::numeric,
      journal_entry_id = ${entryId}, posted_by = ${actorId}, posted_at = now(), updated_at = now() where id = ${id}`);
    await logBillingEvent(tx, 'bill', id, 'posted', actorId, { journal_entry_id: entryId });
    changes.bills.push({ id, vendorId: bill.vendorId });
  }
  return changes;
}

/** POST /billing/bills/{id}/void: the exact reversal, only without active allocations; billed_qty lowered back. */
export async function voidBill(
  db: Db,
  id: number,
  input: { date?: string; reason: string },
  actorId: number,
): Promise<BillChanges> {
  const changes = emptyBillChanges();
  await db.transaction(async (tx) => {
    const bill = (await lockBills(tx, [id])).get(id);
    if (!bill) throw notFound();
    if (bill.status !== 'posted')
      throw unprocessable({ status: [billOnlyPostedVoidMessage] }, billOnlyPostedVoidMessage);
    const active = await tx.execute<{ id: number }>(sql`select id from allocations where unapplied_on is null
      and ((target_type = 'bill' and target_id = ${id}) or (source_type = 'vendor_credit' and source_id = ${id}))
      limit 1`);
    if (active.rows.length > 0)
      throw unprocessable({ id: [billVoidWithAllocationsMessage] }, billVoidWithAllocationsMessage);
    const date = await reversalDate(tx, input.date);
    if (date < bill.billDate) throw unprocessable({ date: [dateBeforeBillMessage] });
    const lines = await tx.execute<{ po_line_id: number; quantity: string }>(sql`
      select po_line_id, sum(quantity)::text as quantity from bill_lines
      where bill_id = ${id} and po_line_id is not null group by po_line_id order by po_line_id`);
    await lockPoLines(
      tx,
      lines.rows.map((line) => Number(line.po_line_id)),
    );
    const entryId = await postReversal(
      tx,
      bill.journalEntryId!,
      {
        date,
        sourceId: id,
        memo: `Void of ${bill.kind === 'credit' ? 'vendor credit' : 'bill'} ${bill.vendorRef || `#${id}`}${input.reason ? `: ${input.reason}` : ''}`,
        actorId,
      },
      changes,
    );
    for (const line of lines.rows)
      await tx.execute(sql`update po_lines set billed_qty = greatest(billed_qty - ${line.quantity}::numeric, 0)
        where id = ${line.po_line_id}`);
    await tx.execute(sql`update bills set status = 'void', void_date = ${date}::date, voided_by = ${actorId},
      voided_at = now(), updated_at = now() where id = ${id}`);
    await logBillingEvent(tx, 'bill', id, 'voided', actorId, { reason: input.reason, journal_entry_id: entryId });
    changes.bills.push({ id, vendorId: bill.vendorId });
  });
  return changes;
}

/** POST /billing/bills/{creditId}/apply: a posted vendor credit applied to a posted bill of the same vendor. */
export async function applyVendorCredit(
  db: Db,
  creditId: number,
  input: { bill_id: number; amount: number; date?: string },
  actorId: number,
): Promise<{ allocationId: number; changes: BillChanges }> {
  const changes = emptyBillChanges();
  const allocationId = await db.transaction(async (tx) => {
    const locked = await lockBills(tx, [creditId, input.bill_id]);
    const credit = locked.get(creditId);
    if (!credit) throw notFound();
    if (credit.kind !== 'credit' || credit.status !== 'posted')
      throw unprocessable({ id: [notAVendorCreditMessage] }, notAVendorCreditMessage);
    const bill = locked.get(input.bill_id);
    const errors: FieldErrors = {};
    if (!bill || bill.kind !== 'bill' || creditId === input.bill_id)
      throw unprocessable({ bill_id: [unknownBillMessage] });
    if (bill.status !== 'posted') throw unprocessable({ bill_id: ['Only a posted bill can be paid.'] });
    if (bill.vendorId !== credit.vendorId) throw unprocessable({ bill_id: [otherVendorBillMessage] });
    const { date: today, lockDate } = await billingTodayAndLock(tx);
    const date = input.date ?? today;
    if (lockDate !== null && date <= lockDate) errors.date = [periodClosedMessage];
    if (date < bill.billDate || date < credit.billDate) (errors.date ??= []).push(dateBeforeBillMessage);
    throwIfAny(errors);
    const amount = centsFromDollars(input.amount)!;
    if (amount > -credit.balance) throw unprocessable({ amount: [billAllocationOverSourceMessage] });
    if (amount > bill.balance) throw unprocessable({ amount: [billAllocationOverBalanceMessage] });
    const [row] = await tx
      .insert(allocations)
      .values({
        sourceType: 'vendor_credit',
        sourceId: creditId,
        targetType: 'bill',
        targetId: bill.id,
        amount: numericFromCents(amount),
        appliedOn: date,
        createdBy: actorId,
      })
      .returning({ id: allocations.id });
    bill.balance -= amount;
    credit.balance += amount;
    await setBillBalance(tx, credit, date);
    await setBillBalance(tx, bill, date);
    await logBillingEvent(tx, 'bill', bill.id, 'credited', actorId, {
      allocation_id: row!.id,
      vendor_credit_id: creditId,
      amount: input.amount,
    });
    changes.bills.push({ id: bill.id, vendorId: bill.vendorId }, { id: creditId, vendorId: credit.vendorId });
    return row!.id;
  });
  return { allocationId, changes };
}

/**
 * GET /billing/bills/from-po/{poId}: one proposed line per PO line with something left to bill, received but not
 * billed first (at the receipt's cost), then ordered but not received (at the order's cost).
 */
export async function billFromPo(db: Db, poId: number): Promise<BillFromPo> {
  const po = await db.execute<{ id: number; number: string | null; vendor_id: number; company_id: number | null }>(
    sql`select id, number, vendor_id, company_id from purchase_orders where id = ${poId}`,
  );
  const order = po.rows[0];
  if (!order) throw notFound();
  const result = await db.execute<{
    id: number;
    item_id: number | null;
    description: string;
    quantity: string;
    received_qty: string;
    billed_qty: string;
    unit_cost: string;
    received_cost: string | null;
    company_id: number | null;
    project_id: number | null;
    billable_to_client: boolean;
  }>(sql`
    select l.id, l.item_id, l.description, l.quantity::text as quantity, l.received_qty::text as received_qty,
      l.billed_qty::text as billed_qty, l.unit_cost::text as unit_cost,
      (select r.unit_cost::text from receipt_lines r join receipts rc on rc.id = r.receipt_id
        where r.po_line_id = l.id and rc.voided_on is null order by r.id desc limit 1)
        as received_cost,
      l.company_id, l.project_id, l.billable_to_client
    from po_lines l where l.po_id = ${poId} order by l.line_no, l.id`);
  const received: BillFromPo['lines'] = [];
  const ordered: BillFromPo['lines'] = [];
  for (const row of result.rows) {
    const billed = qtyUnits(row.billed_qty);
    const receivedNotBilled = Math.max(0, qtyUnits(row.received_qty) - billed);
    const left = qtyUnits(row.quantity) - billed;
    const orderedNotReceived = left - receivedNotBilled;
    const base = {
      item_id: row.item_id,
      account_id: null,
      description: row.description,
      po_line_id: Number(row.id),
      company_id: row.company_id,
      project_id: row.project_id,
      billable_to_client: row.billable_to_client,
      received_not_billed: receivedNotBilled / 100,
      ordered_not_received: orderedNotReceived / 100,
    };
    if (receivedNotBilled > 0)
      received.push({
        ...base,
        quantity: receivedNotBilled / 100,
        unit_cost: Number(row.received_cost ?? row.unit_cost),
      });
    if (orderedNotReceived > 0)
      ordered.push({ ...base, quantity: orderedNotReceived / 100, unit_cost: Number(row.unit_cost) });
  }
  return {
    po_id: Number(order.id),
    po_number: order.number,
    vendor_id: Number(order.vendor_id),
    lines: [...received, ...ordered],
  };
}
