import { Readable } from 'node:stream';
import { csvCell } from '@switchboard/shared/csv';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';

// The reports' CSV (designs/billing.md §5 "CSV"): the shared csvCell (quotes, formula neutralisation), written batch by
// batch as the stream is read, so a 200,000-row register never sits in memory whole.

export type CsvValue = string | number | null;

const csvLine = (cells: readonly CsvValue[]): string => `${cells.map(csvCell).join(',')}\r\n`;

async function* csvText(header: readonly string[], batches: AsyncIterable<readonly (readonly CsvValue[])[]>) {
  yield csvLine(header);
  for await (const batch of batches) yield batch.map(csvLine).join('');
}

/** Sends `batches` of rows as a CSV attachment, pulled as the client reads (backpressure through Readable.from). */
export function sendCsv(
  reply: FastifyReply,
  filename: string,
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly CsvValue[])[]>,
) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(Readable.from(csvText(header, batches)));
}

/** Wraps rows already in memory (one per company) as a single batch. */
export async function* oneBatch<T>(rows: readonly T[]): AsyncGenerator<T[]> {
  yield [...rows];
}

/** Maps each batch of an async source. */
export async function* mapBatches<T, U>(source: AsyncIterable<T[]>, map: (row: T) => U): AsyncGenerator<U[]> {
  for await (const batch of source) yield batch.map(map);
}

/**
 * A numeric(14,2) column's text ('-80.00') as the CSV's amount: two decimals, no separators, a negative one in
 * parentheses '(80.00)' (decision 0092). PostgreSQL prints such a column with exactly two decimals, so no parsing.
 */
export const csvNumeric = (text: string): string => (text.startsWith('-') ? `(${text.slice(1)})` : text);

/** Rows a CSV's cursor fetches at a time: some 500 KB of text, few enough round trips not to count (decision 0092). */
export const cursorBatchSize = 5000;

const dialect = new PgDialect();

/**
 * Every row of `statement`, `batchSize` at a time, from one cursor in a read-only transaction on a connection of its
 * own: planned once and read from one snapshot, where keyset batches planned each batch again. The transaction ends
 * and the connection goes back to the pool when the reader stops, also half-way (Readable.from returns the generator).
 */
export async function* cursorBatches<Row>(
  db: Db,
  statement: SQL,
  { batchSize = cursorBatchSize, rowMode }: { batchSize?: number; rowMode?: 'array' } = {},
): AsyncGenerator<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  // Every Db is made by drizzle() over the pool (createDatabase), which it exposes as $client.
  const client = await (db as Db & { $client: pg.Pool }).$client.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin read only');
    // Every row is read: plan for the whole result, not for the first tenth (PostgreSQL's default for cursors).
    await client.query('set local cursor_tuple_fraction = 1');
    await client.query(`declare csv_rows no scroll cursor for ${text}`, params);
    const fetch = () =>
      client.query<Row & pg.QueryResultRow>({ text: `fetch ${batchSize} from csv_rows`, rowMode } as pg.QueryConfig);
    for (let next = fetch(); ;) {
      const { rows } = await next;
      // Asked before this batch is handed on, so PostgreSQL reads the next one while this one is written out.
      if (rows.length === batchSize) (next = fetch()).catch(() => undefined);
      if (rows.length > 0) yield rows;
      if (rows.length < batchSize) break;
    }
  } finally {
    // Nothing was written: rollback ends it as well as commit would, also after an error; a connection that cannot
    // even roll back is dropped rather than handed to the next caller.
    await client.query('rollback').catch((error: Error) => (broken = error));
    client.release(broken);
  }
}
