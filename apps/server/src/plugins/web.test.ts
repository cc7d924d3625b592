import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';

const indexHtml =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/index-abc123.js"></script></body></html>';
const appScript = 'console.log("app");';

describe('web app serving', () => {
  let ctx: TestContext;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'switchboard-web-dist-'));
    await mkdir(join(webDist, 'assets'));
    await writeFile(join(webDist, 'index.html'), indexHtml);
    await writeFile(join(webDist, 'assets', 'index-abc123.js'), appScript);
    // As the web build writes them (apps/web/precompress.ts); the .br and .gz copies of a file the build kept plain.
    for (const file of [join(webDist, 'assets', 'index-abc123.js'), join(webDist, 'index.html')]) {
      const content = file.endsWith('.html') ? indexHtml : appScript;
      await writeFile(`${file}.br`, brotliCompressSync(content));
      await writeFile(`${file}.gz`, gzipSync(content));
    }
    await writeFile(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    ctx = await createTestContext({ config: { webDist } });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('answers index.html, never cached, for a history-mode route', async () => {
    for (const url of ['/dashboard', '/companies/12/sites', '/reset-password/abc?email=x%40y.z', '/']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(indexHtml);
    }
  });

  it('serves hashed assets with a long cache and other files without', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app");');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const icon = await ctx.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('leaves validators off hashed assets (never revalidated) and keeps them where the file can change', async () => {
    const asset = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    for (const name of ['etag', 'last-modified', 'accept-ranges']) expect(asset.headers[name], name).toBeUndefined();

    // index.html is re-read on every load: its ETag lets the browser get a 304 instead of the page again.
    const page = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(page.headers.etag).toBeTruthy();
    expect(page.headers['last-modified']).toBeTruthy();
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': String(page.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('sends the brotli copy to a browser that accepts br, the gzip one for gzip, the file itself otherwise', async () => {
    const get = (url: string, acceptEncoding?: string) =>
      ctx.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

    const brotli = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(appScript);

    const gzip = await get('/assets/index-abc123.js', 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(appScript);

    for (const acceptEncoding of [undefined, 'identity']) {
      const plain = await get('/assets/index-abc123.js', acceptEncoding);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(appScript);
    }

    // The history-mode fallback and the root send index.html the same way; a file with no copies is sent as is.
    for (const url of ['/tickets', '/']) {
      const page = await get(url, 'br');
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString()).toBe(indexHtml);
    }
    const icon = await get('/favicon.svg', 'br, gzip');
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it('answers JSON 404 for /api paths and missing assets, not index.html', async () => {
    const api = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not Found' });

    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(asset.statusCode).toBe(404);
  });

  it('answers 404 for a non-GET outside /api', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/dashboard' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not Found' });
  });
});

describe('web app not built', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ config: { webDist: join(tmpdir(), 'switchboard-no-such-dist') } });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers a short page saying to run npm run build', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/dashboard' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('npm run build');
  });
});
