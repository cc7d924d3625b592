import { csvCell } from '@switchboard/shared/csv';
import {
  isAnswerField,
  type HrFormField,
  type HrFormSubmissionRow,
  type HrFormSubmissionsQuery,
} from '@switchboard/shared/hr/forms';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/db-types.ts';
import { paginate, type Page } from '../../db/paginate.ts';
import { notFound } from '../../plugins/errors.ts';
import { users } from '../users/users.table.ts';
import { assignmentStatus, todayUtc } from './hr-forms.service.ts';
import { hrFormAssignments, hrForms, hrFormSubmissions, hrFormVersions } from './hr-forms.table.ts';

// GET /api/hr/forms/{id}/submissions ('manage hr forms', designs/hr.md §3): who is done and who is outstanding, with
// the answers, as a page or as CSV (the same rows, all of them, one column per answer of the current version).

function statusWhere(formId: number, status: HrFormSubmissionsQuery['status']) {
  return and(
    eq(hrFormAssignments.formId, formId),
    isNull(hrFormAssignments.supersededAt),
    status === 'done' ? sql`${hrFormAssignments.submissionId} is not null` : undefined,
    status === 'outstanding' ? isNull(hrFormAssignments.submissionId) : undefined,
  );
}

const rowsQuery = (db: Db, formId: number, status: HrFormSubmissionsQuery['status']) =>
  db
    .select({
      id: hrFormAssignments.id,
      userId: hrFormAssignments.userId,
      userName: users.name,
      versionId: hrFormAssignments.versionId,
      version: hrFormVersions.version,
      assignedAt: hrFormAssignments.assignedAt,
      dueOn: hrFormAssignments.dueOn,
      submissionId: hrFormAssignments.submissionId,
      signedAt: hrFormSubmissions.signedAt,
      signedName: hrFormSubmissions.signedName,
      values: hrFormSubmissions.values,
    })
    .from(hrFormAssignments)
    .innerJoin(users, eq(users.id, hrFormAssignments.userId))
    .innerJoin(hrFormVersions, eq(hrFormVersions.id, hrFormAssignments.versionId))
    .leftJoin(hrFormSubmissions, eq(hrFormSubmissions.id, hrFormAssignments.submissionId))
    .where(statusWhere(formId, status))
    .orderBy(asc(users.name), asc(hrFormAssignments.id));

type Row = Awaited<ReturnType<typeof rowsQuery>>[number];

function rowOf(row: Row, today: string): HrFormSubmissionRow {
  return {
    id: row.id,
    user: { id: row.userId, name: row.userName },
    version_id: row.versionId,
    version: row.version,
    assigned_at: row.assignedAt.toISOString(),
    due_on: row.dueOn,
    status: assignmentStatus(row, today),
    submission_id: row.submissionId,
    signed_at: row.signedAt?.toISOString() ?? null,
    signed_name: row.signedName,
    values: row.values,
  };
}

async function requireForm(db: Db, formId: number) {
  const [form] = await db
    .select({ id: hrForms.id, title: hrForms.title, fields: hrFormVersions.fields })
    .from(hrForms)
    .leftJoin(hrFormVersions, eq(hrFormVersions.id, hrForms.currentVersionId))
    .where(eq(hrForms.id, formId));
  if (!form) throw notFound();
  return form;
}

export async function listSubmissions(
  db: Db,
  formId: number,
  query: HrFormSubmissionsQuery,
  today = todayUtc(),
): Promise<Page<HrFormSubmissionRow>> {
  await requireForm(db, formId);
  return paginate(
    query,
    () => db.$count(hrFormAssignments, statusWhere(formId, query.status)),
    async (limit, offset) =>
      (await rowsQuery(db, formId, query.status).limit(limit).offset(offset)).map((row) => rowOf(row, today)),
  );
}

/** An answer as a spreadsheet cell: lists joined with '; ', yes/no spelled, a file by its name. */
export function answerText(field: HrFormField, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field.kind === 'yes_no') return value === true ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join('; ');
  if (typeof value === 'object') return String((value as { name?: unknown }).name ?? '');
  return String(value);
}

/** The CSV of the same rows as the list (all pages), one column per answer field of the current version. */
export async function submissionsCsv(
  db: Db,
  formId: number,
  query: HrFormSubmissionsQuery,
  today = todayUtc(),
): Promise<{ title: string; csv: string }> {
  const form = await requireForm(db, formId);
  const fields = (form.fields ?? []).filter(isAnswerField);
  const header = [
    'Name',
    'Status',
    'Version',
    'Assigned',
    'Due',
    'Signed at',
    'Signed name',
    ...fields.map((f) => f.label),
  ];
  const lines = [header.map(csvCell).join(',')];
  for (const raw of await rowsQuery(db, formId, query.status)) {
    const row = rowOf(raw, today);
    const values = row.values ?? {};
    lines.push(
      [
        row.user.name,
        row.status,
        row.version,
        row.assigned_at,
        row.due_on,
        row.signed_at,
        row.signed_name,
        ...fields.map((field) => answerText(field, values[field.key])),
      ]
        .map((cell) => csvCell(cell ?? null))
        .join(','),
    );
  }
  return { title: form.title, csv: `${lines.join('\r\n')}\r\n` };
}
