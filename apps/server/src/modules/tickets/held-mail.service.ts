import {
  heldMailAlreadyTicketMessage,
  heldMailRawMissingMessage,
  TICKET_STATUS_OPEN,
  TRIAGE_MEDIUM,
  type HeldMailAttachInput,
  type HeldMailItem,
  type HeldMailTicketInput,
  type MailAuthVerdict,
} from '@switchboard/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Transaction } from '../../db/client.ts';
import { conflict, notFound, unprocessable } from '../../plugins/errors.ts';
import { readUpload } from '../../plugins/storage.ts';
import { heldMail } from './held-mail.table.ts';
import {
  addInboundThread,
  parseInboundMail,
  planMailAttachments,
  TICKET_TYPE_EMAIL,
  transactionWithFiles,
  type FileWriter,
  type InboundMessage,
  type PlannedMailFile,
} from './inbound-mail.service.ts';
import { assertTicketReferences } from './tickets.service.ts';
import { ticketEvents, tickets } from './tickets.table.ts';

// Held mail (issue 7 part 6; decision 0023): an administrator turns a message from an unknown sender into a ticket
// or attaches it to an existing one. The kept raw message is parsed again, so the thread gets the same html body and
// attachments an inbound message would have had.

/** GET /api/admin/held-mail: unreviewed first, newest first. */
export async function listHeldMail(db: Db, limit: number, offset: number): Promise<HeldMailItem[]> {
  const rows = await db
    .select()
    .from(heldMail)
    .orderBy(sql`${heldMail.reviewedAt} is not null`, desc(heldMail.receivedAt), desc(heldMail.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({
    id: row.id,
    from_email: row.fromEmail,
    to_email: row.toEmail,
    subject: row.subject,
    text_body: row.textBody,
    received_at: row.receivedAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    ticket_id: row.ticketId,
    held_reason: row.heldReason,
    mail_auth: row.mailAuth,
  }));
}

/** POST /api/admin/held-mail/{id}/reviewed. */
export async function markHeldMailReviewed(db: Db, heldId: number, actorId: number): Promise<void> {
  const [row] = await db
    .update(heldMail)
    .set({ reviewedAt: new Date(), reviewedBy: actorId })
    .where(eq(heldMail.id, heldId))
    .returning({ id: heldMail.id });
  if (!row) throw notFound();
}

/**
 * One transaction: lock the held row (two administrators cannot both convert it), check it is not a ticket yet, run
 * the caller's checks, parse the kept raw message, let the caller place it on a ticket, and mark the row reviewed
 * with that ticket. Attachment files are written after their rows and removed again when the transaction fails.
 */
async function placeHeldMail(
  db: Db,
  dataDir: string,
  heldId: number,
  actorId: number,
  check: (tx: Transaction) => Promise<void>,
  place: (tx: Transaction, write: FileWriter, held: HeldMessage) => Promise<number>,
): Promise<number> {
  return transactionWithFiles(db, dataDir, async (tx, write) => {
    const [held] = await tx
      .select({ rawPath: heldMail.rawPath, ticketId: heldMail.ticketId, mailAuth: heldMail.mailAuth })
      .from(heldMail)
      .where(eq(heldMail.id, heldId))
      .for('update');
    if (!held) throw notFound();
    if (held.ticketId !== null) throw conflict(heldMailAlreadyTicketMessage);
    await check(tx);
    const raw = await readUpload(dataDir, held.rawPath);
    if (!raw) throw conflict(heldMailRawMissingMessage);
    const message = await parseInboundMail(raw);
    const ticketId = await place(tx, write, { message, files: planMailAttachments(message), auth: held.mailAuth });
    await tx
      .update(heldMail)
      .set({ reviewedAt: new Date(), reviewedBy: actorId, ticketId })
      .where(eq(heldMail.id, heldId));
    return ticketId;
  });
}

/** A held message read again, with the verdict taken when it arrived (shown on the thread message it becomes). */
interface HeldMessage {
  message: InboundMessage;
  files: PlannedMailFile[];
  auth: MailAuthVerdict | null;
}

/** POST /api/admin/held-mail/{id}/ticket: a new ticket (type Email, triage medium, open) for the chosen company. */
export async function createTicketFromHeldMail(
  db: Db,
  dataDir: string,
  heldId: number,
  input: HeldMailTicketInput,
  actorId: number,
): Promise<number> {
  return placeHeldMail(
    db,
    dataDir,
    heldId,
    actorId,
    // The ticket form's rules: the company exists, the client account (enabled) and the site are that company's.
    (tx) =>
      assertTicketReferences(tx, {
        companyId: input.company_id,
        siteId: input.site_id ?? null,
        clientId: input.client_id ?? null,
        employeeId: null,
        location: TICKET_TYPE_EMAIL,
        triageId: TRIAGE_MEDIUM,
        status: TICKET_STATUS_OPEN,
      }).then(() => undefined),
    async (tx, write, { message, files, auth }) => {
      const [created] = await tx
        .insert(tickets)
        .values({
          subject: message.subject,
          body: message.text || message.subject,
          companyId: input.company_id,
          clientId: input.client_id ?? null,
          siteId: input.site_id ?? null,
          location: TICKET_TYPE_EMAIL,
          triageId: TRIAGE_MEDIUM,
          status: TICKET_STATUS_OPEN,
          createdBy: actorId,
        })
        .returning({ id: tickets.id });
      const ticketId = created!.id;
      // The sender is unknown, so the thread message has no user: only its address.
      await tx
        .insert(ticketEvents)
        .values({ ticketId, addBy: actorId, lingo: `Ticket opened from held mail from ${message.from}` });
      await addInboundThread(tx, write, { ticketId, message, files, senderId: null, auth });
      return ticketId;
    },
  );
}

/** POST /api/admin/held-mail/{id}/attach: the message joins an existing ticket's thread, as a received reply would. */
export async function attachHeldMailToTicket(
  db: Db,
  dataDir: string,
  heldId: number,
  input: HeldMailAttachInput,
  actorId: number,
): Promise<number> {
  return placeHeldMail(
    db,
    dataDir,
    heldId,
    actorId,
    async (tx) => {
      const [ticket] = await tx
        .select({ id: tickets.id })
        .from(tickets)
        .where(eq(tickets.id, input.ticket_id))
        .limit(1);
      if (!ticket) throw unprocessable({ ticket_id: ['The selected ticket number is invalid.'] });
    },
    async (tx, write, { message, files, auth }) => {
      await tx.insert(ticketEvents).values({
        ticketId: input.ticket_id,
        addBy: actorId,
        lingo: `E-mail from ${message.from} attached from held mail`,
      });
      await tx.update(tickets).set({ updatedAt: new Date() }).where(eq(tickets.id, input.ticket_id));
      await addInboundThread(tx, write, { ticketId: input.ticket_id, message, files, senderId: null, auth });
      return input.ticket_id;
    },
  );
}
