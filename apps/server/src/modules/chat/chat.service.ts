import {
  chatMessages as chatTexts,
  formatChatFileMessage,
  formatChatImageMessage,
  type ChatEmployee,
  type ChatMessage,
  type ChatMessagesPage,
  type ChatRoom,
} from '@switchboard/shared';
import { sanitizeStoredText } from '@switchboard/shared/html-policy';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { toPage, type Page } from '../../db/paginate.ts';
import { unprocessable } from '../../plugins/errors.ts';
import { users } from '../users/users.table.ts';
import { chatFiles, chatMessages, chatRoomMembers, chatRooms } from './chat.table.ts';

interface Actor {
  id: number;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const iso = (value: Date | string) => new Date(value).toISOString();

interface EmployeeRoomRow extends Record<string, unknown> {
  user_id: number;
  name: string;
  photo: string | null;
  room_id: number | null;
  latest_message: string | null;
  latest_at: Date | string | null;
  unread: number | string | null;
}

/**
 * GET /api/users/employee.rooms: active employees other than the caller, each with the caller's room with them
 * (latest message, unread count) or null. Rooms with the newest message first, then by name.
 */
export async function listEmployeeRooms(
  db: DbOrTransaction,
  query: { name: string; page: number; per_page: number },
  actor: Actor,
): Promise<Page<ChatEmployee>> {
  const name = query.name.trim();
  const nameFilter = name ? sql`and u.name ilike ${`%${escapeLike(name)}%`}` : sql``;
  const where = sql`u.type = 'Employee' and u.deleted_at is null and u.id <> ${actor.id} ${nameFilter}`;
  const [countResult, rowsResult] = await Promise.all([
    db.execute<{ total: string }>(sql`select count(*) as total from ${users} u where ${where}`),
    db.execute<EmployeeRoomRow>(sql`
      with mine as (
        select m.room_id, o.user_id as other_id, m.last_read_message_id
        from ${chatRoomMembers} m
        join ${chatRoomMembers} o on o.room_id = m.room_id and o.user_id <> m.user_id
        where m.user_id = ${actor.id}
      )
      select u.id as user_id, u.name, u.photo, mine.room_id, latest.message as latest_message,
        latest.created_at as latest_at, latest.id as latest_id, unread.n as unread
      from ${users} u
      left join mine on mine.other_id = u.id
      left join lateral (
        select c.id, c.message, c.created_at from ${chatMessages} c
        where c.room_id = mine.room_id order by c.id desc limit 1
      ) latest on true
      left join lateral (
        select count(*) as n from ${chatMessages} c
        where c.room_id = mine.room_id and c.id > mine.last_read_message_id and c.user_id <> ${actor.id}
      ) unread on mine.room_id is not null
      where ${where}
      order by latest.id desc nulls last, u.name, u.id
      limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`),
  ]);
  const rows = rowsResult.rows.map((row): ChatEmployee => ({
    user_id: row.user_id,
    photo: row.photo,
    user: {
      name: row.name,
      room:
        row.room_id === null
          ? null
          : {
              id: row.room_id,
              latest_message:
                row.latest_message === null ? null : { message: row.latest_message, created_at: iso(row.latest_at!) },
              unread: Number(row.unread ?? 0),
            },
    },
  }));
  return toPage(rows, Number(countResult.rows[0]?.total ?? 0), { page: query.page, per_page: query.per_page });
}

/** A room as the list shows it, for the caller. */
async function roomFor(db: DbOrTransaction, roomId: number, actor: Actor): Promise<ChatRoom> {
  const result = await db.execute<{ message: string | null; created_at: Date | string | null; unread: string }>(sql`
    select latest.message, latest.created_at,
      (select count(*) from ${chatMessages} c
        where c.room_id = m.room_id and c.id > m.last_read_message_id and c.user_id <> ${actor.id}) as unread
    from ${chatRoomMembers} m
    left join lateral (
      select message, created_at from ${chatMessages} where room_id = m.room_id order by id desc limit 1
    ) latest on true
    where m.room_id = ${roomId} and m.user_id = ${actor.id}`);
  const row = result.rows[0];
  return {
    id: roomId,
    latest_message: row?.message == null ? null : { message: row.message, created_at: iso(row.created_at!) },
    unread: Number(row?.unread ?? 0),
  };
}

/**
 * POST /api/chat/room/create {user_id}: the one-to-one room of the caller and that employee, created on first use.
 * Concurrent calls for the same pair end in the same room (unique ordered pair, insert ... on conflict).
 */
export async function createOrJoinRoom(db: DbOrTransaction, otherUserId: number, actor: Actor): Promise<ChatRoom> {
  if (otherUserId === actor.id) throw unprocessable({ user_id: [chatTexts.user] });
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, otherUserId), eq(users.type, 'Employee'), sql`${users.deletedAt} is null`))
    .limit(1);
  if (!other) throw unprocessable({ user_id: [chatTexts.user] });
  const [userOneId, userTwoId] = actor.id < otherUserId ? [actor.id, otherUserId] : [otherUserId, actor.id];
  const roomId = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(chatRooms)
      .values({ userOneId, userTwoId })
      .onConflictDoNothing()
      .returning({ id: chatRooms.id });
    if (created) {
      await tx.insert(chatRoomMembers).values([
        { roomId: created.id, userId: userOneId },
        { roomId: created.id, userId: userTwoId },
      ]);
      return created.id;
    }
    const [existing] = await tx
      .select({ id: chatRooms.id })
      .from(chatRooms)
      .where(and(eq(chatRooms.userOneId, userOneId), eq(chatRooms.userTwoId, userTwoId)));
    return existing!.id;
  });
  return roomFor(db, roomId, actor);
}

/** The other member of a room the caller belongs to; null when the room does not exist or is not the caller's. */
export async function otherMemberOf(db: DbOrTransaction, roomId: number, userId: number): Promise<number | null> {
  const [room] = await db
    .select({ one: chatRooms.userOneId, two: chatRooms.userTwoId })
    .from(chatRooms)
    .where(eq(chatRooms.id, roomId))
    .limit(1);
  if (!room || (room.one !== userId && room.two !== userId)) return null;
  return room.one === userId ? room.two : room.one;
}

export async function isRoomMember(db: DbOrTransaction, roomId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ roomId: chatRoomMembers.roomId })
    .from(chatRoomMembers)
    .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, userId)))
    .limit(1);
  return row !== undefined;
}

const messageColumns = {
  id: chatMessages.id,
  room_id: chatMessages.roomId,
  user_id: chatMessages.userId,
  shortname: users.shortname,
  photo: users.photo,
  message: chatMessages.message,
  created_at: chatMessages.createdAt,
};

type MessageRow = {
  id: number;
  room_id: number;
  user_id: number;
  shortname: string;
  photo: string | null;
  message: string;
  created_at: Date;
};

const toMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  room_id: row.room_id,
  user_id: row.user_id,
  user: { shortname: row.shortname, photo: row.photo },
  message: row.message,
  created_at: iso(row.created_at),
});

/**
 * GET /api/chat/messages/{roomId}?before=: up to per_page messages older than `before` (the newest without it),
 * oldest first. Reading the newest page marks the room read for the caller.
 */
export async function listRoomMessages(
  db: DbOrTransaction,
  roomId: number,
  query: { before?: number; per_page: number },
  actor: Actor,
): Promise<ChatMessagesPage> {
  const rows = await db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(and(eq(chatMessages.roomId, roomId), query.before ? sql`${chatMessages.id} < ${query.before}` : undefined))
    .orderBy(sql`${chatMessages.id} desc`)
    .limit(query.per_page + 1);
  const hasMore = rows.length > query.per_page;
  const page = rows.slice(0, query.per_page).reverse();
  if (!query.before && page.length > 0) await markRoomRead(db, roomId, page[page.length - 1]!.id, actor);
  return { data: page.map(toMessage), has_more: hasMore };
}

/** Moves the caller's read mark forward to `upTo` (or the room's newest message); never backwards. */
export async function markRoomRead(db: DbOrTransaction, roomId: number, upTo: number | null, actor: Actor) {
  const target =
    upTo ?? sql`(select coalesce(max(${chatMessages.id}), 0) from ${chatMessages} where room_id = ${roomId})`;
  await db
    .update(chatRoomMembers)
    .set({ lastReadMessageId: sql`greatest(${chatRoomMembers.lastReadMessageId}, ${target})` })
    .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, actor.id)));
}

/** Unread messages over all the caller's rooms: the top bar's chat button. */
export async function countUnread(db: DbOrTransaction, actor: Actor): Promise<number> {
  const result = await db.execute<{ n: string }>(sql`
    select count(*) as n from ${chatRoomMembers} m
    join ${chatMessages} c on c.room_id = m.room_id and c.id > m.last_read_message_id and c.user_id <> ${actor.id}
    where m.user_id = ${actor.id}`);
  return Number(result.rows[0]?.n ?? 0);
}

export interface StoredChatFile {
  path: string;
  fileName: string;
  size: number;
  mimeType: string;
  kind: 'image' | 'file';
}

/**
 * POST /api/chat/message/send: the text (when any) and one message per image (an image tag) and per attachment
 * ('File|' string), in one transaction, in that order. The sender's read mark moves past them.
 */
export async function sendMessages(
  db: DbOrTransaction,
  roomId: number,
  text: string,
  files: StoredChatFile[],
  actor: Actor,
): Promise<ChatMessage[]> {
  const bodies = [
    ...(text.trim() ? [{ message: sanitizeStoredText(text), file: null as StoredChatFile | null }] : []),
    ...files.map((file) => ({
      message:
        file.kind === 'image'
          ? formatChatImageMessage(file.path, file.fileName)
          : formatChatFileMessage({ path: file.path, size: file.size, type: file.mimeType, name: file.fileName }),
      file,
    })),
  ];
  const inserted = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(chatMessages)
      .values(bodies.map((body) => ({ roomId, userId: actor.id, message: body.message })))
      .returning({ id: chatMessages.id });
    const stored = bodies.flatMap((body, index) =>
      body.file ? [{ ...body.file, messageId: rows[index]!.id, roomId }] : [],
    );
    if (stored.length > 0) await tx.insert(chatFiles).values(stored);
    await markRoomRead(tx, roomId, rows[rows.length - 1]!.id, actor);
    return rows.map((row) => row.id);
  });
  const rows = await db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(sql`${chatMessages.id} in ${inserted}`)
    .orderBy(chatMessages.id);
  return rows.map(toMessage);
}

/** A chat file for POST /api/download: only for the members of its room. */
export async function findChatFile(
  db: DbOrTransaction,
  path: string,
  actor: { id: number; type: string },
): Promise<{ fileName: string } | null> {
  if (actor.type !== 'Employee' || !path.startsWith('uploads/chat/')) return null;
  const [row] = await db
    .select({ fileName: chatFiles.fileName })
    .from(chatFiles)
    .innerJoin(chatRoomMembers, and(eq(chatRoomMembers.roomId, chatFiles.roomId), eq(chatRoomMembers.userId, actor.id)))
    .where(eq(chatFiles.path, path))
    .limit(1);
  return row ?? null;
}
