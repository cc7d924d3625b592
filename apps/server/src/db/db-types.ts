import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as schema from './schema.ts';

// The database's types, apart from client.ts so that what client.ts itself imports (prepared.ts) can name them
// without an import cycle.

export type Db = NodePgDatabase<typeof schema>;
/** The `tx` of `db.transaction(async (tx) => ...)`. */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Service functions that may run inside a caller's transaction accept either. */
export type DbOrTransaction = Db | Transaction;
