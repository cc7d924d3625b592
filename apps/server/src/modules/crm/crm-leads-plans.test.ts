import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';

// search_contacts runs on every ring and the phone and word searches on every keystroke (designs/crm-softphone.md
// §6): their statements must be able to read indexes, never only a scan of the leads. Each statement the route
// sends is captured and explained with sequential scans priced out.

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const boss = await createUser(ctx.db, { permissions: ['view crm', 'manage crm'] });
  token = (await login(ctx.app, boss.email, boss.password)).access_token;
  await ctx.db.execute(sql`insert into crm_leads (company_name, phone, status)
    select 'Plan ' || n, '(512) 555-' || lpad((n % 10000)::text, 4, '0'), 1 from generate_series(1, 3000) n`);
  await ctx.db.execute(sql`analyze crm_leads`);
});
afterAll(async () => ctx?.close());

/** The plans of the statements that mention crm_leads sent while `work` runs. */
async function plansOf(work: () => Promise<unknown>): Promise<string[]> {
  const sent: [string, unknown[]][] = [];
  const query = ctx.pool.query.bind(ctx.pool) as (...args: unknown[]) => Promise<unknown>;
  const spy = vi.spyOn(ctx.pool, 'query').mockImplementation(((config: unknown, values?: unknown[]) => {
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    if (/crm_leads/.test(text)) sent.push([text, values ?? []]);
    return query(config, values);
  }) as typeof ctx.pool.query);
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  const client: pg.PoolClient = await ctx.pool.connect();
  try {
    await client.query('begin');
    await client.query('set local enable_seqscan = off');
    const plans: string[] = [];
    for (const [text, values] of sent) {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain ${text}`, values);
      plans.push(rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
    await client.query('rollback');
    return plans;
  } finally {
    client.release();
  }
}

const post = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(token), payload });
const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });

describe('index use', () => {
  it('search_contacts reads the phone key indexes', async () => {
    const plans = await plansOf(async () => {
      const response = await post('/crm/search_contacts', { phone_number: '(512) 555-0123' });
      expect(response.json().data.data).toHaveLength(1);
    });
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      expect(plan).not.toMatch(/Seq Scan on crm_leads/);
      expect(plan).toMatch(/crm_leads_phone_idx/);
    }
  });

  it('the list reads an index for a phone prefix and for words', async () => {
    for (const q of ['512-555-01', 'plan 12']) {
      const plans = await plansOf(async () => {
        expect((await get(`/crm/leads?status=2&q=${encodeURIComponent(q)}`)).statusCode).toBe(200);
      });
      expect(plans.length, q).toBeGreaterThan(0);
      for (const plan of plans) expect(plan, q).not.toMatch(/Seq Scan on crm_leads/);
      expect(plans.join('\n'), q).toMatch(q.includes('plan') ? /crm_leads_search_idx/ : /crm_leads_phone_idx/);
    }
  });
});
