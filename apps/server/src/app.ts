import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import formbody from '@fastify/formbody';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { pino, type DestinationStream, type Logger } from 'pino';
import { build as prettyStream } from 'pino-pretty';
import type { AppInstance } from './app-instance.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerJobsPlugin } from './plugins/jobs.ts';
import { applyMethodOverrideHeader } from './plugins/method-override.ts';
import { registerRealtime } from './plugins/realtime.ts';
import { registerCollab } from './plugins/collab.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerUploads } from './plugins/uploads.ts';
import { registerWebApp } from './plugins/web.ts';
import { registerRoutes } from './routes.ts';
import { registerTelephony } from './modules/telephony/telephony.ts';

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
  ...[
    'password',
    'password_confirmation',
    'passwordHash',
    'password_hash',
    'token',
    'access_token',
    'refresh_token',
    'accessToken',
    'refreshToken',
  ].flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

// Paths that carry a secret in the URL itself: the password-reset link the mail sends (/reset-password/{token}), the
// approval links (/approve/{token}, /api/public/approvals/{token}; decision 0046) and the iCal feed's ?token=.
export function redactUrl(url: string): string {
  return url
    .replace(/(\/reset-password\/)[^/?#]+/, '$1[redacted]')
    .replace(/(\/approve\/|\/public\/approvals\/)[^/?#]+/, '$1[redacted]')
    .replace(/(^\/proposal\/|\/public\/proposals\/)[^/?#]+/, '$1[redacted]')
    .replace(/([?&]token=)[^&#]+/, '$1[redacted]');
}

// Fastify's request serializer, with the URL redacted.
const requestSerializer = (req: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) => ({
  method: req.method,
  url: req.url === undefined ? undefined : redactUrl(req.url),
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});

/** Logs at config.logLevel with secrets redacted: readable lines in a terminal, JSON lines otherwise. */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination: DestinationStream | undefined = terminalDestination(),
): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: { paths: redactPaths, censor: '[redacted]' },
      serializers: { req: requestSerializer },
    },
    destination,
  );
}

/** pino-pretty when stdout is a terminal (a person reads it); undefined, so JSON, for files, pipes and collectors. */
export function terminalDestination(
  stdout: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
): DestinationStream | undefined {
  if (!stdout.isTTY) return undefined;
  // Synchronous, so log lines and the start banner printed with console.log keep their order.
  return prettyStream({ destination: stdout, sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
}

// An incoming x-request-id (from a proxy) is kept when it looks like an id, so logs line up across hops.
function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(incoming) ? incoming : randomUUID();
}

/** Fastify writes two info lines per request; one debug line when the response is sent is enough. */
class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // A response that failed while being sent keeps Fastify's error line.
    if (error) return super.requestCompleted(error, request, reply);
    const { method, url } = request;
    const { statusCode, elapsedTime } = reply;
    const fields = { method, url: redactUrl(url), statusCode, responseTime: Math.round(elapsedTime) };
    reply.log.debug(fields, 'request completed');
  }
}

// Fastify 5 ignores a bare hop count (it cannot check the peer), so the count is given as proxy-addr's function.
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

export async function buildApp({ db, config, logger }: BuildAppOptions): Promise<AppInstance> {
  const loggerInstance: FastifyBaseLogger | undefined = logger === false ? undefined : (logger ?? createLogger(config));
  const app: AppInstance = Fastify({
    loggerInstance,
    bodyLimit: config.bodyLimitBytes,
    genReqId: requestId,
    requestIdHeader: false,
    logController: new RequestLogController(),
    rewriteUrl: applyMethodOverrideHeader,
    // Behind a proxy, which forwarded address is the client's (TRUST_PROXY); off, request.ip is the socket's peer.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
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
  await registerSecurityHeaders(app);
  await app.register(formbody);
  await registerUploads(app);
  registerAuth(app);
  await registerRealtime(app);
  await registerCollab(app);
  registerJobsPlugin(app);
  // Before the routes: in local mode the double's /_telephony/* paths and /_telephony/rtc socket sit on this port.
  registerTelephony(app);
  await registerRoutes(app);
  await registerWebApp(app, config.webDist);
  return app;
}
