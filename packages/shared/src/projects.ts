import { z } from 'zod';
import { flagSchema } from './flags.ts';
import { laborStepSchema } from './project-labor.ts';
import { productRequirementSchema, projectQuoteSchema } from './project-quotes.ts';
import { projectInvoiceSchema } from './invoices.ts';
import { procurementSchema } from './procurement.ts';
import { approvalSchema } from './project-approvals.ts';
import { TICKET_STATUS_CLOSED } from './ticket-queue.ts';
import { checkInSchema, TICKET_STATUS_OPEN, ticketThreadSchema } from './tickets.ts';
import { isoDateText } from './validation.ts';

// Projects (spec 3 §2 Project list, creation and detail, §3 Project, §4, §9; decision 0044): one zod contract per call,
// shared by the forms and the routes, and the step rules as plain functions.

export const projectCreatedMessage = 'Project created.';
export const projectUpdatedMessage = 'Project updated.';
export const projectStepUpdatedMessage = 'Step updated.';
/** Spec 3 §8: any failed project or project step save. */
export const projectSaveFailedMessage = 'An error occured.';
/** Spec 3 §2 Project detail: the planning warning. */
export const planningWarningMessage =
  'Clients are required to approve planning for projects. Do not work on this project until planning has been approved.';

/** Spec 3 §2 Step panels: the twelve steps by project_order; each is a step ticket with this subject. */
export const projectSteps = [
  'Planning Approval',
  'Scheduled Placeholder',
  'Labor Estimate',
  'Schedule Pending Projects',
  'Product Requirements',
  'Project Quotes',
  'Labor Quote Approval',
  'Client Payment Invoices',
  'Procurement',
  'Schedule Project Date',
  'Project Day',
  'Completion Verification',
] as const;
export const PROJECT_STEP_COUNT = projectSteps.length;

/** Spec 3 §3, §9: a step ticket is Open (0) or Closed (1). */
/** The project list counts its filter up to this many (as the ticket queue, QUEUE_COUNT_CAP). */
export const PROJECT_COUNT_CAP = 1_000;
export const STEP_OPEN = 0;
export const STEP_CLOSED = 1;
export const stepStatusLabels = { [STEP_OPEN]: 'Open', [STEP_CLOSED]: 'Closed' } as const;
/** A step ticket keeps a queue status underneath (decision 0044): Closed for a closed step, Open otherwise. */
export const stepStatusOf = (ticketStatus: number) => (ticketStatus === TICKET_STATUS_CLOSED ? STEP_CLOSED : STEP_OPEN);
export const ticketStatusOfStep = (stepStatus: number) =>
  stepStatus === STEP_CLOSED ? TICKET_STATUS_CLOSED : TICKET_STATUS_OPEN;

/**
 * Spec 3 §9 and the note under §2's step panels: the step list of the list's filter. Both readings of 0 are kept
 * apart by their values: '00' is the first step (Planning Approval), '0' the last entry, Closed (no step open).
 */
export const projectStepFilterOptions: { value: string; label: string }[] = [
  { value: '00', label: '00 Planning Approval' },
  { value: '1', label: '1 Schedule Placeholder' },
  { value: '2', label: '2 Labor Estimate' },
  { value: '3', label: '3 Schedule Pending Project' },
  { value: '4', label: '4 Product Requirements' },
  { value: '5', label: '5 Quotes' },
  { value: '6', label: '6 Labor & Quote Approval' },
  { value: '7', label: '7 Client Payment & Invoices' },
  { value: '8', label: '8 Procurement' },
  { value: '9', label: '9 Schedule Project Date' },
  { value: '10', label: '10 Project Day' },
  { value: '11', label: '11 Completion Verification' },
  { value: '0', label: 'Closed' },
];

/** What a step filter value asks for: projects on one step (its project_order), or closed projects. */
export function readStepFilter(value: string): { closed: true } | { closed: false; order: number } | null {
  if (value === '0') return { closed: true };
  if (value === '00') return { closed: false, order: 0 };
  if (!/^[1-9]\d?$/.test(value)) return null;
  const order = Number(value);
  return order < PROJECT_STEP_COUNT ? { closed: false, order } : null;
}

/** Spec 3 §2 Project detail: the six stages of the progress bar and the steps that complete each. */
export const progressStages = [
  { label: 'Planning Approval', steps: [0] },
  { label: 'Labor Estimate', steps: [2] },
  { label: 'Quoting', steps: [5] },
  { label: 'Payment & Procurement', steps: [7, 8] },
  { label: 'Project Day', steps: [10] },
  { label: 'Complete', steps: [11] },
] as const;

/** Each stage with whether it is complete: every step it names is closed. */
export function projectProgress(steps: { project_order: number; status: number }[]) {
  const closed = new Set(steps.filter((step) => step.status === STEP_CLOSED).map((step) => step.project_order));
  return progressStages.map((stage) => ({
    label: stage.label,
    complete: stage.steps.every((order) => closed.has(order)),
  }));
}

/**
 * The step a project is on (decision 0044): its open step ticket with the lowest project_order, or none when every
 * step is closed (the list shows Complete).
 */
export function currentStep<T extends { project_order: number; status: number }>(steps: T[]): T | null {
  return steps.filter((step) => step.status === STEP_OPEN).sort((a, b) => a.project_order - b.project_order)[0] ?? null;
}

/** Spec 3 §2 Project creation: 0 means Yes, 1 means No, for labor and procurement; verbally_approved 1 Yes, 0 No. */
export const REQUIRED_YES = 0;
export const REQUIRED_NO = 1;

export const projectFieldMessages = {
  title: 'Enter a title.',
  titleLength: 'Keep the title to 255 characters.',
  company_id: 'Choose a company.',
  site_id: 'Choose a site of this company.',
  client_user_id: 'Choose an account of this company.',
  coordinator_id: 'Choose a coordinator from the list.',
  planner_id: 'Choose a planner from the list.',
  researcher_id: 'Choose a researcher from the list.',
  quoter_id: 'Choose a quoter from the list.',
  labor_required: 'Choose whether labor is required.',
  procurement_required: 'Choose whether procurement is required.',
  verbally_approved: 'Choose whether the project was approved verbally.',
  notes: 'The notes are too long.',
  goals: 'The goals are too long.',
  status: 'Choose Open or Closed.',
} as const;

const emptyToNull = (value: unknown) => (value === undefined || value === null || value === '' ? null : value);
const idNumber = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);
const chosenId = (message: string) => z.preprocess(emptyToNull, idNumber(message));
const optionalChosenId = (message: string) => z.preprocess(emptyToNull, idNumber(message).nullable());
const zeroOrOne = (message: string) =>
  z.preprocess(
    emptyToNull,
    z.coerce.number({ error: message }).pipe(z.union([z.literal(0), z.literal(1)], { error: message })),
  );
const html = (message: string) => z.string({ error: message }).max(100_000, message).default('');

/**
 * POST /api/project and PUT /api/project/{id} (spec 3 §7). The planner is kept only when labor is required, the
 * researcher and quoter only when procurement is (the form disables them otherwise, spec 3 §5).
 */
export const projectInputSchema = z
  .object({
    title: z
      .string({ error: projectFieldMessages.title })
      .trim()
      .min(1, projectFieldMessages.title)
      .max(255, projectFieldMessages.titleLength),
    company_id: chosenId(projectFieldMessages.company_id),
    site_id: optionalChosenId(projectFieldMessages.site_id).default(null),
    client_user_id: optionalChosenId(projectFieldMessages.client_user_id).default(null),
    coordinator_id: optionalChosenId(projectFieldMessages.coordinator_id).default(null),
    labor_required: zeroOrOne(projectFieldMessages.labor_required),
    planner_id: optionalChosenId(projectFieldMessages.planner_id).default(null),
    procurement_required: zeroOrOne(projectFieldMessages.procurement_required),
    researcher_id: optionalChosenId(projectFieldMessages.researcher_id).default(null),
    quoter_id: optionalChosenId(projectFieldMessages.quoter_id).default(null),
    verbally_approved: zeroOrOne(projectFieldMessages.verbally_approved),
    notes: html(projectFieldMessages.notes),
    goals: html(projectFieldMessages.goals),
  })
  .transform((input) => ({
    ...input,
    planner_id: input.labor_required === REQUIRED_YES ? input.planner_id : null,
    researcher_id: input.procurement_required === REQUIRED_YES ? input.researcher_id : null,
    quoter_id: input.procurement_required === REQUIRED_YES ? input.quoter_id : null,
  }));
export type ProjectInput = z.output<typeof projectInputSchema>;
export type ProjectFormValues = z.input<typeof projectInputSchema>;

/** PUT /api/ticket/{id} for a step ticket (spec 3 §7): its status, 0 Open or 1 Closed. */
export const stepStatusInputSchema = z.object({
  status: zeroOrOne(projectFieldMessages.status),
  ticket_id: z.unknown().optional(),
});

/** GET /api/project: the list's filters (spec 3 §2), each optional; step_id as readStepFilter reads it. */
export const projectListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
  id: z.preprocess(emptyToNull, z.coerce.number().int().positive().max(2_147_483_647).nullable()).default(null),
  title: z.preprocess(emptyToNull, z.string().trim().max(255).nullable()).default(null),
  company_id: z.preprocess(emptyToNull, z.coerce.number().int().positive().nullable()).default(null),
  site_id: z.preprocess(emptyToNull, z.coerce.number().int().positive().nullable()).default(null),
  employee_id: z.preprocess(emptyToNull, z.coerce.number().int().positive().nullable()).default(null),
  step_id: z
    .preprocess(
      emptyToNull,
      z
        .string()
        .refine((value) => readStepFilter(value) !== null, 'Choose a step from the list.')
        .nullable(),
    )
    .default(null),
});
export type ProjectListQuery = z.output<typeof projectListQuerySchema>;

const namedSchema = z.object({ id: z.number().int(), name: z.string() });

/** A row of GET /api/project. company and technician are null for client accounts (spec 3 §6). */
export const projectRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  company: namedSchema.nullable(),
  site: namedSchema.nullable(),
  /** The step the project is on (decision 0044), or null when every step is closed (shown as Complete). */
  latest_ticket: z
    .object({
      id: z.number().int(),
      subject: z.string(),
      project_order: z.number().int(),
      employee_id: z.number().int().nullable(),
    })
    .nullable(),
  technician: namedSchema.nullable(),
  /** Spec 3 §3 billed: billable hours checked in on the project (billed_time) and the last check-out (billing_date). */
  billed: z.object({ billing_date: z.string().nullable(), billed_time: z.number() }),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type ProjectRow = z.infer<typeof projectRowSchema>;

/**
 * GET /api/projects/projects.list.{companyId} (spec 1 §7.2): a company's projects as a loader for pickers, by title;
 * completed_at tells the finished ones apart (decision 0061).
 */
export const projectOptionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  completed_at: z.string().nullable(),
});
export type ProjectOption = z.infer<typeof projectOptionSchema>;
export const projectOptionListResponseSchema = z.object({ data: z.array(projectOptionSchema) });

/** A step ticket as the project answers it (spec 3 §3 Project step ticket). */
export const projectStepTicketSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  project_order: z.number().int(),
  subject: z.string(),
  notes: z.object({ notes: z.string() }),
  employee: namedSchema.nullable(),
  updated_at: z.string(),
  /** Who closed a closed step and when (its latest close in the ticket's events); null while open, and for clients. */
  closed_by: z.object({ name: z.string(), at: z.string() }).nullable(),
});
export type ProjectStepTicket = z.infer<typeof projectStepTicketSchema>;

// Scheduled Placeholder (1), Schedule Pending Projects (3), Schedule Project Date (9) and Completion Verification
// (11): spec 3 §2 Step panels, §7 project_step variants, §9.

/** Spec 3 §9: the date panels' shortcut, in days from today. */
export const projectDateShortcutDays = { placeholder: 90, pending: 60 } as const;
export type ProjectDateKind = keyof typeof projectDateShortcutDays;

export const projectScheduleMessages = {
  placeholderSaved: 'Scheduled placeholder saved.',
  pendingSaved: 'Pending project date saved.',
  slotsSaved: 'Slots saved.',
  completed: 'Project marked complete.',
  notCompleted: 'Project marked not complete.',
  step: 'Choose the step of the project.',
  project: 'Choose a project.',
  close: 'Choose whether to close the step.',
  dates: 'List the slots.',
  tooManySlots: 'Keep the schedule to 200 slots.',
  startTime: 'Enter the start time as HH:MM.',
  endTime: 'Enter the end time as HH:MM.',
  endBeforeStart: 'The end time must be at or after the start time.',
  employee: 'Choose a technician from the list.',
  inactiveEmployee: 'Inactive Employee: choose an active technician.',
  completionStatus: 'Choose whether the project is complete.',
} as const;

/** A technician booked twice at once (across every project). Times HH:MM, the day YYYY-MM-DD. */
export const doubleBookingMessage = (name: string, start: string, end: string, date: string) =>
  `${name} is already booked from ${start} to ${end} on ${date}.`;
/** Spec 3 §2 Schedule Project Date, verbatim. */
export const noSlotsMessage = (slots: number) =>
  `There are no slots reserved for this project. This project current requires ${slots} slots.`;

/** The calendar day `days` after a 'YYYY-MM-DD' day (the date panels' shortcuts count from today). */
export function addDaysToDate(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
}

/** Slots a project needs: one eight-hour day per started 8 hours of the labor estimate's maximum, at least one. */
export function requiredSlots(maxHoursTotal: number): number {
  if (!Number.isFinite(maxHoursTotal) || maxHoursTotal <= 0) return 1;
  // Hours are quarters (step 0.25): round away the float noise of the sum before dividing.
  return Math.max(1, Math.ceil(Math.round(maxHoursTotal * 100) / 100 / 8));
}

const MAX_ID = 2_147_483_647;
const boundedId = (message: string) =>
  z.preprocess(emptyToNull, z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message));
const optionalBoundedId = (message: string) =>
  z.preprocess(
    emptyToNull,
    z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message).nullable(),
  );
// `close` arrives as 1, true or '1' (or their opposites) from forms and JSON alike.
const closeFlag = z.preprocess(
  (value) =>
    [true, 1, '1', 'true'].includes(value as never)
      ? true
      : [undefined, null, false, 0, '0', 'false', ''].includes(value as never)
        ? false
        : value,
  z.boolean({ error: projectScheduleMessages.close }),
);

/**
 * Spec 3 §4 Save & Close on the panels whose variant names no `close` (Product Requirements, Procurement, Schedule
 * Project Date): `close` beside the variant's fields closes the panel's step after the save (decision 0061).
 */
export const stepCloseInputSchema = z.object({ close: closeFlag.default(false) });

/**
 * 'Scheduled Placeholder' and 'Schedule Pending' (spec 3 §7): start_date, id (the step ticket), company_id, site_id,
 * close. project_id is accepted instead of (or beside) id; the project's company and site are the project's own.
 */
export const projectDateInputSchema = z
  .object({
    start_date: isoDateText('start date'),
    id: optionalBoundedId(projectScheduleMessages.step).default(null),
    project_id: optionalBoundedId(projectScheduleMessages.project).default(null),
    company_id: z.unknown().optional(),
    site_id: z.unknown().optional(),
    close: closeFlag.default(false),
  })
  .refine((input) => input.id !== null || input.project_id !== null, {
    path: ['id'],
    message: projectScheduleMessages.step,
  });
export type ProjectDateInput = z.output<typeof projectDateInputSchema>;

const timeOfDayPattern = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const isTimeOfDay = (value: unknown) => typeof value === 'string' && timeOfDayPattern.test(value);
const timeOfDay = (message: string) =>
  z
    .string({ error: message })
    .regex(timeOfDayPattern, message)
    .transform((value) => value.slice(0, 5));

/** One slot of Schedule Project Date as the form sends it (spec 3 §3 Schedule slot); id only for a saved slot. */
export const scheduleSlotInputSchema = z
  .object({
    id: optionalBoundedId(projectScheduleMessages.step).default(null),
    start_date: isoDateText('start date'),
    start_time: timeOfDay(projectScheduleMessages.startTime),
    end_time: timeOfDay(projectScheduleMessages.endTime),
    employee_id: boundedId(projectScheduleMessages.employee),
  })
  // Spec 3 §5: the end time's minimum is the start time.
  .refine((slot) => !isTimeOfDay(slot.start_time) || !isTimeOfDay(slot.end_time) || slot.end_time >= slot.start_time, {
    path: ['end_time'],
    message: projectScheduleMessages.endBeforeStart,
  });

/** 'Schedule Project Date' (spec 3 §7): the project's whole list of slots, replacing the saved one. */
export const scheduleProjectDateInputSchema = z.object({
  dates: z
    .array(scheduleSlotInputSchema, { error: projectScheduleMessages.dates })
    .max(200, projectScheduleMessages.tooManySlots),
  project_id: boundedId(projectScheduleMessages.project),
  company_id: z.unknown().optional(),
  site_id: z.unknown().optional(),
});
export type ScheduleProjectDateInput = z.output<typeof scheduleProjectDateInputSchema>;

/** A reserved slot as GET /api/project/{id} answers it (schedule_dates), with its technician and whether active. */
export const scheduleSlotSchema = z.object({
  id: z.number().int(),
  start_date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  employee_id: z.number().int(),
  employee: z.object({ id: z.number().int(), name: z.string(), active: z.boolean() }),
});
export type ScheduleSlot = z.infer<typeof scheduleSlotSchema>;

/** 'Completion Verification' (spec 3 §7): status 1 marks the project complete, 0 clears it. */
export const completionInputSchema = z.object({
  project_id: boundedId(projectScheduleMessages.project),
  status: zeroOrOne(projectScheduleMessages.completionStatus),
});
export type CompletionInput = z.output<typeof completionInputSchema>;

/** GET /api/project/{id}: the project with its related lists (spec 3 §3 Project). */
export const projectDetailSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  company_id: z.number().int(),
  site_id: z.number().int().nullable(),
  client_user_id: z.number().int().nullable(),
  coordinator_id: z.number().int().nullable(),
  planner_id: z.number().int().nullable(),
  researcher_id: z.number().int().nullable(),
  quoter_id: z.number().int().nullable(),
  labor_required: z.number().int(),
  procurement_required: z.number().int(),
  verbally_approved: z.number().int(),
  notes: z.string(),
  goals: z.string(),
  latest_notes: z.string(),
  latest_goals: z.string(),
  company: namedSchema,
  site: namedSchema.nullable(),
  client_user: namedSchema.nullable(),
  coordinator: namedSchema.nullable(),
  planner: namedSchema.nullable(),
  researcher: namedSchema.nullable(),
  quoter: namedSchema.nullable(),
  latest_ticket: projectRowSchema.shape.latest_ticket,
  billed: projectRowSchema.shape.billed,
  created_at: z.string(),
  completed_at: z.string().nullable(),
  completed_by: namedSchema.nullable(),
  flags: z.array(flagSchema),
  tickets: z.array(projectStepTicketSchema),
  check_ins: z.array(checkInSchema),
  /** The contact card's e-mail thread: the Planning Approval step ticket's (decision 0044). */
  threads: z.array(ticketThreadSchema),
  // The step panels' own lists, filled as each panel is built (issue 18).
  invoices: z.array(projectInvoiceSchema),
  product_requirements: z.array(productRequirementSchema),
  // Decision 0047: every quote of the project (staff only), for Project Quotes and the Labor Quote Approval gate.
  quotes: z.array(projectQuoteSchema),
  planning_approvals: z.array(approvalSchema),
  labor_approvals: z.array(approvalSchema),
  procurements: z.array(procurementSchema),
  schedule_dates: z.array(scheduleSlotSchema),
  labor_steps: z.array(laborStepSchema),
  scheduled_placeholder: z.object({ id: z.number().int(), start_date: z.string() }).nullable(),
  pending_project: z.object({ id: z.number().int(), start_date: z.string() }).nullable(),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;
