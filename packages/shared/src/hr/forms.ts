import { z } from 'zod';

// HR forms (designs/hr.md §3, §8): policies to read and sign and forms to fill, one contract for the builder, the
// signing page and the routes. buildFormSchema turns a version's fields into the zod schema both sides validate with.

export const hrFormKinds = ['acknowledgement', 'fillable', 'both'] as const;
export type HrFormKind = (typeof hrFormKinds)[number];
export const hrFormKindLabels: Record<HrFormKind, string> = {
  acknowledgement: 'Policy to read and sign',
  fillable: 'Form to fill',
  both: 'Policy with fields',
};
/** Whether signing asks for the "I have read and understood" tick. */
export const formNeedsAcknowledgement = (kind: HrFormKind): boolean => kind !== 'fillable';

export const hrFormFieldKinds = [
  'heading',
  'paragraph',
  'short_text',
  'long_text',
  'number',
  'date',
  'select',
  'checkboxes',
  'yes_no',
  'file',
  'signature',
] as const;
export type HrFormFieldKind = (typeof hrFormFieldKinds)[number];
export const hrFormFieldKindLabels: Record<HrFormFieldKind, string> = {
  heading: 'Heading',
  paragraph: 'Paragraph',
  short_text: 'Short text',
  long_text: 'Long text',
  number: 'Number',
  date: 'Date',
  select: 'Select',
  checkboxes: 'Checkboxes',
  yes_no: 'Yes / No',
  file: 'File',
  signature: 'Typed signature',
};
/** Heading and paragraph only show text; every other kind takes an answer. */
export const hrFormDisplayKinds: readonly HrFormFieldKind[] = ['heading', 'paragraph'];
export const isAnswerField = (field: { kind: HrFormFieldKind }): boolean => !hrFormDisplayKinds.includes(field.kind);

export const hrFormMessages = {
  saved: 'Form saved.',
  created: 'Form created.',
  published: (version: number) => `Version ${version} published.`,
  assigned: (count: number) => `Assigned to ${count} ${count === 1 ? 'person' : 'people'}.`,
  reminded: (count: number) => `Reminders sent to ${count} ${count === 1 ? 'person' : 'people'}.`,
  submitted: 'Form signed.',
  signatureMismatch: 'The signature must match your name.',
  acknowledgeRequired: 'Tick the box to confirm that you have read and understood the form.',
  alreadySigned: 'You have already signed this version.',
  staleVersion: 'A new version of this form was published: read it again before signing.',
  notPublished: 'Publish the form before assigning it.',
  emptyForm: 'The form is empty: add a body, a PDF or a field.',
  bodyOrFile: 'Give the form either a body or a PDF, not both.',
  audienceRequired: 'Choose who the form is for.',
  archived: 'The form is archived.',
  archivedDone: 'Form archived.',
  restored: 'Form restored.',
  titleRequired: 'The title field is required.',
  titleMax: 'The title may not be greater than 200 characters.',
  fileRequired: 'Choose a file.',
  pdfOnly: 'The form file must be a PDF.',
  unknownFile: 'The file was not found: upload it again.',
  fieldRequired: (label: string) => `The ${label} field is required.`,
  fieldTooLong: (label: string, max: number) => `The ${label} may not be greater than ${max} characters.`,
  fieldTooShort: (label: string, min: number) => `The ${label} must be at least ${min} characters.`,
  fieldNumber: (label: string) => `The ${label} must be a number.`,
  fieldInteger: (label: string) => `The ${label} must be a whole number.`,
  fieldMin: (label: string, min: number) => `The ${label} must be at least ${min}.`,
  fieldMax: (label: string, max: number) => `The ${label} may not be greater than ${max}.`,
  fieldDate: (label: string) => `The ${label} is not a valid date.`,
  fieldDateMin: (label: string, min: string) => `The ${label} must be on or after ${min}.`,
  fieldDateMax: (label: string, max: string) => `The ${label} must be on or before ${max}.`,
  fieldOption: (label: string) => `The selected ${label} is invalid.`,
  fieldMinSelected: (label: string, min: number) => `Choose at least ${min} for ${label}.`,
  fieldMaxSelected: (label: string, max: number) => `Choose at most ${max} for ${label}.`,
  fieldYesNo: (label: string) => `Answer yes or no to ${label}.`,
  fieldFile: (label: string) => `Upload a file for ${label}.`,
  fieldKeyTaken: 'Each field needs its own key.',
  optionsRequired: 'Give at least one option.',
  optionsUnique: 'Each option once.',
} as const;

/** The tick's text on the signing page and in the PDF. */
export const acknowledgementText = (title: string, version: number): string =>
  `I have read and understood ${title} (version ${version})`;
/** HR's completion figure per form, e.g. "38 / 42". */
export const formatCompletion = (completed: number, assigned: number): string => `${completed} / ${assigned}`;

export { hrFormAssignedEvent } from './events.ts';

const fieldKey = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, { message: 'A field key is lower-case letters, digits and _, up to 40.' });
const label = z
  .string({ message: 'The label field is required.' })
  .trim()
  .min(1, { message: 'The label field is required.' })
  .max(200, { message: 'The label may not be greater than 200 characters.' });
const help = z.string().trim().max(1000, { message: 'Keep the help under 1,000 characters.' }).default('');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'A date is YYYY-MM-DD.' });
const options = z
  .array(z.string().trim().min(1, { message: 'An option cannot be empty.' }).max(200))
  .min(1, { message: hrFormMessages.optionsRequired })
  .max(50, { message: 'At most 50 options.' })
  .refine((list) => new Set(list).size === list.length, { message: hrFormMessages.optionsUnique });
const count = z.number().int().min(0).max(50);

const base = { key: fieldKey, label, help, required: z.boolean().default(false) };

export const hrFormFieldSchema = z.discriminatedUnion('kind', [
  z.object({ ...base, kind: z.literal('heading') }),
  z.object({ ...base, kind: z.literal('paragraph'), text: z.string().trim().max(5000).default('') }),
  z.object({
    ...base,
    kind: z.literal('short_text'),
    min_length: z.number().int().min(0).max(500).nullable().default(null),
    max_length: z.number().int().min(1).max(500).default(200),
  }),
  z.object({
    ...base,
    kind: z.literal('long_text'),
    min_length: z.number().int().min(0).max(10_000).nullable().default(null),
    max_length: z.number().int().min(1).max(10_000).default(2000),
  }),
  z.object({
    ...base,
    kind: z.literal('number'),
    min: z.number().nullable().default(null),
    max: z.number().nullable().default(null),
    integer: z.boolean().default(false),
  }),
  z.object({
    ...base,
    kind: z.literal('date'),
    min_date: isoDate.nullable().default(null),
    max_date: isoDate.nullable().default(null),
  }),
  z.object({ ...base, kind: z.literal('select'), options }),
  z.object({
    ...base,
    kind: z.literal('checkboxes'),
    options,
    min_selected: count.nullable().default(null),
    max_selected: count.nullable().default(null),
  }),
  z.object({ ...base, kind: z.literal('yes_no') }),
  z.object({
    ...base,
    kind: z.literal('file'),
    /** Largest file in MB (the upload route's limit is 20 MB). */
    max_size_mb: z.number().int().min(1).max(20).default(10),
  }),
  z.object({ ...base, kind: z.literal('signature') }),
]);
export type HrFormField = z.infer<typeof hrFormFieldSchema>;
export type HrFormFieldInput = z.input<typeof hrFormFieldSchema>;

export const hrFormFieldsSchema = z
  .array(hrFormFieldSchema)
  .max(100, { message: 'At most 100 fields.' })
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    fields.forEach((field, index) => {
      if (seen.has(field.key)) ctx.addIssue({ code: 'custom', message: hrFormMessages.fieldKeyTaken, path: [index] });
      seen.add(field.key);
      if ('min' in field && field.min !== null && field.max !== null && field.min > field.max) {
        ctx.addIssue({ code: 'custom', message: 'The minimum is above the maximum.', path: [index, 'min'] });
      }
      if ('min_length' in field && field.min_length !== null && field.min_length > field.max_length) {
        ctx.addIssue({ code: 'custom', message: 'The minimum is above the maximum.', path: [index, 'min_length'] });
      }
      if ('min_date' in field && field.min_date && field.max_date && field.min_date > field.max_date) {
        ctx.addIssue({ code: 'custom', message: 'The first date is after the last.', path: [index, 'min_date'] });
      }
    });
  });

/** A file answer: the id that POST /api/hr/forms/files answered, and the file's name. */
export const hrFormFileValueSchema = z.object({ file_id: z.number().int().positive(), name: z.string().max(255) });
export type HrFormFileValue = z.infer<typeof hrFormFileValueSchema>;
export type HrFormValue = string | number | boolean | string[] | HrFormFileValue | null;
export type HrFormValues = Record<string, HrFormValue>;

const validDate = (value: string): boolean => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};
const blank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function answerSchema(field: HrFormField, options: BuildFormSchemaOptions): z.ZodType<HrFormValue> {
  const name = field.label;
  const required = hrFormMessages.fieldRequired(name);
  switch (field.kind) {
    case 'heading':
    case 'paragraph':
      return z.null();
    case 'short_text':
    case 'long_text': {
      let text = z.string({ message: required }).trim();
      if (field.min_length) text = text.min(field.min_length, hrFormMessages.fieldTooShort(name, field.min_length));
      return text.max(field.max_length, hrFormMessages.fieldTooLong(name, field.max_length));
    }
    case 'number': {
      let number = z.number({ message: hrFormMessages.fieldNumber(name) });
      if (field.integer) number = number.int(hrFormMessages.fieldInteger(name));
      if (field.min !== null) number = number.min(field.min, hrFormMessages.fieldMin(name, field.min));
      if (field.max !== null) number = number.max(field.max, hrFormMessages.fieldMax(name, field.max));
      return z.preprocess(
        (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
        number,
      );
    }
    case 'date': {
      let date = z
        .string({ message: hrFormMessages.fieldDate(name) })
        .refine(validDate, hrFormMessages.fieldDate(name));
      const { min_date: min, max_date: max } = field;
      if (min) date = date.refine((value) => value >= min, hrFormMessages.fieldDateMin(name, min));
      if (max) date = date.refine((value) => value <= max, hrFormMessages.fieldDateMax(name, max));
      return date;
    }
    case 'select':
      return z.string({ message: required }).refine((value) => field.options.includes(value), {
        message: hrFormMessages.fieldOption(name),
      });
    case 'checkboxes': {
      let list = z
        .array(z.string(), { message: hrFormMessages.fieldOption(name) })
        .refine((values) => values.every((value) => field.options.includes(value)), hrFormMessages.fieldOption(name))
        .refine((values) => new Set(values).size === values.length, hrFormMessages.fieldOption(name));
      const min = field.min_selected ?? (field.required ? 1 : null);
      if (min) list = list.refine((values) => values.length >= min, hrFormMessages.fieldMinSelected(name, min));
      const max = field.max_selected;
      if (max) list = list.refine((values) => values.length <= max, hrFormMessages.fieldMaxSelected(name, max));
      return list;
    }
    case 'yes_no':
      return z.boolean({ message: hrFormMessages.fieldYesNo(name) });
    case 'file':
      return z.object(hrFormFileValueSchema.shape, { message: hrFormMessages.fieldFile(name) });
    case 'signature': {
      const signer = options.signerName;
      const text = z.string({ message: required }).trim().max(200);
      return signer === undefined
        ? text
        : text.refine((value) => namesMatch(value, signer), hrFormMessages.signatureMismatch);
    }
  }
}

/** A typed name matches the account's name, ignoring case and extra spaces (accents still count). */
export const namesMatch = (typed: string, name: string): boolean => {
  const normalise = (value: string) => value.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
  return normalise(typed) !== '' && normalise(typed) === normalise(name);
};

export interface BuildFormSchemaOptions {
  /** The signer's full name: signature fields must match it ('The signature must match your name.'). */
  signerName?: string;
}

/**
 * The zod schema of a version's answers, keyed by field key: required answers may not be blank, optional ones may be
 * left out (null); heading and paragraph take nothing. Unknown keys are dropped. Browser and server share it.
 */
export function buildFormSchema(fields: readonly HrFormField[], options: BuildFormSchemaOptions = {}) {
  const shape: Record<string, z.ZodType<HrFormValue>> = {};
  for (const field of fields) {
    if (!isAnswerField(field)) continue;
    const answer = answerSchema(field, options);
    const required = hrFormMessages.fieldRequired(field.label);
    shape[field.key] = z.preprocess(
      (value) => (blank(value) || (Array.isArray(value) && value.length === 0 && !field.required) ? null : value),
      field.required
        ? z.custom<unknown>((value) => value !== null, { message: required }).pipe(answer)
        : answer.nullable(),
    ) as z.ZodType<HrFormValue>;
  }
  return z.object(shape).transform((values) => values as HrFormValues);
}

// ---- Inputs -------------------------------------------------------------------------------------------------------

const title = z
  .string({ message: hrFormMessages.titleRequired })
  .trim()
  .min(1, { message: hrFormMessages.titleRequired })
  .max(200, { message: hrFormMessages.titleMax });
const dueDays = z
  .number()
  .int()
  .min(1, { message: 'Between 1 and 365 days.' })
  .max(365, { message: 'Between 1 and 365 days.' })
  .nullable();
const renewMonths = z
  .number()
  .int()
  .min(1, { message: 'Between 1 and 60 months.' })
  .max(60, { message: 'Between 1 and 60 months.' })
  .nullable();

/**
 * POST /api/hr/forms and PUT /api/hr/forms/{id}: the draft. body_html is sanitised on the server; file_id is a PDF
 * uploaded with POST /api/hr/forms/files. Publishing freezes the draft as a new version.
 */
export const hrFormInputSchema = z.object({
  title,
  description: z.string().trim().max(2000, { message: 'Keep the description under 2,000 characters.' }).default(''),
  kind: z.enum(hrFormKinds, { message: 'Choose what kind of form this is.' }),
  body_html: z.string().max(500_000, { message: 'The body is too long.' }).default(''),
  file_id: z.number().int().positive().nullable().default(null),
  fields: hrFormFieldsSchema.default([]),
});
export type HrFormInput = z.infer<typeof hrFormInputSchema>;
export type HrFormInputValues = z.input<typeof hrFormInputSchema>;

/** POST /api/hr/forms/{id}/archive: archive (hidden from lists and signers, nothing deleted) or restore. */
export const hrFormArchiveInputSchema = z.object({ archived: z.boolean() });
export type HrFormArchiveInput = z.infer<typeof hrFormArchiveInputSchema>;

/** POST /api/hr/forms/{id}/publish: "Require everyone to sign again?" yes for a new policy text, no for a typo. */
export const hrFormPublishInputSchema = z.object({ require_resign: z.boolean() });
export type HrFormPublishInput = z.infer<typeof hrFormPublishInputSchema>;

const ids = z.array(z.number().int().positive()).max(1000).default([]);
export const hrFormAudienceSchema = z.object({
  everyone: z.boolean().default(false),
  department_ids: ids,
  region_ids: ids,
  user_ids: ids,
  /** Employees created later get it too: those in the departments or regions named, or all when none are. */
  new_hires: z.boolean().default(false),
});
export type HrFormAudience = z.infer<typeof hrFormAudienceSchema>;

/** POST /api/hr/forms/{id}/assign: who, due in N days, renewed every N months (both optional). */
export const hrFormAssignInputSchema = z
  .object({ audience: hrFormAudienceSchema, due_days: dueDays.default(null), renew_months: renewMonths.default(null) })
  .refine(
    ({ audience: a }) =>
      a.everyone || a.new_hires || a.department_ids.length + a.region_ids.length + a.user_ids.length > 0,
    { message: hrFormMessages.audienceRequired, path: ['audience'] },
  );
export type HrFormAssignInput = z.infer<typeof hrFormAssignInputSchema>;

/**
 * POST /api/hr/forms/{id}/submit: the version read (a newer one answers 409 staleVersion), the answers (checked with
 * buildFormSchema of that version), the tick and the typed full name.
 */
export const hrFormSubmitInputSchema = z.object({
  version_id: z.number().int().positive(),
  values: z.record(z.string(), z.unknown()).default({}),
  acknowledged: z.boolean().default(false),
  signed_name: z
    .string({ message: hrFormMessages.signatureMismatch })
    .trim()
    .min(1, { message: hrFormMessages.signatureMismatch })
    .max(200, { message: hrFormMessages.signatureMismatch }),
});
export type HrFormSubmitInput = z.infer<typeof hrFormSubmitInputSchema>;

export const hrFormListScopes = ['mine', 'all'] as const;
/** GET /api/hr/forms: mine (every employee) or all ('manage hr forms'); paged. */
export const hrFormListQuerySchema = z.object({
  scope: z.enum(hrFormListScopes).default('mine'),
  search: z.string().trim().max(200).default(''),
  archived: z.enum(['0', '1']).default('0'),
  /** scope=mine: 'outstanding' keeps the forms still to sign (the dashboard counts them by the page's total). */
  status: z.enum(['all', 'outstanding']).default('all'),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
});
export type HrFormListQuery = z.infer<typeof hrFormListQuerySchema>;

export const hrFormSubmissionStatuses = ['all', 'done', 'outstanding'] as const;
/** GET /api/hr/forms/{id}/submissions ('manage hr forms'): assignments with their submission; format=csv for CSV. */
export const hrFormSubmissionsQuerySchema = z.object({
  status: z.enum(hrFormSubmissionStatuses).default('all'),
  format: z.enum(['json', 'csv']).default('json'),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
});
export type HrFormSubmissionsQuery = z.infer<typeof hrFormSubmissionsQuerySchema>;

// ---- Answers ------------------------------------------------------------------------------------------------------

const person = z.object({ id: z.number().int(), name: z.string() });
const fileRef = z.object({ id: z.number().int(), name: z.string(), size: z.number().int() });

export const hrFormAssignmentStatuses = ['outstanding', 'overdue', 'done'] as const;
export type HrFormAssignmentStatus = (typeof hrFormAssignmentStatuses)[number];

export const hrFormAssignmentSchema = z.object({
  id: z.number().int(),
  user: person,
  version_id: z.number().int(),
  version: z.number().int(),
  assigned_at: z.string(),
  due_on: z.string().nullable(),
  status: z.enum(hrFormAssignmentStatuses),
  submission_id: z.number().int().nullable(),
  signed_at: z.string().nullable(),
});
export type HrFormAssignment = z.infer<typeof hrFormAssignmentSchema>;

export const hrFormVersionSummarySchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  published_at: z.string(),
  published_by: person.nullable(),
  require_resign: z.boolean(),
  content_sha256: z.string(),
});
export type HrFormVersionSummary = z.infer<typeof hrFormVersionSummarySchema>;

/** A published version: frozen body, file and fields, and the SHA-256 of its rendered content. */
export const hrFormVersionSchema = hrFormVersionSummarySchema.extend({
  form_id: z.number().int(),
  title: z.string(),
  kind: z.enum(hrFormKinds),
  body_html: z.string(),
  file: fileRef.nullable(),
  fields: z.array(hrFormFieldSchema),
});
export type HrFormVersion = z.infer<typeof hrFormVersionSchema>;

/** One row of "My forms": my current assignment of a form and the version to sign. */
export const hrFormMineItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(hrFormKinds),
  description: z.string(),
  assignment: hrFormAssignmentSchema,
});
export type HrFormMineItem = z.infer<typeof hrFormMineItemSchema>;

/** One row of HR's list: the form, its current version and completion ("38 / 42" = completion). */
export const hrFormListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(hrFormKinds),
  description: z.string(),
  current_version: hrFormVersionSummarySchema.nullable(),
  has_unpublished_changes: z.boolean(),
  assigned: z.number().int(),
  completed: z.number().int(),
  overdue: z.number().int(),
  completion: z.string(),
  due_days: z.number().int().nullable(),
  renew_months: z.number().int().nullable(),
  audience: hrFormAudienceSchema,
  archived_at: z.string().nullable(),
  updated_at: z.string(),
});
export type HrFormListItem = z.infer<typeof hrFormListItemSchema>;

const paginator = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int(),
    current_page: z.number().int(),
    per_page: z.number().int(),
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
    last_page: z.number().int(),
  });

/** GET /api/hr/forms?scope=mine. */
export const hrFormMineListResponseSchema = paginator(hrFormMineItemSchema);
export type HrFormMineListResponse = z.infer<typeof hrFormMineListResponseSchema>;
/** GET /api/hr/forms?scope=all. */
export const hrFormListResponseSchema = paginator(hrFormListItemSchema);
export type HrFormListResponse = z.infer<typeof hrFormListResponseSchema>;

/** The editable draft, shown to 'manage hr forms' only. */
export const hrFormDraftSchema = z.object({
  body_html: z.string(),
  file: fileRef.nullable(),
  fields: z.array(hrFormFieldSchema),
  updated_at: z.string(),
});

/**
 * GET /api/hr/forms/{id}: an assignee sees the current version and their assignment; 'manage hr forms' also the draft,
 * the audience and the versions. Others get 404.
 */
export const hrFormDetailSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(hrFormKinds),
  due_days: z.number().int().nullable(),
  renew_months: z.number().int().nullable(),
  audience: hrFormAudienceSchema.nullable(),
  archived_at: z.string().nullable(),
  current_version: hrFormVersionSchema.nullable(),
  /** The version the caller has to sign (their assignment's), which may be older than the current one. */
  my_version: hrFormVersionSchema.nullable(),
  assignment: hrFormAssignmentSchema.nullable(),
  draft: hrFormDraftSchema.nullable(),
  has_unpublished_changes: z.boolean(),
  versions: z.array(hrFormVersionSummarySchema),
  can_manage: z.boolean(),
});
export type HrFormDetail = z.infer<typeof hrFormDetailSchema>;
export const hrFormDetailResponseSchema = z.object({ data: hrFormDetailSchema });
export const hrFormSavedResponseSchema = z.object({ message: z.string(), data: hrFormDetailSchema });
export const hrFormCountResponseSchema = z.object({ message: z.string(), data: z.object({ count: z.number().int() }) });

/** POST /api/hr/forms/files (multipart `file`): a PDF for the form body or a file answer. */
export const hrFormFileResponseSchema = z.object({ data: fileRef });

/** A signed submission: immutable evidence (designs/hr.md §3). Only the signer and 'manage hr forms' read it. */
export const hrFormSubmissionSchema = z.object({
  id: z.number().int(),
  form_id: z.number().int(),
  title: z.string(),
  version_id: z.number().int(),
  version: z.number().int(),
  user: person,
  fields: z.array(hrFormFieldSchema),
  values: z.record(z.string(), z.unknown()),
  acknowledged: z.boolean(),
  signed_name: z.string(),
  signed_at: z.string(),
  time_zone: z.string(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  sha256: z.string(),
});
export type HrFormSubmission = z.infer<typeof hrFormSubmissionSchema>;
/** GET /api/hr/forms/submissions/{id}. */
export const hrFormSubmissionResponseSchema = z.object({ data: hrFormSubmissionSchema });
/** POST /api/hr/forms/{id}/submit. */
export const hrFormSubmitResponseSchema = z.object({ message: z.string(), data: hrFormSubmissionSchema });

/** A row of GET /api/hr/forms/{id}/submissions: an assignment and, once signed, its answers. */
export const hrFormSubmissionRowSchema = hrFormAssignmentSchema.extend({
  signed_name: z.string().nullable(),
  values: z.record(z.string(), z.unknown()).nullable(),
});
export type HrFormSubmissionRow = z.infer<typeof hrFormSubmissionRowSchema>;
export const hrFormSubmissionsResponseSchema = paginator(hrFormSubmissionRowSchema);
export type HrFormSubmissionsResponse = z.infer<typeof hrFormSubmissionsResponseSchema>;

/** The payload of HrFormAssigned on `user.{id}`. */
export const hrFormAssignedSchema = z.object({
  form_id: z.number().int(),
  assignment_id: z.number().int(),
  title: z.string(),
  due_on: z.string().nullable(),
});
export type HrFormAssigned = z.infer<typeof hrFormAssignedSchema>;
