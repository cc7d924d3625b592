import { date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table.ts';
import { devices } from '../devices/devices.table.ts';
import { users } from '../users/users.table.ts';

/** A company's hardware refresh strategy (spec 2 §3): priority notes per refresh group and an overview, rich text. */
export const refreshStrategies = pgTable(
  'refresh_strategies',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    hddPriority: text('hdd_priority').notNull().default(''),
    printerPriority: text('printer_priority').notNull().default(''),
    modemPriority: text('modem_priority').notNull().default(''),
    routerPriority: text('router_priority').notNull().default(''),
    apPriority: text('ap_priority').notNull().default(''),
    serverPriority: text('server_priority').notNull().default(''),
    switchesPriority: text('switches_priority').notNull().default(''),
    upsPriority: text('ups_priority').notNull().default(''),
    workstationPriority: text('workstation_priority').notNull().default(''),
    overview: text('overview').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_strategies_company_idx').on(t.companyId, t.date)],
);

/** Who a strategy was mailed to; name and address kept as sent, so the list survives a renamed or deleted user. */
export const refreshStrategyRecipients = pgTable(
  'refresh_strategy_recipients',
  {
    id: serial('id').primaryKey(),
    strategyId: integer('strategy_id')
      .notNull()
      .references(() => refreshStrategies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
  },
  (t) => [index('refresh_strategy_recipients_strategy_idx').on(t.strategyId)],
);

/** Software installed on a server that backups name (spec 2 §3 server_software; issue 19). */
export const serverSoftware = pgTable(
  'server_software',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [index('server_software_device_idx').on(t.deviceId)],
);

/** A company's backup strategy (spec 2 §3); the schedule is JSON of one of the three shapes (shared strategies.ts). */
export const backupStrategies = pgTable(
  'backup_strategies',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    sourceType: integer('source_type').notNull(),
    source: jsonb('source').$type<number[]>().notNull().default([]),
    backupType: integer('backup_type').notNull(),
    schedule: jsonb('schedule'),
    program: integer('program').notNull(),
    software: text('software'),
    destinationType: integer('destination_type').notNull(),
    destination: jsonb('destination').$type<number[]>().notNull().default([]),
    offsiteBackupLocation: text('offsite_backup_location'),
    localBackupLocation: text('local_backup_location'),
    notes: text('notes'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('backup_strategies_company_idx').on(t.companyId, t.id)],
);
