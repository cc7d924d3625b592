import { readdir, stat } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, multipartBody, type TestContext } from '../../test/helpers.ts';
import { companies } from '../modules/companies/companies.table.ts';
import { techAttachmentFolder } from '../modules/companies/tech-attachments.ts';
import {
  boundaryMissingMessage,
  fileTooLargeMessage,
  multipartRefusedMessage,
  registerUploads,
  tooManyFilesMessage,
  uploadTooLargeMessage,
} from './uploads.ts';

let ctx: TestContext;
let staff: { authorization: string };
let companyId: number;
let baseUrl: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const user = await createUser(ctx.db, { permissions: ['view human resources'] });
  staff = bearer((await login(ctx.app, user.email, user.password)).access_token);
  [{ id: companyId }] = await ctx.db
    .insert(companies)
    .values({ name: 'Upload Test Co' })
    .returning({ id: companies.id });
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx.close();
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Bytes of the body the client had written when the answer arrived. */
  sent: number;
}

/**
 * Starts a multipart POST declaring `declaredBytes` over a real socket and keeps writing for as long as the socket
 * takes data, never finishing the body: only a server that answers without reading the body answers at all.
 */
function postEndlessMultipart(
  path: string,
  declaredBytes: number,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const boundary = 'endless';
    let sent = 0;
    let answered = false;
    const request = httpRequest(`${baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(declaredBytes),
        ...headers,
      },
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const writeMore = () => {
      while (!answered && sent + chunk.length < declaredBytes) {
        sent += chunk.length;
        if (!request.write(chunk)) return;
      }
    };
    request.on('drain', writeMore);
    request.on('response', (response) => {
      answered = true;
      const at = sent;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode!, headers: response.headers, body, sent: at });
      });
    });
    // The server closing the socket after its answer is expected; an error before it is not.
    request.on('error', (error) => answered || reject(error));
    request.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n\r\n`);
    writeMore();
  });
}

/** Every file under DATA_DIR/uploads, as paths relative to it. */
async function storedFiles(): Promise<string[]> {
  const root = join(ctx.config.dataDir, 'uploads');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1));
}

const file = (bytes: number, name = 'file.bin', type = 'application/octet-stream') => ({
  blob: new Blob([new Uint8Array(bytes)], { type }),
  name,
});

describe('multipart bodies where no file is taken', () => {
  it('answers 415 to an unauthenticated 190 MB multipart POST to /api/forgotpassword without reading the body', async () => {
    const answer = await postEndlessMultipart('/api/forgotpassword', 190 * 1024 * 1024);
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.body)).toEqual({ message: multipartRefusedMessage });
    expect(answer.headers.connection).toBe('close');
    // Socket buffers take a few MB at most; the rest of the 190 MB was never asked for.
    expect(answer.sent).toBeLessThan(32 * 1024 * 1024);
  }, 15_000);

  it('answers 415 to a signed-in multipart POST on a route that takes no files, before validating anything', async () => {
    const form = await multipartBody({ ticket_id: '1', description: 'From a form' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/ticket/todo',
      headers: { ...staff, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: multipartRefusedMessage });
  });

  it('still answers 401 first on a guarded route without a token', async () => {
    const form = await multipartBody({ ticket_id: '1', description: 'x' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/ticket/todo',
      headers: form.headers,
      payload: form.payload,
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 400 with a clear message to a multipart content type without a boundary, on any route', async () => {
    const calls = [
      { url: '/api/login', headers: {} },
      { url: '/api/forgotpassword', headers: {} },
      { url: '/api/ticket/todo', headers: staff },
      { url: '/api/company', headers: staff },
      { url: '/api/companies/sites/tech.info', headers: staff },
    ];
    for (const call of calls) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: call.url,
        headers: { ...call.headers, 'content-type': 'multipart/form-data' },
        payload: 'name=value',
      });
      expect({ url: call.url, status: response.statusCode, body: response.json() }).toEqual({
        url: call.url,
        status: 400,
        body: { message: boundaryMissingMessage },
      });
    }
  });
});

describe('routes that take files', () => {
  it('stores the files of a tech information form and leaves no temporary file behind', async () => {
    const form = await multipartBody({
      company_id: String(companyId),
      notes: '<p>Rack</p>',
      'attachments[0]': file(3000, 'a.txt'),
      'attachments[1]': file(5000, 'b.txt'),
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/companies/sites/tech.info',
      headers: { ...staff, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(200);
    const files = await storedFiles();
    expect(files.filter((path) => path.startsWith('tmp/'))).toEqual([]);
    const stored = files.filter((path) => path.startsWith(`${techAttachmentFolder}/`));
    const sizes = await Promise.all(
      stored.map(async (path) => (await stat(join(ctx.config.dataDir, 'uploads', path))).size),
    );
    expect(sizes.sort()).toEqual([3000, 5000]);
  });

  it('answers 413 to more files than the route takes, and keeps none of them', async () => {
    const before = await storedFiles();
    const fields: Parameters<typeof multipartBody>[0] = { company_id: String(companyId) };
    for (let index = 0; index < 11; index += 1) fields[`attachments[${index}]`] = file(1000, `f${index}.txt`);
    const form = await multipartBody(fields);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/companies/sites/tech.info',
      headers: { ...staff, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: tooManyFilesMessage(10) });
    expect(await storedFiles()).toEqual(before);
  });

  it('answers 413 to a file over the route limit (a 5 MB employee photo), and keeps nothing of it', async () => {
    const before = await storedFiles();
    const form = await multipartBody({ name: 'Big Photo', photo: file(5 * 1024 * 1024, 'photo.png', 'image/png') });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/employee',
      headers: { ...staff, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: fileTooLargeMessage(4 * 1024 * 1024) });
    expect(await storedFiles()).toEqual(before);
  });

  it('answers 413 before reading when the declared length is over the route budget', async () => {
    const answer = await postEndlessMultipart('/api/users/employee', 190 * 1024 * 1024, staff);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: uploadTooLargeMessage });
    expect(answer.sent).toBeLessThan(32 * 1024 * 1024);
  }, 15_000);

  it('does not take a JSON object for a file', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/employee',
      headers: staff,
      payload: {
        name: 'Json Photo',
        photo: { filename: 'p.png', mimetype: 'image/png', size: 10, tempPath: '/etc/hostname' },
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.photo).toEqual(['The photo must be a file of type: png, jpeg, gif, webp.']);
  });

  it('refuses to register a public route that takes files', async () => {
    const app = Fastify();
    app.decorate('config', ctx.config);
    await registerUploads(app);
    const route = { config: { public: true, uploads: { files: 1, fileSize: 1024 } } };
    expect(() => app.post('/api/public-upload', route, async () => ({}))).toThrow(
      '/api/public-upload: uploads need a signed-in caller',
    );
    await app.close();
  });
});
