import { finalShipmentStatuses, shipmentStatuses, type ProcurementInput } from '@switchboard/shared';
import { and, asc, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { AppInstance } from '../../app-instance.ts';
import type { Config } from '../../config.ts';
import type { Db, Transaction } from '../../db/client.ts';
import { isoText } from '../../db/json-sql.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import { emitProjectEvent } from '../../plugins/project-channel.ts';
import type { TicketActor } from '../tickets/ticket-access.ts';
import { shipmentHistory, shipments, trackingWebhookEvents } from './shipments.table.ts';
import { createTracker, getTracker, type Tracker, type TrackerSettings } from './tracker-client.ts';

// Procurement's shipments (spec 3 §2, §3 Procurement, §7; decision 0048): the panel's list replaces the project's in
// one transaction; the tracker API (when configured) then keeps each shipment's status and history, through the save,
// the refresh job and the webhook. A tracker that fails or is slow never fails a save: the job tries again.

/** Tracker settings from the config, or null when no key is set (status and history are then entered by hand). */
export function trackerSettings(config: Pick<Config, 'trackingApiUrl' | 'trackingApiKey'>): TrackerSettings | null {
  return config.trackingApiKey ? { url: config.trackingApiUrl, key: config.trackingApiKey } : null;
}

const knownStatuses = new Set<string>(shipmentStatuses.map((status) => status.value));
const finalStatuses = [...finalShipmentStatuses];

/** 'arrived_at_facility' → 'Arrived at facility': a tracker's code when it sends no message. */
const humanize = (code: string) => {
  const words = code.replace(/_/g, ' ').trim();
  return words === '' ? '' : words[0]!.toUpperCase() + words.slice(1);
};

/**
 * Locks the project's row until the transaction ends; false when there is no such project. The projects module passes
 * it in: shipments sit below projects (ARCHITECTURE.md, module layers).
 */
export type LockProject = (tx: Transaction, projectId: number) => Promise<boolean>;

/**
 * Replaces the project's shipments with the list sent. A kept shipment (its id, same carrier and number) keeps its
 * tracker; a changed carrier or number is another parcel, so its tracker and history go. Status and history sent
 * count only for shipments without a tracker. Answers the shipments that still need one.
 */
export async function saveProcurements(
  db: Db,
  input: ProcurementInput,
  actor: Pick<TicketActor, 'id' | 'type'>,
  lockProject: LockProject,
): Promise<{ projectId: number; untracked: number[] }> {
  if (actor.type !== 'Employee') throw forbidden();
  const projectId = input.project_id;
  return db.transaction(async (tx) => {
    // Locks the project, so two saves of its list run one after the other.
    if (!(await lockProject(tx, projectId))) throw notFound();
    const saved = await tx.select().from(shipments).where(eq(shipments.projectId, projectId));
    const savedById = new Map(saved.map((row) => [row.id, row]));
    const kept = new Set<number>();
    const now = new Date();
    const manual: { id: number; history: ProcurementInput['procurements'][number]['history'] }[] = [];
    const fresh: number[] = [];

    for (const [position, row] of input.procurements.entries()) {
      const before = row.id !== null && !kept.has(row.id) ? savedById.get(row.id) : undefined;
      if (before) {
        kept.add(before.id);
        const sameParcel = before.carrier === row.carrier && before.trackingNumber === row.tracking_number;
        const tracked = sameParcel && before.trackerId !== null;
        await tx
          .update(shipments)
          .set({
            position,
            carrier: row.carrier,
            trackingNumber: row.tracking_number,
            ...(tracked
              ? {}
              : { status: row.status, statusDetails: row.status_details, trackerId: null, checkedAt: null }),
            updatedAt: now,
          })
          .where(eq(shipments.id, before.id));
        if (!tracked) manual.push({ id: before.id, history: row.history });
        continue;
      }
      const [created] = await tx
        .insert(shipments)
        .values({
          projectId,
          position,
          carrier: row.carrier,
          trackingNumber: row.tracking_number,
          status: row.status,
          statusDetails: row.status_details,
          createdBy: actor.id,
        })
        .returning({ id: shipments.id });
      manual.push({ id: created!.id, history: row.history });
      fresh.push(created!.id);
    }

    const dropped = saved.filter((row) => !kept.has(row.id)).map((row) => row.id);
    if (dropped.length > 0) await tx.delete(shipments).where(inArray(shipments.id, dropped));
    // Hand-entered history is the list as sent.
    const replaced = manual.map((row) => row.id).filter((id) => !fresh.includes(id));
    if (replaced.length > 0) await tx.delete(shipmentHistory).where(inArray(shipmentHistory.shipmentId, replaced));
    const events = manual.flatMap((row) =>
      row.history.map((event) => ({
        shipmentId: row.id,
        time: new Date(event.time),
        city: event.city,
        state: event.state,
        statusDetails: event.status_details,
      })),
    );
    if (events.length > 0) await tx.insert(shipmentHistory).values(events).onConflictDoNothing();
    return { projectId, untracked: manual.map((row) => row.id) };
  });
}

/** How new a tracker state is, by the tracker's clock: a webhook event's time, else the tracker's updated_at. */
export interface TrackerStateSource {
  at: Date;
  /** The webhook event's id: each is taken once (tracking_webhook_events). */
  eventId?: string;
}

/** What became of a tracker state: written, or not (shipment gone, event already taken, older than the last one). */
export type TrackerOutcome =
  { outcome: 'applied'; projectId: number } | { outcome: 'gone' | 'replayed' | 'stale'; projectId: null };

/** A read tracker's own time (its updated_at), or now when it has none. */
export function trackerReadAt(tracker: Tracker): TrackerStateSource {
  const at = tracker.updated_at ? new Date(tracker.updated_at) : null;
  return { at: at && !Number.isNaN(at.getTime()) ? at : new Date() };
}

/**
 * Writes what a tracker says onto its shipment: the tracker's id, status, details and any events not yet kept (one
 * per time and message, so the same tracker read twice adds nothing). The first tracker of a shipment replaces its
 * hand-entered history. A webhook event is taken once (its id is kept in the same transaction), and a state older
 * than the one last written for this tracker changes nothing, so a late or replayed event never moves a delivered
 * shipment back (issue 25).
 */
export async function applyTracker(
  db: Db,
  shipmentId: number,
  tracker: Tracker,
  source: TrackerStateSource = trackerReadAt(tracker),
): Promise<TrackerOutcome> {
  const details = (tracker.tracking_details ?? [])
    .map((detail) => ({ ...detail, at: new Date(detail.datetime) }))
    .filter((detail) => !Number.isNaN(detail.at.getTime()))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const latest = details.at(-1);
  const status = knownStatuses.has(tracker.status) ? tracker.status : 'unknown';
  const statusDetails = (
    latest?.message ||
    humanize(latest?.status_detail ?? '') ||
    humanize(tracker.status_detail)
  ).slice(0, 500);
  return db.transaction(async (tx): Promise<TrackerOutcome> => {
    if (source.eventId !== undefined) {
      // The primary key decides: of two deliveries of one event at once, the second waits and finds it taken.
      const [taken] = await tx
        .insert(trackingWebhookEvents)
        .values({ eventId: source.eventId, createdAt: source.at })
        .onConflictDoNothing()
        .returning({ eventId: trackingWebhookEvents.eventId });
      if (!taken) return { outcome: 'replayed', projectId: null };
    }
    const [before] = await tx
      .select({
        projectId: shipments.projectId,
        trackerId: shipments.trackerId,
        trackerUpdatedAt: shipments.trackerUpdatedAt,
      })
      .from(shipments)
      .where(eq(shipments.id, shipmentId))
      .for('update');
    if (!before) return { outcome: 'gone', projectId: null };
    // Only the same tracker's states compare: a new tracker (another parcel) starts afresh.
    const sameTracker = before.trackerId === tracker.id;
    if (sameTracker && before.trackerUpdatedAt && source.at < before.trackerUpdatedAt)
      return { outcome: 'stale', projectId: null };
    await tx
      .update(shipments)
      .set({
        trackerId: tracker.id,
        status,
        statusDetails,
        trackerUpdatedAt: source.at,
        checkedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(shipments.id, shipmentId));
    if (!sameTracker) await tx.delete(shipmentHistory).where(eq(shipmentHistory.shipmentId, shipmentId));
    const events = details.map((detail) => ({
      shipmentId,
      time: detail.at,
      city: (detail.tracking_location?.city ?? '').slice(0, 100),
      state: (detail.tracking_location?.state ?? '').slice(0, 100),
      statusDetails: (detail.message || humanize(detail.status_detail)).slice(0, 500),
    }));
    if (events.length > 0) await tx.insert(shipmentHistory).values(events).onConflictDoNothing();
    return { outcome: 'applied', projectId: before.projectId };
  });
}

/** How long a webhook event counts, and its id is kept: an older one is refused by its age alone. */
export const trackingEventLifetimeDays = 30;

/** Drops the ids of events past their lifetime (they are refused by age, so forgetting them lets nothing in). */
export async function pruneTrackingEvents(db: Db): Promise<void> {
  await db
    .delete(trackingWebhookEvents)
    .where(lt(trackingWebhookEvents.createdAt, sql`now() - make_interval(days => ${trackingEventLifetimeDays})`));
}

/**
 * Creates trackers for these shipments (a few at a time), each written back as it answers. A failure is logged and
 * left for the refresh job. Answers the projects whose shipments changed.
 */
export async function trackShipments(
  db: Db,
  settings: TrackerSettings,
  shipmentIds: readonly number[],
  log?: { warn(object: object, message: string): void },
): Promise<Set<number>> {
  const changed = new Set<number>();
  if (shipmentIds.length === 0) return changed;
  const rows = await db
    .select({
      id: shipments.id,
      carrier: shipments.carrier,
      trackingNumber: shipments.trackingNumber,
      trackerId: shipments.trackerId,
    })
    .from(shipments)
    .where(inArray(shipments.id, [...shipmentIds]));
  await eachLimited(rows, 4, async (row) => {
    try {
      const tracker = row.trackerId
        ? await getTracker(settings, row.trackerId)
        : await createTracker(settings, row.trackingNumber, row.carrier);
      const applied = await applyTracker(db, row.id, tracker);
      if (applied.outcome === 'applied') changed.add(applied.projectId);
    } catch (error) {
      log?.warn({ shipment: row.id, message: (error as Error).message }, 'shipment tracking failed');
      // Counted as checked, so one failing parcel does not hold the job's batch; it comes round again.
      await db.update(shipments).set({ checkedAt: new Date() }).where(eq(shipments.id, row.id));
    }
  });
  return changed;
}

/** The refresh job's batch: the open shipments (not delivered or cancelled) checked longest ago. */
export const refreshBatchSize = 100;

/**
 * Reads the tracker of the open shipments checked longest ago (never-checked first), at most one batch per run, and
 * tells each changed project's viewers. Shipments checked within the last `minutes` wait for a later run.
 */
export async function refreshOpenShipments(app: AppInstance): Promise<{ checked: number; projects: number[] }> {
  const settings = trackerSettings(app.config);
  if (!settings) return { checked: 0, projects: [] };
  const since = new Date(Date.now() - app.config.trackingRefreshMinutes * 60_000 + 30_000);
  const due = await app.db
    .select({ id: shipments.id })
    .from(shipments)
    .where(
      and(notInArray(shipments.status, finalStatuses), or(isNull(shipments.checkedAt), lt(shipments.checkedAt, since))),
    )
    .orderBy(sql`${shipments.checkedAt} asc nulls first`, asc(shipments.id))
    .limit(refreshBatchSize);
  const changed = await trackShipments(
    app.db,
    settings,
    due.map((row) => row.id),
    app.log,
  );
  for (const projectId of changed) announceProcurement(app, projectId);
  return { checked: due.length, projects: [...changed] };
}

/** ProcurementUpdated on project_{id} (spec 3 §7) for a change nobody in the app made (tracker job or webhook). */
export function announceProcurement(app: AppInstance, projectId: number): void {
  emitProjectEvent(app.realtime, projectId, 'ProcurementUpdated', { by: null });
}

/**
 * procurements of GET /api/project/{id} for the project `p`: the shipments in the panel's order, each with its history
 * by time, as the JSON array the project detail's statement selects.
 */
export const procurementsSql = sql`coalesce((select json_agg(json_build_object('id', s.id, 'carrier', s.carrier,
    'tracking_number', s.tracking_number, 'status', s.status, 'status_details', s.status_details,
    'tracked', s.tracker_id is not null, 'updated_at', ${isoText(sql`s.updated_at`)},
    'history', coalesce((select json_agg(json_build_object('id', h.id, 'time', ${isoText(sql`h.time`)}, 'city', h.city,
        'state', h.state, 'status_details', h.status_details) order by h.time, h.id)
      from shipment_history h where h.shipment_id = s.id), '[]')) order by s.position, s.id)
  from shipments s where s.project_id = p.id), '[]')`;

async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  });
  await Promise.all(workers);
}
