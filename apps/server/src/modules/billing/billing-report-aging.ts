import {
  agedDays,
  ageReceivables,
  bucketIndex,
  type AgingBasis,
  type AgingItem,
} from '@switchboard/shared/billing/aging';
import { monthOf } from '@switchboard/shared/billing/billing-date';
import { centsFromNumeric, dollarsFromCents } from '@switchboard/shared/billing/money';
import type {
  AgedItem,
  AgedItemType,
  AgedReceivablesQuery,
  AgedReceivablesResponse,
  ClientBalanceRow,
  ClientBalancesQuery,
  ClientBalancesResponse,
} from '@switchboard/shared/billing/reports';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import { cachedByBillingVersion } from './billing-cache.ts';

// Aged receivables and client balances (designs/billing.md §5, §7 "Aged buckets"; decision 0081's aging rules): what
// each company owed at the end of a date, read from the sub-ledger (invoices, credit notes, payments, refunds,
// write-offs and the allocations in force then), and beside it account 1100 from the ledger: two independent sums
// that must agree.

export interface OpenItem {
  type: AgedItemType;
  id: number;
  companyId: number;
  label: string;
  date: string;
  dueDate: string | null;
  /** Cents open at the end of the date: > 0 owed, < 0 a credit not yet applied. */
  amount: number;
}

const inForce = (alias: string, asOf: string) =>
  sql`${sql.raw(alias)}.applied_on <= ${asOf}::date
    and (${sql.raw(alias)}.unapplied_on is null or ${sql.raw(alias)}.unapplied_on > ${asOf}::date)`;

const allocated = (side: 'source' | 'target', type: string, idColumn: string, asOf: string) =>
  sql`coalesce((select sum(a.amount) from allocations a
    where a.${sql.raw(side)}_type = ${type} and a.${sql.raw(side)}_id = ${sql.raw(idColumn)}
      and ${inForce('a', asOf)}), 0)`;

/** Runs one read with PostgreSQL's JIT off (SET LOCAL: only this transaction). */
async function withoutJit<T>(db: DbOrTransaction, read: (tx: DbOrTransaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return read(tx);
  });
}

/**
 * The days an invoice or credit note is open: from its date until it is closed (balance 0 since closed_on) or voided,
 * whichever comes first; empty when that is before its date. Written exactly as the expression of
 * invoices_open_range_idx (migration 0043), which PostgreSQL matches textually.
 */
const invoiceOpenRange = sql.raw(`daterange(i.invoice_date, case when least(i.closed_on, i.void_date) < i.invoice_date
  then i.invoice_date else least(i.closed_on, i.void_date) end, '[)')`);

/**
 * Every item open at the end of `asOf`, in one statement (decision 0092).
 *
 * As of today (or later), invoices come from the open-items partial index (posted, balance ≠ 0) and payments from the
 * open-range index (something left, `payments.unapplied` ≠ 0); each amount is the stored balance (or unapplied)
 * corrected by the allocations applied or unapplied after the date (`late`, read by their last-change index: few or
 * none), which is what the allocations in force at the date say, without reading every candidate's allocations. This
 * relies on a posted invoice's balance being its total less its active allocations, as every writer keeps it.
 *
 * As of a past date, invoices come from their open-range index (dated by then, not closed nor voided by then: the
 * same range as invoices_open_range_idx of migration 0043, so the planner uses it); payments from
 * the open-range index (dated by then and not used up by then: fully_applied_on after it or null); each one's amount is
 * recomputed from the allocations in force at the date, so a payment applied after it leaves the invoice open and an
 * allocation unapplied after it still counts as applied.
 */
function openItemsSql(asOf: string, today: string, companyId?: number): SQL {
  const company = (alias: string): SQL =>
    companyId === undefined ? sql`true` : sql`${sql.raw(alias)}.company_id = ${companyId}`;
  const current = asOf >= today;
  // One allocation's effect on its two sides between the end of asOf and now: + in force now but not then (applied
  // after), − in force then but not now (unapplied after, applied by then).
  const late = sql`late as materialized (
      select k.side, k.type, k.id, sum(case when a.unapplied_on is null then a.amount
          when a.applied_on <= ${asOf}::date then -a.amount else 0 end) as delta
      from allocations a
      cross join lateral (values ('target', a.target_type, a.target_id), ('source', a.source_type, a.source_id))
        k(side, type, id)
      where greatest(a.applied_on, a.unapplied_on) > ${asOf}::date
      group by k.side, k.type, k.id
    ),`;
  const lateJoin = (alias: string, side: string, type: string, on: string): SQL =>
    sql`left join late ${sql.raw(alias)} on ${sql.raw(alias)}.side = ${side} and ${sql.raw(alias)}.type = ${type}
      and ${sql.raw(alias)}.id = ${sql.raw(on)}`;
  const invoicesPart = current
    ? sql`select i.type, i.id, i.company_id, i.number as label, i.invoice_date as date, i.due_date,
          i.balance + coalesce(lt.delta, 0) - coalesce(ls.delta, 0) as amount
        from invoices i
        ${lateJoin('lt', 'target', 'invoice', 'i.id')} ${lateJoin('ls', 'source', 'credit_note', 'i.id')}
        where i.status = 'posted' and i.balance <> 0 and i.invoice_date <= ${asOf}::date and ${company('i')}`
    : sql`select i.type, i.id, i.company_id, i.number as label, i.invoice_date as date, i.due_date,
          i.total - ${allocated('target', 'invoice', 'i.id', asOf)}
            -- Only a credit note is the source of a credit_note allocation: the others skip that probe.
            + case when i.type = 'credit_note' then ${allocated('source', 'credit_note', 'i.id', asOf)} else 0 end
            as amount
        from invoices i
        where i.status in ('posted', 'void') and ${invoiceOpenRange} @> ${asOf}::date and ${company('i')}`;
  const paymentAmount = current
    ? { in: sql`-p.unapplied - coalesce(ls.delta, 0)`, out: sql`p.unapplied + coalesce(lt.delta, 0)` }
    : {
        in: sql`${allocated('source', 'payment', 'p.id', asOf)} - p.amount`,
        out: sql`p.amount - ${allocated('target', 'refund', 'p.id', asOf)}`,
      };
  const paymentJoin = current
    ? { in: lateJoin('ls', 'source', 'payment', 'p.id'), out: lateJoin('lt', 'target', 'refund', 'p.id') }
    : { in: sql``, out: sql`` };
  // Dated by then and not used up by then (the open-range index of payments).
  const paymentOpen = sql`daterange(p.payment_date, p.fully_applied_on, '[)') @> ${asOf}::date
    and p.company_id is not null and (p.status = 'posted' or p.void_date > ${asOf}::date) and ${company('p')}`;
  // The items are materialized so that `amount <> 0` does not compute each one's allocations a second time.
  return sql`
    with ${current ? late : sql``} items as materialized (
      ${invoicesPart}
      union all
      select 'payment', p.id, p.company_id, p.reference, p.payment_date, null, ${paymentAmount.in}
      from payments p ${paymentJoin.in}
      where p.direction = 'in' and ${paymentOpen}
      union all
      select 'refund', p.id, p.company_id, p.reference, p.payment_date, null, ${paymentAmount.out}
      from payments p ${paymentJoin.out}
      where p.direction = 'out' and ${paymentOpen}
      union all
      select 'write_off', w.id, w.company_id, '', w.write_off_date, null,
        ${allocated('source', 'write_off', 'w.id', asOf)} - w.amount
      from write_offs w
      where w.write_off_date <= ${asOf}::date and ${company('w')}
    )`;
}

/** Every item open at the end of `asOf` (see openItemsSql), ordered by company, date and id. */
export async function openItemsAsOf(
  db: DbOrTransaction,
  asOf: string,
  today: string,
  companyId?: number,
): Promise<OpenItem[]> {
  // JIT compiling this statement cost about a second on a 200,000-invoice probe, more than running it (decision 0092).
  const result = await withoutJit(db, (tx) =>
    tx.execute<{
      type: AgedItemType;
      id: number;
      company_id: number;
      label: string | null;
      date: string;
      due_date: string | null;
      amount: string;
    }>(sql`${openItemsSql(asOf, today, companyId)}
    select type, id, company_id, label, date::text as date, due_date::text as due_date, amount::text as amount
    from items
    where amount <> 0
    order by company_id, date, id`),
  );
  return result.rows.map((row) => ({
    type: row.type,
    id: Number(row.id),
    companyId: Number(row.company_id),
    label: row.label ?? '',
    date: row.date,
    dueDate: row.due_date,
    amount: centsFromNumeric(row.amount),
  }));
}

/**
 * The open items summed in PostgreSQL by company and bucket (credits by company), each group dated by its earliest
 * aging date, so `ageReceivables` puts every group in the bucket its items are in and the sums come out the same as
 * from the items, while Node receives a few rows per company instead of every open item (decision 0092).
 */
export async function agingGroupsAsOf(
  db: DbOrTransaction,
  asOf: string,
  today: string,
  options: { basis: AgingBasis; width: number; count: number },
): Promise<AgingItem[]> {
  const from = options.basis === 'due_date' ? sql`coalesce(due_date, date)` : sql`date`;
  const result = await withoutJit(db, (tx) =>
    tx.execute<{ company_id: number; date: string; amount: string }>(sql`${openItemsSql(asOf, today)}
    select company_id, min(${from})::text as date, sum(amount)::text as amount
    from items
    where amount <> 0
    group by company_id, amount < 0, case when amount < 0 then 0
      when ${asOf}::date - ${from} <= 0 then 0
      else least(ceil((${asOf}::date - ${from}) / ${options.width}::numeric), ${options.count + 1}) end`),
  );
  return result.rows.map((row) => ({
    companyId: Number(row.company_id),
    amount: centsFromNumeric(row.amount),
    invoiceDate: row.date,
    dueDate: row.date,
  }));
}

/** Account 1100's debit − credit at the end of `asOf`: whole months from the rollup, the rest from lines. */
export async function receivableLedgerBalance(db: DbOrTransaction, asOf: string, companyId?: number): Promise<number> {
  const result =
    companyId === undefined
      ? await db.execute<{ balance: string }>(sql`
          with ar as (select id from accounts where number = '1100')
          select coalesce(sum(debit - credit), 0)::text as balance from (
            select b.debit, b.credit from account_month_balances b, ar
            where b.account_id = ar.id and b.month < ${monthOf(asOf)}::date
            union all
            select l.debit, l.credit from journal_lines l, ar
            where l.account_id = ar.id and l.entry_date >= ${monthOf(asOf)}::date and l.entry_date <= ${asOf}::date
          ) s`)
      : await db.execute<{ balance: string }>(sql`
          select coalesce(sum(l.debit - l.credit), 0)::text as balance from journal_lines l
          where l.company_id = ${companyId} and l.account_id = (select id from accounts where number = '1100')
            and l.entry_date <= ${asOf}::date`);
  return centsFromNumeric(result.rows[0]?.balance ?? '0');
}

async function companyNames(db: DbOrTransaction, ids: number[] | 'all'): Promise<Map<number, string>> {
  const result = await db.execute<{ id: number; name: string }>(
    ids === 'all'
      ? sql`select id, name from companies`
      : sql`select id, name from companies where id = any(${sql.param(ids)}::int[])`,
  );
  return new Map(result.rows.map((row) => [Number(row.id), row.name]));
}

async function checkCompany(db: DbOrTransaction, companyId: number | undefined): Promise<void> {
  if (companyId === undefined) return;
  const names = await companyNames(db, [companyId]);
  if (!names.has(companyId)) throw notFound();
}

const byName = (a: { company_name: string; company_id: number }, b: { company_name: string; company_id: number }) =>
  a.company_name.localeCompare(b.company_name) || a.company_id - b.company_id;

const agingItem = (item: OpenItem): AgingItem => ({
  companyId: item.companyId,
  amount: item.amount,
  invoiceDate: item.date,
  dueDate: item.dueDate,
});

/**
 * Aged receivables, from the billing cache while no billing write has committed since it was computed for the same
 * day and filters (billing-cache.ts; the CSV and JSON forms share an entry). Today is in the key: at midnight in the
 * billing time zone every item ages by a day.
 */
export async function getAgedReceivables(
  db: Db,
  query: AgedReceivablesQuery,
  today: string,
): Promise<AgedReceivablesResponse> {
  const { format: _format, ...filters } = query;
  const key = `agedreceivables\n${today}\n${JSON.stringify(filters)}`;
  return cachedByBillingVersion(db, key, (tx) => computeAgedReceivables(tx, query, today));
}

/** Runs in the cache's read-only snapshot, one statement after the other (one connection). */
async function computeAgedReceivables(
  db: DbOrTransaction,
  query: AgedReceivablesQuery,
  today: string,
): Promise<AgedReceivablesResponse> {
  const asOf = query.as_of ?? today;
  const { basis, width, count, company_id: companyId } = query;
  await checkCompany(db, companyId);
  // One company's drill-down lists its items; every company's report needs only the sums by company and bucket.
  const items = companyId === undefined ? [] : await openItemsAsOf(db, asOf, today, companyId);
  const groups = companyId === undefined ? await agingGroupsAsOf(db, asOf, today, { basis, width, count }) : null;
  const ledger = await receivableLedgerBalance(db, asOf, companyId);
  const report = ageReceivables(groups ?? items.map(agingItem), { asOf, basis, width, count });
  const hideZero = query.hide_zero === '1';
  const names = await companyNames(
    db,
    companyId !== undefined ? [companyId] : hideZero ? report.rows.map((row) => row.companyId) : 'all',
  );
  const rows = new Map(report.rows.map((row) => [row.companyId, row]));
  if (!hideZero)
    for (const id of names.keys())
      if (!rows.has(id)) rows.set(id, { companyId: id, buckets: report.buckets.map(() => 0), credits: 0, total: 0 });
  const data = [...rows.values()]
    .filter((row) => !hideZero || row.total !== 0 || row.buckets.some((b) => b !== 0) || row.credits !== 0)
    .map((row) => ({
      company_id: row.companyId,
      company_name: names.get(row.companyId) ?? `Company ${row.companyId}`,
      buckets: row.buckets.map(dollarsFromCents),
      credits: dollarsFromCents(row.credits),
      total: dollarsFromCents(row.total),
    }))
    .sort(byName);
  const answer: AgedReceivablesResponse = {
    as_of: asOf,
    basis,
    buckets: report.buckets,
    data,
    totals: {
      buckets: report.totals.buckets.map(dollarsFromCents),
      credits: dollarsFromCents(report.totals.credits),
      total: dollarsFromCents(report.totals.total),
    },
    tie: {
      account_number: '1100',
      ledger_balance: dollarsFromCents(ledger),
      difference: dollarsFromCents(report.totals.total - ledger),
    },
  };
  if (companyId !== undefined) answer.items = items.map((item) => drillDownItem(item, asOf, query));
  return answer;
}

function drillDownItem(item: OpenItem, asOf: string, query: AgedReceivablesQuery): AgedItem {
  const credit = item.amount < 0;
  const days = credit ? null : agedDays(agingItem(item), asOf, query.basis);
  return {
    type: item.type,
    id: item.id,
    label: item.label,
    date: item.date,
    due_date: item.dueDate,
    days,
    bucket: days === null ? null : bucketIndex(days, query.width, query.count),
    amount: dollarsFromCents(item.amount),
  };
}

interface BalanceCents {
  invoiced: number;
  credited: number;
  received: number;
  open: number;
  overdue: number;
  unapplied_credit: number;
  balance: number;
}

export async function getClientBalances(
  db: Db,
  query: ClientBalancesQuery,
  today: string,
): Promise<ClientBalancesResponse> {
  const asOf = query.as_of ?? today;
  const companyId = query.company_id;
  await checkCompany(db, companyId);
  const company = companyId === undefined ? sql`true` : sql`c.id = ${companyId}`;
  const [items, sums] = await Promise.all([
    openItemsAsOf(db, asOf, today, companyId),
    withoutJit(db, (tx) =>
      tx.execute<{
        id: number;
        name: string;
        invoiced: string | null;
        credited: string | null;
        received: string | null;
        last_date: string | null;
        last_amount: string | null;
      }>(sql`
      select c.id, c.name, inv.invoiced::text as invoiced, inv.credited::text as credited,
        pay.received::text as received, last.payment_date::text as last_date, last.amount::text as last_amount
      from companies c
      left join (
        select company_id, sum(total) filter (where type <> 'credit_note') as invoiced,
          -sum(total) filter (where type = 'credit_note') as credited
        from invoices
        where status in ('posted', 'void') and invoice_date <= ${asOf}::date
          and (void_date is null or void_date > ${asOf}::date)
        group by company_id
      ) inv on inv.company_id = c.id
      left join (
        select company_id, sum(amount) as received from payments
        where direction = 'in' and company_id is not null and payment_date <= ${asOf}::date
          and (status = 'posted' or void_date > ${asOf}::date)
        group by company_id
      ) pay on pay.company_id = c.id
      left join lateral (
        select p.payment_date, p.amount from payments p
        where p.company_id = c.id and p.direction = 'in' and p.payment_date <= ${asOf}::date
          and (p.status = 'posted' or p.void_date > ${asOf}::date)
        order by p.payment_date desc, p.id desc limit 1
      ) last on pay.company_id is not null
      where ${company}`),
    ),
  ]);

  const open = new Map<number, { open: number; overdue: number; credit: number }>();
  for (const item of items) {
    const row = open.get(item.companyId) ?? { open: 0, overdue: 0, credit: 0 };
    if (item.amount < 0) row.credit -= item.amount;
    else {
      row.open += item.amount;
      if (agedDays(agingItem(item), asOf, 'due_date') > 0) row.overdue += item.amount;
    }
    open.set(item.companyId, row);
  }
  const totals: BalanceCents = {
    invoiced: 0,
    credited: 0,
    received: 0,
    open: 0,
    overdue: 0,
    unapplied_credit: 0,
    balance: 0,
  };
  const data: ClientBalanceRow[] = [];
  for (const row of sums.rows) {
    const id = Number(row.id);
    const o = open.get(id) ?? { open: 0, overdue: 0, credit: 0 };
    const cents: BalanceCents = {
      invoiced: centsFromNumeric(row.invoiced ?? '0'),
      credited: centsFromNumeric(row.credited ?? '0'),
      received: centsFromNumeric(row.received ?? '0'),
      open: o.open,
      overdue: o.overdue,
      unapplied_credit: o.credit,
      balance: o.open - o.credit,
    };
    if (query.hide_zero === '1' && cents.open === 0 && cents.unapplied_credit === 0) continue;
    if (query.overdue_only === '1' && cents.overdue === 0) continue;
    for (const key of Object.keys(totals) as (keyof BalanceCents)[]) totals[key] += cents[key];
    data.push({
      company_id: id,
      company_name: row.name,
      invoiced: dollarsFromCents(cents.invoiced),
      credited: dollarsFromCents(cents.credited),
      received: dollarsFromCents(cents.received),
      open: dollarsFromCents(cents.open),
      overdue: dollarsFromCents(cents.overdue),
      unapplied_credit: dollarsFromCents(cents.unapplied_credit),
      balance: dollarsFromCents(cents.balance),
      last_payment_date: row.last_date,
      last_payment_amount: row.last_amount === null ? null : dollarsFromCents(centsFromNumeric(row.last_amount)),
    });
  }
  data.sort(byName);
  return {
    as_of: asOf,
    data,
    totals: {
      invoiced: dollarsFromCents(totals.invoiced),
      credited: dollarsFromCents(totals.credited),
      received: dollarsFromCents(totals.received),
      open: dollarsFromCents(totals.open),
      overdue: dollarsFromCents(totals.overdue),
      unapplied_credit: dollarsFromCents(totals.unapplied_credit),
      balance: dollarsFromCents(totals.balance),
    },
  };
}
