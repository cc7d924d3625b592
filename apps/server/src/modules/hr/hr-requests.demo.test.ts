import { hrRequestResponseSchema, hrRequestStatuses } from '@switchboard/shared/hr/requests';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { seedPtoDemo } from '../pto/pto.demo.ts';
import { ptoUsedHours } from '../pto/pto.table.ts';
import { employees } from '../users/employees.table.ts';
import { seedHrRequestsDemo } from './hr-requests.demo.ts';
import { hrRequests } from './hr-requests.table.ts';

// The requests demo: managers, every state, used rows only for approved PTO time off, nothing twice.

let ctx: TestContext;
const locals = [
  'olivia.park',
  'dana.whitaker',
  'tasha.greene',
  'marcus.bell',
  'priya.natarajan',
  'kevin.obrien',
  'ryan.kowalski',
  'luis.hernandez',
  'megan.tran',
  'jordan.ellis',
  'brandon.reyes',
  'aisha.johnson',
];
const ids = new Map<string, number>();
let olivia = '';

beforeAll(async () => {
  ctx = await createTestContext();
  for (const local of locals) {
    const user = await createUser(ctx.db, { email: `${local}@switchboard.example`, name: local });
    ids.set(local, user.id);
    if (local === 'olivia.park') olivia = (await login(ctx.app, user.email, user.password)).access_token;
  }
  await seedPtoDemo(
    ctx.db,
    [...ids.keys()].map((local) => `${local}@switchboard.example`),
  );
  await ctx.db.transaction((tx) => seedHrRequestsDemo(tx));
  await ctx.db.transaction((tx) => seedHrRequestsDemo(tx));
});
afterAll(async () => {
  await ctx.close();
});

describe('seedHrRequestsDemo', () => {
  it('sets the managers and seeds requests in every state, once', async () => {
    const [marcus] = await ctx.db
      .select()
      .from(employees)
      .where(eq(employees.userId, ids.get('marcus.bell')!));
    expect(marcus?.managerId).toBe(ids.get('dana.whitaker'));
    const rows = await ctx.db.select().from(hrRequests);
    expect(rows.length).toBe(28);
    expect([...new Set(rows.map((row) => row.status))].sort()).toEqual([...hrRequestStatuses].sort());
  });

  it('writes used rows for approved Accrual and Lump Sum time off only, matching their days', async () => {
    const { rows } = await ctx.db.execute<{ bad: number }>(sql`
      select count(*)::int as bad from pto_used_hours p
      left join hr_requests r on r.id = p.request_id
      where p.request_id is not null and (r.status <> 'approved' or r.bank = 'unpaid')`);
    expect(rows[0]?.bad).toBe(0);
    const used = await ctx.db.select().from(ptoUsedHours).where(isNotNull(ptoUsedHours.requestId));
    expect(used.length).toBeGreaterThan(10);
    const { rows: mismatched } = await ctx.db.execute<{ id: number }>(sql`
      select r.id from hr_requests r
      where r.status = 'approved' and r.bank in ('accrual', 'lump_sum')
        and r.total_hours <> coalesce((select sum(p.hours) from pto_used_hours p where p.request_id = r.id), 0)`);
    expect(mismatched).toEqual([]);
  });

  it('answers its requests through the API to the HR approver', async () => {
    const [pending] = await ctx.db.select().from(hrRequests).where(eq(hrRequests.stage, 'hr')).limit(1);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/hr/requests/${pending!.id}`,
      headers: bearer(olivia),
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = hrRequestResponseSchema.parse(response.json()).data;
    expect(data.can_approve || data.status !== 'pending').toBe(true);
  });
});
