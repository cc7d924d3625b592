import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export const hstsValue = 'max-age=31536000; includeSubDomains';

// A Host header that is a plain host name or address with an optional port; anything else is left out of the policy.
const hostPattern = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** Socket.IO and Hocuspocus on this same origin, as ws: and wss: (behind a TLS proxy the page is https). */
function sameOriginSockets(host: string | undefined): string[] {
  return host && hostPattern.test(host) ? [`ws://${host}`, `wss://${host}`] : [];
}

/**
 * The Content-Security-Policy the built web app passes (decision 0027): scripts only from this origin and never
 * inline; styles also inline, since Mantine writes style tags and style attributes; images from here, data: (the
 * two-factor QR code), blob: (previews of a picked file) and the map's tile host (MAP_TILE_URL); the API and sockets on this origin; no framing.
 */
export const contentSecurityPolicyDirectives = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  // Voicemail recordings play from blob URLs fetched with the bearer token; the softphone's sounds are same-origin.
  mediaSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The image source the client map's tiles need (decision 0051): the origin of MAP_TILE_URL, with a {s} sub-domain
 * placeholder widened to a wildcard host (https://{s}.tile.example/... gives https://*.tile.example).
 */
export function tileImageSource(tileUrl: string): string | null {
  const match = /^(https?):\/\/([^/]+)\//.exec(tileUrl);
  if (!match) return null;
  const host = match[2].replace(/^\{s\}\./, '*.');
  return /^(\*\.)?[A-Za-z0-9.-]+(:\d{1,5})?$/.test(host) ? `${match[1]}://${host}` : null;
}

const kebabCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The policy's text for one Host; the connect-src adds that host's sockets when the header is a plain host. */
function policyText(directives: Record<string, string[]>, host: string | undefined): string {
  const withSockets = { ...directives, connectSrc: [...directives.connectSrc, ...sameOriginSockets(host)] };
  return Object.entries(withSockets)
    .map(([name, sources]) => `${kebabCase(name)} ${sources.join(' ')}`)
    .join(';');
}

// A few hosts reach one app (localhost, its address, the public name): the text is built once per host, and the
// cache is dropped whole past a bound, so odd Host headers cannot grow it.
const policyCacheLimit = 32;

const documentOnlyHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * Security headers on every answer (API, web app, static files, errors): the CSP above, X-Frame-Options DENY,
 * nosniff, Referrer-Policy no-referrer (reset links carry a token), and HSTS only on a request that came over
 * HTTPS (request.protocol, which believes X-Forwarded-Proto only from a trusted proxy: TRUST_PROXY).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const tileSource = app.config ? tileImageSource(app.config.mapTileUrl) : null;
  const tiles = tileSource ? [tileSource] : [];
  const directives = {
    ...contentSecurityPolicyDirectives,
    imgSrc: [...contentSecurityPolicyDirectives.imgSrc, ...tiles],
  };
  const policies = new Map<string, string>();
  const policyFor = (host: string | undefined): string => {
    const key = host ?? '';
    let text = policies.get(key);
    if (text === undefined) {
      if (policies.size >= policyCacheLimit) policies.clear();
      text = policyText(directives, host);
      policies.set(key, text);
    }
    return text;
  };
  await app.register(helmet, {
    // Written below from a per-host cache: helmet would build the same text again on every request.
    contentSecurityPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Sent below, only on HTTPS answers: a browser ignores it over HTTP, and http://localhost must not be pinned.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('content-security-policy', policyFor(request.headers.host));
    if (request.protocol === 'https') reply.header('strict-transport-security', hstsValue);
  });
  // Hashed build files are scripts, styles and images, never documents: the document headers would only add about a
  // kilobyte to each of the forty files of a cold load (bench/bundle-size.mjs). nosniff and the rest stay.
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/assets/')) return;
    for (const name of documentOnlyHeaders) reply.removeHeader(name);
  });
}
