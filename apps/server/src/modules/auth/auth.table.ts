import { boolean, index, integer, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/**
 * One row per sign-in. token_id is the row id; the access and refresh tokens are opaque random
 * strings stored only as SHA-256 hashes.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessTokenHash: text('access_token_hash').notNull().unique(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    refreshTokenHash: text('refresh_token_hash').notNull().unique(),
    // The refresh token this one replaced: presenting it again means it leaked, so the session is revoked.
    previousRefreshTokenHash: text('previous_refresh_token_hash'),
    // When a refresh last rotated the pair, and that new pair encrypted with a key derived from the refresh token it
    // replaced (decision 0026): a second tab presenting the old token within seconds gets the same pair, not a revoke.
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    rotationGrant: text('rotation_grant'),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    city: text('city'),
    state: text('state'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActivity: timestamp('last_activity', { withTimezone: true }).notNull().defaultNow(),
    // End of the refresh token's life; the session is expired after it.
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked: boolean('revoked').notNull().default(false),
    // Set by POST /api/login/lock: every call but locked_login and logout answers 423 until unlocked.
    locked: boolean('locked').notNull().default(false),
    // Shadow sessions (spec 1 §6): opened by shadowed_by_user_id from their session shadow_parent_session_id for
    // the row's user; re_auth_code_hash is the SHA-256 of the code that extends or ends it. Null on a normal sign-in.
    shadowedByUserId: integer('shadowed_by_user_id').references(() => users.id, { onDelete: 'cascade' }),
    shadowParentSessionId: uuid('shadow_parent_session_id').references((): AnyPgColumn => sessions.id, {
      onDelete: 'cascade',
    }),
    reAuthCodeHash: text('re_auth_code_hash').unique(),
    // The shadow session ends here; the guard refuses it afterwards.
    shadowExpiresAt: timestamp('shadow_expires_at', { withTimezone: true }),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId, t.createdAt),
    // The employees index reads each user's latest session (modules/employees).
    index('sessions_user_last_activity_idx').on(t.userId, t.lastActivity),
    index('sessions_previous_refresh_token_hash_idx').on(t.previousRefreshTokenHash),
    index('sessions_shadowed_by_user_id_idx').on(t.shadowedByUserId),
  ],
);
