import {
  addDays,
  datesBetween,
  sumTimeclockDays,
  timeclockReportCsv,
  todayInZone,
  type TimeclockReport,
} from '@switchboard/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, type TestContext } from '../../../test/helpers.ts';
import { employees } from '../users/employees.table.ts';
import { ptoUsedHours } from '../pto/pto.table.ts';
import { timezones } from '../reference/reference.table.ts';
import { timeclockEntries } from '../timeclock/timeclock.table.ts';
import { demoTimeclockTimeline, insertTimeclockEntries, type DemoTimeclockEntry } from './timeclock-report.demo.ts';
import { getTimeclockReportCsv, getTimeclockReportJson } from './timeclock-report.service.ts';
import { timeclockClosedDays } from './timeclock-closed-days.table.ts';

// The report answers closed days as kept in timeclock_closed_days and sums only the open ones (decision 0052). Here
// the same varied month (five zones with a daylight-saving change, half-hour offsets, night shifts across midnight,
// a status open now, PTO in both banks, a disabled person with time) is summed straight from the changes by the
// shared rule over every date, and the answer must be the same, JSON and CSV, before and after the days are kept.

let ctx: TestContext;
const now = Date.now();
const today = todayInZone('UTC', now);
const range = { start: addDays(today, -40), end: today };
const zones = ['UTC', 'America/New_York', 'America/Los_Angeles', 'Asia/Calcutta', 'Australia/Sydney'];
const ids: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const entries: DemoTimeclockEntry[] = [];
  for (const [index, zone] of zones.entries()) {
    const user = await createUser(ctx.db, {
      name: `Person ${index}`,
      deletedAt: index === 4 ? new Date(now - 3 * 86_400_000) : null,
    });
    ids.push(user.id);
    // UTC is no employee's zone: the report counts one with none in UTC.
    const [row] = await ctx.db.select({ id: timezones.id }).from(timezones).where(eq(timezones.name, zone));
    if (zone !== 'UTC')
      await ctx.db.update(employees).set({ timezoneId: row!.id }).where(eq(employees.userId, user.id));
    entries.push(
      ...demoTimeclockTimeline({ userId: user.id, timezone: zone, from: addDays(range.start, -3), to: today, now }),
    );
  }
  // A night shift: checked in 22:00 to 06:00 UTC every third night, then Offline, and checked in since an hour ago.
  const night = await createUser(ctx.db, { name: 'Nina Night' });
  ids.push(night.id);
  for (const date of datesBetween(addDays(range.start, -2), addDays(today, -2)).filter((_, index) => index % 3 === 0)) {
    const start = Date.parse(`${date}T22:00:00Z`);
    entries.push(
      { userId: night.id, status: 1, startedAt: new Date(start), endedAt: new Date(start + 8 * 3_600_000) },
      { userId: night.id, status: 5, startedAt: new Date(start + 8 * 3_600_000), endedAt: null },
    );
  }
  for (const entry of entries.filter((item) => item.userId === night.id && item.endedAt === null).slice(0, -1))
    entry.endedAt = new Date(entry.startedAt.getTime() + 60_000);
  const last = entries.findLast((item) => item.userId === night.id)!;
  last.endedAt = new Date(now - 3_600_000);
  entries.push({ userId: night.id, status: 1, startedAt: new Date(now - 3_600_000), endedAt: null });
  await insertTimeclockEntries(ctx.db, entries);
  await ctx.db.insert(ptoUsedHours).values([
    { userId: ids[0]!, date: addDays(today, -10), hours: '8', bank: 'Lump Sum' },
    { userId: ids[0]!, date: addDays(today, -10), hours: '0.75', bank: 'Accrual' },
    { userId: ids[3]!, date: addDays(today, -20), hours: '4.5', bank: 'Accrual' },
    { userId: night.id, date: today, hours: '2', bank: 'Lump Sum' },
  ]);
});
afterAll(async () => {
  await ctx.close();
});

/** The report summed from every change by the shared rule over all its dates, nothing kept. */
async function computedReport(): Promise<TimeclockReport> {
  const dates = datesBetween(range.start, range.end);
  const { rows: people } = await ctx.db.execute<{
    id: number;
    name: string;
    shortname: string;
    timezone: string;
    disabled: boolean;
  }>(sql`select u.id, u.name, u.shortname, coalesce(tz.name, 'UTC') as timezone, u.deleted_at is not null as disabled
    from users u join employees e on e.user_id = u.id left join timezones tz on tz.id = e.timezone_id
    where u.type = 'Employee' order by lower(u.name), u.id`);
  const rows: TimeclockReport['rows'] = [];
  for (const person of people) {
    const changes = await ctx.db
      .select()
      .from(timeclockEntries)
      .where(eq(timeclockEntries.userId, person.id))
      .orderBy(timeclockEntries.startedAt);
    const pto = await ctx.db.select().from(ptoUsedHours).where(eq(ptoUsedHours.userId, person.id));
    const { days, totals } = sumTimeclockDays({
      dates,
      changes: changes.map((change) => ({
        status: change.status,
        start: change.startedAt.getTime(),
        end: change.endedAt?.getTime() ?? null,
      })),
      timeOff: pto.map((day) => ({ date: day.date, hours: Number(day.hours), kind: 'pto' as const })),
      timezone: person.timezone,
      now,
    });
    if (person.disabled && Object.values(totals).every((minutes) => minutes === 0)) continue;
    rows.push({
      user_id: person.id,
      name: person.name,
      shortname: person.shortname,
      timezone: person.timezone,
      days,
      totals,
    });
  }
  return { report: 'timeclock', start: range.start, end: range.end, dates, rows };
}

describe('the timeclock report from kept closed days and from the changes', () => {
  it('answers the same JSON and CSV as the days summed from every change, before and after they are kept', async () => {
    const expected = await computedReport();
    expect(expected.rows.map((row) => row.user_id)).toEqual(expect.arrayContaining(ids));
    expect(expected.rows.some((row) => row.totals.checked_in > 0 && row.totals.pto > 0)).toBe(true);
    const expectedJson = JSON.stringify({ data: expected });

    await ctx.db.delete(timeclockClosedDays);
    expect(await getTimeclockReportJson(ctx.db, range, now)).toBe(expectedJson);
    expect((await ctx.db.select().from(timeclockClosedDays)).length).toBeGreaterThan(100);

    expect(await getTimeclockReportJson(ctx.db, range, now)).toBe(expectedJson);
    expect(await getTimeclockReportCsv(ctx.db, range, now)).toBe(timeclockReportCsv(expected));

    // Part of the kept days gone (an entry written meanwhile): those people filled again, the same bytes.
    await ctx.db.delete(timeclockClosedDays).where(sql`${timeclockClosedDays.date} >= ${addDays(today, -5)}`);
    expect(await getTimeclockReportJson(ctx.db, range, now)).toBe(expectedJson);
    expect(await getTimeclockReportJson(ctx.db, range, now)).toBe(expectedJson);

    await ctx.db.delete(timeclockClosedDays);
    expect(await getTimeclockReportCsv(ctx.db, range, now)).toBe(timeclockReportCsv(expected));
  });

  it("keeps each closed day's text as the answer's day object without PTO", async () => {
    const expected = await computedReport();
    await getTimeclockReportJson(ctx.db, range, now);
    const kept = await ctx.db.select().from(timeclockClosedDays);
    expect(kept.length).toBeGreaterThan(100);
    const daysOf = new Map(expected.rows.map((row) => [row.user_id, new Map(row.days.map((day) => [day.date, day]))]));
    for (const row of kept) {
      const day = daysOf.get(row.userId)?.get(row.date);
      if (!day) continue;
      // PTO is read live: the kept day has none, and payable without it.
      const withoutTimeOff = { ...day, pto: 0, uto: 0, payable: day.payable - day.pto - day.uto };
      expect(row.dayJson).toBe(JSON.stringify(withoutTimeOff));
    }
    expect(kept.some((row) => daysOf.get(row.userId)?.get(row.date)?.pto)).toBe(true);
  });
});
