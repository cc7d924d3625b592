import { doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { industries, regions } from '../reference/reference.table.ts';
import { users } from '../users/users.table.ts';
import { companySearchDocument } from '../../db/search-documents.ts';

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    industryId: integer('industry_id').references(() => industries.id),
    website: text('website'),
    logo: text('logo'),
    // Spec 2: active 0 = Yes, 1 = No.
    active: integer('active').notNull().default(0),
    // The account that may not be shadowed (spec 1 §6).
    primaryUserId: integer('primary_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('companies_name_idx').on(t.name),
    index('companies_industry_idx').on(t.industryId),
    // Global search (modules/search).
    index('companies_search_idx').using('gin', companySearchDocument(t.name)),
  ],
);

export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    regionId: integer('region_id').references(() => regions.id),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    // Site Information tab (spec 2 §2): the site's `info`.
    parkingInfo: text('parking_info'),
    external: text('external'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sites_company_idx').on(t.companyId), index('sites_region_idx').on(t.regionId)],
);

/** The company's 'Additional Tech Information' notes (spec 2 §2 Site Information tab): one row per company. */
export const companyTechInfo = pgTable('company_tech_info', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  notes: text('notes'),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Files attached to the tech information; downloaded through POST /api/download. */
export const companyTechAttachments = pgTable(
  'company_tech_attachments',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    path: text('path').notNull().unique(),
    size: integer('size').notNull(),
    extension: text('extension').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('company_tech_attachments_company_idx').on(t.companyId)],
);
