import { notificationsMarkedReadMessage, type Notification, type SessionResponse } from '@switchboard/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { createNotification, listRecentNotifications, type UserEmitter } from './notifications.service.ts';
import { notifications } from './notifications.table.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function signIn(user: TestUser): Promise<string> {
  const answer = await login(ctx.app, user.email, user.password);
  if (!('access_token' in answer)) throw new Error('unexpected two-factor challenge');
  return answer.access_token;
}

/** Inserts notifications with explicit times (oldest first as given) and answers their ids. */
async function seed(
  userId: number,
  rows: { minutesAgo: number; read?: boolean; type?: string; number_details?: string }[],
): Promise<number[]> {
  const now = Date.now();
  const inserted = await ctx.db
    .insert(notifications)
    .values(
      rows.map((row) => ({
        userId,
        type: row.type ?? 'Assigned Ticket',
        numberDetails: row.number_details ?? String(row.minutesAgo),
        createdAt: new Date(now - row.minutesAgo * 60_000),
        readAt: row.read ? new Date(now - row.minutesAgo * 60_000 + 1000) : null,
      })),
    )
    .returning({ id: notifications.id });
  return inserted.map((row) => row.id);
}

const list = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(token) });
const markRead = (token: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/notifications/read',
    headers: bearer(token),
    payload: payload as object,
  });

describe('createNotification', () => {
  it('stores the notification, answers it in the list shape and pushes NotificationCreated on the user channel', async () => {
    const user = await createUser(ctx.db);
    const emitted: unknown[][] = [];
    const emitter: UserEmitter = { emitToUser: (...args) => void emitted.push(args) };

    const created = await createNotification(
      ctx.db,
      user.id,
      { type: 'Assigned Ticket', number_details: 4021, data: { subject: 'Printer' } },
      emitter,
    );

    expect(created).toEqual({
      id: expect.any(Number),
      type: 'Assigned Ticket',
      number_details: '4021',
      read_at: null,
      created_at: expect.any(String),
    });
    expect(new Date(created.created_at).toISOString()).toBe(created.created_at);
    expect(emitted).toEqual([[user.id, 'NotificationCreated', created]]);
    const [row] = await ctx.db.select().from(notifications).where(eq(notifications.id, created.id));
    expect(row).toMatchObject({
      userId: user.id,
      type: 'Assigned Ticket',
      numberDetails: '4021',
      data: { subject: 'Printer' },
      readAt: null,
    });
  });

  it('pushes nothing without an emitter (inside a caller transaction) and keeps a null number_details', async () => {
    const user = await createUser(ctx.db);
    const spy = vi.spyOn(ctx.app.realtime, 'emitToUser');
    const created = await createNotification(ctx.db, user.id, { type: 'Welcome', number_details: null });
    expect(created.number_details).toBeNull();
    expect(spy).not.toHaveBeenCalled();
    const [row] = await ctx.db.select().from(notifications).where(eq(notifications.id, created.id));
    expect(row.data).toEqual({});
  });
});

describe('GET /api/notifications', () => {
  it('answers 401 without a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('answers an empty list for a user without notifications', async () => {
    const user = await createUser(ctx.db);
    const response = await list(await signIn(user));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [] });
  });

  it('lists the 6 newest unread first, then the 6 newest read, each newest first, only the caller’s own', async () => {
    const user = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    // 8 unread (minutes ago 1..8) and 8 read (minutes ago 11..18), inserted out of order.
    const unreadIds = await seed(
      user.id,
      [5, 1, 8, 3, 2, 7, 4, 6].map((minutesAgo) => ({ minutesAgo })),
    );
    const readIds = await seed(
      user.id,
      [15, 11, 18, 13, 12, 17, 14, 16].map((minutesAgo) => ({ minutesAgo, read: true })),
    );
    await seed(other.id, [{ minutesAgo: 0 }, { minutesAgo: 10, read: true }]);
    expect(unreadIds).toHaveLength(8);
    expect(readIds).toHaveLength(8);

    const response = await list(await signIn(user));
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: Notification[] }>().data;
    expect(data.map((n) => n.number_details)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '11',
      '12',
      '13',
      '14',
      '15',
      '16',
    ]);
    expect(data.slice(0, 6).every((n) => n.read_at === null)).toBe(true);
    expect(data.slice(6).every((n) => typeof n.read_at === 'string')).toBe(true);
    for (const item of data)
      expect(Object.keys(item).sort()).toEqual(['created_at', 'id', 'number_details', 'read_at', 'type']);
    expect(data[0]).toMatchObject({ type: 'Assigned Ticket' });
  });

  it('is what the login answer and GET /api/session carry as notifications', async () => {
    const user = await createUser(ctx.db);
    await seed(user.id, [{ minutesAgo: 3 }, { minutesAgo: 30, read: true }]);
    const expected = await listRecentNotifications(ctx.db, user.id);
    expect(expected).toHaveLength(2);

    const answer = await login(ctx.app, user.email, user.password);
    if (!('access_token' in answer)) throw new Error('unexpected two-factor challenge');
    expect(answer.notifications).toEqual(expected);

    const session = await ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(answer.access_token) });
    expect(session.statusCode).toBe(200);
    expect(session.json<SessionResponse>().data.notifications).toEqual(expected);
  });

  it('works for client accounts too', async () => {
    const client = await createUser(ctx.db, { type: 'Client' });
    await seed(client.id, [{ minutesAgo: 1, type: 'Ticket Updated', number_details: '77' }]);
    const response = await list(await signIn(client));
    expect(response.json<{ data: Notification[] }>().data.map((n) => [n.type, n.number_details])).toEqual([
      ['Ticket Updated', '77'],
    ]);
  });
});

describe('POST /api/notifications/read', () => {
  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      payload: { notifications: [1] },
    });
    expect(response.statusCode).toBe(401);
  });

  it('marks the caller’s own notifications read and never touches anyone else’s', async () => {
    const user = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    const own = await seed(user.id, [{ minutesAgo: 1 }, { minutesAgo: 2 }, { minutesAgo: 3 }]);
    const others = await seed(other.id, [{ minutesAgo: 1 }]);

    const response = await markRead(await signIn(user), { notifications: [own[0], own[1], others[0], 999_999] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: notificationsMarkedReadMessage });
    expect(notificationsMarkedReadMessage).toBe('Notifications marked read.');

    const rows = await ctx.db
      .select({ id: notifications.id, readAt: notifications.readAt })
      .from(notifications)
      .where(inArray(notifications.id, [...own, ...others]));
    const readAt = Object.fromEntries(rows.map((row) => [row.id, row.readAt]));
    expect(readAt[own[0]]).toBeInstanceOf(Date);
    expect(readAt[own[1]]).toBeInstanceOf(Date);
    expect(readAt[own[2]]).toBeNull();
    expect(readAt[others[0]]).toBeNull();
  });

  it('keeps the first read time of a notification already read', async () => {
    const user = await createUser(ctx.db);
    const [id] = await seed(user.id, [{ minutesAgo: 60, read: true }]);
    const [before] = await ctx.db
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(eq(notifications.id, id));
    expect((await markRead(await signIn(user), { notifications: [id] })).statusCode).toBe(200);
    const [after] = await ctx.db
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(eq(notifications.id, id));
    expect(after.readAt).toEqual(before.readAt);
  });

  it('accepts an empty list', async () => {
    const user = await createUser(ctx.db);
    const response = await markRead(await signIn(user), { notifications: [] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Notifications marked read.' });
  });

  it('refuses a missing, malformed or oversized list with 422 and changes nothing', async () => {
    const user = await createUser(ctx.db);
    const [id] = await seed(user.id, [{ minutesAgo: 1 }]);
    const token = await signIn(user);
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { notifications: ['The notifications field is required.'] }],
      [{ notifications: 'all' }, { notifications: ['The notifications must be a list of ids.'] }],
      [{ notifications: [id, 'x'] }, { 'notifications.1': ['Each notification must be an id.'] }],
      [{ notifications: [1.5] }, { 'notifications.0': ['Each notification must be an id.'] }],
      [{ notifications: [-1] }, { 'notifications.0': ['Each notification must be an id.'] }],
      [{ notifications: [2_147_483_648] }, { 'notifications.0': ['Each notification must be an id.'] }],
      [
        { notifications: Array.from({ length: 501 }, (_, i) => i + 1) },
        { notifications: ['The notifications may not have more than 500 items.'] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await markRead(token, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(response.json()).toEqual({ message: 'The given data was invalid.', errors });
    }
    const [row] = await ctx.db
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(eq(notifications.id, id));
    expect(row.readAt).toBeNull();
  });
});
