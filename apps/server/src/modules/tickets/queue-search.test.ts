import { QUEUE_COUNT_CAP, TICKET_STATUS_CLOSED } from '@switchboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createDatabase, type Db } from '../../db/client.ts';
import type pg from 'pg';
import { companies } from '../companies/companies.table.ts';
import { QUEUE_SEARCH_WALK_ROWS, listTickets } from './tickets.service.ts';
import type { TicketActor } from './ticket-access.ts';

// Issue 26 §4, decision 0074: a word that begins a thousand subjects or more is looked for down the queue's own order
// by a statement PostgreSQL plans once, bounded to the newest tickets; anything else, or a walk that falls short, by
// the statement planned for the words. Either way the page is the same.
describe('the queue search of a common word (decision 0074)', () => {
  let ctx: TestContext;
  // One connection, so the statements PostgreSQL keeps for it can be read back.
  let db: Db;
  let pool: pg.Pool;
  const staff: TicketActor = { id: 1, type: 'Employee' } as TicketActor;
  // Common: every fourth of the newest tickets (some closed); legacy: only the oldest, past the walk's bound.
  const NEWER = QUEUE_SEARCH_WALK_ROWS + 1_000;
  const LEGACY = QUEUE_COUNT_CAP + 200;

  beforeAll(async () => {
    ctx = await createTestContext();
    const [{ id: companyId }] = await ctx.db
      .insert(companies)
      .values({ name: 'Walk Co' })
      .returning({ id: companies.id });
    // Twelve tickets (three of them printers) share each last change: the order's second key, the number, decides.
    await ctx.db.execute(sql`insert into tickets (subject, body, company_id, location, triage_id, status, updated_at)
      select case when n % 4 = 0 then 'Printer jam ' || n when n = 4001 then 'Zebra scanner' else 'Other trouble ' || n end,
        '', ${companyId}, 1, 1, case when n % 7 = 0 then ${TICKET_STATUS_CLOSED} else 2 end,
        now() - (n / 12) * interval '1 minute'
      from generate_series(1, ${NEWER}) n`);
    await ctx.db.execute(sql`insert into tickets (subject, body, company_id, location, triage_id, status, updated_at)
      select 'Legacy system ' || n, '', ${companyId}, 1, 1, 2, now() - interval '1 year' - n * interval '1 minute'
      from generate_series(1, ${LEGACY}) n`);
    await ctx.db.execute(sql`analyze tickets`);
    ({ db, pool } = createDatabase(ctx.pool.options.connectionString!, undefined, 1));
  });
  afterAll(async () => {
    await pool?.end();
    await ctx.close();
  });

  const page = async (search: string, number: number) => {
    const answer = await listTickets(
      db,
      { page: number, per_page: 50 },
      { status: 'open', search, sort: 'updated_at', direction: 'desc' },
      staff,
    );
    return { ids: (JSON.parse(answer.rowsJson) as { id: number }[]).map((row) => row.id), total: answer.total };
  };
  const expected = async (word: string, number: number) => {
    const { rows } = await ctx.pool.query<{ id: number }>(
      `select id from tickets where project_id is null and status <> $1
         and subject_search @@ to_tsquery('simple', $2) order by updated_at desc, id desc limit 50 offset $3`,
      [TICKET_STATUS_CLOSED, `${word}:*`, (number - 1) * 50],
    );
    return rows.map((row) => row.id);
  };

  it('answers every written page of a common word as the planned statement does, ties in the last change included', async () => {
    for (const number of [1, 2, 5, 6]) {
      const want = await expected('printer', number);
      expect(want).toHaveLength(50);
      // The first call counts (the word reaches the cap); the next ones walk.
      for (let call = 0; call < 3; call++) {
        expect(await page('printer', number)).toEqual({ ids: want, total: QUEUE_COUNT_CAP });
      }
    }
  });

  it('falls back to the planned statement when the walk does not fill the page', async () => {
    // 'legacy' begins more than the cap, but only past the newest tickets the walk reads.
    for (let call = 0; call < 3; call++) {
      expect(await page('legacy', 1)).toEqual({ ids: await expected('legacy', 1), total: QUEUE_COUNT_CAP });
    }
    expect(await page('zebra', 1)).toEqual({ ids: await expected('zebra', 1), total: 1 });
  });

  it('keeps one plan for a common word: the walk, which PostgreSQL does not plan again on each call', async () => {
    for (let call = 0; call < 12; call++) await page('printer', 3);
    const { rows } = await pool.query<{ generic_plans: string; custom_plans: string }>(
      `select generic_plans, custom_plans from pg_prepared_statements
        where statement like '%subject_search%' and statement like '%offset 100%' and statement like $1`,
      [`%limit ${QUEUE_SEARCH_WALK_ROWS})%`],
    );
    expect(rows).toHaveLength(1);
    // PostgreSQL plans a prepared statement for its values five times before it may keep a plan.
    expect(Number(rows[0]!.generic_plans)).toBeGreaterThanOrEqual(6);
    expect(Number(rows[0]!.custom_plans)).toBeLessThanOrEqual(5);
  });
});
