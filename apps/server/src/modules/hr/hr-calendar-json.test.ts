import type { CalendarItem } from '@switchboard/shared/calendar';
import {
  hrCalendarOutLabel,
  hrCalendarResponseSchema,
  type HrCalendarKind,
  type HrCalendarQuery,
} from '@switchboard/shared/hr/calendar';
import { and, asc, between, eq, gt, inArray, or, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import type { DbOrTransaction } from '../../db/client.ts';
import { holidays } from '../holidays/holidays.table.ts';
import { employees } from '../users/employees.table.ts';
import { users } from '../users/users.table.ts';
import { addDays, peopleCondition, type CalendarViewer } from './hr-calendar-people.ts';
import { listHrCalendar } from './hr-calendar.service.ts';
import { hrRequestDays, hrRequests } from './hr-requests.table.ts';
import { hrCategories } from './hr.table.ts';

// GET /api/hr/calendar's time off is JSON written by PostgreSQL (decision 0149). This holds it to a strict schema and
// to the former Node presenter (kept below as the reference) on varied data: half, custom and short days, 0-hour
// days, multi-day requests across the range's edges, every status, reasons that JSON must escape, a disabled person,
// other people's pending requests, for HR, an approver, a manager and a plain viewer, with each filter.

let ctx: TestContext;
const tokens: Record<string, string> = {};
const viewers: Record<string, CalendarViewer> = {};
let people: number[] = [];

/** The former presenter of the time off (before 0149), the reference the statement must match. */
function partLabel(part: string, hours: string, scheduled: string): string | null {
  if (part === 'morning') return 'Morning';
  if (part === 'afternoon') return 'Afternoon';
  if (part === 'custom' || Number(hours) < Number(scheduled)) return `${Number(hours)} h`;
  return null;
}
async function formerTimeOff(
  db: DbOrTransaction,
  query: HrCalendarQuery,
  viewer: CalendarViewer,
): Promise<CalendarItem[]> {
  const kinds = new Set<HrCalendarKind>(query.kinds);
  if (!kinds.has('time_off') && !kinds.has('pending')) return [];
  const everyone =
    viewer.permissions.includes('view human resources') || viewer.permissions.includes('approve hr requests');
  const visible: SQL | undefined = everyone
    ? undefined
    : or(eq(hrRequests.userId, viewer.id), eq(employees.managerId, viewer.id));
  const statuses = or(
    kinds.has('time_off') ? inArray(hrRequests.status, ['approved', 'completed']) : undefined,
    kinds.has('pending') ? and(eq(hrRequests.status, 'pending'), visible) : undefined,
  );
  const rows = await db
    .select({
      requestId: hrRequests.id,
      userId: hrRequests.userId,
      name: users.name,
      status: hrRequests.status,
      reason: hrRequests.reason,
      color: hrCategories.color,
      date: hrRequestDays.date,
      hours: hrRequestDays.hours,
      part: hrRequestDays.part,
      scheduled: hrRequestDays.scheduledHours,
    })
    .from(hrRequestDays)
    .innerJoin(hrRequests, eq(hrRequests.id, hrRequestDays.requestId))
    .innerJoin(hrCategories, eq(hrCategories.id, hrRequests.categoryId))
    .innerJoin(users, eq(users.id, hrRequests.userId))
    .innerJoin(employees, eq(employees.userId, hrRequests.userId))
    .where(
      and(
        between(hrRequestDays.date, query.from, query.to),
        gt(hrRequestDays.hours, '0'),
        eq(hrCategories.kind, 'time_off'),
        statuses,
        peopleCondition(query),
      ),
    )
    .orderBy(asc(hrRequestDays.date), asc(users.name), asc(hrRequests.id));
  const reasons = viewer.permissions.includes('view human resources');
  return rows.map((row) => {
    const pending = row.status === 'pending';
    const what = reasons && row.reason ? row.reason : hrCalendarOutLabel;
    const part = partLabel(row.part, row.hours, row.scheduled);
    return {
      id: `time-off-${row.requestId}-${row.date}`,
      kind: pending ? 'pending' : 'time_off',
      title: `${row.name}: ${what}${part ? ` (${part})` : ''}${pending ? ' (pending)' : ''}`,
      start: row.date,
      end: addDays(row.date, 1),
      all_day: true,
      color: row.color,
      display: pending ? 'outline' : 'block',
      url: `/hr/requests?request=${row.requestId}`,
      user_id: row.userId,
      source_id: row.requestId,
      editable: false,
    };
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  const sign = async (key: string, permissions: string[], name?: string) => {
    const user = await createUser(ctx.db, { permissions: ['view hr calendar', ...permissions], name });
    tokens[key] = (await login(ctx.app, user.email, user.password)).access_token;
    viewers[key] = { id: user.id, permissions: ['view hr calendar', ...permissions] };
    return user.id;
  };
  await sign('hr', ['view human resources']);
  await sign('approver', ['approve hr requests']);
  const boss = await sign('manager', [], 'Mona Manager');
  await sign('plain', []);
  // People with names that sort and escape differently; one disabled below.
  const names = ['Zoë Ünal', 'alice "Al" Able', 'Bob Baker', 'Ōta Ren', 'Carl\\Cole', 'Dee Dee', 'Eve Evans'];
  people = [];
  for (const [n, name] of names.entries())
    people.push((await createUser(ctx.db, { name, departments: [1 + (n % 2)] })).id);
  await ctx.db
    .update(employees)
    .set({ managerId: boss })
    .where(inArray(employees.userId, people.slice(0, 3)));
  await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, people[6]!));
  const categories = await ctx.db.select().from(hrCategories).orderBy(asc(hrCategories.id));
  const timeOff = categories.filter((category) => category.kind === 'time_off');
  const other = categories.find((category) => category.kind !== 'time_off')!;
  const statuses = ['approved', 'completed', 'pending', 'denied', 'cancelled', 'approved', 'pending'];
  const reasons = [null, '', 'Vacation', 'Doctor "Dr. Ünal", 3pm\nback \\ later\t', ' ', 'Family – 家族'];
  const parts: [string, string, string][] = [
    ['full', '8.00', '8.00'],
    ['morning', '4.00', '8.00'],
    ['afternoon', '5.00', '10.00'],
    ['custom', '2.50', '8.00'],
    ['full', '7.75', '8.00'],
    ['full', '0.00', '0.00'],
    ['full', '10.00', '10.00'],
    ['custom', '0.25', '8.00'],
  ];
  let seed = 7;
  const next = (below: number) => (seed = (seed * 48_271) % 2_147_483_647) % below;
  for (let n = 0; n < 60; n++) {
    const userId = people[next(people.length)]!;
    const category = n % 9 === 8 ? other : timeOff[next(timeOff.length)]!;
    const start = addDays('2026-02-24', next(40));
    const length = 1 + next(6);
    const [request] = await ctx.db
      .insert(hrRequests)
      .values({
        userId,
        categoryId: category.id,
        status: statuses[next(statuses.length)]!,
        reason: reasons[next(reasons.length)],
        bank: 'accrual',
        startDate: start,
        endDate: addDays(start, length - 1),
      })
      .returning({ id: hrRequests.id });
    const days = Array.from({ length }, (_, k) => {
      const [part, hours, scheduledHours] = parts[next(parts.length)]!;
      return { requestId: request!.id, userId, date: addDays(start, k), hours, part, scheduledHours, bank: 'accrual' };
    });
    await ctx.db.insert(hrRequestDays).values(days);
  }
  await ctx.db.insert(holidays).values([
    { name: 'Spring, "Day"', date: '2026-03-20' },
    { userId: people[1]!, date: '2026-03-20', newDate: '2026-03-23' },
  ]);
});
afterAll(async () => {
  await ctx.close();
});

const queries: { text: string; query: Partial<HrCalendarQuery> }[] = [
  { text: 'from=2026-03-01&to=2026-03-31', query: {} },
  { text: 'from=2026-02-27&to=2026-03-02&kinds=time_off', query: { kinds: ['time_off'] } },
  { text: 'from=2026-03-01&to=2026-04-30&kinds=pending', query: { kinds: ['pending'] } },
  { text: 'from=2026-03-01&to=2026-03-31&department_id=2', query: { department_id: 2 } },
  // Beyond a quarter the statement hash-joins the requests instead of reading each by key.
  { text: 'from=2026-01-01&to=2026-06-30', query: {} },
];

describe('GET /api/hr/calendar as PostgreSQL writes it', () => {
  it('answers exactly the schema and the former presenter, for every viewer and filter', async () => {
    let compared = 0;
    for (const [key, viewer] of Object.entries(viewers))
      for (const { text, query } of [
        ...queries,
        { text: `from=2026-03-01&to=2026-03-31&user_id=${people[1]}`, query: { user_id: people[1]! } },
      ]) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: `/api/hr/calendar?${text}`,
          headers: bearer(tokens[key]!),
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        const { data } = expectExactShape(hrCalendarResponseSchema, response.json());
        const params = new URLSearchParams(text);
        const full: HrCalendarQuery = {
          from: params.get('from')!,
          to: params.get('to')!,
          kinds: ['time_off', 'pending', 'holidays', 'interviews'],
          ...query,
        };
        const expected = await formerTimeOff(ctx.db, full, viewer);
        const timeOff = data.filter((item) => item.kind === 'time_off' || item.kind === 'pending');
        expect(timeOff).toEqual(expected);
        // The whole answer is the objects' answer (the feed's and /calendar's) in the same order.
        expect(data).toEqual(await listHrCalendar(ctx.db, full, viewer));
        compared += expected.length;
      }
    // The data reach every label: the comparison above is not of empty lists.
    expect(compared).toBeGreaterThan(100);
  });

  it('covers half, custom and short days, reasons, pending and the disabled person in its data', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/hr/calendar?from=2026-02-20&to=2026-04-30',
      headers: bearer(tokens.hr!),
    });
    const titles = (response.json() as { data: CalendarItem[] }).data.map((item) => item.title).join('\n');
    for (const label of ['(Morning)', '(Afternoon)', '(2.5 h)', '(7.75 h)', '(0.25 h)', '(pending)'])
      expect(titles).toContain(label);
    expect(titles).toContain('Doctor "Dr. Ünal", 3pm\nback \\ later\t');
    expect(titles).toContain(`: ${hrCalendarOutLabel}`);
    expect(titles).not.toContain('Eve Evans');
  });
});
