import { integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table.ts';

/**
 * The Scheduled Maintenance month's answer for one company (decision 0076): its sites with their scheduled servers,
 * roles, the month's ticket and the three records with their tickets' states, as the JSON text the month page sends
 * (null when none of its scheduled servers has a site). Written by the first read that needs it, under an advisory
 * lock; statement triggers (migration) delete the rows a write reaches (devices, their roles, role names, sites, the
 * month's tickets and records, a ticket's state) under the same lock, so every process answers what the database
 * holds. The company's name and which companies are listed are read live.
 */
export const maintenanceMonthSites = pgTable(
  'maintenance_month_sites',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    sites: text('sites'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.year, t.month] })],
);

/**
 * How many companies the month lists (those with a server on the schedule), the same for every month: one row, kept
 * like the parts above (decision 0076). The devices trigger deletes it under the fill lock when a server changes.
 */
export const maintenanceMonthTotal = pgTable('maintenance_month_total', {
  id: smallint('id').primaryKey(),
  total: integer('total').notNull(),
});

/**
 * A whole page of the month as sent (decision 0076), read in one lookup by every request for it until a write
 * reaches it: a change to a company's part of a month deletes that month's pages, a server's change or a company's
 * new name every page (under the fill lock, by the same triggers). Built from the kept parts above under the lock.
 */
export const maintenanceMonthPages = pgTable(
  'maintenance_month_pages',
  {
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    perPage: integer('per_page').notNull(),
    page: integer('page').notNull(),
    total: integer('total').notNull(),
    rowCount: integer('row_count').notNull(),
    rowsJson: text('rows_json').notNull(),
  },
  (t) => [primaryKey({ columns: [t.year, t.month, t.perPage, t.page] })],
);
