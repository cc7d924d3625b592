import {
  completionInputSchema,
  projectScheduleMessages,
  projectSteps,
  type CompletionInput,
} from '@switchboard/shared';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { forbidden, notFound } from '../../../plugins/errors.ts';
import { recordEvent } from '../../tickets/ticket-access.ts';
import { tickets } from '../../tickets/tickets.table.ts';
import type { ProjectStepHandler } from '../project-types.ts';
import type { ProjectActor } from '../project-types.ts';
import { projects } from '../projects.table.ts';

// Completion Verification (order 11), spec 3 §2 Step panels, §7: the coordinator confirms with the client that every
// objective is done. Status 1 marks the project complete (who and when), 0 clears both.

const completionOrder = projectSteps.indexOf('Completion Verification');

/**
 * Marks the project complete or not. Marking a completed project complete again keeps who marked it and when; each
 * real change is an event of the Completion Verification step ticket.
 */
export async function setProjectCompletion(
  db: Db,
  input: CompletionInput,
  actor: ProjectActor,
): Promise<{ projectId: number }> {
  if (actor.type !== 'Employee') throw forbidden();
  const projectId = input.project_id;
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
  if (!project) throw notFound();
  const complete = input.status === 1;
  await db.transaction(async (tx) => {
    // Conditional on the current state, so two saves at once change it (and record it) once.
    const changed = await tx
      .update(projects)
      .set(
        complete
          ? { completedAt: new Date(), completedBy: actor.id, updatedAt: new Date() }
          : { completedAt: null, completedBy: null, updatedAt: new Date() },
      )
      .where(and(eq(projects.id, projectId), complete ? isNull(projects.completedAt) : isNotNull(projects.completedAt)))
      .returning({ id: projects.id });
    if (changed.length === 0) return;
    const [step] = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.projectId, projectId), eq(tickets.projectOrder, completionOrder)));
    if (step) {
      const lingo = `${actor.name} marked the project ${complete ? 'complete' : 'not complete'}`;
      await recordEvent(tx, step.id, actor.id, lingo, {
        field: 'completed',
        from: complete ? 'No' : 'Yes',
        to: complete ? 'Yes' : 'No',
      });
    }
  });
  return { projectId };
}

export const completionVerificationHandler: ProjectStepHandler<CompletionInput> = {
  schema: completionInputSchema,
  async run({ db, actor }, input) {
    const { projectId } = await setProjectCompletion(db, input, actor);
    const message = input.status === 1 ? projectScheduleMessages.completed : projectScheduleMessages.notCompleted;
    return { projectId, message };
  },
  event: 'CompletionUpdated',
};
