import { createHash } from 'node:crypto';
import { fillPlaceholders, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './db-types.ts';
import type { PageQuery } from './paginate.ts';

// Hot read paths (the session lookup, the ticket queue and detail) run statements prepared once per pool and name:
// drizzle does not build the SQL again, and PostgreSQL parses and plans it once per connection (decision 0023).
// Both sides are bounded (decision 0029): a shape not used for a while is built again when it comes back.
const statements = new WeakMap<Db, Map<string, unknown>>();

/** Drizzle statements kept per pool; a few KB each (the SQL text), so many more than a connection keeps plans of. */
const STATEMENT_OBJECTS_KEPT = 1_000;

/** The statement `prepare(db, name)` made for this pool under `key` (made on first use). */
export function preparedStatement<T>(db: Db, key: string, prepare: (db: Db, name: string) => T): T {
  let byKey = statements.get(db);
  if (!byKey) statements.set(db, (byKey = new Map()));
  let statement = byKey.get(key) as T | undefined;
  if (statement) {
    // A Map iterates in insertion order: set again, the key becomes the most recently used.
    byKey.delete(key);
  } else {
    // PostgreSQL cuts statement names at 63 bytes: long keys get a short, stable name.
    const name =
      key.length <= 48 && /^[a-z0-9_]+$/.test(key)
        ? key
        : `stmt_${createHash('sha1').update(key).digest('hex').slice(0, 20)}`;
    statement = prepare(db, name);
    if (byKey.size >= STATEMENT_OBJECTS_KEPT) byKey.delete(byKey.keys().next().value!);
  }
  byKey.set(key, statement);
  return statement;
}

const dialect = new PgDialect();

/** A statement written with drizzle's `sql`, its values `sql.placeholder`s: its text and the order of its values. */
export interface RawStatement {
  text: string;
  values: (values: Record<string, unknown>) => unknown[];
}

export function rawStatement(statement: SQL): RawStatement {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { text, values: (values) => fillPlaceholders(params, values) };
}

/**
 * Runs a raw statement straight on the pool (for what drizzle's builders cannot say: a select without FROM, rows
 * already written as JSON text). With a `name` it is a named prepared statement, parsed and planned once per
 * connection and bounded like the others; without, PostgreSQL plans it for the values of every call.
 */
export async function runRawStatement<Row extends Record<string, unknown>>(
  db: Db,
  statement: RawStatement,
  values: Record<string, unknown>,
  name?: string,
): Promise<Row[]> {
  // Every Db is made by drizzle() over the pool (createDatabase), which it exposes as $client.
  const pool = (db as Db & { $client: pg.Pool }).$client;
  const result = await pool.query<Row>({ name, text: statement.text, values: statement.values(values) });
  return result.rows;
}

/**
 * Named statements one pooled connection keeps (decision 0029). PostgreSQL holds each one's plan in the connection's
 * memory until it is deallocated, some 100 KB for a queue page; the hot paths use a few dozen.
 */
export const STATEMENTS_PER_CONNECTION = 100;

interface ParsedStatements {
  connection: { parsedStatements: Record<string, string> };
}

/**
 * node-postgres keeps every named statement a connection has parsed for the connection's life, and so does
 * PostgreSQL. This keeps the `limit` most recently used ones on `client` and deallocates the others; a statement
 * deallocated is parsed again (node-postgres forgets it too) the next time it runs.
 */
export function boundPreparedStatements(client: pg.Client, limit = STATEMENTS_PER_CONNECTION): void {
  const parsed = (client as unknown as ParsedStatements).connection.parsedStatements;
  const recent = new Map<string, true>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const config = args[0] as { name?: unknown } | null | undefined;
    if (typeof config?.name === 'string') {
      recent.delete(config.name);
      recent.set(config.name, true);
      while (recent.size > limit) {
        const oldest = recent.keys().next().value!;
        recent.delete(oldest);
        // A statement whose parse failed is not on the server; the DEALLOCATE is queued before the caller's query.
        if (parsed[oldest] === undefined) continue;
        delete parsed[oldest];
        // It fails only with the connection, which the pool then drops.
        (query(`DEALLOCATE ${client.escapeIdentifier(oldest)}`) as Promise<unknown>).catch(() => {});
      }
    }
    return query(...args);
  }) as typeof client.query;
}

/** LIMIT and OFFSET of a prepared page query, and the part of the statement's key they make. */
export interface PageWindow {
  key: string;
  limit: Placeholder;
  offset: Placeholder;
}

// The page length the pagination widget starts with (spec 1 §2.4: default 50; any other one is typed by hand).
const WRITTEN_PAGE_SIZES = new Set([50]);
// The pages the widget's five page numbers show from the first page: what people read.
const WRITTEN_PAGES = 5;

/**
 * As parameters, LIMIT and OFFSET leave PostgreSQL no generic plan it trusts, so it plans a prepared statement again
 * on every execution (about 0.7 ms of the queue page's 1 ms). The first five pages of the page length the UI offers
 * are written into the statement instead, which is then planned once; other lengths and deeper pages share one
 * statement with the parameters `limit` and `offset`, so a filter shape has at most six. `lookahead` rows more are
 * read past the page (the queue's one that tells whether more follow).
 */
export function pageWindow(page: PageQuery, lookahead = 0): PageWindow {
  if (!WRITTEN_PAGE_SIZES.has(page.per_page) || page.page > WRITTEN_PAGES) {
    return { key: 'deep', limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
  }
  const limit = page.per_page + lookahead;
  return {
    key: `${limit}_${(page.page - 1) * page.per_page}`,
    limit: writtenInteger(limit),
    offset: writtenInteger((page.page - 1) * page.per_page),
  };
}

/** An integer written into a prepared statement's text where drizzle would pass a parameter (a LIMIT, say). */
export function writtenInteger(n: number): Placeholder {
  // drizzle writes an SQL chunk as is where a placeholder may stand; an integer is never user text.
  return sql.raw(String(Math.trunc(n))) as unknown as Placeholder;
}

/**
 * Runs the statement `build()` writes (its values `sql.placeholder`s) as the named prepared statement kept under
 * `key` for this pool: built by drizzle once, parsed and planned by PostgreSQL once per connection (the billing
 * lists and drawer, as the ticket queue). `key` must name everything that changes the statement's text.
 */
export async function runPrepared<Row extends Record<string, unknown>>(
  db: Db,
  key: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<Row[]> {
  const statement = preparedStatement(db, key, (_db, name) => ({ name, raw: rawStatement(build()) }));
  return runRawStatement<Row>(db, statement.raw, values, statement.name);
}
