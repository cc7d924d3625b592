import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const notBuiltPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Switchboard</title></head>
<body><h1>Switchboard</h1><p>The web app has not been built. Run <code>npm run build</code>, then reload this page.</p></body></html>
`;

const unusedAssetHeaders = ['etag', 'last-modified', 'accept-ranges'];

/**
 * Serves the built web app from WEB_DIST next to the API, so one process on one port is the whole product,
 * and answers every unmatched path: JSON 404 under /api, index.html (history-mode routes) elsewhere.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = join(webDist, 'index.html');
  // Registered even before a build exists (it only warns), so `npm run build` needs no restart.
  await app.register(fastifyStatic, {
    root: webDist,
    cacheControl: false,
    // The build writes .br and .gz beside each text file (apps/web/precompress.ts): sent as they are to a browser
    // that accepts them, the file itself otherwise; index.html of the history-mode fallback as well.
    preCompressed: true,
    setHeaders(res, filePath) {
      // Vite names files under assets/ by content hash, so they never change; index.html must be re-read.
      const hashed = filePath.startsWith(join(webDist, 'assets'));
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The answer depends on Accept-Encoding: a shared cache must not hand brotli to a browser that did not ask.
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });

  // A hashed file is cached for a year and never revalidated, so its validators and range offer are never used: left
  // off they save about 100 bytes on each of the forty files of a cold load (bench/bundle-size.mjs).
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/assets/') || reply.statusCode !== 200) return;
    for (const name of unusedAssetHeaders) reply.removeHeader(name);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const isApi = path === '/api' || path.startsWith('/api/');
    // A missing hashed asset is a real 404: answering HTML there would break a stale page in confusing ways.
    const isAsset = path.startsWith('/assets/');
    if (isApi || isAsset || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ message: 'Not Found' });
    }
    if (!existsSync(indexFile))
      return reply.status(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(notBuiltPage);
    return reply.sendFile('index.html', webDist);
  });
}
