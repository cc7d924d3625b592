import { STEP_CLOSED, stepCloseInputSchema } from '@switchboard/shared';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import type { Db } from '../../db/client.ts';
import { requireEmployee } from '../../plugins/auth.ts';
import { unprocessable } from '../../plugins/errors.ts';
import { setStepStatus } from '../tickets/ticket-steps.service.ts';
import { stepTicketRules } from './step-ticket-rules.ts';
import { tickets } from '../tickets/tickets.table.ts';
import type { ProjectActor } from './project-types.ts';
import { projectStepHandlers } from './project-step-handlers.ts';
import { emitProjectEvent } from '../../plugins/project-channel.ts';

// POST /api/project/project_step (spec 3 §7): one call for every step panel, the field `step` naming the variant.
// Each variant is one handler (project-step-handlers.ts): its zod contract, its service call, the event it pushes.

/** Closes the project's step of this order (Save & Close); answers its ticket id when its status changed. */
async function closeStepAfterSave(db: Db, projectId: number, order: number, actor: ProjectActor) {
  const [step] = await db
    .select({
      id: tickets.id,
      status: tickets.status,
      projectId: tickets.projectId,
      projectOrder: tickets.projectOrder,
    })
    .from(tickets)
    .where(and(eq(tickets.projectId, projectId), eq(tickets.projectOrder, order)));
  if (!step) return null;
  return (await setStepStatus(db, step, STEP_CLOSED, actor, stepTicketRules)) ? step.id : null;
}

const stepField = z.object({ step: z.string({ error: 'Name the step.' }) });

export async function projectStepRoutes(app: AppInstance): Promise<void> {
  app.post('/project/project_step', { onRequest: requireEmployee() }, async (request) => {
    const { step } = stepField.parse(request.body);
    const handler = projectStepHandlers[step];
    if (!handler) throw unprocessable({ step: ['Choose a step of the project.'] });
    const input = handler.schema.parse(request.body);
    const { close } = handler.closesStep === undefined ? { close: false } : stepCloseInputSchema.parse(request.body);
    const context = {
      db: app.db,
      dataDir: app.config.dataDir,
      actor: request.auth.user,
      config: app.config,
      log: request.log,
    };
    const { projectId, message } = await handler.run(context, input);
    emitProjectEvent(app.realtime, projectId, handler.event, { by: request.auth.user.id });
    if (close && handler.closesStep !== undefined) {
      // The save stands on its own: a refusal to close (none today for these steps) answers 422 after it.
      const closed = await closeStepAfterSave(app.db, projectId, handler.closesStep, request.auth.user);
      if (closed !== null)
        emitProjectEvent(app.realtime, projectId, 'ProjectTicketUpdated', {
          ticket_id: closed,
          by: request.auth.user.id,
        });
    }
    return { message };
  });
}
