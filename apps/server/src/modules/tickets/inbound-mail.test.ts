import { generateKeyPairSync } from 'node:crypto';
import { readdir, writeFile, mkdir, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { startInboundMail } from '../../plugins/inbound-mail.ts';
import { companies } from '../companies/companies.table.ts';
import { heldMail } from './held-mail.table.ts';
import { replyAddress } from './reply-address.ts';
import { ticketAttachments, ticketThreads, tickets } from './tickets.table.ts';

// Issue 14 part 4 (decision 0028), over a real SMTP connection to the listener. DNS is a table this file controls:
// mailco.example signs with DKIM and publishes DMARC p=reject (its SPF allows another server); spfco.example has SPF
// for 127.0.0.1 and no DMARC; evil.example is the forger's own domain with SPF for 127.0.0.1; down.example times out.

const dkimKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicKey = dkimKeys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const privateKey = dkimKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

const txtRecords: Record<string, string> = {
  'mailco.example': 'v=spf1 ip4:192.0.2.10 -all',
  '_dmarc.mailco.example': 'v=DMARC1; p=reject',
  'sel._domainkey.mailco.example': `v=DKIM1; k=rsa; p=${publicKey}`,
  'spfco.example': 'v=spf1 ip4:127.0.0.1 -all',
  'evil.example': 'v=spf1 ip4:127.0.0.1 -all',
  'relayco.example': 'v=spf1 ip4:192.0.2.77 -all',
};

async function resolver(name: string, type: string): Promise<string[][]> {
  const domain = name.toLowerCase();
  if (domain.endsWith('down.example'))
    throw Object.assign(new Error(`queryTxt ETIMEOUT ${name}`), { code: 'ETIMEOUT' });
  const record = type === 'TXT' ? txtRecords[domain] : undefined;
  if (!record) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return [[record]];
}

const maxBytes = 256 * 1024;

/** Talks SMTP over a raw socket, so a test sees the listener's exact answers to bytes nodemailer would not send. */
async function rawSmtp(port: number, message: Buffer): Promise<string[]> {
  const socket: Socket = connect(port, '127.0.0.1');
  let buffer = '';
  const waiters: ((line: string) => void)[] = [];
  socket.on('data', (chunk) => {
    buffer += chunk.toString('latin1');
    // A reply ends with a line whose code is followed by a space.
    let match: RegExpExecArray | null;
    while ((match = /^(\d{3}) .*\r\n/m.exec(buffer)) && waiters.length) {
      const end = match.index + match[0].length;
      waiters.shift()!(buffer.slice(0, end).trim().split('\r\n').pop()!);
      buffer = buffer.slice(end);
    }
  });
  const reply = () => new Promise<string>((resolve) => waiters.push(resolve));
  const send = (line: string | Buffer) => {
    const next = reply();
    socket.write(line);
    return next;
  };
  try {
    const answers = [await reply()];
    answers.push(await send('EHLO tester.example\r\n'));
    answers.push(await send('MAIL FROM:<sender@evil.example>\r\n'));
    answers.push(await send('RCPT TO:<helpdesk@switchboard.local>\r\n'));
    answers.push(await send('DATA\r\n'));
    answers.push(await send(Buffer.concat([message, Buffer.from('\r\n.\r\n')])));
    answers.push(await send('QUIT\r\n'));
    return answers;
  } finally {
    socket.destroy();
  }
}

describe('inbound mail (INBOUND_SMTP_PORT)', () => {
  let ctx: TestContext;
  let inbound: { port: number; address: string; stop(): Promise<void> };
  let companyId: number;
  let otherCompanyId: number;
  let mia: TestUser;
  let adminToken: string;

  beforeAll(async () => {
    ctx = await createTestContext({ config: { inboundSmtpMaxBytes: maxBytes } });
    // No host given: the listener binds to INBOUND_SMTP_HOST's default.
    inbound = (await startInboundMail(ctx.app, { port: 0, resolver }))!;
    [{ id: companyId }, { id: otherCompanyId }] = (await ctx.db
      .insert(companies)
      .values([{ name: 'Mail Co' }, { name: 'Other Co' }])
      .returning({ id: companies.id })) as [{ id: number }, { id: number }];
    mia = await createUser(ctx.db, { type: 'Client', companyId, name: 'Mia Mailer', email: 'mia@mailco.example' });
    await createUser(ctx.db, {
      type: 'Client',
      companyId: otherCompanyId,
      name: 'Otto Other',
      email: 'otto@spfco.example',
    });
    await createUser(ctx.db, { type: 'Client', companyId, name: 'Pat Spf', email: 'pat@spfco.example' });
    await createUser(ctx.db, { type: 'Client', companyId, name: 'Bea Bare', email: 'bea@bare.example' });
    await createUser(ctx.db, { type: 'Client', companyId, name: 'Dan Down', email: 'dan@down.example' });
    await createUser(ctx.db, { type: 'Client', companyId, name: 'Rita Relay', email: 'rita@relayco.example' });
    const admin = await createUser(ctx.db, { role: 'admin' });
    adminToken = (await login(ctx.app, admin.email, admin.password)).access_token;
  });
  afterAll(async () => {
    await inbound?.stop();
    await ctx.close();
  });

  const send = (message: Mail.Options) =>
    createTransport({ host: '127.0.0.1', port: inbound.port, secure: false, ignoreTLS: true }).sendMail(message);
  /** Mail really from mailco.example: signed with its DKIM key. */
  const sendSigned = (message: Mail.Options) =>
    send({ ...message, dkim: { domainName: 'mailco.example', keySelector: 'sel', privateKey } });
  const newTicket = async (subject: string) =>
    (
      (await ctx.db
        .insert(tickets)
        .values({ subject, body: 'x', companyId, location: 1, triageId: 3, status: 2 })
        .returning({ id: tickets.id })) as [{ id: number }]
    )[0].id;
  const threadsOf = (ticketId: number) =>
    ctx.db.select().from(ticketThreads).where(eq(ticketThreads.ticketId, ticketId));
  const heldBySubject = async (subject: string) =>
    (await ctx.db.select().from(heldMail).where(eq(heldMail.subject, subject)))[0];
  const ticketFiles = () => readdir(join(ctx.config.dataDir, 'uploads', 'ticket-files')).catch(() => [] as string[]);
  const heldFiles = () => readdir(join(ctx.config.dataDir, 'uploads', 'held-mail')).catch(() => [] as string[]);

  it('listens on 127.0.0.1 unless INBOUND_SMTP_HOST says otherwise', async () => {
    expect(ctx.config.inboundSmtpHost).toBe('127.0.0.1');
    expect(inbound.address).toBe('127.0.0.1');
    // Another address of this machine reaches nothing.
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
    if (outside) {
      const reached = await new Promise<boolean>((resolve) => {
        const socket = connect(inbound.port, outside);
        socket.once('connect', () => resolve(true)).once('error', () => resolve(false));
      });
      expect(reached).toBe(false);
    }
  });

  it('holds mail that forges a contact’s From with a guessed ticket number, subject or old unsigned tag', async () => {
    const id = await newTicket('Printer');
    // The forger sends from its own domain (SPF passes for it) and writes Mia's address in From.
    await send({
      envelope: { from: 'x@evil.example', to: 'helpdesk@switchboard.local' },
      from: 'mia@mailco.example',
      to: 'helpdesk@switchboard.local',
      subject: `Re: Printer [Ticket #${id}]`,
      text: 'Please wire the money.',
    });
    await send({
      envelope: { from: 'x@evil.example', to: `no-reply+ticket-${id}@switchboard.local` },
      from: 'mia@mailco.example',
      to: `no-reply+ticket-${id}@switchboard.local`,
      subject: 'Old tag forged',
      text: 'Also forged.',
    });
    expect(await threadsOf(id)).toEqual([]);

    const bySubject = await heldBySubject(`Re: Printer [Ticket #${id}]`);
    expect(bySubject).toMatchObject({
      fromEmail: 'mia@mailco.example',
      heldReason: `It names ticket #${id} without its reply address, and the sender could not be verified.`,
      mailAuth: {
        spf: 'pass',
        dkim: 'none',
        dmarc: 'fail',
        verified: false,
        summary: 'Not verified: DMARC fail for mailco.example',
      },
    });
    expect(await heldBySubject('Old tag forged')).toMatchObject({ mailAuth: { verified: false } });

    // A stranger who authenticates fine for its own domain is still no contact of the ticket's company.
    await send({
      from: 'someone@evil.example',
      to: 'helpdesk@switchboard.local',
      subject: `Hello [Ticket #${id}]`,
      text: 'Guessing numbers.',
    });
    expect(await heldBySubject(`Hello [Ticket #${id}]`)).toMatchObject({
      heldReason: `It names ticket #${id} without its reply address, from a sender who is not a contact of the ticket's company.`,
      mailAuth: { spf: 'pass', dmarc: 'none', verified: true },
    });
    expect(await threadsOf(id)).toEqual([]);

    // The administrator sees why, and the verdict.
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/held-mail?per_page=500',
      headers: bearer(adminToken),
    });
    expect(list.json().data.find((row: { id: number }) => row.id === bySubject!.id)).toMatchObject({
      held_reason: bySubject!.heldReason,
      mail_auth: { dmarc: 'fail', verified: false },
    });
  });

  it('threads a reply to the signed reply address onto its ticket from any sender, keeping attachments; a wrong signature is held', async () => {
    const id = await newTicket('Scanner');
    const address = await replyAddress(ctx.db, ctx.config.mailFrom, id);
    expect(address).toMatch(new RegExp(`^no-reply\\+ticket-${id}-[0-9a-f]{24}@switchboard\\.local$`));
    await send({
      from: 'colleague@elsewhere.example',
      to: address,
      subject: 'Re: Scanner',
      text: 'It works now, thanks!',
      attachments: [{ filename: 'photo.txt', content: 'pic' }],
    });
    const threads = await threadsOf(id);
    expect(threads).toMatchObject([
      { direction: 'in', fromEmail: 'colleague@elsewhere.example', fromUserId: null, mailAuth: { verified: false } },
    ]);
    expect(threads[0]!.textBody.trim()).toBe('It works now, thanks!');
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/ticket/${id}`, headers: bearer(adminToken) });
    expect(detail.json().data.threads[0]).toMatchObject({
      attachments: [{ file_name: 'photo.txt' }],
      mail_auth: { verified: false },
    });

    // The signature of another ticket, or one character changed, proves nothing.
    const otherId = await newTicket('Other');
    const forged = address.replace(`+ticket-${id}-`, `+ticket-${otherId}-`);
    const flipped = address.replace(/([0-9a-f])@/, (_match, last: string) => `${last === '0' ? '1' : '0'}@`);
    await send({ from: 'colleague@elsewhere.example', to: forged, subject: 'Forged tag', text: 'x' });
    await send({ from: 'colleague@elsewhere.example', to: flipped, subject: 'Flipped tag', text: 'x' });
    expect(await threadsOf(otherId)).toEqual([]);
    expect(await threadsOf(id)).toHaveLength(1);
    expect(await heldBySubject('Forged tag')).toBeDefined();
    expect(await heldBySubject('Flipped tag')).toBeDefined();
  });

  it('threads a subject number from a contact of the ticket’s company whose mail passes DKIM and DMARC, and shows the verdict', async () => {
    const id = await newTicket('Router');
    await sendSigned({
      from: 'Mia Mailer <mia@mailco.example>',
      to: 'helpdesk@switchboard.local',
      subject: `Re: Router [Ticket #${id}]`,
      text: 'Rebooted, all fine.',
    });
    const [thread] = await threadsOf(id);
    expect(thread).toMatchObject({
      fromUserId: mia.id,
      mailAuth: { spf: 'fail', dkim: 'pass', dmarc: 'pass', verified: true, summary: 'DMARC pass for mailco.example' },
    });
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/ticket/${id}`, headers: bearer(adminToken) });
    expect(detail.json().data.threads[0].mail_auth).toEqual({
      spf: 'fail',
      dkim: 'pass',
      dmarc: 'pass',
      verified: true,
      summary: 'DMARC pass for mailco.example',
    });

    // A verified contact of another company gets nothing onto this ticket.
    await send({
      from: 'otto@spfco.example',
      to: 'helpdesk@switchboard.local',
      subject: `Re: Router [Ticket #${id}] from Otto`,
      text: 'Mine?',
    });
    expect(await threadsOf(id)).toHaveLength(1);
    expect(await heldBySubject(`Re: Router [Ticket #${id}] from Otto`)).toMatchObject({ mailAuth: { verified: true } });
  });

  it('opens a ticket only for a verified client account: no DMARC policy needs an aligned SPF or DKIM pass, DNS failure holds', async () => {
    await send({
      from: 'pat@spfco.example',
      to: 'helpdesk@switchboard.local',
      subject: 'Cannot print invoices',
      text: 'The printer jams on invoices.',
    });
    const [opened] = await ctx.db.select().from(tickets).where(eq(tickets.subject, 'Cannot print invoices'));
    expect(opened).toMatchObject({ companyId, location: 5, status: 2 });
    expect((await threadsOf(opened!.id))[0]!.mailAuth).toEqual({
      spf: 'pass',
      dkim: 'none',
      dmarc: 'none',
      verified: true,
      summary: 'SPF pass for spfco.example (no DMARC policy)',
    });

    await send({
      from: 'bea@bare.example',
      to: 'helpdesk@switchboard.local',
      subject: 'From a bare domain',
      text: 'No SPF, no DKIM.',
    });
    await send({
      from: 'dan@down.example',
      to: 'helpdesk@switchboard.local',
      subject: 'While DNS is down',
      text: 'Timeouts.',
    });
    expect(await ctx.db.select().from(tickets).where(eq(tickets.subject, 'From a bare domain'))).toEqual([]);
    expect(await heldBySubject('From a bare domain')).toMatchObject({
      heldReason: 'It comes from a client account, but the sender could not be verified.',
      mailAuth: { dmarc: 'none', verified: false, summary: 'Not verified: no SPF or DKIM pass for bare.example' },
    });
    expect(await heldBySubject('While DNS is down')).toMatchObject({
      mailAuth: { spf: 'temperror', dmarc: 'temperror', verified: false, summary: 'Not verified: a DNS lookup failed' },
    });

    await send({
      from: 'nobody@unknown.example',
      to: 'helpdesk@switchboard.local',
      subject: 'Hello',
      text: 'Who is this?',
    });
    expect(await heldBySubject('Hello')).toMatchObject({
      fromEmail: 'nobody@unknown.example',
      heldReason: 'It names no ticket and comes from no client account.',
    });
  });

  it('checks SPF for the server a trusted relay (INBOUND_SMTP_RELAYS) names in its Received header, and only then', async () => {
    const viaRelay = (subject: string) =>
      send({
        from: 'rita@relayco.example',
        to: 'helpdesk@switchboard.local',
        subject,
        text: 'Sent through our relay.',
        headers: {
          Received:
            'from mx.relayco.example (mx.relayco.example [192.0.2.77]) by relay.switchboard.local with ESMTP id r1; Mon, 2 Feb 2026 10:00:00 +0000',
        },
      });
    // Not a trusted relay: 127.0.0.1 is the sender, and relayco.example's SPF does not allow it.
    await viaRelay('Relay not trusted');
    expect(await heldBySubject('Relay not trusted')).toMatchObject({ mailAuth: { spf: 'fail', verified: false } });

    ctx.config.inboundSmtpRelays = ['127.0.0.1'];
    try {
      await viaRelay('Relay trusted');
    } finally {
      ctx.config.inboundSmtpRelays = [];
    }
    const [opened] = await ctx.db.select().from(tickets).where(eq(tickets.subject, 'Relay trusted'));
    expect((await threadsOf(opened!.id))[0]!.mailAuth).toMatchObject({
      spf: 'pass',
      verified: true,
      summary: 'SPF pass for relayco.example (no DMARC policy)',
    });
  });

  it('refuses a message over INBOUND_SMTP_MAX_BYTES with a permanent 552, and stores nothing', async () => {
    const before = await ctx.db.select({ n: count() }).from(heldMail);
    const big = Buffer.from(
      `From: nobody@unknown.example\r\nSubject: Too big\r\n\r\n${'x'.repeat(76)}\r\n`.padEnd(maxBytes + 10_000, 'y'),
    );
    const answers = await rawSmtp(inbound.port, big);
    expect(answers[5]).toMatch(/^552 /);
    await expect(
      send({
        from: 'nobody@unknown.example',
        to: 'helpdesk@switchboard.local',
        subject: 'Too big',
        text: 'z'.repeat(maxBytes),
      }),
    ).rejects.toMatchObject({ responseCode: 552 });
    expect(await ctx.db.select({ n: count() }).from(heldMail)).toEqual(before);
  });

  it('refuses a NUL byte or a header over 100 KB with a permanent 5xx (not "451 try again"), and stores nothing', async () => {
    const before = await ctx.db.select({ n: count() }).from(heldMail);
    const nul = await rawSmtp(
      inbound.port,
      Buffer.from('From: nobody@unknown.example\r\nSubject: Nul\r\n\r\nbefore\u0000after\r\n'),
    );
    expect(nul[5]).toMatch(/^554 5\.6\.0 /);
    const header = await rawSmtp(
      inbound.port,
      Buffer.from(`From: nobody@unknown.example\r\nSubject: Long\r\nX-Long: ${'a'.repeat(150 * 1024)}\r\n\r\nbody\r\n`),
    );
    expect(header[5]).toMatch(/^552 5\.3\.4 /);
    expect(await ctx.db.select({ n: count() }).from(heldMail)).toEqual(before);
    // An encoded NUL (quoted-printable =00) decodes into the text: it is dropped, the mail is kept.
    const encoded = await rawSmtp(
      inbound.port,
      Buffer.from(
        'From: nobody@unknown.example\r\nSubject: Encoded nul\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nbefore=00after\r\n',
      ),
    );
    expect(encoded[5]).toMatch(/^250 /);
    expect((await heldBySubject('Encoded nul'))!.textBody.trim()).toBe('beforeafter');
  });

  it('writes attachment files only after their rows: a failed insert leaves no file, a failed write no row (451 to retry)', async () => {
    const id = await newTicket('Files');
    const address = await replyAddress(ctx.db, ctx.config.mailFrom, id);
    const filesBefore = await ticketFiles();
    await ctx.db.execute(
      sql`create function inbound_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'refused by test'; end $$`,
    );
    await ctx.db.execute(
      sql`create trigger inbound_test_refuse before insert on ticket_attachments for each row execute function inbound_test_refuse()`,
    );
    try {
      const refused = send({
        from: 'colleague@elsewhere.example',
        to: address,
        subject: 'With file',
        text: 'see file',
        attachments: [{ filename: 'a.txt', content: 'aaa' }],
      });
      await expect(refused).rejects.toMatchObject({ responseCode: 451 });
    } finally {
      await ctx.db.execute(sql`drop trigger inbound_test_refuse on ticket_attachments`);
    }
    expect(await ticketFiles()).toEqual(filesBefore);
    expect(await threadsOf(id)).toEqual([]);

    // Held mail: its raw file is written after its row too.
    const heldBefore = await heldFiles();
    await ctx.db.execute(
      sql`create trigger inbound_test_refuse before insert on held_mail for each row execute function inbound_test_refuse()`,
    );
    try {
      await expect(
        send({ from: 'nobody@unknown.example', to: 'helpdesk@switchboard.local', subject: 'Held refused', text: 'x' }),
      ).rejects.toMatchObject({ responseCode: 451 });
    } finally {
      await ctx.db.execute(sql`drop trigger inbound_test_refuse on held_mail`);
      await ctx.db.execute(sql`drop function inbound_test_refuse()`);
    }
    expect(await heldFiles()).toEqual(heldBefore);

    // The folder cannot be written (a file stands in its place): the rows roll back.
    const folder = join(ctx.config.dataDir, 'uploads', 'ticket-files');
    await rm(folder, { recursive: true, force: true });
    await mkdir(join(ctx.config.dataDir, 'uploads'), { recursive: true });
    await writeFile(folder, 'not a folder');
    try {
      await expect(
        send({
          from: 'colleague@elsewhere.example',
          to: address,
          subject: 'With file',
          text: 'see file',
          attachments: [{ filename: 'a.txt', content: 'aaa' }],
        }),
      ).rejects.toMatchObject({ responseCode: 451 });
    } finally {
      await rm(folder, { force: true });
    }
    expect(await threadsOf(id)).toEqual([]);
    expect(
      await ctx.db.select({ n: count() }).from(ticketAttachments).where(eq(ticketAttachments.ticketId, id)),
    ).toEqual([{ n: 0 }]);

    // Once both work again the same mail is stored with its file.
    await send({
      from: 'colleague@elsewhere.example',
      to: address,
      subject: 'With file',
      text: 'see file',
      attachments: [{ filename: 'a.txt', content: 'aaa' }],
    });
    expect(await threadsOf(id)).toHaveLength(1);
    // The folder was emptied above: the one file in it is the one the row names.
    const [row] = await ctx.db.select().from(ticketAttachments).where(eq(ticketAttachments.ticketId, id));
    expect((await ticketFiles()).map((name) => `uploads/ticket-files/${name}`)).toEqual([row!.path]);
  });
});
