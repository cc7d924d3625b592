import { STEP_CLOSED, stepStatusLabels, stepStatusOf, ticketStatusOfStep } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { forbidden } from '../../plugins/errors.ts';
import { assertSubStepsClosed } from '../projects/steps/project-day.ts';
import { assertQuotesCompleted } from '../projects/steps/product-requirements.ts';
import { recordEvent, type TicketActor } from './ticket-access.ts';
import { tickets } from './tickets.table.ts';

// A project's step ticket opens and closes (spec 3 §4, decision 0044): its own 0/1 status over the queue status kept
// underneath, one event per change.

/** Sets a step ticket Open (0) or Closed (1); answers whether it changed. */
export async function setStepStatus(
  db: DbOrTransaction,
  ticket: { id: number; status: number; projectId?: number | null; projectOrder?: number | null },
  status: number,
  actor: TicketActor,
): Promise<boolean> {
  if (actor.type !== 'Employee') throw forbidden();
  const from = stepStatusOf(ticket.status);
  if (from === status) return false;
  await db.transaction(async (tx) => {
    // Spec 3 §4, §8: Project Day closes only when all its substeps (labor steps) are closed.
    if (status === STEP_CLOSED) await assertSubStepsClosed(tx, ticket);
    // Spec 3 §2, §8: Labor Quote Approval closes only when all quotes are completed (decision 0047).
    if (status === STEP_CLOSED) await assertQuotesCompleted(tx, ticket);
    await tx
      .update(tickets)
      .set({ status: ticketStatusOfStep(status), updatedAt: new Date() })
      .where(eq(tickets.id, ticket.id));
    const verb = status === 1 ? 'closed' : 'reopened';
    await recordEvent(tx, ticket.id, actor.id, `${actor.name} ${verb} the step`, {
      field: 'status',
      from: stepStatusLabels[from as 0 | 1],
      to: stepStatusLabels[status as 0 | 1],
    });
  });
  return true;
}
