import { bigint, customType, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** The shared (Yjs) state of each note being co-edited, by note identifier ('ticket:252'); decision 0040. */
export const collabDocuments = pgTable('collab_documents', {
  name: text('name').primaryKey(),
  state: bytea('state').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every co-edit as it arrives, before it is acknowledged (decision 0059): a note's state is its collab_documents row
 * plus these updates; the debounced save merges them into that row and deletes them in one transaction.
 */
export const collabUpdates = pgTable(
  'collab_updates',
  {
    document: text('document').notNull(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    update: bytea('update').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.document, t.seq] })],
);

/** Every saved text of a note (spec 3 §2 Notes editor: revisions have created_at and notes). */
export const noteRevisions = pgTable(
  'note_revisions',
  {
    id: serial('id').primaryKey(),
    note: text('note').notNull(),
    notes: text('notes').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('note_revisions_note_idx').on(t.note, t.createdAt.desc(), t.id.desc())],
);
