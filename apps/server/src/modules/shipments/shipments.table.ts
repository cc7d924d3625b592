import { carriers } from '@switchboard/shared';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from '../projects/projects.table.ts';
import { users } from '../users/users.table.ts';

// Procurement's shipments (spec 3 §3 Procurement; decision 0048). A shipment tracked by the tracker API keeps its
// tracker's id; its status and history then come from the tracker (refresh job, webhook), otherwise from the panel.

export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    carrier: text('carrier', { enum: carriers }).notNull(),
    trackingNumber: text('tracking_number').notNull(),
    status: text('status').notNull().default('unknown'),
    statusDetails: text('status_details').notNull().default(''),
    trackerId: text('tracker_id'),
    /** When the tracker was last read (job or webhook); the refresh job reads the longest-unchecked first. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /**
     * How new the tracker state last written is, by the tracker's own clock (a webhook event's created_at, a read
     * tracker's updated_at): an older event does not change the shipment (issue 25).
     */
    trackerUpdatedAt: timestamp('tracker_updated_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shipments_project_idx').on(t.projectId, t.position),
    uniqueIndex('shipments_tracker_idx')
      .on(t.trackerId)
      .where(sql`${t.trackerId} is not null`),
    // The refresh job's walk: open shipments, longest-unchecked first.
    index('shipments_open_idx')
      .on(t.checkedAt.asc().nullsFirst(), t.id)
      .where(sql`${t.status} not in ('delivered', 'cancelled')`),
  ],
);

/** A shipment's tracking events (spec 3 §3 Procurement history); one per time and message, so refreshes add none twice. */
export const shipmentHistory = pgTable(
  'shipment_history',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    time: timestamp('time', { withTimezone: true }).notNull(),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    statusDetails: text('status_details').notNull().default(''),
  },
  (t) => [uniqueIndex('shipment_history_event_idx').on(t.shipmentId, t.time, t.statusDetails)],
);

/**
 * The tracker webhook's events already taken, by the sender's event id (EasyPost's evt_...): a replayed signed event
 * is acknowledged and changes nothing. Kept for as long as an event counts (older ones are refused by their age).
 */
export const trackingWebhookEvents = pgTable(
  'tracking_webhook_events',
  {
    eventId: text('event_id').primaryKey(),
    /** The event's own time (its created_at). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tracking_webhook_events_created_idx').on(t.createdAt)],
);
