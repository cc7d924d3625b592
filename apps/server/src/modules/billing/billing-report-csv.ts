import { Readable } from 'node:stream';
import { csvCell } from '@switchboard/shared/csv';
import type { FastifyReply } from 'fastify';

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
