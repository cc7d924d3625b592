import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { buildApp, createLogger } from '../../app.ts';
import { runInBackground, settleBackgroundMail } from '../../plugins/mail.ts';
import { sessions } from '../auth/auth.table.ts';
import { authAttempts } from '../auth/attempts.table.ts';
import { hashPassword } from '../auth/password.ts';
import { hashToken } from '../auth/tokens.ts';
import { outbox } from '../mail/mail.table.ts';
import { users } from '../users/users.table.ts';
import { passwordResets } from './password-reset.table.ts';

// The server project shares a worker's modules between files (decision 0145): drop them so this file's imports
// load under its mock, and again after it so the next file gets the real module.
vi.hoisted(() => vi.resetModules());
afterAll(() => {
  vi.doUnmock('../auth/password.ts');
  vi.resetModules();
});

// The real argon2, counted: a reset with a wrong token must not reach it.
vi.mock('../auth/password.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../auth/password.ts')>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

const sentMessage = 'Password reset link sent to your email.';
const invalidToken = {
  message: 'The given data was invalid.',
  errors: { token: ['This password reset token is invalid.'] },
};

function forgot(ctx: TestContext, email: unknown, remoteAddress = '127.0.0.1') {
  return ctx.app.inject({ method: 'POST', url: '/api/forgotpassword', payload: { email }, remoteAddress });
}
function reset(ctx: TestContext, payload: Record<string, unknown>, remoteAddress = '127.0.0.1') {
  return ctx.app.inject({ method: 'POST', url: '/api/resetpassword', payload, remoteAddress });
}
const session = (ctx: TestContext, token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(token) });
const tokenIn = (text: string) => /\/reset-password\/([A-Za-z0-9_-]{43})\b/.exec(text)?.[1];

// The message as received over SMTP, with quoted-printable soft breaks and escapes undone.
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('password reset over real SMTP', () => {
  interface Received {
    from: string;
    to: string[];
    raw: string;
  }
  const received: Received[] = [];
  const waiting: ((mail: Received) => void)[] = [];
  let smtp: SMTPServer;
  let ctx: TestContext;

  const nextMail = () =>
    new Promise<Received>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no mail arrived over SMTP')), 10_000);
      waiting.push((mail) => {
        clearTimeout(timer);
        resolve(mail);
      });
    });

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, smtpSession, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const mail = {
            from: smtpSession.envelope.mailFrom ? smtpSession.envelope.mailFrom.address : '',
            to: smtpSession.envelope.rcptTo.map((address) => address.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          };
          received.push(mail);
          waiting.shift()?.(mail);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const { port } = smtp.server.address() as AddressInfo;
    ctx = await createTestContext({
      config: { smtpUrl: `smtp://127.0.0.1:${port}`, appUrl: 'https://portal.example.test' },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('mails a link that resets the password once, ends the old sessions, and lets the new password in', async () => {
    const user = await createUser(ctx.db, {
      name: 'Fox Mulder',
      email: 'fox.mulder@example.test',
      password: 'Old-password-1',
    });
    const oldSession = await login(ctx.app, user.email, 'Old-password-1');
    const secondSession = await login(ctx.app, user.email, 'Old-password-1');

    const arrival = nextMail();
    const response = await forgot(ctx, 'Fox.Mulder@Example.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: sentMessage });

    const mail = await arrival;
    expect(mail.to).toEqual(['fox.mulder@example.test']);
    expect(mail.from).toBe('no-reply@switchboard.local');
    const message = decodeQuotedPrintable(mail.raw);
    expect(message).toMatch(/^Subject: Reset Password Notification$/m);
    expect(message).toContain('Hello Fox Mulder,');
    expect(message).toContain('https://portal.example.test/reset-password/');
    const token = tokenIn(message);
    expect(token).toBeDefined();
    // Delivered over SMTP: nothing kept in the outbox, and only the token's hash in the database.
    expect(await ctx.db.select().from(outbox)).toEqual([]);
    const [stored] = await ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(stored.tokenHash).toBe(hashToken(token!));
    expect(JSON.stringify(stored)).not.toContain(token!);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeCloseTo(60 * 60 * 1000, -4);

    const done = await reset(ctx, { password: 'New-password-2', password_confirmation: 'New-password-2', token });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Your password has been reset.' });

    const again = await reset(ctx, { password: 'Third-password-3', password_confirmation: 'Third-password-3', token });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(invalidToken);

    expect((await session(ctx, oldSession.access_token)).statusCode).toBe(401);
    expect((await session(ctx, secondSession.access_token)).statusCode).toBe(401);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/refresh',
      payload: { refresh_token: oldSession.refresh_token },
    });
    expect(refreshed.statusCode).toBe(401);

    const oldPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'Old-password-1' },
    });
    expect(oldPassword.statusCode).toBe(401);
    const fresh = await login(ctx.app, user.email, 'New-password-2');
    expect((await session(ctx, fresh.access_token)).statusCode).toBe(200);
  });

  it('answers the same when the SMTP server cannot be reached, and keeps the mail in the outbox with the error', async () => {
    const user = await createUser(ctx.db);
    const offline = await createTestContext({ config: { smtpUrl: 'smtp://127.0.0.1:1' } });
    try {
      await createUser(offline.db, { email: user.email });
      const response = await forgot(offline, user.email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: sentMessage });
      await settleBackgroundMail(offline.db);
      const [kept] = await offline.db.select().from(outbox);
      expect(kept.to).toBe(user.email);
      expect(kept.error).toMatch(/\S/);
    } finally {
      await offline.close();
    }
  });
});

describe('password reset without SMTP: the outbox', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function requestLink(email: string): Promise<string> {
    const response = await forgot(ctx, email);
    expect(response.statusCode).toBe(200);
    await settleBackgroundMail(ctx.db);
    const [latest] = await ctx.db
      .select()
      .from(outbox)
      .orderBy(sql`${outbox.id} desc`)
      .limit(1);
    expect(latest.to).toBe(email);
    const token = tokenIn(latest.text);
    if (!token) throw new Error('no link in the mail');
    return token;
  }

  it('keeps the mail in the outbox with a link to APP_URL (default http://localhost:{PORT})', async () => {
    const user = await createUser(ctx.db, { name: 'Walter Skinner' });
    const token = await requestLink(user.email);
    const [row] = await ctx.db
      .select()
      .from(outbox)
      .orderBy(sql`${outbox.id} desc`)
      .limit(1);
    expect(row.subject).toBe('Reset Password Notification');
    expect(row.error).toBeNull();
    expect(row.text).toContain(`http://localhost:${ctx.config.port}/reset-password/${token}`);
    expect(row.html).toContain(`href="http://localhost:${ctx.config.port}/reset-password/${token}"`);
  });

  // Issue 25 (decision 0057): the answer goes before the lookup, token and mail, so its timing cannot tell a known
  // address from an unknown one. While another transaction holds the reset table, the work cannot finish: the
  // answer must come anyway, and the token and mail only once the table is free again.
  it('answers before the work: the token and mail are written after the reply', async () => {
    const user = await createUser(ctx.db);
    const outcome = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`lock table password_resets in access exclusive mode`);
      let bound: NodeJS.Timeout | undefined;
      // Only a bound on failure: with the work before the answer, the call would wait for this lock forever.
      const stillWaiting = new Promise<'no answer while the work was blocked'>((resolve) => {
        bound = setTimeout(() => resolve('no answer while the work was blocked'), 10_000);
      });
      const answer = await Promise.race([forgot(ctx, user.email), stillWaiting]);
      clearTimeout(bound);
      return answer;
    });
    if (typeof outcome === 'string') throw new Error(outcome);
    expect(outcome.statusCode).toBe(200);
    expect(outcome.json()).toEqual({ message: sentMessage });
    await settleBackgroundMail(ctx.db);
    expect(await ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toHaveLength(1);
    expect(await ctx.db.select().from(outbox).where(eq(outbox.to, user.email))).toHaveLength(1);
  });

  it('logs a failure of the work after the answer, and throws it to nobody', async () => {
    const warn = vi.fn();
    runInBackground({ db: ctx.db, config: ctx.config, log: { info: vi.fn(), warn } }, 'password reset', () =>
      Promise.reject(new Error('database gone')),
    );
    await settleBackgroundMail(ctx.db);
    expect(warn).toHaveBeenCalledWith({ error: 'database gone' }, 'password reset failed');
  });

  it('answers an unknown e-mail exactly like a known one, and sends nothing', async () => {
    const user = await createUser(ctx.db);
    const known = await forgot(ctx, user.email);
    const unknown = await forgot(ctx, 'nobody-here@example.test');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    await settleBackgroundMail(ctx.db);
    const mails = await ctx.db
      .select()
      .from(outbox)
      .where(sql`${outbox.to} = 'nobody-here@example.test'`);
    expect(mails).toEqual([]);
  });

  it('sends no mail to a disabled account but answers the same', async () => {
    const user = await createUser(ctx.db, { deletedAt: new Date() });
    const response = await forgot(ctx, user.email);
    expect(response.json()).toEqual({ message: sentMessage });
    await settleBackgroundMail(ctx.db);
    expect(await ctx.db.select().from(outbox).where(eq(outbox.to, user.email))).toEqual([]);
    expect(await ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toEqual([]);
  });

  it('validates the e-mail with 422', async () => {
    const bad = await forgot(ctx, 'not-an-email');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { email: ['The email must be a valid email address.'] },
    });
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/forgotpassword', payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.email).toEqual(['The email field is required.']);
    const wrongType = await forgot(ctx, 42);
    expect(wrongType.statusCode).toBe(422);
  });

  it('checks the new password: at least 6 characters and confirmed, on the password field', async () => {
    const user = await createUser(ctx.db);
    const token = await requestLink(user.email);
    const short = await reset(ctx, { password: 'abc12', password_confirmation: 'abc12', token });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ password: ['The password must be at least 6 characters.'] });
    const mismatch = await reset(ctx, { password: 'abcdef', password_confirmation: 'abcdeg', token });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password: ['The password field confirmation does not match.'] });
    const unconfirmed = await reset(ctx, { password: 'abcdef', token });
    expect(unconfirmed.json().errors).toEqual({ password: ['The password field confirmation does not match.'] });
    const long = await reset(ctx, { password: 'x'.repeat(129), password_confirmation: 'x'.repeat(129), token });
    expect(long.json().errors).toEqual({ password: ['The password may not be greater than 128 characters.'] });
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/resetpassword', payload: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.password).toEqual(['The password field is required.']);
    expect(empty.json().errors.token).toEqual(['The token field is required.']);
    // None of these spent the token.
    const ok = await reset(ctx, { password: 'abcdef', password_confirmation: 'abcdef', token });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses an unknown token and changes nothing', async () => {
    const response = await reset(ctx, { password: 'abcdef', password_confirmation: 'abcdef', token: 'x'.repeat(43) });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(invalidToken);
  });

  it('refuses an expired token, and keeps the password and sessions', async () => {
    const user = await createUser(ctx.db);
    const signedIn = await login(ctx.app, user.email, user.password);
    const token = await requestLink(user.email);
    await ctx.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    const response = await reset(ctx, { password: 'abcdef', password_confirmation: 'abcdef', token });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(invalidToken);
    expect((await session(ctx, signedIn.access_token)).statusCode).toBe(200);
    await login(ctx.app, user.email, user.password);
  });

  it('accepts a token just inside its 60 minutes', async () => {
    const user = await createUser(ctx.db);
    const token = await requestLink(user.email);
    await ctx.db
      .update(passwordResets)
      .set({ createdAt: sql`now() - interval '59 minutes'`, expiresAt: sql`now() + interval '1 minute'` })
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    const response = await reset(ctx, { password: 'abcdef', password_confirmation: 'abcdef', token });
    expect(response.statusCode).toBe(200);
  });

  it('makes an earlier link useless once a newer one is requested', async () => {
    const user = await createUser(ctx.db);
    const first = await requestLink(user.email);
    const second = await requestLink(user.email);
    expect(second).not.toBe(first);
    expect((await reset(ctx, { password: 'abcdef', password_confirmation: 'abcdef', token: first })).json()).toEqual(
      invalidToken,
    );
    expect((await reset(ctx, { password: 'abcdef', password_confirmation: 'abcdef', token: second })).statusCode).toBe(
      200,
    );
  });

  it('refuses the link of an account disabled after the mail went out', async () => {
    const user = await createUser(ctx.db);
    const token = await requestLink(user.email);
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    expect((await reset(ctx, { password: 'abcdef', password_confirmation: 'abcdef', token })).json()).toEqual(
      invalidToken,
    );
  });

  it('stores the new password as an argon2 hash and revokes every session of that user only', async () => {
    const user = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    await login(ctx.app, user.email, user.password);
    await login(ctx.app, user.email, user.password);
    const othersSession = await login(ctx.app, other.email, other.password);
    const token = await requestLink(user.email);
    expect(
      (await reset(ctx, { password: 'Brand-new-9', password_confirmation: 'Brand-new-9', token })).statusCode,
    ).toBe(200);

    const [row] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const rows = await ctx.db.select({ revoked: sessions.revoked }).from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((r) => r.revoked)).toEqual([true, true]);
    expect((await session(ctx, othersSession.access_token)).statusCode).toBe(200);
    const [spent] = await ctx.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    expect(spent.usedAt).not.toBeNull();
  });

  it('also ends the shadow sessions the user opened as someone else', async () => {
    const user = await createUser(ctx.db);
    const client = await createUser(ctx.db, { type: 'Client' });
    const own = await login(ctx.app, user.email, user.password);
    const [shadow] = await ctx.db
      .insert(sessions)
      .values({
        userId: client.id,
        accessTokenHash: 'd'.repeat(64),
        accessExpiresAt: sql`now() + interval '30 minutes'`,
        refreshTokenHash: 'e'.repeat(64),
        expiresAt: sql`now() + interval '30 minutes'`,
        shadowedByUserId: user.id,
        shadowParentSessionId: own.token_id,
        reAuthCodeHash: 'f'.repeat(64),
        shadowExpiresAt: sql`now() + interval '30 minutes'`,
      })
      .returning({ id: sessions.id });
    const token = await requestLink(user.email);
    expect((await reset(ctx, { password: 'abcdef', password_confirmation: 'abcdef', token })).statusCode).toBe(200);
    const [row] = await ctx.db.select({ revoked: sessions.revoked }).from(sessions).where(eq(sessions.id, shadow.id));
    expect(row.revoked).toBe(true);
  });

  it('limits forgot password per e-mail and address (5 in 15 minutes) with 429, known or not', async () => {
    const user = await createUser(ctx.db);
    for (const email of [user.email, 'ghost@example.test']) {
      for (let i = 0; i < 5; i += 1) expect((await forgot(ctx, email, '10.1.0.1')).statusCode).toBe(200);
      const refused = await forgot(ctx, email.toUpperCase(), '10.1.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: 'Too many attempts. Please try again in 15 minutes.' });
    }
    // From another address the answer is the same as ever, but the inbox gets no sixth mail in the window.
    expect((await forgot(ctx, user.email, '10.1.0.2')).json()).toEqual({ message: sentMessage });
    await settleBackgroundMail(ctx.db);
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.to, user.email)).orderBy(outbox.id);
    expect(mails).toHaveLength(5);
    // The newest link sent still works.
    const token = tokenIn(mails[4].text)!;
    expect((await reset(ctx, { password: 'abcdef', password_confirmation: 'abcdef', token })).statusCode).toBe(200);
  });

  it('sends five mails for 20 parallel requests for one e-mail from one address', async () => {
    const user = await createUser(ctx.db);
    const answers = await Promise.all(Array.from({ length: 20 }, () => forgot(ctx, user.email, '10.2.0.1')));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(15);
    await settleBackgroundMail(ctx.db);
    expect(await ctx.db.select().from(outbox).where(eq(outbox.to, user.email))).toHaveLength(5);
  });

  it('checks the token before hashing: 40 parallel wrong tokens from one address hash nothing, and 30 are answered', async () => {
    const hashesBefore = vi.mocked(hashPassword).mock.calls.length;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        reset(ctx, { password: 'abcdef', password_confirmation: 'abcdef', token: `wrong-${i}` }, '10.3.0.1'),
      ),
    );
    expect(vi.mocked(hashPassword).mock.calls.length).toBe(hashesBefore);
    expect(answers.filter((answer) => answer.statusCode === 422)).toHaveLength(30);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(10);
    expect(refused[0].json()).toEqual({ message: 'Too many attempts. Please try again in 15 minutes.' });
    // Another address is not refused.
    const user = await createUser(ctx.db);
    const token = await requestLink(user.email);
    expect(
      (await reset(ctx, { password: 'abcdef', password_confirmation: 'abcdef', token }, '10.3.0.2')).statusCode,
    ).toBe(200);
  });

  it('rate limits forgot password per IP address (30 in 15 minutes) and records each request with its IP', async () => {
    for (let i = 0; i < 30; i += 1)
      expect((await forgot(ctx, `spray${i}@example.test`, '203.0.113.7')).statusCode).toBe(200);
    const refused = await forgot(ctx, 'spray-last@example.test', '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect((await forgot(ctx, 'spray-last@example.test', '203.0.113.8')).statusCode).toBe(200);
    const recorded = await ctx.db.select().from(authAttempts).where(eq(authAttempts.ipAddress, '203.0.113.7'));
    expect(recorded).toHaveLength(30);
    expect(recorded.every((row) => row.kind === 'forgot_password')).toBe(true);
  });
});

describe('logs', () => {
  it('never contain the reset token: not from the mail, the reset call, nor the link opened in the browser', async () => {
    const ctx = await createTestContext();
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const app = await buildApp({ db: ctx.db, config: ctx.config, logger: createLogger({ logLevel: 'trace' }, sink) });
    try {
      const user = await createUser(ctx.db);
      await app.inject({ method: 'POST', url: '/api/forgotpassword', payload: { email: user.email } });
      await settleBackgroundMail(ctx.db);
      const [mail] = await ctx.db.select().from(outbox);
      const token = tokenIn(mail.text)!;
      await app.inject({ method: 'GET', url: `/reset-password/${token}` });
      await app.inject({ method: 'GET', url: `/reset-password/${token}?redirect=/dashboard` });
      await app.inject({
        method: 'POST',
        url: '/api/resetpassword',
        payload: { password: 'abcdef', password_confirmation: 'abcdef', token },
      });
      const log = lines.join('');
      expect(log).toContain('/reset-password/[redacted]');
      expect(log).toContain('mail kept in the outbox');
      expect(log).not.toContain(token);
    } finally {
      await app.close();
      await ctx.close();
    }
  });
});
