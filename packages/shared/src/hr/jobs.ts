import { z } from 'zod';
import { hrStepKinds } from './base.ts';

// Hiring (designs/hr.md §5, §8): openings, applicants on a board of steps, interviews with scorecards. One contract for
// the /hr/jobs pages and the /api/hr/jobs, /api/hr/applicants and /api/hr/interviews routes.

export const hrJobEmploymentTypes = ['full_time', 'part_time', 'contract', 'internship'] as const;
export const hrJobWorkplaces = ['on_site', 'hybrid', 'remote'] as const;
export const hrJobStatuses = ['draft', 'open', 'on_hold', 'filled', 'closed'] as const;
export const hrApplicantSources = ['referral', 'job_board', 'website', 'agency', 'other'] as const;
export const hrApplicantFileKinds = ['resume', 'cover_letter', 'other'] as const;
export const hrInterviewKinds = ['phone', 'video', 'on_site'] as const;
export const hrInterviewStatuses = ['scheduled', 'cancelled'] as const;
export const hrRecommendations = ['strong_yes', 'yes', 'no', 'strong_no'] as const;
export const hrApplicantEventTypes = [
  'created',
  'updated',
  'moved',
  'note',
  'email',
  'file',
  'interview',
  'interview_cancelled',
  'feedback',
  'hired',
] as const;

export type HrJobEmploymentType = (typeof hrJobEmploymentTypes)[number];
export type HrJobWorkplace = (typeof hrJobWorkplaces)[number];
export type HrJobStatus = (typeof hrJobStatuses)[number];
export type HrApplicantSource = (typeof hrApplicantSources)[number];
export type HrApplicantFileKind = (typeof hrApplicantFileKinds)[number];
export type HrInterviewKind = (typeof hrInterviewKinds)[number];
export type HrInterviewStatus = (typeof hrInterviewStatuses)[number];
export type HrRecommendation = (typeof hrRecommendations)[number];
export type HrApplicantEventType = (typeof hrApplicantEventTypes)[number];

export const hrJobEmploymentTypeLabels: Record<HrJobEmploymentType, string> = {
  full_time: 'Full-time',
  part_time: 'Part-time',
  contract: 'Contract',
  internship: 'Internship',
};
export const hrJobWorkplaceLabels: Record<HrJobWorkplace, string> = {
  on_site: 'On-site',
  hybrid: 'Hybrid',
  remote: 'Remote',
};
export const hrJobStatusLabels: Record<HrJobStatus, string> = {
  draft: 'Draft',
  open: 'Open',
  on_hold: 'On hold',
  filled: 'Filled',
  closed: 'Closed',
};
export const hrApplicantSourceLabels: Record<HrApplicantSource, string> = {
  referral: 'Referral',
  job_board: 'Job board',
  website: 'Website',
  agency: 'Agency',
  other: 'Other',
};
export const hrApplicantFileKindLabels: Record<HrApplicantFileKind, string> = {
  resume: 'Resume',
  cover_letter: 'Cover letter',
  other: 'Other',
};
export const hrInterviewKindLabels: Record<HrInterviewKind, string> = {
  phone: 'Phone',
  video: 'Video',
  on_site: 'On-site',
};
export const hrRecommendationLabels: Record<HrRecommendation, string> = {
  strong_yes: 'Strong yes',
  yes: 'Yes',
  no: 'No',
  strong_no: 'Strong no',
};

/** Applicant files: PDF, DOC or DOCX (checked by content on the server), 10 MB each, 5 per request. */
export const hrApplicantFileMaxBytes = 10 * 1024 * 1024;
export const hrApplicantFilesPerRequest = 5;
export const hrApplicantFileExtensions = ['pdf', 'doc', 'docx'] as const;

export const hrJobsMessages = {
  jobSaved: 'Job saved.',
  jobDeleted: 'Job deleted.',
  jobHasApplicants: 'The job still has applicants: close it instead.',
  applicantSaved: 'Applicant saved.',
  applicantDeleted: 'Applicant deleted.',
  applicantMoved: 'Applicant moved.',
  moveConflict: 'Someone moved this applicant first.',
  stepInactive: 'Choose an active step.',
  rejectionReasonRequired: 'Give the reason for the rejection.',
  noteAdded: 'Note added.',
  emailSent: 'E-mail sent.',
  filesAdded: 'Files added.',
  fileDeleted: 'File deleted.',
  fileRequired: 'Attach at least one file.',
  fileType: 'Files must be PDF, DOC or DOCX.',
  fileSize: 'Files may not be greater than 10 MB.',
  notHired: 'Move the applicant to a hired step first.',
  employeeLinked: 'Employee linked.',
  employeeNotFound: 'Choose an employee account.',
  interviewSaved: 'Interview saved.',
  interviewCancelled: 'Interview cancelled.',
  interviewCancelledAlready: 'The interview was cancelled.',
  feedbackSaved: 'Scorecard saved.',
  notInterviewer: 'Only the interviewers file scorecards.',
  interviewerNotFound: 'Choose employees as interviewers.',
  departmentNotFound: 'Choose a department from the list.',
  regionNotFound: 'Choose a region from the list.',
  hiringManagerNotFound: 'Choose an employee as hiring manager.',
  referrerNotFound: 'Choose the employee who referred the applicant.',
} as const;

/** "Applied to Senior Technician on 2026-03-02 (Rejected)": the warning on a known e-mail (designs/hr.md §5). */
export const hrKnownApplicantWarning = (title: string, appliedOn: string, step: string) =>
  `Applied to ${title} on ${appliedOn} (${step})`;
/** Interview warnings (designs/hr.md §5): an interviewer off, on a company holiday, or in another interview. */
export const hrInterviewerOffWarning = (name: string, date: string) => `${name} is off on ${date}.`;
export const hrInterviewerHolidayWarning = (name: string, date: string, holiday: string) =>
  `${name} is on holiday on ${date} (${holiday}).`;
export const hrInterviewerBusyWarning = (name: string, start: string, end: string) =>
  `${name} has another interview from ${start} to ${end}.`;

/** The step e-mail templates' placeholders (decision 0102). */
export const hrTemplatePlaceholders = ['{first_name}', '{job_title}', '{company_name}'] as const;
export function renderHrTemplate(
  text: string,
  values: { first_name: string; job_title: string; company_name: string },
): string {
  return text
    .replaceAll('{first_name}', values.first_name)
    .replaceAll('{job_title}', values.job_title)
    .replaceAll('{company_name}', values.company_name);
}

/** The 48 half-hour slots of the spec's calendar event dialog (spec 1 §9): 00:00 ... 23:30. */
export const halfHourSlots: readonly string[] = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 === 0 ? '00' : '30'}`,
);

// Multipart fields arrive as text: '' is "not given", numbers come as digits.
const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const numeric = (value: unknown) => {
  const v = blankToNull(value);
  return typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v;
};
const optionalId = (message: string) =>
  z.preprocess(numeric, z.number({ message }).int({ message }).positive({ message }).nullable()).default(null);
const isoDate = (message: string) =>
  z
    .string({ message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { message });
const text = (max: number, field: string) =>
  z
    .string()
    .trim()
    .max(max, { message: `The ${field} may not be greater than ${max} characters.` });
const requiredText = (max: number, field: string) =>
  z
    .string({ message: `The ${field} field is required.` })
    .trim()
    .min(1, { message: `The ${field} field is required.` })
    .max(max, { message: `The ${field} may not be greater than ${max} characters.` });
const money = z.preprocess(
  numeric,
  z
    .number({ message: 'The salary must be a number.' })
    .min(0, { message: 'The salary may not be negative.' })
    .max(100_000_000, { message: 'The salary is too large.' })
    .nullable(),
);

export const hrJobInputSchema = z
  .object({
    title: requiredText(120, 'title'),
    department_id: optionalId(hrJobsMessages.departmentNotFound),
    region_id: optionalId(hrJobsMessages.regionNotFound),
    employment_type: z.enum(hrJobEmploymentTypes, { message: 'Choose the employment type.' }),
    workplace: z.enum(hrJobWorkplaces, { message: 'Choose the workplace.' }),
    salary_min: money.default(null),
    salary_max: money.default(null),
    openings: z
      .number({ message: 'The openings must be a number.' })
      .int({ message: 'The openings must be a whole number.' })
      .min(1, { message: 'At least 1 opening.' })
      .max(999, { message: 'At most 999 openings.' })
      .default(1),
    hiring_manager_id: optionalId(hrJobsMessages.hiringManagerNotFound),
    description_html: z.string().max(100_000, { message: 'The description is too long.' }).default(''),
    status: z.enum(hrJobStatuses, { message: 'Choose the status.' }).default('draft'),
    target_on: isoDate('The target date must be a date.').nullable().default(null),
  })
  .refine((job) => job.salary_min === null || job.salary_max === null || job.salary_min <= job.salary_max, {
    message: 'The maximum salary may not be below the minimum.',
    path: ['salary_max'],
  });
export type HrJobInput = z.infer<typeof hrJobInputSchema>;
export type HrJobFormValues = z.input<typeof hrJobInputSchema>;

/** GET /api/hr/jobs: paged; status 'active' = Draft, Open and On hold. */
export const hrJobListQuerySchema = z.object({
  status: z.enum([...hrJobStatuses, 'active', 'all']).default('active'),
  search: z.string().trim().max(120).optional(),
  department_id: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
});
export type HrJobListQuery = z.infer<typeof hrJobListQuerySchema>;

const ref = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** Applicants per step (the list row's small bar), every step present with its count. */
export const hrStepCountSchema = z.object({ step_id: z.number().int(), count: z.number().int() });

export const hrJobRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  department: ref,
  region: ref,
  employment_type: z.enum(hrJobEmploymentTypes),
  workplace: z.enum(hrJobWorkplaces),
  status: z.enum(hrJobStatuses),
  openings: z.number().int(),
  hiring_manager: ref,
  opened_on: z.string().nullable(),
  closed_on: z.string().nullable(),
  target_on: z.string().nullable(),
  /** Days since opened_on (to closed_on when closed); null while Draft. */
  days_open: z.number().int().nullable(),
  applicants: z.number().int(),
  step_counts: z.array(hrStepCountSchema),
});
export type HrJobRow = z.infer<typeof hrJobRowSchema>;

export const hrJobSchema = hrJobRowSchema.extend({
  salary_min: z.number().nullable(),
  salary_max: z.number().nullable(),
  description_html: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type HrJob = z.infer<typeof hrJobSchema>;

export const hrNextInterviewSchema = z
  .object({ id: z.number().int(), starts_at: z.string(), kind: z.enum(hrInterviewKinds) })
  .nullable();

/** A card of the board (and the applicant table of details/{id}). */
export const hrBoardCardSchema = z.object({
  id: z.number().int(),
  job_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  source: z.enum(hrApplicantSources),
  rating: z.number().int().nullable(),
  tags: z.array(z.string()),
  step_id: z.number().int(),
  position: z.number().int(),
  /** When the applicant entered the current step (ISO). */
  step_entered_at: z.string(),
  days_in_step: z.number().int(),
  next_interview: hrNextInterviewSchema,
  created_at: z.string(),
});
export type HrBoardCard = z.infer<typeof hrBoardCardSchema>;

export const hrBoardColumnSchema = z.object({
  step: z.object({
    id: z.number().int(),
    name: z.string(),
    kind: z.enum(hrStepKinds),
    color: z.string(),
    active: z.boolean(),
    email_subject: z.string(),
    email_body: z.string(),
  }),
  cards: z.array(hrBoardCardSchema),
});

/** GET /api/hr/jobs/{id}/board: active steps in order, then Hired and Rejected; cards by position. */
export const hrBoardSchema = z.object({
  job: hrJobRowSchema,
  columns: z.array(hrBoardColumnSchema),
});
export type HrBoard = z.infer<typeof hrBoardSchema>;

const tags = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    if (trimmed.startsWith('[')) {
      try {
        return JSON.parse(trimmed) as unknown;
      } catch {
        return value;
      }
    }
    return trimmed === '' ? [] : trimmed.split(',');
  },
  z
    .array(z.string().trim().min(1).max(40, { message: 'A tag may not be greater than 40 characters.' }), {
      message: 'The tags must be a list.',
    })
    .max(20, { message: 'At most 20 tags.' }),
);

const applicantFields = {
  first_name: requiredText(80, 'first name'),
  last_name: requiredText(80, 'last name'),
  email: z
    .string({ message: 'The email field is required.' })
    .trim()
    .toLowerCase()
    .min(1, { message: 'The email field is required.' })
    .max(255, { message: 'The email may not be greater than 255 characters.' })
    .pipe(z.email({ message: 'The email must be a valid email address.' })),
  phone: text(40, 'phone').default(''),
  linkedin_url: z
    .string()
    .trim()
    .max(300, { message: 'The LinkedIn URL may not be greater than 300 characters.' })
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { message: 'The LinkedIn URL must be a link.' })
    .default(''),
  source: z.enum(hrApplicantSources, { message: 'Choose the source.' }).default('other'),
  referred_by: optionalId(hrJobsMessages.referrerNotFound),
  rating: z
    .preprocess(
      numeric,
      z
        .number({ message: 'The rating is 1 to 5.' })
        .int({ message: 'The rating is 1 to 5.' })
        .min(1, { message: 'The rating is 1 to 5.' })
        .max(5, { message: 'The rating is 1 to 5.' })
        .nullable(),
    )
    .default(null),
  tags: tags.default([]),
};

/**
 * POST /api/hr/jobs/{id}/applicants (multipart/form-data): these text fields (tags as a JSON array or comma-separated)
 * plus file fields named resume, cover_letter and other. Without step_id the applicant enters the first active step.
 */
export const hrApplicantCreateSchema = z.object({
  ...applicantFields,
  step_id: optionalId(hrJobsMessages.stepInactive),
});
export type HrApplicantCreateInput = z.infer<typeof hrApplicantCreateSchema>;
export type HrApplicantCreateValues = z.input<typeof hrApplicantCreateSchema>;

/** PUT /api/hr/applicants/{id} (JSON): the step changes through /move only. */
export const hrApplicantUpdateSchema = z.object({
  ...applicantFields,
  rejection_reason: text(500, 'rejection reason').default(''),
});
export type HrApplicantUpdateInput = z.infer<typeof hrApplicantUpdateSchema>;
export type HrApplicantUpdateValues = z.input<typeof hrApplicantUpdateSchema>;

/**
 * POST /api/hr/applicants/{id}/move: expected_step_id is the step the card was in when dragged; if someone moved it
 * first the answer is 409 with moveConflict. position is the 0-based index in the target column. Entering a rejected
 * step needs the reason.
 */
export const hrApplicantMoveSchema = z.object({
  step_id: z.number({ message: hrJobsMessages.stepInactive }).int().positive({ message: hrJobsMessages.stepInactive }),
  position: z
    .number({ message: 'The position must be a number.' })
    .int({ message: 'The position must be a whole number.' })
    .min(0, { message: 'The position may not be negative.' })
    .max(100_000, { message: 'The position is too large.' }),
  expected_step_id: z.number({ message: 'Give the step the applicant was in.' }).int().positive(),
  rejection_reason: text(500, 'rejection reason').optional(),
});
export type HrApplicantMoveInput = z.infer<typeof hrApplicantMoveSchema>;

export const hrApplicantNoteSchema = z.object({ body: requiredText(5000, 'note') });
export type HrApplicantNoteInput = z.infer<typeof hrApplicantNoteSchema>;

/**
 * POST /api/hr/applicants/{id}/email: a step's template (prefilled from base data's steps, edited) or a free e-mail.
 * The placeholders {first_name}, {job_title} and {company_name} are filled on the server.
 */
export const hrApplicantEmailSchema = z.object({
  subject: requiredText(200, 'subject'),
  body: requiredText(20_000, 'body'),
  step_id: optionalId(hrJobsMessages.stepInactive),
});
export type HrApplicantEmailInput = z.infer<typeof hrApplicantEmailSchema>;

/** POST /api/hr/applicants/{id}/files (multipart): kind plus one to five file fields named file. */
export const hrApplicantFilesFieldsSchema = z.object({
  kind: z.enum(hrApplicantFileKinds, { message: 'Choose the kind of file.' }).default('other'),
});

/**
 * POST /api/hr/applicants/{id}/hire: without a body it answers the prefill for /hr/employees/create (the page opens
 * as /hr/employees/create?applicant={id}); once the employee exists the page posts { employee_user_id } to link them.
 */
export const hrApplicantHireSchema = z.object({
  employee_user_id: z.number({ message: hrJobsMessages.employeeNotFound }).int().positive().optional(),
});
export type HrApplicantHireInput = z.infer<typeof hrApplicantHireSchema>;

export const hrHirePrefillSchema = z.object({
  applicant_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  title: z.string(),
  department_id: z.number().int().nullable(),
  region_id: z.number().int().nullable(),
  /** YYYY-MM-DD: the job's target date when it lies ahead, else null. */
  start_date: z.string().nullable(),
  employee_user_id: z.number().int().nullable(),
});
export type HrHirePrefill = z.infer<typeof hrHirePrefillSchema>;

export const hrApplicantFileSchema = z.object({
  id: z.number().int(),
  kind: z.enum(hrApplicantFileKinds),
  name: z.string(),
  size: z.number().int(),
  mimetype: z.string(),
  created_at: z.string(),
  /** GET /api{download_path} answers the file (an attachment); the same gates as the applicant. */
  download_path: z.string(),
});
export type HrApplicantFile = z.infer<typeof hrApplicantFileSchema>;

export const hrApplicantEventSchema = z.object({
  id: z.number().int(),
  type: z.enum(hrApplicantEventTypes),
  actor: ref,
  from_step_id: z.number().int().nullable(),
  to_step_id: z.number().int().nullable(),
  body: z.string(),
  created_at: z.string(),
});
export type HrApplicantEvent = z.infer<typeof hrApplicantEventSchema>;

export const hrInterviewerSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  submitted: z.boolean(),
  /** null until this interviewer filed, and for a reader who has not filed their own scorecard yet. */
  rating: z.number().int().nullable(),
  recommendation: z.enum(hrRecommendations).nullable(),
  feedback: z.string().nullable(),
  submitted_at: z.string().nullable(),
});

export const hrInterviewSchema = z.object({
  id: z.number().int(),
  applicant: z.object({
    id: z.number().int(),
    name: z.string(),
    job_id: z.number().int(),
    job_title: z.string(),
  }),
  starts_at: z.string(),
  ends_at: z.string(),
  kind: z.enum(hrInterviewKinds),
  location: z.string(),
  status: z.enum(hrInterviewStatuses),
  sequence: z.number().int(),
  interviewers: z.array(hrInterviewerSchema),
});
export type HrInterview = z.infer<typeof hrInterviewSchema>;

/** Answer of POST and PUT /api/hr/interviews: the interview and the warnings (an interviewer off or busy). */
export const hrInterviewSavedSchema = z.object({
  message: z.string(),
  data: hrInterviewSchema,
  warnings: z.array(z.string()),
});

/**
 * GET /api/hr/applicants/{id}: the drawer. access 'interviewer' (no 'manage jobs', an interviewer of this applicant)
 * answers only name, resumes and interviews with scorecards: e-mail, phone, links, tags, timeline and other files empty.
 */
export const hrApplicantDetailSchema = hrBoardCardSchema.extend({
  access: z.enum(['manage', 'interviewer']),
  job: z.object({ id: z.number().int(), title: z.string(), status: z.enum(hrJobStatuses) }),
  step: z.object({ id: z.number().int(), name: z.string(), kind: z.enum(hrStepKinds) }),
  phone: z.string(),
  linkedin_url: z.string(),
  referred_by: ref,
  rejection_reason: z.string(),
  employee_user_id: z.number().int().nullable(),
  last_activity_at: z.string(),
  files: z.array(hrApplicantFileSchema),
  interviews: z.array(hrInterviewSchema),
  timeline: z.array(hrApplicantEventSchema),
  /** "Applied to ... on ... (...)" for the same e-mail's other applications. */
  known_warnings: z.array(z.string()),
});
export type HrApplicantDetail = z.infer<typeof hrApplicantDetailSchema>;

/** POST /api/hr/jobs/{id}/applicants answers the card and the known-e-mail warnings. */
export const hrApplicantCreatedSchema = z.object({
  message: z.string(),
  data: hrApplicantDetailSchema,
  warnings: z.array(z.string()),
});

const timeSlot = (message: string) => z.string({ message }).refine((v) => halfHourSlots.includes(v), { message });

/**
 * POST /api/hr/interviews and PUT /api/hr/interviews/{id} (the spec's calendar event dialog): the date, start and end
 * from the 48 half-hour slots in time_zone (the browser's IANA zone), start before end.
 */
export const hrInterviewInputSchema = z
  .object({
    applicant_id: z.number({ message: 'Choose the applicant.' }).int().positive({ message: 'Choose the applicant.' }),
    date: isoDate('The date field is required.'),
    start_time: timeSlot('The start time field is required.'),
    end_time: timeSlot('The end time field is required.'),
    time_zone: z
      .string()
      .max(64)
      .refine(
        (zone) => {
          try {
            new Intl.DateTimeFormat('en-US', { timeZone: zone });
            return true;
          } catch {
            return false;
          }
        },
        { message: 'Choose a time zone.' },
      )
      .default('UTC'),
    kind: z.enum(hrInterviewKinds, { message: 'Choose the kind of interview.' }),
    location: text(500, 'place or link').default(''),
    interviewer_ids: z
      .array(z.number().int().positive(), { message: hrJobsMessages.interviewerNotFound })
      .min(1, { message: 'Choose at least one interviewer.' })
      .max(10, { message: 'At most 10 interviewers.' })
      .refine((ids) => new Set(ids).size === ids.length, { message: 'Each interviewer once.' }),
  })
  .refine((i) => i.start_time < i.end_time, {
    message: 'The start time may not be after the end time.',
    path: ['end_time'],
  });
export type HrInterviewInput = z.infer<typeof hrInterviewInputSchema>;
export type HrInterviewFormValues = z.input<typeof hrInterviewInputSchema>;

/** GET /api/hr/interviews?from&to (the interviewer's own list; everyone's with 'manage jobs'). */
export const hrInterviewListQuerySchema = z.object({
  from: isoDate('The from date must be a date.').optional(),
  to: isoDate('The to date must be a date.').optional(),
  applicant_id: z.coerce.number().int().positive().optional(),
});

/** POST /api/hr/interviews/{id}/feedback: the caller's scorecard. */
export const hrFeedbackInputSchema = z.object({
  rating: z
    .number({ message: 'The rating is 1 to 5.' })
    .int({ message: 'The rating is 1 to 5.' })
    .min(1, { message: 'The rating is 1 to 5.' })
    .max(5, { message: 'The rating is 1 to 5.' }),
  recommendation: z.enum(hrRecommendations, { message: 'Choose a recommendation.' }),
  notes: text(10_000, 'notes').default(''),
});
export type HrFeedbackInput = z.infer<typeof hrFeedbackInputSchema>;

// Events on hr_job_{id} ('manage jobs'); the board and drawer update from them.
export const hrApplicantMovedEvent = 'ApplicantMoved';
export const hrApplicantUpdatedEvent = 'ApplicantUpdated';
export const hrInterviewChangedEvent = 'InterviewChanged';
export const hrJobChannelEvents = [hrApplicantMovedEvent, hrApplicantUpdatedEvent, hrInterviewChangedEvent] as const;

/** ApplicantMoved: the card in its new place; from_step_id lets a board drop it from the old column. */
export interface HrApplicantMovedPayload {
  job_id: number;
  applicant_id: number;
  from_step_id: number;
  to_step_id: number;
  position: number;
  card: HrBoardCard;
}
/** ApplicantUpdated: card null when the applicant was deleted (or purged). */
export interface HrApplicantUpdatedPayload {
  job_id: number;
  applicant_id: number;
  card: HrBoardCard | null;
}
/** InterviewChanged: an interview was scheduled, moved, cancelled or got a scorecard. */
export interface HrInterviewChangedPayload {
  job_id: number;
  applicant_id: number;
  interview_id: number;
  status: HrInterviewStatus;
}
