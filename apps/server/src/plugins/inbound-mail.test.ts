import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { startInboundMail } from './inbound-mail.ts';

/** Opens a connection to the listener and resolves with the first line the server says. */
function greeting(port: number, sockets: Socket[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    socket.setEncoding('utf8');
    socket.once('data', (line: string) => resolve(line));
    socket.once('error', reject);
  });
}

describe('the inbound SMTP listener', () => {
  let ctx: TestContext;
  let inbound: { port: number; stop(): Promise<void> };
  const sockets: Socket[] = [];

  beforeAll(async () => {
    ctx = await createTestContext({ config: { inboundSmtpMaxClients: 2 } });
    inbound = (await startInboundMail(ctx.app, { port: 0 }))!;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await inbound?.stop();
    await ctx?.close();
  });

  it('holds INBOUND_SMTP_MAX_CLIENTS connections and tells the next to try again later', async () => {
    expect(await greeting(inbound.port, sockets)).toMatch(/^220 /);
    expect(await greeting(inbound.port, sockets)).toMatch(/^220 /);
    expect(await greeting(inbound.port, sockets)).toMatch(/^421 .*Too many connected clients/);
  });
});
