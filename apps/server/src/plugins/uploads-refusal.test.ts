import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../test/helpers.ts';
import { multipartRefusedMessage } from './uploads.ts';

// Over real sockets: app.inject hands the whole body over at once, so it cannot show a connection closed under a client.
// The bodies are larger than loopback's socket buffers (about 4 MB), which would otherwise take them whole.
const bodyLimit = 16 * 1024 * 1024;
const fileBytes = 12 * 1024 * 1024;
const path = '/api/companies/contracts/';
let ctx: TestContext;
let staff: { authorization: string };
let baseUrl: URL;

beforeAll(async () => {
  ctx = await createTestContext({ config: { bodyLimitBytes: bodyLimit } });
  const user = await createUser(ctx.db, { permissions: ['view billing'] });
  staff = bearer((await login(ctx.app, user.email, user.password)).access_token);
  baseUrl = new URL(await ctx.app.listen({ port: 0, host: '127.0.0.1' }));
});
afterAll(async () => {
  await ctx.close();
});

interface Outcome {
  status?: number;
  body?: unknown;
  /** The client's error (EPIPE, ECONNRESET) when the socket broke under it. */
  error?: string;
  /** Bytes of the file part written. */
  sent: number;
}

const boundary = 'refusal-test';
const partHead = Buffer.from(
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="contract.pdf"\r\n\r\n`,
);
const partTail = Buffer.from(`\r\n--${boundary}--\r\n`);
const chunk = Buffer.alloc(16 * 1024, 'a');

/**
 * Node's own client, asking to close: it writes the body in 16 KB pieces, each after the last has drained, and stops
 * writing once the answer has come (it then closes the socket itself). Settles when the request has closed.
 */
function postWithNodeClient(): Promise<Outcome> {
  return new Promise((resolve) => {
    const outcome: Outcome = { sent: 0 };
    const request = httpRequest(new URL(path, baseUrl), {
      method: 'POST',
      agent: false,
      headers: {
        ...staff,
        connection: 'close',
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(partHead.length + fileBytes + partTail.length),
      },
    });
    request.on('error', (error: NodeJS.ErrnoException) => (outcome.error ??= error.code ?? error.message));
    request.on('close', () => resolve(outcome));
    request.on('response', (response) => {
      outcome.status = response.statusCode;
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (piece: string) => (text += piece));
      response.on('end', () => (outcome.body = JSON.parse(text)));
    });
    let left = fileBytes;
    const writeMore = () => {
      while (left > 0 && !request.destroyed) {
        const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= piece.length;
        outcome.sent += piece.length;
        if (!request.write(piece)) return void request.once('drain', writeMore);
      }
      if (!request.destroyed) request.end(partTail);
    };
    request.write(partHead);
    writeMore();
  });
}

/**
 * A plain HTTP/1.1 client on a socket of its own that writes its whole body whatever the answer, as curl and browsers
 * do (Node's client stops writing once a keep-alive answer arrives, so it cannot show a server closing under it).
 * `endless` sends a chunked body that never ends. Settles when the answer is read and the body written, or on close.
 */
function postWithPlainClient(options: { close?: boolean; endless?: boolean } = {}): Promise<Outcome> {
  return new Promise((resolve) => {
    const outcome: Outcome = { sent: 0 };
    const socket = connect(Number(baseUrl.port), baseUrl.hostname);
    let received = Buffer.alloc(0);
    let answered = false;
    let written = false;
    const settle = () => {
      socket.destroy();
      resolve(outcome);
    };
    socket.on('error', (error: NodeJS.ErrnoException) => (outcome.error ??= error.code ?? error.message));
    socket.on('close', settle);
    socket.on('data', (data: Buffer) => {
      received = Buffer.concat([received, data]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0 || answered) return;
      const head = received.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1]);
      if (received.length < end + 4 + length) return;
      answered = true;
      outcome.status = Number(head.split(' ')[1]);
      outcome.body = JSON.parse(received.subarray(end + 4, end + 4 + length).toString('utf8'));
      if (written) settle();
    });
    const framing = options.endless
      ? 'Transfer-Encoding: chunked'
      : `Content-Length: ${partHead.length + fileBytes + partTail.length}`;
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${baseUrl.host}\r\nAuthorization: ${staff.authorization}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\n${framing}\r\n` +
        `Connection: ${options.close ? 'close' : 'keep-alive'}\r\n\r\n`,
    );
    const frame = (piece: Buffer) =>
      options.endless
        ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
        : piece;
    socket.write(frame(partHead));
    let left = options.endless ? Infinity : fileBytes;
    const writeMore = () => {
      while (left > 0) {
        if (socket.destroyed) return;
        const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= piece.length;
        outcome.sent += piece.length;
        if (!socket.write(frame(piece))) return void socket.once('drain', writeMore);
      }
      socket.write(partTail, () => {
        written = true;
        if (answered) settle();
      });
    };
    writeMore();
  });
}

describe('a multipart body sent to a route that takes none', () => {
  it('answers 415 to each of 40 parallel multipart posts of 12 MB over real sockets, and no client meets a broken connection', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        index % 2 === 0 ? postWithNodeClient() : postWithPlainClient({ close: index % 4 === 1 }),
      ),
    );
    const refused = { status: 415, body: { message: multipartRefusedMessage }, error: undefined };
    expect(outcomes.map(({ status, body, error }) => ({ status, body, error }))).toEqual(
      Array.from({ length: 40 }, () => refused),
    );
    // The plain clients wrote their whole bodies: the server read them to the end instead of closing under them.
    expect(outcomes.filter((_, index) => index % 2 === 1).map((outcome) => outcome.sent)).toEqual(
      Array.from({ length: 20 }, () => fileBytes),
    );
  }, 60_000);

  it('reads an endless chunked body only up to the body limit, then closes the connection after its 415', async () => {
    const outcome = await postWithPlainClient({ endless: true });
    expect(outcome.status).toBe(415);
    expect(outcome.body).toEqual({ message: multipartRefusedMessage });
    expect(outcome.sent).toBeGreaterThan(bodyLimit);
    // Socket buffers hold a few MB at most: the server stopped reading soon after the limit.
    expect(outcome.sent).toBeLessThan(bodyLimit + 16 * 1024 * 1024);
  }, 30_000);
});
