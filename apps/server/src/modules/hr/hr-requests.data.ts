import { effectiveHolidays, type Holiday } from '@switchboard/shared';
import type { HrSettings } from '@switchboard/shared/hr/base';
import { projectPtoBalances, type WeekSchedule } from '@switchboard/shared/hr/request-days';
import {
  hrRequestBankLabels,
  ptoBankOfRequestBank,
  type HrRequestBalance,
  type HrRequestBank,
  type HrRequestBankOption,
} from '@switchboard/shared/hr/requests';
import { buildPtoPeriods, isIsoDate, roundHours, type PtoBank, type PtoUsedHours } from '@switchboard/shared/pto';
import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { PgTransaction, alias } from 'drizzle-orm/pg-core';
import type { DbOrTransaction } from '../../db/client.ts';
import { holidays } from '../holidays/holidays.table.ts';
import { permissions, userPermissions } from '../permissions/permissions.table.ts';
import { employeePeriodStart, findPtoEmployee, presentPtoSetting, todayIn } from '../pto/pto.service.ts';
import { ptoSettings, ptoUsedHours } from '../pto/pto.table.ts';
import { employees } from '../users/employees.table.ts';
import { users } from '../users/users.table.ts';
import { getHrSettings } from './hr-base.service.ts';
import { withCheckedInHours, type CheckedInHours } from './hr-requests-checked-in.ts';
import { hrRequestDays, hrRequests } from './hr-requests.table.ts';

// What HR requests read of people, schedules, holidays and PTO (designs/hr.md §2.2, §2.3, §2.5). Queries run one
// after the other: these helpers are called on transactions too (one pg client, one query at a time).

export const approvePermission = 'approve hr requests';
export const viewHrPermission = 'view human resources';

export interface HrActor {
  id: number;
  permissions: readonly string[];
}

export const isHrApprover = (actor: HrActor): boolean => actor.permissions.includes(approvePermission);
export const isHrViewer = (actor: HrActor): boolean => actor.permissions.includes(viewHrPermission);

export interface RequestEmployee {
  id: number;
  name: string;
  email: string;
  enabled: boolean;
  /** The manager when set and still enabled; a disabled one counts as none (stage 1 falls to HR). */
  managerId: number | null;
  workHours: Record<string, number> | null;
  timezone: string;
}

const manager = alias(users, 'hr_request_manager');

/** An employee (user of type Employee) with what requests need; null when there is none. */
export async function findRequestEmployee(db: DbOrTransaction, userId: number): Promise<RequestEmployee | null> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      deletedAt: users.deletedAt,
      managerId: employees.managerId,
      managerDeletedAt: manager.deletedAt,
      workHours: employees.workHours,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .leftJoin(manager, eq(manager.id, employees.managerId))
    .where(and(eq(employees.userId, userId), eq(users.type, 'Employee')))
    .limit(1);
  if (!row) return null;
  const pto = await findPtoEmployee(db, userId);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    enabled: row.deletedAt === null,
    managerId: row.managerId !== null && row.managerDeletedAt === null ? row.managerId : null,
    workHours: row.workHours,
    timezone: pto?.timezone ?? 'UTC',
  };
}

/** The employee's own week, or the company week of the HR settings. */
export function scheduleOf(employee: Pick<RequestEmployee, 'workHours'>, settings: HrSettings): WeekSchedule {
  return employee.workHours && Object.keys(employee.workHours).length === 7 ? employee.workHours : settings.work_week;
}

export const readHrSettings = (db: DbOrTransaction): Promise<HrSettings> => getHrSettings(db);

/** Enabled holders of 'approve hr requests'. */
export async function hrApproverIds(db: DbOrTransaction): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(userPermissions)
    .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
    .innerJoin(users, eq(users.id, userPermissions.userId))
    .where(and(eq(permissions.name, approvePermission), isNull(users.deletedAt), eq(users.type, 'Employee')))
    .orderBy(asc(users.id));
  return rows.map((row) => row.id);
}

type HolidayRow = typeof holidays.$inferSelect;
const holidayOf = (row: HolidayRow): Holiday => ({
  id: row.id,
  date: row.date,
  new_date: row.newDate,
  name: row.name,
  user_id: row.userId,
  add_by: null,
});

/** Effective holidays (company days with each person's moves, plus own days) of several employees at once. */
export async function effectiveHolidaysOf(
  db: DbOrTransaction,
  userIds: readonly number[],
): Promise<Map<number, { date: string; name: string | null }[]>> {
  const result = new Map<number, { date: string; name: string | null }[]>();
  if (userIds.length === 0) return result;
  const rows = await db
    .select()
    .from(holidays)
    .where(or(isNull(holidays.userId), inArray(holidays.userId, [...userIds])));
  const company = rows.filter((row) => row.userId === null).map(holidayOf);
  for (const userId of userIds) {
    const individual = rows.filter((row) => row.userId === userId).map(holidayOf);
    result.set(
      userId,
      effectiveHolidays({ company, individual }).map((day) => ({ date: day.date, name: day.name })),
    );
  }
  return result;
}

/** Hours of the employee's other pending and approved time off per date, in a range (overlap check). */
export async function otherTimeOffByDate(
  db: DbOrTransaction,
  userId: number,
  from: string,
  to: string,
  exceptRequestId: number | null,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ date: hrRequestDays.date, hours: sql<string>`sum(${hrRequestDays.hours})` })
    .from(hrRequestDays)
    .innerJoin(hrRequests, eq(hrRequests.id, hrRequestDays.requestId))
    .where(
      and(
        eq(hrRequestDays.userId, userId),
        sql`${hrRequestDays.date} between ${from} and ${to}`,
        inArray(hrRequests.status, ['pending', 'approved']),
        exceptRequestId === null ? undefined : ne(hrRequests.id, exceptRequestId),
      ),
    )
    .groupBy(hrRequestDays.date);
  return new Map(rows.map((row) => [row.date, Number(row.hours)]));
}

interface PtoInputs {
  userId: number;
  timezone: string;
  ptoStartDate: string;
  today: string;
  settings: (typeof ptoSettings.$inferSelect)[];
  used: (PtoUsedHours & { requestId: number | null })[];
  accrualRolloverLimit: string;
  lumpSumRolloverLimit: string;
}

/** Runs PTO engine calls with the person's checked-in hours (kept sums; filled unless `db` is a transaction). */
const withHours = <T>(db: DbOrTransaction, inputs: PtoInputs, compute: (checkedInHours: CheckedInHours) => T) =>
  withCheckedInHours(db, [inputs], (hoursOf) => compute(hoursOf(inputs.userId)), {
    keep: !(db instanceof PgTransaction),
  });

/** The PTO engine's inputs for one employee, as the PTO view reads them (pto.service getEmployeePto). */
async function loadPtoInputs(db: DbOrTransaction, userId: number, now: Date): Promise<PtoInputs | null> {
  const employee = await findPtoEmployee(db, userId);
  if (!employee) return null;
  const settings = await db
    .select()
    .from(ptoSettings)
    .where(eq(ptoSettings.userId, userId))
    .orderBy(asc(ptoSettings.startDate), asc(ptoSettings.id));
  const usedRows = await db
    .select({
      date: ptoUsedHours.date,
      hours: ptoUsedHours.hours,
      bank: ptoUsedHours.bank,
      requestId: ptoUsedHours.requestId,
    })
    .from(ptoUsedHours)
    .where(eq(ptoUsedHours.userId, userId));
  const today = todayIn(employee.timezone, now);
  const start = employeePeriodStart(employee);
  return {
    userId,
    timezone: employee.timezone,
    ptoStartDate: start.date,
    today,
    settings,
    used: usedRows
      .filter((row) => isIsoDate(row.date))
      .map((row) => ({ ...row, bank: row.bank as PtoBank, hours: Number(row.hours) })),
    accrualRolloverLimit: employee.accrualRolloverLimit,
    lumpSumRolloverLimit: employee.lumpSumRolloverLimit,
  };
}

const engineSettings = (inputs: PtoInputs) => inputs.settings.map(presentPtoSetting);

export interface BalanceProjection {
  balances: HrRequestBalance[];
  negative: boolean;
  /** An Hourly setting feeds the bank and the request reaches past today: future accrual is not counted. */
  hourlyNotYetEarned: boolean;
}

/**
 * The request's effect per bank and period (designs/hr.md §2.3): `days` in `bank`; the request's own used rows
 * (an approved one) and its own pending days are left out of "available" and "pending elsewhere".
 */
export async function projectRequestBalances(
  db: DbOrTransaction,
  userId: number,
  bank: HrRequestBank,
  days: readonly { date: string; hours: number }[],
  requestId: number | null,
  now = new Date(),
): Promise<BalanceProjection> {
  const ptoBank = ptoBankOfRequestBank(bank);
  const empty = { balances: [], negative: false, hourlyNotYetEarned: false };
  if (ptoBank === null || days.every((day) => day.hours <= 0)) return empty;
  const inputs = await loadPtoInputs(db, userId, now);
  if (!inputs) return empty;
  const pendingRows = await db
    .select({ date: hrRequestDays.date, hours: hrRequestDays.hours, bank: hrRequestDays.bank })
    .from(hrRequestDays)
    .innerJoin(hrRequests, eq(hrRequests.id, hrRequestDays.requestId))
    .where(
      and(
        eq(hrRequestDays.userId, userId),
        eq(hrRequests.status, 'pending'),
        inArray(hrRequestDays.bank, ['accrual', 'lump_sum']),
        gt(hrRequestDays.hours, '0'),
        requestId === null ? undefined : ne(hrRequests.id, requestId),
      ),
    );
  const balances = await withHours(db, inputs, (checkedInHours) =>
    projectPtoBalances({
      ptoStartDate: inputs.ptoStartDate,
      settings: engineSettings(inputs),
      accrualRolloverLimit: inputs.accrualRolloverLimit,
      lumpSumRolloverLimit: inputs.lumpSumRolloverLimit,
      checkedInHours,
      usedHours: inputs.used.filter((row) => requestId === null || row.requestId !== requestId),
      pendingHours: pendingRows.map((row) => ({
        date: row.date,
        hours: Number(row.hours),
        bank: ptoBankOfRequestBank(row.bank as HrRequestBank) as PtoBank,
      })),
      requestHours: days
        .filter((day) => day.hours > 0)
        .map((day) => ({ date: day.date, hours: day.hours, bank: ptoBank })),
      today: inputs.today,
    }),
  );
  const lastDay = days.reduce((last, day) => (day.date > last ? day.date : last), inputs.today);
  return {
    balances,
    negative: balances.some((row) => row.after < 0),
    hourlyNotYetEarned:
      ptoBank === 'Accrual' && lastDay > inputs.today && inputs.settings.some((row) => row.type === 'Hourly'),
  };
}

/** The bank select: each bank with the settings feeding it and today's balance. */
export async function bankOptions(
  db: DbOrTransaction,
  userId: number,
  settings: HrSettings,
  now = new Date(),
): Promise<HrRequestBankOption[]> {
  const inputs = await loadPtoInputs(db, userId, now);
  const options: HrRequestBankOption[] = [];
  const periods = inputs
    ? await withHours(db, inputs, (checkedInHours) =>
        buildPtoPeriods({
          ptoStartDate: inputs.ptoStartDate,
          settings: engineSettings(inputs),
          accrualRolloverLimit: inputs.accrualRolloverLimit,
          lumpSumRolloverLimit: inputs.lumpSumRolloverLimit,
          checkedInHours,
          usedHours: inputs.used,
          today: inputs.today,
        }),
      )
    : [];
  const current = periods.at(-1);
  for (const bank of ['accrual', 'lump_sum'] as const) {
    const ptoBank = ptoBankOfRequestBank(bank) as PtoBank;
    const feeding = (inputs?.settings ?? []).filter((row) =>
      row.type === 'Adjustment'
        ? row.depositsTo === ptoBank
        : (row.type === 'Hourly') === (ptoBank === 'Accrual') &&
          (row.endDate === null || current === undefined || row.endDate >= current.start_date),
    );
    const names = feeding.map((row) =>
      row.type === 'Flat Rate' && row.initialHours !== null ? `${row.name} ${Number(row.initialHours)} h` : row.name,
    );
    const available = current ? (bank === 'accrual' ? current.accrued_balance : current.lump_sum_balance) : null;
    const label =
      `${hrRequestBankLabels[bank]}${names.length > 0 ? ` (${names.join(', ')})` : ''}` +
      (current && available !== null
        ? `: ${available.toFixed(2)} h available, ${current.start_date} to ${current.end_date}`
        : '');
    options.push({
      bank,
      label,
      settings: names,
      available: available === null ? null : roundHours(available),
      period_start: current?.start_date ?? null,
      period_end: current?.end_date ?? null,
    });
  }
  if (settings.unpaid_allowed) {
    options.push({
      bank: 'unpaid',
      label: 'Unpaid',
      settings: [],
      available: null,
      period_start: null,
      period_end: null,
    });
  }
  return options;
}
