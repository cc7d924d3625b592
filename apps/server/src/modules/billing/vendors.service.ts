import { vendorNameTakenMessage } from '@switchboard/shared';
import {
  maskTaxId,
  vendorArchivedMessage,
  vendorDeletedMessage,
  vendorExpenseAccountMessage,
  vendorListQuerySchema,
  type Vendor,
  type VendorListRow,
  type VendorDeleteResult,
  type VendorDetail,
  type VendorFormValues,
  type VendorPage,
} from '@switchboard/shared/billing/vendors';
import { centsFromNumeric, dollarsFromCents } from '@switchboard/shared/billing/money';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { foreignKeyViolation, hasPgCode, uniqueViolation } from '../../db/pg-errors.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { accounts } from './ledger.table.ts';
import { purchaseOrders, vendors } from './purchase-orders.table.ts';

// The vendors of /billing/vendors (designs/billing.md §3.3, §5, §6; issue 28 part 1). The tax id is stored whole and
// only ever answered masked; a vendor named by a purchase order, an item or a journal line is archived, never deleted
// (the catalogue's rule, billing-catalogue.service.ts).

type Row = typeof vendors.$inferSelect;
type ListQuery = z.output<typeof vendorListQuerySchema>;
type AccountFacts = { id: number; number: string; name: string };

async function accountsFor(db: DbOrTransaction, ids: number[]): Promise<Map<number, AccountFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, number: accounts.number, name: accounts.name })
    .from(accounts)
    .where(sql`${accounts.id} = any(${`{${ids.join(',')}}`}::int[])`);
  return new Map(rows.map((row) => [row.id, row]));
}

function present(row: Row, accountsById: Map<number, AccountFacts>): Vendor {
  const account = row.defaultExpenseAccountId === null ? undefined : accountsById.get(row.defaultExpenseAccountId);
  return {
    id: row.id,
    name: row.name,
    account_number: row.accountNumber,
    contact: row.contact,
    email: row.email,
    phone: row.phone,
    address: row.address,
    website: row.website,
    payment_terms: row.paymentTerms,
    default_expense_account_id: row.defaultExpenseAccountId,
    default_expense_account: account ?? null,
    is_1099: row.is1099,
    tax_id_masked: maskTaxId(row.taxId),
    notes: row.notes,
    active: row.archivedAt === null,
    archived_at: row.archivedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

async function presentRows(db: DbOrTransaction, rows: Row[]): Promise<Vendor[]> {
  const ids = [
    ...new Set(rows.flatMap((row) => (row.defaultExpenseAccountId === null ? [] : [row.defaultExpenseAccountId]))),
  ];
  const accountsById = await accountsFor(db, ids);
  return rows.map((row) => present(row, accountsById));
}

const escapeLike = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** GET /api/billing/vendors?page=: one page by name, searched by name, contact or e-mail. */
export async function listVendorPage(db: Db, query: ListQuery): Promise<VendorPage> {
  const where: SQL[] = [];
  if (query.archived === '0') where.push(isNull(vendors.archivedAt));
  if (query.archived === '1') where.push(isNotNull(vendors.archivedAt));
  if (query.search) {
    const pattern = escapeLike(query.search);
    where.push(or(ilike(vendors.name, pattern), ilike(vendors.contact, pattern), ilike(vendors.email, pattern))!);
  }
  const condition = where.length ? and(...where) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(vendors).where(condition);
  const rows = await db
    .select()
    .from(vendors)
    .where(condition)
    .orderBy(asc(sql`lower(${vendors.name})`), asc(vendors.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const data = await withPayables(db, await presentRows(db, rows));
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

/**
 * The list's Open bills and Last paid columns for one page of vendors: one statement over the open-bills partial index
 * (bills_open_idx) and the vendor payments index (payments_vendor_date_idx), never per row.
 */
async function withPayables(db: DbOrTransaction, rows: Vendor[]): Promise<VendorListRow[]> {
  if (rows.length === 0) return [];
  const result = await db.execute<{ id: number; open_count: number; open_total: string; last_paid: string | null }>(sql`
    select v.id,
      (select count(*)::int from bills b where b.vendor_id = v.id and b.status = 'posted' and b.balance <> 0
        and b.kind = 'bill') as open_count,
      (select coalesce(sum(b.balance), 0)::text from bills b where b.vendor_id = v.id and b.status = 'posted'
        and b.balance <> 0 and b.kind = 'bill') as open_total,
      (select max(p.payment_date)::text from payments p where p.vendor_id = v.id and p.status = 'posted') as last_paid
    from unnest(${sql.param(rows.map((row) => row.id))}::int[]) as v(id)`);
  const byId = new Map(result.rows.map((row) => [Number(row.id), row]));
  return rows.map((row) => {
    const found = byId.get(row.id);
    return {
      ...row,
      open_bills_count: found?.open_count ?? 0,
      open_bills: dollarsFromCents(centsFromNumeric(found?.open_total ?? '0')),
      last_paid: found?.last_paid ?? null,
    };
  });
}

/** The picker of the purchase-order editor and the ledger's payable lines: every active vendor, by name. */
export async function listActiveVendors(db: DbOrTransaction): Promise<Vendor[]> {
  const rows = await db
    .select()
    .from(vendors)
    .where(isNull(vendors.archivedAt))
    .orderBy(asc(sql`lower(${vendors.name})`), asc(vendors.id));
  return presentRows(db, rows);
}

const latestOrders = 50;
const itemsShown = 200;

/** The vendor with its latest purchase orders (and how many it has) and the items it is the preferred vendor of. */
export async function getVendor(db: DbOrTransaction, id: number): Promise<VendorDetail> {
  const [row] = await db.select().from(vendors).where(eq(vendors.id, id)).limit(1);
  if (!row) throw notFound();
  const [vendor] = await presentRows(db, [row]);
  const orders = await db
    .select({
      id: purchaseOrders.id,
      number: purchaseOrders.number,
      order_date: purchaseOrders.orderDate,
      status: purchaseOrders.status,
      total: purchaseOrders.total,
    })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.vendorId, id))
    .orderBy(desc(purchaseOrders.orderDate), desc(purchaseOrders.id))
    .limit(latestOrders);
  const [{ total }] =
    orders.length < latestOrders
      ? [{ total: orders.length }]
      : await db.select({ total: count() }).from(purchaseOrders).where(eq(purchaseOrders.vendorId, id));
  const items = await db
    .select({
      id: billingItems.id,
      name: billingItems.name,
      sku: billingItems.sku,
      archivedAt: billingItems.archivedAt,
    })
    .from(billingItems)
    .where(eq(billingItems.preferredVendorId, id))
    .orderBy(asc(sql`lower(${billingItems.name})`), asc(billingItems.id))
    .limit(itemsShown);
  return {
    ...vendor,
    purchase_orders: orders,
    purchase_orders_total: total,
    items: items.map(({ archivedAt, ...item }) => ({ ...item, active: archivedAt === null })),
  };
}

/** 422s that need the database: the name (any case) and the default expense account (an active 5xxx/6xxx expense). */
async function assertReferences(tx: DbOrTransaction, input: VendorFormValues, exceptId?: number): Promise<void> {
  const errors: Record<string, string[]> = {};
  const [taken] = await tx
    .select({ id: vendors.id })
    .from(vendors)
    .where(
      and(
        sql`lower(${vendors.name}) = lower(${input.name})`,
        exceptId === undefined ? undefined : ne(vendors.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) errors.name = [vendorNameTakenMessage];
  if (input.default_expense_account_id !== null) {
    const [account] = await tx
      .select({ number: accounts.number, type: accounts.type, active: accounts.active })
      .from(accounts)
      .where(eq(accounts.id, input.default_expense_account_id))
      .limit(1);
    if (!account || !account.active || account.type !== 'expense' || !/^[56]\d{3}$/.test(account.number))
      errors.default_expense_account_id = [vendorExpenseAccountMessage];
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
}

/** A name taken by a concurrent save reaches the unique index: the same 422 as the check. */
async function withNameGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (hasPgCode(error, uniqueViolation)) throw unprocessable({ name: [vendorNameTakenMessage] });
    throw error;
  }
}

function columnsOf(input: VendorFormValues) {
  return {
    name: input.name,
    accountNumber: input.account_number,
    contact: input.contact,
    email: input.email,
    phone: input.phone,
    address: input.address,
    website: input.website,
    paymentTerms: input.payment_terms,
    defaultExpenseAccountId: input.default_expense_account_id,
    is1099: input.is_1099,
    notes: input.notes,
    // Absent keeps the stored tax id (the form never shows it to retype).
    ...(input.tax_id === undefined ? {} : { taxId: input.tax_id }),
  };
}

export async function createVendor(db: Db, input: VendorFormValues): Promise<Vendor> {
  return withNameGuard(() =>
    db.transaction(async (tx) => {
      await assertReferences(tx, input);
      const [row] = await tx.insert(vendors).values(columnsOf(input)).returning();
      return (await presentRows(tx, [row]))[0];
    }),
  );
}

export async function updateVendor(db: Db, id: number, input: VendorFormValues): Promise<Vendor> {
  return withNameGuard(() =>
    db.transaction(async (tx) => {
      const [current] = await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, id)).for('update');
      if (!current) throw notFound();
      await assertReferences(tx, input, id);
      const [row] = await tx
        .update(vendors)
        .set({ ...columnsOf(input), updatedAt: new Date() })
        .where(eq(vendors.id, id))
        .returning();
      return (await presentRows(tx, [row]))[0];
    }),
  );
}

/** Whether a purchase order, an item (its preferred vendor) or a journal line (a payable's party) names the vendor. */
export async function vendorInUse(db: DbOrTransaction, id: number): Promise<boolean> {
  const result = await db.execute<{ used: boolean }>(sql`select
      exists (select 1 from purchase_orders where vendor_id = ${id})
      or exists (select 1 from billing_items where preferred_vendor_id = ${id})
      or exists (select 1 from journal_lines where vendor_id = ${id}) as used`);
  return result.rows[0]?.used === true;
}

/** DELETE: a vendor in use is archived (kept on its documents); one never used goes. */
export async function deleteVendor(db: Db, id: number): Promise<VendorDeleteResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: vendors.id, archivedAt: vendors.archivedAt })
      .from(vendors)
      .where(eq(vendors.id, id))
      .for('update');
    if (!current) throw notFound();
    if (!(await vendorInUse(tx, id))) {
      try {
        // A savepoint: a reference the check could not see (a foreign key) turns the delete into an archive.
        await tx.transaction(async (inner) => {
          await inner.delete(vendors).where(eq(vendors.id, id));
        });
        return { message: vendorDeletedMessage, outcome: 'deleted' as const };
      } catch (error) {
        if (!hasPgCode(error, foreignKeyViolation)) throw error;
      }
    }
    await tx
      .update(vendors)
      .set({ archivedAt: current.archivedAt ?? new Date(), updatedAt: new Date() })
      .where(eq(vendors.id, id));
    return { message: vendorArchivedMessage, outcome: 'archived' as const };
  });
}

/** POST .../restore: an archived vendor is active again. */
export async function restoreVendor(db: Db, id: number): Promise<Vendor> {
  const [row] = await db
    .update(vendors)
    .set({ archivedAt: null, updatedAt: new Date() })
    .where(eq(vendors.id, id))
    .returning();
  if (!row) throw notFound();
  return (await presentRows(db, [row]))[0];
}
