import { z } from 'zod';

/** Spec 1 §5: email and password required; email must be an e-mail. Shared by the login form and POST /api/login. */
export const loginInputSchema = z.object({
  email: z.string().trim().min(1, 'The email field is required.').max(255).pipe(z.email('The email must be a valid email address.')),
  password: z.string().min(1, 'The password field is required.').max(1024),
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

/** The user as the browser sees it (login answer, GET /api/session). Never carries a secret. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  type: z.enum(userTypes),
  role: z.enum(userRoles),
  name: z.string(),
  shortname: z.string(),
  email: z.string(),
  photo: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Spec 1 §3.4 CRM agent settings; has_settings false until the CRM issue configures an agent. */
export const agentSettingsSchema = z.object({
  has_settings: z.boolean(),
  phone_number: z.string().nullable(),
  username: z.string().nullable(),
  callback_number: z.string().nullable(),
  connection_id: z.string().nullable(),
});
export type AgentSettings = z.infer<typeof agentSettingsSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  number_details: z.string().nullable(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** Answer of POST /api/login/refresh (spec 1 §7.1); expires_in is the access token's life in seconds. */
export const tokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_id: z.string(),
  expires_in: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** Answer of POST /api/login (spec 1 §7.1). With two-factor on, only twofactor and the hash fields are set. */
export const loginResponseSchema = tokenResponseSchema.extend({
  user: sessionUserSchema,
  permissions: z.array(z.string()),
  notifications: z.array(notificationSchema),
  agent_settings: agentSettingsSchema,
  twofactor: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Answer of GET /api/session: who the bearer token belongs to, for a reload of the app. */
export const sessionResponseSchema = z.object({
  data: z.object({
    user: sessionUserSchema,
    permissions: z.array(z.string()),
    notifications: z.array(notificationSchema),
    agent_settings: agentSettingsSchema,
    token_id: z.string(),
  }),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const invalidLoginMessage = 'Invalid email / password.';
export const unauthenticatedMessage = 'Unauthenticated.';
export const forbiddenMessage = 'You do not have permission to perform this action.';
export const loggedOutMessage = 'Logged out.';
