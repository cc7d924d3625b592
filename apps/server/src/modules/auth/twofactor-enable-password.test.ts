import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEmployeeForm } from '../../../test/employee-form.ts';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { users } from '../users/users.table.ts';
import { userTwoFactor } from './twofactor.table.ts';

// Issue 26 §3 (issue 25's note, decision 0057): turning two-factor on for one's own account asks for the current
// password, like changing one's password or e-mail: same field, same 422 messages, same limit on wrong guesses.

const requiredMessage = 'Enter your current password to change your own password, e-mail or two-factor authentication.';
const invalidMessage = 'The current password is incorrect.';
const invalid = (message: string) => ({
  message: 'The given data was invalid.',
  errors: { current_password: [message] },
});

let ctx: TestContext;
let counter = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** A signed-in user with a two-factor setup started (the secret pending), from an address of its own. */
async function withPendingSetup() {
  counter += 1;
  const user = await createUser(ctx.db, { email: `enable.${counter}@example.test` });
  const ip = `10.61.0.${counter}`;
  const { access_token: token } = await login(ctx.app, user.email, user.password);
  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload, remoteAddress: ip });
  const setup = await post('/api/profile/twofactor/setup', {});
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json<{ data: { secret: string } }>().data;
  const code = () => generate({ secret });
  const state = async () => {
    const [row] = await ctx.db.select({ enabled: users.twofactorEnabled }).from(users).where(eq(users.id, user.id));
    const [pending] = await ctx.db
      .select({ pending: userTwoFactor.pendingSecret, secret: userTwoFactor.secret })
      .from(userTwoFactor)
      .where(eq(userTwoFactor.userId, user.id));
    return { enabled: row!.enabled, pending: pending?.pending ?? null, secret: pending?.secret ?? null };
  };
  return { user, token, ip, post, secret, code, state };
}

describe('POST /api/profile/twofactor/confirm asks for the current password', () => {
  it('refuses a right code without the current password (422 on current_password), leaving two-factor off', async () => {
    const owner = await withPendingSetup();
    for (const payload of [{ code: await owner.code() }, { code: await owner.code(), current_password: '' }]) {
      const response = await owner.post('/api/profile/twofactor/confirm', payload);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(invalid(requiredMessage));
    }
    expect(await owner.state()).toEqual({ enabled: false, pending: owner.secret, secret: null });
  });

  it('refuses a wrong current password with its message; the right one with the code turns two-factor on', async () => {
    const owner = await withPendingSetup();
    const wrong = await owner.post('/api/profile/twofactor/confirm', {
      code: await owner.code(),
      current_password: 'not-my-password',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual(invalid(invalidMessage));
    expect(await owner.state()).toEqual({ enabled: false, pending: owner.secret, secret: null });

    // The code was not spent by the refused call: the same code still confirms.
    const right = await owner.post('/api/profile/twofactor/confirm', {
      code: await owner.code(),
      current_password: owner.user.password,
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toEqual({ message: 'Two-factor authentication enabled.' });
    expect(await owner.state()).toEqual({ enabled: true, pending: null, secret: owner.secret });
  });

  it('counts wrong guesses with the other credential changes: 429 after five from one address', async () => {
    const owner = await withPendingSetup();
    // Four wrong guesses on one's own e-mail change in the employee form, then one here: the same counter.
    const form = await readEmployeeForm(ctx.app, owner.token, owner.user.id);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const guess = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/employee/${owner.user.id}`,
        headers: bearer(owner.token),
        remoteAddress: owner.ip,
        payload: { ...form, email: 'elsewhere@example.test', current_password: `guess-${attempt}` },
      });
      expect(guess.statusCode).toBe(422);
      expect(guess.json()).toEqual(invalid(invalidMessage));
    }
    const fifth = await owner.post('/api/profile/twofactor/confirm', {
      code: await owner.code(),
      current_password: 'guess-4',
    });
    expect(fifth.statusCode).toBe(422);
    const limited = await owner.post('/api/profile/twofactor/confirm', {
      code: await owner.code(),
      current_password: owner.user.password,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect((await owner.state()).enabled).toBe(false);
  });
});
