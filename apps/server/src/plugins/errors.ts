import { forbiddenMessage, unauthenticatedMessage } from '@switchboard/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const validationFailedMessage = 'The given data was invalid.';

export type FieldErrors = Record<string, string[]>;

/** Thrown by services and policies; the error handler answers `{ message, errors? }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const unauthenticated = () => new HttpError(401, unauthenticatedMessage);
export const forbidden = (message = forbiddenMessage) => new HttpError(403, message);
export const notFound = (message = 'Not Found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** A 422 with per-field messages, e.g. unprocessable({ email: ['The email has already been taken.'] }). */
export const unprocessable = (errors: FieldErrors, message = validationFailedMessage) =>
  new HttpError(422, message, errors);

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * Zod issues as Laravel-style field errors, keyed by dotted path ('contacts.0.email'). Their texts are already the
 * product's: schemas word their own, and the shared error map (packages/shared/src/validation.ts) words the rest.
 */
export function toFieldErrors(issues: readonly Issue[], rootKey = '_'): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : rootKey;
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

const pgMessages: Record<string, { status: number; message: string }> = {
  '23505': { status: 409, message: 'This record already exists.' },
  '23503': {
    status: 409,
    message: 'This record refers to, or is used by, a record that does not exist or still exists.',
  },
  '23514': { status: 422, message: validationFailedMessage },
  '23502': { status: 422, message: validationFailedMessage },
};

/** The PostgreSQL SQLSTATE of an error that escaped a service (drizzle wraps it in `cause`). */
function pgCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 3; depth += 1) {
    const { code, severity, cause } = current as { code?: unknown; severity?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string') return code;
    current = cause;
  }
  return undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The anonymous e-mail's public routes (decision 0105): errors are logged with no request, no id, no address. */
    anonymous?: boolean;
  }
}

/** One error answer for the whole app: JSON `{ message }` always, never a stack. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (request.routeOptions.config.anonymous) return answerAnonymously(app, error, reply);
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? 'Invalid value.',
      }));
      return reply
        .status(422)
        .send({ message: validationFailedMessage, errors: toFieldErrors(issues, error.validationContext ?? '_') });
    }
    if (error instanceof z.core.$ZodError) {
      return reply.status(422).send({ message: validationFailedMessage, errors: toFieldErrors(error.issues) });
    }
    const code = pgCode(error);
    if (code && pgMessages[code]) {
      request.log.warn({ err: error }, 'database constraint violated');
      const { status, message } = pgMessages[code];
      return reply.status(status).send({ message });
    }
    if (code?.startsWith('22')) {
      // Data exceptions (value out of range, malformed uuid, string too long) are bad input.
      request.log.warn({ err: error }, 'database rejected a value');
      return reply.status(400).send({ message: validationFailedMessage });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, unsupported media type, upload limits).
      return reply.status(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Server Error', request_id: request.id });
  });
}

/**
 * Errors of the anonymous routes: the same answers, but a failure is logged on the app's logger with its message
 * only (the request's logger carries its id, and its serializer the caller's address) and answers no request id.
 */
function answerAnonymously(app: FastifyInstance, error: FastifyError, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply
      .status(error.statusCode)
      .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      path: v.instancePath.split('/').filter(Boolean),
      message: v.message ?? 'Invalid value.',
    }));
    return reply
      .status(422)
      .send({ message: validationFailedMessage, errors: toFieldErrors(issues, error.validationContext ?? '_') });
  }
  if (error instanceof z.core.$ZodError) {
    return reply.status(422).send({ message: validationFailedMessage, errors: toFieldErrors(error.issues) });
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) return reply.status(status).send({ message: error.message });
  // No err object: a database error's detail could quote the report's words.
  app.log.error({ code: pgCode(error) ?? error.code }, 'anonymous route failed');
  return reply.status(500).send({ message: 'Server Error' });
}
