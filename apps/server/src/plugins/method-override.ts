import type { IncomingMessage } from 'node:http';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
  preValidationHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../app-instance.ts';
import { notFound } from './errors.ts';

const overridable = new Set(['PUT', 'PATCH', 'DELETE']);

/**
 * Fastify `rewriteUrl` hook: a POST carrying `X-HTTP-Method-Override: PUT|PATCH|DELETE` is routed as that
 * method. It runs before routing, the only place a request's method can still change.
 */
export function applyMethodOverrideHeader(req: IncomingMessage): string {
  const header = req.headers['x-http-method-override'];
  const override = typeof header === 'string' ? header.trim().toUpperCase() : undefined;
  if (req.method === 'POST' && override && overridable.has(override)) req.method = override;
  return req.url ?? '/';
}

// The body is parsed only after routing, so a `_method` form field cannot reroute: the route accepts
// POST too and this hook turns away every POST that does not say `_method=PUT`.
async function acceptPostWithPutField(request: FastifyRequest): Promise<void> {
  if (request.method !== 'POST') return;
  const body = request.body as Record<string, unknown> | null | undefined;
  const field = body && typeof body === 'object' ? body._method : undefined;
  if (typeof field !== 'string' || field.toUpperCase() !== 'PUT') throw notFound();
  delete body!._method;
}

type Options<S extends FastifySchema> = RouteShorthandOptions<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider,
  FastifyBaseLogger
>;
type Handler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/**
 * Registers an update route for PUT and for the spec client's `POST` with a `_method=PUT` field
 * (urlencoded, multipart or JSON). POST with the X-HTTP-Method-Override header is handled before routing.
 */
export function putRoute<S extends FastifySchema>(
  app: AppInstance,
  path: string,
  options: Options<S>,
  handler: Handler<S>,
): void {
  const existing = options.preValidation;
  const preValidation = [
    acceptPostWithPutField,
    ...(existing ? (Array.isArray(existing) ? existing : [existing]) : []),
  ];
  app.route({
    ...options,
    method: ['PUT', 'POST'],
    url: path,
    preValidation: preValidation as preValidationHookHandler[],
    handler,
  } as Parameters<AppInstance['route']>[0]);
}
