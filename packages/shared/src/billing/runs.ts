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
