import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/db-types.ts';
import { notFound } from '../../plugins/errors.ts';
import { hrApplicants, hrInterviewers, hrInterviews } from './hr-jobs.table.ts';
import { canManageJobs, type JobsActor } from './hr-jobs.service.ts';

// Who sees an applicant (designs/hr.md §5): 'manage jobs' sees everything; an interviewer without it sees, for the
// applicants of their interviews (not cancelled ones), the name, resumes and scorecards; anyone else gets 404.

export type ApplicantAccess = 'manage' | 'interviewer';

export async function isInterviewerOf(db: DbOrTransaction, applicantId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: hrInterviews.id })
    .from(hrInterviewers)
    .innerJoin(hrInterviews, eq(hrInterviews.id, hrInterviewers.interviewId))
    .where(
      and(
        eq(hrInterviews.applicantId, applicantId),
        eq(hrInterviewers.userId, userId),
        ne(hrInterviews.status, 'cancelled'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The applicant row and the caller's access to it; 404 when it does not exist or is not theirs to see. */
export async function applicantFor(
  db: DbOrTransaction,
  applicantId: number,
  actor: JobsActor,
): Promise<{ applicant: typeof hrApplicants.$inferSelect; access: ApplicantAccess }> {
  const [applicant] = await db.select().from(hrApplicants).where(eq(hrApplicants.id, applicantId));
  if (!applicant) throw notFound();
  if (canManageJobs(actor)) return { applicant, access: 'manage' };
  if (await isInterviewerOf(db, applicantId, actor.id)) return { applicant, access: 'interviewer' };
  throw notFound();
}

/** The same, for calls only 'manage jobs' may make (the route already answered 403 without it). */
export async function managedApplicant(
  db: DbOrTransaction,
  applicantId: number,
): Promise<typeof hrApplicants.$inferSelect> {
  const [applicant] = await db.select().from(hrApplicants).where(eq(hrApplicants.id, applicantId));
  if (!applicant) throw notFound();
  return applicant;
}
