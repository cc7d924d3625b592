import { createRequire } from 'node:module';
import pg from 'pg';

// The raw-SQL ratio every API benchmark prints beside its figures (GUIDE "Performance budgets"): the statements one
// call sends, each timed alone in PostgreSQL, and the HTTP p95 under load divided by their sum, so a reader sees how
// much the layers above the database add. The app runs in the benchmark's process, so its statements are recorded
// where node-postgres sends them, while one request runs and nothing else does.

// node-postgres' own text form of a value (dates, arrays, buffers), as it sends parameters.
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => string | Buffer | null;
};

/** One statement as the app sent it: named (a prepared statement PostgreSQL keeps per connection) or not. */
export interface SentStatement {
  name?: string;
  text: string;
  values: unknown[];
}

/** What the statements of one call cost PostgreSQL alone (medians of EXPLAIN ANALYZE, one client, milliseconds). */
export interface SqlAlone {
  statements: number;
  planning: number;
  execution: number;
  total: number;
}

type Query = (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) => unknown;
let recording: SentStatement[] | null = null;

// Installed when this module loads, before the benchmark opens its pool: the app's pooled connections bind `query`
// when they connect (db/prepared.ts, boundPreparedStatements).
install();

function install(): void {
  const original = pg.Client.prototype.query as unknown as Query;
  (pg.Client.prototype as unknown as { query: Query }).query = function (config, values, callback) {
    if (recording) {
      const args = Array.isArray(values) ? values : undefined;
      if (typeof config === 'string') recording.push({ text: config, values: args ?? [] });
      else if (config && typeof (config as { text?: unknown }).text === 'string') {
        const { name, text, values: own } = config as { name?: string; text: string; values?: unknown[] };
        recording.push({ name, text, values: args ?? own ?? [] });
      }
    }
    return original.call(this, config, values, callback);
  };
}

/** The statements `work` sends (run it alone: anything else the process sends meanwhile is recorded too). */
export async function statementsOf(work: () => Promise<unknown>): Promise<SentStatement[]> {
  recording = [];
  try {
    await work();
    // The job queue's polling (pg-boss) is the process's, not the call's.
    const sent = recording.filter(
      (statement) =>
        /^\s*(select|with|insert|update|delete)\b/i.test(statement.text) && !/\bpgboss\./.test(statement.text),
    );
    // BENCH_SHOW_SQL=1 prints the start of each statement recorded.
    if (process.env.BENCH_SHOW_SQL) for (const { text } of sent) console.log(`        | ${text.slice(0, 110)}`);
    return sent;
  } finally {
    recording = null;
  }
}

/** The statements of one GET (or other request) of `url`, after a first one that warms the caches it uses. */
export async function statementsOfRequest(url: string, init: RequestInit = {}): Promise<SentStatement[]> {
  const send = async () => {
    const answer = await fetch(url, init);
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
  };
  await send();
  return statementsOf(send);
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[list.length >> 1] ?? 0;

/**
 * Each statement timed alone by PostgreSQL (EXPLAIN (ANALYZE, TIMING OFF), median of `runs`, one client), as the app
 * runs it: a named statement prepared and executed six times first, so the plan PostgreSQL keeps after its first
 * five calls is the one timed; an unnamed one planned for every call. Writes run inside a transaction rolled back.
 */
export async function timeAlone(pool: pg.Pool, statements: SentStatement[], runs = 20): Promise<SqlAlone> {
  const client = await pool.connect();
  let planning = 0;
  let execution = 0;
  let total = 0;
  try {
    for (const [index, statement] of statements.entries()) {
      const literals = statement.values.map((value) => {
        if (value === null || value === undefined) return 'null';
        if (typeof value === 'number' || typeof value === 'bigint') return String(value);
        const text = prepareValue(value);
        if (text === null) return 'null';
        return client.escapeLiteral(Buffer.isBuffer(text) ? `\\x${text.toString('hex')}` : text);
      });
      const name = `bench_alone_${index}`;
      const write = /^\s*(insert|update|delete)\b|\b(insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i.test(
        statement.text,
      );
      const run = async (sql: string) => {
        if (write) await client.query('begin');
        try {
          return await client.query(sql);
        } finally {
          if (write) await client.query('rollback');
        }
      };
      await client.query(`prepare ${name} as ${statement.text}`);
      try {
        await client.query(`set plan_cache_mode = ${statement.name ? 'auto' : 'force_custom_plan'}`);
        const execute = `execute ${name}${literals.length ? `(${literals.join(', ')})` : ''}`;
        for (let i = 0; i < 6; i++) await run(execute);
        const timings: { planning: number; execution: number }[] = [];
        for (let i = 0; i < runs; i++) {
          const { rows } = (await run(`explain (analyze, timing off, format json) ${execute}`)) as pg.QueryResult<{
            'QUERY PLAN': [{ 'Planning Time': number; 'Execution Time': number }];
          }>;
          const [plan] = rows[0]!['QUERY PLAN'];
          timings.push({ planning: plan['Planning Time'], execution: plan['Execution Time'] });
        }
        planning += median(timings.map((t) => t.planning));
        execution += median(timings.map((t) => t.execution));
        total += median(timings.map((t) => t.planning + t.execution));
      } finally {
        await client.query(`deallocate ${name}; reset plan_cache_mode`);
      }
    }
  } finally {
    client.release();
  }
  return { statements: statements.length, planning, execution, total };
}

/** `SQL alone 0.93 ms (2 statements: planning 0.01, execution 0.92), p95 = 41x that` for a figure's line. */
export function describeRatio(alone: SqlAlone, p95: number): string {
  if (alone.statements === 0) return 'SQL alone: no statement (answered from memory)';
  const ms = (value: number) => value.toFixed(value < 0.1 ? 3 : 2);
  // A statement under a microsecond (select 1) has no meaningful ratio.
  const ratio = alone.total >= 0.01 ? `, p95 = ${(p95 / alone.total).toFixed(0)}x that` : '';
  return (
    `SQL alone ${ms(alone.total)} ms (${alone.statements} statement${alone.statements === 1 ? '' : 's'}: ` +
    `planning ${ms(alone.planning)}, execution ${ms(alone.execution)})${ratio}`
  );
}

/**
 * For each [label, path template] of a load (`{rand:N}` taken as N/2, rounded up), the statements one GET sends,
 * signed with `token`, timed alone. Run it after the load, when nothing else runs.
 */
export async function sqlAloneOfCalls(
  pool: pg.Pool,
  address: string,
  token: string,
  paths: [string, string][],
): Promise<Map<string, SqlAlone>> {
  const found = new Map<string, SqlAlone>();
  for (const [label, template] of paths) {
    const path = template.replace(/\{rand:(\d+)\}/g, (_, n: string) => String(Math.ceil(Number(n) / 2)));
    const statements = await statementsOfRequest(`${address}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    found.set(label, await timeAlone(pool, statements));
  }
  return found;
}
