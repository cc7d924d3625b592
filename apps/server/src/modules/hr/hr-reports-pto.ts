import {
  buildPtoPeriods,
  isIsoDate,
  ptoPeriodBounds,
  roundHours,
  timeOffReasons,
  type PtoBank,
  type PtoPeriod,
  type PtoUsedHours,
} from '@switchboard/shared';
import type { HrReport, HrReportColumn, HrReportQuery } from '@switchboard/shared/hr/reports';
import { and, asc, eq, exists, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTransaction } from '../../db/client.ts';
import { timezones } from '../reference/reference.table.ts';
import { ptoSettings, ptoUsedHours } from '../pto/pto.table.ts';
import { employeePeriodStart, presentPtoSetting, todayIn } from '../pto/pto.service.ts';
import { employeeDepartments, employees } from '../users/employees.table.ts';
import { withCheckedInHours } from './hr-requests-checked-in.ts';
import { users } from '../users/users.table.ts';

// The PTO report (designs/hr.md §7): a row per employee and PTO period overlapping the range, computed by the PTO
// engine per employee from set queries (the employees, their settings, their used rows, their checked-in hours per
// day), never one query per employee.

interface ReportEmployee {
  userId: number;
  name: string;
  ptoStartDate: string | null;
  startDate: string | null;
  createdAt: Date;
  accrualRolloverLimit: string;
  lumpSumRolloverLimit: string;
  timezone: string;
}

/** The employees a report covers under its filters, by name. */
export async function reportEmployees(db: DbOrTransaction, query: HrReportQuery): Promise<ReportEmployee[]> {
  const conditions: SQL[] = [eq(users.type, 'Employee')];
  if (query.enabled === 'enabled') conditions.push(isNull(users.deletedAt));
  if (query.enabled === 'disabled') conditions.push(isNotNull(users.deletedAt));
  if (query.region_id) conditions.push(eq(employees.regionId, query.region_id));
  if (query.manager_id) conditions.push(eq(employees.managerId, query.manager_id));
  if (query.department_id) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(employeeDepartments)
          .where(
            and(
              eq(employeeDepartments.userId, employees.userId),
              eq(employeeDepartments.departmentId, query.department_id),
            ),
          ),
      ),
    );
  }
  const rows = await db
    .select({
      userId: employees.userId,
      name: users.name,
      ptoStartDate: employees.ptoStartDate,
      startDate: employees.startDate,
      createdAt: users.createdAt,
      accrualRolloverLimit: employees.accrualRolloverLimit,
      lumpSumRolloverLimit: employees.lumpSumRolloverLimit,
      timezone: timezones.name,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .leftJoin(timezones, eq(timezones.id, employees.timezoneId))
    .where(and(...conditions))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((row) => ({ ...row, timezone: row.timezone ?? 'UTC' }));
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(key(row)) ?? [];
    list.push(row);
    map.set(key(row), list);
  }
  return map;
}

/** A period of one person the report shows: the requested days inside it are summed for its row. */
export interface ReportPeriod {
  userId: number;
  start: string;
  end: string;
}

/**
 * Requested hours of one report row's period, summed per status, bank, reason and whether the day is inside the
 * report's range (the HR requests' days, pending and approved).
 */
export interface RequestedHours {
  /** Index of the period in the list asked for. */
  period: number;
  hours: number;
  /** 'Accrual', 'Lump Sum' or 'Unpaid'. */
  bank: PtoBank | 'Unpaid';
  reason: string | null;
  status: 'pending' | 'approved';
  inRange: boolean;
}

const reasonKey = (reason: string) => `reason_${reason.toLowerCase().replace(/[^a-z]+/g, '_')}`;

export const ptoReportColumns: HrReportColumn[] = [
  { key: 'name', label: 'Employee', kind: 'text' },
  { key: 'period_start', label: 'Period start', kind: 'date' },
  { key: 'period_end', label: 'Period end', kind: 'date' },
  { key: 'accrual_hours', label: 'Accrual hours', kind: 'number' },
  { key: 'accrual_rollover', label: 'Accrual rollover', kind: 'number' },
  { key: 'accrual_used', label: 'Accrual used', kind: 'number' },
  { key: 'accrual_balance', label: 'Accrual balance', kind: 'number' },
  { key: 'lump_sum_hours', label: 'Lump Sum hours', kind: 'number' },
  { key: 'lump_sum_rollover', label: 'Lump Sum rollover', kind: 'number' },
  { key: 'lump_sum_used', label: 'Lump Sum used', kind: 'number' },
  { key: 'lump_sum_balance', label: 'Lump Sum balance', kind: 'number' },
  { key: 'pending_hours', label: 'Pending', kind: 'number' },
  ...timeOffReasons.flatMap((reason): HrReportColumn[] => [
    { key: `${reasonKey(reason)}_accrual`, label: `${reason} (Accrual)`, kind: 'number' },
    { key: `${reasonKey(reason)}_lump_sum`, label: `${reason} (Lump Sum)`, kind: 'number' },
  ]),
  { key: 'unpaid_hours', label: 'Unpaid', kind: 'number' },
];

/**
 * The PTO report's table. `requested` sums the HR requests' days (pending and approved) of the periods shown, read by
 * the caller so this file stays with the PTO engine; the range columns count approved days inside both the range and
 * the row's period.
 */
export async function ptoReport(
  db: DbOrTransaction,
  query: HrReportQuery,
  requested: (periods: readonly ReportPeriod[], range: { from: string; to: string }) => Promise<RequestedHours[]>,
  now = new Date(),
): Promise<HrReport> {
  const people = await reportEmployees(db, query);
  const ids = people.map((person) => person.userId);
  const settingRows = ids.length ? await db.select().from(ptoSettings).where(inArray(ptoSettings.userId, ids)) : [];
  const settingsOf = groupBy(settingRows, (row) => row.userId);

  // The engine's inputs are made once per person, and "today" once per zone: Intl formats are costly to make
  // (todayIn makes one per call, about 0.3 ms), and the engine runs twice per person (withCheckedInHours).
  const todayOf = new Map<string, string>();
  const bases = people.map((person) => {
    let today = todayOf.get(person.timezone);
    if (today === undefined) todayOf.set(person.timezone, (today = todayIn(person.timezone, now)));
    return { person, start: periodStartOf(person), today };
  });
  const usedOf = await usedPerPeriod(db, bases);
  const inputs = bases.map((base) => ({
    ...base,
    settings: (settingsOf.get(base.person.userId) ?? []).map(presentPtoSetting),
    used: usedOf.get(base.person.userId) ?? [],
  }));

  // Each person's periods, with the checked-in hours of exactly the ranges the engine asks (kept sums, decision 0131).
  const periodsOf = await withCheckedInHours(
    db,
    people,
    (hoursOf) =>
      new Map(
        inputs.map(({ person, start, settings, used, today }) => [
          person.userId,
          buildPtoPeriods({
            ptoStartDate: start,
            settings,
            accrualRolloverLimit: person.accrualRolloverLimit,
            lumpSumRolloverLimit: person.lumpSumRolloverLimit,
            checkedInHours: hoursOf(person.userId),
            usedHours: used,
            today,
          }),
        ]),
      ),
    { keep: !(db instanceof PgTransaction), now },
  );

  // The rows: each person's periods overlapping the range, with the requested hours summed per period.
  const shown: { person: ReportEmployee; period: PtoPeriod }[] = [];
  for (const person of people)
    for (const period of periodsOf.get(person.userId) ?? [])
      if (period.end_date >= query.from && period.start_date <= query.to) shown.push({ person, period });
  const sums = shown.length
    ? await requested(
        shown.map(({ person, period }) => ({ userId: person.userId, start: period.start_date, end: period.end_date })),
        { from: query.from, to: query.to },
      )
    : [];
  const sumsOf = groupBy(sums, (sum) => sum.period);

  const rows: HrReport['rows'] = shown.map(({ person, period }, index) => {
    const requests = sumsOf.get(index) ?? [];
    const inRange = requests.filter((sum) => sum.status === 'approved' && sum.inRange);
    const sum = (list: RequestedHours[]) => roundHours(list.reduce((total, day) => total + day.hours, 0));
    const row: HrReport['rows'][number] = {
      user_id: person.userId,
      name: person.name,
      period_start: period.start_date,
      period_end: period.end_date,
      accrual_hours: period.accrued_hours,
      accrual_rollover: period.accrued_rollover,
      accrual_used: period.accrued_used,
      accrual_balance: period.accrued_balance,
      lump_sum_hours: period.lump_sum_hours,
      lump_sum_rollover: period.lump_sum_rollover,
      lump_sum_used: period.lump_sum_used,
      lump_sum_balance: period.lump_sum_balance,
      pending_hours: sum(requests.filter((day) => day.status === 'pending')),
      unpaid_hours: sum(inRange.filter((day) => day.bank === 'Unpaid')),
    };
    for (const reason of timeOffReasons) {
      const ofReason = inRange.filter((day) => day.reason === reason);
      row[`${reasonKey(reason)}_accrual`] = sum(ofReason.filter((day) => day.bank === 'Accrual'));
      row[`${reasonKey(reason)}_lump_sum`] = sum(ofReason.filter((day) => day.bank === 'Lump Sum'));
    }
    return row;
  });
  return {
    report: 'pto',
    from: query.from,
    to: query.to,
    columns: ptoReportColumns,
    rows,
    totals: sumColumns(ptoReportColumns, rows, 'name', 'Total'),
    chart: null,
  };
}

/**
 * Each person's used rows summed per period and bank, each sum dated on its period's first day (rows before the PTO
 * start on the first period's, rows after today's period left out): the engine files every used row by its period,
 * so it reads the same used hours from these few rows as from a hundred a year (finding each row's period by date was
 * the report's largest cost per person). Dates the engine cannot read (isIsoDate: years 1000-9999) are left out as
 * before; hours are summed as numeric, exactly.
 */
async function usedPerPeriod(
  db: DbOrTransaction,
  bases: readonly { person: ReportEmployee; start: string; today: string }[],
): Promise<Map<number, PtoUsedHours[]>> {
  const periods: { userId: number; first: boolean; start: string; end: string }[] = [];
  for (const { person, start, today } of bases)
    for (let index = 0; ; index++) {
      const bounds = ptoPeriodBounds(start, index);
      periods.push({ userId: person.userId, first: index === 0, start: bounds.start_date, end: bounds.end_date });
      if (bounds.end_date >= today) break;
    }
  const used = new Map<number, PtoUsedHours[]>();
  if (periods.length === 0) return used;
  const { rows } = await db.execute<{ user_id: number; date: string; bank: string; hours: string }>(sql`
    select p.user_id, p.start_day::text as date, u.bank, sum(u.hours)::text as hours
    from unnest(${sql.param(periods.map((period) => period.userId))}::int[],
                ${sql.param(periods.map((period) => period.first))}::boolean[],
                ${sql.param(periods.map((period) => period.start))}::date[],
                ${sql.param(periods.map((period) => period.end))}::date[]) as p(user_id, first, start_day, end_day)
    join ${ptoUsedHours} u on u.user_id = p.user_id and u.date <= p.end_day and (u.date >= p.start_day or p.first)
      and u.date between '1000-01-01' and '9999-12-31'
    group by 1, 2, 3`);
  for (const row of rows) {
    const list = used.get(Number(row.user_id)) ?? [];
    list.push({ date: row.date, bank: row.bank as PtoBank, hours: row.hours });
    used.set(Number(row.user_id), list);
  }
  return used;
}

/**
 * employeePeriodStart's date (PTO start, else start date, else the account's creation day in the person's zone),
 * formatting the creation day only when it is the one used.
 */
function periodStartOf(person: ReportEmployee): string {
  const readable = (date: string | null) => date !== null && isIsoDate(date);
  if (readable(person.ptoStartDate)) return person.ptoStartDate!;
  if (readable(person.startDate)) return person.startDate!;
  return employeePeriodStart(person).date;
}

/** The totals row: every number column summed (to 2 decimals), `labelKey` naming the row. */
export function sumColumns(
  columns: HrReportColumn[],
  rows: HrReport['rows'],
  labelKey: string,
  label: string,
): NonNullable<HrReport['totals']> {
  const totals: NonNullable<HrReport['totals']> = { [labelKey]: label };
  for (const column of columns) {
    if (column.kind !== 'number') continue;
    totals[column.key] = roundHours(rows.reduce((total, row) => total + Number(row[column.key] ?? 0), 0));
  }
  return totals;
}
