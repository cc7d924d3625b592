import { z } from 'zod';
import { mailAuthVerdictSchema } from './mail-auth.ts';
import { ticketFieldMessages } from './tickets.ts';

/** Held mail (issue 7 part 6; decision 0023): mail from an unknown sender becomes a ticket or joins one. */

export const heldMailReviewedMessage = 'Marked as reviewed.';
export const heldMailTicketCreatedMessage = 'Ticket created.';
export const heldMailAttachedMessage = 'Mail attached to the ticket.';
/** Answered with 409 when the message already became, or was attached to, a ticket. */
export const heldMailAlreadyTicketMessage = 'This mail is already a ticket.';
/** Answered with 409 when the raw message kept on disk is gone: a ticket without its attachments would lose them silently. */
export const heldMailRawMissingMessage = 'The original message of this mail could not be read.';

/** One row of GET /api/admin/held-mail. */
export const heldMailItemSchema = z.object({
  id: z.number().int(),
  from_email: z.string(),
  to_email: z.string(),
  subject: z.string(),
  text_body: z.string(),
  received_at: z.string(),
  reviewed_at: z.string().nullable(),
  ticket_id: z.number().int().nullable(),
  /** Why the message was held rather than threaded or opened as a ticket (decision 0028). */
  held_reason: z.string(),
  /** The SPF, DKIM and DMARC verdict taken when it arrived; null for mail held before the checks existed. */
  mail_auth: mailAuthVerdictSchema.nullable(),
});
export type HeldMailItem = z.infer<typeof heldMailItemSchema>;

const maxId = 2_147_483_647;
// Form values arrive as strings ('' for an empty select); JSON bodies as numbers or null.
const toId = (value: unknown) =>
  value === undefined || value === null || value === ''
    ? undefined
    : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)
      ? Number(value)
      : value;
const requiredId = (required: string, invalid: string) =>
  z.preprocess(
    toId,
    z
      .number({ error: (issue) => (issue.input === undefined ? required : invalid) })
      .int(invalid)
      .positive(invalid)
      .max(maxId, invalid),
  );
const optionalId = (invalid: string) =>
  z
    .preprocess(
      (value) => toId(value) ?? null,
      z.number({ error: invalid }).int(invalid).positive(invalid).max(maxId, invalid).nullable(),
    )
    .optional();

/** POST /api/admin/held-mail/{id}/ticket: the company the new ticket is for, and optionally its client account and site. */
export const heldMailTicketInputSchema = z.object({
  // The ticket form's own words (issue 15 part 8): the server's checks of account and site answer the same.
  company_id: requiredId(ticketFieldMessages.company_id, ticketFieldMessages.company_id),
  client_id: optionalId(ticketFieldMessages.client_id),
  site_id: optionalId(ticketFieldMessages.site_id),
});
export type HeldMailTicketInput = z.infer<typeof heldMailTicketInputSchema>;

/** POST /api/admin/held-mail/{id}/attach: the number of the ticket the message joins. */
export const heldMailAttachInputSchema = z.object({
  ticket_id: requiredId('The ticket number field is required.', 'The selected ticket number is invalid.'),
});
export type HeldMailAttachInput = z.infer<typeof heldMailAttachInputSchema>;
