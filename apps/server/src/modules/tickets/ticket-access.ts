import { ticketEscalatedLockMessage, type UserType } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import { clientCompanyOf } from '../companies/client-company.ts';
import { ticketEvents, tickets } from './tickets.table.ts';

// Who may reach and work a ticket, and its history: shared by the ticket services, which do not import each other.

export interface TicketActor {
  id: number;
  type: UserType;
  name: string;
}

/**
 * A client account sees its own company's tickets, but not the Scheduled Maintenance ones (they name a server: staff's
 * internal work, decision 0064).
 */
export const clientMaySee = (ticket: { companyId: number; serverId: number | null }, companyId: number | null) =>
  ticket.companyId === companyId && ticket.serverId === null;

/** A client account sees its own company's tickets only (see clientMaySee); anything else is a 404. */
export async function loadTicketFor(
  db: DbOrTransaction,
  ticketId: number,
  actor: Pick<TicketActor, 'id' | 'type'>,
): Promise<typeof tickets.$inferSelect> {
  const [ticket] = await db.select().from(tickets).where(eq(tickets.id, ticketId)).limit(1);
  if (!ticket) throw notFound();
  if (actor.type !== 'Employee' && !clientMaySee(ticket, await clientCompanyOf(db, actor.id))) throw notFound();
  return ticket;
}

/** Spec 3 §6: an escalated ticket is worked by its escalation technician only. */
export function assertMayAct(ticket: { escalated: boolean; escTech: number | null }, actor: TicketActor): void {
  if (ticket.escalated && ticket.escTech !== actor.id) throw forbidden(ticketEscalatedLockMessage);
}

/** One line of the ticket's history, with the field change when there is one, in the caller's transaction. */
export async function recordEvent(
  db: DbOrTransaction,
  ticketId: number,
  actorId: number,
  lingo: string,
  change?: { field: string; from: string | null; to: string | null },
) {
  await db.insert(ticketEvents).values({
    ticketId,
    addBy: actorId,
    lingo,
    change: change?.field ?? null,
    previousData: change?.from ?? null,
    newData: change?.to ?? null,
  });
}

/** Touches the ticket (the queue sorts by last change) and records the event, in the caller's transaction. */
export async function noteChange(db: DbOrTransaction, ticketId: number, actorId: number, lingo: string): Promise<void> {
  await db.update(tickets).set({ updatedAt: new Date() }).where(eq(tickets.id, ticketId));
  await recordEvent(db, ticketId, actorId, lingo);
}

/** A file written to storage for a ticket (a notes or resolution attachment, a reply's file). */
export interface StoredTicketFile {
  fileName: string;
  path: string;
  extension: string;
  size: number;
}
