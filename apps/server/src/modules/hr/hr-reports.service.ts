import { roundHours, timeOffReasons } from '@switchboard/shared';
import type { HrReport, HrReportColumn, HrReportName, HrReportQuery } from '@switchboard/shared/hr/reports';
import {
  hrRequestStatuses,
  hrRequestStatusLabels,
  ptoBankOfRequestBank,
  type HrRequestBank,
} from '@switchboard/shared/hr/requests';
import { sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { headcountReport } from './hr-reports-headcount.ts';
import { ptoReport, reportEmployees, sumColumns, type ReportPeriod, type RequestedHours } from './hr-reports-pto.ts';
import { anonymousReport, requestHoursByMonth, requestsByApprover } from './hr-reports-requests.ts';
import { hrRequestDays, hrRequests } from './hr-requests.table.ts';

// HR reports (designs/hr.md §7): each answers one table (shared/hr/reports.ts), so its CSV is what the page shows.

/**
 * The HR requests' days (pending and approved, with hours) inside each of these periods, summed per status, bank,
 * reason and whether the day is inside the range: one statement, a few rows per period.
 */
async function requestedHours(
  db: DbOrTransaction,
  periods: readonly ReportPeriod[],
  range: { from: string; to: string },
): Promise<RequestedHours[]> {
  const result = await db.execute<{
    period: number;
    status: string;
    bank: string;
    reason: string | null;
    in_range: boolean;
    hours: string;
  }>(sql`
    select p.i as period, r.status, d.bank, r.reason, d.date between ${range.from}::date and ${range.to}::date as in_range,
           sum(d.hours)::text as hours
    from unnest(${sql.param(periods.map((_, index) => index))}::int[],
                ${sql.param(periods.map((period) => period.userId))}::int[],
                ${sql.param(periods.map((period) => period.start))}::date[],
                ${sql.param(periods.map((period) => period.end))}::date[]) as p(i, user_id, start_day, end_day)
    join ${hrRequestDays} d on d.user_id = p.user_id and d.date between p.start_day and p.end_day and d.hours > 0
    join ${hrRequests} r on r.id = d.request_id and r.status in ('pending', 'approved')
    group by 1, 2, 3, 4, 5`);
  return result.rows.map((row) => ({
    period: Number(row.period),
    hours: Number(row.hours),
    bank: ptoBankOfRequestBank(row.bank as HrRequestBank) ?? 'Unpaid',
    reason: row.reason,
    status: row.status as RequestedHours['status'],
    inRange: row.in_range,
  }));
}

const requestsColumns: HrReportColumn[] = [
  { key: 'category', label: 'Category', kind: 'text' },
  ...hrRequestStatuses.map((status): HrReportColumn => ({
    key: status,
    label: hrRequestStatusLabels[status],
    kind: 'number',
  })),
  { key: 'total', label: 'Total', kind: 'number' },
  { key: 'median_days_to_decision', label: 'Median days to decision', kind: 'number' },
  { key: 'pending_0_2', label: 'Pending 0-2 days', kind: 'number' },
  { key: 'pending_3_7', label: 'Pending 3-7 days', kind: 'number' },
  { key: 'pending_8_plus', label: 'Pending 8+ days', kind: 'number' },
  ...timeOffReasons.map((reason): HrReportColumn => ({
    key: `hours_${reason.toLowerCase().replace(/[^a-z]+/g, '_')}`,
    label: `${reason} hours approved`,
    kind: 'number',
  })),
];

/**
 * Requests filed in the range by category: counts per status, the median time from filing to decision, the pending
 * ones by age today, and approved time-off hours by reason (the days inside the range).
 */
async function requestsReport(db: DbOrTransaction, query: HrReportQuery): Promise<HrReport> {
  const people = await reportEmployees(db, query);
  const ids = sql.param(people.map((person) => person.userId));
  const reasons = timeOffReasons.map(
    (reason) => sql`coalesce(sum(d.hours) filter (where r.status = 'approved' and r.reason = ${reason}), 0)`,
  );
  const result = await db.execute<Record<string, string | null>>(sql`
    with filed as (
      select r.* from hr_requests r
      where r.user_id in (select unnest(${ids}::int[]))
        and r.created_at >= ${query.from}::date and r.created_at < ${query.to}::date + 1
    ),
    counts as (
      select r.category_id,
             ${sql.join(
               hrRequestStatuses.map(
                 (status) => sql`count(*) filter (where r.status = ${status}) as ${sql.raw(status)}`,
               ),
               sql`, `,
             )},
             count(*) as total,
             percentile_cont(0.5) within group (order by extract(epoch from r.decided_at - r.created_at) / 86400)
               filter (where r.decided_at is not null) as median_days,
             count(*) filter (where r.status = 'pending' and r.created_at > now() - interval '3 days') as pending_0_2,
             count(*) filter (where r.status = 'pending' and r.created_at <= now() - interval '3 days'
                                and r.created_at > now() - interval '8 days') as pending_3_7,
             count(*) filter (where r.status = 'pending' and r.created_at <= now() - interval '8 days') as pending_8
      from filed r group by r.category_id
    ),
    hours as (
      select r.category_id,
             ${sql.join(
               reasons.map((expression, index) => sql`${expression} as ${sql.raw(`h${index}`)}`),
               sql`, `,
             )}
      from filed r join hr_request_days d on d.request_id = r.id
      where d.date between ${query.from}::date and ${query.to}::date
      group by r.category_id
    )
    select c.name as category, counts.*, ${sql.join(
      timeOffReasons.map((_, index) => sql`coalesce(hours.${sql.raw(`h${index}`)}, 0) as ${sql.raw(`h${index}`)}`),
      sql`, `,
    )}
    from counts join hr_categories c on c.id = counts.category_id
    left join hours on hours.category_id = counts.category_id
    order by c.sort_order, c.id`);
  const rows = result.rows.map((row) => {
    const out: HrReport['rows'][number] = { category: row.category ?? '' };
    for (const status of hrRequestStatuses) out[status] = Number(row[status]);
    out.total = Number(row.total);
    out.median_days_to_decision = row.median_days === null ? null : roundHours(Number(row.median_days));
    out.pending_0_2 = Number(row.pending_0_2);
    out.pending_3_7 = Number(row.pending_3_7);
    out.pending_8_plus = Number(row.pending_8);
    timeOffReasons.forEach((reason, index) => {
      out[`hours_${reason.toLowerCase().replace(/[^a-z]+/g, '_')}`] = roundHours(Number(row[`h${index}`]));
    });
    return out;
  });
  const totals = sumColumns(requestsColumns, rows, 'category', 'Total');
  totals.median_days_to_decision = null;
  return { report: 'requests', from: query.from, to: query.to, columns: requestsColumns, rows, totals, chart: null };
}

const formsColumns: HrReportColumn[] = [
  { key: 'form', label: 'Form', kind: 'text' },
  { key: 'version', label: 'Version', kind: 'number' },
  { key: 'assigned', label: 'Assigned', kind: 'number' },
  { key: 'completed', label: 'Completed', kind: 'number' },
  { key: 'outstanding', label: 'Outstanding', kind: 'number' },
  { key: 'overdue', label: 'Overdue', kind: 'number' },
  { key: 'completion', label: 'Completion %', kind: 'number' },
  { key: 'signed_in_range', label: 'Signed in range', kind: 'number' },
];

/** Per form that is not archived: its current assignments of these employees, done, outstanding and overdue today. */
async function formsReport(db: DbOrTransaction, query: HrReportQuery): Promise<HrReport> {
  const people = await reportEmployees(db, query);
  const ids = sql.param(people.map((person) => person.userId));
  const result = await db.execute<Record<string, string | null>>(sql`
    select f.title as form, v.version,
           count(a.id) as assigned,
           count(a.id) filter (where a.submission_id is not null) as completed,
           count(a.id) filter (where a.submission_id is null) as outstanding,
           count(a.id) filter (where a.submission_id is null and a.due_on < current_date) as overdue,
           (select count(*) from hr_form_submissions s
             where s.form_id = f.id and s.user_id in (select unnest(${ids}::int[]))
               and s.signed_at >= ${query.from}::date and s.signed_at < ${query.to}::date + 1) as signed_in_range
    from hr_forms f
    left join hr_form_versions v on v.id = f.current_version_id
    left join hr_form_assignments a on a.form_id = f.id and a.superseded_at is null
      and a.user_id in (select unnest(${ids}::int[]))
    where f.archived_at is null
    group by f.id, f.title, v.version
    order by f.title, f.id`);
  const rows = result.rows.map((row) => {
    const assigned = Number(row.assigned);
    const completed = Number(row.completed);
    return {
      form: row.form,
      version: row.version === null ? null : Number(row.version),
      assigned,
      completed,
      outstanding: Number(row.outstanding),
      overdue: Number(row.overdue),
      completion: assigned > 0 ? roundHours((completed / assigned) * 100) : null,
      signed_in_range: Number(row.signed_in_range),
    };
  });
  const totals = sumColumns(formsColumns, rows, 'form', 'Total');
  totals.version = null;
  totals.completion =
    Number(totals.assigned) > 0 ? roundHours((Number(totals.completed) / Number(totals.assigned)) * 100) : null;
  return { report: 'forms', from: query.from, to: query.to, columns: formsColumns, rows, totals, chart: null };
}

const hiringColumns: HrReportColumn[] = [
  { key: 'opening', label: 'Opening', kind: 'text' },
  { key: 'status', label: 'Status', kind: 'text' },
  { key: 'applicants', label: 'Applicants', kind: 'number' },
  { key: 'active', label: 'In progress', kind: 'number' },
  { key: 'hired', label: 'Hired', kind: 'number' },
  { key: 'rejected', label: 'Rejected', kind: 'number' },
  { key: 'conversion', label: 'Conversion %', kind: 'number' },
  { key: 'median_days_to_hire', label: 'Median days to hire', kind: 'number' },
];

/** Per opening: applicants who applied in the range, where they stand, the share hired and the median time to hire. */
async function hiringReport(db: DbOrTransaction, query: HrReportQuery): Promise<HrReport> {
  const result = await db.execute<Record<string, string | null>>(sql`
    select j.title as opening, j.status,
           count(a.id) as applicants,
           count(a.id) filter (where s.kind = 'active') as active,
           count(a.id) filter (where s.kind = 'hired') as hired,
           count(a.id) filter (where s.kind = 'rejected') as rejected,
           percentile_cont(0.5) within group (order by extract(epoch from a.step_entered_at - a.created_at) / 86400)
             filter (where s.kind = 'hired') as median_days
    from hr_jobs j
    join hr_applicants a on a.job_id = j.id
      and a.created_at >= ${query.from}::date and a.created_at < ${query.to}::date + 1
    join hr_steps s on s.id = a.step_id
    where (${query.department_id ?? null}::int is null or j.department_id = ${query.department_id ?? null}::int)
      and (${query.region_id ?? null}::int is null or j.region_id = ${query.region_id ?? null}::int)
    group by j.id, j.title, j.status
    order by j.title, j.id`);
  const rows = result.rows.map((row) => {
    const applicants = Number(row.applicants);
    const hired = Number(row.hired);
    return {
      opening: row.opening,
      status: row.status,
      applicants,
      active: Number(row.active),
      hired,
      rejected: Number(row.rejected),
      conversion: applicants > 0 ? roundHours((hired / applicants) * 100) : null,
      median_days_to_hire: row.median_days === null ? null : roundHours(Number(row.median_days)),
    };
  });
  const totals = sumColumns(hiringColumns, rows, 'opening', 'Total');
  totals.conversion =
    Number(totals.applicants) > 0 ? roundHours((Number(totals.hired) / Number(totals.applicants)) * 100) : null;
  totals.median_days_to_hire = null;
  return { report: 'hiring', from: query.from, to: query.to, columns: hiringColumns, rows, totals, chart: null };
}

/** How a report is asked for beyond its query: the grouping (checked by the route) and who reads it. */
export interface HrReportOptions {
  groupBy: string;
  viewerId: number;
}

export async function hrReport(
  db: DbOrTransaction,
  name: HrReportName,
  query: HrReportQuery,
  options: HrReportOptions,
): Promise<HrReport> {
  switch (name) {
    case 'pto':
      return ptoReport(db, query, (periods, range) => requestedHours(db, periods, range));
    case 'headcount':
      return headcountReport(db, query, options.groupBy);
    case 'requests':
      if (options.groupBy === 'approver') return requestsByApprover(db, query);
      if (options.groupBy === 'month') return requestHoursByMonth(db, query);
      return requestsReport(db, query);
    case 'anonymous':
      return anonymousReport(db, query, options.viewerId);
    case 'forms':
      return formsReport(db, query);
    case 'hiring':
      return hiringReport(db, query);
  }
}
