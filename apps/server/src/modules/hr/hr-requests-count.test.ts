import { HR_REQUEST_COUNT_CAP, hrRequestListResponseSchema } from '@switchboard/shared/hr/requests';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { hrCategories } from './hr.table.ts';

// The request lists' total stops at HR_REQUEST_COUNT_CAP (as the ticket queue's and the stock list's do): All's first
// page no longer counts every request. Below the cap the total is exact; past it the pager still reaches every row.

let ctx: TestContext;
let token: string;
let otherCategory: number;
const over = HR_REQUEST_COUNT_CAP + 30;

beforeAll(async () => {
  ctx = await createTestContext();
  const hr = await createUser(ctx.db, { name: 'Hana HR', permissions: ['view human resources'] });
  const staff = await createUser(ctx.db, { name: 'Sam Staff' });
  token = (await login(ctx.app, hr.email, hr.password)).access_token;
  const [row] = await ctx.db.select().from(hrCategories).where(eq(hrCategories.name, 'Other'));
  otherCategory = row.id;
  // Sam's requests: the cap and 30 more, every tenth one denied (60 of them: a filter under the cap).
  await ctx.db.execute(sql`
    insert into hr_requests (user_id, category_id, status, stage, details, created_at)
    select ${staff.id}::int, ${otherCategory}::int, case when n % 10 = 0 then 'denied' else 'pending' end, 'hr',
      jsonb_build_object('subject', 'Request ' || n, 'details', ''), now() - n * interval '1 minute'
    from generate_series(1, ${over}::int) n`);
});
afterAll(async () => {
  await ctx.close();
});

const list = async (query: string) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/hr/requests?${query}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return hrRequestListResponseSchema.parse(response.json());
};

describe('GET /api/hr/requests?scope=all counts up to the cap', () => {
  it('answers the cap as the total of a first page when more match', async () => {
    const page = await list('scope=all');
    expect(page.data).toHaveLength(50);
    expect(page.total).toBe(HR_REQUEST_COUNT_CAP);
    expect(page.last_page).toBe(HR_REQUEST_COUNT_CAP / 50);
  });

  it('counts a filter under the cap exactly', async () => {
    const denied = await list('scope=all&status=denied');
    expect(denied.total).toBe(Math.floor(over / 10));
    expect(denied.data.every((row) => row.status === 'denied')).toBe(true);
  });

  it('reaches the rows past the cap: a page there answers them and a total beyond it', async () => {
    const perPage = 100;
    const beyond = await list(`scope=all&per_page=${perPage}&page=${HR_REQUEST_COUNT_CAP / perPage}`);
    expect(beyond.data).toHaveLength(perPage);
    // The rows read reach past the cap, so the total says there is more.
    expect(beyond.total).toBe(HR_REQUEST_COUNT_CAP + 1);
    const last = await list(`scope=all&per_page=${perPage}&page=${HR_REQUEST_COUNT_CAP / perPage + 1}`);
    expect(last.data).toHaveLength(over - HR_REQUEST_COUNT_CAP);
    expect(last.total).toBe(over);
    expect(last.data.at(-1)?.summary).toContain(`Request ${over}`);
  });
});
