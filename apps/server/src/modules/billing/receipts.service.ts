import { periodClosedMessage } from '@switchboard/shared/billing/ledger';
import {
  centsFromNumeric,
  dollarsFromCents,
  lineAmount,
  numericFromUnits,
  unitsFromNumeric,
} from '@switchboard/shared/billing/money';
import {
  locationRequiredMessage,
  notReceivableMessage,
  overReceiptMessage,
  quantityLabel,
  receiptAlreadyVoidMessage,
  receiptBilledMessage,
  receiptOrderClosedMessage,
  receiptStockLeftMessage,
  receiptVoidBeforeMessage,
  receivableStatuses,
  unknownLocationMessage,
  unknownPoLineMessage,
  unknownPurchaseOrderMessage,
  wholeQuantityMessage,
  type OpenLinesResponse,
  type OpenOrder,
  type ReceiptDetail,
  type ReceiptInputParsed,
  type ReceiptListQuery,
  type ReceiptPage,
  type ReceiptRow,
} from '@switchboard/shared/billing/receipts';
import type { LedgerPostedPayload } from '@switchboard/shared';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTransaction, Transaction } from '../../db/client.ts';
import { toPage } from '../../db/paginate.ts';
import { notFound, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { logBillingEvent, reversalDate } from './bills.service.ts';
import { applyStockMove, displayQuantity, stockMoveValue } from './inventory-moves.ts';
import { formatDocumentNumber, getBillingSettings, postJournalEntry, takeDocumentNumber } from './ledger.service.ts';
import { receiptLines, receipts } from './receipts.table.ts';

// Receiving against purchase orders (designs/billing.md §3.2, §3.7; issue 28 part 3; decision 0108). One
// transaction per receipt: the order and its lines locked (order first, lines in id order), the quantities checked
// against what is left, the receipt numbered RCV-, the lines' received quantities and the order's status raised,
// tracked items moved into stock and the entry posted: Dr 1200 (stocked lines) or an expense account, Cr 2050.

/** Accounts of the seeded chart this module posts to (design §3.1). */
const inventoryAccount = '1200';
const receivedNotBilledAccount = '2050';
const hardwareCostAccount = '5000';
const licenseCostAccount = '5100';
const priceVarianceAccount = '5900';

interface LockedLine {
  id: number;
  lineNo: number;
  itemId: number | null;
  description: string;
  quantity: number; // hundredths
  receivedQty: number; // hundredths
  unitCost: string; // numeric(14,4) text
  companyId: number | null;
  projectId: number | null;
  itemType: string | null;
  itemUnit: string | null;
  tracked: boolean;
  itemExpenseAccountId: number | null;
}

export interface ReceiptChanges {
  receiptId: number;
  poId: number;
  vendorId: number;
  entry: LedgerPostedPayload | null;
  stock: { locationId: number; itemIds: number[] } | null;
}

async function accountIdsByNumber(tx: DbOrTransaction, numbers: string[]): Promise<Map<string, number>> {
  const result = await tx.execute<{ id: number; number: string }>(
    sql`select id, number from accounts where number = any(${sql.param(numbers)}::text[])`,
  );
  const found = new Map(result.rows.map((row) => [row.number, Number(row.id)]));
  for (const number of numbers) if (!found.has(number)) throw new Error(`The chart has no account ${number}.`);
  return found;
}

/**
 * The account a line that does not go into stock is debited with (decision 0108): the item's expense account,
 * else the vendor's default expense account, else 5100 License Costs for cloud items and 5000 Cost of Hardware for
 * everything else (products, drop-shipped tracked items, lines without an item).
 */
function expenseAccountFor(line: LockedLine, vendorDefault: number | null, chart: Map<string, number>): number {
  if (line.itemExpenseAccountId !== null) return line.itemExpenseAccountId;
  if (vendorDefault !== null) return vendorDefault;
  return chart.get(line.itemType === 'cloud' ? licenseCostAccount : hardwareCostAccount)!;
}

/** POST /api/billing/receipts. */
export async function postReceipt(db: Db, input: ReceiptInputParsed, actorId: number): Promise<ReceiptChanges> {
  return db.transaction((tx) => postReceiptIn(tx, input, actorId));
}

/** The receipt inside the caller's transaction (receipts-with-bill.ts posts a bill in the same one). */
export async function postReceiptIn(
  tx: Transaction,
  input: ReceiptInputParsed,
  actorId: number,
): Promise<ReceiptChanges> {
  const errors: FieldErrors = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);

  // The order first, then its lines in id order: two receipts of one order queue here, and the second reads what
  // the first left (READ COMMITTED re-reads a locked row's newest version).
  const orderResult = await tx.execute<{
    id: number;
    number: string | null;
    vendor_id: number;
    status: string;
    location_id: number | null;
    ship_to_site_id: number | null;
    company_id: number | null;
    vendor_default: number | null;
  }>(sql`
    select po.id, po.number, po.vendor_id, po.status, po.location_id, po.ship_to_site_id, po.company_id,
      v.default_expense_account_id as vendor_default
    from purchase_orders po join vendors v on v.id = po.vendor_id
    where po.id = ${input.po_id} for update of po`);
  const order = orderResult.rows[0];
  if (!order) throw unprocessable({ po_id: [unknownPurchaseOrderMessage] });
  if (!(receivableStatuses as readonly string[]).includes(order.status))
    throw unprocessable({ po_id: [notReceivableMessage] }, notReceivableMessage);

  const lineResult = await tx.execute<{
    id: number;
    line_no: number;
    item_id: number | null;
    description: string;
    quantity: string;
    received_qty: string;
    unit_cost: string;
    company_id: number | null;
    project_id: number | null;
    item_type: string | null;
    item_unit: string | null;
    tracked: boolean | null;
    item_expense_account_id: number | null;
  }>(sql`
    select l.id, l.line_no, l.item_id, l.description, l.quantity::text as quantity,
      l.received_qty::text as received_qty, l.unit_cost::text as unit_cost, l.company_id, l.project_id,
      i.type as item_type, i.unit as item_unit, i.inventory_tracked as tracked,
      i.expense_account_id as item_expense_account_id
    from po_lines l left join billing_items i on i.id = l.item_id
    where l.po_id = ${order.id} order by l.id for update of l`);
  const lines = new Map<number, LockedLine>(
    lineResult.rows.map((row) => [
      row.id,
      {
        id: row.id,
        lineNo: row.line_no,
        itemId: row.item_id,
        description: row.description,
        quantity: unitsFromNumeric(row.quantity, 2),
        receivedQty: unitsFromNumeric(row.received_qty, 2),
        unitCost: row.unit_cost,
        companyId: row.company_id ?? order.company_id,
        projectId: row.project_id,
        itemType: row.item_type,
        itemUnit: row.item_unit,
        tracked: row.tracked === true,
        itemExpenseAccountId: row.item_expense_account_id,
      },
    ]),
  );

  const dropShip = order.ship_to_site_id !== null;
  const received = input.lines.map((entry, index) => {
    const line = lines.get(entry.po_line_id);
    if (!line) {
      add(`lines.${index}.po_line_id`, unknownPoLineMessage);
      return null;
    }
    const quantity = unitsFromNumeric(entry.quantity, 2);
    const left = line.quantity - line.receivedQty;
    if (quantity > left) add(`lines.${index}.quantity`, overReceiptMessage(quantityLabel(left)));
    else if (line.itemUnit === 'each' && quantity % 100 !== 0) add(`lines.${index}.quantity`, wholeQuantityMessage);
    return { line, quantity, quantityText: numericFromUnits(quantity, 2), serials: entry.serials };
  });
  const stocked = (line: LockedLine) => line.tracked && !dropShip;
  const needsLocation = received.some((entry) => entry !== null && stocked(entry.line));
  if (needsLocation) {
    if (input.location_id === null) add('location_id', locationRequiredMessage);
    else {
      const location = await tx.execute<{ id: number }>(
        sql`select id from inventory_locations where id = ${input.location_id} and active`,
      );
      if (location.rows.length === 0) add('location_id', unknownLocationMessage);
    }
  }
  const settings = await getBillingSettings(tx);
  if (settings.lock_date !== null && input.received_on <= settings.lock_date) add('received_on', periodClosedMessage);
  if (Object.keys(errors).length > 0) throw unprocessable(errors);

  const chart = await accountIdsByNumber(tx, [
    inventoryAccount,
    receivedNotBilledAccount,
    hardwareCostAccount,
    licenseCostAccount,
  ]);
  const locationId = needsLocation ? input.location_id : null;
  const rows = received.map((entry) => {
    const { line } = entry!;
    const amount = lineAmount(entry!.quantityText, line.unitCost);
    const isStocked = stocked(line);
    const accountId = isStocked ? chart.get(inventoryAccount)! : expenseAccountFor(line, order.vendor_default, chart);
    return { ...entry!, amount, isStocked, accountId };
  });
  const total = rows.reduce((sum, row) => sum + row.amount, 0);

  const number = formatDocumentNumber(settings.receipt_prefix, await takeDocumentNumber(tx, 'receipt'));
  const [receipt] = await tx
    .insert(receipts)
    .values({
      number,
      poId: order.id,
      vendorId: order.vendor_id,
      receivedOn: input.received_on,
      locationId,
      memo: input.memo,
      total: numericFromUnits(total, 2),
      receivedBy: actorId,
    })
    .returning({ id: receipts.id });
  const receiptId = receipt!.id;
  await tx.insert(receiptLines).values(
    rows.map((row) => ({
      receiptId,
      poLineId: row.line.id,
      itemId: row.line.itemId,
      accountId: row.accountId,
      quantity: row.quantityText,
      unitCost: row.line.unitCost,
      amount: numericFromUnits(row.amount, 2),
      serials: row.serials,
    })),
  );

  for (const row of rows) {
    await tx.execute(
      sql`update po_lines set received_qty = received_qty + ${row.quantityText}::numeric where id = ${row.line.id}`,
    );
    row.line.receivedQty += row.quantity;
  }
  const complete = [...lines.values()].every((line) => line.receivedQty >= line.quantity);
  await tx.execute(
    sql`update purchase_orders set status = ${complete ? 'received' : 'partial'}, updated_at = now()
      where id = ${order.id}`,
  );

  // The entry (when anything has a cost): one debit per line, its account and item, the job's company on expense
  // lines (P&L by client); the credit to 2050 names the vendor, so received-not-billed reads per vendor.
  let entry: LedgerPostedPayload | null = null;
  const debits = rows.filter((row) => row.amount > 0);
  if (total > 0) {
    const lines = [
      ...debits.map((row) => ({
        accountId: row.accountId,
        debit: row.amount,
        credit: 0,
        itemId: row.line.itemId,
        companyId: row.isStocked ? null : row.line.companyId,
        memo: row.line.description.slice(0, 200),
      })),
      {
        accountId: chart.get(receivedNotBilledAccount)!,
        debit: 0,
        credit: total,
        vendorId: order.vendor_id,
        memo: `${number} ${order.number ?? ''}`.trim(),
      },
    ];
    const posted = await postJournalEntry(tx, {
      entryDate: input.received_on,
      sourceType: 'receipt',
      sourceId: receiptId,
      memo: `Receipt ${number} against ${order.number ?? `PO ${order.id}`}`,
      createdBy: actorId,
      lines,
    });
    await tx.update(receipts).set({ journalEntryId: posted.id }).where(eq(receipts.id, receiptId));
    entry = {
      entry_id: posted.id,
      number: posted.number,
      entry_date: input.received_on,
      accounts: [...new Set(lines.map((line) => line.accountId))],
    };
  }

  // Stock moves after the entry, so each names it; the move's value is the line's amount (the same rounding of
  // quantity × unit cost), which the debit to 1200 already carries.
  // In item id order: applyStockMove locks each item's row, and receipts of several items must not deadlock.
  const stockedRows = rows.filter((row) => row.isStocked).sort((a, b) => a.line.itemId! - b.line.itemId!);
  for (const row of stockedRows) {
    const move = await applyStockMove(tx, {
      itemId: row.line.itemId!,
      locationId: locationId!,
      quantity: row.quantityText,
      unitCost: row.line.unitCost,
      reason: 'receipt',
      sourceType: 'receipt',
      sourceId: receiptId,
      occurredOn: input.received_on,
      memo: number,
      createdBy: actorId,
      journalEntryId: entry?.entry_id ?? null,
    });
    if (move.valueCents !== row.amount)
      throw new Error(`Stock move of ${number} valued ${move.valueCents} against its line's ${row.amount} cents.`);
  }

  return {
    receiptId,
    poId: order.id,
    vendorId: order.vendor_id,
    entry,
    stock:
      stockedRows.length > 0
        ? { locationId: locationId!, itemIds: [...new Set(stockedRows.map((row) => row.line.itemId!))] }
        : null,
  };
}

/**
 * POST /api/billing/receipts/{id}/void (decision record "receipt void"): the receipt returned. Refused (422) when it
 * is void already, its order is closed or cancelled, a bill is matched to it (a bill entered with it, or PO lines
 * billed past what would stay received), or its stock has since left the location. Otherwise, in one transaction:
 * the PO lines' received quantities lowered and the order's status recomputed, the stocked lines moved back out
 * (reason 'return') at the item's average cost like every out-move, and one entry: Dr 2050 (vendor) the receipt's
 * total, Cr each expense line's account its amount, Cr 1200 the value the stock left with; a stocked line's
 * difference between its receipt cost and that value goes to 5900 Purchase Price Variance, so 1200 stays equal to
 * the stock's value and 2050 loses exactly what the receipt put in it.
 */
export async function voidReceipt(
  db: Db,
  id: number,
  input: { date?: string; reason: string },
  actorId: number,
): Promise<ReceiptChanges> {
  return db.transaction(async (tx) => {
    const head = await tx.execute<{ po_id: number }>(sql`select po_id from receipts where id = ${id}`);
    if (!head.rows[0]) throw notFound();
    // The order, then the receipt, then the order's lines in id order: the lock order of postReceiptIn.
    const orderResult = await tx.execute<{ id: number; number: string | null; status: string; vendor_id: number }>(
      sql`select id, number, status, vendor_id from purchase_orders where id = ${head.rows[0].po_id} for update`,
    );
    const order = orderResult.rows[0]!;
    const receiptResult = await tx.execute<{
      number: string;
      received_on: string;
      location_id: number | null;
      location_name: string | null;
      voided_on: string | null;
      total: string;
    }>(sql`select r.number, r.received_on::text as received_on, r.location_id, loc.name as location_name,
        r.voided_on::text as voided_on, r.total::text as total
      from receipts r left join inventory_locations loc on loc.id = r.location_id
      where r.id = ${id} for update of r`);
    const receipt = receiptResult.rows[0]!;
    if (receipt.voided_on !== null) throw unprocessable({ id: [receiptAlreadyVoidMessage] }, receiptAlreadyVoidMessage);
    if (order.status === 'closed' || order.status === 'cancelled')
      throw unprocessable({ id: [receiptOrderClosedMessage] }, receiptOrderClosedMessage);

    const lineRows = await tx.execute<{
      po_line_id: number;
      item_id: number | null;
      item_name: string | null;
      account_id: number;
      account_number: string;
      quantity: string;
      amount: string;
      memo: string;
      company_id: number | null;
    }>(sql`select rl.po_line_id, rl.item_id, i.name as item_name, rl.account_id, a.number as account_number,
        rl.quantity::text as quantity, rl.amount::text as amount, left(pl.description, 200) as memo,
        coalesce(pl.company_id, po.company_id) as company_id
      from receipt_lines rl join accounts a on a.id = rl.account_id join po_lines pl on pl.id = rl.po_line_id
        join purchase_orders po on po.id = pl.po_id left join billing_items i on i.id = rl.item_id
      where rl.receipt_id = ${id} order by rl.id`);
    const poLineIds = [...new Set(lineRows.rows.map((line) => Number(line.po_line_id)))].sort((a, b) => a - b);
    const poLines = await tx.execute<{ id: number; quantity: string; received_qty: string; billed_qty: string }>(
      sql`select id, quantity::text as quantity, received_qty::text as received_qty, billed_qty::text as billed_qty
        from po_lines where po_id = ${order.id} order by id for update`,
    );
    const returned = new Map<number, number>();
    for (const line of lineRows.rows)
      returned.set(line.po_line_id, (returned.get(line.po_line_id) ?? 0) + unitsFromNumeric(line.quantity, 2));
    const matchedBill = await tx.execute(
      sql`select 1 from bills where receipt_id = ${id} and status <> 'void' limit 1`,
    );
    const overBilled = poLines.rows.some(
      (line) =>
        returned.has(line.id) &&
        unitsFromNumeric(line.billed_qty, 2) > unitsFromNumeric(line.received_qty, 2) - returned.get(line.id)!,
    );
    if (matchedBill.rows.length > 0 || overBilled)
      throw unprocessable({ id: [receiptBilledMessage] }, receiptBilledMessage);

    const errors: FieldErrors = {};
    const date = await reversalDate(tx, input.date);
    const settings = await getBillingSettings(tx);
    if (input.date !== undefined && settings.lock_date !== null && date <= settings.lock_date)
      errors.date = [periodClosedMessage];
    if (date < receipt.received_on) (errors.date ??= []).push(receiptVoidBeforeMessage);
    if (Object.keys(errors).length > 0) throw unprocessable(errors);

    // Stocked lines went to 1200 at the receipt's location; one return move per item, in item id order.
    const stocked = lineRows.rows.filter(
      (line) => receipt.location_id !== null && line.account_number === inventoryAccount && line.item_id !== null,
    );
    const byItem = new Map<number, { name: string; quantity: number; amount: number }>();
    for (const line of stocked) {
      const entry = byItem.get(line.item_id!) ?? { name: line.item_name ?? `#${line.item_id}`, quantity: 0, amount: 0 };
      entry.quantity += unitsFromNumeric(line.quantity, 2);
      entry.amount += centsFromNumeric(line.amount);
      byItem.set(line.item_id!, entry);
    }
    const itemIds = [...byItem.keys()].sort((a, b) => a - b);
    if (itemIds.length > 0) {
      await tx.execute(
        sql`select id from billing_items where id = any(${sql.param(itemIds)}::int[]) order by id for update`,
      );
      const levels = await tx.execute<{ item_id: number; on_hand: string }>(sql`select item_id, on_hand::text as on_hand
        from stock_levels where location_id = ${receipt.location_id} and item_id = any(${sql.param(itemIds)}::int[])`);
      const onHand = new Map(levels.rows.map((row) => [Number(row.item_id), unitsFromNumeric(row.on_hand, 2)]));
      for (const itemId of itemIds) {
        const item = byItem.get(itemId)!;
        const here = onHand.get(itemId) ?? 0;
        if (here < item.quantity) {
          // Where the item is now: a transfer back to the receipt's location lets the void through.
          const elsewhere = await tx.execute<{ name: string; on_hand: string }>(sql`
            select loc.name, s.on_hand::text as on_hand from stock_levels s
            join inventory_locations loc on loc.id = s.location_id
            where s.item_id = ${itemId} and s.location_id <> ${receipt.location_id} and s.on_hand > 0
            order by s.on_hand desc, loc.id limit 5`);
          const message = receiptStockLeftMessage(
            item.name,
            receipt.location_name ?? '',
            displayQuantity(numericFromUnits(here, 2)),
            elsewhere.rows.map((row) => ({ location: row.name, onHand: displayQuantity(row.on_hand) })),
          );
          throw unprocessable({ id: [message] }, message);
        }
      }
    }

    const moves = [];
    for (const itemId of itemIds) {
      const item = byItem.get(itemId)!;
      const move = {
        itemId,
        locationId: receipt.location_id!,
        quantity: numericFromUnits(-item.quantity, 2),
        reason: 'return' as const,
        sourceType: 'receipt',
        sourceId: id,
        occurredOn: date,
        memo: `Void of ${receipt.number}`,
        createdBy: actorId,
      };
      moves.push({ move, item, value: -(await stockMoveValue(tx, move)) });
    }

    const chart = await accountIdsByNumber(tx, [receivedNotBilledAccount, inventoryAccount, priceVarianceAccount]);
    const total = centsFromNumeric(receipt.total);
    const lines: {
      accountId: number;
      debit: number;
      credit: number;
      itemId?: number | null;
      companyId?: number | null;
      vendorId?: number;
      memo: string;
    }[] = [];
    if (total > 0)
      lines.push({
        accountId: chart.get(receivedNotBilledAccount)!,
        debit: total,
        credit: 0,
        vendorId: order.vendor_id,
        memo: `Void of ${receipt.number}`,
      });
    for (const line of lineRows.rows) {
      if (stocked.includes(line)) continue;
      const amount = centsFromNumeric(line.amount);
      if (amount > 0)
        lines.push({
          accountId: line.account_id,
          debit: 0,
          credit: amount,
          itemId: line.item_id,
          companyId: line.company_id,
          memo: line.memo,
        });
    }
    for (const { move, item, value } of moves) {
      if (value > 0)
        lines.push({
          accountId: chart.get(inventoryAccount)!,
          debit: 0,
          credit: value,
          itemId: move.itemId,
          memo: item.name.slice(0, 200),
        });
      const variance = item.amount - value;
      if (variance !== 0)
        lines.push({
          accountId: chart.get(priceVarianceAccount)!,
          debit: variance < 0 ? -variance : 0,
          credit: variance > 0 ? variance : 0,
          itemId: move.itemId,
          memo: `Return of ${item.name} at average cost`.slice(0, 200),
        });
    }
    let entry: LedgerPostedPayload | null = null;
    if (lines.length > 0) {
      const posted = await postJournalEntry(tx, {
        entryDate: date,
        sourceType: 'receipt',
        sourceId: id,
        memo: `Void of receipt ${receipt.number}${input.reason ? `: ${input.reason}` : ''}`.slice(0, 500),
        createdBy: actorId,
        lines,
      });
      entry = {
        entry_id: posted.id,
        number: posted.number,
        entry_date: date,
        accounts: [...new Set(lines.map((line) => line.accountId))],
      };
    }
    for (const { move, value } of moves) {
      const applied = await applyStockMove(tx, { ...move, journalEntryId: entry?.entry_id ?? null });
      if (-applied.valueCents !== value) throw new Error(`Return move of ${receipt.number} changed value.`);
    }

    for (const poLineId of poLineIds) {
      const quantity = numericFromUnits(returned.get(poLineId)!, 2);
      await tx.execute(
        sql`update po_lines set received_qty = received_qty - ${quantity}::numeric where id = ${poLineId}`,
      );
    }
    const after = await tx.execute<{ none: boolean; all: boolean }>(sql`select bool_and(received_qty = 0) as none,
        bool_and(received_qty >= quantity) as all from po_lines where po_id = ${order.id}`);
    const status = after.rows[0]!.all ? 'received' : after.rows[0]!.none ? 'ordered' : 'partial';
    await tx.execute(sql`update purchase_orders set status = ${status}, updated_at = now() where id = ${order.id}`);
    await tx.execute(sql`update receipts set voided_on = ${date}::date, voided_by = ${actorId},
        void_journal_entry_id = ${entry?.entry_id ?? null}, void_reason = ${input.reason} where id = ${id}`);
    await logBillingEvent(tx, 'receipt', id, 'voided', actorId, {
      reason: input.reason,
      journal_entry_id: entry?.entry_id ?? null,
    });
    return {
      receiptId: id,
      poId: order.id,
      vendorId: order.vendor_id,
      entry,
      stock: itemIds.length > 0 ? { locationId: receipt.location_id!, itemIds } : null,
    };
  });
}

// --- reads ---

const quantityNumber = (text: string): number => unitsFromNumeric(text, 2) / 100;
const costNumber = (text: string): number => Number(numericFromUnits(unitsFromNumeric(text, 4), 4));

type ReceiptDbRow = {
  id: number;
  number: string;
  received_on: string;
  po_id: number;
  po_number: string | null;
  po_status: string;
  vendor_id: number;
  vendor_name: string;
  location_id: number | null;
  location_name: string | null;
  total: string;
  memo: string;
  journal_entry_id: string | number | null;
  voided_on: string | null;
  void_reason: string;
};

const receiptColumns = sql`r.id, r.number, r.received_on::text as received_on, r.po_id, po.number as po_number,
  po.status as po_status, r.vendor_id, v.name as vendor_name, r.location_id, loc.name as location_name,
  r.total::text as total, r.memo, r.journal_entry_id, r.voided_on::text as voided_on, r.void_reason`;
const receiptJoins = sql`from receipts r
  join purchase_orders po on po.id = r.po_id
  join vendors v on v.id = r.vendor_id
  left join inventory_locations loc on loc.id = r.location_id`;

function presentRow(row: ReceiptDbRow): ReceiptRow {
  return {
    id: row.id,
    number: row.number,
    received_on: row.received_on,
    po_id: row.po_id,
    po_number: row.po_number,
    po_status: row.po_status,
    vendor_id: row.vendor_id,
    vendor_name: row.vendor_name,
    location_id: row.location_id,
    location_name: row.location_name,
    total: dollarsFromCents(centsFromNumeric(row.total)),
    memo: row.memo,
    journal_entry_id: row.journal_entry_id === null ? null : Number(row.journal_entry_id),
    voided_on: row.voided_on,
    void_reason: row.void_reason,
  };
}

/** GET /api/billing/receipts: newest first; filters vendor, order and a date range. */
export async function listReceipts(db: Db, query: ReceiptListQuery): Promise<ReceiptPage> {
  const where: SQL[] = [sql`true`];
  if (query.vendor_id !== undefined) where.push(sql`r.vendor_id = ${query.vendor_id}`);
  if (query.po_id !== undefined) where.push(sql`r.po_id = ${query.po_id}`);
  if (query.from !== undefined) where.push(sql`r.received_on >= ${query.from}`);
  if (query.to !== undefined) where.push(sql`r.received_on <= ${query.to}`);
  const condition = sql.join(where, sql` and `);
  const offset = (query.page - 1) * query.per_page;
  const rows = await db.execute<ReceiptDbRow>(sql`select ${receiptColumns} ${receiptJoins} where ${condition}
    order by r.received_on desc, r.id desc limit ${query.per_page} offset ${offset}`);
  const counted = await db.execute<{ total: number }>(
    sql`select count(*)::int as total from receipts r where ${condition}`,
  );
  return toPage(rows.rows.map(presentRow), Number(counted.rows[0]!.total), query);
}

/** GET /api/billing/receipts/{id}. */
export async function getReceipt(db: DbOrTransaction, id: number): Promise<ReceiptDetail> {
  const result = await db.execute<
    ReceiptDbRow & {
      journal_entry_number: string | null;
      received_by: string | null;
      bill_id: number | null;
      bill_vendor_ref: string | null;
      void_journal_entry_id: string | number | null;
      void_journal_entry_number: string | null;
    }
  >(
    sql`select ${receiptColumns}, je.number as journal_entry_number, r.void_journal_entry_id,
        ve.number as void_journal_entry_number,
        u.name as received_by, b.id as bill_id, b.vendor_ref as bill_vendor_ref
      ${receiptJoins}
      left join journal_entries je on je.id = r.journal_entry_id
      left join journal_entries ve on ve.id = r.void_journal_entry_id
      left join users u on u.id = r.received_by
      left join lateral (select id, vendor_ref from bills where receipt_id = r.id and status <> 'void'
        order by id desc limit 1) b on true
      where r.id = ${id}`,
  );
  const row = result.rows[0];
  if (!row) throw notFound();
  const lineRows = await db.execute<{
    id: number;
    po_line_id: number;
    line_no: number;
    item_id: number | null;
    item_name: string | null;
    description: string;
    quantity: string;
    unit_cost: string;
    amount: string;
    serials: string[];
    account_id: number;
    account_number: string;
    account_name: string;
    stocked: boolean;
  }>(sql`
    select rl.id, rl.po_line_id, pl.line_no, rl.item_id, i.name as item_name, pl.description,
      rl.quantity::text as quantity, rl.unit_cost::text as unit_cost, rl.amount::text as amount, rl.serials,
      rl.account_id, a.number as account_number, a.name as account_name,
      (a.subtype = 'inventory' and ${row.location_id}::int is not null) as stocked
    from receipt_lines rl
      join po_lines pl on pl.id = rl.po_line_id
      join accounts a on a.id = rl.account_id
      left join billing_items i on i.id = rl.item_id
    where rl.receipt_id = ${id} order by pl.line_no, rl.id`);
  return {
    ...presentRow(row),
    journal_entry_number: row.journal_entry_number,
    received_by: row.received_by,
    bill_id: row.bill_id === null ? null : Number(row.bill_id),
    bill_vendor_ref: row.bill_vendor_ref,
    void_journal_entry_id: row.void_journal_entry_id === null ? null : Number(row.void_journal_entry_id),
    void_journal_entry_number: row.void_journal_entry_number,
    lines: lineRows.rows.map((line) => ({
      id: line.id,
      po_line_id: line.po_line_id,
      line_no: line.line_no,
      item_id: line.item_id,
      item_name: line.item_name,
      description: line.description,
      quantity: quantityNumber(line.quantity),
      unit_cost: costNumber(line.unit_cost),
      amount: dollarsFromCents(centsFromNumeric(line.amount)),
      serials: line.serials,
      account_id: line.account_id,
      account_number: line.account_number,
      account_name: line.account_name,
      stocked: line.stocked,
    })),
  };
}

/** GET /api/billing/receive/open-lines: a vendor's orders that can be received (or one, by id), every line. */
export async function listOpenLines(
  db: Db,
  query: { vendor_id?: number; po_id?: number },
): Promise<OpenLinesResponse['data']> {
  const where: SQL[] = [sql`po.status in ('ordered', 'partial')`];
  if (query.vendor_id !== undefined) where.push(sql`po.vendor_id = ${query.vendor_id}`);
  if (query.po_id !== undefined) where.push(sql`po.id = ${query.po_id}`);
  const orders = await db.execute<{
    id: number;
    number: string | null;
    vendor_id: number;
    vendor_name: string;
    status: string;
    order_date: string;
    expected_date: string | null;
    location_id: number | null;
    location_name: string | null;
    ship_to_site_id: number | null;
  }>(sql`
    select po.id, po.number, po.vendor_id, v.name as vendor_name, po.status, po.order_date::text as order_date,
      po.expected_date::text as expected_date, po.location_id, loc.name as location_name, po.ship_to_site_id
    from purchase_orders po join vendors v on v.id = po.vendor_id
      left join inventory_locations loc on loc.id = po.location_id
    where ${sql.join(where, sql` and `)}
    order by po.order_date, po.id
    limit 200`);
  const ids = orders.rows.map((order) => order.id);
  const lineRows = ids.length
    ? await db.execute<{
        id: number;
        po_id: number;
        line_no: number;
        item_id: number | null;
        item_name: string | null;
        sku: string | null;
        description: string;
        unit: string | null;
        tracked: boolean | null;
        quantity: string;
        received_qty: string;
        unit_cost: string;
      }>(sql`
        select l.id, l.po_id, l.line_no, l.item_id, i.name as item_name, i.sku, l.description, i.unit,
          i.inventory_tracked as tracked, l.quantity::text as quantity, l.received_qty::text as received_qty,
          l.unit_cost::text as unit_cost
        from po_lines l left join billing_items i on i.id = l.item_id
        where l.po_id = any(${sql.param(ids)}::int[])
        order by l.po_id, l.line_no, l.id`)
    : { rows: [] };
  const byOrder = new Map<number, OpenOrder['lines']>();
  for (const line of lineRows.rows) {
    const ordered = unitsFromNumeric(line.quantity, 2);
    const receivedQty = unitsFromNumeric(line.received_qty, 2);
    const list = byOrder.get(line.po_id) ?? [];
    list.push({
      id: line.id,
      line_no: line.line_no,
      item_id: line.item_id,
      item_name: line.item_name,
      sku: line.sku || null,
      description: line.description,
      unit: line.unit,
      tracked: line.tracked === true,
      ordered: ordered / 100,
      received: receivedQty / 100,
      remaining: (ordered - receivedQty) / 100,
      unit_cost: costNumber(line.unit_cost),
    });
    byOrder.set(line.po_id, list);
  }
  const locations = await db.execute<{ id: number; name: string }>(
    sql`select id, name from inventory_locations where active and kind <> 'client_site' order by lower(name), id`,
  );
  return {
    vendor_id: query.vendor_id ?? orders.rows[0]?.vendor_id ?? null,
    orders: orders.rows.map((order) => ({
      id: order.id,
      number: order.number,
      vendor_id: order.vendor_id,
      vendor_name: order.vendor_name,
      status: order.status,
      order_date: order.order_date,
      expected_date: order.expected_date,
      location_id: order.location_id,
      location_name: order.location_name,
      drop_ship: order.ship_to_site_id !== null,
      lines: byOrder.get(order.id) ?? [],
    })),
    locations: locations.rows,
  };
}
