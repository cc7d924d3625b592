import type { Carrier } from '@switchboard/shared';
import { z } from 'zod';

// The EasyPost-compatible tracker API (decision 0048): POST {url}/trackers creates a tracker for a tracking code,
// GET {url}/trackers/{id} reads it. The key goes as HTTP basic auth (the key as user, no password), as EasyPost takes.

export interface TrackerSettings {
  url: string;
  key: string;
  /** Per call; a slow tracker never holds a save or a job run for long. */
  timeoutMs?: number;
}

export class TrackerError extends Error {}

const text = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

/** A tracking event of a tracker (EasyPost's tracking_details[]). */
export const trackerDetailSchema = z.object({
  datetime: z.string(),
  message: text,
  status_detail: text,
  tracking_location: z.object({ city: text, state: text }).nullish(),
});

/** The part of an EasyPost tracker the app reads. */
export const trackerSchema = z.object({
  id: z.string().min(1).max(200),
  status: text,
  status_detail: text,
  tracking_details: z.array(trackerDetailSchema).nullish(),
  /** When the tracker last changed, by the tracker's clock. */
  updated_at: z.string().nullish(),
});
export type Tracker = z.output<typeof trackerSchema>;

// EasyPost's carrier names; 'Other' lets the tracker recognise the carrier from the code.
const carrierCodes: Record<Carrier, string | null> = {
  'DHL Express': 'DHLExpress',
  FedEx: 'FedEx',
  OnTrac: 'OnTrac',
  UPS: 'UPS',
  USPS: 'USPS',
  Other: null,
};

export async function createTracker(settings: TrackerSettings, trackingCode: string, carrier: Carrier) {
  const code = carrierCodes[carrier];
  const tracker = { tracking_code: trackingCode, ...(code ? { carrier: code } : {}) };
  return callTracker(settings, 'POST', '/trackers', { tracker });
}

export async function getTracker(settings: TrackerSettings, trackerId: string) {
  return callTracker(settings, 'GET', `/trackers/${encodeURIComponent(trackerId)}`);
}

async function callTracker(settings: TrackerSettings, method: 'GET' | 'POST', path: string, body?: object) {
  let response: Response;
  try {
    response = await fetch(`${settings.url}${path}`, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${settings.key}:`).toString('base64')}`,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(settings.timeoutMs ?? 5000),
      redirect: 'error',
    });
  } catch (error) {
    throw new TrackerError(`tracker unreachable: ${(error as Error).message}`);
  }
  if (!response.ok) {
    // The answer's text may echo what was sent; only the status is kept.
    await response.body?.cancel();
    throw new TrackerError(`tracker answered ${response.status}`);
  }
  const parsed = trackerSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new TrackerError('tracker answered an unexpected body');
  return parsed.data;
}
