import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { chatMessages, chatRoomMembers, chatRooms } from './chat.table.ts';

// Demo chat history (issue 20 part 4; speakers are indexes into the demo employees): conversations between the demo staff over the last days, the newest message
// of some left unread. Idempotent: a room that already has messages is left as it is. Bulk inserts only.

const conversations: { pair: [number, number]; lines: [speaker: number, text: string][] }[] = [
  {
    pair: [0, 1],
    lines: [
      [0, 'Morning! Are you on the Harbor Clinic switch replacement today?'],
      [1, 'Yes, heading there at 10. The new switch is in the van.'],
      [0, 'Great. Their <b>VLAN 20</b> printers need to come back first, the front desk depends on them.'],
      [1, 'Noted. I will check in on the ticket once I am on site.'],
      [1, 'Done: all printers are back and the old switch is boxed for recycling.'],
      [0, 'Thanks! Please add the new serial number to the device list.'],
    ],
  },
  {
    pair: [0, 2],
    lines: [
      [2, 'Can you approve the labor estimate on the Riverside project?'],
      [0, 'Looking now. 14 hours seems right for the cabling.'],
      [0, 'Approved. Send the quote when the product list is ready.'],
      [2, 'Will do, thank you.'],
    ],
  },
  {
    pair: [1, 3],
    lines: [
      [3, 'Do you still have a spare 24-port PoE switch in stock?'],
      [1, 'One left on the shelf, it is reserved for Friday though.'],
      [3, 'OK, I will order another one for the Lakeside site.'],
    ],
  },
  {
    pair: [2, 4],
    lines: [
      [4, 'Lunch at 12:30?'],
      [2, 'Sounds good, the usual place.'],
      [4, 'See you there.'],
      [2, 'Running 5 minutes late, sorry!'],
    ],
  },
  {
    pair: [0, 5],
    lines: [
      [5, 'The backup report for March is ready for review.'],
      [0, 'Thanks, I will read it this afternoon.'],
    ],
  },
];

export async function seedChatDemo(tx: Transaction, employeeEmails: string[]): Promise<void> {
  const found = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.email, employeeEmails), eq(users.type, 'Employee'), isNull(users.deletedAt)));
  const byEmail = new Map(found.map((user) => [user.email.toLowerCase(), user.id]));
  const ids = employeeEmails.map((email) => byEmail.get(email.toLowerCase())).filter((id) => id !== undefined);
  const wanted = conversations.filter(({ pair }) => ids[pair[0]] !== undefined && ids[pair[1]] !== undefined);
  if (wanted.length === 0) return;

  const pairs = wanted.map(({ pair }) => {
    const [a, b] = [ids[pair[0]]!, ids[pair[1]]!];
    return { userOneId: Math.min(a, b), userTwoId: Math.max(a, b) };
  });
  const created = await tx.insert(chatRooms).values(pairs).onConflictDoNothing().returning({ id: chatRooms.id });
  if (created.length > 0) {
    const rooms = await tx
      .select({ id: chatRooms.id, one: chatRooms.userOneId, two: chatRooms.userTwoId })
      .from(chatRooms)
      .where(
        inArray(
          chatRooms.id,
          created.map((room) => room.id),
        ),
      );
    await tx
      .insert(chatRoomMembers)
      .values(
        rooms.flatMap((room) => [
          { roomId: room.id, userId: room.one },
          { roomId: room.id, userId: room.two },
        ]),
      )
      .onConflictDoNothing();
  }

  const rooms = await tx
    .select({
      id: chatRooms.id,
      one: chatRooms.userOneId,
      two: chatRooms.userTwoId,
      messages: sql<number>`(select count(*)::int from ${chatMessages} where room_id = ${chatRooms.id})`,
    })
    .from(chatRooms)
    .where(
      sql`(${chatRooms.userOneId}, ${chatRooms.userTwoId}) in (${sql.join(
        pairs.map((pair) => sql`(${pair.userOneId}, ${pair.userTwoId})`),
        sql`, `,
      )})`,
    );
  const now = Date.now();
  const messageRows: { roomId: number; userId: number; message: string; createdAt: Date }[] = [];
  wanted.forEach(({ pair, lines }, conversationIndex) => {
    const members = [ids[pair[0]]!, ids[pair[1]]!];
    const room = rooms.find((row) => row.one === Math.min(...members) && row.two === Math.max(...members));
    if (!room || room.messages > 0) return;
    // Each conversation ends a little earlier than the previous one; its lines are minutes apart.
    const end = now - conversationIndex * 5 * 3_600_000;
    lines.forEach(([speaker, message], index) => {
      const createdAt = new Date(end - (lines.length - index) * 7 * 60_000);
      messageRows.push({ roomId: room.id, userId: ids[speaker]!, message, createdAt });
    });
  });
  if (messageRows.length === 0) return;
  const inserted = await tx
    .insert(chatMessages)
    .values(messageRows)
    .returning({ id: chatMessages.id, roomId: chatMessages.roomId, userId: chatMessages.userId });
  // Everything is read except each room's last message, which its receiver has not seen yet.
  const lastOf = new Map<number, { id: number; userId: number }>();
  for (const row of inserted) lastOf.set(row.roomId, { id: row.id, userId: row.userId });
  await tx
    .update(chatRoomMembers)
    .set({
      lastReadMessageId: sql`(select coalesce(max(c.id), 0) from ${chatMessages} c
        where c.room_id = ${chatRoomMembers.roomId}
          and (${chatRoomMembers.userId} = c.user_id or c.id < (select max(id) from ${chatMessages} where room_id = c.room_id)))`,
    })
    .where(inArray(chatRoomMembers.roomId, [...lastOf.keys()]));
}
