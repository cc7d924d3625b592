import { createHash } from 'node:crypto';
import { sanitizeHtml } from '@switchboard/shared/html-policy';
import {
  buildFormSchema,
  formatCompletion,
  formNeedsAcknowledgement,
  hrFormAudienceSchema,
  hrFormMessages,
  namesMatch,
  type HrFormAssignInput,
  type HrFormAssignment,
  type HrFormAssignmentStatus,
  type HrFormDetail,
  type HrFormField,
  type HrFormInput,
  type HrFormListItem,
  type HrFormListQuery,
  type HrFormMineItem,
  type HrFormPublishInput,
  type HrFormSubmission,
  type HrFormSubmitInput,
  type HrFormVersion,
  type HrFormVersionSummary,
} from '@switchboard/shared/hr/forms';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTransaction, Transaction } from '../../db/db-types.ts';
import { paginate, type Page } from '../../db/paginate.ts';
import { conflict, notFound, unprocessable } from '../../plugins/errors.ts';
import { timezones } from '../reference/reference.table.ts';
import type { AuthContext } from '../users/auth-context.ts';
import { employees } from '../users/employees.table.ts';
import { users } from '../users/users.table.ts';
import { hrFormAssignments, hrFormFiles, hrForms, hrFormSubmissions, hrFormVersions } from './hr-forms.table.ts';

// HR forms (designs/hr.md §3): drafts edited freely, Publish freezes a version, assignments say who signs which
// version by when, a submission is the signed, immutable record. Routes are thin; the rules live here.

export const MANAGE_HR_FORMS = 'manage hr forms';
export const canManageForms = (auth: Pick<AuthContext, 'permissions'>): boolean =>
  auth.permissions.includes(MANAGE_HR_FORMS);

type FormRow = typeof hrForms.$inferSelect;
type VersionRow = typeof hrFormVersions.$inferSelect;
type FileRow = typeof hrFormFiles.$inferSelect;

/** Someone newly given a form to sign: told by a notification and HrFormAssigned after the commit. */
export interface AssignedNotice {
  userId: number;
  assignmentId: number;
  formId: number;
  title: string;
  dueOn: string | null;
}

const iso = (value: Date | null): string | null => value?.toISOString() ?? null;
const person = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });
const fileRef = (file: Pick<FileRow, 'id' | 'name' | 'size'> | null) =>
  file ? { id: file.id, name: file.name, size: file.size } : null;

/** The UTC calendar date `days` after `today` (YYYY-MM-DD). */
export function addDays(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
export const todayUtc = (): string => new Date().toISOString().slice(0, 10);

export function assignmentStatus(
  row: { submissionId: number | null; dueOn: string | null },
  today: string,
): HrFormAssignmentStatus {
  if (row.submissionId !== null) return 'done';
  return row.dueOn !== null && row.dueOn < today ? 'overdue' : 'outstanding';
}

/** SHA-256 of what a version shows, as canonical JSON (fixed key order; the file by its own hash). */
export function contentSha256(content: {
  title: string;
  kind: string;
  bodyHtml: string;
  fileSha256: string | null;
  fields: HrFormField[];
}): string {
  const canonical = JSON.stringify([content.title, content.kind, content.bodyHtml, content.fileSha256, content.fields]);
  return createHash('sha256').update(canonical).digest('hex');
}

// ---- Files --------------------------------------------------------------------------------------------------------

export async function recordFormFile(
  db: DbOrTransaction,
  file: { path: string; name: string; mimeType: string; size: number; sha256: string },
  actorId: number,
): Promise<FileRow> {
  const [row] = await db
    .insert(hrFormFiles)
    .values({ ...file, uploadedBy: actorId })
    .returning();
  return row!;
}

/**
 * A stored file if the caller may read it: its uploader, 'manage hr forms', or whoever holds a current assignment of
 * a form whose version shows it. Null (404) otherwise.
 */
export async function readableFormFile(db: Db, id: number, auth: AuthContext): Promise<FileRow | null> {
  const [file] = await db.select().from(hrFormFiles).where(eq(hrFormFiles.id, id));
  if (!file) return null;
  if (file.uploadedBy === auth.user.id || canManageForms(auth)) return file;
  const [assigned] = await db
    .select({ id: hrFormAssignments.id })
    .from(hrFormAssignments)
    .innerJoin(hrFormVersions, eq(hrFormVersions.id, hrFormAssignments.versionId))
    .where(and(eq(hrFormAssignments.userId, auth.user.id), eq(hrFormVersions.fileId, id)))
    .limit(1);
  return assigned ? file : null;
}

async function checkPdfFile(db: DbOrTransaction, fileId: number | null): Promise<void> {
  if (fileId === null) return;
  const [file] = await db.select().from(hrFormFiles).where(eq(hrFormFiles.id, fileId));
  if (!file) throw unprocessable({ file_id: [hrFormMessages.unknownFile] });
  if (file.mimeType !== 'application/pdf') throw unprocessable({ file_id: [hrFormMessages.pdfOnly] });
}

// ---- Drafts -------------------------------------------------------------------------------------------------------

function draftValues(input: HrFormInput) {
  const bodyHtml = input.body_html.trim() === '' ? '' : sanitizeHtml(input.body_html);
  if (bodyHtml !== '' && input.file_id !== null) throw unprocessable({ file_id: [hrFormMessages.bodyOrFile] });
  return {
    title: input.title,
    description: input.description,
    kind: input.kind,
    bodyHtml,
    fileId: input.file_id,
    fields: input.fields,
  };
}

/** POST /api/hr/forms: a new draft form. */
export async function createForm(db: Db, input: HrFormInput, actor: AuthContext): Promise<number> {
  const values = draftValues(input);
  await checkPdfFile(db, values.fileId);
  const [row] = await db
    .insert(hrForms)
    .values({ ...values, createdBy: actor.user.id })
    .returning({ id: hrForms.id });
  return row!.id;
}

/** PUT /api/hr/forms/{id}: the draft only; published versions never change. */
export async function updateForm(db: Db, id: number, input: HrFormInput): Promise<void> {
  const values = draftValues(input);
  await checkPdfFile(db, values.fileId);
  const updated = await db
    .update(hrForms)
    .set({ ...values, draftUpdatedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(hrForms.id, id))
    .returning({ id: hrForms.id });
  if (updated.length === 0) throw notFound();
}

/** POST /api/hr/forms/{id}/archive: archived forms leave every list and cannot be signed; nothing is deleted. */
export async function archiveForm(db: Db, id: number, archived: boolean): Promise<void> {
  const updated = await db
    .update(hrForms)
    .set({ archivedAt: archived ? sql`coalesce(${hrForms.archivedAt}, now())` : null, updatedAt: sql`now()` })
    .where(eq(hrForms.id, id))
    .returning({ id: hrForms.id });
  if (updated.length === 0) throw notFound();
}

// ---- Reads --------------------------------------------------------------------------------------------------------

const publisher = sql<
  string | null
>`(select ${users.name} from ${users} where ${users.id} = ${hrFormVersions.publishedBy})`;

function versionSummaryOf(row: VersionRow, publishedByName: string | null): HrFormVersionSummary {
  return {
    id: row.id,
    version: row.version,
    published_at: row.publishedAt.toISOString(),
    published_by: person(row.publishedBy, publishedByName),
    require_resign: row.requireResign,
    content_sha256: row.contentSha256,
  };
}

async function loadVersion(db: DbOrTransaction, versionId: number | null): Promise<HrFormVersion | null> {
  if (versionId === null) return null;
  const [row] = await db
    .select({ version: hrFormVersions, publisher, file: hrFormFiles })
    .from(hrFormVersions)
    .leftJoin(hrFormFiles, eq(hrFormFiles.id, hrFormVersions.fileId))
    .where(eq(hrFormVersions.id, versionId));
  if (!row) return null;
  const { version } = row;
  return {
    ...versionSummaryOf(version, row.publisher),
    form_id: version.formId,
    title: version.title,
    kind: version.kind,
    body_html: version.bodyHtml,
    file: fileRef(row.file),
    fields: version.fields,
  };
}

const assignmentColumns = {
  id: hrFormAssignments.id,
  userId: hrFormAssignments.userId,
  userName: users.name,
  versionId: hrFormAssignments.versionId,
  version: hrFormVersions.version,
  assignedAt: hrFormAssignments.assignedAt,
  dueOn: hrFormAssignments.dueOn,
  submissionId: hrFormAssignments.submissionId,
  signedAt: hrFormSubmissions.signedAt,
};
type AssignmentRow = {
  id: number;
  userId: number;
  userName: string;
  versionId: number;
  version: number;
  assignedAt: Date;
  dueOn: string | null;
  submissionId: number | null;
  signedAt: Date | null;
};

function assignmentOf(row: AssignmentRow, today: string): HrFormAssignment {
  return {
    id: row.id,
    user: { id: row.userId, name: row.userName },
    version_id: row.versionId,
    version: row.version,
    assigned_at: row.assignedAt.toISOString(),
    due_on: row.dueOn,
    status: assignmentStatus(row, today),
    submission_id: row.submissionId,
    signed_at: iso(row.signedAt),
  };
}

const assignmentsWithNames = (db: DbOrTransaction) =>
  db
    .select(assignmentColumns)
    .from(hrFormAssignments)
    .innerJoin(users, eq(users.id, hrFormAssignments.userId))
    .innerJoin(hrFormVersions, eq(hrFormVersions.id, hrFormAssignments.versionId))
    .leftJoin(hrFormSubmissions, eq(hrFormSubmissions.id, hrFormAssignments.submissionId));

async function currentAssignment(db: DbOrTransaction, formId: number, userId: number, today: string) {
  const [row] = await assignmentsWithNames(db).where(
    and(
      eq(hrFormAssignments.formId, formId),
      eq(hrFormAssignments.userId, userId),
      isNull(hrFormAssignments.supersededAt),
    ),
  );
  return row ? assignmentOf(row, today) : null;
}

const hasUnpublishedChanges = (form: FormRow, publishedAt: Date | null): boolean =>
  publishedAt === null || form.draftUpdatedAt > publishedAt;

/**
 * GET /api/hr/forms/{id}: 'manage hr forms' sees everything; an employee with a current assignment sees the form, the
 * version to sign and their assignment. 404 for anyone else (what is not yours to see).
 */
export async function getFormDetail(db: Db, id: number, auth: AuthContext, today = todayUtc()): Promise<HrFormDetail> {
  const [form] = await db.select().from(hrForms).where(eq(hrForms.id, id));
  if (!form) throw notFound();
  const manage = canManageForms(auth);
  const assignment = await currentAssignment(db, id, auth.user.id, today);
  if (!manage && (!assignment || form.archivedAt !== null)) throw notFound();
  const current = await loadVersion(db, form.currentVersionId);
  const mine = assignment ? await loadVersion(db, assignment.version_id) : null;
  let versions: HrFormVersionSummary[] = [];
  let draft: HrFormDetail['draft'] = null;
  if (manage) {
    const rows = await db
      .select({ version: hrFormVersions, publisher })
      .from(hrFormVersions)
      .where(eq(hrFormVersions.formId, id))
      .orderBy(desc(hrFormVersions.version));
    versions = rows.map((row) => versionSummaryOf(row.version, row.publisher));
    const [file] = form.fileId ? await db.select().from(hrFormFiles).where(eq(hrFormFiles.id, form.fileId)) : [];
    draft = {
      body_html: form.bodyHtml,
      file: fileRef(file ?? null),
      fields: form.fields,
      updated_at: form.draftUpdatedAt.toISOString(),
    };
  }
  return {
    id: form.id,
    title: form.title,
    description: form.description,
    kind: form.kind,
    due_days: form.dueDays,
    renew_months: form.renewMonths,
    audience: manage ? (form.audience ?? null) : null,
    archived_at: iso(form.archivedAt),
    current_version: current,
    my_version: mine,
    assignment,
    draft,
    has_unpublished_changes: manage && hasUnpublishedChanges(form, current ? new Date(current.published_at) : null),
    versions,
    can_manage: manage,
  };
}

/** GET /api/hr/forms?scope=mine: my current assignments, outstanding first (soonest due), then signed (newest). */
export async function listMyForms(
  db: Db,
  userId: number,
  query: HrFormListQuery,
  today = todayUtc(),
): Promise<Page<HrFormMineItem>> {
  const where = and(
    eq(hrFormAssignments.userId, userId),
    isNull(hrFormAssignments.supersededAt),
    isNull(hrForms.archivedAt),
    query.status === 'outstanding' ? isNull(hrFormAssignments.submissionId) : undefined,
    query.search === '' ? undefined : sql`${hrForms.title} ilike ${`%${escapeLike(query.search)}%`}`,
  );
  return paginate(
    query,
    () =>
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(hrFormAssignments)
        .innerJoin(hrForms, eq(hrForms.id, hrFormAssignments.formId))
        .where(where)
        .then(([row]) => row?.count ?? 0),
    async (limit, offset) => {
      const rows = await db
        .select({
          ...assignmentColumns,
          formId: hrForms.id,
          title: hrForms.title,
          kind: hrForms.kind,
          description: hrForms.description,
        })
        .from(hrFormAssignments)
        .innerJoin(hrForms, eq(hrForms.id, hrFormAssignments.formId))
        .innerJoin(users, eq(users.id, hrFormAssignments.userId))
        .innerJoin(hrFormVersions, eq(hrFormVersions.id, hrFormAssignments.versionId))
        .leftJoin(hrFormSubmissions, eq(hrFormSubmissions.id, hrFormAssignments.submissionId))
        .where(where)
        .orderBy(
          sql`${hrFormAssignments.submissionId} is not null`,
          sql`${hrFormAssignments.dueOn} asc nulls last`,
          desc(hrFormSubmissions.signedAt),
          asc(hrFormAssignments.id),
        )
        .limit(limit)
        .offset(offset);
      return rows.map((row) => ({
        id: row.formId,
        title: row.title,
        kind: row.kind,
        description: row.description,
        assignment: assignmentOf(row, today),
      }));
    },
  );
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** GET /api/hr/forms?scope=all ('manage hr forms'): every form with its completion over current assignments. */
export async function listAllForms(db: Db, query: HrFormListQuery, today = todayUtc()): Promise<Page<HrFormListItem>> {
  const where = and(
    query.archived === '1' ? sql`${hrForms.archivedAt} is not null` : isNull(hrForms.archivedAt),
    query.search === '' ? undefined : sql`${hrForms.title} ilike ${`%${escapeLike(query.search)}%`}`,
  );
  // One grouped pass over the current assignments of the page's forms (the partial unique index leads with form_id).
  const counts = db
    .select({
      formId: hrFormAssignments.formId,
      assigned: sql<number>`count(*)::int`.as('assigned'),
      completed: sql<number>`count(${hrFormAssignments.submissionId})::int`.as('completed'),
      overdue:
        sql<number>`count(*) filter (where ${hrFormAssignments.submissionId} is null and ${hrFormAssignments.dueOn} < ${today}::date)::int`.as(
          'overdue',
        ),
    })
    .from(hrFormAssignments)
    .where(isNull(hrFormAssignments.supersededAt))
    .groupBy(hrFormAssignments.formId)
    .as('counts');
  return paginate(
    query,
    () => db.$count(hrForms, where),
    async (limit, offset) => {
      const rows = await db
        .select({
          form: hrForms,
          version: hrFormVersions,
          publisher,
          assigned: counts.assigned,
          completed: counts.completed,
          overdue: counts.overdue,
        })
        .from(hrForms)
        .leftJoin(hrFormVersions, eq(hrFormVersions.id, hrForms.currentVersionId))
        .leftJoin(counts, eq(counts.formId, hrForms.id))
        .where(where)
        .orderBy(sql`lower(${hrForms.title})`, asc(hrForms.id))
        .limit(limit)
        .offset(offset);
      return rows.map(({ form, version, publisher: name, ...figures }) => {
        const assigned = figures.assigned ?? 0;
        const completed = figures.completed ?? 0;
        return {
          id: form.id,
          title: form.title,
          kind: form.kind,
          description: form.description,
          current_version: version ? versionSummaryOf(version, name) : null,
          has_unpublished_changes: hasUnpublishedChanges(form, version?.publishedAt ?? null),
          assigned,
          completed,
          overdue: figures.overdue ?? 0,
          completion: formatCompletion(completed, assigned),
          due_days: form.dueDays,
          renew_months: form.renewMonths,
          audience: form.audience ?? hrFormAudienceSchema.parse({}),
          archived_at: iso(form.archivedAt),
          updated_at: form.updatedAt.toISOString(),
        };
      });
    },
  );
}

// ---- Publish and assign -------------------------------------------------------------------------------------------

async function lockForm(tx: Transaction, id: number): Promise<FormRow> {
  const [form] = await tx.select().from(hrForms).where(eq(hrForms.id, id)).for('update');
  if (!form) throw notFound();
  return form;
}

async function noticesFor(tx: Transaction, assignmentIds: number[], title: string): Promise<AssignedNotice[]> {
  if (assignmentIds.length === 0) return [];
  const rows = await tx
    .select({
      id: hrFormAssignments.id,
      userId: hrFormAssignments.userId,
      formId: hrFormAssignments.formId,
      dueOn: hrFormAssignments.dueOn,
    })
    .from(hrFormAssignments)
    .where(inArray(hrFormAssignments.id, assignmentIds));
  return rows.map((row) => ({ userId: row.userId, assignmentId: row.id, formId: row.formId, title, dueOn: row.dueOn }));
}

/**
 * POST /api/hr/forms/{id}/publish: freezes the draft as the next version. Outstanding assignments move to it; with
 * require_resign, people who signed an older version get a new assignment (theirs is superseded, the submission kept).
 */
export async function publishForm(
  db: Db,
  id: number,
  input: HrFormPublishInput,
  actor: AuthContext,
  today = todayUtc(),
): Promise<{ version: number; notices: AssignedNotice[] }> {
  return db.transaction(async (tx) => {
    const form = await lockForm(tx, id);
    if (form.archivedAt !== null) throw unprocessable({ title: [hrFormMessages.archived] }, hrFormMessages.archived);
    const answers = form.fields.length > 0;
    if (form.bodyHtml.trim() === '' && form.fileId === null && !answers) {
      throw unprocessable({ body_html: [hrFormMessages.emptyForm] }, hrFormMessages.emptyForm);
    }
    const [file] = form.fileId ? await tx.select().from(hrFormFiles).where(eq(hrFormFiles.id, form.fileId)) : [];
    const [last] = await tx
      .select({ version: sql<number>`coalesce(max(${hrFormVersions.version}), 0)::int` })
      .from(hrFormVersions)
      .where(eq(hrFormVersions.formId, id));
    const number = (last?.version ?? 0) + 1;
    const [version] = await tx
      .insert(hrFormVersions)
      .values({
        formId: id,
        version: number,
        title: form.title,
        kind: form.kind,
        bodyHtml: form.bodyHtml,
        fileId: form.fileId,
        fields: form.fields,
        contentSha256: contentSha256({ ...form, fileSha256: file?.sha256 ?? null }),
        // The first version has nobody to ask again.
        requireResign: number > 1 && input.require_resign,
        publishedBy: actor.user.id,
      })
      .returning();
    await tx
      .update(hrForms)
      .set({ currentVersionId: version!.id, updatedAt: sql`now()` })
      .where(eq(hrForms.id, id));
    await tx
      .update(hrFormAssignments)
      .set({ versionId: version!.id })
      .where(
        and(
          eq(hrFormAssignments.formId, id),
          isNull(hrFormAssignments.supersededAt),
          isNull(hrFormAssignments.submissionId),
        ),
      );
    let renewed: number[] = [];
    if (version!.requireResign) {
      renewed = await supersedeAndReassign(
        tx,
        and(eq(hrFormAssignments.formId, id), sql`${hrFormAssignments.submissionId} is not null`)!,
        version!.id,
        form.dueDays,
        today,
      );
    }
    return { version: number, notices: await noticesFor(tx, renewed, form.title) };
  });
}

/**
 * Supersedes the current, signed assignments that `where` picks and gives each person a new one for `versionId`, in
 * two statements. Answers the new assignments' ids.
 */
async function supersedeAndReassign(
  tx: Transaction,
  where: SQL,
  versionId: number,
  dueDays: number | null,
  today: string,
): Promise<number[]> {
  const superseded = await tx
    .update(hrFormAssignments)
    .set({ supersededAt: sql`now()` })
    .where(and(isNull(hrFormAssignments.supersededAt), where))
    .returning({ formId: hrFormAssignments.formId, userId: hrFormAssignments.userId });
  if (superseded.length === 0) return [];
  const dueOn = dueDays === null ? null : addDays(today, dueDays);
  const inserted = await tx
    .insert(hrFormAssignments)
    .values(superseded.map((row) => ({ formId: row.formId, userId: row.userId, versionId, dueOn })))
    .returning({ id: hrFormAssignments.id });
  return inserted.map((row) => row.id);
}

/**
 * Active employees in the audience. With `createdAfter`, new hires since then: those in its departments or regions,
 * or all of them when it names none (people named one by one cannot include someone who joins later).
 */
function audienceWhere(audience: HrFormAudience, createdAfter: Date | null): SQL {
  const members: SQL[] = [];
  const groups = audience.department_ids.length + audience.region_ids.length > 0;
  if (audience.everyone || (createdAfter !== null && !groups)) members.push(sql`true`);
  if (audience.user_ids.length > 0 && createdAfter === null) members.push(inArray(users.id, audience.user_ids));
  if (audience.region_ids.length > 0) members.push(inArray(employees.regionId, audience.region_ids));
  if (audience.department_ids.length > 0) {
    members.push(
      sql`exists (select 1 from employee_departments ed where ed.user_id = ${users.id} and ed.department_id in (${sql.join(
        audience.department_ids.map((id) => sql`${id}`),
        sql`, `,
      )}))`,
    );
  }
  return and(
    eq(users.type, 'Employee'),
    isNull(users.deletedAt),
    members.length > 0 ? sql`(${sql.join(members, sql` or `)})` : sql`false`,
    createdAfter === null ? undefined : sql`${users.createdAt} > ${createdAfter.toISOString()}`,
  )!;
}
type HrFormAudience = HrFormAssignInput['audience'];

/** Gives the form's current version to every member `where` picks who has no current assignment; answers the ids. */
async function assignMembers(
  tx: Transaction,
  form: FormRow,
  versionId: number,
  where: SQL,
  today: string,
): Promise<number[]> {
  const dueOn = form.dueDays === null ? null : addDays(today, form.dueDays);
  const result = await tx.execute<{ id: number }>(sql`
    insert into ${hrFormAssignments} (form_id, user_id, version_id, due_on)
    select ${form.id}, ${users.id}, ${versionId}, ${dueOn}::date
    from ${users} left join ${employees} on ${employees.userId} = ${users.id}
    where ${where}
    on conflict (form_id, user_id) where superseded_at is null do nothing
    returning id`);
  return result.rows.map((row) => Number(row.id));
}

/**
 * POST /api/hr/forms/{id}/assign: saves the audience, due days and renewal, and assigns the current version to every
 * member without a current assignment. Members who already have one keep it.
 */
export async function assignForm(
  db: Db,
  id: number,
  input: HrFormAssignInput,
  today = todayUtc(),
): Promise<{ count: number; notices: AssignedNotice[] }> {
  return db.transaction(async (tx) => {
    const form = await lockForm(tx, id);
    if (form.archivedAt !== null) throw unprocessable({ audience: [hrFormMessages.archived] }, hrFormMessages.archived);
    if (form.currentVersionId === null) {
      throw unprocessable({ audience: [hrFormMessages.notPublished] }, hrFormMessages.notPublished);
    }
    const [saved] = await tx
      .update(hrForms)
      .set({
        audience: input.audience,
        audienceSavedAt: sql`now()`,
        dueDays: input.due_days,
        renewMonths: input.renew_months,
        updatedAt: sql`now()`,
      })
      .where(eq(hrForms.id, id))
      .returning();
    const ids = await assignMembers(tx, saved!, form.currentVersionId, audienceWhere(input.audience, null), today);
    return { count: ids.length, notices: await noticesFor(tx, ids, form.title) };
  });
}

/** POST /api/hr/forms/{id}/remind: everyone whose current assignment is outstanding; marks them reminded. */
export async function remindOutstanding(db: Db, id: number): Promise<RemindTarget[]> {
  const [form] = await db.select({ id: hrForms.id }).from(hrForms).where(eq(hrForms.id, id));
  if (!form) throw notFound();
  return markReminded(
    db,
    and(
      eq(hrFormAssignments.formId, id),
      isNull(hrFormAssignments.supersededAt),
      isNull(hrFormAssignments.submissionId),
    )!,
  );
}

export interface RemindTarget {
  userId: number;
  email: string;
  name: string;
  formId: number;
  title: string;
  dueOn: string | null;
}

async function markReminded(db: DbOrTransaction, where: SQL): Promise<RemindTarget[]> {
  const reminded = await db
    .update(hrFormAssignments)
    .set({ remindedAt: sql`now()` })
    .where(where)
    .returning({ userId: hrFormAssignments.userId, formId: hrFormAssignments.formId, dueOn: hrFormAssignments.dueOn });
  if (reminded.length === 0) return [];
  const people = await db
    .select({ id: users.id, email: users.email, name: users.name, deletedAt: users.deletedAt })
    .from(users)
    .where(
      inArray(
        users.id,
        reminded.map((row) => row.userId),
      ),
    );
  const titles = await db
    .select({ id: hrForms.id, title: hrForms.title })
    .from(hrForms)
    .where(inArray(hrForms.id, [...new Set(reminded.map((row) => row.formId))]));
  const byId = new Map(people.map((row) => [row.id, row]));
  const titleOf = new Map(titles.map((row) => [row.id, row.title]));
  return reminded.flatMap((row) => {
    const user = byId.get(row.userId);
    if (!user || user.deletedAt !== null) return [];
    return [
      {
        userId: user.id,
        email: user.email,
        name: user.name,
        formId: row.formId,
        title: titleOf.get(row.formId) ?? '',
        dueOn: row.dueOn,
      },
    ];
  });
}

// ---- Jobs ---------------------------------------------------------------------------------------------------------

/**
 * The due-date reminders (daily): outstanding assignments due within two days, or overdue, that were not reminded in
 * the last three days.
 */
export async function remindDueAssignments(db: Db, today = todayUtc()): Promise<RemindTarget[]> {
  return markReminded(
    db,
    and(
      isNull(hrFormAssignments.supersededAt),
      isNull(hrFormAssignments.submissionId),
      sql`${hrFormAssignments.dueOn} <= ${addDays(today, 2)}::date`,
      sql`(${hrFormAssignments.remindedAt} is null or ${hrFormAssignments.remindedAt} < ${today}::date - 2)`,
      sql`exists (select 1 from ${hrForms} where ${hrForms.id} = ${hrFormAssignments.formId} and ${hrForms.archivedAt} is null)`,
    )!,
  );
}

/**
 * Renewal (daily): a signature older than the form's renew_months gives the signer a new assignment of the current
 * version (the yearly security policy).
 */
export async function renewExpiredSignatures(db: Db, today = todayUtc()): Promise<AssignedNotice[]> {
  const forms = await db
    .select()
    .from(hrForms)
    .where(
      and(
        isNull(hrForms.archivedAt),
        sql`${hrForms.renewMonths} is not null`,
        sql`${hrForms.currentVersionId} is not null`,
      ),
    );
  const notices: AssignedNotice[] = [];
  for (const form of forms) {
    const ids = await db.transaction(async (tx) =>
      supersedeAndReassign(
        tx,
        and(
          eq(hrFormAssignments.formId, form.id),
          sql`exists (select 1 from ${hrFormSubmissions} s where s.id = ${hrFormAssignments.submissionId}
            and s.signed_at + make_interval(months => ${form.renewMonths}) <= ${today}::date)`,
        )!,
        form.currentVersionId!,
        form.dueDays,
        today,
      ).then((assigned) => noticesFor(tx, assigned, form.title)),
    );
    notices.push(...ids);
  }
  return notices;
}

/** New hires (hourly): forms whose audience takes new hires go to employees created since the audience was saved. */
export async function assignNewHires(db: Db, today = todayUtc()): Promise<AssignedNotice[]> {
  const forms = await db
    .select()
    .from(hrForms)
    .where(
      and(
        isNull(hrForms.archivedAt),
        sql`${hrForms.currentVersionId} is not null`,
        sql`(${hrForms.audience} ->> 'new_hires')::boolean`,
      ),
    );
  const notices: AssignedNotice[] = [];
  for (const form of forms) {
    const audience = hrFormAudienceSchema.parse(form.audience);
    const since = form.audienceSavedAt ?? form.createdAt;
    const assigned = await db.transaction(async (tx) => {
      const ids = await assignMembers(tx, form, form.currentVersionId!, audienceWhere(audience, since), today);
      return noticesFor(tx, ids, form.title);
    });
    notices.push(...assigned);
  }
  return notices;
}

/**
 * One new hire at once (the employeeCreated domain event, inside the creating transaction, after their departments
 * were written): every published form whose audience takes new hires and includes them. The hourly job stays as the
 * catch-up (an employee whose departments change later, a form published meanwhile); the unique current assignment
 * keeps the two from assigning twice.
 */
export async function assignFormsToNewHire(
  tx: Transaction,
  userId: number,
  today = todayUtc(),
): Promise<AssignedNotice[]> {
  const forms = await tx
    .select()
    .from(hrForms)
    .where(
      and(
        isNull(hrForms.archivedAt),
        sql`${hrForms.currentVersionId} is not null`,
        sql`(${hrForms.audience} ->> 'new_hires')::boolean`,
      ),
    );
  const notices: AssignedNotice[] = [];
  for (const form of forms) {
    const audience = hrFormAudienceSchema.parse(form.audience);
    const since = form.audienceSavedAt ?? form.createdAt;
    const where = and(audienceWhere(audience, since), eq(users.id, userId))!;
    const ids = await assignMembers(tx, form, form.currentVersionId!, where, today);
    notices.push(...(await noticesFor(tx, ids, form.title)));
  }
  return notices;
}

// ---- Signing ------------------------------------------------------------------------------------------------------

export interface SigningEvidence {
  ipAddress: string | null;
  userAgent: string | null;
}

/**
 * POST /api/hr/forms/{id}/submit: the caller's current, outstanding assignment (404 without one), the version they read
 * (409 when a newer one replaced it), answers checked by buildFormSchema, the tick, and the typed name matching theirs.
 */
export async function submitForm(
  db: Db,
  formId: number,
  input: HrFormSubmitInput,
  auth: AuthContext,
  evidence: SigningEvidence,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [assignment] = await tx
      .select()
      .from(hrFormAssignments)
      .where(
        and(
          eq(hrFormAssignments.formId, formId),
          eq(hrFormAssignments.userId, auth.user.id),
          isNull(hrFormAssignments.supersededAt),
        ),
      )
      .for('update');
    const [form] = await tx.select({ archivedAt: hrForms.archivedAt }).from(hrForms).where(eq(hrForms.id, formId));
    if (!assignment || !form || form.archivedAt !== null) throw notFound();
    if (assignment.submissionId !== null) throw conflict(hrFormMessages.alreadySigned);
    if (assignment.versionId !== input.version_id) throw conflict(hrFormMessages.staleVersion);
    const [version] = await tx.select().from(hrFormVersions).where(eq(hrFormVersions.id, assignment.versionId));
    const errors: Record<string, string[]> = {};
    const parsed = buildFormSchema(version!.fields, { signerName: auth.user.name }).safeParse(input.values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) (errors[['values', ...issue.path].join('.')] ??= []).push(issue.message);
    }
    if (formNeedsAcknowledgement(version!.kind) && !input.acknowledged) {
      errors.acknowledged = [hrFormMessages.acknowledgeRequired];
    }
    if (!namesMatch(input.signed_name, auth.user.name)) errors.signed_name = [hrFormMessages.signatureMismatch];
    if (parsed.success) await checkFileAnswers(tx, version!.fields, parsed.data, auth.user.id, errors);
    if (Object.keys(errors).length > 0) throw unprocessable(errors);
    const [zone] = await tx
      .select({ name: timezones.name })
      .from(employees)
      .innerJoin(timezones, eq(timezones.id, employees.timezoneId))
      .where(eq(employees.userId, auth.user.id));
    const [submission] = await tx
      .insert(hrFormSubmissions)
      .values({
        assignmentId: assignment.id,
        formId,
        versionId: version!.id,
        userId: auth.user.id,
        values: parsed.data as Record<string, unknown>,
        acknowledged: input.acknowledged,
        signedName: input.signed_name,
        timeZone: zone?.name ?? 'UTC',
        ipAddress: evidence.ipAddress,
        userAgent: evidence.userAgent?.slice(0, 500) ?? null,
        sha256: version!.contentSha256,
      })
      .returning({ id: hrFormSubmissions.id });
    await tx
      .update(hrFormAssignments)
      .set({ submissionId: submission!.id })
      .where(eq(hrFormAssignments.id, assignment.id));
    return submission!.id;
  });
}

/** A file answer must name a file the signer uploaded. */
async function checkFileAnswers(
  tx: Transaction,
  fields: HrFormField[],
  values: Record<string, unknown>,
  userId: number,
  errors: Record<string, string[]>,
): Promise<void> {
  const answers = fields
    .filter((field) => field.kind === 'file')
    .flatMap((field) => {
      const value = values[field.key] as { file_id: number } | null | undefined;
      return value ? [{ key: field.key, fileId: value.file_id }] : [];
    });
  if (answers.length === 0) return;
  const owned = await tx
    .select({ id: hrFormFiles.id })
    .from(hrFormFiles)
    .where(
      and(
        inArray(
          hrFormFiles.id,
          answers.map((answer) => answer.fileId),
        ),
        eq(hrFormFiles.uploadedBy, userId),
      ),
    );
  const ownedIds = new Set(owned.map((row) => row.id));
  for (const answer of answers) {
    if (!ownedIds.has(answer.fileId)) errors[`values.${answer.key}`] = [hrFormMessages.unknownFile];
  }
}

/** One submission with its version's fields; null when it does not exist. */
export async function loadSubmission(db: DbOrTransaction, id: number): Promise<HrFormSubmission | null> {
  const [row] = await db
    .select({ submission: hrFormSubmissions, version: hrFormVersions, userName: users.name })
    .from(hrFormSubmissions)
    .innerJoin(hrFormVersions, eq(hrFormVersions.id, hrFormSubmissions.versionId))
    .innerJoin(users, eq(users.id, hrFormSubmissions.userId))
    .where(eq(hrFormSubmissions.id, id));
  if (!row) return null;
  const { submission, version } = row;
  return {
    id: submission.id,
    form_id: submission.formId,
    title: version.title,
    version_id: version.id,
    version: version.version,
    user: { id: submission.userId, name: row.userName },
    fields: version.fields,
    values: submission.values,
    acknowledged: submission.acknowledged,
    signed_name: submission.signedName,
    signed_at: submission.signedAt.toISOString(),
    time_zone: submission.timeZone,
    ip_address: submission.ipAddress,
    user_agent: submission.userAgent,
    sha256: submission.sha256,
  };
}

/** Only the signer and 'manage hr forms' read a submission; 404 for everyone else. */
export async function getReadableSubmission(db: Db, id: number, auth: AuthContext): Promise<HrFormSubmission> {
  const submission = await loadSubmission(db, id);
  if (!submission || (submission.user.id !== auth.user.id && !canManageForms(auth))) throw notFound();
  return submission;
}

/** Whether the caller may read a submission's PDF: its signer or 'manage hr forms'. */
export async function mayReadSubmission(db: Db, id: number, auth: AuthContext): Promise<boolean> {
  const [row] = await db
    .select({ userId: hrFormSubmissions.userId })
    .from(hrFormSubmissions)
    .where(eq(hrFormSubmissions.id, id));
  return row !== undefined && (row.userId === auth.user.id || canManageForms(auth));
}

/** Whether the caller may print a blank version: 'manage hr forms', or an assignment of that form. */
export async function mayReadVersion(db: Db, versionId: number, auth: AuthContext): Promise<boolean> {
  const [version] = await db
    .select({ formId: hrFormVersions.formId })
    .from(hrFormVersions)
    .where(eq(hrFormVersions.id, versionId));
  if (!version) return false;
  if (canManageForms(auth)) return true;
  const [assigned] = await db
    .select({ id: hrFormAssignments.id })
    .from(hrFormAssignments)
    .where(and(eq(hrFormAssignments.formId, version.formId), eq(hrFormAssignments.userId, auth.user.id)))
    .limit(1);
  return assigned !== undefined;
}
