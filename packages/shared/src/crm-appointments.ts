import { z } from 'zod';
import { calendarRangeQuerySchema, calendarRangeShape, halfHourSlots } from './calendar.ts';
import { isIsoDate } from './pto.ts';

/**
 * CRM appointments (designs/crm-softphone.md §2.2, §4.2, §4.11, §5): the API's bodies and answers, the dialog's form
 * (the spec's calendar dialog rules: a date, start and end from the 48 half-hour slots, end after start), the status
 * transitions and the calendar's colour per status. One contract for the dialog and the route.
 */

export const appointmentKinds = ['onsite', 'phone', 'video'] as const;
export type AppointmentKind = (typeof appointmentKinds)[number];
export const appointmentKindLabels: Record<AppointmentKind, string> = {
  onsite: 'On site',
  phone: 'Phone',
  video: 'Video',
};

export const appointmentStatuses = ['scheduled', 'held', 'no_show', 'cancelled'] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];
export const appointmentStatusLabels: Record<AppointmentStatus, string> = {
  scheduled: 'Scheduled',
  held: 'Held',
  no_show: 'No show',
  cancelled: 'Cancelled',
};
/** The calendar colours appointments by status (Mantine's blue, green, orange, grey). */
export const appointmentStatusColors: Record<AppointmentStatus, string> = {
  scheduled: '#228be6',
  held: '#40c057',
  no_show: '#fd7e14',
  cancelled: '#868e96',
};

/**
 * Which status may follow which: a scheduled appointment is held, missed (no show) or cancelled; a cancelled one may
 * be scheduled again; held and no show may be corrected into each other, but what happened never becomes scheduled.
 */
export const appointmentStatusTransitions: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  scheduled: ['held', 'no_show', 'cancelled'],
  held: ['no_show'],
  no_show: ['held'],
  cancelled: ['scheduled'],
};

export function mayChangeAppointmentStatus(from: AppointmentStatus, to: AppointmentStatus): boolean {
  return from === to || appointmentStatusTransitions[from].includes(to);
}

/** The statuses an appointment's form offers: its own and those that may follow it. */
export function appointmentStatusOptions(from: AppointmentStatus): AppointmentStatus[] {
  return [from, ...appointmentStatusTransitions[from]];
}

export const APPOINTMENT_LOCATION_MAX = 200;
export const APPOINTMENT_NOTES_MAX = 2000;
/** The longest appointment: a day. */
export const APPOINTMENT_MAX_HOURS = 24;

export const appointmentMessages = {
  saved: 'The appointment was saved.',
  created: 'The appointment was set.',
  deleted: 'The appointment was deleted.',
  leadRequired: 'The lead id field is required.',
  leadInvalid: 'The selected lead id is invalid.',
  assigneeInvalid: 'The selected assigned to is invalid.',
  assignSelfOnly: 'You may only assign appointments to yourself.',
  startsRequired: 'The starts at field is required.',
  endsRequired: 'The ends at field is required.',
  startsInvalid: 'The starts at is not a valid date.',
  endsInvalid: 'The ends at is not a valid date.',
  endsAfterStarts: 'The ends at must be a date after starts at.',
  tooLong: `An appointment may not be longer than ${APPOINTMENT_MAX_HOURS} hours.`,
  endTimeAfterStart: 'The end time must be after the start time.',
  onlyScheduledMoves: 'Only a scheduled appointment can be moved.',
  kindInvalid: 'The selected kind is invalid.',
  statusInvalid: 'The selected status is invalid.',
  rangeOrLead: 'Give a range (from and to) or a lead id.',
} as const;

export function statusChangeRefusedMessage(from: AppointmentStatus, to: AppointmentStatus): string {
  return `A ${appointmentStatusLabels[from].toLowerCase()} appointment cannot become ${appointmentStatusLabels[to].toLowerCase()}.`;
}

const instant = (required: string, invalid: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : invalid) })
    .refine((value) => value !== '', required)
    .pipe(z.iso.datetime({ offset: true, error: invalid }));

const text = (max: number, label: string) =>
  z.preprocess(
    (value) => (value === null || value === undefined ? '' : value),
    z
      .string({ error: `The ${label} must be a string.` })
      .trim()
      .max(max, `The ${label} may not be greater than ${max} characters.`),
  );

const optionalAssignee = z.preprocess(
  (value) => (value === '' || value === 0 || value === '0' ? null : value),
  z.coerce
    .number({ error: appointmentMessages.assigneeInvalid })
    .int()
    .positive(appointmentMessages.assigneeInvalid)
    .nullable()
    .optional(),
);

const kindSchema = z.enum(appointmentKinds, { error: appointmentMessages.kindInvalid });
const statusSchema = z.enum(appointmentStatuses, { error: appointmentMessages.statusInvalid });

const endsAfterStarts = (input: { starts_at?: string; ends_at?: string }) =>
  !input.starts_at || !input.ends_at || Date.parse(input.ends_at) > Date.parse(input.starts_at);
const withinADay = (input: { starts_at?: string; ends_at?: string }) =>
  !input.starts_at ||
  !input.ends_at ||
  Date.parse(input.ends_at) - Date.parse(input.starts_at) <= APPOINTMENT_MAX_HOURS * 3_600_000;

/** POST /api/crm/appointments. assigned_to null or absent: the caller. Times are instants with an offset. */
export const appointmentCreateInputSchema = z
  .object({
    lead_id: z.coerce
      .number({ error: appointmentMessages.leadRequired })
      .int(appointmentMessages.leadInvalid)
      .positive(appointmentMessages.leadInvalid)
      .max(2_147_483_647, appointmentMessages.leadInvalid),
    assigned_to: optionalAssignee,
    starts_at: instant(appointmentMessages.startsRequired, appointmentMessages.startsInvalid),
    ends_at: instant(appointmentMessages.endsRequired, appointmentMessages.endsInvalid),
    kind: kindSchema.default('onsite'),
    location: text(APPOINTMENT_LOCATION_MAX, 'location'),
    notes: text(APPOINTMENT_NOTES_MAX, 'notes'),
  })
  .refine(endsAfterStarts, { path: ['ends_at'], message: appointmentMessages.endsAfterStarts })
  .refine(withinADay, { path: ['ends_at'], message: appointmentMessages.tooLong });
export type AppointmentCreateInput = z.input<typeof appointmentCreateInputSchema>;
export type AppointmentCreate = z.output<typeof appointmentCreateInputSchema>;

/** PUT /api/crm/appointments/{id}: any of the fields, and the status (by the transitions). */
export const appointmentUpdateInputSchema = z
  .object({
    assigned_to: optionalAssignee,
    starts_at: instant(appointmentMessages.startsRequired, appointmentMessages.startsInvalid).optional(),
    ends_at: instant(appointmentMessages.endsRequired, appointmentMessages.endsInvalid).optional(),
    kind: kindSchema.optional(),
    location: text(APPOINTMENT_LOCATION_MAX, 'location').optional(),
    notes: text(APPOINTMENT_NOTES_MAX, 'notes').optional(),
    status: statusSchema.optional(),
  })
  .refine(endsAfterStarts, { path: ['ends_at'], message: appointmentMessages.endsAfterStarts })
  .refine(withinADay, { path: ['ends_at'], message: appointmentMessages.tooLong });
export type AppointmentUpdateInput = z.input<typeof appointmentUpdateInputSchema>;
export type AppointmentUpdate = z.output<typeof appointmentUpdateInputSchema>;

const personSchema = z.object({ id: z.number().int(), name: z.string() });

/** One appointment as GET, POST, PUT and the realtime events answer it. Instants are ISO strings in UTC. */
export const appointmentSchema = z.strictObject({
  id: z.number().int(),
  lead_id: z.number().int(),
  company_name: z.string(),
  contact_name: z.string().nullable(),
  set_by: personSchema.nullable(),
  assigned_to: personSchema,
  starts_at: z.string(),
  ends_at: z.string(),
  kind: z.enum(appointmentKinds),
  location: z.string(),
  notes: z.string(),
  status: z.enum(appointmentStatuses),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const appointmentResponseSchema = z.strictObject({ data: appointmentSchema });
export const appointmentSavedSchema = z.strictObject({ message: z.string(), data: appointmentSchema });
export const appointmentsResponseSchema = z.strictObject({ data: z.array(appointmentSchema) });

/** The most a list answers (a month of a busy team is far below it). */
export const APPOINTMENTS_LIST_MAX = 2000;

const optionalQueryId = z.preprocess(
  (value) => (value === '' || value === undefined ? undefined : value),
  z.coerce.number().int().positive().max(2_147_483_647).optional(),
);

/**
 * GET /api/crm/appointments: a calendar range (from, to: inclusive days, at most 400 apart, read in the viewer's
 * time zone `tz` offset) and/or a lead; agent narrows to one assignee; status to some statuses.
 */
export const appointmentListQuerySchema = z
  .object({
    from: calendarRangeShape.from.optional(),
    to: calendarRangeShape.to.optional(),
    lead_id: optionalQueryId,
    agent: optionalQueryId,
    /** Minutes east of UTC of the viewer's wall clock (the days of from/to); 0 when absent. */
    tz_offset: z.preprocess(
      (value) => (value === '' || value === undefined ? undefined : value),
      z.coerce.number().int().min(-840).max(840).default(0),
    ),
  })
  .superRefine((query, context) => {
    if (query.lead_id === undefined && (query.from === undefined || query.to === undefined)) {
      context.addIssue({ code: 'custom', path: ['from'], message: appointmentMessages.rangeOrLead });
      return;
    }
    if (query.from === undefined || query.to === undefined) return;
    const range = calendarRangeQuerySchema.safeParse({ from: query.from, to: query.to });
    if (!range.success) for (const issue of range.error.issues) context.addIssue({ ...issue, code: 'custom' });
  });
export type AppointmentListQuery = z.output<typeof appointmentListQuerySchema>;

/** The range of days a list covers, as instants: from's midnight to the midnight after `to`, at the offset. */
export function appointmentRangeInstants(from: string, to: string, tzOffsetMinutes: number): [Date, Date] {
  const start = Date.parse(`${from}T00:00:00Z`) - tzOffsetMinutes * 60_000;
  const end = Date.parse(`${to}T00:00:00Z`) + 86_400_000 - tzOffsetMinutes * 60_000;
  return [new Date(start), new Date(end)];
}

// ---- The dialog's form (spec 1 §2.6 rules) ----

const slot = (required: string) =>
  z
    .string({ error: required })
    .refine((value) => value !== '', required)
    .refine((value) => value === '' || halfHourSlots.includes(value), 'Choose a time on the half hour.');

/** The appointment dialog: the day, start and end from the 48 half-hour slots (end after start), and the rest. */
export const appointmentFormSchema = z
  .object({
    date: z
      .string({ error: 'The date field is required.' })
      .refine((value) => value !== '', 'The date field is required.')
      .refine((value) => value === '' || isIsoDate(value), 'The date is not a valid date.'),
    startTime: slot('The start time field is required.'),
    endTime: slot('The end time field is required.'),
    kind: kindSchema,
    assigned_to: z.string(),
    location: text(APPOINTMENT_LOCATION_MAX, 'location'),
    notes: text(APPOINTMENT_NOTES_MAX, 'notes'),
    status: statusSchema,
  })
  .refine((form) => form.startTime === '' || form.endTime === '' || form.endTime > form.startTime, {
    path: ['endTime'],
    message: appointmentMessages.endTimeAfterStart,
  });
export interface AppointmentFormValues {
  date: string;
  startTime: string;
  endTime: string;
  kind: AppointmentKind;
  /** '' is the user themself. */
  assigned_to: string;
  location: string;
  notes: string;
  status: AppointmentStatus;
}

/** The form's problems by field (first message each), or null when it may be sent. */
export function appointmentFormErrors(values: AppointmentFormValues): Record<string, string> | null {
  const parsed = appointmentFormSchema.safeParse(values);
  if (parsed.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '_')] ??= issue.message;
  return errors;
}

/** The wall-clock 'HH:mm' of a slot plus a day, as an instant; the browser passes its own zone's conversion. */
export type WallClockToInstant = (date: string, time: string) => string;

/** The form's values as the API's body (starts_at and ends_at from the day and the slots). */
export function appointmentBodyOf(values: AppointmentFormValues, toInstant: WallClockToInstant) {
  const parsed = appointmentFormSchema.parse(values);
  return {
    assigned_to: parsed.assigned_to === '' ? null : Number(parsed.assigned_to),
    starts_at: toInstant(parsed.date, parsed.startTime),
    ends_at: toInstant(parsed.date, parsed.endTime),
    kind: parsed.kind,
    location: parsed.location,
    notes: parsed.notes,
    status: parsed.status,
  };
}

/** The field names of the API mapped onto the form's (a 422 from the server lands on the dialog's fields). */
export const appointmentFieldOfApi: Record<string, string> = {
  starts_at: 'startTime',
  ends_at: 'endTime',
  lead_id: '_',
};
