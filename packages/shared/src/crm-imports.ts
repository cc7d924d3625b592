import { z } from 'zod';
import {
  DEFAULT_IMPORT_LEAD_STATUS,
  emailKey,
  leadImportFields,
  leadStatusInvalidMessage,
  leadStatusLabels,
  leadStatusSchema,
  phoneKey,
  storedLeadStatuses,
  type LeadImportField,
  type StoredLeadStatus,
} from './crm.ts';
import { leadListQuerySchema, paginatorOf } from './crm-leads.ts';
import { formatPhoneNumber } from './phone.ts';
import { isIsoDate } from './pto.ts';
import { jsonText } from './validation.ts';

/**
 * Lead imports and exports (designs/crm-softphone.md §2.4, §4 item 8, §5): the upload's fields, the per-row rules
 * (mapping a CSV row to a lead, its errors), the answers, the export's filters and columns, and the progress event.
 * The same rules run in the preview and in the import job.
 */

export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 200_000;
/** Rows per transaction of the import job. */
export const IMPORT_BATCH_ROWS = 1_000;
/** Row errors kept per import; past it rows still fail and count, without a stored message. */
export const IMPORT_ERRORS_CAP = 10_000;
export const IMPORT_PREVIEW_ROWS = 10;

export const duplicatePolicies = ['skip', 'fill_empty', 'create'] as const;
export type DuplicatePolicy = (typeof duplicatePolicies)[number];
export const duplicatePolicyLabels: Record<DuplicatePolicy, string> = {
  skip: 'Skip duplicates',
  fill_empty: 'Fill empty fields of the existing lead',
  create: 'Create anyway',
};
export const importStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof importStatuses)[number];

export const importMessages = {
  fileRequired: 'The file field is required.',
  fileType: 'The file must be a CSV file.',
  fileTooLarge: 'The file may not be greater than 20 MB.',
  tooManyRows: `The file may not have more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows.`,
  noRows: 'The file has no rows to import.',
  companyRequired: 'The company field is required.',
  queued: 'The import was queued.',
  exportQueued: 'The export was queued.',
  policyInvalid: 'The selected duplicate policy is invalid.',
  mappingInvalid: 'The mapping must name a column of the file for each field, or none.',
  columnsRequired: 'Choose at least one column.',
} as const;

export const duplicateInFileMessage = (row: number) => `Duplicate of row ${row} in the file.`;
export const duplicateLeadMessage = (leadId: number) => `Duplicate of lead ${leadId}.`;
export const unknownNameMessage = (what: 'region' | 'vertical' | 'campaign', name: string) =>
  `Unknown ${what} '${name}'.`;
export const unknownManagerMessage = (email: string) => `No agent has the e-mail '${email}'.`;

// ---- the upload (multipart text fields) ----

const flagText = z.preprocess(
  (value) =>
    value === 'true' || value === '1' || value === true ? true : value === 'false' || value === '0' ? false : value,
  z.boolean({ error: 'The has header field must be true or false.' }),
);
const optionalIdText = (label: string) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined || value === '0' ? null : value),
    z.coerce
      .number({ error: `The selected ${label} is invalid.` })
      .int()
      .positive(`The selected ${label} is invalid.`)
      .nullable(),
  );
const optionalDateText = (label: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.string().refine(isIsoDate, `The ${label} is not a valid date.`).nullable(),
  );

/** A field's column (0-based) or null; every field present. */
export type LeadImportMapping = Record<LeadImportField, number | null>;
const mappingSchema = z
  .record(z.string(), z.number().int().min(0).max(499).nullable(), { error: importMessages.mappingInvalid })
  .refine((mapping) => Object.keys(mapping).every((key) => (leadImportFields as readonly string[]).includes(key)), {
    error: importMessages.mappingInvalid,
  });

/** POST /api/crm/imports and /api/crm/imports/preview text fields (beside `file`). No mapping: auto-matched. */
export const importFieldsSchema = z.object({
  has_header: flagText.default(true),
  mapping: jsonText(mappingSchema.nullable(), null).default(null),
  campaign_id: optionalIdText('campaign id').default(null),
  manager_id: optionalIdText('manager id').default(null),
  default_status: z
    .preprocess(
      (value) => (value === '' || value === undefined ? DEFAULT_IMPORT_LEAD_STATUS : Number(value)),
      leadStatusSchema,
    )
    .default(DEFAULT_IMPORT_LEAD_STATUS),
  next_touch: optionalDateText('next touch').default(null),
  duplicate_policy: z
    .preprocess(
      (value) => (value === '' || value === undefined ? 'skip' : value),
      z.enum(duplicatePolicies, { error: importMessages.policyInvalid }),
    )
    .default('skip'),
});
export type ImportFieldsInput = z.input<typeof importFieldsSchema>;
export type ImportFields = z.output<typeof importFieldsSchema>;

/** The mapping in full: given entries win, absent fields are none. */
export function completeMapping(partial: Partial<Record<string, number | null>>): LeadImportMapping {
  const mapping = {} as LeadImportMapping;
  for (const field of leadImportFields) mapping[field] = partial[field] ?? null;
  return mapping;
}

// ---- one row ----

/** A CSV row's cells by field (trimmed; '' when the field has no column or the row is short). */
export function mapLeadImportRow(
  cells: readonly string[],
  mapping: LeadImportMapping,
): Record<LeadImportField, string> {
  const row = {} as Record<LeadImportField, string>;
  for (const field of leadImportFields) {
    const column = mapping[field];
    row[field] = column === null ? '' : (cells[column] ?? '').trim();
  }
  return row;
}

/** The lead values a row gives (names of region, vertical, campaign and the manager's e-mail still to resolve). */
export interface ImportedLeadValues {
  company_name: string;
  first_name: string | null;
  last_name: string | null;
  title: string | null;
  phone: string | null;
  phone_ext: string | null;
  mobile: string | null;
  email: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  website: string | null;
  region: string | null;
  vertical: string | null;
  campaign: string | null;
  status: StoredLeadStatus | null;
  next_touch: string | null;
  notes: string | null;
  manager_email: string | null;
  /** Duplicate keys (phoneKey of phone, emailKey of email). */
  phone_key: string | null;
  email_key: string | null;
}

const TEXT_MAX = 255;
const NOTES_MAX = 65_535;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const blankToNull = (text: string) => (text === '' ? null : text);

/** A row's status: a stored code (0, 1, 3, 5, 9) or its label, any case; '' is none. */
export function parseImportStatus(text: string): StoredLeadStatus | null | undefined {
  if (text === '') return null;
  if (/^\d+$/.test(text)) {
    const code = Number(text);
    return (storedLeadStatuses as readonly number[]).includes(code) ? (code as StoredLeadStatus) : undefined;
  }
  const wanted = text.toLowerCase();
  return storedLeadStatuses.find((code) => leadStatusLabels[code].toLowerCase() === wanted);
}

/** A row's date: YYYY-MM-DD or M/D/YYYY; '' is none; undefined when it is no date. */
export function parseImportDate(text: string): string | null | undefined {
  if (text === '') return null;
  if (isIsoDate(text)) return text;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (!us) return undefined;
  const iso = `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : undefined;
}

/** A phone cell: the formatted ten digits and the extension's digits, or undefined when it is no US number. */
export function parseImportPhone(text: string): { phone: string; ext: string | null } | null | undefined {
  if (text === '') return null;
  const key = phoneKey(text);
  if (key === null) return undefined;
  const ext = /[xX#]\D*(\d{1,6})\s*$/.exec(text)?.[1] ?? null;
  return { phone: formatPhoneNumber(key), ext };
}

/**
 * The pure rules of one row (design §2.4): the values, or the row's error messages (one line each). Names that
 * need the database (region, vertical, campaign, manager e-mail, state code) are checked by the job.
 */
export function readLeadImportRow(row: Record<LeadImportField, string>): {
  values: ImportedLeadValues;
  errors: string[];
} {
  const errors: string[] = [];
  const text = (field: LeadImportField, label: string, max = TEXT_MAX) => {
    const value = row[field];
    if (value.length > max) errors.push(`The ${label} may not be greater than ${max} characters.`);
    return blankToNull(value.slice(0, max));
  };
  const company = text('company_name', 'company');
  if (company === null) errors.push(importMessages.companyRequired);
  const phone = parseImportPhone(row.phone);
  if (phone === undefined) errors.push(`The phone '${row.phone}' is not a US number of ten digits.`);
  const mobile = parseImportPhone(row.mobile);
  if (mobile === undefined) errors.push(`The mobile '${row.mobile}' is not a US number of ten digits.`);
  const email = text('email', 'email');
  if (email !== null && !emailPattern.test(email)) errors.push(`The email '${email}' is not a valid email address.`);
  const state = row.state.toUpperCase();
  if (state !== '' && !/^[A-Z]{2}$/.test(state)) errors.push(`The state '${row.state}' is not a two-letter USPS code.`);
  const status = parseImportStatus(row.status);
  if (status === undefined) errors.push(`${leadStatusInvalidMessage.replace('.', '')}: '${row.status}'.`);
  const nextTouch = parseImportDate(row.next_touch);
  if (nextTouch === undefined) errors.push(`The next touch '${row.next_touch}' is not a valid date.`);
  const managerEmail = blankToNull(row.manager_email.toLowerCase());
  const values: ImportedLeadValues = {
    company_name: company ?? '',
    first_name: text('first_name', 'first name'),
    last_name: text('last_name', 'last name'),
    title: text('title', 'title'),
    phone: phone?.phone ?? null,
    phone_ext: phone?.ext ?? null,
    mobile: mobile?.phone ?? null,
    email,
    address: text('address', 'address'),
    city: text('city', 'city'),
    state: state === '' ? null : state,
    zip: text('zip', 'zip', 20),
    website: text('website', 'website'),
    region: text('region', 'region'),
    vertical: text('vertical', 'vertical'),
    campaign: text('campaign', 'campaign'),
    status: status ?? null,
    next_touch: nextTouch ?? null,
    notes: text('notes', 'notes', NOTES_MAX),
    manager_email: managerEmail,
    phone_key: phone ? phoneKey(phone.phone) : null,
    email_key: emailKey(email),
  };
  return { values, errors };
}

/**
 * Dedupe inside a file (first row wins): remembers each row's phone and e-mail keys and answers the earlier row
 * (and what it became) that shares one, or null.
 */
export class FileDuplicates<T> {
  private readonly byPhone = new Map<string, { row: number; target: T }>();
  private readonly byEmail = new Map<string, { row: number; target: T }>();

  find(keys: { phone_key: string | null; email_key: string | null }): { row: number; target: T } | null {
    return (
      (keys.phone_key !== null ? this.byPhone.get(keys.phone_key) : undefined) ??
      (keys.email_key !== null ? this.byEmail.get(keys.email_key) : undefined) ??
      null
    );
  }

  remember(keys: { phone_key: string | null; email_key: string | null }, row: number, target: T): void {
    if (keys.phone_key !== null && !this.byPhone.has(keys.phone_key)) this.byPhone.set(keys.phone_key, { row, target });
    if (keys.email_key !== null && !this.byEmail.has(keys.email_key)) this.byEmail.set(keys.email_key, { row, target });
  }
}

/** The lead columns 'fill_empty' may fill (empty or null on the existing lead, present in the row). */
export const fillableLeadFields = [
  'first_name',
  'last_name',
  'title',
  'phone',
  'phone_ext',
  'mobile',
  'email',
  'address',
  'city',
  'state',
  'zip',
  'website',
] as const;
export type FillableLeadField = (typeof fillableLeadFields)[number];

/** The fields of `incoming` that would fill an empty field of `existing` (fill_empty policy). */
export function fillEmptyFields(
  existing: Partial<Record<FillableLeadField, string | null>>,
  incoming: Partial<Record<FillableLeadField, string | null>>,
): Partial<Record<FillableLeadField, string>> {
  const changes: Partial<Record<FillableLeadField, string>> = {};
  for (const field of fillableLeadFields) {
    const current = existing[field];
    const next = incoming[field];
    if ((current === null || current === undefined || current.trim() === '') && next) changes[field] = next;
  }
  return changes;
}

// ---- answers ----

export const crmImportSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string().nullable(),
  file_name: z.string(),
  has_header: z.boolean(),
  mapping: z.record(z.string(), z.number().int().nullable()),
  default_next_touch: z.string().nullable(),
  campaign_id: z.number().int().nullable(),
  manager_id: z.number().int().nullable(),
  default_status: z.number().int(),
  duplicate_policy: z.enum(duplicatePolicies),
  status: z.enum(importStatuses),
  rows_total: z.number().int(),
  rows_done: z.number().int(),
  rows_created: z.number().int(),
  rows_updated: z.number().int(),
  rows_skipped: z.number().int(),
  rows_failed: z.number().int(),
  error: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
});
export type CrmImport = z.infer<typeof crmImportSchema>;
export const crmImportsPageSchema = paginatorOf(crmImportSchema);
export type CrmImportsPage = z.infer<typeof crmImportsPageSchema>;

export const crmImportsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
});

/** 'CrmImportProgress' on `user.{id}`: the import's row after each batch and at the end. */
export type CrmImportProgressPayload = CrmImport;

/** POST /api/crm/imports/preview: the file's first row, the mapping used and the first mapped rows with errors. */
export const importPreviewSchema = z.object({
  header: z.array(z.string()),
  mapping: z.record(z.string(), z.number().int().nullable()),
  rows: z.array(
    z.object({
      row_number: z.number().int(),
      values: z.record(z.string(), z.string()),
      errors: z.array(z.string()),
    }),
  ),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

// ---- exports ----

export const EXPORT_COLUMNS = [
  { key: 'id', label: 'ID' },
  { key: 'company_name', label: 'Company' },
  { key: 'first_name', label: 'First Name' },
  { key: 'last_name', label: 'Last Name' },
  { key: 'title', label: 'Title' },
  { key: 'phone', label: 'Phone' },
  { key: 'phone_ext', label: 'Ext' },
  { key: 'mobile', label: 'Mobile' },
  { key: 'email', label: 'Email' },
  { key: 'address', label: 'Address' },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State' },
  { key: 'zip', label: 'Zip' },
  { key: 'website', label: 'Website' },
  { key: 'region', label: 'Region' },
  { key: 'vertical', label: 'Vertical' },
  { key: 'campaign', label: 'Campaign' },
  { key: 'status', label: 'Status' },
  { key: 'next_touch', label: 'Next Touch' },
  { key: 'manager_email', label: 'Manager Email' },
  { key: 'manager', label: 'Manager' },
  { key: 'calls_count', label: 'Calls' },
  { key: 'last_call_at', label: 'Last Call' },
  { key: 'do_not_call', label: 'Do Not Call' },
  { key: 'created_at', label: 'Created' },
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number]['key'];
export const exportColumnKeys = EXPORT_COLUMNS.map((column) => column.key) as [ExportColumn, ...ExportColumn[]];
/** The columns the export page ticks at first. */
export const defaultExportColumns: ExportColumn[] = [
  'company_name',
  'first_name',
  'last_name',
  'phone',
  'email',
  'city',
  'state',
  'campaign',
  'status',
  'next_touch',
  'manager',
];

/** POST /api/crm/exports: the leads list's filters (status absent is All) and the columns, in the file's order. */
export const exportInputSchema = z.object({
  filters: leadListQuerySchema.default({ page: 1, per_page: 50, sort: 'next_touch', dir: 'asc' }),
  columns: z
    .array(z.enum(exportColumnKeys, { error: 'The selected column is invalid.' }), {
      error: importMessages.columnsRequired,
    })
    .min(1, importMessages.columnsRequired)
    .max(EXPORT_COLUMNS.length),
});
export type ExportInput = z.input<typeof exportInputSchema>;

export const exportStatuses = ['queued', 'running', 'done', 'failed', 'expired'] as const;
export const crmExportSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  filters: z.record(z.string(), z.unknown()),
  columns: z.array(z.string()),
  status: z.enum(exportStatuses),
  rows: z.number().int(),
  file_name: z.string(),
  /** The stored file while it is kept (POST /api/download's `file`), else null. */
  file: z.string().nullable(),
  error: z.string().nullable(),
  finished_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type CrmExport = z.infer<typeof crmExportSchema>;
/** Exports are kept this long, then their file is removed (the row stays as the log). */
export const EXPORT_KEEP_HOURS = 24;
