import {
  differenceNotZeroMessage,
  draftExistsMessage,
  finishedReadOnlyMessage,
  lineNotAvailableMessage,
  notBankAccountMessage,
  notDraftMessage,
  onlyLastUndoMessage,
  statementDateAfterLastMessage,
  undoWithDraftMessage,
  type BankAccountReconciliationStatus,
  type BankReconciliation,
  type BankReconciliationInput,
  type BankReconciliationLine,
  type BankReconciliationTick,
  type BankReconciliationUpdate,
} from '@switchboard/shared/billing/bank-reconciliation';
import {
  centsFromDollars,
  centsFromNumeric,
  dollarsFromCents,
  numericFromCents,
} from '@switchboard/shared/billing/money';
import { reconciliationDifferenceCents } from '@switchboard/shared/billing/bank-reconciliation';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTransaction, Transaction } from '../../db/client.ts';
import { toPage, type Page, type PageQuery } from '../../db/paginate.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { csvNumeric, cursorBatches, type CsvValue } from './billing-report-csv.ts';

// Bank reconciliation (decision 0126): one draft per bank account at a time; the opening balance is the previous
// finished reconciliation's statement balance; Finish needs statement - (opening + cleared) = 0. Every write on an
// account runs under one advisory lock, and the migration's triggers hold the same rules at the database.

/** Serialises the reconciliation writes of one account (the migration's trigger takes the same lock). */
async function lockAccount(tx: Transaction, accountId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('bank_reconciliation'), ${accountId}::int)`);
}

async function requireBankAccount(db: DbOrTransaction, accountId: number): Promise<void> {
  const result = await db.execute<{ id: number }>(
    sql`select id from accounts where id = ${accountId} and type = 'asset' and subtype = 'bank'`,
  );
  if (result.rows.length === 0) throw unprocessable({ account_id: [notBankAccountMessage] });
}

const refuse = (field: string, message: string) => unprocessable({ [field]: [message] }, message);

type ReconciliationDbRow = {
  id: number;
  account_id: number;
  account_number: string;
  account_name: string;
  statement_date: string;
  statement_balance: string;
  status: 'draft' | 'finished';
  opening_balance: string;
  cleared_balance: string;
  cleared_count: number;
  is_last_finished: boolean;
  finished_at: string | null;
  finished_by_id: number | null;
  finished_by_name: string | null;
  created_at: string;
};

const reconciliationSelect = sql`
  select r.id, r.account_id, a.number as account_number, a.name as account_name,
    r.statement_date::text as statement_date, r.statement_balance::text as statement_balance, r.status,
    coalesce(r.opening_balance, (
      select p.statement_balance from bank_reconciliations p
      where p.account_id = r.account_id and p.status = 'finished' and p.id <> r.id
      order by p.statement_date desc limit 1), 0)::text as opening_balance,
    coalesce(cl.total, 0)::text as cleared_balance, coalesce(cl.lines, 0)::int as cleared_count,
    r.status = 'finished' and not exists (
      select 1 from bank_reconciliations n where n.account_id = r.account_id and n.status = 'finished'
        and n.statement_date > r.statement_date) as is_last_finished,
    to_char(r.finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as finished_at,
    u.id as finished_by_id, u.name as finished_by_name,
    to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
  from bank_reconciliations r
  join accounts a on a.id = r.account_id
  left join users u on u.id = r.finished_by
  left join lateral (
    select sum(l.debit - l.credit) as total, count(*) as lines
    from bank_reconciliation_lines c join journal_lines l on l.id = c.journal_line_id
    where c.reconciliation_id = r.id) cl on true`;

function presentReconciliation(row: ReconciliationDbRow): BankReconciliation {
  const statement = centsFromNumeric(row.statement_balance);
  const opening = centsFromNumeric(row.opening_balance);
  const cleared = centsFromNumeric(row.cleared_balance);
  const difference = reconciliationDifferenceCents(statement, opening, [{ deposit: cleared, payment: 0 }]);
  return {
    id: row.id,
    account: { id: row.account_id, number: row.account_number, name: row.account_name },
    statement_date: row.statement_date,
    statement_balance: dollarsFromCents(statement),
    status: row.status,
    opening_balance: dollarsFromCents(opening),
    cleared_balance: dollarsFromCents(cleared),
    cleared_count: row.cleared_count,
    difference: dollarsFromCents(difference),
    is_last_finished: row.is_last_finished,
    finished_at: row.finished_at,
    finished_by: row.finished_by_id === null ? null : { id: row.finished_by_id, name: row.finished_by_name ?? '' },
    created_at: row.created_at,
  };
}

export async function getReconciliation(db: DbOrTransaction, id: number): Promise<BankReconciliation> {
  const result = await db.execute<ReconciliationDbRow>(sql`${reconciliationSelect} where r.id = ${id}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  return presentReconciliation(row);
}

export async function listReconciliations(
  db: Db,
  query: PageQuery & { account_id?: number },
): Promise<Page<BankReconciliation>> {
  const where = query.account_id === undefined ? sql`true` : sql`r.account_id = ${query.account_id}`;
  const count = await db.execute<{ total: number }>(
    sql`select count(*)::int as total from bank_reconciliations r where ${where}`,
  );
  const rows = await db.execute<ReconciliationDbRow>(sql`${reconciliationSelect} where ${where}
    order by r.statement_date desc, r.id desc limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`);
  return toPage(rows.rows.map(presentReconciliation), count.rows[0]?.total ?? 0, query);
}

/** Each bank account with its last finished reconciliation, the posted lines not cleared yet and its open draft. */
export async function listBankAccountStatuses(db: Db): Promise<BankAccountReconciliationStatus[]> {
  const result = await db.execute<{
    id: number;
    number: string;
    name: string;
    active: boolean;
    last_date: string | null;
    last_balance: string | null;
    uncleared: number;
    draft_id: number | null;
  }>(sql`
    select a.id, a.number, a.name, a.active, lf.statement_date::text as last_date,
      lf.statement_balance::text as last_balance, d.id as draft_id,
      (select count(*)::int from journal_lines l
        where l.account_id = a.id and not exists (
          select 1 from bank_reconciliation_lines c
          join bank_reconciliations cr on cr.id = c.reconciliation_id and cr.status = 'finished'
          where c.journal_line_id = l.id)) as uncleared
    from accounts a
    left join lateral (
      select f.statement_date, f.statement_balance from bank_reconciliations f
      where f.account_id = a.id and f.status = 'finished' order by f.statement_date desc limit 1) lf on true
    left join bank_reconciliations d on d.account_id = a.id and d.status = 'draft'
    where a.type = 'asset' and a.subtype = 'bank'
    order by a.number`);
  return result.rows.map((row) => ({
    account: { id: row.id, number: row.number, name: row.name, active: row.active },
    last_reconciled_date: row.last_date,
    last_statement_balance: row.last_balance === null ? null : dollarsFromCents(centsFromNumeric(row.last_balance)),
    uncleared_count: row.uncleared,
    draft_id: row.draft_id,
  }));
}

async function lastFinishedDate(tx: Transaction, accountId: number, exceptId = 0): Promise<string | null> {
  const result = await tx.execute<{ statement_date: string }>(sql`
    select statement_date::text as statement_date from bank_reconciliations
    where account_id = ${accountId} and status = 'finished' and id <> ${exceptId}
    order by statement_date desc limit 1`);
  return result.rows[0]?.statement_date ?? null;
}

async function checkStatementDate(tx: Transaction, accountId: number, date: string, exceptId = 0): Promise<void> {
  const last = await lastFinishedDate(tx, accountId, exceptId);
  if (last !== null && date <= last) throw refuse('statement_date', statementDateAfterLastMessage);
}

const cents = (dollars: number): number => centsFromDollars(dollars) ?? 0;

export async function createReconciliation(
  db: Db,
  input: BankReconciliationInput,
  actorId: number,
): Promise<BankReconciliation> {
  return db.transaction(async (tx) => {
    await requireBankAccount(tx, input.account_id);
    await lockAccount(tx, input.account_id);
    const draft = await tx.execute(
      sql`select 1 from bank_reconciliations where account_id = ${input.account_id} and status = 'draft'`,
    );
    if (draft.rows.length > 0) throw refuse('account_id', draftExistsMessage);
    await checkStatementDate(tx, input.account_id, input.statement_date);
    const inserted = await tx.execute<{ id: number }>(sql`
      insert into bank_reconciliations (account_id, statement_date, statement_balance, created_by)
      values (${input.account_id}, ${input.statement_date},
        ${numericFromCents(cents(input.statement_balance))}::numeric(14, 2),
        ${actorId})
      returning id`);
    return getReconciliation(tx, inserted.rows[0]!.id);
  });
}

/** The reconciliation's account and state, its account locked for the rest of the transaction. */
async function lockReconciliation(tx: Transaction, id: number) {
  const found = await tx.execute<{ account_id: number }>(
    sql`select account_id from bank_reconciliations where id = ${id}`,
  );
  const accountId = found.rows[0]?.account_id;
  if (accountId === undefined) throw notFound();
  await lockAccount(tx, accountId);
  const locked = await tx.execute<{ account_id: number; status: 'draft' | 'finished'; statement_date: string }>(sql`
    select account_id, status, statement_date::text as statement_date from bank_reconciliations
    where id = ${id} for update`);
  const row = locked.rows[0];
  if (!row) throw notFound();
  return row;
}

async function lockDraft(tx: Transaction, id: number) {
  const row = await lockReconciliation(tx, id);
  if (row.status !== 'draft') throw refuse('status', finishedReadOnlyMessage);
  return row;
}

export async function updateReconciliation(
  db: Db,
  id: number,
  input: BankReconciliationUpdate,
): Promise<BankReconciliation> {
  return db.transaction(async (tx) => {
    const row = await lockDraft(tx, id);
    await checkStatementDate(tx, row.account_id, input.statement_date, id);
    // Lines dated after an earlier statement date cannot be on that statement: their ticks go.
    await tx.execute(sql`
      delete from bank_reconciliation_lines c using journal_lines l
      where c.reconciliation_id = ${id} and l.id = c.journal_line_id and l.entry_date > ${input.statement_date}::date`);
    await tx.execute(sql`
      update bank_reconciliations set statement_date = ${input.statement_date},
        statement_balance = ${numericFromCents(cents(input.statement_balance))}::numeric(14, 2)
      where id = ${id}`);
    return getReconciliation(tx, id);
  });
}

export async function tickLines(db: Db, id: number, input: BankReconciliationTick): Promise<BankReconciliation> {
  return db.transaction(async (tx) => {
    const row = await lockDraft(tx, id);
    const ids = [...new Set(input.journal_line_ids)];
    const idList = sql.join(
      ids.map((lineId) => sql`${lineId}::bigint`),
      sql`, `,
    );
    if (input.cleared) {
      const available = await tx.execute<{ total: number }>(sql`
        select count(*)::int as total from journal_lines l
        where l.id in (${idList}) and l.account_id = ${row.account_id} and l.entry_date <= ${row.statement_date}::date
          and not exists (select 1 from bank_reconciliation_lines c where c.journal_line_id = l.id
            and c.reconciliation_id <> ${id})`);
      if (available.rows[0]?.total !== ids.length) throw refuse('journal_line_ids', lineNotAvailableMessage);
      await tx.execute(sql`
        insert into bank_reconciliation_lines (reconciliation_id, journal_line_id)
        select ${id}, l.id from journal_lines l where l.id in (${idList})
        on conflict do nothing`);
    } else {
      await tx.execute(
        sql`delete from bank_reconciliation_lines where reconciliation_id = ${id} and journal_line_id in (${idList})`,
      );
    }
    return getReconciliation(tx, id);
  });
}

type LineDbRow = {
  id: number;
  entry_id: number;
  entry_number: string;
  entry_date: string;
  memo: string;
  debit: string;
  credit: string;
  cleared: boolean;
};

/**
 * A draft's candidate lines (posted lines of the account dated on or before the statement date that no other
 * reconciliation cleared), with their ticks; a finished reconciliation's cleared lines. Date order, paged.
 */
export async function listReconciliationLines(
  db: Db,
  id: number,
  query: PageQuery & { show: 'all' | 'cleared' | 'uncleared' },
): Promise<Page<BankReconciliationLine>> {
  const found = await db.execute<{ account_id: number; status: string; statement_date: string }>(sql`
    select account_id, status, statement_date::text as statement_date from bank_reconciliations where id = ${id}`);
  const rec = found.rows[0];
  if (!rec) throw notFound();
  const show = rec.status === 'finished' ? 'cleared' : query.show;
  const filters: SQL[] = [
    sql`l.account_id = ${rec.account_id}`,
    sql`l.entry_date <= ${rec.statement_date}::date`,
    sql`(c.reconciliation_id is null or c.reconciliation_id = ${id})`,
  ];
  if (show === 'cleared') filters.push(sql`c.reconciliation_id = ${id}`);
  if (show === 'uncleared') filters.push(sql`c.reconciliation_id is null`);
  const where = sql.join(filters, sql` and `);
  const count = await db.execute<{ total: number }>(sql`
    select count(*)::int as total from journal_lines l
    left join bank_reconciliation_lines c on c.journal_line_id = l.id where ${where}`);
  const rows = await db.execute<LineDbRow>(sql`
    select l.id, l.entry_id, e.number as entry_number, l.entry_date::text as entry_date,
      coalesce(nullif(l.memo, ''), e.memo) as memo, l.debit::text as debit, l.credit::text as credit,
      c.reconciliation_id is not null as cleared
    from journal_lines l
    join journal_entries e on e.id = l.entry_id
    left join bank_reconciliation_lines c on c.journal_line_id = l.id
    where ${where}
    order by l.entry_date, l.id
    limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`);
  const data = rows.rows.map((row) => ({
    id: Number(row.id),
    entry_id: Number(row.entry_id),
    entry_number: row.entry_number,
    entry_date: row.entry_date,
    memo: row.memo,
    deposit: dollarsFromCents(centsFromNumeric(row.debit)),
    payment: dollarsFromCents(centsFromNumeric(row.credit)),
    cleared: row.cleared,
  }));
  return toPage(data, count.rows[0]?.total ?? 0, query);
}

export async function finishReconciliation(db: Db, id: number, actorId: number): Promise<BankReconciliation> {
  return db.transaction(async (tx) => {
    const row = await lockReconciliation(tx, id);
    if (row.status !== 'draft') throw refuse('status', notDraftMessage);
    await checkStatementDate(tx, row.account_id, row.statement_date, id);
    const current = await getReconciliation(tx, id);
    if (current.difference !== 0) throw refuse('difference', differenceNotZeroMessage);
    await tx.execute(
      sql`update bank_reconciliations set status = 'finished', finished_by = ${actorId} where id = ${id}`,
    );
    return getReconciliation(tx, id);
  });
}

/** Reopens the account's last finished reconciliation as a draft, its ticks kept ('manage accounting'). */
export async function undoReconciliation(db: Db, id: number): Promise<BankReconciliation> {
  return db.transaction(async (tx) => {
    const row = await lockReconciliation(tx, id);
    if (row.status !== 'finished') throw refuse('status', onlyLastUndoMessage);
    const later = await tx.execute(sql`
      select 1 from bank_reconciliations where account_id = ${row.account_id} and status = 'finished'
        and id <> ${id} and statement_date >= ${row.statement_date}::date`);
    if (later.rows.length > 0) throw refuse('status', onlyLastUndoMessage);
    const draft = await tx.execute(
      sql`select 1 from bank_reconciliations where account_id = ${row.account_id} and status = 'draft'`,
    );
    if (draft.rows.length > 0) throw refuse('status', undoWithDraftMessage);
    await tx.execute(sql`update bank_reconciliations set status = 'draft' where id = ${id}`);
    return getReconciliation(tx, id);
  });
}

export async function deleteReconciliation(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockDraft(tx, id);
    await tx.execute(sql`delete from bank_reconciliations where id = ${id}`);
  });
}

/**
 * GET /billing/bank-reconciliations/{id}?format=csv: a finished reconciliation's cleared lines (date order), then its
 * figures (opening, cleared deposits and payments, statement balance, difference, who finished it), cells by csvCell.
 */
export async function* reconciliationCsvBatches(
  db: Db,
  reconciliation: BankReconciliation,
): AsyncGenerator<CsvValue[][]> {
  let deposits = 0;
  let payments = 0;
  const statement = sql`select l.entry_date::text as entry_date, e.number as entry_number,
      coalesce(nullif(l.memo, ''), e.memo) as memo, l.debit::text as debit, l.credit::text as credit
    from bank_reconciliation_lines c join journal_lines l on l.id = c.journal_line_id
      join journal_entries e on e.id = l.entry_id
    where c.reconciliation_id = ${reconciliation.id}
    order by l.entry_date, l.id`;
  for await (const batch of cursorBatches<{
    entry_date: string;
    entry_number: string;
    memo: string;
    debit: string;
    credit: string;
  }>(db, statement)) {
    yield batch.map((row) => {
      const debit = centsFromNumeric(row.debit);
      const credit = centsFromNumeric(row.credit);
      deposits += debit;
      payments += credit;
      return [
        row.entry_date,
        row.entry_number,
        row.memo,
        debit ? csvNumeric(numericFromCents(debit)) : '',
        credit ? csvNumeric(numericFromCents(credit)) : '',
      ];
    });
  }
  const amount = (dollars: number) => csvNumeric(numericFromCents(Math.round(dollars * 100)));
  const by = reconciliation.finished_by ? ` by ${reconciliation.finished_by.name}` : '';
  yield [
    [],
    ['', '', `Account ${reconciliation.account.number} ${reconciliation.account.name}`, '', ''],
    ['', '', 'Opening balance', amount(reconciliation.opening_balance), ''],
    [
      '',
      '',
      'Cleared deposits and payments',
      csvNumeric(numericFromCents(deposits)),
      csvNumeric(numericFromCents(payments)),
    ],
    ['', '', `Statement balance ${reconciliation.statement_date}`, amount(reconciliation.statement_balance), ''],
    ['', '', 'Difference', amount(reconciliation.difference), ''],
    ['', '', `Finished ${reconciliation.finished_at ?? ''}${by}`, '', ''],
  ];
}
