import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './app.ts';

describe('createLogger', () => {
  it('redacts authorization headers, cookies, passwords and tokens wherever they sit', () => {
    let output = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        output += String(chunk);
        done();
      },
    });
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
    expect(output).toContain('a@b.c');
    expect(output).toContain('[redacted]');
    expect(output).not.toMatch(/secret-/);
  });
});
