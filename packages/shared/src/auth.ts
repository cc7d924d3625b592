import { z } from 'zod';

/** Spec 1 §5: email and password required; email must be an e-mail. Shared by the login form and POST /api/login. */
export const loginInputSchema = z.object({
  email: z.string().trim().min(1, 'The email field is required.').max(255).pipe(z.email('The email must be a valid email address.')),
  password: z.string().min(1, 'The password field is required.').max(1024),
  remember: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const refreshInputSchema = z.object({ refresh_token: z.string().min(1).max(512) });

export const userTypes = ['Employee', 'Client'] as const;
export type UserType = (typeof userTypes)[number];

/** The user as the browser sees it (login answer, GET /api/session). Never carries a secret. */
export interface SessionUser {
  id: number;
  type: UserType;
  role: 'admin' | 'user';
  name: string;
  shortname: string;
  email: string;
  photo: string | null;
}

export interface AgentSettings {
  has_settings: boolean;
  phone_number: string | null;
  username: string | null;
  callback_number: string | null;
  connection_id: string | null;
}

export interface Notification {
  id: number;
  type: string;
  number_details: string | null;
  read_at: string | null;
}

/** Answer of POST /api/login (spec 1 §7.1). With two-factor on, only twofactor and the hash fields are set. */
export interface LoginResponse {
  access_token: string;
  refresh_token: string;
  token_id: string;
  expires_in: number;
  user: SessionUser;
  permissions: string[];
  notifications: Notification[];
  agent_settings: AgentSettings;
  twofactor: boolean;
}

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  token_id: string;
  expires_in: number;
}

/** Answer of GET /api/session: who the bearer token belongs to, for a reload of the app. */
export interface SessionResponse {
  data: {
    user: SessionUser;
    permissions: string[];
    notifications: Notification[];
    agent_settings: AgentSettings;
    token_id: string;
  };
}

export const invalidLoginMessage = 'Invalid email / password.';
