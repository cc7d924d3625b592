import { z } from 'zod';
import type { FileIconGroup } from './file-icons.ts';

// The CRM sales library, e-mail templates and e-mail from a lead (designs/crm-softphone.md §2.2, §4.2, §4.6, §4.9,
// §5; decision record "CRM documents, templates and lead e-mail"). One contract for /api/crm/documents,
// /api/crm/email_templates, POST /api/crm/leads/{id}/email and the web's forms.

/** The largest document accepted, in bytes (25 MB, §4.6). */
export const CRM_DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;
export const CRM_DOCUMENT_NAME_MAX = 150;
export const CRM_DOCUMENT_CATEGORY_MAX = 60;
export const CRM_DOCUMENT_DESCRIPTION_MAX = 1000;
/** A lead e-mail carries at most this many documents, and at most CRM_DOCUMENT_MAX_BYTES of them in total. */
export const CRM_EMAIL_DOCUMENTS_MAX = 5;
export const CRM_EMAIL_SUBJECT_MAX = 200;
export const CRM_EMAIL_BODY_MAX = 100_000;

/**
 * What the library takes, known on the server by the file's bytes (crm-documents-files.ts); the browser checks the
 * name first. Office files of the old format (OLE) share one signature, so their extension picks among them.
 */
export const crmDocumentKinds = [
  { ext: 'pdf', mime: 'application/pdf' },
  { ext: 'doc', mime: 'application/msword' },
  { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  { ext: 'xls', mime: 'application/vnd.ms-excel' },
  { ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  { ext: 'ppt', mime: 'application/vnd.ms-powerpoint' },
  { ext: 'pptx', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  { ext: 'png', mime: 'image/png' },
  { ext: 'jpg', mime: 'image/jpeg' },
  { ext: 'gif', mime: 'image/gif' },
  { ext: 'txt', mime: 'text/plain' },
  { ext: 'csv', mime: 'text/csv' },
] as const;
export type CrmDocumentExt = (typeof crmDocumentKinds)[number]['ext'];
export const crmDocumentExtensions: readonly string[] = [...crmDocumentKinds.map((kind) => kind.ext), 'jpeg'];

/** The extension of a file name, lower case ('' without one). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export const crmDocumentMessages = {
  nameRequired: 'The name field is required.',
  nameTooLong: `The name may not be greater than ${CRM_DOCUMENT_NAME_MAX} characters.`,
  categoryTooLong: `The category may not be greater than ${CRM_DOCUMENT_CATEGORY_MAX} characters.`,
  descriptionTooLong: `The description may not be greater than ${CRM_DOCUMENT_DESCRIPTION_MAX} characters.`,
  fileRequired: 'The file field is required.',
  fileType: 'The file must be a PDF, Word, Excel, PowerPoint, image (PNG, JPG, GIF), text or CSV file.',
  fileTooLarge: 'The file may not be greater than 25 MB.',
  fileEmpty: 'The file is empty.',
  nothingToChange: 'Send a name, category or description.',
  uploaded: 'Document uploaded.',
  saved: 'Document saved.',
  deleted: 'Document deleted.',
} as const;

const nameSchema = z
  .string({ error: crmDocumentMessages.nameRequired })
  .trim()
  .min(1, crmDocumentMessages.nameRequired)
  .max(CRM_DOCUMENT_NAME_MAX, crmDocumentMessages.nameTooLong);
// '' clears a category or description; both are stored as null then.
const categorySchema = z
  .string({ error: crmDocumentMessages.categoryTooLong })
  .trim()
  .max(CRM_DOCUMENT_CATEGORY_MAX, crmDocumentMessages.categoryTooLong)
  .transform((value) => (value === '' ? null : value))
  .nullable();
const descriptionSchema = z
  .string({ error: crmDocumentMessages.descriptionTooLong })
  .trim()
  .max(CRM_DOCUMENT_DESCRIPTION_MAX, crmDocumentMessages.descriptionTooLong)
  .transform((value) => (value === '' ? null : value))
  .nullable();

/** The text fields of POST /api/crm/documents (multipart, the file as `file`); no name takes the file's name. */
export const crmDocumentUploadFieldsSchema = z.object({
  name: z.preprocess((value) => (value === '' ? undefined : value), nameSchema.optional()),
  category: categorySchema.optional(),
  description: descriptionSchema.optional(),
});
export type CrmDocumentUploadFields = z.output<typeof crmDocumentUploadFieldsSchema>;

/** PUT /api/crm/documents/{id}: rename, recategorise, describe. */
export const crmDocumentUpdateSchema = z
  .object({
    name: nameSchema.optional(),
    category: categorySchema.optional(),
    description: descriptionSchema.optional(),
  })
  .refine((value) => value.name !== undefined || value.category !== undefined || value.description !== undefined, {
    message: crmDocumentMessages.nothingToChange,
    path: ['name'],
  });
export type CrmDocumentUpdateInput = z.input<typeof crmDocumentUpdateSchema>;

/** GET /api/crm/documents query: words of the name, description or file name; one category. */
export const crmDocumentListQuerySchema = z.object({
  q: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(200, 'The search may not be greater than 200 characters.').optional(),
  ),
  category: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().trim().max(CRM_DOCUMENT_CATEGORY_MAX, crmDocumentMessages.categoryTooLong).optional(),
  ),
});
export type CrmDocumentListQuery = z.input<typeof crmDocumentListQuerySchema>;

const iconGroups = ['pdf', 'image', 'spreadsheet', 'text', 'system', 'other'] as const satisfies FileIconGroup[];

export const crmDocumentRowSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  category: z.string().nullable(),
  description: z.string().nullable(),
  original_name: z.string(),
  mime: z.string(),
  bytes: z.number().int(),
  /** The spec's file-type icon group of the stored file (spec 1 §9). */
  icon_group: z.enum(iconGroups),
  uploaded_by: z.strictObject({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CrmDocumentRow = z.infer<typeof crmDocumentRowSchema>;

/** GET /api/crm/documents: the matching documents (by name) and every category in use, for the filter. */
export const crmDocumentListSchema = z.strictObject({
  data: z.array(crmDocumentRowSchema),
  categories: z.array(z.string()),
});
export type CrmDocumentList = z.infer<typeof crmDocumentListSchema>;

// ---- merge fields ----

/**
 * The merge fields a template or an e-mail may name, as {{field}}. An unknown field is refused (422) when a template
 * is saved and when an e-mail is sent, so a typo never reaches a customer; a known field without a value is empty.
 */
export const mergeFields = [
  { key: 'contact_first_name', label: "Contact's first name" },
  { key: 'contact_last_name', label: "Contact's last name" },
  { key: 'contact_name', label: "Contact's full name" },
  { key: 'contact_title', label: "Contact's title" },
  { key: 'contact_email', label: "Contact's e-mail" },
  { key: 'company_name', label: 'Company name' },
  { key: 'company_phone', label: 'Company phone' },
  { key: 'company_city', label: 'Company city' },
  { key: 'company_state', label: 'Company state' },
  { key: 'company_website', label: 'Company website' },
  { key: 'agent_name', label: "Agent's name" },
  { key: 'agent_email', label: "Agent's e-mail" },
  { key: 'today', label: "Today's date" },
] as const;
export type MergeField = (typeof mergeFields)[number]['key'];
export type MergeValues = Partial<Record<MergeField, string | null | undefined>>;

const mergeFieldKeys = new Set<string>(mergeFields.map((field) => field.key));
// {{ field }} with optional spaces; names are letters, digits and underscores.
const mergePattern = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** The unknown fields a text names, each once, in order of appearance. */
export function unknownMergeFields(text: string): string[] {
  const unknown: string[] = [];
  for (const match of text.matchAll(mergePattern)) {
    const name = match[1]!;
    if (!mergeFieldKeys.has(name) && !unknown.includes(name)) unknown.push(name);
  }
  return unknown;
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Fills the known {{fields}} of a subject (`html: false`) or an HTML body (`html: true`: values escaped). Unknown
 * fields stay as written (visible), so a caller can show them; the routes refuse them instead of sending.
 */
export function renderMergeFields(text: string, values: MergeValues, options: { html: boolean }): string {
  return text.replace(mergePattern, (whole, name: string) => {
    if (!mergeFieldKeys.has(name)) return whole;
    const value = (values[name as MergeField] ?? '').trim();
    return options.html ? value.replace(/[&<>"']/g, (char) => escapes[char]!) : value;
  });
}

export const unknownMergeFieldsMessage = (names: readonly string[]) =>
  `Unknown merge field${names.length === 1 ? '' : 's'}: ${names.map((name) => `{{${name}}}`).join(', ')}.`;

/** The values for a lead, its chosen contact (or none) and the sending agent; `today` as YYYY-MM-DD. */
export function leadMergeValues(input: {
  lead: {
    company_name: string;
    phone: string | null;
    city: string | null;
    state: string | null;
    website: string | null;
    first_name: string | null;
    last_name: string | null;
    title: string | null;
    email: string | null;
  };
  contact: {
    first_name: string | null;
    last_name: string | null;
    title: string | null;
    email: string | null;
  } | null;
  agent: { name: string; email: string | null };
  today: string;
}): MergeValues {
  const person = input.contact ?? input.lead;
  return {
    contact_first_name: person.first_name,
    contact_last_name: person.last_name,
    contact_name: [person.first_name, person.last_name].filter((part) => part && part.trim()).join(' '),
    contact_title: person.title,
    contact_email: person.email,
    company_name: input.lead.company_name,
    company_phone: input.lead.phone,
    company_city: input.lead.city,
    company_state: input.lead.state,
    company_website: input.lead.website,
    agent_name: input.agent.name,
    agent_email: input.agent.email,
    today: input.today,
  };
}

// ---- e-mail templates ----

export const CRM_TEMPLATE_NAME_MAX = 100;

export const crmTemplateMessages = {
  nameRequired: 'The name field is required.',
  nameTooLong: `The name may not be greater than ${CRM_TEMPLATE_NAME_MAX} characters.`,
  nameTaken: 'The name has already been taken.',
  subjectRequired: 'The subject field is required.',
  subjectTooLong: `The subject may not be greater than ${CRM_EMAIL_SUBJECT_MAX} characters.`,
  bodyRequired: 'The body field is required.',
  bodyTooLong: 'The body is too long.',
  documentsInvalid: 'Every document must be a document of the library.',
  documentsTooMany: `At most ${CRM_EMAIL_DOCUMENTS_MAX} documents may be attached.`,
  saved: 'Template saved.',
  deleted: 'Template deleted.',
} as const;

const idSchema = z
  .number({ error: crmTemplateMessages.documentsInvalid })
  .int(crmTemplateMessages.documentsInvalid)
  .positive(crmTemplateMessages.documentsInvalid)
  .max(2_147_483_647, crmTemplateMessages.documentsInvalid);
const documentIdsSchema = z
  .array(idSchema, { error: crmTemplateMessages.documentsInvalid })
  .max(CRM_EMAIL_DOCUMENTS_MAX, crmTemplateMessages.documentsTooMany)
  .transform((ids) => [...new Set(ids)]);
const subjectSchema = z
  .string({ error: crmTemplateMessages.subjectRequired })
  .trim()
  .min(1, crmTemplateMessages.subjectRequired)
  .max(CRM_EMAIL_SUBJECT_MAX, crmTemplateMessages.subjectTooLong)
  .refine((value) => !/[\r\n]/.test(value), 'The subject must be one line.');
const bodySchema = z
  .string({ error: crmTemplateMessages.bodyRequired })
  .max(CRM_EMAIL_BODY_MAX, crmTemplateMessages.bodyTooLong)
  .refine((value) => value.replace(/<[^>]*>|&nbsp;/g, '').trim() !== '', crmTemplateMessages.bodyRequired);

const refuseUnknownFields = (value: { subject: string; body_html: string }, context: z.RefinementCtx) => {
  for (const field of ['subject', 'body_html'] as const) {
    const unknown = unknownMergeFields(value[field]);
    if (unknown.length > 0)
      context.addIssue({ code: 'custom', path: [field], message: unknownMergeFieldsMessage(unknown) });
  }
};

/** POST /api/crm/email_templates and PUT /{id}. body_html is sanitised on the server before it is stored. */
export const crmEmailTemplateInputSchema = z
  .object({
    name: z
      .string({ error: crmTemplateMessages.nameRequired })
      .trim()
      .min(1, crmTemplateMessages.nameRequired)
      .max(CRM_TEMPLATE_NAME_MAX, crmTemplateMessages.nameTooLong),
    subject: subjectSchema,
    body_html: bodySchema,
    document_ids: documentIdsSchema.default([]),
  })
  .superRefine(refuseUnknownFields);
export type CrmEmailTemplateInput = z.input<typeof crmEmailTemplateInputSchema>;

export const crmEmailTemplateRowSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  subject: z.string(),
  /** Sanitised HTML with {{merge fields}}. */
  body_html: z.string(),
  /** Live documents only (a deleted document drops out). */
  document_ids: z.array(z.number().int()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CrmEmailTemplateRow = z.infer<typeof crmEmailTemplateRowSchema>;
export type CrmEmailTemplateUpdatedPayload = { template: CrmEmailTemplateRow } | { deleted_id: number };

// ---- e-mail from a lead ----

export const leadEmailMessages = {
  recipientNoEmail: 'This recipient has no e-mail address.',
  contactInvalid: "The contact must be one of this lead's contacts.",
  templateInvalid: 'The template does not exist.',
  documentsTooLarge: 'The documents may not be greater than 25 MB together.',
  sent: 'E-mail sent.',
  queued: 'E-mail saved to the outbox: it could not be delivered now.',
} as const;

/** POST /api/crm/leads/{id}/email: contact_id null writes to the lead's own e-mail. */
export const leadEmailInputSchema = z
  .object({
    contact_id: z
      .number({ error: leadEmailMessages.contactInvalid })
      .int(leadEmailMessages.contactInvalid)
      .positive(leadEmailMessages.contactInvalid)
      .max(2_147_483_647, leadEmailMessages.contactInvalid)
      .nullable()
      .default(null),
    template_id: z
      .number({ error: leadEmailMessages.templateInvalid })
      .int(leadEmailMessages.templateInvalid)
      .positive(leadEmailMessages.templateInvalid)
      .max(2_147_483_647, leadEmailMessages.templateInvalid)
      .nullable()
      .default(null),
    subject: subjectSchema,
    body_html: bodySchema,
    document_ids: documentIdsSchema.default([]),
  })
  .superRefine(refuseUnknownFields);
export type LeadEmailInput = z.input<typeof leadEmailInputSchema>;

/** An e-mail on a lead's timeline (GET /api/crm/leads/{id}/emails, and the LeadEmailSent event on crm_lead_{id}). */
export const leadEmailSchema = z.strictObject({
  id: z.number().int(),
  lead_id: z.number().int(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  contact_id: z.number().int().nullable(),
  to_email: z.string(),
  to_name: z.string().nullable(),
  subject: z.string(),
  /** Sanitised HTML as sent. */
  body_html: z.string(),
  template_id: z.number().int().nullable(),
  documents: z.array(z.strictObject({ id: z.number().int(), name: z.string() })),
  /** 'smtp' when handed to the mail server, 'outbox' when kept for administrators. */
  delivered: z.enum(['smtp', 'outbox']),
  created_at: z.string(),
});
export type LeadEmail = z.infer<typeof leadEmailSchema>;

/** What the browser can tell before uploading (the server checks the bytes): the name's kind and the size. */
export function crmDocumentFileProblem(file: { name: string; size: number }): string | null {
  if (file.size === 0) return crmDocumentMessages.fileEmpty;
  if (file.size > CRM_DOCUMENT_MAX_BYTES) return crmDocumentMessages.fileTooLarge;
  if (!crmDocumentExtensions.includes(fileExtension(file.name))) return crmDocumentMessages.fileType;
  return null;
}

/** A size for people: bytes, KB or MB with one decimal. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
