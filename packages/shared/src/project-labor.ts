import { z } from 'zod';

// The labor estimate (Labor Estimate, project_order 2), its templates and Project Day (project_order 10): spec 3 §2
// Step panels, §3 Labor step and Template, §5, §7, §9. One contract for the panels' forms and the server.

export const LABOR_ESTIMATE_ORDER = 2;
export const PROJECT_DAY_ORDER = 10;

/** Spec 3 §3, §9: labor hours are numeric, minimum 0, step 0.25. */
export const LABOR_HOURS_STEP = 0.25;
export const LABOR_HOURS_MAX = 10_000;
/** How many steps an estimate or template holds, and tasks a step: far above any real estimate. */
export const LABOR_STEPS_MAX = 200;
export const LABOR_SUB_STEPS_MAX = 100;

export const laborMessages = {
  title: 'Enter a title.',
  titleLength: 'Keep the title to 255 characters.',
  subStepTitle: 'Enter a title for the sub-step.',
  hours: 'Enter hours of 0 or more, in steps of 0.25.',
  hoursMax: 'Keep the hours to 10,000 or fewer.',
  maxBelowMin: 'The max hours must be at least the min hours.',
  tooManySteps: 'Keep the estimate to 200 steps.',
  tooManySubSteps: 'Keep a step to 100 sub-steps.',
  project: 'Choose a project.',
  ticket: 'Choose the step of this project.',
  template: 'Choose a template from the list.',
  templateName: 'Enter a template name.',
  templateNameLength: 'Keep the template name to 255 characters.',
  templateNameTaken: 'A template with this name already exists.',
  subStep: 'Choose a sub-step of this project.',
  close: 'Choose whether to close the step.',
  subStepStatus: 'Choose open or closed.',
  /** Spec 3 §4, §8: closing Project Day with open sub-steps. */
  subStepsOpen: 'All Substeps Must Be Closed',
  /** A labor step cannot be reopened under a closed Project Day: the rule above would no longer hold. */
  projectDayClosed: 'Reopen the Project Day step first.',
  alreadyCheckedIn: 'You are already checked in to this step.',
  notCheckedIn: 'You are not checked in to this step.',
  laborStepClosed: 'This step is closed.',
  laborStep: 'Choose a step of this project.',
} as const;

export const laborEstimateImportedMessage = 'Template imported.';
export const laborEstimateSavedMessage = 'Steps saved.';
export const subStepClosedMessage = 'Substep closed.';
export const subStepOpenedMessage = 'Substep reopened.';
export const templateCreatedMessage = 'Template created.';
export const templateUpdatedMessage = 'Template updated.';
export const templateDeletedMessage = 'Template deleted.';
/** Spec 3 §2 Project Day: the step card's own check-in is disabled with this reason; each labor step has its own. */
export const stepsClockReason = 'Use Steps';
/** Spec 3 §4: a closed step's clock is off with this reason (the card's control and the server's refusal). */
export const closedClockReason = 'Closed';

const emptyToUndefined = (value: unknown) => (value === null || value === '' ? undefined : value);
const emptyToNull = (value: unknown) => (value === undefined || value === null || value === '' ? null : value);

// `close` arrives as 1, true or '1' (or their opposites) from forms and JSON alike.
const closeFlag = z.preprocess(
  (value) =>
    [true, 1, '1', 'true'].includes(value as never)
      ? true
      : [undefined, null, false, 0, '0', 'false', ''].includes(value as never)
        ? false
        : value,
  z.boolean({ error: laborMessages.close }),
);

/** Whether a number of hours is allowed: 0 or more, a multiple of 0.25 (spec 3 §9). */
export const isLaborHours = (value: number) =>
  Number.isFinite(value) && value >= 0 && Number.isInteger(value / LABOR_HOURS_STEP);

const hours = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ error: laborMessages.hours })
    .refine(isLaborHours, laborMessages.hours)
    .refine((value) => value <= LABOR_HOURS_MAX, laborMessages.hoursMax),
);
const title = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(255, laborMessages.titleLength);
const requiredId = (message: string) =>
  z.preprocess(emptyToNull, z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647));

/** A step's title and hours; max ≥ min is checked by maxNotBelowMin, named under max_hours (spec 3 §5). */
const stepFields = { title: title(laborMessages.title), min_hours: hours, max_hours: hours };
function maxNotBelowMin(step: { min_hours: number; max_hours: number }, context: z.RefinementCtx) {
  if (step.max_hours < step.min_hours)
    context.addIssue({ code: 'custom', path: ['max_hours'], message: laborMessages.maxBelowMin });
}

const subStepInputSchema = z.object({ title: title(laborMessages.subStepTitle) });

/** Save Labor Estimate: one step. An id that is not one of the project's labor steps (a temporary one) is new. */
export const laborStepInputSchema = z
  .object({
    ...stepFields,
    id: z.preprocess(emptyToNull, z.coerce.number().finite().nullable()).optional(),
    sub_steps: z.array(subStepInputSchema).max(LABOR_SUB_STEPS_MAX, laborMessages.tooManySubSteps).default([]),
  })
  .superRefine(maxNotBelowMin);
export type LaborStepInput = z.output<typeof laborStepInputSchema>;

/** project_step 'Save Labor Estimate' (spec 3 §7): the whole list, in its order. */
export const saveLaborEstimateInputSchema = z.object({
  project_id: requiredId(laborMessages.project),
  ticket_id: requiredId(laborMessages.ticket),
  steps: z.array(laborStepInputSchema).max(LABOR_STEPS_MAX, laborMessages.tooManySteps),
  /** Spec 3 §4 Save & Close: the step ticket closes with the save. */
  close: closeFlag.default(false),
});
export type SaveLaborEstimateInput = z.output<typeof saveLaborEstimateInputSchema>;

/** project_step 'Labor Estimate' (spec 3 §7): import a template's steps after the existing ones. */
export const importLaborTemplateInputSchema = z.object({
  project_id: requiredId(laborMessages.project),
  ticket_id: requiredId(laborMessages.ticket),
  template_id: requiredId(laborMessages.template),
});
export type ImportLaborTemplateInput = z.output<typeof importLaborTemplateInputSchema>;

/**
 * project_step 'Project Day' (spec 3 §7: sub_step): sub_step is the labor step's id. Sent alone it turns the labor
 * step over (open to closed, closed to open); status 0 open or 1 closed sets it instead (decision 0061).
 */
export const projectDayInputSchema = z.object({
  sub_step: requiredId(laborMessages.subStep),
  status: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: laborMessages.subStepStatus })
      .pipe(z.union([z.literal(0), z.literal(1)], { error: laborMessages.subStepStatus }))
      .optional(),
  ),
});
export type ProjectDayInput = z.output<typeof projectDayInputSchema>;

/** A labor step as GET /api/project/{id} answers it (spec 3 §3 Labor step), by position. */
export const laborStepSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  min_hours: z.number(),
  max_hours: z.number(),
  /** 0 open, 1 closed (Project Day's checkbox). */
  status: z.number().int(),
  sub_steps: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type LaborStep = z.infer<typeof laborStepSchema>;

/** The estimate's totals of min and max hours (spec 3 §2 Labor Estimate), as numbers of hours. */
export function laborTotals(steps: { min_hours: number | string; max_hours: number | string }[]) {
  const sum = (pick: (step: (typeof steps)[number]) => number | string) =>
    // Quarter hours add exactly in integers; a half-typed value counts as 0.
    steps.reduce((total, step) => total + Math.round((Number(pick(step)) || 0) * 4), 0) / 4;
  return { min_hours: sum((step) => step.min_hours), max_hours: sum((step) => step.max_hours) };
}

/** GET /api/project/templates: the list (spec 3 §7), optionally searched by name. */
export const templateListQuerySchema = z.object({
  search: z.preprocess(emptyToNull, z.string().trim().max(255).nullable()).default(null),
});
export const templateRowSchema = z.object({ id: z.number().int(), template_name: z.string() });
export type TemplateRow = z.infer<typeof templateRowSchema>;

/** GET /api/project/templates/{id}: the template with its steps and their tasks (spec 3 §3 Template). */
export const templateDetailSchema = templateRowSchema.extend({
  steps: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      min_hours: z.number(),
      max_hours: z.number(),
      tasks: z.array(z.object({ id: z.number().int(), title: z.string() })),
    }),
  ),
});
export type TemplateDetail = z.infer<typeof templateDetailSchema>;

/** POST /api/project/templates and PUT /api/project/templates/{id}: the name and the whole list of steps. */
export const templateInputSchema = z.object({
  template_name: z
    .string({ error: laborMessages.templateName })
    .trim()
    .min(1, laborMessages.templateName)
    .max(255, laborMessages.templateNameLength),
  steps: z
    .array(
      z
        .object({
          ...stepFields,
          tasks: z.array(subStepInputSchema).max(LABOR_SUB_STEPS_MAX, laborMessages.tooManySubSteps).default([]),
        })
        .superRefine(maxNotBelowMin),
    )
    .max(LABOR_STEPS_MAX, laborMessages.tooManySteps)
    .default([]),
});
export type TemplateInput = z.output<typeof templateInputSchema>;
export type TemplateFormValues = z.input<typeof templateInputSchema>;
