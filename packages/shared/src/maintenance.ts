import { z } from 'zod';
import { TICKET_STATUS_CLOSED } from './ticket-queue.ts';

// Scheduled Maintenance and its three checklists (spec 2 §2, §3, §4, §5, §7, §9; decision 0049).

/** Spec 2 §9: a maintenance-created ticket is triage 3 (Medium) and location 1 (Remote). */
export const MAINTENANCE_TRIAGE_ID = 3;
export const MAINTENANCE_LOCATION = 1;
/** Spec 2 §9: server antivirus 2 shows this. */
export const AVG_UPDATES_LABEL = 'Yes for AVG Updates';
export const INCOMPLETE_LABEL = 'Incomplete';
/** The month page's warning before a ticket is created (spec 2 §2: it can not be undone). */
export const createTicketWarning = 'This will create a ticket for this server and can not be undone.';
/** The subject of a server's maintenance ticket of the month (the page and the monthly job write the same). */
export const maintenanceTicketSubject = (serverName: string, month: number, year: number) =>
  `Scheduled Maintenance ${String(month).padStart(2, '0')}/${year}: ${serverName}`;
export const BASELINE_SUBJECT = 'Baseline Security';
export const ANALYSIS_SUBJECT = 'Server Analysis';
export const EXCHANGE_SUBJECT = 'Exchange Analysis';
export const baselineSavedMessage = 'Baseline Security checklist saved.';
export const baselineUpdatedMessage = 'Baseline Security checklist updated.';
export const analysisSavedMessage = 'Server Analysis saved.';
export const analysisUpdatedMessage = 'Server Analysis updated.';
export const exchangeSavedMessage = 'Exchange Analysis saved.';
export const exchangeUpdatedMessage = 'Exchange Analysis updated.';
/** Spec 2 §8: exchange save or update failure. */
export const exchangeFailedMessage = 'An error occured.';
export const notesRequiredMessage = 'The notes field is required.';
/** Spec 2 §2 Event Log Review. */
export const eventLogNote = 'Create a ticket for each question you answer yes to.';
export const NOT_APPLICABLE_NOTES = 'N/A';

/** Checklist answer codes (spec 2 §3, §9). */
export const ANSWER_UNANSWERED = 0;
export const ANSWER_YES = 1;
export const ANSWER_NO = 2;
export const ANSWER_NA = 3;
/** The four answer buttons, in order. */
export const answerButtons = [
  { value: ANSWER_UNANSWERED, label: 'Unanswered' },
  { value: ANSWER_YES, label: 'Yes' },
  { value: ANSWER_NO, label: 'No' },
  { value: ANSWER_NA, label: 'N/A' },
] as const;

export interface ChecklistQuestion {
  id: number;
  question: string;
  /** choice: the four buttons; days and gb: a number; date: a date sent as Unix seconds. */
  kind: 'choice' | 'days' | 'date' | 'gb';
}
export interface ChecklistSection {
  title: string;
  note?: string;
  questions: ChecklistQuestion[];
}

const choice = (id: number, question: string): ChecklistQuestion => ({ id, question, kind: 'choice' });

/** Spec 2 §2 Baseline Security: 18 questions in five sections with these ids (the texts are the app's). */
export const baselineSections: ChecklistSection[] = [
  {
    title: 'General Security',
    questions: [
      choice(1, 'Is the server physically secured (locked room, rack or cabinet)?'),
      choice(2, 'Are local administrator accounts renamed or disabled, with strong passwords?'),
      choice(3, 'Is the firewall enabled on every network profile?'),
      choice(4, 'Is remote access limited to authorised users and protected by Network Level Authentication?'),
    ],
  },
  {
    title: 'Domain Controller',
    questions: [
      choice(5, 'Does the domain password policy require at least 12 characters with complexity?'),
      choice(6, 'Is an account lockout policy enabled?'),
      choice(7, 'Are Domain Admins and Enterprise Admins limited to the accounts that need them?'),
      choice(8, 'Are user and computer accounts inactive for 90 days disabled?'),
    ],
  },
  {
    title: 'Audit Enabled',
    questions: [
      choice(9, 'Is auditing of logon events (success and failure) enabled?'),
      choice(10, 'Is auditing of account management enabled?'),
      choice(11, 'Is auditing of policy changes and privilege use enabled?'),
    ],
  },
  {
    title: 'Event Log Review',
    note: eventLogNote,
    questions: [
      choice(12, 'Are there repeated failed logon attempts (event 4625)?'),
      choice(13, 'Were any accounts locked out (event 4740)?'),
      choice(14, 'Were users added to privileged groups (events 4728, 4732, 4756)?'),
      choice(15, 'Was an audit log cleared (event 1102)?'),
      choice(16, 'Were new services installed (event 7045)?'),
      choice(17, 'Are there disk, hardware or backup errors in the System log?'),
    ],
  },
  { title: 'Patching', questions: [choice(18, 'Are all critical and security updates installed?')] },
];
export const baselineQuestionIds = baselineSections.flatMap((section) => section.questions.map((q) => q.id));

/** The first drive row's question id; one row per drive upward (spec 2 §2). */
export const FIRST_DRIVE_QUESTION_ID = 20;
export const driveLabel = (letter: string) => `${letter} Drive Used Space (GB)`;

/** Spec 2 §2 Server Analysis: ids 1-17 in four sections; the drive rows go into Disk after id 7. */
export const analysisSections: ChecklistSection[] = [
  {
    title: 'Operating System',
    questions: [
      choice(1, 'All critical and security updates installed'),
      choice(2, 'Event logs reviewed for critical errors'),
      choice(3, 'Antivirus definitions up to date'),
      choice(4, 'All automatic services running'),
      { id: 5, question: 'System Uptime (days)', kind: 'days' },
    ],
  },
  {
    title: 'Disk',
    questions: [choice(6, 'RAID utility installed'), choice(7, 'RAID arrays healthy')],
  },
  {
    title: 'Backup',
    questions: [
      choice(8, 'Local backup destination configured'),
      { id: 9, question: 'Last local backup date', kind: 'date' },
      choice(10, 'Offsite backup configured'),
      { id: 11, question: 'Last offsite backup date', kind: 'date' },
      choice(12, 'Backups encrypted'),
      choice(13, 'Test mount of a backup succeeded'),
      choice(14, 'Backup destination has at least 25% free space'),
    ],
  },
  {
    title: 'General',
    questions: [
      choice(15, 'CPU under 25% idle'),
      choice(16, 'Disk IO under 25% idle'),
      choice(17, 'Separate tickets created for critical items'),
    ],
  },
];
export const analysisQuestions = analysisSections.flatMap((section) => section.questions);
export const analysisQuestionIds = analysisQuestions.map((q) => q.id);

// ---------------------------------------------------------------------------------------------------------------
// Pure rules shared by the forms and the server.

/** Spec 2 §4: choosing N/A sets the notes to 'N/A'; other answers keep what was written. */
export function chooseAnswer<T extends { answer: number | null; notes: string }>(row: T, answer: number): T {
  return { ...row, answer, notes: answer === ANSWER_NA ? NOT_APPLICABLE_NOTES : row.notes };
}

/** Spec 2 §5: every question needs non-empty notes; the ids of the rows that block saving. */
export function rowsMissingNotes(rows: { question_id: number; notes: string }[]): number[] {
  return rows.filter((row) => row.notes.trim() === '').map((row) => row.question_id);
}

/** Spec 2 §4 Maintenance item: Incomplete without a record; else the ticket id, green when the ticket is done. */
export function maintenanceItemState(record: { ticket_id: number; status: number } | null): {
  label: string;
  color: 'gray' | 'green' | 'red';
} {
  if (!record) return { label: INCOMPLETE_LABEL, color: 'gray' };
  // Decision 0049: spec 2 reads status 2 as done; here Closed is status 1 (spec 3 §2), so done means Closed.
  return { label: String(record.ticket_id), color: record.status === TICKET_STATUS_CLOSED ? 'green' : 'red' };
}

/** Spec 2 §9: month and year default to the current UTC month and year. */
export function maintenanceMonthOf(month: number | undefined, year: number | undefined, now = new Date()) {
  return { month: month ?? now.getUTCMonth() + 1, year: year ?? now.getUTCFullYear() };
}

/** Spec 2 §2: antivirus 2 reads 'Yes for AVG Updates'; anything else, No. */
export const antivirusLabel = (av: number | null) => (av === 2 ? AVG_UPDATES_LABEL : 'No');

// ---------------------------------------------------------------------------------------------------------------
// Contracts.

const id = (field: string) =>
  z.coerce
    .number({ error: `The ${field} field is required.` })
    .int(`The ${field} field is required.`)
    .positive(`The ${field} field is required.`);
const monthField = z.coerce
  .number({ error: 'The month must be 1 to 12.' })
  .int()
  .min(1, 'The month must be 1 to 12.')
  .max(12, 'The month must be 1 to 12.');
const yearField = z.coerce
  .number({ error: 'The year is invalid.' })
  .int()
  .min(2000, 'The year is invalid.')
  .max(2100, 'The year is invalid.');
const notesField = z
  .string({ error: notesRequiredMessage })
  .trim()
  .min(1, notesRequiredMessage)
  .max(10_000, 'The notes may not be greater than 10000 characters.');
const answerCode = z.coerce
  .number({ error: 'Choose an answer.' })
  .int()
  .min(0, 'Choose an answer.')
  .max(3, 'Choose an answer.');

/** The fields every checklist is submitted with (spec 2 §3). */
export const checklistHeaderSchema = z.object({
  company_id: id('company id'),
  site_id: z.preprocess((v) => (v === '' || v === undefined ? null : v), id('site id').nullable()),
  server_id: id('server id'),
  month: monthField,
  year: yearField,
  ticket_id: id('ticket id'),
});

/** Each question id exactly once. */
const eachOnce = (expected: number[]) => (rows: { question_id: number }[], ctx: z.RefinementCtx) => {
  const ids = rows.map((row) => row.question_id).sort((a, b) => a - b);
  if (ids.length !== expected.length || ids.some((value, index) => value !== expected[index]))
    ctx.addIssue({ code: 'custom', message: `Answer questions ${expected[0]} to ${expected.at(-1)} once each.` });
};

export const baselineAnswerSchema = z.object({
  question_id: z.coerce.number().int(),
  answer: answerCode,
  notes: notesField,
});
/** POST /api/maintenance/baseline (spec 2 §3, §7): create, or update when id is sent (edit mode reuses the POST). */
export const baselineInputSchema = checklistHeaderSchema.extend({
  id: z.preprocess((v) => (v === '' || v === undefined ? null : v), id('id').nullable()).default(null),
  subject: z.string().max(255).optional(),
  answers: z.array(baselineAnswerSchema).max(18).superRefine(eachOnce(baselineQuestionIds)),
});
export type BaselineInput = z.infer<typeof baselineInputSchema>;

export const analysisAnswerSchema = z.object({
  question_id: z.coerce.number().int(),
  // Codes 0-3 for button questions, days, GB or Unix seconds for the others (spec 2 §2).
  answer: z.coerce.number({ error: 'Enter an answer.' }).finite().min(0, 'Enter an answer.').max(1e11).nullable(),
  notes: notesField,
});
export const analysisDriveSchema = z.object({
  question_id: z.coerce.number().int().min(FIRST_DRIVE_QUESTION_ID),
  drive_id: id('drive id'),
  letter: z.string().trim().min(1).max(8),
  size: z.coerce.number().int().min(0),
  answer: z.coerce
    .number({ error: 'Enter the used space in GB.' })
    .finite()
    .min(0, 'Enter the used space in GB.')
    .nullable(),
  notes: notesField,
});
/** POST /api/maintenance/analysis and PUT /api/maintenance/analysis/{analysis} (spec 2 §7). */
export const analysisInputSchema = checklistHeaderSchema.extend({
  subject: z.string().max(255).optional(),
  answers: z.array(analysisAnswerSchema).max(17).superRefine(eachOnce(analysisQuestionIds)),
  drives: z.array(analysisDriveSchema).max(26).default([]),
});
export type AnalysisInput = z.infer<typeof analysisInputSchema>;

/** POST /api/maintenance/exchange (multipart) and its update: rich text, no client-side rules (spec 2 §5). */
export const exchangeInputSchema = checklistHeaderSchema.extend({
  resolution: z.string().max(200_000, 'The resolution is too long.').default(''),
  notes: z.string().max(200_000, 'The notes are too long.').default(''),
});
export type ExchangeInput = z.infer<typeof exchangeInputSchema>;

/**
 * PUT (POST with _method=PUT) /api/maintenance/exchange/{exchange_id}: spec 2 §3's fields, exchange_id, ticket_id,
 * resolution and notes; the record keeps its company, server and month (decision 0062).
 */
export const exchangeUpdateInputSchema = z.object({
  exchange_id: z
    .preprocess((v) => (v === '' || v === undefined ? null : v), id('exchange id').nullable())
    .default(null),
  ticket_id: id('ticket id'),
  resolution: exchangeInputSchema.shape.resolution,
  notes: exchangeInputSchema.shape.notes,
});
export type ExchangeUpdateInput = z.infer<typeof exchangeUpdateInputSchema>;

/**
 * POST /api/maintenance/notes: the technician's notes of the server's month (decision 0062), saved whole.
 * `updated_at` is the version the form loaded (null for none yet): a save over someone else's newer one is refused.
 */
export const maintenanceNotesInputSchema = checklistHeaderSchema.extend({
  notes: z.string().max(200_000, 'The notes are too long.').default(''),
  updated_at: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.string().max(40).nullable()),
});
export type MaintenanceNotesInput = z.infer<typeof maintenanceNotesInputSchema>;
export const maintenanceNotesSavedMessage = 'Maintenance notes saved.';
export const maintenanceNotesConflictMessage =
  'Someone else saved these notes after you opened them. Reload to see their text before you save.';

// Answers.

export const maintenanceRecordSchema = z.object({
  id: z.number().int(),
  ticket_id: z.number().int(),
  status: z.number().int(),
});
export type MaintenanceRecord = z.infer<typeof maintenanceRecordSchema>;
export const maintenanceServerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sched_maint: z.number().int(),
  av: z.number().int().nullable(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The server's maintenance ticket of the month, when one was opened (the checklists reuse it). */
  ticket: z.object({ id: z.number().int(), status: z.number().int() }).nullable(),
  baseline: maintenanceRecordSchema.nullable(),
  analysis: maintenanceRecordSchema.nullable(),
  exchange: maintenanceRecordSchema.nullable(),
});
export type MaintenanceServer = z.infer<typeof maintenanceServerSchema>;
export const maintenanceCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sites: z.array(z.object({ id: z.number().int(), name: z.string(), servers: z.array(maintenanceServerSchema) })),
});
export type MaintenanceCompany = z.infer<typeof maintenanceCompanySchema>;

export const baselineRecordSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  site_id: z.number().int().nullable(),
  server_id: z.number().int(),
  month: z.number().int(),
  year: z.number().int(),
  ticket_id: z.number().int(),
  answers: z.array(z.object({ question_id: z.number().int(), answer: z.number().int(), notes: z.string() })),
});
export type BaselineRecord = z.infer<typeof baselineRecordSchema>;

export const analysisRecordSchema = baselineRecordSchema.extend({
  answers: z.array(z.object({ question_id: z.number().int(), answer: z.number().nullable(), notes: z.string() })),
  drives: z.array(
    z.object({
      question_id: z.number().int(),
      drive_id: z.number().int().nullable(),
      letter: z.string(),
      size: z.number().int(),
      answer: z.number().nullable(),
      notes: z.string(),
    }),
  ),
});
export type AnalysisRecord = z.infer<typeof analysisRecordSchema>;

export const exchangeAttachmentSchema = z.object({
  id: z.number().int(),
  file: z.string(),
  file_name: z.string(),
  extension: z.string(),
  created_at: z.string(),
  user: z.object({ name: z.string() }).nullable(),
});
export type ExchangeAttachment = z.infer<typeof exchangeAttachmentSchema>;
export const exchangeRecordSchema = z.object({
  id: z.number().int(),
  exchange_id: z.number().int(),
  company_id: z.number().int(),
  site_id: z.number().int().nullable(),
  server_id: z.number().int(),
  month: z.number().int(),
  year: z.number().int(),
  ticket_id: z.number().int(),
  resolution: z.string(),
  notes: z.string(),
  resolution_attachments: z.array(exchangeAttachmentSchema),
  notes_attachments: z.array(exchangeAttachmentSchema),
});
export type ExchangeRecord = z.infer<typeof exchangeRecordSchema>;

/** One month's notes of a server, with who saved them last. */
export const maintenanceNotesRecordSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  site_id: z.number().int().nullable(),
  server_id: z.number().int(),
  month: z.number().int(),
  year: z.number().int(),
  ticket_id: z.number().int(),
  notes: z.string(),
  updated_by: z.object({ name: z.string() }).nullable(),
  updated_at: z.string(),
});
export type MaintenanceNotesRecord = z.infer<typeof maintenanceNotesRecordSchema>;

/**
 * GET /api/maintenance/notes/{serverId}/{month}/{year}: the month's notes (null before the first save), the earlier
 * months' notes of the server (newest first, the last 12 that have text) and the month's three checklist states.
 */
export const maintenanceNotesResponseSchema = z.object({
  data: z.object({
    notes: maintenanceNotesRecordSchema.nullable(),
    earlier: z.array(maintenanceNotesRecordSchema),
    server: z.object({ id: z.number().int(), name: z.string() }),
    ticket: z.object({ id: z.number().int(), status: z.number().int() }).nullable(),
    baseline: maintenanceRecordSchema.nullable(),
    analysis: maintenanceRecordSchema.nullable(),
    exchange: maintenanceRecordSchema.nullable(),
  }),
});
export type MaintenanceNotesPage = z.infer<typeof maintenanceNotesResponseSchema>['data'];

/** GET /api/schedule/main/ticket/{ticket_id}: the ticket with its check-ins (spec 2 §3 Ticket (check-in view)). */
export const maintenanceTicketCheckInsSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  status: z.number().int(),
  company_id: z.number().int(),
  check_ins: z.array(
    z.object({
      id: z.number().int(),
      user_id: z.number().int(),
      start_time: z.string(),
      end_time: z.string().nullable(),
      user: z.object({ name: z.string() }),
    }),
  ),
});
export type MaintenanceTicketCheckIns = z.infer<typeof maintenanceTicketCheckInsSchema>;

/** Spec 2 §2: the current user counts as checked in while a check-in of theirs has no end_time. */
export const isCheckedIn = (checkIns: { user_id: number; end_time: string | null }[], userId: number | undefined) =>
  userId !== undefined && checkIns.some((c) => c.user_id === userId && c.end_time === null);

/** Spec 2 §2: the toast when another user checks in or out. */
export const checkInToast = (name: string, direction: 'in' | 'out') =>
  `${name} checked ${direction === 'in' ? 'in to' : 'out of'} this ticket`;
