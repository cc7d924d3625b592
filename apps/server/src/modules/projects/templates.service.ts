import { laborMessages, type TemplateDetail, type TemplateInput, type TemplateRow } from '@switchboard/shared';
import { and, asc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Transaction } from '../../db/client.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { projectTemplates, templateSteps, templateTasks } from './project-steps.table.ts';

// Labor templates (spec 3 §2 /projects/templates, §3 Template, §7): a name and steps with hours and tasks, imported
// into a project's labor estimate. Staff only (the routes require an employee).

/** How many templates the list answers: a company keeps tens of them, the importer searches by name. */
const TEMPLATE_LIST_LIMIT = 1000;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** GET /api/project/templates: by name, optionally those whose name contains `search`. */
export async function listTemplates(db: Db, search: string | null): Promise<TemplateRow[]> {
  return db
    .select({ id: projectTemplates.id, template_name: projectTemplates.templateName })
    .from(projectTemplates)
    .where(search ? ilike(projectTemplates.templateName, `%${escapeLike(search)}%`) : undefined)
    .orderBy(sql`lower(${projectTemplates.templateName})`, asc(projectTemplates.id))
    .limit(TEMPLATE_LIST_LIMIT);
}

/** GET /api/project/templates/{id}: the template, its steps by position and each step's tasks; 404 when none. */
export async function getTemplate(db: Db, id: number): Promise<TemplateDetail> {
  const [template] = await db
    .select({ id: projectTemplates.id, template_name: projectTemplates.templateName })
    .from(projectTemplates)
    .where(eq(projectTemplates.id, id));
  if (!template) throw notFound();
  const steps = await db
    .select()
    .from(templateSteps)
    .where(eq(templateSteps.templateId, id))
    .orderBy(asc(templateSteps.position), asc(templateSteps.id));
  const tasks =
    steps.length === 0
      ? []
      : await db
          .select({ id: templateTasks.id, stepId: templateTasks.templateStepId, title: templateTasks.title })
          .from(templateTasks)
          .where(
            inArray(
              templateTasks.templateStepId,
              steps.map((step) => step.id),
            ),
          )
          .orderBy(asc(templateTasks.position), asc(templateTasks.id));
  return {
    ...template,
    steps: steps.map((step) => ({
      id: step.id,
      title: step.title,
      min_hours: Number(step.minHours),
      max_hours: Number(step.maxHours),
      tasks: tasks.filter((task) => task.stepId === step.id).map((task) => ({ id: task.id, title: task.title })),
    })),
  };
}

/** The name is unique, compared without case (422 else); `except` is the template being edited. */
async function assertNameFree(tx: Transaction, name: string, except: number | null): Promise<void> {
  const sameName = sql`lower(${projectTemplates.templateName}) = lower(${name})`;
  const [taken] = await tx
    .select({ id: projectTemplates.id })
    .from(projectTemplates)
    .where(except === null ? sameName : and(sameName, ne(projectTemplates.id, except)))
    .limit(1);
  if (taken) throw unprocessable({ template_name: [laborMessages.templateNameTaken] });
}

/** A second save of the same name racing past assertNameFree meets the unique index: the same 422. */
async function withNameRule<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? error;
    const { code, constraint } = cause as { code?: string; constraint?: string };
    if (code === '23505' && constraint?.includes('template_name'))
      throw unprocessable({ template_name: [laborMessages.templateNameTaken] });
    throw error;
  }
}

async function insertSteps(tx: Transaction, templateId: number, input: TemplateInput): Promise<void> {
  if (input.steps.length === 0) return;
  const created = await tx
    .insert(templateSteps)
    .values(
      input.steps.map((step, position) => ({
        templateId,
        position,
        title: step.title,
        minHours: step.min_hours.toFixed(2),
        maxHours: step.max_hours.toFixed(2),
      })),
    )
    .returning({ id: templateSteps.id, position: templateSteps.position });
  const idAt = new Map(created.map((row) => [row.position, row.id]));
  const tasks = input.steps.flatMap((step, position) =>
    step.tasks.map((task, taskPosition) => ({
      templateStepId: idAt.get(position)!,
      position: taskPosition,
      title: task.title,
    })),
  );
  if (tasks.length > 0) await tx.insert(templateTasks).values(tasks);
}

/** POST /api/project/templates: the template and its steps and tasks, or nothing. */
export async function createTemplate(db: Db, input: TemplateInput, actorId: number): Promise<{ id: number }> {
  return withNameRule(() =>
    db.transaction(async (tx) => {
      await assertNameFree(tx, input.template_name, null);
      const [template] = await tx
        .insert(projectTemplates)
        .values({ templateName: input.template_name, createdBy: actorId })
        .returning({ id: projectTemplates.id });
      await insertSteps(tx, template!.id, input);
      return { id: template!.id };
    }),
  );
}

/** PUT /api/project/templates/{id}: the name and the whole list of steps replace the saved ones. */
export async function updateTemplate(db: Db, id: number, input: TemplateInput): Promise<void> {
  await withNameRule(() =>
    db.transaction(async (tx) => {
      const [template] = await tx
        .select({ id: projectTemplates.id })
        .from(projectTemplates)
        .where(eq(projectTemplates.id, id))
        .for('update');
      if (!template) throw notFound();
      await assertNameFree(tx, input.template_name, id);
      await tx
        .update(projectTemplates)
        .set({ templateName: input.template_name, updatedAt: new Date() })
        .where(eq(projectTemplates.id, id));
      // Imported estimates are copies, so the template's steps are simply written again.
      await tx.delete(templateSteps).where(eq(templateSteps.templateId, id));
      await insertSteps(tx, id, input);
    }),
  );
}

/** DELETE /api/project/templates/{id}: the template with its steps and tasks; estimates imported from it stay. */
export async function deleteTemplate(db: Db, id: number): Promise<void> {
  const deleted = await db
    .delete(projectTemplates)
    .where(eq(projectTemplates.id, id))
    .returning({ id: projectTemplates.id });
  if (deleted.length === 0) throw notFound();
}
