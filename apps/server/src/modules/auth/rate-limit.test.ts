import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { HttpError } from '../../plugins/errors.ts';
import { authAttempts, authThrottles } from './attempts.table.ts';
import {
  accountSlowDownMs,
  pruneOldAttempts,
  reserveAttempt,
  settleAttempt,
  tooManyAttemptsMessage,
  type AttemptKind,
  type AttemptSource,
} from './rate-limit.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.db.delete(authAttempts);
  await ctx.db.delete(authThrottles);
});

async function rejection(promise: Promise<unknown>): Promise<HttpError | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
}

/** Reserves and fails `times` attempts one after the other. */
async function fail(kind: AttemptKind, source: AttemptSource, times: number) {
  for (let i = 0; i < times; i += 1) await settleAttempt(ctx.db, await reserveAttempt(ctx.db, kind, source), false);
}

describe('reserveAttempt', () => {
  it('decides on the counted value: of 40 parallel attempts on one account from one address, exactly 5 pass', async () => {
    const source = { ip: '10.0.0.1', account: 'dana@example.test' };
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, () => rejection(reserveAttempt(ctx.db, 'login', source))),
    );
    expect(outcomes.filter((error) => error === undefined)).toHaveLength(5);
    expect(outcomes.filter((error) => error?.statusCode === 429)).toHaveLength(35);
    expect(outcomes.find((error) => error)?.message).toBe('Too many attempts. Please try again in 15 minutes.');
  });

  it('refuses the 6th attempt of an account from one address, compared case-insensitively, and only there', async () => {
    await fail('login', { ip: '10.0.0.1', account: 'Dana@Example.test' }, 5);
    const error = await rejection(reserveAttempt(ctx.db, 'login', { ip: '10.0.0.1', account: 'DANA@example.test' }));
    expect(error?.statusCode).toBe(429);
    expect(error?.message).toBe('Too many attempts. Please try again in 15 minutes.');
    // The same account from another address is not refused: an attacker cannot lock its owner out.
    await expect(
      reserveAttempt(ctx.db, 'login', { ip: '10.0.0.2', account: 'dana@example.test' }),
    ).resolves.toMatchObject({ accountAttempts: 6 });
  });

  it('lets a success clear its pair: a user who mistyped four times and then got in starts afresh', async () => {
    const source = { ip: '10.0.0.1', account: 'ok@example.test' };
    await fail('login', source, 4);
    await settleAttempt(ctx.db, await reserveAttempt(ctx.db, 'login', source), true);
    await fail('login', source, 5);
    expect((await rejection(reserveAttempt(ctx.db, 'login', source)))?.statusCode).toBe(429);
  });

  it('refuses an address after 30 attempts across accounts (a spray), and only that address', async () => {
    for (let i = 0; i < 30; i += 1) await fail('login', { ip: '10.0.0.7', account: `u${i}@example.test` }, 1);
    expect(
      (await rejection(reserveAttempt(ctx.db, 'login', { ip: '10.0.0.7', account: 'new@example.test' })))?.statusCode,
    ).toBe(429);
    expect(
      await rejection(reserveAttempt(ctx.db, 'reset_password', { ip: '10.0.0.7', account: null })),
    ).toBeUndefined();
    await expect(
      reserveAttempt(ctx.db, 'login', { ip: '10.0.0.8', account: 'new@example.test' }),
    ).resolves.toBeDefined();
  });

  it('never refuses an account across addresses, and refused attempts give their place back', async () => {
    for (let i = 0; i < 8; i += 1) {
      await fail('login', { ip: `10.1.0.${i}`, account: 'target@example.test' }, 5);
      // Refused: does not count for the account.
      expect(
        (await rejection(reserveAttempt(ctx.db, 'login', { ip: `10.1.0.${i}`, account: 'target@example.test' })))
          ?.statusCode,
      ).toBe(429);
    }
    const reservation = await reserveAttempt(ctx.db, 'login', { ip: '10.1.1.1', account: 'target@example.test' });
    expect(reservation.accountAttempts).toBe(41);
  });

  it('keeps kinds apart', async () => {
    await fail('twofactor', { ip: '10.0.0.1', account: '42' }, 5);
    await expect(reserveAttempt(ctx.db, 'login', { ip: '10.0.0.1', account: '42' })).resolves.toBeDefined();
    expect((await rejection(reserveAttempt(ctx.db, 'twofactor', { ip: '10.0.0.1', account: 42 })))?.statusCode).toBe(
      429,
    );
  });

  it('starts a new window 15 minutes after the first attempt and reports the minutes left of the current one', async () => {
    const source = { ip: '10.0.0.1', account: 'old@example.test' };
    await fail('login', source, 5);
    await ctx.db.execute(sql`update auth_throttles set window_started_at = now() - interval '16 minutes'`);
    await expect(reserveAttempt(ctx.db, 'login', source)).resolves.toMatchObject({ accountAttempts: 1 });

    await fail('login', { ip: '10.0.0.1', account: 'wait@example.test' }, 5);
    await ctx.db.execute(
      sql`update auth_throttles set window_started_at = now() - interval '12 minutes' where key like '%wait@%'`,
    );
    const error = await rejection(reserveAttempt(ctx.db, 'login', { ip: '10.0.0.1', account: 'wait@example.test' }));
    expect(error?.message).toBe('Too many attempts. Please try again in 3 minutes.');
  });

  it('counts every forgot-password request, successful or not', async () => {
    for (let i = 0; i < 5; i += 1)
      await settleAttempt(
        ctx.db,
        await reserveAttempt(ctx.db, 'forgot_password', { ip: '10.0.0.3', account: 'f@example.test' }),
        true,
      );
    expect(
      (await rejection(reserveAttempt(ctx.db, 'forgot_password', { ip: '10.0.0.3', account: 'f@example.test' })))
        ?.statusCode,
    ).toBe(429);
  });

  it('counts nothing when neither account nor address is known', async () => {
    for (let i = 0; i < 40; i += 1) await reserveAttempt(ctx.db, 'login', { ip: null, account: null });
    expect(await ctx.db.select().from(authThrottles)).toEqual([]);
  });
});

describe('accountSlowDownMs', () => {
  it('waits nothing for the first 10 attempts, then 1 s, 2 s, 4 s, 8 s and never more than 10 s', () => {
    expect([1, 10, 11, 12, 13, 14, 15, 100].map(accountSlowDownMs)).toEqual([
      0, 0, 1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
  });
});

describe('settleAttempt and pruning', () => {
  it('records kind, lower-cased account, IP, outcome and time', async () => {
    await settleAttempt(
      ctx.db,
      await reserveAttempt(ctx.db, 'login', { ip: '192.0.2.5', account: ' Mixed@Case.Test ' }),
      false,
    );
    const rows = await ctx.db.select().from(authAttempts);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'login',
      account: 'mixed@case.test',
      ipAddress: '192.0.2.5',
      success: false,
    });
    expect(Date.now() - rows[0].createdAt.getTime()).toBeLessThan(60_000);
  });

  it('prunes attempts older than a day and counters of windows that ended, and keeps the rest', async () => {
    await fail('login', { ip: '10.0.0.1', account: 'a@example.test' }, 3);
    await ctx.db.execute(sql`update auth_attempts set created_at = now() - interval '25 hours'`);
    await ctx.db.execute(sql`update auth_throttles set window_started_at = now() - interval '16 minutes'`);
    await fail('login', { ip: '10.0.0.2', account: 'b@example.test' }, 2);
    expect(await pruneOldAttempts(ctx.db)).toBe(3);
    expect(await ctx.db.select().from(authAttempts)).toHaveLength(2);
    expect((await ctx.db.select().from(authThrottles)).map((row) => row.key).sort()).toEqual([
      '10.0.0.2',
      '10.0.0.2 b@example.test',
      'b@example.test',
    ]);
  });

  it('pluralises the minutes', () => {
    expect(tooManyAttemptsMessage(1)).toBe('Too many attempts. Please try again in 1 minute.');
    expect(tooManyAttemptsMessage(15)).toBe('Too many attempts. Please try again in 15 minutes.');
  });
});
