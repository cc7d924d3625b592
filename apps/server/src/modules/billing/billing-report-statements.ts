import type { AccountSubtype, AccountType } from '@switchboard/shared/billing/ledger';
import { centsFromNumeric, dollarsFromCents } from '@switchboard/shared/billing/money';
import {
  balanceSheetCompareDate,
  monthsBetween,
  priorPeriod,
  yearEarlier,
  type BalanceSheetQuery,
  type BalanceSheetResponse,
  type IncomeStatementQuery,
  type IncomeStatementResponse,
  type StatementAccountRow,
  type StatementSection,
} from '@switchboard/shared/billing/reports-ledger';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import { cachedByBillingVersion } from './billing-cache.ts';
import { inDayRanges, ledgerSegments } from './ledger-segments.ts';

// Balance Sheet and Income Statement (designs/billing.md §3.1, §5): whole months come from account_month_balances, only
// the partial months at either end of a period from journal_lines (design §3.1), so a statement reads a few hundred
// rollup rows and one month's lines at most per end. The fiscal year is the calendar year (no setting exists yet);
// there are no closing entries, so current-year earnings (income − expense since 1 January) and the earlier years'
// earnings are computed rows of equity, and A = L + E holds exactly when the trial balance is 0.

type AccountInfo = {
  id: number;
  number: string;
  name: string;
  type: AccountType;
  subtype: AccountSubtype;
};

/** Debit − credit in cents, per account and month ('YYYY-MM-01'). */
type MonthlySums = Map<number, Map<string, number>>;

const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;

async function loadAccounts(db: DbOrTransaction): Promise<AccountInfo[]> {
  const result = await db.execute<AccountInfo>(
    sql`select id, number, name, type, subtype from accounts order by number`,
  );
  return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * Debit − credit per account and month over [from, to] (from null: since the beginning): the months wholly inside
 * from the rollup, each partial month at either end from its lines in the period or from its rollup row less its lines
 * outside the period, whichever is fewer days (ledgerSegments). With a company, lines only (the rollup has none).
 */
export async function monthlySums(
  db: DbOrTransaction,
  from: string | null,
  to: string,
  companyId?: number,
): Promise<MonthlySums> {
  const lower = from ?? '0001-01-01';
  const { rollupFrom, rollupUntil, plus, minus } = ledgerSegments(from, to);
  const result =
    companyId !== undefined
      ? await db.execute<{ account_id: number; month: string; amount: string }>(sql`
          select l.account_id, date_trunc('month', l.entry_date)::date::text as month,
            sum(l.debit - l.credit)::text as amount
          from journal_lines l
          where l.company_id = ${companyId} and l.entry_date >= ${lower}::date and l.entry_date <= ${to}::date
          group by 1, 2`)
      : await db.execute<{ account_id: number; month: string; amount: string }>(sql`
          select account_id, month, sum(amount)::text as amount from (
            select b.account_id, b.month::text as month, b.debit - b.credit as amount
            from account_month_balances b
            where b.month >= ${rollupFrom}::date and b.month < ${rollupUntil}::date
            union all
            select l.account_id, date_trunc('month', l.entry_date)::date::text, l.debit - l.credit
            from journal_lines l
            where ${inDayRanges(sql`l.entry_date`, plus)}
            union all
            select l.account_id, date_trunc('month', l.entry_date)::date::text, l.credit - l.debit
            from journal_lines l
            where ${inDayRanges(sql`l.entry_date`, minus)}
          ) s group by account_id, month`);
  const sums: MonthlySums = new Map();
  for (const row of result.rows) {
    const id = Number(row.account_id);
    const months = sums.get(id) ?? new Map<string, number>();
    months.set(row.month, (months.get(row.month) ?? 0) + centsFromNumeric(row.amount));
    sums.set(id, months);
  }
  return sums;
}

/** Debit − credit per account, summed over the months (optionally only months before or from a date). */
function totalsOf(sums: MonthlySums, filter?: (month: string) => boolean): Map<number, number> {
  const totals = new Map<number, number>();
  for (const [id, months] of sums) {
    let total = 0;
    for (const [month, amount] of months) if (!filter || filter(month)) total += amount;
    totals.set(id, total);
  }
  return totals;
}

const credit = (type: AccountType) => type === 'liability' || type === 'equity' || type === 'income';
/** An account's amount on its normal side. */
const normal = (account: AccountInfo, debitMinusCredit: number) =>
  credit(account.type) ? -debitMinusCredit : debitMinusCredit;
const dollars = dollarsFromCents;

interface BalanceFigures {
  byAccount: Map<number, number>;
  currentEarnings: number;
  priorEarnings: number;
  trialBalance: number;
}

async function balanceAsOf(db: DbOrTransaction, accounts: AccountInfo[], asOf: string): Promise<BalanceFigures> {
  const fiscalStart = `${asOf.slice(0, 4)}-01-01`;
  const sums = await monthlySums(db, null, asOf);
  const all = totalsOf(sums);
  const current = totalsOf(sums, (month) => month >= fiscalStart);
  let currentEarnings = 0;
  let allEarnings = 0;
  let trialBalance = 0;
  const byAccount = new Map<number, number>();
  for (const account of accounts) {
    const amount = all.get(account.id) ?? 0;
    trialBalance += amount;
    if (account.type === 'income' || account.type === 'expense') {
      // Earnings are credit-normal: income − expense = −(debit − credit).
      allEarnings -= amount;
      currentEarnings -= current.get(account.id) ?? 0;
    } else byAccount.set(account.id, normal(account, amount));
  }
  return { byAccount, currentEarnings, priorEarnings: allEarnings - currentEarnings, trialBalance };
}

/**
 * GET /billing/reports/balancesheet, from the billing cache while no billing write (journal entries move the version)
 * has committed since it was computed for the same day and filters (billing-cache.ts).
 */
export function getBalanceSheet(db: Db, query: BalanceSheetQuery, today: string): Promise<BalanceSheetResponse> {
  const { format: _format, ...filters } = query;
  const key = `balancesheet\n${today}\n${JSON.stringify(filters)}`;
  return cachedByBillingVersion(db, key, (tx) => computeBalanceSheet(tx, query, today));
}

async function computeBalanceSheet(
  db: DbOrTransaction,
  query: BalanceSheetQuery,
  today: string,
): Promise<BalanceSheetResponse> {
  const asOf = query.as_of ?? today;
  const compareAsOf = balanceSheetCompareDate(asOf, query.compare);
  const accounts = await loadAccounts(db);
  const figures = await balanceAsOf(db, accounts, asOf);
  const compared = compareAsOf === null ? null : await balanceAsOf(db, accounts, compareAsOf);
  const sections: StatementSection[] = [];
  const sectionOf = (type: AccountType, key: string, label: string): StatementSection => {
    const rows: StatementAccountRow[] = accounts
      .filter((account) => account.type === type)
      .map((account) => ({
        account_id: account.id,
        number: account.number,
        name: account.name,
        subtype: account.subtype,
        amount: figures.byAccount.get(account.id) ?? 0,
        compare: compared ? (compared.byAccount.get(account.id) ?? 0) : null,
        computed: false,
      }))
      .filter((row) => row.amount !== 0 || (row.compare ?? 0) !== 0);
    return { key, label, rows, total: 0, compare_total: null };
  };
  const assets = sectionOf('asset', 'assets', 'Assets');
  const liabilities = sectionOf('liability', 'liabilities', 'Liabilities');
  const equity = sectionOf('equity', 'equity', 'Equity');
  const computedRow = (name: string, amount: number, compare: number | null): StatementAccountRow => ({
    account_id: null,
    number: '',
    name,
    subtype: null,
    amount,
    compare,
    computed: true,
  });
  if (figures.priorEarnings !== 0 || (compared?.priorEarnings ?? 0) !== 0)
    equity.rows.push(
      computedRow("Prior years' earnings", figures.priorEarnings, compared ? compared.priorEarnings : null),
    );
  equity.rows.push(
    computedRow('Current-year earnings', figures.currentEarnings, compared ? compared.currentEarnings : null),
  );
  for (const section of [assets, liabilities, equity]) {
    section.total = section.rows.reduce((sum, row) => sum + row.amount, 0);
    section.compare_total = compared ? section.rows.reduce((sum, row) => sum + (row.compare ?? 0), 0) : null;
    sections.push(section);
  }
  const difference = assets.total - liabilities.total - equity.total;
  const compareDifference = compared
    ? (assets.compare_total ?? 0) - (liabilities.compare_total ?? 0) - (equity.compare_total ?? 0)
    : null;
  const toDollars = (section: StatementSection): StatementSection => ({
    ...section,
    rows: section.rows.map((row) => ({
      ...row,
      amount: dollars(row.amount),
      compare: row.compare === null ? null : dollars(row.compare),
    })),
    total: dollars(section.total),
    compare_total: section.compare_total === null ? null : dollars(section.compare_total),
  });
  return {
    as_of: asOf,
    compare: query.compare,
    compare_as_of: compareAsOf,
    fiscal_year_start: `${asOf.slice(0, 4)}-01-01`,
    sections: sections.map(toDollars),
    totals: {
      assets: dollars(assets.total),
      liabilities_and_equity: dollars(liabilities.total + equity.total),
      compare_assets: compared ? dollars(assets.compare_total ?? 0) : null,
      compare_liabilities_and_equity: compared
        ? dollars((liabilities.compare_total ?? 0) + (equity.compare_total ?? 0))
        : null,
    },
    check: {
      difference: dollars(difference),
      compare_difference: compareDifference === null ? null : dollars(compareDifference),
      balanced: difference === 0 && (compareDifference ?? 0) === 0,
    },
    tie: { trial_balance_difference: dollars(figures.trialBalance) },
  };
}

/** GET /billing/reports/incomestatement, through the billing cache as the balance sheet. */
export function getIncomeStatement(
  db: Db,
  query: IncomeStatementQuery,
  today: string,
): Promise<IncomeStatementResponse> {
  const { format: _format, ...filters } = query;
  const key = `incomestatement\n${today}\n${JSON.stringify(filters)}`;
  return cachedByBillingVersion(db, key, (tx) => computeIncomeStatement(tx, query, today));
}

async function computeIncomeStatement(
  db: DbOrTransaction,
  query: IncomeStatementQuery,
  today: string,
): Promise<IncomeStatementResponse> {
  const to = query.to ?? today;
  const from = query.from ?? (to.slice(0, 4) === today.slice(0, 4) ? `${today.slice(0, 4)}-01-01` : firstOfMonth(to));
  let company: IncomeStatementResponse['company'] = null;
  if (query.company_id !== undefined) {
    const found = await db.execute<{ id: number; name: string }>(
      sql`select id, name from companies where id = ${query.company_id}`,
    );
    if (!found.rows[0]) throw notFound();
    company = { id: Number(found.rows[0].id), name: found.rows[0].name };
  }
  const comparePeriod =
    query.compare === 'prior_period'
      ? priorPeriod(from, to)
      : query.compare === 'prior_year'
        ? { from: yearEarlier(from), to: yearEarlier(to) }
        : null;
  const accounts = (await loadAccounts(db)).filter((a) => a.type === 'income' || a.type === 'expense');
  const sums = await monthlySums(db, from, to, query.company_id);
  const compareSums = comparePeriod
    ? totalsOf(await monthlySums(db, comparePeriod.from, comparePeriod.to, query.company_id))
    : null;
  const months = query.monthly === '1' ? monthsBetween(from, to) : [];
  const totals = totalsOf(sums);

  const section = (key: string, label: string, pick: (a: AccountInfo) => boolean) => {
    const rows = accounts
      .filter(pick)
      .map((account) => ({
        account_id: account.id,
        number: account.number,
        name: account.name,
        subtype: account.subtype,
        amount: normal(account, totals.get(account.id) ?? 0),
        compare: compareSums ? normal(account, compareSums.get(account.id) ?? 0) : null,
        computed: false,
        monthly: months.map((month) => normal(account, sums.get(account.id)?.get(month) ?? 0)),
      }))
      .filter((row) => row.amount !== 0 || (row.compare ?? 0) !== 0 || row.monthly.some((v) => v !== 0));
    return {
      key,
      label,
      rows,
      total: rows.reduce((sum, row) => sum + row.amount, 0),
      compare_total: compareSums ? rows.reduce((sum, row) => sum + (row.compare ?? 0), 0) : null,
      monthly_totals: months.map((_, index) => rows.reduce((sum, row) => sum + row.monthly[index]!, 0)),
    };
  };
  const income = section('income', 'Income', (a) => a.type === 'income');
  const costOfSales = section('cost_of_sales', 'Cost of sales', (a) => a.type === 'expense' && a.subtype === 'cogs');
  const expenses = section('expenses', 'Expenses', (a) => a.type === 'expense' && a.subtype !== 'cogs');
  const minus = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);
  const gross = {
    amount: income.total - costOfSales.total,
    compare: minus(income.compare_total, costOfSales.compare_total),
    monthly: months.map((_, i) => income.monthly_totals[i]! - costOfSales.monthly_totals[i]!),
  };
  const net = {
    amount: gross.amount - expenses.total,
    compare: minus(gross.compare, expenses.compare_total),
    monthly: months.map((_, i) => gross.monthly[i]! - expenses.monthly_totals[i]!),
  };
  // The tie, summed independently of the sections: every income and expense account's credits − debits.
  let ledgerNet = 0;
  for (const account of accounts) ledgerNet -= totals.get(account.id) ?? 0;
  const figure = (f: { amount: number; compare: number | null; monthly: number[] }) => ({
    amount: dollars(f.amount),
    compare: f.compare === null ? null : dollars(f.compare),
    monthly: f.monthly.map(dollars),
  });
  return {
    from,
    to,
    compare: query.compare,
    compare_from: comparePeriod?.from ?? null,
    compare_to: comparePeriod?.to ?? null,
    company,
    months,
    sections: [income, costOfSales, expenses].map((s) => ({
      ...s,
      rows: s.rows.map((row) => ({
        ...row,
        amount: dollars(row.amount),
        compare: row.compare === null ? null : dollars(row.compare),
        monthly: row.monthly.map(dollars),
      })),
      total: dollars(s.total),
      compare_total: s.compare_total === null ? null : dollars(s.compare_total),
      monthly_totals: s.monthly_totals.map(dollars),
    })),
    gross_margin: figure(gross),
    net_income: figure(net),
    tie: { ledger_net_income: dollars(ledgerNet), difference: dollars(net.amount - ledgerNet) },
  };
}
