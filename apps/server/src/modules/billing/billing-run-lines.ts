import { contractForMonth, type Contract, type MonthlyUsageRow } from '@switchboard/shared';
import { monthEnd } from '@switchboard/shared/billing/billing-date';
import { lateFee } from '@switchboard/shared/billing/late-fee';
import { centsFromNumeric } from '@switchboard/shared/billing/money';
import {
  lateFeeLine,
  lateTimeHours,
  lateTimeReason,
  monthStart,
  overageLine,
  previousMonth,
  recurringLines,
  retainerLine,
  timeAndMaterialsLines,
  type RunLine,
  type UnbilledCheckIn,
  withUsageFigures,
} from '@switchboard/shared/billing/run-lines';
import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTransaction, Transaction } from '../../db/client.ts';
import { unprocessable } from '../../plugins/errors.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { checkIns } from '../checkins/checkins.table.ts';
import { companies } from '../companies/companies.table.ts';
import {
  checkInUsageMonth,
  companyUsageHours,
  companyUsageSnapshots,
  listContracts,
  monthlyUsageForCompany,
} from '../contracts/contracts.service.ts';
import { usageAdjustments } from '../contracts/contracts.table.ts';
import { tickets } from '../tickets/tickets.table.ts';
import { users } from '../users/users.table.ts';
import { contractBillingContacts } from '../contracts/contracts.table.ts';
import { companyBillingSettings } from './company-billing-settings.table.ts';
import { invoiceLines, invoiceLineSources, invoices } from './invoices.table.ts';
import { billingSettings } from './ledger.table.ts';

// Drafting one company's month (designs/billing.md §4 1-5; decision 0070): loads what the lines are computed from and
// hands it to the pure rules of shared run-lines.ts. Runs inside the company's transaction, one query at a time.

export const laborItemMissingMessage =
  'Set the time-and-materials labor item in the billing settings before billing time and materials.';

/** The settings the run reads (the billing_settings row; its defaults when the row is missing). */
export interface RunSettings {
  timeZone: string;
  graceDays: number;
  prorate: boolean;
  runDay: number;
  runHour: number;
  laborItemId: number | null;
}

export async function runSettings(db: DbOrTransaction): Promise<RunSettings> {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.id, 1));
  return {
    timeZone: row?.timeZone ?? 'UTC',
    graceDays: row?.lateFeeGraceDays ?? 0,
    prorate: row?.proratePartialMonths ?? true,
    runDay: row?.runDay ?? 1,
    runHour: row?.runHour ?? 6,
    laborItemId: row?.laborItemId ?? null,
  };
}

export interface PlannedInvoice {
  type: 'contract' | 'overage';
  contractId: number | null;
  lines: RunLine[];
}

/** What the review's warnings are computed from besides the drafts' totals. */
export interface CompanyFacts {
  companyName: string;
  companyActive: number;
  billingContactEmails: number;
  hasContract: boolean;
  contractEnd: string | null;
  openCheckIns: number;
  taxRateId: number | null;
  taxExempt: boolean;
  exemptExpiresOn: string | null;
  separateOverage: boolean;
}

export interface CompanyMonthPlan {
  invoices: PlannedInvoice[];
  facts: CompanyFacts;
}

/** 'YYYY-MM' of a month's first day. */
const ym = (month: string) => month.slice(0, 7);

/**
 * Late time (design §4): billable hours checked in on a frozen month after it was billed go to the first open month
 * after it as one adjustment per company and source month (reason 'Late time from March 2026'), of −(live − frozen)
 * hours; a later change updates it while its month is still open.
 */
export async function carryLateTime(tx: Transaction, companyId: number, timeZone: string): Promise<void> {
  const snapshots = await companyUsageSnapshots(tx, companyId);
  if (snapshots.length === 0) return;
  const frozen = new Set(snapshots.map((snapshot) => snapshot.month));
  const live = new Map((await companyUsageHours(tx, companyId, timeZone)).map((row) => [row.month, row]));
  const existing = await tx
    .select({ id: usageAdjustments.id, month: usageAdjustments.month, sourceMonth: usageAdjustments.sourceMonth })
    .from(usageAdjustments)
    .where(and(eq(usageAdjustments.companyId, companyId), isNotNull(usageAdjustments.sourceMonth)));
  const bySource = new Map(existing.map((row) => [ym(row.sourceMonth!), row]));
  for (const snapshot of snapshots) {
    const hours = live.get(snapshot.month);
    const liveUsed = hours ? hours.helpdesk + hours.project - hours.non_billable : 0;
    const moved = lateTimeHours(snapshot.total_used, Math.round(liveUsed * 100) / 100);
    const adjustment = bySource.get(snapshot.month);
    if (adjustment) {
      // Its month already billed: what arrived later still is Verify Transactions' to show, never billed twice.
      if (!frozen.has(ym(adjustment.month)))
        await tx.update(usageAdjustments).set({ hours: moved }).where(eq(usageAdjustments.id, adjustment.id));
      continue;
    }
    if (moved === 0) continue;
    let target = nextMonthOf(monthStart(snapshot.month));
    while (frozen.has(ym(target))) target = nextMonthOf(target);
    await tx
      .insert(usageAdjustments)
      .values({
        companyId,
        month: target,
        hours: moved,
        reason: lateTimeReason(snapshot.month),
        sourceMonth: monthStart(snapshot.month),
      })
      .onConflictDoNothing();
  }
}

const nextMonthOf = (month: string): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/** Closed billable check-ins of `usageMonth` on the company not yet on an invoice line, per ticket or project step. */
async function unbilledCheckIns(
  tx: DbOrTransaction,
  companyId: number,
  usageMonth: string,
  timeZone: string,
  refreshing: number[],
): Promise<UnbilledCheckIn[]> {
  const from = monthStart(usageMonth);
  const to = monthEnd(from);
  const rows = await tx
    .select({
      id: checkIns.id,
      ticketId: checkIns.ticketId,
      subject: tickets.subject,
      projectId: checkIns.projectId,
      projectStepId: checkIns.projectStepId,
      seconds: sql<string>`extract(epoch from (${checkIns.endTime} - ${checkIns.startTime}))`,
    })
    .from(checkIns)
    .leftJoin(tickets, eq(tickets.id, checkIns.ticketId))
    .where(
      and(
        eq(checkIns.companyId, companyId),
        isNotNull(checkIns.endTime),
        eq(checkIns.billable, 0),
        // The month's bounds on start_time keep the (company_id, start_time) index usable; the zone's text decides.
        sql`${checkIns.startTime} >= (${from}::timestamp at time zone ${timeZone}) - interval '1 day'`,
        sql`${checkIns.startTime} < (${to}::timestamp at time zone ${timeZone}) + interval '2 day'`,
        sql`${checkInUsageMonth(timeZone)} = ${ym(usageMonth)}`,
        // Billed once (invoice_line_sources.check_in_id is unique), except on the drafts this refresh replaces.
        sql`not exists (select 1 from ${invoiceLineSources} s join ${invoiceLines} l on l.id = s.invoice_line_id
          where s.check_in_id = ${checkIns.id}
          ${refreshing.length > 0 ? sql`and l.invoice_id not in (${sql.join(refreshing, sql`, `)})` : sql``})`,
      ),
    )
    .orderBy(checkIns.startTime, checkIns.id);
  return rows.map((row) => ({
    id: row.id,
    group:
      row.ticketId !== null
        ? `ticket:${row.ticketId}`
        : row.projectStepId !== null
          ? `step:${row.projectStepId}`
          : `project:${row.projectId}`,
    label:
      row.ticketId !== null
        ? `Ticket #${row.ticketId}: ${row.subject ?? ''}`.trim()
        : row.projectStepId !== null
          ? `Project step ${row.projectStepId}`
          : `Project ${row.projectId ?? ''}`.trim(),
    seconds: Number(row.seconds),
  }));
}

/** The usage row of `usageMonth` ('YYYY-MM-01') as the card shows it, in the billing time zone. */
export async function usageRowOf(
  tx: DbOrTransaction,
  companyId: number,
  contracts: Contract[],
  usageMonth: string,
  timeZone: string,
): Promise<MonthlyUsageRow | null> {
  const rows = await monthlyUsageForCompany(tx, companyId, contracts, { timeZone, currentMonth: ym(usageMonth) });
  return rows.find((row) => row.id === ym(usageMonth)) ?? null;
}

/**
 * The lines of a company's month M (design §4): the run's invoice dated the 1st of M with the retainer and recurring
 * items of M, the overage of M−1 (its own invoice when the company asks), the late fee as of `runDate`, and time and
 * materials of M−1 when no contract governed it. `refreshing`: the drafts being recomputed (their check-ins count).
 */
export async function planCompanyMonth(
  tx: Transaction,
  companyId: number,
  month: string,
  runDate: string,
  settings: RunSettings,
  refreshing: number[],
): Promise<CompanyMonthPlan> {
  const usageMonth = previousMonth(month);
  const [found] = await tx
    .select({ name: companies.name, active: companies.active, billing: companyBillingSettings })
    .from(companies)
    .leftJoin(companyBillingSettings, eq(companyBillingSettings.companyId, companies.id))
    .where(eq(companies.id, companyId));
  if (!found) throw unprocessable({ company_id: ['The selected company is invalid.'] });
  const company = found;
  const billing = found.billing;
  const separateOverage = billing?.separateOverageInvoice ?? false;

  await carryLateTime(tx, companyId, settings.timeZone);
  const contracts = await listContracts(tx, companyId);
  const current = contractForMonth(contracts, ym(month));
  const previous = contractForMonth(contracts, ym(usageMonth));

  const mainLines: RunLine[] = [];
  if (current) {
    const retainer = retainerLine(current, month, settings.prorate);
    if (retainer) mainLines.push(retainer);
    mainLines.push(...recurringLines(current, month, settings.prorate));
  }

  const overageLines: RunLine[] = [];
  if (previous) {
    const usage = await usageRowOf(tx, companyId, contracts, usageMonth, settings.timeZone);
    // A month already frozen was billed by the invoice that froze it.
    if (usage && !usage.invoiced) {
      const overage = overageLine(previous, usage);
      if (overage) overageLines.push(overage);
      // No overage on the contract invoice: its retainer line carries the month's hours for the usage block.
      const retainerAt = mainLines.findIndex((line) => line.kind === 'retainer');
      if ((!overage || separateOverage) && retainerAt !== -1)
        mainLines[retainerAt] = withUsageFigures(mainLines[retainerAt]!, usage);
    }
  } else {
    const unbilled = await unbilledCheckIns(tx, companyId, usageMonth, settings.timeZone, refreshing);
    if (unbilled.length > 0) {
      if (settings.laborItemId === null) throw unprocessable({ labor_item_id: [laborItemMissingMessage] });
      const [labor] = await tx
        .select({
          id: billingItems.id,
          name: billingItems.name,
          price: billingItems.price,
          taxable: billingItems.taxable,
        })
        .from(billingItems)
        .where(eq(billingItems.id, settings.laborItemId));
      if (!labor) throw unprocessable({ labor_item_id: [laborItemMissingMessage] });
      mainLines.push(...timeAndMaterialsLines(unbilled, labor, usageMonth));
    }
  }

  // The late fee rides on the run's invoice: one per company and month (the partial unique index keeps it one).
  const feeContract = current ?? previous ?? contracts[0] ?? null;
  if (feeContract && feeContract.late_fee_percent > 0) {
    const open = await tx
      .select({
        id: invoices.id,
        balance: invoices.balance,
        lateFeeTotal: invoices.lateFeeTotal,
        dueDate: invoices.dueDate,
      })
      .from(invoices)
      .where(
        and(
          eq(invoices.companyId, companyId),
          eq(invoices.status, 'posted'),
          ne(invoices.balance, '0'),
          sql`${invoices.type} <> 'credit_note'`,
        ),
      );
    const fee = lateFee({
      invoices: open.map((row) => ({
        id: row.id,
        status: 'posted' as const,
        balance: centsFromNumeric(row.balance),
        lateFeeTotal: centsFromNumeric(row.lateFeeTotal),
        dueDate: row.dueDate,
      })),
      asOf: runDate,
      graceDays: settings.graceDays,
      percent: String(feeContract.late_fee_percent),
      waived: billing?.waiveLateFees ?? false,
    });
    const line = lateFeeLine(
      fee,
      feeContract.late_fee_item,
      feeContract.late_fee_percent,
      feeContract.late_fee_taxable,
      runDate,
    );
    if (line) mainLines.push(line);
  }

  const planned: PlannedInvoice[] = [];
  const contractId = current?.id ?? previous?.id ?? null;
  if (separateOverage) {
    if (mainLines.length > 0) planned.push({ type: 'contract', contractId, lines: mainLines });
    if (overageLines.length > 0) planned.push({ type: 'overage', contractId: previous!.id, lines: overageLines });
  } else if (mainLines.length + overageLines.length > 0) {
    // Retainer and recurring first, then last month's overage, then the fee and the time (the usage block's order).
    const ordered = [
      ...mainLines.filter((line) => line.kind === 'retainer' || line.kind === 'recurring'),
      ...overageLines,
      ...mainLines.filter((line) => line.kind !== 'retainer' && line.kind !== 'recurring'),
    ];
    planned.push({ type: 'contract', contractId, lines: ordered });
  }

  const governing = current ?? previous;
  let billingContactEmails = 0;
  if (governing && governing.billing_contacts_id.length > 0) {
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(contractBillingContacts)
      .innerJoin(users, eq(users.id, contractBillingContacts.userId))
      .where(
        and(eq(contractBillingContacts.contractId, governing.id), isNull(users.deletedAt), sql`${users.email} <> ''`),
      );
    billingContactEmails = row?.count ?? 0;
  }
  const [open] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(checkIns)
    .where(
      and(
        eq(checkIns.companyId, companyId),
        isNull(checkIns.endTime),
        sql`${checkInUsageMonth(settings.timeZone)} = ${ym(usageMonth)}`,
      ),
    );

  return {
    invoices: planned,
    facts: {
      companyName: company.name,
      companyActive: company.active,
      billingContactEmails,
      hasContract: governing !== null,
      contractEnd: current?.end_date ?? null,
      openCheckIns: open?.count ?? 0,
      taxRateId: billing?.taxRateId ?? null,
      taxExempt: billing?.taxExempt ?? false,
      exemptExpiresOn: billing?.exemptExpiresOn ?? null,
      separateOverage,
    },
  };
}

/** Every live invoice of the run's types of a company and month (drafts, approved, posted). */
export async function liveRunInvoices(tx: DbOrTransaction, companyIds: number[], month: string) {
  if (companyIds.length === 0) return [];
  return tx
    .select({
      id: invoices.id,
      companyId: invoices.companyId,
      type: invoices.type,
      status: invoices.status,
      number: invoices.number,
      total: invoices.total,
      balance: invoices.balance,
      dueDate: invoices.dueDate,
    })
    .from(invoices)
    .where(
      and(
        inArray(invoices.companyId, companyIds),
        eq(invoices.billingMonth, month),
        inArray(invoices.type, ['contract', 'overage']),
        ne(invoices.status, 'void'),
      ),
    )
    .orderBy(invoices.id);
}
