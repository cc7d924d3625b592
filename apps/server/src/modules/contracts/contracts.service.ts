import {
  activeContractOf,
  computeMonthlyUsage,
  identicalContractMessage,
  latestContractOf,
  type BillingItemType,
  type Contract,
  type ContractInput,
  type MonthlyUsageRow,
  type UsageAdjustment,
  type UsageAdjustmentInput,
  type UsageContractTerms,
  type UsageMonthHours,
  type UsageSnapshotHours,
} from '@switchboard/shared';
import { billingDate } from '@switchboard/shared/billing/billing-date';
import { and, asc, desc, eq, gte, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { notFound, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { billingItemTypesById } from '../billing-items/billing-items.service.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { checkIns } from '../checkins/checkins.table.ts';
import { clientAccounts } from '../companies/client-accounts.table.ts';
import { users } from '../users/users.table.ts';
import { contractBillingContacts, contractRecurringItems, contracts, usageAdjustments } from './contracts.table.ts';
import { usageSnapshots } from './usage-snapshots.table.ts';

// Contracts of spec 2 §2 Contracts and the Monthly Usage card. Decision 0018.

const retainerItems = alias(billingItems, 'retainer_items');
const overageItems = alias(billingItems, 'overage_items');
const lateFeeItems = alias(billingItems, 'late_fee_items');

/** Every contract of the companies (or the one with `contractId`), newest start first, in three queries in all. */
async function loadContracts(
  db: DbOrTransaction,
  where: { companyIds?: number[]; contractId?: number },
): Promise<Contract[]> {
  const rows = await db
    .select({
      contract: contracts,
      retainerName: retainerItems.name,
      overageName: overageItems.name,
      lateFeeName: lateFeeItems.name,
    })
    .from(contracts)
    .innerJoin(retainerItems, eq(retainerItems.id, contracts.retainerItem))
    .innerJoin(overageItems, eq(overageItems.id, contracts.overageItem))
    .innerJoin(lateFeeItems, eq(lateFeeItems.id, contracts.lateFeeItem))
    .where(where.contractId ? eq(contracts.id, where.contractId) : inArray(contracts.companyId, where.companyIds!))
    .orderBy(desc(contracts.startDate), desc(contracts.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.contract.id);
  // One after the other: the billing run reads contracts inside its transaction (one query at a time per client).
  const contacts = await db
    .select()
    .from(contractBillingContacts)
    .where(inArray(contractBillingContacts.contractId, ids))
    .orderBy(asc(contractBillingContacts.userId));
  const items = await db
    .select({ item: contractRecurringItems, name: billingItems.name, type: billingItems.type })
    .from(contractRecurringItems)
    .innerJoin(billingItems, eq(billingItems.id, contractRecurringItems.itemId))
    .where(inArray(contractRecurringItems.contractId, ids))
    .orderBy(asc(contractRecurringItems.id));
  return rows.map(({ contract: c, retainerName, overageName, lateFeeName }) => ({
    id: c.id,
    company_id: c.companyId,
    start_date: c.startDate,
    end_date: c.endDate,
    payment_terms: c.paymentTerms,
    retainer_item: { id: c.retainerItem, name: retainerName },
    overage_item: { id: c.overageItem, name: overageName },
    late_fee_item: { id: c.lateFeeItem, name: lateFeeName },
    retainer_taxable: c.retainerTaxable,
    overage_taxable: c.overageTaxable,
    late_fee_taxable: c.lateFeeTaxable,
    retainer_price: c.retainerPrice,
    overage_price: c.overagePrice,
    late_fee_percent: c.lateFeePercent,
    retainer_hours: c.retainerHours,
    device_count: c.deviceCount,
    max_rollover: c.maxRollover,
    paperless: c.paperless,
    billing_contacts_id: contacts.filter((contact) => contact.contractId === c.id).map((contact) => contact.userId),
    recurring_items: items
      .filter((row) => row.item.contractId === c.id)
      .map((row) => ({
        id: row.item.id,
        item_id: row.item.itemId,
        item: { type: row.type as BillingItemType, name: row.name },
        quantity: row.item.quantity,
        price: row.item.price,
        taxable: row.item.taxable,
      })),
    created_at: c.createdAt.toISOString(),
  }));
}

/** GET /api/companies/contracts.{companyId}. */
export function listContracts(db: DbOrTransaction, companyId: number): Promise<Contract[]> {
  return loadContracts(db, { companyIds: [companyId] });
}

/** The contracts of many companies (the billing run's chunk), each company's newest start first, as listContracts. */
export async function listContractsOfCompanies(
  db: DbOrTransaction,
  companyIds: number[],
): Promise<Map<number, Contract[]>> {
  const byCompany = new Map<number, Contract[]>();
  if (companyIds.length === 0) return byCompany;
  for (const contract of await loadContracts(db, { companyIds }))
    byCompany.set(contract.company_id, [...(byCompany.get(contract.company_id) ?? []), contract]);
  return byCompany;
}

/** GET /api/companies/contracts/{id}. */
export async function getContract(db: DbOrTransaction, contractId: number): Promise<Contract> {
  const [contract] = await loadContracts(db, { contractId });
  if (!contract) throw notFound();
  return contract;
}

const todayIso = () => new Date().toISOString().slice(0, 10);

/** The items must exist and be of the right kind; the billing contacts must be the company's enabled accounts. */
async function assertReferences(db: DbOrTransaction, input: ContractInput): Promise<void> {
  const errors: FieldErrors = {};
  const types = await billingItemTypesById(db, [
    input.retainer_item,
    input.overage_item,
    input.late_fee_item,
    ...input.recurring_items.map((item) => item.item_id),
  ]);
  const expect = (field: 'retainer_item' | 'overage_item' | 'late_fee_item', type: BillingItemType, label: string) => {
    if (types.get(input[field]) !== type) errors[field] = [`The selected ${label} is invalid.`];
  };
  expect('retainer_item', 'retainer', 'retainer item');
  expect('overage_item', 'overage', 'overage item');
  expect('late_fee_item', 'fee', 'late fee item');
  input.recurring_items.forEach((item, index) => {
    if (!types.has(item.item_id)) errors[`recurring_items.${index}.item_id`] = ['The selected item is invalid.'];
  });
  if (input.billing_contacts.length > 0) {
    const found = await db
      .select({ id: users.id })
      .from(clientAccounts)
      .innerJoin(users, eq(users.id, clientAccounts.userId))
      .where(
        and(
          eq(clientAccounts.companyId, input.company_id),
          inArray(users.id, input.billing_contacts),
          sql`${users.deletedAt} is null`,
        ),
      );
    if (found.length !== new Set(input.billing_contacts).size)
      errors.billing_contacts = ["Billing contacts must be the company's accounts."];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

const contractValues = (input: ContractInput) => ({
  companyId: input.company_id,
  startDate: input.start_date,
  endDate: input.end_date,
  paymentTerms: input.payment_terms,
  retainerItem: input.retainer_item,
  overageItem: input.overage_item,
  lateFeeItem: input.late_fee_item,
  retainerTaxable: input.retainer_taxable,
  overageTaxable: input.overage_taxable,
  lateFeeTaxable: input.late_fee_taxable,
  retainerPrice: input.retainer_price,
  overagePrice: input.overage_price,
  lateFeePercent: input.late_fee_percent,
  retainerHours: input.retainer_hours,
  deviceCount: input.device_count,
  maxRollover: input.max_rollover,
  paperless: input.paperless,
});

/** Writes the contacts and recurring items of a contract (replacing the old ones). */
async function writeChildren(tx: DbOrTransaction, contractId: number, input: ContractInput): Promise<void> {
  await tx.delete(contractBillingContacts).where(eq(contractBillingContacts.contractId, contractId));
  const contacts = [...new Set(input.billing_contacts)];
  if (contacts.length)
    await tx.insert(contractBillingContacts).values(contacts.map((userId) => ({ contractId, userId })));
  await tx.delete(contractRecurringItems).where(eq(contractRecurringItems.contractId, contractId));
  if (input.recurring_items.length) {
    await tx.insert(contractRecurringItems).values(
      input.recurring_items.map((item) => ({
        contractId,
        itemId: item.item_id,
        quantity: item.quantity,
        price: item.price,
        taxable: item.taxable,
      })),
    );
  }
}

// First key of the per-company advisory lock that serialises contract writes (any fixed number).
const contractLockKey = 311_905_447;

/**
 * Refuses a contract identical to another of the company: the same type (retainer item, spec 2 §2's Contract Type)
 * with dates sharing a day (overlappingContracts in shared; decision 0075). Other overlaps pass; the form warns of
 * them. Run inside the writing transaction after the company's lock, so two saves at once cannot both pass.
 */
async function assertNotIdentical(tx: DbOrTransaction, input: ContractInput, exceptId: number | null): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${contractLockKey}::int, ${input.company_id}::int)`);
  const [twin] = await tx
    .select({ start: contracts.startDate, end: contracts.endDate, type: billingItems.name })
    .from(contracts)
    .innerJoin(billingItems, eq(billingItems.id, contracts.retainerItem))
    .where(
      and(
        eq(contracts.companyId, input.company_id),
        eq(contracts.retainerItem, input.retainer_item),
        lte(contracts.startDate, input.end_date),
        gte(contracts.endDate, input.start_date),
        exceptId === null ? undefined : ne(contracts.id, exceptId),
      ),
    )
    .orderBy(asc(contracts.startDate), asc(contracts.id))
    .limit(1);
  if (twin) throw unprocessable({ start_date: [identicalContractMessage(twin.type, twin.start, twin.end)] });
}

/** POST /api/companies/contracts/: the contract, its billing contacts and recurring items in one transaction. */
export async function createContract(db: Db, input: ContractInput, actorId: number): Promise<number> {
  await assertReferences(db, input);
  return db.transaction(async (tx) => {
    await assertNotIdentical(tx, input, null);
    const [row] = await tx
      .insert(contracts)
      .values({ ...contractValues(input), createdBy: actorId })
      .returning({ id: contracts.id });
    await writeChildren(tx, row!.id, input);
    return row!.id;
  });
}

/** PUT /api/companies/contracts/{id}: the company of a contract does not change. */
export async function updateContract(db: Db, contractId: number, input: ContractInput): Promise<void> {
  const [existing] = await db
    .select({ companyId: contracts.companyId })
    .from(contracts)
    .where(eq(contracts.id, contractId))
    .limit(1);
  if (!existing) throw notFound();
  if (existing.companyId !== input.company_id)
    throw unprocessable({ company_id: ['A contract cannot move to another company.'] });
  await assertReferences(db, input);
  await db.transaction(async (tx) => {
    await assertNotIdentical(tx, input, contractId);
    await tx
      .update(contracts)
      .set({ ...contractValues(input), updatedAt: new Date() })
      .where(eq(contracts.id, contractId));
    await writeChildren(tx, contractId, input);
  });
}

const hoursOf = (condition: ReturnType<typeof sql>) =>
  sql<string>`coalesce(sum(extract(epoch from (${checkIns.endTime} - ${checkIns.startTime})) / 3600) filter (where ${condition}), 0)`;

/** Where the usage months are cut: the billing time zone (decision 0069; UTC until set) and "now". */
export interface UsageCalendar {
  timeZone?: string;
  /** 'YYYY-MM': the last month shown (the current one by default). */
  currentMonth?: string;
}

/** The month a check-in counts in, 'YYYY-MM', in `timeZone` (one expression for the card, the run and late time). */
export const checkInUsageMonth = (timeZone: string) =>
  sql<string>`to_char(${checkIns.startTime} at time zone ${timeZone}, 'YYYY-MM')`;

/** The company's closed check-in hours per month (one aggregate; open check-ins count once checked out). */
export async function companyUsageHours(
  db: DbOrTransaction,
  companyId: number,
  timeZone = 'UTC',
): Promise<UsageMonthHours[]> {
  const month = checkInUsageMonth(timeZone);
  const rows = await db
    .select({
      month,
      // One check-in counts once: time on a project (its step tickets or labor steps) is project time (decision 0044).
      helpdesk: hoursOf(
        sql`${checkIns.projectId} is null and ${checkIns.projectStepId} is null and ${checkIns.ticketId} is not null`,
      ),
      project: hoursOf(sql`${checkIns.projectId} is not null or ${checkIns.projectStepId} is not null`),
      nonBillable: hoursOf(sql`${checkIns.billable} = 1`),
    })
    .from(checkIns)
    .where(and(eq(checkIns.companyId, companyId), isNotNull(checkIns.endTime)))
    // By position: the zone is a parameter, and two parameters are two expressions to PostgreSQL.
    .groupBy(sql`1`);
  return rows.map((row) => ({
    month: row.month,
    helpdesk: Number(row.helpdesk),
    project: Number(row.project),
    non_billable: Number(row.nonBillable),
  }));
}

/** The company's frozen months (usage_snapshots, written by billing when the invoice billing a month posts). */
export async function companyUsageSnapshots(db: DbOrTransaction, companyId: number): Promise<UsageSnapshotHours[]> {
  const rows = await db
    .select()
    .from(usageSnapshots)
    .where(eq(usageSnapshots.companyId, companyId))
    .orderBy(asc(usageSnapshots.month));
  return rows.map((row) => ({
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
  }));
}

/** The contract terms monthly usage reads, in the order the card and the run both pass them. */
export const usageTermsOf = (contract: Contract): UsageContractTerms => ({
  id: contract.id,
  start_date: contract.start_date,
  end_date: contract.end_date,
  retainer_hours: contract.retainer_hours,
  max_rollover: contract.max_rollover,
  overage_price: contract.overage_price,
});

/**
 * The company's monthly usage rows: one aggregate over its check-ins, one over adjustments and one over its frozen
 * months (a frozen month shows as billed, marked invoiced, and the next starts from its carry-out).
 */
export async function monthlyUsageForCompany(
  db: DbOrTransaction,
  companyId: number,
  companyContracts: Contract[],
  calendar: UsageCalendar = {},
): Promise<MonthlyUsageRow[]> {
  if (companyContracts.length === 0) return [];
  const timeZone = calendar.timeZone ?? 'UTC';
  // One after the other: the run calls this inside its transaction, whose one client runs one query at a time.
  const hours = await companyUsageHours(db, companyId, timeZone);
  const adjustments = await db
    .select({ month: sql<string>`to_char(${usageAdjustments.month}, 'YYYY-MM')`, hours: usageAdjustments.hours })
    .from(usageAdjustments)
    .where(eq(usageAdjustments.companyId, companyId));
  const snapshots = await companyUsageSnapshots(db, companyId);
  return computeMonthlyUsage(
    companyContracts.map(usageTermsOf),
    hours,
    adjustments,
    calendar.currentMonth ?? billingDate(new Date(), timeZone).month.slice(0, 7),
    snapshots,
  );
}

/** The contract fields of GET /api/company/{id} (spec 2 §3 Company): the monthly usage arrives with them. */
export async function contractFieldsForCompany(db: DbOrTransaction, companyId: number, timeZone = 'UTC') {
  const list = await listContracts(db, companyId);
  const today = todayIso();
  const active = activeContractOf(list, today);
  const latest = latestContractOf(list, today);
  return {
    contracts: list,
    active_contract: active,
    latest_contract: latest,
    active_retainer_item: active ? { name: active.retainer_item.name } : null,
    latest_retainer_item: latest ? { name: latest.retainer_item.name } : null,
    monthly_usage: (await monthlyUsageForCompany(db, companyId, list, { timeZone })).reverse(),
  };
}

/** The company's usage adjustments, newest month first. */
export async function listUsageAdjustments(db: DbOrTransaction, companyId: number): Promise<UsageAdjustment[]> {
  const rows = await db
    .select({ adjustment: usageAdjustments, createdBy: users.name })
    .from(usageAdjustments)
    .leftJoin(users, eq(users.id, usageAdjustments.createdBy))
    .where(eq(usageAdjustments.companyId, companyId))
    .orderBy(desc(usageAdjustments.month), desc(usageAdjustments.id));
  return rows.map(({ adjustment, createdBy }) => ({
    id: adjustment.id,
    month: adjustment.month.slice(0, 7),
    hours: adjustment.hours,
    reason: adjustment.reason,
    created_by: createdBy,
    created_at: adjustment.createdAt.toISOString(),
  }));
}

export async function createUsageAdjustment(
  db: DbOrTransaction,
  input: UsageAdjustmentInput,
  actorId: number,
): Promise<number> {
  const [row] = await db
    .insert(usageAdjustments)
    .values({
      companyId: input.company_id,
      month: `${input.month}-01`,
      hours: input.hours,
      reason: input.reason,
      createdBy: actorId,
    })
    .returning({ id: usageAdjustments.id });
  return row!.id;
}

/** Deletes an adjustment and answers its company, or null when there was none. */
export async function deleteUsageAdjustment(db: DbOrTransaction, id: number): Promise<number | null> {
  const [row] = await db
    .delete(usageAdjustments)
    .where(eq(usageAdjustments.id, id))
    .returning({ companyId: usageAdjustments.companyId });
  return row?.companyId ?? null;
}
