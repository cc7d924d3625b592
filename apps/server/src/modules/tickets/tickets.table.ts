import { sql, type AnyColumn } from 'drizzle-orm';
import type { MailAuthVerdict } from '@switchboard/shared';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  timestamp,
} from 'drizzle-orm/pg-core';
import { companies, sites } from '../companies/companies.table.ts';
import { devices } from '../devices/devices.table.ts';
import { projects } from '../projects/projects.table.ts';
import { ticketStatuses, ticketTypes, triageLevels } from '../reference/reference.table.ts';
import { users } from '../users/users.table.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Helpdesk tickets: what the queue's partial indexes cover (a project's step tickets are left out). */
const helpdesk = (t: { projectId: AnyColumn }) => sql`${t.projectId} is null`;

/** A support ticket (spec 3 §3 Ticket). notes are the private notes, resolution the public one (editor HTML). */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    clientId: integer('client_id').references(() => users.id, { onDelete: 'set null' }),
    employeeId: integer('employee_id').references(() => users.id, { onDelete: 'set null' }),
    location: integer('location')
      .notNull()
      .references(() => ticketTypes.id),
    triageId: integer('triage_id')
      .notNull()
      .references(() => triageLevels.id),
    status: integer('status')
      .notNull()
      .references(() => ticketStatuses.id),
    escalatable: boolean('escalatable').notNull().default(true),
    escalated: boolean('escalated').notNull().default(false),
    escTech: integer('esc_tech').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    resolution: text('resolution').notNull().default(''),
    // A project's step ticket (decision 0044): never in the helpdesk queue, its counts or its search.
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    projectOrder: smallint('project_order'),
    // The server a Scheduled Maintenance ticket is about (spec 2 §7; decision 0049).
    serverId: integer('server_id').references(() => devices.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The subject's words, kept by PostgreSQL: the queue's search checks rows without parsing each subject again.
    subjectSearch: tsvector('subject_search')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, subject)`),
  },
  (t) => [
    // The queue: by status and last change, and by each filter; over helpdesk tickets only (decision 0044).
    index('tickets_status_updated_idx').on(t.status, t.updatedAt).where(helpdesk(t)),
    // With the id, the queue's order itself (last change, then number): a common word's search walks it (decision 0074).
    index('tickets_updated_idx').on(t.updatedAt, t.id).where(helpdesk(t)),
    index('tickets_company_status_idx').on(t.companyId, t.status).where(helpdesk(t)),
    index('tickets_employee_status_idx').on(t.employeeId, t.status).where(helpdesk(t)),
    index('tickets_site_idx').on(t.siteId),
    index('tickets_client_idx').on(t.clientId),
    index('tickets_triage_idx').on(t.triageId),
    index('tickets_server_idx')
      .on(t.serverId)
      .where(sql`${t.serverId} is not null`),
    index('tickets_escalated_idx').on(t.escalated, t.updatedAt).where(helpdesk(t)),
    index('tickets_search_idx').using('gin', t.subjectSearch).where(helpdesk(t)),
    // The project list's Tech filter: a technician's step tickets.
    index('tickets_employee_project_idx')
      .on(t.employeeId, t.projectId)
      .where(sql`${t.projectId} is not null`),
    uniqueIndex('tickets_project_order_idx')
      .on(t.projectId, t.projectOrder)
      .where(sql`${t.projectId} is not null`),
    check(
      'tickets_project_order_check',
      sql`(${t.projectId} is null) = (${t.projectOrder} is null) and (${t.projectOrder} is null or ${t.projectOrder} between 0 and 11)`,
    ),
  ],
);

/** What changed on a ticket, by whom (spec 3 §2 ticket events): written by the server for every change. */
export const ticketEvents = pgTable(
  'ticket_events',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    addBy: integer('add_by').references(() => users.id, { onDelete: 'set null' }),
    lingo: text('lingo').notNull(),
    change: text('change'),
    previousData: text('previous_data'),
    newData: text('new_data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_events_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** To-dos of a ticket (spec 3 §3 To-do); deleted ones keep deleted_at and stay hidden. */
export const ticketTodos = pgTable(
  'ticket_todos',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    completed: integer('completed').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('ticket_todos_ticket_idx').on(t.ticketId)],
);

/** The ticket's e-mail thread (spec 3 §2): responses sent from the ticket ('out') and replies received ('in'). */
export const ticketThreads = pgTable(
  'ticket_threads',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    direction: text('direction').notNull(),
    subject: text('subject').notNull(),
    fromUserId: integer('from_user_id').references(() => users.id, { onDelete: 'set null' }),
    fromEmail: text('from_email').notNull(),
    toUserId: integer('to_user_id').references(() => users.id, { onDelete: 'set null' }),
    toEmail: text('to_email').notNull(),
    cc: text('cc'),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    messageId: text('message_id'),
    /** For a received message: its SPF, DKIM and DMARC verdict (decision 0028); null for responses sent. */
    mailAuth: jsonb('mail_auth').$type<MailAuthVerdict>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_threads_ticket_idx').on(t.ticketId, t.createdAt),
    index('ticket_threads_message_idx').on(t.messageId),
  ],
);

/** Files on the private notes ('notes'), the public resolution ('resolution') or a thread message ('thread'); deleting toggles deleted_at. */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    threadId: integer('thread_id').references(() => ticketThreads.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    path: text('path').notNull().unique(),
    extension: text('extension').notNull(),
    size: integer('size').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('ticket_attachments_ticket_idx').on(t.ticketId, t.kind)],
);

/** The company's devices a ticket is about (spec 3 §3 Ticket devices); a deleted device or ticket drops its links. */
export const ticketDevices = pgTable(
  'ticket_devices',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.deviceId] }), index('ticket_devices_device_idx').on(t.deviceId)],
);
