import { z } from 'zod';
import { quoteLineInputSchema } from '../quotes.ts';
import { isoDateText } from '../validation.ts';
import { documentTax, applyPercent } from './tax.ts';
import { lineAmount } from './money.ts';

// /billing/quotes (designs/billing.md §3.5, §5, §6; issue 27 part 5): the list, the editor's contract with optional
// and selected lines, tax and the conversion to a draft invoice. Shared by the page's forms and the routes.

export const quoteStatuses = ['draft', 'sent', 'accepted', 'declined', 'expired', 'converted'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];
export const quoteStatusLabels: Record<QuoteStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  converted: 'Converted',
};

export const quoteOnlyDraftMessage = 'Only a draft or sent quote can be changed.';
export const quoteOnlyDraftDeleteMessage = 'Only a draft quote can be deleted.';
export const quoteAnswerMessage = 'Only a sent quote can be accepted or declined.';
export const quoteConvertMessage = 'Only an accepted quote can be converted.';
export const quoteDeletedMessage = 'Quote deleted.';
export const quoteAcceptedMessage = 'Quote accepted.';
export const quoteDeclinedMessage = 'Quote declined.';
export const quoteConvertedMessage = 'Draft invoice created.';
export const quoteUnknownProjectMessage = "The selected project is invalid or not this company's.";
export const depositPercentMessage = 'The percent must be more than 0 and at most 100.';

/** A line of the billing editor: the documents' line plus the client's choice, tax and the catalogue item. */
export const billingQuoteLineSchema = quoteLineInputSchema.extend({
  /** An optional line counts in the total (and is billed) only when selected. */
  selected: z.boolean().optional().default(false),
  taxable: z
    .union([z.literal(0), z.literal(1)])
    .optional()
    .default(0),
  item_id: z.number().int().positive().max(2_147_483_647).nullable().optional().default(null),
});
export type BillingQuoteLineInput = z.input<typeof billingQuoteLineSchema>;

/** POST /api/billing/quotes and PUT /api/billing/quotes/{id} (drafts only). */
export const billingQuoteInputSchema = z
  .object({
    company_id: z.coerce
      .number({ error: 'Choose a company.' })
      .int('Choose a company.')
      .positive('Choose a company.')
      .max(2_147_483_647, 'Choose a company.'),
    project_id: z.number().int().positive().max(2_147_483_647).nullable().optional().default(null),
    title: z
      .string({ error: 'The title field is required.' })
      .trim()
      .min(1, 'The title field is required.')
      .max(200, 'The title may not be greater than 200 characters.'),
    quote_date: isoDateText('quote date'),
    valid_until: isoDateText('valid until').nullable().optional(),
    terms: z.string().max(2000, 'The terms may not be greater than 2000 characters.').optional().default(''),
    lines: z
      .array(billingQuoteLineSchema, { error: 'The lines field must be a list.' })
      .min(1, 'Add at least one line.')
      .max(200, 'A quote may have at most 200 lines.'),
  })
  .refine((quote) => !quote.valid_until || quote.valid_until >= quote.quote_date, {
    path: ['valid_until'],
    error: 'The valid until date must be on or after the quote date.',
  });
export type BillingQuoteInput = z.input<typeof billingQuoteInputSchema>;

/** GET /api/billing/quotes: the GUIDE's paginator; the page keeps every filter in its URL. */
export const quoteListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
  status: z.enum(quoteStatuses).optional(),
  company_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  project_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  from: isoDateText('from date').optional(),
  to: isoDateText('to date').optional(),
});
export type QuoteListQuery = z.infer<typeof quoteListQuerySchema>;

/** The link's pre-filled message for a quote without a project (a project's quote uses the Labor Quote Approval's). */
export const defaultQuoteLinkMessage = (title: string) =>
  `Please review the quote "${title}" and approve it, or deny it with a comment, through the link below.`;

/**
 * POST /api/billing/quotes/{id}/send: an empty body numbers the quote and makes its PDF; `to` (client accounts of
 * the company or addresses) also mails each one decision 0046's single-use approval link for it.
 * The recipients and the message are checked by laborApprovalInputSchema on the server.
 */
export const quoteSendInputSchema = z
  .object({ to: z.array(z.unknown()).max(100).optional(), message: z.string().max(10_000).optional() })
  .nullable()
  .optional();
export type QuoteSendInput = z.input<typeof quoteSendInputSchema>;

/** POST /api/billing/quotes/{id}/convert. */
export const quoteConvertInputSchema = z
  .object({
    mode: z.enum(['full', 'deposit'], { error: 'Choose full or deposit.' }),
    percent: z
      .number({ error: depositPercentMessage })
      .gt(0, depositPercentMessage)
      .max(100, depositPercentMessage)
      .refine((value) => /^\d+(\.\d{1,2})?$/.test(String(value)), 'The percent may have at most two decimals.')
      .optional(),
  })
  .refine((input) => input.mode === 'full' || input.percent !== undefined, {
    path: ['percent'],
    error: depositPercentMessage,
  });
export type QuoteConvertInput = z.input<typeof quoteConvertInputSchema>;

/** Money in the answers is dollars (two decimals), as the invoices'. */
export interface QuoteRow {
  id: number;
  number: string | null;
  title: string;
  quote_date: string;
  valid_until: string | null;
  company_id: number;
  company: string;
  project_id: number | null;
  project: string | null;
  status: QuoteStatus;
  subtotal: number;
  tax_total: number;
  total: number;
}

export interface QuoteLineRow {
  id: number;
  line_no: number;
  description: string;
  quantity: string;
  unit_price: string;
  amount: number;
  optional: boolean;
  selected: boolean;
  taxable: 0 | 1;
  tax_amount: number;
  item_id: number | null;
}

export interface QuoteDetail extends QuoteRow {
  terms: string;
  tax_rate_id: number | null;
  accepted_at: string | null;
  accepted_by_user_id: number | null;
  accepted_email: string | null;
  declined_at: string | null;
  converted_invoice_ids: number[];
  lines: QuoteLineRow[];
}

export interface QuoteListResponse {
  data: QuoteRow[];
  total: number;
  current_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  last_page: number;
}

/** QuoteUpdated on the billing channel. */
export interface QuoteUpdatedPayload {
  id: number;
  company_id: number;
}

/** A line counts in the total (and is billed) unless it is optional and the client did not choose it. */
export const quoteLineCounts = (line: { optional: boolean; selected: boolean }): boolean =>
  !line.optional || line.selected;

export interface QuoteTotalsInput {
  lines: readonly { quantity: string; unitPrice: string; optional: boolean; selected: boolean; taxable: 0 | 1 }[];
  percent: string | null;
  exempt: boolean;
}

/**
 * Each line's amount (cents), its share of the tax, and the quote's totals: tax once on the counted taxable lines
 * (documentTax, decision 0066); optional lines not selected carry no tax and are not in the totals.
 */
export function quoteTotals({ lines, percent, exempt }: QuoteTotalsInput) {
  const amounts = lines.map((line) => lineAmount(line.quantity, line.unitPrice));
  const counted = lines.map(quoteLineCounts);
  const tax = documentTax({
    lines: lines.map((line, index) => ({
      amount: counted[index] ? amounts[index]! : 0,
      taxable: counted[index]! && line.taxable === 1,
    })),
    percent,
    exempt,
  });
  const subtotal = amounts.reduce((sum, amount, index) => sum + (counted[index] ? amount : 0), 0);
  return { amounts, lineTaxes: tax.lineTaxes, subtotal, taxTotal: tax.tax, total: subtotal + tax.tax };
}

/** A deposit of N % of the quote's total, rounded once half away from zero. */
export const depositCents = (totalCents: number, percent: number): number => applyPercent(totalCents, String(percent));

/** 'Deposit 30% of Q-000123'. */
export const depositDescription = (percent: number, number: string) => `Deposit ${percent}% of ${number}`;
