import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  hrApplicantEventTypes,
  hrApplicantFileKinds,
  hrApplicantSources,
  hrInterviewKinds,
  hrInterviewStatuses,
  hrJobEmploymentTypes,
  hrJobStatuses,
  hrJobWorkplaces,
  hrRecommendations,
} from '@switchboard/shared/hr/jobs';
import { departments, regions } from '../reference/reference.table.ts';
import { users } from '../users/users.table.ts';
import { hrSteps } from './hr.table.ts';

// Hiring (designs/hr.md §5): openings, applicants on the board of hr_steps, their files and timeline, interviews and
// each interviewer's scorecard. The HR calendar reads hr_interviews and hr_interviewers.

export const hrJobs = pgTable(
  'hr_jobs',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'set null' }),
    regionId: integer('region_id').references(() => regions.id, { onDelete: 'set null' }),
    employmentType: text('employment_type', { enum: hrJobEmploymentTypes }).notNull(),
    workplace: text('workplace', { enum: hrJobWorkplaces }).notNull(),
    salaryMin: numeric('salary_min', { precision: 12, scale: 2, mode: 'number' }),
    salaryMax: numeric('salary_max', { precision: 12, scale: 2, mode: 'number' }),
    openings: integer('openings').notNull().default(1),
    hiringManagerId: integer('hiring_manager_id').references(() => users.id, { onDelete: 'set null' }),
    descriptionHtml: text('description_html').notNull().default(''),
    status: text('status', { enum: hrJobStatuses }).notNull().default('draft'),
    openedOn: date('opened_on'),
    targetOn: date('target_on'),
    closedOn: date('closed_on'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('hr_jobs_status_idx').on(t.status, t.id),
    index('hr_jobs_department_idx').on(t.departmentId),
    index('hr_jobs_region_idx').on(t.regionId),
    index('hr_jobs_hiring_manager_idx').on(t.hiringManagerId),
  ],
);

export const hrApplicants = pgTable(
  'hr_applicants',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => hrJobs.id, { onDelete: 'restrict' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    linkedinUrl: text('linkedin_url').notNull().default(''),
    source: text('source', { enum: hrApplicantSources }).notNull().default('other'),
    referredBy: integer('referred_by').references(() => users.id, { onDelete: 'set null' }),
    // Restrict: hr-base refuses to delete a step that still has applicants.
    stepId: integer('step_id')
      .notNull()
      .references(() => hrSteps.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
    rating: smallint('rating'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    rejectionReason: text('rejection_reason').notNull().default(''),
    employeeUserId: integer('employee_user_id').references(() => users.id, { onDelete: 'set null' }),
    stepEnteredAt: timestamp('step_entered_at', { withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('hr_applicants_board_idx').on(t.jobId, t.stepId, t.position),
    index('hr_applicants_step_idx').on(t.stepId),
    index('hr_applicants_email_idx').on(sql`lower(${t.email})`),
    index('hr_applicants_referred_by_idx').on(t.referredBy),
    index('hr_applicants_employee_idx').on(t.employeeUserId),
    index('hr_applicants_activity_idx').on(t.lastActivityAt),
  ],
);

export const hrApplicantFiles = pgTable(
  'hr_applicant_files',
  {
    id: serial('id').primaryKey(),
    applicantId: integer('applicant_id')
      .notNull()
      .references(() => hrApplicants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: hrApplicantFileKinds }).notNull(),
    storagePath: text('storage_path').notNull(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    mimetype: text('mimetype').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('hr_applicant_files_applicant_idx').on(t.applicantId, t.id),
    uniqueIndex('hr_applicant_files_path_unique').on(t.storagePath),
    index('hr_applicant_files_uploaded_by_idx').on(t.uploadedBy),
  ],
);

export const hrApplicantEvents = pgTable(
  'hr_applicant_events',
  {
    id: serial('id').primaryKey(),
    applicantId: integer('applicant_id')
      .notNull()
      .references(() => hrApplicants.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type', { enum: hrApplicantEventTypes }).notNull(),
    fromStepId: integer('from_step_id').references(() => hrSteps.id, { onDelete: 'set null' }),
    toStepId: integer('to_step_id').references(() => hrSteps.id, { onDelete: 'set null' }),
    body: text('body').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('hr_applicant_events_applicant_idx').on(t.applicantId, t.createdAt),
    index('hr_applicant_events_actor_idx').on(t.actorId),
    index('hr_applicant_events_from_step_idx').on(t.fromStepId),
    index('hr_applicant_events_to_step_idx').on(t.toStepId),
  ],
);

export const hrInterviews = pgTable(
  'hr_interviews',
  {
    id: serial('id').primaryKey(),
    applicantId: integer('applicant_id')
      .notNull()
      .references(() => hrApplicants.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    kind: text('kind', { enum: hrInterviewKinds }).notNull(),
    location: text('location').notNull().default(''),
    status: text('status', { enum: hrInterviewStatuses }).notNull().default('scheduled'),
    /** The .ics invitation's UID (stable for the interview's life) and SEQUENCE (up on every reschedule). */
    icsUid: text('ics_uid').notNull(),
    sequence: integer('sequence').notNull().default(0),
    /** Set when the hour-before notification went out; cleared on reschedule. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('hr_interviews_applicant_idx').on(t.applicantId, t.startsAt),
    index('hr_interviews_starts_idx').on(t.startsAt),
    uniqueIndex('hr_interviews_ics_uid_unique').on(t.icsUid),
    index('hr_interviews_created_by_idx').on(t.createdBy),
  ],
);

export const hrInterviewers = pgTable(
  'hr_interviewers',
  {
    interviewId: integer('interview_id')
      .notNull()
      .references(() => hrInterviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating'),
    recommendation: text('recommendation', { enum: hrRecommendations }),
    feedback: text('feedback'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.interviewId, t.userId] }),
    index('hr_interviewers_user_idx').on(t.userId, t.interviewId),
  ],
);
