import { addMonths, daysBetween, monthEnd } from './billing-date.ts';
import type { InvoiceLineKind, LineExplain } from './invoices.ts';
import { invoiceLineAmount, monthProration, prorationLabel, type Proration } from './invoice-lines.ts';
import type { LateFee } from './late-fee.ts';
import { dollarsFromCents, formatCents } from './money.ts';
import type { RunWarning } from './runs.ts';

// The monthly run's lines (designs/billing.md §4 1-5; decision 0070), as pure functions: the server loads a company's
// contracts, usage, invoices and check-ins, these decide the lines, their amounts and explanations, and the warnings.
// Months are 'YYYY-MM-01'; amounts integer cents; quantities and unit prices numeric text as the columns hold them.

/** What a run line needs of a contract (the API's Contract carries more). */
export interface RunContract {
  id: number;
  start_date: string;
  end_date: string;
  retainer_item: { id: number; name: string };
  overage_item: { id: number; name: string };
  late_fee_item: { id: number; name: string };
  retainer_taxable: number;
  overage_taxable: number;
  late_fee_taxable: number;
  retainer_price: number;
  overage_price: number;
  late_fee_percent: number;
  device_count: number;
  recurring_items: { item_id: number; item: { name: string }; quantity: number; price: number; taxable: number }[];
}

/** A line the run writes (the invoice drafts' DraftLine, minus what the server adds). */
export interface RunLine {
  kind: InvoiceLineKind;
  itemId: number | null;
  description: string;
  /** numeric(12,2) text. */
  quantity: string;
  /** numeric(14,4) text. */
  unitPrice: string;
  proration: Proration | null;
  /** Cents, round(quantity × unit price × proration) once. */
  amount: number;
  taxable: 0 | 1;
  periodStart: string | null;
  periodEnd: string | null;
  explain: LineExplain;
  checkInIds?: number[];
}

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

/** 'April 2026' of '2026-04-01' (or '2026-04'). */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${monthNames[m - 1]} ${year}`;
}

/** '2026-04-01' of '2026-04'. */
export const monthStart = (month: string): string => `${month.slice(0, 7)}-01`;

/** The month before, 'YYYY-MM-01'. */
export const previousMonth = (month: string): string => addMonths(monthStart(month), -1);

/** Numeric text with `scale` decimals of a number of at most that many (prices of the contract's numeric columns). */
export const decimalText = (value: number, scale: number): string => {
  const factor = 10 ** scale;
  const units = Math.round(Math.abs(value) * factor);
  const sign = value < 0 && units !== 0 ? '-' : '';
  const whole = Math.floor(units / factor);
  const fraction = String(units % factor).padStart(scale, '0');
  return scale === 0 ? `${sign}${whole}` : `${sign}${whole}.${fraction}`;
};

/** '$125.00' of a dollar price. */
const priceLabel = (dollars: number): string => formatCents(Math.round(dollars * 100));

/** Hours shown in a sentence: '12.25'. */
const hoursLabel = (hours: number): string => (Number.isInteger(hours) ? String(hours) : hours.toFixed(2));

/** The days of `month` the contract covers when it starts or ends inside it and proration is on; null = whole. */
export function contractProration(contract: RunContract, month: string, prorate: boolean): Proration | null {
  if (!prorate) return null;
  return monthProration(monthStart(month), contract.start_date, contract.end_date);
}

function periodOf(contract: RunContract, month: string, proration: Proration | null) {
  const first = monthStart(month);
  const last = monthEnd(first);
  if (!proration) return { periodStart: first, periodEnd: last };
  return {
    periodStart: contract.start_date > first ? contract.start_date : first,
    periodEnd: contract.end_date < last ? contract.end_date : last,
  };
}

/** Line 1: the retainer for `month`, in advance: device_count × retainer_price, prorated by days. */
export function retainerLine(contract: RunContract, month: string, prorate: boolean): RunLine | null {
  if (contract.device_count <= 0 && contract.retainer_price === 0) return null;
  const proration = contractProration(contract, month, prorate);
  if (proration?.days === 0) return null;
  const quantity = String(contract.device_count);
  const unitPrice = decimalText(contract.retainer_price, 4);
  const amount = invoiceLineAmount(`${quantity}.00`, unitPrice, proration);
  const devices = `${contract.device_count} ${contract.device_count === 1 ? 'device' : 'devices'}`;
  const summary = [`${devices} × ${priceLabel(contract.retainer_price)}`, proration && prorationLabel(proration)]
    .filter(Boolean)
    .join(', ');
  return {
    kind: 'retainer',
    itemId: contract.retainer_item.id,
    description: `${contract.retainer_item.name}, ${monthLabel(month)}, ${summary}`,
    quantity: `${quantity}.00`,
    unitPrice,
    proration,
    amount,
    taxable: contract.retainer_taxable === 1 ? 1 : 0,
    ...periodOf(contract, month, proration),
    explain: {
      summary,
      contract_id: contract.id,
      rate: contract.retainer_price,
      ...(proration ? { days: proration.days, of_days: proration.of } : {}),
    },
  };
}

/** Line 2: each recurring item for `month`, quantity × price, prorated as the retainer is. */
export function recurringLines(contract: RunContract, month: string, prorate: boolean): RunLine[] {
  const proration = contractProration(contract, month, prorate);
  if (proration?.days === 0) return [];
  return contract.recurring_items
    .filter((item) => item.quantity > 0)
    .map((item) => {
      const quantity = `${item.quantity}.00`;
      const unitPrice = decimalText(item.price, 4);
      const summary = [`${item.quantity} × ${priceLabel(item.price)}`, proration && prorationLabel(proration)]
        .filter(Boolean)
        .join(', ');
      return {
        kind: 'recurring' as const,
        itemId: item.item_id,
        description: `${item.item.name}, ${monthLabel(month)}, ${summary}`,
        quantity,
        unitPrice,
        proration,
        amount: invoiceLineAmount(quantity, unitPrice, proration),
        taxable: item.taxable === 1 ? (1 as const) : (0 as const),
        ...periodOf(contract, month, proration),
        explain: {
          summary,
          contract_id: contract.id,
          rate: item.price,
          ...(proration ? { days: proration.days, of_days: proration.of } : {}),
        },
      };
    });
}

/** The usage row of a month as the overage reads it (monthly usage of decision 0020). */
export interface OverageUsage {
  /** 'YYYY-MM' */
  id: string;
  retainer: number;
  adjustments: number;
  rollover: number;
  total_used: number;
  balance: number;
}

/**
 * Line 3: the overage of `usageMonth` in arrears, under the contract that governed it: hours = −balance at its
 * overage price when the balance is negative; none otherwise.
 */
export function overageLine(contract: RunContract, usage: OverageUsage): RunLine | null {
  if (!(usage.balance < 0)) return null;
  const hours = Math.round(-usage.balance * 100) / 100;
  const quantity = decimalText(hours, 2);
  const unitPrice = decimalText(contract.overage_price, 4);
  const month = monthStart(usage.id);
  const summary =
    `${hoursLabel(hours)} hours over the retainer in ${monthLabel(month)} × ${priceLabel(contract.overage_price)}` +
    ` (retainer ${hoursLabel(usage.retainer)}, rollover ${hoursLabel(usage.rollover)}, adjustments ` +
    `${hoursLabel(usage.adjustments)}, used ${hoursLabel(usage.total_used)})`;
  return {
    kind: 'overage',
    itemId: contract.overage_item.id,
    description: `${contract.overage_item.name}, ${monthLabel(month)}, ${hoursLabel(hours)} hours × ${priceLabel(
      contract.overage_price,
    )}`,
    quantity,
    unitPrice,
    proration: null,
    amount: invoiceLineAmount(quantity, unitPrice),
    taxable: contract.overage_taxable === 1 ? 1 : 0,
    periodStart: month,
    periodEnd: monthEnd(month),
    explain: {
      summary,
      contract_id: contract.id,
      usage_month: usage.id,
      retainer_hours: usage.retainer,
      used_hours: usage.total_used,
      rollover_in: usage.rollover,
      balance_hours: usage.balance,
      overage_hours: hours,
      rate: contract.overage_price,
    },
  };
}

/**
 * The month's usage figures on a line of the run's invoice that carries no overage (the retainer line), so the
 * invoice's usage block shows the hours also in a month without overage. Overage 0: the balance did not go negative.
 */
export function withUsageFigures(line: RunLine, usage: OverageUsage): RunLine {
  return {
    ...line,
    explain: {
      ...line.explain,
      usage_month: usage.id,
      retainer_hours: usage.retainer,
      used_hours: usage.total_used,
      rollover_in: usage.rollover,
      balance_hours: usage.balance,
      overage_hours: 0,
    },
  };
}

/** Line 4: the late fee on the run date (fee and base from late-fee.ts); none when it comes to 0. */
export function lateFeeLine(
  fee: LateFee,
  item: { id: number; name: string },
  percent: number,
  taxable: number,
  runDate: string,
): RunLine | null {
  if (fee.fee <= 0) return null;
  const percentText = decimalText(percent, 2).replace(/\.?0+$/, '');
  const summary = `${percentText}% of ${formatCents(fee.base)} past due on ${runDate}`;
  return {
    kind: 'late_fee',
    itemId: item.id,
    description: `${item.name}, ${summary}`,
    quantity: '1.00',
    unitPrice: decimalText(dollarsFromCents(fee.fee), 4),
    proration: null,
    amount: fee.fee,
    taxable: taxable === 1 ? 1 : 0,
    periodStart: null,
    periodEnd: null,
    explain: { summary, base: dollarsFromCents(fee.base), percent, invoice_ids: fee.invoiceIds },
  };
}

/** A closed billable check-in not yet billed, with the ticket or project step it was on. */
export interface UnbilledCheckIn {
  id: number;
  /** 'ticket:12' or 'step:40': one line per ticket or project step. */
  group: string;
  /** 'Ticket #12: Printer offline'. */
  label: string;
  seconds: number;
}

/**
 * Line 5: time and materials of `usageMonth` for a company with no contract governing it: one line per ticket or
 * project step at the labor item's price, hours to the cent of an hour, the check-ins it bills named.
 */
export function timeAndMaterialsLines(
  checkIns: readonly UnbilledCheckIn[],
  labor: { id: number; name: string; price: number; taxable: number },
  usageMonth: string,
): RunLine[] {
  const groups = new Map<string, { label: string; seconds: number; ids: number[] }>();
  for (const checkIn of checkIns) {
    const group = groups.get(checkIn.group) ?? { label: checkIn.label, seconds: 0, ids: [] };
    group.seconds += checkIn.seconds;
    group.ids.push(checkIn.id);
    groups.set(checkIn.group, group);
  }
  const month = monthStart(usageMonth);
  const lines: RunLine[] = [];
  for (const { label, seconds, ids } of groups.values()) {
    const hours = Math.round((seconds / 3600) * 100) / 100;
    if (hours <= 0) continue;
    const quantity = decimalText(hours, 2);
    const unitPrice = decimalText(labor.price, 4);
    const summary =
      `${hoursLabel(hours)} hours × ${priceLabel(labor.price)} in ${monthLabel(month)}, ` +
      `${ids.length} ${ids.length === 1 ? 'check-in' : 'check-ins'}`;
    lines.push({
      kind: 'labor',
      itemId: labor.id,
      description: `${labor.name}: ${label}, ${hoursLabel(hours)} hours`,
      quantity,
      unitPrice,
      proration: null,
      amount: invoiceLineAmount(quantity, unitPrice),
      taxable: labor.taxable === 1 ? 1 : 0,
      periodStart: month,
      periodEnd: monthEnd(month),
      explain: {
        summary,
        usage_month: month.slice(0, 7),
        rate: labor.price,
        check_in_ids: [...ids].sort((a, b) => a - b),
      },
      checkInIds: [...ids].sort((a, b) => a - b),
    });
  }
  return lines;
}

/** Percent change of a total against last month's, one decimal; null without last month's (or from 0). */
export function changePercent(total: number, previous: number | null): number | null {
  if (previous === null || previous === 0) return null;
  return Math.round(((total - previous) / Math.abs(previous)) * 1000) / 10;
}

/** Over 10 % either way is highlighted and warned about. */
export const largeChange = (percent: number | null): boolean => percent !== null && Math.abs(percent) > 10;

export interface WarningFacts {
  month: string;
  /** Enabled billing contacts with an e-mail on the contract governing the month (or last month's). */
  billingContactEmails: number;
  hasContract: boolean;
  /** The governing contract's end date, when there is one. */
  contractEnd: string | null;
  openCheckIns: number;
  /** Taxable lines on the drafts. */
  taxable: boolean;
  taxRateId: number | null;
  taxExempt: boolean;
  exemptExpiresOn: string | null;
  /** companies.active: 0 = Yes, 1 = No (spec 2). */
  companyActive: number;
  /** Percent change of the contract invoice against last month's, when known. */
  change: number | null;
}

/** The review warnings of a company's drafts (design §4 "Review, approve, post"), in the codes of runs.ts. */
export function runWarnings(facts: WarningFacts): RunWarning[] {
  const warnings: RunWarning[] = [];
  const month = monthStart(facts.month);
  if (facts.hasContract && facts.billingContactEmails === 0)
    warnings.push({ code: 'no_billing_contact', message: noBillingContactMessage });
  if (facts.contractEnd !== null && facts.contractEnd >= month && facts.contractEnd <= monthEnd(month))
    warnings.push({ code: 'contract_ending', message: contractEndingMessage(facts.contractEnd) });
  if (facts.openCheckIns > 0)
    warnings.push({ code: 'open_check_ins', message: openCheckInsMessage(facts.openCheckIns, previousMonth(month)) });
  if (facts.taxable && facts.taxRateId === null)
    warnings.push({ code: 'missing_tax_rate', message: missingTaxMessage });
  if (facts.taxExempt && facts.exemptExpiresOn !== null && daysBetween(facts.exemptExpiresOn, month) > 0)
    warnings.push({ code: 'exemption_expired', message: exemptionExpiredMessage(facts.exemptExpiresOn) });
  if (facts.companyActive !== 0) warnings.push({ code: 'inactive_company', message: inactiveCompanyMessage });
  if (largeChange(facts.change))
    warnings.push({ code: 'large_change', message: largeChangeMessage(facts.change as number) });
  return warnings;
}

export const noBillingContactMessage = 'The contract has no billing contact with an e-mail address.';
export const contractEndingMessage = (end: string) => `The contract ends this month (${end}).`;
export const openCheckInsMessage = (count: number, month: string) =>
  `${count} ${count === 1 ? 'check-in is' : 'check-ins are'} still open in ${monthLabel(month)}.`;
export const missingTaxMessage = 'The company has taxable lines but no tax rate.';
export const exemptionExpiredMessage = (date: string) => `The tax exemption certificate expired on ${date}.`;
export const inactiveCompanyMessage = 'The company is inactive.';
export const largeChangeMessage = (percent: number) =>
  `The total changed by ${percent > 0 ? '+' : ''}${percent}% against last month.`;

/** 'Late time from March 2026': the reason of the adjustment that moves a frozen month's late hours. */
export const lateTimeReason = (sourceMonth: string): string => `Late time from ${monthLabel(sourceMonth)}`;

/**
 * Late time (design §4): the billable hours checked in on a frozen month after it was billed move to the first open
 * month as an adjustment of −(live − frozen) hours, so billed + carried + forfeited hours stay the same. 0 = none.
 */
export function lateTimeHours(frozenBillable: number, liveBillable: number): number {
  const moved = Math.round((liveBillable - frozenBillable) * 100) / 100;
  return moved === 0 ? 0 : -moved;
}
