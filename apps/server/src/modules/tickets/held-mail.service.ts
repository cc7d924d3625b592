import {
  heldMailAlreadyTicketMessage,
  heldMailRawMissingMessage,
  TICKET_STATUS_OPEN,
  TRIAGE_MEDIUM,
  type HeldMailAttachInput,
  type HeldMailItem,
  type HeldMailTicketInput,
} from '@switchboard/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Transaction } from '../../db/client.ts';
import { conflict, notFound, unprocessable } from '../../plugins/errors.ts';
import { readUpload, removeUpload } from '../../plugins/storage.ts';
import { heldMail } from './held-mail.table.ts';
import { addInboundThread, parseInboundMail, saveMailAttachments, TICKET_TYPE_EMAIL, type InboundMessage, type StoredMailFile } from './inbound-mail.service.ts';
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
  }));
}

/** POST /api/admin/held-mail/{id}/reviewed. */
export async function markHeldMailReviewed(db: Db, heldId: number, actorId: number): Promise<void> {
  const [row] = await db.update(heldMail).set({ reviewedAt: new Date(), reviewedBy: actorId }).where(eq(heldMail.id, heldId)).returning({ id: heldMail.id });
  if (!row) throw notFound();
}

/**
 * One transaction: lock the held row (two administrators cannot both convert it), check it is not a ticket yet, run
 * the caller's checks, parse the kept raw message, save its attachments, let the caller place it on a ticket, and mark
 * the row reviewed with that ticket. Files saved for a transaction that fails are removed again.
 */
async function placeHeldMail(
  db: Db,
  dataDir: string,
  heldId: number,
  actorId: number,
  check: (tx: Transaction) => Promise<void>,
  place: (tx: Transaction, message: InboundMessage, files: StoredMailFile[]) => Promise<number>,
): Promise<number> {
  const saved: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      const [held] = await tx.select({ rawPath: heldMail.rawPath, ticketId: heldMail.ticketId }).from(heldMail).where(eq(heldMail.id, heldId)).for('update');
      if (!held) throw notFound();
      if (held.ticketId !== null) throw conflict(heldMailAlreadyTicketMessage);
      await check(tx);
      const raw = await readUpload(dataDir, held.rawPath);
      if (!raw) throw conflict(heldMailRawMissingMessage);
      const message = await parseInboundMail(raw);
      const files = await saveMailAttachments(dataDir, message);
      saved.push(...files.map((file) => file.path));
      const ticketId = await place(tx, message, files);
      await tx.update(heldMail).set({ reviewedAt: new Date(), reviewedBy: actorId, ticketId }).where(eq(heldMail.id, heldId));
      return ticketId;
    });
  } catch (error) {
    await Promise.all(saved.map((path) => removeUpload(dataDir, path)));
    throw error;
  }
}

/** POST /api/admin/held-mail/{id}/ticket: a new ticket (type Email, triage medium, open) for the chosen company. */
export async function createTicketFromHeldMail(db: Db, dataDir: string, heldId: number, input: HeldMailTicketInput, actorId: number): Promise<number> {
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
    async (tx, message, files) => {
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
      await addInboundThread(tx, ticketId, message, files, null);
      await tx.insert(ticketEvents).values({ ticketId, addBy: actorId, lingo: `Ticket opened from held mail from ${message.from}` });
      return ticketId;
    },
  );
}

/** POST /api/admin/held-mail/{id}/attach: the message joins an existing ticket's thread, as a received reply would. */
export async function attachHeldMailToTicket(db: Db, dataDir: string, heldId: number, input: HeldMailAttachInput, actorId: number): Promise<number> {
  return placeHeldMail(
    db,
    dataDir,
    heldId,
    actorId,
    async (tx) => {
      const [ticket] = await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, input.ticket_id)).limit(1);
      if (!ticket) throw unprocessable({ ticket_id: ['The selected ticket number is invalid.'] });
    },
    async (tx, message, files) => {
      await addInboundThread(tx, input.ticket_id, message, files, null);
      await tx.insert(ticketEvents).values({ ticketId: input.ticket_id, addBy: actorId, lingo: `E-mail from ${message.from} attached from held mail` });
      await tx.update(tickets).set({ updatedAt: new Date() }).where(eq(tickets.id, input.ticket_id));
      return input.ticket_id;
    },
  );
}
