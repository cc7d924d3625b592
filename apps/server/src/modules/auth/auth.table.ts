import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    city: text('city'),
    state: text('state'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActivity: timestamp('last_activity', { withTimezone: true }).notNull().defaultNow(),
    // End of the refresh token's life; the session is expired after it.
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked: boolean('revoked').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId, t.createdAt),
    index('sessions_previous_refresh_token_hash_idx').on(t.previousRefreshTokenHash),
  ],
);
