import { z } from 'zod';
import { isoDateText } from './validation.ts';

// Vendors and purchase orders (designs/billing.md §3.3, §3.7): the save and send calls the po document needs (issue 17
// part 1); the billing issue adds the lists, the editor, receipts and bills on top.

export const vendorSavedMessage = 'Vendor saved.';
export const vendorNameTakenMessage = 'The name has already been taken.';
export const purchaseOrderSavedMessage = 'Purchase order saved.';
export const purchaseOrderSentMessage = 'Purchase order sent.';

/** 'PO-000012' once sent, 'Draft 12' before: what the viewer's title and the PDF show. */
export const poLabel = (po: { id: number; number: string | null }) => po.number ?? `Draft ${po.id}`;

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `The ${label} must be text.` })
    .trim()
    .max(max, `The ${label} may not be greater than ${max} characters.`)
    .optional()
    .default('');

const recordId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

/** POST /api/billing/vendors. */
export const vendorInputSchema = z.object({
  name: z
    .string({ error: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(200, 'The name may not be greater than 200 characters.'),
  account_number: optionalText('account number', 100),
  contact: optionalText('contact', 200),
  email: optionalText('email', 254).refine((value) => value === '' || z.email().safeParse(value).success, {
    error: 'The email must be a valid email address.',
  }),
  phone: optionalText('phone', 40),
  address: optionalText('address', 500),
  payment_terms: z.coerce
    .number({ error: 'The payment terms must be a whole number of days from 0 to 365.' })
    .int('The payment terms must be a whole number of days from 0 to 365.')
    .min(0, 'The payment terms must be a whole number of days from 0 to 365.')
    .max(365, 'The payment terms must be a whole number of days from 0 to 365.')
    .optional()
    .default(30),
  notes: optionalText('notes', 2000),
});
export type VendorInput = z.output<typeof vendorInputSchema>;

export const vendorSavedSchema = z.object({
  message: z.string(),
  data: z.object({ id: z.number().int(), name: z.string() }),
});

/** GET /api/billing/vendors: the vendors an order can be placed with (not archived), by name. */
export const vendorListSchema = z.object({ data: z.array(z.object({ id: z.number().int(), name: z.string() })) });

/** A quantity or cost as decimal text; a quantity must be more than 0, a cost may be 0 (a free item). */
const decimalText = (label: string, places: number, positive: boolean) => {
  const pattern = new RegExp(`^\\d{1,8}(\\.\\d{1,${places}})?$`);
  const least = positive ? 'greater than 0' : 'of at least 0';
  return z
    .union([z.string(), z.number()], { error: `The ${label} field is required.` })
    .transform((value) => String(value).trim())
    .refine((value) => pattern.test(value) && (!positive || Number(value) > 0), {
      error: `The ${label} must be a number ${least} with at most ${places} decimals.`,
    });
};

const optionalRecordId = (message: string) =>
  z.preprocess((value) => (value === '' ? null : value), recordId(message).nullable().optional());

export const purchaseOrderLineInputSchema = z.object({
  /** The line's id when it exists: a save updates that line in place (receipts and bills point at it). */
  id: recordId('The line is not on this purchase order.').optional(),
  item_id: optionalRecordId('Choose an item.'),
  description: z
    .string({ error: 'The description field is required.' })
    .trim()
    .min(1, 'The description field is required.')
    .max(500, 'The description may not be greater than 500 characters.'),
  quantity: decimalText('quantity', 2, true),
  unit_cost: decimalText('unit cost', 4, false),
  /** Job costing; absent takes the order's company and project. */
  company_id: optionalRecordId('Choose a company.'),
  project_id: optionalRecordId('Choose a project.'),
  /** Absent: not billable. */
  billable_to_client: z.boolean({ error: 'The billable field must be true or false.' }).optional(),
});
export type PurchaseOrderLineInput = z.output<typeof purchaseOrderLineInputSchema>;

export const shipToBothMessage = 'Ship to a stock location or a client site, not both.';

/** POST /api/billing/purchaseorders and PUT /api/billing/purchaseorders/{id}. */
export const purchaseOrderInputSchema = z
  .object({
    vendor_id: recordId('Choose a vendor.'),
    order_date: isoDateText('order date'),
    expected_date: isoDateText('expected date').nullable().optional(),
    company_id: optionalRecordId('Choose a company.'),
    project_id: optionalRecordId('Choose a project.'),
    /** Ship to one of our stock locations, or (drop ship) to a client's site. */
    location_id: optionalRecordId('Choose a stock location.'),
    ship_to_site_id: optionalRecordId('Choose a client site.'),
    memo: optionalText('memo', 2000),
    /** The updated_at the editor loaded; a save over a newer version is refused (409). */
    updated_at: z.string().max(40).optional(),
    lines: z
      .array(purchaseOrderLineInputSchema, { error: 'The lines field must be a list.' })
      .min(1, 'Add at least one line.')
      .max(200, 'A purchase order may have at most 200 lines.'),
  })
  .refine((po) => !po.expected_date || po.expected_date >= po.order_date, {
    path: ['expected_date'],
    error: 'The expected date must be on or after the order date.',
  })
  .refine((po) => po.location_id == null || po.ship_to_site_id == null, {
    path: ['ship_to_site_id'],
    error: shipToBothMessage,
  })
  .refine(
    (po) =>
      new Set(po.lines.flatMap((line) => (line.id ? [line.id] : []))).size ===
      po.lines.filter((line) => line.id).length,
    {
      path: ['lines'],
      error: 'A line may appear only once.',
    },
  );
export type PurchaseOrderInputBody = z.input<typeof purchaseOrderInputSchema>;
export type PurchaseOrderInput = z.output<typeof purchaseOrderInputSchema>;

// --- issue 28 part 2: the purchasing page's calls (designs/billing.md §3.7, §5, §6) ---

export const purchaseOrderStatuses = ['draft', 'ordered', 'partial', 'received', 'closed', 'cancelled'] as const;
export type PurchaseOrderStatus = (typeof purchaseOrderStatuses)[number];
export const purchaseOrderStatusLabels: Record<PurchaseOrderStatus, string> = {
  draft: 'Draft',
  ordered: 'Ordered',
  partial: 'Partially received',
  received: 'Received',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

export const purchaseOrderApprovedMessage = 'Purchase order approved.';
export const purchaseOrderClosedMessage = 'Purchase order closed.';
export const purchaseOrderCancelledMessage = 'Purchase order cancelled.';
export const purchaseOrderStaleMessage = 'This purchase order was changed by someone else. Reload it and try again.';
export const purchaseOrderNotEditableMessage = 'Only a draft or ordered purchase order can be changed.';
export const purchaseOrderApproveOnlyDraftMessage = 'Only a draft purchase order can be approved.';
export const purchaseOrderSendNeedsApprovalMessage = 'Approve the purchase order before sending it.';
export const purchaseOrderSendStatusMessage = 'Only an approved or ordered purchase order can be sent.';
export const purchaseOrderVendorEmailMessage = 'The vendor has no e-mail address to send the purchase order to.';
export const purchaseOrderCloseStatusMessage = 'Only an ordered or partially received purchase order can be closed.';
export const purchaseOrderCancelStatusMessage =
  'Only a draft, or an ordered purchase order nothing was received on, can be cancelled.';
export const purchaseOrderLineKeptMessage = 'This line was received or billed, so it cannot be removed.';
export const purchaseOrderLineUnknownMessage = 'The line is not on this purchase order.';
export const purchaseOrderQuantityBelowMessage = (done: string, what: 'received' | 'billed') =>
  `The quantity may not be less than the ${done} already ${what}.`;
export const quoteNoPreferredVendorMessage = 'None of the quote’s product lines has an item with a preferred vendor.';
export const quotePurchaseOrdersMessage = (count: number) =>
  count === 1 ? '1 purchase order created.' : `${count} purchase orders created.`;

export const purchaseOrderStatusInvalidMessage = 'The selected status is invalid.';

/** One status or several: 'ordered', 'ordered,partial' (the URL's form) or a repeated key; empty is no filter. */
const statusListSchema = z
  .union([z.string().max(200), z.array(z.string().max(200)).max(20)])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  )
  .pipe(z.array(z.enum(purchaseOrderStatuses, { error: purchaseOrderStatusInvalidMessage })));

/** GET /api/billing/purchaseorders: filters as in the page's URL; format=csv for the file. */
export const purchaseOrderListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
  /** Any of these statuses. */
  status: statusListSchema.optional(),
  vendor_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  company_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  project_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  from: isoDateText('from date').optional(),
  to: isoDateText('to date').optional(),
  /** Number or draft id, as typed ('PO-000012', '12'). */
  number: z.string().trim().max(40).optional(),
});
export type PurchaseOrderListQuery = z.input<typeof purchaseOrderListQuerySchema>;

export interface PurchaseOrderRow {
  id: number;
  number: string | null;
  /** The number, or 'Draft 12'. */
  label: string;
  order_date: string;
  expected_date: string | null;
  vendor_id: number;
  vendor_name: string;
  company_id: number | null;
  company_name: string | null;
  project_id: number | null;
  project_title: string | null;
  /** Dollars. */
  total: number;
  /** Whole percent of the ordered quantity received / billed (0 to 100). */
  received_pct: number;
  billed_pct: number;
  status: PurchaseOrderStatus;
  approved: boolean;
}

export interface PurchaseOrderPage {
  data: PurchaseOrderRow[];
  total: number;
  current_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  last_page: number;
}

export interface PurchaseOrderLine {
  id: number;
  line_no: number;
  item_id: number | null;
  item_name: string | null;
  description: string;
  /** Decimal text, as stored. */
  quantity: string;
  unit_cost: string;
  /** Dollars. */
  amount: number;
  received_qty: string;
  billed_qty: string;
  company_id: number | null;
  project_id: number | null;
  billable_to_client: boolean;
}

export interface PurchaseOrderDetail extends PurchaseOrderRow {
  vendor_email: string;
  location_id: number | null;
  location_name: string | null;
  ship_to_site_id: number | null;
  ship_to_site_name: string | null;
  memo: string;
  subtotal: number;
  tax_total: number;
  sent_at: string | null;
  approved_by: number | null;
  approved_by_name: string | null;
  approved_at: string | null;
  updated_at: string;
  lines: PurchaseOrderLine[];
  /** voided_on: set when the receipt was voided (returned). */
  receipts: {
    id: number;
    number: string;
    received_on: string;
    total: number;
    voided_on: string | null;
  }[];
  bills: { id: number; kind: string; vendor_ref: string; bill_date: string; status: string; total: number }[];
  revisions: { revision: number; label: string; created_at: string }[];
}

/** The answer of every write: its message and the order as GET answers it. */
export interface PurchaseOrderWriteAnswer {
  message: string;
  data: PurchaseOrderDetail;
}

/** PurchaseOrderUpdated on the billing channel: the order as GET answers it (deleted never happens: cancel keeps it). */
export type PurchaseOrderUpdatedPayload = PurchaseOrderDetail;

/** POST /api/billing/quotes/{id}/purchase-orders. */
export interface QuotePurchaseOrdersResult {
  message: string;
  data: {
    purchase_orders: { id: number; label: string; vendor_id: number; vendor_name: string; lines: number }[];
    /** Product lines left out: no item, or its item has no preferred vendor. */
    skipped_lines: { line_no: number; description: string }[];
  };
}
