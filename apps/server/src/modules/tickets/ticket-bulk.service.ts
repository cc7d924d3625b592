import {
  TICKET_STATUS_CLOSED,
  ticketBulkFailedMessage,
  type TicketBulkInput,
  type UpdateTicketInput,
} from '@switchboard/shared';
import type { Db } from '../../db/client.ts';
import { forbidden, HttpError, unprocessable } from '../../plugins/errors.ts';
import type { TicketActor } from './ticket-access.ts';
import { updateTicket } from './tickets.service.ts';

// Bulk changes from the queue (issue 15 part 5; decision 0033).

function changeOf(input: TicketBulkInput): UpdateTicketInput {
  if (input.action === 'status') return { status: input.value! };
  if (input.action === 'technician') return { employee_id: input.value ?? null };
  return { status: TICKET_STATUS_CLOSED };
}

/** The error of one ticket as the batch's answer: it names the ticket and keeps the reason and its status. */
function failureOf(ticketId: number, error: unknown): unknown {
  if (!(error instanceof HttpError)) return error;
  // A staff member's 404 means the ticket is not there: bad input of the batch, not a missing route.
  const missing = error.statusCode === 404;
  const reason = missing ? 'This ticket does not exist.' : (Object.values(error.errors ?? {})[0]?.[0] ?? error.message);
  const message = ticketBulkFailedMessage(ticketId, reason);
  if (missing || error.statusCode === 422) return unprocessable({ ids: [message] }, message);
  return new HttpError(error.statusCode, message);
}

/**
 * POST /api/ticket/bulk: the single ticket change (updateTicket: same checks, same events, same notifications) on
 * every ticket, in one transaction: one ticket the caller may not change fails the whole batch, naming it.
 */
export async function bulkChangeTickets(db: Db, input: TicketBulkInput, actor: TicketActor) {
  if (actor.type !== 'Employee') throw forbidden();
  const change = changeOf(input);
  const ids = [...new Set(input.ids)];
  return db.transaction(async (tx) => {
    const assigned = [];
    for (const ticketId of ids) {
      try {
        const result = await updateTicket(tx, ticketId, change, actor);
        if (result.assigned) assigned.push(result.assigned);
      } catch (error) {
        throw failureOf(ticketId, error);
      }
    }
    return { ids, assigned };
  });
}
