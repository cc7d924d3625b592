import { roundHours, timeOffReasons } from '@switchboard/shared';
import { anonCategories, anonCategoryLabels } from '@switchboard/shared/hr/anon';
import type { HrReport, HrReportColumn, HrReportQuery } from '@switchboard/shared/hr/reports';
import { sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { reportEmployees, sumColumns } from './hr-reports-pto.ts';

// The requests report by approver and by month, and the anonymous reports' counts (designs/hr.md §4, §7).

const approverColumns: HrReportColumn[] = [
  { key: 'approver', label: 'Approver', kind: 'text' },
  { key: 'approved', label: 'Approved', kind: 'number' },
  { key: 'denied', label: 'Denied', kind: 'number' },
  { key: 'decisions', label: 'Decisions', kind: 'number' },
  { key: 'median_days_to_decide', label: 'Median days to decide', kind: 'number' },
];

/**
 * Who decided how many requests of these employees in the range: every approval or denial logged (each stage of a
 * two-stage request is one decision of its approver), and the median time each took, from the request's filing or
 * its previous decision (the stage reaching them) to theirs.
 */
export async function requestsByApprover(db: DbOrTransaction, query: HrReportQuery): Promise<HrReport> {
  const ids = sql.param((await reportEmployees(db, query)).map((person) => person.userId));
  const result = await db.execute<{ approver: string | null; approved: string; denied: string; median: string | null }>(
    sql`
    with decisions as (
      select e.actor_id, e.action, e.created_at,
             e.created_at - coalesce(
               lag(e.created_at) over (partition by e.request_id order by e.created_at, e.id), r.created_at
             ) as waited
      from hr_request_events e join hr_requests r on r.id = e.request_id
      where e.action in ('approved', 'denied') and r.user_id in (select unnest(${ids}::int[]))
    )
    select u.name as approver,
           count(*) filter (where d.action = 'approved') as approved,
           count(*) filter (where d.action = 'denied') as denied,
           percentile_cont(0.5) within group (order by extract(epoch from d.waited) / 86400) as median
    from decisions d left join users u on u.id = d.actor_id
    where d.created_at >= ${query.from}::date and d.created_at < ${query.to}::date + 1
    group by d.actor_id, u.name
    order by u.name nulls last, d.actor_id`,
  );
  const rows = result.rows.map((row) => ({
    approver: row.approver ?? 'Former user',
    approved: Number(row.approved),
    denied: Number(row.denied),
    decisions: Number(row.approved) + Number(row.denied),
    median_days_to_decide: row.median === null ? null : roundHours(Number(row.median)),
  }));
  const totals = sumColumns(approverColumns, rows, 'approver', 'Total');
  totals.median_days_to_decide = null;
  return { report: 'requests', from: query.from, to: query.to, columns: approverColumns, rows, totals, chart: null };
}

const reasonKey = (reason: string) => `hours_${reason.toLowerCase().replace(/[^a-z]+/g, '_')}`;

const monthColumns: HrReportColumn[] = [
  { key: 'month', label: 'Month', kind: 'text' },
  ...timeOffReasons.map((reason): HrReportColumn => ({ key: reasonKey(reason), label: reason, kind: 'number' })),
  { key: 'unpaid', label: 'Unpaid', kind: 'number' },
  { key: 'total', label: 'Total hours', kind: 'number' },
];

/** Approved time-off hours per month of the range, by reason (paid from a bank) and unpaid apart. */
export async function requestHoursByMonth(db: DbOrTransaction, query: HrReportQuery): Promise<HrReport> {
  const ids = sql.param((await reportEmployees(db, query)).map((person) => person.userId));
  const result = await db.execute<{ month: string; reason: string | null; unpaid: boolean; hours: string }>(sql`
    select to_char(d.date, 'YYYY-MM') as month, r.reason, d.bank = 'unpaid' as unpaid, sum(d.hours) as hours
    from hr_request_days d join hr_requests r on r.id = d.request_id
    where r.status = 'approved' and d.user_id in (select unnest(${ids}::int[]))
      and d.date between ${query.from}::date and ${query.to}::date and d.hours > 0
    group by 1, 2, 3`);
  const rows: HrReport['rows'] = [];
  let cursor = query.from.slice(0, 7);
  while (cursor <= query.to.slice(0, 7)) {
    const row: HrReport['rows'][number] = { month: cursor };
    for (const column of monthColumns.slice(1)) row[column.key] = 0;
    rows.push(row);
    const [year, month] = cursor.split('-').map(Number) as [number, number];
    cursor = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  }
  for (const entry of result.rows) {
    const row = rows.find((candidate) => candidate.month === entry.month);
    if (!row) continue;
    const key = entry.unpaid ? 'unpaid' : entry.reason ? reasonKey(entry.reason) : 'unpaid';
    row[key] = roundHours(Number(row[key] ?? 0) + Number(entry.hours));
    row.total = roundHours(Number(row.total) + Number(entry.hours));
  }
  const totals = sumColumns(monthColumns, rows, 'month', 'Total');
  return { report: 'requests', from: query.from, to: query.to, columns: monthColumns, rows, totals, chart: null };
}

const anonColumns: HrReportColumn[] = [
  { key: 'quarter', label: 'Quarter', kind: 'text' },
  ...anonCategories.map((category): HrReportColumn => ({
    key: category,
    label: anonCategoryLabels[category],
    kind: 'number',
  })),
  { key: 'total', label: 'Total', kind: 'number' },
];

/**
 * Anonymous reports received in the range, counted by quarter and category (designs/hr.md §4: counts, never
 * contents). Only what this reader may see counts: released reports that do not exclude them. No filter of people
 * applies: nothing ties a report to an employee. Every quarter of the range is a row, empty ones too.
 */
export async function anonymousReport(db: DbOrTransaction, query: HrReportQuery, readerId: number): Promise<HrReport> {
  const result = await db.execute<{ quarter: string; category: string; count: string }>(sql`
    select to_char(a.received_on, 'YYYY-"Q"Q') as quarter, a.category, count(*) as count
    from hr_anon_reports a
    where a.released_on is not null and not (${readerId}::int = any(a.excluded_reader_ids))
      and a.received_on between ${query.from}::date and ${query.to}::date
    group by 1, 2`);
  const rows: HrReport['rows'] = [];
  let year = Number(query.from.slice(0, 4));
  let quarter = Math.floor((Number(query.from.slice(5, 7)) - 1) / 3) + 1;
  const lastYear = Number(query.to.slice(0, 4));
  const lastQuarter = Math.floor((Number(query.to.slice(5, 7)) - 1) / 3) + 1;
  while (year < lastYear || (year === lastYear && quarter <= lastQuarter)) {
    const row: HrReport['rows'][number] = { quarter: `${year}-Q${quarter}`, total: 0 };
    for (const category of anonCategories) row[category] = 0;
    rows.push(row);
    [year, quarter] = quarter === 4 ? [year + 1, 1] : [year, quarter + 1];
  }
  for (const entry of result.rows) {
    const row = rows.find((candidate) => candidate.quarter === entry.quarter);
    if (!row) continue;
    row[entry.category] = Number(entry.count);
    row.total = Number(row.total) + Number(entry.count);
  }
  const totals = sumColumns(anonColumns, rows, 'quarter', 'Total');
  return { report: 'anonymous', from: query.from, to: query.to, columns: anonColumns, rows, totals, chart: null };
}
