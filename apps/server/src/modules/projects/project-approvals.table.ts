import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { quotes } from '../quotes/quotes.table.ts';
import { users } from '../users/users.table.ts';
import { projects } from './projects.table.ts';

// Planning Approval and Labor Quote Approval by mailed link (spec 3 §3 Approval, §4; decision 0046).

/**
 * One mailed link: a recipient of one request. The token is kept only as its SHA-256 hash; it works until expires_at
 * and once (used_at), for every approval it answers. A project's request names the project; a billing quote without
 * a project names the quote (quote_id), whose company the recipients belong to.
 */
export const approvalLinks = pgTable(
  'approval_links',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    quoteId: integer('quote_id').references(() => quotes.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['planning', 'labor'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The message the recipient was sent (shown again on the public page). */
    message: text('message').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('approval_links_project_idx').on(t.projectId),
    index('approval_links_quote_idx').on(t.quoteId),
    check('approval_links_target_check', sql`${t.projectId} is not null or ${t.quoteId} is not null`),
  ],
);

/**
 * An approval (spec 3 §3): one per recipient and document. Planning approves the project overview
 * (project_overview true), labor one quote (quote_id); a project-less quote's link has no project. status: null pending, 1 approved, 2 denied. The recipient is
 * a client account (user_id) or a typed address; email_address is where the link went either way.
 */
export const projectApprovals = pgTable(
  'project_approvals',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['planning', 'labor'] }).notNull(),
    linkId: integer('link_id')
      .notNull()
      .references(() => approvalLinks.id, { onDelete: 'cascade' }),
    projectOverview: boolean('project_overview').notNull().default(false),
    quoteId: integer('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    status: smallint('status'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    emailAddress: text('email_address').notNull(),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    comment: text('comment'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('project_approvals_project_idx').on(t.projectId, t.kind, t.id),
    index('project_approvals_link_idx').on(t.linkId),
    index('project_approvals_quote_idx').on(t.quoteId),
    check('project_approvals_status_check', sql`${t.status} is null or ${t.status} in (1, 2)`),
  ],
);

/**
 * Requests to the public approval pages per client address in a window (decision 0046): one upsert adds the request
 * and answers the new count, so parallel requests cannot all read an old count.
 */
export const approvalThrottles = pgTable(
  'approval_throttles',
  {
    address: text('address').primaryKey(),
    count: integer('count').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('approval_throttles_window_idx').on(t.windowStartedAt)],
);
