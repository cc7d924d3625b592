import {
  holidayNotCompanyMessage,
  holidayTakenMessage,
  type EmployeeHolidays,
  type Holiday,
  type HolidayStoreValues,
  type HolidayUpdateValues,
} from '@switchboard/shared';
import { and, asc, eq, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { afterCommitQueue, emitDomainEvent } from '../../plugins/domain-events.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { employees } from '../users/employees.table.ts';
import { users } from '../users/users.table.ts';
import { holidays } from './holidays.table.ts';

// Holidays of spec 1 §3.11 and §7.6: company-wide rows (user_id null) and each employee's own rows.

const addedBy = alias(users, 'holiday_added_by');

async function selectHolidays(db: DbOrTransaction, where: SQL | undefined): Promise<Holiday[]> {
  const rows = await db
    .select({ holiday: holidays, addByName: addedBy.name })
    .from(holidays)
    .leftJoin(addedBy, eq(addedBy.id, holidays.addBy))
    .where(where)
    .orderBy(asc(holidays.date), asc(holidays.id));
  return rows.map(({ holiday, addByName }) => ({
    id: holiday.id,
    date: holiday.date,
    new_date: holiday.newDate,
    name: holiday.name,
    user_id: holiday.userId,
    add_by: holiday.addBy !== null && addByName !== null ? { id: holiday.addBy, name: addByName } : null,
  }));
}

export async function isEmployee(db: DbOrTransaction, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: employees.userId })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(eq(employees.userId, userId), eq(users.type, 'Employee')))
    .limit(1);
  return Boolean(row);
}

/** Company-wide holidays, by date. */
export function listCompanyHolidays(db: DbOrTransaction): Promise<Holiday[]> {
  return selectHolidays(db, isNull(holidays.userId));
}

/** GET /api/employee/holidays/{employeeId}: the company holidays and the employee's own (data.individual). */
export async function getEmployeeHolidays(db: DbOrTransaction, employeeId: number): Promise<EmployeeHolidays> {
  if (!(await isEmployee(db, employeeId))) throw notFound();
  const [company, individual] = await Promise.all([
    listCompanyHolidays(db),
    selectHolidays(db, eq(holidays.userId, employeeId)),
  ]);
  return { company, individual };
}

export async function findHoliday(db: DbOrTransaction, id: number): Promise<Holiday> {
  const [holiday] = await selectHolidays(db, eq(holidays.id, id));
  if (!holiday) throw notFound();
  return holiday;
}

/**
 * The rules that need the database, as field errors: the date is free (one company holiday a day; one own row
 * per employee and date), and a move (new_date) starts from a company holiday's date.
 */
async function checkHoliday(
  db: DbOrTransaction,
  values: { userId: number | null; date: string; newDate: string | null },
  exceptId?: number,
): Promise<void> {
  const sameDate = and(
    eq(holidays.date, values.date),
    values.userId === null ? isNull(holidays.userId) : eq(holidays.userId, values.userId),
    exceptId === undefined ? undefined : ne(holidays.id, exceptId),
  );
  const [taken] = await db.select({ id: holidays.id }).from(holidays).where(sameDate).limit(1);
  if (taken) throw unprocessable({ date: [holidayTakenMessage] });
  if (values.userId !== null && values.newDate !== null) {
    const [company] = await db
      .select({ id: holidays.id })
      .from(holidays)
      .where(and(isNull(holidays.userId), eq(holidays.date, values.date)))
      .limit(1);
    if (!company) throw unprocessable({ date: [holidayNotCompanyMessage] });
  }
}

/** POST /api/employee/holiday/store; add_by is the signed-in user. In a transaction so the checks hold. */
export async function storeHoliday(db: Db, input: HolidayStoreValues, actor: { id: number }): Promise<Holiday> {
  const queue = afterCommitQueue();
  const holiday = await db.transaction(async (tx) => {
    if (input.user_id !== null && !(await isEmployee(tx, input.user_id)))
      throw unprocessable({ user_id: ['The selected user id is invalid.'] });
    // Serialises saves of one owner's dates, so two at once cannot both pass the "taken" check.
    await tx.execute(sql`select pg_advisory_xact_lock(${holidayLockKey}::int, ${input.user_id ?? 0}::int)`);
    await checkHoliday(tx, { userId: input.user_id, date: input.date, newDate: input.new_date });
    const [row] = await tx
      .insert(holidays)
      .values({
        userId: input.user_id,
        date: input.date,
        newDate: input.user_id === null ? null : input.new_date,
        name: input.name,
        addBy: actor.id,
      })
      .returning({ id: holidays.id });
    // A day off added onto requested time off gives its hours back (HR requests listen), in this transaction.
    const dayOff = input.user_id === null ? input.date : (input.new_date ?? input.date);
    await emitDomainEvent(db, 'holidaysChanged', {
      tx,
      dates: [dayOff],
      userId: input.user_id,
      actorId: actor.id,
      afterCommit: queue.afterCommit,
    });
    return findHoliday(tx, row.id);
  });
  await queue.run();
  return holiday;
}

const holidayLockKey = 480_113_907;

/** PUT /api/employee/holiday/update: date, new_date and name; the owner (user_id) never changes. */
export async function updateHoliday(db: Db, input: HolidayUpdateValues): Promise<Holiday> {
  const queue = afterCommitQueue();
  const holiday = await db.transaction(async (tx) => {
    const existing = await findHoliday(tx, input.id as number);
    if (existing.user_id === null && input.new_date !== null)
      throw unprocessable({ new_date: ['A company holiday cannot have a new date.'] });
    await tx.execute(sql`select pg_advisory_xact_lock(${holidayLockKey}::int, ${existing.user_id ?? 0}::int)`);
    await checkHoliday(tx, { userId: existing.user_id, date: input.date, newDate: input.new_date }, existing.id);
    await tx
      .update(holidays)
      .set({ date: input.date, newDate: input.new_date, name: input.name })
      .where(eq(holidays.id, existing.id));
    if (existing.user_id === null && existing.date !== input.date) {
      // People who moved this company holiday keep their move: it now starts from the new company date.
      await tx
        .update(holidays)
        .set({ date: input.date })
        .where(and(isNotNull(holidays.userId), isNotNull(holidays.newDate), eq(holidays.date, existing.date)));
    }
    const dayOff = existing.user_id === null ? input.date : (input.new_date ?? input.date);
    await emitDomainEvent(db, 'holidaysChanged', {
      tx,
      dates: [dayOff],
      userId: existing.user_id,
      actorId: null,
      afterCommit: queue.afterCommit,
    });
    return findHoliday(tx, existing.id);
  });
  await queue.run();
  return holiday;
}

/** DELETE /api/employee/holiday/delete/{id}: a company holiday takes every person's move of it along. */
export async function deleteHoliday(db: Db, id: number): Promise<Holiday> {
  return db.transaction(async (tx) => {
    const existing = await findHoliday(tx, id);
    if (existing.user_id === null) {
      await tx
        .delete(holidays)
        .where(and(isNotNull(holidays.userId), isNotNull(holidays.newDate), eq(holidays.date, existing.date)));
    }
    await tx.delete(holidays).where(eq(holidays.id, id));
    return existing;
  });
}
