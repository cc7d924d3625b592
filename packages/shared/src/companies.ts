import { z } from 'zod';
import { flagSchema } from './flags.ts';
import { gradeListItemSchema } from './network-grades.ts';
import { refreshRecipientSchema } from './strategies.ts';
import { monthlyUsageRowSchema } from './usage.ts';

/** Companies workspace of spec 2 §2 (company list, create company), §3 (Company), §7 (calls), §8. */

export const companyCreatedMessage = 'Company created.';
/** Spec 2 §8: shown by the browser when the create fails without field errors. */
export const companyCreateFailedMessage = 'Some error occured! Please try again';
export const companiesEmptyMessage = 'No Companies Found';
export const companyIndustryInvalidMessage = 'The selected industry id is invalid.';
export const companyWebsiteInvalidMessage = 'The website must be a valid URL.';
export const companyLogoTypeMessage = 'The logo must be a file of type: png, jpeg, gif, webp.';
export const companyLogoSizeMessage = 'The logo may not be greater than 2048 kilobytes.';

/** Logo uploads: images only, 2 MB at most. */
export const COMPANY_LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const companyLogoMimeTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

const emptyToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

/**
 * A website is optional; without a scheme https:// is put in front ("acme.com" → "https://acme.com").
 * It must then be an http(s) URL whose host has a dot (or is localhost).
 */
export function normalizeWebsite(value: string): string | null {
  const trimmed = value.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null;
    if (/\s/.test(trimmed)) return null;
    return withScheme;
  } catch {
    return null;
  }
}

const websiteSchema = z.preprocess(
  emptyToNull,
  z
    .string({ error: companyWebsiteInvalidMessage })
    .max(255, 'The website may not be greater than 255 characters.')
    .transform((value, ctx) => {
      const normalized = normalizeWebsite(value);
      if (normalized === null) {
        ctx.addIssue({ code: 'custom', message: companyWebsiteInvalidMessage });
        return z.NEVER;
      }
      return normalized;
    })
    .nullable(),
);

const industryIdOf = (value: unknown): number | null => {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : null;
};

const industryIdSchema = z
  .preprocess(emptyToNull, z.unknown())
  .superRefine((value, ctx) => {
    if (value === null) ctx.addIssue({ code: 'custom', message: 'The industry id field is required.' });
    else if (industryIdOf(value) === null) ctx.addIssue({ code: 'custom', message: companyIndustryInvalidMessage });
  })
  .transform((value): number => industryIdOf(value) ?? 0);

/** The text fields of POST /api/company (the multipart logo file is checked by the server and the form). */
export const createCompanyInputSchema = z.object({
  name: z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? 'The name field is required.'
          : 'The name must be a string.',
    })
    .trim()
    .min(1, 'The name field is required.')
    .max(255, 'The name may not be greater than 255 characters.'),
  industry_id: industryIdSchema,
  website: websiteSchema,
});
export type CreateCompanyInput = z.infer<typeof createCompanyInputSchema>;

/** Checks a logo file's type and size; answers the message or null. */
export function companyLogoError(file: { mimetype?: string; type?: string; size: number }): string | null {
  const type = file.mimetype ?? file.type ?? '';
  if (!(companyLogoMimeTypes as readonly string[]).includes(type)) return companyLogoTypeMessage;
  if (file.size > COMPANY_LOGO_MAX_BYTES) return companyLogoSizeMessage;
  return null;
}

/** GET /api/company query: page, per_page and the company-name filter. */
export const companyPageQuerySchema = z.object({ company: z.string().trim().max(255).optional() });

export const companyRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Served by the app (GET /api/company/logo/{file}), or null. */
  logo_url: z.string().nullable(),
  industry: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  sites_count: z.number().int(),
  /** Enabled client accounts. */
  accounts_count: z.number().int(),
  created_at: z.string(),
});
export type CompanyRow = z.infer<typeof companyRowSchema>;

/** POST /api/company answers { message, data: { id } }. */
export const createCompanyResponseSchema = z.object({ message: z.string(), data: z.object({ id: z.number().int() }) });
export type CreateCompanyResponse = z.infer<typeof createCompanyResponseSchema>;

// ---- Company detail (spec 2 §2 Company detail, §3 Company, §7 GET/PUT /api/company/{id}) ----

export const companyUpdatedMessage = 'Company updated.';
export const sitesUpdatedMessage = 'Sites updated.';
export const siteInfoUpdatedMessage = 'Site information updated.';
export const techInfoUpdatedMessage = 'Tech information updated.';
export const siteNameRequiredMessage = 'Name Required';
export const siteRegionRequiredMessage = 'Region Required';
export const siteCityRequiredMessage = 'City Required';
/** Spec 2 §2 Site Information: an empty value or this placeholder marks a blank note. */
export const noNotesPlaceholder = 'No Notes';
/** Spec 1 §8: a failed download. */
export const downloadFailedMessage = 'Unable to download file.';

/** The tabs of the company detail page, in order (spec 2 §2). */
export const companyTabs = [
  { view: 'basicinformation', label: 'Basic Information' },
  { view: 'sites', label: 'Sites' },
  { view: 'site-information', label: 'Site Information' },
  { view: 'accounts', label: 'Accounts' },
  // Not in spec 2's table (issue 15 part 6): the ticket queue filtered to the company; Open Tickets opens it.
  { view: 'tickets', label: 'Tickets' },
  { view: 'contracts', label: 'Contracts' },
  { view: 'flags', label: 'Ticket Flags' },
  { view: 'usage', label: 'Usage' },
  { view: 'network-grade', label: 'Network Grades' },
  { view: 'refresh-strategy', label: 'Refresh Strategies' },
  { view: 'backup-strategy', label: 'Backup Strategies' },
] as const;
export type CompanyTabView = (typeof companyTabs)[number]['view'];

export const siteSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  region_id: z.number().int().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  info: z.object({ parking_info: z.string().nullable(), external: z.string().nullable() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Site = z.infer<typeof siteSchema>;

export const techAttachmentSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  path: z.string(),
  size: z.number().int(),
  extension: z.string(),
  created_at: z.string(),
});
export type TechAttachment = z.infer<typeof techAttachmentSchema>;

/** A contract as the header needs it; the contracts module answers more fields in `contracts`. */
export const contractSummarySchema = z
  .object({ id: z.number().int(), start_date: z.string(), end_date: z.string() })
  .passthrough();

/** One refresh strategy in the company's strat_list (decision 0062): what the tab's home shows, no notes. */
export const strategyListItemSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  emails: z.array(refreshRecipientSchema),
  created_at: z.string(),
});
export type StrategyListItem = z.infer<typeof strategyListItemSchema>;

export const companyDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  website: z.string().nullable(),
  industry_id: z.number().int().nullable(),
  industry: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  active: z.number().int(),
  logo_url: z.string().nullable(),
  /** Spec 2 §3's name for the logo: the same public URL as logo_url. */
  logo: z.string().nullable(),
  sites: z.array(siteSchema),
  // Staff only: technician notes and attachments often hold credentials; absent for client accounts (decision 0019).
  site_tech_info: z.object({ notes: z.string().nullable(), attachments: z.array(techAttachmentSchema) }).optional(),
  // Staff only, like the screens that list them: the enabled accounts and the network grades.
  accounts: z
    .array(z.object({ user_id: z.number().int(), user: z.object({ name: z.string(), email: z.string() }) }))
    .optional(),
  grades: z.array(gradeListItemSchema).optional(),
  /** Spec 2 §3 strat_list, staff only: the company's refresh strategies, newest first, as the tab's home lists them. */
  strat_list: z.array(strategyListItemSchema).optional(),
  /** The active ticket flags, which client accounts also read (their tickets show them). */
  flags: z.array(flagSchema),
  sites_count: z.number().int(),
  accounts_count: z.number().int(),
  open_tickets_count: z.number().int(),
  // Filled by the contracts module (null / empty until a contract exists).
  active_contract: contractSummarySchema.nullable(),
  latest_contract: contractSummarySchema.nullable(),
  active_retainer_item: z.object({ name: z.string() }).nullable(),
  latest_retainer_item: z.object({ name: z.string() }).nullable(),
  contracts: z.array(contractSummarySchema),
  monthly_usage: z.array(monthlyUsageRowSchema),
  created_at: z.string(),
});
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

/**
 * The header's Contract counter: the active contract's retainer item (or 'Active'); 'Expired' when only a latest
 * contract exists (spec 2 §2); 'None' without any contract.
 */
export function contractCounterLabel(
  company: Pick<CompanyDetail, 'active_contract' | 'latest_contract' | 'active_retainer_item'>,
): string {
  if (company.active_contract) return company.active_retainer_item?.name ?? 'Active';
  if (company.latest_contract) return 'Expired';
  return 'None';
}

const activeSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*[01]\s*$/.test(value) ? Number(value) : value),
  z.union([z.literal(0), z.literal(1)], { error: 'The active field must be 0 or 1.' }),
);

/**
 * PUT /api/company/{id}: name, industry (id; industry_id is accepted too, as the multipart form sends it), website,
 * active (0 = Yes, 1 = No). The multipart POST with _method PUT may also carry a logo file (checked by the server).
 */
export const updateCompanyInputSchema = z.preprocess(
  (value) => {
    if (!value || typeof value !== 'object') return value;
    const body = value as Record<string, unknown>;
    return { ...body, industry_id: body.industry_id ?? body.industry };
  },
  z.object({
    name: createCompanyInputSchema.shape.name,
    industry_id: industryIdSchema,
    website: websiteSchema,
    active: activeSchema.optional(),
  }),
);
export type UpdateCompanyInput = z.infer<typeof updateCompanyInputSchema>;

const optionalText = (max: number) =>
  z
    .preprocess(emptyToNull, z.string().trim().max(max, `May not be greater than ${max} characters.`).nullable())
    .optional()
    .transform((v) => v ?? null);
const coordinate = (limit: number) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : typeof value === 'string' ? Number(value) : value),
    z.number().min(-limit).max(limit).nullable(),
  );

/** One site of PUT /api/companies/sites/{companyId}; id absent, null or 'new' adds it. */
export const siteInputSchema = z.object({
  id: z.preprocess(
    (value) => (value === 'new' || value === '' ? null : value),
    z.number().int().positive().nullable().optional(),
  ),
  name: z.preprocess(
    emptyToNull,
    z.string({ error: siteNameRequiredMessage }).trim().min(1, siteNameRequiredMessage).max(255),
  ),
  region_id: z.preprocess(
    (value) =>
      value === '' || value === null || value === undefined
        ? undefined
        : typeof value === 'string'
          ? Number(value)
          : value,
    z.number({ error: siteRegionRequiredMessage }).int(siteRegionRequiredMessage).positive(siteRegionRequiredMessage),
  ),
  address: optionalText(255),
  city: z.preprocess(
    emptyToNull,
    z.string({ error: siteCityRequiredMessage }).trim().min(1, siteCityRequiredMessage).max(255),
  ),
  state: optionalText(50),
  zip: optionalText(20),
  lat: coordinate(90)
    .optional()
    .transform((v) => v ?? null),
  lng: coordinate(180)
    .optional()
    .transform((v) => v ?? null),
});
export type SiteInput = z.infer<typeof siteInputSchema>;

export const updateSitesInputSchema = z.object({ sites: z.array(siteInputSchema).max(500, 'At most 500 sites.') });
export type UpdateSitesInput = z.infer<typeof updateSitesInputSchema>;

/** POST /api/companies/sites.info: id, name (read-only, ignored), parking_info, external. */
export const siteInfoInputSchema = z.object({
  id: z.coerce.number({ error: 'The id field is required.' }).int().positive('The id field is required.'),
  name: z.string().optional(),
  parking_info: optionalText(5000),
  external: optionalText(5000),
});
export type SiteInfoInput = z.infer<typeof siteInfoInputSchema>;

/** POST /api/companies/sites/tech.info text fields (attachments are files). */
export const techInfoInputSchema = z.object({
  company_id: z.coerce
    .number({ error: 'The company id field is required.' })
    .int()
    .positive('The company id field is required.'),
  notes: z.preprocess(
    (value) => (value === undefined ? null : value),
    z.string().max(20000, 'The notes may not be greater than 20000 characters.').nullable(),
  ),
});

/** Blank notes (empty or the 'No Notes' placeholder) are stored as null. */
export function normalizeNotes(notes: string | null | undefined): string | null {
  const trimmed = (notes ?? '').trim();
  return trimmed === '' || trimmed === noNotesPlaceholder ? null : notes!;
}

/** POST /api/download {file, name, disk}. */
export const downloadInputSchema = z.object({
  file: z.string({ error: 'The file field is required.' }).min(1, 'The file field is required.').max(500),
  name: z.string().max(255).optional(),
  disk: z.string().max(50).optional(),
});

/** GET /api/geocode?q=: US address suggestions; enabled is false when no geocoder is configured. */
export const geocodeResultSchema = z.object({
  label: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type GeocodeResult = z.infer<typeof geocodeResultSchema>;
export const geocodeResponseSchema = z.object({ enabled: z.boolean(), data: z.array(geocodeResultSchema) });
export type GeocodeResponse = z.infer<typeof geocodeResponseSchema>;

/** Tech information attachments: any file type, 20 MB each at most. */
export const techAttachmentMaxBytes = 20 * 1024 * 1024;
export const techAttachmentSizeMessage = 'Each attachment may not be greater than 20480 kilobytes.';
