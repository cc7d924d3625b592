import { randomBytes } from 'node:crypto';
import { createWriteStream, promises as fs } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  chargeUploadQuota,
  secondsToNextHour,
  uploadQuotaExhausted,
  uploadQuotaMessage,
} from '../modules/files/upload-quota.service.ts';
import { HttpError } from './errors.ts';

/** Limits of a route that takes files: route config `uploads`. Routes without it refuse multipart bodies unread. */
export interface UploadLimits {
  /** Files per request. */
  files: number;
  /** Bytes per file; a larger file answers 413 and nothing of it is kept. */
  fileSize: number;
  /** Bytes of all text fields together (default 1 MB). */
  fieldBytes?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes multipart bodies with files, within these limits (parsed after authentication). */
    uploads?: UploadLimits;
  }
  interface FastifyRequest {
    /** Temporary files of this request's multipart body, removed when the answer has gone. */
    uploadTempPaths: string[] | null;
  }
}

/**
 * A file field of a multipart body, already streamed to a temporary file under DATA_DIR/uploads/tmp.
 * A class, so a JSON body can never pass for one (uploadedFileSchema checks instanceof).
 */
export class UploadedFile {
  constructor(
    readonly filename: string,
    readonly mimetype: string,
    readonly size: number,
    readonly tempPath: string,
  ) {}
}

/** Route code reads a file field with this. */
export const uploadedFileSchema = z.instanceof(UploadedFile);

export const defaultFieldBytes = 1024 * 1024;
// Part headers and boundaries around each part, counted into a request's byte budget.
const framingBytesPerPart = 16 * 1024;
const maxFields = 100;

const multipartPattern = /^multipart\/form-data\s*(;|$)/i;
const boundaryPattern = /;\s*boundary\s*=\s*("[^"]+"|[^;\s]+)/i;

export const multipartRefusedMessage = 'This route does not accept multipart/form-data.';
export const boundaryMissingMessage = 'The multipart/form-data content type needs a boundary.';
export const lengthRequiredMessage = 'An upload needs a Content-Length header.';
export const malformedMultipartMessage = 'The multipart body is malformed.';
export const tooManyFilesMessage = (files: number) =>
  `At most ${files} ${files === 1 ? 'file' : 'files'} may be sent at once.`;
export const fileTooLargeMessage = (bytes: number) =>
  `A file may not be greater than ${Math.floor(bytes / 1024)} kilobytes.`;
export const uploadTooLargeMessage = 'The upload is too large.';
export const fieldsTooLargeMessage = 'The form fields are too large.';

/** The temporary folder; under DATA_DIR/uploads so that storing a file is a rename on the same disk. */
export function uploadTempDir(dataDir: string): string {
  return join(dataDir, 'uploads', 'tmp');
}

/**
 * Multipart bodies are read only on routes whose config has `uploads`, after the bearer guard (onRequest) and the
 * route's own onRequest checks. Each file streams to a temporary file; the body becomes a plain object (text fields
 * as strings, files as UploadedFile, repeated names as arrays), so zod body schemas validate it as they validate
 * JSON. Every other route answers 415 and drains the body up to the body limit; a multipart type without a boundary
 * answers 400.
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  // Without attachFieldsToBody its content-type parser only marks the request: nothing is read until parts().
  // A file over the limit is reported by the file's `truncated`, checked below.
  await app.register(multipart, { throwFileSizeLimit: false });
  app.decorateRequest('uploadTempPaths', null);
  const tempDir = uploadTempDir(app.config.dataDir);

  app.addHook('onRoute', (route) => {
    if (route.config?.uploads && route.config.public) throw new Error(`${route.url}: uploads need a signed-in caller`);
  });

  app.addHook('preValidation', async (request, reply) => {
    const contentType = request.headers['content-type'] ?? '';
    if (!multipartPattern.test(contentType)) return;
    // Unknown paths answer 404 from the not-found handler, which does not read the body either.
    if (!request.routeOptions.url) return;
    const limits = request.routeOptions.config.uploads;
    if (!boundaryPattern.test(contentType)) throw refuse(reply, 400, boundaryMissingMessage);
    if (!limits || !request.auth) throw refuseDrained(request, reply);
    const declared = Number(request.headers['content-length']);
    if (!request.headers['content-length'] || !Number.isSafeInteger(declared))
      throw refuse(reply, 411, lengthRequiredMessage);
    if (declared > requestBudget(limits)) throw refuse(reply, 413, uploadTooLargeMessage);
    await fs.mkdir(tempDir, { recursive: true });
    try {
      request.body = await readMultipart(request, limits, tempDir);
    } catch (error) {
      await removeTempFiles(request);
      throw toClientError(reply, error);
    }
  });

  app.addHook('onResponse', removeTempFiles);
  app.addHook('onRequestAbort', removeTempFiles);
  registerUploadQuota(app);
}

/** The most bytes a request to a route with these limits may carry. */
function requestBudget(limits: UploadLimits): number {
  return (
    limits.files * (limits.fileSize + framingBytesPerPart) +
    (limits.fieldBytes ?? defaultFieldBytes) +
    maxFields * framingBytesPerPart
  );
}

// The body of a refused request is left unread, so the connection closes after the answer instead of draining it.
function refuse(reply: FastifyReply, status: number, message: string): HttpError {
  reply.header('connection', 'close');
  return new HttpError(status, message);
}

/**
 * A 415 the client can read (decision 0027): the answer goes at once, and the rest of the body is read and dropped up
 * to the route's body limit, so a client still writing never meets a closed socket (EPIPE, ECONNRESET). A body
 * declared larger than the limit is refused unread with Connection: close; one found larger closes the socket there.
 */
function refuseDrained(request: FastifyRequest, reply: FastifyReply): HttpError {
  const limit = request.routeOptions.bodyLimit;
  if (Number(request.headers['content-length']) > limit) return refuse(reply, 415, multipartRefusedMessage);
  const incoming = request.raw;
  const socket = incoming.socket;
  // Node closes the socket right after an answer to `Connection: close` (or HTTP/1.0), under a client still writing
  // its body: the answer keeps the connection, and the socket ends here once the body is through.
  const clientCloses = !reply.raw.shouldKeepAlive;
  reply.raw.shouldKeepAlive = true;
  let received = 0;
  incoming.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit) socket.destroy();
  });
  incoming.once('end', () => {
    if (!clientCloses || typeof socket?.end !== 'function') return;
    if (reply.raw.writableFinished) socket.end();
    else reply.raw.once('finish', () => socket.end());
  });
  incoming.resume();
  return new HttpError(415, multipartRefusedMessage);
}

async function readMultipart(
  request: FastifyRequest,
  limits: UploadLimits,
  tempDir: string,
): Promise<Record<string, unknown>> {
  const fieldBytes = limits.fieldBytes ?? defaultFieldBytes;
  const body: Record<string, unknown> = {};
  const temps: string[] = (request.uploadTempPaths = []);
  let textBytes = 0;
  const parts = request.parts({
    limits: {
      files: limits.files,
      fileSize: limits.fileSize,
      fields: maxFields,
      fieldSize: fieldBytes,
      parts: limits.files + maxFields,
    },
  });
  for await (const part of parts) {
    let value: unknown;
    if (part.type === 'file') {
      const tempPath = join(tempDir, randomBytes(16).toString('hex'));
      temps.push(tempPath);
      const output = createWriteStream(tempPath, { flags: 'wx' });
      await pipeline(part.file, output);
      if (part.file.truncated) throw new HttpError(413, fileTooLargeMessage(limits.fileSize));
      value = new UploadedFile(part.filename, part.mimetype, output.bytesWritten, tempPath);
    } else {
      textBytes += Buffer.byteLength(String(part.value)) + part.fieldname.length;
      if (part.valueTruncated || textBytes > fieldBytes) throw new HttpError(413, fieldsTooLargeMessage);
      value = part.value;
    }
    addValue(body, part.fieldname, value);
  }
  return body;
}

// Repeated names (attachments[], cc[]) become arrays, as in @fastify/multipart's keyValues mode.
function addValue(body: Record<string, unknown>, name: string, value: unknown): void {
  const existing = body[name];
  if (existing === undefined) body[name] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else body[name] = [existing, value];
}

const limitMessages: Record<string, (limits: UploadLimits) => string> = {
  FST_FILES_LIMIT: (limits) => tooManyFilesMessage(limits.files),
  FST_PARTS_LIMIT: () => fieldsTooLargeMessage,
  FST_FIELDS_LIMIT: () => fieldsTooLargeMessage,
};

/** Our own errors pass; the parser's limit errors answer 413 with our text; anything else is a malformed body. */
function toClientError(reply: FastifyReply, error: unknown): unknown {
  reply.header('connection', 'close');
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown }).code;
  const limits = reply.request.routeOptions.config.uploads!;
  if (typeof code === 'string' && limitMessages[code]) return new HttpError(413, limitMessages[code](limits));
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_JSON_FIELD_ERROR')
    return new HttpError(400, malformedMultipartMessage);
  // A disk error is ours, not the caller's.
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return error;
  return new HttpError(400, malformedMultipartMessage);
}

async function removeTempFiles(request: FastifyRequest): Promise<void> {
  const paths = request.uploadTempPaths;
  if (!paths?.length) return;
  request.uploadTempPaths = [];
  await Promise.all(paths.map((path) => fs.rm(path, { force: true })));
}

/**
 * Per-user quota of files and bytes per hour on every route that takes files (issue 25, decision 0058): a user past it
 * is refused with 429 before the body is read; otherwise the files read are counted in one atomic statement after
 * the body, all or nothing, and a body that would pass the limit is refused (its temporary files removed).
 */
function registerUploadQuota(app: FastifyInstance): void {
  const limits = { filesPerHour: app.config.uploadQuotaFilesPerHour, bytesPerHour: app.config.uploadQuotaBytesPerHour };
  const refuseOverQuota = (reply: FastifyReply) => {
    reply.header('retry-after', String(secondsToNextHour()));
    return new HttpError(429, uploadQuotaMessage(limits));
  };
  app.addHook('preParsing', async (request, reply) => {
    if (!request.routeOptions.config.uploads || !request.auth) return;
    if (!multipartPattern.test(request.headers['content-type'] ?? '')) return;
    if (await uploadQuotaExhausted(app.db, request.auth.user.id, limits)) {
      reply.header('connection', 'close');
      throw refuseOverQuota(reply);
    }
  });
  // Registered after the hook that reads the multipart body, so it runs after it.
  app.addHook('preValidation', async (request, reply) => {
    if (!request.routeOptions.config.uploads || !request.auth || !request.uploadTempPaths) return;
    const files = Object.values((request.body ?? {}) as Record<string, unknown>)
      .flat()
      .filter((value): value is UploadedFile => value instanceof UploadedFile);
    if (files.length === 0) return;
    const charge = { files: files.length, bytes: files.reduce((sum, file) => sum + file.size, 0) };
    if (!(await chargeUploadQuota(app.db, request.auth.user.id, charge, limits))) throw refuseOverQuota(reply);
  });
}
