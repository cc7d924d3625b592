import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Mail that did not leave over SMTP, for administrators to read in the app: every message while SMTP_URL is
 * unset (error null), and messages whose SMTP delivery failed (error set). Mail delivered over SMTP leaves no
 * row, so live password-reset links are not kept in the database when a mail server is configured.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    // Recipients as written in the message, comma separated.
    to: text('to').notNull(),
    cc: text('cc'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    // The names of the files sent with the message (the files themselves are not kept here).
    attachmentNames: jsonb('attachment_names').$type<string[]>().notNull().default([]),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_created_at_idx').on(t.createdAt, t.id)],
);
