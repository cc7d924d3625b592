import { ticketChannel } from '@switchboard/shared';
import { SMTPServer } from 'smtp-server';
import type { AppInstance } from '../app.ts';
import { receiveInboundMail } from '../modules/tickets/inbound-mail.service.ts';
import { announceTicketChanged } from '../modules/tickets/ticket-announce.ts';

/** Largest message accepted (attachments included). */
const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

/**
 * The built-in SMTP listener on INBOUND_SMTP_PORT (off when unset): every message is stored (threaded, a new ticket,
 * or held for review) before the sender is told it was accepted, so nothing is dropped. Answers its stop().
 */
export async function startInboundMail(app: AppInstance, port = app.config.inboundSmtpPort, host = '0.0.0.0'): Promise<{ port: number; stop(): Promise<void> } | null> {
  if (port === undefined) return null;
  const server = new SMTPServer({
    // Plain SMTP: put it behind the organisation's mail relay, which handles TLS and spam filtering.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    size: MAX_MESSAGE_BYTES,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) return callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
        receiveInboundMail(app.db, app.config.dataDir, Buffer.concat(chunks))
          .then((result) => {
            if (result.kind !== 'held') {
              app.realtime.emitToChannel(ticketChannel(result.ticketId), 'ResponseSent', { ticket_id: result.ticketId });
              announceTicketChanged(app, result.ticketId);
            }
            app.log.info({ inbound: result }, 'mail received');
            callback();
          })
          .catch((error: unknown) => {
            app.log.error({ err: error }, 'inbound mail could not be stored');
            // A temporary failure: the sending server tries again later.
            callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          });
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  app.log.info({ port }, 'inbound SMTP listening');
  const address = server.server.address();
  return { port: typeof address === 'object' && address ? address.port : port, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
