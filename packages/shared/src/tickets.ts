import { z } from 'zod';
import { mailAuthVerdictSchema } from './mail-auth.ts';
import type { PermissionName } from './permissions.ts';
import { TICKET_STATUS_CLOSED } from './ticket-queue.ts';

/** Tickets (spec 3 §2 ticket creation and detail, §3 Ticket, §4, §6, §7 Tickets, §8, §9). Decision 0023. */

export const ticketCreatedMessage = 'Ticket created.';
export const ticketUpdatedMessage = 'Ticket updated.';
export { ticketSaveFailedMessage } from './ticket-queue.ts';
export const ticketEscalatedMessage = 'Ticket escalated.';
export const ticketNotEscalatableMessage = 'This ticket cannot be escalated.';
export const ticketEscalatedLockMessage = 'This ticket is escalated; only its escalation technician can work on it.';
export const ticketEscalateForbiddenMessage =
  "Only the ticket's technician, a dispatcher or an administrator can escalate this ticket.";
export const ticketDeescalatedMessage = 'Escalation removed.';
export const ticketNotEscalatedMessage = 'This ticket is not escalated.';
export const ticketDeescalateForbiddenMessage =
  'Only an administrator or the escalation technician can remove the escalation.';
export const ticketCloseNeedsClientMessage = 'A ticket needs a client account before it can be closed.';
export const notesSavedMessage = 'Notes saved.';
export const resolutionSavedMessage = 'Resolution saved.';
/** Spec 3 §2 notes editor: shown when the editor's text and the stored text differ (someone else saved meanwhile). */
export const notesMismatchMessage =
  'Text in the editor does not match the database. Either save or restore from the database.';
/** Not in the spec: the warning while another user edits the same section of a ticket (issue 7 part 7). */
export const editingElsewhereMessage = (names: string[]): string =>
  `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} also editing this section.`;
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
export { QUEUE_COUNT_CAP } from './ticket-queue.ts';
/** Spec 3 §9: check-ins show 3 page links. */
export const CHECKIN_PAGE_LINKS = 3;

const emptyToNull = (value: unknown) => (value === undefined || value === null || value === '' ? null : value);
const requiredId = (field: string) =>
  z.preprocess(
    emptyToNull,
    z.coerce
      .number({ error: `The ${field} field is required.` })
      .int(`The ${field} field is required.`)
      .positive(`The ${field} field is required.`),
  );

/**
 * What the ticket form says under each field, in the product's words (the spec gives no texts; issue 15 part 8). The
 * contract below and the server's checks of the chosen company, site, account and technician all read them here.
 */
export const ticketFieldMessages = {
  subject: 'Enter a subject.',
  subjectLength: 'Keep the subject to 255 characters.',
  body: 'Describe the problem.',
  bodyLength: 'The description is too long.',
  company_id: 'Choose a company.',
  site_id: 'Choose a site of this company.',
  client_id: 'Choose an account of this company.',
  employee_id: 'Choose a technician from the list.',
  location: 'Choose a ticket type.',
  triage_id: 'Choose a triage level.',
  status: 'Choose a status.',
  esc_tech: 'Choose an escalation technician from the list.',
  reason: 'Say why the ticket needs escalating.',
  reasonLength: 'Keep the reason to 1,000 characters.',
  devices: 'Choose devices of this company.',
  devicesCount: 'Link at most 100 devices.',
  server: 'Choose a server of this company.',
  serverMonth: 'This server already has its maintenance ticket for that month.',
  month: 'Choose a month from 1 to 12.',
  year: 'Choose a year.',
  response: 'Write a reply.',
  responseLength: 'The reply is too long.',
} as const;

/** An id chosen in a select: one message for missing and for not a valid id. */
const idNumber = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);
const chosenId = (message: string) => z.preprocess(emptyToNull, idNumber(message));
const optionalChosenId = (message: string) => z.preprocess(emptyToNull, idNumber(message).nullable());
/** Text that must be written: one message when it is missing or blank, another when it is too long. */
const requiredText = (missing: string, max: number, tooLong: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);
const optionalId = (field: string) =>
  z.preprocess(
    emptyToNull,
    z.coerce
      .number({ error: `The selected ${field} is invalid.` })
      .int()
      .positive(`The selected ${field} is invalid.`)
      .nullable(),
  );

const ticketSubjectSchema = requiredText(ticketFieldMessages.subject, 255, ticketFieldMessages.subjectLength);
const ticketBodySchema = requiredText(ticketFieldMessages.body, 100_000, ticketFieldMessages.bodyLength);

/** Spec 3 §3 Ticket devices: ids of the company's devices, each linked once. */
const ticketDevicesSchema = z
  .array(idNumber(ticketFieldMessages.devices), { error: ticketFieldMessages.devices })
  .max(100, ticketFieldMessages.devicesCount)
  .transform((ids) => [...new Set(ids)]);

/** A device linked to a ticket, shown with its type (a shared deviceTypes code). */
export const ticketDeviceSchema = z.object({ id: z.number().int(), name: z.string(), type: z.string() });
export type TicketDevice = z.infer<typeof ticketDeviceSchema>;

/** POST /api/ticket (spec 3 §7), as staff send it. */
export const createTicketInputSchema = z.object({
  subject: ticketSubjectSchema,
  body: ticketBodySchema,
  company_id: chosenId(ticketFieldMessages.company_id),
  site_id: optionalChosenId(ticketFieldMessages.site_id),
  client_id: optionalChosenId(ticketFieldMessages.client_id),
  employee_id: optionalChosenId(ticketFieldMessages.employee_id),
  location: chosenId(ticketFieldMessages.location),
  triage_id: chosenId(ticketFieldMessages.triage_id),
  devices: ticketDevicesSchema.default([]),
});
export type CreateTicketInput = z.infer<typeof createTicketInputSchema>;

/**
 * POST /api/ticket from the Scheduled Maintenance month (spec 2 §7, §9): subject, company, site, server, triage 3 and
 * location 1, and no body. month and year (the app's addition, UTC defaults) make it that server's ticket of the month.
 */
export const maintenanceTicketInputSchema = z.object({
  subject: ticketSubjectSchema,
  company: chosenId(ticketFieldMessages.company_id),
  site: optionalChosenId(ticketFieldMessages.site_id).default(null),
  server: chosenId(ticketFieldMessages.server),
  triage_id: chosenId(ticketFieldMessages.triage_id).default(3),
  location: chosenId(ticketFieldMessages.location).default(1),
  month: z.coerce
    .number({ error: ticketFieldMessages.month })
    .int()
    .min(1, ticketFieldMessages.month)
    .max(12, ticketFieldMessages.month)
    .optional(),
  year: z.coerce
    .number({ error: ticketFieldMessages.year })
    .int()
    .min(2000, ticketFieldMessages.year)
    .max(2100, ticketFieldMessages.year)
    .optional(),
});
export type MaintenanceTicketInput = z.infer<typeof maintenanceTicketInputSchema>;
/** A maintenance ticket is told from the ticket form's by its server (the form never sends one). */
export const isMaintenanceTicketBody = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && 'server' in body && !('body' in body);

/**
 * POST /api/ticket from a client account (issue 15 part 1): no company, account, technician, type or triage to
 * choose; the server files it for the account's own company, as the account, unassigned, Remote, Medium.
 */
export const clientTicketInputSchema = z.object({
  subject: ticketSubjectSchema,
  body: ticketBodySchema,
  site_id: optionalChosenId(ticketFieldMessages.site_id),
});
export type ClientTicketInput = z.infer<typeof clientTicketInputSchema>;

/** PUT /api/ticket/{id}: the basic ticket form (or, for project step tickets, status alone). */
export const updateTicketInputSchema = z.object({
  subject: ticketSubjectSchema.optional(),
  company_id: chosenId(ticketFieldMessages.company_id).optional(),
  site_id: optionalChosenId(ticketFieldMessages.site_id).optional(),
  client_id: optionalChosenId(ticketFieldMessages.client_id).optional(),
  employee_id: optionalChosenId(ticketFieldMessages.employee_id).optional(),
  location: chosenId(ticketFieldMessages.location).optional(),
  triage_id: chosenId(ticketFieldMessages.triage_id).optional(),
  status: chosenId(ticketFieldMessages.status).optional(),
  esc_tech: optionalChosenId(ticketFieldMessages.esc_tech).optional(),
  devices: ticketDevicesSchema.optional(),
});
export type UpdateTicketInput = z.infer<typeof updateTicketInputSchema>;

/** The reason the Escalate dialog asks for; it is written into the escalation's ticket event. */
export const escalationReasonSchema = requiredText(ticketFieldMessages.reason, 1000, ticketFieldMessages.reasonLength);

/** POST /api/ticket/escalate/{id}: the spec sends no payload; the app sends the reason, and esc_tech may hand it on. */
export const escalateTicketInputSchema = z
  .object({
    esc_tech: optionalChosenId(ticketFieldMessages.esc_tech).optional(),
    reason: escalationReasonSchema.optional(),
  })
  .optional();
export type EscalateTicketInput = z.infer<typeof escalateTicketInputSchema>;

/**
 * Spec 3 §2: the Closed option (id 1) is offered only while a client account is set, or on a maintenance ticket that
 * names its server (decision 0062), which closes without one, as the server's rule says.
 */
export function ticketStatusOptions<T extends { id: number }>(
  statuses: T[],
  clientId: number | null,
  serverId: number | null = null,
): T[] {
  return clientId === null && serverId === null
    ? statuses.filter((status) => status.id !== TICKET_STATUS_CLOSED)
    : statuses;
}

/** Spec 3 §2, §6: Escalate only when escalatable and not yet escalated; then only the escalation technician acts. */
export const canEscalate = (ticket: { escalatable: boolean; escalated: boolean }) =>
  ticket.escalatable && !ticket.escalated;
export const mayActOnTicket = (ticket: { escalated: boolean; esc_tech: number | null }, userId: number) =>
  !ticket.escalated || ticket.esc_tech === userId;

/**
 * Dispatchers, who plan technicians' time on Tech Resources, hold this permission; no permission of spec 1 §3.6 names
 * tickets, and this is the one that assigns technicians (decision 0058).
 */
export const TICKET_DISPATCH_PERMISSION = 'edit tech resources' satisfies PermissionName;

/** Who escalates (decision 0058): the ticket's technician, a dispatcher or an administrator; nobody else. */
export const mayEscalateTicket = (
  ticket: { employee_id: number | null },
  user: { id: number; role: string; permissions: readonly string[] },
) => user.role === 'admin' || ticket.employee_id === user.id || user.permissions.includes(TICKET_DISPATCH_PERMISSION);

/** Who ends an escalation: an administrator always (no ticket is locked beyond reach), or its escalation technician. */
export const mayRemoveEscalation = (
  ticket: { escalated: boolean; esc_tech: number | null },
  user: { id: number; role: string },
) => ticket.escalated && (user.role === 'admin' || ticket.esc_tech === user.id);

export const ticketSortColumns = [
  'id',
  'subject',
  'company',
  'site',
  'technician',
  'status',
  'triage',
  'created_at',
  'updated_at',
] as const;

/** GET /api/ticket: the queue's filters, sort and paging (spec 3 §2 shows no queue; decision 0023). */
export const ticketQueueQuerySchema = z.object({
  status: z
    .preprocess(
      emptyToNull,
      z.union([z.literal('open'), z.literal('all'), z.coerce.number().int().positive()]).nullable(),
    )
    .default('open'),
  company_id: optionalId('company').optional(),
  site_id: optionalId('site').optional(),
  employee_id: optionalId('technician').optional(),
  triage_id: optionalId('triage').optional(),
  location: optionalId('ticket type').optional(),
  escalated: z.preprocess(emptyToNull, z.coerce.number().int().min(0).max(1).nullable()).optional(),
  /** 1: the caller's own tickets: a technician's assigned ones; a client account's filed or contact ones (decision 0064). */
  mine: z.preprocess(emptyToNull, z.coerce.number().int().min(0).max(1).nullable()).optional(),
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

export const ticketTodoSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  completed: z.number().int(),
  deleted_at: z.string().nullable(),
});
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
  /** Spec 3 §3 Check-in: set when the time was spent on a project step instead of a ticket. */
  project_step_id: z.number().int().nullable(),
  start_time: z.string(),
  end_time: z.string().nullable(),
  billable: z.number().int(),
  user: z.object({ name: z.string(), shortname: z.string().nullable(), photo: z.string().nullable() }),
  /** Spec 3 §3 Check-in: the ticket's subject, for lists that mix tickets (null for a project step). */
  ticket: z.object({ id: z.number().int(), subject: z.string() }).nullable(),
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
  /** For a received message: how far its sender could be verified (decision 0028); null for responses sent. */
  mail_auth: mailAuthVerdictSchema.nullable(),
});
export type TicketThread = z.infer<typeof ticketThreadSchema>;

export const responseSentMessage = 'Response sent.';
export const replySentMessage = 'Reply sent.';

/** POST /api/ticket/reply (multipart with attachments[n]): a client account's reply on its ticket's thread. */
export const ticketReplyInputSchema = z.object({
  ticket_id: requiredId('ticket id'),
  response: requiredText(ticketFieldMessages.response, 100_000, ticketFieldMessages.responseLength),
});
export type TicketReplyInput = z.infer<typeof ticketReplyInputSchema>;
export const responseRecipientMessage = 'Choose an account or type an e-mail address.';

const emailList = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(/[,;\s]+/).filter(Boolean) : (value ?? [])),
  z.array(z.email('Each cc must be a valid email address.')).max(20),
);

/** POST /api/ticket/createThread (multipart with attachments[n]): to an account (to_id) or a typed e-mail (to_email). */
export const createThreadInputSchema = z
  .object({
    ticket_id: requiredId('ticket id'),
    subject: z
      .string({ error: 'The subject field is required.' })
      .trim()
      .min(1, 'The subject field is required.')
      .max(255),
    response: z
      .string({ error: 'The response field is required.' })
      .trim()
      .min(1, 'The response field is required.')
      .max(100_000),
    to_id: optionalId('to').optional(),
    to_email: z.preprocess(emptyToNull, z.email('The to must be a valid email address.').nullable()).optional(),
    cc: emailList.optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.to_id && !value.to_email)
      ctx.addIssue({ code: 'custom', path: ['to'], message: responseRecipientMessage });
  });
export type CreateThreadInput = z.infer<typeof createThreadInputSchema>;

/** The draft of a response starts with a sign-off in the user's short name (spec 3 §2). */
export const responseDraft = (shortname: string) => `\n\nThank you,\n${shortname}`;

/** The subject of a ticket's e-mail carries its number, so replies thread back onto it. */
export const ticketMailSubject = (ticketId: number, subject: string) =>
  /\[Ticket #\d+\]/.test(subject) ? subject : `${subject} [Ticket #${ticketId}]`;
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
  /** The site's and the technician's names, for a client account's page, which has no lists to name them by. */
  site: named.nullable(),
  employee_id: z.number().int().nullable(),
  technician: named.nullable(),
  location: z.number().int(),
  triage_id: z.number().int(),
  status: z.number().int(),
  /** Set on a project's step ticket (decision 0044): the page sends it to its project. */
  project_id: z.number().int().nullable(),
  project_order: z.number().int().nullable(),
  /** The server a Scheduled Maintenance ticket is for (decision 0062): such a ticket closes without a client account. */
  server_id: z.number().int().nullable(),
  escalatable: z.boolean(),
  escalated: z.boolean(),
  esc_tech: z.number().int().nullable(),
  esc_tech_user: named.nullable(),
  notes: z.string(),
  resolution: z.string(),
  todos: z.array(ticketTodoSchema),
  ticket_events: z.array(ticketEventSchema),
  flags: z.array(z.object({ id: z.number().int(), flag: z.string() })),
  devices: z.array(ticketDeviceSchema),
  all_notes_attachments: z.array(ticketAttachmentSchema),
  all_resolution_attachments: z.array(ticketAttachmentSchema),
  threads: z.array(ticketThreadSchema),
  /** The signed-in user's open check-in on this ticket, if any. */
  my_check_in: checkInSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

const laborStepMessage = 'Choose a step of this project.';
export const checkInOutInputSchema = z.object({
  direction: z.enum(['in', 'out'], { error: 'The direction must be in or out.' }),
  ticket_id: requiredId('ticket id'),
  company_id: z.unknown().optional(),
  project_id: z.unknown().optional(),
  /** Project Day: the labor step the check-in is for (decision 0044), on the Project Day ticket of its project. */
  project_step_id: z
    .preprocess(
      emptyToNull,
      z.coerce
        .number({ error: laborStepMessage })
        .int(laborStepMessage)
        .positive(laborStepMessage)
        .max(2_147_483_647, laborStepMessage)
        .nullable(),
    )
    .optional(),
});

/** POST /api/ticket/checkinout/update: times in UTC (ISO), billable 0 or 1. */
export const checkInsUpdateInputSchema = z.object({
  check_ins: z
    .array(
      z
        .object({
          id: requiredId('check-in id'),
          start_time: z.iso.datetime({ offset: true, error: 'The start time must be a date and time.' }),
          end_time: z.preprocess(
            emptyToNull,
            z.iso.datetime({ offset: true, error: 'The end time must be a date and time.' }).nullable(),
          ),
          billable: z.coerce.number().int().min(0).max(1),
        })
        .refine((row) => row.end_time === null || Date.parse(row.end_time) >= Date.parse(row.start_time), {
          path: ['end_time'],
          message: 'The end time must be after the start time.',
        }),
    )
    .min(1)
    .max(100),
  company_id: z.unknown().optional(),
});
export type CheckInsUpdateInput = z.infer<typeof checkInsUpdateInputSchema>;

export const todoInputSchema = z.object({
  ticket_id: requiredId('ticket id'),
  description: z
    .string({ error: 'The description field is required.' })
    .trim()
    .min(1, 'The description field is required.')
    .max(1000),
});

/** PUT /api/ticket/todo/{id}: { todo: { description?, completed? } } or the fields themselves. */
export const todoUpdateInputSchema = z.preprocess(
  (value) =>
    value && typeof value === 'object' && 'todo' in value && typeof (value as { todo: unknown }).todo === 'object'
      ? (value as { todo: unknown }).todo
      : value,
  z.object({
    description: z.string().trim().min(1, 'The description field is required.').max(1000).optional(),
    completed: z.coerce.number().int().min(0).max(1).optional(),
  }),
);

/**
 * Largest notes or resolution HTML (decision 0058): 200,000 characters (at most 800 KB of UTF-8), pages of typed text
 * with formatting; pasted images are files, not inline data. Past it: 422 on the field.
 */
export const TICKET_TEXT_MAX = 200_000;
export const ticketTextTooLongMessage = `The text may not be greater than ${TICKET_TEXT_MAX} characters.`;

/** Text of notes and resolution: HTML from the editor, sanitised when shown. */
export const ticketTextSchema = z.preprocess(
  (value) => value ?? '',
  z.string().max(TICKET_TEXT_MAX, ticketTextTooLongMessage),
);

/** Issue 15 part 5 (decision 0033): a queue view a user saves under a name, and bulk changes from the queue. */
export const ticketViewSavedMessage = 'View saved.';
export const ticketViewDeletedMessage = 'View deleted.';
export const ticketViewFieldMessages = {
  name: 'Name the view.',
  nameLength: 'Keep the name to 60 characters.',
  filter: 'This filter is not valid.',
  tooMany: 'You can keep 50 views; delete one first.',
} as const;
/** A user keeps at most this many saved views. */
export const TICKET_VIEWS_MAX = 50;

const filterText = z.string().max(200).optional();
/** The queue's filters as the URL holds them (text); a saved view stores exactly these. */
export const ticketViewFiltersSchema = z
  .strictObject({
    status: filterText,
    company_id: filterText,
    site_id: filterText,
    employee_id: filterText,
    triage_id: filterText,
    location: filterText,
    escalated: filterText,
    mine: filterText,
    search: filterText,
    sort: filterText,
    direction: filterText,
  })
  .superRefine((filters, context) => {
    // A view holds only filters the queue accepts, so applying it never fails.
    const parsed = ticketQueueQuerySchema.safeParse(filters);
    for (const issue of parsed.error?.issues ?? []) {
      context.addIssue({ code: 'custom', path: issue.path, message: ticketViewFieldMessages.filter });
    }
  });
export type TicketViewFilters = z.infer<typeof ticketViewFiltersSchema>;

/** POST /api/ticket/views: saving under a name the user already has replaces that view's filters. */
export const ticketViewInputSchema = z.object({
  name: requiredText(ticketViewFieldMessages.name, 60, ticketViewFieldMessages.nameLength),
  filters: ticketViewFiltersSchema,
});
export type TicketViewInput = z.infer<typeof ticketViewInputSchema>;

export const ticketViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  filters: ticketViewFiltersSchema,
  created_at: z.string(),
});
export type TicketView = z.infer<typeof ticketViewSchema>;

export const ticketBulkActions = ['status', 'technician', 'close'] as const;
export type TicketBulkAction = (typeof ticketBulkActions)[number];
/** At most one page of the queue at its largest (per_page 500) at once. */
export const TICKET_BULK_MAX = 500;
export const ticketBulkFieldMessages = {
  ids: 'Choose at least one ticket.',
  idsTooMany: `Choose at most ${TICKET_BULK_MAX} tickets.`,
  action: 'Choose what to change.',
} as const;
/** The message of a batch that failed because of one ticket: names the ticket, says why. */
export const ticketBulkFailedMessage = (ticketId: number, reason: string) => `Ticket #${ticketId}: ${reason}`;
export const ticketsBulkUpdatedMessage = (count: number) => `${count} ${count === 1 ? 'ticket' : 'tickets'} updated.`;

/**
 * POST /api/ticket/bulk: the same change on several tickets, all or none. status takes a status id, technician an
 * employee id or null (unassigned), close no value (it sets Closed).
 */
export const ticketBulkInputSchema = z
  .object({
    ids: z
      .array(idNumber(ticketBulkFieldMessages.ids), { error: ticketBulkFieldMessages.ids })
      .min(1, ticketBulkFieldMessages.ids)
      .max(TICKET_BULK_MAX, ticketBulkFieldMessages.idsTooMany),
    action: z.enum(ticketBulkActions, { error: ticketBulkFieldMessages.action }),
    value: z.preprocess(emptyToNull, idNumber('The selected value is invalid.').nullable()).optional(),
  })
  .superRefine((input, context) => {
    if (input.action === 'status' && !input.value) {
      context.addIssue({ code: 'custom', path: ['value'], message: ticketFieldMessages.status });
    }
  });
export type TicketBulkInput = z.infer<typeof ticketBulkInputSchema>;
