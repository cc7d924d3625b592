import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { dialItemStates, dialSessionStatuses } from '@switchboard/shared/crm-dialer';
import { voicemails } from '../reference/reference.table.ts';
import { users } from '../users/users.table.ts';
import { crmLeads } from './crm.table.ts';

// Power-dialer sessions and their queues (designs/crm-softphone.md §2.2, §4.4). The queue is a snapshot of the
// agent's visible leads when the session was made; the stats are read from crm_calls (dial_session_id), not counted.

export const crmDialSessions = pgTable(
  'crm_dial_sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filters: jsonb('filters').notNull().default({}),
    dueOnly: boolean('due_only').notNull().default(true),
    voicemailId: integer('voicemail_id').references(() => voicemails.id, { onDelete: 'set null' }),
    wrapUpSeconds: smallint('wrap_up_seconds').notNull(),
    status: text('status', { enum: dialSessionStatuses }).notNull().default('ready'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('crm_dial_sessions_status_check', sql`${t.status} in ('ready', 'active', 'paused', 'finished')`),
    check('crm_dial_sessions_wrap_up_check', sql`${t.wrapUpSeconds} between 0 and 30`),
    // One session in progress per agent.
    uniqueIndex('crm_dial_sessions_one_open')
      .on(t.userId)
      .where(sql`status <> 'finished'`),
    index('crm_dial_sessions_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

export const crmDialSessionItems = pgTable(
  'crm_dial_session_items',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => crmDialSessions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => crmLeads.id, { onDelete: 'cascade' }),
    state: text('state', { enum: dialItemStates }).notNull().default('queued'),
    callId: bigint('call_id', { mode: 'number' }),
    skipReason: text('skip_reason'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.position] }),
    check('crm_dial_session_items_state_check', sql`${t.state} in ('queued', 'dialing', 'done', 'skipped')`),
    // `next` reads the first queued items of a session.
    index('crm_dial_session_items_queued_idx')
      .on(t.sessionId, t.position)
      .where(sql`state = 'queued'`),
    index('crm_dial_session_items_lead_idx').on(t.leadId),
  ],
);
