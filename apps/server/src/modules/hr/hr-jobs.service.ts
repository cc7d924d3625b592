import { sanitizeHtml } from '@switchboard/shared/html-policy';
import type {
  HrBoard,
  HrBoardCard,
  HrInterviewKind,
  HrJob,
  HrJobInput,
  HrJobListQuery,
  HrJobRow,
} from '@switchboard/shared/hr/jobs';
import { hrJobsMessages } from '@switchboard/shared/hr/jobs';
import { and, asc, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTransaction } from '../../db/db-types.ts';
import { jsonTime } from '../../db/json-sql.ts';
import { paginate, type Page } from '../../db/paginate.ts';
import { runPrepared } from '../../db/prepared.ts';

import { notFound, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { departments, regions } from '../reference/reference.table.ts';
import { users } from '../users/users.table.ts';
import { hrApplicants, hrJobs } from './hr-jobs.table.ts';
import { hrSteps } from './hr.table.ts';

// Openings and their board (designs/hr.md §5): the list with applicants per step, the detail, and the cards, which
// one presenter shapes for GET /board and for the ApplicantMoved / ApplicantUpdated events.

export interface JobsActor {
  id: number;
  name: string;
  permissions: readonly string[];
}

export const canManageJobs = (actor: JobsActor) => actor.permissions.includes('manage jobs');

const DAY_MS = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

const manager = alias(users, 'hr_job_manager');

const jobColumns = {
  job: hrJobs,
  departmentName: departments.name,
  regionName: regions.name,
  managerName: manager.name,
};

function jobSelect(db: DbOrTransaction) {
  return db
    .select(jobColumns)
    .from(hrJobs)
    .leftJoin(departments, eq(departments.id, hrJobs.departmentId))
    .leftJoin(regions, eq(regions.id, hrJobs.regionId))
    .leftJoin(manager, eq(manager.id, hrJobs.hiringManagerId));
}
type JobSelectRow = Awaited<ReturnType<ReturnType<typeof jobSelect>['execute']>>[number];

const refOf = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);

function rowOf(row: JobSelectRow, counts: Map<number, Map<number, number>>, stepIds: number[]): HrJobRow {
  const job = row.job;
  const perStep = counts.get(job.id) ?? new Map<number, number>();
  return {
    id: job.id,
    title: job.title,
    department: refOf(job.departmentId, row.departmentName),
    region: refOf(job.regionId, row.regionName),
    employment_type: job.employmentType,
    workplace: job.workplace,
    status: job.status,
    openings: job.openings,
    hiring_manager: refOf(job.hiringManagerId, row.managerName),
    opened_on: job.openedOn,
    closed_on: job.closedOn,
    target_on: job.targetOn,
    days_open: job.openedOn === null ? null : Math.max(0, daysBetween(job.openedOn, job.closedOn ?? today())),
    applicants: [...perStep.values()].reduce((sum, count) => sum + count, 0),
    step_counts: stepIds.map((stepId) => ({ step_id: stepId, count: perStep.get(stepId) ?? 0 })),
  };
}

function detailOf(row: JobSelectRow, counts: Map<number, Map<number, number>>, stepIds: number[]): HrJob {
  return {
    ...rowOf(row, counts, stepIds),
    salary_min: row.job.salaryMin,
    salary_max: row.job.salaryMax,
    description_html: row.job.descriptionHtml,
    created_at: row.job.createdAt.toISOString(),
    updated_at: row.job.updatedAt.toISOString(),
  };
}

/** Steps in board order: active ones in their order, then Hired, then Rejected (designs/hr.md §5). */
export async function boardSteps(db: DbOrTransaction) {
  const steps = await db.select().from(hrSteps).orderBy(asc(hrSteps.sortOrder), asc(hrSteps.id));
  const rank = { active: 0, hired: 1, rejected: 2 } as const;
  return steps.sort((a, b) => rank[a.kind] - rank[b.kind]);
}

/** Applicants per job and step, in one grouped statement. */
async function stepCounts(db: DbOrTransaction, jobIds: number[]): Promise<Map<number, Map<number, number>>> {
  const counts = new Map<number, Map<number, number>>();
  if (jobIds.length === 0) return counts;
  const rows = await db
    .select({ jobId: hrApplicants.jobId, stepId: hrApplicants.stepId, count: sql<number>`count(*)::int` })
    .from(hrApplicants)
    .where(inArray(hrApplicants.jobId, jobIds))
    .groupBy(hrApplicants.jobId, hrApplicants.stepId);
  for (const row of rows) {
    const perStep = counts.get(row.jobId) ?? new Map<number, number>();
    perStep.set(row.stepId, row.count);
    counts.set(row.jobId, perStep);
  }
  return counts;
}

/** The step ids a list row counts: every active step plus inactive ones that still hold applicants. */
function countedStepIds(steps: Awaited<ReturnType<typeof boardSteps>>, counts: Map<number, Map<number, number>>) {
  const used = new Set<number>();
  for (const perStep of counts.values()) for (const [stepId, count] of perStep) if (count > 0) used.add(stepId);
  return steps.filter((step) => step.active || used.has(step.id)).map((step) => step.id);
}

export async function listJobs(db: Db, query: HrJobListQuery): Promise<Page<HrJobRow>> {
  const filters: (SQL | undefined)[] = [];
  if (query.status === 'active') filters.push(inArray(hrJobs.status, ['draft', 'open', 'on_hold']));
  else if (query.status !== 'all') filters.push(eq(hrJobs.status, query.status));
  if (query.department_id) filters.push(eq(hrJobs.departmentId, query.department_id));
  if (query.search) filters.push(ilike(hrJobs.title, `%${query.search.replace(/[\\%_]/g, '\\$&')}%`));
  const where = and(...filters);
  const page = await paginate(
    query,
    () => db.$count(hrJobs, where),
    (limit, offset) =>
      jobSelect(db).where(where).orderBy(desc(hrJobs.createdAt), desc(hrJobs.id)).limit(limit).offset(offset),
  );
  const [steps, counts] = [
    await boardSteps(db),
    await stepCounts(
      db,
      page.data.map((row) => row.job.id),
    ),
  ];
  const stepIds = countedStepIds(steps, counts);
  return { ...page, data: page.data.map((row) => rowOf(row, counts, stepIds)) };
}

async function loadJobRow(db: DbOrTransaction, id: number): Promise<JobSelectRow> {
  const [row] = await jobSelect(db).where(eq(hrJobs.id, id));
  if (!row) throw notFound();
  return row;
}

export async function getJob(db: DbOrTransaction, id: number): Promise<HrJob> {
  const row = await loadJobRow(db, id);
  const counts = await stepCounts(db, [id]);
  return detailOf(row, counts, countedStepIds(await boardSteps(db), counts));
}

/** Department, region and hiring manager must exist (an enabled employee for the manager): 422 per field. */
async function checkJobRefs(db: DbOrTransaction, input: HrJobInput): Promise<void> {
  const errors: FieldErrors = {};
  if (input.department_id !== null) {
    const [row] = await db
      .select({ id: departments.id })
      .from(departments)
      .where(eq(departments.id, input.department_id));
    if (!row) errors.department_id = [hrJobsMessages.departmentNotFound];
  }
  if (input.region_id !== null) {
    const [row] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, input.region_id));
    if (!row) errors.region_id = [hrJobsMessages.regionNotFound];
  }
  if (input.hiring_manager_id !== null && !(await isEnabledEmployee(db, input.hiring_manager_id)))
    errors.hiring_manager_id = [hrJobsMessages.hiringManagerNotFound];
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

export async function isEnabledEmployee(db: DbOrTransaction, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.type, 'Employee'), isNull(users.deletedAt)));
  return Boolean(row);
}

/** Opening it sets opened_on once; Filled and Closed set closed_on; going back to work clears it. */
function statusDates(
  status: HrJobInput['status'],
  current: { openedOn: string | null; closedOn: string | null } | null,
): { openedOn: string | null; closedOn: string | null } {
  const openedOn = current?.openedOn ?? (status === 'draft' ? null : today());
  const closing = status === 'closed' || status === 'filled';
  return { openedOn, closedOn: closing ? (current?.closedOn ?? today()) : null };
}

const jobValues = (input: HrJobInput) => ({
  title: input.title,
  departmentId: input.department_id,
  regionId: input.region_id,
  employmentType: input.employment_type,
  workplace: input.workplace,
  salaryMin: input.salary_min,
  salaryMax: input.salary_max,
  openings: input.openings,
  hiringManagerId: input.hiring_manager_id,
  descriptionHtml: sanitizeHtml(input.description_html),
  status: input.status,
  targetOn: input.target_on,
});

export async function createJob(db: Db, input: HrJobInput): Promise<HrJob> {
  await checkJobRefs(db, input);
  const [row] = await db
    .insert(hrJobs)
    .values({ ...jobValues(input), ...statusDates(input.status, null) })
    .returning({ id: hrJobs.id });
  return getJob(db, row!.id);
}

export async function updateJob(db: Db, id: number, input: HrJobInput): Promise<HrJob> {
  await checkJobRefs(db, input);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(hrJobs).where(eq(hrJobs.id, id)).for('update');
    if (!current) throw notFound();
    await tx
      .update(hrJobs)
      .set({ ...jobValues(input), ...statusDates(input.status, current), updatedAt: new Date() })
      .where(eq(hrJobs.id, id));
    return getJob(tx, id);
  });
}

/** A job with applicants is closed, not deleted (their history and files stay until the retention job). */
export async function deleteJob(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ id: hrJobs.id }).from(hrJobs).where(eq(hrJobs.id, id)).for('update');
    if (!current) throw notFound();
    const [applicant] = await tx
      .select({ id: hrApplicants.id })
      .from(hrApplicants)
      .where(eq(hrApplicants.jobId, id))
      .limit(1);
    if (applicant) throw unprocessable({ job: [hrJobsMessages.jobHasApplicants] }, hrJobsMessages.jobHasApplicants);
    await tx.delete(hrJobs).where(eq(hrJobs.id, id));
  });
}

// The next scheduled interview of each card, as a correlated subquery written with qualified names (GUIDE pitfall).
const nextInterview = sql<{ id: number; starts_at: string; kind: HrInterviewKind } | null>`(
  select json_build_object('id', i.id, 'starts_at', i.starts_at, 'kind', i.kind)
  from hr_interviews i
  where i.applicant_id = "hr_applicants"."id" and i.status = 'scheduled' and i.ends_at > now()
  order by i.starts_at, i.id
  limit 1
)`;

/** Board cards matching `where`, ordered by step and position, in one statement. */
export async function loadCards(db: DbOrTransaction, where: SQL | undefined): Promise<HrBoardCard[]> {
  const rows = await db
    .select({ applicant: hrApplicants, next: nextInterview })
    .from(hrApplicants)
    .where(where)
    .orderBy(asc(hrApplicants.stepId), asc(hrApplicants.position), asc(hrApplicants.id));
  const now = Date.now();
  return rows.map(({ applicant: a, next }) => ({
    id: a.id,
    job_id: a.jobId,
    first_name: a.firstName,
    last_name: a.lastName,
    name: `${a.firstName} ${a.lastName}`,
    email: a.email,
    source: a.source,
    rating: a.rating,
    tags: a.tags,
    step_id: a.stepId,
    position: a.position,
    step_entered_at: a.stepEnteredAt.toISOString(),
    days_in_step: Math.max(0, Math.floor((now - a.stepEnteredAt.getTime()) / DAY_MS)),
    next_interview: next
      ? {
          id: next.id,
          starts_at: new Date(next.starts_at).toISOString(),
          kind: next.kind,
        }
      : null,
    created_at: a.createdAt.toISOString(),
  }));
}

export async function loadCard(db: DbOrTransaction, applicantId: number): Promise<HrBoardCard | null> {
  const [card] = await loadCards(db, eq(hrApplicants.id, applicantId));
  return card ?? null;
}

// A card as JSON text written by PostgreSQL for GET /board: loadCards' shape, which hr-jobs-board.test.ts holds it to.
const cardJson = sql`'{"id":' || a.id || ',"job_id":' || a.job_id
  || ',"first_name":' || to_json(a.first_name)::text || ',"last_name":' || to_json(a.last_name)::text
  || ',"name":' || to_json(a.first_name || ' ' || a.last_name)::text || ',"email":' || to_json(a.email)::text
  || ',"source":' || to_json(a.source)::text || ',"rating":' || coalesce(a.rating::text, 'null')
  || ',"tags":' || to_json(a.tags)::text || ',"step_id":' || a.step_id || ',"position":' || a.position
  || ',"step_entered_at":' || ${jsonTime(sql`a.step_entered_at`)}
  || ',"days_in_step":' || greatest(0, floor(extract(epoch from now() - a.step_entered_at) / 86400))::int
  || ',"next_interview":' || coalesce((
    select '{"id":' || i.id || ',"starts_at":' || ${jsonTime(sql`i.starts_at`)} || ',"kind":' || to_json(i.kind)::text
      || '}'
    from hr_interviews i
    where i.applicant_id = a.id and i.status = 'scheduled' and i.ends_at > now()
    order by i.starts_at, i.id
    limit 1
  ), 'null')
  || ',"created_at":' || ${jsonTime(sql`a.created_at`)} || '}'`;

/**
 * GET /api/hr/jobs/{id}/board as JSON text: three statements whatever the number of cards (job, steps, and each
 * step's cards written as JSON by PostgreSQL in position order), sent as is.
 */
export async function getBoardJson(db: Db, id: number): Promise<string> {
  const row = await loadJobRow(db, id);
  const steps = await boardSteps(db);
  const written = await runPrepared<{ step_id: number; count: number; cards: string }>(
    db,
    'hr_jobs_board_cards',
    () => sql`
      select a.step_id, count(*)::int as count, '[' || string_agg(${cardJson}, ',' order by a.position, a.id) || ']'
        as cards
      from hr_applicants a
      where a.job_id = ${sql.placeholder('job')}
      group by a.step_id`,
    { job: id },
  );
  const byStep = new Map(written.map((step) => [step.step_id, step]));
  const counts = new Map([[id, new Map(written.map((step) => [step.step_id, step.count]))]]);
  const shown = steps.filter((step) => step.active || byStep.has(step.id));
  const job = rowOf(
    row,
    counts,
    shown.map((step) => step.id),
  );
  const columns = shown.map((step) => {
    const head = JSON.stringify({
      id: step.id,
      name: step.name,
      kind: step.kind,
      color: step.color,
      active: step.active,
      email_subject: step.emailSubject,
      email_body: step.emailBody,
    });
    return `{"step":${head},"cards":${byStep.get(step.id)?.cards ?? '[]'}}`;
  });
  return `{"data":{"job":${JSON.stringify(job)},"columns":[${columns.join(',')}]}}`;
}

/** The board as an object (the demo's test). */
export async function getBoard(db: Db, id: number): Promise<HrBoard> {
  return (JSON.parse(await getBoardJson(db, id)) as { data: HrBoard }).data;
}
