import { crmCalendarChangedEvent, crmCalendarChannel, crmLeadChannel } from '@switchboard/shared';
import {
  appointmentMessages,
  appointmentSavedSchema,
  appointmentResponseSchema,
  appointmentsResponseSchema,
  statusChangeRefusedMessage,
} from '@switchboard/shared/crm-appointments';
import { eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { connectSocket, listenForSockets, nextEvent, receivesWithin, subscribe } from '../../../test/realtime.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { crmAppointments } from './crm-appointments.table.ts';
import { crmLeads, crmSettings } from './crm.table.ts';

// The appointments API (designs/crm-softphone.md §4.11, §5): gates, the lead's visibility (404), 422 per field
// (end before start, unknown lead, assignee, status transitions, moving what is not scheduled), the lead's status
// and next touch following, the list by range and agent, and the live events on the lead's and calendar channels.

let ctx: TestContext;
let agent: TestUser;
let agentToken: string;
let other: TestUser;
let otherToken: string;
let boss: TestUser;
let bossToken: string;
let plainToken: string;
let clientToken: string;
const sockets: Socket[] = [];

const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

async function insertLead(values: Partial<typeof crmLeads.$inferInsert> & { companyName: string }) {
  const [row] = await ctx.db
    .insert(crmLeads)
    .values({ status: 1, ...values })
    .returning();
  return row!;
}

const body = (leadId: number, extra: object = {}) => ({
  lead_id: leadId,
  starts_at: '2026-12-01T15:00:00Z',
  ends_at: '2026-12-01T16:00:00Z',
  kind: 'onsite',
  location: '1 Main St',
  notes: 'Bring the proposal',
  ...extra,
});

beforeAll(async () => {
  ctx = await createTestContext();
  agent = await createUser(ctx.db, { permissions: ['view crm'] });
  other = await createUser(ctx.db, { permissions: ['view crm'] });
  boss = await createUser(ctx.db, { permissions: ['view crm', 'manage crm'] });
  const plain = await createUser(ctx.db, { permissions: [] });
  const client = await createUser(ctx.db, { type: 'Client', permissions: ['view crm'] });
  [agentToken, otherToken, bossToken, plainToken, clientToken] = await Promise.all(
    [agent, other, boss, plain, client].map(
      async (user) => (await login(ctx.app, user.email, user.password)).access_token,
    ),
  );
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await ctx.close();
});
beforeEach(async () => {
  await ctx.db.execute(sql`truncate crm_leads, crm_lead_counts restart identity cascade`);
  await ctx.db.update(crmSettings).set({ viewAllLeads: false }).where(eq(crmSettings.id, 1));
});

describe('gates', () => {
  it('asks for a session, staff and view crm', async () => {
    const lead = await insertLead({ companyName: 'Acme', managerId: agent.id });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/crm/appointments?from=2026-12-01&to=2026-12-31' })).statusCode,
    ).toBe(401);
    for (const token of [plainToken, clientToken]) {
      expect((await as(token, 'GET', '/crm/appointments?from=2026-12-01&to=2026-12-31')).statusCode).toBe(403);
      expect((await as(token, 'POST', '/crm/appointments', body(lead.id))).statusCode).toBe(403);
      expect((await as(token, 'PUT', '/crm/appointments/1', { status: 'held' })).statusCode).toBe(403);
      expect((await as(token, 'DELETE', '/crm/appointments/1')).statusCode).toBe(403);
    }
    expect(await ctx.db.select().from(crmAppointments)).toHaveLength(0);
  });
});

describe('create', () => {
  it('sets an appointment on a visible lead: the answer, the lead Appointment Set with the day as next touch', async () => {
    const lead = await insertLead({ companyName: 'Acme', firstName: 'Ann', lastName: 'Lee', managerId: agent.id });
    const response = await as(agentToken, 'POST', '/crm/appointments', body(lead.id));
    expect(response.statusCode).toBe(200);
    const answer = expectExactShape(appointmentSavedSchema, response.json());
    expect(answer.message).toBe(appointmentMessages.created);
    expect(answer.data).toMatchObject({
      lead_id: lead.id,
      company_name: 'Acme',
      contact_name: 'Ann Lee',
      set_by: { id: agent.id },
      assigned_to: { id: agent.id },
      starts_at: '2026-12-01T15:00:00.000Z',
      ends_at: '2026-12-01T16:00:00.000Z',
      kind: 'onsite',
      status: 'scheduled',
    });
    const [row] = await ctx.db.select().from(crmLeads).where(eq(crmLeads.id, lead.id));
    expect(row!.status).toBe(3);
    // The agent has no employee time zone: UTC.
    expect(row!.nextTouch).toBe('2026-12-01');
  });

  it('refuses end before start, an unknown lead, a bad kind and missing times with messages per field', async () => {
    const lead = await insertLead({ companyName: 'Acme', managerId: agent.id });
    const cases: [object, Record<string, string[]>][] = [
      [body(lead.id, { ends_at: '2026-12-01T14:30:00Z' }), { ends_at: [appointmentMessages.endsAfterStarts] }],
      [body(lead.id, { ends_at: '2026-12-01T15:00:00Z' }), { ends_at: [appointmentMessages.endsAfterStarts] }],
      [body(lead.id, { ends_at: '2026-12-03T15:00:00Z' }), { ends_at: [appointmentMessages.tooLong] }],
      [body(999_999), { lead_id: [appointmentMessages.leadInvalid] }],
      [body(lead.id, { kind: 'zoom' }), { kind: [appointmentMessages.kindInvalid] }],
      [
        { lead_id: lead.id },
        { starts_at: [appointmentMessages.startsRequired], ends_at: [appointmentMessages.endsRequired] },
      ],
      [body(lead.id, { starts_at: 'tomorrow' }), { starts_at: [appointmentMessages.startsInvalid] }],
      [{ ...body(lead.id), lead_id: undefined }, { lead_id: [appointmentMessages.leadRequired] }],
      [
        body(lead.id, { location: 'x'.repeat(201) }),
        { location: ['The location may not be greater than 200 characters.'] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await as(agentToken, 'POST', '/crm/appointments', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json()).toMatchObject({ message: 'The given data was invalid.', errors });
    }
    expect(await ctx.db.select().from(crmAppointments)).toHaveLength(0);
  });

  it("answers 404 for another agent's lead while view_all_leads is off, and lets it through when on", async () => {
    const lead = await insertLead({ companyName: 'Theirs', managerId: other.id });
    expect((await as(agentToken, 'POST', '/crm/appointments', body(lead.id))).statusCode).toBe(404);
    await ctx.db.update(crmSettings).set({ viewAllLeads: true }).where(eq(crmSettings.id, 1));
    expect((await as(agentToken, 'POST', '/crm/appointments', body(lead.id))).statusCode).toBe(200);
  });

  it('books for someone else only with view_all_leads or manage crm, and only an active employee', async () => {
    const lead = await insertLead({ companyName: 'Acme', managerId: agent.id });
    const refused = await as(agentToken, 'POST', '/crm/appointments', body(lead.id, { assigned_to: other.id }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ assigned_to: [appointmentMessages.assignSelfOnly] });
    const client = await createUser(ctx.db, { type: 'Client' });
    const notStaff = await as(bossToken, 'POST', '/crm/appointments', body(lead.id, { assigned_to: client.id }));
    expect(notStaff.json().errors).toEqual({ assigned_to: [appointmentMessages.assigneeInvalid] });
    const booked = await as(bossToken, 'POST', '/crm/appointments', body(lead.id, { assigned_to: other.id }));
    expect(booked.statusCode).toBe(200);
    expect(booked.json().data).toMatchObject({ set_by: { id: boss.id }, assigned_to: { id: other.id } });
  });
});

describe('read', () => {
  it('lists a range by agent; an agent sees appointments of their leads and those assigned to them', async () => {
    const mine = await insertLead({ companyName: 'Mine', managerId: agent.id });
    const theirs = await insertLead({ companyName: 'Theirs', managerId: other.id });
    const a = (await as(agentToken, 'POST', '/crm/appointments', body(mine.id))).json().data;
    const b = (await as(otherToken, 'POST', '/crm/appointments', body(theirs.id))).json().data;
    const c = (
      await as(bossToken, 'POST', '/crm/appointments', {
        ...body(theirs.id, { assigned_to: agent.id }),
        starts_at: '2027-01-05T15:00:00Z',
        ends_at: '2027-01-05T15:30:00Z',
      })
    ).json().data;
    const list = async (token: string, query: string) => {
      const response = await as(token, 'GET', `/crm/appointments?${query}`);
      expect(response.statusCode).toBe(200);
      return expectExactShape(appointmentsResponseSchema, response.json()).data.map((row) => row.id);
    };
    expect(await list(agentToken, 'from=2026-11-29&to=2027-01-09')).toEqual([a.id, c.id]);
    expect(await list(agentToken, 'from=2026-11-29&to=2026-12-31')).toEqual([a.id]);
    expect(await list(otherToken, 'from=2026-11-29&to=2027-01-09')).toEqual([b.id, c.id]);
    expect(await list(bossToken, 'from=2026-11-29&to=2027-01-09')).toEqual([a.id, b.id, c.id]);
    expect(await list(bossToken, `from=2026-11-29&to=2027-01-09&agent=${other.id}`)).toEqual([b.id]);
    expect(await list(bossToken, `lead_id=${theirs.id}`)).toEqual([b.id, c.id]);
    // The viewer's day: 15:00Z on Dec 1 is Dec 2 at UTC+10 (600 minutes east).
    expect(await list(agentToken, 'from=2026-12-02&to=2026-12-02&tz_offset=600')).toEqual([a.id]);
    expect(await list(agentToken, 'from=2026-12-02&to=2026-12-02')).toEqual([]);
    expect((await as(agentToken, 'GET', `/crm/appointments/${b.id}`)).statusCode).toBe(404);
    expectExactShape(appointmentResponseSchema, (await as(agentToken, 'GET', `/crm/appointments/${c.id}`)).json());
  });

  it('refuses a list without range or lead, and a range out of order or too long', async () => {
    const cases: [string, string][] = [
      ['', 'from'],
      ['from=2026-12-31&to=2026-12-01', 'to'],
      ['from=2026-01-01&to=2027-12-31', 'to'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=2026-12-01&to=2026-12-31&agent=abc', 'agent'],
    ];
    for (const [query, field] of cases) {
      const response = await as(agentToken, 'GET', `/crm/appointments?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors), query).toContain(field);
    }
  });
});

describe('update and delete', () => {
  it('moves a scheduled appointment (the lead follows), holds it, and refuses going back or moving it then', async () => {
    const lead = await insertLead({ companyName: 'Acme', managerId: agent.id });
    const { id } = (await as(agentToken, 'POST', '/crm/appointments', body(lead.id))).json().data;
    const moved = await as(agentToken, 'PUT', `/crm/appointments/${id}`, {
      starts_at: '2026-12-04T17:00:00Z',
      ends_at: '2026-12-04T18:30:00Z',
    });
    expect(moved.statusCode).toBe(200);
    expect(expectExactShape(appointmentSavedSchema, moved.json()).data.starts_at).toBe('2026-12-04T17:00:00.000Z');
    expect((await ctx.db.select().from(crmLeads).where(eq(crmLeads.id, lead.id)))[0]!.nextTouch).toBe('2026-12-04');

    const backwards = await as(agentToken, 'PUT', `/crm/appointments/${id}`, { ends_at: '2026-12-04T16:00:00Z' });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ ends_at: [appointmentMessages.endsAfterStarts] });

    expect((await as(agentToken, 'PUT', `/crm/appointments/${id}`, { status: 'held' })).json().data.status).toBe(
      'held',
    );
    const back = await as(agentToken, 'PUT', `/crm/appointments/${id}`, { status: 'scheduled' });
    expect(back.statusCode).toBe(422);
    expect(back.json().errors).toEqual({ status: [statusChangeRefusedMessage('held', 'scheduled')] });
    expect(statusChangeRefusedMessage('held', 'scheduled')).toBe('A held appointment cannot become scheduled.');
    const move = await as(agentToken, 'PUT', `/crm/appointments/${id}`, { starts_at: '2026-12-04T16:00:00Z' });
    expect(move.json().errors).toEqual({ starts_at: [appointmentMessages.onlyScheduledMoves] });
    expect((await as(agentToken, 'PUT', `/crm/appointments/${id}`, { status: 'no_show' })).statusCode).toBe(200);
    const bad = await as(agentToken, 'PUT', `/crm/appointments/${id}`, { status: 'lost' });
    expect(bad.json().errors).toEqual({ status: [appointmentMessages.statusInvalid] });

    const cancelled = (await as(agentToken, 'POST', '/crm/appointments', body(lead.id))).json().data;
    await as(agentToken, 'PUT', `/crm/appointments/${cancelled.id}`, { status: 'cancelled' });
    expect((await as(agentToken, 'PUT', `/crm/appointments/${cancelled.id}`, { status: 'scheduled' })).statusCode).toBe(
      200,
    );
  });

  it("answers 404 for an appointment of another agent's lead, and deletes one's own", async () => {
    const theirs = await insertLead({ companyName: 'Theirs', managerId: other.id });
    const { id } = (await as(otherToken, 'POST', '/crm/appointments', body(theirs.id))).json().data;
    expect((await as(agentToken, 'PUT', `/crm/appointments/${id}`, { status: 'held' })).statusCode).toBe(404);
    expect((await as(agentToken, 'DELETE', `/crm/appointments/${id}`)).statusCode).toBe(404);
    expect((await as(agentToken, 'PUT', '/crm/appointments/abc', { status: 'held' })).statusCode).toBe(404);
    const deleted = await as(otherToken, 'DELETE', `/crm/appointments/${id}`);
    expect(deleted.json()).toEqual({ message: appointmentMessages.deleted });
    expect(await ctx.db.select().from(crmAppointments)).toHaveLength(0);
  });
});

describe('live', () => {
  it("announces on the lead's channel and the calendar's (view crm only)", async () => {
    const lead = await insertLead({ companyName: 'Acme', managerId: agent.id });
    const baseUrl = await listenForSockets(ctx.app);
    const watcher = await connectSocket(baseUrl, agentToken);
    const outsider = await connectSocket(baseUrl, plainToken);
    sockets.push(watcher, outsider);
    expect(await subscribe(watcher, crmLeadChannel(lead.id))).toMatchObject({ ok: true });
    expect(await subscribe(watcher, crmCalendarChannel)).toMatchObject({ ok: true });
    expect(await subscribe(outsider, crmCalendarChannel)).toMatchObject({ ok: false });
    const updated = nextEvent<{ id: number; status: string }>(watcher, 'AppointmentUpdated');
    const leadUpdated = nextEvent<{ id: number; status: number }>(watcher, 'LeadUpdated');
    const changed = nextEvent<{ from: string; to: string }>(watcher, crmCalendarChangedEvent);
    const { id } = (await as(agentToken, 'POST', '/crm/appointments', body(lead.id))).json().data;
    expect((await updated)[0]).toMatchObject({ id, status: 'scheduled' });
    expect((await leadUpdated)[0]).toMatchObject({ id: lead.id, status: 3 });
    expect((await changed)[0]).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    const gone = nextEvent(watcher, 'AppointmentUpdated');
    await as(agentToken, 'DELETE', `/crm/appointments/${id}`);
    expect((await gone)[0]).toEqual({ id, lead_id: lead.id, deleted: true });
    expect(await receivesWithin(outsider, crmCalendarChangedEvent)).toBe(false);
  });
});
