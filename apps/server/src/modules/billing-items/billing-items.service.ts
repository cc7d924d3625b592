import type { BillingItem, BillingItemType, GroupedBillingItems } from '@switchboard/shared';
import { and, asc, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { billingItems } from './billing-items.table.ts';

type Row = typeof billingItems.$inferSelect;

const present = (row: Row): BillingItem => ({
  id: row.id,
  name: row.name,
  type: row.type as BillingItemType,
  price: row.price,
  taxable: row.taxable,
  fee_percent: row.feePercent,
});

const byName = asc(sql`lower(${billingItems.name})`);

// Pickers offer active items only; an archived item stays readable where a document or contract already names it.
const active = isNull(billingItems.archivedAt);

/** GET /api/billing/items.list: every active billing item by name. */
export async function listBillingItems(db: DbOrTransaction): Promise<BillingItem[]> {
  return (await db.select().from(billingItems).where(active).orderBy(byName)).map(present);
}

/** GET /api/billing/search/items/{term}: active items whose name contains the term (at most 50). */
export async function searchBillingItems(db: DbOrTransaction, term: string): Promise<BillingItem[]> {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return (
    await db
      .select()
      .from(billingItems)
      .where(and(active, ilike(billingItems.name, pattern)))
      .orderBy(byName)
      .limit(50)
  ).map(present);
}

/** GET /api/companies/contracts/billing_items: the contract form's active choices, grouped by type. */
export async function groupedContractItems(db: DbOrTransaction): Promise<GroupedBillingItems> {
  const rows = (
    await db
      .select()
      .from(billingItems)
      .where(and(active, inArray(billingItems.type, ['retainer', 'overage', 'fee', 'cloud'])))
      .orderBy(byName)
  ).map(present);
  const of = (type: BillingItemType) => rows.filter((row) => row.type === type);
  return {
    retainer_items: of('retainer'),
    overage_items: of('overage'),
    fee_items: of('fee'),
    cloud_items: of('cloud'),
  };
}

/** The types of the given item ids (unknown ids are missing from the map). */
export async function billingItemTypesById(db: DbOrTransaction, ids: number[]): Promise<Map<number, BillingItemType>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: billingItems.id, type: billingItems.type })
    .from(billingItems)
    .where(inArray(billingItems.id, ids));
  return new Map(rows.map((row) => [row.id, row.type as BillingItemType]));
}
