import {
  maintenanceNotesConflictMessage,
  type MaintenanceNotesInput,
  type MaintenanceNotesPage,
  type MaintenanceNotesRecord,
  type MaintenanceRecord,
} from '@switchboard/shared';
import { sanitizeStoredText } from '@switchboard/shared/html-policy';
import { and, desc, eq, lt, ne, or } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { conflict, notFound } from '../../plugins/errors.ts';
import { devices } from '../devices/devices.table.ts';
import { recordEvent, type TicketActor } from '../tickets/ticket-access.ts';
import { tickets } from '../tickets/tickets.table.ts';
import { users } from '../users/users.table.ts';
import { assertRecordTarget, isUniqueViolation } from './maintenance.service.ts';
import {
  baselineChecklists,
  exchangeAnalyses,
  maintenanceNotes,
  maintenanceTickets,
  serverAnalyses,
} from './maintenance.table.ts';

// The notes flow of Scheduled Maintenance (spec 2 §2 "/maintenance/notes/..."; decision 0062): a server's month has
// one text the technicians keep beside the checklists, and the earlier months' notes are read back next month.

const earlierMonths = 12;

type NotesRow = typeof maintenanceNotes.$inferSelect;

function presentNotes(row: NotesRow, updatedBy: string | null): MaintenanceNotesRecord {
  return {
    id: row.id,
    company_id: row.companyId,
    site_id: row.siteId,
    server_id: row.serverId,
    month: row.month,
    year: row.year,
    ticket_id: row.ticketId,
    notes: row.notes,
    updated_by: updatedBy === null ? null : { name: updatedBy },
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A checklist record of the month with its ticket's status, as the month page shows it. */
async function recordOf(
  db: DbOrTransaction,
  table: typeof baselineChecklists | typeof serverAnalyses | typeof exchangeAnalyses,
  serverId: number,
  month: { month: number; year: number },
): Promise<MaintenanceRecord | null> {
  const [row] = await db
    .select({ id: table.id, ticket_id: table.ticketId, status: tickets.status })
    .from(table)
    .innerJoin(tickets, eq(tickets.id, table.ticketId))
    .where(and(eq(table.serverId, serverId), eq(table.year, month.year), eq(table.month, month.month)))
    .limit(1);
  return row ?? null;
}

/** GET /api/maintenance/notes/{serverId}/{month}/{year}: the month's notes, the earlier ones and the month's states. */
export async function getMaintenanceNotes(
  db: DbOrTransaction,
  serverId: number,
  month: { month: number; year: number },
): Promise<MaintenanceNotesPage> {
  const [server] = await db
    .select({ id: devices.id, name: devices.name })
    .from(devices)
    .where(and(eq(devices.id, serverId), eq(devices.type, 'servers')))
    .limit(1);
  if (!server) throw notFound();
  const notesOf = (where: ReturnType<typeof and>, limit: number) =>
    db
      .select({ row: maintenanceNotes, updatedBy: users.name })
      .from(maintenanceNotes)
      .leftJoin(users, eq(users.id, maintenanceNotes.updatedBy))
      .where(where)
      .orderBy(desc(maintenanceNotes.year), desc(maintenanceNotes.month))
      .limit(limit);
  const thisMonth = and(
    eq(maintenanceNotes.serverId, serverId),
    eq(maintenanceNotes.year, month.year),
    eq(maintenanceNotes.month, month.month),
  );
  const before = and(
    eq(maintenanceNotes.serverId, serverId),
    ne(maintenanceNotes.notes, ''),
    or(
      lt(maintenanceNotes.year, month.year),
      and(eq(maintenanceNotes.year, month.year), lt(maintenanceNotes.month, month.month)),
    ),
  );
  // One query at a time: `db` may be a transaction's single client.
  const [current] = await notesOf(thisMonth, 1);
  const earlier = await notesOf(before, earlierMonths);
  const [ticket] = await db
    .select({ id: tickets.id, status: tickets.status })
    .from(maintenanceTickets)
    .innerJoin(tickets, eq(tickets.id, maintenanceTickets.ticketId))
    .where(
      and(
        eq(maintenanceTickets.serverId, serverId),
        eq(maintenanceTickets.year, month.year),
        eq(maintenanceTickets.month, month.month),
      ),
    )
    .limit(1);
  return {
    notes: current ? presentNotes(current.row, current.updatedBy) : null,
    earlier: earlier.map((entry) => presentNotes(entry.row, entry.updatedBy)),
    server,
    ticket: ticket ?? null,
    baseline: await recordOf(db, baselineChecklists, serverId, month),
    analysis: await recordOf(db, serverAnalyses, serverId, month),
    exchange: await recordOf(db, exchangeAnalyses, serverId, month),
  };
}

/**
 * POST /api/maintenance/notes: creates or replaces the server's notes of the month. The form sends the `updated_at`
 * it loaded; when someone saved in between, the save is refused (409) so neither text is lost without being seen.
 */
export async function saveMaintenanceNotes(db: Db, input: MaintenanceNotesInput, actor: TicketActor) {
  const { siteId } = await assertRecordTarget(db, input);
  const notes = sanitizeStoredText(input.notes);
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: maintenanceNotes.id, updatedAt: maintenanceNotes.updatedAt, ticketId: maintenanceNotes.ticketId })
        .from(maintenanceNotes)
        .where(
          and(
            eq(maintenanceNotes.serverId, input.server_id),
            eq(maintenanceNotes.year, input.year),
            eq(maintenanceNotes.month, input.month),
          ),
        )
        .for('update');
      const now = new Date();
      let id: number;
      let ticketId: number;
      if (existing) {
        if (input.updated_at !== existing.updatedAt.toISOString()) throw conflict(maintenanceNotesConflictMessage);
        await tx
          .update(maintenanceNotes)
          .set({ notes, updatedBy: actor.id, updatedAt: now })
          .where(eq(maintenanceNotes.id, existing.id));
        id = existing.id;
        ticketId = existing.ticketId;
      } else {
        if (input.updated_at !== null) throw conflict(maintenanceNotesConflictMessage);
        const [row] = await tx
          .insert(maintenanceNotes)
          .values({
            companyId: input.company_id,
            siteId,
            serverId: input.server_id,
            month: input.month,
            year: input.year,
            ticketId: input.ticket_id,
            notes,
            createdBy: actor.id,
            updatedBy: actor.id,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: maintenanceNotes.id });
        id = row!.id;
        ticketId = input.ticket_id;
      }
      await recordEvent(tx, ticketId, actor.id, `${actor.name} saved the maintenance notes`);
      return { id, ticketId, updatedAt: now.toISOString() };
    });
  } catch (error) {
    // Two first saves at once: the second finds the first's row only through the unique index.
    if (isUniqueViolation(error)) throw conflict(maintenanceNotesConflictMessage);
    throw error;
  }
}
