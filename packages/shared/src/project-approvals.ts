import { z } from 'zod';

// Planning Approval (order 0) and Labor Quote Approval (order 6) by mailed link: spec 3 §2 Step panels, §3 Approval,
// §4 Approval status, §7 project_step variants; decision 0046.

export const approvalKinds = ['planning', 'labor'] as const;
export type ApprovalKind = (typeof approvalKinds)[number];

/** Spec 3 §4: none is pending, 1 approved, 2 denied. */
export const APPROVAL_APPROVED = 1;
export const APPROVAL_DENIED = 2;

/** Decision 0046: a mailed link works for this many days, once. */
export const APPROVAL_LINK_TTL_DAYS = 14;
export const MAX_APPROVAL_RECIPIENTS = 20;

export const approvalMessages = {
  planningSent: 'Planning approval request sent.',
  laborSent: 'Labor and quote approval request sent.',
  project: 'Choose a project.',
  to: 'Choose at least one recipient.',
  tooManyRecipients: `Send to at most ${MAX_APPROVAL_RECIPIENTS} recipients at once.`,
  recipient: "Each recipient must be an account of the project's company or a valid e-mail address.",
  message: 'Enter a message.',
  messageLength: 'Keep the message to 5000 characters.',
  documents: 'Choose the quotes to send.',
  document: 'Choose quotes of this project.',
  decision: 'Choose Approve or Deny.',
  comment: 'Keep the comment to 2000 characters.',
  denyComment: 'Tell us why you deny the request.',
  linkInvalid: 'This approval link is not valid.',
  linkUsed: 'This approval link has already been used. Nothing was changed.',
  linkExpired: 'This approval link has expired. Nothing was changed.',
  approved: 'Thank you. Your approval has been recorded.',
  denied: 'Thank you. Your answer has been recorded.',
} as const;

/** Spec 3 §2: the panels' pre-filled message; the server adds each recipient's own link below it. */
export function defaultApprovalMessage(kind: ApprovalKind, title: string): string {
  return kind === 'planning'
    ? `Please review the planning of the project "${title}" and approve it, or deny it with a comment, through the link below.`
    : `Please review the labor estimate and the quotes of the project "${title}" and approve them, or deny them with a comment, through the link below.`;
}

const MAX_ID = 2_147_483_647;
const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const optionalId = (message: string) =>
  z.preprocess(
    blankToNull,
    z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message).nullable(),
  );

/** A recipient as the form sends it: a client account's id (number or digits) or a typed e-mail address. */
const recipientSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : value),
  z.union(
    [
      z.number().int().positive().max(MAX_ID),
      z
        .string()
        .trim()
        .max(254)
        .pipe(z.email())
        .transform((email) => email.toLowerCase()),
    ],
    { error: approvalMessages.recipient },
  ),
);

const recipientsSchema = z
  .array(recipientSchema, { error: approvalMessages.to })
  .min(1, approvalMessages.to)
  .max(MAX_APPROVAL_RECIPIENTS, approvalMessages.tooManyRecipients);

const messageSchema = z
  .string({ error: approvalMessages.message })
  .trim()
  .min(1, approvalMessages.message)
  .max(5000, approvalMessages.messageLength);

/** The project is named by project_id or by its step ticket (ticket_id); one of them is needed. */
const projectReference = {
  project_id: optionalId(approvalMessages.project).default(null),
  ticket_id: optionalId(approvalMessages.project).default(null),
};
const namesProject = (input: { project_id: number | null; ticket_id: number | null }) =>
  input.project_id !== null || input.ticket_id !== null;

/** 'Planning Approval' (spec 3 §7): to, message, ticket_id, project_id. */
export const planningApprovalInputSchema = z
  .object({ to: recipientsSchema, message: messageSchema, ...projectReference })
  .refine(namesProject, { path: ['project_id'], message: approvalMessages.project });
export type PlanningApprovalInput = z.output<typeof planningApprovalInputSchema>;

/** 'Labor Quote Approval' (spec 3 §7): to, documents (the project's quote ids), message; and the project. */
export const laborApprovalInputSchema = z
  .object({
    to: recipientsSchema,
    message: messageSchema,
    documents: z
      .array(z.coerce.number({ error: approvalMessages.document }).int().positive().max(MAX_ID), {
        error: approvalMessages.documents,
      })
      .min(1, approvalMessages.documents)
      .max(50, approvalMessages.documents),
    ...projectReference,
  })
  .refine(namesProject, { path: ['project_id'], message: approvalMessages.project });
export type LaborApprovalInput = z.output<typeof laborApprovalInputSchema>;

/** The send form's values (the same contract validates them in the browser). */
export type ApprovalFormValues = z.input<typeof laborApprovalInputSchema>;

/**
 * An approval as GET /api/project/{id} answers it (planning_approvals, labor_approvals; spec 3 §3 Approval): one per
 * recipient and document, the planning's document being the project overview, the labor's a quote.
 */
export const approvalSchema = z.object({
  id: z.number().int(),
  project_overview: z.boolean(),
  quote_id: z.number().int().nullable(),
  quote: z.object({ id: z.number().int(), number: z.string().nullable(), title: z.string() }).nullable(),
  /** null pending, 1 approved, 2 denied. */
  status: z.number().int().nullable(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  email_address: z.string(),
  added_by: z.object({ id: z.number().int(), shortname: z.string() }).nullable(),
  comment: z.string().nullable(),
  responded_at: z.string().nullable(),
  expires_at: z.string(),
  created_at: z.string(),
});
export type Approval = z.infer<typeof approvalSchema>;

/**
 * What the panel shows for an approval (spec 3 §2, §4; decision 0061): a planning (project overview) request still
 * pending shows Verbally Approved when the project was approved verbally; an answered request, and every labor and
 * quote approval, keeps its own status (a verbal yes to the planning approves no quote, and overrides no one's no).
 */
export function approvalStatusLabel(
  approval: { status: number | null; project_overview: boolean },
  verballyApproved: number,
): string {
  if (approval.status === APPROVAL_APPROVED) return 'Approved';
  if (approval.status === APPROVAL_DENIED) return 'Denied';
  if (verballyApproved === 1 && approval.project_overview) return 'Verbally Approved';
  return 'Pending';
}

/** POST /api/public/approvals/{token}: the recipient's answer. */
export const approvalDecisionInputSchema = z
  .object({
    decision: z.enum(['approve', 'deny'], { error: approvalMessages.decision }),
    comment: z.string({ error: approvalMessages.comment }).trim().max(2000, approvalMessages.comment).default(''),
  })
  .refine((input) => input.decision === 'approve' || input.comment.length > 0, {
    path: ['comment'],
    message: approvalMessages.denyComment,
  });
export type ApprovalDecisionInput = z.output<typeof approvalDecisionInputSchema>;

/**
 * GET /api/public/approvals/{token}: what the public page shows (plain text only; no ids of other records). Only what
 * a client may read: never the project's internal notes (decision 0046).
 */
export const publicApprovalSchema = z.object({
  kind: z.enum(approvalKinds),
  recipient: z.string(),
  message: z.string(),
  expires_at: z.string(),
  /** Null for a billing quote's link, which names no project (decision 0097). */
  project: z
    .object({
      title: z.string(),
      company: z.string(),
      site: z.string().nullable(),
      goals: z.string(),
    })
    .nullable(),
  documents: z.array(z.object({ quote_id: z.number().int(), label: z.string(), has_pdf: z.boolean() })),
});
export type PublicApproval = z.infer<typeof publicApprovalSchema>;
