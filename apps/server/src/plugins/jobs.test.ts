import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { createDatabase } from '../db/client.ts';
import { queueJob, registerJob, runJob } from './jobs.ts';

// The jobs plugin (decision 0048): pg-boss on the app's own database, started when the app is ready and stopped when
// it closes; off in server tests unless a test turns it on, as this one does.

let on: TestContext;
let off: TestContext;
const runs: string[] = [];

beforeAll(async () => {
  on = await createTestContext({ config: { jobsEnabled: true } });
  off = await createTestContext();
  for (const ctx of [on, off]) {
    registerJob(ctx.app, 'test.monthly', '0 3 1 * *', async (app) => {
      runs.push(app === ctx.app ? 'same app' : 'other app');
    });
  }
  // Queued with data by the singleton-key test; its runs stay out of `runs`.
  registerJob(on.app, 'test.keyed', '0 4 1 * *', async () => {});
  await Promise.all([on.app.ready(), off.app.ready()]);
});
afterAll(async () => {
  await Promise.all([on?.close(), off?.close()]);
});

describe('jobs', () => {
  it('starts pg-boss in its own schema with each job scheduled by name', async () => {
    expect(on.app.jobs.boss).not.toBeNull();
    const schedules = await on.pool.query<{ name: string; cron: string; timezone: string }>(
      'select name, cron, timezone from pgboss.schedule',
    );
    expect(schedules.rows).toContainEqual({ name: 'test.monthly', cron: '0 3 1 * *', timezone: 'UTC' });
    // Every job the app's modules registered is scheduled too.
    expect(schedules.rows.map((row) => row.name).sort()).toEqual([...on.app.jobs.registered.keys()].sort());
  });

  it('runs a handler directly, and a queued run on a worker', async () => {
    runs.length = 0;
    await runJob(on.app, 'test.monthly');
    expect(runs).toEqual(['same app']);
    await queueJob(on.app, 'test.monthly');
    await expect.poll(() => runs.length, { timeout: 15_000, interval: 200 }).toBe(2);
  }, 20_000);

  it('queues a run with its data and singleton key', async () => {
    const id = await queueJob(on.app, 'test.keyed', { invoice_id: 7, revision: 0 }, { singletonKey: 'invoice:7:0' });
    expect(id).toEqual(expect.any(String));
    const job = await on.pool.query<{ data: unknown; singleton_key: string }>(
      'select data, singleton_key from pgboss.job where id = $1',
      [id],
    );
    expect(job.rows).toEqual([{ data: { invoice_id: 7, revision: 0 }, singleton_key: 'invoice:7:0' }]);
  });

  it('refuses a second job of the same name, a bad name and an unknown one', async () => {
    expect(() => registerJob(on.app, 'test.monthly', '* * * * *', async () => {})).toThrow(/already registered/);
    expect(() => registerJob(on.app, 'Bad Name', '* * * * *', async () => {})).toThrow(/invalid job name/);
    await expect(runJob(on.app, 'nothing')).rejects.toThrow(/no job named/);
  });

  it('stays off when jobs are disabled: no pg-boss, no schema, but handlers still run directly', async () => {
    expect(off.app.jobs.boss).toBeNull();
    const schema = await off.pool.query("select 1 from information_schema.schemata where schema_name = 'pgboss'");
    expect(schema.rowCount).toBe(0);
    await expect(queueJob(off.app, 'test.monthly')).rejects.toThrow(/not running/);
    runs.length = 0;
    await runJob(off.app, 'test.monthly');
    expect(runs).toEqual(['same app']);
  });

  it('starts three processes on one fresh database at once: queue setup takes turns instead of deadlocking', async () => {
    const first = await createTestContext({ config: { jobsEnabled: true } });
    const url = first.pool.options.connectionString as string;
    const others = [createDatabase(url), createDatabase(url)];
    const apps = [
      first.app,
      ...(await Promise.all(others.map(({ db }) => buildApp({ db, config: first.config, logger: false })))),
    ];
    try {
      await Promise.all(apps.map((app) => app.ready()));
      expect(apps.map((app) => app.jobs.boss !== null)).toEqual([true, true, true]);
    } finally {
      for (const [index, other] of others.entries()) {
        await apps[index + 1]?.close();
        await other.pool.end();
      }
      await first.close();
    }
  }, 60_000);
});
