import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/**
 * TOTP secrets (issue 3 part 1). users.twofactor_enabled says whether two-factor is on; this row holds the secret
 * (base32; an authenticator needs it in clear, so it cannot be hashed), the pending one of an unconfirmed setup, and
 * the last accepted time step, so that a code is accepted once.
 */
export const userTwoFactor = pgTable('user_twofactor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  lastUsedTimeStep: bigint('last_used_time_step', { mode: 'number' }),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The step between a right password and a right code: POST /api/login answers hash, hash_e and hash_p (random,
 * stored only as SHA-256 hashes), POST /api/login/twofactor presents them with the code. Single use, 5 minutes,
 * void after 5 wrong codes. user_agent and ip_address are those of the sign-in, for the session it will open.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull().unique(),
    hashE: text('hash_e').notNull(),
    hashP: text('hash_p').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // Codes checked against it, counted before each check (a right one uses the challenge): at five it is void.
    failedAttempts: integer('failed_attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_challenges_user_id_idx').on(t.userId), index('login_challenges_expires_at_idx').on(t.expiresAt)],
);
