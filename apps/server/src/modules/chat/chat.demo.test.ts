import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, type TestContext, type TestUser } from '../../../test/helpers.ts';
import { countUnread } from './chat.service.ts';
import { chatMessages, chatRooms } from './chat.table.ts';
import { seedChatDemo } from './chat.demo.ts';

// Issue 20 part 4: demo chat history between the demo staff, idempotent, each room's last message unread by its receiver.

let ctx: TestContext;
let staff: TestUser[];

beforeAll(async () => {
  ctx = await createTestContext();
  staff = [];
  for (let index = 0; index < 6; index += 1) staff.push(await createUser(ctx.db, { name: `Demo Person ${index}` }));
});
afterAll(async () => {
  await ctx.close();
});

describe('chat demo', () => {
  it('adds five conversations once, leaving each last message unread for its receiver', async () => {
    const emails = staff.map((user) => user.email);
    await ctx.db.transaction((tx) => seedChatDemo(tx, emails));
    const rooms = await ctx.db.$count(chatRooms);
    const messages = await ctx.db.$count(chatMessages);
    expect(rooms).toBe(5);
    expect(messages).toBe(19);
    await ctx.db.transaction((tx) => seedChatDemo(tx, emails));
    expect(await ctx.db.$count(chatRooms)).toBe(rooms);
    expect(await ctx.db.$count(chatMessages)).toBe(messages);
    // Each room's last line is unread by its receiver only: 0 has 2's, 1 has 0's and 3's, 2 wrote both its last lines.
    const unread = await Promise.all(staff.map((user) => countUnread(ctx.db, { id: user.id })));
    expect(unread).toEqual([1, 2, 0, 0, 1, 1]);
  });
});
