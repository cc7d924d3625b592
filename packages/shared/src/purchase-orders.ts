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

export const purchaseOrderLineInputSchema = z.object({
  description: z
    .string({ error: 'The description field is required.' })
    .trim()
    .min(1, 'The description field is required.')
    .max(500, 'The description may not be greater than 500 characters.'),
  quantity: decimalText('quantity', 2, true),
  unit_cost: decimalText('unit cost', 4, false),
});

/** POST /api/billing/purchase-orders and PUT /api/billing/purchase-orders/{id}. */
export const purchaseOrderInputSchema = z
  .object({
    vendor_id: recordId('Choose a vendor.'),
    order_date: isoDateText('order date'),
    expected_date: isoDateText('expected date').nullable().optional(),
    company_id: recordId('Choose a company.').nullable().optional(),
    project_id: recordId('Choose a project.').nullable().optional(),
    memo: optionalText('memo', 2000),
    lines: z
      .array(purchaseOrderLineInputSchema, { error: 'The lines field must be a list.' })
      .min(1, 'Add at least one line.')
      .max(200, 'A purchase order may have at most 200 lines.'),
  })
  .refine((po) => !po.expected_date || po.expected_date >= po.order_date, {
    path: ['expected_date'],
    error: 'The expected date must be on or after the order date.',
  });
export type PurchaseOrderInputBody = z.input<typeof purchaseOrderInputSchema>;
export type PurchaseOrderInput = z.output<typeof purchaseOrderInputSchema>;

export const purchaseOrderSavedSchema = z.object({
  message: z.string(),
  data: z.object({
    id: z.number().int(),
    number: z.string().nullable(),
    status: z.string(),
    revision: z.number().int().nullable(),
  }),
});
