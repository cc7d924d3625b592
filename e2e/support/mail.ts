// An SMTP listener for the browser tests: the app under test sends mail to SMTP_URL (global-setup), i.e. here.
import { SMTPServer } from 'smtp-server';
import { inject } from 'vitest';

export interface ReceivedMail {
  to: string[];
  /** The raw message (headers and body) as the app sent it. */
  raw: string;
}

export interface MailCatcher {
  messages: ReceivedMail[];
  /** Resolves with the first message to `address` (received already or later) that matches `predicate`. */
  waitFor(address: string, predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Listens on the port the app sends mail to, until close(). Only one catcher at a time can listen. */
export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS (a self-signed certificate would be refused by the app), no login.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(inject('smtpPort'), '127.0.0.1', () => resolve());
  });

  return {
    messages,
    async waitFor(address, predicate = () => true, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      const wanted = address.toLowerCase();
      while (Date.now() < deadline) {
        const found = messages.find((mail) => mail.to.includes(wanted) && predicate(mail));
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(
        `No mail to ${address} within ${timeoutMs} ms (received: ${messages.map((m) => m.to.join(',')).join('; ') || 'none'})`,
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text of a message with quoted-printable soft line breaks and escapes undone (enough to find a link in it). */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
