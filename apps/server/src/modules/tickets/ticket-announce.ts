import { ticketChannel } from '@switchboard/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { preparedStatement } from '../../db/prepared.ts';
import { clientAccounts } from '../clients/clients.table.ts';
import { dropKeptMonthPages } from '../maintenance/maintenance-month-cache.ts';
import { users } from '../users/users.table.ts';
import { tickets } from './tickets.table.ts';

/**
 * A ticket was created or changed: the queues refresh their page. Staff hear it on the store channel; the client
 * accounts of the ticket's company (whose queue is their company's) on their private channel.
 */
export function announceTicketChanged(app: Pick<FastifyInstance, 'db' | 'realtime' | 'log'>, ticketId: number): void {
  // The Scheduled Maintenance month shows tickets' states (decision 0049).
  dropKeptMonthPages(app.db);
  app.realtime.emitToChannel('store', 'TicketUpdated', { id: ticketId });
  preparedStatement(app.db, 'ticket_company_client_accounts', (db, name) =>
    db
      .select({ userId: clientAccounts.userId })
      .from(tickets)
      .innerJoin(clientAccounts, eq(clientAccounts.companyId, tickets.companyId))
      .innerJoin(users, and(eq(users.id, clientAccounts.userId), isNull(users.deletedAt)))
      .where(eq(tickets.id, sql.placeholder('ticketId')))
      .prepare(name),
  )
    .execute({ ticketId })
    .then((accounts) => {
      for (const { userId } of accounts) app.realtime.emitToUser(userId, 'TicketUpdated', { id: ticketId });
    })
    // The change itself is saved; a queue that misses this refreshes on its next change.
    .catch((error: unknown) =>
      app.log.warn({ err: error, ticketId }, 'telling client accounts about a ticket change failed'),
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
