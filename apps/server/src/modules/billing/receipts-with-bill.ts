import { billInputSchema } from '@switchboard/shared/billing/bills';
import type { ReceiptInputParsed } from '@switchboard/shared/billing/receipts';
import { unitsFromNumeric } from '@switchboard/shared/billing/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import { createBillIn, postBillIn, type BillChanges } from './bills.service.ts';
import { postReceiptIn, type ReceiptChanges } from './receipts.service.ts';

// "Bill received with items" (designs/billing.md §5 /billing/receive; issue 28 part 3): the receipt posts and, in the
// SAME transaction, a bill for exactly the received lines is created and posted through bills.service.ts
// (bills.receipt_id = the receipt, each line tied to its PO line, 2050 cleared at the receipt's cost and the price
// difference to 5900, as postBill does). Any failure rolls back both.
// createBillIn and postBillIn run in this transaction, so nothing commits until both documents are written. The
// route checks 'approve billing' before any of this runs.

/** The bill's 422s name the receive form's fields: the reference and date under `bill.`, lines as the receipt's. */
const billFieldKeys: Record<string, string> = {
  vendor_ref: 'bill.vendor_ref',
  bill_date: 'bill.bill_date',
  due_date: 'bill.due_date',
  date: 'bill.bill_date',
};

function renameBillErrors(error: unknown): unknown {
  if (!(error instanceof HttpError) || error.statusCode !== 422 || !error.errors) return error;
  const errors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(error.errors)) {
    const line = /^lines\.(\d+)\.(quantity|unit_cost)$/.exec(key);
    const target = billFieldKeys[key] ?? (line ? `lines.${line[1]}.bill_unit_cost` : `bill.${key}`);
    (errors[target] ??= []).push(...messages);
  }
  return new HttpError(422, error.message, errors);
}

export interface ReceiptWithBillChanges {
  receipt: ReceiptChanges;
  bill: BillChanges;
  billId: number;
}

/** POST /api/billing/receipts with `bill`: both documents in one transaction. */
export async function postReceiptWithBill(
  db: Db,
  input: ReceiptInputParsed & { bill: NonNullable<ReceiptInputParsed['bill']> },
  actorId: number,
): Promise<ReceiptWithBillChanges> {
  return db.transaction(async (tx) => {
    const receipt = await postReceiptIn(tx, input, actorId);
    // Exactly the received lines, in the order they were sent, each at the billed cost (else the receipt's).
    const received = await tx.execute<{
      po_line_id: number;
      item_id: number | null;
      description: string;
      quantity: string;
      unit_cost: string;
      company_id: number | null;
      project_id: number | null;
      billable_to_client: boolean;
    }>(sql`
      select rl.po_line_id, rl.item_id, pl.description, rl.quantity::text as quantity, rl.unit_cost::text as unit_cost,
        coalesce(pl.company_id, po.company_id) as company_id, pl.project_id, pl.billable_to_client
      from receipt_lines rl join po_lines pl on pl.id = rl.po_line_id join purchase_orders po on po.id = pl.po_id
      where rl.receipt_id = ${receipt.receiptId}`);
    const byPoLine = new Map(received.rows.map((row) => [Number(row.po_line_id), row]));
    const lines = input.lines.map((line) => {
      const row = byPoLine.get(line.po_line_id)!;
      return {
        item_id: row.item_id,
        account_id: null,
        description: row.description,
        quantity: unitsFromNumeric(row.quantity, 2) / 100,
        unit_cost: line.bill_unit_cost ?? unitsFromNumeric(row.unit_cost, 4) / 10_000,
        po_line_id: Number(row.po_line_id),
        company_id: row.company_id,
        project_id: row.project_id,
        billable_to_client: row.billable_to_client,
      };
    });
    const values = billInputSchema.parse({
      kind: 'bill',
      vendor_id: receipt.vendorId,
      vendor_ref: input.bill.vendor_ref,
      bill_date: input.bill.bill_date,
      due_date: input.bill.due_date,
      po_id: receipt.poId,
      memo: input.memo,
      lines,
    });
    try {
      const { id } = await createBillIn(tx, values, actorId, receipt.receiptId);
      const bill = await postBillIn(tx, id, actorId);
      return { receipt, bill, billId: id };
    } catch (error) {
      throw renameBillErrors(error);
    }
  });
}
