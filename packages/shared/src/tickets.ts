import { z } from 'zod';
import { TICKET_STATUS_CLOSED } from './reference.ts';

/** Tickets (spec 3 §2 ticket creation and detail, §3 Ticket, §4, §6, §7 Tickets, §8, §9). Decision 0023. */

export const ticketCreatedMessage = 'Ticket created.';
export const ticketUpdatedMessage = 'Ticket updated.';
export const ticketSaveFailedMessage = 'An error occured.';
export const ticketEscalatedMessage = 'Ticket escalated.';
export const ticketNotEscalatableMessage = 'This ticket cannot be escalated.';
export const ticketEscalatedLockMessage = 'This ticket is escalated; only its escalation technician can work on it.';
export const ticketCloseNeedsClientMessage = 'A ticket needs a client account before it can be closed.';
export const notesSavedMessage = 'Notes saved.';
export const resolutionSavedMessage = 'Resolution saved.';
/** Spec 3 §2 notes editor: shown when the editor's text and the stored text differ (someone else saved meanwhile). */
export const notesMismatchMessage = 'Text in the editor does not match the database. Either save or restore from the database.';
/** Not in the spec: the warning while another user edits the same section of a ticket (issue 7 part 7). */
export const editingElsewhereMessage = (names: string[]): string => `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} also editing this section.`;
export const checkInsUpdatedMessage = 'Check-ins updated.';
export const todoCreatedMessage = 'To-do added.';
export const todoUpdatedMessage = 'To-do updated.';
export const todoDeletedMessage = 'To-do deleted.';
export const todoFailedMessage = 'Some error occured! Please try again.';
export const attachmentDeletedMessage = 'Attachment deleted.';
export const attachmentRestoredMessage = 'Attachment restored.';
/** The status a new ticket gets. */
export const TICKET_STATUS_OPEN = 2;
/** Spec 3 §9: check-in billing option. */
export const CHECKIN_BILLABLE = 0;
export const CHECKIN_NON_BILLABLE = 1;
/** The queue's total stops at this many (decision 0023): narrow the filters to reach the rest. */
export const QUEUE_COUNT_CAP = 1_000;
/** Spec 3 §9: check-ins show 3 page links. */
export const CHECKIN_PAGE_LINKS = 3;

const emptyToNull = (value: unknown) => (value === undefined || value === null || value === '' ? null : value);
const requiredId = (field: string) =>
  z.preprocess(emptyToNull, z.coerce.number({ error: `The ${field} field is required.` }).int(`The ${field} field is required.`).positive(`The ${field} field is required.`));
const optionalId = (field: string) => z.preprocess(emptyToNull, z.coerce.number({ error: `The selected ${field} is invalid.` }).int().positive(`The selected ${field} is invalid.`).nullable());

/** POST /api/ticket (spec 3 §7). */
export const createTicketInputSchema = z.object({
  subject: z.string({ error: 'The subject field is required.' }).trim().min(1, 'The subject field is required.').max(255, 'The subject may not be greater than 255 characters.'),
  body: z.string({ error: 'The description field is required.' }).trim().min(1, 'The description field is required.').max(100_000, 'The description is too long.'),
  company_id: requiredId('company id'),
  site_id: optionalId('site id'),
  client_id: optionalId('client'),
  employee_id: optionalId('technician'),
  location: requiredId('ticket type'),
  triage_id: requiredId('triage'),
});
export type CreateTicketInput = z.infer<typeof createTicketInputSchema>;

/** PUT /api/ticket/{id}: the basic ticket form (or, for project step tickets, status alone). */
export const updateTicketInputSchema = z.object({
  subject: createTicketInputSchema.shape.subject.optional(),
  company_id: requiredId('company id').optional(),
  site_id: optionalId('site id').optional(),
  client_id: optionalId('client').optional(),
  employee_id: optionalId('technician').optional(),
  location: requiredId('ticket type').optional(),
  triage_id: requiredId('triage').optional(),
  status: requiredId('status').optional(),
  esc_tech: optionalId('escalation technician').optional(),
});
export type UpdateTicketInput = z.infer<typeof updateTicketInputSchema>;

/** Spec 3 §2: the Closed option (id 1) is offered only while a client account is set. */
export function ticketStatusOptions<T extends { id: number }>(statuses: T[], clientId: number | null): T[] {
  return clientId === null ? statuses.filter((status) => status.id !== TICKET_STATUS_CLOSED) : statuses;
}

/** Spec 3 §2, §6: Escalate only when escalatable and not yet escalated; then only the escalation technician acts. */
export const canEscalate = (ticket: { escalatable: boolean; escalated: boolean }) => ticket.escalatable && !ticket.escalated;
export const mayActOnTicket = (ticket: { escalated: boolean; esc_tech: number | null }, userId: number) => !ticket.escalated || ticket.esc_tech === userId;

export const ticketSortColumns = ['id', 'subject', 'company', 'site', 'technician', 'status', 'triage', 'created_at', 'updated_at'] as const;

/** GET /api/ticket: the queue's filters, sort and paging (spec 3 §2 shows no queue; decision 0023). */
export const ticketQueueQuerySchema = z.object({
  status: z.preprocess(emptyToNull, z.union([z.literal('open'), z.literal('all'), z.coerce.number().int().positive()]).nullable()).default('open'),
  company_id: optionalId('company').optional(),
  site_id: optionalId('site').optional(),
  employee_id: optionalId('technician').optional(),
  triage_id: optionalId('triage').optional(),
  location: optionalId('ticket type').optional(),
  escalated: z.preprocess(emptyToNull, z.coerce.number().int().min(0).max(1).nullable()).optional(),
  search: z.preprocess(emptyToNull, z.string().trim().max(200).nullable()).optional(),
  sort: z.enum(ticketSortColumns).default('updated_at'),
  direction: z.enum(['asc', 'desc']).default('desc'),
});
export type TicketQueueQuery = z.infer<typeof ticketQueueQuerySchema>;

const named = z.object({ id: z.number().int(), name: z.string() });

export const ticketRowSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  company: named,
  site: named.nullable(),
  technician: named.nullable(),
  status: named,
  triage: named.extend({ color: z.string() }),
  location: named,
  escalated: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TicketRow = z.infer<typeof ticketRowSchema>;

export const ticketAttachmentSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  path: z.string(),
  extension: z.string(),
  size: z.number().int(),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
  user: z.object({ name: z.string() }).nullable(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

export const ticketTodoSchema = z.object({ id: z.number().int(), description: z.string(), completed: z.number().int(), deleted_at: z.string().nullable() });
export type TicketTodo = z.infer<typeof ticketTodoSchema>;

export const ticketEventSchema = z.object({
  id: z.number().int(),
  add_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  lingo: z.string(),
  change: z.string().nullable(),
  previous_data: z.string().nullable(),
  new_data: z.string().nullable(),
  created_at: z.string(),
});
export type TicketEvent = z.infer<typeof ticketEventSchema>;

export const checkInSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  ticket_id: z.number().int().nullable(),
  start_time: z.string(),
  end_time: z.string().nullable(),
  billable: z.number().int(),
  user: z.object({ name: z.string(), shortname: z.string().nullable(), photo: z.string().nullable() }),
});
export type CheckIn = z.infer<typeof checkInSchema>;

const threadParty = z.object({ original_email: z.string(), user_details: z.object({ name: z.string() }).nullable() });

export const ticketThreadSchema = z.object({
  id: z.number().int(),
  direction: z.enum(['in', 'out']),
  subject: z.string(),
  created_at: z.string(),
  from_user: threadParty,
  to_user: threadParty,
  cc_user: z.array(threadParty),
  /** The plain text of the message; html_body is kept for mail clients and shown only once sanitised. */
  text_body: z.string(),
  html_body: z.string(),
  attachments: z.array(ticketAttachmentSchema),
});
export type TicketThread = z.infer<typeof ticketThreadSchema>;

export const responseSentMessage = 'Response sent.';
export const responseRecipientMessage = 'Choose an account or type an e-mail address.';

const emailList = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(/[,;\s]+/).filter(Boolean) : (value ?? [])),
  z.array(z.email('Each cc must be a valid email address.')).max(20),
);

/** POST /api/ticket/createThread (multipart with attachments[n]): to an account (to_id) or a typed e-mail (to_email). */
export const createThreadInputSchema = z
  .object({
    ticket_id: requiredId('ticket id'),
    subject: z.string({ error: 'The subject field is required.' }).trim().min(1, 'The subject field is required.').max(255),
    response: z.string({ error: 'The response field is required.' }).trim().min(1, 'The response field is required.').max(100_000),
    to_id: optionalId('to').optional(),
    to_email: z.preprocess(emptyToNull, z.email('The to must be a valid email address.').nullable()).optional(),
    cc: emailList.optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.to_id && !value.to_email) ctx.addIssue({ code: 'custom', path: ['to'], message: responseRecipientMessage });
  });
export type CreateThreadInput = z.infer<typeof createThreadInputSchema>;

/** The draft of a response starts with a sign-off in the user's short name (spec 3 §2). */
export const responseDraft = (shortname: string) => `\n\nThank you,\n${shortname}`;

/** The subject of a ticket's e-mail carries its number, so replies thread back onto it. */
export const ticketMailSubject = (ticketId: number, subject: string) => (/\[Ticket #\d+\]/.test(subject) ? subject : `${subject} [Ticket #${ticketId}]`);
/** The ticket number in a reply's subject, if any. */
export const ticketNumberInSubject = (subject: string): number | null => {
  const match = /\[Ticket #(\d{1,9})\]/.exec(subject);
  return match ? Number(match[1]) : null;
};

export const ticketDetailSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  body: z.string(),
  company_id: z.number().int(),
  company: named,
  site_id: z.number().int().nullable(),
  client_id: z.number().int().nullable(),
  client: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  employee_id: z.number().int().nullable(),
  location: z.number().int(),
  triage_id: z.number().int(),
  status: z.number().int(),
  escalatable: z.boolean(),
  escalated: z.boolean(),
  esc_tech: z.number().int().nullable(),
  esc_tech_user: named.nullable(),
  notes: z.string(),
  resolution: z.string(),
  todos: z.array(ticketTodoSchema),
  ticket_events: z.array(ticketEventSchema),
  flags: z.array(z.object({ id: z.number().int(), flag: z.string() })),
  all_notes_attachments: z.array(ticketAttachmentSchema),
  all_resolution_attachments: z.array(ticketAttachmentSchema),
  threads: z.array(ticketThreadSchema),
  /** The signed-in user's open check-in on this ticket, if any. */
  my_check_in: checkInSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

export const checkInOutInputSchema = z.object({
  direction: z.enum(['in', 'out'], { error: 'The direction must be in or out.' }),
  ticket_id: requiredId('ticket id'),
  company_id: z.unknown().optional(),
  project_id: z.unknown().optional(),
});

/** POST /api/ticket/checkinout/update: times in UTC (ISO), billable 0 or 1. */
export const checkInsUpdateInputSchema = z.object({
  check_ins: z
    .array(
      z
        .object({
          id: requiredId('check-in id'),
          start_time: z.iso.datetime({ offset: true, error: 'The start time must be a date and time.' }),
          end_time: z.preprocess(emptyToNull, z.iso.datetime({ offset: true, error: 'The end time must be a date and time.' }).nullable()),
          billable: z.coerce.number().int().min(0).max(1),
        })
        .refine((row) => row.end_time === null || Date.parse(row.end_time) >= Date.parse(row.start_time), { path: ['end_time'], message: 'The end time must be after the start time.' }),
    )
    .min(1)
    .max(100),
  company_id: z.unknown().optional(),
});
export type CheckInsUpdateInput = z.infer<typeof checkInsUpdateInputSchema>;

export const todoInputSchema = z.object({
  ticket_id: requiredId('ticket id'),
  description: z.string({ error: 'The description field is required.' }).trim().min(1, 'The description field is required.').max(1000),
});

/** PUT /api/ticket/todo/{id}: { todo: { description?, completed? } } or the fields themselves. */
export const todoUpdateInputSchema = z.preprocess(
  (value) => (value && typeof value === 'object' && 'todo' in value && typeof (value as { todo: unknown }).todo === 'object' ? (value as { todo: unknown }).todo : value),
  z.object({
    description: z.string().trim().min(1, 'The description field is required.').max(1000).optional(),
    completed: z.coerce.number().int().min(0).max(1).optional(),
  }),
);

/** Text of notes and resolution: HTML from the editor, sanitised when shown. */
export const ticketTextSchema = z.preprocess((value) => value ?? '', z.string().max(200_000, 'The text is too long.'));
