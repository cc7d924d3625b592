import { z } from 'zod';
import { isIsoDate, ptoBanks, timeOffReasonSchema } from '../pto.ts';
import { hrCategoryKinds, workHoursSchema } from './base.ts';

// HR requests (designs/hr.md §2.2-§2.8, §8): one contract for the request form, the lists, the detail and the routes.
// Dates are calendar days 'YYYY-MM-DD'; hours are numbers rounded to 2 decimals.

export const hrRequestStatuses = ['pending', 'approved', 'denied', 'cancelled', 'completed'] as const;
export type HrRequestStatus = (typeof hrRequestStatuses)[number];
export const hrRequestStatusLabels: Record<HrRequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  denied: 'Denied',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

/** Stage 1 is the employee's manager, stage 2 HR (holders of 'approve hr requests'). */
export const hrRequestStages = ['manager', 'hr'] as const;
export type HrRequestStage = (typeof hrRequestStages)[number];

/** The bank a time-off request draws from: the engine's two banks, or Unpaid (never touches PTO). */
export const hrRequestBanks = ['accrual', 'lump_sum', 'unpaid'] as const;
export type HrRequestBank = (typeof hrRequestBanks)[number];
export const hrRequestBankLabels: Record<HrRequestBank, string> = {
  accrual: 'Accrual',
  lump_sum: 'Lump Sum',
  unpaid: 'Unpaid',
};
/** The PTO engine's bank a request bank draws from; null for Unpaid. */
export const ptoBankOfRequestBank = (bank: HrRequestBank): (typeof ptoBanks)[number] | null =>
  bank === 'accrual' ? 'Accrual' : bank === 'lump_sum' ? 'Lump Sum' : null;

export const hrDayParts = ['full', 'morning', 'afternoon', 'custom'] as const;
export type HrDayPart = (typeof hrDayParts)[number];
export const hrDayPartLabels: Record<HrDayPart, string> = {
  full: 'Full day',
  morning: 'Morning',
  afternoon: 'Afternoon',
  custom: 'Custom',
};

export const hrEquipmentTypes = ['Laptop', 'Monitor', 'Phone', 'Peripheral', 'Software', 'Other'] as const;

export const hrRequestScopes = ['mine', 'approvals', 'all'] as const;
export type HrRequestScope = (typeof hrRequestScopes)[number];

/** What the request log records; comments are events too. */
export const hrRequestActions = [
  'submitted',
  'updated',
  'approved',
  'denied',
  'withdrawn',
  'cancelled',
  'shortened',
  'completed',
  'commented',
  'holiday_returned',
  'reassigned',
  'reminded',
  'escalated',
  'applied',
] as const;
export type HrRequestAction = (typeof hrRequestActions)[number];

/** The design's texts, verbatim where it gives them (designs/hr.md §2.2-§2.6). */
export const hrRequestMessages = {
  commentRequiredToDeny: 'A comment is required to deny a request.',
  alreadyDecided: (name: string): string => `This request was already decided by ${name}.`,
  noWorkingDays: 'The selected dates contain no working days.',
  alreadyOff: (date: string): string => `You already have time off on ${date}.`,
  endBeforeStart: 'The end date must be a date after or equal to the start date.',
  tooLong: 'A request may span at most 366 days.',
  backdated: (days: number): string => `The start date may not be more than ${days} days ago.`,
  unpaidNotAllowed: 'Unpaid time off is not allowed.',
  negativeBlocked: 'This request would leave a negative balance.',
  negativeWarning: 'This request leaves a negative balance.',
  negativeNeedsConfirmation: 'Approving leaves a negative balance: confirm "Approve despite negative balance".',
  hourlyNotYetEarned: 'Hourly accrual not yet earned is not counted.',
  categoryKind: 'The category does not take this kind of request.',
  categoryInactive: 'The selected category is not active.',
  dayOutsideRange: 'Each day must lie between the start and end dates.',
  dayTwice: 'Each date may be listed once.',
  customNeedsTime: 'A custom day needs a start and end, or hours.',
  customStartAfterEnd: 'The start time must be before the end time.',
  dayHoursOverSchedule: (date: string): string => `The hours on ${date} exceed the day's schedule.`,
  notYourOwn: 'Nobody approves their own request.',
  notPending: 'Only a pending request can be changed.',
  versionStale: 'This request changed since you opened it: reload it.',
  shortenAfterStart: 'The last day must be on or after the start date and before the end date.',
  completeEquipmentOnly: 'Only an approved equipment request can be completed.',
  approveNowNotAllowed: 'Only HR or the employee\u2019s manager may approve at once.',
  onBehalfNotAllowed: 'You may not file a request for this employee.',
  commentRequired: 'The comment field is required.',
  submitted: 'Request submitted.',
  updated: 'Request updated.',
  approved: 'Request approved.',
  denied: 'Request denied.',
  withdrawn: 'Request withdrawn.',
  cancelled: 'Request cancelled.',
  shortened: 'Return early recorded.',
  completed: 'Request completed.',
  commented: 'Comment added.',
  approvedAsHr: 'approved as HR, manager stage skipped',
  approvedDespiteNegative: 'approved despite negative balance',
  holidayReturned: (hours: string): string => `Holiday added: ${hours} h returned`,
  managerDisabled: 'The manager was disabled: the approval moved to HR.',
  employeeDisabled: 'The employee was disabled: the request was withdrawn.',
  attachmentType: 'The attachment must be a PDF, PNG, JPEG, DOC or DOCX file.',
  attachmentNotFile: 'The attachment must be a file.',
  payloadNotJson: 'The payload field must hold the request as JSON.',
} as const;

/** GET /api/hr/requests/schedule?user_id: the week the employee works now (own work_hours or the company week). */
export interface HrRequesterSchedule {
  work_hours: Record<string, number>;
  /** True when it is the employee's own week, false for the company week. */
  own: boolean;
}

/** A request list's total stops here (as the ticket queue's does): counting all of All cost more than the page. */
export const HR_REQUEST_COUNT_CAP = 1_000;

/** The optional HR-only attachment of a request (designs/hr.md §2.3): one file, sent with the request. */
export const hrRequestAttachmentMaxBytes = 10 * 1024 * 1024;
/** What the file input offers; the server decides by the file's bytes, not its name or type. */
export const hrRequestAttachmentAccept = '.pdf,.png,.jpg,.jpeg,.doc,.docx';

// ---------------------------------------------------------------------------------------------------------
// Inputs

const isoDate = (field: string) =>
  z
    .string({ error: `The ${field} field is required.` })
    .trim()
    .min(1, `The ${field} field is required.`)
    .refine(isIsoDate, `The ${field} is not a valid date.`);

const slotTime = z.string().regex(/^([01]\d|2[0-3]):(00|30)$|^24:00$/, {
  message: 'Choose a half hour such as 09:30.',
});
const quarterHours = z
  .number({ message: 'The hours must be a number.' })
  .min(0.25, { message: 'The hours must be at least 0.25.' })
  .max(24, { message: 'The hours may not be greater than 24.' })
  .multipleOf(0.25, { message: 'Hours go in quarter-hour steps.' });

const id = (field: string) =>
  z.coerce
    .number({ message: `The selected ${field} is invalid.` })
    .int({ message: `The selected ${field} is invalid.` })
    .min(1, { message: `The selected ${field} is invalid.` })
    .max(2147483647, { message: `The selected ${field} is invalid.` });

const note = z.string().trim().max(2000, { message: 'The note may not be greater than 2000 characters.' }).default('');
const comment = z
  .string()
  .trim()
  .max(2000, { message: 'The comment may not be greater than 2000 characters.' })
  .default('');

/** One requested day: Full, Morning or Afternoon (half the day's schedule), or Custom (start-end or hours). */
export const hrRequestDayInputSchema = z
  .object({
    date: isoDate('date'),
    part: z.enum(hrDayParts, { message: 'Choose full, morning, afternoon or custom.' }),
    start: slotTime.nullish(),
    end: slotTime.nullish(),
    hours: quarterHours.nullish(),
  })
  .superRefine((day, ctx) => {
    if (day.part !== 'custom') return;
    if (day.start && day.end) {
      if (day.start >= day.end)
        ctx.addIssue({ code: 'custom', message: hrRequestMessages.customStartAfterEnd, path: ['end'] });
      return;
    }
    if (day.hours == null)
      ctx.addIssue({ code: 'custom', message: hrRequestMessages.customNeedsTime, path: ['hours'] });
  });
export type HrRequestDayInput = z.infer<typeof hrRequestDayInputSchema>;

/** The time-off fields; `days` lists only days that differ from a full day (missing dates are Full). */
export const hrTimeOffFieldsSchema = z.object({
  reason: timeOffReasonSchema,
  bank: z.enum(hrRequestBanks, { message: 'The selected bank is invalid.' }),
  start_date: isoDate('start date'),
  end_date: isoDate('end date'),
  days: z.array(hrRequestDayInputSchema).max(366, { message: hrRequestMessages.tooLong }).default([]),
});

const dayNumber = (date: string): number =>
  Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 864e5;

/** The range rules of §2.3 shared by form and route (no working days and overlaps need the server's data). */
export function checkTimeOffRange(
  value: { start_date: string; end_date: string; days: readonly { date: string }[] },
  ctx: z.RefinementCtx,
): void {
  if (!isIsoDate(value.start_date) || !isIsoDate(value.end_date)) return;
  if (value.end_date < value.start_date) {
    ctx.addIssue({ code: 'custom', message: hrRequestMessages.endBeforeStart, path: ['end_date'] });
    return;
  }
  if (dayNumber(value.end_date) - dayNumber(value.start_date) + 1 > 366) {
    ctx.addIssue({ code: 'custom', message: hrRequestMessages.tooLong, path: ['end_date'] });
  }
  const seen = new Set<string>();
  value.days.forEach((day, index) => {
    if (day.date < value.start_date || day.date > value.end_date) {
      ctx.addIssue({ code: 'custom', message: hrRequestMessages.dayOutsideRange, path: ['days', index, 'date'] });
    }
    if (seen.has(day.date))
      ctx.addIssue({ code: 'custom', message: hrRequestMessages.dayTwice, path: ['days', index, 'date'] });
    seen.add(day.date);
  });
}

export const hrEquipmentDetailsSchema = z.object({
  item: z
    .string()
    .trim()
    .min(1, 'The item field is required.')
    .max(200, 'The item may not be greater than 200 characters.'),
  type: z.enum(hrEquipmentTypes, { message: 'The selected type is invalid.' }),
  quantity: z.coerce
    .number({ message: 'The quantity must be a number.' })
    .int({ message: 'The quantity must be a whole number.' })
    .min(1, { message: 'The quantity must be at least 1.' })
    .max(1000, { message: 'The quantity may not be greater than 1000.' }),
  needed_by: isoDate('needed by date').nullish(),
  estimated_cost: z.coerce
    .number({ message: 'The estimated cost must be a number.' })
    .min(0, { message: 'The estimated cost must be at least 0.' })
    .max(1_000_000, { message: 'The estimated cost may not be greater than 1000000.' })
    .nullish(),
  link: z.url({ message: 'The link must be a valid URL.' }).max(2000).or(z.literal('')).nullish(),
  justification: z
    .string()
    .trim()
    .min(1, 'The justification field is required.')
    .max(5000, 'The justification may not be greater than 5000 characters.'),
});
export type HrEquipmentDetails = z.infer<typeof hrEquipmentDetailsSchema>;

export const hrScheduleChangeDetailsSchema = z
  .object({
    effective_date: isoDate('effective date'),
    end_date: isoDate('end date').nullish(),
    work_hours: workHoursSchema,
    reason: z.string().trim().min(1, 'The reason field is required.').max(2000),
  })
  .superRefine((value, ctx) => {
    if (value.end_date && value.end_date < value.effective_date) {
      ctx.addIssue({ code: 'custom', message: hrRequestMessages.endBeforeStart, path: ['end_date'] });
    }
  });
export type HrScheduleChangeDetails = z.infer<typeof hrScheduleChangeDetailsSchema>;

export const hrGeneralDetailsSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, 'The subject field is required.')
    .max(200, 'The subject may not be greater than 200 characters.'),
  details: z
    .string()
    .trim()
    .min(1, 'The details field is required.')
    .max(10_000, 'The details may not be greater than 10000 characters.'),
});
export type HrGeneralDetails = z.infer<typeof hrGeneralDetailsSchema>;

const common = {
  category_id: id('category'),
  note,
  /** On someone's behalf: HR ('view human resources' or 'approve hr requests') or the employee's manager. */
  user_id: id('employee').nullish(),
  /** HR or the manager filing on someone's behalf approves at once ("Record time off"). */
  approve_now: z.boolean().default(false),
  /** PUT only: the version the editor read (409 when it moved). */
  version: z.number().int().min(1).nullish(),
};

/**
 * POST /api/hr/requests and PUT /api/hr/requests/{id}: the category's kind decides the fields (the form sends the
 * kind of the category it picked; the server checks they agree). The server's day rules answer 422 under `days`
 * (noWorkingDays, alreadyOff once per date, dayHoursOverSchedule), backdating under `start_date`, Unpaid refused and
 * a blocked negative balance under `bank`.
 */
export const hrRequestInputSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('time_off'), ...common, ...hrTimeOffFieldsSchema.shape }),
    z.object({ kind: z.literal('equipment'), ...common, details: hrEquipmentDetailsSchema }),
    z.object({ kind: z.literal('schedule_change'), ...common, details: hrScheduleChangeDetailsSchema }),
    z.object({ kind: z.literal('general'), ...common, details: hrGeneralDetailsSchema }),
  ])
  .superRefine((value, ctx) => {
    if (value.kind === 'time_off') checkTimeOffRange(value, ctx);
  });
export type HrRequestInput = z.input<typeof hrRequestInputSchema>;
export type HrRequestValues = z.output<typeof hrRequestInputSchema>;
export type HrTimeOffRequestValues = Extract<HrRequestValues, { kind: 'time_off' }>;

/** POST /api/hr/requests/preview: the time-off fields; request_id leaves that request's own days out (editing). */
export const hrRequestPreviewInputSchema = z
  .object({
    ...hrTimeOffFieldsSchema.shape,
    user_id: id('employee').nullish(),
    request_id: id('request').nullish(),
  })
  .superRefine(checkTimeOffRange);
export type HrRequestPreviewInput = z.input<typeof hrRequestPreviewInputSchema>;
export type HrRequestPreviewValues = z.output<typeof hrRequestPreviewInputSchema>;

/** Approve: the version read; approving below zero needs approve_despite_negative (logged). */
export const hrRequestApproveInputSchema = z.object({
  comment,
  approve_despite_negative: z.boolean().default(false),
  version: z.number({ message: 'The version field is required.' }).int().min(1),
});
export type HrRequestApproveInput = z.input<typeof hrRequestApproveInputSchema>;

export const hrRequestDenyInputSchema = z.object({
  comment: z
    .string({ message: hrRequestMessages.commentRequiredToDeny })
    .trim()
    .min(1, { message: hrRequestMessages.commentRequiredToDeny })
    .max(2000, { message: 'The comment may not be greater than 2000 characters.' }),
  version: z.number({ message: 'The version field is required.' }).int().min(1),
});
export type HrRequestDenyInput = z.input<typeof hrRequestDenyInputSchema>;

/** Cancel (requester: withdraw while pending or cancel before it starts; approvers: with a comment) and Complete. */
export const hrRequestActionInputSchema = z.object({
  comment,
  version: z.number({ message: 'The version field is required.' }).int().min(1),
});
export type HrRequestActionInput = z.input<typeof hrRequestActionInputSchema>;

/** Return early: the days after last_day are dropped and their hours given back. */
export const hrRequestShortenInputSchema = z.object({
  last_day: isoDate('last day'),
  comment,
  version: z.number({ message: 'The version field is required.' }).int().min(1),
});
export type HrRequestShortenInput = z.input<typeof hrRequestShortenInputSchema>;

export const hrRequestCommentInputSchema = z.object({
  comment: z
    .string({ message: hrRequestMessages.commentRequired })
    .trim()
    .min(1, { message: hrRequestMessages.commentRequired })
    .max(2000, { message: 'The comment may not be greater than 2000 characters.' }),
});

/** POST /api/hr/requests/approve: the same checks per row. */
export const hrRequestBulkApproveInputSchema = z.object({
  requests: z
    .array(z.object({ id: id('request'), version: z.number().int().min(1) }))
    .min(1, { message: 'Choose at least one request.' })
    .max(200, { message: 'At most 200 requests at once.' }),
  comment,
  approve_despite_negative: z.boolean().default(false),
});
export type HrRequestBulkApproveInput = z.input<typeof hrRequestBulkApproveInputSchema>;

/**
 * GET /api/hr/requests query. mine: the viewer's own; approvals: their direct reports' requests and, for HR
 * approvers, every request at the HR stage (never the viewer's own; add status=pending for the queue); all: 'view
 * human resources' or 'approve hr requests' (403 otherwise). from/to keep requests whose dates overlap the range.
 */
export const hrRequestListQuerySchema = z.object({
  scope: z.enum(hrRequestScopes).default('mine'),
  status: z.enum(hrRequestStatuses).optional(),
  category_id: id('category').optional(),
  user_id: id('employee').optional(),
  from: isoDate('from date').optional(),
  to: isoDate('to date').optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
});
export type HrRequestListQuery = z.input<typeof hrRequestListQuerySchema>;

/** GET /api/hr/out?from&to: who is out (no reasons). */
export const hrOutQuerySchema = z
  .object({ from: isoDate('from date'), to: isoDate('to date') })
  .superRefine((value, ctx) => {
    if (value.to < value.from)
      ctx.addIssue({ code: 'custom', message: hrRequestMessages.endBeforeStart, path: ['to'] });
    else if (dayNumber(value.to) - dayNumber(value.from) > 92) {
      ctx.addIssue({ code: 'custom', message: 'At most 93 days at once.', path: ['to'] });
    }
  });

// ---------------------------------------------------------------------------------------------------------
// Answers

const person = z.object({ id: z.number().int(), name: z.string() });

/** One day of a request as the form's day table and the detail show it. */
export const hrRequestDaySchema = z.object({
  date: z.string(),
  /** ISO weekday, 1 = Monday to 7 = Sunday. */
  weekday: z.number().int().min(1).max(7),
  part: z.enum(hrDayParts),
  start: z.string().nullable(),
  end: z.string().nullable(),
  hours: z.number(),
  /** The hours scheduled that day (0 on non-working days and holidays). */
  scheduled_hours: z.number(),
  /** "Labor Day" when the day is one of the employee's effective holidays. */
  holiday: z.string().nullable(),
  /** A weekend, a day off in the schedule, or a holiday: greyed, 0 hours. */
  non_working: z.boolean(),
});
export type HrRequestDay = z.infer<typeof hrRequestDaySchema>;

/** Per bank and PTO period the request touches: what it does to the balance. */
export const hrRequestBalanceSchema = z.object({
  bank: z.enum(ptoBanks),
  period_start: z.string(),
  period_end: z.string(),
  /** The period's balance from approved time off only (Hourly accrual up to today). */
  available: z.number(),
  /** Other pending requests drawing from this bank in this period. */
  pending_elsewhere: z.number(),
  this_request: z.number(),
  /** The period's balance counting pending elsewhere and this request (rollover follows the used hours). */
  after: z.number(),
});
export type HrRequestBalance = z.infer<typeof hrRequestBalanceSchema>;

/** The bank select: "Lump Sum (Vacation 40 h): 24.00 h available, 2026-01-15 to 2027-01-14". */
export const hrRequestBankOptionSchema = z.object({
  bank: z.enum(hrRequestBanks),
  label: z.string(),
  /** Names of the settings feeding the bank ("Vacation 40 h"). */
  settings: z.array(z.string()),
  available: z.number().nullable(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
});
export type HrRequestBankOption = z.infer<typeof hrRequestBankOptionSchema>;

/** Who else in the department is out in the range (no reasons). */
export const hrOutEntrySchema = z.object({
  user: person,
  date: z.string(),
  hours: z.number(),
  part: z.enum(hrDayParts),
  status: z.enum(['pending', 'approved']),
});
export type HrOutEntry = z.infer<typeof hrOutEntrySchema>;

export const hrRequestPreviewSchema = z.object({
  days: z.array(hrRequestDaySchema),
  total_hours: z.number(),
  balances: z.array(hrRequestBalanceSchema),
  banks: z.array(hrRequestBankOptionSchema),
  /** Texts to show: negative balance, Hourly accrual not yet earned. */
  warnings: z.array(z.string()),
  negative: z.boolean(),
  /** Setting negative_balance: 'block' refuses the request, 'warn' lets it through. */
  negative_balance: z.enum(['warn', 'block']),
  others_out: z.array(hrOutEntrySchema),
});
export type HrRequestPreview = z.infer<typeof hrRequestPreviewSchema>;
export const hrRequestPreviewResponseSchema = z.object({ data: hrRequestPreviewSchema });

const categoryRef = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(hrCategoryKinds),
  color: z.string(),
});

/** A list row, and the HrRequestUpdated payload's request. */
export const hrRequestRowSchema = z.object({
  id: z.number().int(),
  status: z.enum(hrRequestStatuses),
  stage: z.enum(hrRequestStages),
  category: categoryRef,
  requester: person,
  /** A one-line summary: "Vacation, 12.00 h Lump Sum", the equipment item, the subject... */
  summary: z.string(),
  reason: z.string().nullable(),
  bank: z.enum(hrRequestBanks).nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  total_hours: z.number(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by: person.nullable(),
  version: z.number().int(),
});
export type HrRequestRow = z.infer<typeof hrRequestRowSchema>;

export const hrRequestListResponseSchema = z.object({
  data: z.array(hrRequestRowSchema),
  total: z.number().int(),
  current_page: z.number().int(),
  per_page: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  last_page: z.number().int(),
});
export type HrRequestListResponse = z.infer<typeof hrRequestListResponseSchema>;

export const hrRequestEventSchema = z.object({
  id: z.number().int(),
  action: z.enum(hrRequestActions),
  actor: person.nullable(),
  comment: z.string().nullable(),
  /** A log line of the system's own ("approved as HR, manager stage skipped", "Holiday added: 8.00 h returned"). */
  detail: z.string().nullable(),
  created_at: z.string(),
});
export type HrRequestEvent = z.infer<typeof hrRequestEventSchema>;

/** What the viewer may do now: the page shows a button per true flag. */
export const hrRequestPermissionsSchema = z.object({
  can_edit: z.boolean(),
  can_withdraw: z.boolean(),
  can_approve: z.boolean(),
  can_deny: z.boolean(),
  can_cancel: z.boolean(),
  can_shorten: z.boolean(),
  can_complete: z.boolean(),
  can_comment: z.boolean(),
});
export type HrRequestPermissions = z.infer<typeof hrRequestPermissionsSchema>;

export const hrRequestDetailSchema = hrRequestRowSchema.extend({
  ...hrRequestPermissionsSchema.shape,
  note: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
  days: z.array(hrRequestDaySchema),
  /** The people who can act at the current stage (manager, or HR approvers), empty once decided. */
  approvers: z.array(person),
  created_by: person.nullable(),
  events: z.array(hrRequestEventSchema),
  /** Time off only: the balance impact, red to approvers when negative. */
  balances: z.array(hrRequestBalanceSchema),
  negative: z.boolean(),
  /** The HR-only attachment: shown to the requester and HR, null for everyone else (the manager included). */
  attachment: z.object({ name: z.string(), mime: z.string(), bytes: z.number().int() }).nullable(),
});
export type HrRequestDetail = z.infer<typeof hrRequestDetailSchema>;

/** GET /api/hr/requests/{id} and every write's answer ({ data, message }). */
export const hrRequestResponseSchema = z.object({ data: hrRequestDetailSchema, message: z.string().optional() });

export const hrRequestBulkApproveResponseSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), ok: z.boolean(), status: z.number().int(), message: z.string() })),
  message: z.string(),
});

export const hrOutResponseSchema = z.object({ data: z.array(hrOutEntrySchema) });

export { hrRequestUpdatedEvent } from './events.ts';
export const hrRequestUpdatedPayloadSchema = z.object({ request: hrRequestRowSchema });
export type HrRequestUpdatedPayload = z.infer<typeof hrRequestUpdatedPayloadSchema>;

/** GET /api/hr/requests/banks?user_id=: the bank select's options before any date is chosen. */
export const hrRequestBanksResponseSchema = z.object({ data: z.array(hrRequestBankOptionSchema) });
