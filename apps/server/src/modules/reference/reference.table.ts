import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Reference data of spec 1 §3.3, seeded at start and served by GET /api/misc/staticdata. */
export const timezones = pgTable('timezones', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(), // IANA name, e.g. America/New_York
  label: text('label').notNull(),
});

export const states = pgTable('states', {
  code: text('code').primaryKey(), // USPS code, e.g. NY
  name: text('name').notNull(),
});

export const triageLevels = pgTable('triage', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  color: text('color').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

export const ticketTypes = pgTable('ticket_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
  },
  (t) => [uniqueIndex('regions_name_ci').on(sql`lower(trim(${t.name}))`)],
);

export const industries = pgTable(
  'industries',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    parentId: integer('parent_id').notNull().default(0), // 0 marks a parent industry
  },
  (t) => [index('industries_parent_idx').on(t.parentId)],
);

export const ticketStatuses = pgTable('ticket_statuses', {
  id: serial('id').primaryKey(), // id 1 is Closed
  name: text('name').notNull().unique(),
});

export const operatingSystems = pgTable('operating_systems', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  deviceKind: text('device_kind', { enum: ['workstation', 'server'] }).notNull(),
});

export const antiviruses = pgTable('antiviruses', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  deviceKind: text('device_kind', { enum: ['workstation', 'server'] }).notNull(),
});

export const departments = pgTable('departments', {
  id: serial('id').primaryKey(), // 1 = tech, 3 = sales
  name: text('name').notNull().unique(),
});

export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    campaignName: text('campaign_name').notNull(),
    status: integer('status').notNull().default(1),
  },
  // Names are unique whatever their case (the CRM admin's rule, held by the database too).
  (t) => [uniqueIndex('campaigns_name_ci').on(sql`lower(trim(${t.campaignName}))`)],
);

export const voicemails = pgTable(
  'voicemails',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    file: text('file'),
    isDefault: integer('is_default').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    // The recording (designs/crm-softphone.md §2.2): checked by content, uploaded once to the provider's media store.
    mime: text('mime'),
    bytes: integer('bytes'),
    durationMs: integer('duration_ms'),
    sha256: text('sha256'),
    providerMediaName: text('provider_media_name'),
    createdBy: integer('created_by'),
  },
  (t) => [
    uniqueIndex('voicemails_one_default')
      .on(t.isDefault)
      .where(sql`is_default = 1 and deleted_at is null`),
  ],
);
