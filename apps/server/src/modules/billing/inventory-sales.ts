import { numericFromCents, unitsFromNumeric, numericFromUnits } from '@switchboard/shared/billing/money';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { unprocessable } from '../../plugins/errors.ts';
import { applyStockMove } from './inventory-moves.ts';
import type { PostingLine } from './ledger.service.ts';

// Tracked products sold on an invoice (designs/billing.md §3.2 row 2): each invoice line with an inventory-tracked
// product and a location leaves stock at the item's average cost (a credit note's line returns it at that cost), and
// the cost posts Dr 5000 Cost of Hardware / Cr 1200 Inventory (reversed for a credit note). Called by invoice posting
// inside its transaction, before the entry is posted.

export interface InvoiceForStock {
  id: number;
  type: string;
  /** The posting date. */
  date: string;
  number?: string;
  actorId: number | null;
}

export interface InvoiceStockSales {
  /** Cents of cost per invoice line id (positive), to carry as PostedInvoiceLine.costAmount. */
  costByLineId: Map<number, number>;
  /** The same cost as journal lines (5000 / 1200 per line), for a caller that does not go through invoiceEntry. */
  journalLines: PostingLine[];
  moveIds: number[];
  itemIds: number[];
  locationIds: number[];
}

export const noLocationMessage = 'Choose the stock location a tracked product leaves from.';

/**
 * Applies the sale (or, on a credit note, return) move of every line with a tracked product and records each line's
 * cost on invoice_lines.cost_amount. Lines are moved in item id order (the item rows are locked in id order).
 * A tracked product line without a location takes the one holding most of the item (none at all: 422
 * `lines.N.location_id`).
 */
export async function postInvoiceStockSales(tx: Transaction, invoice: InvoiceForStock): Promise<InvoiceStockSales> {
  const { rows } = await tx.execute<{
    id: number;
    line_no: number;
    item_id: number;
    location_id: number | null;
    quantity: string;
    description: string;
  }>(sql`
    select l.id, l.line_no, l.item_id, l.location_id, l.quantity::text, l.description
    from invoice_lines l join billing_items i on i.id = l.item_id
    where l.invoice_id = ${invoice.id} and i.inventory_tracked and i.type = 'product' and l.quantity <> 0
    order by l.item_id, l.id`);
  const isCredit = invoice.type === 'credit_note';
  const out: InvoiceStockSales = {
    costByLineId: new Map(),
    journalLines: [],
    moveIds: [],
    itemIds: [],
    locationIds: [],
  };
  if (rows.length === 0) return out;
  const accounts = await tx.execute<{ id: number; number: string }>(
    sql`select id, number from accounts where number in ('5000', '1200')`,
  );
  const accountId = new Map(accounts.rows.map((row) => [row.number, Number(row.id)]));
  for (const line of rows) {
    // The invoice editor names no location yet: a line without one leaves from the location holding the most of the
    // item (lowest id on a tie), a credit note's return goes back there or to the first active location.
    if (line.location_id === null) {
      const [fallback] = (
        await tx.execute<{ id: number }>(sql`
          select l.id from inventory_locations l
          left join stock_levels s on s.location_id = l.id and s.item_id = ${line.item_id}
          where l.active order by coalesce(s.on_hand, 0) desc, l.id limit 1`)
      ).rows;
      if (!fallback) throw unprocessable({ [`lines.${Number(line.line_no) - 1}.location_id`]: [noLocationMessage] });
      line.location_id = Number(fallback.id);
      await tx.execute(sql`update invoice_lines set location_id = ${line.location_id} where id = ${line.id}`);
    }
    const units = Math.abs(unitsFromNumeric(line.quantity, 2));
    const moved = await applyStockMove(tx, {
      itemId: Number(line.item_id),
      locationId: Number(line.location_id),
      quantity: numericFromUnits(isCredit ? units : -units, 2),
      reason: isCredit ? 'return' : 'sale',
      sourceType: 'invoice',
      sourceId: invoice.id,
      occurredOn: invoice.date,
      memo: invoice.number ? `${isCredit ? 'Credit note' : 'Invoice'} ${invoice.number}` : line.description,
      createdBy: invoice.actorId,
    });
    const cost = Math.abs(moved.valueCents);
    out.costByLineId.set(Number(line.id), cost);
    out.moveIds.push(moved.id);
    out.itemIds.push(Number(line.item_id));
    out.locationIds.push(Number(line.location_id));
    await tx.execute(sql`update invoice_lines set cost_amount = ${numericFromCents(cost)} where id = ${line.id}`);
    if (cost === 0) continue;
    const cogs = { accountId: accountId.get('5000')!, itemId: Number(line.item_id), memo: line.description };
    const stock = { accountId: accountId.get('1200')!, itemId: Number(line.item_id), memo: line.description };
    out.journalLines.push(
      { ...cogs, debit: isCredit ? 0 : cost, credit: isCredit ? cost : 0 },
      { ...stock, debit: isCredit ? cost : 0, credit: isCredit ? 0 : cost },
    );
  }
  return out;
}
