import { randomBytes } from 'node:crypto';
import type { CalendarItem } from '@switchboard/shared/calendar';
import {
  hrCalendarFeedMonthsAhead,
  hrCalendarFeedMonthsBack,
  type HrCalendarFeed,
  type HrCalendarKind,
  type HrCalendarQuery,
} from '@switchboard/shared/hr/calendar';
import { and, asc, between, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import { hashToken } from '../auth/tokens.ts';
import { holidays } from '../holidays/holidays.table.ts';
import { listPermissionNames } from '../permissions/permissions.service.ts';
import { employees } from '../users/employees.table.ts';
import { users } from '../users/users.table.ts';
import { hrCalendarFeeds } from './hr-calendar.table.ts';
import { listHrCalendarInterviews, listHrCalendarTimeOffJson } from './hr-calendar-sources.ts';
import { addDays, peopleCondition, yearlyOn, type CalendarViewer } from './hr-calendar-people.ts';

export type { CalendarViewer } from './hr-calendar-people.ts';
export { addDays, yearlyOn } from './hr-calendar-people.ts';

// The HR calendar (designs/hr.md §6): holidays, birthdays and work anniversaries, time off and interviews of the
// enabled employees the filters keep, as the one item shape every calendar draws. Who sees what is decided here.

const holidayColor = '#868e96';
const birthdayColor = '#e64980';
const anniversaryColor = '#7950f2';

const allDay = (
  id: string,
  kind: string,
  title: string,
  day: string,
  color: string,
  extra: Partial<CalendarItem> = {},
): CalendarItem => ({
  id,
  kind,
  title,
  start: day,
  end: addDays(day, 1),
  all_day: true,
  color,
  display: 'block',
  url: null,
  user_id: null,
  source_id: null,
  editable: false,
  ...extra,
});

async function listHolidays(db: DbOrTransaction, query: HrCalendarQuery): Promise<CalendarItem[]> {
  const company = await db
    .select({ id: holidays.id, name: holidays.name, date: holidays.date })
    .from(holidays)
    .where(and(isNull(holidays.userId), between(holidays.date, query.from, query.to)))
    .orderBy(asc(holidays.date));
  const items = company.map((row) =>
    allDay(`holiday-${row.id}`, 'holiday', row.name ?? 'Holiday', row.date, holidayColor, {
      display: 'background',
      source_id: row.id,
    }),
  );
  // Each person's moves (shown on the day they take instead) and extra days, for the people the filters keep.
  const company2 = sql`(select h2.name from ${holidays} h2 where h2.user_id is null and h2.date = ${holidays.date})`;
  const own = await db
    .select({
      id: holidays.id,
      userId: holidays.userId,
      person: users.name,
      name: holidays.name,
      companyName: sql<string | null>`${company2}`,
      date: holidays.date,
      newDate: holidays.newDate,
    })
    .from(holidays)
    .innerJoin(users, eq(users.id, holidays.userId))
    .innerJoin(employees, eq(employees.userId, holidays.userId))
    .where(
      and(
        isNotNull(holidays.userId),
        peopleCondition(query),
        or(
          and(isNull(holidays.newDate), between(holidays.date, query.from, query.to)),
          between(holidays.newDate, query.from, query.to),
        ),
      ),
    )
    .orderBy(asc(holidays.date), asc(holidays.id));
  for (const row of own) {
    const moved = row.newDate !== null;
    const label = row.name ?? row.companyName ?? 'Holiday';
    items.push(
      allDay(
        `holiday-own-${row.id}`,
        moved ? 'moved_holiday' : 'individual_holiday',
        `${row.person}: ${label}`,
        moved ? row.newDate! : row.date,
        holidayColor,
        { user_id: row.userId, source_id: row.id },
      ),
    );
  }
  return items;
}

async function listYearly(
  db: DbOrTransaction,
  query: HrCalendarQuery,
  kind: 'birthdays' | 'anniversaries',
): Promise<CalendarItem[]> {
  const column = kind === 'birthdays' ? employees.birthday : employees.startDate;
  const rows = await db
    .select({ userId: employees.userId, name: users.name, day: column })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(peopleCondition(query), isNotNull(column)))
    .orderBy(asc(users.name));
  const items: CalendarItem[] = [];
  const firstYear = Number(query.from.slice(0, 4));
  const lastYear = Number(query.to.slice(0, 4));
  for (const row of rows)
    for (let year = firstYear; year <= lastYear; year += 1) {
      const day = yearlyOn(row.day!, year);
      if (day < query.from || day > query.to) continue;
      if (kind === 'birthdays') {
        items.push(
          allDay(`birthday-${row.userId}-${year}`, 'birthday', `${row.name}: Birthday`, day, birthdayColor, {
            user_id: row.userId,
          }),
        );
        continue;
      }
      const years = year - Number(row.day!.slice(0, 4));
      if (years < 1) continue;
      const title = `${row.name}: ${years} ${years === 1 ? 'year' : 'years'}`;
      items.push(
        allDay(`anniversary-${row.userId}-${year}`, 'anniversary', title, day, anniversaryColor, {
          user_id: row.userId,
        }),
      );
    }
  return items;
}

/** The kinds asked for in order, each only as far as the viewer may see it: time off as PostgreSQL's JSON text. */
async function calendarParts(
  db: DbOrTransaction,
  query: HrCalendarQuery,
  viewer: CalendarViewer,
): Promise<(CalendarItem[] | string)[]> {
  const kinds = new Set<HrCalendarKind>(query.kinds);
  const parts: (CalendarItem[] | string)[] = [];
  if (kinds.has('holidays')) parts.push(await listHolidays(db, query));
  if (kinds.has('time_off') || kinds.has('pending'))
    parts.push(await listHrCalendarTimeOffJson(db, query, viewer, kinds));
  if (kinds.has('interviews')) parts.push(await listHrCalendarInterviews(db, query, viewer));
  if (kinds.has('birthdays')) parts.push(await listYearly(db, query, 'birthdays'));
  if (kinds.has('anniversaries')) parts.push(await listYearly(db, query, 'anniversaries'));
  return parts;
}

/** The HR calendar's items as objects (the iCal feed, the general /calendar). */
export async function listHrCalendar(
  db: DbOrTransaction,
  query: HrCalendarQuery,
  viewer: CalendarViewer,
): Promise<CalendarItem[]> {
  const parts = await calendarParts(db, query, viewer);
  return parts.flatMap((part) => (typeof part === 'string' ? (JSON.parse(part) as CalendarItem[]) : part));
}

/** GET /api/hr/calendar's body as JSON text (hrCalendarResponseSchema): the time off is sent as PostgreSQL wrote it. */
export async function listHrCalendarJson(
  db: DbOrTransaction,
  query: HrCalendarQuery,
  viewer: CalendarViewer,
): Promise<string> {
  const parts = await calendarParts(db, query, viewer);
  const arrays = parts.map((part) => (typeof part === 'string' ? part : JSON.stringify(part)).slice(1, -1));
  return `{"data":[${arrays.filter((text) => text !== '').join(',')}]}`;
}

// The iCal feed (designs/hr.md §6): a personal URL whose token only the owner sees, once.

export const feedUrl = (appUrl: string, token: string) => `${appUrl}/api/hr/calendar.ics?token=${token}`;

export async function getHrCalendarFeed(db: DbOrTransaction, userId: number): Promise<HrCalendarFeed> {
  const [row] = await db.select().from(hrCalendarFeeds).where(eq(hrCalendarFeeds.userId, userId));
  return {
    exists: row !== undefined,
    url: null,
    created_at: row?.createdAt.toISOString() ?? null,
    last_used_at: row?.lastUsedAt?.toISOString() ?? null,
  };
}

/** A new token for the person; the old one stops working in the same statement. */
export async function regenerateHrCalendarFeed(db: Db, userId: number, appUrl: string): Promise<HrCalendarFeed> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(hrCalendarFeeds)
    .values({ userId, tokenHash: hashToken(token) })
    .onConflictDoUpdate({
      target: hrCalendarFeeds.userId,
      set: { tokenHash: hashToken(token), createdAt: sql`now()`, lastUsedAt: null },
    })
    .returning();
  return { exists: true, url: feedUrl(appUrl, token), created_at: row!.createdAt.toISOString(), last_used_at: null };
}

/**
 * The feed's items for a token: 404 unless it is the live token of an enabled employee who still holds 'view hr
 * calendar'. The window is 3 months back and 12 ahead of today; reasons never travel (feed URLs get shared).
 */
export async function readHrCalendarFeed(
  db: Db,
  token: string,
  today = new Date(),
): Promise<{ owner: string; items: CalendarItem[] }> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw notFound();
  const [owner] = await db
    .select({ feedId: hrCalendarFeeds.id, userId: users.id, name: users.name })
    .from(hrCalendarFeeds)
    .innerJoin(users, eq(users.id, hrCalendarFeeds.userId))
    .where(and(eq(hrCalendarFeeds.tokenHash, hashToken(token)), eq(users.type, 'Employee'), isNull(users.deletedAt)));
  if (!owner) throw notFound();
  const permissions = await listPermissionNames(db, owner.userId);
  if (!permissions.includes('view hr calendar')) throw notFound();
  await db
    .update(hrCalendarFeeds)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(hrCalendarFeeds.id, owner.feedId));
  const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - hrCalendarFeedMonthsBack, 1));
  const to = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + hrCalendarFeedMonthsAhead + 1, 0));
  const query: HrCalendarQuery = {
    from: from.toISOString().slice(0, 10),
    to: to.toISOString().slice(0, 10),
    kinds: ['time_off', 'holidays', 'interviews'],
  };
  // The owner's permissions less 'view human resources': the feed reads "Out", never a reason.
  const viewer = { id: owner.userId, permissions: permissions.filter((name) => name !== 'view human resources') };
  return { owner: owner.name, items: await listHrCalendar(db, query, viewer) };
}
