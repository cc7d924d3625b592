import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Decision 0025: every change of someone else's credentials (password, e-mail, two-factor, enabled, a client's
 * company, the users-admin role): who, whom, which fields, when and from where. No foreign keys, like
 * shadow_audit, so the record outlives what it names.
 */
export const credentialChanges = pgTable(
  'credential_changes',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id').notNull(),
    targetUserId: integer('target_user_id').notNull(),
    // Keys of credentialChangeLabels (packages/shared/src/account-policy.ts).
    fields: text('fields').array().notNull(),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credential_changes_target_idx').on(t.targetUserId, t.createdAt),
    index('credential_changes_actor_idx').on(t.actorUserId, t.createdAt),
  ],
);
