import { addDays } from '@switchboard/shared/billing/billing-date';
import {
  rateDatesMessage,
  rateUsedMessage,
  type CompanyBillingSettings,
  type TaxRate,
  type TaxRateOption,
  type TaxRateReplaceValues,
  type TaxRateValues,
} from '@switchboard/shared/billing/tax-rates';
import { and, asc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { companyBillingSettings } from './company-billing-settings.table.ts';
import { invoices } from './invoices.table.ts';
import { billingToday } from './ledger.service.ts';
import { accounts } from './ledger.table.ts';
import { taxRates } from './tax-rates.table.ts';

// Tax rates and company billing settings (designs/billing.md §3.3, §6; decisions 0066, 0082).

export const defaultLiabilityAccountNumber = '2100';
const invalidAccountMessage = 'The selected liability account is invalid.';
const notLiabilityMessage = 'The liability account must be a liability account.';

const companiesUsing = sql<number>`(select count(*)::int from ${companyBillingSettings} where ${companyBillingSettings.taxRateId} = ${taxRates.id})`;
const usedOnPosted = sql<boolean>`exists (select 1 from ${invoices} where ${invoices.taxRateId} = ${taxRates.id} and ${invoices.status} = 'posted')`;

const rateColumns = {
  id: taxRates.id,
  name: taxRates.name,
  jurisdiction: taxRates.jurisdiction,
  dorCode: taxRates.dorCode,
  percent: taxRates.percent,
  liabilityAccountId: taxRates.liabilityAccountId,
  accountNumber: accounts.number,
  accountName: accounts.name,
  effectiveFrom: taxRates.effectiveFrom,
  effectiveTo: taxRates.effectiveTo,
  active: taxRates.active,
  companiesUsing,
  usedOnPosted,
};

type RateRow = Awaited<ReturnType<typeof selectRates>>[number];

function toTaxRate(row: RateRow): TaxRate {
  return {
    id: row.id,
    name: row.name,
    jurisdiction: row.jurisdiction,
    dor_code: row.dorCode,
    percent: row.percent,
    liability_account_id: row.liabilityAccountId,
    liability_account: { id: row.liabilityAccountId, number: row.accountNumber, name: row.accountName },
    effective_from: row.effectiveFrom,
    effective_to: row.effectiveTo,
    active: row.active,
    companies_using: Number(row.companiesUsing),
    used_on_posted_invoices: Boolean(row.usedOnPosted),
  };
}

function selectRates(db: DbOrTransaction) {
  return db.select(rateColumns).from(taxRates).innerJoin(accounts, eq(accounts.id, taxRates.liabilityAccountId));
}

export async function listTaxRates(db: Db): Promise<TaxRate[]> {
  const rows = await selectRates(db).orderBy(
    asc(taxRates.jurisdiction),
    asc(taxRates.name),
    asc(taxRates.effectiveFrom),
    asc(taxRates.id),
  );
  return rows.map((row) => toTaxRate(row));
}

export async function getTaxRate(db: DbOrTransaction, id: number): Promise<TaxRate> {
  const [row] = await selectRates(db).where(eq(taxRates.id, id));
  if (!row) throw notFound();
  return toTaxRate(row);
}

/** The picker: active rates not ended before the billing "today". */
export async function taxRateOptions(db: Db): Promise<TaxRateOption[]> {
  const today = await billingToday(db);
  return db
    .select({
      id: taxRates.id,
      name: taxRates.name,
      jurisdiction: taxRates.jurisdiction,
      percent: taxRates.percent,
    })
    .from(taxRates)
    .where(and(eq(taxRates.active, true), or(isNull(taxRates.effectiveTo), gte(taxRates.effectiveTo, today))))
    .orderBy(asc(taxRates.jurisdiction), asc(taxRates.name), asc(taxRates.id));
}

async function liabilityAccountId(db: DbOrTransaction, requested: number | null): Promise<number> {
  const [account] = await db
    .select({ id: accounts.id, type: accounts.type })
    .from(accounts)
    .where(requested === null ? eq(accounts.number, defaultLiabilityAccountNumber) : eq(accounts.id, requested));
  if (!account) throw unprocessable({ liability_account_id: [invalidAccountMessage] });
  if (account.type !== 'liability') throw unprocessable({ liability_account_id: [notLiabilityMessage] });
  return account.id;
}

function rateValues(input: TaxRateValues, accountId: number) {
  return {
    name: input.name,
    jurisdiction: input.jurisdiction,
    dorCode: input.dor_code,
    percent: input.percent.toFixed(4),
    liabilityAccountId: accountId,
    effectiveFrom: input.effective_from,
    effectiveTo: input.effective_to,
    active: input.active,
  };
}

export async function createTaxRate(db: Db, input: TaxRateValues): Promise<TaxRate> {
  const accountId = await liabilityAccountId(db, input.liability_account_id);
  const [row] = await db.insert(taxRates).values(rateValues(input, accountId)).returning({ id: taxRates.id });
  return getTaxRate(db, row!.id);
}

/** Ends the rate on `end_on` and starts its successor the day after, both or neither (decision 0082). */
export async function replaceTaxRate(db: Db, id: number, input: TaxRateReplaceValues): Promise<TaxRate> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(taxRates).where(eq(taxRates.id, id)).for('update');
    if (!current) throw notFound();
    if (input.end_on < current.effectiveFrom) throw unprocessable({ end_on: [rateDatesMessage] });
    await tx.update(taxRates).set({ effectiveTo: input.end_on, updatedAt: new Date() }).where(eq(taxRates.id, id));
    const [row] = await tx
      .insert(taxRates)
      .values({
        name: input.name,
        jurisdiction: current.jurisdiction,
        dorCode: current.dorCode,
        percent: input.percent.toFixed(4),
        liabilityAccountId: current.liabilityAccountId,
        effectiveFrom: addDays(input.end_on, 1),
        effectiveTo: null,
        active: true,
      })
      .returning({ id: taxRates.id });
    return getTaxRate(tx, row!.id);
  });
}

export async function updateTaxRate(db: Db, id: number, input: TaxRateValues): Promise<TaxRate> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ percent: taxRates.percent })
      .from(taxRates)
      .where(eq(taxRates.id, id))
      .for('update');
    if (!current) throw notFound();
    if (Number(current.percent) !== Number(input.percent.toFixed(4))) {
      const [posted] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.taxRateId, id), eq(invoices.status, 'posted')))
        .limit(1);
      if (posted) throw unprocessable({ percent: [rateUsedMessage] });
    }
    const accountId = await liabilityAccountId(tx, input.liability_account_id);
    await tx
      .update(taxRates)
      .set({ ...rateValues(input, accountId), updatedAt: new Date() })
      .where(eq(taxRates.id, id));
    return getTaxRate(tx, id);
  });
}

// Company billing settings: a company without a row has these.
function settingsOf(companyId: number, row?: typeof companyBillingSettings.$inferSelect): CompanyBillingSettings {
  return {
    company_id: companyId,
    tax_rate_id: row?.taxRateId ?? null,
    tax_exempt: row?.taxExempt ?? false,
    exempt_certificate: row?.exemptCertificate ?? '',
    exempt_expires_on: row?.exemptExpiresOn ?? null,
    billing_site_id: row?.billingSiteId ?? null,
    separate_overage_invoice: row?.separateOverageInvoice ?? false,
    waive_late_fees: row?.waiveLateFees ?? false,
    invoice_notes: row?.invoiceNotes ?? '',
  };
}

async function checkCompany(db: Db, companyId: number): Promise<void> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound();
}

export async function getCompanyBillingSettings(db: Db, companyId: number): Promise<CompanyBillingSettings> {
  await checkCompany(db, companyId);
  const [row] = await db.select().from(companyBillingSettings).where(eq(companyBillingSettings.companyId, companyId));
  return settingsOf(companyId, row);
}

export async function updateCompanyBillingSettings(
  db: Db,
  companyId: number,
  input: Omit<CompanyBillingSettings, 'company_id'>,
): Promise<CompanyBillingSettings> {
  await checkCompany(db, companyId);
  const errors: Record<string, string[]> = {};
  if (input.tax_rate_id !== null) {
    const [rate] = await db.select({ id: taxRates.id }).from(taxRates).where(eq(taxRates.id, input.tax_rate_id));
    if (!rate) errors.tax_rate_id = ['The selected tax rate is invalid.'];
  }
  if (input.billing_site_id !== null) {
    const [site] = await db
      .select({ companyId: sites.companyId })
      .from(sites)
      .where(eq(sites.id, input.billing_site_id));
    if (!site || site.companyId !== companyId)
      errors.billing_site_id = ["The billing site must be one of this company's sites."];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  const values = {
    taxRateId: input.tax_rate_id,
    taxExempt: input.tax_exempt,
    exemptCertificate: input.exempt_certificate,
    exemptExpiresOn: input.exempt_expires_on,
    billingSiteId: input.billing_site_id,
    separateOverageInvoice: input.separate_overage_invoice,
    waiveLateFees: input.waive_late_fees,
    invoiceNotes: input.invoice_notes,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(companyBillingSettings)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: companyBillingSettings.companyId, set: values })
    .returning();
  return settingsOf(companyId, row);
}
