import { z } from 'zod';
import { isoDateText } from '../validation.ts';
import { journalSourceTypes, twoDecimalsMessage, type JournalEntryRow } from './ledger.ts';
import { hasAtMostTwoDecimals, maxCents } from './money.ts';
import { invoiceStatuses, paymentStates, type InvoiceStatus, type PaymentState } from './payment-state.ts';

// Invoices and credit notes (designs/billing.md §3.4, §5 /billing/invoices, §6): the contract of the routes under
// /api/billing/invoices, shared with the page's forms. Amounts travel as dollars (at most two decimals; unit prices
// at most four); the server keeps integer cents. Drafts are labelled 'Draft 1042', posted ones by their number.

export const invoiceTypes = ['contract', 'overage', 'project_deposit', 'project', 'one_off', 'credit_note'] as const;
export type InvoiceType = (typeof invoiceTypes)[number];
export const invoiceTypeLabels: Record<InvoiceType, string> = {
  contract: 'Contract',
  overage: 'Overage',
  project_deposit: 'Project deposit',
  project: 'Project',
  one_off: 'One-off',
  credit_note: 'Credit note',
};
/** The types staff make by hand ("New invoice"); the run makes contract and overage ones, conversion deposits. */
export const manualInvoiceTypes = ['one_off', 'project'] as const;

export const invoiceLineKinds = [
  'retainer',
  'recurring',
  'overage',
  'late_fee',
  'labor',
  'item',
  'deposit',
  'deposit_applied',
  'text',
] as const;
export type InvoiceLineKind = (typeof invoiceLineKinds)[number];
/** What a person may put on a draft by hand; the other kinds are computed (run, conversion, final project invoice). */
export const editableLineKinds = ['item', 'labor', 'recurring', 'text'] as const;

export const invoiceLabel = (invoice: { id: number; number: string | null }): string =>
  invoice.number ?? `Draft ${invoice.id}`;

// Messages (each has a test where the rule is built).
export const postedReadOnlyMessage = 'A posted invoice cannot be changed.';
export const onlyDraftMessage = 'Only a draft can be changed.';
export const onlyApprovedPostMessage = 'Only an approved invoice can be posted.';
export const onlyApprovedUnapproveMessage = 'Only an approved invoice can go back to draft.';
export const onlyPostedVoidMessage = 'Only a posted invoice can be voided.';
export const onlyPostedCreditMessage = 'Only a posted invoice can be credited.';
export const voidWithAllocationsMessage = 'Unapply the payments and credits on this invoice before voiding it.';
export const voidReasonMessage = 'The reason field is required.';
export const emptyInvoiceMessage = 'An invoice needs at least one line.';
export const noTaxRateMessage = 'The company has taxable lines but no tax rate: set one in its billing settings.';
export const creditOverInvoiceMessage = 'The credit is more than what is left of the invoice.';
export const creditQuantityOverMessage = 'The quantity is more than the line sold.';
export const creditQuantityLeftMessage =
  'The quantity is more than what is left of the line after earlier credit notes.';
export const creditQuantityNotStockMessage = 'Only a tracked product line takes a quantity to return to stock.';
export const unknownCompanyMessage = 'The selected company is invalid.';
export const unknownProjectMessage = "The selected project is invalid or not this company's.";
export const duplicateCreditNoteMessage = 'A credit note cannot be duplicated: raise a new one on its invoice.';
export const checkInsOnLaborMessage = 'Only a labor line may bill check-ins.';
// A tracked product line's stock location (decision 0144).
export const stockLocationInvalidMessage = 'The selected stock location is invalid.';
export const stockLocationInactiveMessage = 'The stock location is inactive: choose another.';
export const stockLocationUntrackedMessage =
  'Only a line with an inventory-tracked product leaves from a stock location.';
/** Posting finds the chosen (or fullest) location short of the line's quantity. */
export const stockLocationShortMessage = (location: string, onHand: string): string =>
  `Only ${onHand} on hand at ${location}: choose another stock location.`;
export const stockLocationNoneMessage = 'Choose the stock location a tracked product leaves from.';
export const checkInsInvalidMessage = "The selected check-ins are invalid, open, not billable or not this company's.";
export const checkInTwiceMessage = 'A check-in may be billed on one line only.';
/** A check-in is billed once (invoice_line_sources.check_in_id is unique): where it already is. */
export const checkInBilledMessage = (invoice: { id: number; number: string | null }): string =>
  invoice.number === null
    ? `This time is already on a draft (Draft ${invoice.id}).`
    : `This time is already on invoice ${invoice.number}.`;

const money = (label: string, { negative = false } = {}) =>
  z
    .number({ error: `The ${label} must be a number.` })
    .min(negative ? -maxCents / 100 : 0, `The ${label} may not be negative.`)
    .max(maxCents / 100, `The ${label} is too large.`)
    .refine(hasAtMostTwoDecimals, twoDecimalsMessage);

/** JSON numbers print their shortest exact form, so the text says how many decimals were sent. */
const hasAtMostFourDecimals = (value: number) => Number.isFinite(value) && /^-?\d+(\.\d{1,4})?$/.test(String(value));

export const invoiceLineInputSchema = z.object({
  kind: z.enum(editableLineKinds, { error: 'Choose a line kind.' }).default('item'),
  item_id: z.number().int().positive().nullable().default(null),
  /** The income account; null takes the item's (or its type's default) at posting. */
  account_id: z.number().int().positive().nullable().default(null),
  description: z
    .string({ error: 'The description field is required.' })
    .trim()
    .min(1, 'The description field is required.')
    .max(500, 'The description may not be greater than 500 characters.'),
  quantity: z
    .number({ error: 'The quantity must be a number.' })
    .min(0, 'The quantity may not be negative.')
    .max(1_000_000, 'The quantity is too large.')
    .refine(hasAtMostTwoDecimals, 'The quantity may have at most two decimals.'),
  unit_price: z
    .number({ error: 'The unit price must be a number.' })
    .min(0, 'The unit price may not be negative.')
    .max(10_000_000, 'The unit price is too large.')
    .refine(hasAtMostFourDecimals, 'The unit price may have at most four decimals.'),
  taxable: z.union([z.literal(0), z.literal(1)]).default(0),
  period_start: isoDateText('period start').nullable().default(null),
  period_end: isoDateText('period end').nullable().default(null),
  /** Where a tracked product leaves stock at posting; null leaves from the location holding the most of it. */
  stock_location_id: z
    .number({ error: stockLocationInvalidMessage })
    .int(stockLocationInvalidMessage)
    .positive(stockLocationInvalidMessage)
    .max(2_147_483_647, stockLocationInvalidMessage)
    .nullable()
    .default(null),
  /** Time-and-materials check-ins this labor line bills (each once: invoice_line_sources). */
  checkin_ids: z
    .array(z.number().int().positive().max(2_147_483_647), { error: checkInsInvalidMessage })
    .max(500, 'A line may bill at most 500 check-ins.')
    .optional(),
});
export type InvoiceLineInput = z.input<typeof invoiceLineInputSchema>;

/** POST /api/billing/invoices (a draft) and PUT /api/billing/invoices/{id} (drafts only). */
export const invoiceInputSchema = z
  .object({
    company_id: z.number({ error: 'The company field is required.' }).int().positive('The company field is required.'),
    type: z.enum(manualInvoiceTypes, { error: 'Choose an invoice type.' }).default('one_off'),
    project_id: z.number().int().positive().nullable().default(null),
    /** Left empty, the posting day (today in the billing time zone) is the invoice date. */
    invoice_date: isoDateText('invoice date').nullable().default(null),
    payment_terms: z
      .number({ error: 'The payment terms must be a number of days.' })
      .int('The payment terms must be a number of days.')
      .min(0, 'The payment terms may not be negative.')
      .max(365, 'The payment terms may not be more than 365 days.')
      .nullable()
      .default(null),
    memo: z.string().max(2000, 'The memo may not be greater than 2000 characters.').default(''),
    lines: z
      .array(invoiceLineInputSchema, { error: 'The lines field is required.' })
      .min(1, emptyInvoiceMessage)
      .max(500, 'An invoice may have at most 500 lines.'),
  })
  .superRefine((input, context) => {
    const seen = new Set<number>();
    input.lines.forEach((line, index) => {
      if (!line.checkin_ids?.length) return;
      const path = ['lines', index, 'checkin_ids'];
      if (line.kind !== 'labor') context.addIssue({ code: 'custom', path, message: checkInsOnLaborMessage });
      else if (
        line.checkin_ids.some((id) => {
          const again = seen.has(id);
          seen.add(id);
          return again;
        })
      )
        context.addIssue({ code: 'custom', path, message: checkInTwiceMessage });
    });
  });
export type InvoiceInput = z.input<typeof invoiceInputSchema>;

/** POST /api/billing/invoices/{id}/void */
export const voidInvoiceInputSchema = z.object({
  /** The reversal's date; today when left out (the first open day when that is locked). */
  date: isoDateText('date').optional(),
  reason: z
    .string({ error: voidReasonMessage })
    .trim()
    .min(1, voidReasonMessage)
    .max(500, 'The reason may not be greater than 500 characters.'),
});

/** POST /api/billing/invoices/{id}/credit-note: the whole invoice, or the amounts given per line (positive dollars). */
export const creditNoteInputSchema = z.object({
  date: isoDateText('date').optional(),
  reason: z
    .string({ error: voidReasonMessage })
    .trim()
    .min(1, voidReasonMessage)
    .max(500, 'The reason may not be greater than 500 characters.'),
  /**
   * Omitted: the full invoice (a tracked product's whole quantity goes back to stock). A line's quantity is how many
   * units of a tracked product come back; without one the credit is money only and returns no stock.
   */
  lines: z
    .array(
      z.object({
        invoice_line_id: z.number().int().positive(),
        amount: money('amount'),
        quantity: z
          .number({ error: 'The quantity must be a number.' })
          .positive('The quantity must be more than 0.')
          .max(1_000_000, 'The quantity is too large.')
          .refine(hasAtMostTwoDecimals, 'The quantity may have at most two decimals.')
          .optional(),
      }),
    )
    .min(1, emptyInvoiceMessage)
    .optional(),
});

/** POST /api/billing/invoices/{id}/post: the invoice date; today in the billing time zone when left out. */
export const postInvoiceInputSchema = z.object({ date: isoDateText('date').optional() });

export const bulkActions = ['approve', 'unapprove', 'post', 'send'] as const;
/** POST /api/billing/invoices/bulk: each id is done in its own transaction; the answer says what happened to each. */
export const bulkInvoiceInputSchema = z.object({
  action: z.enum(bulkActions, { error: 'Choose an action.' }),
  ids: z
    .array(z.number().int().positive(), { error: 'Choose at least one invoice.' })
    .min(1, 'Choose at least one invoice.')
    .max(500, 'Choose at most 500 invoices.'),
});
export interface BulkInvoiceResult {
  done: number[];
  failed: { id: number; message: string }[];
}

/** The list's status filter: stored statuses and the derived payment states. */
export const invoiceStatusFilters = [
  'draft',
  'approved',
  'posted',
  'open',
  'partially_paid',
  'paid',
  'overdue',
  'void',
] as const;
export const deliveryFilters = ['sent', 'failed', 'pending', 'none'] as const;

/** GET /api/billing/invoices: the spec's paginator; every filter also goes in the page's URL. */
export const invoiceListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
  status: z.enum(invoiceStatusFilters).optional(),
  type: z.enum(invoiceTypes).optional(),
  company_id: z.coerce.number().int().positive().optional(),
  project_id: z.coerce.number().int().positive().optional(),
  from: isoDateText('from date').optional(),
  to: isoDateText('to date').optional(),
  due_from: isoDateText('due from date').optional(),
  due_to: isoDateText('due to date').optional(),
  /** 'YYYY-MM' of the run (billing_month). */
  run_month: z
    .string()
    .regex(/^\d{4}-\d{2}$/, 'The month must look like 2026-04.')
    .optional(),
  delivery: z.enum(deliveryFilters).optional(),
  /** '1': posted, paperless No, not yet printed. */
  to_print: z.enum(['1']).optional(),
  /** Number or draft id, as typed ('INV-0001', '1042'). */
  number: z.string().trim().max(40).optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export interface InvoiceRow {
  id: number;
  /** 'INV-000123', 'CN-000004', or null for a draft. */
  number: string | null;
  /** The number, or 'Draft 1042'. */
  label: string;
  type: InvoiceType;
  status: InvoiceStatus;
  /** Derived from status, balance and due date as of today in the billing time zone. */
  state: PaymentState;
  company_id: number;
  company_name: string;
  project_id: number | null;
  contract_id: number | null;
  run_id: number | null;
  billing_month: string | null;
  invoice_date: string | null;
  due_date: string | null;
  payment_terms: number;
  subtotal: number;
  tax_total: number;
  total: number;
  balance: number;
  paperless: number;
  /** Deliveries of the latest revision: none (never sent), pending, sent (all sent), failed (any failed). */
  delivery: (typeof deliveryFilters)[number];
  created_at: string;
}

export interface InvoiceListResponse {
  data: InvoiceRow[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  from: number | null;
  to: number | null;
}

/** GET /api/billing/unbilled-time?company_id=: closed billable check-ins not yet billed on any invoice line. */
export const unbilledTimeQuerySchema = z.object({
  company_id: z.coerce.number({ error: 'The company field is required.' }).int().positive(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
});
export interface UnbilledTimeRow {
  id: number;
  user_id: number;
  user_name: string;
  ticket_id: number | null;
  project_id: number | null;
  start_time: string;
  end_time: string;
  /** Hours worked, to the hundredth (as monthly usage counts them). */
  hours: number;
}

/** GET /api/billing/companies/{id}/recurring-lines?month=YYYY-MM: the governing contract's recurring items. */
export const recurringLinesQuerySchema = z.object({
  month: z
    .string({ error: 'The month field is required.' })
    .regex(/^\d{4}-\d{2}$/, 'The month must look like 2026-04.'),
});

/** POST /api/billing/companies/{id}/checkin-lines: labor lines for chosen unbilled check-ins, as the run bills them. */
export const checkInLinesInputSchema = z.object({
  checkin_ids: z
    .array(z.number().int().positive().max(2_147_483_647), { error: 'Choose at least one check-in.' })
    .min(1, 'Choose at least one check-in.')
    .max(500, 'Choose at most 500 check-ins.'),
});

/** A line a source proposes for the new invoice: the line input as the form sends it back. */
export type SourceLine = Omit<z.output<typeof invoiceLineInputSchema>, 'stock_location_id'> & {
  /** Sources name no stock location (recurring items and labor are not stock). */
  stock_location_id?: number | null;
};
export interface SourceLinesResponse {
  /** The contract the recurring items are from (null: none governs the month); null for check-in lines. */
  contract_id: number | null;
  lines: SourceLine[];
}

/** What a computed line was computed from, for "how was this computed" and the usage block of contract invoices. */
export interface LineExplain {
  /** One sentence a bookkeeper reads: '25 devices × $125.00, 18 of 30 days'. */
  summary: string;
  contract_id?: number;
  usage_month?: string;
  retainer_hours?: number;
  used_hours?: number;
  rollover_in?: number;
  balance_hours?: number;
  overage_hours?: number;
  rate?: number;
  days?: number;
  of_days?: number;
  /** Late fee: the base and the invoices it came from. */
  base?: number;
  percent?: number;
  invoice_ids?: number[];
  /** Time and materials: the check-ins billed. */
  check_in_ids?: number[];
}

export interface InvoiceLineRow {
  id: number;
  line_no: number;
  kind: InvoiceLineKind;
  item_id: number | null;
  item_name: string | null;
  account_id: number | null;
  description: string;
  quantity: number;
  unit_price: number;
  proration: { days: number; of: number } | null;
  amount: number;
  taxable: 0 | 1;
  tax_amount: number;
  period_start: string | null;
  period_end: string | null;
  /** The stock location a tracked product leaves (posted: left) from; null for other lines and undecided drafts. */
  stock_location_id: number | null;
  explain: LineExplain | null;
}

export interface InvoiceAllocationRow {
  id: number;
  source_type: 'payment' | 'credit_note' | 'write_off';
  source_id: number;
  /** 'Check 1042', 'CN-000004', 'Write-off'. */
  source_label: string;
  amount: number;
  applied_on: string;
  unapplied_on: string | null;
}

export interface InvoiceDeliveryRow {
  id: number;
  revision: number;
  recipient: string;
  status: 'pending' | 'sent' | 'failed' | 'outbox';
  attempts: number;
  error: string;
  sent_at: string | null;
}

export interface InvoiceEventRow {
  id: number;
  event: string;
  actor_id: number | null;
  actor_name: string | null;
  at: string;
  data: Record<string, unknown>;
}

export interface InvoiceDetail extends InvoiceRow {
  memo: string;
  bill_to: { name: string; address: string } | null;
  tax_rate: { id: number; name: string; percent: string } | null;
  tax_exempt_certificate: string;
  late_fee_total: number;
  closed_on: string | null;
  credited_invoice_id: number | null;
  /** Credit notes raised against this invoice. */
  credit_note_ids: number[];
  approved_by: number | null;
  approved_at: string | null;
  posted_by: number | null;
  posted_at: string | null;
  voided_by: number | null;
  voided_at: string | null;
  void_reason: string;
  journal_entry_id: number | null;
  journal_entry: JournalEntryRow | null;
  lines: InvoiceLineRow[];
  allocations: InvoiceAllocationRow[];
  deliveries: InvoiceDeliveryRow[];
  events: InvoiceEventRow[];
}

// Answer schemas: tests hold the routes' answers to them (every field, no other), and clients may parse with them.
const nullableText = z.string().nullable();
export const invoiceRowSchema = z.object({
  id: z.number().int(),
  number: nullableText,
  label: z.string(),
  type: z.enum(invoiceTypes),
  status: z.enum(invoiceStatuses),
  state: z.enum(paymentStates),
  company_id: z.number().int(),
  company_name: z.string(),
  project_id: z.number().int().nullable(),
  contract_id: z.number().int().nullable(),
  run_id: z.number().int().nullable(),
  billing_month: nullableText,
  invoice_date: nullableText,
  due_date: nullableText,
  payment_terms: z.number().int(),
  subtotal: z.number(),
  tax_total: z.number(),
  total: z.number(),
  balance: z.number(),
  paperless: z.number().int(),
  delivery: z.enum(deliveryFilters),
  created_at: z.string(),
}) satisfies z.ZodType<InvoiceRow>;

const journalEntrySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  entry_date: z.string(),
  source_type: z.enum(journalSourceTypes),
  source_id: z.number().int().nullable(),
  reverses_id: z.number().int().nullable(),
  reversed_by_id: z.number().int().nullable(),
  memo: z.string(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  total: z.number(),
  lines: z.array(
    z.object({
      id: z.number().int(),
      line_no: z.number().int(),
      account_id: z.number().int(),
      account_number: z.string(),
      account_name: z.string(),
      debit: z.number(),
      credit: z.number(),
      company_id: z.number().int().nullable(),
      company_name: nullableText,
      vendor_id: z.number().int().nullable(),
      memo: z.string(),
    }),
  ),
}) satisfies z.ZodType<JournalEntryRow>;

const explainSchema = z
  .object({
    summary: z.string(),
    contract_id: z.number().optional(),
    usage_month: z.string().optional(),
    retainer_hours: z.number().optional(),
    used_hours: z.number().optional(),
    rollover_in: z.number().optional(),
    balance_hours: z.number().optional(),
    overage_hours: z.number().optional(),
    rate: z.number().optional(),
    days: z.number().optional(),
    of_days: z.number().optional(),
    base: z.number().optional(),
    percent: z.number().optional(),
    invoice_ids: z.array(z.number()).optional(),
    check_in_ids: z.array(z.number()).optional(),
  })
  .nullable() satisfies z.ZodType<LineExplain | null>;

export const invoiceDetailSchema = invoiceRowSchema.extend({
  memo: z.string(),
  bill_to: z.object({ name: z.string(), address: z.string() }).nullable(),
  tax_rate: z.object({ id: z.number().int(), name: z.string(), percent: z.string() }).nullable(),
  tax_exempt_certificate: z.string(),
  late_fee_total: z.number(),
  closed_on: nullableText,
  credited_invoice_id: z.number().int().nullable(),
  credit_note_ids: z.array(z.number().int()),
  approved_by: z.number().int().nullable(),
  approved_at: nullableText,
  posted_by: z.number().int().nullable(),
  posted_at: nullableText,
  voided_by: z.number().int().nullable(),
  voided_at: nullableText,
  void_reason: z.string(),
  journal_entry_id: z.number().int().nullable(),
  journal_entry: journalEntrySchema.nullable(),
  lines: z.array(
    z.object({
      id: z.number().int(),
      line_no: z.number().int(),
      kind: z.enum(invoiceLineKinds),
      item_id: z.number().int().nullable(),
      item_name: nullableText,
      account_id: z.number().int().nullable(),
      description: z.string(),
      quantity: z.number(),
      unit_price: z.number(),
      proration: z.object({ days: z.number().int(), of: z.number().int() }).nullable(),
      amount: z.number(),
      taxable: z.union([z.literal(0), z.literal(1)]),
      tax_amount: z.number(),
      period_start: nullableText,
      period_end: nullableText,
      stock_location_id: z.number().int().nullable(),
      explain: explainSchema,
    }),
  ),
  allocations: z.array(
    z.object({
      id: z.number().int(),
      source_type: z.enum(['payment', 'credit_note', 'write_off']),
      source_id: z.number().int(),
      source_label: z.string(),
      amount: z.number(),
      applied_on: z.string(),
      unapplied_on: nullableText,
    }),
  ),
  deliveries: z.array(
    z.object({
      id: z.number().int(),
      revision: z.number().int(),
      recipient: z.string(),
      status: z.enum(['pending', 'sent', 'failed', 'outbox']),
      attempts: z.number().int(),
      error: z.string(),
      sent_at: nullableText,
    }),
  ),
  events: z.array(
    z.object({
      id: z.number().int(),
      event: z.string(),
      actor_id: z.number().int().nullable(),
      actor_name: nullableText,
      at: z.string(),
      data: z.record(z.string(), z.unknown()),
    }),
  ),
}) satisfies z.ZodType<InvoiceDetail>;
