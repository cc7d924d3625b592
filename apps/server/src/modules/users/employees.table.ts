import { date, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
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
  },
  (t) => [index('employees_region_idx').on(t.regionId)],
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
