import { doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { industries, regions } from '../reference/reference.table.ts';
import { companySearchDocument } from '../search/search.sql.ts';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sites_company_idx').on(t.companyId), index('sites_region_idx').on(t.regionId)],
);
