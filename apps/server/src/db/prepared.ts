import { createHash } from 'node:crypto';
import type { Db } from './client.ts';

// Hot read paths (the session lookup, the ticket queue and detail) run statements prepared once per pool and name:
// drizzle does not build the SQL again, and PostgreSQL parses and plans it once per connection (decision 0023).
const statements = new WeakMap<Db, Map<string, unknown>>();

/** The statement `prepare(db, name)` made for this pool under `key` (made on first use). */
export function preparedStatement<T>(db: Db, key: string, prepare: (db: Db, name: string) => T): T {
  let byKey = statements.get(db);
  if (!byKey) statements.set(db, (byKey = new Map()));
  let statement = byKey.get(key) as T | undefined;
  if (!statement) {
    // PostgreSQL cuts statement names at 63 bytes: long keys get a short, stable name.
    const name = key.length <= 48 && /^[a-z0-9_]+$/.test(key) ? key : `stmt_${createHash('sha1').update(key).digest('hex').slice(0, 20)}`;
    byKey.set(key, (statement = prepare(db, name)));
  }
  return statement;
}
