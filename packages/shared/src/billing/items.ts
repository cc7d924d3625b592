import { z } from 'zod';
import { billingItemTypes, type BillingItemType } from '../contracts.ts';

// The billing catalogue /billing/items (designs/billing.md §3.3, §5, §6): the contract the server checks and the
// page's drawer shares, so both say the same words. Money travels as dollars; the server keeps cents (price) and
// ten-thousandths (cost) in code and numeric text in SQL.

export const itemUnits = ['each', 'device', 'user', 'hour', 'month'] as const;
export type ItemUnit = (typeof itemUnits)[number];

export const itemCreatedMessage = 'Item created.';
export const itemSavedMessage = 'Item saved.';
export const itemDeletedMessage = 'Item deleted.';
export const itemArchivedMessage = 'Item archived: it is used on documents or contracts, so it is kept for them.';
export const itemNameTakenMessage = 'The name has already been taken.';
export const itemNameRequiredMessage = 'The name field is required.';
export const itemTypeInvalidMessage = 'The selected type is invalid.';
export const itemPriceMessage = 'The price must be a number of at least 0.';
export const itemPriceDecimalsMessage = 'The price may have at most 2 decimal places.';
export const itemCostMessage = 'The cost must be a number of at least 0.';
export const itemCostDecimalsMessage = 'The cost may have at most 4 decimal places.';
export const itemTaxableMessage = 'The taxable field must be 0 or 1.';
export const itemIncomeAccountMessage = 'The income account must be an active income account.';
export const itemExpenseAccountMessage = 'The expense account must be an active expense or asset account.';
export const itemPreferredVendorMessage = 'The preferred vendor must be an active vendor.';
export const itemTrackedProductsOnlyMessage = 'Only products can be tracked in inventory.';
export const itemReorderMessage = (label: string) => `The ${label} must be a whole number of at least 0.`;
export const itemFeePercentMessage = 'The fee percent must be between 0 and 100.';
export const itemFeePercentRequiredMessage = 'The fee percent field is required for fee items.';
export const itemTypeInUseMessage = 'This item is used on documents or contracts: its type cannot change.';

const maxPrice = 1_000_000_000;

const blankToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value;
const numberOrText = (value: unknown) => (typeof value === 'string' ? Number(value.trim()) : value);

/** Whether n has at most `places` decimals (checked on the scaled value, so 0.1 + 0.2 style noise passes). */
const hasAtMostDecimals = (n: number, places: number) => {
  const scaled = n * 10 ** places;
  return Math.abs(Math.round(scaled) - scaled) < 1e-6;
};

const money = (message: string, decimalsMessage: string, places: number) =>
  z.preprocess(
    (value) => numberOrText(blankToNull(value) ?? 0),
    z
      .number({ error: message })
      .refine((n) => Number.isFinite(n) && n >= 0 && n <= maxPrice, message)
      .refine((n) => hasAtMostDecimals(n, places), decimalsMessage),
  );

const wholeOrNull = (label: string) =>
  z.preprocess(
    (value) => {
      const v = blankToNull(value);
      return v === null ? null : numberOrText(v);
    },
    z
      .number({ error: itemReorderMessage(label) })
      .refine((n) => Number.isInteger(n) && n >= 0 && n <= 1_000_000_000, itemReorderMessage(label))
      .nullable(),
  );

const idOrNull = z.preprocess((value) => {
  const v = blankToNull(value);
  return v === null ? null : numberOrText(v);
}, z.number().int().positive().nullable());

export const billingItemInputSchema = z
  .object({
    name: z
      .string({ error: itemNameRequiredMessage })
      .trim()
      .min(1, itemNameRequiredMessage)
      .max(120, 'The name may not be greater than 120 characters.'),
    type: z.enum(billingItemTypes, { error: itemTypeInvalidMessage }),
    description: z
      .string()
      .trim()
      .max(2000, 'The description may not be greater than 2000 characters.')
      .nullable()
      .default(null)
      .transform((text) => (text ? text : null)),
    sku: z.string().trim().max(60, 'The SKU may not be greater than 60 characters.').default(''),
    unit: z.enum(itemUnits, { error: 'The selected unit is invalid.' }).default('each'),
    price: money(itemPriceMessage, itemPriceDecimalsMessage, 2),
    cost: money(itemCostMessage, itemCostDecimalsMessage, 4),
    taxable: z.preprocess(numberOrText, z.union([z.literal(0), z.literal(1)], { error: itemTaxableMessage })),
    fee_percent: z
      .preprocess(
        (value) => {
          const v = blankToNull(value);
          return v === null ? null : numberOrText(v);
        },
        z
          .number({ error: itemFeePercentMessage })
          .refine((n) => Number.isFinite(n) && n >= 0 && n <= 100, itemFeePercentMessage)
          .refine((n) => hasAtMostDecimals(n, 2), 'The fee percent may have at most 2 decimal places.')
          .nullable(),
      )
      .default(null),
    /** Null: the item type's default income account (4000, 4100, 4800, 4200, 4050, 4300). */
    income_account_id: idOrNull.default(null),
    expense_account_id: idOrNull.default(null),
    inventory_tracked: z.boolean().default(false),
    reorder_point: wholeOrNull('reorder point').default(null),
    reorder_qty: wholeOrNull('reorder quantity').default(null),
    /** The vendor "Create purchase orders" orders it from (design §3.5), an active one. */
    preferred_vendor_id: idOrNull.default(null),
    /** PUT only: true brings an archived item back, false archives it; absent leaves it as it is. */
    active: z.boolean().optional(),
  })
  .superRefine((input, ctx) => {
    if (input.inventory_tracked && input.type !== 'product')
      ctx.addIssue({ code: 'custom', path: ['inventory_tracked'], message: itemTrackedProductsOnlyMessage });
    if (input.type === 'fee' && input.fee_percent === null)
      ctx.addIssue({ code: 'custom', path: ['fee_percent'], message: itemFeePercentRequiredMessage });
  });
export type BillingItemInput = z.input<typeof billingItemInputSchema>;
export type BillingItemValues = z.output<typeof billingItemInputSchema>;

const flag = z.enum(['0', '1']).optional();

/** GET /api/billing/items: the spec's paginator; the page keeps every filter in its URL. */
export const billingItemListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
  type: z.enum(billingItemTypes).optional(),
  tracked: flag,
  /** '1' active only (the default), '0' archived only, 'all' both. */
  active: z.enum(['0', '1', 'all']).default('1'),
  search: z.string().trim().max(100).optional(),
});
export type BillingItemListQuery = z.input<typeof billingItemListQuerySchema>;

export interface ItemAccount {
  id: number;
  number: string;
  name: string;
}

export interface CatalogueItem {
  id: number;
  name: string;
  type: BillingItemType;
  description: string | null;
  sku: string;
  unit: ItemUnit;
  /** Dollars, two decimals. */
  price: number;
  /** Dollars, four decimals. */
  cost: number;
  /** (price − cost) ÷ price × 100 to one decimal; null when the price is 0. */
  margin_percent: number | null;
  taxable: number;
  fee_percent: number | null;
  income_account_id: number | null;
  /** The account the item posts to: its own, else its type's default. */
  income_account: ItemAccount | null;
  expense_account_id: number | null;
  expense_account: ItemAccount | null;
  inventory_tracked: boolean;
  /** On hand over every stock location; null for an item not tracked. */
  on_hand: number | null;
  average_cost: number;
  reorder_point: number | null;
  reorder_qty: number | null;
  preferred_vendor_id: number | null;
  active: boolean;
  archived_at: string | null;
  updated_at: string;
}

export interface CatalogueItemPage {
  data: CatalogueItem[];
  total: number;
  current_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  last_page: number;
}

/** DELETE /api/billing/items/{id}: which of the two happened. */
export interface ItemDeleteResult {
  message: string;
  outcome: 'deleted' | 'archived';
}

/**
 * Margin % from a price in cents and a cost in ten-thousandths of a dollar, to one decimal, half away from zero;
 * null when the price is 0 (no margin to speak of).
 */
export function marginPercent(priceCents: number, costUnits: number): number | null {
  if (priceCents === 0) return null;
  const priceUnits = priceCents * 100;
  // Tenths of a percent, in integers until the last division.
  const tenths = ((priceUnits - costUnits) * 1000) / priceUnits;
  const rounded = Math.sign(tenths) * Math.round(Math.abs(tenths));
  return rounded / 10;
}
