import { centsFromNumeric, dollarsFromCents, formatCents } from '@switchboard/shared/billing/money';
import type {
  VerifyCheck,
  VerifyCheckKey,
  VerifyProblem,
  VerifyTransactionsResponse,
} from '@switchboard/shared/billing/reports-ledger';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { openItemsAsOf } from './billing-report-aging.ts';

// Verify Transactions (designs/billing.md §5, §7): each check re-derives a figure two independent ways and lists what
// disagrees. Checks: trial balance 0, every entry balanced, AR (1100) = open invoices − unapplied credits per company,
// AP (2000) = open bills − vendor credits and prepayments per vendor, inventory (1200) = stock moves' value (and stock
// levels = their moves), 2050 = receipts less what bills cleared, invoice totals = lines + tax, allocations within
// their amounts, and the monthly rollup = the lines. The as-of date applies to the ledger and the sub-ledgers that keep history
// (allocations' applied_on/unapplied_on, voids' dates); received-not-billed is compared as of today only.

const problemLimit = 100;

interface Found {
  problems: VerifyProblem[];
  count: number;
}

const cents = (text: string | null | undefined) => centsFromNumeric(text ?? '0');
const money = (value: number) => formatCents(value);

function check(key: VerifyCheckKey, label: string, detail: string, found: Found): VerifyCheck {
  return {
    key,
    label,
    passed: found.count === 0,
    detail,
    problems: found.problems.slice(0, problemLimit),
    problem_count: found.count,
  };
}

function problem(
  kind: string,
  id: number | null,
  label: string,
  expected: number | null,
  actual: number | null,
): VerifyProblem {
  return {
    kind,
    id,
    label,
    expected: expected === null ? null : dollarsFromCents(expected),
    actual: actual === null ? null : dollarsFromCents(actual),
    difference: expected === null || actual === null ? null : dollarsFromCents(actual - expected),
  };
}

const found = (problems: VerifyProblem[]): Found => ({ problems, count: problems.length });

/** An account's debit − credit per party (company or vendor) up to the date, from lines. */
async function accountByParty(db: DbOrTransaction, number: string, party: 'company_id' | 'vendor_id', asOf: string) {
  const result = await db.execute<{ party: number | null; amount: string }>(sql`
    select l.${sql.raw(party)} as party, sum(l.debit - l.credit)::text as amount
    from journal_lines l
    where l.account_id = (select id from accounts where number = ${number}) and l.entry_date <= ${asOf}::date
    group by 1`);
  return new Map(result.rows.map((row) => [row.party === null ? null : Number(row.party), cents(row.amount)]));
}

async function accountBalance(db: DbOrTransaction, number: string, asOf: string): Promise<number> {
  const result = await db.execute<{ amount: string }>(sql`
    select coalesce(sum(l.debit - l.credit), 0)::text as amount from journal_lines l
    where l.account_id = (select id from accounts where number = ${number}) and l.entry_date <= ${asOf}::date`);
  return cents(result.rows[0]?.amount);
}

/** Compares two per-party maps; a party in either one with different sums is a problem. */
function compareParties(
  kind: string,
  expected: Map<number | null, number>,
  actual: Map<number | null, number>,
  names: Map<number, string>,
): VerifyProblem[] {
  const problems: VerifyProblem[] = [];
  for (const party of new Set([...expected.keys(), ...actual.keys()])) {
    const e = expected.get(party) ?? 0;
    const a = actual.get(party) ?? 0;
    if (e !== a)
      problems.push(problem(kind, party, party === null ? `No ${kind}` : (names.get(party) ?? `#${party}`), e, a));
  }
  return problems;
}

async function namesOf(db: DbOrTransaction, table: 'companies' | 'vendors', ids: (number | null)[]) {
  const wanted = ids.filter((id): id is number => id !== null);
  if (wanted.length === 0) return new Map<number, string>();
  const result = await db.execute<{ id: number; name: string }>(
    sql`select id, name from ${sql.raw(table)} where id = any(${sql.param(wanted)}::int[])`,
  );
  return new Map(result.rows.map((row) => [Number(row.id), row.name]));
}

async function trialBalance(db: DbOrTransaction, asOf: string): Promise<VerifyCheck> {
  const result = await db.execute<{ debit: string; credit: string }>(sql`
    select coalesce(sum(debit), 0)::text as debit, coalesce(sum(credit), 0)::text as credit
    from journal_lines where entry_date <= ${asOf}::date`);
  const debit = cents(result.rows[0]?.debit);
  const credit = cents(result.rows[0]?.credit);
  const problems = debit === credit ? [] : [problem('ledger', null, 'Debits − credits', 0, debit - credit)];
  return check(
    'trial_balance',
    'Trial balance is 0',
    `Debits ${money(debit)}, credits ${money(credit)}`,
    found(problems),
  );
}

async function entriesBalanced(db: DbOrTransaction, asOf: string): Promise<VerifyCheck> {
  const result = await db.execute<{ id: number; number: string; debit: string; credit: string; lines: number }>(sql`
    select e.id, e.number, sum(l.debit)::text as debit, sum(l.credit)::text as credit, count(l.id)::int as lines
    from journal_entries e left join journal_lines l on l.entry_id = e.id
    where e.entry_date <= ${asOf}::date
    group by e.id, e.number
    having coalesce(sum(l.debit), 0) <> coalesce(sum(l.credit), 0) or count(l.id) < 2
    order by e.id`);
  const problems = result.rows.map((row) =>
    problem('entry', Number(row.id), `${row.number} (${row.lines} lines)`, cents(row.debit), cents(row.credit)),
  );
  const total = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from journal_entries where entry_date <= ${asOf}::date`,
  );
  return check('entries_balanced', 'Every entry balances', `${total.rows[0]?.n ?? 0} entries read`, found(problems));
}

async function receivables(db: DbOrTransaction, asOf: string, today: string): Promise<VerifyCheck> {
  const items = await openItemsAsOf(db, asOf, today);
  const expected = new Map<number | null, number>();
  for (const item of items) expected.set(item.companyId, (expected.get(item.companyId) ?? 0) + item.amount);
  const actual = await accountByParty(db, '1100', 'company_id', asOf);
  const names = await namesOf(db, 'companies', [...new Set([...expected.keys(), ...actual.keys()])]);
  const problems = compareParties('company', expected, actual, names);
  const sum = (map: Map<number | null, number>) => [...map.values()].reduce((a, b) => a + b, 0);
  return check(
    'receivables',
    'Accounts receivable (1100) = open invoices − unapplied credits',
    `Sub-ledger ${money(sum(expected))}, account 1100 ${money(sum(actual))}`,
    found(problems),
  );
}

const inForce = (alias: string, asOf: string) =>
  sql`${sql.raw(alias)}.applied_on <= ${asOf}::date
    and (${sql.raw(alias)}.unapplied_on is null or ${sql.raw(alias)}.unapplied_on > ${asOf}::date)`;

async function payables(db: DbOrTransaction, asOf: string): Promise<VerifyCheck> {
  // Open bills (> 0), unapplied vendor credits (< 0) and unapplied payments made (< 0), each as of the date; AP is
  // credit-normal, so the ledger side is credit − debit.
  const result = await db.execute<{ vendor_id: number; amount: string }>(sql`
    select vendor_id, sum(amount)::text as amount from (
      select b.vendor_id, b.total - coalesce((select sum(a.amount) from allocations a
          where a.target_type = 'bill' and a.target_id = b.id and ${inForce('a', asOf)}), 0)
        + coalesce((select sum(a.amount) from allocations a
          where a.source_type = 'vendor_credit' and a.source_id = b.id and ${inForce('a', asOf)}), 0) as amount
      from bills b
      where b.status <> 'draft' and b.bill_date <= ${asOf}::date and (b.void_date is null or b.void_date > ${asOf}::date)
      union all
      select p.vendor_id, -(p.amount - coalesce((select sum(a.amount) from allocations a
          where a.source_type = 'payment' and a.source_id = p.id and ${inForce('a', asOf)}), 0))
      from payments p
      where p.direction = 'out' and p.vendor_id is not null and p.payment_date <= ${asOf}::date
        and (p.status = 'posted' or p.void_date > ${asOf}::date)
    ) s group by vendor_id`);
  const expected = new Map<number | null, number>(result.rows.map((r) => [Number(r.vendor_id), cents(r.amount)]));
  const ledger = await accountByParty(db, '2000', 'vendor_id', asOf);
  const actual = new Map([...ledger].map(([party, amount]) => [party, -amount]));
  for (const [party, amount] of expected) if (amount === 0 && !actual.has(party)) expected.delete(party);
  const names = await namesOf(db, 'vendors', [...new Set([...expected.keys(), ...actual.keys()])]);
  const problems = compareParties('vendor', expected, actual, names);
  const sum = (map: Map<number | null, number>) => [...map.values()].reduce((a, b) => a + b, 0);
  return check(
    'payables',
    'Accounts payable (2000) = open bills − vendor credits and prepayments',
    `Sub-ledger ${money(sum(expected))}, account 2000 ${money(sum(actual))}`,
    found(problems),
  );
}

async function inventory(db: DbOrTransaction, asOf: string, today: string): Promise<VerifyCheck> {
  const moves = await db.execute<{ amount: string }>(sql`
    select coalesce(sum(value), 0)::text as amount from stock_moves where occurred_on <= ${asOf}::date`);
  const moveValue = cents(moves.rows[0]?.amount);
  const ledger = await accountBalance(db, '1200', asOf);
  const problems: VerifyProblem[] = [];
  if (moveValue !== ledger) problems.push(problem('account', null, 'Account 1200 vs stock moves', moveValue, ledger));
  let levelText = '';
  if (asOf >= today) {
    // Stock levels are kept in the same transaction as their moves: each (item, location) equals its moves' sums.
    const levels = await db.execute<{
      item_id: number;
      location_id: number;
      level_value: string;
      move_value: string;
      on_hand: string;
      moved: string;
    }>(sql`
      select coalesce(s.item_id, m.item_id) as item_id, coalesce(s.location_id, m.location_id) as location_id,
        coalesce(s.value, 0)::text as level_value, coalesce(m.value, 0)::text as move_value,
        coalesce(s.on_hand, 0)::text as on_hand, coalesce(m.quantity, 0)::text as moved
      from stock_levels s
      full join (select item_id, location_id, sum(value) as value, sum(quantity) as quantity
        from stock_moves group by 1, 2) m on m.item_id = s.item_id and m.location_id = s.location_id
      where coalesce(s.value, 0) <> coalesce(m.value, 0) or coalesce(s.on_hand, 0) <> coalesce(m.quantity, 0)
      order by 1, 2`);
    for (const row of levels.rows)
      problems.push(
        problem(
          'stock_level',
          Number(row.item_id),
          `Item #${row.item_id} at location #${row.location_id}: on hand ${row.on_hand}, moved ${row.moved}`,
          cents(row.move_value),
          cents(row.level_value),
        ),
      );
    const total = await db.execute<{ amount: string }>(
      sql`select coalesce(sum(value), 0)::text as amount from stock_levels`,
    );
    levelText = `, stock levels ${money(cents(total.rows[0]?.amount))}`;
  }
  return check(
    'inventory',
    'Inventory (1200) = value of stock',
    `Stock moves ${money(moveValue)}${levelText}, account 1200 ${money(ledger)}`,
    found(problems),
  );
}

async function receivedNotBilled(db: DbOrTransaction, today: string): Promise<VerifyCheck> {
  // What receipts put in 2050 (their lines' amounts, each rounded on its own) minus what bills took out of it (the
  // 2050 lines of bills' entries, net of their voids' reversals). PO lines' quantities × cost would differ by cents
  // from receipts at a 4-decimal cost; bills clear a fully billed line's exact received amount (bills.service.ts).
  const result = await db.execute<{ received: string; lines: number; cleared: string }>(sql`
    select
      (select coalesce(sum(rl.amount), 0) from receipt_lines rl join receipts r on r.id = rl.receipt_id
        where r.received_on <= ${today}::date and (r.voided_on is null or r.voided_on > ${today}::date))::text
        as received,
      (select count(distinct rl.po_line_id)::int from receipt_lines rl join receipts r on r.id = rl.receipt_id
        where r.received_on <= ${today}::date) as lines,
      (select coalesce(sum(l.debit - l.credit), 0) from journal_lines l
        join journal_entries e on e.id = l.entry_id
        left join journal_entries o on o.id = e.reverses_id
        where l.account_id = (select id from accounts where number = '2050') and l.entry_date <= ${today}::date
          and (e.source_type = 'bill' or (e.source_type = 'reversal' and o.source_type = 'bill')))::text as cleared`);
  const row = result.rows[0];
  const received = cents(row?.received);
  const cleared = cents(row?.cleared);
  const expected = received - cleared;
  const actual = -(await accountBalance(db, '2050', today));
  const problems =
    expected === actual
      ? []
      : [problem('account', null, 'Account 2050 vs receipts less what bills cleared', expected, actual)];
  return check(
    'received_not_billed',
    'Received not billed (2050) = receipts − what bills cleared',
    `Receipts ${money(received)} (${row?.lines ?? 0} PO lines), bills cleared ${money(cleared)}, ` +
      `account 2050 ${money(actual)} (as of today)`,
    found(problems),
  );
}

async function invoiceTotals(db: DbOrTransaction, asOf: string): Promise<VerifyCheck> {
  // Documents written without lines (imports) are checked for total = subtotal + tax only.
  const result = await db.execute<{
    id: number;
    number: string | null;
    subtotal: string;
    tax_total: string;
    total: string;
    line_amount: string | null;
    line_tax: string | null;
  }>(sql`
    select i.id, i.number, i.subtotal::text, i.tax_total::text, i.total::text,
      l.amount::text as line_amount, l.tax::text as line_tax
    from invoices i
    left join (select invoice_id, sum(amount) as amount, sum(tax_amount) as tax
      from invoice_lines group by invoice_id) l on l.invoice_id = i.id
    where i.status <> 'draft' and i.invoice_date <= ${asOf}::date
      and (i.total <> i.subtotal + i.tax_total
        or (l.invoice_id is not null and (l.amount <> i.subtotal or l.tax <> i.tax_total)))
    order by i.id`);
  const problems = result.rows.map((row) => {
    const expected = cents(row.line_amount ?? row.subtotal) + cents(row.line_tax ?? row.tax_total);
    return problem('invoice', Number(row.id), row.number ?? `Invoice #${row.id}`, expected, cents(row.total));
  });
  return check(
    'invoice_totals',
    'Invoice totals = lines + tax',
    `${problems.length} invoices differ from their lines`,
    found(problems),
  );
}

async function allocationsWithin(db: DbOrTransaction, asOf: string): Promise<VerifyCheck> {
  const over = (side: 'source' | 'target', type: string, table: SQL, amount: SQL, label: SQL) => sql`
    select ${`${side}:${type}`} as kind, x.id, ${label} as label, ${amount} as limit_amount, a.applied
    from (select ${sql.raw(side)}_id as id, sum(amount) as applied from allocations a
      where a.${sql.raw(side)}_type = ${type} and ${inForce('a', asOf)} group by 1) a
    join ${table} x on x.id = a.id
    where a.applied > ${amount}`;
  const result = await db.execute<{
    kind: string;
    id: number;
    label: string | null;
    limit_amount: string;
    applied: string;
  }>(sql`
    ${over('source', 'payment', sql`payments`, sql`x.amount`, sql`coalesce(nullif(x.reference, ''), 'Payment #' || x.id)`)}
    union all ${over('source', 'credit_note', sql`invoices`, sql`abs(x.total)`, sql`x.number`)}
    union all ${over('source', 'write_off', sql`write_offs`, sql`x.amount`, sql`'Write-off #' || x.id`)}
    union all ${over('source', 'vendor_credit', sql`bills`, sql`abs(x.total)`, sql`'Vendor credit #' || x.id`)}
    union all ${over('target', 'invoice', sql`invoices`, sql`x.total`, sql`x.number`)}
    union all ${over('target', 'bill', sql`bills`, sql`x.total`, sql`'Bill #' || x.id`)}
    union all ${over('target', 'refund', sql`payments`, sql`x.amount`, sql`'Refund #' || x.id`)}`);
  const problems = result.rows.map((row) =>
    problem(row.kind, Number(row.id), row.label ?? `#${row.id}`, cents(row.limit_amount), cents(row.applied)),
  );
  return check(
    'allocations',
    'Allocations within their amounts',
    `${problems.length} documents applied beyond their amount`,
    found(problems),
  );
}

async function rollups(db: DbOrTransaction): Promise<VerifyCheck> {
  const result = await db.execute<{
    account_id: number;
    number: string | null;
    month: string;
    rollup_debit: string;
    rollup_credit: string;
    line_debit: string;
    line_credit: string;
  }>(sql`
    select coalesce(b.account_id, l.account_id) as account_id, a.number,
      coalesce(b.month, l.month)::text as month,
      coalesce(b.debit, 0)::text as rollup_debit, coalesce(b.credit, 0)::text as rollup_credit,
      coalesce(l.debit, 0)::text as line_debit, coalesce(l.credit, 0)::text as line_credit
    from account_month_balances b
    full join (select account_id, date_trunc('month', entry_date)::date as month, sum(debit) as debit,
        sum(credit) as credit from journal_lines group by 1, 2) l
      on l.account_id = b.account_id and l.month = b.month
    left join accounts a on a.id = coalesce(b.account_id, l.account_id)
    where coalesce(b.debit, 0) <> coalesce(l.debit, 0) or coalesce(b.credit, 0) <> coalesce(l.credit, 0)
    order by 3, 2`);
  const problems = result.rows.map((row) =>
    problem(
      'account',
      Number(row.account_id),
      `${row.number ?? row.account_id} ${row.month.slice(0, 7)}`,
      cents(row.line_debit) - cents(row.line_credit),
      cents(row.rollup_debit) - cents(row.rollup_credit),
    ),
  );
  return check('rollups', 'Monthly rollups = lines', `${problems.length} account-months differ`, found(problems));
}

/** Frozen months (usage_snapshots) against the live hours of their check-ins, in the billing time zone. */
async function usageSnapshotsMatch(db: DbOrTransaction, timeZone: string): Promise<VerifyCheck> {
  const result = await db.execute<{
    company_id: number;
    name: string | null;
    month: string;
    frozen: string;
    live: string;
  }>(sql`
    with live as (
      select k.company_id, date_trunc('month', k.start_time at time zone ${timeZone})::date as month,
        -- As computeMonthlyUsage counts them (contracts' companyUsageHours): helpdesk + project − non-billable.
        coalesce(sum(extract(epoch from (k.end_time - k.start_time)) / 3600) filter (where k.project_id is null
          and k.project_step_id is null and k.ticket_id is not null), 0)
        + coalesce(sum(extract(epoch from (k.end_time - k.start_time)) / 3600) filter (where k.project_id is not null
          or k.project_step_id is not null), 0)
        - coalesce(sum(extract(epoch from (k.end_time - k.start_time)) / 3600) filter (where k.billable = 1), 0)
          as used
      from check_ins k
      where k.end_time is not null and (k.company_id, date_trunc('month', k.start_time at time zone ${timeZone})::date)
        in (select company_id, month from usage_snapshots)
      group by 1, 2
    )
    select s.company_id, c.name, s.month::text as month, s.total_used::text as frozen,
      round(coalesce(l.used, 0)::numeric, 2)::text as live
    from usage_snapshots s
    left join live l on l.company_id = s.company_id and l.month = s.month
    left join companies c on c.id = s.company_id
    where round(coalesce(l.used, 0)::numeric, 2) <> s.total_used
    order by s.month, s.company_id`);
  const problems = result.rows.map((row) => ({
    kind: 'company',
    id: Number(row.company_id),
    label: `${row.name ?? `#${row.company_id}`} ${row.month.slice(0, 7)}: ${row.frozen} h billed, ${row.live} h now`,
    expected: Number(row.frozen),
    actual: Number(row.live),
    difference: Math.round((Number(row.live) - Number(row.frozen)) * 100) / 100,
  }));
  return check(
    'usage_snapshots',
    'Usage snapshots = live hours',
    `${problems.length} billed months differ from their check-ins (hours)`,
    found(problems),
  );
}

/** Check-ins of a billed (frozen) month created or edited after the month was frozen. */
async function billedCheckInsChanged(db: DbOrTransaction, timeZone: string): Promise<VerifyCheck> {
  const result = await db.execute<{ id: number; company_id: number; name: string | null; month: string }>(sql`
    select k.id, k.company_id, c.name, s.month::text as month
    from usage_snapshots s
    join check_ins k on k.company_id = s.company_id
      and k.start_time >= (s.month::timestamp at time zone ${timeZone})
      and k.start_time < ((s.month + interval '1 month')::timestamp at time zone ${timeZone})
    left join companies c on c.id = s.company_id
    where k.updated_at > s.frozen_at or k.created_at > s.frozen_at
    order by k.id`);
  const problems = result.rows.map((row) => ({
    kind: 'check_in',
    id: Number(row.id),
    label: `Check-in #${row.id} of ${row.name ?? `#${row.company_id}`}, billed month ${row.month.slice(0, 7)}`,
    expected: null,
    actual: null,
    difference: null,
  }));
  return check(
    'billed_checkins',
    'Billed check-ins unchanged since billing',
    `${problems.length} check-ins of billed months changed later`,
    found(problems),
  );
}

/** Runs every check (one read-only transaction: one snapshot of the books). */
export async function verifyTransactions(
  db: DbOrTransaction,
  asOf: string,
  today: string,
  now = new Date(),
  timeZone = 'UTC',
): Promise<VerifyTransactionsResponse> {
  const checks = await db.transaction(
    async (tx) => {
      await tx.execute(sql`set local jit = off`);
      const results: VerifyCheck[] = [];
      // One query at a time on the transaction's client (GUIDE pitfalls).
      results.push(await trialBalance(tx, asOf));
      results.push(await entriesBalanced(tx, asOf));
      results.push(await receivables(tx, asOf, today));
      results.push(await payables(tx, asOf));
      results.push(await inventory(tx, asOf, today));
      results.push(await receivedNotBilled(tx, today));
      results.push(await invoiceTotals(tx, asOf));
      results.push(await allocationsWithin(tx, asOf));
      results.push(await rollups(tx));
      results.push(await usageSnapshotsMatch(tx, timeZone));
      results.push(await billedCheckInsChanged(tx, timeZone));
      return results;
    },
    { accessMode: 'read only', isolationLevel: 'repeatable read' },
  );
  return { as_of: asOf, checked_at: now.toISOString(), passed: checks.every((c) => c.passed), checks };
}
