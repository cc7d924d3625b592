import { STEP_CLOSED, stepCloseInputSchema, type ProjectChannelEvent } from '@switchboard/shared';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireEmployee } from '../../plugins/auth.ts';
import { unprocessable } from '../../plugins/errors.ts';
import { setStepStatus } from '../tickets/ticket-steps.service.ts';
import { tickets } from '../tickets/tickets.table.ts';
import type { ProjectActor } from './projects.service.ts';
import { projectStepHandlers } from './project-step-handlers.ts';
import { emitProjectEvent } from './project-events.ts';

// POST /api/project/project_step (spec 3 §7): one call for every step panel, the field `step` naming the variant.
// Each variant is one handler (project-step-handlers.ts): its zod contract, its service call, the event it pushes.

export interface ProjectStepContext {
  db: Db;
  dataDir: string;
  actor: ProjectActor;
  /** For handlers that call out (the shipment tracker, decision 0048). */
  config?: Config;
  /** The request's logger: mail sent in the background reports failures through it (decision 0046). */
  log?: { info(object: object, message: string): void; warn(object: object, message: string): void };
}

export interface ProjectStepHandler<Input = unknown> {
  schema: z.ZodType<Input>;
  run(context: ProjectStepContext, input: Input): Promise<{ projectId: number; message: string }>;
  /** What the project's viewers hear on project_{id}, so each panel reads itself again. */
  event: ProjectChannelEvent;
  /**
   * The project_order of the panel's step, for variants that take `close` beside their fields (spec 3 §4 Save & Close;
   * decision 0061): the step closes after the save. The date panels and the labor estimate close inside their own.
   */
  closesStep?: number;
}

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
  return (await setStepStatus(db, step, STEP_CLOSED, actor)) ? step.id : null;
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
