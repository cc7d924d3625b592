import { z } from 'zod';

/**
 * Monthly usage of a company's retainer (spec 2 §2 Monthly Usage card): one row per billing month,
 * balance = retainer + adjustments + rollover − helpdesk − project + non-billable.
 * Helpdesk and project are all hours checked in on the company's tickets and project steps; non-billable is the
 * part of those hours marked non-billable, which the formula gives back. Decision 0018.
 */

/** max_rollover above this means unlimited (spec 2 §9). */
export const UNLIMITED_ROLLOVER_ABOVE = 1000;

export interface UsageContractTerms {
  /** ISO dates (YYYY-MM-DD). */
  start_date: string;
  end_date: string;
  retainer_hours: number;
  max_rollover: number;
  overage_price: number;
}

export interface UsageMonthHours {
  /** 'YYYY-MM'. */
  month: string;
  helpdesk: number;
  project: number;
  non_billable: number;
}

export interface UsageAdjustmentHours {
  month: string;
  hours: number;
}

export const monthlyUsageRowSchema = z.object({
  id: z.string(),
  billing_date: z.string(),
  retainer: z.number(),
  adjustments: z.number(),
  rollover: z.number(),
  helpdesk: z.number(),
  project: z.number(),
  non_billable: z.number(),
  total_used: z.number(),
  balance: z.number(),
  projected_billed: z.number(),
});

export interface MonthlyUsageRow {
  /** 'YYYY-MM'. */
  id: string;
  /** The first day of the billing month, ISO. */
  billing_date: string;
  retainer: number;
  adjustments: number;
  rollover: number;
  helpdesk: number;
  project: number;
  non_billable: number;
  /** helpdesk + project − non_billable: the billable hours used. */
  total_used: number;
  balance: number;
  /** Hours over the retainer (a negative balance) at the contract's overage price. */
  projected_billed: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const monthOf = (isoDate: string) => isoDate.slice(0, 7);

function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/** The contract governing a month: the one overlapping it with the latest start (then the last in the list). */
function contractForMonth(contracts: UsageContractTerms[], month: string): UsageContractTerms | null {
  let chosen: UsageContractTerms | null = null;
  for (const contract of contracts) {
    if (monthOf(contract.start_date) > month || monthOf(contract.end_date) < month) continue;
    if (!chosen || contract.start_date >= chosen.start_date) chosen = contract;
  }
  return chosen;
}

/** The most hours that may roll into the next month under `contract`; Infinity when unlimited. */
export function rolloverCap(maxRollover: number): number {
  return maxRollover > UNLIMITED_ROLLOVER_ABOVE ? Number.POSITIVE_INFINITY : Math.max(0, maxRollover);
}

/**
 * The usage rows from the first contract's start month through `currentMonth` (or the last contract's end month,
 * whichever is earlier), oldest first. A positive balance rolls into the next month up to the month's max_rollover;
 * a negative balance is billed as overage and does not carry. A month without a contract has no retainer and
 * carries nothing.
 */
export function computeMonthlyUsage(
  contracts: UsageContractTerms[],
  hours: UsageMonthHours[],
  adjustments: UsageAdjustmentHours[],
  currentMonth: string,
): MonthlyUsageRow[] {
  if (contracts.length === 0) return [];
  const first = contracts.map((c) => monthOf(c.start_date)).sort()[0]!;
  const lastEnd = contracts
    .map((c) => monthOf(c.end_date))
    .sort()
    .at(-1)!;
  const last = lastEnd < currentMonth ? lastEnd : currentMonth;
  const hoursByMonth = new Map(hours.map((h) => [h.month, h]));
  const adjustmentsByMonth = new Map<string, number>();
  for (const adjustment of adjustments)
    adjustmentsByMonth.set(adjustment.month, (adjustmentsByMonth.get(adjustment.month) ?? 0) + adjustment.hours);

  const rows: MonthlyUsageRow[] = [];
  let carry = 0;
  for (let month = first; month <= last; month = nextMonth(month)) {
    const contract = contractForMonth(contracts, month);
    const used = hoursByMonth.get(month);
    const helpdesk = used?.helpdesk ?? 0;
    const project = used?.project ?? 0;
    const nonBillable = used?.non_billable ?? 0;
    const retainer = contract?.retainer_hours ?? 0;
    const adjustmentHours = adjustmentsByMonth.get(month) ?? 0;
    const rollover = contract ? carry : 0;
    const balance = round2(retainer + adjustmentHours + rollover - helpdesk - project + nonBillable);
    rows.push({
      id: month,
      billing_date: `${month}-01`,
      retainer: round2(retainer),
      adjustments: round2(adjustmentHours),
      rollover: round2(rollover),
      helpdesk: round2(helpdesk),
      project: round2(project),
      non_billable: round2(nonBillable),
      total_used: round2(helpdesk + project - nonBillable),
      balance,
      projected_billed: balance < 0 && contract ? round2(-balance * contract.overage_price) : 0,
    });
    carry = contract && balance > 0 ? Math.min(balance, rolloverCap(contract.max_rollover)) : 0;
  }
  return rows;
}
