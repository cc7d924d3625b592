import { z } from 'zod';
import { isoDateText } from '../validation.ts';

// Receiving against purchase orders (designs/billing.md §3.2, §3.7, §5 /billing/receive, §6; issue 28 part 3): the
// contract the server checks and the Receive Items form shares, the answers' shapes and the texts the tests assert.

export const receiptPostedMessage = 'Receipt posted.';
export const overReceiptMessage = (left: string) => `Only ${left} left to receive on this line.`;
export const notReceivableMessage = 'Only an ordered or partially received purchase order can be received.';
export const wholeQuantityMessage = 'This item is counted in whole units: the quantity must be a whole number.';
export const serialCountMessage = 'Enter one serial number per unit received, or none.';
export const locationRequiredMessage = 'Choose the location the items are received into.';
export const unknownLocationMessage = 'The selected location is invalid.';
export const unknownPoLineMessage = 'The selected line is not on this purchase order.';
export const duplicatePoLineMessage = 'This line is already in the receipt.';
export const noLinesMessage = 'Receive at least one line.';
export const unknownPurchaseOrderMessage = 'The selected purchase order is invalid.';

/** How the receiving page names an order's status. */
export const orderStatusLabels: Record<string, string> = {
  draft: 'Draft',
  ordered: 'Ordered',
  partial: 'Partially received',
  received: 'Received',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

/** Statuses of an order that can be received (design §3.7). */
export const receivableStatuses = ['ordered', 'partial'] as const;

const quantityPattern = /^\d{1,8}(\.\d{1,2})?$/;
const quantityError = 'The quantity must be a number greater than 0 with at most 2 decimals.';

/** A quantity as decimal text ('3', '2.5'), from a JSON number or text; never through arithmetic on floats. */
const quantityText = z
  .union([z.string(), z.number()], { error: 'The quantity field is required.' })
  .transform((value) => String(value).trim())
  .refine((value) => quantityPattern.test(value) && /[1-9]/.test(value), { error: quantityError });

const serial = z
  .string({ error: 'A serial number must be text.' })
  .trim()
  .min(1, 'A serial number may not be empty.')
  .max(100, 'A serial number may not be greater than 100 characters.');

export const receiptLineInputSchema = z.object({
  po_line_id: z
    .number({ error: unknownPoLineMessage })
    .int(unknownPoLineMessage)
    .positive(unknownPoLineMessage)
    .max(2_147_483_647, unknownPoLineMessage),
  quantity: quantityText,
  serials: z
    .array(serial, { error: 'The serials must be a list.' })
    .max(10_000, 'At most 10,000 serials a line.')
    .refine((list) => new Set(list).size === list.length, 'Each serial number may appear only once.')
    .default([]),
  /**
   * "Bill received with items": the vendor's unit cost on its invoice, dollars to four decimals; left out, the
   * order's. Only read when `bill` is given.
   */
  bill_unit_cost: z
    .number({ error: 'The billed unit cost must be a number.' })
    .min(0, 'The billed unit cost may not be negative.')
    .max(10_000_000, 'The billed unit cost is too large.')
    .refine(
      (value) => Number.isFinite(value) && /^\d+(\.\d{1,4})?$/.test(String(value)),
      'The billed unit cost may have at most four decimals.',
    )
    .nullable()
    .default(null),
});

export const billVendorRefRequiredMessage = "Enter the vendor's invoice number.";
export const receiptWithBillPostedMessage = 'Receipt and bill posted.';

/**
 * "Bill received with items" (design §5 /billing/receive): the vendor's invoice for exactly the received lines,
 * created and posted with the receipt in one transaction (needs 'approve billing').
 */
export const receiptBillInputSchema = z.object({
  vendor_ref: z
    .string({ error: billVendorRefRequiredMessage })
    .trim()
    .min(1, billVendorRefRequiredMessage)
    .max(100, 'The vendor reference may not be greater than 100 characters.'),
  bill_date: isoDateText('bill date'),
  /** Left empty: the bill date plus the vendor's payment terms. */
  due_date: isoDateText('due date').nullable().default(null),
});
export type ReceiptBillInput = z.input<typeof receiptBillInputSchema>;

/** POST /api/billing/receipts: one receipt of some lines of one order, posted at once. */
export const receiptInputSchema = z
  .object({
    po_id: z
      .number({ error: unknownPurchaseOrderMessage })
      .int(unknownPurchaseOrderMessage)
      .positive(unknownPurchaseOrderMessage)
      .max(2_147_483_647, unknownPurchaseOrderMessage),
    received_on: isoDateText('received on date'),
    /** Required when a line is a tracked item and the order is not drop-shipped (checked on the server). */
    location_id: z
      .number({ error: unknownLocationMessage })
      .int(unknownLocationMessage)
      .positive(unknownLocationMessage)
      .max(2_147_483_647, unknownLocationMessage)
      .nullable()
      .default(null),
    memo: z
      .string({ error: 'The memo must be text.' })
      .max(2000, 'The memo may not be greater than 2000 characters.')
      .default(''),
    lines: z
      .array(receiptLineInputSchema, { error: noLinesMessage })
      .min(1, noLinesMessage)
      .max(500, 'At most 500 lines a receipt.'),
    /** Given: a bill for exactly these lines is created and posted with the receipt. */
    bill: receiptBillInputSchema.nullable().default(null),
  })
  .superRefine((input, context) => {
    const seen = new Set<number>();
    input.lines.forEach((line, index) => {
      if (seen.has(line.po_line_id))
        context.addIssue({ code: 'custom', path: ['lines', index, 'po_line_id'], message: duplicatePoLineMessage });
      seen.add(line.po_line_id);
      // Serials are optional; given, there is one per unit (a fractional quantity has none).
      if (line.serials.length > 0 && Number(line.quantity) !== line.serials.length)
        context.addIssue({ code: 'custom', path: ['lines', index, 'serials'], message: serialCountMessage });
    });
  });
export type ReceiptInput = z.input<typeof receiptInputSchema>;
export type ReceiptInputParsed = z.output<typeof receiptInputSchema>;

export const receiptVoidedMessage = 'Receipt voided.';
export const receiptAlreadyVoidMessage = 'This receipt is already void.';
export const receiptBilledMessage = 'A bill is matched to this receipt: void the bill first.';
export const receiptOrderClosedMessage =
  'The purchase order is closed or cancelled: its receipts can no longer be voided.';
export const receiptVoidBeforeMessage = 'The date may not be before the receipt.';
/**
 * A receipt's stock moved on: what is left at its location and where the item is now (transfers within the company),
 * so it can be moved back; a transfer back to the location lets the void through.
 */
export const receiptStockLeftMessage = (
  item: string,
  location: string,
  onHand: string,
  elsewhere: readonly { location: string; onHand: string }[] = [],
) =>
  `The stock of this receipt has since left ${location}: ${item} has ${onHand} on hand.` +
  (elsewhere.length === 0
    ? ''
    : ` It is now at ${elsewhere.map((at) => `${at.location} (${at.onHand})`).join(', ')}: transfer it back to ` +
      `${location} to void the receipt.`);

/** POST /api/billing/receipts/{id}/void: the receipt returned (decision record "receipt void"). */
export const voidReceiptInputSchema = z.object({
  /** Today when left out (the first open day when today is locked). */
  date: isoDateText('date').optional(),
  reason: z.string().trim().max(500, 'The reason may not be greater than 500 characters.').default(''),
});
export type VoidReceiptInput = z.input<typeof voidReceiptInputSchema>;

/** GET /api/billing/receipts: the history, newest first, as the GUIDE's paginator. */
export const receiptListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
  vendor_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  po_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  from: isoDateText('from date').optional(),
  to: isoDateText('to date').optional(),
});
export type ReceiptListQuery = z.output<typeof receiptListQuerySchema>;

/** GET /api/billing/receive/open-lines: one vendor's receivable orders, or one order (`po_id`, the page's ?po=). */
export const openLinesQuerySchema = z
  .object({
    vendor_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    po_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  })
  .refine((query) => query.vendor_id !== undefined || query.po_id !== undefined, {
    path: ['vendor_id'],
    message: 'The vendor field is required.',
  });

export const receiptRowSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  received_on: z.string(),
  po_id: z.number().int(),
  po_number: z.string().nullable(),
  /** The order's status now (after this receipt when it is the POST's answer). */
  po_status: z.string(),
  vendor_id: z.number().int(),
  vendor_name: z.string(),
  location_id: z.number().int().nullable(),
  location_name: z.string().nullable(),
  /** Dollars. */
  total: z.number(),
  memo: z.string(),
  journal_entry_id: z.number().int().nullable(),
  /** Set when the receipt was voided (its stock returned, its entry reversed on this date). */
  voided_on: z.string().nullable(),
  void_reason: z.string(),
});
export type ReceiptRow = z.infer<typeof receiptRowSchema>;

export const receiptLineSchema = z.object({
  id: z.number().int(),
  po_line_id: z.number().int(),
  line_no: z.number().int(),
  item_id: z.number().int().nullable(),
  item_name: z.string().nullable(),
  description: z.string(),
  quantity: z.number(),
  /** Dollars to four decimals (the PO line's unit cost). */
  unit_cost: z.number(),
  amount: z.number(),
  serials: z.array(z.string()),
  account_id: z.number().int(),
  account_number: z.string(),
  account_name: z.string(),
  /** True when the line went into stock (a tracked item received into a location). */
  stocked: z.boolean(),
});
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

export const receiptDetailSchema = receiptRowSchema.extend({
  journal_entry_number: z.string().nullable(),
  /** The bill entered with this receipt ("Bill received with items"), unless voided. */
  bill_id: z.number().int().nullable(),
  bill_vendor_ref: z.string().nullable(),
  received_by: z.string().nullable(),
  void_journal_entry_id: z.number().int().nullable(),
  void_journal_entry_number: z.string().nullable(),
  lines: z.array(receiptLineSchema),
});
export type ReceiptDetail = z.infer<typeof receiptDetailSchema>;

export const receiptPageSchema = z.object({
  data: z.array(receiptRowSchema),
  total: z.number().int(),
  current_page: z.number().int(),
  per_page: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  last_page: z.number().int(),
});
export type ReceiptPage = z.infer<typeof receiptPageSchema>;

export const openLineSchema = z.object({
  id: z.number().int(),
  line_no: z.number().int(),
  item_id: z.number().int().nullable(),
  item_name: z.string().nullable(),
  sku: z.string().nullable(),
  description: z.string(),
  /** The item's unit ('each' takes whole quantities only). */
  unit: z.string().nullable(),
  tracked: z.boolean(),
  ordered: z.number(),
  received: z.number(),
  remaining: z.number(),
  unit_cost: z.number(),
});
export type OpenLine = z.infer<typeof openLineSchema>;

export const openOrderSchema = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  vendor_id: z.number().int(),
  vendor_name: z.string(),
  status: z.string(),
  order_date: z.string(),
  expected_date: z.string().nullable(),
  location_id: z.number().int().nullable(),
  location_name: z.string().nullable(),
  /** Shipped straight to a client site: tracked items go to expense, not stock. */
  drop_ship: z.boolean(),
  lines: z.array(openLineSchema),
});
export type OpenOrder = z.infer<typeof openOrderSchema>;

export const openLinesResponseSchema = z.object({
  data: z.object({
    vendor_id: z.number().int().nullable(),
    orders: z.array(openOrderSchema),
    /** Active stock locations to receive into. */
    locations: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
});
export type OpenLinesResponse = z.infer<typeof openLinesResponseSchema>;

/** ReceiptPosted on the billing channel (design §6). */
export interface ReceiptPostedPayload {
  id: number;
  po_id: number;
  vendor_id: number;
}
/** PurchaseOrderUpdated: an order's lines or status changed (here: received quantities). */
export interface PurchaseOrderUpdatedPayload {
  id: number;
  vendor_id: number;
}
/** StockUpdated: on-hand changed for these items at this location. */
export interface StockUpdatedPayload {
  item_ids: number[];
  location_id: number;
}

/** '2', '2.5' from hundredths: how many units are left, as the over-receipt message shows it. */
export function quantityLabel(hundredths: number): string {
  const whole = Math.trunc(hundredths / 100);
  const rest = hundredths % 100;
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}
