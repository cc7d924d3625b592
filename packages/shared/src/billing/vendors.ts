import { z } from 'zod';
import { vendorInputSchema } from '../purchase-orders.ts';

// The vendors of /billing/vendors (designs/billing.md §3.3, §5, §6; issue 28 part 1): the contract the server checks
// and the drawer's form shares. It extends the purchase-order editor's vendor call (purchase-orders.ts), whose
// answers stay as they were.

export const vendorCreatedMessage = 'Vendor saved.';
export const vendorUpdatedMessage = 'Vendor saved.';
export const vendorDeletedMessage = 'Vendor deleted.';
export const vendorArchivedMessage = 'Vendor archived: purchase orders or items name it, so it is kept for them.';
export const vendorRestoredMessage = 'Vendor restored.';
export const vendorWebsiteMessage = 'The website must be a valid URL starting with http:// or https://.';
export const vendorExpenseAccountMessage =
  'The default expense account must be an active expense account (5xxx or 6xxx).';
export const vendorTaxIdMessage = 'The tax id may contain only letters, digits, spaces and dashes.';

const blankToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

const isWebsite = (value: string) => {
  if (value === '') return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
};

/** POST /api/billing/vendors and PUT /api/billing/vendors/{id}. */
export const vendorFormSchema = vendorInputSchema.extend({
  website: z
    .string({ error: vendorWebsiteMessage })
    .trim()
    .max(500, 'The website may not be greater than 500 characters.')
    .refine(isWebsite, vendorWebsiteMessage)
    .optional()
    .default(''),
  default_expense_account_id: z
    .preprocess(
      (value) => {
        const v = blankToNull(value);
        return typeof v === 'string' ? Number(v) : v;
      },
      z
        .number({ error: vendorExpenseAccountMessage })
        .int(vendorExpenseAccountMessage)
        .positive()
        .max(2_147_483_647)
        .nullable(),
    )
    .optional()
    .default(null),
  is_1099: z.boolean({ error: 'The 1099 field must be true or false.' }).optional().default(false),
  /** Absent (or null) keeps the stored one, so editing never needs it retyped; '' removes it. */
  tax_id: z
    .string({ error: vendorTaxIdMessage })
    .trim()
    .max(40, 'The tax id may not be greater than 40 characters.')
    .regex(/^[A-Za-z0-9 -]*$/, vendorTaxIdMessage)
    .nullish()
    .transform((value) => value ?? undefined),
});
export type VendorFormInput = z.input<typeof vendorFormSchema>;
export type VendorFormValues = z.output<typeof vendorFormSchema>;

/** GET /api/billing/vendors with `page`: the spec's paginator, filters as in the page's URL. */
export const vendorListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
  /** Name, contact or e-mail contains it. */
  search: z.string().trim().max(100).optional(),
  /** '0' active only (the default), '1' archived only, 'all' both. */
  archived: z.enum(['0', '1', 'all']).default('0'),
});
export type VendorListQuery = z.input<typeof vendorListQuerySchema>;

export interface VendorAccount {
  id: number;
  number: string;
  name: string;
}

export interface Vendor {
  id: number;
  name: string;
  account_number: string;
  contact: string;
  email: string;
  phone: string;
  address: string;
  website: string;
  payment_terms: number;
  default_expense_account_id: number | null;
  default_expense_account: VendorAccount | null;
  is_1099: boolean;
  /** '•••••6789': the stored tax id never leaves the server; null when none is stored. */
  tax_id_masked: string | null;
  notes: string;
  active: boolean;
  archived_at: string | null;
  updated_at: string;
}

export interface VendorPurchaseOrder {
  id: number;
  number: string | null;
  order_date: string;
  status: string;
  /** Dollars, two decimals, as text (numeric(14,2)). */
  total: string;
}

export interface VendorItem {
  id: number;
  name: string;
  sku: string;
  active: boolean;
}

/** GET /api/billing/vendors/{id}: the vendor and its drawer's tabs (the latest orders, the items it supplies). */
export interface VendorDetail extends Vendor {
  purchase_orders: VendorPurchaseOrder[];
  purchase_orders_total: number;
  items: VendorItem[];
}

/** A row of the paged list: the vendor with its open bills (count, what is owed on them) and its last payment's date. */
export interface VendorListRow extends Vendor {
  open_bills_count: number;
  /** Dollars owed on its posted bills not fully paid. */
  open_bills: number;
  last_paid: string | null;
}

export interface VendorPage {
  data: VendorListRow[];
  total: number;
  current_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  last_page: number;
}

/** DELETE /api/billing/vendors/{id}: which of the two happened. */
export interface VendorDeleteResult {
  message: string;
  outcome: 'deleted' | 'archived';
}

/** VendorUpdated on the billing channel: the vendor that changed (deleted: gone). */
export interface VendorUpdatedPayload {
  id: number;
  deleted: boolean;
}

/**
 * A tax id as every answer shows it: five dots and its last 4 letters or digits ('12-3456789' → '•••••6789'). One of
 * 8 characters or fewer shows no characters at all, so at least half of it always stays hidden.
 */
export function maskTaxId(taxId: string): string | null {
  const characters = taxId.replace(/[^A-Za-z0-9]/g, '');
  if (characters === '') return null;
  return characters.length > 8 ? `•••••${characters.slice(-4)}` : '•••••';
}
