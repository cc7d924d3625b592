import {
  accountInUseMessage,
  alreadyReversedMessage,
  entryUnbalancedMessage,
  laborItemMessage,
  normalSign,
  onlyManualReversalMessage,
  oneSidedLineMessage,
  payableNeedsVendorMessage,
  periodClosedMessage,
  receivableNeedsCompanyMessage,
  systemAccountMessage,
  type AccountInput,
  type AccountRow,
  type AccountsResponse,
  type BillingSettings,
  type BillingSettingsInput,
  type JournalEntryRow,
  type JournalSourceType,
  type RegisterQuery,
} from '@switchboard/shared/billing/ledger';
import { billingDate } from '@switchboard/shared/billing/billing-date';
import { centsFromDollars, centsFromNumeric, dollarsFromCents } from '@switchboard/shared/billing/money';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTransaction, Transaction } from '../../db/client.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { toPage, type Page } from '../../db/paginate.ts';
import { jsonString } from '../../db/json-sql.ts';
import { ledgerSegments } from './ledger-segments.ts';
import { runPrepared, writtenInteger } from '../../db/prepared.ts';
import { conflict, notFound, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import {
  accountMonthBalances,
  accounts,
  billingSettings,
  documentNumbers,
  journalEntries,
  journalLines,
} from './ledger.table.ts';

// The general ledger (decision 0067): postJournalEntry is the one function that writes journal rows; the database's
// triggers (migration 0031) refuse what slips past it. Amounts are integer cents here, dollars at the API.

export interface PostingLine {
  accountId: number;
  /** Cents, non-negative; exactly one of debit and credit above zero. */
  debit: number;
  credit: number;
  companyId?: number | null;
  vendorId?: number | null;
  taxRateId?: number | null;
  itemId?: number | null;
  memo?: string;
}

export interface PostingEntry {
  entryDate: string;
  sourceType: JournalSourceType;
  sourceId?: number | null;
  reversesId?: number | null;
  memo?: string;
  createdBy?: number | null;
  lines: PostingLine[];
}

// --- settings and numbers ---

function settingsRow(row: typeof billingSettings.$inferSelect): BillingSettings {
  return {
    lock_date: row.lockDate,
    time_zone: row.timeZone,
    invoice_prefix: row.invoicePrefix,
    credit_note_prefix: row.creditNotePrefix,
    quote_prefix: row.quotePrefix,
    purchase_order_prefix: row.purchaseOrderPrefix,
    receipt_prefix: row.receiptPrefix,
    journal_entry_prefix: row.journalEntryPrefix,
    remit_to: row.remitTo,
    invoice_footer: row.invoiceFooter,
    late_fee_grace_days: row.lateFeeGraceDays,
    prorate_partial_months: row.proratePartialMonths,
    run_day: row.runDay,
    run_hour: row.runHour,
    labor_item_id: row.laborItemId,
  };
}

export async function getBillingSettings(db: DbOrTransaction): Promise<BillingSettings> {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.id, 1));
  if (row) return settingsRow(row);
  // The migration makes the row; a database restored without it still answers the defaults.
  const [made] = await db.insert(billingSettings).values({ id: 1 }).onConflictDoNothing().returning();
  return made ? settingsRow(made) : getBillingSettings(db);
}

/** PUT /api/billing/settings: the lock date and time zone always, the other fields when sent (omitted: unchanged). */
export async function updateBillingSettings(
  db: Db,
  input: BillingSettingsInput,
  actorId: number,
): Promise<BillingSettings> {
  await getBillingSettings(db);
  if (input.labor_item_id != null) {
    const [item] = await db
      .select({ id: billingItems.id })
      .from(billingItems)
      .where(eq(billingItems.id, input.labor_item_id));
    if (!item) throw unprocessable({ labor_item_id: [laborItemMessage] });
  }
  const [row] = await db
    .update(billingSettings)
    .set({
      lockDate: input.lock_date,
      timeZone: input.time_zone,
      invoicePrefix: input.invoice_prefix,
      creditNotePrefix: input.credit_note_prefix,
      quotePrefix: input.quote_prefix,
      purchaseOrderPrefix: input.purchase_order_prefix,
      receiptPrefix: input.receipt_prefix,
      journalEntryPrefix: input.journal_entry_prefix,
      remitTo: input.remit_to,
      invoiceFooter: input.invoice_footer,
      lateFeeGraceDays: input.late_fee_grace_days,
      proratePartialMonths: input.prorate_partial_months,
      runDay: input.run_day,
      runHour: input.run_hour,
      laborItemId: input.labor_item_id,
      updatedBy: actorId,
      updatedAt: new Date(),
    })
    .where(eq(billingSettings.id, 1))
    .returning();
  // This process's next "today" follows the new zone at once; other processes' within BILLING_TIME_ZONE_CACHE_MS.
  timeZones.delete(db);
  return settingsRow(row!);
}

/**
 * How long a process keeps the billing time zone it read: the session cache's period (decision 0024), so a change
 * made by another process counts within the same second a revoked session does. A change made through this process
 * counts at once (updateBillingSettings forgets it).
 */
export const BILLING_TIME_ZONE_CACHE_MS = 1_000;

// Per database handle (a transaction is a handle of its own, so a writer's "today" is read in its transaction).
const timeZones = new WeakMap<DbOrTransaction, { timeZone: string; readAt: number }>();

/** The billing time zone, read at most once per BILLING_TIME_ZONE_CACHE_MS per database handle. */
export async function billingTimeZone(db: DbOrTransaction, keepMs = BILLING_TIME_ZONE_CACHE_MS): Promise<string> {
  const kept = timeZones.get(db);
  const now = performance.now();
  if (kept && now - kept.readAt < keepMs) return kept.timeZone;
  const { time_zone: timeZone } = await getBillingSettings(db);
  timeZones.set(db, { timeZone, readAt: now });
  return timeZone;
}

/** Today in the billing time zone (decision 0069; the zone cached as billingTimeZone says). */
export async function billingToday(db: DbOrTransaction, now = new Date()): Promise<string> {
  return billingDate(now, await billingTimeZone(db)).date;
}

/**
 * The next gapless number of a kind (decision 0068), inside the caller's transaction: the row lock serialises one
 * kind's postings and a rollback gives the number back.
 */
export async function takeDocumentNumber(tx: Transaction, kind: string): Promise<number> {
  const [row] = await tx
    .insert(documentNumbers)
    .values({ kind, nextValue: 2 })
    .onConflictDoUpdate({ target: documentNumbers.kind, set: { nextValue: sql`${documentNumbers.nextValue} + 1` } })
    .returning({ taken: sql<string>`${documentNumbers.nextValue} - 1` });
  return Number(row!.taken);
}

export const formatDocumentNumber = (prefix: string, value: number): string =>
  `${prefix}${String(value).padStart(6, '0')}`;

// --- posting ---

const firstOfMonth = (date: string): string => `${date.slice(0, 7)}-01`;

function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/**
 * Posts one journal entry: checks its lines (one-sided integer cents, two or more, balanced, accounts that exist and
 * are active, a company on receivable lines and a vendor on payable ones) and the lock date, takes its JE- number,
 * writes entry, lines and the month rollup. Call inside the transaction of the document being posted. Errors are
 * 422s keyed as a form would show them (date, lines, lines.N.field).
 */
export async function postJournalEntry(tx: Transaction, entry: PostingEntry): Promise<{ id: number; number: string }> {
  const errors: FieldErrors = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);

  // FOR SHARE: a lock date being moved waits for this posting, and this posting sees the date it leaves.
  const [settings] = await tx.select().from(billingSettings).where(eq(billingSettings.id, 1)).for('share');
  const lockDate = settings?.lockDate ?? null;
  if (lockDate !== null && entry.entryDate <= lockDate) add('date', periodClosedMessage);

  if (entry.lines.length < 2) add('lines', 'An entry needs at least two lines.');
  let difference = 0;
  entry.lines.forEach((line, index) => {
    const valid =
      Number.isSafeInteger(line.debit) &&
      Number.isSafeInteger(line.credit) &&
      line.debit >= 0 &&
      line.credit >= 0 &&
      line.debit > 0 !== line.credit > 0;
    if (!valid) add(`lines.${index}.debit`, oneSidedLineMessage);
    difference += line.debit - line.credit;
  });
  if (difference !== 0) add('lines', entryUnbalancedMessage);

  const accountIds = [...new Set(entry.lines.map((line) => line.accountId))];
  const found = accountIds.length
    ? await tx
        .select({ id: accounts.id, subtype: accounts.subtype, active: accounts.active })
        .from(accounts)
        .where(sql`${accounts.id} = any(${sql.param(accountIds)}::int[])`)
    : [];
  const byId = new Map(found.map((row) => [row.id, row]));
  const companyIds = [...new Set(entry.lines.flatMap((line) => (line.companyId ? [line.companyId] : [])))];
  const knownCompanies = new Set<number>();
  if (companyIds.length) {
    const result = await tx.execute<{ id: number }>(
      sql`select id from companies where id = any(${sql.param(companyIds)}::int[])`,
    );
    result.rows.forEach((row) => knownCompanies.add(Number(row.id)));
  }
  entry.lines.forEach((line, index) => {
    const account = byId.get(line.accountId);
    if (!account) add(`lines.${index}.account_id`, 'The selected account is invalid.');
    else if (!account.active) add(`lines.${index}.account_id`, 'This account is inactive.');
    else if (account.subtype === 'receivable' && !line.companyId)
      add(`lines.${index}.company_id`, receivableNeedsCompanyMessage);
    else if (account.subtype === 'payable' && !line.vendorId)
      add(`lines.${index}.vendor_id`, payableNeedsVendorMessage);
    if (line.companyId && !knownCompanies.has(line.companyId))
      add(`lines.${index}.company_id`, 'The selected company is invalid.');
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);

  const prefix = settings?.journalEntryPrefix ?? 'JE-';
  const number = formatDocumentNumber(prefix, await takeDocumentNumber(tx, 'journal_entry'));
  const [created] = await tx
    .insert(journalEntries)
    .values({
      number,
      entryDate: entry.entryDate,
      sourceType: entry.sourceType,
      sourceId: entry.sourceId ?? null,
      reversesId: entry.reversesId ?? null,
      memo: entry.memo ?? '',
      createdBy: entry.createdBy ?? null,
    })
    .returning({ id: journalEntries.id });
  const entryId = created!.id;
  await tx.insert(journalLines).values(
    entry.lines.map((line, index) => ({
      entryId,
      lineNo: index + 1,
      entryDate: entry.entryDate,
      accountId: line.accountId,
      debit: line.debit,
      credit: line.credit,
      companyId: line.companyId ?? null,
      vendorId: line.vendorId ?? null,
      taxRateId: line.taxRateId ?? null,
      itemId: line.itemId ?? null,
      memo: line.memo ?? '',
    })),
  );

  // The month rollup, one row per account, in the same transaction (accounts in id order: no deadlock).
  const month = firstOfMonth(entry.entryDate);
  const sums = new Map<number, { debit: number; credit: number }>();
  for (const line of entry.lines) {
    const sum = sums.get(line.accountId) ?? { debit: 0, credit: 0 };
    sum.debit += line.debit;
    sum.credit += line.credit;
    sums.set(line.accountId, sum);
  }
  const rollup = [...sums.entries()]
    .sort(([a], [b]) => a - b)
    .map(([accountId, sum]) => ({ accountId, month, debit: sum.debit, credit: sum.credit }));
  await tx
    .insert(accountMonthBalances)
    .values(rollup)
    .onConflictDoUpdate({
      target: [accountMonthBalances.accountId, accountMonthBalances.month],
      set: {
        debit: sql`${accountMonthBalances.debit} + excluded.debit`,
        credit: sql`${accountMonthBalances.credit} + excluded.credit`,
      },
    });
  return { id: entryId, number };
}

// --- accounts ---

type AccountBase = Omit<AccountRow, 'debit' | 'credit' | 'balance'>;

function accountBase(row: typeof accounts.$inferSelect): AccountBase {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    type: row.type,
    subtype: row.subtype,
    parent_id: row.parentId,
    is_system: row.isSystem,
    active: row.active,
    description: row.description,
  };
}

/**
 * GET /billing/accounts?as_of=: every account (tree order by number) with its balance as of the date, in one named
 * prepared statement: whole months from the rollup, the as-of month from its lines up to the date or from its rollup
 * row less the lines after the date, whichever is fewer days (ledgerSegments, decision 0137). An unused range is empty.
 */
export async function listAccounts(db: Db, asOf: string): Promise<AccountsResponse> {
  const { rollupFrom, rollupUntil, plus, minus } = ledgerSegments(null, asOf);
  // From the beginning, only the as-of month can be partial: one range at most on each side.
  const none = { from: rollupFrom, until: rollupFrom };
  const [added = none] = plus;
  const [taken = none] = minus;
  const rows = await runPrepared<{
    id: number;
    number: string;
    name: string;
    type: AccountRow['type'];
    subtype: AccountRow['subtype'];
    parent_id: number | null;
    is_system: boolean;
    active: boolean;
    description: string;
    debit: string;
    credit: string;
  }>(
    db,
    'accounts_as_of',
    () => sql`
    select a.id, a.number, a.name, a.type, a.subtype, a.parent_id, a.is_system, a.active, a.description,
      coalesce(s.debit, 0)::text as debit, coalesce(s.credit, 0)::text as credit
    from accounts a
    left join (
      select account_id, sum(debit) as debit, sum(credit) as credit from (
        select b.account_id, b.debit, b.credit from account_month_balances b
        where b.month >= ${sql.placeholder('rollup_from')}::date and b.month < ${sql.placeholder('rollup_until')}::date
        union all
        select l.account_id, l.debit, l.credit from journal_lines l
        where l.entry_date >= ${sql.placeholder('plus_from')}::date
          and l.entry_date < ${sql.placeholder('plus_until')}::date
        union all
        select l.account_id, -l.debit, -l.credit from journal_lines l
        where l.entry_date >= ${sql.placeholder('minus_from')}::date
          and l.entry_date < ${sql.placeholder('minus_until')}::date
      ) u group by account_id
    ) s on s.account_id = a.id
    order by a.number`,
    {
      rollup_from: rollupFrom,
      rollup_until: rollupUntil,
      plus_from: added.from,
      plus_until: added.until,
      minus_from: taken.from,
      minus_until: taken.until,
    },
  );
  let difference = 0;
  const data = rows.map((row) => {
    const debit = centsFromNumeric(row.debit);
    const credit = centsFromNumeric(row.credit);
    difference += debit - credit;
    return {
      id: row.id,
      number: row.number,
      name: row.name,
      type: row.type,
      subtype: row.subtype,
      parent_id: row.parent_id,
      is_system: row.is_system,
      active: row.active,
      description: row.description,
      debit: dollarsFromCents(debit),
      credit: dollarsFromCents(credit),
      balance: dollarsFromCents((debit - credit) * normalSign(row.type)),
    };
  });
  return { data, as_of: asOf, trial_balance_difference: dollarsFromCents(difference) };
}

async function findAccount(db: DbOrTransaction, id: number) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
  if (!row) throw notFound();
  return row;
}

async function checkParent(db: DbOrTransaction, input: AccountInput, selfId?: number): Promise<void> {
  if (input.parent_id === null) return;
  const [parent] = await db.select().from(accounts).where(eq(accounts.id, input.parent_id));
  if (!parent) throw unprocessable({ parent_id: ['The selected parent account is invalid.'] });
  if (parent.type !== input.type)
    throw unprocessable({ parent_id: ['A sub-account has the type of its parent account.'] });
  // No cycles: walk up from the parent.
  let current: typeof parent | undefined = parent;
  for (let depth = 0; current && depth < 50; depth += 1) {
    if (current.id === selfId) throw unprocessable({ parent_id: ['An account cannot be under itself.'] });
    if (current.parentId === null) return;
    [current] = await db.select().from(accounts).where(eq(accounts.id, current.parentId));
  }
}

async function checkNumberFree(db: DbOrTransaction, number: string, selfId?: number): Promise<void> {
  const [taken] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.number, number));
  if (taken && taken.id !== selfId) throw unprocessable({ number: ['The number has already been taken.'] });
}

export async function createAccount(db: Db, input: AccountInput): Promise<AccountBase> {
  await checkNumberFree(db, input.number);
  await checkParent(db, input);
  const [row] = await db
    .insert(accounts)
    .values({
      number: input.number,
      name: input.name,
      type: input.type,
      subtype: input.subtype,
      parentId: input.parent_id,
      active: input.active,
      description: input.description,
    })
    .returning();
  return accountBase(row!);
}

export async function updateAccount(db: Db, id: number, input: AccountInput): Promise<AccountBase> {
  const current = await findAccount(db, id);
  if (current.isSystem && (input.type !== current.type || input.subtype !== current.subtype))
    throw unprocessable({ type: [systemAccountMessage] });
  if (current.isSystem && !input.active) throw unprocessable({ active: [systemAccountMessage] });
  await checkNumberFree(db, input.number, id);
  await checkParent(db, input, id);
  if (input.type !== current.type) {
    const [used] = await db
      .select({ id: journalLines.id })
      .from(journalLines)
      .where(eq(journalLines.accountId, id))
      .limit(1);
    if (used) throw unprocessable({ type: ['An account with posted lines keeps its type.'] });
    const [child] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.parentId, id)).limit(1);
    if (child) throw unprocessable({ type: ['A sub-account has the type of its parent account.'] });
  }
  const [row] = await db
    .update(accounts)
    .set({
      number: input.number,
      name: input.name,
      type: input.type,
      subtype: input.subtype,
      parentId: input.parent_id,
      active: input.active,
      description: input.description,
      updatedAt: new Date(),
    })
    .where(eq(accounts.id, id))
    .returning();
  return accountBase(row!);
}

export async function deleteAccount(db: Db, id: number): Promise<void> {
  const current = await findAccount(db, id);
  if (current.isSystem) throw unprocessable({ id: [systemAccountMessage] }, systemAccountMessage);
  const [used] = await db
    .select({ id: journalLines.id })
    .from(journalLines)
    .where(eq(journalLines.accountId, id))
    .limit(1);
  const [child] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.parentId, id)).limit(1);
  if (used || child) throw unprocessable({ id: [accountInUseMessage] }, accountInUseMessage);
  await db.delete(accounts).where(eq(accounts.id, id));
}

// --- journal entries ---

type EntryLineDbRow = {
  id: string;
  entry_id: string;
  line_no: number;
  account_id: number;
  account_number: string;
  account_name: string;
  debit: string;
  credit: string;
  company_id: number | null;
  company_name: string | null;
  vendor_id: number | null;
  memo: string;
};

async function entryLines(db: DbOrTransaction, entryIds: number[]): Promise<Map<number, JournalEntryRow['lines']>> {
  const byEntry = new Map<number, JournalEntryRow['lines']>();
  if (entryIds.length === 0) return byEntry;
  const result = await db.execute<EntryLineDbRow>(sql`
    select l.id, l.entry_id, l.line_no, l.account_id, a.number as account_number, a.name as account_name,
      l.debit::text as debit, l.credit::text as credit, l.company_id, c.name as company_name, l.vendor_id, l.memo
    from journal_lines l
    join accounts a on a.id = l.account_id
    left join companies c on c.id = l.company_id
    where l.entry_id = any(${sql.param(entryIds)}::bigint[])
    order by l.entry_id, l.line_no`);
  for (const row of result.rows) {
    const list = byEntry.get(Number(row.entry_id)) ?? [];
    list.push({
      id: Number(row.id),
      line_no: row.line_no,
      account_id: row.account_id,
      account_number: row.account_number,
      account_name: row.account_name,
      debit: dollarsFromCents(centsFromNumeric(row.debit)),
      credit: dollarsFromCents(centsFromNumeric(row.credit)),
      company_id: row.company_id,
      company_name: row.company_name,
      vendor_id: row.vendor_id,
      memo: row.memo,
    });
    byEntry.set(Number(row.entry_id), list);
  }
  return byEntry;
}

type EntryDbRow = {
  id: string;
  number: string;
  entry_date: string;
  source_type: JournalSourceType;
  source_id: number | null;
  reverses_id: string | null;
  reversed_by_id: string | null;
  memo: string;
  created_by: number | null;
  created_at: Date | string;
};

const entryColumns = sql`e.id, e.number, e.entry_date::text as entry_date, e.source_type, e.source_id, e.reverses_id,
  (select r.id from journal_entries r where r.reverses_id = e.id) as reversed_by_id, e.memo, e.created_by, e.created_at`;

function entryRow(row: EntryDbRow, lines: JournalEntryRow['lines']): JournalEntryRow {
  const total = lines.reduce((sum, line) => sum + centsFromNumeric(line.debit.toFixed(2)), 0);
  return {
    id: Number(row.id),
    number: row.number,
    entry_date: row.entry_date,
    source_type: row.source_type,
    source_id: row.source_id,
    reverses_id: row.reverses_id === null ? null : Number(row.reverses_id),
    reversed_by_id: row.reversed_by_id === null ? null : Number(row.reversed_by_id),
    memo: row.memo,
    created_by: row.created_by,
    created_at: new Date(row.created_at).toISOString(),
    total: dollarsFromCents(total),
    lines,
  };
}

export async function getJournalEntry(db: DbOrTransaction, id: number): Promise<JournalEntryRow> {
  const result = await db.execute<EntryDbRow>(sql`select ${entryColumns} from journal_entries e where e.id = ${id}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  return entryRow(row, (await entryLines(db, [id])).get(id) ?? []);
}

export async function listJournalEntries(
  db: Db,
  query: { page: number; per_page: number; source_type?: JournalSourceType; from?: string; to?: string },
): Promise<Page<JournalEntryRow>> {
  const where = sql.join(
    [
      sql`true`,
      query.source_type ? sql`e.source_type = ${query.source_type}` : sql`true`,
      query.from ? sql`e.entry_date >= ${query.from}::date` : sql`true`,
      query.to ? sql`e.entry_date <= ${query.to}::date` : sql`true`,
    ],
    sql` and `,
  );
  const count = await db.execute<{ n: string }>(sql`select count(*)::text as n from journal_entries e where ${where}`);
  const rows = await db.execute<EntryDbRow>(sql`
    select ${entryColumns} from journal_entries e where ${where}
    order by e.entry_date desc, e.id desc limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`);
  const lines = await entryLines(
    db,
    rows.rows.map((row) => Number(row.id)),
  );
  return toPage(
    rows.rows.map((row) => entryRow(row, lines.get(Number(row.id)) ?? [])),
    Number(count.rows[0]!.n),
    query,
  );
}

export interface ManualEntryInput {
  date: string;
  memo: string;
  lines: {
    account_id: number;
    debit: number;
    credit: number;
    company_id?: number | null;
    vendor_id?: number | null;
    memo: string;
  }[];
}

/** POST /billing/journal-entries: a manual entry ('manage accounting'). */
export async function createManualEntry(db: Db, input: ManualEntryInput, actorId: number): Promise<JournalEntryRow> {
  const id = await db.transaction(async (tx) => {
    const posted = await postJournalEntry(tx, {
      entryDate: input.date,
      sourceType: 'manual',
      memo: input.memo,
      createdBy: actorId,
      lines: input.lines.map((line) => ({
        accountId: line.account_id,
        debit: centsFromDollars(line.debit) ?? Number.NaN,
        credit: centsFromDollars(line.credit) ?? Number.NaN,
        companyId: line.company_id ?? null,
        vendorId: line.vendor_id ?? null,
        memo: line.memo,
      })),
    });
    return posted.id;
  });
  return getJournalEntry(db, id);
}

/**
 * POST /billing/journal-entries/{id}/reverse: the mirror entry, dated `date` (422 when closed) or, left out, today
 * in the billing time zone, moved to the first open day when today is closed. Manual entries only: a document's
 * entry is reversed by voiding the document, so its sub-ledger follows.
 */
export async function reverseJournalEntry(
  db: Db,
  id: number,
  input: { date?: string; memo?: string },
  actorId: number,
): Promise<JournalEntryRow> {
  const newId = await db.transaction(async (tx) => {
    // Lock the original: two reversals at once wait here, the second finds the first.
    const locked = await tx.execute<{ id: string; source_type: string; number: string }>(
      sql`select id, source_type, number from journal_entries where id = ${id} for share`,
    );
    const original = locked.rows[0];
    if (!original) throw notFound();
    if (original.source_type !== 'manual')
      throw unprocessable({ id: [onlyManualReversalMessage] }, onlyManualReversalMessage);
    const [already] = await tx
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(eq(journalEntries.reversesId, id));
    if (already) throw conflict(alreadyReversedMessage);
    const settings = await getBillingSettings(tx);
    let date = input.date ?? billingDate(new Date(), settings.time_zone).date;
    if (!input.date && settings.lock_date !== null && date <= settings.lock_date) date = addDays(settings.lock_date, 1);
    const lines = await tx.select().from(journalLines).where(eq(journalLines.entryId, id)).orderBy(journalLines.lineNo);
    const posted = await postJournalEntry(tx, {
      entryDate: date,
      sourceType: 'reversal',
      sourceId: null,
      reversesId: id,
      memo: input.memo ?? `Reversal of ${original.number}`,
      createdBy: actorId,
      lines: lines.map((line) => ({
        accountId: line.accountId,
        debit: line.credit,
        credit: line.debit,
        companyId: line.companyId,
        vendorId: line.vendorId,
        taxRateId: line.taxRateId,
        itemId: line.itemId,
        memo: line.memo,
      })),
    });
    return posted.id;
  });
  return getJournalEntry(db, newId);
}

// --- register ---

/**
 * Debits minus credits of an account's lines before the key (b_date, b_line): rollup months before b_month, then
 * lines, as numeric. Placeholders account, b_month, b_date, b_line (balanceValues).
 */
const balanceBeforeSql = sql`(coalesce((select sum(debit - credit) from account_month_balances
    where account_id = ${sql.placeholder('account')}::int and month < ${sql.placeholder('b_month')}::date), 0)
  + coalesce((select sum(debit - credit) from journal_lines
    where account_id = ${sql.placeholder('account')}::int and entry_date >= ${sql.placeholder('b_month')}::date
      and (entry_date, id) < (${sql.placeholder('b_date')}::date, ${sql.placeholder('b_line')}::bigint)), 0))`;

const balanceValues = (date: string, lineId: number) => ({ b_month: firstOfMonth(date), b_date: date, b_line: lineId });

/** A nullable value PostgreSQL prints as JSON already (a number), or JSON null. */
const jsonOrNull = (value: SQL) => sql`coalesce(${value}::text, 'null')`;

/** The register's account as the API's JSON (accountBase's fields). */
const accountJsonSql = sql`'{"id":' || a.id || ',"number":' || ${jsonString(sql`a.number`)}
    || ',"name":' || ${jsonString(sql`a.name`)} || ',"type":' || ${jsonString(sql`a.type`)}
    || ',"subtype":' || ${jsonString(sql`a.subtype`)} || ',"parent_id":' || ${jsonOrNull(sql`a.parent_id`)}
    || ',"is_system":' || a.is_system::text || ',"active":' || a.active::text
    || ',"description":' || ${jsonString(sql`a.description`)} || '}'`;

/** A register row as the API's JSON (RegisterRow); `balance` is the account's balance after it, normal side. */
const registerRowJsonSql = sql`'{"id":' || s.id || ',"entry_id":' || s.entry_id
    || ',"entry_number":' || ${jsonString(sql`s.entry_number`)} || ',"entry_date":"' || s.entry_date::text || '"'
    || ',"source_type":' || ${jsonString(sql`s.source_type`)} || ',"source_id":' || ${jsonOrNull(sql`s.source_id`)}
    || ',"reverses_id":' || ${jsonOrNull(sql`s.reverses_id`)} || ',"reversed":' || s.reversed::text
    || ',"company_id":' || ${jsonOrNull(sql`s.company_id`)}
    || ',"company_name":' || coalesce(${jsonString(sql`s.company_name`)}, 'null')
    || ',"vendor_id":' || ${jsonOrNull(sql`s.vendor_id`)} || ',"memo":' || ${jsonString(sql`s.memo`)}
    || ',"debit":' || s.debit::text || ',"credit":' || s.credit::text
    || ',"balance":' || ((b.base + coalesce(run.cumulative, 0)) * sign.value)::text || '}'`;

/**
 * GET /billing/accounts/{id}/register: the account's lines in (date, id) order, keyset-paged by `after`, with the
 * running balance of the account (all its lines, whatever the filters) after each; the first page also carries the
 * opening balance (the balance before `from`). The answer's JSON text (RegisterResponse), written by PostgreSQL in one
 * named prepared statement per filter shape and page length and sent as is (decision 0129): the account, the
 * page with one row more, the balance before its start and the running sums up to its last row. No row: 404.
 */
export async function getRegister(db: Db, accountId: number, query: RegisterQuery): Promise<string> {
  const [afterDate, afterId] = query.after ? [query.after.slice(0, 10), Number(query.after.slice(11))] : [null, 0];
  // The first page with no `from` starts at the account's first line: nothing comes before it (opening balance 0).
  const fromStart = !afterDate && !query.from;
  const startDate = afterDate ?? query.from ?? '0001-01-01';
  const values: Record<string, unknown> = { account: accountId };
  const shape: string[] = [afterDate ? 'after' : fromStart ? 'start' : 'from'];
  const startKey = afterDate
    ? sql`(l.entry_date, l.id) > (${sql.placeholder('after_date')}::date, ${sql.placeholder('after_id')}::bigint)`
    : fromStart
      ? sql`true`
      : sql`l.entry_date >= ${sql.placeholder('start')}::date`;
  if (afterDate) Object.assign(values, { after_date: afterDate, after_id: afterId });
  else if (!fromStart) values.start = startDate;
  const filters: SQL[] = [sql`l.account_id = ${sql.placeholder('account')}::int`, startKey];
  const add = (part: string, value: unknown, filter: SQL) => {
    shape.push(part);
    values[part] = value;
    filters.push(filter);
  };
  if (query.to) add('to', query.to, sql`l.entry_date <= ${sql.placeholder('to')}::date`);
  if (query.company_id) add('company', query.company_id, sql`l.company_id = ${sql.placeholder('company')}::int`);
  if (query.vendor_id) add('vendor', query.vendor_id, sql`l.vendor_id = ${sql.placeholder('vendor')}::int`);
  if (query.source_type) add('source', query.source_type, sql`e.source_type = ${sql.placeholder('source')}`);
  const narrowed = Boolean(query.company_id || query.vendor_id || query.source_type);
  if (!fromStart) Object.assign(values, balanceValues(afterDate ?? startDate, afterDate ? afterId + 1 : 0));
  // The page length is written into the text (a LIMIT parameter would be planned again on every call).
  const shown = writtenInteger(query.per_page);
  // Every line of the account (filtered or not) from the page's start to its last row, summed in key order. From the
  // account's start without a company, vendor or source filter those lines are the page's own: no second scan, and
  // no date parameter whose generic estimate (a guessed range) could make PostgreSQL plan the statement on every call
  // (461db6b, reverted in f368995, did this for every unfiltered page: 1.73 ms planning each time).
  const run =
    fromStart && !narrowed
      ? sql`select s.id, sum(s.debit - s.credit) over (order by s.entry_date, s.id) as cumulative from shown s`
      : sql`
      select l.id, sum(l.debit - l.credit) over (order by l.entry_date, l.id) as cumulative
      from journal_lines l
      where l.account_id = ${sql.placeholder('account')}::int and ${startKey}
        and (l.entry_date, l.id)
          <= (select s.entry_date, s.id from shown s order by s.entry_date desc, s.id desc limit 1)`;
  const [written] = await runPrepared<{ body: string }>(
    db,
    `register_json_${shape.join('_')}_${query.per_page + 1}`,
    () => sql`
    with page as (
      select l.id, l.entry_id, e.number as entry_number, l.entry_date, e.source_type, e.source_id, e.reverses_id,
        rv.reversed is not null as reversed, l.company_id, c.name as company_name, l.vendor_id,
        coalesce(nullif(l.memo, ''), e.memo) as memo, l.debit, l.credit
      from journal_lines l
      join journal_entries e on e.id = l.entry_id
      left join companies c on c.id = l.company_id
      -- A lateral probe per row: as an EXISTS the planner hashed the whole reverses_id index on every page (bench).
      left join lateral (select true as reversed from journal_entries r where r.reverses_id = e.id limit 1) rv on true
      where ${sql.join(filters, sql` and `)}
      order by l.entry_date, l.id
      limit ${writtenInteger(query.per_page + 1)}
    ),
    shown as (select * from page order by entry_date, id limit ${shown}),
    run as (${run}),
    b as (select ${fromStart ? sql`0::numeric` : balanceBeforeSql} as base)
    select '{"account":' || ${accountJsonSql}
      || ',"opening_balance":' || ${query.after ? sql`'null'` : sql`(b.base * sign.value)::text`}
      || ',"data":[' || coalesce((select string_agg(${registerRowJsonSql}, ',' order by s.entry_date, s.id)
        from shown s left join run on run.id = s.id), '') || ']'
      || ',"next_cursor":' || coalesce((select '"' || s.entry_date::text || '.' || s.id || '"' from shown s
        where (select count(*) from page) > ${shown} order by s.entry_date desc, s.id desc limit 1), 'null')
      || ',"per_page":' || ${shown} || '}' as body
    from accounts a
    cross join b
    cross join lateral (select case when a.type in ('asset', 'expense') then 1 else -1 end as value) sign
    where a.id = ${sql.placeholder('account')}::int`,
    values,
  );
  if (!written) throw notFound();
  return written.body;
}
