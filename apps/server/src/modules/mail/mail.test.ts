import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { sendMail, settleBackgroundMail } from '../../plugins/mail.ts';
import { outbox } from './mail.table.ts';

let ctx: TestContext;
let adminToken: string;
let staffToken: string;
let clientToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createUser(ctx.db, { role: 'admin' });
  const staff = await createUser(ctx.db, { permissions: ['manage user sessions', 'shadow clients'] });
  const client = await createUser(ctx.db, { type: 'Client' });
  adminToken = (await login(ctx.app, admin.email, admin.password)).access_token;
  staffToken = (await login(ctx.app, staff.email, staff.password)).access_token;
  clientToken = (await login(ctx.app, client.email, client.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('sendMail without SMTP_URL', () => {
  it('keeps the message in the outbox and logs neither its text nor its html', async () => {
    const lines: string[] = [];
    const log = {
      info: (object: object, message: string) => lines.push(JSON.stringify({ object, message })),
      warn: (object: object, message: string) => lines.push(JSON.stringify({ object, message })),
    };
    const result = await sendMail(
      { db: ctx.db, config: { smtpUrl: undefined, mailFrom: 'Switchboard <no-reply@switchboard.local>' }, log },
      {
        to: ['a@example.test', 'b@example.test'],
        cc: 'c@example.test',
        subject: 'Hello',
        text: 'secret-link-token-123',
        html: '<p>secret-link-token-123</p>',
      },
    );
    expect(result.delivered).toBe('outbox');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain('secret-link-token-123');
    const rows = await ctx.db.select().from(outbox);
    expect(rows.at(-1)).toMatchObject({
      to: 'a@example.test, b@example.test',
      cc: 'c@example.test',
      subject: 'Hello',
      text: 'secret-link-token-123',
      error: null,
    });
  });

  it('keeps a failed SMTP delivery in the outbox with the error, and logs no body', async () => {
    const lines: string[] = [];
    const log = {
      info: (object: object) => lines.push(JSON.stringify(object)),
      warn: (object: object) => lines.push(JSON.stringify(object)),
    };
    const result = await sendMail(
      { db: ctx.db, config: { smtpUrl: 'smtp://127.0.0.1:1', mailFrom: 'x@example.test' }, log },
      { to: 'd@example.test', subject: 'Unreachable', text: 'body-with-token-456' },
    );
    expect(result.delivered).toBe('outbox');
    expect(lines.join('\n')).not.toContain('body-with-token-456');
    const rows = await ctx.db.select().from(outbox);
    expect(rows.at(-1)?.error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('refuses a message without a recipient', async () => {
    await expect(
      sendMail(
        { db: ctx.db, config: { smtpUrl: undefined, mailFrom: 'x@example.test' } },
        { to: [' '], subject: 's', text: 't' },
      ),
    ).rejects.toThrow();
  });
});

describe('GET /api/admin/outbox', () => {
  it('lists the outbox newest first, paged, without bodies, for administrators', async () => {
    const user = await createUser(ctx.db);
    await ctx.app.inject({ method: 'POST', url: '/api/forgotpassword', payload: { email: user.email } });
    await settleBackgroundMail(ctx.db);

    const response = await get('/api/admin/outbox?per_page=2', adminToken);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ total: 3, current_page: 1, per_page: 2, from: 1, to: 2, last_page: 2 });
    expect(page.data).toHaveLength(2);
    expect(page.data[0]).toEqual({
      id: expect.any(Number),
      to: user.email,
      cc: null,
      subject: 'Reset Password Notification',
      error: null,
      created_at: expect.any(String),
    });
    expect(page.data[0]).not.toHaveProperty('text');
    expect(page.data[1].subject).toBe('Unreachable');
    expect(new Date(page.data[0].created_at).getTime()).toBeGreaterThanOrEqual(
      new Date(page.data[1].created_at).getTime(),
    );

    const second = (await get('/api/admin/outbox?page=2&per_page=2', adminToken)).json();
    expect(second).toMatchObject({ total: 3, current_page: 2, from: 3, to: 3, last_page: 2 });
    expect(second.data.map((row: { subject: string }) => row.subject)).toEqual(['Hello']);
  });

  it('answers 401 without a token and 403 to anyone but an administrator', async () => {
    expect((await get('/api/admin/outbox')).statusCode).toBe(401);
    expect((await get('/api/admin/outbox', staffToken)).statusCode).toBe(403);
    expect((await get('/api/admin/outbox', clientToken)).statusCode).toBe(403);
  });

  it('rejects a bad page size with 422', async () => {
    expect((await get('/api/admin/outbox?per_page=501', adminToken)).statusCode).toBe(422);
    expect((await get('/api/admin/outbox?page=0', adminToken)).statusCode).toBe(422);
  });
});

describe('GET /api/admin/outbox/{id}', () => {
  it('answers the whole message to an administrator', async () => {
    const list = (await get('/api/admin/outbox', adminToken)).json();
    const newest = list.data[0];
    const response = await get(`/api/admin/outbox/${newest.id}`, adminToken);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      id: newest.id,
      to: newest.to,
      subject: 'Reset Password Notification',
      cc: null,
      error: null,
    });
    expect(data.text).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}/);
    expect(data.html).toContain('<a href=');
    expect(data.created_at).toBe(newest.created_at);
  });

  it('answers 403 to others, 404 for an unknown id and 422 for a malformed one', async () => {
    const [row] = await ctx.db.select({ id: outbox.id }).from(outbox).limit(1);
    expect((await get(`/api/admin/outbox/${row.id}`, staffToken)).statusCode).toBe(403);
    expect((await get(`/api/admin/outbox/${row.id}`, clientToken)).statusCode).toBe(403);
    expect((await get(`/api/admin/outbox/${row.id}`)).statusCode).toBe(401);
    expect((await get('/api/admin/outbox/999999', adminToken)).statusCode).toBe(404);
    expect((await get('/api/admin/outbox/abc', adminToken)).statusCode).toBe(422);
  });
});
