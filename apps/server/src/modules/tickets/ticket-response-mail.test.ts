import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  multipartBody,
  type TestContext,
} from '../../../test/helpers.ts';
import { companies } from '../companies/companies.table.ts';

// The server project shares a worker's modules between files (decision 0145): drop them so this file's imports
// load under its mock, and again after it so the next file gets the real module.
vi.hoisted(() => vi.resetModules());
afterAll(() => {
  vi.doUnmock('nodemailer');
  vi.resetModules();
});

// What the mail plugin hands to nodemailer, recorded on the way through to the real SMTP listener below.
const handed = vi.hoisted(() => [] as { attachments?: Record<string, unknown>[] }[]);
vi.mock('nodemailer', async (importOriginal) => {
  const actual = await importOriginal<typeof import('nodemailer')>();
  const createTransport = ((...args: Parameters<typeof actual.createTransport>) => {
    const transport = actual.createTransport(...args);
    const send = transport.sendMail.bind(transport);
    transport.sendMail = ((options: (typeof handed)[number]) => {
      handed.push(options);
      return send(options as never);
    }) as typeof transport.sendMail;
    return transport;
  }) as typeof actual.createTransport;
  return { ...actual, default: { ...actual, createTransport }, createTransport };
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('a ticket response streams its attachments into the mail (issue 25)', () => {
  let ctx: TestContext;
  let smtp: SMTPServer;
  const received: Buffer[] = [];
  let token: string;
  let companyId: number;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      size: 64 * 1024 * 1024,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    ctx = await createTestContext({
      config: { smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` },
    });
    const tech = await createUser(ctx.db, { name: 'Tess Tech' });
    token = (await login(ctx.app, tech.email, tech.password)).access_token;
    [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Mail Co' }).returning({ id: companies.id });
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('hands nodemailer the stored files by path, not their bytes, and the message still carries the files', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/ticket',
      headers: bearer(token),
      payload: { subject: 'Scanner', body: 'Scans fail.', company_id: companyId, location: 1, triage_id: 3 },
    });
    const ticketId = created.json<{ data: { id: number } }>().data.id;
    const log = randomBytes(3 * 1024 * 1024);
    const photo = randomBytes(512 * 1024);
    const { payload, headers } = await multipartBody({
      ticket_id: String(ticketId),
      subject: 'Your scanner',
      response: 'The logs you asked for.',
      to_email: 'front.desk@mail-co.example',
      'attachments[0]': { blob: new Blob([log], { type: 'text/plain' }), name: 'scanner.log' },
      'attachments[1]': { blob: new Blob([photo], { type: 'image/png' }), name: 'panel.png' },
    });
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/ticket/createThread',
      headers: { ...bearer(token), ...headers },
      payload,
    });
    expect(sent.json()).toEqual({ message: 'Response sent.' });

    expect(handed).toHaveLength(1);
    const attachments = handed[0]!.attachments ?? [];
    expect(attachments.map((file) => file.filename)).toEqual(['scanner.log', 'panel.png']);
    for (const file of attachments) {
      // A path on disk that nodemailer streams from; no Buffer of the file's bytes was made.
      expect(file.content).toBeUndefined();
      expect(file.path).toEqual(expect.stringMatching(/[/\\]uploads[/\\]ticket-files[/\\][0-9a-f]{32}\.(log|png)$/));
      expect(file.path).toEqual(expect.stringContaining(ctx.config.dataDir));
    }

    expect(received).toHaveLength(1);
    const mail = await simpleParser(received[0]!);
    expect(mail.subject).toBe(`Your scanner [Ticket #${ticketId}]`);
    expect(mail.attachments.map((file) => [file.filename, sha256(file.content)])).toEqual([
      ['scanner.log', sha256(log)],
      ['panel.png', sha256(photo)],
    ]);
  });
});
