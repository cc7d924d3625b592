import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { companies, sites } from './companies.table.ts';
import { users } from '../users/users.table.ts';

/** Client accounts of spec 1 §3.9, one row per user of type Client. */
export const clientAccounts = pgTable(
  'client_accounts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    siteId: integer('site_id').references(() => sites.id),
    title: text('title'),
    phoneNumber: text('phone_number'),
    officeNumber: text('office_number'),
  },
  (t) => [index('client_accounts_company_idx').on(t.companyId), index('client_accounts_site_idx').on(t.siteId)],
);
