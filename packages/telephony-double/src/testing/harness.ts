// Test harness: a double on a loopback port whose webhooks are collected, verified with the official telnyx SDK.
import Telnyx from 'telnyx';
import { createTelephonyDouble, type TelephonyDouble, type TelephonyDoubleOptions } from '../double.ts';

export interface Delivered {
  body: string;
  headers: Record<string, string>;
  event: { data: { event_type: string; id: string; payload: Record<string, unknown> }; meta: { attempt: number } };
}

export interface Harness {
  double: TelephonyDouble;
  url: string;
  client: Telnyx;
  delivered: Delivered[];
  /** answers the status for a delivery; 200 unless a test changes it */
  status: (d: Delivered) => number;
  /** the verified events (2xx deliveries only) of one leg, in order */
  eventsOf: (callControlId: string) => string[];
  close: () => Promise<void>;
}

export async function until<T>(probe: () => T | null | undefined | false, what: string, timeoutMs = 20_000) {
  const started = Date.now();
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function startHarness(options: Partial<TelephonyDoubleOptions> = {}): Promise<Harness> {
  const delivered: Delivered[] = [];
  let client: Telnyx | null = null;
  const harness = {} as Harness;
  harness.status = () => 200;
  harness.delivered = delivered;
  const double = await createTelephonyDouble({
    apiKey: 'KEY-test',
    speed: 10,
    controlToken: 'control-test',
    deliver: async (body, headers) => {
      // every delivery must verify with the official SDK
      const event = (await client!.webhooks.unwrap(body, { headers })) as unknown as Delivered['event'];
      const d = { body, headers, event };
      const status = harness.status(d);
      if (status < 300) delivered.push(d);
      return status;
    },
    ...options,
  });
  const { url } = await double.listen();
  client = new Telnyx({
    apiKey: 'KEY-test',
    baseURL: `${url}/_telephony/v2`,
    publicKey: double.publicKey,
    maxRetries: 0,
  });
  Object.assign(harness, {
    double,
    url,
    client,
    eventsOf: (id: string) =>
      delivered.filter((d) => d.event.data.payload.call_control_id === id).map((d) => d.event.data.event_type),
    close: () => double.close(),
  });
  return harness;
}
