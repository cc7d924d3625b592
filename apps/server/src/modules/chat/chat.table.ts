import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/** Staff chat (spec 3 §3 Chat, decision 0054): one-to-one rooms, the pair stored ordered so it is unique. */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: serial('id').primaryKey(),
    userOneId: integer('user_one_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userTwoId: integer('user_two_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_rooms_pair_idx').on(t.userOneId, t.userTwoId),
    index('chat_rooms_user_two_idx').on(t.userTwoId),
    check('chat_rooms_pair_order_check', sql`${t.userOneId} < ${t.userTwoId}`),
  ],
);

/** A room's members with how far each has read (unread = the other's messages after last_read_message_id). */
export const chatRoomMembers = pgTable(
  'chat_room_members',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('chat_room_members_user_idx').on(t.userId, t.roomId)],
);

/** Messages: HTML text, or the spec's 'File|...' strings and image tags for files (see packages/shared chat.ts). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_room_id_idx').on(t.roomId, t.id.desc())],
);

/** Stored files of chat messages, so POST /api/download serves them to the room's members only. */
export const chatFiles = pgTable(
  'chat_files',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    mimeType: text('mime_type').notNull(),
    kind: text('kind', { enum: ['image', 'file'] }).notNull(),
  },
  (t) => [
    uniqueIndex('chat_files_path_idx').on(t.path),
    index('chat_files_message_idx').on(t.messageId),
    index('chat_files_room_idx').on(t.roomId),
  ],
);
