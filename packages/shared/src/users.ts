import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, passwordMaxMessage } from './account-security.ts';

/**
 * Users admin of spec 1 §2.6, §3.8, §7.4. `type` is the users-admin role (users.role): 'admin' may open
 * /users; 'user' is shown as 'Standard User'. Accounts made here are staff (user type Employee).
 */
export const userAdminTypes = ['admin', 'user'] as const;
export type UserAdminType = (typeof userAdminTypes)[number];
export const userAdminTypeLabels: Record<UserAdminType, string> = { admin: 'Admin', user: 'Standard User' };

export const USER_PASSWORD_MIN_LENGTH = 6;

const nameSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'The name field is required.' : 'The name must be a string.',
  })
  .trim()
  .min(1, 'The name field is required.')
  .max(255, 'The name may not be greater than 255 characters.');

const emailSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? 'The email field is required.'
        : 'The email must be a string.',
  })
  .trim()
  .min(1, 'The email field is required.')
  .max(255, 'The email may not be greater than 255 characters.')
  .pipe(z.email('The email must be a valid email address.'));

const passwordSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? 'The password field is required.'
        : 'The password must be a string.',
  })
  .min(1, 'The password field is required.')
  .min(USER_PASSWORD_MIN_LENGTH, `The password must be at least ${USER_PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, passwordMaxMessage);

const typeSchema = z.enum(userAdminTypes, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? 'The type field is required.'
      : 'The selected type is invalid.',
});

/** POST /api/user and the create modal. */
export const createUserInputSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  type: typeSchema,
});
export type CreateUserInput = z.infer<typeof createUserInputSchema>;

/** PUT /api/user/{id} and the edit modal: an empty or absent password keeps the current one. */
export const updateUserInputSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: z.preprocess((value) => (value === '' || value === null ? undefined : value), passwordSchema.optional()),
  type: typeSchema,
});
export type UpdateUserInput = z.infer<typeof updateUserInputSchema>;

/** One row of GET /api/user. Timestamps are ISO 8601; email_verified_at null means not verified. */
export const userAdminRowSchema = z.object({
  id: z.number().int(),
  type: z.enum(userAdminTypes),
  name: z.string(),
  email: z.string(),
  email_verified_at: z.string().nullable(),
  created_at: z.string(),
});
export type UserAdminRow = z.infer<typeof userAdminRowSchema>;

export const userCreatedMessage = 'User created.';
export const userUpdatedMessage = 'User updated.';
export const userDeletedMessage = 'Deleted!';
export const emailTakenMessage = 'The email has already been taken.';
export const cannotDeleteSelfMessage = 'You cannot delete your own account.';
export const cannotDemoteSelfMessage = 'You cannot remove your own administrator role.';
/** Shown by the browser when a create fails for any reason other than field errors (spec 1 §8). */
export const userCreateFailedMessage = 'Some error occured! Please try again';
