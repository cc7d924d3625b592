import { TICKET_STATUS_OPEN, TRIAGE_MEDIUM, ticketNumberInSubject } from '@switchboard/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { saveUpload } from '../../plugins/storage.ts';
import { clientAccounts } from '../clients/clients.table.ts';
import { attachmentExtension } from '../companies/tech-attachments.ts';
import { users } from '../users/users.table.ts';
import { heldMail } from './held-mail.table.ts';
import { ticketAttachments, ticketEvents, ticketThreads, tickets } from './tickets.table.ts';

// Mail received on INBOUND_SMTP_PORT (issue 7 part 6; decision 0023): a reply threads onto its ticket, a new
// message from a known client account opens a ticket for its company, anything else is held for review.

/** Ticket type 'Email' (reference data). */
export const TICKET_TYPE_EMAIL = 5;

export type InboundResult = { kind: 'reply' | 'new-ticket'; ticketId: number } | { kind: 'held'; heldId: number };

const addressesOf = (value: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((group) => group.value.map((entry) => entry.address?.toLowerCase() ?? '')).filter(Boolean);

/** A received message as the ticket thread stores it (shared with held mail, which parses the kept raw message again). */
export interface InboundMessage {
  mail: ParsedMail;
  from: string;
  recipients: string[];
  subject: string;
  text: string;
  html: string;
}

/** Parses a raw message into the parts a ticket keeps (subject and bodies capped as the thread stores them). */
export async function parseInboundMail(raw: Buffer): Promise<InboundMessage> {
  const mail = await simpleParser(raw);
  return {
    mail,
    from: addressesOf(mail.from)[0] ?? 'unknown@invalid',
    recipients: addressesOf(mail.to),
    subject: (mail.subject ?? '(no subject)').slice(0, 255),
    text: (mail.text ?? '').slice(0, 100_000),
    html: typeof mail.html === 'string' ? mail.html : '',
  };
}

export interface StoredMailFile {
  fileName: string;
  extension: string;
  size: number;
  path: string;
}

/** Saves the message's attachments under DATA_DIR/uploads/ticket-files. */
export async function saveMailAttachments(dataDir: string, message: InboundMessage): Promise<StoredMailFile[]> {
  return Promise.all(
    message.mail.attachments.map(async (attachment) => {
      const fileName = (attachment.filename ?? 'attachment').slice(0, 255);
      const extension = attachmentExtension(fileName);
      return { fileName, extension, size: attachment.content.length, path: await saveUpload(dataDir, 'ticket-files', attachment.content, extension) };
    }),
  );
}

/** Adds the message to the ticket's thread (direction 'in') with its saved files as 'thread' attachments. */
export async function addInboundThread(tx: DbOrTransaction, ticketId: number, message: InboundMessage, files: StoredMailFile[], senderId: number | null): Promise<number> {
  const [thread] = await tx
    .insert(ticketThreads)
    .values({ ticketId, direction: 'in', subject: message.subject, fromUserId: senderId, fromEmail: message.from, toEmail: message.recipients[0] ?? '', textBody: message.text, htmlBody: message.html, messageId: message.mail.messageId ?? null })
    .returning({ id: ticketThreads.id });
  if (files.length) await tx.insert(ticketAttachments).values(files.map((file) => ({ ...file, ticketId, kind: 'thread', threadId: thread!.id, userId: senderId })));
  return thread!.id;
}

/** Stores one received message; `dataDir` holds its attachments (and the raw message when it is held). */
export async function receiveInboundMail(db: Db, dataDir: string, raw: Buffer): Promise<InboundResult> {
  const message = await parseInboundMail(raw);
  const { mail, from, recipients, subject, text } = message;

  // Threading: the +ticket-{id} address, then the subject's [Ticket #id], then In-Reply-To.
  const ticketId = recipients.map((address) => /\+ticket-(\d{1,9})@/.exec(address)?.[1]).find(Boolean);
  let found = ticketId ? Number(ticketId) : ticketNumberInSubject(subject);
  if (found === null && mail.inReplyTo) {
    const [thread] = await db.select({ ticketId: ticketThreads.ticketId }).from(ticketThreads).where(eq(ticketThreads.messageId, mail.inReplyTo)).limit(1);
    found = thread?.ticketId ?? null;
  }
  const [ticket] = found ? await db.select({ id: tickets.id, companyId: tickets.companyId }).from(tickets).where(eq(tickets.id, found)).limit(1) : [];
  const [sender] = await db
    .select({ id: users.id, name: users.name, companyId: clientAccounts.companyId, type: users.type })
    .from(users)
    .leftJoin(clientAccounts, eq(clientAccounts.userId, users.id))
    .where(and(sql`lower(${users.email}) = ${from}`, isNull(users.deletedAt)))
    .limit(1);

  // A reply from a stranger to a real ticket still belongs on it: the ticket number is the proof of context.
  if (ticket || (sender?.type === 'Client' && sender.companyId)) {
    const files = await saveMailAttachments(dataDir, message);
    return db.transaction(async (tx) => {
      let id = ticket?.id;
      let kind: 'reply' | 'new-ticket' = 'reply';
      if (!id) {
        kind = 'new-ticket';
        const [created] = await tx
          .insert(tickets)
          .values({ subject, body: text || subject, companyId: sender!.companyId!, clientId: sender!.id, location: TICKET_TYPE_EMAIL, triageId: TRIAGE_MEDIUM, status: TICKET_STATUS_OPEN, createdBy: sender!.id })
          .returning({ id: tickets.id });
        id = created!.id;
      }
      await addInboundThread(tx, id, message, files, sender?.id ?? null);
      await tx.insert(ticketEvents).values({ ticketId: id, addBy: sender?.id ?? null, lingo: kind === 'reply' ? `E-mail received from ${from}` : `Ticket opened by e-mail from ${from}` });
      await tx.update(tickets).set({ updatedAt: new Date() }).where(eq(tickets.id, id));
      return { kind, ticketId: id };
    });
  }

  const rawPath = await saveUpload(dataDir, 'held-mail', raw, 'eml');
  const [held] = await db.insert(heldMail).values({ fromEmail: from, toEmail: recipients.join(', '), subject, textBody: text, rawPath }).returning({ id: heldMail.id });
  return { kind: 'held', heldId: held!.id };
}
