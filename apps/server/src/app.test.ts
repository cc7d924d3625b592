import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/helpers.ts';
import { buildApp, createLogger, terminalDestination } from './app.ts';

function capture(): { sink: Writable & { isTTY?: boolean }; output: () => string } {
  let output = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      output += String(chunk);
      done();
    },
  });
  return { sink, output: () => output };
}

describe('createLogger', () => {
  it('redacts authorization headers, cookies, passwords and tokens wherever they sit', () => {
    const { sink, output: written } = capture();
    const log = createLogger({ logLevel: 'info' }, sink);
    log.info(
      {
        req: { headers: { authorization: 'Bearer secret-access', cookie: 'sid=secret-cookie' } },
        body: { email: 'a@b.c', password: 'secret-password', refresh_token: 'secret-refresh' },
        user: { passwordHash: 'secret-hash' },
        deep: { nested: { access_token: 'secret-deep' } },
      },
      'request',
    );
    expect(written()).toContain('a@b.c');
    expect(written()).toContain('[redacted]');
    expect(written()).not.toMatch(/secret-/);
  });
});

describe('terminalDestination', () => {
  it('writes readable lines to a terminal and leaves JSON for anything else', () => {
    const terminal = capture();
    terminal.sink.isTTY = true;
    createLogger({ logLevel: 'info' }, terminalDestination(terminal.sink)).info({ port: 3000 }, 'listening');
    expect(terminal.output()).toMatch(/INFO.*listening/);
    expect(terminal.output()).toContain('port: 3000');
    expect(terminal.output().trimStart().startsWith('{')).toBe(false);

    expect(terminalDestination(capture().sink)).toBeUndefined();
  });
});

describe('request logging', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  async function logOfOneRequest(logLevel: 'info' | 'debug'): Promise<Record<string, unknown>[]> {
    ctx = await createTestContext();
    const { sink, output } = capture();
    const app = await buildApp({ db: ctx.db, config: ctx.config, logger: createLogger({ logLevel }, sink) });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    await app.close();
    return output()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it('writes no line per request at info', async () => {
    const lines = await logOfOneRequest('info');
    expect(lines.filter((line) => line.reqId !== undefined)).toEqual([]);
  });

  it('writes one line per request at debug, with method, path, status and time', async () => {
    const lines = (await logOfOneRequest('debug')).filter((line) => line.reqId !== undefined);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 20, msg: 'request completed', method: 'GET', url: '/api/health' });
    expect(lines[0]!.statusCode).toBe(200);
    expect(typeof lines[0]!.responseTime).toBe('number');
  });
});
