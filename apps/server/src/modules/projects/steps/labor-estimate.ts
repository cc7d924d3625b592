import {
  importLaborTemplateInputSchema,
  LABOR_ESTIMATE_ORDER,
  laborEstimateImportedMessage,
  laborEstimateSavedMessage,
  laborMessages,
  saveLaborEstimateInputSchema,
  STEP_CLOSED,
  type ImportLaborTemplateInput,
  type SaveLaborEstimateInput,
} from '@switchboard/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '../../../db/client.ts';
import { notFound, unprocessable } from '../../../plugins/errors.ts';
import { checkIns } from '../../checkins/checkins.table.ts';
import { setStepStatus } from '../../tickets/ticket-steps.service.ts';
import { stepTicketRules } from '../step-ticket-rules.ts';
import { tickets } from '../../tickets/tickets.table.ts';
import type { ProjectStepHandler } from '../project-types.ts';
import { laborSteps, laborSubSteps, projectTemplates, templateSteps, templateTasks } from '../project-steps.table.ts';
import type { ProjectActor } from '../project-types.ts';
import { projects } from '../projects.table.ts';

// Labor Estimate (project_order 2; spec 3 §2 Step panels, §7): the project's labor steps with their sub-steps, built
// by hand or imported from a template, saved as one ordered list. Project Day (order 10) opens and closes them.

/**
 * The project exists and ticket_id is its Labor Estimate step ticket (404 else, as the other panels answer). Locks the
 * project's row, so two saves or imports of one estimate run one after the other and positions stay in order.
 */
async function lockEstimate(
  tx: Transaction,
  projectId: number,
  ticketId: number,
): Promise<{ id: number; status: number; projectId: number; projectOrder: number }> {
  const [project] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
  if (!project) throw notFound();
  const [ticket] = await tx
    .select({ id: tickets.id, status: tickets.status })
    .from(tickets)
    .where(
      and(eq(tickets.id, ticketId), eq(tickets.projectId, projectId), eq(tickets.projectOrder, LABOR_ESTIMATE_ORDER)),
    );
  if (!ticket) throw notFound();
  return { ...ticket, projectId, projectOrder: LABOR_ESTIMATE_ORDER };
}

const hoursValue = (hours: number) => hours.toFixed(2);

/** project_step 'Labor Estimate': a template's steps and tasks become labor steps and sub-steps after the others. */
export async function importLaborTemplate(tx: Transaction, input: ImportLaborTemplateInput): Promise<void> {
  await lockEstimate(tx, input.project_id, input.ticket_id);
  const [template] = await tx
    .select({ id: projectTemplates.id })
    .from(projectTemplates)
    .where(eq(projectTemplates.id, input.template_id));
  if (!template) throw unprocessable({ template_id: [laborMessages.template] });
  const steps = await tx
    .select()
    .from(templateSteps)
    .where(eq(templateSteps.templateId, input.template_id))
    .orderBy(asc(templateSteps.position), asc(templateSteps.id));
  if (steps.length === 0) return;
  const tasks = await tx
    .select()
    .from(templateTasks)
    .where(
      inArray(
        templateTasks.templateStepId,
        steps.map((step) => step.id),
      ),
    )
    .orderBy(asc(templateTasks.position), asc(templateTasks.id));
  const [{ next }] = (await tx
    .select({ next: sql<number>`coalesce(max(${laborSteps.position}) + 1, 0)::int` })
    .from(laborSteps)
    .where(eq(laborSteps.projectId, input.project_id))) as [{ next: number }];
  const created = await tx
    .insert(laborSteps)
    .values(
      steps.map((step, index) => ({
        projectId: input.project_id,
        position: next + index,
        title: step.title,
        minHours: step.minHours,
        maxHours: step.maxHours,
      })),
    )
    .returning({ id: laborSteps.id, position: laborSteps.position });
  const stepIdAt = new Map(created.map((row) => [row.position, row.id]));
  const subSteps = steps.flatMap((step, index) =>
    tasks
      .filter((task) => task.templateStepId === step.id)
      .map((task, position) => ({ laborStepId: stepIdAt.get(next + index)!, position, title: task.title })),
  );
  if (subSteps.length > 0) await tx.insert(laborSubSteps).values(subSteps);
}

/**
 * project_step 'Save Labor Estimate': the list replaces the project's labor steps, in its order. A listed id of one of
 * the project's steps updates it (its Project Day status is kept); any other id is the client's temporary one: a new
 * step. Steps left out are deleted, unless someone is still checked in to one.
 */
export async function saveLaborEstimate(
  tx: Transaction,
  input: SaveLaborEstimateInput,
  actor: ProjectActor,
): Promise<void> {
  const ticket = await lockEstimate(tx, input.project_id, input.ticket_id);
  const existing = await tx
    .select({ id: laborSteps.id, title: laborSteps.title })
    .from(laborSteps)
    .where(eq(laborSteps.projectId, input.project_id));
  const existingIds = new Set(existing.map((step) => step.id));
  const kept = new Set<number>();
  for (const step of input.steps) {
    const id = step.id ?? null;
    if (id !== null && existingIds.has(id) && !kept.has(id)) kept.add(id);
  }
  const removed = existing.filter((step) => !kept.has(step.id));
  if (removed.length > 0) {
    const [clocked] = await tx
      .select({ stepId: checkIns.projectStepId })
      .from(checkIns)
      .where(
        and(
          inArray(
            checkIns.projectStepId,
            removed.map((step) => step.id),
          ),
          isNull(checkIns.endTime),
        ),
      )
      .limit(1);
    if (clocked) {
      const title = removed.find((step) => step.id === clocked.stepId)?.title ?? '';
      throw unprocessable({ steps: [`Someone is checked in to “${title}”: check out before deleting it.`] });
    }
    await tx.delete(laborSteps).where(
      inArray(
        laborSteps.id,
        removed.map((step) => step.id),
      ),
    );
  }
  if (kept.size > 0) await tx.delete(laborSubSteps).where(inArray(laborSubSteps.laborStepId, [...kept]));
  const used = new Set<number>();
  const subSteps: { laborStepId: number; position: number; title: string }[] = [];
  for (const [position, step] of input.steps.entries()) {
    const values = {
      position,
      title: step.title,
      minHours: hoursValue(step.min_hours),
      maxHours: hoursValue(step.max_hours),
    };
    const id = step.id ?? null;
    let laborStepId: number;
    if (id !== null && kept.has(id) && !used.has(id)) {
      used.add(id);
      await tx.update(laborSteps).set(values).where(eq(laborSteps.id, id));
      laborStepId = id;
    } else {
      const [created] = await tx
        .insert(laborSteps)
        .values({ ...values, projectId: input.project_id })
        .returning({ id: laborSteps.id });
      laborStepId = created!.id;
    }
    for (const [subPosition, subStep] of step.sub_steps.entries())
      subSteps.push({ laborStepId, position: subPosition, title: subStep.title });
  }
  if (subSteps.length > 0) await tx.insert(laborSubSteps).values(subSteps);
  // setStepStatus opens its own transaction: inside ours it is a savepoint, so the steps and the close go together.
  if (input.close) await setStepStatus(tx, ticket, STEP_CLOSED, actor, stepTicketRules);
}

export const laborEstimateImportHandler: ProjectStepHandler<ImportLaborTemplateInput> = {
  schema: importLaborTemplateInputSchema,
  event: 'LaborEstimateUpdated',
  async run({ db }, input) {
    await db.transaction((tx) => importLaborTemplate(tx, input));
    return { projectId: input.project_id, message: laborEstimateImportedMessage };
  },
};

export const saveLaborEstimateHandler: ProjectStepHandler<SaveLaborEstimateInput> = {
  schema: saveLaborEstimateInputSchema,
  event: 'LaborEstimateUpdated',
  async run({ db, actor }, input) {
    await db.transaction((tx) => saveLaborEstimate(tx, input, actor));
    return { projectId: input.project_id, message: laborEstimateSavedMessage };
  },
};
