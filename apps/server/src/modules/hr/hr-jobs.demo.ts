import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { departments } from '../reference/reference.table.ts';
import { users } from '../users/users.table.ts';
import { hrApplicantEvents, hrApplicants, hrInterviewers, hrInterviews, hrJobs } from './hr-jobs.table.ts';
import { hrSteps } from './hr.table.ts';

// HR jobs demo data (designs/hr.md §5): three openings, applicants across every column of the board, interviews this
// week and next (one with both scorecards filed). db/seed/demo.ts calls it after the employees exist.

const DAY = 86_400_000;

const people = [
  ['Maya', 'Chen', 'job_board'],
  ['Omar', 'Haddad', 'referral'],
  ['Priya', 'Raman', 'website'],
  ['Lucas', 'Moreau', 'agency'],
  ['Sofia', 'Alvarez', 'job_board'],
  ['Daniel', 'Okafor', 'website'],
  ['Hannah', 'Becker', 'referral'],
  ['Kenji', 'Watanabe', 'job_board'],
  ['Amara', 'Nwosu', 'other'],
  ['Ethan', 'Brooks', 'website'],
  ['Leila', 'Farouk', 'job_board'],
  ['Noah', 'Lindqvist', 'agency'],
] as const;

export async function seedHrJobsDemo(tx: Transaction): Promise<void> {
  const [existing] = await tx.select({ id: hrJobs.id }).from(hrJobs).limit(1);
  if (existing) return;
  const staff = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.type, 'Employee'), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
    .limit(6);
  const steps = await tx.select().from(hrSteps).where(eq(hrSteps.active, true)).orderBy(asc(hrSteps.sortOrder));
  const [tech] = await tx.select({ id: departments.id }).from(departments).orderBy(asc(departments.id)).limit(1);
  if (staff.length === 0 || steps.length === 0) return;
  const today = new Date();
  const dayOffset = (days: number) => new Date(today.getTime() + days * DAY);
  const date = (days: number) => dayOffset(days).toISOString().slice(0, 10);
  const manager = staff[0]!.id;

  const jobs = await tx
    .insert(hrJobs)
    .values([
      {
        title: 'Senior Technician',
        departmentId: tech?.id ?? null,
        employmentType: 'full_time',
        workplace: 'hybrid',
        salaryMin: 70000,
        salaryMax: 90000,
        openings: 2,
        hiringManagerId: manager,
        descriptionHtml: '<p>Tier 3 support for our managed clients: networks, servers and Microsoft 365.</p>',
        status: 'open',
        openedOn: date(-30),
        targetOn: date(45),
      },
      {
        title: 'Help Desk Technician',
        departmentId: tech?.id ?? null,
        employmentType: 'full_time',
        workplace: 'on_site',
        salaryMin: 45000,
        salaryMax: 55000,
        openings: 1,
        hiringManagerId: manager,
        descriptionHtml: '<p>First-line support by phone and chat; tickets from triage to resolution.</p>',
        status: 'open',
        openedOn: date(-12),
        targetOn: date(30),
      },
      {
        title: 'Network Engineer (Contract)',
        departmentId: tech?.id ?? null,
        employmentType: 'contract',
        workplace: 'remote',
        salaryMin: 60,
        salaryMax: 85,
        openings: 1,
        hiringManagerId: manager,
        descriptionHtml: '<p>Six-month firewall and SD-WAN rollout across twelve client sites.</p>',
        status: 'on_hold',
        openedOn: date(-60),
      },
    ])
    .returning({ id: hrJobs.id });

  // Applicants spread over the columns: each step gets some, in order, entered a few days apart.
  const positions = new Map<string, number>();
  const applicantRows = people.map(([first, last, source], index) => {
    const job = jobs[index % jobs.length]!;
    const step = steps[index % steps.length]!;
    const key = `${job.id}:${step.id}`;
    const position = positions.get(key) ?? 0;
    positions.set(key, position + 1);
    return {
      jobId: job.id,
      firstName: first,
      lastName: last,
      email: `${first.toLowerCase()}.${last.toLowerCase()}@example.com`,
      phone: `(555) 010-${String(1000 + index).slice(-4)}`,
      source,
      referredBy: source === 'referral' ? (staff[1]?.id ?? manager) : null,
      stepId: step.id,
      position,
      rating: (index % 5) + 1,
      tags: index % 3 === 0 ? ['certified'] : [],
      rejectionReason: step.kind === 'rejected' ? 'Salary expectations above the range' : '',
      stepEnteredAt: dayOffset(-(index % 9)),
      lastActivityAt: dayOffset(-(index % 9)),
      createdAt: dayOffset(-(index + 3)),
    };
  });
  const applicants = await tx
    .insert(hrApplicants)
    .values(applicantRows)
    .returning({ id: hrApplicants.id, stepId: hrApplicants.stepId, createdAt: hrApplicants.createdAt });
  await tx.insert(hrApplicantEvents).values(
    applicants.map((applicant) => ({
      applicantId: applicant.id,
      actorId: manager,
      type: 'created' as const,
      toStepId: applicant.stepId,
      createdAt: applicant.createdAt,
    })),
  );

  // Interviews: tomorrow and in three days at 10:00 UTC, and one last week with both scorecards filed.
  const at = (days: number, hour: number) => {
    const day = dayOffset(days);
    day.setUTCHours(hour, 0, 0, 0);
    return day;
  };
  const panel = staff.slice(1, 3).map((user) => user.id);
  const planned = [
    {
      applicant: applicants[1]!,
      startsAt: at(1, 14),
      kind: 'video' as const,
      location: 'https://meet.example.com/hr-1',
    },
    { applicant: applicants[2]!, startsAt: at(3, 15), kind: 'on_site' as const, location: 'Main office, room 2' },
    { applicant: applicants[3]!, startsAt: at(-5, 16), kind: 'phone' as const, location: '' },
  ];
  for (const [index, plan] of planned.entries()) {
    const [interview] = await tx
      .insert(hrInterviews)
      .values({
        applicantId: plan.applicant.id,
        startsAt: plan.startsAt,
        endsAt: new Date(plan.startsAt.getTime() + 3_600_000),
        kind: plan.kind,
        location: plan.location,
        icsUid: `${randomUUID()}@switchboard`,
        createdBy: manager,
        remindedAt: index === 2 ? plan.startsAt : null,
      })
      .returning({ id: hrInterviews.id });
    const members = panel.length > 0 ? panel : [manager];
    await tx.insert(hrInterviewers).values(
      members.map((userId, seat) => ({
        interviewId: interview!.id,
        userId,
        ...(index === 2
          ? {
              rating: seat === 0 ? 4 : 3,
              recommendation: seat === 0 ? ('yes' as const) : ('no' as const),
              feedback: seat === 0 ? 'Clear troubleshooting approach.' : 'Light on networking depth.',
              submittedAt: new Date(plan.startsAt.getTime() + 2 * 3_600_000),
            }
          : {}),
      })),
    );
    await tx.insert(hrApplicantEvents).values({
      applicantId: plan.applicant.id,
      actorId: manager,
      type: 'interview',
      body: `Interview scheduled for ${plan.startsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    });
  }
}
