import { vendorNameTakenMessage } from '@switchboard/shared';
import {
  maskTaxId,
  vendorArchivedMessage,
  vendorDeletedMessage,
  vendorExpenseAccountMessage,
  vendorListQuerySchema,
  type Vendor,
  type VendorDeleteResult,
  type VendorFormValues,
} from '@switchboard/shared/billing/vendors';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { jsonString, jsonTime } from '../../db/json-sql.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { foreignKeyViolation, hasPgCode, uniqueViolation } from '../../db/pg-errors.ts';
import { accounts } from './ledger.table.ts';
import { vendors } from './purchase-orders.table.ts';
import { binder, containsPattern, writtenPage, writtenRecord } from './purchasing-json.ts';

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

const archivedShapes = { '0': sql`v.archived_at is null`, '1': sql`v.archived_at is not null`, all: sql`true` };

// maskTaxId in SQL: the tax id's letters and digits, five dots and the last 4 when there are more than 8.
const maskedTaxIdSql = sql`(select case when t.chars = '' then null
    when length(t.chars) > 8 then '•••••' || right(t.chars, 4) else '•••••' end
  from (select regexp_replace(v.tax_id, '[^A-Za-z0-9]', '', 'g') as chars) t)`;

/** A vendor (`v`, its expense account `ea` left joined) as the API's Vendor JSON without its closing brace. */
const vendorJsonOpen = sql`'{"id":' || v.id || ',"name":' || ${jsonString(sql`v.name`)}
    || ',"account_number":' || ${jsonString(sql`v.account_number`)} || ',"contact":' || ${jsonString(sql`v.contact`)}
    || ',"email":' || ${jsonString(sql`v.email`)} || ',"phone":' || ${jsonString(sql`v.phone`)}
    || ',"address":' || ${jsonString(sql`v.address`)} || ',"website":' || ${jsonString(sql`v.website`)}
    || ',"payment_terms":' || v.payment_terms
    || ',"default_expense_account_id":' || coalesce(v.default_expense_account_id::text, 'null')
    || ',"default_expense_account":' || coalesce('{"id":' || ea.id || ',"number":' || ${jsonString(sql`ea.number`)}
      || ',"name":' || ${jsonString(sql`ea.name`)} || '}', 'null')
    || ',"is_1099":' || v.is_1099::text || ',"tax_id_masked":' || coalesce(${jsonString(maskedTaxIdSql)}, 'null')
    || ',"notes":' || ${jsonString(sql`v.notes`)} || ',"active":' || (v.archived_at is null)::text
    || ',"archived_at":' || ${jsonTime(sql`v.archived_at`)} || ',"updated_at":' || ${jsonTime(sql`v.updated_at`)}`;

/**
 * GET /api/billing/vendors?page=: one page by name, searched by name, contact or e-mail, with each vendor's open bills
 * (count, what is owed: bills_open_idx) and last payment's date (payments_vendor_date_idx): the paginator's JSON text
 * written by one prepared statement per filter shape (decision 0129's pattern), sent as is.
 */
export async function listVendorPage(db: Db, query: ListQuery): Promise<string> {
  const { bind, values } = binder();
  const where = [archivedShapes[query.archived]];
  if (query.search) {
    const pattern = bind('pattern', containsPattern(query.search));
    where.push(sql`(v.name ilike ${pattern} or v.contact ilike ${pattern} or v.email ilike ${pattern})`);
  }
  const condition = sql.join(where, sql` and `);
  return writtenPage(
    db,
    `vendors_json_${query.archived === 'all' ? 'any' : query.archived}${query.search ? '_search' : ''}`,
    query,
    {
      ids: (window) => sql`select v.id from vendors v where ${condition}
        order by lower(v.name), v.id limit ${window.limit} offset ${window.offset}`,
      rows: sql`select page.position, ${vendorJsonOpen}
          || ',"open_bills_count":' || ob.n || ',"open_bills":' || ob.owed::text
          || ',"last_paid":' || coalesce('"' || lp.paid::text || '"', 'null') || '}' as row
        from page join vendors v on v.id = page.id
        left join accounts ea on ea.id = v.default_expense_account_id
        cross join lateral (select count(*)::int as n, coalesce(sum(b.balance), 0) as owed from bills b
          where b.vendor_id = v.id and b.status = 'posted' and b.balance <> 0 and b.kind = 'bill') ob
        cross join lateral (select max(p.payment_date) as paid from payments p
          where p.vendor_id = v.id and p.status = 'posted') lp`,
      count: sql`(select count(*)::int from vendors v where ${condition})`,
    },
    values,
  );
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

/**
 * GET /billing/vendors/{id}: the vendor with its latest purchase orders (and how many it has) and the items it is the
 * preferred vendor of, as JSON text written by one prepared statement (null when there is no such vendor).
 */
export async function vendorDetailJson(db: Db, id: number): Promise<string | null> {
  return writtenRecord(
    db,
    'vendor_detail_json',
    () => sql`select ${vendorJsonOpen}
        || ',"purchase_orders":[' || coalesce((select string_agg('{"id":' || o.id || ',"number":'
            || coalesce(${jsonString(sql`o.number`)}, 'null') || ',"order_date":"' || o.order_date::text
            || '","status":' || ${jsonString(sql`o.status`)} || ',"total":"' || o.total::text || '"}',
            ',' order by o.order_date desc, o.id desc)
          from (select o.id, o.number, o.order_date, o.status, o.total from purchase_orders o
            where o.vendor_id = v.id order by o.order_date desc, o.id desc
            limit ${sql.raw(String(latestOrders))}) o), '')
        || '],"purchase_orders_total":' || (select count(*) from purchase_orders o where o.vendor_id = v.id)
        || ',"items":[' || coalesce((select string_agg('{"id":' || i.id || ',"name":' || ${jsonString(sql`i.name`)}
            || ',"sku":' || ${jsonString(sql`i.sku`)} || ',"active":' || (i.archived_at is null)::text || '}',
            ',' order by lower(i.name), i.id)
          from (select i.id, i.name, i.sku, i.archived_at from billing_items i where i.preferred_vendor_id = v.id
            order by lower(i.name), i.id limit ${sql.raw(String(itemsShown))}) i), '') || ']}' as json
      from vendors v left join accounts ea on ea.id = v.default_expense_account_id
      where v.id = ${sql.placeholder('id')}::int`,
    { id },
  );
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
