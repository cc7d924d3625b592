import { z } from 'zod';
import { currentPasswordSchema, PASSWORD_MAX_LENGTH, passwordMaxMessage } from './account-security.ts';
import { notificationSchema } from './notifications.ts';
import { userSettingsSchema } from './settings.ts';

/** Spec 1 §5: email and password required; email must be an e-mail. Shared by the login form and POST /api/login. */
export const loginInputSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'The email field is required.')
    .max(255)
    .pipe(z.email('The email must be a valid email address.')),
  password: z.string().min(1, 'The password field is required.').max(PASSWORD_MAX_LENGTH, passwordMaxMessage),
  remember: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const refreshInputSchema = z.object({
  refresh_token: z.string().min(1, 'The refresh token field is required.').max(512),
});
export type RefreshInput = z.infer<typeof refreshInputSchema>;

export const userTypes = ['Employee', 'Client'] as const;
export type UserType = (typeof userTypes)[number];
export const userRoles = ['admin', 'user'] as const;
export type UserRole = (typeof userRoles)[number];

// The answers are schemas too: the server serialises through them, so a field not listed here
// (a password hash, a token hash) can never reach the browser.

/** The employee part of the signed-in user: title, region, phone and departments (1 = tech, 3 = sales). */
export const sessionEmployeeSchema = z.object({
  user_id: z.number().int(),
  title: z.string().nullable(),
  region_id: z.number().int().nullable(),
  phone_number: z.string().nullable(),
  departments: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type SessionEmployee = z.infer<typeof sessionEmployeeSchema>;

/** The user as the browser sees it (login answer, GET /api/session). Never carries a secret. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  type: z.enum(userTypes),
  role: z.enum(userRoles),
  name: z.string(),
  shortname: z.string(),
  email: z.string(),
  photo: z.string().nullable(),
  /** Spec 1 §3.1: the picture to show for the user: the photo's URL, null without one (the web draws initials). */
  avatar: z.string().nullable(),
  created_at: z.string(),
  email_verified_at: z.string().nullable(),
  /** Spec 1 §3.1 employee: the staff record of an Employee (spec 1 §3.3's employee list row); null for a Client. */
  employee: sessionEmployeeSchema.nullable(),
  // Spec 1 §3.1/§3.2: the user's settings, defaults merged (see settings.ts); set by the login answer and GET /api/session.
  settings: userSettingsSchema.optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * Spec 1 §3.4 CRM agent settings, from the employee's saved agent settings (spec 1 §3.10): has_settings once a
 * line is assigned. username and connection_id stay null until the CRM issue stores telephony credentials.
 */
export const agentSettingsSchema = z.object({
  has_settings: z.boolean(),
  phone_number: z.string().nullable(),
  username: z.string().nullable(),
  callback_number: z.string().nullable(),
  connection_id: z.string().nullable(),
});
export type AgentSettings = z.infer<typeof agentSettingsSchema>;

// Notifications (with created_at) are defined in notifications.ts.

/** Answer of POST /api/login/refresh (spec 1 §7.1); expires_in is the access token's life in seconds. */
export const tokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_id: z.string(),
  expires_in: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** A finished sign-in: tokens, the user and their permissions (POST /api/login without two-factor, /login/twofactor, end of shadowing). */
export const signedInResponseSchema = tokenResponseSchema.extend({
  user: sessionUserSchema,
  permissions: z.array(z.string()),
  notifications: z.array(notificationSchema),
  agent_settings: agentSettingsSchema,
  twofactor: z.literal(false),
});
export type SignedInResponse = z.infer<typeof signedInResponseSchema>;

/**
 * POST /api/login with two-factor on: no tokens, only an opaque single-use challenge (5 minutes). The three values
 * go back with the code to POST /api/login/twofactor; none of them carries the e-mail or the password.
 */
export const twoFactorChallengeSchema = z.object({
  twofactor: z.literal(true),
  hash: z.string(),
  hash_e: z.string(),
  hash_p: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** Answer of POST /api/login (spec 1 §7.1): signed in, or (twofactor: true) the two-factor challenge. */
export const loginResponseSchema = z.discriminatedUnion('twofactor', [
  signedInResponseSchema,
  twoFactorChallengeSchema,
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Spec 1 §9: a two-factor code is 6 digits. */
export const twoFactorCodeSchema = z
  .string({ error: 'The code field is required.' })
  .trim()
  .min(1, 'The code field is required.')
  .regex(/^[0-9]{6}$/, 'The code must be 6 digits.');

const challengeValueSchema = (field: string) =>
  z
    .string({ error: `The ${field} field is required.` })
    .min(1, `The ${field} field is required.`)
    .max(200);

/** POST /api/login/twofactor (spec 1 §3.7 two-factor form; the six boxes are sent joined as `code`). */
export const twoFactorLoginInputSchema = z.object({
  hash: challengeValueSchema('hash'),
  hash_e: challengeValueSchema('hash e'),
  hash_p: challengeValueSchema('hash p'),
  code: twoFactorCodeSchema,
});
export type TwoFactorLoginInput = z.infer<typeof twoFactorLoginInputSchema>;

/** POST /api/profile/twofactor/confirm: the code from the new authenticator and the current password (decision 0057). */
export const twoFactorConfirmInputSchema = z.object({
  code: twoFactorCodeSchema,
  current_password: currentPasswordSchema,
});
export type TwoFactorConfirmInput = z.infer<typeof twoFactorConfirmInputSchema>;

/** POST /api/profile/twofactor/disable: the user's current password. */
export const twoFactorDisableInputSchema = z.object({
  password: z
    .string({ error: 'The password field is required.' })
    .min(1, 'The password field is required.')
    .max(PASSWORD_MAX_LENGTH, passwordMaxMessage),
});
export type TwoFactorDisableInput = z.infer<typeof twoFactorDisableInputSchema>;

/** POST /api/profile/twofactor/setup: the secret and QR code, shown once; stored pending until confirmed. */
export const twoFactorSetupResponseSchema = z.object({
  data: z.object({ secret: z.string(), otpauth_url: z.string(), qr_data_url: z.string() }),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

/** GET /api/profile/twofactor: whether two-factor is on (spec 1 §5 2FA options Enabled / Disabled). */
export const twoFactorStatusResponseSchema = z.object({ data: z.object({ enabled: z.boolean() }) });
export type TwoFactorStatusResponse = z.infer<typeof twoFactorStatusResponseSchema>;

/** Spec 1 §3.7 lock-screen form: POST /api/login/locked_login. */
export const lockedLoginInputSchema = z.object({
  email: loginInputSchema.shape.email,
  password: loginInputSchema.shape.password,
  refresh_token: z
    .string({ error: 'The refresh token field is required.' })
    .min(1, 'The refresh token field is required.')
    .max(512),
  token_id: z.string({ error: 'The token id field is required.' }).min(1, 'The token id field is required.').max(100),
});
export type LockedLoginInput = z.infer<typeof lockedLoginInputSchema>;

/** Body of every call refused because the session is locked (HTTP 423). GET /api/session adds who is locked out. */
export const lockedResponseSchema = z.object({
  message: z.string(),
  locked: z.literal(true),
  user: z.object({ name: z.string(), photo: z.string().nullable(), email: z.string() }).optional(),
});
export type LockedResponse = z.infer<typeof lockedResponseSchema>;

/**
 * POST /api/login/shadow (spec 1 §7.1): `{ account }` (a user id) starts shadowing; `{ re_auth_code, extend: true }`
 * extends it; `{ re_auth_code }` ends it.
 */
export const shadowInputSchema = z
  .object({
    account: z.coerce
      .number({ error: 'The account must be a user id.' })
      .int('The account must be a user id.')
      .positive('The account must be a user id.')
      .max(2_147_483_647, 'The account must be a user id.')
      .optional(),
    re_auth_code: z.string().min(1, 'The re auth code field is required.').max(200).optional(),
    extend: z
      .union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')])
      .optional(),
  })
  .superRefine((input, context) => {
    if (input.account === undefined && input.re_auth_code === undefined) {
      context.addIssue({ code: 'custom', path: ['account'], message: 'The account field is required.' });
    }
    if (input.account !== undefined && input.re_auth_code !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['account'],
        message: 'Send either account or re_auth_code, not both.',
      });
    }
  });
export type ShadowInput = z.infer<typeof shadowInputSchema>;

/** Who is doing the shadowing (the banner's '{shadow user}'). */
export const shadowUserSchema = z.object({ id: z.number().int(), name: z.string() });
export type ShadowUser = z.infer<typeof shadowUserSchema>;

/** Answer of POST /api/login/shadow { account }: the target's sign-in plus the re-auth code, shown only here. */
export const shadowStartResponseSchema = signedInResponseSchema.extend({
  re_auth_code: z.object({ code: z.string(), expires_at: z.string() }),
  shadow_user: shadowUserSchema,
});
export type ShadowStartResponse = z.infer<typeof shadowStartResponseSchema>;

/** Answer of POST /api/login/shadow { re_auth_code, extend: true }. */
export const shadowExtendResponseSchema = z.object({
  message: z.string(),
  expires_at: z.string(),
  re_auth_code: z.object({ expires_at: z.string() }),
});
export type ShadowExtendResponse = z.infer<typeof shadowExtendResponseSchema>;

/** Answer of GET /api/session: who the bearer token belongs to, for a reload of the app. */
export const sessionResponseSchema = z.object({
  data: z.object({
    user: sessionUserSchema,
    permissions: z.array(z.string()),
    notifications: z.array(notificationSchema),
    agent_settings: agentSettingsSchema,
    token_id: z.string(),
    // A shadow session: `user` is the shadowed account, shadow_user who shadows it; the code itself is never sent again.
    shadowing: z.boolean(),
    shadow_user: shadowUserSchema.optional(),
    re_auth_code: z.object({ expires_at: z.string() }).optional(),
  }),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const invalidLoginMessage = 'Invalid email / password.';
export { unauthenticatedMessage } from './auth-messages.ts';
export const forbiddenMessage = 'You do not have permission to perform this action.';
export const loggedOutMessage = 'Logged out.';
export const twoFactorFailedMessage = 'Error validating code.';
/** POST /api/login/twofactor with an unknown, used, expired or voided challenge (401): back to the password step. */
export const twoFactorChallengeExpiredMessage = 'Your sign-in has expired. Please sign in again.';
export const invalidPasswordMessage = 'Invalid password.';
export const accountLockedMessage = 'Account Locked';
/** Issue 3: a two-factor challenge lives 5 minutes and is voided by the fifth wrong code. */
export const twoFactorChallengeMinutes = 5;
export const twoFactorMaxFailures = 5;
/** Issue 3 part 5: a shadow session lives 30 minutes; Extend Shadow adds 30 more. */
export const shadowSessionMinutes = 30;
