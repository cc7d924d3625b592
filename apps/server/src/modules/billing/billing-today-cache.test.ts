import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { createDatabase, type Db } from '../../db/client.ts';
import { BILLING_TIME_ZONE_CACHE_MS, billingTimeZone, billingToday } from './ledger.service.ts';

// The billing time zone is kept per process like the session (decision 0024; bench/README "perf"): a settings write
// counts at once in the process that made it, and in another process (its own pool on the same database) after at
// most BILLING_TIME_ZONE_CACHE_MS.

let ctx: TestContext;
let manager: string;
let other: { db: Db; end: () => Promise<void> };

// 12:00 UTC is already the next day at UTC+14.
const instant = new Date('2026-03-10T12:00:00Z');

const saveZone = (timeZone: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/billing/settings',
    headers: bearer(manager),
    payload: { lock_date: null, time_zone: timeZone },
  });

beforeAll(async () => {
  ctx = await createTestContext();
  const user = await createUser(ctx.db, { permissions: ['view billing', 'manage accounting'] });
  manager = (await login(ctx.app, user.email, user.password)).access_token;
  const { db, pool } = createDatabase(String(ctx.pool.options.connectionString));
  other = { db, end: () => pool.end() };
});

afterAll(async () => {
  await other?.end();
  await ctx?.close();
});

describe('billing today: the time zone cached per process', () => {
  it('follows a settings write at once in the writing process, and within the period in another one', async () => {
    expect(await billingToday(ctx.db, instant)).toBe('2026-03-10');
    expect(await billingToday(other.db, instant)).toBe('2026-03-10');
    const readAt = performance.now();

    expect((await saveZone('Pacific/Kiritimati')).statusCode).toBe(200);
    // The writing process forgot its zone with the write.
    expect(await billingToday(ctx.db, instant)).toBe('2026-03-11');
    // The other process may keep the zone it read for the period, never longer.
    const kept = await billingTimeZone(other.db);
    if (performance.now() - readAt < BILLING_TIME_ZONE_CACHE_MS) expect(kept).toBe('UTC');
    await new Promise((resolve) => setTimeout(resolve, BILLING_TIME_ZONE_CACHE_MS - (performance.now() - readAt) + 20));
    expect(await billingToday(other.db, instant)).toBe('2026-03-11');

    expect((await saveZone('UTC')).statusCode).toBe(200);
    expect(await billingToday(ctx.db, instant)).toBe('2026-03-10');
  });

  it('reads the zone once per period per database handle', async () => {
    const first = await billingTimeZone(other.db);
    await other.db.execute(sql`update billing_settings set time_zone = 'Asia/Tokyo' where id = 1`);
    // Within a day-long period the change made behind the process's back is not read again...
    expect(await billingTimeZone(other.db, 86_400_000)).toBe(first);
    // ...and with no period it is.
    expect(await billingTimeZone(other.db, 0)).toBe('Asia/Tokyo');
  });
});
