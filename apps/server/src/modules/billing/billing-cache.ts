import { sql, type SQL } from 'drizzle-orm';
import type { Db, Transaction } from '../../db/client.ts';
import { runPrepared } from '../../db/prepared.ts';

// Answers computed from billing data, kept in this process until the billing version moves (billing_versions, bumped
// at the commit of every transaction that writes invoices, payments, allocations, write-offs, journal entries or
// companies). The version and the data are read in one REPEATABLE READ snapshot, so an answer is never stored under a
// version newer than the data it was computed from. Each process keeps its own entries; the version is shared.

/** Entries kept per database (least recently used out first); answers are small report objects. */
export const billingCacheLimit = 256;

interface Cache {
  /** The newest version this process has read: entries of older versions can no longer be served to new readers. */
  newest: bigint;
  entries: Map<string, Promise<unknown>>;
}

// Per database handle, so that tests with several databases in one process never share answers.
const caches = new WeakMap<Db, Cache>();

function cacheOf(db: Db): Cache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { newest: -1n, entries: new Map() }));
  return cache;
}

function remember(cache: Cache, version: bigint, key: string, answer: Promise<unknown>): void {
  if (version > cache.newest) {
    cache.newest = version;
    // Readers of a newer version never ask for older entries again.
    for (const old of cache.entries.keys())
      if (BigInt(old.slice(0, old.indexOf('\n'))) < version) cache.entries.delete(old);
  }
  cache.entries.set(key, answer);
  if (cache.entries.size > billingCacheLimit) cache.entries.delete(cache.entries.keys().next().value as string);
  // A failed computation (404, lost connection) is not kept.
  answer.catch(() => {
    if (cache.entries.get(key) === answer) cache.entries.delete(key);
  });
}

/**
 * The answer of `compute` for `key` at the current billing version: from this process's cache when it has it (one
 * primary-key read, outside any transaction), else computed in a read-only REPEATABLE READ transaction that reads the
 * version again first, in the snapshot of the data. `key` must carry everything else the answer depends on (the
 * filters, and today's date in the billing time zone when the answer depends on it). Concurrent callers of the same key
 * and version share one computation. The answer is shared between callers: treat it as read-only.
 */
export async function cachedByBillingVersion<T>(
  db: Db,
  key: string,
  compute: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const cache = cacheOf(db);
  const lookUp = (version: string | undefined): Promise<T> | undefined => {
    const full = `${version}\n${key}`;
    const cached = cache.entries.get(full) as Promise<T> | undefined;
    if (cached) {
      cache.entries.delete(full);
      cache.entries.set(full, cached);
    }
    return cached;
  };
  // A hit costs one statement: an entry of the version read now was computed in a snapshot of that version.
  const hit = lookUp(await readVersion(db));
  if (hit) return hit;
  const found = await db.transaction(
    async (tx): Promise<{ cached: Promise<T> } | { answer: T }> => {
      const version = await readVersion(tx);
      if (version === undefined) return { answer: await compute(tx) };
      const cached = lookUp(version);
      if (cached) return { cached };
      const answer = compute(tx);
      remember(cache, BigInt(version), `${version}\n${key}`, answer);
      return { answer: await answer };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  // Waiting for another caller's computation happens outside this caller's transaction, so it holds no connection.
  return 'cached' in found ? found.cached : found.answer;
}

const versionSql = sql`select version::text as version from billing_versions where id = 1`;

async function readVersion(db: Db | Transaction): Promise<string | undefined> {
  // A hit's one statement, on the pool (a transaction runs on its own client): named, so PostgreSQL parses and plans it once per connection.
  if (!('rollback' in db)) {
    const [row] = await runPrepared<{ version: string }>(db, 'billing_version', () => versionSql, {});
    return row?.version;
  }
  const result = await db.execute<{ version: string }>(versionSql);
  return result.rows[0]?.version;
}

/** The billing version now (tests, diagnostics). */
export async function billingVersion(db: Db | Transaction): Promise<number> {
  return Number((await readVersion(db)) ?? -1);
}

/** A version row other than billing_versions (one row, id 1) and the answers this process keeps under it. */
interface VersionedCache {
  caches: WeakMap<Db, Cache>;
  /** Its prepared statement's name, and the statement. */
  name: string;
  statement: SQL;
}

async function readVersionOf(db: Db | Transaction, versioned: VersionedCache): Promise<string | undefined> {
  if (!('rollback' in db)) {
    const [row] = await runPrepared<{ version: string }>(db, versioned.name, () => versioned.statement, {});
    return row?.version;
  }
  const result = await db.execute<{ version: string }>(versioned.statement);
  return result.rows[0]?.version;
}

/** cachedByBillingVersion's contract under another version row: same snapshot rule, its own entries. */
async function cachedByVersionOf<T>(
  versioned: VersionedCache,
  db: Db,
  key: string,
  compute: (tx: Transaction) => Promise<T>,
): Promise<T> {
  let cache = versioned.caches.get(db);
  if (!cache) versioned.caches.set(db, (cache = { newest: -1n, entries: new Map() }));
  const entries = cache;
  const lookUp = (version: string | undefined): Promise<T> | undefined => {
    const full = `${version}\n${key}`;
    const cached = entries.entries.get(full) as Promise<T> | undefined;
    if (cached) {
      entries.entries.delete(full);
      entries.entries.set(full, cached);
    }
    return cached;
  };
  const hit = lookUp(await readVersionOf(db, versioned));
  if (hit) return hit;
  const found = await db.transaction(
    async (tx): Promise<{ cached: Promise<T> } | { answer: T }> => {
      const version = await readVersionOf(tx, versioned);
      if (version === undefined) return { answer: await compute(tx) };
      const cached = lookUp(version);
      if (cached) return { cached };
      const answer = compute(tx);
      remember(entries, BigInt(version), `${version}\n${key}`, answer);
      return { answer: await answer };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return 'cached' in found ? found.cached : found.answer;
}

// DOR Taxes reads only invoices, their lines, tax rates, the allocations of invoices and credit notes and the journal
// lines of rates and sales-tax accounts: its answers are kept under billing_tax_versions (migration 0071), which only
// those writes move, so bills, receipts, stock and payments leave them cached.
const salesTax: VersionedCache = {
  caches: new WeakMap(),
  name: 'billing_tax_version',
  statement: sql`select version::text as version from billing_tax_versions where id = 1`,
};

/** cachedByBillingVersion's contract, under the sales-tax version: for answers read from the DOR reports' tables. */
export function cachedBySalesTaxVersion<T>(db: Db, key: string, compute: (tx: Transaction) => Promise<T>): Promise<T> {
  return cachedByVersionOf(salesTax, db, key, compute);
}

/** The sales-tax version now (tests, diagnostics). */
export async function billingTaxVersion(db: Db | Transaction): Promise<number> {
  return Number((await readVersionOf(db, salesTax)) ?? -1);
}

// Aged payables reads bills, payments made, their allocations, 2000's lines and the vendors: its answers are kept
// under billing_payables_versions (migration 0074), which only those writes move, so invoices, payments received,
// receipts and stock leave them cached.
const payables: VersionedCache = {
  caches: new WeakMap(),
  name: 'billing_payables_version',
  statement: sql`select version::text as version from billing_payables_versions where id = 1`,
};

/** cachedByBillingVersion's contract, under the payables version: for answers read from aged payables' tables. */
export function cachedByPayablesVersion<T>(db: Db, key: string, compute: (tx: Transaction) => Promise<T>): Promise<T> {
  return cachedByVersionOf(payables, db, key, compute);
}

/** The payables version now (tests, diagnostics). */
export async function billingPayablesVersion(db: Db | Transaction): Promise<number> {
  return Number((await readVersionOf(db, payables)) ?? -1);
}
