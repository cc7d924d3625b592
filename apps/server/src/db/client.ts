import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from 'pino';
import { boundPreparedStatements } from './prepared.ts';
import * as schema from './schema.ts';

import type { Db } from './db-types.ts';

export type { Db, DbOrTransaction, Transaction } from './db-types.ts';

/**
 * One pool per process; every query of the app goes through it. `poolSize` (DATABASE_POOL_SIZE): PostgreSQL runs
 * a process per connection, and more busy ones than about twice the cores only queue inside it (bench/README.md).
 */
export function createDatabase(url: string, log?: Logger, poolSize = 5): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 10_000,
    // The app's tables are read from memory or SSD: PostgreSQL's default (4) prices an index's heap reads as if from a
    // spinning disk and picks table scans and worse indexes (decision 0056; PostgreSQL's docs suggest lowering it).
    // JIT compiles a statement the planner thinks costly: for the app's short statements that took longer than the
    // statement itself (billing's aging, 4 of 7 s), so it is off for the app's connections (decision 0096).
    options: '-c random_page_cost=1.1 -c jit=off',
  });
  // An idle client losing its connection (database restart) must not crash the process.
  // Only the code and message: pg's error carries the whole client (connection state) with it.
  pool.on('error', (error: Error & { code?: string }) =>
    log?.warn({ code: error.code, message: error.message }, 'idle database connection failed'),
  );
  pool.on('connect', (client) => {
    // A checked-out client whose connection dies (its backend terminated mid-transaction) emits 'error' as well as
    // failing its query; pg-pool listens only while the client is idle, so without this the process would crash.
    client.on('error', (error: Error & { code?: string }) =>
      log?.warn({ code: error.code, message: error.message }, 'database connection failed'),
    );
    // Each connection keeps a bounded set of named statements (decision 0029).
    boundPreparedStatements(client);
  });
  const db = drizzle({ client: pool, schema });
  return { db, pool };
}
