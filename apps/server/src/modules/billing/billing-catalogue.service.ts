import {
  billingItemListQuerySchema,
  itemArchivedMessage,
  itemDeletedMessage,
  itemExpenseAccountMessage,
  itemPreferredVendorMessage,
  itemIncomeAccountMessage,
  itemNameTakenMessage,
  itemTypeInUseMessage,
  marginPercent,
  type BillingItemValues,
  type CatalogueItem,
  type CatalogueItemPage,
  type ItemAccount,
  type ItemDeleteResult,
  type ItemUnit,
} from '@switchboard/shared/billing/items';
import { centsFromDollars, numericFromUnits, unitsFromNumeric } from '@switchboard/shared/billing/money';
import { incomeAccountByItemType } from '@switchboard/shared/billing/posting-rules';
import type { BillingItemType } from '@switchboard/shared';
import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { foreignKeyViolation, hasPgCode, uniqueViolation } from '../../db/pg-errors.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { stockLevels } from './inventory.table.ts';
import { vendors } from './purchase-orders.table.ts';

// The catalogue of /billing/items (designs/billing.md §3.3, §5, §6; decision 0095): billing keeps it, above the
// catalogue's table, the chart of accounts and the documents and contracts that use an item.

type Row = typeof billingItems.$inferSelect;
type ListQuery = z.output<typeof billingItemListQuerySchema>;

interface AccountFacts extends ItemAccount {
  type: string;
  subtype: string;
  active: boolean;
}

/** The accounts of the given ids, and the type defaults' numbers, in one statement. */
async function accountsFor(db: DbOrTransaction, ids: number[]): Promise<Map<string, AccountFacts>> {
  const numbers = Object.values(incomeAccountByItemType);
  const result = await db.execute<{
    id: number;
    number: string;
    name: string;
    type: string;
    subtype: string;
    active: boolean;
  }>(sql`select a.id, a.number, a.name, a.type, a.subtype, a.active from accounts a
    where a.id = any(${`{${ids.join(',')}}`}::int[]) or a.number = any(${`{${numbers.join(',')}}`}::text[])`);
  const byKey = new Map<string, AccountFacts>();
  for (const row of result.rows) {
    const facts = { ...row, id: Number(row.id) };
    byKey.set(`id:${facts.id}`, facts);
    byKey.set(`number:${facts.number}`, facts);
  }
  return byKey;
}

const accountOf = (facts: AccountFacts | undefined): ItemAccount | null =>
  facts ? { id: facts.id, number: facts.number, name: facts.name } : null;

function present(row: Row, accounts: Map<string, AccountFacts>, onHand: Map<number, number>): CatalogueItem {
  // price is numeric(12,2) read as a number: its two-decimal text gives the cents exactly.
  const priceCents = centsFromDollars(row.price) ?? 0;
  const costUnits = unitsFromNumeric(row.cost, 4);
  const type = row.type as BillingItemType;
  const income =
    row.incomeAccountId !== null
      ? accounts.get(`id:${row.incomeAccountId}`)
      : accounts.get(`number:${incomeAccountByItemType[type]}`);
  return {
    id: row.id,
    name: row.name,
    type,
    description: row.description,
    sku: row.sku,
    unit: row.unit as ItemUnit,
    price: row.price,
    cost: costUnits / 10_000,
    margin_percent: marginPercent(priceCents, costUnits),
    taxable: row.taxable,
    fee_percent: row.feePercent,
    income_account_id: row.incomeAccountId,
    income_account: accountOf(income),
    expense_account_id: row.expenseAccountId,
    expense_account: row.expenseAccountId === null ? null : accountOf(accounts.get(`id:${row.expenseAccountId}`)),
    inventory_tracked: row.inventoryTracked,
    on_hand: row.inventoryTracked ? (onHand.get(row.id) ?? 0) : null,
    average_cost: unitsFromNumeric(row.averageCost, 4) / 10_000,
    reorder_point: row.reorderPoint,
    reorder_qty: row.reorderQty,
    preferred_vendor_id: row.preferredVendorId,
    active: row.archivedAt === null,
    archived_at: row.archivedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

async function presentRows(db: DbOrTransaction, rows: Row[]): Promise<CatalogueItem[]> {
  const ids = new Set<number>();
  for (const row of rows) {
    if (row.incomeAccountId !== null) ids.add(row.incomeAccountId);
    if (row.expenseAccountId !== null) ids.add(row.expenseAccountId);
  }
  const accounts = await accountsFor(db, [...ids]);
  // On hand over every location (inventory's stock levels), for the tracked items of the page only.
  const tracked = rows.filter((row) => row.inventoryTracked).map((row) => row.id);
  const levels = tracked.length
    ? await db
        .select({ itemId: stockLevels.itemId, onHand: sql<string>`sum(${stockLevels.onHand})::text` })
        .from(stockLevels)
        .where(inArray(stockLevels.itemId, tracked))
        .groupBy(stockLevels.itemId)
    : [];
  const onHand = new Map(levels.map((level) => [level.itemId, unitsFromNumeric(level.onHand, 2) / 100]));
  return rows.map((row) => present(row, accounts, onHand));
}

const escapeLike = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** GET /api/billing/items: one page of the catalogue by name, with the filters of the page's URL. */
export async function listCatalogue(db: Db, query: ListQuery): Promise<CatalogueItemPage> {
  const where: SQL[] = [];
  if (query.type) where.push(eq(billingItems.type, query.type));
  if (query.tracked) where.push(eq(billingItems.inventoryTracked, query.tracked === '1'));
  if (query.active === '1') where.push(isNull(billingItems.archivedAt));
  if (query.active === '0') where.push(isNotNull(billingItems.archivedAt));
  if (query.search) {
    const pattern = escapeLike(query.search);
    where.push(or(ilike(billingItems.name, pattern), ilike(billingItems.sku, pattern)) as SQL);
  }
  const condition = where.length ? and(...where) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(billingItems).where(condition);
  const rows = await db
    .select()
    .from(billingItems)
    .where(condition)
    .orderBy(asc(sql`lower(${billingItems.name})`), asc(billingItems.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const data = await presentRows(db, rows);
  const from = data.length ? (query.page - 1) * query.per_page + 1 : null;
  return {
    data,
    total,
    current_page: query.page,
    per_page: query.per_page,
    from,
    to: from === null ? null : from + data.length - 1,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
  };
}

export async function getCatalogueItem(db: DbOrTransaction, id: number): Promise<CatalogueItem> {
  const [row] = await db.select().from(billingItems).where(eq(billingItems.id, id)).limit(1);
  if (!row) throw notFound();
  return (await presentRows(db, [row]))[0];
}

/**
 * Whether an invoice line, a quote line, a contract (retainer, overage or late-fee item), a contract's recurring item
 * or the billing settings' labor item names the item. One statement; each table is read by its item column.
 */
export async function itemInUse(db: DbOrTransaction, id: number): Promise<boolean> {
  const result = await db.execute<{ used: boolean }>(sql`select
      exists (select 1 from invoice_lines where item_id = ${id})
      or exists (select 1 from quote_lines where item_id = ${id})
      or exists (select 1 from contracts where retainer_item = ${id} or overage_item = ${id} or late_fee_item = ${id})
      or exists (select 1 from contract_recurring_items where item_id = ${id})
      or exists (select 1 from billing_settings where labor_item_id = ${id}) as used`);
  return result.rows[0]?.used === true;
}

/** 422s of the rules that need the database: the name's uniqueness (any case) and the two accounts' types. */
async function assertReferences(tx: DbOrTransaction, input: BillingItemValues, exceptId?: number): Promise<void> {
  const errors: Record<string, string[]> = {};
  const [taken] = await tx
    .select({ id: billingItems.id })
    .from(billingItems)
    .where(
      and(
        sql`lower(${billingItems.name}) = lower(${input.name})`,
        exceptId === undefined ? undefined : ne(billingItems.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) errors.name = [itemNameTakenMessage];
  const ids = [input.income_account_id, input.expense_account_id].filter((id): id is number => id !== null);
  if (ids.length) {
    const accounts = await accountsFor(tx, ids);
    if (input.income_account_id !== null) {
      const income = accounts.get(`id:${input.income_account_id}`);
      if (!income || !income.active || income.type !== 'income') errors.income_account_id = [itemIncomeAccountMessage];
    }
    if (input.expense_account_id !== null) {
      const expense = accounts.get(`id:${input.expense_account_id}`);
      if (!expense || !expense.active || (expense.type !== 'expense' && expense.type !== 'asset'))
        errors.expense_account_id = [itemExpenseAccountMessage];
    }
  }
  if (input.preferred_vendor_id !== null) {
    const [vendor] = await tx
      .select({ archivedAt: vendors.archivedAt })
      .from(vendors)
      .where(eq(vendors.id, input.preferred_vendor_id));
    if (!vendor || vendor.archivedAt !== null) errors.preferred_vendor_id = [itemPreferredVendorMessage];
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
}

function columnsOf(input: BillingItemValues) {
  return {
    name: input.name,
    type: input.type,
    description: input.description,
    sku: input.sku,
    unit: input.unit,
    price: input.price,
    // Validated to at most 4 decimals, so its 4-decimal text is exact.
    cost: numericFromUnits(unitsFromNumeric(input.cost.toFixed(4), 4), 4),
    taxable: input.taxable,
    // A fee percent means something on fee items only.
    feePercent: input.type === 'fee' ? input.fee_percent : null,
    incomeAccountId: input.income_account_id,
    expenseAccountId: input.expense_account_id,
    inventoryTracked: input.type === 'product' && input.inventory_tracked,
    reorderPoint: input.reorder_point,
    reorderQty: input.reorder_qty,
    preferredVendorId: input.preferred_vendor_id,
  };
}

/** A name taken by a concurrent save reaches the unique index: the same 422 as the check. */
async function withNameGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (hasPgCode(error, uniqueViolation)) throw unprocessable({ name: [itemNameTakenMessage] });
    throw error;
  }
}

export async function createCatalogueItem(db: Db, input: BillingItemValues): Promise<CatalogueItem> {
  return withNameGuard(() =>
    db.transaction(async (tx) => {
      await assertReferences(tx, input);
      const [row] = await tx
        .insert(billingItems)
        .values({ ...columnsOf(input), archivedAt: input.active === false ? new Date() : null })
        .returning();
      return (await presentRows(tx, [row]))[0];
    }),
  );
}

/** PUT: every field; `active` true unarchives, false archives, absent keeps. An item in use keeps its type. */
export async function updateCatalogueItem(db: Db, id: number, input: BillingItemValues): Promise<CatalogueItem> {
  return withNameGuard(() =>
    db.transaction(async (tx) => {
      const [current] = await tx.select().from(billingItems).where(eq(billingItems.id, id)).for('update').limit(1);
      if (!current) throw notFound();
      await assertReferences(tx, input, id);
      if (current.type !== input.type && (await itemInUse(tx, id)))
        throw unprocessable({ type: [itemTypeInUseMessage] });
      const archivedAt =
        input.active === undefined ? current.archivedAt : input.active ? null : (current.archivedAt ?? new Date());
      const [row] = await tx
        .update(billingItems)
        .set({ ...columnsOf(input), archivedAt, updatedAt: new Date() })
        .where(eq(billingItems.id, id))
        .returning();
      return (await presentRows(tx, [row]))[0];
    }),
  );
}

/** DELETE: an item used anywhere is archived (kept readable on its documents and contracts); one never used goes. */
export async function deleteCatalogueItem(db: Db, id: number): Promise<ItemDeleteResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: billingItems.id, archivedAt: billingItems.archivedAt })
      .from(billingItems)
      .where(eq(billingItems.id, id))
      .for('update')
      .limit(1);
    if (!current) throw notFound();
    if (!(await itemInUse(tx, id))) {
      try {
        // A savepoint: a reference the check could not see (a foreign key) turns the delete into an archive.
        await tx.transaction(async (inner) => {
          await inner.delete(billingItems).where(eq(billingItems.id, id));
        });
        return { message: itemDeletedMessage, outcome: 'deleted' as const };
      } catch (error) {
        if (!hasPgCode(error, foreignKeyViolation)) throw error;
      }
    }
    await tx
      .update(billingItems)
      .set({ archivedAt: current.archivedAt ?? new Date(), updatedAt: new Date() })
      .where(eq(billingItems.id, id));
    return { message: itemArchivedMessage, outcome: 'archived' as const };
  });
}
