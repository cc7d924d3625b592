import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import formbody from '@fastify/formbody';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { applyMethodOverrideHeader } from './plugins/method-override.ts';
import { registerRealtime } from './plugins/realtime.ts';
import { registerUploads } from './plugins/uploads.ts';
import { registerWebApp } from './plugins/web.ts';
import { registerRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
}

/** The app as modules see it: Fastify with the Zod type provider, plus `app.db` and `app.config`. */
export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface BuildAppOptions {
  db: Db;
  config: Config;
  /** A logger to share with the caller; false for none (tests); default: one made from config. */
  logger?: Logger | false;
}

// Secrets that must never reach a log line, wherever they appear in a logged object.
const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...['password', 'password_confirmation', 'passwordHash', 'password_hash', 'token', 'access_token', 'refresh_token', 'accessToken', 'refreshToken'].flatMap(
    (key) => [key, `*.${key}`, `*.*.${key}`],
  ),
];

// Paths that carry a secret in the URL itself: the password-reset link the mail sends (/reset-password/{token}).
export function redactUrl(url: string): string {
  return url.replace(/(\/reset-password\/)[^/?#]+/, '$1[redacted]');
}

// Fastify's request serializer, with the URL redacted.
const requestSerializer = (req: { method?: string; url?: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
  method: req.method,
  url: req.url === undefined ? undefined : redactUrl(req.url),
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});

/** Structured JSON logs at config.logLevel with secrets redacted. */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  return pino({ level: config.logLevel, redact: { paths: redactPaths, censor: '[redacted]' }, serializers: { req: requestSerializer } }, destination);
}

// An incoming x-request-id (from a proxy) is kept when it looks like an id, so logs line up across hops.
function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(incoming) ? incoming : randomUUID();
}

export async function buildApp({ db, config, logger }: BuildAppOptions): Promise<AppInstance> {
  const loggerInstance: FastifyBaseLogger | undefined = logger === false ? undefined : (logger ?? createLogger(config));
  const app: AppInstance = Fastify({
    loggerInstance,
    bodyLimit: config.bodyLimitBytes,
    genReqId: requestId,
    requestIdHeader: false,
    rewriteUrl: applyMethodOverrideHeader,
  }).withTypeProvider<ZodTypeProvider>();

  // A request without a body validates as {}, so a missing body reports each required field.
  app.setValidatorCompiler((route) => {
    const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    return route.httpPart === 'body' ? (data: unknown) => validate(data ?? {}) : validate;
  });
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('db', db);
  app.decorate('config', config);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  await app.register(formbody);
  await registerUploads(app);
  registerAuth(app);
  await registerRealtime(app);
  await registerRoutes(app);
  await registerWebApp(app, config.webDist);
  return app;
}
