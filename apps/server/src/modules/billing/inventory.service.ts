import type { LedgerPostedPayload } from '@switchboard/shared';
import {
  countUnchangedMessage,
  quantityText,
  type InventoryLocation,
  type LocationFormValues,
  type ReorderRow,
  type StockCommandResult,
  type StockTotals,
} from '@switchboard/shared/billing/inventory';
import { centsFromNumeric, dollarsFromCents, unitsFromNumeric } from '@switchboard/shared/billing/money';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTransaction, Transaction } from '../../db/client.ts';
import { jsonString, jsonTime } from '../../db/json-sql.ts';
import { pageJson, pageOffset } from '../../db/paginate.ts';
import { pageWindow, runPrepared } from '../../db/prepared.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { applyStockMove, applyStockTransfer, stockMoveValue, type StockMoveInput } from './inventory-moves.ts';
import { cachedByBillingVersion } from './billing-cache.ts';
import { billingToday, postJournalEntry } from './ledger.service.ts';

// /billing/inventory (designs/billing.md §3.8, §5, §6; issue 28 part 5): stock by item x location with the tie of
// its value to 1200 Inventory, the move history, locations, and the three stock commands. Adjustments post 6900
// Inventory Adjustments against 1200; issues post 6500 Parts Used against 1200, tagged with the ticket's or project's
// company (job costing); transfers have no GL effect. Every command is one transaction, through inventory-moves.ts.

export interface StockChanges {
  itemIds: number[];
  locationIds: number[];
  entries: LedgerPostedPayload[];
}

async function accountIds(tx: DbOrTransaction, numbers: string[]): Promise<Map<string, number>> {
  const result = await tx.execute<{ id: number; number: string }>(
    sql`select id, number from accounts where number = any(${sql.param(numbers)}::text[])`,
  );
  return new Map(result.rows.map((row) => [row.number, Number(row.id)]));
}

/**
 * Balance of 1200 Inventory (debit - credit) at the end of `asOf`, as SQL: the month rollup before its month and the
 * lines of its month up to it (every sale, receipt and adjustment posts to 1200, so its lines grow without end).
 */
const inventoryLedgerSql = (asOf: string) => sql`
  select coalesce(sum(debit - credit), 0) from (
    select b.debit, b.credit from account_month_balances b
    where b.account_id = (select id from accounts where number = '1200')
      and b.month < date_trunc('month', ${asOf}::date)::date
    union all
    select l.debit, l.credit from journal_lines l
    where l.account_id = (select id from accounts where number = '1200')
      and l.entry_date >= date_trunc('month', ${asOf}::date)::date and l.entry_date <= ${asOf}::date
  ) s`;

// --- locations ---

const locationSelect = sql`
  select l.id, l.name, l.kind, l.site_id, s.name as site_name, l.active
  from inventory_locations l left join sites s on s.id = l.site_id`;

type LocationRow = {
  id: number;
  name: string;
  kind: string;
  site_id: number | null;
  site_name: string | null;
  active: boolean;
};
const toLocation = (row: LocationRow): InventoryLocation => ({
  id: Number(row.id),
  name: row.name,
  kind: row.kind as InventoryLocation['kind'],
  site_id: row.site_id === null ? null : Number(row.site_id),
  site_name: row.site_name,
  active: row.active,
});

export async function listLocations(db: Db): Promise<InventoryLocation[]> {
  const { rows } = await db.execute<LocationRow>(sql`${locationSelect} order by l.active desc, lower(l.name), l.id`);
  return rows.map(toLocation);
}

async function getLocation(db: DbOrTransaction, id: number): Promise<InventoryLocation> {
  const { rows } = await db.execute<LocationRow>(sql`${locationSelect} where l.id = ${id}`);
  if (!rows[0]) throw notFound();
  return toLocation(rows[0]);
}

async function checkLocation(db: DbOrTransaction, input: LocationFormValues, selfId: number | null): Promise<void> {
  const errors: Record<string, string[]> = {};
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from inventory_locations where lower(name) = lower(${input.name})`,
  );
  if (rows[0] && Number(rows[0].id) !== selfId) errors.name = ['The name has already been taken.'];
  if (input.site_id !== null) {
    const site = await db.execute(sql`select 1 from sites where id = ${input.site_id}`);
    if (site.rows.length === 0) errors.site_id = ['The selected site is invalid.'];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

export async function createLocation(db: Db, input: LocationFormValues): Promise<InventoryLocation> {
  await checkLocation(db, input, null);
  const { rows } = await db.execute<{ id: number }>(sql`
    insert into inventory_locations (name, kind, site_id, active)
    values (${input.name}, ${input.kind}, ${input.site_id}, ${input.active}) returning id`);
  return getLocation(db, Number(rows[0]!.id));
}

export async function updateLocation(db: Db, id: number, input: LocationFormValues): Promise<InventoryLocation> {
  await getLocation(db, id);
  await checkLocation(db, input, id);
  await db.execute(sql`
    update inventory_locations set name = ${input.name}, kind = ${input.kind}, site_id = ${input.site_id},
      active = ${input.active}, updated_at = now()
    where id = ${id}`);
  return getLocation(db, id);
}

// --- stock ---

export interface StockQuery {
  page: number;
  per_page: number;
  location_id?: number;
  item_id?: number;
  type?: string;
  below_reorder?: boolean;
  search?: string;
}

/** The stock list counts its filter up to this many rows (decision 0098's rule, as the move history). */
export const STOCK_COUNT_CAP = 1_000;

/**
 * The stock's value and 1200's balance at the end of `asOf`, kept per billing version: stock levels change only with
 * moves, and every move but a transfer posts to 1200 in its transaction (a transfer keeps the item's total value).
 */
function stockTie(db: Db, asOf: string) {
  return cachedByBillingVersion(db, `inventory-tie\n${asOf}`, async (tx) => {
    const { rows } = await tx.execute<{ stock_value: string; ledger_value: string }>(sql`
      select (select coalesce(sum(value), 0) from stock_levels)::text as stock_value,
        (${inventoryLedgerSql(asOf)})::text as ledger_value`);
    return { stock: centsFromNumeric(rows[0]!.stock_value), ledger: centsFromNumeric(rows[0]!.ledger_value) };
  });
}

/** A nullable number PostgreSQL prints as JSON already, or JSON null. */
const jsonOrNull = (value: SQL) => sql`coalesce(${value}::text, 'null')`;

/** A filter's values as placeholders of its prepared statement, and the shape naming the statement. */
function binder() {
  const values: Record<string, unknown> = {};
  const shape: string[] = [];
  const bind = (name: string, value: unknown) => {
    values[name] = value;
    shape.push(name);
    return sql.placeholder(name);
  };
  return { values, shape, bind };
}

/** Total of a page read with one row more, counted (capped at `cap`) only when rows follow it or it is empty. */
function cappedTotal(offset: number, fetched: number, perPage: number, counted: number | null, cap: number): number {
  if (counted === null) return offset + Math.min(fetched, perPage);
  return counted < cap ? counted : Math.max(counted, offset + fetched);
}

/**
 * GET /billing/inventory: stock by item x location, by item name (billing_items_tracked_name_idx) then location name,
 * with the value's tie to 1200, as the JSON text PostgreSQL writes (decision 0129's pattern; inventory-json.test.ts
 * holds it to stockRowSchema and the old Node shaping). One named prepared statement per filter shape and page window
 * reads the page with one row more and counts the filter (stopped at STOCK_COUNT_CAP) only when rows follow or the
 * page is empty; levels at nothing and worth nothing are left out unless one location is asked for.
 */
export async function listStock(db: Db, query: StockQuery): Promise<string> {
  const { values, shape, bind } = binder();
  const where: SQL[] = [sql`i.inventory_tracked`];
  if (query.location_id !== undefined) where.push(sql`l.id = ${bind('location_id', query.location_id)}::int`);
  else where.push(sql`(s.on_hand <> 0 or s.value <> 0)`);
  if (query.item_id !== undefined) where.push(sql`i.id = ${bind('item_id', query.item_id)}::int`);
  if (query.type !== undefined) where.push(sql`l.kind = ${bind('type', query.type)}`);
  if (query.search) {
    const like = bind('search', `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(sql`(i.name ilike ${like} or i.sku ilike ${like} or l.name ilike ${like})`);
  }
  const itemTotal = (item: SQL) => sql`(select sum(t.on_hand) from stock_levels t where t.item_id = ${item})`;
  if (query.below_reorder) {
    shape.push('below');
    where.push(sql`i.reorder_point is not null and ${itemTotal(sql`s.item_id`)} <= i.reorder_point`);
  }
  const from = sql`
    from billing_items i
    join stock_levels s on s.item_id = i.id
    join inventory_locations l on l.id = s.location_id
    where ${sql.join(where, sql` and `)}`;
  const offset = pageOffset(query);
  const window = pageWindow(query, 1);
  Object.assign(values, { per_page: query.per_page, limit: query.per_page + 1, offset });
  const [asOf, [written]] = await Promise.all([
    billingToday(db),
    runPrepared<{ rows: string; fetched: number; counted: number | null }>(
      db,
      `stock_json_${shape.join('_') || 'all'}_${window.key}`,
      () => sql`
      with page as (
        select i.id as item, l.id as location, lower(i.name) as item_key, lower(l.name) as location_key ${from}
        order by lower(i.name), i.id, lower(l.name), l.id
        limit ${window.limit} offset ${window.offset}
      )
      select count(*)::int as fetched,
        '[' || coalesce(string_agg(r.row, ',' order by r.position)
          filter (where r.position <= ${sql.placeholder('per_page')}::int), '') || ']' as rows,
        case when count(*) = 0 or count(*) > ${sql.placeholder('per_page')}::int
          then (select count(*)::int from (select 1 ${from} limit ${sql.raw(String(STOCK_COUNT_CAP))}) c) end
          as counted
      from (
        select row_number() over (order by p.item_key, p.item, p.location_key, p.location) as position,
          '{"item_id":' || i.id || ',"item_name":' || ${jsonString(sql`i.name`)}
          || ',"sku":' || ${jsonString(sql`i.sku`)} || ',"unit":' || ${jsonString(sql`i.unit`)}
          || ',"location_id":' || l.id || ',"location_name":' || ${jsonString(sql`l.name`)}
          || ',"location_kind":' || ${jsonString(sql`l.kind`)}
          || ',"on_hand":' || s.on_hand::text || ',"average_cost":' || i.average_cost::text
          || ',"value":' || s.value::text || ',"reorder_point":' || ${jsonOrNull(sql`i.reorder_point`)}
          || ',"below_reorder":'
          || (i.reorder_point is not null and ${itemTotal(sql`i.id`)} <= i.reorder_point)::text || '}' as row
        from page p
        join stock_levels s on s.item_id = p.item and s.location_id = p.location
        join billing_items i on i.id = p.item
        join inventory_locations l on l.id = p.location
      ) r`,
      values,
    ),
  ]);
  const fetched = written?.fetched ?? 0;
  const total = cappedTotal(offset, fetched, query.per_page, written?.counted ?? null, STOCK_COUNT_CAP);
  const { stock, ledger } = await stockTie(db, asOf);
  const totals: StockTotals = {
    as_of: asOf,
    stock_value: dollarsFromCents(stock),
    ledger_value: dollarsFromCents(ledger),
    difference: dollarsFromCents(stock - ledger),
    tied: stock === ledger,
  };
  const page = pageJson(written?.rows ?? '[]', Math.min(fetched, query.per_page), total, query);
  return `${page.slice(0, -1)},"totals":${JSON.stringify(totals)}}`;
}

/** The move history counts its filter up to this many rows (decision 0098's rule for the invoice list). */
export const MOVE_COUNT_CAP = 1_000;

/**
 * GET /billing/inventory/moves (the list and an item's Movement history drawer): newest first, on
 * stock_moves_date_idx (or the item's index), as the JSON text PostgreSQL writes; one named prepared statement per
 * filter shape and page window reads the page with one row more and counts the filter, stopped at MOVE_COUNT_CAP, only
 * when rows follow or the page is empty: the moves are append-only and grow without end (decision 0098's capped
 * counts; the paginator's total is the count, or the rows read when they pass the cap).
 */
export async function listMoves(
  db: Db,
  query: { page: number; per_page: number; item_id?: number; location_id?: number },
): Promise<string> {
  const { values, shape, bind } = binder();
  const where: SQL[] = [sql`true`];
  if (query.item_id !== undefined) where.push(sql`m.item_id = ${bind('item_id', query.item_id)}::int`);
  if (query.location_id !== undefined) where.push(sql`m.location_id = ${bind('location_id', query.location_id)}::int`);
  const condition = sql.join(where, sql` and `);
  const offset = pageOffset(query);
  const window = pageWindow(query, 1);
  Object.assign(values, { per_page: query.per_page, limit: query.per_page + 1, offset });
  const [written] = await runPrepared<{ rows: string; fetched: number; counted: number | null }>(
    db,
    `stock_moves_json_${shape.join('_') || 'all'}_${window.key}`,
    () => sql`
    with page as (
      select m.id from stock_moves m where ${condition}
      order by m.occurred_on desc, m.id desc
      limit ${window.limit} offset ${window.offset}
    )
    select count(*)::int as fetched,
      '[' || coalesce(string_agg(r.row, ',' order by r.position)
        filter (where r.position <= ${sql.placeholder('per_page')}::int), '') || ']' as rows,
      case when count(*) = 0 or count(*) > ${sql.placeholder('per_page')}::int
        then (select count(*)::int from (select 1 from stock_moves m where ${condition}
          limit ${sql.raw(String(MOVE_COUNT_CAP))}) c) end as counted
    from (
      select row_number() over (order by m.occurred_on desc, m.id desc) as position,
        '{"id":' || m.id || ',"item_id":' || m.item_id || ',"item_name":' || ${jsonString(sql`i.name`)}
        || ',"location_id":' || m.location_id || ',"location_name":' || ${jsonString(sql`l.name`)}
        || ',"quantity":' || m.quantity::text || ',"unit_cost":' || m.unit_cost::text || ',"value":' || m.value::text
        || ',"reason":' || ${jsonString(sql`m.reason`)} || ',"source_type":' || ${jsonString(sql`m.source_type`)}
        || ',"source_id":' || ${jsonOrNull(sql`m.source_id`)}
        || ',"journal_entry_id":' || ${jsonOrNull(sql`m.journal_entry_id`)}
        || ',"occurred_on":"' || m.occurred_on::text || '","memo":' || ${jsonString(sql`m.memo`)}
        || ',"created_by_name":' || coalesce(${jsonString(sql`u.name`)}, 'null')
        || ',"created_at":' || ${jsonTime(sql`m.created_at`)} || '}' as row
      from page p
      join stock_moves m on m.id = p.id
      join billing_items i on i.id = m.item_id
      join inventory_locations l on l.id = m.location_id
      left join users u on u.id = m.created_by
    ) r`,
    values,
  );
  const fetched = written?.fetched ?? 0;
  const total = cappedTotal(offset, fetched, query.per_page, written?.counted ?? null, MOVE_COUNT_CAP);
  return pageJson(written?.rows ?? '[]', Math.min(fetched, query.per_page), total, query);
}

/**
 * The tracked items at or below their reorder point (not archived), by name. Every item's levels are summed in one
 * hash aggregate: a lookup per item (4,000 tracked at design scale) read as many and took longer.
 */
const belowReorderSql = (row: SQL) => sql`
  select ${row} from billing_items i
  left join (select item_id, sum(on_hand) as on_hand from stock_levels group by item_id) s on s.item_id = i.id
  cross join lateral (select coalesce(s.on_hand, 0) as on_hand) t
  left join vendors v on v.id = i.preferred_vendor_id
  where i.inventory_tracked and i.archived_at is null and i.reorder_point is not null and t.on_hand <= i.reorder_point`;

/** The below-reorder queue's rows (the /billing home's work queue). */
export async function listBelowReorder(db: Db): Promise<ReorderRow[]> {
  const rows = await runPrepared<{ row: string }>(
    db,
    'stock_below_reorder_rows',
    () => sql`${belowReorderSql(reorderRowJson)} order by lower(i.name), i.id`,
    {},
  );
  return rows.map((row) => JSON.parse(row.row) as ReorderRow);
}

/** How many items the below-reorder queue holds (the /billing home's count), without writing its rows. */
export async function countBelowReorder(db: Db): Promise<number> {
  const [counted] = await runPrepared<{ n: number }>(
    db,
    'stock_below_reorder_count',
    () => sql`select count(*)::int as n from (${belowReorderSql(sql`1`)}) q`,
    {},
  );
  return counted?.n ?? 0;
}

const reorderRowJson = sql`'{"item_id":' || i.id || ',"item_name":' || ${jsonString(sql`i.name`)}
  || ',"sku":' || ${jsonString(sql`i.sku`)} || ',"on_hand":' || t.on_hand::text
  || ',"reorder_point":' || i.reorder_point || ',"reorder_qty":' || ${jsonOrNull(sql`i.reorder_qty`)}
  || ',"preferred_vendor_id":' || ${jsonOrNull(sql`i.preferred_vendor_id`)}
  || ',"preferred_vendor_name":' || coalesce(${jsonString(sql`v.name`)}, 'null') || '}' as row`;

/** GET /billing/inventory/below-reorder: `{"data":[…]}` as the JSON text PostgreSQL writes, in one statement. */
export async function listBelowReorderJson(db: Db): Promise<string> {
  const [written] = await runPrepared<{ body: string }>(
    db,
    'stock_below_reorder_json',
    () => sql`select '{"data":[' || coalesce(string_agg(q.row, ',' order by q.key, q.id), '') || ']}' as body
      from (${belowReorderSql(sql`${reorderRowJson}, lower(i.name) as key, i.id`)}) q`,
    {},
  );
  return written?.body ?? '{"data":[]}';
}

// --- commands ---

/** Posts `valueCents` (signed: + raises stock) between 1200 and `other`; records it for LedgerPosted. */
async function postStockEntry(
  tx: Transaction,
  input: { date: string; other: string; valueCents: number; itemId: number; companyId?: number | null; memo: string },
  actorId: number,
  changes: StockChanges,
): Promise<number | null> {
  if (input.valueCents === 0) return null;
  const ids = await accountIds(tx, ['1200', input.other]);
  const inventory = ids.get('1200');
  const other = ids.get(input.other);
  if (!inventory || !other) throw unprocessable({ item_id: [`The account ${input.other} or 1200 does not exist.`] });
  const amount = Math.abs(input.valueCents);
  const up = input.valueCents > 0;
  const lines = [
    { accountId: inventory, debit: up ? amount : 0, credit: up ? 0 : amount, itemId: input.itemId, memo: input.memo },
    {
      accountId: other,
      debit: up ? 0 : amount,
      credit: up ? amount : 0,
      itemId: input.itemId,
      companyId: input.companyId ?? null,
      memo: input.memo,
    },
  ];
  const posted = await postJournalEntry(tx, {
    entryDate: input.date,
    sourceType: 'stock',
    sourceId: input.itemId,
    memo: input.memo,
    createdBy: actorId,
    lines,
  });
  changes.entries.push({
    entry_id: posted.id,
    number: posted.number,
    entry_date: input.date,
    accounts: [inventory, other],
  });
  return posted.id;
}

/** Writes the move after its entry: the value first (item locked), the entry, then the move linked to it. */
async function moveWithEntry(
  tx: Transaction,
  move: StockMoveInput,
  other: string,
  companyId: number | null,
  actorId: number,
  changes: StockChanges,
): Promise<StockCommandResult> {
  const valueCents = await stockMoveValue(tx, move);
  const entryId = await postStockEntry(
    tx,
    { date: move.occurredOn, other, valueCents, itemId: move.itemId, companyId, memo: move.memo ?? '' },
    actorId,
    changes,
  );
  const result = await applyStockMove(tx, { ...move, journalEntryId: entryId });
  changes.itemIds.push(move.itemId);
  changes.locationIds.push(move.locationId);
  return { move_ids: [result.id], value: dollarsFromCents(result.valueCents), journal_entry_id: entryId };
}

export interface AdjustmentInput {
  item_id: number;
  location_id: number;
  mode: 'count' | 'delta';
  quantity: number;
  unit_cost?: number | null;
  reason: string;
  date?: string;
}

export async function adjustStock(
  db: Db,
  input: AdjustmentInput,
  actorId: number,
): Promise<{ result: StockCommandResult; changes: StockChanges }> {
  const changes: StockChanges = { itemIds: [], locationIds: [], entries: [] };
  const result = await db.transaction(async (tx) => {
    // The item's row first (the lock every move of it takes), then the count against what is there.
    await tx.execute(sql`select id from billing_items where id = ${input.item_id} for update`);
    let delta = unitsFromNumeric(quantityText(input.quantity), 2);
    if (input.mode === 'count') {
      if (delta < 0) throw unprocessable({ quantity: ['The counted quantity must be at least 0.'] });
      const { rows } = await tx.execute<{ on_hand: string }>(sql`
        select on_hand::text from stock_levels where item_id = ${input.item_id} and location_id = ${input.location_id}`);
      delta -= rows[0] ? unitsFromNumeric(rows[0].on_hand, 2) : 0;
    }
    if (delta === 0) throw unprocessable({ quantity: [countUnchangedMessage] });
    const move: StockMoveInput = {
      itemId: input.item_id,
      locationId: input.location_id,
      quantity: quantityText(delta / 100),
      unitCost: delta > 0 && input.unit_cost != null ? input.unit_cost.toFixed(4) : undefined,
      reason: 'adjustment',
      sourceType: 'adjustment',
      sourceId: null,
      occurredOn: input.date ?? (await billingToday(tx)),
      memo: input.reason,
      createdBy: actorId,
    };
    return moveWithEntry(tx, move, '6900', null, actorId, changes);
  });
  return { result, changes };
}

export interface TransferInput {
  item_id: number;
  from_location_id: number;
  to_location_id: number;
  quantity: number;
  memo: string;
  date?: string;
}

export async function transferStock(
  db: Db,
  input: TransferInput,
  actorId: number,
): Promise<{ result: StockCommandResult; changes: StockChanges }> {
  const changes: StockChanges = { itemIds: [], locationIds: [], entries: [] };
  const result = await db.transaction(async (tx) => {
    const moved = await applyStockTransfer(tx, {
      itemId: input.item_id,
      fromLocationId: input.from_location_id,
      toLocationId: input.to_location_id,
      quantity: quantityText(input.quantity),
      occurredOn: input.date ?? (await billingToday(tx)),
      memo: input.memo,
      createdBy: actorId,
    });
    changes.itemIds.push(input.item_id);
    changes.locationIds.push(input.from_location_id, input.to_location_id);
    return { move_ids: [moved.outId, moved.inId], value: dollarsFromCents(moved.valueCents), journal_entry_id: null };
  });
  return { result, changes };
}

export interface IssueInput {
  item_id: number;
  location_id: number;
  quantity: number;
  ticket_id: number | null;
  project_id: number | null;
  memo: string;
  date?: string;
}

export async function issueStock(
  db: Db,
  input: IssueInput,
  actorId: number,
): Promise<{ result: StockCommandResult; changes: StockChanges }> {
  const changes: StockChanges = { itemIds: [], locationIds: [], entries: [] };
  const result = await db.transaction(async (tx) => {
    let companyId: number;
    let label: string;
    if (input.ticket_id !== null) {
      const { rows } = await tx.execute<{ company_id: number; subject: string }>(
        sql`select company_id, subject from tickets where id = ${input.ticket_id}`,
      );
      if (!rows[0]) throw unprocessable({ ticket_id: ['The selected ticket is invalid.'] });
      companyId = Number(rows[0].company_id);
      label = `Ticket #${input.ticket_id}`;
    } else {
      const { rows } = await tx.execute<{ company_id: number; title: string }>(
        sql`select company_id, title from projects where id = ${input.project_id}`,
      );
      if (!rows[0]) throw unprocessable({ project_id: ['The selected project is invalid.'] });
      companyId = Number(rows[0].company_id);
      label = `Project ${rows[0].title}`;
    }
    const move: StockMoveInput = {
      itemId: input.item_id,
      locationId: input.location_id,
      quantity: quantityText(-input.quantity),
      reason: 'issue',
      sourceType: input.ticket_id !== null ? 'ticket' : 'project',
      sourceId: input.ticket_id ?? input.project_id,
      occurredOn: input.date ?? (await billingToday(tx)),
      memo: input.memo ? `${label}: ${input.memo}` : label,
      createdBy: actorId,
    };
    return moveWithEntry(tx, move, '6500', companyId, actorId, changes);
  });
  return { result, changes };
}
