import { responseRecipientMessage, ticketMailSubject, type CreateThreadInput } from '@switchboard/shared';
import type { TicketReplyInput } from '@switchboard/shared';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isoText } from '../../db/json-sql.ts';
import { forbidden, unprocessable } from '../../plugins/errors.ts';
import { sendMail, type MailContext } from '../../plugins/mail.ts';
import { clientAccounts } from '../companies/client-accounts.table.ts';
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
  /** The stored files, each with its absolute path on disk, which the mail streams from. */
  files: (StoredTicketFile & { diskPath: string; contentType: string })[],
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
        files.map(({ diskPath: _diskPath, contentType: _type, ...file }) => ({
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
      path: file.diskPath,
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

// A party of a message: its address and, when it is a user's, the user's name (users_email_lower_unique).
const party = (email: SQL) => sql`json_build_object('original_email', ${email}, 'user_details',
  (select json_build_object('name', u.name) from users u where lower(u.email) = lower(${email})))`;

/**
 * The thread of the ticket `ticketId` (an SQL expression), oldest first, with its parties' names and attachments: the
 * JSON array of TicketThread the ticket's and the project's detail statements select (decision 0023).
 */
export const ticketThreadsSql = (ticketId: SQL) => sql`coalesce((select json_agg(json_build_object('id', th.id,
    'direction', th.direction, 'subject', th.subject, 'created_at', ${isoText(sql`th.created_at`)},
    'from_user', ${party(sql`th.from_email`)}, 'to_user', ${party(sql`th.to_email`)},
    'cc_user', coalesce((select json_agg(${party(sql`cc.email`)} order by cc.n)
      from unnest(string_to_array(nullif(th.cc, ''), ', ')) with ordinality cc(email, n)), '[]'),
    'text_body', th.text_body, 'html_body', th.html_body,
    'attachments', coalesce((select json_agg(json_build_object('id', a.id, 'file_name', a.file_name, 'path', a.path,
        'extension', a.extension, 'size', a.size, 'created_at', ${isoText(sql`a.created_at`)}, 'deleted_at', null,
        'user', null) order by a.id)
      from ticket_attachments a where a.ticket_id = th.ticket_id and a.thread_id = th.id), '[]'),
    'mail_auth', th.mail_auth) order by th.created_at, th.id)
  from ticket_threads th where th.ticket_id = ${ticketId}), '[]')`;
