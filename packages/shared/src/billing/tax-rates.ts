import { z } from 'zod';
import { isoDateText } from '../validation.ts';

// Tax rates and company billing settings (designs/billing.md §3.3; decision 0066): the contract the server checks and
// the /billing/taxrates form shares, so both say the same words.

export const ratePercentRangeMessage = 'The rate must be between 0 and 100.';
export const ratePercentDecimalsMessage = 'The rate may have at most 4 decimal places.';
export const rateUsedMessage = 'This rate is used on posted invoices: end-date it and add a new rate.';
export const rateDatesMessage = 'The end date may not be before the start date.';

/** '7.25', 7.25 or '7.2500' → 7.25; blank or text fails with the range message. */
const percentSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value),
  z
    .number({ error: ratePercentRangeMessage })
    .refine((n) => Number.isFinite(n) && n >= 0 && n <= 100, ratePercentRangeMessage)
    .refine((n) => Math.abs(Math.round(n * 10_000) - n * 10_000) < 1e-6, ratePercentDecimalsMessage),
);

const nameSchema = z
  .string({ error: 'The name field is required.' })
  .trim()
  .min(1, 'The name field is required.')
  .max(120, 'The name may not be greater than 120 characters.');

export const taxRateInputSchema = z
  .object({
    name: nameSchema,
    jurisdiction: z
      .string({ error: 'The jurisdiction field is required.' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'The jurisdiction must be a two-letter state code.'),
    dor_code: z.string().trim().max(40, 'The DOR code may not be greater than 40 characters.').default(''),
    percent: percentSchema,
    /** Null or absent: the 2100 Sales Tax Payable account. */
    liability_account_id: z.number().int().positive().nullable().default(null),
    effective_from: isoDateText('effective from date'),
    effective_to: isoDateText('effective to date').nullable().default(null),
    active: z.boolean().default(true),
  })
  .superRefine((input, ctx) => {
    if (input.effective_to !== null && input.effective_to < input.effective_from)
      ctx.addIssue({ code: 'custom', path: ['effective_to'], message: rateDatesMessage });
  });
export type TaxRateInput = z.input<typeof taxRateInputSchema>;

/**
 * POST /api/billing/taxrates/{id}/replace: the rate ends on `end_on` and a new one (same jurisdiction, DOR code and
 * account) starts the day after, in one transaction (decision 0082).
 */
export const taxRateReplaceInputSchema = z.object({
  end_on: isoDateText('end date'),
  name: nameSchema,
  percent: percentSchema,
});
export type TaxRateReplaceInput = z.input<typeof taxRateReplaceInputSchema>;
export type TaxRateReplaceValues = z.output<typeof taxRateReplaceInputSchema>;
export type TaxRateValues = z.output<typeof taxRateInputSchema>;

export interface TaxRate {
  id: number;
  name: string;
  jurisdiction: string;
  dor_code: string;
  /** '7.2500' as stored (numeric(7,4)). */
  percent: string;
  liability_account_id: number;
  liability_account: { id: number; number: string; name: string };
  effective_from: string;
  effective_to: string | null;
  active: boolean;
  /** Companies whose billing settings name this rate. */
  companies_using: number;
  /** On a posted invoice: its percent stays (decision 0066). */
  used_on_posted_invoices: boolean;
}

export interface TaxRateOption {
  id: number;
  name: string;
  jurisdiction: string;
  percent: string;
}

export const companyBillingSettingsInputSchema = z.object({
  tax_rate_id: z.number().int().positive().nullable().default(null),
  tax_exempt: z.boolean().default(false),
  exempt_certificate: z
    .string()
    .trim()
    .max(60, 'The certificate number may not be greater than 60 characters.')
    .default(''),
  exempt_expires_on: isoDateText('exemption expiry date').nullable().default(null),
  billing_site_id: z.number().int().positive().nullable().default(null),
  separate_overage_invoice: z.boolean().default(false),
  waive_late_fees: z.boolean().default(false),
  invoice_notes: z.string().max(2000, 'The invoice notes may not be greater than 2000 characters.').default(''),
});
export type CompanyBillingSettingsInput = z.input<typeof companyBillingSettingsInputSchema>;
export type CompanyBillingSettings = z.output<typeof companyBillingSettingsInputSchema> & { company_id: number };
