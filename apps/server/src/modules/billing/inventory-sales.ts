import {
  stockLocationInactiveMessage,
  stockLocationInvalidMessage,
  stockLocationNoneMessage,
  stockLocationShortMessage,
} from '@switchboard/shared/billing/invoices';
import {
  centsFromNumeric,
  numericFromCents,
  numericFromUnits,
  unitsFromNumeric,
} from '@switchboard/shared/billing/money';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { HttpError, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { applyStockMove, displayQuantity, locationInactiveMessage, notEnoughStockMessage } from './inventory-moves.ts';
import type { PostingLine } from './ledger.service.ts';

// Tracked products sold on an invoice (designs/billing.md §3.2 row 2): each invoice line with an inventory-tracked
// product and a location leaves stock at the item's average cost (a credit note's line returns its quantity at what
// the credited invoice's sales of the item took; a money-only credit line has quantity 0 and returns none), and
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

/**
 * A stock move's 422 as the invoice line's: the location's errors and a short location under
 * `lines.N.stock_location_id` (the line's location select), the quantity's under `lines.N.quantity`.
 */
async function lineStockErrors(
  tx: Transaction,
  error: HttpError,
  line: { line_no: number; item_id: number; location_id: number | null },
): Promise<FieldErrors> {
  const index = Number(line.line_no) - 1;
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(error.errors ?? {})) {
    if (field === 'location_id') {
      const inactive = messages.includes(locationInactiveMessage);
      out[`lines.${index}.stock_location_id`] = [inactive ? stockLocationInactiveMessage : stockLocationInvalidMessage];
      continue;
    }
    // The item's row is locked by this transaction since the refused move: what is there is what the move saw.
    const [level] = (
      await tx.execute<{ name: string; on_hand: string }>(sql`
        select l.name, coalesce(s.on_hand, 0)::text as on_hand from inventory_locations l
        left join stock_levels s on s.location_id = l.id and s.item_id = ${line.item_id}
        where l.id = ${line.location_id}`)
    ).rows;
    const onHand = displayQuantity(level?.on_hand ?? '0');
    if (field === 'quantity' && level && messages.includes(notEnoughStockMessage(level.name, onHand)))
      out[`lines.${index}.stock_location_id`] = [stockLocationShortMessage(level.name, onHand)];
    else out[`lines.${index}.${field === 'quantity' ? 'quantity' : 'stock_location_id'}`] = messages;
  }
  return out;
}

/**
 * Applies the sale (or, on a credit note, return) move of every line with a tracked product and records each line's
 * cost on invoice_lines.cost_amount. Lines are moved in item id order (the item rows are locked in id order).
 * A tracked product line leaves from its chosen location, or without one from the location holding most of the item;
 * a location short of the line's quantity (or none at all) is a 422 under `lines.N.stock_location_id`, every such
 * line named.
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
  // A return comes back at what the credited invoice's sales of the item took (their average), so 1200 keeps equal to
  // the stock's value whatever the item's average cost has become since.
  const saleCost = new Map<number, { cents: number; units: number }>();
  if (isCredit) {
    const sales = await tx.execute<{ item_id: number; value: string; quantity: string }>(sql`
      select m.item_id, sum(-m.value)::text as value, sum(-m.quantity)::text as quantity
      from invoices c join stock_moves m on m.source_type = 'invoice' and m.source_id = c.credited_invoice_id
      where c.id = ${invoice.id} and m.reason = 'sale' group by m.item_id`);
    for (const sale of sales.rows)
      saleCost.set(Number(sale.item_id), {
        cents: centsFromNumeric(sale.value),
        units: unitsFromNumeric(sale.quantity, 2),
      });
  }
  const errors: FieldErrors = {};
  for (const line of rows) {
    // A line without a chosen location (run lines, quote conversion, drafts saved before the editor had the field)
    // leaves from the location holding the most of the item (lowest id on a tie); a credit note's return goes back
    // there or to the first active location.
    if (line.location_id === null) {
      const [fallback] = (
        await tx.execute<{ id: number }>(sql`
          select l.id from inventory_locations l
          left join stock_levels s on s.location_id = l.id and s.item_id = ${line.item_id}
          where l.active order by coalesce(s.on_hand, 0) desc, l.id limit 1`)
      ).rows;
      if (!fallback) {
        errors[`lines.${Number(line.line_no) - 1}.stock_location_id`] = [stockLocationNoneMessage];
        continue;
      }
      line.location_id = Number(fallback.id);
      await tx.execute(sql`update invoice_lines set location_id = ${line.location_id} where id = ${line.id}`);
    }
    const units = Math.abs(unitsFromNumeric(line.quantity, 2));
    const sold = isCredit ? saleCost.get(Number(line.item_id)) : undefined;
    let moved: Awaited<ReturnType<typeof applyStockMove>>;
    try {
      moved = await applyStockMove(tx, {
        itemId: Number(line.item_id),
        locationId: Number(line.location_id),
        quantity: numericFromUnits(isCredit ? units : -units, 2),
        reason: isCredit ? 'return' : 'sale',
        sourceType: 'invoice',
        sourceId: invoice.id,
        occurredOn: invoice.date,
        memo: invoice.number ? `${isCredit ? 'Credit note' : 'Invoice'} ${invoice.number}` : line.description,
        createdBy: invoice.actorId,
        valueCents: sold && sold.units > 0 ? Math.round((sold.cents * units) / sold.units) : undefined,
      });
    } catch (error) {
      // A refused move changed nothing: the other lines are still tried, so every short line is named at once.
      if (!(error instanceof HttpError) || error.statusCode !== 422) throw error;
      Object.assign(errors, await lineStockErrors(tx, error, line));
      continue;
    }
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
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return out;
}
