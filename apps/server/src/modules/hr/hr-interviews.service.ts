import { randomUUID } from 'node:crypto';
import {
  hrInterviewerBusyWarning,
  hrInterviewerHolidayWarning,
  hrInterviewerOffWarning,
  hrInterviewKindLabels,
  hrJobsMessages,
  type HrFeedbackInput,
  type HrInterview,
  type HrInterviewInput,
} from '@switchboard/shared/hr/jobs';
import { NOTIFICATION_INTERVIEW } from '@switchboard/shared/notification-types';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { and, asc, eq, gt, inArray, isNull, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, DbOrTransaction } from '../../db/db-types.ts';
import { conflict, notFound, unprocessable } from '../../plugins/errors.ts';
import { sendMail, type MailContext } from '../../plugins/mail.ts';
import type { Realtime } from '../../plugins/realtime-api.ts';
import { holidays } from '../holidays/holidays.table.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { users } from '../users/users.table.ts';
import { applicantFor, isInterviewerOf } from './hr-jobs-access.ts';
import { hrApplicantEvents, hrApplicants, hrInterviewers, hrInterviews, hrJobs } from './hr-jobs.table.ts';
import { hrRequestDays, hrRequests } from './hr-requests.table.ts';
import { canManageJobs, type JobsActor } from './hr-jobs.service.ts';

// Interviews (designs/hr.md §5): scheduled through the calendar event dialog's fields, e-mailed with an .ics
// invitation (stable UID, SEQUENCE up on each reschedule, CANCEL on cancel), warned about interviewers who are off or
// busy, reminded an hour before, and scored by each interviewer, whose scorecard the others see once they filed theirs.

/** The UTC instant of a wall-clock date and time in an IANA zone (the offset re-checked once for DST edges). */
export function zonedToUtc(date: string, time: string, zone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const offsetAt = (instant: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(instant));
    const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
    const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
    return asUtc - instant;
  };
  let instant = wall - offsetAt(wall);
  instant = wall - offsetAt(instant);
  return new Date(instant);
}

/** HH:mm of an instant in a zone. */
export function timeIn(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(instant)
    .slice(0, 5);
}

type InterviewRow = typeof hrInterviews.$inferSelect;

/** Interviews matching `where` with their applicant, job and interviewers; scorecards hidden as the viewer may see. */
export async function loadInterviews(db: DbOrTransaction, where: SQL, viewer: JobsActor): Promise<HrInterview[]> {
  const rows = await db
    .select({
      interview: hrInterviews,
      firstName: hrApplicants.firstName,
      lastName: hrApplicants.lastName,
      jobId: hrJobs.id,
      jobTitle: hrJobs.title,
    })
    .from(hrInterviews)
    .innerJoin(hrApplicants, eq(hrApplicants.id, hrInterviews.applicantId))
    .innerJoin(hrJobs, eq(hrJobs.id, hrApplicants.jobId))
    .where(where)
    .orderBy(asc(hrInterviews.startsAt), asc(hrInterviews.id));
  if (rows.length === 0) return [];
  const panel = await db
    .select({ interviewer: hrInterviewers, name: users.name })
    .from(hrInterviewers)
    .innerJoin(users, eq(users.id, hrInterviewers.userId))
    .where(
      inArray(
        hrInterviewers.interviewId,
        rows.map((row) => row.interview.id),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((row) => {
    const own = panel.filter((entry) => entry.interviewer.interviewId === row.interview.id);
    const mine = own.find((entry) => entry.interviewer.userId === viewer.id);
    // An interviewer sees the others' scorecards once theirs is in; HR who are not on the panel see them all.
    const seesOthers = mine ? mine.interviewer.submittedAt !== null : canManageJobs(viewer);
    return {
      id: row.interview.id,
      applicant: {
        id: row.interview.applicantId,
        name: `${row.firstName} ${row.lastName}`,
        job_id: row.jobId,
        job_title: row.jobTitle,
      },
      starts_at: row.interview.startsAt.toISOString(),
      ends_at: row.interview.endsAt.toISOString(),
      kind: row.interview.kind,
      location: row.interview.location,
      status: row.interview.status,
      sequence: row.interview.sequence,
      interviewers: own.map(({ interviewer, name }) => {
        const visible = interviewer.userId === viewer.id || seesOthers;
        const submitted = interviewer.submittedAt !== null;
        return {
          user_id: interviewer.userId,
          name,
          submitted,
          rating: visible && submitted ? interviewer.rating : null,
          recommendation: visible && submitted ? interviewer.recommendation : null,
          feedback: visible && submitted ? interviewer.feedback : null,
          submitted_at: interviewer.submittedAt?.toISOString() ?? null,
        };
      }),
    };
  });
}

export async function getInterview(db: DbOrTransaction, id: number, viewer: JobsActor): Promise<HrInterview> {
  const [interview] = await loadInterviews(db, eq(hrInterviews.id, id), viewer);
  if (!interview) throw notFound();
  return interview;
}

/** The drawer's interviews: all of them for 'manage jobs', an interviewer's own otherwise. */
export function interviewsOfApplicant(db: DbOrTransaction, applicantId: number, viewer: JobsActor) {
  const own = canManageJobs(viewer)
    ? undefined
    : sql`exists (select 1 from hr_interviewers v where v.interview_id = ${hrInterviews.id} and v.user_id = ${viewer.id})`;
  return loadInterviews(db, and(eq(hrInterviews.applicantId, applicantId), own)!, viewer);
}

/** GET /api/hr/interviews: the caller's own interviews, or every one with 'manage jobs', between two dates. */
export async function listInterviews(
  db: DbOrTransaction,
  query: { from?: string; to?: string; applicant_id?: number },
  viewer: JobsActor,
): Promise<HrInterview[]> {
  const filters: (SQL | undefined)[] = [];
  if (query.from) filters.push(gt(hrInterviews.endsAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) filters.push(lte(hrInterviews.startsAt, new Date(`${query.to}T23:59:59Z`)));
  if (query.applicant_id) filters.push(eq(hrInterviews.applicantId, query.applicant_id));
  if (!canManageJobs(viewer))
    filters.push(
      sql`exists (select 1 from hr_interviewers v where v.interview_id = ${hrInterviews.id} and v.user_id = ${viewer.id})`,
    );
  return loadInterviews(db, and(...filters) ?? sql`true`, viewer);
}

/** The interviewers must be enabled employees: 422 on interviewer_ids otherwise. */
async function interviewerNames(db: DbOrTransaction, ids: number[]): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.type, 'Employee'), isNull(users.deletedAt)));
  if (rows.length !== ids.length) throw unprocessable({ interviewer_ids: [hrJobsMessages.interviewerNotFound] });
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * Warnings for the interviewers on the interview's day: a company holiday (unless moved for them) or their own day,
 * approved time off (hr_request_days, when the requests part has created it), another interview overlapping.
 */
export async function interviewWarnings(
  db: DbOrTransaction,
  input: { date: string; time_zone: string; startsAt: Date; endsAt: Date; interviewerIds: number[] },
  names: Map<number, string>,
  exceptInterviewId: number | null,
): Promise<string[]> {
  const warnings: string[] = [];
  const dayRows = await db
    .select({ userId: holidays.userId, date: holidays.date, newDate: holidays.newDate, name: holidays.name })
    .from(holidays)
    .where(
      or(
        and(isNull(holidays.userId), eq(holidays.date, input.date)),
        and(
          inArray(holidays.userId, input.interviewerIds),
          or(eq(holidays.date, input.date), eq(holidays.newDate, input.date)),
        ),
      ),
    );
  for (const userId of input.interviewerIds) {
    const name = names.get(userId) ?? '';
    const own = dayRows.filter((row) => row.userId === userId);
    const movedAway = own.some((row) => row.newDate !== null && row.date === input.date);
    const company = dayRows.find((row) => row.userId === null);
    const ownDay = own.find(
      (row) => (row.newDate ?? row.date) === input.date && !(row.newDate && row.date === input.date),
    );
    const holiday = ownDay ?? (company && !movedAway ? company : undefined);
    if (holiday)
      warnings.push(hrInterviewerHolidayWarning(name, input.date, holiday.name ?? company?.name ?? 'Holiday'));
  }
  for (const userId of await usersOff(db, input.date, input.interviewerIds))
    warnings.push(hrInterviewerOffWarning(names.get(userId) ?? '', input.date));
  const busy = await db
    .select({ userId: hrInterviewers.userId, startsAt: hrInterviews.startsAt, endsAt: hrInterviews.endsAt })
    .from(hrInterviewers)
    .innerJoin(hrInterviews, eq(hrInterviews.id, hrInterviewers.interviewId))
    .where(
      and(
        inArray(hrInterviewers.userId, input.interviewerIds),
        eq(hrInterviews.status, 'scheduled'),
        sql`${hrInterviews.startsAt} < ${input.endsAt.toISOString()}::timestamptz`,
        sql`${hrInterviews.endsAt} > ${input.startsAt.toISOString()}::timestamptz`,
        exceptInterviewId === null ? undefined : ne(hrInterviews.id, exceptInterviewId),
      ),
    )
    .orderBy(asc(hrInterviews.startsAt));
  for (const row of busy)
    warnings.push(
      hrInterviewerBusyWarning(
        names.get(row.userId) ?? '',
        timeIn(row.startsAt, input.time_zone),
        timeIn(row.endsAt, input.time_zone),
      ),
    );
  return warnings;
}

/** Interviewers with approved time off that day (hours above zero on one of their request days). */
async function usersOff(db: DbOrTransaction, date: string, userIds: number[]): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: hrRequestDays.userId })
    .from(hrRequestDays)
    .innerJoin(hrRequests, eq(hrRequests.id, hrRequestDays.requestId))
    .where(
      and(
        eq(hrRequestDays.date, date),
        inArray(hrRequestDays.userId, userIds),
        eq(hrRequests.status, 'approved'),
        gt(hrRequestDays.hours, '0'),
      ),
    );
  const off = new Set(rows.map((row) => row.userId));
  return userIds.filter((id) => off.has(id));
}

interface InviteContext extends MailContext {
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>;
}

const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

/** The .ics invitation: METHOD REQUEST (or CANCEL), the interview's stable UID and its SEQUENCE. */
export function interviewIcs(
  interview: InterviewRow,
  details: { title: string; description: string; organizer: string; attendees: { name: string; email: string }[] },
  method: 'request' | 'cancel',
): string {
  const calendar = ical({
    prodId: { company: 'Switchboard', product: 'HR interviews', language: 'EN' },
    method: method === 'request' ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL,
  });
  calendar.createEvent({
    id: interview.icsUid,
    sequence: interview.sequence,
    start: interview.startsAt,
    end: interview.endsAt,
    stamp: new Date(),
    summary: details.title,
    description: details.description,
    location: interview.location || null,
    organizer: { name: 'Switchboard', email: addressOf(details.organizer) },
    attendees: details.attendees.map((attendee) => ({ name: attendee.name, email: attendee.email, rsvp: true })),
    status: method === 'request' ? ICalEventStatus.CONFIRMED : ICalEventStatus.CANCELLED,
  });
  return calendar.toString();
}

/** E-mails the applicant and the interviewers, each message with the .ics invitation (or its cancellation). */
async function mailInvitations(context: InviteContext, interviewId: number, method: 'request' | 'cancel') {
  const [row] = await context.db
    .select({
      interview: hrInterviews,
      firstName: hrApplicants.firstName,
      lastName: hrApplicants.lastName,
      email: hrApplicants.email,
      jobTitle: hrJobs.title,
    })
    .from(hrInterviews)
    .innerJoin(hrApplicants, eq(hrApplicants.id, hrInterviews.applicantId))
    .innerJoin(hrJobs, eq(hrJobs.id, hrApplicants.jobId))
    .where(eq(hrInterviews.id, interviewId));
  if (!row) return;
  const panel = await context.db
    .select({ name: users.name, email: users.email })
    .from(hrInterviewers)
    .innerJoin(users, eq(users.id, hrInterviewers.userId))
    .where(eq(hrInterviewers.interviewId, interviewId));
  const applicantName = `${row.firstName} ${row.lastName}`;
  const title = `${hrInterviewKindLabels[row.interview.kind]} interview: ${row.jobTitle}`;
  const when = `${row.interview.startsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const attendees = [{ name: applicantName, email: row.email }, ...panel];
  const ics = interviewIcs(
    row.interview,
    {
      title,
      description: `${title} with ${applicantName}${row.interview.location ? `\n${row.interview.location}` : ''}`,
      organizer: context.config.mailFrom,
      attendees,
    },
    method,
  );
  const attachment = {
    filename: method === 'request' ? 'invite.ics' : 'cancel.ics',
    content: Buffer.from(ics),
    contentType: `text/calendar; charset=utf-8; method=${method === 'request' ? 'REQUEST' : 'CANCEL'}`,
  };
  const verb = method === 'cancel' ? 'Cancelled' : row.interview.sequence > 0 ? 'Updated' : 'Invitation';
  const where = row.interview.location ? `\nWhere: ${row.interview.location}` : '';
  await sendMail(context, {
    to: row.email,
    subject: `${verb}: ${title}`,
    text: `Dear ${row.firstName},\n\n${method === 'cancel' ? 'Your interview has been cancelled' : `Your interview is set for ${when}`}.${where}\n`,
    attachments: [attachment],
  });
  if (panel.length > 0)
    await sendMail(context, {
      to: panel.map((member) => member.email),
      subject: `${verb}: ${title} (${applicantName})`,
      text: `${title} with ${applicantName}, ${method === 'cancel' ? 'cancelled' : when}.${where}\n`,
      attachments: [attachment],
    });
}

async function addEvent(
  db: DbOrTransaction,
  applicantId: number,
  actorId: number,
  type: 'interview' | 'interview_cancelled' | 'feedback',
  body: string,
) {
  await db.insert(hrApplicantEvents).values({ applicantId, actorId, type, body });
  await db.update(hrApplicants).set({ lastActivityAt: new Date() }).where(eq(hrApplicants.id, applicantId));
}

export interface SavedInterview {
  interview: HrInterview;
  warnings: string[];
  jobId: number;
  applicantId: number;
  /** Days the interview touched before and after the change, for HrCalendarChanged. */
  days: string[];
}

const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);

/** POST /api/hr/interviews ('manage jobs'). */
export async function createInterview(
  context: InviteContext & { db: Db },
  input: HrInterviewInput,
  actor: JobsActor,
): Promise<SavedInterview> {
  const { applicant } = await applicantFor(context.db, input.applicant_id, actor);
  const names = await interviewerNames(context.db, input.interviewer_ids);
  const startsAt = zonedToUtc(input.date, input.start_time, input.time_zone);
  const endsAt = zonedToUtc(input.date, input.end_time, input.time_zone);
  const warnings = await interviewWarnings(
    context.db,
    { ...input, startsAt, endsAt, interviewerIds: input.interviewer_ids },
    names,
    null,
  );
  const id = await context.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(hrInterviews)
      .values({
        applicantId: applicant.id,
        startsAt,
        endsAt,
        kind: input.kind,
        location: input.location,
        icsUid: `${randomUUID()}@switchboard`,
        createdBy: actor.id,
      })
      .returning({ id: hrInterviews.id });
    await tx.insert(hrInterviewers).values(input.interviewer_ids.map((userId) => ({ interviewId: row!.id, userId })));
    await addEvent(tx, applicant.id, actor.id, 'interview', interviewSummary(input, [...names.values()]));
    return row!.id;
  });
  await mailInvitations(context, id, 'request');
  const interview = await getInterview(context.db, id, actor);
  return { interview, warnings, jobId: applicant.jobId, applicantId: applicant.id, days: [dayOf(startsAt)] };
}

const interviewSummary = (input: HrInterviewInput, names: string[]) =>
  `${hrInterviewKindLabels[input.kind]} interview on ${input.date} ${input.start_time}-${input.end_time} ` +
  `(${input.time_zone}) with ${names.join(', ')}`;

/** PUT /api/hr/interviews/{id}: the same applicant; a new SEQUENCE and invitation, the reminder re-armed. */
export async function updateInterview(
  context: InviteContext & { db: Db },
  id: number,
  input: HrInterviewInput,
  actor: JobsActor,
): Promise<SavedInterview> {
  const [current] = await context.db.select().from(hrInterviews).where(eq(hrInterviews.id, id));
  if (!current) throw notFound();
  if (current.status === 'cancelled') throw conflict(hrJobsMessages.interviewCancelledAlready);
  if (input.applicant_id !== current.applicantId) throw unprocessable({ applicant_id: ['Choose the applicant.'] });
  const { applicant } = await applicantFor(context.db, current.applicantId, actor);
  const names = await interviewerNames(context.db, input.interviewer_ids);
  const startsAt = zonedToUtc(input.date, input.start_time, input.time_zone);
  const endsAt = zonedToUtc(input.date, input.end_time, input.time_zone);
  const warnings = await interviewWarnings(
    context.db,
    { ...input, startsAt, endsAt, interviewerIds: input.interviewer_ids },
    names,
    id,
  );
  const removedPanel = await context.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(hrInterviews).where(eq(hrInterviews.id, id)).for('update');
    if (!locked || locked.status === 'cancelled') throw conflict(hrJobsMessages.interviewCancelledAlready);
    const moved = locked.startsAt.getTime() !== startsAt.getTime() || locked.endsAt.getTime() !== endsAt.getTime();
    await tx
      .update(hrInterviews)
      .set({
        startsAt,
        endsAt,
        kind: input.kind,
        location: input.location,
        sequence: locked.sequence + 1,
        remindedAt: moved ? null : locked.remindedAt,
        updatedAt: new Date(),
      })
      .where(eq(hrInterviews.id, id));
    // Interviewers who stay keep their scorecards; those taken off the panel leave with theirs.
    const removed = await tx
      .delete(hrInterviewers)
      .where(and(eq(hrInterviewers.interviewId, id), notInArray(hrInterviewers.userId, input.interviewer_ids)))
      .returning({ userId: hrInterviewers.userId });
    await tx
      .insert(hrInterviewers)
      .values(input.interviewer_ids.map((userId) => ({ interviewId: id, userId })))
      .onConflictDoNothing();
    await addEvent(
      tx,
      applicant.id,
      actor.id,
      'interview',
      `Rescheduled: ${interviewSummary(input, [...names.values()])}`,
    );
    return removed.map((row) => row.userId);
  });
  if (removedPanel.length > 0) await mailCancellationTo(context, id, removedPanel);
  await mailInvitations(context, id, 'request');
  const interview = await getInterview(context.db, id, actor);
  return {
    interview,
    warnings,
    jobId: applicant.jobId,
    applicantId: applicant.id,
    days: [...new Set([dayOf(current.startsAt), dayOf(startsAt)])],
  };
}

/** Interviewers taken off the panel get the cancellation of the event in their calendar. */
async function mailCancellationTo(context: InviteContext, id: number, userIds: number[]) {
  const [interview] = await context.db.select().from(hrInterviews).where(eq(hrInterviews.id, id));
  const members = await context.db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, userIds));
  if (!interview || members.length === 0) return;
  const ics = interviewIcs(
    interview,
    {
      title: 'Interview',
      description: 'You are no longer on this interview.',
      organizer: context.config.mailFrom,
      attendees: members,
    },
    'cancel',
  );
  await sendMail(context, {
    to: members.map((member) => member.email),
    subject: 'Cancelled: interview',
    text: 'You are no longer on this interview.\n',
    attachments: [{ filename: 'cancel.ics', content: Buffer.from(ics), contentType: 'text/calendar; method=CANCEL' }],
  });
}

/** DELETE /api/hr/interviews/{id}: cancelled (kept on the timeline with its scorecards), CANCEL sent. */
export async function cancelInterview(
  context: InviteContext & { db: Db },
  id: number,
  actor: JobsActor,
): Promise<SavedInterview> {
  const result = await context.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(hrInterviews).where(eq(hrInterviews.id, id)).for('update');
    if (!locked) throw notFound();
    if (locked.status === 'cancelled') throw conflict(hrJobsMessages.interviewCancelledAlready);
    await tx
      .update(hrInterviews)
      .set({ status: 'cancelled', sequence: locked.sequence + 1, updatedAt: new Date() })
      .where(eq(hrInterviews.id, id));
    await addEvent(
      tx,
      locked.applicantId,
      actor.id,
      'interview_cancelled',
      `Interview of ${dayOf(locked.startsAt)} cancelled`,
    );
    return locked;
  });
  await mailInvitations(context, id, 'cancel');
  const interview = await getInterview(context.db, id, actor);
  return {
    interview,
    warnings: [],
    jobId: interview.applicant.job_id,
    applicantId: result.applicantId,
    days: [dayOf(result.startsAt)],
  };
}

/** POST /api/hr/interviews/{id}/feedback: the caller's own scorecard (only interviewers file one). */
export async function fileFeedback(
  db: Db,
  id: number,
  input: HrFeedbackInput,
  actor: JobsActor,
): Promise<{ interview: HrInterview; jobId: number; applicantId: number }> {
  const [current] = await db.select().from(hrInterviews).where(eq(hrInterviews.id, id));
  if (!current) throw notFound();
  // Someone who may not see the applicant learns nothing about the interview either.
  if (!canManageJobs(actor) && !(await isInterviewerOf(db, current.applicantId, actor.id))) throw notFound();
  if (current.status === 'cancelled') throw conflict(hrJobsMessages.interviewCancelledAlready);
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(hrInterviewers)
      .set({
        rating: input.rating,
        recommendation: input.recommendation,
        feedback: input.notes,
        submittedAt: new Date(),
      })
      .where(and(eq(hrInterviewers.interviewId, id), eq(hrInterviewers.userId, actor.id)))
      .returning({ userId: hrInterviewers.userId });
    if (!updated) throw unprocessable({ interview: [hrJobsMessages.notInterviewer] }, hrJobsMessages.notInterviewer);
    await addEvent(tx, current.applicantId, actor.id, 'feedback', 'Scorecard filed');
  });
  const interview = await getInterview(db, id, actor);
  return { interview, jobId: interview.applicant.job_id, applicantId: current.applicantId };
}

/**
 * The reminder job (every five minutes): interviews starting within the hour and not yet reminded are claimed in one
 * UPDATE (so two processes never remind twice), then each interviewer gets NOTIFICATION_INTERVIEW (the applicant id).
 */
export async function remindInterviews(db: Db, realtime: Pick<Realtime, 'emitToUser'>, now = new Date()) {
  const soon = new Date(now.getTime() + 60 * 60 * 1000);
  const claimed = await db
    .update(hrInterviews)
    .set({ remindedAt: now })
    .where(
      and(
        eq(hrInterviews.status, 'scheduled'),
        isNull(hrInterviews.remindedAt),
        gt(hrInterviews.startsAt, now),
        lte(hrInterviews.startsAt, soon),
      ),
    )
    .returning({ id: hrInterviews.id, applicantId: hrInterviews.applicantId });
  if (claimed.length === 0) return 0;
  const panel = await db
    .select({ interviewId: hrInterviewers.interviewId, userId: hrInterviewers.userId })
    .from(hrInterviewers)
    .where(
      inArray(
        hrInterviewers.interviewId,
        claimed.map((row) => row.id),
      ),
    );
  const applicantOf = new Map(claimed.map((row) => [row.id, row.applicantId]));
  for (const member of panel)
    await createNotification(
      db,
      member.userId,
      { type: NOTIFICATION_INTERVIEW, number_details: applicantOf.get(member.interviewId) ?? null },
      realtime,
    );
  return panel.length;
}
