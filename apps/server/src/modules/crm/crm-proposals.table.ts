import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { numericFromUnits, unitsFromNumeric } from '@switchboard/shared/billing/money';
import { proposalLineKinds, proposalStatuses } from '@switchboard/shared/crm-proposals';
import { users } from '../users/users.table.ts';
import { crmLeads } from './crm.table.ts';

// CRM proposals and their lines (designs/crm-softphone.md §2.2, §4.7; decision in docs/decisions, "CRM proposals").
// Money is numeric(12,2) read and written as integer cents, quantities numeric(10,2) as hundredths: never a float.
// The stored status is draft, sent, accepted or declined; 'expired' is a sent proposal past valid_until, computed on
// read. The acceptance link is one per proposal (a new send replaces it): only its SHA-256 is kept.

const cents12 = customType<{ data: number; driverData: string }>({
  dataType: () => 'numeric(12, 2)',
  fromDriver: (value) => unitsFromNumeric(String(value), 2),
  toDriver: (value) => numericFromUnits(value, 2),
});
const hundredths10 = customType<{ data: number; driverData: string }>({
  dataType: () => 'numeric(10, 2)',
  fromDriver: (value) => unitsFromNumeric(String(value), 2),
  toDriver: (value) => numericFromUnits(value, 2),
});

export const crmProposals = pgTable(
  'crm_proposals',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => crmLeads.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    status: text('status', { enum: proposalStatuses }).notNull().default('draft'),
    validUntil: date('valid_until'),
    monthlyTotal: cents12('monthly_total').notNull().default(0),
    oneTimeTotal: cents12('one_time_total').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentTo: text('sent_to'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByName: text('decided_by_name'),
    linkTokenHash: text('link_token_hash'),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('crm_proposals_status_check', sql`${t.status} in ('draft', 'sent', 'accepted', 'declined', 'expired')`),
    uniqueIndex('crm_proposals_link_token_hash_key').on(t.linkTokenHash),
    index('crm_proposals_lead_idx').on(t.leadId, t.createdAt.desc()),
    index('crm_proposals_created_idx').on(t.createdAt.desc()),
  ],
);

export const crmProposalLines = pgTable(
  'crm_proposal_lines',
  {
    id: serial('id').primaryKey(),
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => crmProposals.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: proposalLineKinds }).notNull(),
    description: text('description').notNull(),
    quantity: hundredths10('quantity').notNull(),
    unitPrice: cents12('unit_price').notNull(),
    sort: integer('sort').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('crm_proposal_lines_kind_check', sql`${t.kind} in ('monthly', 'one_time')`),
    check('crm_proposal_lines_quantity_check', sql`${t.quantity} > 0`),
    check('crm_proposal_lines_price_check', sql`${t.unitPrice} >= 0`),
    index('crm_proposal_lines_proposal_idx').on(t.proposalId, t.sort),
  ],
);

/** Requests to the public acceptance routes per address and window, counted and decided in one statement. */
export const crmProposalThrottles = pgTable('crm_proposal_throttles', {
  address: text('address').primaryKey(),
  count: integer('count').notNull().default(1),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});
