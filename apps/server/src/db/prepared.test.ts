import { ticketSortColumns } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../test/helpers.ts';
import { companies } from '../modules/companies/companies.table.ts';
import { tickets } from '../modules/tickets/tickets.table.ts';
import { STATEMENTS_PER_CONNECTION } from './prepared.ts';

// Decision 0029: every queue shape, page length and page made a statement on each pooled connection, kept forever.
describe('prepared statements stay bounded on every pooled connection', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** `pg_prepared_statements` of each connection of the pool, all checked out at once so none is asked twice. */
  async function statementsPerConnection(): Promise<number[]> {
    const clients = await Promise.all(Array.from({ length: ctx.pool.options.max }, () => ctx.pool.connect()));
    try {
      return await Promise.all(
        clients.map(
          async (client) =>
            (await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n,
        ),
      );
    } finally {
      for (const client of clients) client.release();
    }
  }

  /** The `index`th of many distinct queue queries: filters, sort, direction, page length, page and search vary. */
  function queueQuery(index: number, companyId: number): string {
    const query = new URLSearchParams({
      sort: ticketSortColumns[index % ticketSortColumns.length]!,
      direction: index % 2 ? 'asc' : 'desc',
    });
    const bits = Math.floor(index / 18);
    if (bits & 1) query.set('company_id', String(companyId));
    if (bits & 2) query.set('triage_id', String(1 + (index % 4)));
    if (bits & 4) query.set('status', bits & 8 ? 'all' : '2');
    if (bits & 16) query.set('escalated', String(index % 2));
    if (bits & 32) query.set('employee_id', '1');
    if (bits & 64) query.set('search', index % 3 ? `printer ${index % 7}` : String(index));
    query.set('per_page', String([50, 25, 10, 100, 7][index % 5]));
    query.set('page', String(1 + (index % 13)));
    return query.toString();
  }

  it('drives 5,000 distinct queue queries and keeps each connection under the bound', async () => {
    const [company] = await ctx.db.insert(companies).values({ name: 'Bounded Co' }).returning({ id: companies.id });
    await ctx.db.insert(tickets).values(
      Array.from({ length: 60 }, (_, n) => ({
        subject: `Printer jam ${n}`,
        body: 'Paper stuck.',
        companyId: company!.id,
        location: 1,
        triageId: 1 + (n % 4),
        status: 2,
      })),
    );
    const staff = await createUser(ctx.db);
    const staffToken = (await login(ctx.app, staff.email, staff.password)).access_token;
    const client = await createUser(ctx.db, { type: 'Client', companyId: company!.id });
    const clientToken = (await login(ctx.app, client.email, client.password)).access_token;

    const queries = Array.from({ length: 5_000 }, (_, index) => queueQuery(index, company!.id));
    expect(new Set(queries).size).toBe(5_000);
    let rows = 0;
    let peak = 0;
    // Ten at a time, so every connection of the pool takes its share; a client account reads half of them.
    for (let start = 0; start < queries.length; start += 10) {
      const answers = await Promise.all(
        queries.slice(start, start + 10).map((query, n) =>
          ctx.app.inject({
            method: 'GET',
            url: `/api/ticket?${query}`,
            headers: bearer(n % 2 ? clientToken : staffToken),
          }),
        ),
      );
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        rows += answer.json<{ data: unknown[] }>().data.length;
      }
      if (start % 500 === 0) peak = Math.max(peak, ...(await statementsPerConnection()));
    }
    const counts = await statementsPerConnection();
    peak = Math.max(peak, ...counts);
    expect(rows).toBeGreaterThan(0);
    // Every connection was used, and none holds more than the bound.
    expect(counts.every((count) => count > 0)).toBe(true);
    expect(peak).toBeLessThanOrEqual(STATEMENTS_PER_CONNECTION);
  }, 300_000);
});
