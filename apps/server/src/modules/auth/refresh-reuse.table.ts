import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions } from './auth.table.ts';

/**
 * Every refresh token a sign-in has had and rotated away (issue 26 §3, decision 0076), by its SHA-256 like the
 * session's own. A trigger on `sessions` (migration) adds the replaced hash whenever a rotation changes
 * `refresh_token_hash`, so refresh, unlock and the end of shadowing all keep the chain. Presenting any of them again
 * (outside the grace of the one just rotated) means a copy of the session's tokens is in other hands: the whole
 * sign-in is revoked. Rows go with their session, or once it ended 30 days ago (`pruneRetiredRefreshTokens`).
 */
export const retiredRefreshTokens = pgTable(
  'retired_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    retiredAt: timestamp('retired_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('retired_refresh_tokens_session_id_idx').on(t.sessionId)],
);

/**
 * A rotated-away refresh token presented again: who, which sign-in, from where, and how many sessions it ended
 * (the sign-in and the shadow sessions opened from it). No foreign keys, like shadow_audit and credential_changes,
 * so the record outlives what it names.
 */
export const refreshTokenReuse = pgTable(
  'refresh_token_reuse',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    // When the presented token was rotated away.
    retiredAt: timestamp('retired_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    // Sessions this reuse marked revoked (the sign-in and its shadow sessions); 0 when they already were.
    revokedSessions: integer('revoked_sessions').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refresh_token_reuse_user_idx').on(t.userId, t.createdAt),
    index('refresh_token_reuse_session_idx').on(t.sessionId),
  ],
);
