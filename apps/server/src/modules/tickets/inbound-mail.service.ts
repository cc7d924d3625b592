import { TICKET_STATUS_OPEN, TRIAGE_MEDIUM, ticketNumberInSubject, type MailAuthVerdict } from '@switchboard/shared';
import { sanitizeHtml } from '@switchboard/shared/html-policy';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AddressObject, ParsedMail } from 'mailparser';
import type { Db, DbOrTransaction, Transaction } from '../../db/client.ts';
import { newUploadPath, removeUpload, writeUpload } from '../../plugins/storage.ts';
import { clientAccounts } from '../companies/client-accounts.table.ts';
import { attachmentExtension } from '../companies/tech-attachments.ts';
import { users } from '../users/users.table.ts';
import { heldMail } from './held-mail.table.ts';
import { ticketFromReplyTags } from './reply-address.ts';
import { ticketAttachments, ticketEvents, ticketThreads, tickets } from './tickets.table.ts';

// Mail received on INBOUND_SMTP_PORT (issue 7 part 6, issue 14 part 4; decisions 0023 and 0028). Mail is evidence,
// not identity: a reply joins its ticket through the signed reply address; a ticket number alone (subject, old
// unsigned tag, In-Reply-To) joins only from a verified contact of the ticket's company, and only a verified client
// account opens a new ticket. Everything else is held for review with the reason and the SPF/DKIM/DMARC verdict.

/** Ticket type 'Email' (reference data). */
export const TICKET_TYPE_EMAIL = 5;
/** A header section larger than this is refused (Postfix's header_size_limit). */
export const MAX_HEADER_BYTES = 100 * 1024;

export type InboundResult =
  { kind: 'reply' | 'new-ticket'; ticketId: number } | { kind: 'held'; heldId: number; reason: string };

/** A message the listener refuses for good (a 5xx): sending it again cannot help. */
export class RefusedMailError extends Error {
  constructor(
    readonly responseCode: 550 | 552 | 554,
    message: string,
  ) {
    super(message);
  }
}

/** Why a raw message is refused before it is parsed, or null: a NUL byte, or a header over MAX_HEADER_BYTES. */
export function rawMailProblem(raw: Buffer): RefusedMailError | null {
  if (raw.includes(0)) return new RefusedMailError(554, '5.6.0 Message contains a NUL byte');
  const crlf = raw.indexOf('\r\n\r\n');
  const headerEnd = crlf >= 0 ? crlf : raw.indexOf('\n\n');
  const headerBytes = headerEnd >= 0 ? headerEnd : raw.length;
  if (headerBytes > MAX_HEADER_BYTES) return new RefusedMailError(552, '5.3.4 Message header too large');
  return null;
}

const addressesOf = (value: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((group) => group.value.map((entry) => entry.address?.toLowerCase() ?? ''))
    .filter(Boolean);
// PostgreSQL text cannot hold NUL, which an encoded body may still decode to.
const withoutNul = (text: string) => text.replaceAll('\u0000', '');

/** A received message as the ticket thread stores it (held mail parses its kept raw message again). */
export interface InboundMessage {
  mail: ParsedMail;
  from: string;
  recipients: string[];
  cc: string[];
  subject: string;
  text: string;
  html: string;
}

/** Parses a raw message into the parts a ticket keeps (subject and bodies capped as the thread stores them). */
export async function parseInboundMail(raw: Buffer): Promise<InboundMessage> {
  // Loaded on first use, as mailauth is (mail-auth.ts): most processes never receive mail.
  const { simpleParser } = await import('mailparser');
  let mail: ParsedMail;
  try {
    mail = await simpleParser(raw);
  } catch {
    throw new RefusedMailError(554, '5.6.0 Message could not be parsed');
  }
  return {
    mail,
    from: withoutNul(addressesOf(mail.from)[0] ?? 'unknown@invalid'),
    recipients: addressesOf(mail.to).map(withoutNul),
    cc: addressesOf(mail.cc).map(withoutNul),
    subject: withoutNul(mail.subject ?? '(no subject)').slice(0, 255),
    text: withoutNul(mail.text ?? '').slice(0, 100_000),
    html: typeof mail.html === 'string' ? withoutNul(mail.html) : '',
  };
}

/** An attachment with the path its file will get; the file is written only after its row (transactionWithFiles). */
export interface PlannedMailFile {
  fileName: string;
  extension: string;
  size: number;
  path: string;
  content: Buffer;
}

/** Chooses a path under DATA_DIR/uploads/ticket-files for each of the message's attachments. */
export function planMailAttachments(message: InboundMessage): PlannedMailFile[] {
  return message.mail.attachments.map((attachment) => {
    const fileName = withoutNul(attachment.filename ?? 'attachment').slice(0, 255);
    const extension = attachmentExtension(fileName);
    const path = newUploadPath('ticket-files', extension);
    return { fileName, extension, size: attachment.content.length, path, content: attachment.content };
  });
}

export type FileWriter = (relative: string, data: Buffer) => Promise<void>;

/**
 * Runs `work` in one transaction that writes its rows first and then, through `write`, the files they name; when
 * anything fails the rows roll back and the files written are removed, so neither a row without its file nor a
 * file without its row is left.
 */
export async function transactionWithFiles<T>(
  db: Db,
  dataDir: string,
  work: (tx: Transaction, write: FileWriter) => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  try {
    return await db.transaction((tx) =>
      work(tx, async (relative, data) => {
        // Listed before writing: a write that fails half-way leaves a partial file to remove.
        written.push(relative);
        await writeUpload(dataDir, relative, data);
      }),
    );
  } catch (error) {
    await Promise.all(written.map((relative) => removeUpload(dataDir, relative)));
    throw error;
  }
}

/** A received message on its way into a ticket's thread. */
export interface InboundThread {
  ticketId: number;
  message: InboundMessage;
  files: PlannedMailFile[];
  /** The sender's account, only when the sender is verified. */
  senderId: number | null;
  auth: MailAuthVerdict | null;
}

/** Adds the message to the ticket's thread (direction 'in') with its attachments: the rows, then their files. */
export async function addInboundThread(tx: DbOrTransaction, write: FileWriter, thread: InboundThread): Promise<number> {
  const { ticketId, message, files, senderId, auth } = thread;
  const [row] = await tx
    .insert(ticketThreads)
    .values({
      ticketId,
      direction: 'in',
      subject: message.subject,
      fromUserId: senderId,
      fromEmail: message.from,
      toEmail: message.recipients[0] ?? '',
      textBody: message.text,
      htmlBody: sanitizeHtml(message.html),
      messageId: message.mail.messageId ?? null,
      mailAuth: auth,
    })
    .returning({ id: ticketThreads.id });
  if (files.length) {
    const threadId = row!.id;
    const rows = files.map(({ content: _content, ...file }) => ({
      ...file,
      ticketId,
      kind: 'thread',
      threadId,
      userId: senderId,
    }));
    await tx.insert(ticketAttachments).values(rows);
    for (const file of files) await write(file.path, file.content);
  }
  return row!.id;
}

/** What the listener knows about a message besides its text. */
export interface MailArrival {
  auth: MailAuthVerdict;
  /** The RCPT TO addresses: a relay may deliver the tagged reply address only in the envelope. */
  envelopeRecipients?: string[];
}

type Route =
  | { kind: 'reply'; ticketId: number }
  | { kind: 'new-ticket'; companyId: number; clientId: number }
  | { kind: 'held'; reason: string };

interface SenderAccount {
  id: number;
  type: string;
  companyId: number | null;
}

/** Decides where a message goes; see the file's header comment for the rules. */
async function routeMail(
  db: Db,
  message: InboundMessage,
  arrival: MailArrival,
  sender?: SenderAccount,
): Promise<Route> {
  const recipients = [...message.recipients, ...message.cc, ...(arrival.envelopeRecipients ?? [])];
  const tagged = await ticketFromReplyTags(db, recipients);
  let number = tagged?.ticketId ?? ticketNumberInSubject(message.subject);
  const inReplyTo = message.mail.inReplyTo;
  if (number === null && inReplyTo) {
    const [thread] = await db
      .select({ ticketId: ticketThreads.ticketId })
      .from(ticketThreads)
      .where(eq(ticketThreads.messageId, inReplyTo))
      .limit(1);
    number = thread?.ticketId ?? null;
  }
  const columns = { id: tickets.id, companyId: tickets.companyId };
  const [ticket] = number === null ? [] : await db.select(columns).from(tickets).where(eq(tickets.id, number)).limit(1);
  const unsigned = `It names ticket #${number} without its reply address`;
  const verified = arrival.auth.verified;

  if (number !== null) {
    if (!ticket) return { kind: 'held', reason: `It names ticket #${number}, which does not exist.` };
    if (tagged?.signed) return { kind: 'reply', ticketId: ticket.id };
    const contact = sender?.type === 'Client' && sender.companyId === ticket.companyId;
    if (!contact) {
      return { kind: 'held', reason: `${unsigned}, from a sender who is not a contact of the ticket's company.` };
    }
    if (!verified) return { kind: 'held', reason: `${unsigned}, and the sender could not be verified.` };
    return { kind: 'reply', ticketId: ticket.id };
  }
  if (sender?.type === 'Client' && sender.companyId !== null) {
    if (!verified) {
      return { kind: 'held', reason: 'It comes from a client account, but the sender could not be verified.' };
    }
    return { kind: 'new-ticket', companyId: sender.companyId, clientId: sender.id };
  }
  return { kind: 'held', reason: 'It names no ticket and comes from no client account.' };
}

/** Stores one received message; `dataDir` holds its attachments (and the raw message when it is held). */
export async function receiveInboundMail(
  db: Db,
  dataDir: string,
  raw: Buffer,
  arrival: MailArrival,
): Promise<InboundResult> {
  const refused = rawMailProblem(raw);
  if (refused) throw refused;
  const message = await parseInboundMail(raw);
  const [sender] = await db
    .select({ id: users.id, type: users.type, companyId: clientAccounts.companyId })
    .from(users)
    .leftJoin(clientAccounts, eq(clientAccounts.userId, users.id))
    .where(and(sql`lower(${users.email}) = ${message.from}`, isNull(users.deletedAt)))
    .limit(1);
  const route = await routeMail(db, message, arrival, sender);

  if (route.kind === 'held') {
    const rawPath = newUploadPath('held-mail', 'eml');
    const heldId = await transactionWithFiles(db, dataDir, async (tx, write) => {
      const [held] = await tx
        .insert(heldMail)
        .values({
          fromEmail: message.from,
          toEmail: message.recipients.join(', '),
          subject: message.subject,
          textBody: message.text,
          rawPath,
          heldReason: route.reason,
          mailAuth: arrival.auth,
        })
        .returning({ id: heldMail.id });
      await write(rawPath, raw);
      return held!.id;
    });
    return { kind: 'held', heldId, reason: route.reason };
  }

  // The thread names the sender's account only when the From address is proven; otherwise it keeps the address.
  const senderId = arrival.auth.verified ? (sender?.id ?? null) : null;
  const files = planMailAttachments(message);
  return transactionWithFiles(db, dataDir, async (tx, write) => {
    let ticketId: number;
    if (route.kind === 'reply') ticketId = route.ticketId;
    else {
      const [created] = await tx
        .insert(tickets)
        .values({
          subject: message.subject,
          body: message.text || message.subject,
          companyId: route.companyId,
          clientId: route.clientId,
          location: TICKET_TYPE_EMAIL,
          triageId: TRIAGE_MEDIUM,
          status: TICKET_STATUS_OPEN,
          createdBy: route.clientId,
        })
        .returning({ id: tickets.id });
      ticketId = created!.id;
    }
    const lingo =
      route.kind === 'reply' ? `E-mail received from ${message.from}` : `Ticket opened by e-mail from ${message.from}`;
    await tx.insert(ticketEvents).values({ ticketId, addBy: senderId, lingo });
    await tx.update(tickets).set({ updatedAt: new Date() }).where(eq(tickets.id, ticketId));
    // Last, so the files are written only once every row is in.
    await addInboundThread(tx, write, { ticketId, message, files, senderId, auth: arrival.auth });
    return { kind: route.kind, ticketId };
  });
}
