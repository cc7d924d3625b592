import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bankReconciliationStatuses } from '@switchboard/shared/billing/bank-reconciliation';
import { moneyCents } from '../../db/money-columns.ts';
import { users } from '../users/users.table.ts';
import { accounts, journalLines } from './ledger.table.ts';

// Bank reconciliation (designs/billing.md §5, decision 0126). Posted journal lines cannot change, so "cleared" is a
// row here, not a column there. The guards (a finished reconciliation and its lines refuse changes, only the last
// finished one reopens, finishing needs a difference of 0) are triggers written by hand in the migration.

export const bankReconciliations = pgTable(
  'bank_reconciliations',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    statementDate: date('statement_date', { mode: 'string' }).notNull(),
    /** The statement's ending balance, in cents. */
    statementBalance: moneyCents('statement_balance').notNull(),
    status: text('status', { enum: bankReconciliationStatuses }).notNull().default('draft'),
    /** The previous finished reconciliation's statement balance, stamped when this one finishes. */
    openingBalance: moneyCents('opening_balance'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    finishedBy: integer('finished_by').references(() => users.id, { onDelete: 'restrict' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('bank_reconciliations_status_check', sql`${t.status} in ('draft', 'finished')`),
    check(
      'bank_reconciliations_finished_check',
      sql`(${t.status} = 'finished') = (${t.finishedAt} is not null and ${t.openingBalance} is not null)`,
    ),
    index('bank_reconciliations_account_idx').on(t.accountId, t.status, t.statementDate),
    // One open reconciliation per account at a time.
    uniqueIndex('bank_reconciliations_one_draft_idx')
      .on(t.accountId)
      .where(sql`${t.status} = 'draft'`),
  ],
);

/** The lines a reconciliation clears: a journal line is ticked by one reconciliation at most (it clears once). */
export const bankReconciliationLines = pgTable(
  'bank_reconciliation_lines',
  {
    reconciliationId: integer('reconciliation_id')
      .notNull()
      .references(() => bankReconciliations.id, { onDelete: 'cascade' }),
    journalLineId: bigint('journal_line_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => journalLines.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.reconciliationId, t.journalLineId] })],
);
