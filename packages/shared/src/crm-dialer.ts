import { z } from 'zod';
import { WRAP_UP_SECONDS_MAX } from './crm.ts';
import { leadListQuerySchema, leadSchema } from './crm-leads.ts';

/**
 * The power dialer's contracts (designs/crm-softphone.md §2.2, §4.4, §5): a session snapshots the agent's visible
 * leads matching the leads list's filters into a queue; `next` claims the next lead atomically (two agents never
 * call one lead); the calls themselves go through the phone routes. The same schemas serve the setup form.
 */

/** A session's queue holds at most this many leads (the first by next touch, then last call). */
export const DIAL_SESSION_MAX_ITEMS = 500;
/** How long a claimed lead stays reserved for its agent (§4.4). */
export const DIAL_CLAIM_MINUTES = 2;
/** GET /{id} answers the current item and this many after it. */
export const DIAL_SESSION_PREVIEW = 5;

export const dialSessionStatuses = ['ready', 'active', 'paused', 'finished'] as const;
export type DialSessionStatus = (typeof dialSessionStatuses)[number];
export const dialItemStates = ['queued', 'dialing', 'done', 'skipped'] as const;
export type DialItemState = (typeof dialItemStates)[number];

export const dialerMessages = {
  activeSessionExists: 'You already have a dial session in progress.',
  noLeads: 'No leads match these filters.',
  voicemailInvalid: 'The selected voicemail is invalid.',
  notActive: 'The dial session is not running.',
  notPaused: 'The dial session is not paused.',
  notReady: 'The dial session has already started.',
  finished: 'The dial session is finished.',
  nothingToSkip: 'No lead is being dialed.',
  noneAdded: 'None of the selected leads can be added to the dial session.',
} as const;

/** Why a queued lead was passed over (the item's skip_reason). */
export const dialSkipReasons = {
  agent: 'Skipped by agent',
  doNotCall: 'On the do-not-call list',
  badNumber: 'Bad number',
  noNumber: 'No phone number',
  callingHours: 'Outside calling hours',
  unavailable: 'Lead no longer available',
  calledSince: 'Called since the queue was made',
} as const;

const shape = leadListQuerySchema.shape;

/** The leads list's filters (the same fields and rules as GET /api/crm/leads), without paging and sort. */
export const dialSessionFiltersSchema = z
  .object({
    campaign_id: shape.campaign_id,
    status: shape.status,
    region_id: shape.region_id,
    industry_id: shape.industry_id,
    state: shape.state,
    manager_id: shape.manager_id,
    next_touch: shape.next_touch,
    next_touch_from: shape.next_touch_from,
    next_touch_to: shape.next_touch_to,
    q: shape.q,
  })
  .refine((query) => !query.next_touch_from || !query.next_touch_to || query.next_touch_from <= query.next_touch_to, {
    path: ['next_touch_to'],
    error: 'The next touch to must be a date after or equal to next touch from.',
  });
export type DialSessionFilters = z.output<typeof dialSessionFiltersSchema>;

/** Leads chosen by hand (the leads list's bulk action "Add to dial session"). */
export const dialLeadIdsSchema = z
  .array(z.number().int().positive().max(2_147_483_647))
  .min(1)
  .max(DIAL_SESSION_MAX_ITEMS);

/**
 * POST /api/crm/dialer/sessions. wrap_up_seconds absent or null takes the CRM setting. lead_ids, when given, is the
 * queue (the visible ones among them, in the §4.4 order) instead of the filters and due_only.
 */
export const dialSessionCreateSchema = z.object({
  filters: dialSessionFiltersSchema.default({}),
  lead_ids: dialLeadIdsSchema.optional(),
  due_only: z.boolean().default(true),
  voicemail_id: z.preprocess(
    (value) => (value === '' || value === 0 ? null : value),
    z.number().int().positive().max(2_147_483_647).nullable().optional(),
  ),
  wrap_up_seconds: z.number().int().min(0).max(WRAP_UP_SECONDS_MAX).nullable().optional(),
});
export type DialSessionCreateInput = z.input<typeof dialSessionCreateSchema>;
export type DialSessionCreate = z.output<typeof dialSessionCreateSchema>;

/** POST /api/crm/dialer/sessions/{id}/items: visible leads not yet in the queue join its end (up to the cap). */
export const dialSessionAddSchema = z.object({ lead_ids: dialLeadIdsSchema });
export type DialSessionAdd = z.output<typeof dialSessionAddSchema>;

export const dialItemSchema = z.object({
  position: z.number().int(),
  lead_id: z.number().int(),
  state: z.enum(dialItemStates),
  skip_reason: z.string().nullable(),
  call_id: z.number().int().nullable(),
  company_name: z.string(),
  contact_name: z.string(),
  phone: z.string().nullable(),
  lead_state: z.string().nullable(),
  next_touch: z.string().nullable(),
});
export type DialItem = z.infer<typeof dialItemSchema>;

export const dialStatsSchema = z.object({
  dials: z.number().int(),
  connects: z.number().int(),
  voicemails: z.number().int(),
  appointments: z.number().int(),
  talk_seconds: z.number().int(),
  dials_per_hour: z.number(),
});
export type DialStats = z.infer<typeof dialStatsSchema>;

/** GET /api/crm/dialer/sessions/{id}, every action's answer and the DialerUpdated payload. */
export const dialSessionSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  status: z.enum(dialSessionStatuses),
  filters: z.record(z.string(), z.unknown()),
  due_only: z.boolean(),
  voicemail_id: z.number().int().nullable(),
  wrap_up_seconds: z.number().int(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  counts: z.object({
    total: z.number().int(),
    queued: z.number().int(),
    done: z.number().int(),
    skipped: z.number().int(),
  }),
  stats: dialStatsSchema,
  current: dialItemSchema.nullable(),
  upcoming: z.array(dialItemSchema),
});
export type DialSession = z.infer<typeof dialSessionSchema>;

/** POST /{id}/next: the claimed item and its lead (null when none is free now), finished when the queue is empty. */
export const dialNextSchema = z.object({
  session: dialSessionSchema,
  item: dialItemSchema.nullable(),
  lead: leadSchema.nullable(),
  finished: z.boolean(),
});
export type DialNext = z.infer<typeof dialNextSchema>;

/** Dials per hour of a session that has run `seconds` (at least a minute, so the first dial does not read 3,600). */
export function dialsPerHour(dials: number, seconds: number): number {
  if (dials === 0) return 0;
  const hours = Math.max(seconds, 60) / 3600;
  return Math.round((dials / hours) * 10) / 10;
}
