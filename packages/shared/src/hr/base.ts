import { z } from 'zod';
import { timeOffReasons } from '../pto.ts';

// HR base data and its administration (designs/hr.md §2.1, §8; decisions 0102-0104): the kinds of request
// (categories), the hiring pipeline's stages (steps) and the HR settings, one contract for forms and routes.

export const hrCategoryKinds = ['time_off', 'equipment', 'schedule_change', 'general'] as const;
export const hrApprovalRoutes = ['manager', 'hr', 'manager_then_hr'] as const;
export const hrStepKinds = ['active', 'hired', 'rejected'] as const;

export const hrCategoryKindLabels: Record<(typeof hrCategoryKinds)[number], string> = {
  time_off: 'Time off',
  equipment: 'Equipment',
  schedule_change: 'Schedule change',
  general: 'Other',
};
export const hrApprovalLabels: Record<(typeof hrApprovalRoutes)[number], string> = {
  manager: 'Manager',
  hr: 'HR',
  manager_then_hr: 'Manager, then HR',
};
export const hrStepKindLabels: Record<(typeof hrStepKinds)[number], string> = {
  active: 'In progress',
  hired: 'Hired',
  rejected: 'Rejected',
};

export const hrMessages = {
  categorySaved: 'Category saved.',
  categoryDeleted: 'Category deleted.',
  categoryDeactivated: 'The category has requests: it was deactivated.',
  categoryHasRequests: 'The category has requests.',
  stepSaved: 'Step saved.',
  stepDeleted: 'Step deleted.',
  stepHasApplicants: 'The step still has applicants.',
  lastHiredStep: 'One hired step must stay active.',
  lastRejectedStep: 'One rejected step must stay active.',
  orderSaved: 'Order saved.',
  orderMismatch: 'The order must name every entry once.',
  settingsSaved: 'HR settings saved.',
  nameTaken: 'The name has already been taken.',
} as const;

const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: 'The colour must be a hex colour such as #228be6.' });
const name = z
  .string({ message: 'The name field is required.' })
  .trim()
  .min(1, { message: 'The name field is required.' })
  .max(80, { message: 'The name may not be greater than 80 characters.' });

export const hrCategoryInputSchema = z.object({
  name,
  kind: z.enum(hrCategoryKinds, { message: 'Choose what kind of request this is.' }),
  approval: z.enum(hrApprovalRoutes, { message: 'Choose who approves.' }),
  color: hexColor,
  instructions: z.string().trim().max(2000, { message: 'Keep the instructions under 2,000 characters.' }).default(''),
  active: z.boolean().default(true),
});
export type HrCategoryInput = z.infer<typeof hrCategoryInputSchema>;

const templateText = (max: number) => z.string().trim().max(max).default('');
export const hrStepInputSchema = z
  .object({
    name,
    kind: z.enum(hrStepKinds, { message: 'Choose the kind of step.' }),
    color: hexColor,
    email_subject: templateText(200),
    email_body: templateText(10_000),
    active: z.boolean().default(true),
  })
  .refine((step) => (step.email_subject === '') === (step.email_body === ''), {
    message: 'An e-mail template needs both a subject and a body.',
    path: ['email_body'],
  });
export type HrStepInput = z.infer<typeof hrStepInputSchema>;

/** POST /api/hr/categories/order and /api/hr/steps/order: every id once, in the new order. */
export const hrOrderInputSchema = z.object({
  ids: z.array(z.number().int().positive()).min(1, { message: 'The order must name every entry once.' }),
});

export const hrCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(hrCategoryKinds),
  approval: z.enum(hrApprovalRoutes),
  color: z.string(),
  instructions: z.string(),
  active: z.boolean(),
  sort_order: z.number().int(),
});
export type HrCategory = z.infer<typeof hrCategorySchema>;

export const hrStepSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(hrStepKinds),
  color: z.string(),
  email_subject: z.string(),
  email_body: z.string(),
  active: z.boolean(),
  sort_order: z.number().int(),
});
export type HrStep = z.infer<typeof hrStepSchema>;

const weekdayHours = z
  .number({ message: 'Hours must be a number.' })
  .min(0, { message: 'Hours must be between 0 and 24.' })
  .max(24, { message: 'Hours must be between 0 and 24.' })
  .multipleOf(0.25, { message: 'Hours go in quarter-hour steps.' });
const slotTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):(00|30)$/, { message: 'A release slot is a half hour such as 09:00.' });
const months = z.number().int().min(1, { message: 'At least 1 month.' }).max(120, { message: 'At most 120 months.' });

/**
 * The HR settings (designs/hr.md §2.3, §2.2, §4, §5): the company week (ISO weekday 1 = Monday to 7 = Sunday, hours
 * scheduled), backdating, what a negative balance does, Unpaid allowed, escalation, release slots and retention.
 */
export const hrSettingsSchema = z.object({
  work_week: z
    .record(z.enum(['1', '2', '3', '4', '5', '6', '7']), weekdayHours)
    .refine((week) => Object.keys(week).length === 7, { message: 'Give the hours of all seven weekdays.' })
    .refine((week) => Object.values(week).some((hours) => hours > 0), {
      message: 'The week needs at least one working day.',
    }),
  backdate_days: z.number().int().min(0, { message: 'Between 0 and 365 days.' }).max(365, {
    message: 'Between 0 and 365 days.',
  }),
  negative_balance: z.enum(['warn', 'block'], { message: 'Choose warn or block.' }),
  unpaid_allowed: z.boolean(),
  escalate_after_days: z.number().int().min(1, { message: 'Between 1 and 30 days.' }).max(30, {
    message: 'Between 1 and 30 days.',
  }),
  anon_release_slots: z
    .array(slotTime)
    .min(1, { message: 'Keep at least one release slot.' })
    .max(6, { message: 'At most six release slots.' })
    .refine((slots) => new Set(slots).size === slots.length, { message: 'Each release slot once.' }),
  anon_retention_months: months,
  applicant_retention_months: months,
});
export type HrSettings = z.infer<typeof hrSettingsSchema>;

export const defaultHrSettings: HrSettings = {
  work_week: { '1': 8, '2': 8, '3': 8, '4': 8, '5': 8, '6': 0, '7': 0 },
  backdate_days: 30,
  negative_balance: 'warn',
  unpaid_allowed: true,
  escalate_after_days: 3,
  anon_release_slots: ['09:00', '15:00'],
  anon_retention_months: 24,
  applicant_retention_months: 24,
};

/** GET /api/hr/base (spec 1 §7.2: data.categories, data.steps; designs/hr.md §2.1 adds reasons and anon readers). */
export const hrBaseResponseSchema = z.object({
  data: z.object({
    categories: z.array(hrCategorySchema),
    steps: z.array(hrStepSchema),
    reasons: z.array(z.enum(timeOffReasons)),
    anon_readers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
});
export type HrBase = z.infer<typeof hrBaseResponseSchema>['data'];

/** HrBaseUpdated on `store`: categories, steps or the readers changed; every /hr page refetches the base data. */
export const hrBaseUpdatedEvent = 'HrBaseUpdated';

/** ISO weekdays as the week's keys: '1' = Monday to '7' = Sunday. */
export const isoWeekdayKeys = ['1', '2', '3', '4', '5', '6', '7'] as const;

/**
 * An employee's own week (designs/hr.md §2.3, employees.work_hours): the hours of all seven ISO weekdays, 0-24 in
 * quarter hours, the same rule as the company week of the HR settings (which also needs one working day).
 */
export const workHoursSchema = z
  .partialRecord(z.enum(isoWeekdayKeys, { message: 'The weekdays are 1 (Monday) to 7 (Sunday).' }), weekdayHours)
  .refine((week) => Object.keys(week).length === 7, { message: 'Give the hours of all seven weekdays.' })
  .transform((week) => week as Record<(typeof isoWeekdayKeys)[number], number>);
export type WorkHours = z.infer<typeof workHoursSchema>;
