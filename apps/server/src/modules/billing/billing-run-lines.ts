import {
  computeMonthlyUsage,
  contractForMonth,
  type Contract,
  type MonthlyUsageRow,
  type UsageMonthHours,
  type UsageSnapshotHours,
} from '@switchboard/shared';
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
import { and, asc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTransaction, Transaction } from '../../db/client.ts';
import { unprocessable } from '../../plugins/errors.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { checkIns } from '../checkins/checkins.table.ts';
import { companies } from '../companies/companies.table.ts';
import {
  checkInUsageMonth,
  listContractsOfCompanies,
  monthlyUsageForCompany,
  usageTermsOf,
} from '../contracts/contracts.service.ts';
import { contractBillingContacts, usageAdjustments } from '../contracts/contracts.table.ts';
import { usageSnapshots } from '../contracts/usage-snapshots.table.ts';
import { tickets } from '../tickets/tickets.table.ts';
import { users } from '../users/users.table.ts';
import { companyBillingSettings } from './company-billing-settings.table.ts';
import { invoiceLines, invoiceLineSources, invoices } from './invoices.table.ts';
import { billingSettings } from './ledger.table.ts';

// Drafting a company's month (designs/billing.md §4 1-5; decisions 0070, 0088): loads what the lines are computed from,
// for many companies at once (loadRunInputs), and hands each company's to the pure rules of shared run-lines.ts inside
// its own transaction. One query at a time: a transaction's client runs one at a time.

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

/** A company's adjustment as the run reads it ('YYYY-MM-01' months). */
interface RunAdjustment {
  id: number;
  month: string;
  hours: number;
  sourceMonth: string | null;
}

/** Every live invoice of the run's types of a company and month (drafts, approved, posted). */
export type LiveRunInvoice = Awaited<ReturnType<typeof liveRunInvoices>>[number];

/**
 * Everything a company's month is computed from, read for many companies at once (loadRunInputs): the run reads a
 * chunk of companies in a few set-based statements, then drafts each in its own locked transaction.
 */
export interface RunCompanyInputs {
  companyId: number;
  company: { name: string; active: number } | null;
  billing: typeof companyBillingSettings.$inferSelect | null;
  contracts: Contract[];
  hours: UsageMonthHours[];
  adjustments: RunAdjustment[];
  snapshots: UsageSnapshotHours[];
  openInvoices: { id: number; balance: string; lateFeeTotal: string; dueDate: string | null }[];
  /** Enabled billing contacts with an e-mail, per contract id. */
  contactEmails: Map<number, number>;
  openCheckIns: number;
  unbilled: UnbilledCheckIn[];
  /** The month's live run invoices when read (the transaction compares them: a change reads the company again). */
  live: LiveRunInvoice[];
  /** Last month's live contract invoice total, for the change warning. */
  previousContractTotal: string | null;
}

const byCompany = <T extends { companyId: number }>(rows: T[]) => {
  const map = new Map<number, T[]>();
  for (const row of rows) map.set(row.companyId, [...(map.get(row.companyId) ?? []), row]);
  return map;
};

/** Hours as companyUsageHours sums them: one check-in counts once (project time is project time, decision 0044). */
const hoursOf = (condition: SQL) =>
  sql<string>`coalesce(sum(extract(epoch from (${checkIns.endTime} - ${checkIns.startTime})) / 3600) filter (where ${condition}), 0)`;

/**
 * Reads what the months of `companyIds` are computed from, in about a dozen statements whatever their number: each
 * is what planCompanyMonth read per company before (companies, contracts, usage hours, adjustments, snapshots, open
 * invoices, billing contacts, open check-ins, time and materials, the month's and last month's run invoices).
 * `refreshing`: the drafts being recomputed (their check-ins count as unbilled); by default the month's live drafts.
 */
export async function loadRunInputs(
  db: DbOrTransaction,
  companyIds: number[],
  month: string,
  settings: RunSettings,
  refreshing?: number[],
): Promise<Map<number, RunCompanyInputs>> {
  const usageMonth = previousMonth(month);
  const timeZone = settings.timeZone;
  const companyRows = await db
    .select({ id: companies.id, name: companies.name, active: companies.active, billing: companyBillingSettings })
    .from(companies)
    .leftJoin(companyBillingSettings, eq(companyBillingSettings.companyId, companies.id))
    .where(inArray(companies.id, companyIds));
  const contractsBy = await listContractsOfCompanies(db, companyIds);
  const usageMonthOf = checkInUsageMonth(timeZone);
  const hourRows = await db
    .select({
      companyId: sql<number>`${checkIns.companyId}`,
      month: usageMonthOf,
      helpdesk: hoursOf(
        sql`${checkIns.projectId} is null and ${checkIns.projectStepId} is null and ${checkIns.ticketId} is not null`,
      ),
      project: hoursOf(sql`${checkIns.projectId} is not null or ${checkIns.projectStepId} is not null`),
      nonBillable: hoursOf(sql`${checkIns.billable} = 1`),
    })
    .from(checkIns)
    .where(and(inArray(checkIns.companyId, companyIds), isNotNull(checkIns.endTime)))
    .groupBy(sql`1`, sql`2`);
  const adjustmentRows = await db
    .select({
      id: usageAdjustments.id,
      companyId: usageAdjustments.companyId,
      month: usageAdjustments.month,
      hours: usageAdjustments.hours,
      sourceMonth: usageAdjustments.sourceMonth,
    })
    .from(usageAdjustments)
    .where(inArray(usageAdjustments.companyId, companyIds))
    .orderBy(usageAdjustments.id);
  const snapshotRows = await db
    .select()
    .from(usageSnapshots)
    .where(inArray(usageSnapshots.companyId, companyIds))
    .orderBy(asc(usageSnapshots.companyId), asc(usageSnapshots.month));
  const openRows = await db
    .select({
      id: invoices.id,
      companyId: invoices.companyId,
      balance: invoices.balance,
      lateFeeTotal: invoices.lateFeeTotal,
      dueDate: invoices.dueDate,
    })
    .from(invoices)
    .where(
      and(
        inArray(invoices.companyId, companyIds),
        eq(invoices.status, 'posted'),
        ne(invoices.balance, '0'),
        sql`${invoices.type} <> 'credit_note'`,
      ),
    );
  const contractIds = [...contractsBy.values()].flat().map((contract) => contract.id);
  const contactRows =
    contractIds.length === 0
      ? []
      : await db
          .select({ contractId: contractBillingContacts.contractId, count: sql<number>`count(*)::int` })
          .from(contractBillingContacts)
          .innerJoin(users, eq(users.id, contractBillingContacts.userId))
          .where(
            and(
              inArray(contractBillingContacts.contractId, contractIds),
              isNull(users.deletedAt),
              sql`${users.email} <> ''`,
            ),
          )
          .groupBy(contractBillingContacts.contractId);
  const openCheckInRows = await db
    .select({ companyId: sql<number>`${checkIns.companyId}`, count: sql<number>`count(*)::int` })
    .from(checkIns)
    .where(
      and(inArray(checkIns.companyId, companyIds), isNull(checkIns.endTime), sql`${usageMonthOf} = ${ym(usageMonth)}`),
    )
    .groupBy(checkIns.companyId);
  const live = byCompany(await liveRunInvoices(db, companyIds, month));
  const previous = byCompany(await liveRunInvoices(db, companyIds, usageMonth));
  // Time and materials only for a company no contract governed last month.
  const timeAndMaterials = companyIds.filter((id) => !contractForMonth(contractsBy.get(id) ?? [], ym(usageMonth)));
  const drafts =
    refreshing ??
    [...live.values()]
      .flat()
      .filter((i) => i.status === 'draft')
      .map((invoice) => invoice.id);
  const unbilled = byCompany(await unbilledCheckIns(db, timeAndMaterials, usageMonth, timeZone, drafts));

  const hoursBy = byCompany(hourRows.map((row) => ({ ...row, companyId: Number(row.companyId) })));
  const adjustmentsBy = byCompany(adjustmentRows);
  const snapshotsBy = byCompany(snapshotRows);
  const openBy = byCompany(openRows);
  const contacts = new Map(contactRows.map((row) => [row.contractId, row.count]));
  const openCheckIns = new Map(openCheckInRows.map((row) => [Number(row.companyId), row.count]));
  const result = new Map<number, RunCompanyInputs>();
  for (const companyId of companyIds) {
    const company = companyRows.find((row) => row.id === companyId) ?? null;
    const companyContracts = contractsBy.get(companyId) ?? [];
    result.set(companyId, {
      companyId,
      company: company && { name: company.name, active: company.active },
      billing: company?.billing ?? null,
      contracts: companyContracts,
      hours: (hoursBy.get(companyId) ?? []).map((row) => ({
        month: row.month,
        helpdesk: Number(row.helpdesk),
        project: Number(row.project),
        non_billable: Number(row.nonBillable),
      })),
      adjustments: (adjustmentsBy.get(companyId) ?? []).map(({ companyId: _, ...row }) => row),
      snapshots: (snapshotsBy.get(companyId) ?? []).map((row) => ({
        month: row.month.slice(0, 7),
        retainer: Number(row.retainer),
        adjustments: Number(row.adjustments),
        rollover: Number(row.rollover),
        helpdesk: Number(row.helpdesk),
        project: Number(row.project),
        non_billable: Number(row.nonBillable),
        total_used: Number(row.totalUsed),
        balance: Number(row.balance),
        carry_out: Number(row.carryOut),
        overage_hours: Number(row.overageHours),
        overage_rate: Number(row.overageRate),
        invoice_id: row.invoiceId,
      })),
      openInvoices: (openBy.get(companyId) ?? []).map(({ companyId: _, ...row }) => row),
      contactEmails: new Map(companyContracts.map((contract) => [contract.id, contacts.get(contract.id) ?? 0])),
      openCheckIns: openCheckIns.get(companyId) ?? 0,
      unbilled: (unbilled.get(companyId) ?? []).map(({ companyId: _, ...row }) => row),
      live: live.get(companyId) ?? [],
      previousContractTotal: previous.get(companyId)?.find((invoice) => invoice.type === 'contract')?.total ?? null,
    });
  }
  return result;
}

/**
 * Late time (design §4): billable hours checked in on a frozen month after it was billed go to the first open month
 * after it as one adjustment per company and source month (reason 'Late time from March 2026'), of −(live − frozen)
 * hours; a later change updates it while its month is still open. Writes only what changed, and keeps `inputs`'
 * adjustments in step with what it wrote.
 */
async function carryLateTime(tx: Transaction, inputs: RunCompanyInputs): Promise<void> {
  if (inputs.snapshots.length === 0) return;
  const frozen = new Set(inputs.snapshots.map((snapshot) => snapshot.month));
  const live = new Map(inputs.hours.map((row) => [row.month, row]));
  const bySource = new Map(
    inputs.adjustments.filter((row) => row.sourceMonth !== null).map((row) => [ym(row.sourceMonth!), row]),
  );
  for (const snapshot of inputs.snapshots) {
    const hours = live.get(snapshot.month);
    const liveUsed = hours ? hours.helpdesk + hours.project - hours.non_billable : 0;
    const moved = lateTimeHours(snapshot.total_used, Math.round(liveUsed * 100) / 100);
    const adjustment = bySource.get(snapshot.month);
    if (adjustment) {
      // Its month already billed: what arrived later still is Verify Transactions' to show, never billed twice.
      if (!frozen.has(ym(adjustment.month)) && adjustment.hours !== moved) {
        await tx.update(usageAdjustments).set({ hours: moved }).where(eq(usageAdjustments.id, adjustment.id));
        adjustment.hours = moved;
      }
      continue;
    }
    if (moved === 0) continue;
    let target = nextMonthOf(monthStart(snapshot.month));
    while (frozen.has(ym(target))) target = nextMonthOf(target);
    const [inserted] = await tx
      .insert(usageAdjustments)
      .values({
        companyId: inputs.companyId,
        month: target,
        hours: moved,
        reason: lateTimeReason(snapshot.month),
        sourceMonth: monthStart(snapshot.month),
      })
      .onConflictDoNothing()
      .returning({ id: usageAdjustments.id });
    if (inserted)
      inputs.adjustments.push({
        id: inserted.id,
        month: target,
        hours: moved,
        sourceMonth: monthStart(snapshot.month),
      });
  }
}

const nextMonthOf = (month: string): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/** Closed billable check-ins of `usageMonth` of the companies not yet on an invoice line, per ticket or project step. */
async function unbilledCheckIns(
  tx: DbOrTransaction,
  companyIds: number[],
  usageMonth: string,
  timeZone: string,
  refreshing: number[],
): Promise<(UnbilledCheckIn & { companyId: number })[]> {
  if (companyIds.length === 0) return [];
  const from = monthStart(usageMonth);
  const to = monthEnd(from);
  const rows = await tx
    .select({
      id: checkIns.id,
      companyId: sql<number>`${checkIns.companyId}`,
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
        inArray(checkIns.companyId, companyIds),
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
    companyId: Number(row.companyId),
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
 * The lines of a company's month M (design §4), reading the company alone: see planFromInputs. `refreshing`: the
 * drafts being recomputed (their check-ins count).
 */
export async function planCompanyMonth(
  tx: Transaction,
  companyId: number,
  month: string,
  runDate: string,
  settings: RunSettings,
  refreshing: number[],
): Promise<CompanyMonthPlan> {
  const inputs = (await loadRunInputs(tx, [companyId], month, settings, refreshing)).get(companyId)!;
  return planFromInputs(tx, inputs, month, runDate, settings);
}

/**
 * The lines of a company's month M (design §4): the run's invoice dated the 1st of M with the retainer and recurring
 * items of M, the overage of M−1 (its own invoice when the company asks), the late fee as of `runDate`, and time and
 * materials of M−1 when no contract governed it. Writes late time first (inside the company's transaction).
 */
export async function planFromInputs(
  tx: Transaction,
  inputs: RunCompanyInputs,
  month: string,
  runDate: string,
  settings: RunSettings,
): Promise<CompanyMonthPlan> {
  const usageMonth = previousMonth(month);
  const company = inputs.company;
  if (!company) throw unprocessable({ company_id: ['The selected company is invalid.'] });
  const billing = inputs.billing;
  const separateOverage = billing?.separateOverageInvoice ?? false;

  await carryLateTime(tx, inputs);
  const contracts = inputs.contracts;
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
    // The usage row as the card shows it (monthlyUsageForCompany), from the inputs.
    const usage =
      computeMonthlyUsage(
        contracts.map(usageTermsOf),
        inputs.hours,
        inputs.adjustments.map((row) => ({ month: ym(row.month), hours: row.hours })),
        ym(usageMonth),
        inputs.snapshots,
      ).find((row) => row.id === ym(usageMonth)) ?? null;
    // A month already frozen was billed by the invoice that froze it.
    if (usage && !usage.invoiced) {
      const overage = overageLine(previous, usage);
      if (overage) overageLines.push(overage);
      // No overage on the contract invoice: its retainer line (else its first recurring line, when the contract bills
      // no retainer) carries the month's hours for the usage block.
      const retainerAt = mainLines.findIndex((line) => line.kind === 'retainer');
      const carrierAt = retainerAt !== -1 ? retainerAt : mainLines.length > 0 ? 0 : -1;
      if ((!overage || separateOverage) && carrierAt !== -1)
        mainLines[carrierAt] = withUsageFigures(mainLines[carrierAt]!, usage);
    }
  } else if (inputs.unbilled.length > 0) {
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
    mainLines.push(...timeAndMaterialsLines(inputs.unbilled, labor, usageMonth));
  }

  // The late fee rides on the run's invoice: one per company and month (the partial unique index keeps it one).
  const feeContract = current ?? previous ?? contracts[0] ?? null;
  if (feeContract && feeContract.late_fee_percent > 0) {
    const fee = lateFee({
      invoices: inputs.openInvoices.map((row) => ({
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
  return {
    invoices: planned,
    facts: {
      companyName: company.name,
      companyActive: company.active,
      billingContactEmails:
        governing && governing.billing_contacts_id.length > 0 ? (inputs.contactEmails.get(governing.id) ?? 0) : 0,
      hasContract: governing !== null,
      contractEnd: current?.end_date ?? null,
      openCheckIns: inputs.openCheckIns,
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
      invoiceDate: invoices.invoiceDate,
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
