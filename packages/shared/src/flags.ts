import { z } from 'zod';

/** Ticket flags of a company (spec 2 §2 Flags, §3 Flag, §4, §7 Flags, §8). */

export const flagCreatedMessage = 'Flag has been added.';
export const flagUpdatedMessage = 'Flag has been updated.';
export const flagRemovedMessage = 'Flag has been removed.';
export const flagRestoredMessage = 'Flag has been restored.';
export const flagCreateFailedMessage = 'Some error occured! Please try again';
export const flagDeleteConfirmTitle = 'Are you sure?';
export const flagDeleteConfirmText = 'This flag will no longer show on client tickets.';
export const flagDeleteConfirmButton = 'Yes, delete it!';

/** POST /api/companies/flags/: id (an existing flag to edit, else absent), flag, company_id. */
export const flagInputSchema = z.object({
  id: z.preprocess(
    (value) => (value === '' || value === null || value === 'new' ? undefined : value),
    z.coerce.number().int().positive().optional(),
  ),
  flag: z
    .string({ error: 'The flag field is required.' })
    .trim()
    .min(1, 'The flag field is required.')
    .max(255, 'The flag may not be greater than 255 characters.'),
  company_id: z.coerce
    .number({ error: 'The company id field is required.' })
    .int()
    .positive('The company id field is required.'),
});
export type FlagInput = z.infer<typeof flagInputSchema>;

export const flagSchema = z.object({
  id: z.number().int(),
  flag: z.string(),
  company_id: z.number().int(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  deleted_at: z.string().nullable(),
  deleted_by: z.string().nullable(),
});
export type Flag = z.infer<typeof flagSchema>;
