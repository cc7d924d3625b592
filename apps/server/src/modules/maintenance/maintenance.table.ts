import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, sites } from '../companies/companies.table.ts';
import { devices, serverDrives } from '../devices/devices.table.ts';
import { ticketAttachments, tickets } from '../tickets/tickets.table.ts';
import { users } from '../users/users.table.ts';

// Scheduled Maintenance (spec 2 §2, §3; decision 0049). Every record is one server's for one month and year.

const monthChecks = (name: string, t: { month: unknown; year: unknown }) =>
  check(name, sql`${t.month} between 1 and 12 and ${t.year} between 2000 and 2100`);

/** A server's maintenance ticket of a month: one per server and month, so the monthly job can run twice. */
export const maintenanceTickets = pgTable(
  'maintenance_tickets',
  {
    serverId: integer('server_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    ticketId: integer('ticket_id')
      .notNull()
      .unique()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serverId, t.year, t.month] }), monthChecks('maintenance_tickets_month_check', t)],
);

const recordColumns = () => ({
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
  serverId: integer('server_id')
    .notNull()
    .references(() => devices.id, { onDelete: 'cascade' }),
  month: smallint('month').notNull(),
  year: smallint('year').notNull(),
  ticketId: integer('ticket_id')
    .notNull()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Baseline Security checklist of a server's month (spec 2 §2). */
export const baselineChecklists = pgTable('baseline_checklists', recordColumns(), (t) => [
  uniqueIndex('baseline_checklists_server_month_idx').on(t.serverId, t.year, t.month),
  index('baseline_checklists_ticket_idx').on(t.ticketId),
  monthChecks('baseline_checklists_month_check', t),
]);

/** One answer per question id 1-18: 0 unanswered, 1 Yes, 2 No, 3 N/A, with its notes. */
export const baselineAnswers = pgTable(
  'baseline_answers',
  {
    checklistId: integer('checklist_id')
      .notNull()
      .references(() => baselineChecklists.id, { onDelete: 'cascade' }),
    questionId: smallint('question_id').notNull(),
    answer: smallint('answer').notNull().default(0),
    notes: text('notes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.checklistId, t.questionId] }),
    check('baseline_answers_question_check', sql`${t.questionId} between 1 and 18`),
    check('baseline_answers_answer_check', sql`${t.answer} between 0 and 3`),
  ],
);

/** Server Analysis checklist of a server's month (spec 2 §2). */
export const serverAnalyses = pgTable('server_analyses', recordColumns(), (t) => [
  uniqueIndex('server_analyses_server_month_idx').on(t.serverId, t.year, t.month),
  index('server_analyses_ticket_idx').on(t.ticketId),
  monthChecks('server_analyses_month_check', t),
]);

/**
 * Answers 1-17 (codes, days or Unix seconds) and the drive rows from 20 up (GB used), which also keep the drive's
 * letter and size as they were that month.
 */
export const analysisAnswers = pgTable(
  'analysis_answers',
  {
    analysisId: integer('analysis_id')
      .notNull()
      .references(() => serverAnalyses.id, { onDelete: 'cascade' }),
    questionId: smallint('question_id').notNull(),
    answer: doublePrecision('answer'),
    notes: text('notes').notNull(),
    driveId: integer('drive_id').references(() => serverDrives.id, { onDelete: 'set null' }),
    letter: text('letter'),
    size: integer('size'),
  },
  (t) => [
    primaryKey({ columns: [t.analysisId, t.questionId] }),
    check(
      'analysis_answers_question_check',
      sql`(${t.questionId} between 1 and 17 and ${t.letter} is null) or (${t.questionId} >= 20 and ${t.letter} is not null)`,
    ),
  ],
);

/** Exchange Analyzer of a server's month: rich-text resolution and notes (spec 2 §2). */
export const exchangeAnalyses = pgTable(
  'exchange_analyses',
  {
    ...recordColumns(),
    resolution: text('resolution').notNull().default(''),
    notes: text('notes').notNull().default(''),
  },
  (t) => [
    uniqueIndex('exchange_analyses_server_month_idx').on(t.serverId, t.year, t.month),
    index('exchange_analyses_ticket_idx').on(t.ticketId),
    monthChecks('exchange_analyses_month_check', t),
  ],
);

/**
 * The exchange analysis's files are ticket attachments (kind 'resolution' or 'notes') listed here, so the ticket's
 * attachment routes tell them apart: the ticket leaves them out, and deleting one removes it (decision 0049).
 */
export const exchangeAttachments = pgTable(
  'exchange_attachments',
  {
    attachmentId: integer('attachment_id')
      .primaryKey()
      .references(() => ticketAttachments.id, { onDelete: 'cascade' }),
    exchangeId: integer('exchange_id')
      .notNull()
      .references(() => exchangeAnalyses.id, { onDelete: 'cascade' }),
  },
  (t) => [index('exchange_attachments_exchange_idx').on(t.exchangeId)],
);

/**
 * The technician's notes of a server's month (spec 2 §2 "notes flows", /maintenance/notes/...; decision 0062): what the
 * checklists do not ask, carried to the next month's technician. One per server and month; `updatedBy` saved last.
 */
export const maintenanceNotes = pgTable(
  'maintenance_notes',
  {
    ...recordColumns(),
    notes: text('notes').notNull().default(''),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('maintenance_notes_server_month_idx').on(t.serverId, t.year, t.month),
    index('maintenance_notes_ticket_idx').on(t.ticketId),
    monthChecks('maintenance_notes_month_check', t),
  ],
);
