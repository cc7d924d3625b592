import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { hstsValue } from './security-headers.ts';

let ctx: TestContext;
let proxied: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'switchboard-web-dist-'));
  await writeFile(join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  await mkdir(join(webDist, 'assets'));
  await writeFile(join(webDist, 'assets', 'app-1234.js'), 'console.log(1);');
  ctx = await createTestContext({ config: { webDist } });
  proxied = await createTestContext({ config: { webDist, trustProxy: true } });
});
afterAll(async () => {
  await Promise.all([ctx?.close(), proxied?.close()]);
  await rm(webDist, { recursive: true, force: true });
});

/** The CSP as a map of directive to its sources. */
function policyOf(response: LightMyRequestResponse): Record<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectSecurityHeaders(response: LightMyRequestResponse): void {
  const policy = policyOf(response);
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['script-src']).toEqual(["'self'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  // The client map's tiles come from MAP_TILE_URL's host (default OpenStreetMap's, decision 0051).
  expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
}

describe('security headers', () => {
  it('are on API answers, errors included', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expectSecurityHeaders(health);
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/session' });
    expect(refused.statusCode).toBe(401);
    expectSecurityHeaders(refused);
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing);
  });

  it('are on the web app index, at / and on a history-mode route', async () => {
    for (const url of ['/', '/companies/12']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expectSecurityHeaders(response);
    }
  });

  it('leave the document-only headers off the hashed build files, keeping nosniff', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBeUndefined();
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it('let the page reach sockets on its own origin only', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/', headers: { host: 'portal.example.com:8443' } });
    expect(policyOf(response)['connect-src']).toEqual([
      "'self'",
      'ws://portal.example.com:8443',
      'wss://portal.example.com:8443',
    ]);
    const odd = await ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: "evil.example; script-src 'unsafe-inline'" },
    });
    expect(policyOf(odd)['connect-src']).toEqual(["'self'"]);
    expect(policyOf(odd)['script-src']).toEqual(["'self'"]);
  });

  it('name each host its own sockets while the policy is kept per host, past the cache bound too', async () => {
    for (let round = 0; round < 2; round += 1) {
      for (let index = 0; index < 40; index += 1) {
        const host = `host-${index}.example`;
        const response = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { host } });
        expect(policyOf(response)['connect-src']).toEqual(["'self'", `ws://${host}`, `wss://${host}`]);
      }
    }
  });

  it('send HSTS only when the request came over HTTPS', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY anyone could claim HTTPS: the header is not believed.
    const claimed = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
    const behindProxy = await proxied.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(behindProxy.headers['strict-transport-security']).toBe(hstsValue);
    const proxyOverHttp = await proxied.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(proxyOverHttp.headers['strict-transport-security']).toBeUndefined();
  });
});
