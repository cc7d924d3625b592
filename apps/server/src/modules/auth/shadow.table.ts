import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const shadowAuditActions = ['start', 'extend', 'end'] as const;
export type ShadowAuditAction = (typeof shadowAuditActions)[number];

/**
 * Issue 3 part 5: every start, extension and end of a shadow session, with both users, the time and the IP.
 * No foreign keys on purpose: the audit outlives deleted users and purged sessions.
 */
export const shadowAudit = pgTable(
  'shadow_audit',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id').notNull(),
    targetUserId: integer('target_user_id').notNull(),
    // The shadow session (sessions.id).
    sessionId: uuid('session_id'),
    action: text('action', { enum: shadowAuditActions }).notNull(),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shadow_audit_actor_idx').on(t.actorUserId, t.createdAt),
    index('shadow_audit_target_idx').on(t.targetUserId, t.createdAt),
  ],
);
