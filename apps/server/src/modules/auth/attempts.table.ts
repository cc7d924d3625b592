import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const attemptKinds = [
  'login',
  'twofactor',
  'locked_login',
  'forgot_password',
  'reset_password',
  // A signed-in user's current password, asked before they change their own credentials (decision 0057).
  'current_password',
] as const;
export type AttemptKind = (typeof attemptKinds)[number];

/**
 * Every sign-in style attempt with its outcome, time and IP, readable for a day (issue 3 part 7); rows older than
 * a day are pruned. The rate limiter decides on auth_throttles, not on this log.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: attemptKinds }).notNull(),
    // Lower-cased e-mail or a user id as text; null when the attempt names no account.
    account: text('account'),
    ipAddress: text('ip_address'),
    success: boolean('success').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auth_attempts_kind_account_idx').on(t.kind, t.account, t.createdAt),
    index('auth_attempts_kind_ip_idx').on(t.kind, t.ipAddress, t.createdAt),
    index('auth_attempts_created_at_idx').on(t.createdAt),
  ],
);

export const throttleScopes = ['pair', 'account', 'address'] as const;
export type ThrottleScope = (typeof throttleScopes)[number];

/**
 * The rate limiter's counters (issue 14, decision 0026): one row per kind and scope ('pair' is an account from one
 * address, 'account' across addresses, 'address' across accounts). An attempt adds one before it is checked, in
 * the same statement that answers the new count, so parallel requests cannot all read the same old count.
 * A window starts with its first attempt and lasts 15 minutes.
 */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    kind: text('kind', { enum: attemptKinds }).notNull(),
    scope: text('scope', { enum: throttleScopes }).notNull(),
    // 'address account' for a pair (an address holds no space), the account or the address otherwise.
    key: text('key').notNull(),
    count: integer('count').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.scope, t.key] }),
    index('auth_throttles_window_started_at_idx').on(t.windowStartedAt),
  ],
);
