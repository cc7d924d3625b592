import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { departments, regions, timezones } from '../reference/reference.table.ts';
import { users } from './users.table.ts';

/** Staff details of spec 1 §3.10, one row per user of type Employee. */
export const employees = pgTable(
  'employees',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title'),
    regionId: integer('region_id').references(() => regions.id),
    phoneNumber: text('phone_number'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    timezoneId: integer('timezone_id').references(() => timezones.id),
    startDate: date('start_date'),
    birthday: date('birthday'),
    ptoStartDate: date('pto_start_date'),
    accrualRolloverLimit: numeric('accrual_rollover_limit', { precision: 8, scale: 2 }).notNull().default('0'),
    lumpSumRolloverLimit: numeric('lump_sum_rollover_limit', { precision: 8, scale: 2 }).notNull().default('0'),
    /** Who approves this employee's requests at the manager stage (designs/hr.md §2.2; decision 0103). */
    managerId: integer('manager_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Hours per ISO weekday ({"1": 10, ...}); null follows the company week of the HR settings. */
    workHours: jsonb('work_hours').$type<Record<string, number>>(),
  },
  (t) => [
    index('employees_region_idx').on(t.regionId),
    index('employees_manager_idx').on(t.managerId),
    check('employees_manager_not_self', sql`${t.managerId} is null or ${t.managerId} <> ${t.userId}`),
  ],
);

export const employeeDepartments = pgTable(
  'employee_departments',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.departmentId] }),
    index('employee_departments_department_idx').on(t.departmentId),
  ],
);
