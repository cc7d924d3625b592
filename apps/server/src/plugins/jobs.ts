import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { AppInstance } from '../app-instance.ts';

// Background jobs and schedules (decision 0048): pg-boss on the app's own database, in its own schema (`pgboss`), so
// each database (each test file's too) has its own queues. A module registers a job by name with a cron schedule and
// a handler while its routes are registered; the app starts pg-boss when it is ready (JOBS_ENABLED, default on) and
// stops it when it closes. Several processes may run it: pg-boss hands each scheduled run to one of them.

/** A job's work. It gets the app (db, config, realtime, log) and must be safe to run twice (runs are retried). */
export type JobHandler = (app: AppInstance) => Promise<void>;

interface RegisteredJob {
  cron: string;
  handler: JobHandler;
}

export interface Jobs {
  readonly registered: Map<string, RegisteredJob>;
  /** The running pg-boss, or null when jobs are off in this process (JOBS_ENABLED=false, server tests). */
  boss: PgBoss | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

const jobName = /^[a-z0-9][a-z0-9._-]{0,99}$/;

/** Sets up the registry and the start/stop hooks; buildApp calls it before the routes register their jobs. */
export function registerJobsPlugin(app: AppInstance): void {
  const jobs: Jobs = { registered: new Map(), boss: null };
  app.decorate('jobs', jobs);

  app.addHook('onReady', async () => {
    if (!app.config.jobsEnabled || jobs.registered.size === 0) return;
    const boss = new PgBoss({
      connectionString: poolConnectionString(app),
      // Polling and the schedule monitor need few connections; the app's pool stays for requests.
      max: 2,
      application_name: 'switchboard-jobs',
      schema: 'pgboss',
    });
    // Only the code and message: pg's errors carry the whole client (connection settings) with them.
    boss.on('error', (error: Error & { code?: string }) =>
      app.log.warn({ code: error.code, message: error.message }, 'job queue error'),
    );
    // Processes starting at once deadlocked in pg-boss's createQueue (CI): one at a time sets up the queues.
    await withSetupLock(app, async () => {
      await boss.start();
      for (const [name, job] of jobs.registered) {
        await boss.createQueue(name);
        await boss.schedule(name, job.cron, {}, { tz: 'UTC' });
      }
    });
    for (const [name, job] of jobs.registered) {
      await boss.work(name, async () => {
        try {
          await job.handler(app);
        } catch (error) {
          app.log.error({ job: name, message: (error as Error).message }, 'job failed');
          throw error;
        }
      });
    }
    jobs.boss = boss;
  });

  app.addHook('onClose', async () => {
    const boss = jobs.boss;
    jobs.boss = null;
    // Waits for running handlers (up to the timeout) before closing pg-boss's connections.
    await boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
  });
}

/**
 * Registers a job: `handler` runs on the cron schedule (UTC, five fields, e.g. '0 3 1 * *' for 03:00 on the first of
 * each month) in one process of the app. Call it while registering routes, before the app is ready.
 */
export function registerJob(app: AppInstance, name: string, cron: string, handler: JobHandler): void {
  if (!jobName.test(name)) throw new Error(`registerJob: invalid job name '${name}'`);
  if (app.jobs.registered.has(name)) throw new Error(`registerJob: '${name}' is already registered`);
  app.jobs.registered.set(name, { cron, handler });
}

/** Runs a registered job's handler here and now, without pg-boss (tests, and a "run now" for administrators). */
export async function runJob(app: AppInstance, name: string): Promise<void> {
  const job = app.jobs.registered.get(name);
  if (!job) throw new Error(`runJob: no job named '${name}'`);
  await job.handler(app);
}

/**
 * Queues one run of a registered job for whichever process works it (jobs must be on); answers the job id, or null
 * when `singletonKey` names a run of it still queued or active (pg-boss then queues nothing).
 */
export async function queueJob(
  app: AppInstance,
  name: string,
  data: object = {},
  options: { singletonKey?: string } = {},
): Promise<string | null> {
  if (!app.jobs.boss) throw new Error('queueJob: jobs are not running in this process');
  if (!app.jobs.registered.has(name)) throw new Error(`queueJob: no job named '${name}'`);
  return app.jobs.boss.send(name, data, options);
}

// Any fixed number: the session advisory lock that serialises pg-boss's setup across processes.
const jobsSetupLockKey = 0x6a6f6273; // "jobs" in ASCII

async function withSetupLock(app: AppInstance, work: () => Promise<void>): Promise<void> {
  const client = await appPool(app).connect();
  try {
    await client.query('select pg_advisory_lock($1)', [jobsSetupLockKey]);
    try {
      await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [jobsSetupLockKey]);
    }
  } finally {
    client.release();
  }
}

function appPool(app: AppInstance): pg.Pool {
  return (app.db as unknown as { $client: pg.Pool }).$client;
}

// pg-boss opens its own small pool on the same database as the app's.
function poolConnectionString(app: AppInstance): string {
  const pool = appPool(app);
  const url = pool.options.connectionString;
  if (!url) throw new Error('jobs: the database pool has no connection string');
  return url;
}
