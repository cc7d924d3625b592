import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { quotes } from '../quotes/quotes.table.ts';
import { users } from '../users/users.table.ts';
import { projects } from './projects.table.ts';

/**
 * Product Requirements (spec 3 §3 Product requirement; decision 0047): what the project needs bought, option 1 to 10,
 * each priced by at most one quote of billing's `quotes` (Project Quotes), a quote pricing at most one requirement.
 */
export const productRequirements = pgTable(
  'product_requirements',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    option: smallint('option').notNull(),
    product: text('product').notNull(),
    quoteId: integer('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_requirements_project_idx').on(t.projectId, t.position),
    uniqueIndex('product_requirements_quote_idx')
      .on(t.quoteId)
      .where(sql`${t.quoteId} is not null`),
    check('product_requirements_option_check', sql`${t.option} between 1 and 10`),
  ],
);
