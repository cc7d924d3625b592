import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, sites } from '../companies/companies.table.ts';
import { antiviruses, operatingSystems } from '../reference/reference.table.ts';
import { deviceSearchDocument } from '../../db/search-documents.ts';

/** A company's device of one type (shared deviceTypes); software and server fields stay null on other types. */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    type: text('type').notNull(),
    name: text('name').notNull(),
    assetTag: text('asset_tag'),
    serialNumber: text('serial_number'),
    model: text('model'),
    purchaseDate: date('purchase_date'),
    warrantyDate: date('warranty_date'),
    operatingSystemId: integer('operating_system_id').references(() => operatingSystems.id),
    antivirusId: integer('antivirus_id').references(() => antiviruses.id),
    // Servers: on the monthly maintenance schedule (1) or not (0); their roles are server_roles (decision 0049).
    scheduledMaintenance: integer('scheduled_maintenance').notNull().default(0),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('devices_company_type_idx').on(t.companyId, t.type, t.name),
    index('devices_type_idx').on(t.type, t.name),
    index('devices_site_idx').on(t.siteId),
    // The Scheduled Maintenance month (decision 0049): a company's scheduled servers.
    index('devices_scheduled_servers_idx')
      .on(t.companyId, t.siteId)
      .where(sql`${t.type} = 'servers' and ${t.scheduledMaintenance} = 1`),
    // Global search (modules/search).
    index('devices_search_idx').using('gin', deviceSearchDocument(t.name, t.assetTag, t.serialNumber)),
  ],
);

/** A server's drives: letter and size in GB. */
export const serverDrives = pgTable(
  'server_drives',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    letter: text('letter').notNull(),
    size: integer('size').notNull(),
  },
  (t) => [uniqueIndex('server_drives_device_letter_idx').on(t.deviceId, t.letter)],
);

/** Named server roles (decision 0049): a reference list that grows as devices name new roles. */
export const serverRoles = pgTable(
  'server_roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('server_roles_name_idx').on(sql`lower(${t.name})`)],
);

/** A server's roles, in the order the device form lists them. */
export const deviceServerRoles = pgTable(
  'device_server_roles',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => serverRoles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.roleId] }), index('device_server_roles_role_idx').on(t.roleId)],
);
