import { responseRecipientMessage, ticketMailSubject, type CreateThreadInput, type TicketThread } from '@switchboard/shared';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { forbidden, unprocessable } from '../../plugins/errors.ts';
import { sendMail, type MailContext } from '../../plugins/mail.ts';
import { clientAccounts } from '../clients/clients.table.ts';
import { users } from '../users/users.table.ts';
import { ticketAttachments, ticketThreads } from './tickets.table.ts';
import { assertMayAct, loadTicketFor, noteChange, type TicketActor } from './tickets.service.ts';
import type { StoredTicketFile } from './ticket-work.service.ts';

// The ticket's e-mail thread (spec 3 §2, §7 createThread; decision 0023).

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const textToHtml = (text: string) => `<p>${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>`;

/** The address replies come back to: MAIL_FROM's mailbox with +ticket-{id} (threaded by it and the subject). */
export function replyAddress(mailFrom: string, ticketId: number): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  const [local, domain] = address.split('@');
  return `${local}+ticket-${ticketId}@${domain}`;
}

/**
 * POST /api/ticket/createThread: stores the response with its attachments, then sends it through the mail plugin
 * (SMTP_URL, else the outbox) with the ticket number in the subject and a Reply-To that routes back.
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
      .where(and(eq(clientAccounts.userId, input.to_id), eq(clientAccounts.companyId, ticket.companyId), isNull(users.deletedAt)));
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
      await tx.insert(ticketAttachments).values(files.map(({ content: _content, contentType: _type, ...file }) => ({ ...file, ticketId: ticket.id, kind: 'thread', threadId: row!.id, userId: actor.id })));
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
    replyTo: replyAddress(mail.config.mailFrom, ticket.id),
    attachments: files.map((file) => ({ filename: file.fileName, content: file.content, contentType: file.contentType })),
  });
  return threadId;
}

/** The thread of a ticket, oldest first, with its parties' names and attachments. */
export async function listTicketThreads(db: DbOrTransaction, ticketId: number): Promise<TicketThread[]> {
  const rows = await db.select().from(ticketThreads).where(eq(ticketThreads.ticketId, ticketId)).orderBy(asc(ticketThreads.createdAt), asc(ticketThreads.id));
  if (rows.length === 0) return [];
  const emails = [...new Set(rows.flatMap((row) => [row.fromEmail, row.toEmail, ...(row.cc ? row.cc.split(', ') : [])]).map((email) => email.toLowerCase()))];
  const [people, files] = await Promise.all([
    db.select({ email: users.email, name: users.name }).from(users).where(inArray(users.email, emails)),
    db
      .select()
      .from(ticketAttachments)
      .where(and(eq(ticketAttachments.ticketId, ticketId), inArray(ticketAttachments.threadId, rows.map((row) => row.id)))),
  ]);
  const names = new Map(people.map((person) => [person.email.toLowerCase(), person.name]));
  const party = (email: string) => ({ original_email: email, user_details: names.has(email.toLowerCase()) ? { name: names.get(email.toLowerCase())! } : null });
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
      .map((file) => ({ id: file.id, file_name: file.fileName, path: file.path, extension: file.extension, size: file.size, created_at: file.createdAt.toISOString(), deleted_at: null, user: null })),
  }));
}
