import { z } from 'zod';
import {
  crmSettingsSchema,
  dispositionSchema,
  LEAD_LIST_COLUMNS,
  leadStatusFilterSchema,
  leadStatusSchema,
  type LeadListColumn,
} from './crm.ts';
import { optionalPhoneNumberSchema } from './phone.ts';
import { isIsoDate } from './pto.ts';

/**
 * The leads API's contracts (designs/crm-softphone.md §4.1-§4.2, §5): lead create/update, the lead answer, the list
 * query with its filters and paginator, contacts, notes, dispositions, convert, bulk actions, search_contacts and the
 * CRM settings. The same schemas validate the forms in the browser and the bodies on the server.
 */

const TEXT_MAX = 255;

/** Optional text: trimmed, empty and null become null. */
const optionalText = (max = TEXT_MAX) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string().trim().max(max).nullable().optional(),
  );

/** An optional id: '', null, 0 become null. */
const optionalId = z.preprocess(
  (value) => (value === '' || value === 0 || value === '0' ? null : value),
  z.coerce.number().int().positive().nullable().optional(),
);

const optionalDate = (label: string) =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    z.string().refine(isIsoDate, `The ${label} is not a valid date.`).nullable().optional(),
  );

export const leadStateInvalidMessage = 'The state must be a two-letter USPS code.';
const optionalState = z.preprocess(
  (value) => (typeof value === 'string' ? (value.trim() === '' ? null : value.trim().toUpperCase()) : value),
  z
    .string()
    .regex(/^[A-Z]{2}$/, leadStateInvalidMessage)
    .nullable()
    .optional(),
);

const optionalEmail = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z.string().trim().max(TEXT_MAX).pipe(z.email('The email must be a valid email address.')).nullable().optional(),
);

const optionalExtension = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, 'The phone ext must be up to 6 digits.')
    .nullable()
    .optional(),
);

// ---- leads ----

const leadFields = {
  company_name: z.string().trim().min(1).max(TEXT_MAX),
  first_name: optionalText(),
  last_name: optionalText(),
  title: optionalText(),
  phone: optionalPhoneNumberSchema.optional(),
  phone_ext: optionalExtension,
  mobile: optionalPhoneNumberSchema.optional(),
  email: optionalEmail,
  address: optionalText(),
  city: optionalText(),
  state: optionalState,
  zip: optionalText(20),
  website: optionalText(),
  region_id: optionalId,
  industry_id: optionalId,
  campaign_id: optionalId,
  status: leadStatusSchema.optional(),
  next_touch: optionalDate('next touch'),
  manager_id: optionalId,
};

/** POST /api/crm/leads. Status defaults to Prospect; manager (owning agent) defaults to the creator. */
export const leadCreateInputSchema = z.object(leadFields);
export type LeadCreateInput = z.input<typeof leadCreateInputSchema>;
export type LeadCreate = z.output<typeof leadCreateInputSchema>;

/** PUT /api/crm/leads/{id}: any subset of the create fields; absent fields are kept. */
export const leadUpdateInputSchema = z.object(leadFields).partial();
export type LeadUpdateInput = z.input<typeof leadUpdateInputSchema>;
export type LeadUpdate = z.output<typeof leadUpdateInputSchema>;

/** A lead as the API answers it (list rows, detail, LeadUpdated). */
export const leadSchema = z.object({
  id: z.number().int(),
  company_name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  contact_name: z.string(),
  title: z.string().nullable(),
  phone: z.string().nullable(),
  phone_ext: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  website: z.string().nullable(),
  region_id: z.number().int().nullable(),
  region_name: z.string().nullable(),
  industry_id: z.number().int().nullable(),
  vertical_name: z.string().nullable(),
  campaign_id: z.number().int().nullable(),
  campaign_name: z.string().nullable(),
  status: z.number().int(),
  next_touch: z.string().nullable(),
  manager_id: z.number().int().nullable(),
  manager_name: z.string().nullable(),
  calls_count: z.number().int(),
  last_call_at: z.string().nullable(),
  do_not_call: z.boolean(),
  bad_number: z.boolean(),
  company_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

// ---- contacts ----

export const leadContactInputSchema = z.object({
  first_name: optionalText(),
  last_name: optionalText(),
  title: optionalText(),
  phone: optionalPhoneNumberSchema.optional(),
  phone_ext: optionalExtension,
  mobile: optionalPhoneNumberSchema.optional(),
  email: optionalEmail,
  is_primary: z.boolean().optional(),
});
export type LeadContactInput = z.input<typeof leadContactInputSchema>;
export type LeadContactValues = z.output<typeof leadContactInputSchema>;

export const leadContactSchema = z.object({
  id: z.number().int(),
  lead_id: z.number().int(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  title: z.string().nullable(),
  phone: z.string().nullable(),
  phone_ext: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  is_primary: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LeadContact = z.infer<typeof leadContactSchema>;

// ---- notes ----

export const LEAD_NOTE_MAX = 65_535;
export const leadNoteInputSchema = z.object({
  body: z.string().trim().min(1).max(LEAD_NOTE_MAX),
});
export type LeadNoteInput = z.input<typeof leadNoteInputSchema>;

export const leadNoteSchema = z.object({
  id: z.number().int(),
  lead_id: z.number().int(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  call_id: z.number().int().nullable(),
  /** Sanitised HTML. */
  body: z.string(),
  created_at: z.string(),
});
export type LeadNote = z.infer<typeof leadNoteSchema>;

// ---- calls (a lead's timeline) ----

export const leadCallSchema = z.object({
  id: z.number().int(),
  lead_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  direction: z.enum(['outgoing', 'incoming']),
  status: z.string(),
  call_number: z.string().nullable(),
  disposition: z.string().nullable(),
  voicemail_id: z.number().int().nullable(),
  voicemail_status: z.string().nullable(),
  started_at: z.string(),
  answered_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  duration_seconds: z.number().int().nullable(),
});
export type LeadCall = z.infer<typeof leadCallSchema>;

/** GET /api/crm/leads/{id}: the lead, its contacts, its last 20 calls and its notes (newest first). */
export const LEAD_DETAIL_CALLS = 20;
export const leadDetailSchema = leadSchema.extend({
  contacts: z.array(leadContactSchema),
  calls: z.array(leadCallSchema),
  notes: z.array(leadNoteSchema),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

// ---- the list ----

export const leadSortColumns = LEAD_LIST_COLUMNS.map((column) => column.key) as [LeadListColumn, ...LeadListColumn[]];
export const leadNextTouchFilters = ['today', 'overdue', 'week'] as const;
export type LeadNextTouchFilter = (typeof leadNextTouchFilters)[number];

const queryId = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce.number().int().min(0).optional(),
);
const queryDate = (label: string) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().refine(isIsoDate, `The ${label} is not a valid date.`).optional(),
  );

/**
 * GET /api/crm/leads query. campaign_id 0 or absent is All; status absent is the user's crm_load_status, 2 is All;
 * manager_id is honoured only for users who see every lead; next_touch is a preset, or next_touch_from/_to a range.
 */
export const leadListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    per_page: z.coerce.number().int().min(1).max(500).default(50),
    campaign_id: queryId,
    status: z.preprocess((value) => (value === '' ? undefined : value), leadStatusFilterSchema.optional()),
    region_id: queryId,
    industry_id: queryId,
    state: z.preprocess(
      (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : value.trim().toUpperCase()) : value),
      z
        .string()
        .regex(/^[A-Z]{2}$/, leadStateInvalidMessage)
        .optional(),
    ),
    manager_id: queryId,
    next_touch: z.preprocess((value) => (value === '' ? undefined : value), z.enum(leadNextTouchFilters).optional()),
    next_touch_from: queryDate('next touch from'),
    next_touch_to: queryDate('next touch to'),
    q: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.string().trim().max(200).optional(),
    ),
    sort: z.preprocess((value) => (value === '' ? undefined : value), z.enum(leadSortColumns).default('next_touch')),
    dir: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['asc', 'desc']).default('asc')),
  })
  .refine((query) => !query.next_touch_from || !query.next_touch_to || query.next_touch_from <= query.next_touch_to, {
    path: ['next_touch_to'],
    error: 'The next touch to must be a date after or equal to next touch from.',
  });
export type LeadListQuery = z.input<typeof leadListQuerySchema>;
export type LeadListFilters = z.output<typeof leadListQuerySchema>;

/** A paginator of `item` (GUIDE: data, total, current_page, per_page, from, to, last_page). */
export const paginatorOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int(),
    current_page: z.number().int(),
    per_page: z.number().int(),
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
    last_page: z.number().int(),
  });

/** GET /api/crm/leads answer. `total` is exact for the common shapes and capped (total_capped) otherwise. */
export const leadsPageSchema = paginatorOf(leadSchema).extend({ total_capped: z.boolean() });
export type LeadsPage = z.infer<typeof leadsPageSchema>;

export const leadCallsPageSchema = paginatorOf(leadCallSchema);
export type LeadCallsPage = z.infer<typeof leadCallsPageSchema>;
export const leadNotesPageSchema = paginatorOf(leadNoteSchema);
export type LeadNotesPage = z.infer<typeof leadNotesPageSchema>;

/** GET /api/crm/leads/{id}/calls and /notes query. */
export const leadCallsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
});

// ---- bulk ----

export const LEAD_BULK_MAX = 500;
export const leadBulkActions = ['assign', 'campaign', 'status', 'delete'] as const;
export type LeadBulkAction = (typeof leadBulkActions)[number];
const bulkIds = z.array(z.number().int().positive()).min(1).max(LEAD_BULK_MAX);
const nullableId = z.preprocess(
  (value) => (value === '' || value === 0 ? null : value),
  z.number().int().positive().nullable(),
);

/** POST /api/crm/leads/bulk: assign (value: user id or null), campaign (id or null), status (stored), delete. */
export const leadBulkInputSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ ids: bulkIds, action: z.literal('assign'), value: nullableId }),
    z.object({ ids: bulkIds, action: z.literal('campaign'), value: nullableId }),
    z.object({ ids: bulkIds, action: z.literal('status'), value: leadStatusSchema }),
    z.object({ ids: bulkIds, action: z.literal('delete'), value: z.unknown().optional() }),
  ],
  { error: 'The selected action is invalid.' },
);
export type LeadBulkInput = z.input<typeof leadBulkInputSchema>;
export type LeadBulk = z.output<typeof leadBulkInputSchema>;
export const leadBulkResultSchema = z.object({ updated: z.number().int() });

// ---- disposition and convert ----

/**
 * POST /api/crm/leads/{id}/disposition. next_touch overrides the rule's date (null clears it); status overrides the
 * disposition's status; note is HTML (sanitised); call_id names the agent's call with this lead; appointment_at
 * (ISO date-time) sets the next touch of an appointment_set.
 */
export const leadDispositionInputSchema = z.object({
  disposition: dispositionSchema,
  next_touch: optionalDate('next touch'),
  status: leadStatusSchema.optional(),
  note: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(LEAD_NOTE_MAX).optional(),
  ),
  call_id: z.number().int().positive().optional(),
  appointment_at: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.iso.datetime({ offset: true, local: true, error: 'The appointment at is not a valid date.' }).optional(),
  ),
});
export type LeadDispositionInput = z.input<typeof leadDispositionInputSchema>;
export type LeadDisposition = z.output<typeof leadDispositionInputSchema>;

/** The disposition's answer: the lead as it now is, and the note written (if any). */
export const leadDispositionResultSchema = z.object({ lead: leadSchema, note: leadNoteSchema.nullable() });

/** POST /api/crm/leads/{id}/convert: the company takes the lead's name unless one is given. */
export const leadConvertInputSchema = z.object({
  name: optionalText(),
});
export type LeadConvertInput = z.input<typeof leadConvertInputSchema>;
export const leadConvertResultSchema = z.object({ lead: leadSchema, company_id: z.number().int() });
export const leadAlreadyConvertedMessage = 'The lead is already a client company.';

// ---- search_contacts (spec 1 §7.7) ----

export const searchContactsInputSchema = z.object({
  phone_number: z.string().trim().min(1).max(40),
});
export type SearchContactsInput = z.input<typeof searchContactsInputSchema>;

/** One lead matched by a number (its own phone/mobile or a contact's). */
export const searchContactSchema = z.object({
  id: z.number().int(),
  company_name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  status: z.number().int(),
  manager_id: z.number().int().nullable(),
  contact_id: z.number().int().nullable(),
});
export type SearchContact = z.infer<typeof searchContactSchema>;
export const SEARCH_CONTACTS_MAX = 20;
export const searchContactsAnswerSchema = paginatorOf(searchContactSchema);

// ---- CRM settings ----

/** PUT /api/crm/settings body (crm.ts's contract). */
export const crmSettingsInputSchema = crmSettingsSchema;
/** GET /api/crm/settings answer: the same fields. */
export const crmSettingsAnswerSchema = z.object({
  view_all_leads: z.boolean(),
  create_new_leads: z.boolean(),
  outgoing_number: z.string().nullable(),
  next_touch_days: z.number().int(),
  next_touch_label: z.enum(['Business Days', 'Days']),
  calling_hours_start: z.number().int(),
  calling_hours_end: z.number().int(),
  wrap_up_seconds: z.number().int(),
});
export type CrmSettingsAnswer = z.infer<typeof crmSettingsAnswerSchema>;
