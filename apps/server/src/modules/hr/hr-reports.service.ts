import { roundHours, timeOffReasons } from '@switchboard/shared';
import type { HrReport, HrReportColumn, HrReportName, HrReportQuery } from '@switchboard/shared/hr/reports';
import {
  hrRequestStatuses,
  hrRequestStatusLabels,
  ptoBankOfRequestBank,
  type HrRequestBank,
} from '@switchboard/shared/hr/requests';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { ptoReport, reportEmployees, sumColumns, type RequestedHours } from './hr-reports-pto.ts';
import { hrRequestDays, hrRequests } from './hr-requests.table.ts';

// HR reports (designs/hr.md §7): each answers one table (shared/hr/reports.ts), so its CSV is what the page shows.

/** The HR requests' days of these employees, pending and approved, with their bank and reason. */
async function requestedHours(db: DbOrTransaction, userIds: number[]): Promise<RequestedHours[]> {
  const rows = await db
    .select({
      userId: hrRequestDays.userId,
      date: hrRequestDays.date,
      hours: hrRequestDays.hours,
      bank: hrRequestDays.bank,
      reason: hrRequests.reason,
      status: hrRequests.status,
    })
    .from(hrRequestDays)
    .innerJoin(hrRequests, eq(hrRequests.id, hrRequestDays.requestId))
    .where(
      and(
        inArray(hrRequestDays.userId, userIds),
        inArray(hrRequests.status, ['pending', 'approved']),
        sql`${hrRequestDays.hours} > 0`,
      ),
    );
  return rows.map((row) => ({
    userId: row.userId,
    date: row.date,
    hours: Number(row.hours),
    bank: ptoBankOfRequestBank(row.bank as HrRequestBank) ?? 'Unpaid',
    reason: row.reason,
    status: row.status as RequestedHours['status'],
  }));
}

const headcountColumns: HrReportColumn[] = [
  { key: 'month', label: 'Month', kind: 'text' },
  { key: 'headcount', label: 'Headcount at month end', kind: 'number' },
  { key: 'hires', label: 'Hires', kind: 'number' },
  { key: 'separations', label: 'Separations', kind: 'number' },
  { key: 'turnover', label: 'Turnover %', kind: 'number' },
];

/**
 * Headcount at each month end, hires and separations in the month, turnover (separations over the average of the
 * headcounts at the month's start and end). Hired on the start date (else the account's creation), separated on the
 * day the account was disabled.
 */
async function headcountReport(db: DbOrTransaction, query: HrReportQuery): Promise<HrReport> {
  const people = await reportEmployees(db, { ...query, enabled: 'all' });
  const ids = people.map((person) => person.userId);
  const result = await db.execute<{
    month: string;
    headcount: string;
    opening: string;
    hires: string;
    separations: string;
  }>(sql`
    with people as (
      select e.user_id, coalesce(e.start_date, u.created_at::date) as hired_on, u.deleted_at::date as left_on
      from employees e join users u on u.id = e.user_id
      where e.user_id in (select unnest(${sql.param(ids)}::int[]))
    ),
    months as (
      select month::date as first_day, (month + interval '1 month' - interval '1 day')::date as last_day
      from generate_series(date_trunc('month', ${query.from}::date), date_trunc('month', ${query.to}::date),
                           interval '1 month') as month
    )
    select to_char(m.first_day, 'YYYY-MM') as month,
           count(*) filter (where p.hired_on <= m.last_day and (p.left_on is null or p.left_on > m.last_day))
             as headcount,
           count(*) filter (where p.hired_on < m.first_day and (p.left_on is null or p.left_on >= m.first_day))
             as opening,
           count(*) filter (where p.hired_on between m.first_day and m.last_day) as hires,
           count(*) filter (where p.left_on between m.first_day and m.last_day) as separations
    from months m left join people p on true
    group by m.first_day
    order by m.first_day`);
  const rows = result.rows.map((row) => {
    const average = (Number(row.opening) + Number(row.headcount)) / 2;
    return {
      month: row.month,
      headcount: Number(row.headcount),
      hires: Number(row.hires),
      separations: Number(row.separations),
      turnover: average > 0 ? roundHours((Number(row.separations) / average) * 100) : 0,
    };
  });
  const hires = rows.reduce((total, row) => total + row.hires, 0);
  const separations = rows.reduce((total, row) => total + row.separations, 0);
  return {
    report: 'headcount',
    from: query.from,
    to: query.to,
    columns: headcountColumns,
    rows,
    totals: { month: 'Total', headcount: rows.at(-1)?.headcount ?? 0, hires, separations, turnover: null },
    chart: { label_key: 'month', series: ['headcount', 'hires', 'separations'] },
  };
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

export async function hrReport(db: DbOrTransaction, name: HrReportName, query: HrReportQuery): Promise<HrReport> {
  switch (name) {
    case 'pto':
      return ptoReport(db, query, (ids) => requestedHours(db, ids));
    case 'headcount':
      return headcountReport(db, query);
    case 'requests':
      return requestsReport(db, query);
    default:
      return { report: name, from: query.from, to: query.to, columns: [], rows: [], totals: null, chart: null };
  }
}
