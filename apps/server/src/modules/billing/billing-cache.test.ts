import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { companies } from '../companies/companies.table.ts';
import { billingVersion, cachedByBillingVersion } from './billing-cache.ts';

// The billing version moves once per committed writing transaction, and an answer is cached under the version read in
// the same snapshot as its data, so a write committed while it is computed cannot be hidden behind the cache.

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

const companyCount = async (db: Pick<TestContext['db'], 'execute'>) =>
  Number((await db.execute<{ n: string }>(sql`select count(*)::text as n from companies`)).rows[0]!.n);

it('bumps the version once per writing transaction, at commit, and not for a rolled-back or unrelated one', async () => {
  const before = await billingVersion(ctx.db);
  await ctx.db.insert(companies).values([{ name: 'Version One' }, { name: 'Version Two' }]);
  expect(await billingVersion(ctx.db)).toBe(before + 1);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(companies).values({ name: 'Version Three' });
    await tx.update(companies).set({ name: 'Version Three B' }).where(eq(companies.name, 'Version Three'));
    // Deferred: nothing bumped yet inside the writer, so its lock on the version row is taken last.
    expect(await billingVersion(tx)).toBe(before + 1);
  });
  expect(await billingVersion(ctx.db)).toBe(before + 2);
  await expect(
    ctx.db.transaction(async (tx) => {
      await tx.insert(companies).values({ name: 'Rolled Back' });
      tx.rollback();
    }),
  ).rejects.toThrow();
  expect(await billingVersion(ctx.db)).toBe(before + 2);
  // A company update that keeps its name does not touch billing answers.
  await ctx.db.update(companies).set({ name: 'Version One' }).where(eq(companies.name, 'Version One'));
  expect(await billingVersion(ctx.db)).toBe(before + 2);
});

it('serves the second call from the cache and computes again after a write', async () => {
  let runs = 0;
  const count = () =>
    cachedByBillingVersion(ctx.db, 'test:companies', async (tx) => {
      runs += 1;
      return companyCount(tx);
    });
  const first = await count();
  expect(await count()).toBe(first);
  expect(runs).toBe(1);
  // Concurrent callers of one key share one computation.
  await Promise.all([count(), count(), count()]);
  expect(runs).toBe(1);
  await ctx.db.insert(companies).values({ name: 'Cache Buster' });
  expect(await count()).toBe(first + 1);
  expect(runs).toBe(2);
  // Another key is computed on its own.
  await cachedByBillingVersion(ctx.db, 'test:other', async () => (runs += 1));
  expect(runs).toBe(3);
});

it('never caches data older than its version: a write committed during the computation is seen by the next call', async () => {
  const key = 'test:snapshot';
  const first = await cachedByBillingVersion(ctx.db, key, async (tx) => {
    const seen = await companyCount(tx);
    // Another connection commits a write while this answer is being computed.
    await ctx.db.insert(companies).values({ name: 'Committed Meanwhile' });
    // The snapshot is that of the version read: the answer stays consistent with it.
    expect(await companyCount(tx)).toBe(seen);
    return seen;
  });
  const now = await companyCount(ctx.db);
  expect(now).toBe(first + 1);
  expect(await cachedByBillingVersion(ctx.db, key, (tx) => companyCount(tx))).toBe(now);
});

it('does not keep a failed computation', async () => {
  await expect(cachedByBillingVersion(ctx.db, 'test:fails', () => Promise.reject(new Error('boom')))).rejects.toThrow(
    'boom',
  );
  expect(await cachedByBillingVersion(ctx.db, 'test:fails', async () => 'ok')).toBe('ok');
});
