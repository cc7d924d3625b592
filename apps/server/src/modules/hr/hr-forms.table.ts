import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { hrFormKinds, type HrFormAudience, type HrFormField } from '@switchboard/shared/hr/forms';
import { users } from '../users/users.table.ts';

// HR forms (designs/hr.md §3): forms with their editable draft, frozen versions, assignments and signed submissions.
// Versions and submissions are evidence: a trigger of the migration refuses any UPDATE or DELETE of them.

/** A PDF for a form's body or a file answer, under DATA_DIR/uploads/hr-forms. */
export const hrFormFiles = pgTable(
  'hr_form_files',
  {
    id: serial('id').primaryKey(),
    path: text('path').notNull(),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('hr_form_files_uploaded_by_idx').on(t.uploadedBy)],
);

export const hrForms = pgTable(
  'hr_forms',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: hrFormKinds }).notNull(),
    /** The draft: edited freely, frozen into a version by Publish. */
    bodyHtml: text('body_html').notNull().default(''),
    fileId: integer('file_id').references(() => hrFormFiles.id),
    fields: jsonb('fields').$type<HrFormField[]>().notNull().default([]),
    draftUpdatedAt: timestamp('draft_updated_at', { withTimezone: true }).notNull().defaultNow(),
    currentVersionId: integer('current_version_id').references((): AnyPgColumn => hrFormVersions.id),
    dueDays: integer('due_days'),
    renewMonths: integer('renew_months'),
    audience: jsonb('audience').$type<HrFormAudience>(),
    /** When the audience was last saved: new hires are employees created after it. */
    audienceSavedAt: timestamp('audience_saved_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('hr_forms_title_idx').on(sql`lower(${t.title})`, t.id),
    index('hr_forms_file_idx').on(t.fileId),
    index('hr_forms_current_version_idx').on(t.currentVersionId),
  ],
);

export const hrFormVersions = pgTable(
  'hr_form_versions',
  {
    id: serial('id').primaryKey(),
    formId: integer('form_id')
      .notNull()
      .references(() => hrForms.id),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    kind: text('kind', { enum: hrFormKinds }).notNull(),
    bodyHtml: text('body_html').notNull(),
    fileId: integer('file_id').references(() => hrFormFiles.id),
    fields: jsonb('fields').$type<HrFormField[]>().notNull(),
    /** SHA-256 of the rendered content (title, kind, body, the file's own hash, fields) as canonical JSON. */
    contentSha256: text('content_sha256').notNull(),
    requireResign: boolean('require_resign').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: integer('published_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('hr_form_versions_form_version_unique').on(t.formId, t.version),
    index('hr_form_versions_file_idx').on(t.fileId),
  ],
);

export const hrFormAssignments = pgTable(
  'hr_form_assignments',
  {
    id: serial('id').primaryKey(),
    formId: integer('form_id')
      .notNull()
      .references(() => hrForms.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The version to sign: moves to a newer one while outstanding. */
    versionId: integer('version_id')
      .notNull()
      .references(() => hrFormVersions.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    dueOn: date('due_on'),
    submissionId: integer('submission_id').references((): AnyPgColumn => hrFormSubmissions.id),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** Set when a new assignment (re-sign, renewal) replaces this one; its submission stays. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [
    index('hr_form_assignments_user_due_idx').on(t.userId, t.dueOn),
    // One current assignment per person and form.
    uniqueIndex('hr_form_assignments_current_unique')
      .on(t.formId, t.userId)
      .where(sql`${t.supersededAt} is null`),
    index('hr_form_assignments_outstanding_due_idx')
      .on(t.dueOn)
      .where(sql`${t.supersededAt} is null and ${t.submissionId} is null`),
    index('hr_form_assignments_version_idx').on(t.versionId),
    index('hr_form_assignments_submission_idx').on(t.submissionId),
  ],
);

export const hrFormSubmissions = pgTable(
  'hr_form_submissions',
  {
    id: serial('id').primaryKey(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => hrFormAssignments.id),
    formId: integer('form_id')
      .notNull()
      .references(() => hrForms.id),
    versionId: integer('version_id')
      .notNull()
      .references(() => hrFormVersions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    acknowledged: boolean('acknowledged').notNull(),
    signedName: text('signed_name').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The signer's IANA zone at signing (their employee record's, else UTC), for the signature block. */
    timeZone: text('time_zone').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** The signed version's content_sha256. */
    sha256: text('sha256').notNull(),
  },
  (t) => [
    uniqueIndex('hr_form_submissions_assignment_unique').on(t.assignmentId),
    index('hr_form_submissions_user_idx').on(t.userId),
    index('hr_form_submissions_form_idx').on(t.formId, t.signedAt),
    index('hr_form_submissions_version_idx').on(t.versionId),
  ],
);
