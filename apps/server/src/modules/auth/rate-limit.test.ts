import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { HttpError } from '../../plugins/errors.ts';
import { authAttempts } from './attempts.table.ts';
import { assertNotRateLimited, countRecentFailures, pruneOldAttempts, recordAttempt, tooManyAttemptsMessage } from './rate-limit.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.db.delete(authAttempts);
});

async function fail(kind: 'login' | 'twofactor' | 'locked_login' | 'forgot_password', ip: string, account: string | null, times: number) {
  for (let i = 0; i < times; i += 1) await recordAttempt(ctx.db, kind, { ip, account, success: false });
}

async function rejection(promise: Promise<void>): Promise<HttpError | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
}

describe('assertNotRateLimited', () => {
  it('lets 4 failures of an account through and refuses the 5th with 429 and the wait in minutes', async () => {
    await fail('login', '10.0.0.1', 'Dana@Example.test', 4);
    await expect(assertNotRateLimited(ctx.db, 'login', { ip: '10.0.0.1', account: 'dana@example.test' })).resolves.toBeUndefined();
    await fail('login', '10.0.0.2', 'dana@example.test', 1);
    const error = await rejection(assertNotRateLimited(ctx.db, 'login', { ip: '10.0.0.9', account: 'DANA@example.test' }));
    expect(error?.statusCode).toBe(429);
    expect(error?.message).toBe('Too many attempts. Please try again in 15 minutes.');
  });

  it('counts failures only: successes do not lock an account out', async () => {
    for (let i = 0; i < 10; i += 1) await recordAttempt(ctx.db, 'login', { ip: '10.0.0.1', account: 'ok@example.test', success: true });
    await expect(assertNotRateLimited(ctx.db, 'login', { ip: '10.0.0.1', account: 'ok@example.test' })).resolves.toBeUndefined();
  });

  it('keeps kinds and accounts apart', async () => {
    await fail('twofactor', '10.0.0.1', '42', 5);
    await expect(assertNotRateLimited(ctx.db, 'login', { ip: '10.0.0.1', account: '42' })).resolves.toBeUndefined();
    await expect(assertNotRateLimited(ctx.db, 'twofactor', { ip: '10.0.0.1', account: 43 })).resolves.toBeUndefined();
    expect((await rejection(assertNotRateLimited(ctx.db, 'twofactor', { ip: '10.0.0.1', account: 42 })))?.statusCode).toBe(429);
  });

  it('refuses an IP address after 30 failures across accounts, and only that address', async () => {
    for (let i = 0; i < 29; i += 1) await recordAttempt(ctx.db, 'login', { ip: '10.0.0.7', account: `u${i}@example.test`, success: false });
    await expect(assertNotRateLimited(ctx.db, 'login', { ip: '10.0.0.7', account: 'new@example.test' })).resolves.toBeUndefined();
    await recordAttempt(ctx.db, 'login', { ip: '10.0.0.7', account: null, success: false });
    expect((await rejection(assertNotRateLimited(ctx.db, 'login', { ip: '10.0.0.7', account: 'new@example.test' })))?.statusCode).toBe(429);
    expect((await rejection(assertNotRateLimited(ctx.db, 'login', { ip: '10.0.0.7', account: null })))?.statusCode).toBe(429);
    await expect(assertNotRateLimited(ctx.db, 'login', { ip: '10.0.0.8', account: 'new@example.test' })).resolves.toBeUndefined();
  });

  it('forgets failures older than 15 minutes and reports the wait until the window lets one through', async () => {
    await fail('login', '10.0.0.1', 'old@example.test', 5);
    await ctx.db.execute(sql`update auth_attempts set created_at = now() - interval '16 minutes'`);
    await expect(assertNotRateLimited(ctx.db, 'login', { ip: '10.0.0.1', account: 'old@example.test' })).resolves.toBeUndefined();

    // Five failures 12 minutes ago and two just now: the fifth most recent ages out in about 3 minutes.
    await fail('login', '10.0.0.1', 'wait@example.test', 5);
    await ctx.db.execute(sql`update auth_attempts set created_at = now() - interval '12 minutes' where account = 'wait@example.test'`);
    await fail('login', '10.0.0.1', 'wait@example.test', 2);
    const error = await rejection(assertNotRateLimited(ctx.db, 'login', { ip: null, account: 'wait@example.test' }));
    expect(error?.message).toBe('Too many attempts. Please try again in 3 minutes.');
  });

  it('counts every forgot-password request, since each may send a mail', async () => {
    for (let i = 0; i < 5; i += 1) await recordAttempt(ctx.db, 'forgot_password', { ip: '10.0.0.3', account: 'f@example.test', success: true });
    expect((await rejection(assertNotRateLimited(ctx.db, 'forgot_password', { ip: '10.0.0.4', account: 'f@example.test' })))?.statusCode).toBe(429);
  });

  it('does nothing when neither account nor IP is known', async () => {
    await fail('login', '10.0.0.1', null, 40);
    await expect(assertNotRateLimited(ctx.db, 'login', { ip: null, account: null })).resolves.toBeUndefined();
  });
});

describe('recordAttempt and pruning', () => {
  it('records kind, lower-cased account, IP, outcome and time', async () => {
    await recordAttempt(ctx.db, 'login', { ip: '192.0.2.5', account: ' Mixed@Case.Test ', success: false });
    const rows = await ctx.db.select().from(authAttempts);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'login', account: 'mixed@case.test', ipAddress: '192.0.2.5', success: false });
    expect(Date.now() - rows[0].createdAt.getTime()).toBeLessThan(60_000);
    expect(await countRecentFailures(ctx.db, 'login', 'MIXED@case.test')).toBe(1);
  });

  it('prunes rows older than a day and keeps the rest', async () => {
    await fail('login', '10.0.0.1', 'a@example.test', 3);
    await ctx.db.execute(sql`update auth_attempts set created_at = now() - interval '25 hours'`);
    await fail('login', '10.0.0.1', 'b@example.test', 2);
    expect(await pruneOldAttempts(ctx.db)).toBe(3);
    expect(await ctx.db.select().from(authAttempts)).toHaveLength(2);
  });

  it('pluralises the minutes', () => {
    expect(tooManyAttemptsMessage(1)).toBe('Too many attempts. Please try again in 1 minute.');
    expect(tooManyAttemptsMessage(15)).toBe('Too many attempts. Please try again in 15 minutes.');
  });
});
