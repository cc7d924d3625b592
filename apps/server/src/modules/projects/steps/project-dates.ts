import {
  projectDateInputSchema,
  projectScheduleMessages,
  STEP_CLOSED,
  type ProjectDateInput,
  type ProjectDateKind,
} from '@switchboard/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../../db/client.ts';
import { forbidden, notFound } from '../../../plugins/errors.ts';
import { setStepStatus } from '../../tickets/ticket-steps.service.ts';
import { stepTicketRules } from '../step-ticket-rules.ts';
import { tickets } from '../../tickets/tickets.table.ts';
import type { ProjectStepHandler } from '../project-types.ts';
import { projectDates } from '../project-steps.table.ts';
import type { ProjectActor } from '../project-types.ts';

// Scheduled Placeholder (order 1) and Schedule Pending Projects (order 3), spec 3 §2 Step panels, §7: one start date
// of each kind per project, saved over the last one; `close` closes the step ticket in the same transaction.

const stepOrderOf: Record<ProjectDateKind, number> = { placeholder: 1, pending: 3 };

/**
 * The panel's step ticket: `id` names it (spec 3 §7), or `project_id` names the project and the kind its step; both
 * must agree when both are sent. 404 for anything else.
 */
async function findDateStep(db: DbOrTransaction, kind: ProjectDateKind, input: ProjectDateInput) {
  const conditions = [eq(tickets.projectOrder, stepOrderOf[kind])];
  if (input.id !== null) conditions.push(eq(tickets.id, input.id));
  if (input.project_id !== null) conditions.push(eq(tickets.projectId, input.project_id));
  const [step] = await db
    .select({ id: tickets.id, status: tickets.status, projectId: tickets.projectId })
    .from(tickets)
    .where(and(...conditions));
  if (!step || step.projectId === null) throw notFound();
  return { id: step.id, status: step.status, projectId: step.projectId };
}

/** Saves the project's date of this kind (insert or overwrite) and, when asked, closes the step. */
export async function saveProjectDate(
  db: Db,
  kind: ProjectDateKind,
  input: ProjectDateInput,
  actor: ProjectActor,
): Promise<{ projectId: number }> {
  if (actor.type !== 'Employee') throw forbidden();
  const step = await findDateStep(db, kind, input);
  await db.transaction(async (tx) => {
    await tx
      .insert(projectDates)
      .values({ projectId: step.projectId, kind, startDate: input.start_date, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: [projectDates.projectId, projectDates.kind],
        set: { startDate: input.start_date, updatedBy: actor.id, updatedAt: sql`now()` },
      });
    // setStepStatus opens its own transaction: inside ours it is a savepoint, so the date and the close go together.
    if (input.close) await setStepStatus(tx, step, STEP_CLOSED, actor, stepTicketRules);
  });
  return { projectId: step.projectId };
}

const dateHandler = (
  kind: ProjectDateKind,
  message: string,
  event: 'PlaceholderUpdated' | 'PendingProjectUpdated',
): ProjectStepHandler<ProjectDateInput> => ({
  schema: projectDateInputSchema,
  async run({ db, actor }, input) {
    const { projectId } = await saveProjectDate(db, kind, input, actor);
    return { projectId, message };
  },
  event,
});

export const scheduledPlaceholderHandler = dateHandler(
  'placeholder',
  projectScheduleMessages.placeholderSaved,
  'PlaceholderUpdated',
);
export const schedulePendingHandler = dateHandler(
  'pending',
  projectScheduleMessages.pendingSaved,
  'PendingProjectUpdated',
);
