import { bigint, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

// The CRM reports' rollups of crm_calls (decision record "CRM reports from rollups of the calls"), kept by the
// trigger crm_call_stats_track on crm_calls in the transaction of every insert, update and delete (migration 0073):
// a month's report sums a few thousand of their rows instead of grouping some 300,000 calls. Days and hours in UTC,
// as the reports count (REPORT_TIME_ZONE). No agent is user_id 0 and no disposition '' (keys cannot be null).

/** Calls and talk time per UTC day, agent, direction, status and disposition. */
export const crmCallDayStats = pgTable(
  'crm_call_day_stats',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    direction: text('direction').notNull(),
    status: text('status').notNull(),
    disposition: text('disposition').notNull(),
    calls: integer('calls').notNull(),
    // duration_seconds of the answered calls (the reports' talk time).
    talkSeconds: bigint('talk_seconds', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId, t.direction, t.status, t.disposition] })],
);

/** Calls per UTC hour (hours since 1970-01-01), direction and status, all agents: the connect rate by hour. */
export const crmCallHourStats = pgTable(
  'crm_call_hour_stats',
  {
    epochHour: integer('epoch_hour').notNull(),
    direction: text('direction').notNull(),
    status: text('status').notNull(),
    calls: integer('calls').notNull(),
  },
  (t) => [primaryKey({ columns: [t.epochHour, t.direction, t.status] })],
);
