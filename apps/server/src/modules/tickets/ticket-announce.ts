import { ticketChannel } from '@switchboard/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { preparedStatement, rawStatement, runRawStatement } from '../../db/prepared.ts';

/**
 * A ticket was created or changed: the queues refresh their page. Staff hear it on the store channel; the client
 * accounts of the ticket's company (whose queue is their company's) on their private channel. A project's step ticket
 * is in no queue (decision 0044): its viewers hear the project's own events, and the queues hear nothing.
 */
export function announceTicketChanged(app: Pick<FastifyInstance, 'db' | 'realtime' | 'log'>, ticketId: number): void {
  const audience = preparedStatement(app.db, 'ticket_queue_audience', (_db, name) => ({
    name,
    // Written out: drizzle leaves the columns of a one-table select unqualified, which a correlated subquery misreads.
    raw: rawStatement(sql`select t.project_id as "projectId", array(select ca.user_id from client_accounts ca
        join users u on u.id = ca.user_id and u.deleted_at is null where ca.company_id = t.company_id) as "clientIds"
      from tickets t where t.id = ${sql.placeholder('ticketId')}`),
  }));
  runRawStatement<{ projectId: number | null; clientIds: number[] }>(app.db, audience.raw, { ticketId }, audience.name)
    .then(([ticket]) => {
      if (!ticket || ticket.projectId !== null) return;
      app.realtime.emitToChannel('store', 'TicketUpdated', { id: ticketId });
      for (const userId of ticket.clientIds) app.realtime.emitToUser(userId, 'TicketUpdated', { id: ticketId });
    })
    // The change itself is saved; a queue that misses this refreshes on its next change.
    .catch((error: unknown) =>
      app.log.warn({ err: error, ticketId }, 'telling the queues about a ticket change failed'),
    );
}

/**
 * A ticket moved to another company: the former company's client accounts stop following it (their sockets leave
 * ticket_{id} in every process, before the change is pushed there) and their queues refresh without it.
 */
export function announceTicketLeftCompany(
  app: Pick<FastifyInstance, 'realtime'>,
  ticketId: number,
  formerClientIds: readonly number[],
): void {
  app.realtime.removeUsersFrom(ticketChannel(ticketId), formerClientIds);
  for (const userId of formerClientIds) app.realtime.emitToUser(userId, 'TicketUpdated', { id: ticketId });
}
