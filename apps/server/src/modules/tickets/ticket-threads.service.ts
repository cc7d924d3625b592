import {
  responseRecipientMessage,
  ticketMailSubject,
  type CreateThreadInput,
  type TicketThread,
} from '@switchboard/shared';
import type { TicketReplyInput } from '@switchboard/shared';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { forbidden, unprocessable } from '../../plugins/errors.ts';
import { sendMail, type MailContext } from '../../plugins/mail.ts';
import { clientAccounts } from '../clients/clients.table.ts';
import { users } from '../users/users.table.ts';
import { ticketAttachments, ticketThreads } from './tickets.table.ts';
import { replyAddress } from './reply-address.ts';
import { assertMayAct, loadTicketFor, noteChange, type StoredTicketFile, type TicketActor } from './ticket-access.ts';

// The ticket's e-mail thread (spec 3 §2, §7 createThread; decision 0023).

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const textToHtml = (text: string) => `<p>${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>`;

/**
 * POST /api/ticket/createThread: stores the response with its attachments, then sends it through the mail plugin
 * (SMTP_URL, else the outbox) with the ticket number in the subject and the ticket's signed reply address as Reply-To.
 */
export async function sendTicketResponse(
  db: Db,
  mail: MailContext,
  input: CreateThreadInput,
  files: (StoredTicketFile & { content: Buffer; contentType: string })[],
  actor: TicketActor & { email: string },
): Promise<number> {
  const ticket = await loadTicketFor(db, input.ticket_id, actor);
  if (actor.type !== 'Employee') throw forbidden();
  assertMayAct(ticket, actor);

  let toEmail = input.to_email ?? null;
  let toUserId: number | null = null;
  if (input.to_id) {
    // An account of the ticket's company, still enabled.
    const [account] = await db
      .select({ id: users.id, email: users.email })
      .from(clientAccounts)
      .innerJoin(users, eq(users.id, clientAccounts.userId))
      .where(
        and(
          eq(clientAccounts.userId, input.to_id),
          eq(clientAccounts.companyId, ticket.companyId),
          isNull(users.deletedAt),
        ),
      );
    if (!account) throw unprocessable({ to: [responseRecipientMessage] });
    toEmail = account.email;
    toUserId = account.id;
  }
  const subject = ticketMailSubject(ticket.id, input.subject);
  const cc = input.cc ?? [];
  const threadId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ticketThreads)
      .values({
        ticketId: ticket.id,
        direction: 'out',
        subject,
        fromUserId: actor.id,
        fromEmail: actor.email,
        toUserId,
        toEmail: toEmail!,
        cc: cc.length ? cc.join(', ') : null,
        textBody: input.response,
        htmlBody: textToHtml(input.response),
      })
      .returning({ id: ticketThreads.id });
    if (files.length) {
      await tx.insert(ticketAttachments).values(
        files.map(({ content: _content, contentType: _type, ...file }) => ({
          ...file,
          ticketId: ticket.id,
          kind: 'thread',
          threadId: row!.id,
          userId: actor.id,
        })),
      );
    }
    await noteChange(tx, ticket.id, actor.id, `${actor.name} sent a response to ${toEmail}`);
    return row!.id;
  });
  await sendMail(mail, {
    to: toEmail!,
    cc,
    subject,
    text: input.response,
    html: textToHtml(input.response),
    replyTo: await replyAddress(db, mail.config.mailFrom, ticket.id),
    attachments: files.map((file) => ({
      filename: file.fileName,
      content: file.content,
      contentType: file.contentType,
    })),
  });
  return threadId;
}

/**
 * POST /api/ticket/reply: a client account answers on its company's ticket from the portal. The reply joins the
 * thread as a mail reply does (direction 'in', to the ticket's reply address), with its files, in one transaction.
 */
export async function addClientReply(
  db: Db,
  mailFrom: string,
  input: TicketReplyInput,
  files: StoredTicketFile[],
  actor: TicketActor & { email: string },
): Promise<number> {
  // Staff answer through the response form, which mails the client; this box is the client's side of it.
  if (actor.type === 'Employee') throw forbidden();
  const ticket = await loadTicketFor(db, input.ticket_id, actor);
  const toEmail = await replyAddress(db, mailFrom, ticket.id);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ticketThreads)
      .values({
        ticketId: ticket.id,
        direction: 'in',
        subject: ticketMailSubject(ticket.id, `Re: ${ticket.subject}`),
        fromUserId: actor.id,
        fromEmail: actor.email,
        toEmail,
        textBody: input.response,
        htmlBody: textToHtml(input.response),
      })
      .returning({ id: ticketThreads.id });
    const attachment = { ticketId: ticket.id, kind: 'thread', threadId: row!.id, userId: actor.id };
    if (files.length) await tx.insert(ticketAttachments).values(files.map((file) => ({ ...file, ...attachment })));
    await noteChange(tx, ticket.id, actor.id, `${actor.name} replied from the portal`);
    return row!.id;
  });
}

/** The thread of a ticket, oldest first, with its parties' names and attachments. */
export async function listTicketThreads(db: DbOrTransaction, ticketId: number): Promise<TicketThread[]> {
  const rows = await db
    .select()
    .from(ticketThreads)
    .where(eq(ticketThreads.ticketId, ticketId))
    .orderBy(asc(ticketThreads.createdAt), asc(ticketThreads.id));
  if (rows.length === 0) return [];
  const emails = [
    ...new Set(
      rows
        .flatMap((row) => [row.fromEmail, row.toEmail, ...(row.cc ? row.cc.split(', ') : [])])
        .map((email) => email.toLowerCase()),
    ),
  ];
  const [people, files] = await Promise.all([
    db.select({ email: users.email, name: users.name }).from(users).where(inArray(users.email, emails)),
    db
      .select()
      .from(ticketAttachments)
      .where(
        and(
          eq(ticketAttachments.ticketId, ticketId),
          inArray(
            ticketAttachments.threadId,
            rows.map((row) => row.id),
          ),
        ),
      ),
  ]);
  const names = new Map(people.map((person) => [person.email.toLowerCase(), person.name]));
  const party = (email: string) => ({
    original_email: email,
    user_details: names.has(email.toLowerCase()) ? { name: names.get(email.toLowerCase())! } : null,
  });
  return rows.map((row) => ({
    id: row.id,
    direction: row.direction as 'in' | 'out',
    subject: row.subject,
    created_at: row.createdAt.toISOString(),
    from_user: party(row.fromEmail),
    to_user: party(row.toEmail),
    cc_user: row.cc ? row.cc.split(', ').map(party) : [],
    text_body: row.textBody,
    html_body: row.htmlBody,
    attachments: files
      .filter((file) => file.threadId === row.id)
      .map((file) => ({
        id: file.id,
        file_name: file.fileName,
        path: file.path,
        extension: file.extension,
        size: file.size,
        created_at: file.createdAt.toISOString(),
        deleted_at: null,
        user: null,
      })),
    mail_auth: row.mailAuth,
  }));
}
