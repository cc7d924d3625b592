import { z } from 'zod';
import { quoteInputSchema, quoteLineInputSchema } from './quotes.ts';

// Product Requirements (order 4) and Project Quotes (order 5) of a project, and the gate they put on Labor Quote
// Approval (order 6): spec 3 §2 Step panels, §3 Product requirement, §4, §5, §8; decision 0047.

export const PRODUCT_REQUIREMENTS_ORDER = 4;
export const PROJECT_QUOTES_ORDER = 5;
export const LABOR_QUOTE_APPROVAL_ORDER = 6;

/** Spec 3 §5, §9: a requirement's option is 1 to 10. */
export const PRODUCT_OPTION_MIN = 1;
export const PRODUCT_OPTION_MAX = 10;
export const productOptions = Array.from({ length: PRODUCT_OPTION_MAX }, (_, index) => index + PRODUCT_OPTION_MIN);

export const projectQuoteMessages = {
  requirementsSaved: 'Product requirements saved.',
  quoteSaved: 'Quote saved.',
  quoteCompleted: 'Quote completed.',
  /** Spec 3 §2, §8 verbatim: closing Labor Quote Approval while a quote is not done. */
  quotesIncomplete: "Can't close until all quotes completed.",
  project: 'Choose a project.',
  products: 'List the product requirements.',
  tooMany: 'Keep the list to 100 product requirements.',
  option: 'Choose an option from 1 to 10.',
  product: 'The product field is required.',
  productLength: 'The product may not be greater than 500 characters.',
  quote: 'Choose a quote of this project.',
  quoteTaken: 'That quote already belongs to another requirement.',
  requirement: 'Choose a product requirement of this project.',
  requirementQuoted: 'This requirement already has a quote.',
} as const;

/**
 * Decision 0047: a quote is completed once it is issued, numbered with its PDF (sent) or further along (accepted by
 * the client, converted to an invoice). A draft, or a declined or expired quote that needs another issue, is not.
 */
export const completedQuoteStatuses = ['sent', 'accepted', 'converted'] as const;
export const isQuoteCompleted = (status: string) => (completedQuoteStatuses as readonly string[]).includes(status);

/**
 * Decision 0073: who writes a project's quotes (create, edit, Mark Done) without the billing screens: the project's
 * coordinator, its quoter (who also works its Project Quotes step ticket), and staff with 'view billing'. Client
 * accounts never. The server holds the same rule (project-quotes.service.ts); the panel offers its buttons by this one.
 */
export function mayWriteProjectQuotes(
  project: { coordinator_id: number | null; quoter_id: number | null },
  user: { id: number; type: string },
  permissions: readonly string[],
): boolean {
  if (user.type !== 'Employee') return false;
  if (permissions.includes('view billing')) return true;
  return user.id === project.coordinator_id || user.id === project.quoter_id;
}

const MAX_ID = 2_147_483_647;
const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const optionalId = (message: string) =>
  z.preprocess(
    blankToNull,
    z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message).nullable(),
  );
const requiredId = (message: string) =>
  z.preprocess(blankToNull, z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message));

/** One row of the Product Requirements panel as the form sends it; id only for a saved row. */
export const productRequirementInputSchema = z.object({
  id: optionalId(projectQuoteMessages.requirement).default(null),
  option: z.preprocess(
    blankToNull,
    z.coerce
      .number({ error: projectQuoteMessages.option })
      .int(projectQuoteMessages.option)
      .min(PRODUCT_OPTION_MIN, projectQuoteMessages.option)
      .max(PRODUCT_OPTION_MAX, projectQuoteMessages.option),
  ),
  product: z
    .string({ error: projectQuoteMessages.product })
    .trim()
    .min(1, projectQuoteMessages.product)
    .max(500, projectQuoteMessages.productLength),
  quote_id: optionalId(projectQuoteMessages.quote).default(null),
});

/** 'Product Requirements' (spec 3 §7: products): the project's whole list, replacing the saved one. */
export const productRequirementsInputSchema = z.object({
  project_id: requiredId(projectQuoteMessages.project),
  products: z
    .array(productRequirementInputSchema, { error: projectQuoteMessages.products })
    .max(100, projectQuoteMessages.tooMany),
});
export type ProductRequirementsInput = z.output<typeof productRequirementsInputSchema>;
export type ProductRequirementInputRow = z.input<typeof productRequirementInputSchema>;

/** A project quote as the panels read it: enough for its link, status and total (USD, dollars). */
export const projectQuoteSummarySchema = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  title: z.string(),
  status: z.string(),
  total: z.number(),
  completed: z.boolean(),
});
export type ProjectQuoteSummary = z.infer<typeof projectQuoteSummarySchema>;

/** Spec 3 §3 Product requirement: id, option (1 to 10), product, quote_id, quote. */
export const productRequirementSchema = z.object({
  id: z.number().int(),
  option: z.number().int(),
  product: z.string(),
  quote_id: z.number().int().nullable(),
  quote: projectQuoteSummarySchema.nullable(),
});
export type ProductRequirement = z.infer<typeof productRequirementSchema>;

/** Every quote of the project (those of a requirement removed since included), for the Project Quotes panel. */
export const projectQuoteSchema = projectQuoteSummarySchema.extend({ requirement_id: z.number().int().nullable() });
export type ProjectQuote = z.infer<typeof projectQuoteSchema>;

/**
 * A project quote's editor (POST /api/project/{id}/quotes, PUT /api/project/quotes/{id}): billing's quote fields
 * (the company is the project's), plus on creation the requirement it prices.
 */
const projectQuoteFields = {
  title: quoteInputSchema.shape.title,
  quote_date: quoteInputSchema.shape.quote_date,
  valid_until: quoteInputSchema.shape.valid_until,
  terms: quoteInputSchema.shape.terms,
  lines: quoteInputSchema.shape.lines,
};
const validUntilCheck = (quote: { quote_date: string; valid_until?: string | null }) =>
  !quote.valid_until || quote.valid_until >= quote.quote_date;
const validUntilError = {
  path: ['valid_until'],
  error: 'The valid until date must be on or after the quote date.',
};
export const projectQuoteInputSchema = z.object(projectQuoteFields).refine(validUntilCheck, validUntilError);
export type ProjectQuoteInput = z.output<typeof projectQuoteInputSchema>;
export const createProjectQuoteInputSchema = z
  .object({ requirement_id: requiredId(projectQuoteMessages.requirement), ...projectQuoteFields })
  .refine(validUntilCheck, validUntilError);
export type CreateProjectQuoteInput = z.output<typeof createProjectQuoteInputSchema>;
export type ProjectQuoteLineInput = z.input<typeof quoteLineInputSchema>;

/** GET /api/project/quotes/{id}: one quote with its lines, for the editor. */
export const projectQuoteDetailSchema = projectQuoteSchema.extend({
  project_id: z.number().int(),
  quote_date: z.string(),
  valid_until: z.string().nullable(),
  terms: z.string(),
  lines: z.array(
    z.object({
      description: z.string(),
      quantity: z.string(),
      unit_price: z.string(),
      amount: z.number(),
      optional: z.boolean(),
    }),
  ),
});
export type ProjectQuoteDetail = z.infer<typeof projectQuoteDetailSchema>;

/**
 * The gate on Labor Quote Approval (decision 0047): it closes only when every requirement has a quote and every quote
 * of the project is completed. The server holds the same rule in SQL; the step card shows the message from this one.
 */
export function quotesBlockClosing(project: {
  product_requirements: { quote_id: number | null }[];
  quotes: { completed: boolean }[];
}): string | null {
  const unquoted = project.product_requirements.some((requirement) => requirement.quote_id === null);
  const open = project.quotes.some((quote) => !quote.completed);
  return unquoted || open ? projectQuoteMessages.quotesIncomplete : null;
}
