import type { LedgerPostedPayload } from '@switchboard/shared';
import { billingDate } from '@switchboard/shared/billing/billing-date';
import { periodClosedMessage } from '@switchboard/shared/billing/ledger';
import {
  centsFromDollars,
  centsFromNumeric,
  dollarsFromCents,
  numericFromCents,
} from '@switchboard/shared/billing/money';
import {
  alreadyUnappliedMessage,
  bankAccountMessage,
  dateBeforeDocumentsMessage,
  depositDateMessage,
  depositedPaymentVoidMessage,
  depositToAccountMessage,
  invoiceNotOpenMessage,
  onlyUndepositedMessage,
  otherCompanyInvoiceMessage,
  paymentLabel,
  paymentVoidedMessage,
  unknownCompanyMessage,
  unknownInvoiceMessage,
  unknownSourceMessage,
  voidWithAllocationsPaymentMessage,
  writeOffNotUnappliedMessage,
  type AllocationRow,
  type BankDepositRow,
  type PaymentListQuery,
  type PaymentMethod,
  type PaymentRow,
  type ReceivableCredit,
  type ReceivableResponse,
  type WriteOffRow,
} from '@switchboard/shared/billing/payments';
import {
  applyAllocation,
  autoApply,
  invoicePaymentState,
  type Allocation,
} from '@switchboard/shared/billing/payment-state';
import {
  bankDepositEntry,
  paymentEntry,
  refundEntry,
  writeOffEntry,
  type JournalEntryDraft,
} from '@switchboard/shared/billing/posting-rules';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db, DbOrTransaction, Transaction } from '../../db/client.ts';
import { jsonString, jsonTime } from '../../db/json-sql.ts';
import { CappedCounts, pageJson } from '../../db/paginate.ts';
import { pageWindow, runPrepared } from '../../db/prepared.ts';
import { notFound, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { cursorBatches } from './billing-report-csv.ts';
import { billingEvents } from './billing-runs.table.ts';
import { getBillingSettings, postJournalEntry } from './ledger.service.ts';
import { allocations, bankDeposits, payments, writeOffs } from './payments.table.ts';

// Payments received, allocations, write-offs, refunds and bank deposits (designs/billing.md §3.6; decision 0089).
// A payment posts to AR at once; allocations only say which invoices it pays. Every write runs in one transaction
// that locks payments first, then invoices (credit notes are invoices), each set in id order, so two writers never
// wait on each other in a cycle; the remaining amounts are read under those locks.

/** What a write touched, for the route to announce after commit. */
export interface PaymentChanges {
  /** PaymentUpdated: payments, write-offs, deposits (by their own id) and the company. */
  payments: { id: number; companyId: number | null }[];
  invoices: { id: number; companyId: number; projectId: number | null }[];
  entries: LedgerPostedPayload[];
}

const emptyChanges = (): PaymentChanges => ({ payments: [], invoices: [], entries: [] });

interface ReceivePaymentInput {
  company_id: number;
  payment_date: string;
  method: PaymentMethod;
  reference: string;
  amount: number;
  account_id: number | null;
  memo: string;
  allocations: { invoice_id: number; amount: number }[];
  auto_apply: boolean;
}

// --- reading locked rows ---

interface LockedPayment {
  id: number;
  companyId: number | null;
  direction: 'in' | 'out';
  status: 'posted' | 'void';
  amount: number;
  paymentDate: string;
  accountId: number;
  depositId: number | null;
  journalEntryId: number | null;
  method: PaymentMethod;
  reference: string;
}

type PaymentDbRow = {
  id: number;
  company_id: number | null;
  direction: 'in' | 'out';
  status: 'posted' | 'void';
  amount: string;
  payment_date: string;
  account_id: number;
  deposit_id: number | null;
  journal_entry_id: string | null;
  method: PaymentMethod;
  reference: string;
};

const paymentFromRow = (row: PaymentDbRow): LockedPayment => ({
  id: row.id,
  companyId: row.company_id,
  direction: row.direction,
  status: row.status,
  amount: centsFromNumeric(row.amount),
  paymentDate: row.payment_date,
  accountId: row.account_id,
  depositId: row.deposit_id,
  journalEntryId: row.journal_entry_id === null ? null : Number(row.journal_entry_id),
  method: row.method,
  reference: row.reference,
});

/** Payments FOR UPDATE in id order. */
async function lockPayments(tx: Transaction, ids: number[]): Promise<Map<number, LockedPayment>> {
  if (ids.length === 0) return new Map();
  const result = await tx.execute<PaymentDbRow>(sql`
    select id, company_id, direction, status, amount::text as amount, payment_date::text as payment_date, account_id,
      deposit_id, journal_entry_id, method, reference
    from payments where id = any(${sql.param([...new Set(ids)])}::int[]) order by id for update`);
  return new Map(result.rows.map((row) => [row.id, paymentFromRow(row)]));
}

/** What is left of a payment to apply or refund: its amount less its active allocations (call under its lock). */
async function paymentAvailable(tx: Transaction, payment: LockedPayment): Promise<number> {
  const result = await tx.execute<{ used: string }>(sql`
    select coalesce(sum(amount), 0)::text as used from allocations
    where source_type = 'payment' and source_id = ${payment.id} and unapplied_on is null`);
  return payment.amount - centsFromNumeric(result.rows[0]!.used);
}

interface LockedInvoice {
  id: number;
  companyId: number;
  projectId: number | null;
  type: string;
  status: string;
  number: string | null;
  invoiceDate: string | null;
  total: number;
  balance: number;
}

/** Invoices (and credit notes) FOR UPDATE in id order. */
async function lockInvoices(tx: Transaction, ids: number[]): Promise<Map<number, LockedInvoice>> {
  if (ids.length === 0) return new Map();
  const result = await tx.execute<{
    id: number;
    company_id: number;
    project_id: number | null;
    type: string;
    status: string;
    number: string | null;
    invoice_date: string | null;
    total: string;
    balance: string;
  }>(sql`
    select id, company_id, project_id, type, status, number, invoice_date::text as invoice_date, total::text as total,
      balance::text as balance
    from invoices where id = any(${sql.param([...new Set(ids)])}::int[]) order by id for update`);
  return new Map(
    result.rows.map((row) => [
      row.id,
      {
        id: row.id,
        companyId: row.company_id,
        projectId: row.project_id,
        type: row.type,
        status: row.status,
        number: row.number,
        invoiceDate: row.invoice_date,
        total: centsFromNumeric(row.total),
        balance: centsFromNumeric(row.balance),
      },
    ]),
  );
}

async function companyName(db: DbOrTransaction, companyId: number): Promise<string | null> {
  const result = await db.execute<{ name: string }>(sql`select name from companies where id = ${companyId}`);
  return result.rows[0]?.name ?? null;
}

type AccountInfo = {
  id: number;
  number: string;
  subtype: string;
  active: boolean;
};

async function accountById(tx: DbOrTransaction, id: number): Promise<AccountInfo | null> {
  const result = await tx.execute<AccountInfo>(sql`select id, number, subtype, active from accounts where id = ${id}`);
  return result.rows[0] ?? null;
}

async function accountByNumber(tx: DbOrTransaction, number: string): Promise<AccountInfo> {
  const result = await tx.execute<AccountInfo>(
    sql`select id, number, subtype, active from accounts where number = ${number}`,
  );
  const row = result.rows[0];
  if (!row) throw new Error(`The chart has no account ${number}.`);
  return row;
}

// --- posting and events ---

async function postDraft(
  tx: Transaction,
  draft: JournalEntryDraft,
  options: { date: string; sourceId: number; memo: string; actorId: number; reversesId?: number },
  changes: PaymentChanges,
): Promise<number> {
  const numbers = [...new Set(draft.lines.map((line) => line.account))];
  const result = await tx.execute<{ id: number; number: string }>(
    sql`select id, number from accounts where number = any(${sql.param(numbers)}::text[])`,
  );
  const idOf = new Map(result.rows.map((row) => [row.number, row.id]));
  const lines = draft.lines.map((line) => ({
    accountId: idOf.get(line.account) ?? 0,
    debit: line.debit,
    credit: line.credit,
    companyId: line.companyId ?? null,
    memo: line.memo ?? '',
  }));
  const posted = await postJournalEntry(tx, {
    entryDate: options.date,
    sourceType: draft.sourceType,
    sourceId: options.sourceId,
    reversesId: options.reversesId ?? null,
    memo: options.memo,
    createdBy: options.actorId,
    lines,
  });
  changes.entries.push({
    entry_id: posted.id,
    number: posted.number,
    entry_date: options.date,
    accounts: [...new Set(lines.map((line) => line.accountId))],
  });
  return posted.id;
}

async function logEvent(
  tx: Transaction,
  entityType: string,
  entityId: number,
  event: string,
  companyId: number | null,
  actorId: number,
  data: Record<string, unknown>,
): Promise<void> {
  await tx.insert(billingEvents).values({ entityType, entityId, event, companyId, actorId, data });
}

async function today(tx: DbOrTransaction): Promise<{ date: string; lockDate: string | null }> {
  const settings = await getBillingSettings(tx);
  return { date: billingDate(new Date(), settings.time_zone).date, lockDate: settings.lock_date };
}

function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** A reversal's date: the one given (the lock date refuses it), else today or, when closed, the first open day. */
async function reversalDate(tx: Transaction, given: string | undefined): Promise<string> {
  if (given) return given;
  const { date, lockDate } = await today(tx);
  return lockDate !== null && date <= lockDate ? addDays(lockDate, 1) : date;
}

// --- allocating ---

interface Source {
  type: 'payment' | 'credit_note' | 'write_off';
  id: number;
  companyId: number;
  /** The source's own date: nothing is applied before it. */
  date: string;
  /** Cents left to apply (decreases as it is applied). */
  available: number;
}

/**
 * Applies `amount` cents of `source` to `invoice` on `date` (both locked by the caller): checks the invoice, the
 * party, the dates and both remaining amounts, writes the allocation and the invoice's new balance and closed_on,
 * and the credit note's when it is the source. Errors go into `errors` under `key` (amount, invoice_id, date).
 */
async function applyToInvoice(
  tx: Transaction,
  source: Source,
  invoice: LockedInvoice,
  amount: number,
  date: string,
  actorId: number,
  changes: PaymentChanges,
  errors: FieldErrors,
  key: (field: string) => string,
  creditNote?: LockedInvoice,
): Promise<number | null> {
  const add = (field: string, message: string) => (errors[key(field)] ??= []).push(message);
  if (invoice.status !== 'posted' || invoice.type === 'credit_note') {
    add('invoice_id', invoiceNotOpenMessage);
    return null;
  }
  if (invoice.companyId !== source.companyId) {
    add('invoice_id', otherCompanyInvoiceMessage);
    return null;
  }
  if (date < source.date || (invoice.invoiceDate !== null && date < invoice.invoiceDate)) {
    add('date', dateBeforeDocumentsMessage);
    return null;
  }
  const result = applyAllocation(invoice.balance, source.available, amount);
  if ('error' in result) {
    add('amount', result.error);
    return null;
  }
  const [row] = await tx
    .insert(allocations)
    .values({
      sourceType: source.type,
      sourceId: source.id,
      targetType: 'invoice',
      targetId: invoice.id,
      companyId: invoice.companyId,
      amount: numericFromCents(amount),
      appliedOn: date,
      createdBy: actorId,
    })
    .returning({ id: allocations.id });
  invoice.balance = result.balance;
  source.available -= amount;
  await setBalance(tx, invoice, date);
  if (creditNote) {
    creditNote.balance += amount;
    await setBalance(tx, creditNote, date);
  }
  await logEvent(
    tx,
    'invoice',
    invoice.id,
    source.type === 'credit_note' ? 'credited' : 'paid',
    invoice.companyId,
    actorId,
    { allocation_id: row!.id, source_type: source.type, source_id: source.id, amount: dollarsFromCents(amount) },
  );
  changes.invoices.push({ id: invoice.id, companyId: invoice.companyId, projectId: invoice.projectId });
  return row!.id;
}

/** Writes a locked invoice's balance; closed_on is the day it reached 0, null while anything is left. */
async function setBalance(tx: Transaction, invoice: LockedInvoice, date: string): Promise<void> {
  await tx.execute(sql`
    update invoices set balance = ${numericFromCents(invoice.balance)}::numeric,
      closed_on = ${invoice.balance === 0 ? date : null}::date, updated_at = now()
    where id = ${invoice.id}`);
}

function checkOpenDate(date: string, lockDate: string | null, errors: FieldErrors): void {
  if (lockDate !== null && date <= lockDate) (errors.date ??= []).push(periodClosedMessage);
}

function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

// --- payments received ---

/** POST /billing/payments/received: the payment posted, then its allocations (or auto-apply), in one transaction. */
export async function receivePayment(
  db: Db,
  input: ReceivePaymentInput,
  actorId: number,
): Promise<{ id: number; changes: PaymentChanges }> {
  const changes = emptyChanges();
  const id = await db.transaction(async (tx) => {
    const errors: FieldErrors = {};
    if ((await companyName(tx, input.company_id)) === null) errors.company_id = [unknownCompanyMessage];
    const account = input.account_id ? await accountById(tx, input.account_id) : await accountByNumber(tx, '1050');
    if (!account || !account.active || !['bank', 'undeposited'].includes(account.subtype))
      errors.account_id = [depositToAccountMessage];
    checkOpenDate(input.payment_date, (await getBillingSettings(tx)).lock_date, errors);
    throwIfAny(errors);

    const amount = centsFromDollars(input.amount)!;
    const [payment] = await tx
      .insert(payments)
      .values({
        direction: 'in',
        companyId: input.company_id,
        paymentDate: input.payment_date,
        method: input.method,
        reference: input.reference,
        amount: numericFromCents(amount),
        accountId: account!.id,
        memo: input.memo,
        createdBy: actorId,
      })
      .returning({ id: payments.id });
    const paymentId = payment!.id;
    const label = paymentLabel(input);
    const entryId = await postDraft(
      tx,
      paymentEntry({ companyId: input.company_id, amount, account: account!.number }),
      { date: input.payment_date, sourceId: paymentId, memo: `Payment ${label}`, actorId },
      changes,
    );
    await tx.execute(sql`update payments set journal_entry_id = ${entryId} where id = ${paymentId}`);
    await logEvent(tx, 'payment', paymentId, 'received', input.company_id, actorId, { amount: input.amount });
    changes.payments.push({ id: paymentId, companyId: input.company_id });

    const source: Source = {
      type: 'payment',
      id: paymentId,
      companyId: input.company_id,
      date: input.payment_date,
      available: amount,
    };
    let wanted: (Allocation & { index: number })[];
    let locked: Map<number, LockedInvoice>;
    if (input.auto_apply) {
      const open = await tx.execute<{ id: number }>(sql`
        select id from invoices where company_id = ${input.company_id} and status = 'posted'
          and type <> 'credit_note' and balance > 0`);
      locked = await lockInvoices(
        tx,
        open.rows.map((row) => row.id),
      );
      const candidates = [...locked.values()]
        .filter((row) => row.status === 'posted' && row.balance > 0)
        .map((row) => ({ id: row.id, balance: row.balance, invoiceDate: row.invoiceDate ?? '' }));
      wanted = autoApply(amount, candidates).allocations.map((allocation, index) => ({ ...allocation, index }));
    } else {
      locked = await lockInvoices(
        tx,
        input.allocations.map((allocation) => allocation.invoice_id),
      );
      wanted = input.allocations.map((allocation, index) => ({
        invoiceId: allocation.invoice_id,
        amount: centsFromDollars(allocation.amount)!,
        index,
      }));
    }
    for (const allocation of wanted) {
      const key = (field: string) => (field === 'date' ? 'payment_date' : `allocations.${allocation.index}.${field}`);
      const invoice = locked.get(allocation.invoiceId);
      if (!invoice) {
        (errors[key('invoice_id')] ??= []).push(unknownInvoiceMessage);
        continue;
      }
      await applyToInvoice(tx, source, invoice, allocation.amount, input.payment_date, actorId, changes, errors, key);
    }
    throwIfAny(errors);
    return paymentId;
  });
  return { id, changes };
}

/** POST /billing/allocations: (part of) a payment's or credit note's remaining credit applied to an invoice. */
export async function allocate(
  db: Db,
  input: {
    source_type: 'payment' | 'credit_note';
    source_id: number;
    invoice_id: number;
    amount: number;
    date?: string;
  },
  actorId: number,
): Promise<{ allocation: AllocationRow; changes: PaymentChanges }> {
  const changes = emptyChanges();
  const allocationId = await db.transaction(async (tx) => {
    const errors: FieldErrors = {};
    let source: Source | null = null;
    if (input.source_type === 'payment') {
      const payment = (await lockPayments(tx, [input.source_id])).get(input.source_id);
      if (!payment || payment.direction !== 'in' || payment.companyId === null)
        throw unprocessable({ source_id: [unknownSourceMessage] });
      if (payment.status === 'void') throw unprocessable({ source_id: [paymentVoidedMessage] });
      source = {
        type: 'payment',
        id: payment.id,
        companyId: payment.companyId,
        date: payment.paymentDate,
        available: await paymentAvailable(tx, payment),
      };
    }
    const ids = input.source_type === 'credit_note' ? [input.invoice_id, input.source_id] : [input.invoice_id];
    const locked = await lockInvoices(tx, ids);
    let creditNote: LockedInvoice | undefined;
    if (input.source_type === 'credit_note') {
      creditNote = locked.get(input.source_id);
      if (!creditNote || creditNote.type !== 'credit_note' || creditNote.status !== 'posted')
        throw unprocessable({ source_id: [unknownSourceMessage] });
      source = {
        type: 'credit_note',
        id: creditNote.id,
        companyId: creditNote.companyId,
        date: creditNote.invoiceDate ?? '',
        available: -creditNote.balance,
      };
    }
    const invoice = locked.get(input.invoice_id);
    if (!invoice || (input.invoice_id === input.source_id && input.source_type === 'credit_note'))
      throw unprocessable({ invoice_id: [unknownInvoiceMessage] });
    const { date: todayDate, lockDate } = await today(tx);
    const date = input.date ?? todayDate;
    checkOpenDate(date, lockDate, errors);
    throwIfAny(errors);
    const amount = centsFromDollars(input.amount)!;
    const id = await applyToInvoice(tx, source!, invoice, amount, date, actorId, changes, errors, (f) => f, creditNote);
    throwIfAny(errors);
    changes.payments.push({ id: source!.id, companyId: source!.companyId });
    return id!;
  });
  return { allocation: await getAllocation(db, allocationId), changes };
}

export async function getAllocation(db: DbOrTransaction, id: number): Promise<AllocationRow> {
  const result = await db.execute<{
    id: number;
    source_type: AllocationRow['source_type'];
    source_id: number;
    target_type: AllocationRow['target_type'];
    target_id: number;
    company_id: number;
    amount: string;
    applied_on: string;
    unapplied_on: string | null;
  }>(sql`
    select id, source_type, source_id, target_type, target_id, company_id, amount::text as amount,
      applied_on::text as applied_on, unapplied_on::text as unapplied_on
    from allocations where id = ${id}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  return { ...row, amount: dollarsFromCents(centsFromNumeric(row.amount)) };
}

/**
 * POST /billing/allocations/{id}/unapply: sets unapplied_on (never deletes: an as-of report still sees it was
 * applied until then) and gives the amount back to the invoice and to the source's credit.
 */
export async function unapplyAllocation(
  db: Db,
  id: number,
  input: { date?: string },
  actorId: number,
): Promise<{ allocation: AllocationRow; changes: PaymentChanges }> {
  const changes = emptyChanges();
  await db.transaction(async (tx) => {
    const current = await getAllocation(tx, id);
    if (current.target_type !== 'invoice' || current.source_type === 'write_off')
      throw unprocessable({ id: [writeOffNotUnappliedMessage] }, writeOffNotUnappliedMessage);
    // The lock order of every write here: the payment, then invoices by id, then the allocation.
    if (current.source_type === 'payment') await lockPayments(tx, [current.source_id]);
    const ids = current.source_type === 'credit_note' ? [current.target_id, current.source_id] : [current.target_id];
    const locked = await lockInvoices(tx, ids);
    const fresh = await tx.execute<{ unapplied_on: string | null }>(
      sql`select unapplied_on::text as unapplied_on from allocations where id = ${id} for update`,
    );
    if (fresh.rows[0]!.unapplied_on !== null)
      throw unprocessable({ id: [alreadyUnappliedMessage] }, alreadyUnappliedMessage);
    const { date: todayDate, lockDate } = await today(tx);
    const date = input.date ?? todayDate;
    const errors: FieldErrors = {};
    if (date < current.applied_on) errors.date = ['The date may not be before the day it was applied.'];
    checkOpenDate(date, lockDate, errors);
    throwIfAny(errors);
    const amount = centsFromNumeric(current.amount.toFixed(2));
    await tx.execute(
      sql`update allocations set unapplied_on = ${date}::date, unapplied_by = ${actorId} where id = ${id}`,
    );
    const invoice = locked.get(current.target_id)!;
    invoice.balance += amount;
    await setBalance(tx, invoice, date);
    if (current.source_type === 'credit_note') {
      const creditNote = locked.get(current.source_id)!;
      creditNote.balance -= amount;
      await setBalance(tx, creditNote, date);
      changes.invoices.push({ id: creditNote.id, companyId: creditNote.companyId, projectId: creditNote.projectId });
    }
    await logEvent(tx, 'invoice', invoice.id, 'unapplied', invoice.companyId, actorId, {
      allocation_id: id,
      source_type: current.source_type,
      source_id: current.source_id,
      amount: current.amount,
    });
    changes.invoices.push({ id: invoice.id, companyId: invoice.companyId, projectId: invoice.projectId });
    changes.payments.push({ id: current.source_id, companyId: invoice.companyId });
  });
  return { allocation: await getAllocation(db, id), changes };
}

/** POST /billing/payments/{id}/void: only with nothing applied or refunded; posts the exact reversal. */
export async function voidPayment(
  db: Db,
  id: number,
  input: { date?: string; reason: string },
  actorId: number,
): Promise<{ changes: PaymentChanges }> {
  const changes = emptyChanges();
  await db.transaction(async (tx) => {
    const payment = (await lockPayments(tx, [id])).get(id);
    if (!payment || payment.direction !== 'in') throw notFound();
    if (payment.status === 'void') throw unprocessable({ id: [paymentVoidedMessage] }, paymentVoidedMessage);
    if ((await paymentAvailable(tx, payment)) !== payment.amount)
      throw unprocessable({ id: [voidWithAllocationsPaymentMessage] }, voidWithAllocationsPaymentMessage);
    if (payment.depositId !== null)
      throw unprocessable({ id: [depositedPaymentVoidMessage] }, depositedPaymentVoidMessage);
    const date = await reversalDate(tx, input.date);
    if (date < payment.paymentDate) throw unprocessable({ date: [dateBeforeDocumentsMessage] });
    const lines = await tx.execute<{
      account_id: number;
      debit: string;
      credit: string;
      company_id: number | null;
      memo: string;
    }>(sql`select account_id, debit::text as debit, credit::text as credit, company_id, memo
      from journal_lines where entry_id = ${payment.journalEntryId} order by line_no`);
    const posted = await postJournalEntry(tx, {
      entryDate: date,
      sourceType: 'reversal',
      sourceId: id,
      reversesId: payment.journalEntryId,
      memo: `Void of payment ${paymentLabel(payment)}: ${input.reason}`,
      createdBy: actorId,
      lines: lines.rows.map((line) => ({
        accountId: line.account_id,
        debit: centsFromNumeric(line.credit),
        credit: centsFromNumeric(line.debit),
        companyId: line.company_id,
        memo: line.memo,
      })),
    });
    changes.entries.push({
      entry_id: posted.id,
      number: posted.number,
      entry_date: date,
      accounts: [...new Set(lines.rows.map((line) => line.account_id))],
    });
    await tx.execute(sql`update payments set status = 'void', void_date = ${date}::date, voided_by = ${actorId},
      voided_at = now() where id = ${id}`);
    await logEvent(tx, 'payment', id, 'voided', payment.companyId, actorId, {
      reason: input.reason,
      journal_entry_id: posted.id,
    });
    changes.payments.push({ id, companyId: payment.companyId });
  });
  return { changes };
}

/** POST /billing/write-offs: 6100 Bad Debt against AR, applied to the invoice as an allocation of source write_off. */
export async function writeOff(
  db: Db,
  input: { invoice_id: number; amount: number; date?: string; reason: string },
  actorId: number,
): Promise<{ writeOff: WriteOffRow; changes: PaymentChanges }> {
  const changes = emptyChanges();
  const row = await db.transaction(async (tx) => {
    const invoice = (await lockInvoices(tx, [input.invoice_id])).get(input.invoice_id);
    if (!invoice) throw unprocessable({ invoice_id: [unknownInvoiceMessage] });
    const { date: todayDate, lockDate } = await today(tx);
    const date = input.date ?? todayDate;
    const errors: FieldErrors = {};
    checkOpenDate(date, lockDate, errors);
    throwIfAny(errors);
    const amount = centsFromDollars(input.amount)!;
    const [made] = await tx
      .insert(writeOffs)
      .values({
        companyId: invoice.companyId,
        invoiceId: invoice.id,
        writeOffDate: date,
        amount: numericFromCents(amount),
        reason: input.reason,
        createdBy: actorId,
      })
      .returning({ id: writeOffs.id });
    const source: Source = {
      type: 'write_off',
      id: made!.id,
      companyId: invoice.companyId,
      date: invoice.invoiceDate ?? date,
      available: amount,
    };
    await applyToInvoice(tx, source, invoice, amount, date, actorId, changes, errors, (f) => f);
    throwIfAny(errors);
    const entryId = await postDraft(
      tx,
      writeOffEntry({ companyId: invoice.companyId, amount }),
      { date, sourceId: made!.id, memo: `Write-off of ${invoice.number}: ${input.reason}`, actorId },
      changes,
    );
    await tx.execute(sql`update write_offs set journal_entry_id = ${entryId} where id = ${made!.id}`);
    await logEvent(tx, 'write_off', made!.id, 'written_off', invoice.companyId, actorId, {
      invoice_id: invoice.id,
      amount: input.amount,
      reason: input.reason,
    });
    changes.payments.push({ id: made!.id, companyId: invoice.companyId });
    return {
      id: made!.id,
      invoice_id: invoice.id,
      company_id: invoice.companyId,
      amount: input.amount,
      date,
      reason: input.reason,
      journal_entry_id: entryId,
    };
  });
  return { writeOff: row, changes };
}

/**
 * POST /billing/refunds: a payment of direction out to the company from a bank account (AR against the bank), taking
 * the amount from a payment's unapplied remainder or a credit note's balance (allocation target refund).
 */
export async function refund(
  db: Db,
  input: {
    company_id: number;
    source_type: 'payment' | 'credit_note';
    source_id: number;
    amount: number;
    account_id: number;
    method: PaymentMethod;
    reference: string;
    date: string;
  },
  actorId: number,
): Promise<{ id: number; changes: PaymentChanges }> {
  const changes = emptyChanges();
  const id = await db.transaction(async (tx) => {
    const errors: FieldErrors = {};
    if ((await companyName(tx, input.company_id)) === null)
      throw unprocessable({ company_id: [unknownCompanyMessage] });
    const account = await accountById(tx, input.account_id);
    if (!account || !account.active || account.subtype !== 'bank') errors.account_id = [bankAccountMessage];
    let available = 0;
    let sourceDate = '';
    let creditNote: LockedInvoice | undefined;
    if (input.source_type === 'payment') {
      const payment = (await lockPayments(tx, [input.source_id])).get(input.source_id);
      if (!payment || payment.direction !== 'in' || payment.companyId !== input.company_id)
        throw unprocessable({ source_id: [unknownSourceMessage] });
      if (payment.status === 'void') throw unprocessable({ source_id: [paymentVoidedMessage] });
      available = await paymentAvailable(tx, payment);
      sourceDate = payment.paymentDate;
    } else {
      creditNote = (await lockInvoices(tx, [input.source_id])).get(input.source_id);
      if (
        !creditNote ||
        creditNote.type !== 'credit_note' ||
        creditNote.status !== 'posted' ||
        creditNote.companyId !== input.company_id
      )
        throw unprocessable({ source_id: [unknownSourceMessage] });
      available = -creditNote.balance;
      sourceDate = creditNote.invoiceDate ?? '';
    }
    const amount = centsFromDollars(input.amount)!;
    if (amount > available) errors.amount = ['The amount is more than what is left to apply.'];
    if (input.date < sourceDate) errors.date = [dateBeforeDocumentsMessage];
    checkOpenDate(input.date, (await getBillingSettings(tx)).lock_date, errors);
    throwIfAny(errors);

    const [made] = await tx
      .insert(payments)
      .values({
        direction: 'out',
        companyId: input.company_id,
        paymentDate: input.date,
        method: input.method,
        reference: input.reference,
        amount: numericFromCents(amount),
        accountId: account!.id,
        memo: `Refund of ${input.source_type === 'payment' ? 'payment' : 'credit note'} ${input.source_id}`,
        createdBy: actorId,
      })
      .returning({ id: payments.id });
    const refundId = made!.id;
    const entryId = await postDraft(
      tx,
      refundEntry({ companyId: input.company_id, amount, account: account!.number }),
      { date: input.date, sourceId: refundId, memo: `Refund ${paymentLabel(input)}`, actorId },
      changes,
    );
    await tx.execute(sql`update payments set journal_entry_id = ${entryId} where id = ${refundId}`);
    await tx.insert(allocations).values({
      sourceType: input.source_type,
      sourceId: input.source_id,
      targetType: 'refund',
      targetId: refundId,
      companyId: input.company_id,
      amount: numericFromCents(amount),
      appliedOn: input.date,
      createdBy: actorId,
    });
    if (creditNote) {
      creditNote.balance += amount;
      await setBalance(tx, creditNote, input.date);
      changes.invoices.push({ id: creditNote.id, companyId: creditNote.companyId, projectId: creditNote.projectId });
    }
    await logEvent(tx, 'payment', refundId, 'refunded', input.company_id, actorId, {
      source_type: input.source_type,
      source_id: input.source_id,
      amount: input.amount,
    });
    changes.payments.push({ id: refundId, companyId: input.company_id });
    if (input.source_type === 'payment') changes.payments.push({ id: input.source_id, companyId: input.company_id });
    return refundId;
  });
  return { id, changes };
}

/** POST /billing/deposits: undeposited payments (in 1050) taken to a bank account in one entry. */
export async function makeDeposit(
  db: Db,
  input: { account_id: number; date: string; payment_ids: number[] },
  actorId: number,
): Promise<{ deposit: BankDepositRow; changes: PaymentChanges }> {
  const changes = emptyChanges();
  const deposit = await db.transaction(async (tx) => {
    const errors: FieldErrors = {};
    const account = await accountById(tx, input.account_id);
    if (!account || !account.active || account.subtype !== 'bank') errors.account_id = [bankAccountMessage];
    const undeposited = await accountByNumber(tx, '1050');
    const locked = await lockPayments(tx, input.payment_ids);
    const rows = [...new Set(input.payment_ids)].map((id) => locked.get(id));
    if (
      rows.some(
        (row) =>
          !row ||
          row.direction !== 'in' ||
          row.status !== 'posted' ||
          row.depositId !== null ||
          row.accountId !== undeposited.id,
      )
    )
      errors.payment_ids = [onlyUndepositedMessage];
    const valid = rows.filter((row): row is LockedPayment => row !== undefined);
    if (valid.some((row) => row.paymentDate > input.date)) errors.date = [depositDateMessage];
    checkOpenDate(input.date, (await getBillingSettings(tx)).lock_date, errors);
    throwIfAny(errors);
    const total = valid.reduce((sum, row) => sum + row.amount, 0);
    const [made] = await tx
      .insert(bankDeposits)
      .values({ accountId: account!.id, depositDate: input.date, total: numericFromCents(total), createdBy: actorId })
      .returning({ id: bankDeposits.id });
    const entryId = await postDraft(
      tx,
      bankDepositEntry({ amount: total, account: account!.number }),
      { date: input.date, sourceId: made!.id, memo: `Deposit of ${valid.length} payment(s)`, actorId },
      changes,
    );
    const ids = valid.map((row) => row.id);
    await tx.execute(sql`update bank_deposits set journal_entry_id = ${entryId} where id = ${made!.id}`);
    await tx.execute(sql`update payments set deposit_id = ${made!.id} where id = any(${sql.param(ids)}::int[])`);
    await logEvent(tx, 'deposit', made!.id, 'deposited', null, actorId, {
      payment_ids: ids,
      total: dollarsFromCents(total),
    });
    for (const row of valid) changes.payments.push({ id: row.id, companyId: row.companyId });
    return {
      id: made!.id,
      account_id: account!.id,
      date: input.date,
      total: dollarsFromCents(total),
      payment_ids: ids,
      journal_entry_id: entryId,
    };
  });
  return { deposit, changes };
}

// --- reading ---

type PaymentListDbRow = {
  id: number;
  company_id: number;
  company_name: string;
  payment_date: string;
  method: PaymentMethod;
  reference: string;
  amount: string;
  applied: string;
  refunded: string;
  unapplied: string;
  account_id: number;
  account_number: string;
  account_name: string;
  account_subtype: string;
  deposit_id: number | null;
  memo: string;
  status: 'posted' | 'void';
  void_date: string | null;
  journal_entry_id: string | null;
  created_at: Date | string;
};

/** Payments received with what is applied, refunded and left, one statement (allocations by their source index). */
const paymentSelect = (where: SQL) => sql`
  select p.id, p.company_id, c.name as company_name, p.payment_date::text as payment_date, p.method, p.reference,
    p.amount::text as amount, coalesce(a.applied, 0)::text as applied, coalesce(a.refunded, 0)::text as refunded,
    (case when p.status = 'posted' then p.amount - coalesce(a.applied, 0) - coalesce(a.refunded, 0) else 0 end)::text
      as unapplied,
    p.account_id, ac.number as account_number, ac.name as account_name, ac.subtype as account_subtype, p.deposit_id,
    p.memo, p.status, p.void_date::text as void_date, p.journal_entry_id, p.created_at
  from payments p
  join companies c on c.id = p.company_id
  join accounts ac on ac.id = p.account_id
  left join lateral (
    select sum(al.amount) filter (where al.target_type = 'invoice') as applied,
      sum(al.amount) filter (where al.target_type = 'refund') as refunded
    from allocations al
    where al.source_type = 'payment' and al.source_id = p.id and al.unapplied_on is null
  ) a on true
  where p.direction = 'in' and ${where}`;

function paymentRow(row: PaymentListDbRow): PaymentRow {
  const money = (text: string) => dollarsFromCents(centsFromNumeric(text));
  return {
    id: row.id,
    company_id: row.company_id,
    company_name: row.company_name,
    payment_date: row.payment_date,
    method: row.method,
    reference: row.reference,
    amount: money(row.amount),
    applied: money(row.applied),
    refunded: money(row.refunded),
    unapplied: money(row.unapplied),
    account_id: row.account_id,
    account_number: row.account_number,
    account_name: row.account_name,
    deposit_id: row.deposit_id,
    undeposited: row.status === 'posted' && row.deposit_id === null && row.account_subtype === 'undeposited',
    memo: row.memo,
    status: row.status,
    void_date: row.void_date,
    journal_entry_id: row.journal_entry_id === null ? null : Number(row.journal_entry_id),
    created_at: new Date(row.created_at).toISOString(),
  };
}

export async function getPayment(db: DbOrTransaction, id: number): Promise<PaymentRow> {
  const result = await db.execute<PaymentListDbRow>(paymentSelect(sql`p.id = ${id}`));
  const row = result.rows[0];
  if (!row) throw notFound();
  return paymentRow(row);
}

/** The payments received list counts its filter up to this many, as the other lists do (decision 0098). */
export const PAYMENT_COUNT_CAP = 1_000;
const cappedPaymentCounts = new CappedCounts(PAYMENT_COUNT_CAP);

type PaymentFilters = Omit<PaymentListQuery, 'page' | 'per_page'>;

/** A filter's value in a statement: a placeholder of a prepared statement, or a plain parameter. */
type Bind = (name: string, value: unknown) => SQL | Placeholder;
const inline: Bind = (_name, value) => sql`${value}`;

/** The filters in SQL and their shape (the names of those present), which names the list's prepared statement. */
function paymentWhere(query: PaymentFilters, bind: Bind = inline): { where: SQL; shape: string } {
  const filters: SQL[] = [sql`true`];
  const shape: string[] = [];
  const add = (part: string, filter: SQL) => {
    shape.push(part);
    filters.push(filter);
  };
  if (query.company_id) add('company', sql`p.company_id = ${bind('company_id', query.company_id)}::int`);
  if (query.from) add('from', sql`p.payment_date >= ${bind('from', query.from)}::date`);
  if (query.to) add('to', sql`p.payment_date <= ${bind('to', query.to)}::date`);
  if (query.method) add('method', sql`p.method = ${bind('method', query.method)}`);
  if (query.undeposited)
    add('undeposited', sql`p.status = 'posted' and p.deposit_id is null and ac.subtype = 'undeposited'`);
  // payments.unapplied is kept by the database's triggers on allocations (migration 0039).
  if (query.unapplied) add('unapplied', sql`p.status = 'posted' and p.unapplied > 0`);
  return { where: sql.join(filters, sql` and `), shape: shape.join('_') || 'all' };
}

const paymentCountSql = (where: SQL) => sql`(select count(*)::int from (select 1 from payments p
  join accounts ac on ac.id = p.account_id
  where p.direction = 'in' and ${where} limit ${sql.raw(String(PAYMENT_COUNT_CAP))}) capped)`;

/**
 * A listed payment as the API's JSON (PaymentRow, the same values paymentRow gives), written by PostgreSQL by
 * concatenation (decision 0023) over paymentSelect's joins: amounts are numeric text, which JSON reads as dollars.
 */
const paymentJsonSql = sql`'{"id":' || p.id || ',"company_id":' || p.company_id
    || ',"company_name":' || ${jsonString(sql`c.name`)} || ',"payment_date":"' || p.payment_date::text || '"'
    || ',"method":' || ${jsonString(sql`p.method`)} || ',"reference":' || ${jsonString(sql`p.reference`)}
    || ',"amount":' || p.amount::text || ',"applied":' || coalesce(a.applied, 0)::text
    || ',"refunded":' || coalesce(a.refunded, 0)::text
    || ',"unapplied":' || (case when p.status = 'posted'
      then p.amount - coalesce(a.applied, 0) - coalesce(a.refunded, 0) else 0 end)::text
    || ',"account_id":' || p.account_id || ',"account_number":' || ${jsonString(sql`ac.number`)}
    || ',"account_name":' || ${jsonString(sql`ac.name`)} || ',"deposit_id":' || coalesce(p.deposit_id::text, 'null')
    || ',"undeposited":' || (p.status = 'posted' and p.deposit_id is null and ac.subtype = 'undeposited')::text
    || ',"memo":' || ${jsonString(sql`p.memo`)} || ',"status":' || ${jsonString(sql`p.status`)}
    || ',"void_date":' || coalesce('"' || p.void_date::text || '"', 'null')
    || ',"journal_entry_id":' || coalesce(p.journal_entry_id::text, 'null')
    || ',"created_at":' || ${jsonTime(sql`p.created_at`)} || '}'`;

/**
 * GET /billing/payments/received: newest first, filtered by company, dates, method, unapplied, undeposited; the
 * paginator's JSON text, written by PostgreSQL in one statement and sent as is (decision 0129;
 * billing-list-json.test.ts holds it to the contract and to paymentRow). The page sorts on the date column
 * (payments_date_idx) with one row more, and only when that row is there, or the page is empty, is the filter counted,
 * without the allocations, capped at PAYMENT_COUNT_CAP (decision 0098). One named prepared statement per filter shape
 * and page window (db/prepared.ts).
 */
export async function listPayments(
  db: Db,
  query: PaymentListQuery & { page: number; per_page: number },
): Promise<string> {
  const { page: _page, per_page: perPage, ...filters } = query;
  const values: Record<string, unknown> = {};
  const bind: Bind = (name, value) => {
    values[name] = value;
    return sql.placeholder(name);
  };
  const { where, shape } = paymentWhere(filters, bind);
  const offset = (query.page - 1) * perPage;
  const window = pageWindow(query, 1);
  const countKey = JSON.stringify(filters);
  Object.assign(values, {
    capped: cappedPaymentCounts.reachedLately(countKey),
    per_page: perPage,
    limit: perPage + 1,
    offset,
  });
  // The page's ids first, so the allocations are summed for its rows only (not for every row an offset skips); the
  // count's subquery runs only when the CASE reaches it (PostgreSQL evaluates an InitPlan on first use).
  const [written] = await runPrepared<{ rows: string; fetched: number; counted: number | null }>(
    db,
    `payments_json_${shape}_${window.key}`,
    () => sql`
    with page as (
      select p.id from payments p join accounts ac on ac.id = p.account_id where p.direction = 'in' and ${where}
      order by p.payment_date desc, p.id desc limit ${window.limit} offset ${window.offset}
    )
    select count(*)::int as fetched,
      '[' || coalesce(string_agg(r.row, ',' order by r.position)
        filter (where r.position <= ${sql.placeholder('per_page')}::int), '') || ']' as rows,
      case when count(*) = 0
          or (count(*) > ${sql.placeholder('per_page')}::int and not ${sql.placeholder('capped')}::boolean)
        then ${paymentCountSql(where)} end as counted
    from (
      select row_number() over (order by p.payment_date desc, p.id desc) as position, ${paymentJsonSql} as row
      from page
      join payments p on p.id = page.id
      join companies c on c.id = p.company_id
      join accounts ac on ac.id = p.account_id
      left join lateral (
        select sum(al.amount) filter (where al.target_type = 'invoice') as applied,
          sum(al.amount) filter (where al.target_type = 'refund') as refunded
        from allocations al
        where al.source_type = 'payment' and al.source_id = p.id and al.unapplied_on is null
      ) a on true
    ) r`,
    values,
  );
  const fetched = written?.fetched ?? 0;
  const rowCount = Math.min(fetched, perPage);
  const counted = written?.counted ?? null;
  if (counted !== null) cappedPaymentCounts.note(countKey, counted);
  // When nothing follows the page, its end is the total; else the count (the cap when it was skipped). An empty page
  // past the first answers the filter's count.
  let total = offset + rowCount;
  if (fetched > perPage) total = Math.max(counted ?? PAYMENT_COUNT_CAP, offset + fetched);
  else if (rowCount === 0 && query.page > 1) total = counted ?? 0;
  return pageJson(written?.rows ?? '[]', rowCount, total, query);
}

/**
 * Every payment received the list's filters select, newest first, for its CSV: one statement read through a cursor
 * a batch at a time (cursorBatches: one snapshot, planned once), each row shaped as the list's.
 */
export async function* paymentListRows(db: Db, query: PaymentFilters): AsyncGenerator<PaymentRow[]> {
  const { where } = paymentWhere(query);
  const batches = cursorBatches<PaymentListDbRow>(
    db,
    sql`${paymentSelect(where)} order by p.payment_date desc, p.id desc`,
  );
  for await (const batch of batches) yield batch.map(paymentRow);
}

/**
 * GET /billing/companies/{id}/receivable: the company's open invoices oldest first with balances and states, and its
 * credits (payments' unapplied remainders and posted credit notes' balances), for the Receive Payments screen.
 */
export async function getReceivable(db: Db, companyId: number): Promise<ReceivableResponse> {
  const name = await companyName(db, companyId);
  if (name === null) throw notFound();
  const { date } = await today(db);
  const invoiceRows = await db.execute<{
    id: number;
    number: string;
    invoice_date: string;
    due_date: string | null;
    total: string;
    balance: string;
  }>(sql`
    select id, number, invoice_date::text as invoice_date, due_date::text as due_date, total::text as total,
      balance::text as balance
    from invoices
    where company_id = ${companyId} and status = 'posted' and type <> 'credit_note' and balance > 0
    order by invoice_date, id`);
  const payments = await db.execute<PaymentListDbRow>(
    sql`select * from (${paymentSelect(sql`p.company_id = ${companyId} and p.status = 'posted'`)}) x
      where x.unapplied::numeric > 0 order by x.payment_date, x.id`,
  );
  const creditNotes = await db.execute<{ id: number; number: string; invoice_date: string; balance: string }>(sql`
    select id, number, invoice_date::text as invoice_date, balance::text as balance from invoices
    where company_id = ${companyId} and status = 'posted' and type = 'credit_note' and balance < 0
    order by invoice_date, id`);
  const invoices = invoiceRows.rows.map((row) => {
    const total = centsFromNumeric(row.total);
    const balance = centsFromNumeric(row.balance);
    return {
      id: row.id,
      number: row.number,
      invoice_date: row.invoice_date,
      due_date: row.due_date,
      total: dollarsFromCents(total),
      balance: dollarsFromCents(balance),
      state: invoicePaymentState({ status: 'posted', total, balance, dueDate: row.due_date }, date),
    };
  });
  const credits: ReceivableCredit[] = [
    ...payments.rows.map((row) => ({
      source_type: 'payment' as const,
      source_id: row.id,
      label: `${paymentLabel(row)} of ${row.payment_date}`,
      date: row.payment_date,
      available: dollarsFromCents(centsFromNumeric(row.unapplied)),
    })),
    ...creditNotes.rows.map((row) => ({
      source_type: 'credit_note' as const,
      source_id: row.id,
      label: row.number,
      date: row.invoice_date,
      available: dollarsFromCents(-centsFromNumeric(row.balance)),
    })),
  ];
  const open = invoiceRows.rows.reduce((sum, row) => sum + centsFromNumeric(row.balance), 0);
  const credit = [
    ...payments.rows.map((row) => centsFromNumeric(row.unapplied)),
    ...creditNotes.rows.map((row) => -centsFromNumeric(row.balance)),
  ].reduce((sum, cents) => sum + cents, 0);
  return {
    company: { id: companyId, name },
    today: date,
    invoices,
    credits,
    balance: dollarsFromCents(open - credit),
  };
}
