import { z } from 'zod';
import { isoDateText } from '../validation.ts';
import { twoDecimalsMessage } from './ledger.ts';
import { centsFromDollars, hasAtMostTwoDecimals, maxCents } from './money.ts';
import { allocationPositiveMessage, type PaymentState } from './payment-state.ts';

// Payments received, allocations, write-offs, refunds and bank deposits (designs/billing.md §3.6, §5
// /billing/payments/receive, §6 Money): the contract of the routes under /api/billing shared with the Receive
// Payments page. Amounts travel as dollars (at most two decimals); the server keeps integer cents.

export const paymentMethods = ['check', 'ach', 'wire', 'card', 'cash', 'other'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  check: 'Check',
  ach: 'ACH',
  wire: 'Wire',
  card: 'Card',
  cash: 'Cash',
  other: 'Other',
};

// Messages (each has a test where the rule is built).
export const unknownCompanyMessage = 'The selected company is invalid.';
export const depositToAccountMessage = 'Choose Undeposited Funds or a bank account.';
export const bankAccountMessage = 'Choose a bank account.';
export const otherCompanyInvoiceMessage = "The invoice is not this company's.";
export const invoiceNotOpenMessage = 'Only a posted invoice can be paid.';
export const unknownInvoiceMessage = 'The selected invoice is invalid.';
export const unknownSourceMessage = 'The selected payment or credit is invalid.';
export const duplicateInvoiceMessage = 'Each invoice may be listed once.';
export const allocationsOverPaymentMessage = 'The amounts applied are more than the payment.';
export const dateBeforeDocumentsMessage = 'The date may not be before the payment or the invoice.';
export const alreadyUnappliedMessage = 'This allocation has already been unapplied.';
export const writeOffNotUnappliedMessage = 'A write-off or refund is not unapplied: it has its own entry.';
export const paymentVoidedMessage = 'This payment is void.';
export const voidWithAllocationsPaymentMessage = 'Unapply this payment from its invoices before voiding it.';
export const depositedPaymentVoidMessage = 'A deposited payment cannot be voided.';
export const onlyUndepositedMessage = 'Only undeposited payments can be deposited.';
export const depositDateMessage = "The deposit date may not be before a payment's date.";
export const reasonRequiredMessage = 'The reason field is required.';

const dollars = (label: string) =>
  z
    .number({ error: `The ${label} must be a number.` })
    .refine((value) => value > 0, allocationPositiveMessage)
    .refine((value) => value <= maxCents / 100, `The ${label} is too large.`)
    .refine(hasAtMostTwoDecimals, twoDecimalsMessage);

const id = (message: string) => z.number({ error: message }).int(message).positive(message);

const reason = z
  .string({ error: reasonRequiredMessage })
  .trim()
  .min(1, reasonRequiredMessage)
  .max(500, 'The reason may not be greater than 500 characters.');

export const paymentAllocationInputSchema = z.object({
  invoice_id: id(unknownInvoiceMessage),
  amount: dollars('amount'),
});

/** POST /api/billing/payments/received: posts at once and applies the allocations (or auto-apply) in one go. */
export const receivePaymentInputSchema = z
  .object({
    company_id: id('The company field is required.'),
    payment_date: isoDateText('payment date'),
    method: z.enum(paymentMethods, { error: 'Choose a payment method.' }),
    reference: z.string().trim().max(100, 'The reference may not be greater than 100 characters.').default(''),
    amount: dollars('amount'),
    /** Deposit to: 1050 Undeposited Funds when left out, or a bank account. */
    account_id: z.number().int().positive().nullable().default(null),
    memo: z.string().max(2000, 'The memo may not be greater than 2000 characters.').default(''),
    allocations: z.array(paymentAllocationInputSchema).max(500, 'At most 500 invoices at once.').default([]),
    /** Oldest invoice first, each up to its balance; replaces `allocations`. */
    auto_apply: z.boolean().default(false),
  })
  .superRefine((input, context) => {
    const seen = new Set<number>();
    input.allocations.forEach((allocation, index) => {
      if (seen.has(allocation.invoice_id))
        context.addIssue({
          code: 'custom',
          path: ['allocations', index, 'invoice_id'],
          message: duplicateInvoiceMessage,
        });
      seen.add(allocation.invoice_id);
    });
    const amount = centsFromDollars(input.amount);
    const applied = input.allocations.reduce((sum, a) => sum + (centsFromDollars(a.amount) ?? 0), 0);
    if (amount !== null && amount > 0 && applied > amount)
      context.addIssue({ code: 'custom', path: ['allocations'], message: allocationsOverPaymentMessage });
  });
export type ReceivePaymentInput = z.input<typeof receivePaymentInputSchema>;

export const allocationSourceInputTypes = ['payment', 'credit_note'] as const;
export type AllocationSourceInputType = (typeof allocationSourceInputTypes)[number];

/** POST /api/billing/allocations: apply (part of) a payment's or a credit note's credit to an invoice. */
export const allocationInputSchema = z.object({
  source_type: z.enum(allocationSourceInputTypes, { error: 'Choose a payment or a credit note.' }),
  source_id: id(unknownSourceMessage),
  invoice_id: id(unknownInvoiceMessage),
  amount: dollars('amount'),
  /** Today in the billing time zone when left out. */
  date: isoDateText('date').optional(),
});
export type AllocationInput = z.input<typeof allocationInputSchema>;

/** POST /api/billing/allocations/{id}/unapply */
export const unapplyInputSchema = z.object({ date: isoDateText('date').optional() });

/** POST /api/billing/payments/{id}/void */
export const voidPaymentInputSchema = z.object({ date: isoDateText('date').optional(), reason });

/** POST /api/billing/write-offs */
export const writeOffInputSchema = z.object({
  invoice_id: id(unknownInvoiceMessage),
  amount: dollars('amount'),
  date: isoDateText('date').optional(),
  reason,
});

/** POST /api/billing/refunds: pays a company's credit back from a bank account. */
export const refundInputSchema = z.object({
  company_id: id('The company field is required.'),
  source_type: z.enum(allocationSourceInputTypes, { error: 'Choose a payment or a credit note.' }),
  source_id: id(unknownSourceMessage),
  amount: dollars('amount'),
  account_id: id(bankAccountMessage),
  method: z.enum(paymentMethods, { error: 'Choose a payment method.' }),
  reference: z.string().trim().max(100, 'The reference may not be greater than 100 characters.').default(''),
  date: isoDateText('date'),
});

/** POST /api/billing/deposits: undeposited payments taken to the bank together. */
export const depositInputSchema = z.object({
  account_id: id(bankAccountMessage),
  date: isoDateText('date'),
  payment_ids: z
    .array(z.number().int().positive(), { error: 'Choose at least one payment.' })
    .min(1, 'Choose at least one payment.')
    .max(500, 'Choose at most 500 payments.'),
});
export type DepositInput = z.input<typeof depositInputSchema>;

/** GET /api/billing/payments/received: the paginator, newest first. */
export const paymentListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
  company_id: z.coerce.number().int().positive().optional(),
  from: isoDateText('from date').optional(),
  to: isoDateText('to date').optional(),
  method: z.enum(paymentMethods).optional(),
  /** '1': with something left to apply. */
  unapplied: z.enum(['1']).optional(),
  /** '1': in Undeposited Funds, not yet in a bank deposit. */
  undeposited: z.enum(['1']).optional(),
});
export type PaymentListQuery = z.input<typeof paymentListQuerySchema>;

export interface PaymentRow {
  id: number;
  company_id: number;
  company_name: string;
  payment_date: string;
  method: PaymentMethod;
  reference: string;
  amount: number;
  /** Applied to invoices (active allocations). */
  applied: number;
  /** Paid back (refunds). */
  refunded: number;
  /** amount − applied − refunded: the company's credit (0 when void). */
  unapplied: number;
  account_id: number;
  account_number: string;
  account_name: string;
  deposit_id: number | null;
  /** In Undeposited Funds and not deposited yet. */
  undeposited: boolean;
  memo: string;
  status: 'posted' | 'void';
  void_date: string | null;
  journal_entry_id: number | null;
  created_at: string;
}

export interface ReceivableInvoice {
  id: number;
  number: string;
  invoice_date: string;
  due_date: string | null;
  total: number;
  balance: number;
  state: PaymentState;
}

export interface ReceivableCredit {
  source_type: AllocationSourceInputType;
  source_id: number;
  /** 'Check 1042 of 2026-04-02', 'CN-000004'. */
  label: string;
  date: string;
  /** What is left to apply, in dollars (positive). */
  available: number;
}

/** GET /api/billing/companies/{id}/receivable: the Receive Payments screen's one call. */
export interface ReceivableResponse {
  company: { id: number; name: string };
  today: string;
  invoices: ReceivableInvoice[];
  credits: ReceivableCredit[];
  /** Sum of open balances minus the credits. */
  balance: number;
}

/** A payment's label in lists of credits and on invoices: 'Check 1042', 'ACH'. */
export function paymentLabel(payment: { method: PaymentMethod; reference: string }): string {
  const method = paymentMethodLabels[payment.method];
  return payment.reference ? `${method} ${payment.reference}` : method;
}

export interface PaymentSplit {
  /** Cents applied in all. */
  applied: number;
  /** Cents left as the company's credit (never below 0). */
  credit: number;
  /** Cents applied beyond the payment (0 when it fits). */
  over: number;
}

/** The receive screen's arithmetic: a payment of `amount` cents against the Apply amounts (cents). */
export function paymentSplit(amount: number, applies: readonly number[]): PaymentSplit {
  const applied = applies.reduce((sum, cents) => sum + cents, 0);
  return { applied, credit: Math.max(0, amount - applied), over: Math.max(0, applied - amount) };
}

export interface AllocationRow {
  id: number;
  source_type: 'payment' | 'credit_note' | 'write_off';
  source_id: number;
  target_type: 'invoice' | 'refund';
  target_id: number;
  company_id: number;
  amount: number;
  applied_on: string;
  unapplied_on: string | null;
}

export interface WriteOffRow {
  id: number;
  invoice_id: number;
  company_id: number;
  amount: number;
  date: string;
  reason: string;
  journal_entry_id: number;
}

export interface BankDepositRow {
  id: number;
  account_id: number;
  date: string;
  total: number;
  payment_ids: number[];
  journal_entry_id: number;
}
