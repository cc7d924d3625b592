import { z } from 'zod';

// Our own letterhead (the MSP's), drawn on every document (decision 0038); the administrator edits it at
// /admin/branding.

export const brandingUpdatedMessage = 'Branding Updated';
export const BRANDING_LOGO_MAX_BYTES = 1024 * 1024;
export const brandingLogoMimeTypes = ['image/png', 'image/jpeg'] as const;

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `The ${label} must be text.` })
    .trim()
    .max(max, `The ${label} may not be greater than ${max} characters.`)
    .optional()
    .default('');

export const brandingInputSchema = z.object({
  name: z
    .string({ error: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(120, 'The name may not be greater than 120 characters.'),
  address: optionalText('address', 500),
  phone: optionalText('phone', 40),
  email: optionalText('email', 254).refine((value) => value === '' || z.email().safeParse(value).success, {
    error: 'The email must be a valid email address.',
  }),
  website: optionalText('website', 255).refine(
    (value) => value === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value),
    {
      error: 'The website must be a web address such as https://example.com.',
    },
  ),
  primary_color: z
    .string({ error: 'The primary color field is required.' })
    .regex(/^#[0-9a-fA-F]{6}$/, 'The primary color must be a colour such as #1c7ed6.'),
});
export type BrandingInput = z.input<typeof brandingInputSchema>;

export const brandingSchema = z.object({
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  website: z.string(),
  primary_color: z.string(),
  logo_url: z.string().nullable(),
});
export type Branding = z.infer<typeof brandingSchema>;

/** The logo's problem in words, or null when it is a PNG or JPEG of at most 1 MB. */
export function brandingLogoError(file: { mimetype?: string; type?: string; size: number }): string | null {
  const type = file.mimetype ?? file.type ?? '';
  if (!(brandingLogoMimeTypes as readonly string[]).includes(type)) return 'The logo must be a PNG or JPEG image.';
  if (file.size > BRANDING_LOGO_MAX_BYTES) return 'The logo may not be greater than 1 MB.';
  return null;
}
