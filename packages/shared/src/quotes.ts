import { z } from 'zod';
import { isoDateText } from './validation.ts';

// Quotes (designs/billing.md §3.5): the save and send calls the documents issue needs; the billing issue adds the
// list, the editor and the client's accept link on top.

export const quoteSavedMessage = 'Quote saved.';
export const quoteSentMessage = 'Quote sent.';

const decimalText = (label: string, places: number) =>
  z
    .union([z.string(), z.number()], { error: `The ${label} field is required.` })
    .transform((value) => String(value).trim())
    .refine((value) => new RegExp(`^\\d{1,8}(\\.\\d{1,${places}})?$`).test(value), {
      error: `The ${label} must be a number of at least 0 with at most ${places} decimals.`,
    });

export const quoteLineInputSchema = z.object({
  description: z
    .string({ error: 'The description field is required.' })
    .trim()
    .min(1, 'The description field is required.')
    .max(500, 'The description may not be greater than 500 characters.'),
  quantity: decimalText('quantity', 2),
  unit_price: decimalText('unit price', 4),
  optional: z.boolean().optional().default(false),
});

export const quoteInputSchema = z
  .object({
    company_id: z.coerce
      .number({ error: 'Choose a company.' })
      .int('Choose a company.')
      .positive('Choose a company.')
      .max(2_147_483_647, 'Choose a company.'),
    title: z
      .string({ error: 'The title field is required.' })
      .trim()
      .min(1, 'The title field is required.')
      .max(200, 'The title may not be greater than 200 characters.'),
    quote_date: isoDateText('quote date'),
    valid_until: isoDateText('valid until').nullable().optional(),
    terms: z.string().max(2000, 'The terms may not be greater than 2000 characters.').optional().default(''),
    lines: z
      .array(quoteLineInputSchema, { error: 'The lines field must be a list.' })
      .min(1, 'Add at least one line.')
      .max(200, 'A quote may have at most 200 lines.'),
  })
  .refine((quote) => !quote.valid_until || quote.valid_until >= quote.quote_date, {
    path: ['valid_until'],
    error: 'The valid until date must be on or after the quote date.',
  });
export type QuoteInputBody = z.input<typeof quoteInputSchema>;

export const quoteSavedSchema = z.object({
  message: z.string(),
  data: z.object({
    id: z.number().int(),
    number: z.string().nullable(),
    status: z.string(),
    revision: z.number().int().nullable(),
  }),
});
