import {
  datesBetween,
  parseCsv,
  timeclockReportResponseSchema,
  todayInZone,
  type TimeclockReport,
} from '@switchboard/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { employees } from '../users/employees.table.ts';
import { ptoUsedHours } from '../pto/pto.table.ts';
import { timezones } from '../reference/reference.table.ts';
import { timeclockEntries } from '../timeclock/timeclock.table.ts';
import { timeclockClosedDays } from './timeclock-closed-days.table.ts';

let ctx: TestContext;
let manager: TestUser;
let managerToken: string;
let worker: TestUser;
let chicago: TestUser;
let disabledIdle: TestUser;
let disabledWorked: TestUser;
let nightShift: TestUser;

const at = (iso: string) => new Date(iso);
const week = '/api/reports/timeclock/2026-11-16/2026-11-22/';

async function signIn(user: TestUser): Promise<string> {
  const answer = await login(ctx.app, user.email, user.password);
  if (!('access_token' in answer)) throw new Error('unexpected two-factor challenge');
  return answer.access_token;
}

const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await createUser(ctx.db, { name: 'Aaron Manager', permissions: ['view reports', 'view timeclock'] });
  managerToken = await signIn(manager);
  worker = await createUser(ctx.db, { name: 'Beth Worker' });
  chicago = await createUser(ctx.db, { name: 'Carl Chicago' });
  disabledIdle = await createUser(ctx.db, { name: 'Dora Gone', deletedAt: at('2026-01-01T00:00:00Z') });
  disabledWorked = await createUser(ctx.db, { name: 'Eve Left', deletedAt: at('2026-11-20T00:00:00Z') });
  nightShift = await createUser(ctx.db, { name: 'Finn Night' });

  const [zone] = await ctx.db.select({ id: timezones.id }).from(timezones).where(eq(timezones.name, 'America/Chicago'));
  await ctx.db.update(employees).set({ timezoneId: zone!.id }).where(eq(employees.userId, chicago.id));

  await ctx.db.insert(timeclockEntries).values([
    // Beth: Offline since before the week, then Monday 8:00-12:00 in, 12:00-12:30 lunch, 12:30-12:45 break,
    // 12:45-14:00 traveling, 14:00-17:00 in; Thursday 22:00 in until Friday 02:00; Offline since.
    { userId: worker.id, status: 5, startedAt: at('2026-11-01T17:00:00Z'), endedAt: at('2026-11-16T08:00:00Z') },
    { userId: worker.id, status: 1, startedAt: at('2026-11-16T08:00:00Z'), endedAt: at('2026-11-16T12:00:00Z') },
    { userId: worker.id, status: 3, startedAt: at('2026-11-16T12:00:00Z'), endedAt: at('2026-11-16T12:30:00Z') },
    { userId: worker.id, status: 2, startedAt: at('2026-11-16T12:30:00Z'), endedAt: at('2026-11-16T12:45:00Z') },
    { userId: worker.id, status: 4, startedAt: at('2026-11-16T12:45:00Z'), endedAt: at('2026-11-16T14:00:00Z') },
    { userId: worker.id, status: 1, startedAt: at('2026-11-16T14:00:00Z'), endedAt: at('2026-11-16T17:00:00Z') },
    { userId: worker.id, status: 5, startedAt: at('2026-11-16T17:00:00Z'), endedAt: at('2026-11-19T22:00:00Z') },
    { userId: worker.id, status: 1, startedAt: at('2026-11-19T22:00:00Z'), endedAt: at('2026-11-20T02:00:00Z') },
    { userId: worker.id, status: 5, startedAt: at('2026-11-20T02:00:00Z') },
    // Carl (UTC-6): checked in since Sunday 23:00 UTC the week before, which is 17:00 Chicago, until Monday 06:00
    // UTC (midnight Chicago): all of it falls on Sunday 2026-11-15 there, outside the week. Then in, left open.
    { userId: chicago.id, status: 1, startedAt: at('2026-11-15T23:00:00Z'), endedAt: at('2026-11-16T06:00:00Z') },
    { userId: chicago.id, status: 5, startedAt: at('2026-11-16T06:00:00Z'), endedAt: at('2026-11-17T15:00:00Z') },
    { userId: chicago.id, status: 1, startedAt: at('2026-11-17T15:00:00Z') },
    // Finn: checked in on Sunday 22:00 before the week, out at Monday 02:00: two hours fall in the week.
    { userId: nightShift.id, status: 1, startedAt: at('2026-11-15T22:00:00Z'), endedAt: at('2026-11-16T02:00:00Z') },
    { userId: nightShift.id, status: 5, startedAt: at('2026-11-16T02:00:00Z') },
    // Eve worked Tuesday before she left.
    {
      userId: disabledWorked.id,
      status: 1,
      startedAt: at('2026-11-17T09:00:00Z'),
      endedAt: at('2026-11-17T10:00:00Z'),
    },
  ]);
  await ctx.db.insert(ptoUsedHours).values([
    { userId: worker.id, date: '2026-11-18', hours: '8', bank: 'Lump Sum' },
    { userId: worker.id, date: '2026-11-23', hours: '8', bank: 'Accrual' },
  ]);
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/reports/{report}/{start}/{end}/ access', () => {
  it('answers 401 without a token', async () => {
    expect((await get(week)).statusCode).toBe(401);
  });

  it("answers 403 to a client account, even one holding the report's permissions", async () => {
    const client = await createUser(ctx.db, { type: 'Client', permissions: ['view reports', 'view timeclock'] });
    expect((await get(week, await signIn(client))).statusCode).toBe(403);
  });

  it("answers 403 to staff missing 'view reports' or 'view timeclock'", async () => {
    const reportsOnly = await createUser(ctx.db, { permissions: ['view reports'] });
    const timeclockOnly = await createUser(ctx.db, { permissions: ['view timeclock'] });
    expect((await get(week, await signIn(reportsOnly))).statusCode).toBe(403);
    expect((await get(week, await signIn(timeclockOnly))).statusCode).toBe(403);
  });

  it('answers 404 for any other report name', async () => {
    const response = await get('/api/reports/payroll/2026-11-16/2026-11-22/', managerToken);
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/reports/timeclock/{start}/{end}/', () => {
  let report: TimeclockReport;
  const rowOf = (user: TestUser) => report.rows.find((row) => row.user_id === user.id);

  beforeAll(async () => {
    const response = await get(week, managerToken);
    expect(response.statusCode).toBe(200);
    report = expectExactShape(timeclockReportResponseSchema, response.json()).data;
  });

  it('answers the range and its dates', () => {
    expect(report).toMatchObject({ report: 'timeclock', start: '2026-11-16', end: '2026-11-22' });
    expect(report.dates).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
  });

  it('answers one row per employee by name; a disabled one only with time in the range', () => {
    const ids = report.rows.map((row) => row.user_id);
    expect(ids).toEqual(expect.arrayContaining([manager.id, worker.id, chicago.id, disabledWorked.id]));
    expect(ids).not.toContain(disabledIdle.id);
    const names = report.rows.map((row) => row.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(rowOf(disabledWorked)!.totals.checked_in).toBe(60);
  });

  it('sums each day per status, split at midnight, with PTO used as pto', () => {
    const row = rowOf(worker)!;
    expect(row.days[0]).toEqual({
      date: '2026-11-16',
      checked_in: 420,
      break: 15,
      lunch: 30,
      traveling: 75,
      pto: 0,
      uto: 0,
      payable: 420 + 15 + 75,
    });
    expect(row.days.map((day) => day.checked_in)).toEqual([420, 0, 0, 120, 120, 0, 0]);
    expect(row.days[2]).toMatchObject({ pto: 480, payable: 480 });
    expect(row.totals).toEqual({
      checked_in: 660,
      break: 15,
      lunch: 30,
      traveling: 75,
      pto: 480,
      uto: 0,
      payable: 660 + 15 + 75 + 480,
    });
  });

  it('counts the part of a status begun before the range that runs into it', () => {
    expect(rowOf(nightShift)!.days.map((day) => day.checked_in)).toEqual([120, 0, 0, 0, 0, 0, 0]);
  });

  it("counts in the employee's time zone and runs an open status until now", () => {
    const row = rowOf(chicago)!;
    expect(row.timezone).toBe('America/Chicago');
    // Open since Tuesday 09:00 Chicago: the rest of Tuesday, then whole days to Sunday.
    expect(row.days.map((day) => day.checked_in)).toEqual([0, 15 * 60, 1440, 1440, 1440, 1440, 1440]);
  });

  it('caps the end at today and refuses a start after today', async () => {
    const today = todayInZone('UTC');
    const capped = await get(`/api/reports/timeclock/${today}/2999-12-31/`, managerToken);
    expect(capped.statusCode).toBe(200);
    expect(capped.json().data).toMatchObject({ start: today, end: today, dates: [today] });

    const future = await get('/api/reports/timeclock/2999-01-01/2999-01-07/', managerToken);
    expect(future.statusCode).toBe(422);
    expect(future.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { start: ['The start must be a date before or equal to today.'] },
    });
  });

  it('answers 422 for malformed or reversed dates and for more than a year', async () => {
    const malformed = await get('/api/reports/timeclock/2026-02-30/2026-11-22/', managerToken);
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { start: ['The start is not a valid date (YYYY-MM-DD).'] },
    });
    const reversed = await get('/api/reports/timeclock/2026-11-22/2026-11-16', managerToken);
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors).toEqual({ end: ['The end must be a date after or equal to start.'] });
    const tooLong = await get('/api/reports/timeclock/2025-01-01/2026-01-02/', managerToken);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toEqual({ end: ['The report may cover at most 366 days.'] });
  });

  it('exports the same report as CSV', async () => {
    const response = await get(`${week}?format=csv`, managerToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="timeclock-2026-11-16-2026-11-22.csv"');
    const lines = parseCsv(response.body);
    expect(lines[0]).toEqual(['User', 'Date', 'Checked In', 'Break', 'Lunch', 'Traveling', 'PTO', 'UTO', 'Payable']);
    expect(lines).toContainEqual(['Beth Worker', '2026-11-16', '7:00', '0:15', '0:30', '1:15', '0:00', '0:00', '8:30']);
    expect(lines).toContainEqual(['Beth Worker', 'Total', '11:00', '0:15', '0:30', '1:15', '8:00', '0:00', '20:30']);
  });

  it('refuses an unknown format', async () => {
    expect((await get(`${week}?format=xml`, managerToken)).statusCode).toBe(422);
  });
});

describe('closed days kept in timeclock_closed_days', () => {
  let keeper: TestUser;
  const keptRows = () =>
    ctx.db
      .select()
      .from(timeclockClosedDays)
      .where(eq(timeclockClosedDays.userId, keeper.id))
      .orderBy(timeclockClosedDays.date);
  const checkedInOfWeek = async () => {
    const response = await get(week, managerToken);
    expect(response.statusCode).toBe(200);
    const row = (response.json() as { data: TimeclockReport }).data.rows.find((entry) => entry.user_id === keeper.id);
    return row!.days.map((day) => day.checked_in);
  };

  beforeAll(async () => {
    keeper = await createUser(ctx.db, { name: 'Kim Keeper' });
    await ctx.db.insert(timeclockEntries).values([
      { userId: keeper.id, status: 1, startedAt: at('2026-11-16T09:00:00Z'), endedAt: at('2026-11-16T17:00:00Z') },
      { userId: keeper.id, status: 5, startedAt: at('2026-11-16T17:00:00Z') },
    ]);
  });

  it('keeps each closed day of the range once, in the time zone it was summed in, and answers the same again', async () => {
    const first = await checkedInOfWeek();
    expect(first).toEqual([480, 0, 0, 0, 0, 0, 0]);
    const kept = await keptRows();
    expect(kept.map((row) => row.date)).toEqual(datesBetween('2026-11-16', '2026-11-22'));
    expect(kept[0]).toEqual({
      userId: keeper.id,
      date: '2026-11-16',
      timezone: 'UTC',
      checkedIn: 480,
      onBreak: 0,
      lunch: 0,
      traveling: 0,
      dayJson: '{"date":"2026-11-16","checked_in":480,"break":0,"lunch":0,"traveling":0,"pto":0,"uto":0,"payable":480}',
    });
    expect(await checkedInOfWeek()).toEqual(first);
  });

  it('sums days again from the instant an entry written, moved or deleted reaches', async () => {
    await checkedInOfWeek();
    const [late] = await ctx.db
      .insert(timeclockEntries)
      .values({
        userId: keeper.id,
        status: 1,
        startedAt: at('2026-11-18T10:00:00Z'),
        endedAt: at('2026-11-18T11:00:00Z'),
      })
      .returning();
    expect((await keptRows()).map((row) => row.date)).toEqual(['2026-11-16', '2026-11-17']);
    expect(await checkedInOfWeek()).toEqual([480, 0, 60, 0, 0, 0, 0]);

    await ctx.db
      .update(timeclockEntries)
      .set({ startedAt: at('2026-11-17T10:00:00Z'), endedAt: at('2026-11-17T12:00:00Z') })
      .where(eq(timeclockEntries.id, late!.id));
    expect(await checkedInOfWeek()).toEqual([480, 120, 0, 0, 0, 0, 0]);
    // The kept text of the edited entry's day follows the edit, as the JSON answer copies it.
    expect((await keptRows()).find((row) => row.date === '2026-11-17')?.dayJson).toBe(
      '{"date":"2026-11-17","checked_in":120,"break":0,"lunch":0,"traveling":0,"pto":0,"uto":0,"payable":120}',
    );

    await ctx.db.delete(timeclockEntries).where(eq(timeclockEntries.id, late!.id));
    expect(await checkedInOfWeek()).toEqual([480, 0, 0, 0, 0, 0, 0]);
  });

  it("answers today's change at once: nothing is kept of a day still open", async () => {
    const today = todayInZone('UTC');
    const url = `/api/reports/timeclock/${today}/${today}/`;
    const todayOf = async () =>
      ((await get(url, managerToken)).json() as { data: TimeclockReport }).data.rows.find(
        (row) => row.user_id === keeper.id,
      )!.days[0]!.checked_in;
    expect(await todayOf()).toBe(0);
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await ctx.db
      .update(timeclockEntries)
      .set({ endedAt: twoHoursAgo })
      .where(and(eq(timeclockEntries.userId, keeper.id), isNull(timeclockEntries.endedAt)));
    await ctx.db.insert(timeclockEntries).values({ userId: keeper.id, status: 1, startedAt: twoHoursAgo });
    // The day started at UTC midnight: less than two hours in when the test runs just after it.
    const expected = Math.min(120, Math.round((Date.now() - Date.parse(`${today}T00:00:00Z`)) / 60_000));
    expect(Math.abs((await todayOf()) - expected)).toBeLessThanOrEqual(1);
    expect((await keptRows()).some((row) => row.date === today)).toBe(false);
  });

  it("sums kept days again when the employee's time zone changed", async () => {
    await checkedInOfWeek();
    const [zone] = await ctx.db.select({ id: timezones.id }).from(timezones).where(eq(timezones.name, 'Asia/Tokyo'));
    await ctx.db.update(employees).set({ timezoneId: zone!.id }).where(eq(employees.userId, keeper.id));
    // 09:00-17:00 UTC is 18:00-02:00 in Tokyo: six hours on Monday, two on Tuesday.
    expect(await checkedInOfWeek()).toEqual([360, 120, 0, 0, 0, 0, 0]);
    // Answered again from the kept rows, replaced in place with their texts.
    expect(await checkedInOfWeek()).toEqual([360, 120, 0, 0, 0, 0, 0]);
    const kept = await keptRows();
    expect(new Set(kept.filter((row) => row.date <= '2026-11-22').map((row) => row.timezone))).toEqual(
      new Set(['Asia/Tokyo']),
    );
  });
});

describe("the viewer's time zone, read once per period (decision 0052)", () => {
  // Pago Pago (UTC-11) and Kiritimati (UTC+14) are 25 hours apart: their todays always differ.
  const zoneOf = async (db: TestContext['db'], name: string) =>
    (await db.select({ id: timezones.id }).from(timezones).where(eq(timezones.name, name)))[0]!.id;
  const setup = async (sessionCacheMs: number) => {
    const context = await createTestContext({ config: { sessionCacheMs } });
    const viewer = await createUser(context.db, { permissions: ['view reports', 'view timeclock'] });
    await context.db
      .update(employees)
      .set({ timezoneId: await zoneOf(context.db, 'Pacific/Pago_Pago') })
      .where(eq(employees.userId, viewer.id));
    const answer = await login(context.app, viewer.email, viewer.password);
    if (!('access_token' in answer)) throw new Error('unexpected two-factor challenge');
    const kiritimatiToday = todayInZone('Pacific/Kiritimati');
    const ask = async () =>
      (
        await context.app.inject({
          method: 'GET',
          url: `/api/reports/timeclock/${kiritimatiToday}/${kiritimatiToday}/`,
          headers: bearer(answer.access_token),
        })
      ).statusCode;
    const moveToKiritimati = async () =>
      context.db
        .update(employees)
        .set({ timezoneId: await zoneOf(context.db, 'Pacific/Kiritimati') })
        .where(eq(employees.userId, viewer.id));
    return { context, ask, moveToKiritimati };
  };

  let held: Awaited<ReturnType<typeof setup>>;
  let short: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    held = await setup(60_000);
    short = await setup(50);
  });
  afterAll(async () => {
    await held?.context.close();
    await short?.context.close();
  });

  it('caps the end with the zone it read for the period', async () => {
    // Kiritimati's today is after Pago Pago's: a start after the viewer's today.
    expect(await held.ask()).toBe(422);
    await held.moveToKiritimati();
    expect(await held.ask()).toBe(422);
  });

  it('reads the zone again once the period is over', async () => {
    expect(await short.ask()).toBe(422);
    await short.moveToKiritimati();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await short.ask()).toBe(200);
  });
});
