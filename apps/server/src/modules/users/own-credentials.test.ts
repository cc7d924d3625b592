import { eq } from 'drizzle-orm';
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
import { readEmployeeForm } from '../../../test/employee-form.ts';
import { settleBackgroundMail } from '../../plugins/mail.ts';
import { outbox } from '../mail/mail.table.ts';
import { credentialChanges } from './credential-changes.table.ts';
import { users } from './users.table.ts';

// Issue 25 part 2 (decision 0057): an access token alone does not change its owner's password, e-mail or
// two-factor. Each such change asks for the current password, and is recorded and mailed to the owner at the
// address the account had before, like a change made by someone else.

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

async function signedIn(options: Parameters<typeof createUser>[1] = {}): Promise<{ user: TestUser; token: string }> {
  counter += 1;
  const user = await createUser(ctx.db, { name: `Owen Owner ${counter}`, ...options });
  return { user, token: (await login(ctx.app, user.email, user.password)).access_token };
}

/** The employee form as the edit screen sends it for one's own record. */
const ownForm = (token: string, userId: number) => readEmployeeForm(ctx.app, token, userId);

const editSelf = async (who: { user: TestUser; token: string }, changes: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/users/employee/${who.user.id}`,
    headers: bearer(who.token),
    payload: { ...(await ownForm(who.token, who.user.id)), ...changes },
  });

const stored = async (userId: number) => (await ctx.db.select().from(users).where(eq(users.id, userId)))[0]!;
const auditOf = (userId: number) =>
  ctx.db
    .select({ actor: credentialChanges.actorUserId, fields: credentialChanges.fields })
    .from(credentialChanges)
    .where(eq(credentialChanges.targetUserId, userId));
const mailTo = async (email: string) => {
  await settleBackgroundMail(ctx.db);
  return ctx.db.select().from(outbox).where(eq(outbox.to, email));
};

const changes = {
  password: { password: 'Brand-new-pass-1', password_confirmation: 'Brand-new-pass-1' },
  email: { email: 'somewhere.else@example.test' },
  two_factor: { twofactor_enabled: 0 },
} as const;

describe('PUT /api/users/employee/{own id}: the current password first', () => {
  for (const field of ['password', 'email', 'two_factor'] as const) {
    it(`refuses a ${field} change without the current password, or with a wrong one, changing nothing`, async () => {
      const owner = await signedIn();
      await ctx.db.update(users).set({ twofactorEnabled: true }).where(eq(users.id, owner.user.id));
      const before = await stored(owner.user.id);
      const missing = await editSelf(owner, changes[field]);
      expect(missing.statusCode).toBe(422);
      expect(missing.json()).toEqual(invalid(requiredMessage));
      const wrong = await editSelf(owner, { ...changes[field], current_password: 'not-my-password' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual(invalid(invalidMessage));
      expect(await stored(owner.user.id)).toEqual(before);
      expect(await auditOf(owner.user.id)).toEqual([]);
      expect(await mailTo(owner.user.email)).toEqual([]);
    });
  }

  it('changes the password with the current one, records it and mails the owner', async () => {
    const owner = await signedIn();
    const response = await editSelf(owner, { ...changes.password, current_password: owner.user.password });
    expect(response.statusCode, response.body).toBe(200);
    expect((await login(ctx.app, owner.user.email, 'Brand-new-pass-1')).access_token).toBeTruthy();
    expect(await auditOf(owner.user.id)).toEqual([{ actor: owner.user.id, fields: ['password'] }]);
    const [mail, ...more] = await mailTo(owner.user.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Your account was changed');
    expect(mail!.text).toContain('from a session signed in as you: password.');
    expect(`${mail!.text}${mail!.html}`).not.toContain('Brand-new-pass-1');
  });

  it('changes the e-mail with the current password and tells the previous address', async () => {
    const owner = await signedIn();
    const email = `moved.${counter}@example.test`;
    const response = await editSelf(owner, { email, current_password: owner.user.password });
    expect(response.statusCode, response.body).toBe(200);
    expect((await stored(owner.user.id)).email).toBe(email);
    const [mail] = await mailTo(owner.user.email);
    expect(mail!.text).toContain(`Your account's e-mail address is now ${email}.`);
    expect(await mailTo(email)).toEqual([]);
  });

  it('switches two-factor off with the current password', async () => {
    const owner = await signedIn();
    await ctx.db.update(users).set({ twofactorEnabled: true }).where(eq(users.id, owner.user.id));
    const response = await editSelf(owner, { twofactor_enabled: 0, current_password: owner.user.password });
    expect(response.statusCode, response.body).toBe(200);
    expect((await stored(owner.user.id)).twofactorEnabled).toBe(false);
    expect(await auditOf(owner.user.id)).toEqual([{ actor: owner.user.id, fields: ['two_factor'] }]);
  });

  it('asks nothing for profile fields, and records nothing', async () => {
    const owner = await signedIn();
    const response = await editSelf(owner, { name: 'Owen Renamed', city: 'Austin' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await auditOf(owner.user.id)).toEqual([]);
  });

  it('limits wrong guesses of the current password (429 after five from one address)', async () => {
    const owner = await signedIn();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await editSelf(owner, { ...changes.email, current_password: `guess-${attempt}` });
      expect(wrong.statusCode).toBe(422);
    }
    const limited = await editSelf(owner, { ...changes.email, current_password: owner.user.password });
    expect(limited.statusCode).toBe(429);
    expect((await stored(owner.user.id)).email).toBe(owner.user.email);
  });
});

describe('PUT /api/user/{own id}: an administrator in the users admin', () => {
  it('asks for the current password to change their own password or e-mail', async () => {
    const owner = await signedIn({ role: 'admin' });
    const body = { name: owner.user.name, email: owner.user.email, type: 'admin', password: 'Admin-new-pass-1' };
    const put = (payload: object) =>
      ctx.app.inject({ method: 'PUT', url: `/api/user/${owner.user.id}`, headers: bearer(owner.token), payload });
    const missing = await put(body);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual(invalid(requiredMessage));
    const moved = await put({ ...body, password: undefined, email: `admin.moved.${counter}@example.test` });
    expect(moved.json()).toEqual(invalid(requiredMessage));
    const proven = await put({ ...body, current_password: owner.user.password });
    expect(proven.statusCode, proven.body).toBe(200);
    expect(await auditOf(owner.user.id)).toEqual([{ actor: owner.user.id, fields: ['password'] }]);
    expect(await mailTo(owner.user.email)).toHaveLength(1);
    // Renaming oneself is not a credential change.
    const renamed = await put({ name: 'Ada Renamed', email: owner.user.email, type: 'admin' });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});

describe('two-factor in the profile is recorded and mailed to the owner', () => {
  it('on enabling (confirmed by a code and the current password) and on disabling (with the password)', async () => {
    const owner = await signedIn();
    const post = (url: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url, headers: bearer(owner.token), payload });
    const { secret } = (await post('/api/profile/twofactor/setup', {})).json<{ data: { secret: string } }>().data;
    const confirmed = await post('/api/profile/twofactor/confirm', {
      code: await generate({ secret }),
      current_password: owner.user.password,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await auditOf(owner.user.id)).toEqual([{ actor: owner.user.id, fields: ['two_factor'] }]);
    expect(await mailTo(owner.user.email)).toHaveLength(1);

    const disabled = await post('/api/profile/twofactor/disable', { password: owner.user.password });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await auditOf(owner.user.id)).toHaveLength(2);
    const mails = await mailTo(owner.user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('two-factor authentication');
  });
});
