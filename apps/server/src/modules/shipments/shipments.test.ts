import { procurementSchema, projectChannel } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTracker, type FakeTracker } from '../../../test/fake-tracker.ts';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { createTestProject, projectDetail } from '../../../test/projects.ts';
import { connectSocket, listenForSockets, nextEvent, subscribe } from '../../../test/realtime.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { runJob } from '../../plugins/jobs.ts';
import { companies } from '../companies/companies.table.ts';
import { refreshTrackingJob, signTrackingWebhook } from './shipments.routes.ts';
import { shipmentHistory, shipments, trackingWebhookEvents } from './shipments.table.ts';

// Issue 18 part 9: Procurement (order 8), spec 3 §2, §3 Procurement, §7 'Procurement', §9 carriers; decision 0048.
// By hand without a tracker key; with one, against a local fake of the tracker API over HTTP: the save creates
// trackers, the job refreshes open shipments, the signed webhook updates one.

const webhookSecret = 'whsec-test-secret';
let fake: FakeTracker;
let manual: TestContext;
let tracked: TestContext;

interface Actors {
  token: string;
  clientToken: string;
  otherClientToken: string;
  companyId: number;
  coordinator: TestUser;
}

async function actorsOf(ctx: TestContext): Promise<Actors> {
  const coordinator = await createUser(ctx.db, { name: 'Cora Coordinator' });
  const [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Parcel Dental' }).returning();
  const client = await createUser(ctx.db, { type: 'Client', companyId });
  const otherClient = await createUser(ctx.db, { type: 'Client' });
  return {
    coordinator,
    companyId,
    token: (await login(ctx.app, coordinator.email, coordinator.password)).access_token,
    clientToken: (await login(ctx.app, client.email, client.password)).access_token,
    otherClientToken: (await login(ctx.app, otherClient.email, otherClient.password)).access_token,
  };
}

let hand: Actors;
let auto: Actors;

beforeAll(async () => {
  fake = await startFakeTracker();
  manual = await createTestContext();
  tracked = await createTestContext({
    config: { trackingApiUrl: fake.url, trackingApiKey: fake.key, trackingWebhookSecret: webhookSecret },
  });
  [hand, auto] = await Promise.all([actorsOf(manual), actorsOf(tracked)]);
});
afterAll(async () => {
  await Promise.all([manual?.close(), tracked?.close()]);
  await fake?.close();
});

const save = (ctx: TestContext, token: string, projectId: number, procurements: object[]) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/project/project_step',
    headers: bearer(token),
    payload: { step: 'Procurement', project_id: projectId, procurements },
  });
const createProject = (ctx: TestContext, actors: Actors, title: string) =>
  createTestProject(ctx.app, actors.token, {
    title,
    company_id: actors.companyId,
    coordinator_id: actors.coordinator.id,
  });
const procurementsOf = async (ctx: TestContext, token: string, projectId: number) => {
  const list = (await projectDetail(ctx.app, token, projectId)).procurements;
  for (const row of list) expectExactShape(procurementSchema, row);
  return list;
};
const withoutIds = <T extends { id: number; updated_at: string; history: { id: number }[] }>(rows: T[]) =>
  rows.map(({ id: _id, updated_at: _at, history, ...rest }) => ({
    ...rest,
    history: history.map(({ id: _hid, ...event }) => event),
  }));

describe('Procurement by hand (no tracker key)', () => {
  it('saves shipments with their status and history, answers them in order, and tells the viewers', async () => {
    const projectId = await createProject(manual, hand, 'Switch order');
    expect(await procurementsOf(manual, hand.token, projectId)).toEqual([]);
    const socket = await connectSocket(await listenForSockets(manual.app), hand.token);
    try {
      expect(await subscribe(socket, projectChannel(projectId))).toMatchObject({ ok: true });
      const heard = nextEvent(socket, 'ProcurementUpdated');
      const response = await save(manual, hand.token, projectId, [
        {
          carrier: 'UPS',
          tracking_number: ' 1Z999AA10123456784 ',
          status: 'in_transit',
          status_details: 'Departed facility',
          history: [
            { time: '2026-11-21T18:45:00Z', city: 'Louisville', state: 'KY', status_details: 'Departed facility' },
            { time: '2026-11-20T15:04:00Z', city: 'Memphis', state: 'TN', status_details: 'Label created' },
          ],
        },
        { carrier: 'Other', tracking_number: 'PALLET-7' },
      ]);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Procurement saved.' });
      expect((await heard)[0]).toEqual({ project_id: projectId, by: hand.coordinator.id });
    } finally {
      socket.close();
    }
    expect(withoutIds(await procurementsOf(manual, hand.token, projectId))).toEqual([
      {
        carrier: 'UPS',
        tracking_number: '1Z999AA10123456784',
        status: 'in_transit',
        status_details: 'Departed facility',
        tracked: false,
        history: [
          { time: '2026-11-20T15:04:00.000Z', city: 'Memphis', state: 'TN', status_details: 'Label created' },
          { time: '2026-11-21T18:45:00.000Z', city: 'Louisville', state: 'KY', status_details: 'Departed facility' },
        ],
      },
      {
        carrier: 'Other',
        tracking_number: 'PALLET-7',
        status: 'unknown',
        status_details: '',
        tracked: false,
        history: [],
      },
    ]);
  });

  it('replaces the list: a kept shipment keeps its id, its hand-entered history is the one sent; an empty list clears', async () => {
    const projectId = await createProject(manual, hand, 'Replace list');
    await save(manual, hand.token, projectId, [
      { carrier: 'FedEx', tracking_number: '7777', history: [{ time: '2026-11-01T10:00:00Z', status_details: 'A' }] },
      { carrier: 'USPS', tracking_number: '9400' },
    ]);
    const [first, second] = await procurementsOf(manual, hand.token, projectId);
    const again = await save(manual, hand.token, projectId, [
      {
        id: first!.id,
        carrier: 'FedEx',
        tracking_number: '7777',
        status: 'delivered',
        status_details: 'Left at front desk',
        history: [{ time: '2026-11-02T10:00:00Z', city: 'Austin', state: 'TX', status_details: 'Delivered' }],
      },
      { carrier: 'DHL Express', tracking_number: 'JD0146' },
    ]);
    expect(again.statusCode).toBe(200);
    const list = await procurementsOf(manual, hand.token, projectId);
    expect(list.map((row) => [row.carrier, row.status, row.history.map((event) => event.status_details)])).toEqual([
      ['FedEx', 'delivered', ['Delivered']],
      ['DHL Express', 'unknown', []],
    ]);
    expect(list[0]!.id).toBe(first!.id);
    expect(list.map((row) => row.id)).not.toContain(second!.id);
    expect(await manual.db.select().from(shipments).where(eq(shipments.id, second!.id))).toEqual([]);

    expect((await save(manual, hand.token, projectId, [])).statusCode).toBe(200);
    expect(await procurementsOf(manual, hand.token, projectId)).toEqual([]);
  });

  it('refuses a carrier off the fixed list, a missing tracking number, an unknown status and a repeated parcel', async () => {
    const projectId = await createProject(manual, hand, 'Bad rows');
    await save(manual, hand.token, projectId, [{ carrier: 'UPS', tracking_number: 'KEEP-1' }]);
    const bad = await save(manual, hand.token, projectId, [
      { carrier: 'DHL', tracking_number: 'A1' },
      { carrier: 'UPS', tracking_number: '  ' },
      { carrier: 'USPS', tracking_number: 'B2', status: 'lost_in_space' },
      { carrier: 'FedEx', tracking_number: 'C3', history: [{ time: 'yesterday' }] },
    ]);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: 'The given data was invalid.',
      errors: {
        'procurements.0.carrier': ['Choose a carrier from the list.'],
        'procurements.1.tracking_number': ['Enter the tracking number.'],
        'procurements.2.status': ['Choose a status from the list.'],
        'procurements.3.history.0.time': ['Enter the time of the event.'],
      },
    });
    const twice = await save(manual, hand.token, projectId, [
      { carrier: 'OnTrac', tracking_number: 'd4' },
      { carrier: 'UPS', tracking_number: 'D4' },
      { carrier: 'OnTrac', tracking_number: 'D4' },
    ]);
    expect(twice.json().errors).toEqual({
      'procurements.2.tracking_number': ['This tracking number is already on the list.'],
    });
    const long = await save(manual, hand.token, projectId, [{ carrier: 'UPS', tracking_number: 'X'.repeat(65) }]);
    expect(long.json().errors).toEqual({
      'procurements.0.tracking_number': ['Keep the tracking number to 64 characters.'],
    });
    const list = await procurementsOf(manual, hand.token, projectId);
    expect(list.map((row) => row.tracking_number)).toEqual(['KEEP-1']);
    // Every carrier of spec 3 §9 is accepted.
    const all = ['DHL Express', 'FedEx', 'OnTrac', 'UPS', 'USPS', 'Other'].map((carrier, index) => ({
      carrier,
      tracking_number: `N${index}`,
    }));
    expect((await save(manual, hand.token, projectId, all)).statusCode).toBe(200);
  });

  it('answers 404 for a project that does not exist; client accounts cannot save and see only their own company', async () => {
    expect((await save(manual, hand.token, 999_999, [])).statusCode).toBe(404);
    const projectId = await createProject(manual, hand, 'Client view');
    await save(manual, hand.token, projectId, [{ carrier: 'UPS', tracking_number: 'CLIENT-1' }]);
    const refused = await save(manual, hand.clientToken, projectId, []);
    expect(refused.statusCode).toBe(403);
    const seen = await procurementsOf(manual, hand.clientToken, projectId);
    expect(seen.map((row) => row.tracking_number)).toEqual(['CLIENT-1']);
    const other = await manual.app.inject({
      method: 'GET',
      url: `/api/project/${projectId}`,
      headers: bearer(hand.otherClientToken),
    });
    expect(other.statusCode).toBe(404);
  });

  it('has no webhook without a secret and no refresh job without a key', async () => {
    const response = await manual.app.inject({ method: 'POST', url: '/api/webhooks/tracking', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(manual.app.jobs.registered.has(refreshTrackingJob)).toBe(false);
  });
});

describe('Procurement with the tracker API', () => {
  it('creates a tracker for a new shipment and shows its status and history instead of the hand-entered ones', async () => {
    const projectId = await createProject(tracked, auto, 'Tracked order');
    const before = fake.calls.length;
    const response = await save(tracked, auto.token, projectId, [
      { carrier: 'DHL Express', tracking_number: 'TRACK-1001', status: 'delivered', status_details: 'typed' },
    ]);
    expect(response.statusCode).toBe(200);
    const created = fake.calls.slice(before);
    expect(created).toEqual([
      {
        method: 'POST',
        path: '/trackers',
        authorized: true,
        body: { tracker: { tracking_code: 'TRACK-1001', carrier: 'DHLExpress' } },
      },
    ]);
    const [shipment] = await procurementsOf(tracked, auto.token, projectId);
    expect(withoutIds([shipment!])).toEqual([
      {
        carrier: 'DHL Express',
        tracking_number: 'TRACK-1001',
        status: 'in_transit',
        status_details: 'Departed facility',
        tracked: true,
        history: [
          { time: '2026-11-20T15:04:00.000Z', city: 'Memphis', state: 'TN', status_details: 'Shipping label created' },
          { time: '2026-11-21T09:30:00.000Z', city: 'Louisville', state: 'KY', status_details: 'Arrived at facility' },
          { time: '2026-11-21T18:45:00.000Z', city: 'Louisville', state: 'KY', status_details: 'Departed facility' },
        ],
      },
    ]);

    // Saved again as shown (with a typed status): the tracker keeps the shipment; nothing is created twice.
    const calls = fake.calls.length;
    const again = await save(tracked, auto.token, projectId, [
      { ...shipment, status: 'cancelled', history: [], tracked: undefined, updated_at: undefined },
    ]);
    expect(again.statusCode).toBe(200);
    expect(fake.calls.length).toBe(calls);
    const [kept] = await procurementsOf(tracked, auto.token, projectId);
    expect(kept).toMatchObject({ id: shipment!.id, status: 'in_transit', tracked: true });
    expect(kept!.history).toHaveLength(3);
  });

  it('refreshes open shipments in the job: new events once, delivered ones left alone', async () => {
    const projectId = await createProject(tracked, auto, 'Refresh job');
    await save(tracked, auto.token, projectId, [{ carrier: 'UPS', tracking_number: 'JOB-2002' }]);
    const tracker = fake.byCode('JOB-2002')!;
    fake.update(tracker.id, { status: 'delivered', status_detail: 'arrived_at_destination' }, [
      {
        datetime: '2026-11-22T14:10:00Z',
        message: 'Delivered, front desk',
        status_detail: 'arrived_at_destination',
        tracking_location: { city: 'Austin', state: 'TX' },
      },
    ]);
    // Checked just now by the save: the job waits for its turn unless the check is old.
    await tracked.db.update(shipments).set({ checkedAt: new Date(Date.now() - 3_600_000) });
    await runJob(tracked.app, refreshTrackingJob);
    const [shipment] = await procurementsOf(tracked, auto.token, projectId);
    expect(shipment).toMatchObject({ status: 'delivered', status_details: 'Delivered, front desk' });
    expect(shipment!.history.map((event) => event.status_details)).toEqual([
      'Shipping label created',
      'Arrived at facility',
      'Departed facility',
      'Delivered, front desk',
    ]);

    // A delivered shipment is not read again; reading the same tracker twice adds nothing.
    await tracked.db.update(shipments).set({ checkedAt: new Date(Date.now() - 3_600_000) });
    const calls = fake.calls.filter((call) => call.path === `/trackers/${tracker.id}`).length;
    await runJob(tracked.app, refreshTrackingJob);
    expect(fake.calls.filter((call) => call.path === `/trackers/${tracker.id}`).length).toBe(calls);
    const rows = await tracked.db.select().from(shipmentHistory).where(eq(shipmentHistory.shipmentId, shipment!.id));
    expect(rows).toHaveLength(4);
  });

  it('saves when the tracker is down; the job attaches the tracker later', async () => {
    const projectId = await createProject(tracked, auto, 'Tracker down');
    fake.failing = true;
    try {
      const response = await save(tracked, auto.token, projectId, [
        {
          carrier: 'FedEx',
          tracking_number: 'DOWN-3003',
          status: 'pre_transit',
          history: [{ time: '2026-11-19T08:00:00Z', city: 'Reno', state: 'NV', status_details: 'Typed by hand' }],
        },
      ]);
      expect(response.statusCode).toBe(200);
    } finally {
      fake.failing = false;
    }
    const [waiting] = await procurementsOf(tracked, auto.token, projectId);
    expect(waiting).toMatchObject({ status: 'pre_transit', tracked: false });
    expect(waiting!.history.map((event) => event.status_details)).toEqual(['Typed by hand']);

    await tracked.db.update(shipments).set({ checkedAt: null }).where(eq(shipments.id, waiting!.id));
    await runJob(tracked.app, refreshTrackingJob);
    const [attached] = await procurementsOf(tracked, auto.token, projectId);
    expect(attached).toMatchObject({ id: waiting!.id, status: 'in_transit', tracked: true });
    // The tracker's history replaces the hand-entered one.
    expect(attached!.history.map((event) => event.status_details)).toEqual([
      'Shipping label created',
      'Arrived at facility',
      'Departed facility',
    ]);
  });

  it('takes a webhook signed with the secret and refuses a bad or missing signature', async () => {
    const projectId = await createProject(tracked, auto, 'Webhook');
    await save(tracked, auto.token, projectId, [{ carrier: 'USPS', tracking_number: 'HOOK-4004' }]);
    const tracker = fake.byCode('HOOK-4004')!;
    const event = {
      id: 'evt_hook4004a',
      object: 'Event',
      description: 'tracker.updated',
      created_at: new Date().toISOString(),
      result: {
        ...tracker,
        status: 'out_for_delivery',
        tracking_details: [
          ...tracker.tracking_details,
          {
            datetime: '2026-11-22T07:15:00Z',
            message: 'Out for delivery',
            status_detail: 'out_for_delivery',
            tracking_location: { city: 'Austin', state: 'TX' },
          },
        ],
      },
    };
    const body = JSON.stringify(event);
    const post = (headers: Record<string, string>, payload = body) =>
      tracked.app.inject({
        method: 'POST',
        url: '/api/webhooks/tracking',
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      });

    const forged = await post({ 'x-hmac-signature': signTrackingWebhook('not-the-secret', body) });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: 'Invalid signature.' });
    expect((await post({})).statusCode).toBe(401);
    // Signed, then changed on the way.
    const tampered = await post(
      { 'x-hmac-signature': signTrackingWebhook(webhookSecret, body) },
      body.replace('out_for_delivery', 'delivered'),
    );
    expect(tampered.statusCode).toBe(401);
    expect((await procurementsOf(tracked, auto.token, projectId))[0]).toMatchObject({ status: 'in_transit' });

    const socket = await connectSocket(await listenForSockets(tracked.app), auto.token);
    try {
      expect(await subscribe(socket, projectChannel(projectId))).toMatchObject({ ok: true });
      const heard = nextEvent(socket, 'ProcurementUpdated');
      const good = await post({ 'x-hmac-signature': signTrackingWebhook(webhookSecret, body) });
      expect(good.statusCode).toBe(200);
      expect(good.json()).toEqual({ message: 'Tracker updated.' });
      expect((await heard)[0]).toEqual({ project_id: projectId, by: null });
    } finally {
      socket.close();
    }
    const [shipment] = await procurementsOf(tracked, auto.token, projectId);
    expect(shipment).toMatchObject({ status: 'out_for_delivery', status_details: 'Out for delivery' });
    expect(shipment!.history).toHaveLength(4);

    // The same event again changes nothing; an unknown tracker is acknowledged and ignored.
    const again = await post({ 'x-hmac-signature': signTrackingWebhook(webhookSecret, body) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'Event already processed.' });
    expect((await procurementsOf(tracked, auto.token, projectId))[0]!.history).toHaveLength(4);
    const stranger = JSON.stringify({ ...event, id: 'evt_hook4004b', result: { ...event.result, id: 'trk_unknown' } });
    const unknown = await post({ 'x-hmac-signature': signTrackingWebhook(webhookSecret, stranger) }, stranger);
    expect(unknown.json()).toEqual({ message: 'Unknown tracker.' });
  });

  it('takes each signed event once and never moves a shipment back with a replayed or older event', async () => {
    const projectId = await createProject(tracked, auto, 'Replayed webhook');
    await save(tracked, auto.token, projectId, [{ carrier: 'UPS', tracking_number: 'REPLAY-5005' }]);
    const tracker = fake.byCode('REPLAY-5005')!;
    const start = Date.now();
    const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
    const detail = (datetime: string, message: string, status: string) => ({
      datetime,
      message,
      status_detail: status,
      tracking_location: { city: 'Austin', state: 'TX' },
    });
    const eventOf = (id: string, createdAt: string, status: string, details: object[]) =>
      JSON.stringify({
        id,
        object: 'Event',
        description: 'tracker.updated',
        created_at: createdAt,
        result: { ...tracker, status, tracking_details: [...tracker.tracking_details, ...details] },
      });
    const post = (body: string) =>
      tracked.app.inject({
        method: 'POST',
        url: '/api/webhooks/tracking',
        headers: { 'content-type': 'application/json', 'x-hmac-signature': signTrackingWebhook(webhookSecret, body) },
        payload: body,
      });
    const statusNow = async () => (await procurementsOf(tracked, auto.token, projectId))[0]!;

    const inTransit = eventOf('evt_replay_1', at(1), 'in_transit', [
      detail(at(1), 'Arrived at the regional hub', 'arrived_at_facility'),
    ]);
    const delivered = eventOf('evt_replay_2', at(2), 'delivered', [
      detail(at(1), 'Arrived at the regional hub', 'arrived_at_facility'),
      detail(at(2), 'Delivered, front desk', 'arrived_at_destination'),
    ]);
    expect((await post(inTransit)).json()).toEqual({ message: 'Tracker updated.' });
    expect((await post(delivered)).json()).toEqual({ message: 'Tracker updated.' });
    expect(await statusNow()).toMatchObject({ status: 'delivered', status_details: 'Delivered, front desk' });

    // The in-transit event sent again, as an attacker who kept it would: acknowledged, nothing done.
    const replayed = await post(inTransit);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toEqual({ message: 'Event already processed.' });
    expect(await statusNow()).toMatchObject({ status: 'delivered', status_details: 'Delivered, front desk' });

    // Another event, older than the one applied last (a late delivery), changes nothing either.
    const late = await post(
      eventOf('evt_replay_3', at(1.5), 'out_for_delivery', [detail(at(1.5), 'Out for delivery', 'out_for_delivery')]),
    );
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual({ message: "Event older than the shipment's last update." });
    expect(await statusNow()).toMatchObject({ status: 'delivered', status_details: 'Delivered, front desk' });
    // Nor does one older than the lifetime of kept ids.
    const ancient = await post(
      eventOf('evt_replay_4', new Date(start - 40 * 86_400_000).toISOString(), 'in_transit', []),
    );
    expect(ancient.json()).toEqual({ message: "Event older than the shipment's last update." });
    expect(await statusNow()).toMatchObject({ status: 'delivered' });

    // A newer event still applies (a return after delivery).
    const returned = await post(
      eventOf('evt_replay_5', at(3), 'return_to_sender', [detail(at(3), 'Returned to sender', 'return')]),
    );
    expect(returned.json()).toEqual({ message: 'Tracker updated.' });
    expect(await statusNow()).toMatchObject({ status: 'return_to_sender', status_details: 'Returned to sender' });

    // An event without its id or time cannot be taken once: refused.
    for (const body of [
      JSON.stringify({ created_at: at(4), result: tracker }),
      JSON.stringify({ id: 'evt_replay_6', result: tracker }),
    ]) {
      const refused = await post(body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: 'Invalid tracker event.' });
    }
    const kept = await tracked.db.select().from(trackingWebhookEvents);
    expect(kept.map((row) => row.eventId).filter((id) => id.startsWith('evt_replay'))).toEqual(
      expect.arrayContaining(['evt_replay_1', 'evt_replay_2', 'evt_replay_3', 'evt_replay_5']),
    );
  });

  it('takes one of two deliveries of the same event at once', async () => {
    const projectId = await createProject(tracked, auto, 'Twice at once');
    await save(tracked, auto.token, projectId, [{ carrier: 'UPS', tracking_number: 'TWICE-6006' }]);
    const tracker = fake.byCode('TWICE-6006')!;
    const body = JSON.stringify({
      id: 'evt_twice',
      object: 'Event',
      description: 'tracker.updated',
      created_at: new Date(Date.now() + 60_000).toISOString(),
      result: { ...tracker, status: 'delivered' },
    });
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        tracked.app.inject({
          method: 'POST',
          url: '/api/webhooks/tracking',
          headers: { 'content-type': 'application/json', 'x-hmac-signature': signTrackingWebhook(webhookSecret, body) },
          payload: body,
        }),
      ),
    );
    expect(answers.map((answer) => answer.json().message).sort()).toEqual([
      'Event already processed.',
      'Event already processed.',
      'Tracker updated.',
    ]);
  });
});
