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
