import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../test/helpers.ts';
import { putRoute } from './method-override.ts';
import { uploadedFileSchema } from './uploads.ts';

let ctx: TestContext;
let auth: { authorization: string };

beforeAll(async () => {
  ctx = await createTestContext();
  putRoute(
    ctx.app,
    '/api/test/things/:id',
    {
      config: { uploads: { files: 1, fileSize: 20 * 1024 * 1024 } },
      schema: {
        params: z.object({ id: z.coerce.number().int() }),
        body: z.object({ name: z.string().min(1), photo: uploadedFileSchema.optional() }),
      },
    },
    async (request) => ({
      method: request.method,
      id: request.params.id,
      name: request.body.name,
      photo: request.body.photo ? { filename: request.body.photo.filename, size: request.body.photo.size } : null,
      keys: Object.keys(request.body as object).sort(),
    }),
  );
  ctx.app.delete('/api/test/things/:id', { config: { public: true } }, async () => ({ deleted: true }));
  const user = await createUser(ctx.db);
  auth = bearer((await login(ctx.app, user.email, user.password)).access_token);
});
afterAll(async () => {
  await ctx.close();
});

async function multipart(
  fields: Record<string, string | Blob>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof Blob) form.append(key, value, 'photo.png');
    else form.append(key, value);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

describe('putRoute', () => {
  it('answers PUT', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/test/things/7',
      headers: auth,
      payload: { name: 'Router' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ method: 'PUT', id: 7, name: 'Router' });
  });

  it('answers a urlencoded POST with _method=PUT, without passing _method on', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/things/7',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...auth },
      payload: '_method=PUT&name=Switch',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ method: 'POST', id: 7, name: 'Switch', photo: null, keys: ['name'] });
  });

  it('answers a multipart POST with _method=PUT and a file', async () => {
    const { payload, headers } = await multipart({
      _method: 'PUT',
      name: 'Firewall',
      photo: new Blob([new Uint8Array(2048)], { type: 'image/png' }),
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/things/9',
      headers: { ...headers, ...auth },
      payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: 9, name: 'Firewall', photo: { filename: 'photo.png', size: 2048 } });
  });

  it('answers 404 for a POST that does not ask for PUT', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/things/7',
      headers: auth,
      payload: { name: 'Router' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not Found' });
  });

  it('still validates the overridden body', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/things/7',
      headers: auth,
      payload: { _method: 'PUT', name: '' },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['name']);
  });
});

describe('X-HTTP-Method-Override header', () => {
  it('routes a POST as the method it names', async () => {
    const put = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/things/3',
      headers: { 'x-http-method-override': 'PUT', ...auth },
      payload: { name: 'Printer' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ method: 'PUT', id: 3, name: 'Printer' });

    const del = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/things/3',
      headers: { 'x-http-method-override': 'delete' },
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ deleted: true });
  });

  it('is ignored on a GET and for methods it may not name', async () => {
    const get = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/things/3',
      headers: { 'x-http-method-override': 'DELETE', ...auth },
    });
    expect(get.statusCode).toBe(404);
    const trace = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/things/3',
      headers: { 'x-http-method-override': 'GET', ...auth },
      payload: { name: 'x' },
    });
    expect(trace.statusCode).toBe(404);
  });
});

describe('uploads', () => {
  it('answers 413 for a file over the upload limit', async () => {
    const { payload, headers } = await multipart({
      _method: 'PUT',
      name: 'Big',
      photo: new Blob([new Uint8Array(21 * 1024 * 1024)]),
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/things/1',
      headers: { ...headers, ...auth },
      payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });
});
