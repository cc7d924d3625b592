import type { users } from './users.table.ts';

// Who a request or socket acts as: the types every layer shares, free of the code that signs in or looks up.

/** A user row without its password hash: what the rest of the server may hold on to. */
export type AuthUser = Omit<typeof users.$inferSelect, 'passwordHash'>;

/** Set on a shadow session (spec 1 §6): who shadows, from which of their sessions, until when. */
export interface ShadowContext {
  byUserId: number;
  parentSessionId: string | null;
  reAuthCodeHash: string | null;
  expiresAt: Date;
}

export interface AuthContext {
  user: AuthUser;
  sessionId: string;
  permissions: string[];
  /** POST /api/login/lock was called: only locked_login and logout are served (423 otherwise). */
  locked: boolean;
  shadow: ShadowContext | null;
}

/** With when the presented access token expires (sockets close then unless they re-authenticate). */
export type GuardSession = AuthContext & { lastActivity: Date; accessExpiresAt: Date };
