import { TICKET_VIEWS_MAX, ticketViewFieldMessages, type TicketView, type TicketViewInput } from '@switchboard/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { ticketViews } from './ticket-views.table.ts';

// Saved queue views (issue 15 part 5; decision 0033): each user sees, saves and deletes only their own.

function presentView(row: typeof ticketViews.$inferSelect): TicketView {
  return { id: row.id, name: row.name, filters: row.filters, created_at: row.createdAt.toISOString() };
}

/** GET /api/ticket/views: the caller's views by name. */
export async function listTicketViews(db: Db, userId: number): Promise<TicketView[]> {
  const rows = await db.select().from(ticketViews).where(eq(ticketViews.userId, userId)).orderBy(asc(ticketViews.name));
  return rows.map(presentView);
}

/** POST /api/ticket/views: a new view, or new filters for the caller's view of the same name. */
export async function saveTicketView(db: Db, userId: number, input: TicketViewInput): Promise<TicketView> {
  return db.transaction(async (tx) => {
    // Serialises one user's saves, so the cap cannot be passed by saving twice at once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ticket_views'), ${userId})`);
    const sameName = and(eq(ticketViews.userId, userId), eq(ticketViews.name, input.name));
    const [existing] = await tx.select({ id: ticketViews.id }).from(ticketViews).where(sameName);
    if (!existing && (await tx.$count(ticketViews, eq(ticketViews.userId, userId))) >= TICKET_VIEWS_MAX) {
      throw unprocessable({ name: [ticketViewFieldMessages.tooMany] });
    }
    const [row] = await tx
      .insert(ticketViews)
      .values({ userId, name: input.name, filters: input.filters })
      .onConflictDoUpdate({ target: [ticketViews.userId, ticketViews.name], set: { filters: input.filters } })
      .returning();
    return presentView(row!);
  });
}

/** DELETE /api/ticket/views/{id}: another user's view is a 404, as if it did not exist. */
export async function deleteTicketView(db: Db, userId: number, viewId: number): Promise<void> {
  const deleted = await db
    .delete(ticketViews)
    .where(and(eq(ticketViews.id, viewId), eq(ticketViews.userId, userId)))
    .returning({ id: ticketViews.id });
  if (deleted.length === 0) throw notFound();
}
