import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';
import { crmLeads } from './crm.table.ts';

// A lead's appointments (designs/crm-softphone.md §2.2, §4.11): who set it, whom it is for, when, how, and whether
// it was held. The calendar reads (assigned_to, starts_at) for an agent's range, the lead's drawer reads (lead_id);
// the reports count set (created_at, set_by) and held (starts_at, assigned_to) per agent and day.

export const crmAppointmentKinds = ['onsite', 'phone', 'video'] as const;
export const crmAppointmentStatuses = ['scheduled', 'held', 'no_show', 'cancelled'] as const;

export const crmAppointments = pgTable(
  'crm_appointments',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => crmLeads.id, { onDelete: 'cascade' }),
    setBy: integer('set_by').references(() => users.id, { onDelete: 'set null' }),
    assignedTo: integer('assigned_to')
      .notNull()
      .references(() => users.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    kind: text('kind', { enum: crmAppointmentKinds }).notNull().default('onsite'),
    location: text('location').notNull().default(''),
    notes: text('notes').notNull().default(''),
    status: text('status', { enum: crmAppointmentStatuses }).notNull().default('scheduled'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('crm_appointments_kind_check', sql`${t.kind} in ('onsite', 'phone', 'video')`),
    check('crm_appointments_status_check', sql`${t.status} in ('scheduled', 'held', 'no_show', 'cancelled')`),
    check('crm_appointments_range_check', sql`${t.endsAt} > ${t.startsAt}`),
    index('crm_appointments_assigned_idx').on(t.assignedTo, t.startsAt),
    index('crm_appointments_lead_idx').on(t.leadId),
    index('crm_appointments_set_idx').on(t.createdAt, t.setBy),
  ],
);
