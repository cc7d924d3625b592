import { addDays, datesBetween, todayInZone, zonedDayStart } from '@switchboard/shared';
import { and, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { employees } from '../users/employees.table.ts';
import { holidays } from '../holidays/holidays.table.ts';
import { ptoUsedHours } from '../pto/pto.table.ts';
import { timezones } from '../reference/reference.table.ts';
import { timeclockEntries } from '../timeclock/timeclock.table.ts';
import { users } from '../users/users.table.ts';

export interface DemoTimeclockEntry {
  userId: number;
  status: number;
  startedAt: Date;
  endedAt: Date | null;
}

const MINUTE = 60_000;

/** A small deterministic generator (mulberry32) so a user's demo days are the same on every run. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A whole number of minutes from min to max, both included. */
const minutesBetween = (random: () => number, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

/**
 * A believable working timeline, weekdays from `from` to `to` in the user's time zone, except `daysOff`: in between
 * 7:30 and 9:00, a short break mid-morning, lunch around noon, on about half the days an hour or so on the road,
 * out after about eight and a half hours, then Offline until the next morning. The statuses follow each other with
 * no gap (each ends where the next begins); whatever would begin after `now` is left out, and the last status
 * stays open, as the status menu leaves it.
 */
export function demoTimeclockTimeline(options: {
  userId: number;
  timezone: string;
  from: string;
  to: string;
  now: number;
  daysOff?: ReadonlySet<string>;
}): DemoTimeclockEntry[] {
  const changes: { status: number; at: number }[] = [];
  for (const date of datesBetween(options.from, options.to)) {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6 || options.daysOff?.has(date)) continue;
    const random = randomFrom(options.userId * 100_003 + Number(date.replaceAll('-', '')));
    const midnight = zonedDayStart(date, options.timezone);
    let at = midnight + (450 + 5 * minutesBetween(random, 0, 18)) * MINUTE;
    const push = (status: number, minutes: number) => {
      changes.push({ status, at });
      at += minutes * MINUTE;
    };
    const startOfDay = at;
    push(1, minutesBetween(random, 100, 150));
    push(2, minutesBetween(random, 10, 15));
    push(1, Math.max(30, (midnight + 12 * 60 * MINUTE - at) / MINUTE + minutesBetween(random, -15, 20)));
    push(3, minutesBetween(random, 30, 55));
    if (random() < 0.5) {
      push(1, minutesBetween(random, 20, 60));
      push(4, minutesBetween(random, 25, 90));
    }
    push(1, Math.max(30, (startOfDay + 8.5 * 60 * MINUTE - at) / MINUTE + minutesBetween(random, -20, 30)));
    changes.push({ status: 5, at });
  }
  const kept = changes.filter((change) => change.at <= options.now);
  return kept.map((change, index) => ({
    userId: options.userId,
    status: change.status,
    startedAt: new Date(change.at),
    endedAt: index + 1 < kept.length ? new Date(kept[index + 1]!.at) : null,
  }));
}

/** Inserts in slices, one statement per slice (PostgreSQL takes at most 65,535 parameters per statement). */
export async function insertTimeclockEntries(db: DbOrTransaction, entries: readonly DemoTimeclockEntry[]) {
  for (let index = 0; index < entries.length; index += 5_000)
    await db.insert(timeclockEntries).values(entries.slice(index, index + 5_000));
}

/**
 * Demo data for the timeclock report: three months of status changes up to yesterday (Offline since, left open)
 * for each of the given employees who has never clocked, and for every second of them one day of PTO taken (that
 * day off the clock). Company holidays are days off. Idempotent: an employee with any timeclock entry is left
 * alone. Bulk inserts only.
 */
export async function seedTimeclockDemo(
  db: DbOrTransaction,
  employeeEmails: readonly string[],
  now = Date.now(),
): Promise<void> {
  if (employeeEmails.length === 0) return;
  const people = await db
    .select({ userId: employees.userId, timezone: sql<string>`coalesce(${timezones.name}, 'UTC')` })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .leftJoin(timezones, eq(timezones.id, employees.timezoneId))
    .where(
      and(
        inArray(
          sql`lower(${users.email})`,
          employeeEmails.map((email) => email.toLowerCase()),
        ),
        isNull(users.deletedAt),
        notExists(
          db
            .select({ id: timeclockEntries.id })
            .from(timeclockEntries)
            .where(eq(timeclockEntries.userId, employees.userId)),
        ),
      ),
    )
    .orderBy(employees.userId);
  if (people.length === 0) return;

  const companyHolidays = await db.select({ date: holidays.date }).from(holidays).where(isNull(holidays.userId));
  const entries: DemoTimeclockEntry[] = [];
  const timeOff: (typeof ptoUsedHours.$inferInsert)[] = [];
  for (const [index, person] of people.entries()) {
    // Whole days up to yesterday: nobody is left Checked In through the night when the app next starts.
    const to = addDays(todayInZone(person.timezone, now), -1);
    const from = addDays(to, -91);
    const daysOff = new Set(companyHolidays.map((holiday) => holiday.date));
    if (index % 2 === 0) {
      // A weekday two to eight weeks ago, taken as a full day of PTO.
      let date = addDays(to, -14 - ((person.userId * 7) % 42));
      while ([0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()) || daysOff.has(date)) date = addDays(date, -1);
      daysOff.add(date);
      timeOff.push({ userId: person.userId, date, hours: '8.00', bank: 'Lump Sum', note: 'Vacation day' });
    }
    entries.push(
      ...demoTimeclockTimeline({ userId: person.userId, timezone: person.timezone, from, to, now, daysOff }),
    );
  }
  await insertTimeclockEntries(db, entries);
  if (timeOff.length > 0) await db.insert(ptoUsedHours).values(timeOff);
}
