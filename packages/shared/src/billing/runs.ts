import { z } from 'zod';
import type { InvoiceStatus, PaymentState } from './payment-state.ts';
import type { InvoiceType } from './invoices.ts';

// The monthly contract billing run (designs/billing.md §4, §6 "Run"; decision 0070): the contract of
// /api/billing/runs, shared by the run card and review panel on /billing. Months travel as 'YYYY-MM'.

export const runMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'The month must look like 2026-04.');

export const billingRunStatuses = ['pending', 'running', 'drafted', 'done'] as const;
export type BillingRunStatus = (typeof billingRunStatuses)[number];
export const runCompanyStatuses = ['pending', 'drafted', 'skipped', 'failed', 'approved', 'posted', 'sent'] as const;
export type RunCompanyStatus = (typeof runCompanyStatuses)[number];

/** Warnings a draft carries to review (design §4 "Review, approve, post"): code and the sentence shown. */
export const runWarningCodes = [
  'no_billing_contact',
  'contract_ending',
  'open_check_ins',
  'missing_tax_rate',
  'exemption_expired',
  'inactive_company',
  'large_change',
] as const;
export type RunWarningCode = (typeof runWarningCodes)[number];
export interface RunWarning {
  code: RunWarningCode;
  message: string;
}

export interface BillingRunSummary {
  id: number;
  /** 'YYYY-MM' */
  month: string;
  status: BillingRunStatus;
  started_by: number | null;
  started_at: string;
  finished_at: string | null;
  /** Companies per status, every status present (0 when none). */
  counts: Record<RunCompanyStatus, number>;
  /** Drafted companies without warnings: what "Approve all without warnings" would approve. */
  clean_drafts: number;
}

export interface RunCompanyInvoice {
  id: number;
  label: string;
  type: InvoiceType;
  status: InvoiceStatus;
  state: PaymentState;
  total: number;
  /** The same type's total for the previous month, null when there was none. */
  previous_total: number | null;
  /** Percent change against previous_total (over 10 is highlighted); null without a previous total. */
  change_percent: number | null;
}

export interface RunCompanyRow {
  company_id: number;
  company_name: string;
  status: RunCompanyStatus;
  invoices: RunCompanyInvoice[];
  total: number;
  warnings: RunWarning[];
  error: string;
  updated_at: string;
}

/** GET /api/billing/runs/{month}: the run (null before it ever started) and its companies (paginated). */
export interface BillingRunDetail {
  run: BillingRunSummary | null;
  data: RunCompanyRow[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export const runCompaniesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
  status: z.enum(runCompanyStatuses).optional(),
  /** '1': only companies with warnings; '0': only clean ones. */
  warnings: z.enum(['0', '1']).optional(),
  search: z.string().trim().max(100).optional(),
});

/** POST /api/billing/runs/{month}/approve: the companies chosen, or every drafted company without warnings. */
export const runApproveInputSchema = z.union([
  z.object({ company_ids: z.array(z.number().int().positive()).min(1, 'Choose at least one company.').max(5000) }),
  z.object({ clean: z.literal(true) }),
]);

export const runAlreadyRunningMessage = 'This month is already being drafted.';
export const runPostedNothingMessage = 'Nothing is approved to post.';

/** GET /api/billing/runs: the runs, newest month first (the spec's paginator). */
export const runListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
});

/** POST /api/billing/runs/{month}: 202, the run goes on in the background (BillingRunUpdated as companies commit). */
export interface RunStartResponse {
  message: string;
  data: BillingRunSummary;
}

/** POST /api/billing/runs/{month}/approve and /post: what happened to each company or invoice. */
export interface RunActionResult {
  done: number[];
  failed: { id: number; message: string }[];
}

export const runStartedMessage = 'The run has started.';
export const runNotStartedMessage = 'This month has not been run yet.';
export const runCompanyNotListedMessage = 'This company is not in the run.';
export const skipApprovedMessage = 'An approved or posted company cannot be skipped.';
export const approveNotDraftedMessage = 'Only a drafted company can be approved.';
export const runMonthMessage = 'The month must look like 2026-04.';
/** Posting refuses a draft whose month's usage moved since it was computed: billed hours must equal frozen ones. */
export const staleUsageMessage = (monthName: string) =>
  `The usage of ${monthName} changed since this draft was made: refresh it before posting.`;

/** A company's status from its run invoices: any draft is drafted, then approved, then posted; none is skipped. */
export function runCompanyStatusOf(statuses: readonly InvoiceStatus[]): RunCompanyStatus {
  const live = statuses.filter((status) => status !== 'void');
  if (live.length === 0) return 'skipped';
  if (live.includes('draft')) return 'drafted';
  if (live.includes('approved')) return 'approved';
  return 'posted';
}

const hourFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The month whose scheduled run is due at `now` (design §4: run day and hour in the billing time zone), or null
 * before that moment of the current month. The hourly tick starts it once: a month already run is not started again.
 */
export function scheduledRunMonth(now: Date, timeZone: string, runDay: number, runHour: number): string | null {
  let formatter = hourFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    hourFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? '0');
  const day = part('day');
  const hour = part('hour');
  if (day < runDay || (day === runDay && hour < runHour)) return null;
  return `${String(part('year')).padStart(4, '0')}-${String(part('month')).padStart(2, '0')}`;
}
