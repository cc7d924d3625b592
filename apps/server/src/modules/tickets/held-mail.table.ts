import type { MailAuthVerdict } from '@switchboard/shared';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';
import { tickets } from './tickets.table.ts';

/**
 * Mail received that belongs to no ticket and no known client account (spec 3 / issue 7: held for review, never
 * dropped). The raw message is kept under DATA_DIR/uploads/held-mail; an administrator turns it into a ticket or attaches it to one.
 */
export const heldMail = pgTable(
  'held_mail',
  {
    id: serial('id').primaryKey(),
    fromEmail: text('from_email').notNull(),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    rawPath: text('raw_path').notNull(),
    /** Why it was held (decision 0028), e.g. a ticket number from a sender who is not a contact of its company. */
    heldReason: text('held_reason').notNull().default(''),
    /** SPF, DKIM and DMARC as checked on arrival; null for mail held before the checks existed. */
    mailAuth: jsonb('mail_auth').$type<MailAuthVerdict>(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The ticket the message became or was attached to (decision 0023: held mail → ticket). */
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
  },
  (t) => [index('held_mail_received_idx').on(t.reviewedAt, t.receivedAt)],
);
