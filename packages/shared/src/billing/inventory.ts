import { z } from 'zod';

// Inventory (designs/billing.md §3.8, §5 /billing/inventory, §6; issue 28 part 5): the contract of the routes under
// /api/billing/inventory, shared with the page's dialogs. Quantities travel as numbers with at most two decimals,
// money as dollars (unit costs at most four decimals); the server keeps numeric text and integer cents.

export const inventoryLocationKinds = ['office', 'warehouse', 'vehicle', 'client_site'] as const;
export type InventoryLocationKind = (typeof inventoryLocationKinds)[number];
export const stockMoveReasonLabels: Record<string, string> = {
  receipt: 'Receipt',
  sale: 'Sale',
  issue: 'Issue',
  adjustment: 'Adjustment',
  transfer_in: 'Transfer in',
  transfer_out: 'Transfer out',
  return: 'Return',
};
export const locationKindLabels: Record<InventoryLocationKind, string> = {
  office: 'Office',
  warehouse: 'Warehouse',
  vehicle: 'Vehicle',
  client_site: 'Client site',
};

export const locationSavedMessage = 'Location saved.';
export const adjustmentPostedMessage = 'Stock adjusted.';
export const transferDoneMessage = 'Stock transferred.';
export const issueDoneMessage = 'Stock issued.';
export const locationSiteMessage = 'A client site location needs its site; other kinds have none.';
export const quantityMessage = 'Quantity must be a number with at most two decimals.';
export const quantityPositiveMessage = 'Quantity must be more than 0.';
export const unitCostMessage = 'Unit cost must be a number of at least 0 with at most four decimals.';
export const issueTargetMessage = 'Choose a ticket or a project (one of them).';
export const countUnchangedMessage = 'The count matches what is on hand: nothing to adjust.';

const twoDecimals = (n: number) => Number.isFinite(n) && Number(n.toFixed(2)) === n && Math.abs(n) < 1e10;
const fourDecimals = (n: number) => Number.isFinite(n) && Number(n.toFixed(4)) === n && n >= 0 && n < 1e10;
const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647);
const quantity = z.number({ error: quantityMessage }).refine(twoDecimals, quantityMessage);
const positiveQuantity = quantity.refine((n) => n > 0, quantityPositiveMessage);
const dateText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must be a date (YYYY-MM-DD).')
  .optional();
const memo = z.string().trim().max(500, 'The memo may not be greater than 500 characters.').optional().default('');

/** '3', '-1.5' from a quantity number: the numeric text the server stores. */
export const quantityText = (n: number): string => n.toFixed(2).replace(/\.?0+$/, '') || '0';

export const locationFormSchema = z
  .object({
    name: z
      .string({ error: 'The name field is required.' })
      .trim()
      .min(1, 'The name field is required.')
      .max(100, 'The name may not be greater than 100 characters.'),
    kind: z.enum(inventoryLocationKinds, { error: 'The kind must be office, warehouse, vehicle or client site.' }),
    site_id: id('The selected site is invalid.').nullable().optional().default(null),
    active: z.boolean().optional().default(true),
  })
  .superRefine((value, context) => {
    if ((value.kind === 'client_site') !== (value.site_id !== null))
      context.addIssue({ code: 'custom', path: ['site_id'], message: locationSiteMessage });
  });
export type LocationFormInput = z.input<typeof locationFormSchema>;
export type LocationFormValues = z.output<typeof locationFormSchema>;

/** POST /billing/inventory/adjustments ('manage accounting'): a counted quantity or a signed delta. */
export const adjustmentFormSchema = z.object({
  item_id: id('The selected item is invalid.'),
  location_id: id('The selected location is invalid.'),
  mode: z.enum(['count', 'delta'], { error: 'Choose a count or a change.' }),
  /** count: what is there now (>= 0); delta: the signed change. */
  quantity,
  /** Dollars per unit for stock added; absent: the item's average cost. */
  unit_cost: z.number({ error: unitCostMessage }).refine(fourDecimals, unitCostMessage).nullable().optional(),
  reason: z
    .string({ error: 'The reason field is required.' })
    .trim()
    .min(1, 'The reason field is required.')
    .max(500, 'The reason may not be greater than 500 characters.'),
  date: dateText,
});
export type AdjustmentFormInput = z.input<typeof adjustmentFormSchema>;

export const transferFormSchema = z.object({
  item_id: id('The selected item is invalid.'),
  from_location_id: id('The selected location is invalid.'),
  to_location_id: id('The selected location is invalid.'),
  quantity: positiveQuantity,
  memo,
  date: dateText,
});
export type TransferFormInput = z.input<typeof transferFormSchema>;

export const issueFormSchema = z
  .object({
    item_id: id('The selected item is invalid.'),
    location_id: id('The selected location is invalid.'),
    quantity: positiveQuantity,
    ticket_id: id('The selected ticket is invalid.').nullable().optional().default(null),
    project_id: id('The selected project is invalid.').nullable().optional().default(null),
    memo,
    date: dateText,
  })
  .superRefine((value, context) => {
    if ((value.ticket_id === null) === (value.project_id === null))
      context.addIssue({ code: 'custom', path: ['ticket_id'], message: issueTargetMessage });
  });
export type IssueFormInput = z.input<typeof issueFormSchema>;

const flag = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === true ? true : v === undefined ? undefined : false),
  z.boolean().optional(),
);

/** GET /billing/inventory: stock by item x location; filters as in the page's URL. */
export const stockListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
  location_id: id('The selected location is invalid.').optional(),
  /** One item's rows (the invoice editor's stock location select). */
  item_id: id('The selected item is invalid.').optional(),
  /** The location's kind. */
  type: z.enum(inventoryLocationKinds).optional(),
  below_reorder: flag,
  search: z.string().trim().max(100).optional(),
});
export type StockListQuery = z.input<typeof stockListQuerySchema>;

export const moveListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
  item_id: id('The selected item is invalid.').optional(),
  location_id: id('The selected location is invalid.').optional(),
});
export type MoveListQuery = z.input<typeof moveListQuerySchema>;

export const inventoryLocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(inventoryLocationKinds),
  site_id: z.number().int().nullable(),
  site_name: z.string().nullable(),
  active: z.boolean(),
});
export type InventoryLocation = z.infer<typeof inventoryLocationSchema>;

export const stockRowSchema = z.object({
  item_id: z.number().int(),
  item_name: z.string(),
  sku: z.string(),
  unit: z.string(),
  location_id: z.number().int(),
  location_name: z.string(),
  location_kind: z.enum(inventoryLocationKinds),
  on_hand: z.number(),
  /** Dollars, 4 decimals. */
  average_cost: z.number(),
  value: z.number(),
  reorder_point: z.number().int().nullable(),
  /** The item's total on hand (all locations) is at or under its reorder point. */
  below_reorder: z.boolean(),
});
export type StockRow = z.infer<typeof stockRowSchema>;

export const stockTotalsSchema = z.object({
  as_of: z.string(),
  /** Sum of every stock level's value (not just this page's). */
  stock_value: z.number(),
  /** Balance of 1200 Inventory as of today. */
  ledger_value: z.number(),
  difference: z.number(),
  tied: z.boolean(),
});
export type StockTotals = z.infer<typeof stockTotalsSchema>;

export const stockMoveSchema = z.object({
  id: z.number().int(),
  item_id: z.number().int(),
  item_name: z.string(),
  location_id: z.number().int(),
  location_name: z.string(),
  quantity: z.number(),
  unit_cost: z.number(),
  value: z.number(),
  reason: z.string(),
  source_type: z.string(),
  source_id: z.number().int().nullable(),
  journal_entry_id: z.number().int().nullable(),
  occurred_on: z.string(),
  memo: z.string(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type StockMove = z.infer<typeof stockMoveSchema>;

export const reorderRowSchema = z.object({
  item_id: z.number().int(),
  item_name: z.string(),
  sku: z.string(),
  on_hand: z.number(),
  reorder_point: z.number().int(),
  reorder_qty: z.number().int().nullable(),
  preferred_vendor_id: z.number().int().nullable(),
  preferred_vendor_name: z.string().nullable(),
});
export type ReorderRow = z.infer<typeof reorderRowSchema>;

export interface Paged<T> {
  data: T[];
  total: number;
  current_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  last_page: number;
}
export type StockPage = Paged<StockRow> & { totals: StockTotals };
export type StockMovePage = Paged<StockMove>;

/** Answer of adjustments, transfers and issues. */
export interface StockCommandResult {
  move_ids: number[];
  value: number;
  journal_entry_id: number | null;
}
