import type { HrCalendarQuery } from '@switchboard/shared/hr/calendar';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { employeeDepartments, employees } from '../users/employees.table.ts';
import { users } from '../users/users.table.ts';

// The HR calendar's building blocks shared by its sources: who looks, which people the filters keep, calendar days.

export interface CalendarViewer {
  id: number;
  permissions: readonly string[];
}

/** The people the filters keep: enabled staff, of a region, a department, or one person. */
export function peopleCondition(query: Pick<HrCalendarQuery, 'department_id' | 'region_id' | 'user_id'>): SQL {
  return and(
    eq(users.type, 'Employee'),
    isNull(users.deletedAt),
    query.region_id === undefined ? undefined : eq(employees.regionId, query.region_id),
    query.user_id === undefined ? undefined : eq(employees.userId, query.user_id),
    query.department_id === undefined
      ? undefined
      : inArray(
          employees.userId,
          sql`(select ${employeeDepartments.userId} from ${employeeDepartments}
               where ${employeeDepartments.departmentId} = ${query.department_id})`,
        ),
  )!;
}

/** 'YYYY-MM-DD' plus days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The day a yearly date (birthday, start date) falls on in `year`; 29 February falls on the 28th in other years. */
export function yearlyOn(day: string, year: number): string {
  const monthDay = day.slice(5);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return `${year}-${monthDay === '02-29' && !leap ? '02-28' : monthDay}`;
}
