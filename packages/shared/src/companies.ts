import { z } from 'zod';

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

const emptyToNull = (value: unknown) => (value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value);

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
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
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
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'The name field is required.' : 'The name must be a string.') })
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
