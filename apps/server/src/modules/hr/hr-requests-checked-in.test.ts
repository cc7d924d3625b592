import { buildPtoPeriods, checkedInHoursFromDays, type PtoPeriod } from '@switchboard/shared/pto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, type TestContext } from '../../../test/helpers.ts';
import { checkedInHoursByDay, getEmployeePto, todayIn, type CheckedInHoursSource } from '../pto/pto.service.ts';
import { ptoSettings } from '../pto/pto.table.ts';
import { timezones } from '../reference/reference.table.ts';
import { timeclockEntries } from '../timeclock/timeclock.table.ts';
import { employees } from '../users/employees.table.ts';
import { withCheckedInHours } from './hr-requests-checked-in.ts';
import { hrCheckedInKept } from './hr-requests.table.ts';

// The PTO engine's checked-in hours from kept range sums (bench/README.md, HR): the same periods as the per-day sums
// of pto.service, ranges kept only up to yesterday and only while no open entry reaches them, and a timeclock write
// deleting the kept ranges it reaches (migration 0066's trigger).

let ctx: TestContext;
let userId: number;
const zone = 'America/Chicago';
const ptoStart = '2024-03-10';
const settings = [
  {
    id: 1,
    name: 'Accrual',
    type: 'Hourly' as const,
    start_date: ptoStart,
    end_date: null,
    adjustment_hours: null,
    deposits_to: null,
    payroll_hours: 40,
    accrued_hours: 1.54,
    initial_hours: null,
  },
];

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000);
const entry = (start: Date, hours: number | null, status = 1) => ({
  userId,
  status,
  startedAt: start,
  endedAt: hours === null ? null : new Date(start.getTime() + hours * 3_600_000),
});

/** The periods as pto.service's per-day sums give them, and as the kept range sums do. */
async function bothWays(keep = true): Promise<{ before: PtoPeriod[]; now: PtoPeriod[] }> {
  const today = todayIn(zone);
  const input = { ptoStartDate: ptoStart, settings, usedHours: [], today };
  const days = await checkedInHoursByDay(ctx.db, userId, ptoStart, today, zone);
  const before = buildPtoPeriods({ ...input, checkedInHours: checkedInHoursFromDays(days) });
  const now = await withCheckedInHours(
    ctx.db,
    [{ userId, timezone: zone }],
    (hoursOf) => buildPtoPeriods({ ...input, checkedInHours: hoursOf(userId) }),
    { keep },
  );
  return { before, now };
}

beforeAll(async () => {
  ctx = await createTestContext();
  userId = (await createUser(ctx.db)).id;
  const [chicago] = await ctx.db.select({ id: timezones.id }).from(timezones).where(eq(timezones.name, zone));
  await ctx.db
    .update(employees)
    .set({ timezoneId: chicago!.id, ptoStartDate: ptoStart })
    .where(eq(employees.userId, userId));
  // Two years of mornings (some across local midnight), a lunch that does not count, and today's open check-in.
  const rows = [];
  for (let offset = -800; offset <= -1; offset += 3) {
    rows.push(entry(day(offset), 4.25));
    rows.push(entry(new Date(day(offset).getTime() + 5 * 3_600_000), 0.5, 3));
    if (offset % 30 === 1) rows.push(entry(new Date(day(offset).getTime() + 9 * 3_600_000), 7.5));
  }
  rows.push(entry(new Date(Date.now() - 60_000), null));
  await ctx.db.insert(timeclockEntries).values(rows);
});
afterAll(async () => {
  await ctx.close();
});

describe('checked-in hours for the PTO engine', () => {
  it('gives the periods the per-day sums give, and keeps ranges only up to yesterday', async () => {
    const { before, now } = await bothWays();
    expect(now.some((period) => period.accrued_hours > 0)).toBe(true);
    expect(now).toEqual(before);
    const kept = await ctx.db.select().from(hrCheckedInKept).where(eq(hrCheckedInKept.userId, userId));
    expect(kept.length).toBeGreaterThan(0);
    const yesterday = new Date(Date.parse(`${todayIn(zone)}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    for (const row of kept) expect(row.toDay <= yesterday).toBe(true);
    // A second read comes from the kept rows and answers the same.
    expect((await bothWays()).now).toEqual(before);
  });

  it('does not keep a range an open checked-in entry reaches', async () => {
    await ctx.db.delete(hrCheckedInKept);
    // The person's open entry (checked in since a minute ago) moved back two days: it reaches yesterday.
    await ctx.db
      .update(timeclockEntries)
      .set({ startedAt: day(-2) })
      .where(and(eq(timeclockEntries.userId, userId), isNull(timeclockEntries.endedAt)));
    const { before, now } = await bothWays();
    expect(now).toEqual(before);
    const kept = await ctx.db.select().from(hrCheckedInKept).where(eq(hrCheckedInKept.userId, userId));
    const periods = now.map((period) => period.start_date);
    // The current period's part reaches the open entry: summed, not kept; the closed periods are kept.
    expect(kept.some((row) => row.fromDay === periods.at(-1))).toBe(false);
    expect(kept.length).toBe(periods.length - 1);
  });

  it('drops the kept ranges a timeclock write reaches and reads the new hours', async () => {
    await ctx.db.delete(timeclockEntries).where(eq(timeclockEntries.userId, userId));
    await ctx.db.insert(timeclockEntries).values([entry(day(-500), 8), entry(day(-100), 6)]);
    const first = await bothWays();
    expect(first.now).toEqual(first.before);
    const keptBefore = await ctx.db.select().from(hrCheckedInKept).where(eq(hrCheckedInKept.userId, userId));
    expect(keptBefore.length).toBeGreaterThan(0);
    // A backdated entry 300 days ago: every kept range ending after it goes, the ones before stay.
    await ctx.db.insert(timeclockEntries).values(entry(day(-300), 5));
    const keptAfter = await ctx.db.select().from(hrCheckedInKept).where(eq(hrCheckedInKept.userId, userId));
    const cut = day(-300).toISOString().slice(0, 10);
    expect(keptAfter.every((row) => row.toDay < cut)).toBe(true);
    expect(keptAfter.length).toBeLessThan(keptBefore.length);
    const second = await bothWays();
    expect(second.now).toEqual(second.before);
    const total = (periods: PtoPeriod[]) => periods.reduce((sum, period) => sum + period.accrued_hours, 0);
    expect(total(second.now)).toBeCloseTo(total(first.now) + (5 * 1.54) / 40, 2);
    // Inside a transaction nothing is kept, and the answer is the same.
    await ctx.db.delete(hrCheckedInKept);
    const inTransaction = await ctx.db.transaction((tx) =>
      withCheckedInHours(
        tx,
        [{ userId, timezone: zone }],
        (hoursOf) =>
          buildPtoPeriods({
            ptoStartDate: ptoStart,
            settings,
            usedHours: [],
            today: todayIn(zone),
            checkedInHours: hoursOf(userId),
          }),
        { keep: false },
      ),
    );
    expect(inTransaction).toEqual(second.before);
    expect(await ctx.db.select().from(hrCheckedInKept)).toHaveLength(0);
  });

  it("gives the PTO view (and its PeriodsUpdated push after a decision) the periods of the timeclock's day sums", async () => {
    await ctx.db.insert(ptoSettings).values({
      userId,
      name: 'Accrual',
      type: 'Hourly',
      startDate: ptoStart,
      payrollHours: '40',
      accruedHours: '1.54',
    });
    const source: CheckedInHoursSource = (person, compute) =>
      withCheckedInHours(ctx.db, [person], (hoursOf) => compute(hoursOf(person.userId)), { keep: true });
    const now = new Date();
    const byDay = await getEmployeePto(ctx.db, userId, now);
    expect(byDay.periods.some((period) => period.accrued_hours > 0)).toBe(true);
    expect(await getEmployeePto(ctx.db, userId, now, source)).toEqual(byDay);
    // Read again from the kept ranges.
    expect(await ctx.db.select().from(hrCheckedInKept).where(eq(hrCheckedInKept.userId, userId))).not.toHaveLength(0);
    expect(await getEmployeePto(ctx.db, userId, now, source)).toEqual(byDay);
  });

  // The lock serialises a fill with timeclock writes (migration 0066's trigger takes it): a fill then either sees the
  // write or has its kept rows deleted by it. A read of ranges already kept needs neither, so it never waits for it.
  it('reads kept ranges without advisory lock 52053; only a fill waits for it', async () => {
    await ctx.db.delete(hrCheckedInKept);
    await ctx.db.delete(timeclockEntries).where(eq(timeclockEntries.userId, userId));
    await ctx.db.insert(timeclockEntries).values([entry(day(-400), 8), entry(day(-20), 6)]);
    const filled = await bothWays();
    expect(await ctx.db.select().from(hrCheckedInKept).where(eq(hrCheckedInKept.userId, userId))).not.toHaveLength(0);
    const holder = await ctx.pool.connect();
    const settled = (work: Promise<unknown>, ms: number) =>
      Promise.race([work.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);
    try {
      await holder.query('select pg_advisory_lock(52053)');
      // Held elsewhere: a kept read answers at once ...
      const read = bothWays();
      expect(await settled(read, 5_000)).toBe(true);
      expect((await read).now).toEqual(filled.before);
      // ... while a fill (nothing kept) waits until the lock is let go.
      await ctx.db.delete(hrCheckedInKept);
      const fill = bothWays();
      expect(await settled(fill, 700)).toBe(false);
      await holder.query('select pg_advisory_unlock(52053)');
      expect((await fill).now).toEqual(filled.before);
    } finally {
      await holder.query('select pg_advisory_unlock_all()');
      holder.release();
    }
  });
});
