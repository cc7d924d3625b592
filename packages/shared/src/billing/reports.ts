import { z } from 'zod';
import { isoDateText } from '../validation.ts';
import type { AgingBasis, AgingBucket } from './aging.ts';
import { invoiceTypes, type InvoiceType } from './invoices.ts';
import { centsFromDollars, formatCents } from './money.ts';
import type { PaymentState } from './payment-state.ts';

// The billing reports of part 1 (designs/billing.md §5, §7; issue 27 part 9): aged receivables, client balances,
// the invoice register and the invoice log, under GET /api/billing/reports/{name}. Filters travel as query text (and
// live in the page's URL); `format=csv` answers the same rows as a file. Amounts are dollars, as every billing answer.

export const billingReportNames = ['agedreceivables', 'clientbalances', 'invoiceregister', 'invoicelog'] as const;
export type BillingReportName = (typeof billingReportNames)[number];

const formatSchema = z.enum(['json', 'csv'], { error: 'Choose json or csv.' }).default('json');
/** Query switches are '1' (on) or '0'/absent (off). */
const flag = z.enum(['0', '1'], { error: 'Use 1 or 0.' }).optional();
const companyId = z.coerce
  .number({ error: 'The selected company is invalid.' })
  .int('The selected company is invalid.')
  .positive('The selected company is invalid.')
  .max(2_147_483_647, 'The selected company is invalid.')
  .optional();
const page = {
  page: z.coerce.number({ error: 'The page must be a number.' }).int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number({ error: 'The per page must be a number.' }).int().min(1).max(500).default(50),
};
export const rangeOrderMessage = 'The to date must be a date after or equal to the from date.';
const ordered = <T extends { from?: string; to?: string }>(query: T, context: z.RefinementCtx) => {
  if (query.from && query.to && query.to < query.from)
    context.addIssue({ code: 'custom', path: ['to'], message: rangeOrderMessage });
};

// --- Aged receivables ---

export const agingBases = ['due_date', 'invoice_date'] as const satisfies readonly AgingBasis[];

export const agedReceivablesQuerySchema = z.object({
  /** Default: today in the billing time zone. */
  as_of: isoDateText('as of date').optional(),
  basis: z.enum(agingBases, { error: 'Choose due date or invoice date.' }).default('due_date'),
  width: z.coerce
    .number({ error: 'The bucket width must be a number of days.' })
    .int('The bucket width must be a number of days.')
    .min(1, 'The bucket width must be at least 1 day.')
    .max(365, 'The bucket width may not be more than 365 days.')
    .default(30),
  count: z.coerce
    .number({ error: 'The bucket count must be a number.' })
    .int('The bucket count must be a whole number.')
    .min(1, 'There must be at least 1 bucket.')
    .max(12, 'There may be at most 12 buckets.')
    .default(3),
  /** One company: its row, and its open items as the drill-down. */
  company_id: companyId,
  hide_zero: flag,
  format: formatSchema,
});
export type AgedReceivablesQuery = z.infer<typeof agedReceivablesQuerySchema>;

export interface AgedReceivablesRow {
  company_id: number;
  company_name: string;
  /** Dollars per bucket, in the buckets' order (Current first, the open-ended one last). */
  buckets: number[];
  /** Unapplied payments and credit notes (≤ 0). */
  credits: number;
  total: number;
}

export type AgedItemType = InvoiceType | 'payment' | 'refund' | 'write_off';

/** One open item of the drill-down: an invoice owed (> 0) or a credit not yet applied (< 0). */
export interface AgedItem {
  type: AgedItemType;
  id: number;
  /** INV-/CN- number, or the payment's reference. */
  label: string;
  date: string;
  due_date: string | null;
  /** Days past due (or since the invoice date, on that basis); null for a credit. */
  days: number | null;
  /** Index into `buckets`; null for a credit (Unapplied credits). */
  bucket: number | null;
  amount: number;
}

export interface AgedReceivablesResponse {
  as_of: string;
  basis: AgingBasis;
  buckets: AgingBucket[];
  data: AgedReceivablesRow[];
  totals: Omit<AgedReceivablesRow, 'company_id' | 'company_name'>;
  /** Account 1100 as of the date (for the company when one is chosen) and the report's difference from it. */
  tie: { account_number: string; ledger_balance: number; difference: number };
  /** The chosen company's open items, oldest first (only with company_id). */
  items?: AgedItem[];
}

// --- Client balances ---

export const clientBalancesQuerySchema = z.object({
  as_of: isoDateText('as of date').optional(),
  company_id: companyId,
  hide_zero: flag,
  overdue_only: flag,
  format: formatSchema,
});
export type ClientBalancesQuery = z.infer<typeof clientBalancesQuerySchema>;

export interface ClientBalanceRow {
  company_id: number;
  company_name: string;
  /** Posted invoices dated by the as-of date (not voided by then). */
  invoiced: number;
  /** Posted credit notes, as a positive amount. */
  credited: number;
  /** Payments received by then (not voided by then). */
  received: number;
  /** Owed on invoices as of the date. */
  open: number;
  /** The part of `open` past its due date. */
  overdue: number;
  /** Payments and credit notes not yet applied, as a positive amount. */
  unapplied_credit: number;
  /** open − unapplied_credit: what the company owes (its share of account 1100). */
  balance: number;
  last_payment_date: string | null;
  last_payment_amount: number | null;
}

export interface ClientBalancesResponse {
  as_of: string;
  data: ClientBalanceRow[];
  totals: Omit<ClientBalanceRow, 'company_id' | 'company_name' | 'last_payment_date' | 'last_payment_amount'>;
}

// --- Invoice register ---

export const registerStatusFilters = ['open', 'partially_paid', 'paid', 'overdue', 'void'] as const;
export type RegisterStatusFilter = (typeof registerStatusFilters)[number];
export const registerStatusLabels: Record<RegisterStatusFilter, string> = {
  open: 'Open',
  partially_paid: 'Partially Paid',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
};

export const invoiceRegisterQuerySchema = z
  .object({
    from: isoDateText('from date').optional(),
    to: isoDateText('to date').optional(),
    type: z.enum(invoiceTypes, { error: 'Choose an invoice type.' }).optional(),
    company_id: companyId,
    status: z.enum(registerStatusFilters, { error: 'Choose a status.' }).optional(),
    ...page,
    format: formatSchema,
  })
  .superRefine(ordered);
export type InvoiceRegisterQuery = z.infer<typeof invoiceRegisterQuerySchema>;

export interface InvoiceRegisterRow {
  id: number;
  number: string;
  invoice_date: string;
  company_id: number;
  company_name: string;
  type: InvoiceType;
  subtotal: number;
  tax_total: number;
  total: number;
  /** total − balance: what payments and credits applied (negative on a credit note: what of it was applied). */
  paid: number;
  balance: number;
  due_date: string | null;
  /** As of today in the billing time zone. */
  status: PaymentState;
}

export interface InvoiceRegisterTotals {
  count: number;
  subtotal: number;
  tax_total: number;
  total: number;
  paid: number;
  balance: number;
}

export interface InvoiceRegisterResponse {
  data: InvoiceRegisterRow[];
  total: number;
  current_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  last_page: number;
  /** Of every row the filters select (all pages), voided documents left out. */
  totals: InvoiceRegisterTotals;
}

// --- Invoice log ---

/** The events the invoice services write on an invoice (billing_events, entity_type 'invoice'). */
export const invoiceLogEvents = [
  'created',
  'edited',
  'approved',
  'unapproved',
  'posted',
  'sent',
  'delivered',
  'delivery_failed',
  'delivery_skipped',
  'printed',
  'paid',
  'unapplied',
  'credit_note_drafted',
  'credited',
  'voided',
  'deleted',
] as const;
export type InvoiceLogEvent = (typeof invoiceLogEvents)[number];
export const invoiceLogEventLabels: Record<InvoiceLogEvent, string> = {
  created: 'Created',
  edited: 'Edited',
  approved: 'Approved',
  unapproved: 'Unapproved',
  posted: 'Posted',
  sent: 'Mailed',
  delivered: 'Delivered',
  delivery_failed: 'Delivery failed',
  delivery_skipped: 'Not mailed',
  printed: 'Printed',
  paid: 'Paid',
  unapplied: 'Payment unapplied',
  credit_note_drafted: 'Credit note drafted',
  credited: 'Credited',
  voided: 'Voided',
  deleted: 'Deleted',
};

export const invoiceLogQuerySchema = z
  .object({
    from: isoDateText('from date').optional(),
    to: isoDateText('to date').optional(),
    company_id: companyId,
    event: z.enum(invoiceLogEvents, { error: 'Choose an event.' }).optional(),
    user_id: z.coerce
      .number({ error: 'The selected user is invalid.' })
      .int('The selected user is invalid.')
      .positive('The selected user is invalid.')
      .max(2_147_483_647, 'The selected user is invalid.')
      .optional(),
    ...page,
    format: formatSchema,
  })
  .superRefine(ordered);
export type InvoiceLogQuery = z.infer<typeof invoiceLogQuerySchema>;

export interface InvoiceLogRow {
  id: number;
  /** ISO instant. */
  at: string;
  event: string;
  invoice_id: number;
  /** INV-/CN- number, or 'Draft 1042'. */
  invoice_label: string;
  company_id: number | null;
  company_name: string | null;
  user_id: number | null;
  user_name: string | null;
  /** One line from the event's data: to whom it was mailed and the result, the amount, the reason. */
  detail: string;
}

export interface InvoiceLogResponse {
  data: InvoiceLogRow[];
  total: number;
  current_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  last_page: number;
}

/**
 * One line a bookkeeper reads from a billing event's data: to whom it was mailed and the result, the document number,
 * the amount or total (dollars, as the services store them), the reason, the journal entry.
 */
export function invoiceLogDetail(data: Record<string, unknown> | null | undefined): string {
  if (!data || typeof data !== 'object') return '';
  const text = (key: string) => {
    const value = data[key];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  };
  const money = (key: string) => {
    const value = data[key];
    const cents = typeof value === 'number' ? centsFromDollars(value) : null;
    return cents === null ? '' : formatCents(cents);
  };
  const recipients = Array.isArray(data.recipients)
    ? data.recipients.filter((r): r is string => typeof r === 'string')
    : [];
  if (text('recipient')) recipients.push(text('recipient'));
  const parts = [
    recipients.length ? `to ${recipients.join(', ')}` : '',
    text('via') || text('result'),
    text('error'),
    text('number'),
    money('amount') || money('total'),
    text('reason'),
    text('journal_entry'),
  ];
  return parts.filter((part) => part !== '').join(', ');
}
