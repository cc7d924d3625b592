import { timeclockReportResponseSchema, type TimeclockReport } from '@switchboard/shared';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import type { AppInstance } from '../../app-instance.ts';
import { buildApp } from '../../app.ts';
import { createDatabase, type Db } from '../../db/client.ts';
import { ptoUsedHours } from '../pto/pto.table.ts';
import { timezones } from '../reference/reference.table.ts';
import { timeclockEntries } from '../timeclock/timeclock.table.ts';
import { employees } from '../users/employees.table.ts';
import { users } from '../users/users.table.ts';
import { timeclockClosedDays, timeclockClosedDayVersions } from './timeclock-closed-days.table.ts';

// Decision 0110: each process keeps a person's kept closed days under their version. Two app instances with their own
// pools on one database stand for two processes: A writes, B answers, and B must never answer what A changed before.

let ctx: TestContext;
let other: AppInstance;
let otherDb: Db;
let otherPool: pg.Pool;
let token: string;
let worker: TestUser;

const at = (iso: string) => new Date(iso);
const week = '/api/reports/timeclock/2026-11-16/2026-11-22/';
const keptStatement = 'timeclock_kept_closed_days';

const report = async (app: AppInstance, url = week) => {
  const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return timeclockReportResponseSchema.parse(response.json()).data as TimeclockReport;
};
const rowOf = async (app: AppInstance, userId = worker.id) =>
  (await report(app)).rows.find((r) => r.user_id === userId);
const checkedIn = async (app: AppInstance) => (await rowOf(app))!.days.map((day) => day.checked_in);

/** The statements of the kept closed days B's pool sends while `work` runs. */
async function keptReadsOf(work: () => Promise<unknown>): Promise<number> {
  const spy = vi.spyOn(otherPool, 'query');
  try {
    await work();
    return spy.mock.calls.filter(
      ([config]) => typeof config === 'object' && (config as { name?: string } | null)?.name === keptStatement,
    ).length;
  } finally {
    spy.mockRestore();
  }
}

const versionOf = async (userId: number) =>
  (
    await ctx.db
      .select({ version: timeclockClosedDayVersions.version })
      .from(timeclockClosedDayVersions)
      .where(eq(timeclockClosedDayVersions.userId, userId))
  )[0]?.version ?? 0;

beforeAll(async () => {
  ctx = await createTestContext();
  const manager = await createUser(ctx.db, { name: 'Aaron Manager', permissions: ['view reports', 'view timeclock'] });
  const answer = await login(ctx.app, manager.email, manager.password);
  if (!('access_token' in answer)) throw new Error('unexpected two-factor challenge');
  token = answer.access_token;
  worker = await createUser(ctx.db, { name: 'Beth Worker' });
  // A second app instance with its own pool on the same database: another process, as far as the cache knows.
  const second = createDatabase(
    (ctx.pool as unknown as { options: { connectionString: string } }).options.connectionString,
  );
  otherDb = second.db;
  otherPool = second.pool;
  other = await buildApp({ db: otherDb, config: ctx.config, logger: false });
});

afterAll(async () => {
  await other?.close();
  await otherPool?.end();
  await ctx?.close();
});

beforeEach(async () => {
  await ctx.db.delete(timeclockEntries).where(eq(timeclockEntries.userId, worker.id));
  await ctx.db.delete(ptoUsedHours).where(eq(ptoUsedHours.userId, worker.id));
  await ctx.db.update(employees).set({ timezoneId: null }).where(eq(employees.userId, worker.id));
  await ctx.db.update(users).set({ name: 'Beth Worker', deletedAt: null }).where(eq(users.id, worker.id));
  // Monday 09:00-17:00 UTC checked in, Wednesday 10:00-11:00 traveling, Offline since.
  await ctx.db.insert(timeclockEntries).values([
    { userId: worker.id, status: 1, startedAt: at('2026-11-16T09:00:00Z'), endedAt: at('2026-11-16T17:00:00Z') },
    { userId: worker.id, status: 5, startedAt: at('2026-11-16T17:00:00Z'), endedAt: at('2026-11-18T10:00:00Z') },
    { userId: worker.id, status: 4, startedAt: at('2026-11-18T10:00:00Z'), endedAt: at('2026-11-18T11:00:00Z') },
    { userId: worker.id, status: 5, startedAt: at('2026-11-18T11:00:00Z') },
  ]);
  // Both processes have the week kept and cached.
  expect(await checkedIn(ctx.app)).toEqual([480, 0, 0, 0, 0, 0, 0]);
  expect(await checkedIn(other)).toEqual([480, 0, 0, 0, 0, 0, 0]);
});

describe('kept closed days held per process under a version (decision 0110)', () => {
  it('answers a repeated report without reading the kept closed days again', async () => {
    expect(await keptReadsOf(() => report(other))).toBe(0);
    expect(
      await keptReadsOf(async () => {
        const csv = await other.inject({ method: 'GET', url: `${week}?format=csv`, headers: bearer(token) });
        expect(csv.statusCode).toBe(200);
      }),
    ).toBe(0);
    // Another range is another entry: read once, then held.
    const shorter = '/api/reports/timeclock/2026-11-16/2026-11-20/';
    expect(await keptReadsOf(() => report(other, shorter))).toBe(1);
    expect(await keptReadsOf(() => report(other, shorter))).toBe(0);
  });

  it('answers the same JSON and CSV bytes from the cache as a process that has none', async () => {
    const fresh = createDatabase(
      (ctx.pool as unknown as { options: { connectionString: string } }).options.connectionString,
    );
    const cold = await buildApp({ db: fresh.db, config: ctx.config, logger: false });
    try {
      for (const url of [week, `${week}?format=csv`, '/api/reports/timeclock/2026-11-17/2026-11-21/?format=csv']) {
        const held = await other.inject({ method: 'GET', url, headers: bearer(token) });
        const first = await cold.inject({ method: 'GET', url, headers: bearer(token) });
        expect(held.statusCode).toBe(200);
        expect(held.body).toBe(first.body);
        expect(held.headers['content-type']).toBe(first.headers['content-type']);
      }
      // The held answer is what the rows kept now say, day by day.
      const kept = await ctx.db
        .select({ dayJson: timeclockClosedDays.dayJson })
        .from(timeclockClosedDays)
        .where(eq(timeclockClosedDays.userId, worker.id))
        .orderBy(timeclockClosedDays.date);
      const days = (await rowOf(other))!.days;
      expect(days.map((day) => JSON.stringify(day))).toEqual(kept.map((row) => row.dayJson).slice(0, 7));
    } finally {
      await cold.close();
      await fresh.pool.end();
    }
  });

  it('shows an entry written on a closed day by another process', async () => {
    await ctx.db.insert(timeclockEntries).values({
      userId: worker.id,
      status: 1,
      startedAt: at('2026-11-17T12:00:00Z'),
      endedAt: at('2026-11-17T14:00:00Z'),
    });
    expect(await checkedIn(other)).toEqual([480, 120, 0, 0, 0, 0, 0]);
  });

  it("shows a closed day's entry moved by another process", async () => {
    await ctx.db
      .update(timeclockEntries)
      .set({ startedAt: at('2026-11-16T10:00:00Z') })
      .where(eq(timeclockEntries.startedAt, at('2026-11-16T09:00:00Z')));
    expect(await checkedIn(other)).toEqual([420, 0, 0, 0, 0, 0, 0]);
  });

  it("shows a closed day's entry whose status another process changed", async () => {
    await ctx.db
      .update(timeclockEntries)
      .set({ status: 1 })
      .where(eq(timeclockEntries.startedAt, at('2026-11-18T10:00:00Z')));
    const days = (await rowOf(other))!.days;
    expect(days.map((day) => [day.checked_in, day.traveling])).toEqual([
      [480, 0],
      [0, 0],
      [60, 0],
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it("shows a closed day's entry deleted by another process", async () => {
    await ctx.db.delete(timeclockEntries).where(eq(timeclockEntries.startedAt, at('2026-11-16T09:00:00Z')));
    expect(await checkedIn(other)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it("shows the days in the employee's new time zone, set by another process", async () => {
    const [zone] = await ctx.db.select({ id: timezones.id }).from(timezones).where(eq(timezones.name, 'Asia/Tokyo'));
    await ctx.db.update(employees).set({ timezoneId: zone!.id }).where(eq(employees.userId, worker.id));
    // 09:00-17:00 UTC is 18:00-02:00 in Tokyo: six hours on Monday, two on Tuesday.
    expect(await checkedIn(other)).toEqual([360, 120, 0, 0, 0, 0, 0]);
    expect((await rowOf(other))!.timezone).toBe('Asia/Tokyo');
  });

  it('shows PTO recorded on a closed day by another process', async () => {
    await ctx.db
      .insert(ptoUsedHours)
      .values({ userId: worker.id, date: '2026-11-17', hours: '7.50', bank: 'Lump Sum' });
    const row = (await rowOf(other))!;
    expect(row.days[1]).toMatchObject({ pto: 450, payable: 450 });
    expect(row.totals).toMatchObject({ pto: 450, payable: 480 + 60 + 450 });
  });

  it('shows a name changed and an account disabled by another process', async () => {
    await ctx.db.update(users).set({ name: 'Beth Renamed' }).where(eq(users.id, worker.id));
    expect((await rowOf(other))!.name).toBe('Beth Renamed');
    // Disabled with time in the range: still listed; with none, gone.
    await ctx.db
      .update(users)
      .set({ deletedAt: at('2026-11-25T00:00:00Z') })
      .where(eq(users.id, worker.id));
    expect(await rowOf(other)).toBeDefined();
    await ctx.db.delete(timeclockEntries).where(eq(timeclockEntries.userId, worker.id));
    expect(await rowOf(other)).toBeUndefined();
  });

  it('sums the days again when kept days are removed by any statement, even a truncate', async () => {
    await ctx.db.execute(sql`truncate timeclock_closed_days`);
    await ctx.db.insert(timeclockEntries).values({
      userId: worker.id,
      status: 2,
      startedAt: at('2026-11-19T08:00:00Z'),
      endedAt: at('2026-11-19T08:15:00Z'),
    });
    expect((await rowOf(other))!.days[3]).toMatchObject({ break: 15 });
  });

  it('gives a person a new version for each statement that changes their kept days, and none otherwise', async () => {
    const before = await versionOf(worker.id);
    expect(before).toBeGreaterThan(0);
    // A status change after the kept days (the end set on the open entry, a new one begun) deletes none of them.
    const now = new Date();
    await ctx.db
      .update(timeclockEntries)
      .set({ endedAt: now })
      .where(eq(timeclockEntries.startedAt, at('2026-11-18T11:00:00Z')));
    await ctx.db.insert(timeclockEntries).values({ userId: worker.id, status: 1, startedAt: now });
    expect(await versionOf(worker.id)).toBe(before);
    expect(await keptReadsOf(() => report(other))).toBe(0);
    // A rolled-back change moves nothing.
    await ctx.db
      .transaction(async (tx) => {
        await tx.delete(timeclockClosedDays).where(eq(timeclockClosedDays.userId, worker.id));
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await versionOf(worker.id)).toBe(before);
    await ctx.db.update(timeclockClosedDays).set({ lunch: 0 }).where(eq(timeclockClosedDays.userId, worker.id));
    expect(await versionOf(worker.id)).toBeGreaterThan(before);
  });
});
