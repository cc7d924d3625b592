import { z } from 'zod';

// Password reset by e-mail, profile sessions and the mail outbox (spec 1 §2.3, §3.7, §7.1, §7.3; issue 3).

export const PASSWORD_MIN_LENGTH = 6;
/** Issue 14: the longest password set or checked, so a huge one is refused before argon2 ever sees it. */
export const PASSWORD_MAX_LENGTH = 128;
export const passwordMaxMessage = `The password may not be greater than ${PASSWORD_MAX_LENGTH} characters.`;
/** A password-reset link works once, for this long. */
export const RESET_TOKEN_TTL_MINUTES = 60;
/** Spec 1 §9: the forgot-password button stays disabled this long after a request. */
export const FORGOT_PASSWORD_LOCKOUT_MS = 15_000;

export const passwordResetSentMessage = 'Password reset link sent to your email.';
export const passwordResetDoneMessage = 'Your password has been reset.';
export const invalidResetTokenMessage = 'This password reset token is invalid.';
/** Shown on the login screen when it is opened with password_update set (spec 1 §2.3). */
export const passwordUpdatedLoginMessage = 'Password has been updated. Login below.';
export const passwordMinMessage = `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
export const passwordConfirmationMessage = 'The password field confirmation does not match.';
export const sessionRevokedMessage = 'Session revoked.';
export const sessionsRevokedMessage = 'Sessions revoked.';

/** POST /api/forgotpassword and the Forgot Password form. */
export const forgotPasswordInputSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'The email field is required.')
    .max(255)
    .pipe(z.email('The email must be a valid email address.')),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

/**
 * POST /api/resetpassword and the Reset Password form. Both password errors sit on `password`, as the
 * spec's screen shows the server's password error under that field.
 */
export const resetPasswordInputSchema = z
  .object({
    password: z
      .string('The password field is required.')
      .min(1, 'The password field is required.')
      .min(PASSWORD_MIN_LENGTH, passwordMinMessage)
      .max(PASSWORD_MAX_LENGTH, passwordMaxMessage),
    // Bounded loosely: a too-long password is reported on the password field, not here.
    password_confirmation: z.string().max(1024).default(''),
    token: z.string('The token field is required.').min(1, 'The token field is required.').max(512),
  })
  .refine((input) => input.password === input.password_confirmation, {
    path: ['password'],
    message: passwordConfirmationMessage,
  });
export type ResetPasswordInput = z.input<typeof resetPasswordInputSchema>;

/**
 * `current_password` of a change to one's own password, e-mail or two-factor (decision 0057): optional in the
 * contract, as only such a change asks for it; empty means absent.
 */
export const currentPasswordSchema = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.string().max(PASSWORD_MAX_LENGTH, passwordMaxMessage).optional(),
);

export const sessionStatuses = ['active', 'revoked', 'expired'] as const;
export type SessionStatus = (typeof sessionStatuses)[number];

/** GET /api/profile/sessions query: page (per_page 1-500, default 50) and whose sessions (default: the caller's). */
export const sessionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
  user_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** One row of the profile sessions card / employee Sessions tab (spec 1 §3.7). Times are ISO 8601. */
export const userSessionSchema = z.object({
  id: z.string(),
  browser: z.string(),
  os: z.string(),
  user_agent: z.string().nullable(),
  ip_address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  created_at: z.string(),
  last_activity: z.string(),
  expires_at: z.string(),
  revoked: z.boolean(),
  // Revoked wins over expired; active otherwise (spec 1 §4).
  status: z.enum(sessionStatuses),
  // The session whose token made this request.
  current: z.boolean(),
  // Set on a shadow session: who opened it (creator.shortname is what the row shows) and when the shadow ends.
  // The re-auth code itself is stored only as a hash and is never answered.
  code: z
    .object({
      expires_at: z.string(),
      creator: z.object({ id: z.number().int(), name: z.string(), shortname: z.string() }),
    })
    .nullable(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

/** POST /api/profile/sessions/all: whose sessions; default the caller's (the caller's current session stays). */
export const revokeAllSessionsInputSchema = z.object({
  user_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** A row of GET /api/admin/outbox (no bodies in the list). */
export const outboxListItemSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  cc: z.string().nullable(),
  subject: z.string(),
  // Set when SMTP delivery was tried and failed; null when no SMTP server is configured.
  error: z.string().nullable(),
  created_at: z.string(),
});
export type OutboxListItem = z.infer<typeof outboxListItemSchema>;

/** GET /api/admin/outbox/{id}: the whole message. */
export const outboxMessageSchema = outboxListItemSchema.extend({
  text: z.string(),
  html: z.string().nullable(),
  /** Names of the files sent with the message. */
  attachment_names: z.array(z.string()),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
