import { datesBetween, sumTimeclockDays } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, type TestContext } from '../../../test/helpers.ts';
import { employees } from '../users/employees.table.ts';
import { holidays } from '../holidays/holidays.table.ts';
import { ptoUsedHours } from '../pto/pto.table.ts';
import { timezones } from '../reference/reference.table.ts';
import { timeclockEntries } from '../timeclock/timeclock.table.ts';
import { demoTimeclockTimeline, seedTimeclockDemo } from './timeclock-report.demo.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('demoTimeclockTimeline', () => {
  const now = Date.parse('2026-11-20T17:00:00Z'); // Friday, 12:00 in New York
  const timeline = demoTimeclockTimeline({
    userId: 7,
    timezone: 'America/New_York',
    from: '2026-11-09',
    to: '2026-11-20',
    now,
    daysOff: new Set(['2026-11-11']),
  });

  it('chains the statuses with no gap and leaves only the last one open', () => {
    for (let index = 0; index + 1 < timeline.length; index += 1)
      expect(timeline[index]!.endedAt).toEqual(timeline[index + 1]!.startedAt);
    expect(timeline.filter((entry) => entry.endedAt === null)).toEqual([timeline.at(-1)]);
    expect(timeline.at(-1)!.startedAt.getTime()).toBeLessThanOrEqual(now);
  });

  it('works weekdays only, a normal day each, not on days off', () => {
    const sums = sumTimeclockDays({
      dates: datesBetween('2026-11-09', '2026-11-19'),
      changes: timeline.map((entry) => ({
        status: entry.status,
        start: entry.startedAt.getTime(),
        end: entry.endedAt?.getTime() ?? null,
      })),
      timeOff: [],
      timezone: 'America/New_York',
      now,
    });
    const worked = sums.days.filter((day) => day.payable > 0).map((day) => day.date);
    expect(worked).toEqual([
      '2026-11-09',
      '2026-11-10',
      '2026-11-12',
      '2026-11-13',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
    ]);
    for (const day of sums.days.filter((entry) => entry.payable > 0)) {
      expect(day.checked_in).toBeGreaterThan(5 * 60);
      expect(day.payable).toBeLessThan(10 * 60);
      expect(day.lunch).toBeGreaterThanOrEqual(30);
    }
  });

  it('is the same on every run', () => {
    const again = demoTimeclockTimeline({
      userId: 7,
      timezone: 'America/New_York',
      from: '2026-11-09',
      to: '2026-11-20',
      now,
      daysOff: new Set(['2026-11-11']),
    });
    expect(again).toEqual(timeline);
  });
});

describe('seedTimeclockDemo', () => {
  it('gives each employee who never clocked three months up to yesterday and a day of PTO to every second one, once', async () => {
    const first = await createUser(ctx.db);
    const second = await createUser(ctx.db);
    const clocked = await createUser(ctx.db);
    const [zone] = await ctx.db
      .select({ id: timezones.id })
      .from(timezones)
      .where(eq(timezones.name, 'America/Denver'));
    await ctx.db.update(employees).set({ timezoneId: zone!.id }).where(eq(employees.userId, second.id));
    await ctx.db.insert(holidays).values({ date: '2026-11-26', name: 'Thanksgiving Day' });
    await ctx.db
      .insert(timeclockEntries)
      .values({ userId: clocked.id, status: 1, startedAt: new Date('2026-11-01T12:00:00Z') });
    const now = Date.parse('2026-11-27T20:00:00Z');
    const emails = [first.email, second.email.toUpperCase(), clocked.email];

    await seedTimeclockDemo(ctx.db, emails, now);
    const counts = async () =>
      Promise.all(
        [first, second, clocked].map(
          async (user) =>
            (await ctx.db.select().from(timeclockEntries).where(eq(timeclockEntries.userId, user.id))).length,
        ),
      );
    const afterFirst = await counts();
    await seedTimeclockDemo(ctx.db, emails, now);
    expect(await counts()).toEqual(afterFirst);

    // About 65 working days of six or eight changes each.
    expect(afterFirst[0]).toBeGreaterThan(60 * 6);
    expect(afterFirst[1]).toBeGreaterThan(60 * 6);
    expect(afterFirst[2]).toBe(1);

    const firstEntries = await ctx.db.select().from(timeclockEntries).where(eq(timeclockEntries.userId, first.id));
    const days = new Set(firstEntries.map((entry) => entry.startedAt.toISOString().slice(0, 10)));
    expect(days.has('2026-11-25')).toBe(true);
    expect(days.has('2026-11-26')).toBe(false); // the company holiday
    expect(days.has('2026-11-27')).toBe(false); // today: whole days only
    expect(firstEntries.find((entry) => entry.endedAt === null)!.status).toBe(5);
    expect(firstEntries.filter((entry) => entry.endedAt === null)).toHaveLength(1);

    const pto = await ctx.db.select().from(ptoUsedHours).where(eq(ptoUsedHours.note, 'Vacation day'));
    expect(pto.map((row) => row.userId)).toEqual([first.id]);
    expect(days.has(pto[0]!.date)).toBe(false);
  });
});
