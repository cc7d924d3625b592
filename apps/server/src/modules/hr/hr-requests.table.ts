import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';
import { hrCategories } from './hr.table.ts';

// HR requests (designs/hr.md §2.2-§2.8): the request, its days (hours stored per day, never inferred), its log
// (comments are events) and the e-mails it owes (sent by a pg-boss job that builds each message when sending).

export const hrRequests = pgTable(
  'hr_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => hrCategories.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('pending'),
    stage: text('stage').notNull().default('manager'),
    reason: text('reason'),
    bank: text('bank'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    totalHours: numeric('total_hours', { precision: 7, scale: 2 }).notNull().default('0'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the request reached its current stage: the escalation reminder counts working days from here. */
    stageSince: timestamp('stage_since', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Bumped by every change: decisions are conditional updates on it (two clicks, one 200, one 409). */
    version: integer('version').notNull().default(1),
    /** The optional attachment of designs/hr.md §2.3: read by the requester and HR only, never by the manager. */
    attachmentPath: text('attachment_path'),
    attachmentName: text('attachment_name'),
    attachmentMime: text('attachment_mime'),
    attachmentBytes: integer('attachment_bytes'),
  },
  (t) => [
    index('hr_requests_user_start_idx').on(t.userId, t.startDate),
    index('hr_requests_status_stage_idx').on(t.status, t.stage),
    index('hr_requests_category_created_idx').on(t.categoryId, t.createdAt),
    index('hr_requests_created_idx').on(t.createdAt, t.id),
    check('hr_requests_status_check', sql`${t.status} in ('pending', 'approved', 'denied', 'cancelled', 'completed')`),
    check('hr_requests_stage_check', sql`${t.stage} in ('manager', 'hr')`),
    check('hr_requests_bank_check', sql`${t.bank} is null or ${t.bank} in ('accrual', 'lump_sum', 'unpaid')`),
    check('hr_requests_dates_check', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);

/** One row per requested date (non-working days included with 0 hours, so the day table reads back as sent). */
export const hrRequestDays = pgTable(
  'hr_request_days',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => hrRequests.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hours: numeric('hours', { precision: 5, scale: 2 }).notNull(),
    bank: text('bank').notNull(),
    part: text('part').notNull().default('full'),
    startTime: text('start_time'),
    endTime: text('end_time'),
    scheduledHours: numeric('scheduled_hours', { precision: 5, scale: 2 }).notNull().default('0'),
    holiday: text('holiday'),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.date] }),
    index('hr_request_days_user_date_idx').on(t.userId, t.date),
    index('hr_request_days_date_idx').on(t.date),
    check('hr_request_days_hours_check', sql`${t.hours} >= 0`),
    check('hr_request_days_part_check', sql`${t.part} in ('full', 'morning', 'afternoon', 'custom')`),
  ],
);

export const hrRequestEvents = pgTable(
  'hr_request_events',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => hrRequests.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    comment: text('comment'),
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('hr_request_events_request_idx').on(t.requestId, t.id),
    index('hr_request_events_actor_idx').on(t.actorId),
  ],
);

/** E-mails owed, written in the decision's transaction; the hr-request-mail job sends them (decision record). */
export const hrRequestMails = pgTable(
  'hr_request_mails',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => hrRequests.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    eventId: integer('event_id').references(() => hrRequestEvents.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    index('hr_request_mails_unsent_idx')
      .on(t.id)
      .where(sql`${t.sentAt} is null`),
    index('hr_request_mails_request_idx').on(t.requestId),
    index('hr_request_mails_recipient_idx').on(t.recipientId),
    index('hr_request_mails_event_idx').on(t.eventId),
  ],
);

/**
 * Checked-in seconds of a person over a range of local days that has ended, kept for the PTO engine's Hourly accrual
 * (balances on requests and the PTO report read years of timeclock otherwise; decision 0131). Filled on read
 * under advisory lock 52053; a trigger on timeclock_entries deletes the rows a write reaches (migration 0066).
 */
export const hrCheckedInKept = pgTable(
  'hr_checked_in_kept',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromDay: date('from_day').notNull(),
    toDay: date('to_day').notNull(),
    timezone: text('timezone').notNull(),
    seconds: numeric('seconds').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fromDay, t.toDay, t.timezone] })],
);
