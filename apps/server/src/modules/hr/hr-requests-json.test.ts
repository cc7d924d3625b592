import { hrCategoryKinds } from '@switchboard/shared/hr/base';
import {
  hrRequestBalanceSchema,
  hrRequestBanks,
  hrRequestDaySchema,
  hrRequestEventSchema,
  hrRequestPermissionsSchema,
  hrRequestStages,
  hrRequestStatuses,
  type HrRequestDetail,
  type HrRequestRow,
} from '@switchboard/shared/hr/requests';
import { and, eq, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { users } from '../users/users.table.ts';
import { employees } from '../users/employees.table.ts';
import { ptoSettings } from '../pto/pto.table.ts';
import { findRequestRows, presentRow } from './hr-requests.present.ts';
import { getRequestDetail } from './hr-requests.service.ts';
import { hrRequests } from './hr-requests.table.ts';
import { hrCategories } from './hr.table.ts';

// GET /api/hr/requests answers the paginator's JSON text written by PostgreSQL (hr-requests.queries.ts). Each list is
// held here to a strict contract (no key more or less) and to presentRow's answers over the same rows (the shaping
// the socket's HrRequestUpdated still uses), on every kind, status, stage and bank, null and odd details, reasons
// JSON must escape, deleted deciders, microsecond times, and on paging and counting.

let ctx: TestContext;
let hr: { id: number; token: string };
let manager: { id: number; token: string };
let worker: { id: number; token: string };
let other: { id: number; token: string };
const tricky = 'Quote "q" \\ back\\slash / Ünïcode – tab\there\nline';

const person = z.strictObject({ id: z.number().int(), name: z.string() });
const rowSchema = z.strictObject({
  id: z.number().int(),
  status: z.enum(hrRequestStatuses),
  stage: z.enum(hrRequestStages),
  category: z.strictObject({
    id: z.number().int(),
    name: z.string(),
    kind: z.enum(hrCategoryKinds),
    color: z.string(),
  }),
  requester: person,
  summary: z.string(),
  reason: z.string().nullable(),
  bank: z.enum(hrRequestBanks).nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  total_hours: z.number(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by: person.nullable(),
  version: z.number().int(),
}) satisfies z.ZodType<HrRequestRow>;
const detailSchema = z.strictObject({
  ...rowSchema.shape,
  ...hrRequestPermissionsSchema.shape,
  note: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
  days: z.array(hrRequestDaySchema.strict()),
  approvers: z.array(person),
  created_by: person.nullable(),
  events: z.array(hrRequestEventSchema.extend({ actor: person.nullable() }).strict()),
  balances: z.array(hrRequestBalanceSchema.strict()),
  negative: z.boolean(),
  attachment: z.strictObject({ name: z.string(), mime: z.string(), bytes: z.number().int() }).nullable(),
}) satisfies z.ZodType<HrRequestDetail>;
const pageSchema = z.strictObject({
  data: z.array(rowSchema),
  total: z.number().int(),
  current_page: z.number().int(),
  per_page: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  last_page: z.number().int(),
});

const signedIn = async (name: string, permissions: string[] = []) => {
  const user = await createUser(ctx.db, { name, permissions });
  return { id: user.id, token: (await login(ctx.app, user.email, user.password)).access_token };
};

beforeAll(async () => {
  ctx = await createTestContext();
  hr = await signedIn('Hana "HR"', ['approve hr requests', 'view human resources']);
  manager = await signedIn('Mike Manager');
  worker = await signedIn(tricky);
  other = await signedIn('Oscar Other');
  const gone = await createUser(ctx.db, { name: 'Gone Decider' });
  await ctx.db
    .update(employees)
    .set({ managerId: manager.id })
    .where(inArray(employees.userId, [worker.id, other.id]));
  const category = Object.fromEntries(
    (await ctx.db.select().from(hrCategories)).map((row) => [row.kind, row.id] as const),
  ) as Record<(typeof hrCategoryKinds)[number], number>;

  type Values = typeof hrRequests.$inferInsert;
  const rows: Values[] = [];
  let minute = 0;
  const add = (values: Omit<Values, 'createdAt'>) => {
    minute += 1;
    // Microseconds in every time: the JSON must cut them as Date.toISOString does.
    const createdAt = new Date(Date.UTC(2026, 0, 1, 8, minute, 7, 123));
    rows.push({ ...values, createdAt });
  };
  const decided = (status: string, by: number | null) =>
    status === 'pending' ? {} : { decidedBy: by, decidedAt: new Date(Date.UTC(2026, 1, 2, 9, 30, 0, 999)) };
  for (const status of hrRequestStatuses) {
    for (const [i, bank] of [...hrRequestBanks, null].entries()) {
      for (const reason of ['Vacation', null, '', tricky, '  padded  ']) {
        add({
          userId: i % 2 === 0 ? worker.id : other.id,
          categoryId: category.time_off,
          status,
          stage: i % 2 === 0 ? 'manager' : 'hr',
          reason,
          bank,
          startDate: `2026-0${1 + i}-0${1 + i}`,
          endDate: `2026-0${1 + i}-1${i}`,
          totalHours: ['12.00', '0.00', '7.50', '123.25'][i]!,
          version: 1 + i,
          ...decided(status, i === 3 ? gone.id : manager.id),
        });
      }
    }
    for (const details of [
      { item: 'Monitor', type: 'Monitor', quantity: 2, justification: 'x' },
      { item: tricky, quantity: null },
      {},
      null,
    ]) {
      add({
        userId: worker.id,
        categoryId: category.equipment,
        status,
        stage: 'hr',
        details,
        ...decided(status, hr.id),
      });
    }
    for (const details of [
      { effective_date: '2026-03-01', end_date: '2026-04-01' },
      { effective_date: '2026-03-01', end_date: '' },
      { effective_date: '2026-03-01', end_date: null },
      {},
    ]) {
      add({ userId: other.id, categoryId: category.schedule_change, status, stage: 'manager', details });
    }
    for (const details of [{ subject: tricky, details: 'x' }, { subject: 42 }, {}, null]) {
      add({ userId: worker.id, categoryId: category.general, status, stage: 'hr', details, ...decided(status, null) });
    }
  }
  await ctx.db.insert(hrRequests).values(rows);
  // Microseconds PostgreSQL keeps and JavaScript never sees (rows written by SQL, the bench's seeds, now()).
  await ctx.db.execute(sql`update hr_requests set created_at = created_at + interval '456 microseconds',
    decided_at = decided_at + interval '789 microseconds'`);
  // Days (holidays, custom parts, non-working days) and a log (system lines without an actor, text to escape).
  await ctx.db.execute(sql`insert into hr_request_days (request_id, date, user_id, hours, bank, part, start_time,
      end_time, scheduled_hours, holiday)
    select r.id, d::date, r.user_id, case when extract(isodow from d) < 6 then 4.5 else 0 end, r.bank,
      (array['full', 'morning', 'afternoon', 'custom'])[1 + (r.id + extract(day from d)::int) % 4],
      case when r.id % 3 = 0 then '09:00' end, case when r.id % 3 = 0 then '13:30' end,
      case when extract(isodow from d) < 6 then 8 else 0 end, case when extract(day from d) = 4 then ${tricky}::text end
    from hr_requests r cross join lateral generate_series(r.start_date::timestamp, r.end_date::timestamp, '1 day') d
    where r.bank is not null`);
  await ctx.db.execute(sql`insert into hr_request_events (request_id, actor_id, action, comment, detail, created_at)
    select r.id, r.user_id, 'submitted', case when r.id % 2 = 0 then ${tricky}::text end, null, r.created_at from hr_requests r
    union all
    select r.id, null, 'updated', null, 'Holiday added: 8.00 h returned', r.created_at + interval '1.5 seconds'
    from hr_requests r where r.id % 4 = 0
    union all
    select r.id, r.decided_by, r.status, 'ok', null, r.decided_at from hr_requests r
    where r.decided_at is not null and r.status in ('approved', 'denied', 'cancelled', 'completed')`);
  await ctx.db.execute(sql`update hr_requests set created_by = case when id % 5 = 0 then null else ${hr.id}::int end,
    attachment_path = case when id % 3 = 0 then 'x/y.pdf' end, attachment_name = case when id % 3 = 0 then ${tricky}::text end,
    attachment_mime = case when id % 3 = 0 then 'application/pdf' end,
    attachment_bytes = case when id % 3 = 0 then 1234 end`);
  await ctx.db.insert(ptoSettings).values({
    userId: worker.id,
    name: 'Vacation',
    type: 'Flat Rate',
    startDate: '2025-01-15',
    initialHours: '40',
  });
  // A decider deleted: the row still names them (soft delete keeps the user).
  await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
});
afterAll(async () => {
  await ctx.close();
});

const list = async (token: string, query: string) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/hr/requests?${query}`, headers: bearer(token) });
  expect(response.statusCode, query).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return pageSchema.parse(response.json());
};

/** What the list answered before its rows were JSON from PostgreSQL: presentRow over the drizzle select, paged. */
async function presented(where: SQL | undefined, page: number, perPage: number) {
  const all = (await findRequestRows(ctx.db, where)).map(presentRow);
  const data = all.slice((page - 1) * perPage, page * perPage);
  const from = data.length > 0 ? (page - 1) * perPage + 1 : null;
  return {
    data,
    total: all.length,
    current_page: page,
    per_page: perPage,
    from,
    to: from === null ? null : from + data.length - 1,
    last_page: Math.max(1, Math.ceil(all.length / perPage)),
  };
}

describe('GET /api/hr/requests written by PostgreSQL', () => {
  it('answers every kind, status and bank as presentRow does (All, every page)', async () => {
    const first = await list(hr.token, 'scope=all&per_page=500');
    expect(first.total).toBeGreaterThan(100);
    expect(first).toEqual(await presented(undefined, 1, 500));
    for (const page of [1, 2, 3, 7, 99]) {
      expect(await list(hr.token, `scope=all&per_page=20&page=${page}`)).toEqual(await presented(undefined, page, 20));
    }
    // The default window (50 a page, written into the statement) and a deep one.
    expect(await list(hr.token, 'scope=all')).toEqual(await presented(undefined, 1, 50));
    expect(await list(hr.token, 'scope=all&page=6')).toEqual(await presented(undefined, 6, 50));
  });

  it('spells the summaries as summaryOf does', async () => {
    const { data } = await list(hr.token, 'scope=all&per_page=500');
    const summaries = new Set(data.map((row) => row.summary));
    for (const expected of [
      'Vacation, 12.00 h Accrual',
      'Time off, 0.00 h Lump Sum',
      ', 7.50 h Unpaid',
      'padded  , 123.25 h',
      '2 x Monitor',
      `1 x ${tricky}`,
      '1 x ',
      'From 2026-03-01 to 2026-04-01',
      'From 2026-03-01',
      'From ',
      tricky,
      '42',
      '',
    ]) {
      expect(summaries, expected).toContain(expected);
    }
  });

  it('filters as before: Mine, To approve (manager and HR), status, category, person and dates', async () => {
    const timeOff = (await ctx.db.select().from(hrCategories).where(eq(hrCategories.kind, 'time_off')))[0]!.id;
    const reports = or(eq(hrRequests.userId, worker.id), eq(hrRequests.userId, other.id));
    const cases: [{ token: string }, string, SQL | undefined][] = [
      [worker, 'scope=mine', eq(hrRequests.userId, worker.id)],
      [manager, 'scope=approvals', and(ne(hrRequests.userId, manager.id), reports)],
      [
        manager,
        'scope=approvals&status=pending',
        and(ne(hrRequests.userId, manager.id), reports, eq(hrRequests.status, 'pending')),
      ],
      [
        hr,
        'scope=approvals&status=pending',
        and(ne(hrRequests.userId, hr.id), or(eq(hrRequests.stage, 'hr')), eq(hrRequests.status, 'pending')),
      ],
      [
        hr,
        `scope=all&status=approved&category_id=${timeOff}&from=2026-02-01&to=2026-03-31`,
        and(
          eq(hrRequests.status, 'approved'),
          eq(hrRequests.categoryId, timeOff),
          gte(hrRequests.endDate, '2026-02-01'),
          lte(hrRequests.startDate, '2026-03-31'),
        ),
      ],
      [
        hr,
        `scope=all&user_id=${other.id}&status=denied`,
        and(eq(hrRequests.userId, other.id), eq(hrRequests.status, 'denied')),
      ],
    ];
    for (const [who, query, where] of cases) {
      const answer = await list(who.token, `${query}&per_page=500`);
      expect(answer.total, query).toBeGreaterThan(0);
      expect(answer, query).toEqual(await presented(where, 1, 500));
      expect(await list(who.token, `${query}&per_page=3&page=2`), query).toEqual(await presented(where, 2, 3));
    }
    // Nobody's: an empty first page, and a page past the end answers the filter's count.
    expect(await list(other.token, 'scope=approvals')).toEqual(await presented(sql`false`, 1, 50));
    expect(await list(worker.token, 'scope=mine&page=40')).toEqual(
      await presented(eq(hrRequests.userId, worker.id), 40, 50),
    );
  });

  it('keeps All to HR (403 for anyone else)', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/hr/requests?scope=all',
      headers: bearer(worker.token),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/hr/requests/{id} read in one statement', () => {
  it("answers what getRequestDetail (the writes' answer) gives, to every viewer, on every request", async () => {
    const ids = (await ctx.db.select({ id: hrRequests.id }).from(hrRequests)).map((row) => row.id);
    const viewers = [
      { ...hr, permissions: ['approve hr requests', 'view human resources'] },
      { ...manager, permissions: [] },
      { ...worker, permissions: [] },
      { ...other, permissions: [] },
    ];
    let seen = 0;
    let withBalances = 0;
    for (const [index, id] of ids.entries()) {
      // HR on every request; the requester, the manager and a colleague on every fourth (one call each is slow here).
      for (const viewer of index % 4 === 0 ? viewers : viewers.slice(0, 1)) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: `/api/hr/requests/${id}`,
          headers: bearer(viewer.token),
        });
        const expected = await getRequestDetail(ctx.db, id, viewer).catch(() => null);
        if (expected === null) {
          expect(response.statusCode, `${id} for ${viewer.id}`).toBe(404);
          continue;
        }
        expect(response.statusCode, `${id} for ${viewer.id}`).toBe(200);
        const body = z.strictObject({ data: detailSchema }).parse(response.json());
        expect(body.data, `${id} for ${viewer.id}`).toEqual(expected);
        expect(Object.keys(body.data).sort()).toEqual(Object.keys(expected).sort());
        seen += 1;
        if (body.data.balances.length > 0) withBalances += 1;
      }
    }
    // Every request seen by someone; balances, approvers, attachments and 404s all met.
    expect(seen).toBeGreaterThan(ids.length);
    expect(withBalances).toBeGreaterThan(0);
  }, 240_000);
});
