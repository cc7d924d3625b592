import {
  twoFactorChallengeExpiredMessage,
  type LoginResponse,
  type SignedInResponse,
  type TwoFactorChallenge,
} from '@switchboard/shared';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { users } from '../users/users.table.ts';
import { sessions } from './auth.table.ts';
import { authAttempts } from './attempts.table.ts';
import { tooManyAttemptsMessage } from './rate-limit.ts';
import { hashToken } from './tokens.ts';
import { disableTwoFactor } from './twofactor.service.ts';
import { loginChallenges, userTwoFactor } from './twofactor.table.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

// Each test signs in from its own address, so the per-IP limit of one test never touches another.
let ipCount = 0;
const nextIp = () => {
  ipCount += 1;
  return `10.20.${Math.floor(ipCount / 200)}.${(ipCount % 200) + 1}`;
};

const post = (
  url: string,
  payload: object,
  options: { token?: string; ip?: string; headers?: Record<string, string> } = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...(options.token ? bearer(options.token) : {}), ...options.headers },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });

/** The code of the current 30-second step, or `steps` steps away. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** A code that is valid in none of the steps the server accepts (previous, current, next). */
async function wrongCode(secret: string): Promise<string> {
  const valid = new Set([await codeAt(secret, -1), await codeAt(secret), await codeAt(secret, 1)]);
  for (let n = 0; ; n += 1) {
    const candidate = String(123456 + n * 7919)
      .padStart(6, '0')
      .slice(-6);
    if (!valid.has(candidate)) return candidate;
  }
}

/** Turns two-factor on through the profile calls; answers the secret. Forgets the confirm code's step afterwards. */
async function enableTwoFactor(user: TestUser): Promise<string> {
  const signedIn = await login(ctx.app, user.email, user.password);
  const setup = await post('/api/profile/twofactor/setup', {}, { token: signedIn.access_token });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<{ data: { secret: string } }>().data;
  const confirm = await post(
    '/api/profile/twofactor/confirm',
    { code: await codeAt(secret), current_password: user.password },
    { token: signedIn.access_token },
  );
  expect(confirm.statusCode).toBe(200);
  // The confirm code's step is used; tests sign in with the current step's code, so start afresh.
  await ctx.db.update(userTwoFactor).set({ lastUsedTimeStep: null }).where(eq(userTwoFactor.userId, user.id));
  return secret;
}

async function challengeFor(user: TestUser, ip = nextIp()): Promise<TwoFactorChallenge> {
  const response = await post(
    '/api/login',
    { email: user.email, password: user.password },
    { ip, headers: { 'user-agent': 'TwoFactor Browser/2.0' } },
  );
  expect(response.statusCode).toBe(200);
  const body = response.json<LoginResponse>();
  if (!body.twofactor) throw new Error('expected the two-factor challenge');
  return body;
}

const verifyCode = (challenge: TwoFactorChallenge, code: string, ip = nextIp()) =>
  post(
    '/api/login/twofactor',
    { hash: challenge.hash, hash_e: challenge.hash_e, hash_p: challenge.hash_p, code },
    { ip },
  );

const codeFailure = { message: 'Error validating code.', errors: { code: ['Error validating code.'] } };

describe('two-factor setup in the profile', () => {
  it('answers the secret, its otpauth URL and a QR data URL, and keeps two-factor off until confirmed', async () => {
    const user = await createUser(ctx.db, { email: 'setup.person@example.test' });
    const signedIn = await login(ctx.app, user.email, user.password);
    const response = await post('/api/profile/twofactor/setup', {}, { token: signedIn.access_token });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: { secret: string; otpauth_url: string; qr_data_url: string } }>();
    expect(Object.keys(data).sort()).toEqual(['otpauth_url', 'qr_data_url', 'secret']);
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.otpauth_url).toBe(
      `otpauth://totp/Switchboard:setup.person%40example.test?secret=${data.secret}&issuer=Switchboard`,
    );
    expect(data.qr_data_url).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);

    const [row] = await ctx.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
    expect(row.pendingSecret).toBe(data.secret);
    expect(row.secret).toBeNull();
    const status = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/twofactor',
      headers: bearer(signedIn.access_token),
    });
    expect(status.json()).toEqual({ data: { enabled: false } });
    // Still a plain sign-in.
    expect((await login(ctx.app, user.email, user.password)).twofactor).toBe(false);
  });

  it("refuses a wrong code with 422 'Error validating code.' and a malformed one with a field message", async () => {
    const user = await createUser(ctx.db);
    const signedIn = await login(ctx.app, user.email, user.password);
    const { secret } = (await post('/api/profile/twofactor/setup', {}, { token: signedIn.access_token })).json<{
      data: { secret: string };
    }>().data;

    const wrong = await post(
      '/api/profile/twofactor/confirm',
      { code: await wrongCode(secret), current_password: user.password },
      { token: signedIn.access_token },
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual(codeFailure);

    const malformed = await post(
      '/api/profile/twofactor/confirm',
      { code: '12ab56' },
      { token: signedIn.access_token },
    );
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toEqual({ code: ['The code must be 6 digits.'] });

    const [row] = await ctx.db.select({ enabled: users.twofactorEnabled }).from(users).where(eq(users.id, user.id));
    expect(row.enabled).toBe(false);
  });

  it('answers 409 for a confirm without a setup', async () => {
    const user = await createUser(ctx.db);
    const signedIn = await login(ctx.app, user.email, user.password);
    const response = await post(
      '/api/profile/twofactor/confirm',
      { code: '123456', current_password: user.password },
      { token: signedIn.access_token },
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Start the two-factor setup first.' });
  });

  it('turns two-factor on with a valid code; a second setup is refused while it is on', async () => {
    const user = await createUser(ctx.db);
    const signedIn = await login(ctx.app, user.email, user.password);
    const { secret } = (await post('/api/profile/twofactor/setup', {}, { token: signedIn.access_token })).json<{
      data: { secret: string };
    }>().data;
    const confirm = await post(
      '/api/profile/twofactor/confirm',
      { code: await codeAt(secret), current_password: user.password },
      { token: signedIn.access_token },
    );
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ message: 'Two-factor authentication enabled.' });

    const status = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/twofactor',
      headers: bearer(signedIn.access_token),
    });
    expect(status.json()).toEqual({ data: { enabled: true } });
    const [row] = await ctx.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
    expect(row.secret).toBe(secret);
    expect(row.pendingSecret).toBeNull();

    const again = await post('/api/profile/twofactor/setup', {}, { token: signedIn.access_token });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Two-factor authentication is already enabled.' });
  });

  it('needs a signed-in user', async () => {
    expect((await post('/api/profile/twofactor/setup', {})).statusCode).toBe(401);
    expect((await post('/api/profile/twofactor/confirm', { code: '123456' })).statusCode).toBe(401);
    expect((await post('/api/profile/twofactor/disable', { password: 'x' })).statusCode).toBe(401);
  });
});

describe('POST /api/login with two-factor on', () => {
  it('answers only the opaque challenge, opens no session and stores only hashes', async () => {
    const user = await createUser(ctx.db, { name: 'Fox Mulder' });
    await enableTwoFactor(user);
    const sessionsBefore = (await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).length;

    const response = await post('/api/login', { email: user.email, password: user.password }, { ip: nextIp() });
    expect(response.statusCode).toBe(200);
    const body = response.json<TwoFactorChallenge>();
    expect(Object.keys(body).sort()).toEqual(['hash', 'hash_e', 'hash_p', 'twofactor']);
    expect(body.twofactor).toBe(true);
    for (const value of [body.hash, body.hash_e, body.hash_p]) expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set([body.hash, body.hash_e, body.hash_p]).size).toBe(3);
    expect(response.body).not.toContain(user.email);
    expect(response.body).not.toContain(user.password);
    expect(response.body).not.toMatch(/access_token|refresh_token/);

    expect((await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).length).toBe(sessionsBefore);
    const [challenge] = await ctx.db
      .select()
      .from(loginChallenges)
      .where(eq(loginChallenges.hash, hashToken(body.hash)));
    expect(challenge.userId).toBe(user.id);
    expect(challenge.hashE).toBe(hashToken(body.hash_e));
    expect(challenge.hashP).toBe(hashToken(body.hash_p));
    expect(challenge.expiresAt.getTime() - challenge.createdAt.getTime()).toBeCloseTo(5 * 60 * 1000, -3);
    expect(challenge.failedAttempts).toBe(0);
    expect(challenge.usedAt).toBeNull();
  });

  it('still answers 401 for a wrong password, before any challenge', async () => {
    const user = await createUser(ctx.db);
    await enableTwoFactor(user);
    const response = await post('/api/login', { email: user.email, password: 'wrong-password' }, { ip: nextIp() });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid email / password.' });
  });
});

describe('POST /api/login/twofactor', () => {
  it('answers the tokens, user and permissions of a normal sign-in for the right code', async () => {
    const user = await createUser(ctx.db, { name: 'Walter Skinner', permissions: ['view crm'] });
    const secret = await enableTwoFactor(user);
    const challenge = await challengeFor(user);
    const response = await verifyCode(challenge, await codeAt(secret));
    expect(response.statusCode).toBe(200);
    const body = response.json<SignedInResponse>();
    expect(Object.keys(body).sort()).toEqual(
      [
        'access_token',
        'agent_settings',
        'expires_in',
        'notifications',
        'permissions',
        'refresh_token',
        'token_id',
        'twofactor',
        'user',
      ].sort(),
    );
    expect(body.twofactor).toBe(false);
    expect(body.user).toMatchObject({ id: user.id, name: 'Walter Skinner', email: user.email });
    expect(body.permissions).toEqual(['view crm']);
    expect(body.expires_in).toBe(3600);

    const session = await ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(body.access_token) });
    expect(session.statusCode).toBe(200);
    expect(session.json().data.user.id).toBe(user.id);
    // The session carries the sign-in's browser, from the password step.
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.id, body.token_id));
    expect(row.userAgent).toBe('TwoFactor Browser/2.0');
    expect(response.body).not.toContain(secret);
  });

  it('accepts a challenge once', async () => {
    const user = await createUser(ctx.db);
    const secret = await enableTwoFactor(user);
    const challenge = await challengeFor(user);
    expect((await verifyCode(challenge, await codeAt(secret))).statusCode).toBe(200);

    const again = await verifyCode(challenge, await codeAt(secret, 1));
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: twoFactorChallengeExpiredMessage });
  });

  it('accepts a code once: the same code on a new challenge is refused, the next step is accepted', async () => {
    const user = await createUser(ctx.db);
    const secret = await enableTwoFactor(user);
    const code = await codeAt(secret);
    expect((await verifyCode(await challengeFor(user), code)).statusCode).toBe(200);

    const replay = await verifyCode(await challengeFor(user), code);
    expect(replay.statusCode).toBe(422);
    expect(replay.json()).toEqual(codeFailure);

    const next = await verifyCode(await challengeFor(user), await codeAt(secret, 1));
    expect(next.statusCode).toBe(200);
  });

  it("answers 422 'Error validating code.' for a wrong code, and the fifth wrong code voids the challenge", async () => {
    const user = await createUser(ctx.db);
    const secret = await enableTwoFactor(user);
    const challenge = await challengeFor(user);
    const wrong = await wrongCode(secret);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await verifyCode(challenge, wrong);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(codeFailure);
    }
    const [row] = await ctx.db
      .select()
      .from(loginChallenges)
      .where(eq(loginChallenges.hash, hashToken(challenge.hash)));
    expect(row.failedAttempts).toBe(5);

    // From yet another address, the right code still cannot revive the voided challenge.
    const late = await verifyCode(challenge, await codeAt(secret));
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ message: twoFactorChallengeExpiredMessage });
  });

  it('answers 401 for an expired challenge', async () => {
    const user = await createUser(ctx.db);
    const secret = await enableTwoFactor(user);
    const challenge = await challengeFor(user);
    await ctx.db
      .update(loginChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(loginChallenges.hash, hashToken(challenge.hash)));
    const response = await verifyCode(challenge, await codeAt(secret));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: twoFactorChallengeExpiredMessage });
  });

  it('needs all three challenge values: a wrong hash_e or hash_p is refused and counts against the challenge', async () => {
    const user = await createUser(ctx.db);
    const secret = await enableTwoFactor(user);
    const challenge = await challengeFor(user);
    const code = await codeAt(secret);
    for (const tampered of [
      { ...challenge, hash_e: challenge.hash_p },
      { ...challenge, hash_p: challenge.hash_e },
      { ...challenge, hash: challenge.hash_e },
    ]) {
      const response = await verifyCode(tampered, code);
      expect(response.statusCode).toBe(401);
    }
    const [row] = await ctx.db
      .select()
      .from(loginChallenges)
      .where(eq(loginChallenges.hash, hashToken(challenge.hash)));
    expect(row.failedAttempts).toBe(2);
    // The untouched challenge still works.
    expect((await verifyCode(challenge, code)).statusCode).toBe(200);
  });

  it('answers 401 when the user was disabled or two-factor switched off after the password step', async () => {
    const disabled = await createUser(ctx.db);
    const disabledSecret = await enableTwoFactor(disabled);
    const first = await challengeFor(disabled);
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, disabled.id));
    expect((await verifyCode(first, await codeAt(disabledSecret))).statusCode).toBe(401);

    const switchedOff = await createUser(ctx.db);
    const secret = await enableTwoFactor(switchedOff);
    const second = await challengeFor(switchedOff);
    await disableTwoFactor(ctx.db, switchedOff.id);
    expect((await verifyCode(second, await codeAt(secret))).statusCode).toBe(401);
  });

  it('is rate limited per account and address: after five failures even the right code answers 429 there', async () => {
    const user = await createUser(ctx.db);
    const secret = await enableTwoFactor(user);
    const wrong = await wrongCode(secret);
    // Failures spread over several challenges still count for the account from that address.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const challenge = await challengeFor(user);
      expect((await verifyCode(challenge, wrong, '10.21.0.1')).statusCode).toBe(422);
    }
    const challenge = await challengeFor(user);
    const response = await verifyCode(challenge, await codeAt(secret), '10.21.0.1');
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ message: tooManyAttemptsMessage(15) });
    const recorded = await ctx.db.select().from(authAttempts).where(eq(authAttempts.account, user.email.toLowerCase()));
    expect(recorded.filter((row) => row.kind === 'twofactor' && !row.success)).toHaveLength(5);
    // The owner, from their own address, is not kept out.
    expect((await verifyCode(challenge, await codeAt(secret), '10.21.0.2')).statusCode).toBe(200);
  });

  it('checks at most five of 60 parallel codes on one challenge, from 60 addresses; the right one after them fails', async () => {
    const user = await createUser(ctx.db);
    const secret = await enableTwoFactor(user);
    const challenge = await challengeFor(user);
    const wrong = await wrongCode(secret);
    const codes = Array.from({ length: 59 }, () => wrong).concat(await codeAt(secret));
    const answers = await Promise.all(codes.map((code) => verifyCode(challenge, code)));
    // Each 422 is one code checked; the others found the challenge used up without checking anything.
    expect(answers.filter((answer) => answer.statusCode === 422)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(55);
    expect(answers.at(-1)?.json()).toEqual({ message: twoFactorChallengeExpiredMessage });
    const [row] = await ctx.db
      .select()
      .from(loginChallenges)
      .where(eq(loginChallenges.hash, hashToken(challenge.hash)));
    expect(row.failedAttempts).toBe(5);
    expect(row.usedAt).toBeNull();
  });

  it('answers 422 with a message per field for a bad body', async () => {
    const response = await post('/api/login/twofactor', { hash: 'abc', code: '12' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      hash_e: ['The hash e field is required.'],
      hash_p: ['The hash p field is required.'],
      code: ['The code must be 6 digits.'],
    });
  });
});

describe('turning two-factor off', () => {
  it("refuses a wrong password with 422 errors.password 'Invalid password.'", async () => {
    const user = await createUser(ctx.db);
    const secret = await enableTwoFactor(user);
    const signedIn = (await verifyCode(await challengeFor(user), await codeAt(secret))).json<SignedInResponse>();
    const response = await post(
      '/api/profile/twofactor/disable',
      { password: 'not-my-password' },
      { token: signedIn.access_token },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { password: ['Invalid password.'] },
    });
    const [row] = await ctx.db.select({ enabled: users.twofactorEnabled }).from(users).where(eq(users.id, user.id));
    expect(row.enabled).toBe(true);
  });

  it('with the password, turns it off: the password alone signs in again and the secret is gone', async () => {
    const user = await createUser(ctx.db);
    const secret = await enableTwoFactor(user);
    const signedIn = (await verifyCode(await challengeFor(user), await codeAt(secret))).json<SignedInResponse>();
    const response = await post(
      '/api/profile/twofactor/disable',
      { password: user.password },
      { token: signedIn.access_token },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Two-factor authentication disabled.' });
    expect((await login(ctx.app, user.email, user.password)).twofactor).toBe(false);
    expect(await ctx.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id))).toEqual([]);
  });

  it("disableTwoFactor (the administrator's switch) turns it off without a password", async () => {
    const user = await createUser(ctx.db);
    await enableTwoFactor(user);
    await disableTwoFactor(ctx.db, user.id);
    const [row] = await ctx.db.select({ enabled: users.twofactorEnabled }).from(users).where(eq(users.id, user.id));
    expect(row.enabled).toBe(false);
    expect((await login(ctx.app, user.email, user.password)).twofactor).toBe(false);
  });
});
