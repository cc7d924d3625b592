import {
  TIMECLOCK_CHECKED_IN,
  buildPtoPeriods,
  checkedInHoursFromDays,
  isIsoDate,
  ptoPeriodBounds,
  ptoPeriodStart,
  ptoUsedOfRequestMessage,
  type EmployeePto,
  type PtoBank,
  type PtoSetting,
  type PtoSettingType,
  type PtoSettingValues,
  type PtoUsed,
  type PtoUsedValues,
} from '@switchboard/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { employees } from '../users/employees.table.ts';
import { timezones } from '../reference/reference.table.ts';
import { timeclockEntries } from '../timeclock/timeclock.table.ts';
import { users } from '../users/users.table.ts';
import { ptoSettings, ptoUsedHours } from './pto.table.ts';

// PTO of spec 1 §3.11 and §4: settings and time off taken per employee, and the periods the shared engine
// computes from them and the timeclock's checked-in time.

const hours = (value: string | null): number | null => (value === null ? null : Number(value));
const stored = (value: number | null): string | null => (value === null ? null : value.toFixed(2));

export function presentPtoSetting(row: typeof ptoSettings.$inferSelect): PtoSetting {
  return {
    id: row.id,
    user_id: row.userId,
    name: row.name,
    type: row.type as PtoSettingType,
    start_date: row.startDate,
    end_date: row.endDate,
    adjustment_hours: hours(row.adjustmentHours),
    deposits_to: row.depositsTo as PtoBank | null,
    payroll_hours: hours(row.payrollHours),
    initial_hours: hours(row.initialHours),
    accrued_hours: hours(row.accruedHours),
  };
}

function presentPtoUsed(row: typeof ptoUsedHours.$inferSelect): PtoUsed {
  return {
    id: row.id,
    user_id: row.userId,
    date: row.date,
    hours: Number(row.hours),
    bank: row.bank as PtoBank,
    note: row.note,
    request_id: row.requestId,
  };
}

interface EmployeePtoBasics {
  userId: number;
  ptoStartDate: string | null;
  startDate: string | null;
  createdAt: Date;
  accrualRolloverLimit: string;
  lumpSumRolloverLimit: string;
  timezone: string;
}

/** The employee (a user of type Employee, enabled or not) with its PTO fields; null when there is none. */
export async function findPtoEmployee(db: DbOrTransaction, userId: number): Promise<EmployeePtoBasics | null> {
  const [row] = await db
    .select({
      userId: employees.userId,
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
    .where(and(eq(employees.userId, userId), eq(users.type, 'Employee')))
    .limit(1);
  // Days (payroll hours, today) are the employee's calendar days; UTC when no time zone is set.
  return row ? { ...row, timezone: row.timezone ?? 'UTC' } : null;
}

/** Where the employee's PTO periods start (pto_start_date, else start_date, else the account's creation day). */
export function employeePeriodStart(
  employee: Pick<EmployeePtoBasics, 'ptoStartDate' | 'startDate' | 'createdAt' | 'timezone'>,
): ReturnType<typeof ptoPeriodStart> {
  // A stored date the engine cannot read (a year before 1000) is ignored rather than failing the whole view.
  const readable = (date: string | null) => (date !== null && isIsoDate(date) ? date : null);
  return ptoPeriodStart({
    pto_start_date: readable(employee.ptoStartDate),
    start_date: readable(employee.startDate),
    created_at: todayIn(employee.timezone, employee.createdAt),
  });
}

// One formatter per zone: building one costs about 0.3 ms, and the PTO report and balances ask for hundreds of dates.
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** Today's date in the IANA zone, 'YYYY-MM-DD'. */
export function todayIn(timezone: string, now = new Date()): string {
  let formatter = dateFormatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormatters.set(timezone, formatter);
  }
  return formatter.format(now);
}

/**
 * Checked-in (status 1) hours per calendar day of `timezone` between two days, both included, in one aggregate
 * query: each entry is split at local midnights and clipped to the range; an open entry counts until now.
 */
export async function checkedInHoursByDay(
  db: DbOrTransaction,
  userId: number,
  from: string,
  to: string,
  timezone: string,
): Promise<{ day: string; hours: number }[]> {
  const rangeStart = sql`(${from}::date::timestamp at time zone ${timezone})`;
  const rangeEnd = sql`((${to}::date + 1)::timestamp at time zone ${timezone})`;
  const result = await db.execute<{ day: string; seconds: string }>(sql`
    with entries as (
      select greatest(${timeclockEntries.startedAt}, ${rangeStart}) as started_at,
             least(coalesce(${timeclockEntries.endedAt}, now()), ${rangeEnd}) as ended_at
      from ${timeclockEntries}
      where ${timeclockEntries.userId} = ${userId}
        and ${timeclockEntries.status} = ${TIMECLOCK_CHECKED_IN}
        and ${timeclockEntries.startedAt} < ${rangeEnd}
        and coalesce(${timeclockEntries.endedAt}, 'infinity'::timestamptz) > ${rangeStart}
    )
    select to_char(day, 'YYYY-MM-DD') as day,
           sum(extract(epoch from least(entries.ended_at, (day + interval '1 day') at time zone ${timezone})
                                - greatest(entries.started_at, day at time zone ${timezone}))) as seconds
    from entries
    cross join lateral generate_series(
      date_trunc('day', entries.started_at at time zone ${timezone}),
      date_trunc('day', entries.ended_at at time zone ${timezone}),
      interval '1 day'
    ) as day
    where entries.ended_at > entries.started_at
    group by day
    order by day`);
  return result.rows
    .map((row) => ({ day: row.day, hours: Math.max(0, Number(row.seconds)) / 3600 }))
    .filter((row) => row.hours > 0);
}

/** The PTO view's data (and the PeriodsUpdated payload): settings, time off taken and the computed periods. */
/**
 * Checked-in hours of one person by range, from a module above that keeps them (HR's kept sums, decision 0131):
 * runs `compute` (engine calls) with them. Without it the view sums the timeclock by day since the PTO start.
 */
export type CheckedInHoursSource = <T>(
  person: { userId: number; timezone: string },
  compute: (checkedInHours: (from: string, to: string) => number) => T,
) => Promise<T>;

export async function getEmployeePto(
  db: DbOrTransaction,
  userId: number,
  now = new Date(),
  checkedIn?: CheckedInHoursSource,
): Promise<EmployeePto> {
  const employee = await findPtoEmployee(db, userId);
  if (!employee) throw notFound();
  const [settingRows, usedRows] = await Promise.all([
    db
      .select()
      .from(ptoSettings)
      .where(eq(ptoSettings.userId, userId))
      .orderBy(asc(ptoSettings.startDate), asc(ptoSettings.id)),
    db
      .select()
      .from(ptoUsedHours)
      .where(eq(ptoUsedHours.userId, userId))
      .orderBy(asc(ptoUsedHours.date), asc(ptoUsedHours.id)),
  ]);
  const settings = settingRows.map(presentPtoSetting);
  const used = usedRows.map(presentPtoUsed);
  const today = todayIn(employee.timezone, now);
  const start = employeePeriodStart(employee);

  const engineInput = {
    ptoStartDate: start.date,
    settings,
    accrualRolloverLimit: employee.accrualRolloverLimit,
    lumpSumRolloverLimit: employee.lumpSumRolloverLimit,
    usedHours: used,
    today,
  };
  let days: { day: string; hours: number }[] = [];
  const hourly = settings.some((setting) => setting.type === 'Hourly');
  if (hourly && checkedIn) {
    const kept = await checkedIn({ userId, timezone: employee.timezone }, (checkedInHours) =>
      buildPtoPeriods({ ...engineInput, checkedInHours }),
    );
    return presentEmployeePto(userId, employee, start, today, settings, used, kept);
  }
  if (hourly) {
    // Only the days the periods cover: from their start to the end of the period holding today.
    const probe = buildPtoPeriods({
      ptoStartDate: start.date,
      settings: [],
      checkedInHours: () => 0,
      usedHours: [],
      today,
    });
    const last = probe.at(-1) ?? ptoPeriodBounds(start.date, 0);
    days = await checkedInHoursByDay(db, userId, start.date, last.end_date, employee.timezone);
  }
  const periods = buildPtoPeriods({ ...engineInput, checkedInHours: checkedInHoursFromDays(days) });
  return presentEmployeePto(userId, employee, start, today, settings, used, periods);
}

function presentEmployeePto(
  userId: number,
  employee: EmployeePtoBasics,
  start: ReturnType<typeof employeePeriodStart>,
  today: string,
  settings: EmployeePto['settings'],
  used: EmployeePto['used'],
  periods: EmployeePto['periods'],
): EmployeePto {
  return {
    user_id: userId,
    pto_start_date: employee.ptoStartDate,
    period_start_date: start.date,
    period_start_source: start.source,
    accrual_rollover_limit: Number(employee.accrualRolloverLimit),
    lump_sum_rollover_limit: Number(employee.lumpSumRolloverLimit),
    today,
    settings,
    used,
    periods,
  };
}

/** 422 on user_id unless it names an employee: settings and time off belong to staff only. */
async function assertEmployeeField(db: DbOrTransaction, userId: number | null | undefined): Promise<number> {
  if (userId === null || userId === undefined) throw unprocessable({ user_id: ['The user id field is required.'] });
  if (!(await findPtoEmployee(db, userId))) throw unprocessable({ user_id: ['The selected user id is invalid.'] });
  return userId;
}

const settingColumns = (input: PtoSettingValues) => ({
  name: input.name,
  type: input.type,
  startDate: input.start_date,
  endDate: input.end_date,
  adjustmentHours: stored(input.adjustment_hours),
  depositsTo: input.deposits_to,
  payrollHours: stored(input.payroll_hours),
  accruedHours: stored(input.accrued_hours),
  initialHours: stored(input.initial_hours),
});

export async function createPtoSetting(
  db: DbOrTransaction,
  input: PtoSettingValues,
  actor: { id: number },
): Promise<PtoSetting> {
  const userId = await assertEmployeeField(db, input.user_id);
  const [row] = await db
    .insert(ptoSettings)
    .values({ userId, ...settingColumns(input), createdBy: actor.id })
    .returning();
  return presentPtoSetting(row);
}

/** The employee a PTO setting belongs to, or null when there is no such setting. */
export async function ptoSettingOwner(db: DbOrTransaction, id: number): Promise<number | null> {
  const [row] = await db.select({ userId: ptoSettings.userId }).from(ptoSettings).where(eq(ptoSettings.id, id));
  return row?.userId ?? null;
}

/** The employee a time-off-taken row belongs to, or null when there is no such row. */
export async function ptoUsedOwner(db: DbOrTransaction, id: number): Promise<number | null> {
  const [row] = await db.select({ userId: ptoUsedHours.userId }).from(ptoUsedHours).where(eq(ptoUsedHours.id, id));
  return row?.userId ?? null;
}

/** Updates a setting; its employee never changes (user_id in the body is ignored). 404 when it does not exist. */
export async function updatePtoSetting(db: DbOrTransaction, id: number, input: PtoSettingValues): Promise<PtoSetting> {
  const [row] = await db
    .update(ptoSettings)
    .set({ ...settingColumns(input), updatedAt: sql`now()` })
    .where(eq(ptoSettings.id, id))
    .returning();
  if (!row) throw notFound();
  return presentPtoSetting(row);
}

/** Deletes a setting; answers the employee it belonged to. */
export async function deletePtoSetting(db: DbOrTransaction, id: number): Promise<number> {
  const [row] = await db.delete(ptoSettings).where(eq(ptoSettings.id, id)).returning({ userId: ptoSettings.userId });
  if (!row) throw notFound();
  return row.userId;
}

export async function recordPtoUsed(
  db: DbOrTransaction,
  input: PtoUsedValues,
  actor: { id: number },
): Promise<PtoUsed> {
  const userId = await assertEmployeeField(db, input.user_id);
  const [row] = await db
    .insert(ptoUsedHours)
    .values({
      userId,
      date: input.date,
      hours: input.hours.toFixed(2),
      bank: input.bank,
      note: input.note,
      createdBy: actor.id,
    })
    .returning();
  return presentPtoUsed(row);
}

export async function deletePtoUsed(db: DbOrTransaction, id: number): Promise<number> {
  const [row] = await db
    .delete(ptoUsedHours)
    .where(and(eq(ptoUsedHours.id, id), isNull(ptoUsedHours.requestId)))
    .returning({ userId: ptoUsedHours.userId });
  if (row) return row.userId;
  const [kept] = await db.select({ id: ptoUsedHours.id }).from(ptoUsedHours).where(eq(ptoUsedHours.id, id)).limit(1);
  if (kept) throw unprocessable({ id: [ptoUsedOfRequestMessage] });
  throw notFound();
}
