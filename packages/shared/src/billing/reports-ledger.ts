import { z } from 'zod';
import { isoDateText } from '../validation.ts';
import type { AccountSubtype, AccountType } from './ledger.ts';

// The ledger reports of billing part 2 (designs/billing.md §5; issue 28 part 6): Balance Sheet, Income Statement and
// Verify Transactions under GET /api/billing/reports/{name}. Filters travel as query text (the page keeps them in its
// URL); `format=csv` answers the same figures as a file. Amounts are dollars with at most two decimals.

const formatSchema = z.enum(['json', 'csv'], { error: 'Choose json or csv.' }).default('json');
const companyId = z.coerce
  .number({ error: 'The selected company is invalid.' })
  .int('The selected company is invalid.')
  .positive('The selected company is invalid.')
  .max(2_147_483_647, 'The selected company is invalid.')
  .optional();
export const ledgerRangeOrderMessage = 'The to date must be a date after or equal to the from date.';
export const periodTooLongMessage = 'The period may not be longer than 36 months.';

// --- Balance Sheet ---

export const balanceSheetCompares = ['none', 'prior_month', 'prior_year'] as const;
export type BalanceSheetCompare = (typeof balanceSheetCompares)[number];
export const balanceSheetCompareLabels: Record<BalanceSheetCompare, string> = {
  none: 'No comparison',
  prior_month: 'Prior month end',
  prior_year: 'Prior year end',
};

export const balanceSheetQuerySchema = z.object({
  /** Default: today in the billing time zone. */
  as_of: isoDateText('as of date').optional(),
  compare: z.enum(balanceSheetCompares, { error: 'Choose prior month end, prior year end or none.' }).default('none'),
  format: formatSchema,
});
export type BalanceSheetQuery = z.infer<typeof balanceSheetQuerySchema>;

/** One account's line of a statement; `compare` is null without a comparison column. */
export interface StatementAccountRow {
  account_id: number | null;
  number: string;
  name: string;
  subtype: AccountSubtype | null;
  amount: number;
  compare: number | null;
  /** Computed rows (current-year earnings, prior years' earnings) have no account: account_id is null. */
  computed: boolean;
}

export interface StatementSection {
  key: string;
  label: string;
  rows: StatementAccountRow[];
  total: number;
  compare_total: number | null;
}

export interface BalanceSheetResponse {
  as_of: string;
  compare: BalanceSheetCompare;
  compare_as_of: string | null;
  fiscal_year_start: string;
  /** Assets, liabilities, equity (with the computed earnings rows), in that order. */
  sections: StatementSection[];
  totals: {
    assets: number;
    liabilities_and_equity: number;
    compare_assets: number | null;
    compare_liabilities_and_equity: number | null;
  };
  /** A = L + E: assets − (liabilities + equity); 0 when the books balance. */
  check: { difference: number; compare_difference: number | null; balanced: boolean };
  /** The tie to the ledger: the trial balance (debits − credits over every account) as of the date. */
  tie: { trial_balance_difference: number };
}

/** The comparison date of a balance sheet: the end of the month before, or of the year before, `asOf`. */
export function balanceSheetCompareDate(asOf: string, compare: BalanceSheetCompare): string | null {
  if (compare === 'none') return null;
  const [year, month] = asOf.split('-').map(Number) as [number, number];
  if (compare === 'prior_year') return `${year - 1}-12-31`;
  return lastDayOfMonth(month === 1 ? year - 1 : year, month === 1 ? 12 : month - 1);
}

// --- Income Statement ---

export const incomeStatementCompares = ['none', 'prior_period', 'prior_year'] as const;
export type IncomeStatementCompare = (typeof incomeStatementCompares)[number];
export const incomeStatementCompareLabels: Record<IncomeStatementCompare, string> = {
  none: 'No comparison',
  prior_period: 'Prior period',
  prior_year: 'Prior year',
};

export const incomeStatementQuerySchema = z
  .object({
    /** Default: the first of the current year (billing time zone). */
    from: isoDateText('from date').optional(),
    /** Default: today (billing time zone). */
    to: isoDateText('to date').optional(),
    compare: z.enum(incomeStatementCompares, { error: 'Choose prior period, prior year or none.' }).default('none'),
    /** '1': one column per month of the period. */
    monthly: z.enum(['0', '1'], { error: 'Use 1 or 0.' }).optional(),
    /** P&L of one client: only journal lines tagged with the company. */
    company_id: companyId,
    format: formatSchema,
  })
  .superRefine((query, context) => {
    if (query.from && query.to && query.to < query.from)
      context.addIssue({ code: 'custom', path: ['to'], message: ledgerRangeOrderMessage });
    else if (query.from && query.to && monthsBetween(query.from, query.to).length > 36)
      context.addIssue({ code: 'custom', path: ['to'], message: periodTooLongMessage });
  });
export type IncomeStatementQuery = z.infer<typeof incomeStatementQuerySchema>;

export interface IncomeStatementResponse {
  from: string;
  to: string;
  compare: IncomeStatementCompare;
  compare_from: string | null;
  compare_to: string | null;
  company: { id: number; name: string } | null;
  /** The months of the period ('YYYY-MM-01'), when monthly columns are asked for; else empty. */
  months: string[];
  /** Income, cost of sales, expenses: each row's `monthly` holds one amount per month of `months`. */
  sections: (StatementSection & { rows: (StatementAccountRow & { monthly: number[] })[]; monthly_totals: number[] })[];
  gross_margin: { amount: number; compare: number | null; monthly: number[] };
  net_income: { amount: number; compare: number | null; monthly: number[] };
  /** The tie to the ledger: net income = income accounts' credits − debits − expense accounts' debits − credits. */
  tie: { ledger_net_income: number; difference: number };
}

// --- Client Overview ---

export const clientOverviewQuerySchema = z.object({
  /** The end of the twelve months read (revenue, hours, days to pay); default today (billing time zone). */
  to: isoDateText('to date').optional(),
  /** One company: its row and its months (hours used vs retainer, revenue) for the full page with charts. */
  company_id: companyId,
  page: z.coerce.number({ error: 'The page must be a number.' }).int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number({ error: 'The per page must be a number.' }).int().min(1).max(500).default(50),
  format: formatSchema,
});
export type ClientOverviewQuery = z.infer<typeof clientOverviewQuerySchema>;

export interface ClientOverviewRow {
  company_id: number;
  company_name: string;
  /** The contract governing the date (latest start wins): its dates and retainer, or null. */
  contract: { id: number; start_date: string; end_date: string; retainer_hours: number; retainer_item: string } | null;
  /** The governing contract's retainer (devices × price) plus its recurring items, per month. */
  mrr: number;
  /** Posted invoices' and credit notes' subtotals (before tax) dated in the twelve months. */
  revenue_t12m: number;
  /** Closed, billable check-in hours in the twelve months. */
  billable_hours_t12m: number;
  /** Revenue ÷ billable hours; null without hours. */
  effective_rate: number | null;
  /** Mean days from invoice date to the day it was paid, over invoices closed in the twelve months; null if none. */
  average_days_to_pay: number | null;
  /** Account 1100 for the company at the end of the date. */
  balance: number;
}

export interface ClientOverviewMonth {
  /** 'YYYY-MM'. */
  month: string;
  retainer: number | null;
  used: number | null;
  revenue: number;
}

/** The spec's paginator, with the twelve months read (period_from to period_to). */
export interface ClientOverviewResponse {
  period_from: string;
  period_to: string;
  data: ClientOverviewRow[];
  total: number;
  current_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  last_page: number;
  /** With company_id: the twelve months of that company, oldest first. */
  months?: ClientOverviewMonth[];
}

// --- Verify Transactions ---

export const verifyCheckKeys = [
  'trial_balance',
  'entries_balanced',
  'receivables',
  'payables',
  'inventory',
  'received_not_billed',
  'invoice_totals',
  'allocations',
  'rollups',
  'usage_snapshots',
  'billed_checkins',
] as const;
export type VerifyCheckKey = (typeof verifyCheckKeys)[number];

export const verifyTransactionsQuerySchema = z.object({
  /** Default: today (billing time zone): sub-ledgers and control accounts compared as of the end of this date. */
  as_of: isoDateText('as of date').optional(),
  format: formatSchema,
});
export type VerifyTransactionsQuery = z.infer<typeof verifyTransactionsQuerySchema>;

/** One finding of a failed check: what is wrong, and the amounts compared. */
export interface VerifyProblem {
  /** e.g. 'entry', 'company', 'vendor', 'invoice', 'account', 'payment'. */
  kind: string;
  id: number | null;
  label: string;
  expected: number | null;
  actual: number | null;
  difference: number | null;
}

export interface VerifyCheck {
  key: VerifyCheckKey;
  label: string;
  passed: boolean;
  /** One line: the figures compared. */
  detail: string;
  /** The drill-down: up to 100 findings (`problem_count` says how many there were). */
  problems: VerifyProblem[];
  problem_count: number;
}

export interface VerifyTransactionsResponse {
  as_of: string;
  checked_at: string;
  passed: boolean;
  checks: VerifyCheck[];
}

export const verifyFailedNotificationType = 'Billing Verification Failed';

// --- dates ---

function lastDayOfMonth(year: number, month: number): string {
  const day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The firsts of every month from `from`'s to `to`'s ('YYYY-MM-01'). */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  const end = to.slice(0, 7);
  for (let guard = 0; guard < 1200; guard += 1) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > end) break;
    months.push(`${key}-01`);
    month += 1;
    if (month === 13) [year, month] = [year + 1, 1];
  }
  return months;
}

/** `date` moved by whole days (ISO dates, UTC arithmetic). */
export function addDays(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}

/** The same day a year earlier (29 February becomes the 28th). */
export function yearEarlier(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const last = Number(lastDayOfMonth(year - 1, month).slice(8));
  return `${year - 1}-${String(month).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
}

/** The period just before [from, to] of the same length in days. */
export function priorPeriod(from: string, to: string): { from: string; to: string } {
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
  const priorTo = addDays(from, -1);
  return { from: addDays(priorTo, -days), to: priorTo };
}

/** Account types read as statement sections. */
export const statementTypeLabels: Record<AccountType, string> = {
  asset: 'Assets',
  liability: 'Liabilities',
  equity: 'Equity',
  income: 'Income',
  expense: 'Expenses',
};
