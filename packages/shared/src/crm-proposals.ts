import { z } from 'zod';
import { centsFromDollars, dollarsFromCents, multiplyCents, numericFromUnits } from './billing/money.ts';
import { isoDateText } from './validation.ts';

// CRM proposals (designs/crm-softphone.md §2.2, §4.7, §5; issue 30 part 6): a lead's offer of monthly and one-time
// lines, totals in USD, a PDF (document type 'proposal') and a mailed single-use acceptance link. Money travels as
// dollars with at most two decimals and is integer cents in between (billing/money.ts); quantities have two decimals.

export const proposalStatuses = ['draft', 'sent', 'accepted', 'declined', 'expired'] as const;
export type ProposalStatus = (typeof proposalStatuses)[number];
export const proposalStatusLabels: Record<ProposalStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
};

export const proposalLineKinds = ['monthly', 'one_time'] as const;
export type ProposalLineKind = (typeof proposalLineKinds)[number];
export const proposalLineKindLabels: Record<ProposalLineKind, string> = { monthly: 'Monthly', one_time: 'One-time' };

/** Days a mailed acceptance link stays usable (it also dies with the proposal's valid until date). */
export const PROPOSAL_LINK_TTL_DAYS = 30;

/** Largest unit price and total: numeric(12,2). Largest quantity: numeric(10,2). */
export const PROPOSAL_MAX_CENTS = 999_999_999_999;
export const PROPOSAL_MAX_QUANTITY = 99_999_999.99;

export const proposalMessages = {
  created: 'The proposal was created.',
  saved: 'The proposal was saved.',
  deleted: 'The proposal was deleted.',
  sent: 'The proposal was sent.',
  onlyOpenChange: 'Only a draft or sent proposal can be changed.',
  onlyDraftDelete: 'Only a draft proposal can be deleted.',
  onlyOpenSend: 'Only a draft or sent proposal can be sent.',
  validUntilPassed: 'The valid until date has passed.',
  noRecipient: 'The lead has no e-mail address: type one.',
  lead: 'The selected lead is invalid.',
  quantityDecimals: 'The quantity may have at most two decimals.',
  quantityPositive: 'The quantity must be more than 0.',
  quantityMax: 'The quantity is too large.',
  priceDecimals: 'The unit price may have at most two decimals.',
  priceNegative: 'The unit price may not be negative.',
  priceMax: 'The unit price is too large.',
  totalMax: 'The total is too large.',
  linkInvalid: 'This link is not valid.',
  linkUsed: 'This proposal has already been answered.',
  linkExpired: 'This link has expired.',
  accepted: 'Thank you: the proposal was accepted.',
  declined: 'The proposal was declined.',
  nameRequired: 'Type your name.',
} as const;

const positiveId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

/** One line of the editor: dollars and quantities with at most two decimals, never a float in the sums. */
export const proposalLineInputSchema = z.object({
  kind: z.enum(proposalLineKinds, { error: 'Choose monthly or one-time.' }),
  description: z
    .string({ error: 'The description field is required.' })
    .trim()
    .min(1, 'The description field is required.')
    .max(500, 'The description may not be greater than 500 characters.'),
  quantity: z
    .number({ error: 'The quantity must be a number.' })
    .refine((value) => centsFromDollars(value) !== null, proposalMessages.quantityDecimals)
    .refine((value) => value > 0, proposalMessages.quantityPositive)
    .refine((value) => value <= PROPOSAL_MAX_QUANTITY, proposalMessages.quantityMax),
  unit_price: z
    .number({ error: 'The unit price must be a number.' })
    .refine((value) => centsFromDollars(value) !== null, proposalMessages.priceDecimals)
    .refine((value) => value >= 0, proposalMessages.priceNegative)
    .refine((value) => value <= PROPOSAL_MAX_CENTS / 100, proposalMessages.priceMax),
});
export type ProposalLineInput = z.input<typeof proposalLineInputSchema>;

/** A line's amount in cents: unit price × quantity, rounded once, half away from zero. */
export function proposalLineCents(line: { quantity: number; unit_price: number }): number {
  const quantity = centsFromDollars(line.quantity);
  const price = centsFromDollars(line.unit_price);
  if (quantity === null || price === null) return 0;
  return multiplyCents(price, numericFromUnits(quantity, 2));
}

/** The monthly and one-time totals in cents. */
export function proposalTotals(lines: readonly { kind: ProposalLineKind; quantity: number; unit_price: number }[]) {
  let monthly = 0;
  let oneTime = 0;
  for (const line of lines) {
    const amount = proposalLineCents(line);
    if (line.kind === 'monthly') monthly += amount;
    else oneTime += amount;
  }
  return { monthlyCents: monthly, oneTimeCents: oneTime };
}

/** POST /api/crm/proposals and PUT /api/crm/proposals/{id}. */
export const proposalInputSchema = z
  .object({
    lead_id: positiveId(proposalMessages.lead),
    title: z
      .string({ error: 'The title field is required.' })
      .trim()
      .min(1, 'The title field is required.')
      .max(200, 'The title may not be greater than 200 characters.'),
    valid_until: isoDateText('valid until').nullable().optional().default(null),
    lines: z
      .array(proposalLineInputSchema, { error: 'The lines field must be a list.' })
      .min(1, 'Add at least one line.')
      .max(100, 'A proposal may have at most 100 lines.'),
  })
  .superRefine((proposal, context) => {
    const lines = proposal.lines.filter((line) => proposalLineInputSchema.safeParse(line).success);
    const totals = proposalTotals(lines);
    if (totals.monthlyCents > PROPOSAL_MAX_CENTS || totals.oneTimeCents > PROPOSAL_MAX_CENTS)
      context.addIssue({ code: 'custom', path: ['lines'], message: proposalMessages.totalMax });
  });
export type ProposalInput = z.input<typeof proposalInputSchema>;
export type ProposalValues = z.output<typeof proposalInputSchema>;

/** POST /api/crm/proposals/{id}/send: to the lead's e-mail unless another address is typed. */
export const proposalSendInputSchema = z.object({
  to: z
    .string()
    .trim()
    .max(254, 'The e-mail may not be greater than 254 characters.')
    .pipe(z.union([z.literal(''), z.email('The e-mail must be a valid e-mail address.')]))
    .optional()
    .default(''),
  message: z.string().trim().max(2000, 'The message may not be greater than 2000 characters.').optional().default(''),
});
export type ProposalSendInput = z.input<typeof proposalSendInputSchema>;

export const proposalListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
  status: z.enum(proposalStatuses).optional(),
  lead_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  search: z.string().trim().max(200).optional(),
});
export type ProposalListQuery = z.output<typeof proposalListQuerySchema>;

const person = z.object({ id: z.number().int(), name: z.string() }).strict();

/** A row of /crm/proposals. Money in dollars (two decimals); status 'expired' is a sent one past valid until. */
export const proposalRowSchema = z
  .object({
    id: z.number().int(),
    lead: z.object({ id: z.number().int(), company_name: z.string(), status: z.number().int() }).strict(),
    title: z.string(),
    status: z.enum(proposalStatuses),
    monthly_total: z.number(),
    one_time_total: z.number(),
    sent_at: z.string().nullable(),
    valid_until: z.string().nullable(),
    agent: person.nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .strict();
export type ProposalRow = z.infer<typeof proposalRowSchema>;

export const proposalLineSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(proposalLineKinds),
    description: z.string(),
    quantity: z.number(),
    unit_price: z.number(),
    amount: z.number(),
  })
  .strict();
export type ProposalLine = z.infer<typeof proposalLineSchema>;

export const proposalDetailSchema = proposalRowSchema
  .extend({
    lines: z.array(proposalLineSchema),
    decided_at: z.string().nullable(),
    decided_by_name: z.string().nullable(),
    sent_to: z.string().nullable(),
    link_expires_at: z.string().nullable(),
  })
  .strict();
export type ProposalDetail = z.infer<typeof proposalDetailSchema>;

/** What the public acceptance page reads: only the proposal being answered. */
export const publicProposalSchema = z
  .object({
    title: z.string(),
    company_name: z.string(),
    agent_name: z.string().nullable(),
    valid_until: z.string().nullable(),
    monthly_total: z.number(),
    one_time_total: z.number(),
    lines: z.array(proposalLineSchema.omit({ id: true })),
    has_pdf: z.boolean(),
    expires_at: z.string(),
  })
  .strict();
export type PublicProposal = z.infer<typeof publicProposalSchema>;

/** POST /api/public/proposals/{token}: Accept or Decline, with the name typed as the signature. */
export const proposalAnswerInputSchema = z.object({
  decision: z.enum(['accept', 'decline'], { error: 'Choose accept or decline.' }),
  name: z
    .string({ error: proposalMessages.nameRequired })
    .trim()
    .min(1, proposalMessages.nameRequired)
    .max(120, 'The name may not be greater than 120 characters.'),
});
export type ProposalAnswerInput = z.input<typeof proposalAnswerInputSchema>;

export { dollarsFromCents as proposalDollars };
