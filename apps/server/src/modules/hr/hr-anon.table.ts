import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { anonAccessActions, anonCategories, anonStatuses } from '@switchboard/shared/hr/anon';
import { users } from '../users/users.table.ts';

// Anonymous e-mail (designs/hr.md §4; decision 0105): no user id, no IP and no time of day is stored for the
// reporter. Ids are random UUIDs, the reporter's rows carry dates only, and released_on stays null until a slot.

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const hrAnonReports = pgTable(
  'hr_anon_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    category: text('category', { enum: anonCategories }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    contact: text('contact').notNull().default(''),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    releasedOn: date('released_on', { mode: 'string' }),
    status: text('status', { enum: anonStatuses }).notNull().default('new'),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** HMAC-SHA-256 of the reply code under a server key; null when the reporter asked for no code. */
    replyCodeHmac: bytea('reply_code_hmac'),
    excludedReaderIds: integer('excluded_reader_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    closedOn: date('closed_on', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('hr_anon_reports_code_unique').on(t.replyCodeHmac),
    index('hr_anon_reports_released_idx').on(t.releasedOn),
    index('hr_anon_reports_status_idx').on(t.status, t.releasedOn),
    index('hr_anon_reports_category_idx').on(t.category, t.releasedOn),
    index('hr_anon_reports_closed_idx').on(t.closedOn),
    index('hr_anon_reports_assignee_idx').on(t.assigneeId),
  ],
);

export const hrAnonMessages = pgTable(
  'hr_anon_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => hrAnonReports.id, { onDelete: 'cascade' }),
    fromReporter: boolean('from_reporter').notNull(),
    /** The reader who answered; always null for the reporter. */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdOn: date('created_on', { mode: 'string' }).notNull(),
    /** The reporter's answers wait for a slot like reports; readers' answers are released at once. */
    releasedOn: date('released_on', { mode: 'string' }),
    // 1, 2, 3... within its report: the thread's order without a time of day or a sequence shared across reports.
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('hr_anon_messages_report_position_unique').on(t.reportId, t.position),
    index('hr_anon_messages_unreleased_idx')
      .on(t.reportId)
      .where(sql`${t.releasedOn} is null`),
  ],
);

export const hrAnonNotes = pgTable(
  'hr_anon_notes',
  {
    id: serial('id').primaryKey(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => hrAnonReports.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('hr_anon_notes_report_idx').on(t.reportId, t.id)],
);

/** Every open, change, reply and note by a reader (readers are staff; the reporter never appears here). */
export const hrAnonAccessLog = pgTable(
  'hr_anon_access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => hrAnonReports.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: anonAccessActions }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('hr_anon_access_log_report_idx').on(t.reportId, t.id)],
);

/** Release slots already handled: inserting a slot first decides which process releases it (no times of reports). */
export const hrAnonReleases = pgTable('hr_anon_releases', {
  slotAt: timestamp('slot_at', { withTimezone: true }).primaryKey(),
});
