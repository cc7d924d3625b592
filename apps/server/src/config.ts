import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PASSWORD_MAX_LENGTH } from '@switchboard/shared';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

// Shells and .env files often set a variable to '' to mean "not set".
const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());
const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess((value) => (value === undefined || value === '' ? fallback : value), schema);
const port = z.coerce.number().int().min(1).max(65535);
const positiveInt = z.coerce.number().int().positive();
const optionalUrl = z.preprocess((value) => (value === '' ? undefined : value), z.url().optional());

// proxy-addr's names for whole ranges, accepted by Fastify's trustProxy beside addresses and CIDRs.
const proxyRangeNames = ['loopback', 'linklocal', 'uniquelocal'];
function isAddressOrRange(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined) return false;
  const version = isIP(address);
  if (version === 0) return bits === undefined && proxyRangeNames.includes(address);
  return bits === undefined || (/^[0-9]{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}
// TRUST_PROXY: false, true, a hop count, or proxy addresses and CIDRs separated by commas.
const trustProxySchema = z.string().transform((value, context): boolean | number | string[] => {
  const text = value.trim().toLowerCase();
  if (text === 'false') return false;
  if (text === 'true') return true;
  if (/^[0-9]{1,3}$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length > 0 && entries.every(isAddressOrRange)) return entries;
  const message = 'Expected false, true, a hop count, or addresses and CIDRs separated by commas.';
  context.addIssue({ code: 'custom', message });
  return z.NEVER;
});

/** Every environment variable the server reads, with defaults that work on a laptop. */
const envSchema = z.object({
  PORT: withDefault(port, '3000'),
  // Loopback unless told otherwise: a laptop's first start is not reachable from the network (README: HOST=0.0.0.0).
  HOST: withDefault(z.string(), '127.0.0.1'),
  // Embedded PostgreSQL data, generated passwords and uploads live here.
  DATA_DIR: withDefault(z.string(), './data'),
  // Any PostgreSQL server; when absent the embedded one in DATA_DIR/postgres is started.
  DATABASE_URL: optionalUrl,
  // Connections of the process's pool; about twice the database server's cores.
  DATABASE_POOL_SIZE: withDefault(z.coerce.number().int().min(1).max(200), '5'),
  // Not 5432, so the embedded server never collides with a system PostgreSQL.
  EMBEDDED_PG_PORT: withDefault(port, '5488'),
  LOG_LEVEL: withDefault(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  ADMIN_EMAIL: withDefault(z.email(), 'admin@switchboard.local'),
  // When absent on first start, a password is generated and printed once.
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(6).max(PASSWORD_MAX_LENGTH).optional()),
  ACCESS_TOKEN_TTL_MINUTES: withDefault(positiveInt, '60'),
  REFRESH_TOKEN_TTL_DAYS: withDefault(positiveInt, '30'),
  WEB_DIST: optionalText,
  // Realtime across processes (Socket.IO Redis adapter).
  REDIS_URL: optionalUrl,
  // Outgoing mail; without it mail lands in the outbox table that administrators read.
  SMTP_URL: optionalUrl,
  // Sender of outgoing mail.
  MAIL_FROM: withDefault(z.string().min(3).max(320), 'Switchboard <no-reply@switchboard.local>'),
  // Public address of the app, for links in mail (password reset); default http://localhost:{PORT}.
  APP_URL: optionalUrl,
  // Nominatim-compatible geocoder for the Sites tab's address autofill; unset, addresses are plain inputs.
  GEOCODER_URL: optionalUrl,
  // Client map tiles (decision 0051): an {z}/{x}/{y} template whose host the CSP allows for images.
  MAP_TILE_URL: withDefault(
    z.string().regex(/^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/),
    'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  ),
  MAP_TILE_ATTRIBUTION: withDefault(z.string().max(300), '&copy; OpenStreetMap contributors'),
  // OSRM-compatible routing service for the map's travel estimate; unset, a straight-line estimate is given.
  ROUTING_URL: optionalUrl,
  // Port of the built-in SMTP listener that receives replies to tickets; unset, no mail is received.
  INBOUND_SMTP_PORT: z.preprocess((value) => (value === '' ? undefined : value), port.optional()),
  // Address the SMTP listener binds to: loopback, for a relay on the same host, unless set (decision 0028).
  INBOUND_SMTP_HOST: withDefault(z.string().min(1), '127.0.0.1'),
  // Largest message the SMTP listener accepts, attachments included; larger ones get a permanent 552.
  INBOUND_SMTP_MAX_BYTES: withDefault(positiveInt, String(25 * 1024 * 1024)),
  // Relays (IP addresses, comma-separated) whose Received header names the real sending server for SPF.
  INBOUND_SMTP_RELAYS: withDefault(z.string(), ''),
  // Connections the SMTP listener holds at once; the next one gets 421 and its server tries again later.
  INBOUND_SMTP_MAX_CLIENTS: withDefault(positiveInt, '20'),
  BODY_LIMIT_BYTES: withDefault(positiveInt, String(1024 * 1024)),
  // Files and bytes one user may upload per clock hour, all routes that take files together (decision 0058).
  UPLOAD_QUOTA_FILES_PER_HOUR: withDefault(positiveInt, '200'),
  UPLOAD_QUOTA_BYTES_PER_HOUR: withDefault(positiveInt, String(2 * 1024 * 1024 * 1024)),
  // How long a process reuses a bearer token's session row for reads (decision 0024); 0 reads it on every call.
  SESSION_CACHE_MS: withDefault(z.coerce.number().int().min(0).max(60_000), '1000'),
  // Which X-Forwarded-For address is the client's (request.ip, the rate limiter's address); false trusts none.
  TRUST_PROXY: withDefault(trustProxySchema, 'false'),
  // Background jobs and schedules (pg-boss on the same database, decision 0048); 'false' runs none in this process.
  JOBS_ENABLED: withDefault(z.enum(['true', 'false']), 'true'),
  // EasyPost-compatible shipment tracker (decision 0048); without a key, shipments' status is entered by hand.
  TRACKING_API_URL: withDefault(z.url(), 'https://api.easypost.com/v2'),
  TRACKING_API_KEY: optionalText,
  // Secret of the tracker's webhook (X-Hmac-Signature); unset, POST /api/webhooks/tracking answers 404.
  TRACKING_WEBHOOK_SECRET: optionalText,
  // How often the job refreshes the shipments not yet delivered.
  TRACKING_REFRESH_MINUTES: withDefault(z.coerce.number().int().min(1).max(59), '30'),
  // Socket.IO connections one user may hold in a process (decision 0059); the next gets 'Too many connections.'.
  REALTIME_MAX_CONNECTIONS_PER_USER: withDefault(positiveInt, '20'),
  // Channels one socket may be in, its own four rooms included; past it a subscription is refused.
  REALTIME_MAX_CHANNELS_PER_SOCKET: withDefault(z.coerce.number().int().min(8).max(10_000), '200'),
  // Co-edited notes one user may have open on /collab in a process (one per note per tab).
  COLLAB_MAX_CONNECTIONS_PER_USER: withDefault(positiveInt, '30'),
  // Telephony (designs/crm-softphone.md §3.2): 'telnyx' when TELNYX_API_KEY is set, else 'local' (the in-process
  // double under /_telephony/); 'off' has no phone at all.
  TELEPHONY_PROVIDER: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['telnyx', 'local', 'off']).optional(),
  ),
  TELNYX_API_KEY: optionalText,
  // Ed25519 public key (base64) that signs Telnyx's webhooks.
  TELNYX_PUBLIC_KEY: optionalText,
  // The Call Control application (connection) that server-placed legs use.
  TELNYX_CALL_CONTROL_APP_ID: optionalText,
  // Telnyx's REST base; tests point it at a double on a loopback port ({origin}/_telephony/v2).
  TELNYX_API_URL: withDefault(z.url(), 'https://api.telnyx.com/v2'),
  TELNYX_SIP_DOMAIN: withDefault(z.string().min(1).max(253), 'sip.telnyx.com'),
  // The address Telnyx reaches for webhooks (https://...); default APP_URL.
  PUBLIC_URL: optionalUrl,
  // Local mode: every scripted delay of the double divided by this (tests use ~10).
  TELEPHONY_DOUBLE_SPEED: withDefault(z.coerce.number().min(0.1).max(1000), '1'),
  // Local mode: the bearer token of the double's control API (/_telephony/control: place an inbound call, read a
  // leg's audio). Unset, the control API is off.
  TELEPHONY_CONTROL_TOKEN: optionalText.pipe(z.string().min(16).optional()),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  embeddedPgPort: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  adminEmail: string;
  adminPassword: string | undefined;
  accessTokenTtlMinutes: number;
  refreshTokenTtlDays: number;
  webDist: string;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Without a trailing slash. */
  appUrl: string;
  geocoderUrl: string | undefined;
  mapTileUrl: string;
  mapTileAttribution: string;
  routingUrl: string | undefined;
  inboundSmtpPort: number | undefined;
  inboundSmtpHost: string;
  inboundSmtpMaxBytes: number;
  inboundSmtpRelays: string[];
  inboundSmtpMaxClients: number;
  bodyLimitBytes: number;
  uploadQuotaFilesPerHour: number;
  uploadQuotaBytesPerHour: number;
  sessionCacheMs: number;
  /** Fastify's trustProxy: false, true, a hop count, or the proxies' addresses and CIDRs. */
  trustProxy: boolean | number | string[];
  jobsEnabled: boolean;
  /** Without a trailing slash. */
  trackingApiUrl: string;
  trackingApiKey: string | undefined;
  trackingWebhookSecret: string | undefined;
  trackingRefreshMinutes: number;
  realtimeMaxConnectionsPerUser: number;
  realtimeMaxChannelsPerSocket: number;
  collabMaxConnectionsPerUser: number;
  telephonyProvider: 'telnyx' | 'local' | 'off';
  telnyxApiKey: string | undefined;
  telnyxPublicKey: string | undefined;
  telnyxCallControlAppId: string | undefined;
  /** Without a trailing slash. */
  telnyxApiUrl: string;
  telnyxSipDomain: string;
  /** Without a trailing slash. */
  publicUrl: string;
  telephonyDoubleSpeed: number;
  telephonyControlToken: string | undefined;
}

export class ConfigError extends Error {}

/** Parses the environment; throws one ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const telephonyProvider = e.TELEPHONY_PROVIDER ?? (e.TELNYX_API_KEY ? 'telnyx' : 'local');
  if (telephonyProvider === 'telnyx') {
    const missing = (['TELNYX_API_KEY', 'TELNYX_PUBLIC_KEY', 'TELNYX_CALL_CONTROL_APP_ID'] as const).filter(
      (k) => !e[k],
    );
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid environment:\n${missing.map((k) => `  ${k}: required by TELEPHONY_PROVIDER=telnyx`).join('\n')}`,
      );
    }
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    logLevel: e.LOG_LEVEL,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    accessTokenTtlMinutes: e.ACCESS_TOKEN_TTL_MINUTES,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    webDist: e.WEB_DIST ? resolve(process.cwd(), e.WEB_DIST) : resolve(repoRoot, 'apps/web/dist'),
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    geocoderUrl: e.GEOCODER_URL,
    mapTileUrl: e.MAP_TILE_URL,
    mapTileAttribution: e.MAP_TILE_ATTRIBUTION,
    routingUrl: e.ROUTING_URL,
    inboundSmtpPort: e.INBOUND_SMTP_PORT,
    inboundSmtpHost: e.INBOUND_SMTP_HOST,
    inboundSmtpMaxBytes: e.INBOUND_SMTP_MAX_BYTES,
    inboundSmtpMaxClients: e.INBOUND_SMTP_MAX_CLIENTS,
    inboundSmtpRelays: e.INBOUND_SMTP_RELAYS.split(',')
      .map((address) => address.trim())
      .filter(Boolean),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    uploadQuotaFilesPerHour: e.UPLOAD_QUOTA_FILES_PER_HOUR,
    uploadQuotaBytesPerHour: e.UPLOAD_QUOTA_BYTES_PER_HOUR,
    sessionCacheMs: e.SESSION_CACHE_MS,
    trustProxy: e.TRUST_PROXY,
    jobsEnabled: e.JOBS_ENABLED === 'true',
    trackingApiUrl: e.TRACKING_API_URL.replace(/\/+$/, ''),
    trackingApiKey: e.TRACKING_API_KEY,
    trackingWebhookSecret: e.TRACKING_WEBHOOK_SECRET,
    trackingRefreshMinutes: e.TRACKING_REFRESH_MINUTES,
    realtimeMaxConnectionsPerUser: e.REALTIME_MAX_CONNECTIONS_PER_USER,
    realtimeMaxChannelsPerSocket: e.REALTIME_MAX_CHANNELS_PER_SOCKET,
    collabMaxConnectionsPerUser: e.COLLAB_MAX_CONNECTIONS_PER_USER,
    telephonyProvider,
    telnyxApiKey: e.TELNYX_API_KEY,
    telnyxPublicKey: e.TELNYX_PUBLIC_KEY,
    telnyxCallControlAppId: e.TELNYX_CALL_CONTROL_APP_ID,
    telnyxApiUrl: e.TELNYX_API_URL.replace(/\/+$/, ''),
    telnyxSipDomain: e.TELNYX_SIP_DOMAIN,
    publicUrl: (e.PUBLIC_URL ?? e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    telephonyDoubleSpeed: e.TELEPHONY_DOUBLE_SPEED,
    telephonyControlToken: e.TELEPHONY_CONTROL_TOKEN,
  };
}
