import type { CalendarItem } from '@switchboard/shared/calendar';
import { hrCalendarOutLabel, type HrCalendarKind, type HrCalendarQuery } from '@switchboard/shared/hr/calendar';
import { and, asc, between, eq, gt, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { employees } from '../users/employees.table.ts';
import { users } from '../users/users.table.ts';
import { hrCategories } from './hr.table.ts';
import { hrApplicants, hrInterviewers, hrInterviews, hrJobs } from './hr-jobs.table.ts';
import { hrRequestDays, hrRequests } from './hr-requests.table.ts';
import { addDays, peopleCondition, type CalendarViewer } from './hr-calendar-people.ts';

// Time off and interviews on the HR calendar (designs/hr.md §6): each day with hours of a time-off request, approved (taken) in the
// category's colour, pending outlined for HR, HR approvers, the requester's manager and the requester.

const taken = ['approved', 'completed'];

/** '4.00' -> '4 h', '2.50' -> '2.5 h'. */
const hoursLabel = (hours: string) => `${Number(hours)} h`;

/** "Morning", "Afternoon" or the hours of a partial day; nothing on a full one. */
export function partLabel(part: string, hours: string, scheduled: string): string | null {
  if (part === 'morning') return 'Morning';
  if (part === 'afternoon') return 'Afternoon';
  if (part === 'custom' || Number(hours) < Number(scheduled)) return hoursLabel(hours);
  return null;
}

function pendingVisible(viewer: CalendarViewer): SQL | undefined {
  if (viewer.permissions.includes('view human resources') || viewer.permissions.includes('approve hr requests'))
    return undefined;
  return or(eq(hrRequests.userId, viewer.id), eq(employees.managerId, viewer.id));
}

export async function listHrCalendarTimeOff(
  db: DbOrTransaction,
  query: HrCalendarQuery,
  viewer: CalendarViewer,
  kinds: ReadonlySet<HrCalendarKind>,
): Promise<CalendarItem[]> {
  const statuses = or(
    kinds.has('time_off') ? inArray(hrRequests.status, taken) : undefined,
    kinds.has('pending') ? and(eq(hrRequests.status, 'pending'), pendingVisible(viewer)) : undefined,
  );
  if (!kinds.has('time_off') && !kinds.has('pending')) return [];
  const rows = await db
    .select({
      requestId: hrRequests.id,
      userId: hrRequests.userId,
      name: users.name,
      status: hrRequests.status,
      reason: hrRequests.reason,
      color: hrCategories.color,
      date: hrRequestDays.date,
      hours: hrRequestDays.hours,
      part: hrRequestDays.part,
      scheduled: hrRequestDays.scheduledHours,
    })
    .from(hrRequestDays)
    .innerJoin(hrRequests, eq(hrRequests.id, hrRequestDays.requestId))
    .innerJoin(hrCategories, eq(hrCategories.id, hrRequests.categoryId))
    .innerJoin(users, eq(users.id, hrRequests.userId))
    .innerJoin(employees, eq(employees.userId, hrRequests.userId))
    .where(
      and(
        between(hrRequestDays.date, query.from, query.to),
        gt(hrRequestDays.hours, '0'),
        eq(hrCategories.kind, 'time_off'),
        statuses,
        peopleCondition(query),
      ),
    )
    .orderBy(asc(hrRequestDays.date), asc(users.name), asc(hrRequests.id));
  // Reasons are HR's to read; everyone else (and every feed) reads "Out".
  const reasons = viewer.permissions.includes('view human resources');
  return rows.map((row) => {
    const pending = row.status === 'pending';
    const what = reasons && row.reason ? row.reason : hrCalendarOutLabel;
    const part = partLabel(row.part, row.hours, row.scheduled);
    return {
      id: `time-off-${row.requestId}-${row.date}`,
      kind: pending ? 'pending' : 'time_off',
      title: `${row.name}: ${what}${part ? ` (${part})` : ''}${pending ? ' (pending)' : ''}`,
      start: row.date,
      end: addDays(row.date, 1),
      all_day: true,
      color: row.color,
      display: pending ? 'outline' : 'block',
      url: `/hr/requests?request=${row.requestId}`,
      user_id: row.userId,
      source_id: row.requestId,
      editable: false,
    } satisfies CalendarItem;
  });
}

const interviewColor = '#0ca678';

/**
 * Scheduled interviews starting between from and to (UTC days): all of them for 'manage jobs', else those the viewer
 * sits on. The person filter keeps the interviews that person sits on. Times are instants (UTC) for every client.
 */
export async function listHrCalendarInterviews(
  db: DbOrTransaction,
  query: HrCalendarQuery,
  viewer: CalendarViewer,
): Promise<CalendarItem[]> {
  const sitsOn = (userId: number) =>
    inArray(
      hrInterviews.id,
      db.select({ id: hrInterviewers.interviewId }).from(hrInterviewers).where(eq(hrInterviewers.userId, userId)),
    );
  const rows = await db
    .select({
      id: hrInterviews.id,
      applicantId: hrInterviews.applicantId,
      startsAt: hrInterviews.startsAt,
      endsAt: hrInterviews.endsAt,
      firstName: hrApplicants.firstName,
      lastName: hrApplicants.lastName,
      job: hrJobs.title,
    })
    .from(hrInterviews)
    .innerJoin(hrApplicants, eq(hrApplicants.id, hrInterviews.applicantId))
    .innerJoin(hrJobs, eq(hrJobs.id, hrApplicants.jobId))
    .where(
      and(
        eq(hrInterviews.status, 'scheduled'),
        gte(hrInterviews.startsAt, new Date(`${query.from}T00:00:00Z`)),
        lt(hrInterviews.startsAt, new Date(`${addDays(query.to, 1)}T00:00:00Z`)),
        viewer.permissions.includes('manage jobs') ? undefined : sitsOn(viewer.id),
        query.user_id === undefined ? undefined : sitsOn(query.user_id),
      ),
    )
    .orderBy(asc(hrInterviews.startsAt), asc(hrInterviews.id));
  return rows.map((row) => ({
    id: `interview-${row.id}`,
    kind: 'interview',
    title: `Interview: ${row.firstName} ${row.lastName} (${row.job})`,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    all_day: false,
    color: interviewColor,
    display: 'block',
    url: `/hr/jobs?applicant=${row.applicantId}`,
    user_id: null,
    source_id: row.id,
    editable: false,
  }));
}
