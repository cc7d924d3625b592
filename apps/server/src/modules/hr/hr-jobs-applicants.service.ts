import {
  hrJobsMessages,
  hrKnownApplicantWarning,
  renderHrTemplate,
  type HrApplicantCreateInput,
  type HrApplicantDetail,
  type HrApplicantEmailInput,
  type HrApplicantFileKind,
  type HrApplicantMoveInput,
  type HrApplicantUpdateInput,
  type HrBoardCard,
  type HrHirePrefill,
} from '@switchboard/shared/hr/jobs';
import { and, asc, desc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, DbOrTransaction, Transaction } from '../../db/db-types.ts';
import { conflict, notFound, unprocessable } from '../../plugins/errors.ts';
import { sendMail, type MailContext } from '../../plugins/mail.ts';
import { moveUpload, removeUpload } from '../../plugins/storage.ts';
import type { UploadedFile } from '../../plugins/uploads.ts';
import { branding } from '../documents/documents.table.ts';
import { users } from '../users/users.table.ts';
import { interviewsOfApplicant } from './hr-interviews.service.ts';
import { sniffApplicantFile } from './hr-jobs-files.ts';
import { applicantFor, managedApplicant } from './hr-jobs-access.ts';
import { hrApplicantEvents, hrApplicantFiles, hrApplicants, hrJobs } from './hr-jobs.table.ts';
import { isEnabledEmployee, loadCard, type JobsActor } from './hr-jobs.service.ts';
import { hrSteps } from './hr.table.ts';

// Applicants (designs/hr.md §5): created with their files (PDF, DOC, DOCX known by content), moved on the board with
// expected_step_id (409 when someone moved them first), noted, e-mailed, hired, deleted with their files, and purged
// by the retention job once their closed opening has been idle for applicant_retention_months.

type ApplicantRow = typeof hrApplicants.$inferSelect;

const fileFolder = 'hr-applicants';
const downloadPath = (applicantId: number, fileId: number) => `/hr/applicants/${applicantId}/files/${fileId}`;

export interface IncomingFile {
  kind: HrApplicantFileKind;
  file: UploadedFile;
}

/** Checks every file's content before anything is stored: 422 on `files` when one is not PDF, DOC or DOCX. */
async function sniffAll(files: IncomingFile[]) {
  const sniffed = [];
  for (const incoming of files) {
    const kind = await sniffApplicantFile(incoming.file.tempPath);
    if (!kind) throw unprocessable({ files: [hrJobsMessages.fileType] });
    sniffed.push({ ...incoming, sniffed: kind });
  }
  return sniffed;
}

/** Moves checked files into storage and writes their rows; the stored files are removed when the writes fail. */
async function storeFiles(
  dataDir: string,
  files: IncomingFile[],
  write: (stored: (typeof hrApplicantFiles.$inferInsert & { applicantId?: number })[]) => Promise<void>,
  actorId: number,
): Promise<void> {
  const checked = await sniffAll(files);
  const stored: string[] = [];
  try {
    const rows = [];
    for (const { kind, file, sniffed } of checked) {
      const path = await moveUpload(dataDir, fileFolder, file, sniffed.ext);
      stored.push(path);
      const base = file.filename.replace(/[\r\n\\/]/g, '_').slice(0, 200) || `file.${sniffed.ext}`;
      const name = base.toLowerCase().endsWith(`.${sniffed.ext}`) ? base : `${base}.${sniffed.ext}`;
      rows.push({
        applicantId: 0,
        kind,
        storagePath: path,
        name,
        size: file.size,
        mimetype: sniffed.mimetype,
        uploadedBy: actorId,
      });
    }
    await write(rows);
  } catch (error) {
    await Promise.all(stored.map((path) => removeUpload(dataDir, path)));
    throw error;
  }
}

/** The step an applicant may enter: an active step; without one asked for, the first active 'active' step. */
async function entryStep(db: DbOrTransaction, stepId: number | null) {
  const where = stepId === null ? and(eq(hrSteps.active, true), eq(hrSteps.kind, 'active')) : eq(hrSteps.id, stepId);
  const [step] = await db.select().from(hrSteps).where(where).orderBy(asc(hrSteps.sortOrder), asc(hrSteps.id)).limit(1);
  if (!step || !step.active) throw unprocessable({ step_id: [hrJobsMessages.stepInactive] });
  return step;
}

async function checkReferrer(db: DbOrTransaction, referredBy: number | null) {
  if (referredBy !== null && !(await isEnabledEmployee(db, referredBy)))
    throw unprocessable({ referred_by: [hrJobsMessages.referrerNotFound] });
}

/** "Applied to {title} on {date} ({step})" for the e-mail's other applications, newest first. */
export async function knownApplicantWarnings(db: DbOrTransaction, email: string, exceptId: number | null) {
  const rows = await db
    .select({ title: hrJobs.title, createdAt: hrApplicants.createdAt, step: hrSteps.name })
    .from(hrApplicants)
    .innerJoin(hrJobs, eq(hrJobs.id, hrApplicants.jobId))
    .innerJoin(hrSteps, eq(hrSteps.id, hrApplicants.stepId))
    .where(
      and(
        sql`lower(${hrApplicants.email}) = ${email.toLowerCase()}`,
        exceptId === null ? undefined : ne(hrApplicants.id, exceptId),
      ),
    )
    .orderBy(desc(hrApplicants.createdAt))
    .limit(20);
  return rows.map((row) => hrKnownApplicantWarning(row.title, row.createdAt.toISOString().slice(0, 10), row.step));
}

const applicantValues = (input: HrApplicantCreateInput | HrApplicantUpdateInput) => ({
  firstName: input.first_name,
  lastName: input.last_name,
  email: input.email,
  phone: input.phone,
  linkedinUrl: input.linkedin_url,
  source: input.source,
  referredBy: input.referred_by,
  rating: input.rating,
  tags: input.tags,
});

async function addEvent(
  db: DbOrTransaction,
  values: Omit<typeof hrApplicantEvents.$inferInsert, 'id' | 'createdAt'>,
): Promise<void> {
  await db.insert(hrApplicantEvents).values(values);
  await db
    .update(hrApplicants)
    .set({ lastActivityAt: new Date(), updatedAt: new Date() })
    .where(eq(hrApplicants.id, values.applicantId));
}

/** POST /api/hr/jobs/{id}/applicants: the applicant at the end of the step's column, the files stored with it. */
export async function createApplicant(
  db: Db,
  dataDir: string,
  jobId: number,
  input: HrApplicantCreateInput,
  files: IncomingFile[],
  actor: JobsActor,
): Promise<{ detail: HrApplicantDetail; warnings: string[] }> {
  const [job] = await db.select({ id: hrJobs.id }).from(hrJobs).where(eq(hrJobs.id, jobId));
  if (!job) throw notFound();
  const step = await entryStep(db, input.step_id);
  await checkReferrer(db, input.referred_by);
  const warnings = await knownApplicantWarnings(db, input.email, null);
  let id = 0;
  await storeFiles(
    dataDir,
    files,
    async (fileRows) => {
      id = await db.transaction(async (tx) => {
        await lockJob(tx, jobId);
        const [row] = await tx
          .insert(hrApplicants)
          .values({
            ...applicantValues(input),
            jobId,
            stepId: step.id,
            position: sql`(select coalesce(max(position) + 1, 0) from hr_applicants where job_id = ${jobId} and step_id = ${step.id})`,
          })
          .returning({ id: hrApplicants.id });
        const applicantId = row!.id;
        await tx.insert(hrApplicantEvents).values({
          applicantId,
          actorId: actor.id,
          type: 'created',
          toStepId: step.id,
          body: '',
        });
        if (fileRows.length > 0)
          await tx.insert(hrApplicantFiles).values(fileRows.map((file) => ({ ...file, applicantId })));
        return applicantId;
      });
    },
    actor.id,
  );
  return { detail: await getApplicant(db, id, actor), warnings };
}

/** GET /api/hr/applicants/{id}: the drawer; an interviewer's view carries only the name, resumes and scorecards. */
export async function getApplicant(db: DbOrTransaction, id: number, actor: JobsActor): Promise<HrApplicantDetail> {
  const { applicant, access } = await applicantFor(db, id, actor);
  const card = (await loadCard(db, id))!;
  const [context] = await db
    .select({
      jobTitle: hrJobs.title,
      jobStatus: hrJobs.status,
      stepName: hrSteps.name,
      stepKind: hrSteps.kind,
      referrerName: users.name,
    })
    .from(hrApplicants)
    .innerJoin(hrJobs, eq(hrJobs.id, hrApplicants.jobId))
    .innerJoin(hrSteps, eq(hrSteps.id, hrApplicants.stepId))
    .leftJoin(users, eq(users.id, hrApplicants.referredBy))
    .where(eq(hrApplicants.id, id));
  const manage = access === 'manage';
  const files = await db
    .select()
    .from(hrApplicantFiles)
    .where(and(eq(hrApplicantFiles.applicantId, id), manage ? undefined : eq(hrApplicantFiles.kind, 'resume')))
    .orderBy(asc(hrApplicantFiles.id));
  const interviews = await interviewsOfApplicant(db, id, actor);
  const actorUser = users;
  const timeline = manage
    ? await db
        .select({ event: hrApplicantEvents, actorName: actorUser.name })
        .from(hrApplicantEvents)
        .leftJoin(actorUser, eq(actorUser.id, hrApplicantEvents.actorId))
        .where(eq(hrApplicantEvents.applicantId, id))
        .orderBy(desc(hrApplicantEvents.createdAt), desc(hrApplicantEvents.id))
        .limit(500)
    : [];
  return {
    ...card,
    email: manage ? card.email : '',
    tags: manage ? card.tags : [],
    rating: manage ? card.rating : null,
    access,
    job: { id: applicant.jobId, title: context!.jobTitle, status: context!.jobStatus },
    step: { id: applicant.stepId, name: context!.stepName, kind: context!.stepKind },
    phone: manage ? applicant.phone : '',
    linkedin_url: manage ? applicant.linkedinUrl : '',
    referred_by:
      manage && applicant.referredBy !== null && context!.referrerName !== null
        ? { id: applicant.referredBy, name: context!.referrerName }
        : null,
    rejection_reason: manage ? applicant.rejectionReason : '',
    employee_user_id: manage ? applicant.employeeUserId : null,
    last_activity_at: applicant.lastActivityAt.toISOString(),
    files: files.map((file) => ({
      id: file.id,
      kind: file.kind,
      name: file.name,
      size: file.size,
      mimetype: file.mimetype,
      created_at: file.createdAt.toISOString(),
      download_path: downloadPath(id, file.id),
    })),
    interviews,
    timeline: timeline.map(({ event, actorName }) => ({
      id: event.id,
      type: event.type,
      actor: event.actorId !== null && actorName !== null ? { id: event.actorId, name: actorName } : null,
      from_step_id: event.fromStepId,
      to_step_id: event.toStepId,
      body: event.body,
      created_at: event.createdAt.toISOString(),
    })),
    known_warnings: manage ? await knownApplicantWarnings(db, applicant.email, id) : [],
  };
}

/** PUT /api/hr/applicants/{id} ('manage jobs'). */
export async function updateApplicant(
  db: Db,
  id: number,
  input: HrApplicantUpdateInput,
  actor: JobsActor,
): Promise<HrApplicantDetail> {
  await managedApplicant(db, id);
  await checkReferrer(db, input.referred_by);
  await db.transaction(async (tx) => {
    await tx
      .update(hrApplicants)
      .set({ ...applicantValues(input), rejectionReason: input.rejection_reason, updatedAt: new Date() })
      .where(eq(hrApplicants.id, id));
    await addEvent(tx, { applicantId: id, actorId: actor.id, type: 'updated', body: '' });
  });
  return getApplicant(db, id, actor);
}

/** DELETE /api/hr/applicants/{id}: the applicant, the timeline, interviews and files, erased at once. */
export async function deleteApplicant(db: Db, dataDir: string, id: number): Promise<ApplicantRow> {
  const { applicant, paths } = await db.transaction(async (tx) => {
    const current = await managedApplicant(tx, id);
    await lockJob(tx, current.jobId);
    const files = await tx
      .select({ path: hrApplicantFiles.storagePath })
      .from(hrApplicantFiles)
      .where(eq(hrApplicantFiles.applicantId, id));
    await tx.delete(hrApplicants).where(eq(hrApplicants.id, id));
    await renumber(tx, current.jobId, current.stepId);
    return { applicant: current, paths: files.map((file) => file.path) };
  });
  await Promise.all(paths.map((path) => removeUpload(dataDir, path)));
  return applicant;
}

// One job's moves take turns: the positions of its columns are rewritten in one go.
async function lockJob(tx: Transaction, jobId: number): Promise<void> {
  await tx.select({ id: hrJobs.id }).from(hrJobs).where(eq(hrJobs.id, jobId)).for('update');
}

/** Rewrites a column's positions 0..n-1 in the given order (or the current one), one statement. */
async function renumber(tx: Transaction, jobId: number, stepId: number, orderedIds?: number[]): Promise<void> {
  const ids =
    orderedIds ??
    (
      await tx
        .select({ id: hrApplicants.id })
        .from(hrApplicants)
        .where(and(eq(hrApplicants.jobId, jobId), eq(hrApplicants.stepId, stepId)))
        .orderBy(asc(hrApplicants.position), asc(hrApplicants.id))
    ).map((row) => row.id);
  if (ids.length === 0) return;
  await tx
    .update(hrApplicants)
    .set({ position: sql`array_position(${sql.param(ids)}::int[], ${hrApplicants.id}) - 1` })
    .where(
      and(
        inArray(hrApplicants.id, ids),
        sql`${hrApplicants.position} <> array_position(${sql.param(ids)}::int[], ${hrApplicants.id}) - 1`,
      ),
    );
}

export interface MoveResult {
  card: HrBoardCard;
  fromStepId: number;
  jobId: number;
}

/**
 * POST /api/hr/applicants/{id}/move: 409 when the applicant is no longer in expected_step_id (someone moved them
 * first); the target must be active (or the current step); entering a rejected step needs the reason.
 */
export async function moveApplicant(
  db: Db,
  id: number,
  input: HrApplicantMoveInput,
  actor: JobsActor,
): Promise<MoveResult> {
  const first = await managedApplicant(db, id);
  const result = await db.transaction(async (tx) => {
    await lockJob(tx, first.jobId);
    const [current] = await tx.select().from(hrApplicants).where(eq(hrApplicants.id, id)).for('update');
    if (!current) throw notFound();
    if (current.stepId !== input.expected_step_id) throw conflict(hrJobsMessages.moveConflict);
    const [target] = await tx.select().from(hrSteps).where(eq(hrSteps.id, input.step_id));
    const changing = input.step_id !== current.stepId;
    if (!target || (changing && !target.active)) throw unprocessable({ step_id: [hrJobsMessages.stepInactive] });
    const reason = input.rejection_reason?.trim() ?? '';
    if (changing && target.kind === 'rejected' && reason === '')
      throw unprocessable({ rejection_reason: [hrJobsMessages.rejectionReasonRequired] });
    const column = (
      await tx
        .select({ id: hrApplicants.id })
        .from(hrApplicants)
        .where(and(eq(hrApplicants.jobId, current.jobId), eq(hrApplicants.stepId, target.id), ne(hrApplicants.id, id)))
        .orderBy(asc(hrApplicants.position), asc(hrApplicants.id))
    ).map((row) => row.id);
    column.splice(Math.min(input.position, column.length), 0, id);
    const now = new Date();
    await tx
      .update(hrApplicants)
      .set({
        stepId: target.id,
        stepEnteredAt: changing ? now : current.stepEnteredAt,
        rejectionReason: changing && target.kind === 'rejected' ? reason : current.rejectionReason,
        lastActivityAt: now,
        updatedAt: now,
      })
      .where(eq(hrApplicants.id, id));
    await renumber(tx, current.jobId, target.id, column);
    if (changing) {
      await renumber(tx, current.jobId, current.stepId);
      await tx.insert(hrApplicantEvents).values({
        applicantId: id,
        actorId: actor.id,
        type: 'moved',
        fromStepId: current.stepId,
        toStepId: target.id,
        body: target.kind === 'rejected' ? reason : '',
      });
    }
    return { fromStepId: current.stepId, jobId: current.jobId };
  });
  return { ...result, card: (await loadCard(db, id))! };
}

/** POST /api/hr/applicants/{id}/notes. */
export async function addNote(db: Db, id: number, body: string, actor: JobsActor): Promise<ApplicantRow> {
  const applicant = await managedApplicant(db, id);
  await db.transaction((tx) => addEvent(tx, { applicantId: id, actorId: actor.id, type: 'note', body }));
  return applicant;
}

async function companyName(db: DbOrTransaction): Promise<string> {
  const [row] = await db.select({ name: branding.name }).from(branding).limit(1);
  return row?.name ?? 'Switchboard';
}

/** POST /api/hr/applicants/{id}/email: placeholders filled, sent (or kept in the outbox), put on the timeline. */
export async function emailApplicant(
  context: MailContext & { db: Db; config: Pick<Config, 'smtpUrl' | 'mailFrom'> },
  id: number,
  input: HrApplicantEmailInput,
  actor: JobsActor,
): Promise<ApplicantRow> {
  const applicant = await managedApplicant(context.db, id);
  const [job] = await context.db.select({ title: hrJobs.title }).from(hrJobs).where(eq(hrJobs.id, applicant.jobId));
  const values = {
    first_name: applicant.firstName,
    job_title: job?.title ?? '',
    company_name: await companyName(context.db),
  };
  const subject = renderHrTemplate(input.subject, values);
  const text = renderHrTemplate(input.body, values);
  await sendMail(context, { to: applicant.email, subject, text });
  await context.db.transaction((tx) =>
    addEvent(tx, {
      applicantId: id,
      actorId: actor.id,
      type: 'email',
      toStepId: input.step_id,
      body: `${subject}\n\n${text}`,
    }),
  );
  return applicant;
}

/** POST /api/hr/applicants/{id}/files (multipart). */
export async function addFiles(
  db: Db,
  dataDir: string,
  id: number,
  files: IncomingFile[],
  actor: JobsActor,
): Promise<ApplicantRow> {
  const applicant = await managedApplicant(db, id);
  if (files.length === 0) throw unprocessable({ file: [hrJobsMessages.fileRequired] });
  await storeFiles(
    dataDir,
    files,
    async (rows) => {
      await db.transaction(async (tx) => {
        await tx.insert(hrApplicantFiles).values(rows.map((row) => ({ ...row, applicantId: id })));
        await addEvent(tx, {
          applicantId: id,
          actorId: actor.id,
          type: 'file',
          body: rows.map((row) => row.name).join(', '),
        });
      });
    },
    actor.id,
  );
  return applicant;
}

/** A stored file of the applicant, for GET .../files/{fileId}: interviewers reach resumes only. */
export async function findApplicantFile(db: DbOrTransaction, id: number, fileId: number, actor: JobsActor) {
  const { access } = await applicantFor(db, id, actor);
  const [file] = await db
    .select()
    .from(hrApplicantFiles)
    .where(and(eq(hrApplicantFiles.id, fileId), eq(hrApplicantFiles.applicantId, id)));
  if (!file || (access === 'interviewer' && file.kind !== 'resume')) throw notFound();
  return file;
}

/** DELETE /api/hr/applicants/{id}/files/{fileId} ('manage jobs'): the row and the stored file. */
export async function deleteApplicantFile(db: Db, dataDir: string, id: number, fileId: number, actor: JobsActor) {
  const applicant = await managedApplicant(db, id);
  const file = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(hrApplicantFiles)
      .where(and(eq(hrApplicantFiles.id, fileId), eq(hrApplicantFiles.applicantId, id)))
      .returning();
    if (!row) throw notFound();
    await addEvent(tx, { applicantId: id, actorId: actor.id, type: 'file', body: `Deleted ${row.name}` });
    return row;
  });
  await removeUpload(dataDir, file.storagePath);
  return applicant;
}

/**
 * POST /api/hr/applicants/{id}/hire: in a hired step only. Without employee_user_id it answers the prefill of
 * /hr/employees/create; with it (the employee just created) it links the two and notes it on the timeline.
 */
export async function hireApplicant(
  db: Db,
  id: number,
  employeeUserId: number | undefined,
  actor: JobsActor,
): Promise<HrHirePrefill> {
  const applicant = await managedApplicant(db, id);
  const [context] = await db
    .select({ kind: hrSteps.kind, job: hrJobs })
    .from(hrApplicants)
    .innerJoin(hrSteps, eq(hrSteps.id, hrApplicants.stepId))
    .innerJoin(hrJobs, eq(hrJobs.id, hrApplicants.jobId))
    .where(eq(hrApplicants.id, id));
  if (context!.kind !== 'hired') throw unprocessable({ step_id: [hrJobsMessages.notHired] }, hrJobsMessages.notHired);
  let linked = applicant.employeeUserId;
  if (employeeUserId !== undefined) {
    if (!(await isEnabledEmployee(db, employeeUserId)))
      throw unprocessable({ employee_user_id: [hrJobsMessages.employeeNotFound] });
    await db.transaction(async (tx) => {
      await tx.update(hrApplicants).set({ employeeUserId, updatedAt: new Date() }).where(eq(hrApplicants.id, id));
      await addEvent(tx, { applicantId: id, actorId: actor.id, type: 'hired', body: hrJobsMessages.employeeLinked });
    });
    linked = employeeUserId;
  }
  const job = context!.job;
  const today = new Date().toISOString().slice(0, 10);
  return {
    applicant_id: id,
    first_name: applicant.firstName,
    last_name: applicant.lastName,
    email: applicant.email,
    phone: applicant.phone,
    title: job.title,
    department_id: job.departmentId,
    region_id: job.regionId,
    start_date: job.targetOn !== null && job.targetOn >= today ? job.targetOn : null,
    employee_user_id: linked,
  };
}

/**
 * The retention job: applicants of closed or filled openings idle for `months` are deleted with their files. Rows go
 * in one transaction, files after it; answers the purged applicants for the boards' events.
 */
export async function purgeIdleApplicants(
  db: Db,
  dataDir: string,
  months: number,
  now = new Date(),
): Promise<{ id: number; jobId: number }[]> {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  const idle: SQL = and(inArray(hrJobs.status, ['closed', 'filled']), lt(hrApplicants.lastActivityAt, cutoff))!;
  const { purged, paths } = await db.transaction(async (tx) => {
    const victims = await tx
      .select({ id: hrApplicants.id, jobId: hrApplicants.jobId })
      .from(hrApplicants)
      .innerJoin(hrJobs, eq(hrJobs.id, hrApplicants.jobId))
      .where(idle)
      .for('update', { of: hrApplicants })
      .limit(5000);
    if (victims.length === 0) return { purged: [], paths: [] };
    const ids = victims.map((row) => row.id);
    const files = await tx
      .select({ path: hrApplicantFiles.storagePath })
      .from(hrApplicantFiles)
      .where(inArray(hrApplicantFiles.applicantId, ids));
    await tx.delete(hrApplicants).where(inArray(hrApplicants.id, ids));
    return { purged: victims, paths: files.map((file) => file.path) };
  });
  for (const path of paths) await removeUpload(dataDir, path);
  return purged;
}
