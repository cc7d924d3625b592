import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, passwordMaxMessage } from './account-security.ts';
import { optionalPhoneNumberSchema } from './phone.ts';

/** Client accounts of spec 1 §2.6, §3.9, §7.5: users of type Client attached to a company (and maybe a site). */

export const CLIENT_PASSWORD_MIN_LENGTH = 6;

export const clientAccountCreatedMessage = 'Account created.';
export const clientAccountUpdatedMessage = 'Account updated.';
export const clientAccountDeletedMessage = 'Account deleted.';
export const clientAccountEmailTakenMessage = 'The email has already been taken.';
export const clientAccountPasswordMismatchMessage = 'The password confirmation does not match.';
export const clientAccountSiteInvalidMessage = 'The selected site id is invalid.';
export const clientAccountCompanyInvalidMessage = 'The selected company id is invalid.';
export const clientAccountPrimaryDeleteMessage = "A company's primary account cannot be deleted.";
/** Spec 1 §8: shown by the browser when a create fails without field errors. */
export const clientAccountCreateFailedMessage = 'Some error occured! Please try again';
/** Spec 1 §2.6: the empty state of the accounts table. */
export const clientAccountsEmptyMessage = 'No Accounts Found';

const requiredText = (field: string, max = 255) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `The ${field} field is required.`
          : `The ${field} must be a string.`,
    })
    .trim()
    .min(1, `The ${field} field is required.`)
    .max(max, `The ${field} may not be greater than ${max} characters.`);

const emailSchema = requiredText('email').pipe(z.email('The email must be a valid email address.'));

const passwordSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? 'The password field is required.'
        : 'The password must be a string.',
  })
  .min(1, 'The password field is required.')
  .min(CLIENT_PASSWORD_MIN_LENGTH, `The password must be at least ${CLIENT_PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, passwordMaxMessage);

const emptyToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

const optionalTitleSchema = z.preprocess(
  emptyToNull,
  z
    .string({ error: 'The title must be a string.' })
    .trim()
    .max(255, 'The title may not be greater than 255 characters.')
    .nullable(),
);

const idSchema = (field: string) =>
  z.coerce
    .number({ error: `The selected ${field} is invalid.` })
    .int(`The selected ${field} is invalid.`)
    .min(1, `The selected ${field} is invalid.`)
    .max(2_147_483_647, `The selected ${field} is invalid.`);

// Refinements (not aborting transforms), so the other fields' errors and the password check still show.
const companyIdSchema = z
  .preprocess(emptyToNull, z.unknown())
  .superRefine((value, ctx) => {
    if (value === null) ctx.addIssue({ code: 'custom', message: 'The company id field is required.' });
    else if (!idSchema('company id').safeParse(value).success)
      ctx.addIssue({ code: 'custom', message: clientAccountCompanyInvalidMessage });
  })
  .transform((value): number => {
    const parsed = idSchema('company id').safeParse(value);
    return parsed.success ? parsed.data : 0;
  });

const siteIdSchema = z.preprocess(emptyToNull, idSchema('site id').nullable());

const accountFields = {
  name: requiredText('name'),
  email: emailSchema,
  title: optionalTitleSchema,
  site_id: siteIdSchema,
  phone_number: optionalPhoneNumberSchema,
  office_number: optionalPhoneNumberSchema,
  company_id: companyIdSchema,
};

const confirmationSchema = z.preprocess((value) => (value === null || value === undefined ? '' : value), z.string());

function passwordConfirmed(
  value: { password?: string | undefined; password_confirmation: string },
  ctx: z.RefinementCtx,
) {
  if (value.password !== undefined && value.password !== value.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: clientAccountPasswordMismatchMessage });
  }
}

/** POST /api/users/client and the create form. Phone numbers answer formatted; empty optional fields become null. */
export const createClientAccountInputSchema = z
  .object({ ...accountFields, password: passwordSchema, password_confirmation: confirmationSchema })
  .superRefine(passwordConfirmed);
export type CreateClientAccountInput = z.infer<typeof createClientAccountInputSchema>;

/** PUT /api/users/client/{user_id} and the edit form: an empty or absent password keeps the current one. */
export const updateClientAccountInputSchema = z
  .object({
    ...accountFields,
    password: z.preprocess((value) => (value === '' || value === null ? undefined : value), passwordSchema.optional()),
    password_confirmation: confirmationSchema,
  })
  .superRefine(passwordConfirmed);
export type UpdateClientAccountInput = z.infer<typeof updateClientAccountInputSchema>;

/** Form values before parsing (what the form holds and what the browser may send). */
export type ClientAccountFormInput = z.input<typeof createClientAccountInputSchema>;

/** One account of GET /api/users/client and GET /api/users/client/{id} (spec 1 §3.9 "Loaded"). */
export const clientAccountSchema = z.object({
  user_id: z.number().int(),
  user: z.object({ name: z.string(), email: z.string(), photo: z.string().nullable() }),
  company: z.object({ id: z.number().int(), name: z.string() }),
  site: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  title: z.string().nullable(),
  office_number: z.string().nullable(),
  phone_number: z.string().nullable(),
  company_id: z.number().int(),
  /** True for the company's primary user: cannot be deleted or shadowed (spec 1 §6). */
  is_primary: z.boolean(),
});
export type ClientAccount = z.infer<typeof clientAccountSchema>;

/** Query of GET /api/users/client: page, per_page, company_id and a name / e-mail search. */
export const clientAccountListQuerySchema = z.object({
  company_id: z.preprocess(emptyToNull, idSchema('company id').nullable()).optional(),
  search: z.preprocess(emptyToNull, z.string().trim().max(255).nullable()).optional(),
});

/** GET /api/users/client.list.{companyId} and GET /api/companies/sites.list.{companyId}. */
export const idNameOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type IdNameOption = z.infer<typeof idNameOptionSchema>;
export const idNameListResponseSchema = z.object({ data: z.array(idNameOptionSchema) });

/**
 * GET /api/users/client.list.{companyId} (data): spec 1 §7.2's { user_id, user: { name } }, plus id and name (the same
 * user) that the selects of this app read.
 */
export const clientAccountOptionSchema = idNameOptionSchema.extend({
  user_id: z.number().int(),
  user: z.object({ name: z.string() }),
});
export type ClientAccountOption = z.infer<typeof clientAccountOptionSchema>;
export const clientAccountOptionsResponseSchema = z.object({ data: z.array(clientAccountOptionSchema) });
