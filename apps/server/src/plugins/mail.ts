import { createTransport } from 'nodemailer';
import type { Config } from '../config.ts';
import type { DbOrTransaction } from '../db/client.ts';
import { outbox } from '../modules/mail/mail.table.ts';

export interface MailMessage {
  to: string | string[];
  cc?: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Sent with the message; the outbox keeps their names only. */
  attachments?: MailAttachment[];
}

/**
 * A file sent with a message: a stored file by its absolute path on disk, which nodemailer streams into the message
 * while it sends (never read whole into memory, issue 25), or a small file made in memory (a generated PDF).
 */
export type MailAttachment =
  | { filename: string; path: string; contentType?: string }
  | { filename: string; content: Buffer; contentType?: string };

/** What nodemailer gets for each attachment: a path stays a path (a file stream), bytes stay bytes. */
export function transportAttachments(attachments: MailAttachment[] = []) {
  return attachments.map((file) =>
    'path' in file
      ? { filename: file.filename, path: file.path, contentType: file.contentType }
      : { filename: file.filename, content: file.content, contentType: file.contentType },
  );
}

/** What sendMail needs; an AppInstance fits as it is. */
export interface MailContext {
  db: DbOrTransaction;
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>;
  log?: { info(object: object, message: string): void; warn(object: object, message: string): void };
}

export type MailResult = { delivered: 'smtp' } | { delivered: 'outbox'; outboxId: number };

const joinAddresses = (value: string | string[] | undefined): string | null => {
  if (value === undefined) return null;
  const list = (Array.isArray(value) ? value : [value]).map((address) => address.trim()).filter(Boolean);
  return list.length > 0 ? list.join(', ') : null;
};

// A mail server that does not answer must not hold a request or a background job for minutes.
const smtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Sends a message through nodemailer to SMTP_URL; without SMTP_URL, or when delivery fails, the message is
 * kept in the outbox table for administrators. Logs name the recipients and subject only: bodies may carry
 * links with tokens.
 */
export async function sendMail(context: MailContext, message: MailMessage): Promise<MailResult> {
  const to = joinAddresses(message.to);
  if (to === null) throw new Error('sendMail: a message needs a recipient');
  const cc = joinAddresses(message.cc);
  let error: string | null = null;

  if (context.config.smtpUrl) {
    try {
      // One connection per message (no pool): mail is rare here and nothing stays open to close.
      const transport = createTransport({ url: context.config.smtpUrl, ...smtpTimeouts });
      await transport.sendMail({
        from: context.config.mailFrom,
        to,
        cc: cc ?? undefined,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: transportAttachments(message.attachments),
      });
      context.log?.info({ mail: { to, subject: message.subject } }, 'mail sent');
      return { delivered: 'smtp' };
    } catch (caught) {
      // The error text comes from the connection or the server's reply, never from the message body.
      error = (caught instanceof Error ? caught.message : String(caught)).slice(0, 1000);
      context.log?.warn({ mail: { to, subject: message.subject }, error }, 'mail delivery failed; kept in the outbox');
    }
  }

  const [row] = await context.db
    .insert(outbox)
    .values({
      to,
      cc,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      attachmentNames: (message.attachments ?? []).map((file) => file.filename),
      error,
    })
    .returning({ id: outbox.id });
  if (error === null)
    context.log?.info({ mail: { to, subject: message.subject, outbox_id: row.id } }, 'mail kept in the outbox');
  return { delivered: 'outbox', outboxId: row.id };
}

const pendingByDb = new WeakMap<object, Set<Promise<unknown>>>();

/**
 * Sends after the caller has answered, so a request's timing does not tell whether a mail was sent (forgot
 * password must look the same for an unknown e-mail). Failures are logged, never thrown.
 */
export function sendMailInBackground(context: MailContext, message: MailMessage): void {
  const pending = pendingByDb.get(context.db) ?? new Set();
  pendingByDb.set(context.db, pending);
  const work = sendMail(context, message)
    .catch((caught: unknown) => {
      context.log?.warn(
        { error: caught instanceof Error ? caught.message : String(caught), subject: message.subject },
        'mail could not be sent',
      );
    })
    .finally(() => pending.delete(work));
  pending.add(work);
}

/**
 * Runs work that must not hold up an answer (it runs after the answer is sent, e.g. a forgot-password lookup and
 * its mail), tracked with the background sends so shutdown and tests wait for it. Failures are logged, never thrown.
 */
export function runInBackground(context: MailContext, what: string, work: () => Promise<unknown>): void {
  const pending = pendingByDb.get(context.db) ?? new Set();
  pendingByDb.set(context.db, pending);
  const running = work()
    .catch((caught: unknown) => {
      context.log?.warn({ error: caught instanceof Error ? caught.message : String(caught) }, `${what} failed`);
    })
    .finally(() => pending.delete(running));
  pending.add(running);
}

/** Waits for every background send on this database handle (app shutdown, tests). */
export async function settleBackgroundMail(db: DbOrTransaction): Promise<void> {
  const pending = pendingByDb.get(db);
  while (pending && pending.size > 0) await Promise.allSettled([...pending]);
}

/** Escapes text for the HTML part of a message. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}
