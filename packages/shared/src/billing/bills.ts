import { z } from 'zod';
import { isoDateText } from '../validation.ts';
import type { AgingBucket } from './aging.ts';
import { twoDecimalsMessage } from './ledger.ts';
import { centsFromDollars, hasAtMostTwoDecimals, maxCents } from './money.ts';
import { paymentMethods, type PaymentMethod } from './payments.ts';

// Vendor bills, vendor credits and payments made (designs/billing.md §3.2, §3.6, §3.7, §5 /billing/payments/make,
// §6 Money; issue 28 part 4): the contract of /api/billing/bills and /api/billing/payments/made, shared with the
// page's forms. Amounts travel as dollars (at most two decimals; unit costs at most four); the server keeps cents.

export const billKinds = ['bill', 'credit'] as const;
export type BillKind = (typeof billKinds)[number];
export const billStatuses = ['draft', 'posted', 'void'] as const;
export type BillStatus = (typeof billStatuses)[number];

export const billLabel = (bill: { id: number; kind: BillKind; vendor_ref: string }): string =>
  `${bill.kind === 'credit' ? 'Vendor credit' : 'Bill'} ${bill.vendor_ref || `#${bill.id}`}`;

// Messages (each has a test where the rule is built).
export const vendorRefTakenMessage = 'This vendor already has a bill with that reference.';
export const leftToBillMessage = (left: string): string => `Only ${left} left to bill on this line.`;
export const billOnlyDraftMessage = 'Only a draft bill can be changed.';
export const billOnlyDraftPostMessage = 'Only a draft bill can be posted.';
export const billOnlyPostedVoidMessage = 'Only a posted bill can be voided.';
export const billVoidWithAllocationsMessage = 'Unapply the payments and credits on this bill before voiding it.';
export const billStaleMessage = 'This bill was changed by someone else: reload it and try again.';
export const unknownVendorMessage = 'The selected vendor is invalid.';
export const billLineAccountMessage = 'Choose an item or an expense account (or give the vendor a default one).';
export const billLineUnknownItemMessage = 'The selected item is invalid.';
export const billLineUnknownAccountMessage = 'The selected account is invalid.';
export const poLineOtherVendorMessage = "The purchase order line is not this vendor's.";
export const creditWithPoMessage = 'A vendor credit is not billed against a purchase order.';
export const emptyBillMessage = 'A bill needs at least one line.';
export const billNotOpenMessage = 'Only a posted bill can be paid.';
export const otherVendorBillMessage = "The bill is not this vendor's.";
export const unknownBillMessage = 'The selected bill is invalid.';
export const duplicateBillMessage = 'Each bill may be listed once.';
export const allocationsOverPaymentMessage = 'The amounts applied are more than the payment.';
export const billAllocationOverBalanceMessage = 'The amount is more than the bill balance.';
export const billAllocationOverSourceMessage = 'The amount is more than what is left to apply.';
export const dateBeforeBillMessage = 'The date may not be before the payment, credit or bill.';
export const payFromAccountMessage = 'Choose a bank account.';
export const paymentMadeVoidedMessage = 'This payment is void.';
export const notAVendorCreditMessage = 'Only a posted vendor credit can be applied.';

const money = (label: string) =>
  z
    .number({ error: `The ${label} must be a number.` })
    .refine((value) => value > 0, `The ${label} must be more than 0.`)
    .refine((value) => value <= maxCents / 100, `The ${label} is too large.`)
    .refine(hasAtMostTwoDecimals, twoDecimalsMessage);

/** JSON numbers print their shortest exact form, so the text says how many decimals were sent. */
const hasAtMostFourDecimals = (value: number) => Number.isFinite(value) && /^-?\d+(\.\d{1,4})?$/.test(String(value));
const optionalId = z.number().int().positive().max(2_147_483_647).nullable().default(null);
const id = (message: string) => z.number({ error: message }).int(message).positive(message).max(2_147_483_647);

export const billLineInputSchema = z.object({
  item_id: optionalId,
  /** The account debited (credited on a vendor credit) when the item has no expense account. */
  account_id: optionalId,
  description: z
    .string({ error: 'The description field is required.' })
    .trim()
    .min(1, 'The description field is required.')
    .max(500, 'The description may not be greater than 500 characters.'),
  quantity: z
    .number({ error: 'The quantity must be a number.' })
    .refine((value) => value > 0, 'The quantity must be more than 0.')
    .refine((value) => value <= 1_000_000, 'The quantity is too large.')
    .refine(hasAtMostTwoDecimals, 'The quantity may have at most two decimals.'),
  unit_cost: z
    .number({ error: 'The unit cost must be a number.' })
    .min(0, 'The unit cost may not be negative.')
    .max(10_000_000, 'The unit cost is too large.')
    .refine(hasAtMostFourDecimals, 'The unit cost may have at most four decimals.'),
  /** Billed against this purchase order line (2050 Received Not Billed, price difference to 5900). */
  po_line_id: optionalId,
  company_id: optionalId,
  project_id: optionalId,
  billable_to_client: z.boolean().default(false),
});
export type BillLineInput = z.input<typeof billLineInputSchema>;

/** POST /api/billing/bills (a draft) and PUT /api/billing/bills/{id} (drafts only). */
export const billInputSchema = z.object({
  kind: z.enum(billKinds, { error: 'Choose a bill or a vendor credit.' }).default('bill'),
  vendor_id: id('The vendor field is required.'),
  vendor_ref: z.string().trim().max(100, 'The vendor reference may not be greater than 100 characters.').default(''),
  bill_date: isoDateText('bill date'),
  /** Left empty: the bill date plus the vendor's payment terms. */
  due_date: isoDateText('due date').nullable().default(null),
  po_id: optionalId,
  memo: z.string().max(2000, 'The memo may not be greater than 2000 characters.').default(''),
  lines: z
    .array(billLineInputSchema, { error: 'The lines field is required.' })
    .min(1, emptyBillMessage)
    .max(500, 'A bill may have at most 500 lines.'),
  /** PUT: the updated_at the editor loaded; a newer one answers 409. */
  updated_at: z.string().max(40).optional(),
});
export type BillInput = z.input<typeof billInputSchema>;
export type BillValues = z.output<typeof billInputSchema>;

export const voidBillInputSchema = z.object({
  /** Today when left out (the first open day when today is locked). */
  date: isoDateText('date').optional(),
  reason: z.string().trim().max(500, 'The reason may not be greater than 500 characters.').default(''),
});

/** POST /api/billing/bills/{creditId}/apply: (part of) a vendor credit applied to a bill of its vendor. */
export const applyVendorCreditInputSchema = z.object({
  bill_id: id(unknownBillMessage),
  amount: money('amount'),
  date: isoDateText('date').optional(),
});

export const billListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
  vendor_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  status: z.enum(billStatuses).optional(),
  kind: z.enum(billKinds).optional(),
  /** '1': posted with something left to pay or apply. */
  open: z.enum(['0', '1']).optional(),
  from: isoDateText('from date').optional(),
  to: isoDateText('to date').optional(),
  /** Vendor reference contains it. */
  search: z.string().trim().max(100).optional(),
});
export type BillListQuery = z.input<typeof billListQuerySchema>;
export type BillListValues = z.output<typeof billListQuerySchema>;

export interface BillLineRow {
  id: number;
  line_no: number;
  item_id: number | null;
  item_name: string | null;
  account_id: number | null;
  description: string;
  quantity: number;
  unit_cost: number;
  amount: number;
  po_line_id: number | null;
  company_id: number | null;
  project_id: number | null;
  billable_to_client: boolean;
}

export interface BillAllocationRow {
  id: number;
  source_type: 'payment' | 'vendor_credit';
  source_id: number;
  target_id: number;
  amount: number;
  applied_on: string;
  unapplied_on: string | null;
}

export interface BillRow {
  id: number;
  kind: BillKind;
  vendor_id: number;
  vendor_name: string;
  vendor_ref: string;
  bill_date: string;
  due_date: string;
  status: BillStatus;
  po_id: number | null;
  memo: string;
  subtotal: number;
  tax_total: number;
  /** ≤ 0 on a vendor credit. */
  total: number;
  /** Left to pay (bill) or to apply (credit, ≤ 0). */
  balance: number;
  closed_on: string | null;
  journal_entry_id: number | null;
  void_date: string | null;
  updated_at: string;
}

export interface BillDetail extends BillRow {
  lines: BillLineRow[];
  /** Payments and credits applied to it (a bill) or that it applied (a credit), including unapplied ones. */
  allocations: BillAllocationRow[];
}

/** GET /api/billing/bills/from-po/{poId}: the lines a bill of the order would carry, for the editor. */
export interface BillFromPo {
  po_id: number;
  po_number: string | null;
  vendor_id: number;
  lines: (BillLineInput & { received_not_billed: number; ordered_not_received: number })[];
}

// --- payments made ---

export const billPaymentAllocationSchema = z.object({ bill_id: id(unknownBillMessage), amount: money('amount') });

/** POST /api/billing/payments/made: the payment posted (Dr 2000, Cr bank) and its bills paid, in one transaction. */
export const payBillsInputSchema = z
  .object({
    vendor_id: id('The vendor field is required.'),
    payment_date: isoDateText('payment date'),
    method: z.enum(paymentMethods, { error: 'Choose a payment method.' }).default('check'),
    /** The check number or transaction id. */
    reference: z.string().trim().max(100, 'The reference may not be greater than 100 characters.').default(''),
    /** Paid from: 1000 Operating Checking when left out. */
    account_id: z.number().int().positive().max(2_147_483_647).nullable().default(null),
    amount: money('amount'),
    memo: z.string().max(2000, 'The memo may not be greater than 2000 characters.').default(''),
    allocations: z.array(billPaymentAllocationSchema).max(500, 'At most 500 bills at once.').default([]),
  })
  .superRefine((input, context) => {
    const seen = new Set<number>();
    input.allocations.forEach((allocation, index) => {
      if (seen.has(allocation.bill_id))
        context.addIssue({ code: 'custom', path: ['allocations', index, 'bill_id'], message: duplicateBillMessage });
      seen.add(allocation.bill_id);
    });
    const amount = centsFromDollars(input.amount);
    const applied = input.allocations.reduce((sum, a) => sum + (centsFromDollars(a.amount) ?? 0), 0);
    if (amount !== null && amount > 0 && applied > amount)
      context.addIssue({ code: 'custom', path: ['allocations'], message: allocationsOverPaymentMessage });
  });
export type PayBillsInput = z.input<typeof payBillsInputSchema>;

export const voidPaymentMadeInputSchema = z.object({
  date: isoDateText('date').optional(),
  reason: z.string().trim().max(500, 'The reason may not be greater than 500 characters.').default(''),
});

export const paymentMadeListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
  vendor_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  method: z.enum(paymentMethods).optional(),
  from: isoDateText('from date').optional(),
  to: isoDateText('to date').optional(),
  /** Check number or reference contains it. */
  search: z.string().trim().max(100).optional(),
  status: z.enum(['posted', 'void']).optional(),
  /** 'csv': every matching payment as a CSV file (the page's Export CSV). */
  format: z.enum(['csv']).optional(),
});
export type PaymentMadeListQuery = z.input<typeof paymentMadeListQuerySchema>;
export type PaymentMadeListValues = z.output<typeof paymentMadeListQuerySchema>;

export interface PaymentMadeRow {
  id: number;
  vendor_id: number;
  vendor_name: string;
  payment_date: string;
  method: PaymentMethod;
  reference: string;
  amount: number;
  applied: number;
  /** The vendor prepayment left (not applied to a bill). */
  unapplied: number;
  account_id: number;
  account_number: string;
  account_name: string;
  memo: string;
  status: 'posted' | 'void';
  void_date: string | null;
  journal_entry_id: number | null;
}

/** GET /api/billing/vendors/{id}/payable: open bills oldest first and the vendor's credits, for Make Payments. */
export interface PayableResponse {
  vendor: { id: number; name: string };
  today: string;
  bills: { id: number; vendor_ref: string; bill_date: string; due_date: string; total: number; balance: number }[];
  credits: { type: 'payment' | 'vendor_credit'; id: number; label: string; date: string; available: number }[];
  /** Open bills less credits: what is owed the vendor. */
  balance: number;
}

// --- aged payables ---

export const payablesAgingBases = ['due_date', 'bill_date'] as const;
export type PayablesAgingBasis = (typeof payablesAgingBases)[number];

export const agedPayablesQuerySchema = z.object({
  as_of: isoDateText('as of date').optional(),
  basis: z.enum(payablesAgingBases, { error: 'Choose due date or bill date.' }).default('due_date'),
  vendor_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  hide_zero: z.enum(['0', '1']).optional(),
  format: z.enum(['csv']).optional(),
});
export type AgedPayablesQuery = z.infer<typeof agedPayablesQuerySchema>;

export interface AgedPayablesRow {
  vendor_id: number;
  vendor_name: string;
  buckets: number[];
  /** Unapplied vendor credits and prepayments (≤ 0). */
  credits: number;
  total: number;
}

export interface AgedPayablesResponse {
  as_of: string;
  basis: PayablesAgingBasis;
  buckets: AgingBucket[];
  data: AgedPayablesRow[];
  totals: Omit<AgedPayablesRow, 'vendor_id' | 'vendor_name'>;
  /** Account 2000's credit balance as of the date and the report's difference from it. */
  tie: { account_number: string; ledger_balance: number; difference: number };
}
