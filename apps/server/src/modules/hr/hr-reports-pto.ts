import {
  buildPtoPeriods,
  isIsoDate,
  roundHours,
  timeOffReasons,
  type PtoBank,
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

/** Requested hours the PTO report reads: per user, date, bank, reason and status (from HR requests). */
export interface RequestedHours {
  userId: number;
  date: string;
  hours: number;
  /** 'Accrual', 'Lump Sum' or 'Unpaid'. */
  bank: PtoBank | 'Unpaid';
  reason: string | null;
  status: 'pending' | 'approved';
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
 * The PTO report's table. `requested` gives the HR requests' days of these employees (pending and approved), read by
 * the caller so this file stays with the PTO engine; the range columns count approved days inside both the range and
 * the row's period.
 */
export async function ptoReport(
  db: DbOrTransaction,
  query: HrReportQuery,
  requested: (userIds: number[]) => Promise<RequestedHours[]>,
  now = new Date(),
): Promise<HrReport> {
  const people = await reportEmployees(db, query);
  const ids = people.map((person) => person.userId);
  const [settingRows, usedRows, requestRows] = ids.length
    ? await Promise.all([
        db.select().from(ptoSettings).where(inArray(ptoSettings.userId, ids)),
        db
          .select({
            userId: ptoUsedHours.userId,
            date: ptoUsedHours.date,
            hours: ptoUsedHours.hours,
            bank: ptoUsedHours.bank,
          })
          .from(ptoUsedHours)
          .where(inArray(ptoUsedHours.userId, ids)),
        requested(ids),
      ])
    : [[], [], []];
  const settingsOf = groupBy(settingRows, (row) => row.userId);
  const usedOf = groupBy(usedRows, (row) => row.userId);
  const requestsOf = groupBy(requestRows, (row) => row.userId);

  // Each person's periods, with the checked-in hours of exactly the ranges the engine asks (kept sums, decision 0131).
  const periodsOf = await withCheckedInHours(
    db,
    people,
    (hoursOf) =>
      new Map(
        people.map((person) => {
          const start = employeePeriodStart(person);
          const settings = (settingsOf.get(person.userId) ?? []).map(presentPtoSetting);
          const used: PtoUsedHours[] = (usedOf.get(person.userId) ?? [])
            .filter((row) => isIsoDate(row.date))
            .map((row) => ({ date: row.date, hours: row.hours, bank: row.bank as PtoBank }));
          const periods = buildPtoPeriods({
            ptoStartDate: start.date,
            settings,
            accrualRolloverLimit: person.accrualRolloverLimit,
            lumpSumRolloverLimit: person.lumpSumRolloverLimit,
            checkedInHours: hoursOf(person.userId),
            usedHours: used,
            today: todayIn(person.timezone, now),
          });
          return [person.userId, periods];
        }),
      ),
    { keep: !(db instanceof PgTransaction), now },
  );

  const rows: HrReport['rows'] = [];
  for (const person of people) {
    const periods = periodsOf.get(person.userId) ?? [];
    const requests = requestsOf.get(person.userId) ?? [];
    for (const period of periods) {
      if (period.end_date < query.from || period.start_date > query.to) continue;
      const inPeriod = requests.filter((day) => day.date >= period.start_date && day.date <= period.end_date);
      const inRange = inPeriod.filter(
        (day) => day.status === 'approved' && day.date >= query.from && day.date <= query.to,
      );
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
        pending_hours: sum(inPeriod.filter((day) => day.status === 'pending')),
        unpaid_hours: sum(inRange.filter((day) => day.bank === 'Unpaid')),
      };
      for (const reason of timeOffReasons) {
        const ofReason = inRange.filter((day) => day.reason === reason);
        row[`${reasonKey(reason)}_accrual`] = sum(ofReason.filter((day) => day.bank === 'Accrual'));
        row[`${reasonKey(reason)}_lump_sum`] = sum(ofReason.filter((day) => day.bank === 'Lump Sum'));
      }
      rows.push(row);
    }
  }
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
