import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../test/helpers.ts';
import { permissions } from '../modules/permissions/permissions.table.ts';
import { unprocessable } from './errors.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ config: { bodyLimitBytes: 64 * 1024 } });
  const open = { config: { public: true } };
  ctx.app.get('/api/test/boom', open, async () => {
    throw new Error('database password is hunter2');
  });
  ctx.app.post(
    '/api/test/nested',
    {
      ...open,
      schema: { body: z.object({ name: z.string().min(1), contacts: z.array(z.object({ email: z.email() })) }) },
    },
    async () => ({ ok: true }),
  );
  ctx.app.get('/api/test/service-zod', open, async () => {
    // A service validating on its own throws a ZodError.
    z.object({ start_date: z.iso.date() }).parse({ start_date: 'yesterday' });
    return { ok: true };
  });
  ctx.app.get('/api/test/service-422', open, async () => {
    throw unprocessable({ email: ['The email has already been taken.'] });
  });
  ctx.app.post('/api/test/duplicate', open, async () => {
    await ctx.db.insert(permissions).values({ name: 'view billing', description: 'again' });
    return { ok: true };
  });
});
afterAll(async () => {
  await ctx.close();
});

describe('error answers', () => {
  it('answers a JSON 404 for an unknown /api path, with or without a token', async () => {
    for (const headers of [{}, { authorization: 'Bearer nonsense-token-value-123456' }]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/nope', headers });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({ message: 'Not Found' });
    }
  });

  it('answers a JSON 404 for a known /api path with the wrong method', async () => {
    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/health' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not Found' });
  });

  it('answers 400 with a JSON message for malformed JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", "password": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.stringMatching(/not valid JSON/) });
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@b.c', password: 'x'.repeat(65 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Request body is too large' });
  });

  it('answers 415 for a media type the API does not read', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Unsupported Media Type' });
  });

  it('answers 422 with dotted paths for nested fields', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/nested',
      payload: { name: '', contacts: [{ email: 'ok@example.test' }, { email: 'broken' }] },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.message).toBe('The given data was invalid.');
    expect(Object.keys(body.errors).sort()).toEqual(['contacts.1.email', 'name']);
    expect(body.errors['contacts.1.email']).toEqual([expect.any(String)]);
  });

  it('words paging and field errors like the rest of the product (issue 16)', async () => {
    const user = await createUser(ctx.db);
    const token = (await login(ctx.app, user.email, user.password)).access_token;
    const url = '/api/company?page=abc&per_page=900';
    const paged = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(paged.statusCode).toBe(422);
    expect(paged.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { page: ['The page must be a number.'], per_page: ['The per page may not be greater than 500.'] },
    });
    const payload = { name: '', contacts: [{ email: 'broken' }] };
    const nested = await ctx.app.inject({ method: 'POST', url: '/api/test/nested', payload });
    expect(nested.json().errors).toEqual({
      name: ['The name field is required.'],
      'contacts.0.email': ['The email must be a valid email address.'],
    });
    const fromService = await ctx.app.inject({ method: 'GET', url: '/api/test/service-zod' });
    expect(fromService.json().errors).toEqual({ start_date: ['The start date must be a valid date.'] });
  });

  it('answers 422 for a ZodError thrown by a service, and for unprocessable()', async () => {
    const fromZod = await ctx.app.inject({ method: 'GET', url: '/api/test/service-zod' });
    expect(fromZod.statusCode).toBe(422);
    expect(fromZod.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { start_date: [expect.any(String)] },
    });

    const fromHelper = await ctx.app.inject({ method: 'GET', url: '/api/test/service-422' });
    expect(fromHelper.statusCode).toBe(422);
    expect(fromHelper.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { email: ['The email has already been taken.'] },
    });
  });

  it('answers 409, not 500, for a unique violation that escapes a service', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/test/duplicate' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This record already exists.' });
  });

  it('answers 500 with the request id and nothing of the error itself', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toEqual({ message: 'Server Error', request_id: response.headers['x-request-id'] });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toMatch(/at .*\.ts/);
  });
});

describe('request ids', () => {
  it('generates one per request and echoes it', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const second = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it('keeps a well-formed incoming x-request-id and replaces a malformed one', async () => {
    const kept = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'proxy-abc.123' },
    });
    expect(kept.headers['x-request-id']).toBe('proxy-abc.123');
    const replaced = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id <script>' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
