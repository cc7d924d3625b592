import type { CalendarItem } from '@switchboard/shared/calendar';
import { hrCalendarFeedSchema, hrCalendarResponseSchema } from '@switchboard/shared/hr/calendar';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, createLogger } from '../../app.ts';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { z } from 'zod';
import { holidays } from '../holidays/holidays.table.ts';
import { userPermissions } from '../permissions/permissions.table.ts';
import { regions } from '../reference/reference.table.ts';
import { employees } from '../users/employees.table.ts';
import { users } from '../users/users.table.ts';
import { hrCalendarFeeds } from './hr-calendar.table.ts';
import { hrRequestDays, hrRequests } from './hr-requests.table.ts';
import { hrCategories, hrSteps } from './hr.table.ts';
import { hrApplicants, hrInterviewers, hrInterviews, hrJobs } from './hr-jobs.table.ts';

// The HR calendar and its iCal feed (designs/hr.md §6, §8, §9): the gates, holidays with each person's moves,
// birthdays and anniversaries behind their toggle, the filters, the feed's token rules and its answer.

let ctx: TestContext;
let hr: string;
let plain: string;
let client: string;
let hrUserId: number;
let alice: number;
let bob: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const viewer = await createUser(ctx.db, { name: 'Hana Hr', permissions: ['view hr calendar'] });
  hrUserId = viewer.id;
  hr = (await login(ctx.app, viewer.email, viewer.password)).access_token;
  const staff = await createUser(ctx.db);
  plain = (await login(ctx.app, staff.email, staff.password)).access_token;
  const account = await createUser(ctx.db, { type: 'Client' });
  client = (await login(ctx.app, account.email, account.password)).access_token;
  alice = (await createUser(ctx.db, { name: 'Alice Able', departments: [1] })).id;
  bob = (await createUser(ctx.db, { name: 'Bob Baker', departments: [3] })).id;
  await ctx.db
    .update(employees)
    .set({ birthday: '1990-03-14', startDate: '2020-03-02' })
    .where(eq(employees.userId, alice));
  await ctx.db
    .update(employees)
    .set({ birthday: '1988-02-29', startDate: '2026-03-01' })
    .where(eq(employees.userId, bob));
  await ctx.db.insert(holidays).values([
    { name: 'Spring Day', date: '2026-03-20' },
    { name: 'Summer Day', date: '2026-06-20' },
  ]);
  await ctx.db.insert(holidays).values([
    { userId: bob, date: '2026-03-20', newDate: '2026-03-23' },
    { userId: alice, name: 'Moving day', date: '2026-03-10' },
  ]);
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, as = hr) => ctx.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(as) });
const read = async (query: string, as = hr): Promise<CalendarItem[]> => {
  const response = await get(`/hr/calendar?${query}`, as);
  expect(response.statusCode, response.body).toBe(200);
  return expectExactShape(hrCalendarResponseSchema, response.json()).data;
};
const march = 'from=2026-03-01&to=2026-03-31';

describe('GET /api/hr/calendar', () => {
  it("needs 'view hr calendar'; clients get 403 and anyone signed out 401", async () => {
    expect((await get(`/hr/calendar?${march}`, plain)).statusCode).toBe(403);
    expect((await get(`/hr/calendar?${march}`, client)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/hr/calendar?${march}` })).statusCode).toBe(401);
  });

  it('shows company holidays as background, a move on its new day and an extra day, all-day with exclusive ends', async () => {
    const items = await read(`${march}&kinds=holidays`);
    const spring = items.find((item) => item.kind === 'holiday');
    expect(spring).toMatchObject({
      title: 'Spring Day',
      start: '2026-03-20',
      end: '2026-03-21',
      display: 'background',
    });
    expect(items.find((item) => item.kind === 'moved_holiday')).toMatchObject({
      title: 'Bob Baker: Spring Day',
      start: '2026-03-23',
      end: '2026-03-24',
      user_id: bob,
    });
    expect(items.find((item) => item.kind === 'individual_holiday')).toMatchObject({
      title: 'Alice Able: Moving day',
      start: '2026-03-10',
    });
    expect(items.some((item) => item.title === 'Summer Day')).toBe(false);
  });

  it('shows birthdays and anniversaries only when asked, 29 February on the 28th, no anniversary in year one', async () => {
    expect((await read(march)).some((item) => item.kind === 'birthday')).toBe(false);
    const items = await read('from=2026-02-01&to=2026-03-31&kinds=birthdays,anniversaries');
    expect(items.filter((item) => item.kind === 'birthday').map((item) => [item.title, item.start])).toEqual([
      ['Alice Able: Birthday', '2026-03-14'],
      ['Bob Baker: Birthday', '2026-02-28'],
    ]);
    expect(items.filter((item) => item.kind === 'anniversary').map((item) => [item.title, item.start])).toEqual([
      ['Alice Able: 6 years', '2026-03-02'],
    ]);
  });

  it('filters by department and person, keeping company holidays', async () => {
    const sales = await read(`${march}&kinds=holidays,birthdays&department_id=3`);
    expect(sales.filter((item) => item.user_id !== null).map((item) => [item.kind, item.user_id])).toEqual([
      ['moved_holiday', bob],
    ]);
    expect(sales.some((item) => item.kind === 'holiday')).toBe(true);
    const onlyAlice = await read(`${march}&kinds=birthdays&user_id=${alice}`);
    expect(onlyAlice.map((item) => item.user_id)).toEqual([alice]);
    const [region] = await ctx.db.select({ id: regions.id }).from(regions).limit(1);
    if (region) {
      await ctx.db.update(employees).set({ regionId: region.id }).where(eq(employees.userId, alice));
      const inRegion = await read(`${march}&kinds=birthdays&region_id=${region.id}`);
      expect(inRegion.map((item) => item.user_id)).toEqual([alice]);
    }
  });

  it('leaves disabled people out', async () => {
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, bob));
    const items = await read(`${march}&kinds=holidays,birthdays`);
    expect(items.some((item) => item.user_id === bob)).toBe(false);
    await ctx.db.update(users).set({ deletedAt: null }).where(eq(users.id, bob));
  });

  it('answers 422 for a bad range or kind, never a 500', async () => {
    const backwards = await get('/hr/calendar?from=2026-03-31&to=2026-03-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.to).toEqual(['The end of the range must not be before its start.']);
    const long = await get('/hr/calendar?from=2026-01-01&to=2027-12-31');
    expect(long.json().errors.to).toEqual(['The range may not be longer than 400 days.']);
    const kind = await get(`/hr/calendar?${march}&kinds=holidays,parties`);
    expect(kind.statusCode).toBe(422);
    const missing = await get('/hr/calendar?to=2026-03-01');
    expect(missing.json().errors.from).toEqual(['The from field is required.']);
    expect((await get('/hr/calendar?from=2026-02-30&to=2026-03-01')).json().errors.from).toEqual([
      'The from is not a valid date.',
    ]);
  });
});

describe('time off on the HR calendar', () => {
  let people: string;
  let manager: string;
  let approvedId: number;
  let pendingId: number;

  beforeAll(async () => {
    const head = await createUser(ctx.db, { permissions: ['view hr calendar', 'view human resources'] });
    people = (await login(ctx.app, head.email, head.password)).access_token;
    const boss = await createUser(ctx.db, { name: 'Mona Manager', permissions: ['view hr calendar'] });
    manager = (await login(ctx.app, boss.email, boss.password)).access_token;
    await ctx.db.update(employees).set({ managerId: boss.id }).where(eq(employees.userId, bob));
    const [timeOff] = await ctx.db.select().from(hrCategories).where(eq(hrCategories.kind, 'time_off')).limit(1);
    const [equipment] = await ctx.db.select().from(hrCategories).where(eq(hrCategories.kind, 'equipment')).limit(1);
    const request = (userId: number, status: string, categoryId = timeOff!.id) =>
      ctx.db
        .insert(hrRequests)
        .values({ userId, categoryId, status, reason: 'Vacation', bank: 'accrual', startDate: '2026-03-05' })
        .returning()
        .then((rows) => rows[0]!.id);
    approvedId = await request(alice, 'approved');
    pendingId = await request(bob, 'pending');
    const otherKind = await request(alice, 'approved', equipment!.id);
    const day = (requestId: number, userId: number, date: string, hours: string, part = 'full') => ({
      requestId,
      userId,
      date,
      hours,
      part,
      bank: 'accrual',
      scheduledHours: '8',
    });
    await ctx.db
      .insert(hrRequestDays)
      .values([
        day(approvedId, alice, '2026-03-05', '8'),
        day(approvedId, alice, '2026-03-06', '4', 'morning'),
        day(approvedId, alice, '2026-03-07', '0'),
        day(pendingId, bob, '2026-03-09', '6', 'custom'),
        day(otherKind, alice, '2026-03-11', '8'),
      ]);
  });

  const timeOff = (items: CalendarItem[]) =>
    items.filter((item) => item.kind === 'time_off' || item.kind === 'pending').map((item) => [item.title, item.start]);

  it('shows approved days with hours in the category colour, "Out" without HR rights, "Morning" on a half day', async () => {
    const items = await read(march);
    expect(timeOff(items)).toEqual([
      ['Alice Able: Out', '2026-03-05'],
      ['Alice Able: Out (Morning)', '2026-03-06'],
    ]);
    const first = items.find((item) => item.kind === 'time_off')!;
    expect(first).toMatchObject({
      id: `time-off-${approvedId}-2026-03-05`,
      end: '2026-03-06',
      all_day: true,
      color: '#228be6',
      url: `/hr/requests?request=${approvedId}`,
    });
  });

  it("gives the reason and every pending request (outlined) to 'view human resources'", async () => {
    const items = await read(march, people);
    expect(timeOff(items)).toEqual([
      ['Alice Able: Vacation', '2026-03-05'],
      ['Alice Able: Vacation (Morning)', '2026-03-06'],
      ['Bob Baker: Vacation (6 h) (pending)', '2026-03-09'],
    ]);
    expect(items.find((item) => item.kind === 'pending')).toMatchObject({ display: 'outline' });
    expect(timeOff(await read(`${march}&kinds=time_off`, people))).toHaveLength(2);
  });

  it("shows a pending request to the requester's manager, not to other viewers", async () => {
    expect(timeOff(await read(march, manager))).toContainEqual(['Bob Baker: Out (6 h) (pending)', '2026-03-09']);
    expect(timeOff(await read(march)).some(([title]) => title!.includes('pending'))).toBe(false);
  });

  it('never puts a reason in the feed, even for HR', async () => {
    const made = await ctx.app.inject({ method: 'POST', url: '/api/hr/calendar/feed', headers: bearer(people) });
    const url = made.json().data.url as string;
    await ctx.db.insert(hrRequestDays).values({
      requestId: approvedId,
      userId: alice,
      date: new Date().toISOString().slice(0, 10),
      hours: '8',
      bank: 'accrual',
      scheduledHours: '8',
    });
    const ics = (await ctx.app.inject({ method: 'GET', url: url.replace(ctx.config.appUrl, '') })).body;
    expect(ics).toContain('SUMMARY:Alice Able: Out');
    expect(ics).not.toContain('Vacation');
    expect(ics).not.toContain('pending');
  });
});

describe('interviews on the HR calendar', () => {
  let recruiter: string;
  let sitting: string;
  let interviewId: number;

  beforeAll(async () => {
    const jobs = await createUser(ctx.db, { permissions: ['view hr calendar', 'manage jobs'] });
    recruiter = (await login(ctx.app, jobs.email, jobs.password)).access_token;
    const panel = await createUser(ctx.db, { name: 'Ivy Interviewer', permissions: ['view hr calendar'] });
    sitting = (await login(ctx.app, panel.email, panel.password)).access_token;
    const [step] = await ctx.db.select().from(hrSteps).limit(1);
    const [job] = await ctx.db
      .insert(hrJobs)
      .values({ title: 'Help Desk Technician', employmentType: 'full_time', workplace: 'on_site' })
      .returning();
    const [applicant] = await ctx.db
      .insert(hrApplicants)
      .values({
        jobId: job!.id,
        firstName: 'Cara',
        lastName: 'Candidate',
        email: 'cara@example.test',
        stepId: step!.id,
      })
      .returning();
    const interview = (startsAt: string, status: 'scheduled' | 'cancelled' = 'scheduled') => ({
      applicantId: applicant!.id,
      startsAt: new Date(startsAt),
      endsAt: new Date(new Date(startsAt).getTime() + 3_600_000),
      kind: 'video' as const,
      status,
      icsUid: `uid-${startsAt}-${status}`,
    });
    const rows = await ctx.db
      .insert(hrInterviews)
      .values([interview('2026-03-12T15:00:00.000Z'), interview('2026-03-13T15:00:00.000Z', 'cancelled')])
      .returning();
    interviewId = rows[0]!.id;
    await ctx.db.insert(hrInterviewers).values({ interviewId, userId: panel.id });
  });

  const interviews = (items: CalendarItem[]) => items.filter((item) => item.kind === 'interview');

  it("shows scheduled interviews in UTC to 'manage jobs' and to their interviewers only", async () => {
    const all = interviews(await read(march, recruiter));
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      id: `interview-${interviewId}`,
      title: 'Interview: Cara Candidate (Help Desk Technician)',
      start: '2026-03-12T15:00:00.000Z',
      end: '2026-03-12T16:00:00.000Z',
      all_day: false,
    });
    expect(interviews(await read(march, sitting))).toHaveLength(1);
    expect(interviews(await read(march))).toHaveLength(0);
    expect(interviews(await read(`${march}&kinds=holidays`, recruiter))).toHaveLength(0);
  });
});

describe('the iCal feed', () => {
  const feedAnswer = z.object({ data: hrCalendarFeedSchema });
  const regenerate = async (as = hr) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/hr/calendar/feed', headers: bearer(as) });
    expect(response.statusCode, response.body).toBe(200);
    return expectExactShape(feedAnswer, response.json()).data;
  };
  const fetchFeed = (url: string) => ctx.app.inject({ method: 'GET', url: url.replace(ctx.config.appUrl, '') });

  it("needs 'view hr calendar' to show or make the URL", async () => {
    expect((await get('/hr/calendar/feed', plain)).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/hr/calendar/feed', headers: bearer(client) })).statusCode,
    ).toBe(403);
  });

  it('shows no URL until one is made; the URL is shown once and only its hash is stored', async () => {
    const before = expectExactShape(feedAnswer, (await get('/hr/calendar/feed')).json()).data;
    expect(before).toEqual({ exists: false, url: null, created_at: null, last_used_at: null });
    const made = await regenerate();
    expect(made.url).toMatch(/\/api\/hr\/calendar\.ics\?token=[A-Za-z0-9_-]{43}$/);
    const token = made.url!.split('token=')[1]!;
    const [row] = await ctx.db.select().from(hrCalendarFeeds).where(eq(hrCalendarFeeds.userId, hrUserId));
    expect(row!.tokenHash).not.toContain(token);
    const after = expectExactShape(feedAnswer, (await get('/hr/calendar/feed')).json()).data;
    expect(after).toMatchObject({ exists: true, url: null });
  });

  it('answers text/calendar, private for 5 minutes, uncompressed, all-day days with exclusive ends and stable UIDs', async () => {
    const { url } = await regenerate();
    const today = new Date().toISOString().slice(0, 10);
    const [holiday] = await ctx.db.insert(holidays).values({ name: 'Feed; Day, One', date: today }).returning();
    const first = await ctx.app.inject({
      method: 'GET',
      url: url!.replace(ctx.config.appUrl, ''),
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(first.headers['cache-control']).toBe('private, max-age=300');
    expect(first.headers['content-encoding']).toBeUndefined();
    const body = first.body;
    expect(body).toContain(`UID:holiday-${holiday!.id}@switchboard`);
    expect(body).toContain(`DTSTART;VALUE=DATE:${today.replaceAll('-', '')}`);
    const next = new Date(`${today}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    expect(body).toContain(`DTEND;VALUE=DATE:${next.toISOString().slice(0, 10).replaceAll('-', '')}`);
    expect(body).toContain('SUMMARY:Feed\\; Day\\, One');
    // Outside the window (3 months back): not there.
    expect(body).not.toContain('Spring Day');
    const second = await fetchFeed(url!);
    expect(second.body.match(/UID:.*/g)).toEqual(body.match(/UID:.*/g));
    const [row] = await ctx.db.select().from(hrCalendarFeeds).where(eq(hrCalendarFeeds.userId, hrUserId));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('keeps the token out of the logs, even at trace level', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const logged = await buildApp({
      db: ctx.db,
      config: ctx.config,
      logger: createLogger({ logLevel: 'trace' }, sink),
    });
    try {
      const token = (await regenerate()).url!.split('token=')[1]!;
      expect((await logged.inject({ method: 'GET', url: `/api/hr/calendar.ics?token=${token}` })).statusCode).toBe(200);
      await logged.inject({ method: 'GET', url: `/api/hr/calendar.ics?token=${token}x` });
      await logged.inject({ method: 'GET', url: '/api/health' });
      const log = lines.join('');
      expect(log).toContain('/api/health');
      expect(log).not.toContain(token);
    } finally {
      await logged.close();
    }
  });

  it('404s a regenerated (revoked) token, a malformed one, a disabled owner and a lost permission', async () => {
    const old = (await regenerate()).url!;
    const current = (await regenerate()).url!;
    expect((await fetchFeed(old)).statusCode).toBe(404);
    expect((await fetchFeed(current)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/hr/calendar.ics?token=nope' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/hr/calendar.ics' })).statusCode).toBe(404);

    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, hrUserId));
    expect((await fetchFeed(current)).statusCode).toBe(404);
    await ctx.db.update(users).set({ deletedAt: null }).where(eq(users.id, hrUserId));
    expect((await fetchFeed(current)).statusCode).toBe(200);

    await ctx.db.delete(userPermissions).where(eq(userPermissions.userId, hrUserId));
    expect((await fetchFeed(current)).statusCode).toBe(404);
  });
});
