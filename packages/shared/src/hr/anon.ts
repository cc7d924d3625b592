import { z } from 'zod';

// Anonymous e-mail (designs/hr.md §4, §8; decision 0105): the public form, the code lookup and reply, and the
// readers' triage, one contract for the page and the routes; the pure rules (reply codes, release slots, the
// acknowledge-by and feedback-by dates) live here so that both sides and the unit tests share them.

export const anonCategories = ['harassment', 'safety', 'fraud', 'suggestion', 'other'] as const;
export type AnonCategory = (typeof anonCategories)[number];
export const anonCategoryLabels: Record<AnonCategory, string> = {
  harassment: 'Harassment or discrimination',
  safety: 'Safety',
  fraud: 'Fraud or ethics',
  suggestion: 'Suggestion',
  other: 'Other',
};

export const anonStatuses = ['new', 'in_review', 'resolved', 'dismissed'] as const;
export type AnonStatus = (typeof anonStatuses)[number];
export const anonStatusLabels: Record<AnonStatus, string> = {
  new: 'New',
  in_review: 'In review',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};
/** Resolved and Dismissed close a report: its closed_on starts the retention clock. */
export const anonClosedStatuses: readonly AnonStatus[] = ['resolved', 'dismissed'];

export const anonAccessActions = ['open', 'change', 'reply', 'note'] as const;
export type AnonAccessAction = (typeof anonAccessActions)[number];

export const anonMessages = {
  submitted: 'Your report was sent.',
  replied: 'Your answer was sent.',
  saved: 'Report saved.',
  replySent: 'Reply sent.',
  noteSaved: 'Note saved.',
  cannotBeAnswered: 'this reporter cannot be answered',
  unknownCode: 'No report has this code.',
  codeFormat: 'A reply code has 20 letters and digits.',
  oneReaderRemains: 'At least one reader must be able to read the report.',
  unknownReader: 'Choose among the readers of anonymous reports.',
  noReaders: 'Nobody can read anonymous reports yet: ask HR to name a reader.',
  assigneeNotReader: 'The assignee must be a reader who may see this report.',
  tooMany: 'Too many attempts. Please try again later.',
} as const;

/** The message's limit (designs/hr.md §4): plain text, 10,000 characters. */
export const anonBodyMax = 10_000;

const body = (field: string, max = anonBodyMax) =>
  z
    .string({ message: `The ${field} field is required.` })
    .trim()
    .min(1, { message: `The ${field} field is required.` })
    .max(max, { message: `The ${field} may not be greater than ${max.toLocaleString('en-US')} characters.` });

// ---------------------------------------------------------------------------------------------------------------
// Reply codes: 20 characters of Crockford base32 (100 bits), read forgivingly (case, I/L for 1, O for 0, dashes).

export const crockfordAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const replyCodeLength = 20;

/** Upper case, I and L read as 1, O as 0, spaces and dashes dropped (Crockford's decoding rules). */
export function normalizeReplyCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
}

export function isReplyCode(normalized: string): boolean {
  return normalized.length === replyCodeLength && [...normalized].every((char) => crockfordAlphabet.includes(char));
}

/** A code in groups of four for reading aloud or copying: ABCD-EFGH-JKMN-PQRS-TVWX. */
export function formatReplyCode(code: string): string {
  return (
    normalizeReplyCode(code)
      .match(/.{1,4}/g)
      ?.join('-') ?? ''
  );
}

/** 20 characters from 20 random bytes: each byte's low five bits pick one of the 32 symbols (no modulo bias). */
export function replyCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < replyCodeLength) throw new Error('replyCodeFromBytes: needs 20 bytes');
  let code = '';
  for (let index = 0; index < replyCodeLength; index += 1) code += crockfordAlphabet[bytes[index]! & 31];
  return code;
}

const replyCode = z
  .string({ message: anonMessages.codeFormat })
  .max(64, { message: anonMessages.codeFormat })
  .transform(normalizeReplyCode)
  .refine(isReplyCode, { message: anonMessages.codeFormat });

// ---------------------------------------------------------------------------------------------------------------
// Public calls.

/** POST /api/hr/anonemail (no sign-in). */
export const anonReportInputSchema = z.object({
  category: z.enum(anonCategories, { message: 'Choose a category.' }),
  subject: body('subject', 200),
  body: body('message'),
  contact: z.string().trim().max(300, { message: 'The contact may not be greater than 300 characters.' }).default(''),
  excluded_reader_ids: z
    .array(z.number().int().positive(), { message: anonMessages.unknownReader })
    .max(200, { message: anonMessages.unknownReader })
    .default([]),
  want_reply_code: z.boolean().default(true),
});
export type AnonReportInput = z.input<typeof anonReportInputSchema>;

export const anonReportSubmittedSchema = z.object({
  message: z.string(),
  /** Shown once; null when the reporter asked for none. */
  reply_code: z.string().nullable(),
});

/** POST /api/hr/anonemail/lookup: the code in the body, never in a URL. */
export const anonLookupInputSchema = z.object({ code: replyCode });
export type AnonLookupInput = z.input<typeof anonLookupInputSchema>;

/** POST /api/hr/anonemail/reply. */
export const anonReporterReplyInputSchema = z.object({ code: replyCode, body: body('message') });
export type AnonReporterReplyInput = z.input<typeof anonReporterReplyInputSchema>;

/** A message of the thread: dates only, and never who in HR wrote it to the reporter. */
export const anonMessageSchema = z.object({
  id: z.string(),
  from_reporter: z.boolean(),
  body: z.string(),
  created_on: z.string(),
});
export type AnonMessage = z.infer<typeof anonMessageSchema>;

/** What the code opens: the report, its status and the thread; no notes, assignee, readers or access log. */
export const anonLookupSchema = z.object({
  category: z.enum(anonCategories),
  subject: z.string(),
  body: z.string(),
  received_on: z.string(),
  status: z.enum(anonStatuses),
  messages: z.array(anonMessageSchema),
});
export type AnonLookup = z.infer<typeof anonLookupSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Readers ('read anonymous email').

export const anonReportsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
  status: z.enum(anonStatuses, { message: 'Choose a status.' }).optional(),
  category: z.enum(anonCategories, { message: 'Choose a category.' }).optional(),
});
export type AnonReportsQuery = z.input<typeof anonReportsQuerySchema>;

const person = z.object({ id: z.number().int(), name: z.string() });

export const anonReportRowSchema = z.object({
  id: z.string(),
  category: z.enum(anonCategories),
  subject: z.string(),
  status: z.enum(anonStatuses),
  received_on: z.string(),
  released_on: z.string(),
  closed_on: z.string().nullable(),
  assignee: person.nullable(),
  can_reply: z.boolean(),
  acknowledge_by: z.string(),
  feedback_by: z.string(),
});
export type AnonReportRow = z.infer<typeof anonReportRowSchema>;

export const anonReportsPageSchema = z.object({
  data: z.array(anonReportRowSchema),
  total: z.number().int(),
  current_page: z.number().int(),
  per_page: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  last_page: z.number().int(),
});

export const anonNoteSchema = z.object({
  id: z.number().int(),
  author: person.nullable(),
  body: z.string(),
  created_at: z.string(),
});
export const anonAccessEntrySchema = z.object({
  user: person.nullable(),
  action: z.enum(anonAccessActions),
  at: z.string(),
});

export const anonReportDetailSchema = anonReportRowSchema.extend({
  body: z.string(),
  contact: z.string(),
  messages: z.array(anonMessageSchema.extend({ author: person.nullable() })),
  notes: z.array(anonNoteSchema),
  access_log: z.array(anonAccessEntrySchema),
  /** Readers who may see it (the assignee is one of them). */
  readers: z.array(person),
});
export type AnonReportDetail = z.infer<typeof anonReportDetailSchema>;

/** PUT /api/hr/anonemail/reports/{id}. */
export const anonReportUpdateInputSchema = z.object({
  status: z.enum(anonStatuses, { message: 'Choose a status.' }),
  assignee_id: z.number().int().positive().nullable().default(null),
});
export type AnonReportUpdateInput = z.input<typeof anonReportUpdateInputSchema>;

/** POST .../{id}/messages (to the reporter) and .../{id}/notes (internal). */
export const anonReaderMessageInputSchema = z.object({ body: body('message') });
export const anonNoteInputSchema = z.object({ body: body('note') });

/** On `hr_anon`: reports were released or a reader changed one; content-free, readers refetch what they may see. */
export const anonReportsReleasedEvent = 'AnonReportsReleased';

// ---------------------------------------------------------------------------------------------------------------
// Dates.

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function addUtcDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return isoDay(date);
}

/** The last day of a month shift keeps the day of month when it exists (2026-11-30 + 3 months = 2027-02-28). */
function addUtcMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, last));
  return isoDay(target);
}

/** The EU whistleblowing directive's timings as good practice: acknowledge within 7 days, feed back within 3 months. */
export const acknowledgeBy = (receivedOn: string): string => addUtcDays(receivedOn, 7);
export const feedbackBy = (receivedOn: string): string => addUtcMonths(receivedOn, 3);
/** Closed reports older than this day are purged. */
export const anonPurgeBefore = (today: string, retentionMonths: number): string =>
  addUtcMonths(today, -retentionMonths);

// ---------------------------------------------------------------------------------------------------------------
// Release slots: reports and the reporter's replies become visible only at a slot, so nobody learns their hour.

/** The wall clock of `instant` in `timeZone`: its date, ISO weekday (1 = Monday) and minutes since midnight. */
export function zonedParts(instant: Date, timeZone: string): { day: string; weekday: number; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
  return { day, weekday, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** The instant at which the wall clock of `timeZone` reads `day` `time` (HH:MM). */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const wanted = Date.parse(`${day}T${time}:00Z`);
  let instant = wanted;
  // Two corrections settle the offset, daylight-saving changes included.
  for (let pass = 0; pass < 2; pass += 1) {
    const seen = zonedParts(new Date(instant), timeZone);
    const seenAt = Date.parse(`${seen.day}T00:00:00Z`) + seen.minutes * 60_000;
    instant += wanted - seenAt;
  }
  return new Date(instant);
}

/**
 * The latest release slot at or before `now`: a slot time on a working day (hours > 0 in the company week) of
 * `timeZone`; null when none lies in the last 14 days.
 */
export function latestReleaseSlot(
  now: Date,
  slots: readonly string[],
  workWeek: Readonly<Record<string, number>>,
  timeZone: string,
): { at: Date; day: string } | null {
  const today = zonedParts(now, timeZone).day;
  const ordered = [...slots].sort().reverse();
  for (let back = 0; back <= 14; back += 1) {
    const day = addUtcDays(today, -back);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
    if (!((workWeek[String(weekday)] ?? 0) > 0)) continue;
    for (const slot of ordered) {
      const at = zonedInstant(day, slot, timeZone);
      if (at.getTime() <= now.getTime()) return { at, day };
    }
  }
  return null;
}
