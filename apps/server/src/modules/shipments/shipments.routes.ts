import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppInstance } from '../../app-instance.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { registerJob } from '../../plugins/jobs.ts';
import {
  announceProcurement,
  applyTracker,
  pruneTrackingEvents,
  refreshOpenShipments,
  trackingEventLifetimeDays,
} from './shipments.service.ts';
import { shipments } from './shipments.table.ts';
import { trackerSchema } from './tracker-client.ts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';

// Shipment tracking (decision 0048): the refresh job and the tracker's webhook, POST /api/webhooks/tracking. The webhook
// is public: only a body signed with TRACKING_WEBHOOK_SECRET (EasyPost's X-Hmac-Signature, HMAC-SHA256 of the raw
// body) is read, compared in constant time; anything else changes nothing. Each event is taken once, by its id, and
// one older than the shipment's last tracker state changes nothing (issue 25): both are answered 200, since the
// sender retries anything else.

export const refreshTrackingJob = 'shipments.refresh-tracking';
export const webhookMessages = {
  signature: 'Invalid signature.',
  body: 'Invalid tracker event.',
  updated: 'Tracker updated.',
  unknown: 'Unknown tracker.',
  replayed: 'Event already processed.',
  stale: "Event older than the shipment's last update.",
} as const;

const signaturePrefix = 'hmac-sha256-hex=';
// Larger than any tracker's history, small enough that nobody streams megabytes at a public route.
const webhookBodyLimit = 256 * 1024;

/** EasyPost's signature of a webhook body: the secret NFKD-normalised, HMAC-SHA256, hex, behind the prefix. */
export function signTrackingWebhook(secret: string, body: Buffer | string): string {
  return signaturePrefix + createHmac('sha256', secret.normalize('NFKD')).update(body).digest('hex');
}

/** Whether `header` is the body's signature; compared in constant time. */
export function verifyTrackingSignature(secret: string, body: Buffer, header: unknown): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(signTrackingWebhook(secret, body));
  const given = Buffer.from(header.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const eventTime = z.iso.datetime({ offset: true }).transform((value) => new Date(value));

// An EasyPost event: its id (evt_...) and time, and, for tracker.created / tracker.updated, the tracker as `result`.
const trackerEventSchema = z.object({
  id: z.string().min(1).max(200),
  created_at: eventTime,
  description: z.string().optional(),
  result: trackerSchema,
});

export async function shipmentRoutes(app: AppInstance): Promise<void> {
  if (app.config.trackingApiKey) {
    const minutes = app.config.trackingRefreshMinutes;
    registerJob(app, refreshTrackingJob, `*/${minutes} * * * *`, async (jobApp) => {
      await refreshOpenShipments(jobApp);
    });
  }

  // Its own scope: the raw body is kept for the signature, for this route only.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: webhookBodyLimit },
      (_r, body, done) => done(null, body),
    );
    scope.post('/webhooks/tracking', { bodyLimit: webhookBodyLimit, config: { public: true } }, async (request) => {
      const secret = scope.config.trackingWebhookSecret;
      if (!secret) throw notFound();
      const raw = request.body;
      if (!Buffer.isBuffer(raw) || !verifyTrackingSignature(secret, raw, request.headers['x-hmac-signature'])) {
        throw new HttpError(401, webhookMessages.signature);
      }
      let event;
      try {
        event = trackerEventSchema.parse(JSON.parse(raw.toString('utf8')));
      } catch {
        throw new HttpError(400, webhookMessages.body);
      }
      // Past its lifetime its id may have been forgotten: too old to count, whatever it says.
      if (Date.now() - event.created_at.getTime() > trackingEventLifetimeDays * 86_400_000)
        return { message: webhookMessages.stale };
      const [shipment] = await scope.db
        .select({ id: shipments.id })
        .from(shipments)
        .where(eq(shipments.trackerId, event.result.id));
      // Answered 200 all the same: the sender has nothing to retry.
      if (!shipment) return { message: webhookMessages.unknown };
      const applied = await applyTracker(scope.db, shipment.id, event.result, {
        at: event.created_at,
        eventId: event.id,
      });
      // Ids past their lifetime go now and then, off most requests.
      if (Math.random() < 0.01) await pruneTrackingEvents(scope.db);
      if (applied.outcome === 'replayed') return { message: webhookMessages.replayed };
      if (applied.outcome === 'stale') return { message: webhookMessages.stale };
      if (applied.projectId !== null) announceProcurement(scope, applied.projectId);
      return { message: webhookMessages.updated };
    });
  });
}
