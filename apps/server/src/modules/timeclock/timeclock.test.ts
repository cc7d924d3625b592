import { timeclockStatusLabels, type TimeclockState } from '@switchboard/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { sumCheckedInHours } from './timeclock.service.ts';
import { timeclockEntries } from './timeclock.table.ts';

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

const getState = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/misc/timeclock', headers: bearer(token) });
const update = (token: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/misc/timeclock/update',
    headers: bearer(token),
    payload: payload as object,
  });
const entriesOf = (userId: number) =>
  ctx.db
    .select()
    .from(timeclockEntries)
    .where(eq(timeclockEntries.userId, userId))
    .orderBy(asc(timeclockEntries.startedAt), asc(timeclockEntries.id));

describe('timeclock status codes', () => {
  it('labels the five statuses as the spec does', () => {
    expect(timeclockStatusLabels).toEqual({ 1: 'Checked In', 2: 'Break', 3: 'Lunch', 4: 'Traveling', 5: 'Offline' });
  });
});

describe('GET /api/misc/timeclock', () => {
  it('answers 401 without a token and 403 to a client account', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/misc/timeclock' })).statusCode).toBe(401);
    const client = await createUser(ctx.db, { type: 'Client' });
    expect((await getState(await signIn(client))).statusCode).toBe(403);
  });

  it('answers Offline with no start time for an employee who never clocked', async () => {
    const user = await createUser(ctx.db);
    const response = await getState(await signIn(user));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { status: 5, start_time: null } });
  });
});

describe('POST /api/misc/timeclock/update', () => {
  it('answers 401 without a token and 403 to a client account, storing nothing', async () => {
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/misc/timeclock/update', payload: { stat: 1 } })).statusCode,
    ).toBe(401);
    const client = await createUser(ctx.db, { type: 'Client' });
    expect((await update(await signIn(client), { stat: 1 })).statusCode).toBe(403);
    expect(await entriesOf(client.id)).toEqual([]);
  });

  it('opens an entry, answers Status Updated with it, and GET reports it', async () => {
    const user = await createUser(ctx.db);
    const token = await signIn(user);
    const emit = vi.spyOn(ctx.app.realtime, 'emitToUser');

    const response = await update(token, { stat: 1 });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ message: string; data: TimeclockState }>();
    expect(body.message).toBe('Status Updated');
    expect(body.data.status).toBe(1);
    expect(new Date(body.data.start_time!).toISOString()).toBe(body.data.start_time);

    const entries = await entriesOf(user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ status: 1, endedAt: null });
    expect(entries[0].startedAt.toISOString()).toBe(body.data.start_time);
    expect(emit).toHaveBeenCalledWith(user.id, 'StatusUpdated', body.data);

    expect((await getState(token)).json()).toEqual({ data: body.data });
  });

  it('closes the open entry and opens the new one at the same instant', async () => {
    const user = await createUser(ctx.db);
    const token = await signIn(user);
    await update(token, { stat: 1 });
    const second = (await update(token, { stat: 3 })).json<{ data: TimeclockState }>().data;
    expect(second.status).toBe(3);

    const entries = await entriesOf(user.id);
    expect(entries.map((entry) => entry.status)).toEqual([1, 3]);
    expect(entries[0].endedAt).toEqual(entries[1].startedAt);
    expect(entries[1].endedAt).toBeNull();
    expect(entries[1].startedAt.toISOString()).toBe(second.start_time);
  });

  it('changes nothing and pushes nothing when the status is chosen again', async () => {
    const user = await createUser(ctx.db);
    const token = await signIn(user);
    const first = (await update(token, { stat: 2 })).json<{ data: TimeclockState }>().data;
    const emit = vi.spyOn(ctx.app.realtime, 'emitToUser');

    const again = await update(token, { stat: 2 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'Status Updated', data: first });
    expect(await entriesOf(user.id)).toHaveLength(1);
    expect(emit).not.toHaveBeenCalled();
  });

  it('stores Offline as an entry of its own, closing the one before', async () => {
    const user = await createUser(ctx.db);
    const token = await signIn(user);
    await update(token, { stat: 4 });
    const offline = (await update(token, { stat: 5 })).json<{ data: TimeclockState }>().data;
    expect(offline.status).toBe(5);
    expect(offline.start_time).not.toBeNull();

    const entries = await entriesOf(user.id);
    expect(entries.map((entry) => [entry.status, entry.endedAt === null])).toEqual([
      [4, false],
      [5, true],
    ]);
    expect((await getState(token)).json()).toEqual({ data: offline });
  });

  it('stores nothing when a user who never clocked chooses Offline', async () => {
    const user = await createUser(ctx.db);
    const response = await update(await signIn(user), { stat: 5 });
    expect(response.json()).toEqual({ message: 'Status Updated', data: { status: 5, start_time: null } });
    expect(await entriesOf(user.id)).toEqual([]);
  });

  it('accepts the status as text, JSON or form-encoded', async () => {
    const user = await createUser(ctx.db);
    const token = await signIn(user);
    expect((await update(token, { stat: '2' })).json<{ data: TimeclockState }>().data.status).toBe(2);
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/api/misc/timeclock/update',
      headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'stat=4',
    });
    expect(form.statusCode).toBe(200);
    expect(form.json<{ data: TimeclockState }>().data.status).toBe(4);
  });

  it('refuses a missing or unknown status with 422 and stores nothing', async () => {
    const user = await createUser(ctx.db);
    const token = await signIn(user);
    const invalid = { message: 'The given data was invalid.', errors: { stat: ['The selected stat is invalid.'] } };
    const cases: [unknown, unknown][] = [
      [{}, { message: 'The given data was invalid.', errors: { stat: ['The stat field is required.'] } }],
      [{ stat: 0 }, invalid],
      [{ stat: 6 }, invalid],
      [{ stat: 1.5 }, invalid],
      [{ stat: 'abc' }, invalid],
      [{ stat: '' }, invalid],
      [{ stat: true }, invalid],
      [{ stat: null }, invalid],
      [{ stat: [1] }, invalid],
    ];
    for (const [payload, answer] of cases) {
      const response = await update(token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json()).toEqual(answer);
    }
    expect(await entriesOf(user.id)).toEqual([]);
  });

  it('keeps exactly one open entry when several changes arrive at once', async () => {
    const user = await createUser(ctx.db);
    const token = await signIn(user);
    const responses = await Promise.all([1, 2, 3, 4, 1, 2, 3, 4].map((stat) => update(token, { stat })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    const entries = await entriesOf(user.id);
    expect(entries.filter((entry) => entry.endedAt === null)).toHaveLength(1);
    // The timeline has no gaps or overlaps: each entry ends where the next begins.
    for (let i = 1; i < entries.length; i += 1) expect(entries[i - 1].endedAt).toEqual(entries[i].startedAt);
  });
});

describe('sumCheckedInHours', () => {
  const at = (iso: string) => new Date(iso);

  it('sums Checked In time clipped to the range, ignoring other statuses and other users', async () => {
    const user = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    await ctx.db.insert(timeclockEntries).values([
      // Starts before the range: only 08:00-09:30 counts (1.5 h).
      { userId: user.id, status: 1, startedAt: at('2025-03-02T22:00:00Z'), endedAt: at('2025-03-03T09:30:00Z') },
      { userId: user.id, status: 3, startedAt: at('2025-03-03T09:30:00Z'), endedAt: at('2025-03-03T10:00:00Z') },
      // Inside: 10:00-12:15 (2.25 h).
      { userId: user.id, status: 1, startedAt: at('2025-03-03T10:00:00Z'), endedAt: at('2025-03-03T12:15:00Z') },
      { userId: user.id, status: 4, startedAt: at('2025-03-03T12:15:00Z'), endedAt: at('2025-03-03T13:00:00Z') },
      // Ends after the range: 13:00-17:00 counts (4 h).
      { userId: user.id, status: 1, startedAt: at('2025-03-03T13:00:00Z'), endedAt: at('2025-03-03T20:00:00Z') },
      // Outside the range.
      { userId: user.id, status: 1, startedAt: at('2025-03-04T08:00:00Z'), endedAt: at('2025-03-04T09:00:00Z') },
      { userId: other.id, status: 1, startedAt: at('2025-03-03T08:00:00Z'), endedAt: at('2025-03-03T17:00:00Z') },
    ]);
    expect(
      await sumCheckedInHours(ctx.db, user.id, at('2025-03-03T08:00:00Z'), at('2025-03-03T17:00:00Z')),
    ).toBeCloseTo(7.75, 6);
    expect(
      await sumCheckedInHours(ctx.db, user.id, at('2025-03-01T00:00:00Z'), at('2025-03-05T00:00:00Z')),
    ).toBeCloseTo(11.5 + 2.25 + 7 + 1, 6);
    expect(await sumCheckedInHours(ctx.db, user.id, at('2025-03-05T00:00:00Z'), at('2025-03-06T00:00:00Z'))).toBe(0);
    expect(await sumCheckedInHours(ctx.db, user.id, at('2025-03-03T17:00:00Z'), at('2025-03-03T08:00:00Z'))).toBe(0);
  });

  it('counts an entry still open up to now', async () => {
    const user = await createUser(ctx.db);
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await ctx.db.insert(timeclockEntries).values({ userId: user.id, status: 1, startedAt: twoHoursAgo });
    const hours = await sumCheckedInHours(
      ctx.db,
      user.id,
      new Date(Date.now() - 24 * 3_600_000),
      new Date(Date.now() + 24 * 3_600_000),
    );
    expect(hours).toBeGreaterThan(1.99);
    expect(hours).toBeLessThan(2.02);
    // A range ending before now clips the open entry at its end.
    const untilOneHourAgo = await sumCheckedInHours(
      ctx.db,
      user.id,
      new Date(Date.now() - 24 * 3_600_000),
      new Date(Date.now() - 3_600_000),
    );
    expect(untilOneHourAgo).toBeCloseTo(1, 2);
  });
});
