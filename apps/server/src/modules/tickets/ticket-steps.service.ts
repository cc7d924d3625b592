import {
  closedClockReason,
  PROJECT_DAY_ORDER,
  STEP_CLOSED,
  stepsClockReason,
  stepStatusLabels,
  stepStatusOf,
  ticketStatusOfStep,
} from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { forbidden, unprocessable } from '../../plugins/errors.ts';
import { recordEvent, type TicketActor } from './ticket-access.ts';
import { tickets } from './tickets.table.ts';

// A project's step ticket opens and closes (spec 3 §4, decision 0044): its own 0/1 status over the queue status kept
// underneath, one event per change.

/**
 * What the projects module decides about its step tickets. Projects sit above tickets (ARCHITECTURE.md, module
 * layers), so the projects module hands these in: routes.ts to the ticket routes, and its own calls of setStepStatus.
 */
export interface StepTicketRules {
  /**
   * Inside the transaction that closes a step ticket: throws the 422 that keeps it open (spec 3 §4, §8: Project Day
   * with a labor step open, Labor Quote Approval with a quote not completed).
   */
  assertStepMayClose(
    db: DbOrTransaction,
    ticket: { id: number; projectId?: number | null; projectOrder?: number | null },
  ): Promise<void>;
  /** A check-in on a Project Day's labor step: the step, read under a share lock; 422 when it may not take it. */
  laborStepForCheckIn(
    db: DbOrTransaction,
    ticket: { projectId: number | null; projectOrder: number | null },
    laborStepId: number,
    direction: 'in' | 'out',
  ): Promise<{ id: number; title: string }>;
}

/** Sets a step ticket Open (0) or Closed (1); answers whether it changed. */
export async function setStepStatus(
  db: DbOrTransaction,
  ticket: { id: number; status: number; projectId?: number | null; projectOrder?: number | null },
  status: number,
  actor: TicketActor,
  rules: Pick<StepTicketRules, 'assertStepMayClose'>,
): Promise<boolean> {
  if (actor.type !== 'Employee') throw forbidden();
  const from = stepStatusOf(ticket.status);
  if (from === status) return false;
  await db.transaction(async (tx) => {
    // Spec 3 §4, §8: the projects module's rules (Project Day's substeps, Labor Quote Approval's quotes).
    if (status === STEP_CLOSED) await rules.assertStepMayClose(tx, ticket);
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

/**
 * POST /api/ticket/checkinout 'in' on a step ticket (spec 3 §2 Project Day, §4): a closed step refuses it (422
 * {ticket_id: ['Closed']}), and Project Day's own clock is off: time is clocked on a labor step (422 {project_step_id:
 * ['Use Steps']}). The step's row is read under a share lock, so a step closing meanwhile is seen or waits for the
 * check-in. Checking out stays possible, so no open time is lost.
 */
export async function assertStepTakesCheckIn(
  db: DbOrTransaction,
  ticketId: number,
  laborStepId: number | null,
): Promise<void> {
  const [step] = await db
    .select({ projectId: tickets.projectId, projectOrder: tickets.projectOrder, status: tickets.status })
    .from(tickets)
    .where(eq(tickets.id, ticketId))
    .for('share');
  if (!step || step.projectId === null) return;
  if (stepStatusOf(step.status) === STEP_CLOSED) throw unprocessable({ ticket_id: [closedClockReason] });
  if (step.projectOrder === PROJECT_DAY_ORDER && laborStepId === null)
    throw unprocessable({ project_step_id: [stepsClockReason] });
}
