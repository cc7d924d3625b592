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
  /** The contract's id: on an equal start date the highest governs (decision 0020), whatever the list's order. */
  id?: number;
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

/**
 * A month frozen when the invoice billing it posted (designs/billing.md §3.9, decision 0070): shown as it was billed,
 * and the next month starts from its carry_out. Hours as numbers, month 'YYYY-MM'.
 */
export interface UsageSnapshotHours {
  month: string;
  retainer: number;
  adjustments: number;
  rollover: number;
  helpdesk: number;
  project: number;
  non_billable: number;
  total_used: number;
  balance: number;
  carry_out: number;
  overage_hours: number;
  overage_rate: number;
  invoice_id: number | null;
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
  /** Present (true) only on a month frozen by a posted invoice: the Usage tab badges it "Invoiced". */
  invoiced: z.literal(true).optional(),
  invoice_id: z.number().nullable().optional(),
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
  /** Only on a frozen month (a usage snapshot): true, with the invoice that billed it. */
  invoiced?: true;
  invoice_id?: number | null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const monthOf = (isoDate: string) => isoDate.slice(0, 7);

function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * The contract governing a month: the one overlapping it with the latest start, then the highest id (decision 0020,
 * as activeContractOf); without ids, the last in the list.
 */
export function contractForMonth<T extends UsageContractTerms>(contracts: readonly T[], month: string): T | null {
  let chosen: T | null = null;
  for (const contract of contracts) {
    if (monthOf(contract.start_date) > month || monthOf(contract.end_date) < month) continue;
    const later =
      !chosen ||
      contract.start_date > chosen.start_date ||
      (contract.start_date === chosen.start_date && (contract.id ?? 0) >= (chosen.id ?? 0));
    if (later) chosen = contract;
  }
  return chosen;
}

/** The most hours that may roll into the next month under `contract`; Infinity when unlimited. */
export function rolloverCap(maxRollover: number): number {
  return maxRollover > UNLIMITED_ROLLOVER_ABOVE ? Number.POSITIVE_INFINITY : Math.max(0, maxRollover);
}

/** The hours a month's positive balance carries into the next one under its contract (0 without one). */
export function carryOutOf(balance: number, contract: Pick<UsageContractTerms, 'max_rollover'> | null): number {
  return contract && balance > 0 ? round2(Math.min(balance, rolloverCap(contract.max_rollover))) : 0;
}

/**
 * The usage rows from the first contract's start month through `currentMonth` (or the last contract's end month,
 * whichever is earlier), oldest first. A positive balance rolls into the next month up to the month's max_rollover;
 * a negative balance is billed as overage and does not carry. A month without a contract has no retainer and
 * carries nothing. A frozen month (`snapshots`) is shown as it was billed, marked invoiced, and the next month starts
 * from its carry_out; hours checked in on it later reach an open month as a late-time adjustment instead.
 */
export function computeMonthlyUsage(
  contracts: UsageContractTerms[],
  hours: UsageMonthHours[],
  adjustments: UsageAdjustmentHours[],
  currentMonth: string,
  snapshots: readonly UsageSnapshotHours[] = [],
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

  const frozen = new Map(snapshots.map((snapshot) => [snapshot.month, snapshot]));

  const rows: MonthlyUsageRow[] = [];
  let carry = 0;
  for (let month = first; month <= last; month = nextMonth(month)) {
    const snapshot = frozen.get(month);
    if (snapshot) {
      rows.push({
        id: month,
        billing_date: `${month}-01`,
        retainer: round2(snapshot.retainer),
        adjustments: round2(snapshot.adjustments),
        rollover: round2(snapshot.rollover),
        helpdesk: round2(snapshot.helpdesk),
        project: round2(snapshot.project),
        non_billable: round2(snapshot.non_billable),
        total_used: round2(snapshot.total_used),
        balance: round2(snapshot.balance),
        projected_billed: round2(snapshot.overage_hours * snapshot.overage_rate),
        invoiced: true,
        invoice_id: snapshot.invoice_id,
      });
      carry = snapshot.carry_out;
      continue;
    }
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
    carry = carryOutOf(balance, contract);
  }
  return rows;
}
