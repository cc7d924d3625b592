import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { hrRequests } from '../hr/hr-requests.table.ts';
import { users } from '../users/users.table.ts';

/** PTO settings of spec 1 §3.11: Hourly, Flat Rate or Adjustment; the columns a type does not use stay null. */
export const ptoSettings = pgTable(
  'pto_settings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    startDate: date('start_date').notNull(),
    // Null = Endless (N/A for an Adjustment, whose start_date is its single date).
    endDate: date('end_date'),
    adjustmentHours: numeric('adjustment_hours', { precision: 6, scale: 2 }),
    depositsTo: text('deposits_to'),
    payrollHours: numeric('payroll_hours', { precision: 6, scale: 2 }),
    accruedHours: numeric('accrued_hours', { precision: 6, scale: 2 }),
    initialHours: numeric('initial_hours', { precision: 6, scale: 2 }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pto_settings_user_idx').on(t.userId, t.startDate),
    check('pto_settings_type_check', sql`${t.type} in ('Hourly', 'Flat Rate', 'Adjustment')`),
    check('pto_settings_deposits_to_check', sql`${t.depositsTo} is null or ${t.depositsTo} in ('Accrual', 'Lump Sum')`),
    check('pto_settings_dates_check', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);

/** Time off taken, per day and bank: recorded on the PTO view until HR requests land (then they write here). */
export const ptoUsedHours = pgTable(
  'pto_used_hours',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    hours: numeric('hours', { precision: 6, scale: 2 }).notNull(),
    bank: text('bank').notNull(),
    note: text('note'),
    /** Written by an HR request's final approval (designs/hr.md §2.5); its cancel deletes the row. */
    requestId: integer('request_id').references(() => hrRequests.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pto_used_hours_user_date_idx').on(t.userId, t.date),
    index('pto_used_hours_request_idx').on(t.requestId),
    check('pto_used_hours_bank_check', sql`${t.bank} in ('Accrual', 'Lump Sum')`),
    check('pto_used_hours_hours_check', sql`${t.hours} > 0`),
  ],
);
