import { and, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { employees } from '../users/employees.table.ts';
import { holidays } from '../holidays/holidays.table.ts';
import { users } from '../users/users.table.ts';
import { ptoSettings } from './pto.table.ts';

const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** The n-th (1-based; -1 = last) given weekday (0 = Sunday) of a month. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  if (n === -1) {
    const last = new Date(Date.UTC(year, month, 0));
    return iso(year, month, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7));
  }
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return iso(year, month, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
}

/** The usual US company holidays of a year. */
export function usCompanyHolidays(year: number): { date: string; name: string }[] {
  return [
    { date: iso(year, 1, 1), name: "New Year's Day" },
    { date: nthWeekday(year, 5, 1, -1), name: 'Memorial Day' },
    { date: iso(year, 7, 4), name: 'Independence Day' },
    { date: nthWeekday(year, 9, 1, 1), name: 'Labor Day' },
    { date: nthWeekday(year, 11, 4, 4), name: 'Thanksgiving Day' },
    { date: iso(year, 12, 25), name: 'Christmas Day' },
  ];
}

/**
 * Demo data for the PTO and holiday views: this year's and next year's company holidays, and for each of the given
 * employees without PTO settings an Hourly accrual (1 h per 30 payroll hours) and a 40-hour Flat Rate from their
 * PTO start date. Idempotent: existing holidays (by date) and employees who already have settings are left alone.
 */
export async function seedPtoDemo(
  db: DbOrTransaction,
  employeeEmails: readonly string[],
  today = new Date(),
): Promise<void> {
  const year = today.getUTCFullYear();
  const wanted = [...usCompanyHolidays(year), ...usCompanyHolidays(year + 1)];
  const existing = await db.select({ date: holidays.date }).from(holidays).where(isNull(holidays.userId));
  const taken = new Set(existing.map((row) => row.date));
  const missing = wanted.filter((holiday) => !taken.has(holiday.date));
  if (missing.length > 0)
    await db.insert(holidays).values(missing.map((holiday) => ({ date: holiday.date, name: holiday.name })));

  if (employeeEmails.length === 0) return;
  const people = await db
    .select({
      userId: employees.userId,
      start: sql<string>`coalesce(${employees.ptoStartDate}, ${employees.startDate}, ${users.createdAt}::date)`,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(
      and(
        inArray(
          sql`lower(${users.email})`,
          employeeEmails.map((email) => email.toLowerCase()),
        ),
        notExists(db.select({ id: ptoSettings.id }).from(ptoSettings).where(eq(ptoSettings.userId, employees.userId))),
      ),
    );
  if (people.length === 0) return;
  await db.insert(ptoSettings).values(
    people.flatMap((person) => [
      {
        userId: person.userId,
        name: 'Standard accrual',
        type: 'Hourly',
        startDate: person.start,
        payrollHours: '30.00',
        accruedHours: '1.00',
      },
      { userId: person.userId, name: 'Vacation', type: 'Flat Rate', startDate: person.start, initialHours: '40.00' },
    ]),
  );
}
