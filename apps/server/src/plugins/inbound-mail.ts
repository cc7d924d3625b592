import { ticketChannel } from '@switchboard/shared';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { AppInstance } from '../app-instance.ts';
import { receiveInboundMail, RefusedMailError } from '../modules/tickets/inbound-mail.service.ts';
import { authenticateMail, type MailAuthOptions, type SmtpEnvelope } from '../modules/tickets/mail-auth.ts';
import { announceTicketChanged } from '../modules/tickets/ticket-announce.ts';

export interface InboundMailOptions {
  /** Default INBOUND_SMTP_PORT; off when unset. 0 picks a free port (tests). */
  port?: number;
  /** Default INBOUND_SMTP_HOST (127.0.0.1). */
  host?: string;
  /** DNS for the SPF, DKIM and DMARC checks; tests give one that answers their own records. */
  resolver?: MailAuthOptions['resolver'];
}

const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

/** Reads the DATA stream, keeping no more than `maxBytes`: null once the message is over the limit. */
function readMessage(stream: SMTPServerDataStream, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Over the limit the rest is read and dropped, so a large message cannot fill the memory.
      if (size <= maxBytes) chunks.push(chunk);
    });
    stream.on('error', reject);
    stream.on('end', () => resolve(size > maxBytes || stream.sizeExceeded ? null : Buffer.concat(chunks)));
  });
}

const envelopeOf = (session: SMTPServerSession): SmtpEnvelope => ({
  remoteAddress: session.remoteAddress,
  helo: session.hostNameAppearsAs || session.remoteAddress,
  mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
  recipients: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
});

/**
 * The built-in SMTP listener on INBOUND_SMTP_PORT (off when unset), bound to INBOUND_SMTP_HOST: every message is
 * checked (SPF, DKIM, DMARC) and stored (threaded, a new ticket, or held for review) before the sender is told it
 * was accepted, so nothing is dropped. Oversized or malformed mail gets a permanent 5xx; a storage failure a 451.
 */
export async function startInboundMail(
  app: AppInstance,
  options: InboundMailOptions = {},
): Promise<{ port: number; address: string; stop(): Promise<void> } | null> {
  const port = options.port ?? app.config.inboundSmtpPort;
  const host = options.host ?? app.config.inboundSmtpHost;
  if (port === undefined) return null;
  const maxBytes = app.config.inboundSmtpMaxBytes;
  const server = new SMTPServer({
    // Plain SMTP: put it behind the organisation's mail relay, which handles TLS and spam filtering.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    // The client's host name is not used: no reverse DNS lookup to wait for.
    disableReverseLookup: true,
    size: maxBytes,
    // Each connection may hold a message of maxBytes in memory: a bound on both.
    maxClients: app.config.inboundSmtpMaxClients,
    // 552 whatever onData says once the message went over the size (also refused at MAIL FROM when SIZE= says so).
    rejectOversized: true,
    onData(stream, session, callback) {
      void handleMessage(stream, session).then(() => callback(), callback);
    },
  });

  async function handleMessage(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<void> {
    const raw = await readMessage(stream, maxBytes);
    if (!raw) throw smtpError(552, `5.3.4 Message exceeds the limit of ${maxBytes} bytes`);
    const envelope = envelopeOf(session);
    try {
      const relays = app.config.inboundSmtpRelays;
      const auth = await authenticateMail(raw, envelope, { resolver: options.resolver, relays });
      const arrival = { auth, envelopeRecipients: envelope.recipients };
      const result = await receiveInboundMail(app.db, app.config.dataDir, raw, arrival);
      if (result.kind !== 'held') {
        app.realtime.emitToChannel(ticketChannel(result.ticketId), 'ResponseSent', { ticket_id: result.ticketId });
        announceTicketChanged(app, result.ticketId);
      }
      app.log.info({ inbound: { ...result, auth: auth.summary } }, 'mail received');
    } catch (error) {
      if (error instanceof RefusedMailError) {
        app.log.info({ inbound: { refused: error.message, from: envelope.mailFrom } }, 'mail refused');
        throw smtpError(error.responseCode, error.message);
      }
      app.log.error({ err: error }, 'inbound mail could not be stored');
      // A temporary failure: the sending server tries again later.
      throw smtpError(451, 'Try again later');
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const bound = server.server.address();
  const boundPort = typeof bound === 'object' && bound ? bound.port : port;
  const address = typeof bound === 'object' && bound ? bound.address : host;
  app.log.info({ address, port: boundPort }, 'inbound SMTP listening');
  return { port: boundPort, address, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
