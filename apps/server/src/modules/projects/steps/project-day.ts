import {
  laborMessages,
  PROJECT_DAY_ORDER,
  projectDayInputSchema,
  STEP_CLOSED,
  STEP_OPEN,
  stepStatusOf,
  subStepClosedMessage,
  subStepOpenedMessage,
  type ProjectDayInput,
} from '@switchboard/shared';
import { and, eq } from 'drizzle-orm';
import type { DbOrTransaction } from '../../../db/client.ts';
import { unprocessable } from '../../../plugins/errors.ts';
import { recordEvent } from '../../tickets/ticket-access.ts';
import { tickets } from '../../tickets/tickets.table.ts';
import type { ProjectStepHandler } from '../project-types.ts';
import { laborSteps } from '../project-steps.table.ts';

// Project Day (project_order 10; spec 3 §2 Step panels, §4, §8): the labor steps of the estimate are worked and closed
// one by one, each with its own clock; the step itself closes only when all of them are closed.

/**
 * Spec 3 §4, §8: a Project Day step ticket closes only when every labor step of its project is closed; 422
 * {status: ['All Substeps Must Be Closed']} else. Run inside the transaction that closes the ticket: it locks the
 * ticket's row, so a labor step reopened meanwhile (projectDayHandler locks the same row) is seen or waits.
 */
export async function assertSubStepsClosed(
  db: DbOrTransaction,
  ticket: { id: number; projectId?: number | null; projectOrder?: number | null },
): Promise<void> {
  if (ticket.projectOrder !== undefined && ticket.projectOrder !== PROJECT_DAY_ORDER) return;
  const [row] = await db
    .select({ projectId: tickets.projectId, projectOrder: tickets.projectOrder })
    .from(tickets)
    .where(eq(tickets.id, ticket.id))
    .for('update');
  if (!row || row.projectId === null || row.projectOrder !== PROJECT_DAY_ORDER) return;
  const [open] = await db
    .select({ id: laborSteps.id })
    .from(laborSteps)
    .where(and(eq(laborSteps.projectId, row.projectId), eq(laborSteps.status, STEP_OPEN)))
    .limit(1);
  if (open) throw unprocessable({ status: [laborMessages.subStepsOpen] });
}

/**
 * POST /api/ticket/checkinout with project_step_id: the labor step, read under a share lock (closing it waits for the
 * check-in), when it is a labor step of the ticket's project and the ticket is its Project Day; 422 else. Checking in
 * to a closed labor step is refused; checking out of one stays possible, so no open time is lost.
 */
export async function laborStepForCheckIn(
  db: DbOrTransaction,
  ticket: { projectId: number | null; projectOrder: number | null },
  laborStepId: number,
  direction: 'in' | 'out',
): Promise<{ id: number; title: string }> {
  const [step] =
    ticket.projectId === null || ticket.projectOrder !== PROJECT_DAY_ORDER
      ? []
      : await db
          .select({ id: laborSteps.id, title: laborSteps.title, status: laborSteps.status })
          .from(laborSteps)
          .where(and(eq(laborSteps.id, laborStepId), eq(laborSteps.projectId, ticket.projectId)))
          .for('share');
  if (!step) throw unprocessable({ project_step_id: [laborMessages.laborStep] });
  if (direction === 'in' && step.status === STEP_CLOSED)
    throw unprocessable({ project_step_id: [laborMessages.laborStepClosed] });
  return { id: step.id, title: step.title };
}

/**
 * project_step 'Project Day': opens (0) or closes (1) one labor step, or turns it over when only sub_step is sent
 * (spec 3 §7), recorded on the Project Day ticket.
 */
export const projectDayHandler: ProjectStepHandler<ProjectDayInput> = {
  schema: projectDayInputSchema,
  event: 'ProjectDayUpdated',
  async run({ db, actor }, input) {
    const { projectId, status } = await db.transaction(async (tx) => {
      const [step] = await tx.select().from(laborSteps).where(eq(laborSteps.id, input.sub_step)).for('update');
      if (!step) throw unprocessable({ sub_step: [laborMessages.subStep] });
      // Read under the row lock, so two toggles at once turn it over twice rather than both to the same state.
      const status = input.status ?? (step.status === STEP_CLOSED ? STEP_OPEN : STEP_CLOSED);
      const [day] = await tx
        .select({ id: tickets.id, status: tickets.status })
        .from(tickets)
        .where(and(eq(tickets.projectId, step.projectId), eq(tickets.projectOrder, PROJECT_DAY_ORDER)))
        .for('update');
      if (status === STEP_OPEN && day && stepStatusOf(day.status) === STEP_CLOSED)
        throw unprocessable({ status: [laborMessages.projectDayClosed] });
      if (step.status === status) return { projectId: step.projectId, status };
      await tx.update(laborSteps).set({ status }).where(eq(laborSteps.id, step.id));
      if (day) {
        const verb = status === STEP_CLOSED ? 'closed' : 'reopened';
        await recordEvent(tx, day.id, actor.id, `${actor.name} ${verb} the substep “${step.title}”`);
      }
      return { projectId: step.projectId, status };
    });
    return { projectId, message: status === STEP_CLOSED ? subStepClosedMessage : subStepOpenedMessage };
  },
};
