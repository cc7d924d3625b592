import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the EasyPost-compatible tracker API (decision 0048), over real HTTP, for the server and browser
// tests: POST /trackers creates a tracker for a tracking code, GET /trackers/{id} reads it; both want the key as basic
// auth. A new tracker follows the default script (in transit, three events on two days) unless the test scripted its
// code; tests move a tracker on with update() and make the API fail with `failing`.

export interface FakeTrackingDetail {
  datetime: string;
  message: string;
  status_detail: string;
  tracking_location: { city: string; state: string };
}

export interface FakeTrackerRecord {
  id: string;
  object: 'Tracker';
  tracking_code: string;
  carrier: string | null;
  status: string;
  status_detail: string;
  tracking_details: FakeTrackingDetail[];
}

export interface FakeTracker {
  url: string;
  key: string;
  /** Every call received, in order. */
  calls: { method: string; path: string; authorized: boolean; body: unknown }[];
  trackers: Map<string, FakeTrackerRecord>;
  /** While true, every call answers 503. */
  failing: boolean;
  /** What a tracker created for this code says (instead of the default script). */
  script(trackingCode: string, state: Pick<FakeTrackerRecord, 'status' | 'status_detail' | 'tracking_details'>): void;
  /** Changes a tracker, as the carrier's scans would. */
  update(
    trackerId: string,
    change: Partial<Pick<FakeTrackerRecord, 'status' | 'status_detail'>>,
    add?: FakeTrackingDetail[],
  ): FakeTrackerRecord;
  /** The tracker created for a tracking code, if any. */
  byCode(trackingCode: string): FakeTrackerRecord | undefined;
  close(): Promise<void>;
}

export const fakeTrackerKey = 'EZTK-fake-tracker-key';

export const defaultTrackingDetails = (): FakeTrackingDetail[] => [
  {
    datetime: '2026-11-20T15:04:00Z',
    message: 'Shipping label created',
    status_detail: 'label_created',
    tracking_location: { city: 'Memphis', state: 'TN' },
  },
  {
    datetime: '2026-11-21T09:30:00Z',
    message: 'Arrived at facility',
    status_detail: 'arrived_at_facility',
    tracking_location: { city: 'Louisville', state: 'KY' },
  },
  {
    datetime: '2026-11-21T18:45:00Z',
    message: 'Departed facility',
    status_detail: 'departed_facility',
    tracking_location: { city: 'Louisville', state: 'KY' },
  },
];

export async function startFakeTracker(key = fakeTrackerKey): Promise<FakeTracker> {
  const scripts = new Map<string, Pick<FakeTrackerRecord, 'status' | 'status_detail' | 'tracking_details'>>();
  let count = 0;
  const fake: Omit<FakeTracker, 'url' | 'close'> = {
    key,
    calls: [],
    trackers: new Map(),
    failing: false,
    script(trackingCode, state) {
      scripts.set(trackingCode, state);
    },
    update(trackerId, change, add = []) {
      const tracker = fake.trackers.get(trackerId);
      if (!tracker) throw new Error(`fake tracker: no tracker ${trackerId}`);
      Object.assign(tracker, change);
      tracker.tracking_details.push(...add);
      return tracker;
    },
    byCode(trackingCode) {
      return [...fake.trackers.values()].find((tracker) => tracker.tracking_code === trackingCode);
    },
  };
  const expectedAuth = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const authorized = request.headers.authorization === expectedAuth;
    fake.calls.push({ method: request.method ?? '', path, authorized, body });
    if (fake.failing) return answer(response, 503, { error: { code: 'SERVICE_UNAVAILABLE' } });
    if (!authorized) return answer(response, 401, { error: { code: 'APIKEY.INVALID' } });

    if (request.method === 'POST' && path === '/trackers') {
      const input = (body as { tracker?: { tracking_code?: unknown; carrier?: unknown } } | null)?.tracker;
      if (typeof input?.tracking_code !== 'string' || input.tracking_code === '') {
        return answer(response, 422, { error: { code: 'TRACKER.TRACKING_CODE.INVALID' } });
      }
      const existing = fake.byCode(input.tracking_code);
      if (existing) return answer(response, 200, existing);
      count += 1;
      const scripted = scripts.get(input.tracking_code);
      const tracker: FakeTrackerRecord = {
        id: `trk_fake${String(count).padStart(4, '0')}`,
        object: 'Tracker',
        tracking_code: input.tracking_code,
        carrier: typeof input.carrier === 'string' ? input.carrier : null,
        status: scripted?.status ?? 'in_transit',
        status_detail: scripted?.status_detail ?? 'departed_facility',
        tracking_details: structuredClone(scripted?.tracking_details ?? defaultTrackingDetails()),
      };
      fake.trackers.set(tracker.id, tracker);
      return answer(response, 201, tracker);
    }
    const match = /^\/trackers\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && match) {
      const tracker = fake.trackers.get(decodeURIComponent(match[1]!));
      return tracker ? answer(response, 200, tracker) : answer(response, 404, { error: { code: 'NOT_FOUND' } });
    }
    return answer(response, 404, { error: { code: 'NOT_FOUND' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
