import {
  chatMessageSentEvent,
  chatMessagesResponseSchema,
  chatRoomChannel,
  chatRoomResponseSchema,
  chatUnreadResponseSchema,
  chatEmployeeSchema,
  parseChatFileMessage,
  parseChatImageMessage,
  sendChatMessageResponseSchema,
  type ChatMessage,
} from '@switchboard/shared';
import { loadHtmlSanitizer } from '@switchboard/shared/html-policy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { connectSocket, listenForSockets, nextEvent, subscribe } from '../../../test/realtime.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { pageSchema } from '../../db/paginate.ts';
import { chatMessages } from './chat.table.ts';

// Issue 20 part 2 (spec 3 §2 Staff chat, §3 Chat, §5, §7, §9; decision 0054).

let ctx: TestContext;
let cat: TestUser;
let catToken: string;
let clientToken: string;

const employeeRoomsSchema = pageSchema(chatEmployeeSchema);

// Read-only for every test: Cat, an employee who is in no room, and a client account. Rooms are each test's own.
beforeAll(async () => {
  ctx = await createTestContext();
  // The server loads jsdom at start (db/bootstrap.ts); here, so a live event's wait does not include loading it.
  loadHtmlSanitizer();
  cat = await createUser(ctx.db, { name: 'Cat Cooper' });
  const client = await createUser(ctx.db, { type: 'Client', name: 'Cli Client' });
  [catToken, clientToken] = await Promise.all(
    [cat, client].map(async (user) => (await login(ctx.app, user.email, user.password)).access_token),
  );
});
afterAll(async () => {
  await ctx.close();
});

let people = 0;

/** A new employee of this test alone, signed in. */
async function employee(name: string): Promise<TestUser & { token: string }> {
  const user = await createUser(ctx.db, { name, email: `chat${++people}@example.test` });
  return { ...user, token: (await login(ctx.app, user.email, user.password)).access_token };
}

/** Ann and Ben, new to this test, and the room between them. */
async function annAndBen() {
  const [ann, ben] = await Promise.all([employee('Ann Archer'), employee('Ben Baker')]);
  const created = await post('/api/chat/room/create', ann.token, { user_id: ben.id });
  expect(created.statusCode, created.body).toBe(200);
  return { ann, ben, roomId: created.json<{ data: { id: number } }>().data.id };
}

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });

async function send(token: string, fields: Record<string, string | { blob: Blob; name: string }[]>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(key, value);
    else for (const file of value) form.append(key, file.blob, file.name);
  }
  const encoded = new Response(form);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/chat/message/send',
    headers: { ...bearer(token), 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

const png = () => ({
  blob: new Blob([Buffer.from('89504e470d0a1a0a', 'hex')], { type: 'image/png' }),
  name: 'shot.png',
});
const pdf = (name = 'report.pdf') => ({ blob: new Blob(['%PDF-1.4 test'], { type: 'application/pdf' }), name });

describe('rooms', () => {
  it('creates the one-to-one room once and answers the same room to either member', async () => {
    const [ann, ben] = await Promise.all([employee('Ann Archer'), employee('Ben Baker')]);
    const created = await post('/api/chat/room/create', ann.token, { user_id: ben.id });
    expect(created.statusCode).toBe(200);
    const room = expectExactShape(chatRoomResponseSchema, created.json()).data;
    expect(room).toEqual({ id: room.id, latest_message: null, unread: 0 });
    const again = await post('/api/chat/room/create', ben.token, { user_id: ann.id });
    expect(again.json().data.id).toBe(room.id);
  });

  it('refuses a room with oneself, a disabled or unknown user, or a client account', async () => {
    const ann = await employee('Ann Archer');
    const disabled = await createUser(ctx.db, { name: 'Dan Disabled', deletedAt: new Date('2026-01-01T00:00:00Z') });
    const client = await createUser(ctx.db, { type: 'Client', name: 'Cli Client' });
    for (const user_id of [ann.id, disabled.id, client.id, 999_999, 'x']) {
      const answer = await post('/api/chat/room/create', ann.token, { user_id });
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toEqual({
        message: 'The given data was invalid.',
        errors: { user_id: ['The selected user id is invalid.'] },
      });
    }
  });

  it('refuses client accounts on every call (403) and callers without a token (401)', async () => {
    const { ann, roomId } = await annAndBen();
    expect((await get('/api/users/employee.rooms', clientToken)).statusCode).toBe(403);
    expect((await post('/api/chat/room/create', clientToken, { user_id: ann.id })).statusCode).toBe(403);
    expect((await get(`/api/chat/messages/${roomId}`, clientToken)).statusCode).toBe(403);
    expect((await send(clientToken, { room_id: String(roomId), message: 'hi' })).statusCode).toBe(403);
    expect((await get('/api/chat/unread', clientToken)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/employee.rooms' })).statusCode).toBe(401);
  });
});

describe('messages', () => {
  it('sends text live on PR_{roomId} in the GET shape, counts it unread for the other member only', async () => {
    const { ann, ben, roomId } = await annAndBen();
    const baseUrl = await listenForSockets(ctx.app);
    const benSocket = await connectSocket(baseUrl, ben.token);
    try {
      expect(await subscribe(benSocket, chatRoomChannel(roomId))).toMatchObject({ ok: true });
      const heard = nextEvent<ChatMessage>(benSocket, chatMessageSentEvent, (_p, meta) => {
        return (meta as { channel: string }).channel === chatRoomChannel(roomId);
      });
      const sent = await send(ann.token, { room_id: String(roomId), message: '<p>Hello <b>Ben</b></p>' });
      expect(sent.statusCode).toBe(200);
      const [message] = expectExactShape(sendChatMessageResponseSchema, sent.json()).data;
      expect(message).toMatchObject({ room_id: roomId, user_id: ann.id, message: '<p>Hello <b>Ben</b></p>' });
      expect(message!.user).toEqual({ shortname: 'Ann', photo: null });
      const [payload] = await heard;
      expect(payload).toEqual(message);
    } finally {
      benSocket.close();
    }
    const benUnread = expectExactShape(chatUnreadResponseSchema, (await get('/api/chat/unread', ben.token)).json());
    expect(benUnread.data.unread).toBe(1);
    expect((await get('/api/chat/unread', ann.token)).json().data.unread).toBe(0);

    const list = expectExactShape(employeeRoomsSchema, (await get('/api/users/employee.rooms', ben.token)).json());
    const annRow = list.data.find((row) => row.user_id === ann.id)!;
    expect(annRow.user.room).toMatchObject({
      id: roomId,
      unread: 1,
      latest_message: { message: '<p>Hello <b>Ben</b></p>' },
    });
    // The room with the newest message comes first; employees without a room have room null.
    expect(list.data[0]!.user_id).toBe(ann.id);
    expect(list.data.find((row) => row.user_id === cat.id)!.user.room).toBeNull();
  });

  it('marks the room read when its messages are fetched', async () => {
    const { ann, ben, roomId } = await annAndBen();
    expect((await send(ann.token, { room_id: String(roomId), message: '<p>Hello <b>Ben</b></p>' })).statusCode).toBe(
      200,
    );
    expect((await get('/api/chat/unread', ben.token)).json().data.unread).toBe(1);
    const answer = await get(`/api/chat/messages/${roomId}`, ben.token);
    expect(answer.statusCode).toBe(200);
    const page = expectExactShape(chatMessagesResponseSchema, answer.json());
    expect(page.data.map((m) => m.message)).toEqual(['<p>Hello <b>Ben</b></p>']);
    expect(page.has_more).toBe(false);
    expect((await get('/api/chat/unread', ben.token)).json().data.unread).toBe(0);
  });

  it('marks read on the explicit read call', async () => {
    const { ann, ben, roomId } = await annAndBen();
    await send(ann.token, { room_id: String(roomId), message: 'one more' });
    expect((await get('/api/chat/unread', ben.token)).json().data.unread).toBe(1);
    const read = await post(`/api/chat/room/${roomId}/read`, ben.token, {});
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ data: { unread: 0 } });
    expect((await get('/api/chat/unread', ben.token)).json().data.unread).toBe(0);
  });

  it('sends several images and attachments as image tags and File| strings, served to members only', async () => {
    const { ann, ben, roomId } = await annAndBen();
    const sent = await send(ann.token, {
      room_id: String(roomId),
      message: 'files',
      images: [png(), png()],
      attachments: [pdf(), pdf('notes|v2.pdf')],
    });
    expect(sent.statusCode).toBe(200);
    const messages = sent.json<{ data: ChatMessage[] }>().data;
    expect(messages).toHaveLength(5);
    expect(messages[0]!.message).toBe('files');
    const image = parseChatImageMessage(messages[1]!.message)!;
    expect(image.name).toBe('shot.png');
    expect(image.path).toMatch(/^uploads\/chat\/[0-9a-f]{32}\.png$/);
    expect(messages[2]!.message.startsWith('<img ')).toBe(true);
    const file = parseChatFileMessage(messages[3]!.message)!;
    expect(file).toMatchObject({ size: 13, type: 'application/pdf', name: 'report.pdf' });
    expect(messages[3]!.message).toBe(`File|${file.path}|13|application/pdf|report.pdf`);
    expect(parseChatFileMessage(messages[4]!.message)!.name).toBe('notes_v2.pdf');

    const download = (token: string, path: string) => post('/api/download', token, { file: path, name: '' });
    const asBen = await download(ben.token, file.path);
    expect(asBen.statusCode).toBe(200);
    expect(asBen.body).toBe('%PDF-1.4 test');
    expect((await download(ben.token, image.path)).statusCode).toBe(200);
    expect((await download(catToken, file.path)).statusCode).toBe(404);
    expect((await download(clientToken, image.path)).statusCode).toBe(404);
  });

  it('refuses an empty message, a non-image as image and a room of others', async () => {
    const { ann, roomId } = await annAndBen();
    const empty = await send(ann.token, { room_id: String(roomId), message: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      message: ['The message field is required when no images or attachments are sent.'],
    });
    const wrong = await send(ann.token, { room_id: String(roomId), images: [pdf()] });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ images: ['Each image must be a PNG, JPEG, GIF or WebP file.'] });
    const tooMany = await send(ann.token, { room_id: String(roomId), images: Array.from({ length: 11 }, png) });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ images: ['At most 10 images may be sent at once.'] });
    const tooManyFiles = await send(ann.token, {
      room_id: String(roomId),
      attachments: Array.from({ length: 11 }, () => pdf()),
    });
    expect(tooManyFiles.statusCode).toBe(422);
    expect(tooManyFiles.json().errors).toEqual({ attachments: ['At most 10 attachments may be sent at once.'] });
    const before = await ctx.db.$count(chatMessages);
    expect((await send(catToken, { room_id: String(roomId), message: 'intrude' })).statusCode).toBe(404);
    expect((await send(ann.token, { room_id: '999999', message: 'nowhere' })).statusCode).toBe(404);
    const notARoom = await send(ann.token, { room_id: 'lobby', message: 'nowhere' });
    expect(notARoom.statusCode).toBe(422);
    expect(notARoom.json().errors).toEqual({ room_id: ['The selected room id is invalid.'] });
    expect(await ctx.db.$count(chatMessages)).toBe(before);
  });
});

describe('membership', () => {
  it('answers 404 to a non-member reading the room or marking it read, and refuses PR_{id} to them', async () => {
    const { ann, roomId } = await annAndBen();
    expect((await get(`/api/chat/messages/${roomId}`, catToken)).statusCode).toBe(404);
    expect((await get('/api/chat/messages/abc', catToken)).statusCode).toBe(404);
    expect((await post(`/api/chat/room/${roomId}/read`, catToken, {})).statusCode).toBe(404);
    const baseUrl = await listenForSockets(ctx.app);
    const [catSocket, clientSocket, annSocket] = await Promise.all([
      connectSocket(baseUrl, catToken),
      connectSocket(baseUrl, clientToken),
      connectSocket(baseUrl, ann.token),
    ]);
    try {
      expect(await subscribe(catSocket, chatRoomChannel(roomId))).toMatchObject({ ok: false, error: 'Forbidden.' });
      expect(await subscribe(clientSocket, chatRoomChannel(roomId))).toMatchObject({ ok: false });
      expect(await subscribe(annSocket, chatRoomChannel(roomId))).toMatchObject({ ok: true });
      expect(await subscribe(annSocket, chatRoomChannel(999_999))).toMatchObject({ ok: false });
    } finally {
      catSocket.close();
      clientSocket.close();
      annSocket.close();
    }
  });
});

describe('paging and search', () => {
  it('pages messages backwards with before', async () => {
    const { ann: other, ben, roomId: id } = await annAndBen();
    await ctx.db
      .insert(chatMessages)
      .values(Array.from({ length: 120 }, (_, index) => ({ roomId: id, userId: other.id, message: `m${index + 1}` })));
    expect((await get('/api/chat/unread', ben.token)).json().data.unread).toBe(120);
    const newest = chatMessagesResponseSchema.parse((await get(`/api/chat/messages/${id}`, ben.token)).json());
    expect(newest.data).toHaveLength(50);
    expect(newest.data[0]!.message).toBe('m71');
    expect(newest.data[49]!.message).toBe('m120');
    expect(newest.has_more).toBe(true);
    expect((await get('/api/chat/unread', ben.token)).json().data.unread).toBe(0);
    const older = chatMessagesResponseSchema.parse(
      (await get(`/api/chat/messages/${id}?before=${newest.data[0]!.id}`, ben.token)).json(),
    );
    expect(older.data.map((m) => m.message)).toEqual(Array.from({ length: 50 }, (_, i) => `m${i + 21}`));
    const oldest = chatMessagesResponseSchema.parse(
      (await get(`/api/chat/messages/${id}?before=${older.data[0]!.id}`, ben.token)).json(),
    );
    expect(oldest.data).toHaveLength(20);
    expect(oldest.has_more).toBe(false);
  });

  it('lists active employees other than the caller, filtered by name, paged', async () => {
    // A surname no other test uses, so the filtered answers are this test's people alone.
    const family = `Quill${++people}`;
    const caller = await employee(`Ivy ${family}`);
    await employee(`Eve ${family}`);
    await employee(`Fay ${family}`);
    await createUser(ctx.db, { name: `Gus ${family}`, deletedAt: new Date('2026-01-01T00:00:00Z') });
    await createUser(ctx.db, { type: 'Client', name: `Hal ${family}` });
    const all = employeeRoomsSchema.parse((await get('/api/users/employee.rooms?per_page=500', caller.token)).json());
    const names = all.data.map((row) => row.user.name);
    expect(names).toEqual(expect.arrayContaining([`Eve ${family}`, `Fay ${family}`, 'Cat Cooper']));
    expect(names).not.toContain(`Ivy ${family}`);
    expect(names).not.toContain(`Gus ${family}`);
    expect(names).not.toContain(`Hal ${family}`);
    expect(names).not.toContain('Cli Client');
    const found = employeeRoomsSchema.parse(
      (await get(`/api/users/employee.rooms?name=${family.toLowerCase()}`, caller.token)).json(),
    );
    expect(found.data.map((row) => row.user.name).sort()).toEqual([`Eve ${family}`, `Fay ${family}`]);
    const wildcard = employeeRoomsSchema.parse((await get('/api/users/employee.rooms?name=%25', caller.token)).json());
    expect(wildcard.total).toBe(0);
    const paged = z
      .object({ total: z.number(), per_page: z.number(), data: z.array(z.unknown()) })
      .parse((await get(`/api/users/employee.rooms?name=${family}&per_page=1&page=2`, caller.token)).json());
    expect(paged).toMatchObject({ total: 2, per_page: 1 });
    expect(paged.data).toHaveLength(1);
  });
});
