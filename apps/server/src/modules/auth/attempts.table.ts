import { boolean, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const attemptKinds = ['login', 'twofactor', 'locked_login', 'forgot_password'] as const;
export type AttemptKind = (typeof attemptKinds)[number];

/**
 * Every sign-in style attempt with its outcome, time and IP: the rate limiter counts recent failures here,
 * and failed logins stay readable for a day (issue 3 part 7). Rows older than a day are pruned.
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
