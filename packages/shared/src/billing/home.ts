import { z } from 'zod';
import { runMonthSchema } from './runs.ts';

// /billing home (designs/billing.md §5 first row; issue 27 part 11): the contract of GET /api/billing/summary and the
// small rules the page applies to it. Amounts travel as dollars (at most two decimals), as every billing answer does.

/** GET /api/billing/summary?month=2026-04: `month` is the run card's month, for its drafts queue (default: today's). */
export const billingSummaryQuerySchema = z.object({ month: runMonthSchema.optional() });
export type BillingSummaryQuery = z.infer<typeof billingSummaryQuerySchema>;

export interface BillingSummaryCards {
  /** Balances of posted invoices still owed (credit notes are credits, not AR). */
  ar_open: number;
  /** The part of ar_open past its due date. */
  ar_overdue: number;
  /** Payments' unallocated remainders plus credit notes' unapplied (negative) balances, as a positive amount. */
  unapplied_credits: number;
  /** Posted bills due within 14 days or overdue, what is left to pay (decision 0087 addendum 2). */
  ap_due_14_days: number | null;
  /** Active contracts' retainer (device_count × retainer_price) and recurring items, per month. */
  mrr: number;
  /** Posted invoices (credit notes and voided invoices left out) dated this month in the billing time zone. */
  invoiced_this_month: number;
  /** Payments received this month. */
  collected_this_month: number;
}

export interface BillingSummaryQueues {
  /** Every draft invoice (link: /billing/invoices?status=draft). */
  drafts: number;
  /** Drafts of the run month asked for (link: ?status=draft&run_month=). */
  run_drafts: number;
  /** Posted invoices whose latest revision failed to reach a recipient (link: ?delivery=failed). */
  failed_deliveries: number;
  /** Posted bills (not vendor credits) with a balance, due within 14 days or overdue (link: /billing/payments/make). */
  bills_due: number;
  /** Purchase orders ordered or partly received (link: /billing/purchaseorders?status=ordered). */
  pos_awaiting_receipt: number;
  /** The part of pos_awaiting_receipt partly received (link: ?status=partial). */
  pos_partly_received: number;
  /** Tracked, active items whose stock is at or below their reorder point (link: /billing/inventory?below_reorder=1). */
  below_reorder: number;
}

export interface MonthlyTotals {
  /** 'YYYY-MM' */
  month: string;
  invoiced: number;
  collected: number;
}

export interface AgingChart {
  /** Current, 1-30, 31-60, 61-90, 91+ by due date, as of today. */
  buckets: { label: string; amount: number }[];
  /** Unapplied credits (≤ 0), so buckets + credits = total. */
  credits: number;
  total: number;
}

export interface BillingSummary {
  /** Today in the billing time zone. */
  today: string;
  /** The run month the queues' run_drafts counts ('YYYY-MM'). */
  month: string;
  cards: BillingSummaryCards;
  queues: BillingSummaryQueues;
  /** The 12 months ending with this one, oldest first, every month present. */
  monthly: MonthlyTotals[];
  aging: AgingChart;
}

/** 'YYYY-MM' of a date or month text. */
export const runMonthOf = (date: string): string => date.slice(0, 7);

/**
 * The month the run card opens on: the month whose 1st has passed (the run of M bills M's retainer in advance and
 * M−1's overage in arrears), i.e. today's month in the billing time zone.
 */
export const defaultRunMonth = (today: string): string => runMonthOf(today);

/** 'YYYY-MM' moved by `months` (negative: earlier). */
export function shiftRunMonth(month: string, months: number): string {
  const [year, monthNumber] = month.split('-').map(Number);
  const index = year! * 12 + (monthNumber! - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The 12 months ending with `month`, oldest first. */
export const lastTwelveMonths = (month: string): string[] =>
  Array.from({ length: 12 }, (_, index) => shiftRunMonth(month, index - 11));

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'April 2026' for '2026-04'. */
export const runMonthLabel = (month: string): string =>
  `${monthNames[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** A change against last month beyond this many percent is highlighted in review (design §4). */
export const largeChangePercent = 10;
export const isLargeChange = (changePercent: number | null): boolean =>
  changePercent !== null && Math.abs(changePercent) > largeChangePercent;
