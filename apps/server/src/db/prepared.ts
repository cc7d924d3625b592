import { createHash } from 'node:crypto';
import { sql, type Placeholder } from 'drizzle-orm';
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

/** LIMIT and OFFSET of a prepared page query, and the part of the statement's key they make. */
export interface PageWindow {
  key: string;
  limit: Placeholder;
  offset: Placeholder;
}

// The first pages are what people read; deeper ones share one statement.
const WRITTEN_PAGES = 10;
const WRITTEN_LIMIT_MAX = 101;

/**
 * As parameters, LIMIT and OFFSET leave PostgreSQL no generic plan it trusts, so it plans a prepared statement again
 * on every execution (about 0.7 ms of the queue page's 1 ms). The first ten pages of a size up to 100 (plus the one
 * row that tells whether more follow) are written into the statement instead, which is then planned once; deeper
 * pages pass them as the parameters `limit` and `offset`.
 */
export function pageWindow(limit: number, offset: number): PageWindow {
  if (limit > WRITTEN_LIMIT_MAX || offset >= limit * WRITTEN_PAGES) return { key: 'deep', limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
  return { key: `${limit}_${offset}`, limit: writtenInteger(limit), offset: writtenInteger(offset) };
}

/** An integer written into a prepared statement's text where drizzle would pass a parameter (a LIMIT, say). */
export function writtenInteger(n: number): Placeholder {
  // drizzle writes an SQL chunk as is where a placeholder may stand; an integer is never user text.
  return sql.raw(String(Math.trunc(n))) as unknown as Placeholder;
}
